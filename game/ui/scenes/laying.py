"""A board laid off the frame (docs/DESIGN.md, "Threads"): a no-guess search, or a big board's
mines, 3BV and first opening, done by a chore while the clicked cell shows pressed and the
window goes on answering (and can start another game or quit).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ...engine import Game, GameState, Move, MoveKind
from ...engine.game import lay_for
from ...i18n import _
from .context import Context

LAY_OFF_FRAME_CELLS = 4096  # a first click on a board this big is laid (and filled) by a chore
Cell = tuple[int, int]


def big(g: Game) -> bool:
    return g.rows * g.cols >= LAY_OFF_FRAME_CELLS


def big_first_open(g: Game, move: Move) -> bool:
    """The first reveal of a board whose laying, 3BV and flood fill cost more than a frame; on
    a board laid before, its fill."""
    return move.kind is MoveKind.OPEN and g.state is GameState.READY and big(g)


class Laying:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.stop: threading.Event | None = None  # stops a no-guess board being laid
        self.at: Cell | None = None  # a first click waiting for its board: shown pressed
        # the window's first frame is on the screen (`shown`): the game the start shows waits
        # for it, so that the threads below do not take the interpreter lock from the start
        self.first_shown = False

    def shown(self) -> None:
        """A frame is on the screen: the first time, the start's game is prepared."""
        if not self.first_shown:
            self.first_shown = True
            self.prepare(self.ctx.session.game)

    def prepare(self, g: Game) -> None:
        """A big board waits for its first click: the worker process that lays it (and will
        measure and analyse the game) and the solver's tables for its size are made ready now,
        off the loop's thread, so that the click's frames do not share the interpreter lock
        with a process being spawned or the solver being imported."""
        if g is None or not self.first_shown or not big_first_open(g, Move(MoveKind.OPEN, 0, 0)):
            return
        aids = self.ctx.aids
        aids.analyses.warm()
        if aids.chores.threaded:
            from ... import worker as workers  # a process: loaded for a big board only

            workers.shared(workers.BOARDS).start_soon()
        aids.assistant.prepare(g.rows, g.cols)

    def needed(self, g: Game, move: Move) -> bool:
        return self.ctx.session.needs_laying(move) or big_first_open(g, move)

    def lay_then(self, game: Game, move: Move, play: Callable[[Move], None]) -> None:
        """Lay `game`'s board off the frame, and `play(move)` once it is laid, if that game is
        still the one played."""
        stop, chores = threading.Event(), self.ctx.aids.chores
        self.stop, self.at = stop, (move.row, move.col)
        self.ctx.aids.analyses.warm()  # a big game: its end will want the worker process

        def then(laid: bool) -> None:
            if self.stop is stop:
                self.stop = self.at = None
            if laid and not stop.is_set() and game is self.ctx.session.game:
                play(move)

        said = _("Laying a no-guess board...") if game.no_guess else ""
        chores.start(self._work(game, move, stop, chores.threaded), then, said)

    @staticmethod
    def _work(game: Game, move: Move, stop: threading.Event, threaded: bool) -> Callable:
        if game.no_guess or not threaded:
            return lambda: game.lay(move.row, move.col, stop.is_set)
        # Python work the size of the board: in the worker process, where it does not take the
        # interpreter lock from this loop as a thread's would (taking its answer in is a few
        # assignments; should it not fit the game any more, the move lays)
        args = game.laying_args(move.row, move.col)

        def work() -> bool:
            from ... import worker as workers

            try:
                game.take_laid(workers.shared(workers.BOARDS).call(lay_for, *args))
            except workers.WorkerDied:  # killed under it: laid here, slower but laid
                return game.lay(move.row, move.col, stop.is_set)
            return True

        return work

    def halt(self) -> None:
        """Another game or quitting: the search stops at its next step; nothing is laid."""
        if self.stop is not None:
            self.stop.set()
            self.stop = self.at = None
