"""A finished game's journal events played again on the engine, move by move: what the
measures (game_measures.py) and the analysis (analysis.py) of a game both read.

Owns the order of play: moves that changed the board, undo and redo, and which opening is the
game's first. Checks nothing the reader of the file checked (docs/FORMATS.md) and never reads
a file or a clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .cells import CellSet
from .game import Game, MoveKind, RecordedMove

Cell = tuple[int, int]
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
                move = RecordedMove(_KINDS[event["kind"]], *event["cell"], event.get("t", 0),
                                    event.get("mark"))  # fmt: skip
                first = False
                if move.kind is not MoveKind.FLAG:
                    first, first_opening = first_opening, False
                yield Turn(move, first, tuple(_opened_by(game, move)), taken_back)
                taken_back = False
                self.changed = []
                changed = game.play_recorded(move)
                if not changed:
                    raise ValueError(f"{move.kind.value} at ({move.row}, {move.col}) changes "
                                     "nothing on this board")  # fmt: skip
                self.changed.append(changed)


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
