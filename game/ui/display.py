"""The window, and putting the canvas on it: windowed or fullscreen. The canvas is in window
pixels (the board's sprites and the text are on it already scaled, each by its own whole scale).

Owns the pygame window and the present. Where a canvas pixel lands in the window (and back, for
the mouse) is the layout's one mapping (`Layout.window_box`, `Layout.canvas_point`); nothing here
decides sizes or scales, reads input or draws the game.

The path: SDL's plain window framebuffer, and only the boxes that changed sent to the screen.
With the whole canvas inside the window, the canvas is the window's own pixels (`WindowPart`):
drawing it is drawing the window, and the present only sends the boxes, with no copy; a window
made smaller than its canvas gets the boxes copied in, cut at its edge. On X11, SDL would
otherwise put the window surface in a texture and upload and redraw the whole window on every
update, whatever changed; measured under a software renderer that costs 8-15 ms a frame at
1600x1000 where the plain framebuffer costs 0.02 ms for a tile and under 1 ms for the whole
window. SDL's renderer (`pygame._sdl2.video`) and `pygame.SCALED` redraw the whole window every
frame and were slower here; benchmarks/RESULTS.md says why this path was chosen.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Sequence

import pygame

from .layout import Box, Layout

# SDL's hint: "0" keeps the plain window framebuffer instead of a texture. Set only where the
# video driver has a framebuffer of its own (elsewhere SDL could then open no window at all),
# and never over a value the user set.
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
DRIVERS_WITH_FRAMEBUFFER = ("x11",)


def prefer_plain_framebuffer() -> bool:
    """Ask SDL for the plain framebuffer where that is safe; True if asked. SDL reads the hint
    once, when the first window surface is made, so this runs before the window opens."""
    if pygame.display.get_driver() not in DRIVERS_WITH_FRAMEBUFFER:
        return False
    os.environ.setdefault(FRAMEBUFFER_HINT, "0")
    return os.environ[FRAMEBUFFER_HINT] == "0"


class WindowPart:
    """The window's own pixels where the canvas shows, to draw the canvas straight in them (with
    the whole canvas inside the window). SDL makes the window's pixels anew
    when the window is resized (pygame's window surface then holds the new ones and the old
    are freed): the part may be drawn in only while `current`; else make one anew (`of`)."""

    def __init__(self, window: pygame.Surface, box: pygame.Rect) -> None:
        self.surface = window.subsurface(box)
        self._key = _pixels_of(window)

    @classmethod
    def of(cls, layout: Layout) -> WindowPart | None:
        """The part of the window open now that shows the canvas of `layout`, or None where
        the canvas is cut by the window's edge or no window is open."""
        window = pygame.display.get_surface()
        if window is None:
            return None
        box = _rect(layout.window_box(Box(0, 0, *layout.canvas_size)))
        return cls(window, box) if window.get_rect().contains(box) else None

    def current(self) -> bool:
        """Whether the part is still in the window's pixels (no resize made them anew)."""
        window = pygame.display.get_surface()
        return window is not None and _pixels_of(window) == self._key


def _pixels_of(window: pygame.Surface) -> tuple:
    """Where the window's pixels are and how they are laid out."""
    return window._pixels_address, window.get_size(), window.get_pitch()


def in_window(canvas: pygame.Surface, layout: Layout) -> bool:
    """Whether `canvas` is the window's own pixels where the layout shows it (a `WindowPart`)."""
    return canvas.get_parent() is pygame.display.get_surface() and canvas.get_abs_offset() == (
        layout.origin_x,
        layout.origin_y,
    )


