"""The first time, ahead of time (issue 41). What a first click, a first loss, a first hint, a
first map or a first dialog needs only the first time in a session (modules to load, the
themes the first frame did not show, a worker process) is made in the idle time after the
window's first frames: a step at a time, after a frame is on the screen, while that frame's
time lasts. The thing itself, when the player asks for it, then costs what it costs every
later time. docs/DESIGN.md ("The first time") says what is warmed and when;
benchmarks/cold.py measures each thing in a process that has not done it before.

One step runs after a frame that took less than BUDGET_MS, and each step is small (an import,
a theme: 1-5 ms here), so no frame goes over its 16.7 ms. The loop ticks while steps are left
(`due`), then sleeps as before: the whole is done some 0.3 s after the first frame, before a
player has aimed a first click. A module is imported on its own step where it is large
(game.videos.files' formats), so no step is.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections import deque
from collections.abc import Callable

# A step runs after a frame that took less than this, one a frame: the largest step (a theme,
# some 5 ms here) then ends the frame well within its 16.7 ms, the rest left to the machine.
BUDGET_MS = 4.0
_ROOT = __package__.rpartition(".")[0]  # the game's package: game, or pixel_mines installed

# The modules each first time loads (benchmarks/cold.py prints them as `modules_loaded`), in
# the order a player meets them. Names starting with a dot are the game's own.
FIRST_CLICK = (
    "concurrent.futures.thread",  # the assistant's thread, asked after every move
    ".engine.solver",  # its odds and hints (a package: its modules load with it)
)
GAME_END = (
    ".engine.zini",
    ".engine.game_measures",  # the notice's measures, made in the worker, read back here
    ".engine.game_analysis",  # the loss analysis's answers, read back here
    ".analysis_text",
    ".videos.mouse",  # the community's counters of the journal's clicks
    ".videos.ours",
    "subprocess",  # the worker process's start (game/worker.py)
    "pickle",
    ".worker",
)
LATER = (
    ".ui.scenes.analysis",  # the analysis room, from a loss's notice
    ".engine.noguess",  # a no-guess board's laying
    ".videos.packed",  # the Videos room's files, read in the worker
    ".videos.binary",
    ".videos.avf",
    ".videos.evf",
    ".videos.mvf",
    ".videos.rmv",
    ".videos.files",
)


def module_step(name: str) -> Callable[[], object]:
    """Load module `name`, unless it is loaded or being loaded (by another thread: the step
    would wait for that thread's import, frozen, as the frame's time runs out)."""
    full = _ROOT + name if name.startswith(".") else name

    def step() -> None:
        if full not in sys.modules:
            importlib.import_module(full)

    return step


class Warmer:
    """The steps left, done after frames (`after_frame`) while a frame's time lasts."""

    def __init__(self, steps: list[Callable[[], object]], now=time.perf_counter) -> None:
        self.steps = deque(steps)
        self.now = now
        self.done = 0  # steps run (tests, the benchmark)
        self._game: object | None = None  # the last game seen under way

    @property
    def due(self) -> bool:
        """Steps are left: the loop ticks on to do them."""
        return bool(self.steps)

    def add(self, step: Callable[[], object]) -> None:
        self.steps.append(step)

    def watch(self, game) -> None:
        """A game under way will end: the worker process its end wants (its measures, a small
        board's analysis too) is started ahead, as a step. It ends after a while with nothing
        to do (game/worker.py LINGER_S); an end after that starts it again then, some 3 ms
        here, off the loop's thread. A big board's are started as it is shown (laying.py)."""
        if game is None or game is self._game or game.state.name != "PLAYING":
            return
        self._game = game
        self.add(lambda: _start_worker(game.rows * game.cols))

    def after_frame(self, began: float, busy: bool = False) -> None:
        """Run a step if the frame that `began` (perf_counter seconds) took less than
        BUDGET_MS, and the player's last act is not `busy` turning over (a cascade, a chore:
        their frames are the ones a player watches). A step that has more to do (a theme of
        several) returns True and stays first."""
        if self.steps and not busy and (self.now() - began) * 1000 < BUDGET_MS:
            more = self.steps[0]()
            self.done += 1
            if more is not True:
                self.steps.popleft()


def _start_worker(cells: int) -> None:
    from .. import worker as workers

    workers.for_board(workers.MEASURES, cells).start_soon()


def startup_steps(
    load_next_theme: Callable[[], bool], map_canvas_ahead: Callable[[], bool]
) -> list[Callable[[], object]]:
    """What the window warms after its first frame, in this order: what a first click loads,
    the other themes (the theme menu and a switch want them), what a game's end loads, the
    map's canvas, then what the rooms after a game load."""
    return [
        *map(module_step, FIRST_CLICK),
        load_next_theme,
        *map(module_step, GAME_END),
        map_canvas_ahead,  # the first map of a big board (BoardView.map_canvas_ahead)
        *map(module_step, LATER),
    ]
