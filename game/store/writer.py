"""Writes to disk on a thread of their own, in the order they were asked for, so that recording
a game's end (its replay and its row) never holds up a frame.

`flush` waits until everything asked for is written (at quit).
A job's own errors are its business: it catches what a player's disk can do and reports it;
anything else is a bug and is raised again from `flush` and the next `submit`, never lost.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

Job = Callable[[], None]


class Writer:
    def __init__(self, name: str = "store-writer") -> None:
        self._jobs: deque[Job] = deque()
        self._busy = False
        self._failure: BaseException | None = None
        self._lock = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> None:
        with self._lock:
            self._raise_failure()
            self._jobs.append(job)
            self._lock.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job asked for so far is done; False if `timeout` ran out."""
        with self._lock:
            done = self._lock.wait_for(lambda: not self._jobs and not self._busy, timeout)
            self._raise_failure()
            return done

    def close(self) -> None:
        """Write what is pending, then stop the thread."""
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join()

    @property
    def idle(self) -> bool:
        with self._lock:
            return not self._jobs and not self._busy

    def _raise_failure(self) -> None:
        if self._failure is not None:
            failure, self._failure = self._failure, None
            raise failure

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._jobs or self._closed)
                if not self._jobs:
                    return
                job = self._jobs.popleft()
                self._busy = True
            try:
                job()
            except BaseException as e:  # a bug: handed to the loop thread, not swallowed
                with self._lock:
                    self._failure = e
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
