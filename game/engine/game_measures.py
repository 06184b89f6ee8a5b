"""The measures of one finished game, from its layout, its journal events and its time
(docs/RULES.md, "Measures of a game"): 3BV, 3BV/s, clicks, IOE, throughput, ZiNi, RQP, no-flag
play and guesses.

Plays the events' moves on a `Game` of the layout (undo and redo too) and asks the solver
about each opening; never reads a file or a clock: the time comes from the caller. The solver's
work grows with the board, so a front end runs this off the frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import minefield
from .clicks import ClickCounts, count_clicks
from .game import Game, MoveKind, RecordedMove
from .solver import DEFAULT_BUDGET, analyse
from .zini import zini

_KINDS = {kind.value: kind for kind in MoveKind}


@dataclass(frozen=True)
class Measures:
    """What docs/RULES.md defines for a game. `clicks` is None when they were not recorded (a
    version 1 replay), and so are the measures made from them."""

    bbbv: int  # of the board
    bbbv_solved: int  # of it the open cells account for at the end: all of it in a won game
    time_ms: int
    zini: int
    clicks: ClickCounts | None
    no_flag: bool  # NF: no flag was ever placed
    guesses: int

    @property
    def seconds(self) -> float:
        return self.time_ms / 1000

    @property
    def bbbv_per_second(self) -> float | None:
        return self.bbbv_solved / self.seconds if self.time_ms > 0 else None

    @property
    def ioe(self) -> float | None:
        """Index of efficiency: 3BV solved per click."""
        if self.clicks is None or self.clicks.total == 0:
            return None
        return self.bbbv_solved / self.clicks.total

    @property
    def throughput(self) -> float | None:
        """3BV solved per effective click."""
        if self.clicks is None or self.clicks.effective == 0:
            return None
        return self.bbbv_solved / self.clicks.effective

    @property
    def rqp(self) -> float | None:
        """Rapport qualité prix: the time in seconds over 3BV/s (lower is better)."""
        rate = self.bbbv_per_second
        return self.seconds / rate if rate else None


def move_events(moves: Iterable[RecordedMove]) -> list[dict]:
    """Move lines for moves a version 1 replay kept (every one changed the board): what
    `measures_of` reads when no journal was written."""
    events = []
    for m in moves:
        event = {"t": m.at_ms, "e": "move", "kind": m.kind.value, "cell": [m.row, m.col]}
        if m.mark is not None:
            event["mark"] = m.mark
        events.append(event)
    return events


def measures_of(
    layout: list[str],
    events: Iterable[Mapping],
    time_ms: int,
    *,
    budget: int = DEFAULT_BUDGET,
) -> Measures:
    """The measures of a game on `layout` ('*' and '.') played as `events` say (journal lines
    as plain dicts, docs/FORMATS.md), which took `time_ms`. `budget` is the solver's work
    budget for each opening. Raises ValueError when a move the events say changed the board
    does not change it here (events of another board)."""
    events = list(events)
    field = minefield.from_layout(layout)
    game = Game.from_layout(layout)
    guesses = 0
    first_opening = True
    no_flag = True
    # Cells proven safe at an earlier point: opening more cells only proves more, so the
    # solver is asked again only for a cell not among them (an undo takes proof back).
    proven: frozenset[tuple[int, int]] = frozenset()
    for event in events:
        kind = event.get("e")
        if kind == "undo":
            game.undo()
            proven = frozenset()
        elif kind == "redo":
            game.redo()
        elif kind == "move" and event.get("did") != "nothing":
            move = RecordedMove(_KINDS[event["kind"]], *event["cell"], event.get("t", 0),
                                event.get("mark"))  # fmt: skip
            if move.kind is MoveKind.FLAG:
                no_flag = no_flag and move.mark != "F"
            elif first_opening:
                first_opening = False  # the mines are laid to keep the first click safe
            else:
                targets = _opened_by(game, move)
                if not proven.issuperset(targets):
                    proven = analyse(game.view(), game.mines, budget=budget).safe
                    if not proven.issuperset(targets):
                        guesses += 1
            if not game.play_recorded(move):
                raise ValueError(f"{move.kind.value} at ({move.row}, {move.col}) changes "
                                 "nothing on this board")  # fmt: skip
    return Measures(
        bbbv=game.bbbv,
        bbbv_solved=game.bbbv_done(),
        time_ms=time_ms,
        zini=zini(field),
        clicks=count_clicks(events),
        no_flag=no_flag,
        guesses=guesses,
    )


def _opened_by(game: Game, move: RecordedMove) -> list[tuple[int, int]]:
    """The cells an opening or a chord asks to open."""
    if move.kind is MoveKind.OPEN:
        return [(move.row, move.col)]
    return game.chord_targets(move.row, move.col)
