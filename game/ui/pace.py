"""The loop's pace: the fixed 60 Hz tick while anything can change on screen without input,
else a wait for input or for the next moment something is due (the clock's next second, a
message's end). Decides and waits only; what is due is said by the rooms and the context.

The wait is SDL's own (`SDL_WaitEventTimeout` in the library pygame loaded), which sleeps on
the window system's connection and is woken by input or by an event posted from any thread;
pygame-ce's `event.wait` polls every millisecond instead. Without that library a short poll
stands in (at most WAIT_SLICE_MS late).
"""

from __future__ import annotations

import ctypes
import gc
import os
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame

FPS = 60
FRAME_MS = 1000 // FPS
MOST_ASLEEP_MS = 1000  # even with nothing due, the loop looks once a second (a writer's note)
WAIT_SLICE_MS = 40  # the stand-in wait looks for input this often
WARM_UP_TICKS = 3  # the first frames tick: the sounds load on the second (sound.py)
COLLECT_ASLEEP_MS = 30_000  # a full garbage collection at most this often, as the loop sleeps
COLLECT_AT_LATEST_MS = 300_000  # ... and this long without one, even in a frame

# libSDL2-2.0.so.0 as the system has it, libSDL2-2-<hash>.0.so... as a wheel bundles it
_SDL_NAME = re.compile(r"libSDL2-2(-[0-9a-f]+)?\.0\.so")

Wait = Callable[[int], None]  # sleep until input arrives or `timeout_ms` passes
# what a player does: after a sleep, the first of these tells `woke` (the sound comes back)
INPUT = (
    pygame.MOUSEMOTION,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEWHEEL,
    pygame.KEYDOWN,
    pygame.FINGERDOWN,
)


@cache
def sdl_paths() -> tuple[str, ...]:
    """Where the loaded SDL 2 library is: from the process's map on Linux, else next to
    pygame (Windows and macOS wheels ship it there). Read once (the map has some 600 lines
    at the start); for the loop's wait here and the screen's questions (game/ui/screen.py)."""
    paths: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.exists():
        for line in maps.read_text(encoding="utf-8", errors="replace").splitlines():
            if "libSDL2-2" not in line:  # most of the map's lines, at once
                continue
            path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
            if _SDL_NAME.match(os.path.basename(path)) and path not in paths:
                paths.append(path)
    here = Path(pygame.__path__[0])
    paths += [
        str(p)
        for p in (here / "SDL2.dll", *(here / ".dylibs").glob("libSDL2-2*.dylib"))
        if p.exists()
    ]
    return tuple(paths)


