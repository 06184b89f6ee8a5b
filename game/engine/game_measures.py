"""The measures of one finished game, from its layout, its journal events and its time
(docs/RULES.md, "Measures of a game"): 3BV, 3BV/s, clicks, IOE, throughput, ZiNi, RQP, no-flag
play and guesses.

Plays the events' moves on a `Game` of the layout (undo and redo too) and asks the solver
about each opening; never reads a file or a clock: the time comes from the caller. The solver's
work grows with the board, so a front end runs this off the frame.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..videos.mouse import Counters, stepped
from ..videos.ours import events_of_journal
from . import minefield
from .game import Game, MoveKind
from .solver import DEFAULT_BUDGET, Analysis, analyse
from .walk import Turn, Walk, wrong_flag_round
from .zini import zini


@dataclass(frozen=True)
class Measures:
    """What docs/RULES.md defines for a game. `counters` is None when the clicks were not
    recorded (a version 1 replay), and so are the measures made from them."""

    bbbv: int  # of the board
    bbbv_solved: int  # of it the open cells account for at the end: all of it in a won game
    time_ms: int
    zini: int
    no_flag: bool  # NF: no flag was ever placed
    guesses: int
    # The clicks as Metasweeper and ms-toollib count them (game/videos/mouse.py), at the end;
    # None when the journal recorded no input (a version 1 replay).
    counters: Counters | None = None
    pauses: int = 0  # times the clock was paused while the game was played

    @property
    def seconds(self) -> float:
        return self.time_ms / 1000

    @property
    def bbbv_per_second(self) -> float | None:
        return self.bbbv_solved / self.seconds if self.time_ms > 0 else None

    @property
    def ioe(self) -> float | None:
        """Index of efficiency: 3BV solved per click, as the community counts clicks."""
        c = self.counters
        return None if c is None or not c.clicks else self.bbbv_solved / c.clicks

    @property
    def throughput(self) -> float | None:
        """3BV solved per effective click."""
        c = self.counters
        return None if c is None or not c.ce else self.bbbv_solved / c.ce

    @property
    def correctness(self) -> float | None:
        """Effective clicks per click."""
        return None if self.counters is None else self.counters.correctness

    @property
    def rqp(self) -> float | None:
        """Rapport qualité prix: the time in seconds over 3BV/s (lower is better)."""
        rate = self.bbbv_per_second
        return self.seconds / rate if rate else None


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
    walk = Walk(layout, events)
    guesses = 0
    no_flag = True
    # Cells proven safe at an earlier point: opening more cells only proves more, so the
    # solver is asked again only for a cell not among them (an undo takes proof back).
    proven: frozenset[tuple[int, int]] = frozenset()
    for turn in walk:
        game, move = walk.game, turn.move
        if turn.taken_back:
            proven = frozenset()
        if move.kind is MoveKind.FLAG:
            no_flag = no_flag and move.mark != "F"
        elif not turn.first_opening and not proven.issuperset(turn.targets):
            known = analyse(game.view(), game.mines, budget=budget)
            proven = known.safe
            if not proven.issuperset(turn.targets) and not _mistake(game, layout, turn, known):
                guesses += 1
    game = walk.game
    counters = community_counters(layout, walk.events)
    return Measures(
        bbbv=game.bbbv,
        bbbv_solved=game.bbbv_done(),
        time_ms=time_ms,
        zini=zini(minefield.from_layout(layout)),
        no_flag=no_flag,
        guesses=guesses,
        counters=counters,
        pauses=sum(1 for e in walk.events if e.get("e") == "pause"),
    )


def community_counters(layout: list[str], events: Iterable[Mapping]) -> Counters | None:
    """The clicks as Metasweeper and ms-toollib count them, at the game's end: its journal's
    input as the video events the community reads (game/videos/ours.py), stepped on the board
    (game/videos/mouse.py). None when the journal recorded no input (a version 1 replay)."""
    events = list(events)
    if not any(e.get("e") in ("press", "release", "key") for e in events):
        return None
    video_events, actions = events_of_journal(events)
    taken_back = any(a.kind == "undo" for a in actions)
    last = collections.deque(stepped(layout, video_events, taken_back), maxlen=1)
    if not last:  # no event at all
        return Counters()
    machine = last[0][0]
    return machine.counters


def _mistake(game: Game, layout: list[str], turn: Turn, known: Analysis) -> bool:
    """The move is a mistake, not a guess (as the analysis calls it, docs/RULES.md): it opens
    a proven mine, or it is a chord around a flag that stands on a safe cell."""
    if not known.mines.isdisjoint(turn.targets):
        return True
    move = turn.move
    return move.kind is MoveKind.CHORD and wrong_flag_round(game, layout, move.row, move.col)
