"""Analyses of games worked out off the frame: one game at a time on a thread of its own, a
move a step (game/engine/game_analysis.py), with how far it is and a way to stop it; the
answers kept in memory by the game's id, so a game analysed once (at its end, for its dialog)
opens at once when the player asks to go through it.

Not on disk: an Expert game takes well under a second, so a second file beside each replay (a
format of its own to version, check and keep in step with the replay) would save too little.
Without threads (tests) the steps run in `poll`, one a call, or all of them in `wait`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.game_analysis import Analyser, GameAnalysis
from ..engine.walk import Positions

KEPT = 20  # analyses kept in memory, the latest


@dataclass
class Analysed:
    """What a job hands back: the game's board and events, its analysis, and its positions
    (the game before each move, made on the worker and shown at its first guess or mistake,
    so opening the room costs the frame nothing that grows with the game)."""

    layout: list[str]
    events: list[dict]
    report: GameAnalysis
    positions: Positions


@dataclass
class Job:
    key: str
    make: Callable[[], tuple[list[str], list[dict]]]  # the board and the events (may read a file)
    progress: float = 0.0
    stop: threading.Event = field(default_factory=threading.Event)
    analyser: Analyser | None = None
    positions: Positions | None = None
    board: tuple[list[str], list[dict]] | None = None
    error: str | None = None  # a file that could not be read, said to the player
    failure: BaseException | None = None  # a bug: raised on the loop thread
    thread: threading.Thread | None = None


class Analyses:
    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self.done: dict[str, Analysed] = {}
        self.errors: dict[str, str] = {}
        self.job: Job | None = None

    def ask(self, key: str, make: Callable[[], tuple[list[str], list[dict]]]) -> None:
        """Work out the analysis of game `key` (unless it is known or under way): `make` gives
        its layout and events, on the worker; a ValueError from it (an unreadable replay) is
        kept as the error to tell. Any other job stops."""
        if key in self.done or (self.job is not None and self.job.key == key):
            return
        self.cancel()
        self.errors.pop(key, None)
        job = self.job = Job(key, make)
        if self.threaded:
            job.thread = threading.Thread(target=self._run, args=(job,), name="analysis",
                                          daemon=True)  # fmt: skip
            job.thread.start()

    def _run(self, job: Job) -> None:
        try:
            while not job.stop.is_set() and self._step(job):
                time.sleep(0)  # let the loop thread have the interpreter between moves
        except BaseException as e:  # handed to the loop thread: never swallowed
            job.failure = e

    def _step(self, job: Job) -> bool:
        """One step of the job: reading its game first, then a move; False when done."""
        if job.analyser is None:
            try:
                job.board = job.make()
            except ValueError as e:
                job.error = str(e)
                return False
            job.analyser = Analyser(*job.board)
            return True
        if job.analyser.step():
            job.progress = job.analyser.progress
            return True
        job.positions = Positions(*job.board)
        job.positions.show(job.analyser.result().first_of_note())
        job.progress = 1.0
        return False

    def poll(self) -> None:
        """Hand back what has finished (on the loop thread); without threads, take a step."""
        job = self.job
        if job is None:
            return
        if not self.threaded:
            if self._step(job):
                return
        elif job.thread.is_alive():
            return
        self.job = None
        if job.failure is not None:
            raise job.failure
        if job.error is not None:
            self.errors[job.key] = job.error
        elif not job.stop.is_set():
            self.done[job.key] = Analysed(*job.board, job.analyser.result(), job.positions)
            while len(self.done) > KEPT:
                del self.done[next(iter(self.done))]

    def wait(self) -> None:
        """Finish the job under way (tests, and a benchmark that wants it done)."""
        while self.job is not None:
            if self.threaded:
                self.job.thread.join()
            self.poll()

    def cancel(self, key: str | None = None) -> None:
        """Stop the job under way (only if it is `key`'s, when given): it stops at its next
        move and nothing of it is kept."""
        job = self.job
        if job is not None and (key is None or job.key == key):
            job.stop.set()
            self.job = None

    def progress(self, key: str) -> float | None:
        """How far the job of `key` is (0 to 1), or None when there is none."""
        job = self.job
        return job.progress if job is not None and job.key == key else None

    def summary(self, key: str, listed: int = 5) -> str | None:
        """The summary line of `key`'s game, or what is happening meanwhile (None: nothing)."""
        if key in self.done:
            line = self.done[key].report.summary(listed)
            return line[:1].upper() + line[1:] + "."
        if key in self.errors:
            return f"No analysis: {self.errors[key]}"
        progress = self.progress(key)
        if progress is not None:
            return f"Looking at your guesses... {progress:.0%}"
        return None
