"""Work that can take long (reading a large kept game or replay, replaying its moves) done off
the frame: on a thread of its own, while the loop keeps drawing and a status line says what is
going on. What comes of it is handed back on the loop thread, at the next frame.

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

    def start(self, work: Callable[[], object], then: Callable[[object], None], status: str,
              *, blocks: bool = True) -> None:  # fmt: skip
        chore = Chore(status, then, blocks=blocks)
        if not self.threaded:
            then(work())
            return

        def run() -> None:
            try:
                chore.result.append(work())
            except BaseException as e:  # handed to the loop thread: never swallowed
                chore.failure.append(e)

        chore.thread = threading.Thread(target=run, name="chore", daemon=True)
        self.running.append(chore)
        chore.thread.start()

    def poll(self) -> None:
        """Hand back what has finished, in the order it was started."""
        while self.running and not self.running[0].thread.is_alive():
            chore = self.running.pop(0)
            if chore.failure:
                raise chore.failure[0]
            chore.then(chore.result[0])

    def wait(self, timeout: float | None = None) -> None:
        """Let the running work finish (at quit, or in a test), then hand it back."""
        for chore in list(self.running):
            chore.thread.join(timeout)
        self.poll()
