"""The solver, off the frame: hints and mine probabilities computed on a worker thread.

The window asks for the current view and polls each tick; an answer for a view that has
changed since is dropped. Never blocks the loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # loaded with the first question (with logging and queue), not at start
    from concurrent.futures import Executor, Future


def _work(kind: str, view: list[str], mines: int, near: tuple | None = None):
    """The solver's answer; the solver is imported here, on the worker, at the first question
    (the window's first frame does not wait for it)."""
    from ..engine import solver

    if kind == "hint":
        return solver.hint(view, mines, near=near)
    return solver.analyse(view, mines)


def _prepare(rows: int, cols: int) -> None:
    from ..engine import solver

    solver.neighbours(rows, cols)


class RunAtOnce:
    """An executor that does the work as it is asked for: hints and odds in order, for tests
    and seeded fuzz runs that must repeat exactly."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        from concurrent.futures import Future

        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


class Assistant:
    def __init__(self, pool: Executor | RunAtOnce | None = None) -> None:
        self._given = pool  # None: a thread of its own, made for the first question
        self._jobs: dict[str, tuple[tuple[str, ...], Future, tuple | None]] = {}

    def ask(self, kind: str, view: list[str], mines: int, near: tuple | None = None) -> None:
        """Start working out a 'hint' or 'probabilities' for this view (once per view; a
        hint once per view and `near`, the part of the board in sight, which it prefers)."""
        key = tuple(view)
        job = self._jobs.get(kind)
        if job is not None and job[0] == key and job[2] == near:
            return
        if job is not None:
            job[1].cancel()  # not started yet: an older view is no use
        if kind not in ("hint", "probabilities"):
            raise ValueError(f"the solver answers 'hint' or 'probabilities' (got {kind!r})")
        self._jobs[kind] = (key, self._pool().submit(_work, kind, list(view), mines, near), near)

    def prepare(self, rows: int, cols: int) -> None:
        """A board of this size was laid: the solver and its tables for the size are made on
        the worker now, so the first hint answers as fast as the next."""
        self._pool().submit(_prepare, rows, cols)

    def answer(self, kind: str, view: list[str]) -> tuple[bool, object]:
        """(True, the answer) once it is ready for this kind and view, else (False, None)."""
        job = self._jobs.get(kind)
        if job is None or job[0] != tuple(view) or not job[1].done():
            return False, None
        del self._jobs[kind]
        return True, job[1].result()  # a solver error is a program error: let it show

    @property
    def busy(self) -> bool:
        """Some answer is still being worked out."""
        return any(not job.done() for _, job, _ in self._jobs.values())

    def _pool(self) -> Executor | RunAtOnce:
        if self._given is None:
            from concurrent.futures import ThreadPoolExecutor

            self._given = ThreadPoolExecutor(max_workers=1, thread_name_prefix="solver")
        return self._given

    def close(self) -> None:
        if self._given is not None:
            self._given.shutdown(wait=False, cancel_futures=True)
