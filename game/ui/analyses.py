"""Analyses of games worked out off the frame: one game at a time, in the worker process
(game/worker.py: a thread here would take the interpreter lock from the loop), a move a step
(game/engine/game_analysis.py), its reports coming back in parts (how far it is) and a way to
stop it (the process is ended); the answers kept in memory by the game's id, so a game analysed
once (at its end, for its dialog) opens at once when the player asks to go through it.

The job is a chore (chores.py): its thread reads the game, hands it to the worker (the
positions to show, then the analysis) and waits; the answer comes back on the loop thread,
which ticks meanwhile.
Not on disk: an Expert game takes well under a second, so a second file beside each replay (a
format of its own to version, check and keep in step with the replay) would save too little.
Without threads (tests) the steps run here, in `poll`, one a call, or all of them in `wait`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from .chores import Chore, Chores

if TYPE_CHECKING:  # the analysis, the solver and the worker process load when first asked
    from .. import worker as workers
    from ..engine.game_analysis import Analyser, GameAnalysis, MoveReport
    from ..engine.walk import Positions

KEPT = 20  # analyses kept in memory, the latest


@dataclass
class Analysed:
    """What a job hands back: the game's board and events, its analysis, and its positions
    (the game before each move, made in the worker and shown at its first guess or mistake on
    the job's thread, so opening the room costs the frame nothing that grows with the game)."""

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
    analyser: Analyser | None = None  # without threads: the steps done here
    moves: list[MoveReport] = field(default_factory=list)  # the worker's parts, in order
    tasks: list[workers.Task] = field(default_factory=list)  # the positions, the analysis
    worker: workers.Worker | None = None  # the process the tasks went to
    chore: Chore | None = None
    positions: Positions | None = None
    board: tuple[list[str], list[dict]] | None = None
    report: GameAnalysis | None = None
    error: str | None = None  # a file that could not be read, said to the player

    def take(self, part: tuple[float, list[MoveReport]]) -> None:
        """A part of the worker's answer (on the worker's reading thread)."""
        progress, moves = part
        self.moves += moves
        self.progress = progress


class Analyses:
    def __init__(self, chores: Chores, worker: workers.Worker | None = None) -> None:
        """Threaded as `chores` are; `worker`: the process that works them out (by default
        the program's worker for analyses)."""
        self.chores = chores
        self.threaded = chores.threaded
        self._worker = worker
        self.done: dict[str, Analysed] = {}
        self.errors: dict[str, str] = {}
        self.job: Job | None = None
        # the game that ended last, asked for at its end: (key, layout, make), so it can be
        # gone through after its notice closed, even once another game has begun
        self.last: tuple[str, list[str], Callable[[], tuple[list[str], list[dict]]]] | None = None

    @property
    def worker(self) -> workers.Worker:
        """The process that analyses a big board's game."""
        from .. import worker as workers

        return self._worker or workers.shared(workers.ANALYSES)

    def worker_for(self, layout: list[str]) -> workers.Worker:
        """The process for the analysis of a game on `layout`: a small board's goes to the
        measures' process (game/worker.py `for_board`)."""
        from .. import worker as workers

        cells = len(layout) * len(layout[0]) if layout else 0
        return self._worker or workers.for_board(workers.ANALYSES, cells)

    def warm(self) -> None:
        """Start the workers a game's end wants (its analysis, its measures) ahead of need (a
        big game has begun), off the loop's thread; a game that ends before they are up waits
        for them (a start is some 0.3-0.5 s)."""
        if self.threaded:
            from .. import worker as workers

            self.worker.start_soon()
            workers.shared(workers.MEASURES).start_soon()

    def ask(self, key: str, make: Callable[[], tuple[list[str], list[dict]]]) -> None:
        """Work out the analysis of game `key` (unless it is known or under way): `make` gives
        its layout and events, on the job's thread; a ValueError from it (an unreadable replay)
        is kept as the error to tell. Any other job stops."""
        if key in self.done or (self.job is not None and self.job.key == key):
            return
        self.cancel()
        self.errors.pop(key, None)
        job = self.job = Job(key, make)
        if self.threaded:
            job.chore = self.chores.start(
                lambda: self._work(job), lambda _: self._hand_back(job), "", blocks=False
            )

    def ask_last(
        self, key: str, layout: list[str], make: Callable[[], tuple[list[str], list[dict]]]
    ) -> None:
        """`ask` for a game that has just ended (`layout`: its mines), kept as the last. What
        was known of it is of the moves it ended with before (a loss taken back, and the game
        ended again): dropped, and worked out again."""
        self.last = (key, layout, make)
        self.cancel(key)
        self.done.pop(key, None)
        self.ask(key, make)

    # ---- with threads: the job's thread, then the loop's -------------------------------------

    def _work(self, job: Job) -> None:
        from .. import worker as workers
        from ..engine.game_analysis import GameAnalysis, analyse_in_parts

        try:
            job.board = job.make()
        except ValueError as e:
            job.error = str(e)
            return
        except workers.WorkerDied as e:  # reading a replay in the worker, killed under it
            job.error = died(e)
            return
        # the positions made there too, and played on to the first guess or mistake: taking
        # them in is one short hold of the interpreter lock, where making them here (a game of
        # the board's size; 8 ms of playing on 200x200) would take it from the loop's frames
        job.worker = self.worker_for(job.board[0])
        submit = job.worker.submit
        job.tasks = [submit(analyse_in_parts, *job.board, on_part=job.take)]
        try:
            if not self._still_wanted(job):  # cancelled while the game was read
                return
            job.tasks[0].wait()
            job.report = GameAnalysis(tuple(job.moves))
            job.tasks.append(submit(shown_at, *job.board, job.report.first_of_note()))
            if self._still_wanted(job):
                job.positions = job.tasks[1].wait()
        except workers.Cancelled:
            return
        except workers.WorkerDied as e:  # killed (out of memory, a signal): said, not raised
            job.error = died(e)

    def _still_wanted(self, job: Job) -> bool:
        """False (its tasks cancelled) once the job was stopped: a cancel that came before its
        last task was asked for did not see that task."""
        if job.stop.is_set():
            self._cancel_tasks(job)
            return False
        return True

    def _cancel_tasks(self, job: Job) -> None:
        for task in job.tasks:
            job.worker.cancel(task)

    def _hand_back(self, job: Job) -> None:
        if job is not self.job or job.stop.is_set():
            return
        self.job = None
        if job.error is not None:
            self.errors[job.key] = job.error
        else:
            self._keep(job)

    def _keep(self, job: Job) -> None:
        self.done[job.key] = Analysed(*job.board, job.report, job.positions)
        while len(self.done) > KEPT:
            del self.done[next(iter(self.done))]

    # ---- without threads: a step a poll, here ------------------------------------------------

    def _step(self, job: Job) -> bool:
        """One step of the job: reading its game first, then a move; False when done."""
        from ..engine.game_analysis import Analyser
        from ..engine.walk import Positions

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
        job.report = job.analyser.result()
        job.positions = Positions(*job.board)
        job.positions.show(job.report.first_of_note())
        job.progress = 1.0
        return False

    def poll(self) -> None:
        """Without threads, take a step (and hand the job back when it is done); with them the
        chores hand it back."""
        job = self.job
        if job is None or self.threaded or self._step(job):
            return
        self._hand_back(job)

    def wait(self) -> None:
        """Finish the job under way (tests, and a benchmark that wants it done)."""
        while self.job is not None:
            if self.threaded:
                self.chores.wait()
            else:
                self.poll()

    def cancel(self, key: str | None = None) -> None:
        """Stop the job under way (only if it is `key`'s, when given): its worker process is
        ended and nothing of it is kept."""
        job = self.job
        if job is not None and (key is None or job.key == key):
            job.stop.set()
            self.job = None
            self.chores.cancel(job.chore)
            self._cancel_tasks(job)

    def progress(self, key: str) -> float | None:
        """How far the job of `key` is (0 to 1; 1 once done), or None when there is none."""
        if key in self.done:  # handed back: not 0 until the room takes it in
            return 1.0
        job = self.job
        return job.progress if job is not None and job.key == key else None

    def summary(self, key: str, listed: int = 5) -> str | None:
        """The summary line of `key`'s game, or what is happening meanwhile (None: nothing)."""
        if key in self.done:  # the engine's analysis is loaded by then: its words too
            from ..analysis_text import summary

            return sentence(summary(self.done[key].report, listed))
        if key in self.errors:
            # Translators: in a result notice: the analysis of the game failed; why says why.
            return _("No analysis: %(why)s") % {"why": self.errors[key]}
        progress = self.progress(key)
        if progress is not None:
            # Translators: in a result notice while its analysis is worked out; percent: how far.
            return _("Looking at your guesses... %(percent)d%%") % {"percent": whole(progress)}
        return None


def died(e: workers.WorkerDied) -> str:
    """Why an analysis has no answer when its process was ended under it (the system ran out
    of memory, or something killed it): words for the player, who may ask again (the exit
    code, `e.exit_code`, says nothing to a player)."""
    # Translators: after "No analysis:"; button is the notice's Analyse button, as it is named.
    return _("it was stopped before it finished; press %(button)s to try again") % {
        "button": _("Analyse")
    }


def shown_at(layout: list[str], events: list[dict], index: int) -> Positions:
    """In the worker: the game's positions, the one before move `index` shown."""
    from ..engine.walk import Positions

    positions = Positions(layout, events)
    positions.show(index)
    return positions


# ---- the words of an analysis -------------------------------------------------------------
# Written here, on the loop's thread, from the report's figures (the analysis is worked out in
# the worker process, which does not follow a switch of the language).


def whole(fraction: float) -> int:
    """A fraction as whole percent, rounded as `f"{fraction:.0%}"` rounds it."""
    return int(f"{fraction * 100:.0f}")


def sentence(summary: str) -> str:
    """A summary as a sentence of a result notice: its first letter capital, a full stop."""
    # Translators: a sentence of its own: summary is an analysis's summary, capitalised.
    return _("%(summary)s.") % {"summary": summary[:1].upper() + summary[1:]}


def longest() -> str:
    """As long as a result notice's summary line grows (five guesses named): the room that
    notice keeps for it, in the language in use."""
    from ..analysis_text import percent, summary_words

    risks = [percent(0.5)] * 5 + [ngettext("%(count)d more", "%(count)d more", 9) % {"count": 9}]
    return sentence(summary_words(5, risks, percent(0.001), 9, 9))
