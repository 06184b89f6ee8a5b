"""The store's `measure` for the window (`History(measure=measure_elsewhere)`): a finished
game's measures made in the worker process, so that the solver never holds the interpreter
lock the window's loop needs. This module is light; the worker's (multiprocessing and all) is
loaded when a game first ends, not at start."""

from __future__ import annotations

from collections.abc import Callable

from .store.history import NotMeasured


def measure_elsewhere(fn: Callable, *args) -> object:
    """`fn(*args)` in the measures' worker process (the calling thread waits); NotMeasured if
    the process died under it (killed, out of memory): the store knows no worker."""
    from .worker import WorkerDied, elsewhere

    try:
        return elsewhere(fn, *args)
    except WorkerDied as e:
        raise NotMeasured(str(e)) from e