class Display:
    """The one window: open it at a size, switch it to fullscreen and back, present boxes of
    the canvas at the layout's origin."""

    def __init__(self) -> None:
        self.fullscreen = False
        self.windowed_size: tuple[int, int] | None = None  # what leaving fullscreen restores

    @property
    def surface(self) -> pygame.Surface:
        # Fetched each time: pygame replaces the window surface when the window is resized.
        surface = pygame.display.get_surface()
        if surface is None:
            raise RuntimeError("the window is not open")
        return surface

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def open(self, size: tuple[int, int]) -> tuple[int, int]:
        """A resizable window of `size`; in fullscreen, `size` is kept for leaving it and the
        screen stays as it is. Returns the size the canvas is laid out in."""
        self.windowed_size = (max(1, size[0]), max(1, size[1]))
        if self.fullscreen and pygame.display.get_surface() is not None:
            return self.size
        return self._set_mode()

    def toggle_fullscreen(self) -> tuple[int, int]:
        """Fullscreen on the desktop's own resolution (no mode change), or back to the window
        as it was (as the player last sized it); returns the new size."""
        if not self.fullscreen and pygame.display.get_surface() is not None:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        return self._set_mode(leaving_fullscreen=not self.fullscreen)

    def _set_mode(self, leaving_fullscreen: bool = False) -> tuple[int, int]:
        prefer_plain_framebuffer()
        size = self.windowed_size or (1, 1)
        if self.fullscreen:
            # (0, 0) is the desktop's size, which pygame opens as desktop fullscreen.
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        elif leaving_fullscreen:
            # A window manager can keep the fullscreen size through the first call (seen with
            # openbox; pygame warns); the second one gets the window its size back.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            pygame.display.set_mode(size, pygame.RESIZABLE)
        return self.size

    def present(
        self,
        canvas: pygame.Surface,
        layout: Layout,
        boxes: Iterable[Box],
        *,
        background: pygame.Color | Sequence[int] | None = None,
        shifts: Iterable[tuple[Box, int, int]] = (),
    ) -> list[pygame.Rect]:
        """Put canvas boxes on the screen at the layout's origin; returns the window rects sent.

        `background`: the margins around the canvas are filled in this colour (the theme's)
        and the whole window is sent; the boxes then cover the whole canvas. `shifts`: (canvas
        box, dx, dy) moves of what is drawn, in canvas pixels, done on the window before the
        boxes (scrolling moves pixels instead of scaling them again). A canvas larger than the
        window is cut off at the window's edge. A canvas that is the window's own pixels
        (`WindowPart`) is on it already, moved as it was drawn: its boxes are only sent.
        """
        window = self.surface
        bounds = window.get_rect()
        sent: list[pygame.Rect] = []
        boxes = _merged(list(boxes))
        if in_window(canvas, layout):
            shifted = [box for box, _dx, _dy in shifts]
            sent = [_rect(layout.window_box(box)).clip(bounds) for box in shifted + boxes]
            shifts, boxes = (), []
        if background is not None:  # the margins: the canvas covers the rest
            shown = _rect(layout.window_box(Box(0, 0, *layout.canvas_size)))
            for margin in around(bounds, shown):
                window.fill(background, margin)
        for box, dx, dy in shifts:
            target = _rect(layout.window_box(box))
            if not bounds.contains(target):  # part of it was never on screen: show it anew
                boxes.append(box)
                continue
            window.set_clip(target)
            window.scroll(dx, dy)
            window.set_clip(None)
            sent.append(target)
        for box in boxes:
            target = _rect(layout.window_box(box))
            window.blit(canvas.subsurface(_rect(box)), target)
            sent.append(target.clip(bounds))
        if background is not None:
            sent = [bounds]
        if sent:
            pygame.display.update(sent)
        return sent


def _merged(boxes: list[Box]) -> list[Box]:
    """One box around them all when they overlap so much that it is no bigger than they are
    together (the rings of a region turning over nest): one copy and one send, not many."""
    if len(boxes) < 2:
        return boxes
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    right, bottom = max(b.right for b in boxes), max(b.bottom for b in boxes)
    if sum(b.w * b.h for b in boxes) < (right - x) * (bottom - y):
        return boxes
    return [Box(x, y, right - x, bottom - y)]


def around(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `outer` that `inner` does not cover: up to four rects."""
    inner = inner.clip(outer)
    if not inner:
        return [outer]
    return [
        r
        for r in (
            pygame.Rect(outer.x, outer.y, outer.w, inner.y - outer.y),
            pygame.Rect(outer.x, inner.bottom, outer.w, outer.bottom - inner.bottom),
            pygame.Rect(outer.x, inner.y, inner.x - outer.x, inner.h),
            pygame.Rect(inner.right, inner.y, outer.right - inner.right, inner.h),
        )
        if r.w > 0 and r.h > 0
    ]


def _rect(box: Box) -> pygame.Rect:
    return pygame.Rect(box.x, box.y, box.w, box.h)
