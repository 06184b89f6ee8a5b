"""A finished game's journal events played again on the engine, move by move: what the
measures (game_measures.py) and the analysis (analysis.py) of a game both read.

Owns the order of play: moves that changed the board, undo and redo, and which opening is the
game's first. Checks nothing the reader of the file checked (docs/FORMATS.md) and never reads
a file or a clock.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .cells import Cell, CellSet, ViewChar
from .game import Clicks, Game, MoveKind, RecordedMove

_KINDS = {kind.value: kind for kind in MoveKind}


@dataclass(frozen=True)
class Turn:
    """One move about to be played: `walk.game` shows the board as it was just before it."""

    move: RecordedMove
    first_opening: bool  # the game's first opening: the mines are laid to keep it safe
    targets: tuple[Cell, ...]  # the cells an opening or a chord asks to open (none for a flag)
    taken_back: bool  # an undo came since the last turn: what was proven then may not be now


class Walk:
    """Iterate to get each `Turn`; the move is played when the iteration goes on. `changed`
    holds the cells the last move, undo or redo changed; `done` and `total` count events."""

    def __init__(self, layout: list[str], events: Iterable[Mapping]) -> None:
        self.game = Game.from_layout(layout)
        self.events = list(events)
        self.done = 0
        self.changed: list[CellSet] = []  # since the last turn: each move, undo or redo

    @property
    def total(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Turn]:
        game = self.game
        first_opening = True
        taken_back = False
        for event in self.events:
            self.done += 1
            kind = event.get("e")
            if kind == "undo":
                self.changed.append(game.undo())
                taken_back = True
            elif kind == "redo":
                self.changed.append(game.redo())
            elif kind == "move" and event.get("did") != "nothing":
                move = RecordedMove(
                    _KINDS[event["kind"]], *event["cell"], event.get("t", 0), event.get("mark")
                )
                first = False
                if move.kind is not MoveKind.FLAG:
                    first, first_opening = first_opening, False
                yield Turn(move, first, tuple(_opened_by(game, move)), taken_back)
                taken_back = False
                self.changed = []
                changed = game.play_recorded(move)
                if not changed:
                    raise ValueError(
                        f"{move.kind.value} at ({move.row}, {move.col}) changes "
                        "nothing on this board"
                    )
                self.changed.append(changed)


def wrong_flag_round(game: Game, layout: list[str], row: int, col: int) -> bool:
    """A flag next to (row, col) stands on a cell `layout` keeps safe: a chord there opens a
    mine, whatever was proven (a mistake, docs/RULES.md "The analysis of a game")."""
    return any(
        game.cell(r, c) == ViewChar.FLAG and layout[r][c] != "*"
        for r in range(max(0, row - 1), min(game.rows, row + 2))
        for c in range(max(0, col - 1), min(game.cols, col + 2))
    )


def _opened_by(game: Game, move: RecordedMove) -> list[Cell]:
    """The cells an opening or a chord asks to open."""
    if move.kind is MoveKind.OPEN:
        return [(move.row, move.col)]
    if move.kind is MoveKind.CHORD:
        return game.chord_targets(move.row, move.col)
    return []


def move_events(moves: Iterable[RecordedMove]) -> list[dict]:
    """Move lines for moves a version 1 replay kept (every one changed the board): what the
    measures and the analysis read when no journal was written."""
    events = []
    for m in moves:
        event = {"t": m.at_ms, "e": "move", "kind": m.kind.value, "cell": [m.row, m.col]}
        if m.mark is not None:
            event["mark"] = m.mark
        events.append(event)
    return events


def journal_of(version: int, events: list[dict], moves: Iterable[RecordedMove]) -> list[dict]:
    """What a replay's analysis reads: a version 2 journal's events as they are, or the move
    lines of a version 1 replay's moves."""
    return events if version >= 2 else move_events(moves)


SNAPSHOT_EVERY = 50  # moves between the copies `Positions` keeps of the game
TRAIL = 64  # the positions just walked through, kept for stepping back


class Positions:
    """The game as it stood before each move of the events (the moves a `Walk` yields, in its
    order), for showing a game move by move. Forwards a move costs that move; backwards, the
    positions last walked through are kept (a step back costs nothing that grows with the
    board), and past them the game is played again from the nearest copy kept, at most
    SNAPSHOT_EVERY moves however long the game."""

    def __init__(self, layout: list[str], events: Iterable[Mapping]) -> None:
        self.events = list(events)
        # the index of each move's line among the events
        self.starts = [
            i
            for i, e in enumerate(self.events)
            if e.get("e") == "move" and e.get("did") != "nothing"
        ]
        self.game = Game.from_layout(layout)
        self.index = 0  # the move shown next; the game is as it stood before it
        self._at = self.starts[0] if self.starts else len(self.events)  # events played
        self._copies: dict[int, tuple[int, Game]] = {0: (self._at, _copy(self.game))}
        self._trail: list[tuple[int, int, Game]] = []  # (index, events played, game), ascending

    def __len__(self) -> int:
        return len(self.starts)

    def show(self, index: int) -> Game:
        """The game before move `index` (0 to len: len is after the last move)."""
        index = max(0, min(index, len(self.starts)))
        if index < self.index:
            trail = self._trail
            while trail and trail[-1][0] > index:
                trail.pop()
            if trail and trail[-1][0] == index:
                self.index, self._at, self.game = trail.pop()
                return self.game
            base = max(k for k in self._copies if k <= index)
            self._at, game = self._copies[base]
            self.game, self.index = _copy(game), base
        while self.index < index:
            if index - self.index <= TRAIL:
                self._trail.append((self.index, self._at, _copy(self.game)))
                del self._trail[:-TRAIL]
            following = self.index + 1
            stop = self.starts[following] if following < len(self.starts) else len(self.events)
            while self._at < stop:  # the move, and the undo and redo after it
                _play(self.game, self.events[self._at])
                self._at += 1
            self.index = following
            if following % SNAPSHOT_EVERY == 0 and following not in self._copies:
                self._copies[following] = (self._at, _copy(self.game))
        return self.game


def _copy(game: Game) -> Game:
    """A copy of `game` that plays on apart from it, at the cost of copying its bytes and
    lists (a memory copy): what no move changes (the minefield, its openings) is shared, where
    `copy.deepcopy` would walk every object of it, and of every move kept, in Python."""
    twin = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, (bytearray, list, dict, set, Clicks)):
            setattr(twin, name, copy.copy(value))
    return twin


def _play(game: Game, event: Mapping) -> None:
    kind = event.get("e")
    if kind == "undo":
        game.undo()
    elif kind == "redo":
        game.redo()
    elif kind == "move" and event.get("did") != "nothing":
        game.play_recorded(
            RecordedMove(
                _KINDS[event["kind"]], *event["cell"], event.get("t", 0), event.get("mark")
            )
        )
