"""The window on the desktop: where it goes, how small it may get, its icon.

`place_window` is pure: a window of a size on a usable screen, given where it is now, goes where
it is wholly seen; so is `place_for_copy`, where a second copy of the program running at once
opens (beside the first, not hidden exactly on top of it; which copy it is, `copy_slot` says).
The few questions only SDL can answer (the usable screen, the frame the window manager draws
around the window, where the window is) live below it, each with a fallback; they never decide
sizes or scales (the layout does) and never draw.
"""

from __future__ import annotations

import ctypes
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pygame

from ..store.locks import GameLock
from .layout import Box
from .pace import sdl_paths

# When SDL cannot tell: room kept for a task bar, and a title bar with thin borders.
TASK_BAR_GUESS = 48
ICON_SIZE = 64
ICON_SPRITE = "mine_red"  # the mine that went off: Minesweeper at a glance, even at 16 px
MOST_COPIES = 32  # copies of the program told apart (`copy_slot`); more open as the last


@dataclass(frozen=True)
class Frame:
    """What the window manager draws around the window (title bar, borders), in pixels."""

    top: int = 0
    left: int = 0
    bottom: int = 0
    right: int = 0


GUESSED_FRAME = Frame(32, 4, 4, 4)


def room_on(screen: Box, frame: Frame) -> tuple[int, int]:
    """The largest window inside (what the game draws in) that fits the screen with its frame."""
    return (
        max(1, screen.w - frame.left - frame.right),
        max(1, screen.h - frame.top - frame.bottom),
    )


def wholly_on(
    screen: Box, size: tuple[int, int], position: tuple[int, int], frame: Frame = Frame()
) -> bool:
    """Whether a window of `size` at `position` (its inside's top-left) is on the screen, frame
    and all."""
    x, y = position
    return (
        x - frame.left >= screen.x
        and y - frame.top >= screen.y
        and x + size[0] + frame.right <= screen.right
        and y + size[1] + frame.bottom <= screen.bottom
    )


