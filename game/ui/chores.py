"""Work that can take long (reading a large kept game or replay, replaying its moves) done off
the frame: on a thread of its own, while the loop keeps drawing and a status line says what is
going on. What comes of it is handed back on the loop thread, at the next frame; the loop ticks
while any chore runs, so it wakes for the answer. A chore whose work is the board's size in
Python waits on its thread for the worker process (game/worker.py) instead: a thread of this
process would take the interpreter lock from the loop.

Without threads (tests that want every step in order) the work runs at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Chore:
    status: str  # what the status line says meanwhile
    then: Callable[[object], None]  # given the work's result, on the loop thread
    blocks: bool = True  # moves wait for it (a board laid, a game read); False: play goes on
    thread: threading.Thread | None = None
    result: list = field(default_factory=list)  # [value] or [] until done
    failure: list = field(default_factory=list)  # [exception]: a bug, raised on the loop thread


class Chores:
    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self.running: list[Chore] = []

    @property
    def busy(self) -> bool:
        """A chore that moves wait for is running."""
        return any(chore.blocks for chore in self.running)

    @property
    def working(self) -> bool:
        """Any chore is running (the loop ticks until its answer)."""
        return bool(self.running)

    @property
    def status(self) -> str | None:
        return next((chore.status for chore in self.running if chore.blocks), None)

    def start(
        self,
        work: Callable[[], object],
        then: Callable[[object], None],
        status: str,
        *,
        blocks: bool = True,
    ) -> Chore | None:
        """Run `work` on a thread, then `then(result)` on the loop thread; the chore (None
        without threads: it is done already)."""
        chore = Chore(status, then, blocks=blocks)
        if not self.threaded:
            then(work())
            return None

        def run() -> None:
            try:
                chore.result.append(work())
            except BaseException as e:  # handed to the loop thread: never swallowed
                chore.failure.append(e)

        chore.thread = threading.Thread(target=run, name="chore", daemon=True)
        self.running.append(chore)
        chore.thread.start()
        return chore

    def cancel(self, chore: Chore | None) -> None:
        """Its answer is not wanted: `then` is never called (its work ends on its own)."""
        if chore in self.running:
            self.running.remove(chore)

    def poll(self) -> None:
        """Hand back what has finished, in the order it was started; one that moves do not
        wait for (an analysis) holds back nothing started after it."""
        for chore in list(self.running):
            if chore.thread.is_alive():
                if chore.blocks:
                    return
                continue
            if chore not in self.running:  # cancelled by an earlier chore's `then`
                continue
            self.running.remove(chore)
            if chore.failure:
                raise chore.failure[0]
            chore.then(chore.result[0])

    def wait(self, timeout: float | None = None) -> None:
        """Let the running work finish (at quit, or in a test), then hand it back."""
        for chore in list(self.running):
            chore.thread.join(timeout)
        self.poll()