def _sdl_library() -> ctypes.CDLL | None:
    """The SDL 2 library pygame loaded (found in this process's map on Linux), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        paths = sdl_paths()
        if len(paths) != 1:
            return None
        sdl = ctypes.CDLL(paths[0])
        sdl.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
        sdl.SDL_WaitEventTimeout.restype = ctypes.c_int
        return sdl
    except (OSError, AttributeError):
        return None


def sdl_wait() -> Wait | None:
    """SDL's own wait: the event stays queued for `pygame.event.get`; ctypes lets go of the
    interpreter lock meanwhile, so chores and the solver run on."""
    sdl = _sdl_library()
    if sdl is None:
        return None

    def wait(timeout_ms: int) -> None:
        sdl.SDL_WaitEventTimeout(None, max(0, int(timeout_ms)))

    return wait


def polled_wait(timeout_ms: int) -> None:
    """The stand-in: sleep a slice at a time until an event is queued."""
    left = max(0, int(timeout_ms))
    while left > 0 and not pygame.event.peek():
        step = min(left, WAIT_SLICE_MS)
        pygame.time.wait(step)
        left -= step


def best_wait() -> Wait:
    return sdl_wait() or polled_wait


class Collector:
    """Python's full garbage collection out of the frames. Left to itself it runs in whichever
    frame crosses its count: 10-40 ms on a 200x200 game here (a first click's frame took 45).
    While the loop runs, what it found at its start (modules, themes, the first board) is set
    aside (`gc.freeze`), the automatic full collection is off, and one runs as the loop goes to
    sleep, at most every COLLECT_ASLEEP_MS; the young generations still collect themselves
    (well under a millisecond). A loop that never sleeps still collects every
    COLLECT_AT_LATEST_MS. Leaving puts Python's own rule back."""

    def __init__(self) -> None:
        self.last: int | None = None
        self.collections = 0
        self._saved = gc.get_threshold()

    def __enter__(self) -> Collector:
        self._saved = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(self._saved[0], self._saved[1], 1_000_000_000)
        return self

    def __exit__(self, *exc) -> None:
        gc.set_threshold(*self._saved)
        gc.unfreeze()

    def due(self, now: int, asleep: bool) -> None:
        """Collect if it is time: `asleep`, the loop is about to wait with nothing due."""
        if self.last is None:
            self.last = now
        elif now - self.last >= (COLLECT_ASLEEP_MS if asleep else COLLECT_AT_LATEST_MS):
            gc.collect()
            self.collections += 1
            self.last = now


class SwitchInterval:
    """While the loop runs, the interpreter hands its lock over every SWITCH_S instead of
    Python's 5 ms. A thread of this process working in Python (the solver's hint, a chore)
    keeps the lock until the interval ends whenever the loop thread asks for it back, which it
    does at each C call that let it go (the present, a blit): with 5 ms a first hint on a
    200x200 board made frames of 13-17 ms whose own CPU was under 5 ms, with 1 ms 4-8 ms
    (benchmarks/cold.py, first_hint_200x200). Leaving puts the interval back."""

    SWITCH_S = 0.001

    def __enter__(self) -> SwitchInterval:
        self._saved = sys.getswitchinterval()
        sys.setswitchinterval(self.SWITCH_S)
        return self

    def __exit__(self, *exc) -> None:
        sys.setswitchinterval(self._saved)


class Pace:
    """After each tick: the next at the fixed rate, or a sleep until `wake_at` (or input);
    `woke` is told when input ends a sleep, before that input is handled."""

    def __init__(
        self,
        wait: Wait | None = None,
        tick: Callable[[int], object] | None = None,
        woke: Callable[[], None] | None = None,
        collector: Collector | None = None,
    ) -> None:
        self.wait = wait or best_wait()
        self.tick = tick or pygame.time.Clock().tick
        self.woke = woke
        self.collector = collector
        self.ticks = 0
        self.waits = 0

    def rest(self, wake_at: int | None, now: int) -> None:
        """`wake_at`: when something is next due (at or before `now`: it is changing now, tick
        on); None: nothing is, wait for input."""
        self.ticks += 1
        busy = self.ticks <= WARM_UP_TICKS or (wake_at is not None and wake_at - now <= FRAME_MS)
        if self.collector is not None:
            self.collector.due(now, asleep=not busy)
        if busy:
            self.tick(FPS)
            return
        self.waits += 1
        self.wait(MOST_ASLEEP_MS if wake_at is None else min(MOST_ASLEEP_MS, wake_at - now))
        if self.woke is not None and pygame.event.peek(INPUT):
            self.woke()
        self.tick(0)  # the fixed tick counts from here, not from before the sleep


def wake_at(ctx, layers, now: int) -> int | None:
    """When the loop must next look: `now` while something changes without input (an
    animation, a chore, something left to draw, a line from the writer, blocks of the view
    left to warm: a few a frame, then it sleeps), the earliest time a
    room or the status line is due, or None: only input can change anything."""
    drawn = ctx.drawn
    if (
        drawn.full
        or drawn.board_anew
        or drawn.pending
        or drawn.dirty
        or drawn.animation
        or ctx.aids.chores.working
        or ctx.session.history.late
        or drawn.warm
    ):
        return now
    times = [t for t in (layer.due(now) for layer in layers) if t is not None]
    message = ctx.status.message
    if message is not None and message[1] < 2**61:  # a lasting message never ends
        times.append(message[1])
    step = ctx.status.next_step(now)  # the line at rest scrolls (too long for the window)
    if step is not None:
        times.append(step)
    return min(times, default=None)