def place_window(
    window_size: tuple[int, int],
    screen_rect: Box,
    current_position: tuple[int, int] | None,
    frame: Frame = Frame(),
) -> tuple[int, int]:
    """Where the window's inside goes: where it is when it is wholly on the usable screen there
    (a window the player put somewhere stays), else centred on that screen. A window larger
    than the screen keeps its title bar on it: its top-left corner goes to the screen's."""
    if current_position is not None and wholly_on(
        screen_rect, window_size, current_position, frame
    ):
        return current_position
    outer_w = window_size[0] + frame.left + frame.right
    outer_h = window_size[1] + frame.top + frame.bottom
    x = screen_rect.x + max(0, (screen_rect.w - outer_w) // 2) + frame.left
    y = screen_rect.y + max(0, (screen_rect.h - outer_h) // 2) + frame.top
    return x, y


def place_for_copy(
    place: tuple[int, int],
    window_size: tuple[int, int],
    screen_rect: Box,
    copy: int,
    frame: Frame = Frame(),
) -> tuple[int, int]:
    """Where the window's inside goes in the `copy`-th copy of the program running at once (0:
    the first, which opens at `place`, where the first copy's window would): a title bar's
    height down and right of `place` for each copy before it, so that it is seen to open, not
    hidden exactly on top of the first. Wholly on the usable screen: along a side where that
    runs off it, as far up (or left) instead, else on a cascade from the screen's edge; a
    window that fills the screen stays at `place`."""
    if copy <= 0:
        return place
    step = frame.top or GUESSED_FRAME.top
    right = screen_rect.right - frame.right - window_size[0]  # the furthest it may start
    bottom = screen_rect.bottom - frame.bottom - window_size[1]
    return (
        _apart(place[0], screen_rect.x + frame.left, right, copy * step, step),
        _apart(place[1], screen_rect.y + frame.top, bottom, copy * step, step),
    )


def _apart(at: int, low: int, high: int, by: int, step: int) -> int:
    """Along one side of the screen, where a window at `at` that may start from `low` to
    `high` goes when moved `by` (of a cascade of `step`s): see `place_for_copy`."""
    for moved in (at + by, at - by):
        if low <= moved <= high:
            return moved
    cascade = sorted({*range(low, high + 1, step), high} - {at}) if high >= low else []
    return cascade[(by // step - 1) % len(cascade)] if cascade else at


def icon_of(sprite: pygame.Surface, size: int = ICON_SIZE) -> pygame.Surface:
    """A sprite as a window icon: scaled by the largest whole factor that fits, centred, so
    every pixel stays a crisp square."""
    factor = max(1, size // max(sprite.get_size()))
    art = pygame.transform.scale_by(sprite, factor)  # nearest neighbour
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.blit(art, art.get_rect(center=(size // 2, size // 2)))
    return icon


# ---- what only the system knows --------------------------------------------------------------


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


_sdl_lib: ctypes.CDLL | None | bool = False  # False: not looked for yet


def _sdl() -> ctypes.CDLL | None:
    """The SDL library pygame runs on (the same copy, so it shares pygame's video state), for
    the usable screen and the window's frame, which pygame-ce 2.5 does not expose; None where
    it cannot be found."""
    global _sdl_lib
    if _sdl_lib is False:
        _sdl_lib = None
        for path in sdl_paths():
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            if all(hasattr(lib, name) for name in _SIGNATURES):
                for name, (result, args) in _SIGNATURES.items():
                    fn = getattr(lib, name)
                    fn.restype, fn.argtypes = result, args
                _sdl_lib = lib
                break
    return _sdl_lib or None


_INT_P = ctypes.POINTER(ctypes.c_int)
_SIGNATURES = {
    "SDL_GetDisplayUsableBounds": (ctypes.c_int, [ctypes.c_int, ctypes.POINTER(_Rect)]),
    "SDL_GetWindowFromID": (ctypes.c_void_p, [ctypes.c_uint32]),
    "SDL_GetWindowDisplayIndex": (ctypes.c_int, [ctypes.c_void_p]),
    "SDL_GetWindowBordersSize": (ctypes.c_int, [ctypes.c_void_p, _INT_P, _INT_P, _INT_P, _INT_P]),
}


def _window() -> pygame.Window | None:
    """The display module's window as a `pygame.Window` (pygame-ce 2.5 and later), or None."""
    make = (
        getattr(pygame.Window, "from_display_module", None) if hasattr(pygame, "Window") else None
    )
    if make is None or pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():
        # it warns against drawing through the Window object, which nothing here does
        warnings.simplefilter("ignore", DeprecationWarning)
        return make()


def _sdl_window(lib: ctypes.CDLL) -> int | None:
    window = _window()
    return lib.SDL_GetWindowFromID(window.id) if window is not None else None


@dataclass
class CopySlot:
    """Which copy of the program this is among those running at once (0: the first), and
    the lock that holds that number while it runs."""

    number: int
    lock: GameLock | None = None

    def release(self) -> None:
        """Let the number go (at the end; the system lets it go with a copy that died)."""
        if self.lock is not None:
            lock, self.lock = self.lock, None
            lock.release(remove=True)


def copy_slot(folder: Path, most: int = MOST_COPIES) -> CopySlot:
    """This copy's number: the first of the lock files `copy-N.lock` in `folder` no running
    copy holds (store/locks.py, as a kept game's: a copy that crashed lets go of its own),
    held until `CopySlot.release`. 0 where the folder cannot be written: a copy that cannot
    tell opens where the first would."""
    for number in range(most):
        try:
            lock = GameLock.take(folder / f"copy-{number}.lock")
        except OSError:
            return CopySlot(0)
        if lock is not None:
            return CopySlot(number, lock)
    return CopySlot(most)


def usable_screen() -> Box:
    """The part of the window's screen that windows may use (without task bars and docks)."""
    lib = _sdl()
    if lib is not None:
        handle = _sdl_window(lib)
        index = lib.SDL_GetWindowDisplayIndex(handle) if handle else 0
        rect = _Rect()
        if lib.SDL_GetDisplayUsableBounds(max(0, index), ctypes.byref(rect)) == 0 and rect.w > 0:
            return Box(rect.x, rect.y, rect.w, rect.h)
    sizes = pygame.display.get_desktop_sizes()
    w, h = sizes[0] if sizes else (1024, 768)
    return Box(0, 0, w, max(1, h - TASK_BAR_GUESS))


def window_frame() -> Frame:
    """The frame around the open window, as the window manager reports it; a guess before the
    window is shown or where it cannot be asked."""
    lib = _sdl()
    handle = _sdl_window(lib) if lib is not None else None
    if handle:
        top, left, bottom, right = (ctypes.c_int() for _ in range(4))
        got = lib.SDL_GetWindowBordersSize(
            handle, ctypes.byref(top), ctypes.byref(left), ctypes.byref(bottom), ctypes.byref(right)
        )
        if got == 0 and top.value > 0:
            return Frame(top.value, left.value, bottom.value, right.value)
    return GUESSED_FRAME


def window_position() -> tuple[int, int] | None:
    """Where the window's inside is on the desktop, or None with no window."""
    if pygame.display.get_surface() is None:
        return None
    window = _window()
    if window is not None:
        return tuple(window.position)
    return tuple(pygame.display.get_window_position())


def move_window(position: tuple[int, int]) -> None:
    window = _window()
    if window is not None:
        window.position = position
    else:
        pygame.display.set_window_position(position)


def set_minimum_size(size: tuple[int, int]) -> None:
    """The smallest the player can make the window; set again after every `set_mode`, which
    resets it. Without `pygame.Window` nothing stops them, and the layout scrolls instead."""
    window = _window()
    if window is not None:
        window.minimum_size = size


@contextmanager
def opening_at(position: tuple[int, int]) -> Iterator[None]:
    """Where SDL puts a window made inside this block. pygame reads the variable on every
    `set_mode`, so it is set only for the first one (later moves are `move_window`'s) and put
    back as it was."""
    name = "SDL_VIDEO_WINDOW_POS"
    before = os.environ.get(name)
    os.environ[name] = f"{position[0]},{position[1]}"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before
