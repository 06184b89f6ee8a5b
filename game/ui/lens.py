"""Drawing in text pixels on the canvas: what menus, dialogs and the status line draw through.

The canvas is the window's own pixels and the board's sprites are on it at the board's zoom;
text has a scale of its own (game/ui/layout.py). A `Lens` takes the few drawing calls the
widgets make (fill, blit, fblits, set_at, the clip, a subsurface) in text pixels and does each
on the canvas `text` times larger, so everything is still drawn onto one surface and widget code
never multiplies. What is blitted (a line of the font, a theme's sprite, a chart) is scaled by
whole pixels, nearest neighbour, once: kept while the same surface is blitted again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from .layout import Box

KEPT_PIXELS = 4_000_000  # scaled copies kept, in pixels (16 MB): a few dialogs' lines and sprites

# (id(surface), text scale) -> (the surface, its scaled copy); the surface itself is held with its
# copy, so its id is not reused while the copy is kept
_scaled: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
_kept_pixels = 0


def scaled(surface: pygame.Surface, text: int) -> pygame.Surface:
    """`surface` `text` times larger, whole pixels (kept: the widgets blit the same lines and
    sprites every frame they change, and never draw on what they blit)."""
    global _kept_pixels
    if text == 1:
        return surface
    key = (id(surface), text)
    hit = _scaled.get(key)
    if hit is not None:
        return hit[1]
    w, h = surface.get_size()
    copy = pygame.transform.scale(surface, (w * text, h * text))
    if _kept_pixels + w * h * text * text > KEPT_PIXELS:  # full: start again with what is drawn now
        _scaled.clear()
        _kept_pixels = 0
    _scaled[key] = (surface, copy)
    _kept_pixels += w * h * text * text
    return copy


class Lens:
    """A canvas seen in text pixels: (x, y) of the lens is (`x0` + x * text, `y0` + y * text)
    of the canvas. At text 1 with no offset it draws straight through."""

    def __init__(self, canvas: pygame.Surface, text: int, at: tuple[int, int] = (0, 0)) -> None:
        self.canvas = canvas
        self.text = text
        self.x0, self.y0 = at
        self._bounds = canvas.get_clip()  # the canvas's clip when the lens was made
        self._clip: pygame.Rect | None = None

    # ---- text pixels <-> canvas pixels ------------------------------------------------------

    def rect(self, r: Any) -> pygame.Rect:
        """A rect of text pixels as canvas pixels."""
        r = pygame.Rect(r)
        t = self.text
        return pygame.Rect(self.x0 + r.x * t, self.y0 + r.y * t, r.w * t, r.h * t)

    def box(self, box: Box) -> Box:
        """A Box of text pixels as canvas pixels (for the dirty list)."""
        t = self.text
        return Box(self.x0 + box.x * t, self.y0 + box.y * t, box.w * t, box.h * t)

    def _point(self, pos: Any) -> tuple[int, int]:
        return self.x0 + pos[0] * self.text, self.y0 + pos[1] * self.text

    # ---- what widgets call ------------------------------------------------------------------

    def get_size(self) -> tuple[int, int]:
        w, h = self.canvas.get_size()
        return (w - self.x0) // self.text, (h - self.y0) // self.text

    def get_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.get_size())

    def fill(self, colour: Any, r: Any = None) -> pygame.Rect:
        return self.canvas.fill(colour, self.rect(r) if r is not None else self._whole())

    def set_at(self, pos: Any, colour: Any) -> None:
        self.canvas.fill(colour, (*self._point(pos), self.text, self.text))

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None) -> pygame.Rect:
        t = self.text
        if area is not None:  # the part of the source scaled as the source is, and kept so
            r = pygame.Rect(area)
            area = (r.x * t, r.y * t, r.w * t, r.h * t)
        return self.canvas.blit(scaled(source, t), self._point(dest), area)

    def fblits(self, pieces: Iterable[tuple[pygame.Surface, Any]]) -> None:
        t = self.text
        self.canvas.fblits([(scaled(s, t), self._point(p)) for s, p in pieces])

    def get_clip(self) -> pygame.Rect:
        return self._clip.copy() if self._clip is not None else self.get_rect()

    def set_clip(self, r: Any) -> None:
        if r is None:
            self._clip = None
            self.canvas.set_clip(self._bounds)
            return
        self._clip = pygame.Rect(r)
        self.canvas.set_clip(self.rect(r).clip(self._bounds))

    def subsurface(self, r: Any) -> pygame.Surface:
        """The canvas under a rect of text pixels, in canvas pixels: for a picture scaled
        straight onto it (the map)."""
        return self.canvas.subsurface(self.rect(r))

    def _whole(self) -> pygame.Rect:
        return self.rect(self.get_rect())
