"""The board's scroll bars: where each thumb is for the view, what a press or a drag on a bar
asks of the view, and their drawing in the theme's own look (the thumb a covered tile
stretched, its edges kept, ringed in the theme colour that stands out most on the track; the
track the pressed tile's face dithered with the theme's light colour, in a sunken channel, as
pixel-art desktops drew it).

The tracks' places are the layout's (game/ui/layout.py: `vbar`, `hbar`, outside the cells);
the view is the play scene's. This module changes neither: it answers with a first row or
column, and draws where it is told.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .caches import kept
from .layout import Box, Layout
from .marks import contrast

MIN_THUMB = 6  # pixels: a thumb stays big enough to grab on a huge board
EDGE = 2  # the pixels of a tile's edge kept when a thumb is stretched from it
GAP = 1  # panel between the board and a bar's well
GRIP_MIN = 14  # a thumb at least this long shows three grip lines across its middle


@dataclass(frozen=True)
class Bar:
    """One scroll bar: its track, and the rows (or columns) of the board and of the view."""

    track: Box
    vertical: bool
    total: int  # rows (vertical) or columns of the board
    shown: int  # of them in the view
    first: int  # the view's top row or left column

    @property
    def length(self) -> int:
        return self.track.h if self.vertical else self.track.w

    @property
    def thumb_length(self) -> int:
        return max(min(MIN_THUMB, self.length), self.length * self.shown // self.total)

    @property
    def room(self) -> int:
        """How far the thumb travels."""
        return self.length - self.thumb_length

    @property
    def most(self) -> int:
        """The largest first row (or column) of the view."""
        return max(0, self.total - self.shown)

    def offset_of(self, first: int) -> int:
        """Where the thumb starts, from the track's start, for a view starting at `first`."""
        return self.room * first // self.most if self.most else 0

    def first_at(self, offset: int) -> int:
        """The view's first row (column) for a thumb dragged to `offset`: the inverse of
        `offset_of` (exact wherever the track has a pixel for every row), clamped."""
        offset = max(0, min(self.room, offset))
        return -(-offset * self.most // self.room) if self.room else 0

    def thumb(self) -> Box:
        t, at, n = self.track, self.offset_of(self.first), self.thumb_length
        return Box(t.x, t.y + at, t.w, n) if self.vertical else Box(t.x + at, t.y, n, t.h)

    def along(self, point: tuple[int, int]) -> int:
        """A canvas point's distance along the track from its start."""
        return point[1] - self.track.y if self.vertical else point[0] - self.track.x

    def page(self, point: tuple[int, int]) -> int:
        """A press on the track: -1 before the thumb (a page back), 1 after it, 0 on it."""
        at, start = self.along(point), self.offset_of(self.first)
        return -1 if at < start else 1 if at >= start + self.thumb_length else 0

    @property
    def page_cells(self) -> int:
        """A page: the view less one row (column), so the last one read stays in sight."""
        return max(1, self.shown - 1)


def bars(lay: Layout, top: int, left: int) -> list[Bar]:
    """The bars the layout has (vertical first), for a view starting at (top, left)."""
    out = []
    if lay.vbar is not None:
        out.append(Bar(lay.vbar, True, lay.rows, lay.view_rows, top))
    if lay.hbar is not None:
        out.append(Bar(lay.hbar, False, lay.cols, lay.view_cols, left))
    return out


def bar_at(lay: Layout, top: int, left: int, point: tuple[int, int] | None) -> Bar | None:
    """The bar under a canvas point, if any."""
    if point is None:
        return None
    return next((b for b in bars(lay, top, left) if b.track.contains(*point)), None)


@dataclass
class ThumbDrag:
    """A thumb held by the mouse: which bar, and where on the thumb it was grabbed."""

    vertical: bool
    grab: int  # from the thumb's start to the pointer, along the track

    def first(self, bar: Bar, point: tuple[int, int]) -> int:
        """The view's first row (column) with the thumb where the pointer has taken it."""
        return bar.first_at(bar.along(point) - self.grab)


# ---- drawing ------------------------------------------------------------------------------

_thumbs: dict[tuple, pygame.Surface] = {}
_tracks: dict[tuple, pygame.Surface] = {}
_rims: dict[tuple, tuple[int, int, int]] = {}
RIM_CANDIDATES = ("text", "shadow", "light", "led_off", "background", "accent")


def _stretched(tile: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """A tile drawn at w x h with its EDGE-pixel edges and corners as they are (nine-slice)."""
    tw, th = tile.get_size()
    e = min(EDGE, w // 2, h // 2, tw // 2, th // 2)
    out = pygame.Surface((w, h))
    out.fill(tile.get_at((tw // 2, th // 2)))
    mid_w, mid_h = max(0, w - 2 * e), max(0, h - 2 * e)
    across = ((0, e, 0, e), (e, tw - 2 * e, e, mid_w), (tw - e, e, w - e, e))
    down = ((0, e, 0, e), (e, th - 2 * e, e, mid_h), (th - e, e, h - e, e))
    parts = []
    for i, (sx, sw, dx, dw) in enumerate(across):
        for j, (sy, sh, dy, dh) in enumerate(down):
            if (i, j) != (1, 1) and dw > 0 and dh > 0:  # the middle is the fill
                piece = tile.subsurface((sx, sy, sw, sh))
                parts.append((pygame.transform.scale(piece, (dw, dh)), (dx, dy)))
    out.fblits(parts)
    return out


def _thumb_surface(theme, w: int, h: int) -> pygame.Surface:
    covered = theme.sprites["covered"]
    return kept(_thumbs, (theme.key, id(covered), w, h), lambda: _stretched(covered, w, h))


def _across(bar: Bar, box: Box, start: int, size: int) -> Box:
    """The part of `box` from `start` to `start + size` across the bar (along it, all)."""
    if bar.vertical:
        return Box(box.x + start, box.y, size, box.h)
    return Box(box.x, box.y + start, box.w, size)


def _track_surface(theme, w: int, h: int) -> pygame.Surface:
    """The track: a checkerboard of the pressed tile's face and the light colour."""
    pressed = theme.sprites["pressed"]

    def make() -> pygame.Surface:
        surf = pygame.Surface((w, h))
        surf.fill(pressed.get_at((pressed.get_width() // 2, pressed.get_height() // 2)))
        dots = pygame.PixelArray(surf)
        light = surf.map_rgb(theme.colours["light"])
        dots[::2, ::2] = light
        dots[1::2, 1::2] = light
        dots.close()
        return surf

    return kept(_tracks, (theme.key, id(pressed), w, h), make)


def _rim(theme) -> tuple[int, int, int]:
    """The thumb's ring: the theme colour whose worst contrast with the track's two colours
    is best (a theme whose tiles are all one shade, as Night's nearly are, still shows where
    its thumb is)."""
    pressed, col = theme.sprites["pressed"], theme.colours

    def make() -> tuple[int, int, int]:
        face = tuple(pressed.get_at((pressed.get_width() // 2, pressed.get_height() // 2)))[:3]
        track = (face, col["light"])
        return max(
            (col[name] for name in RIM_CANDIDATES), key=lambda c: min(contrast(c, t) for t in track)
        )

    return kept(_rims, (theme.key, id(pressed)), make, 16)


def _grip(canvas: pygame.Surface, col: dict, bar: Bar, thumb: Box) -> None:
    """Three grooves across the middle of a long enough thumb, so it reads as a handle."""
    length = thumb.h if bar.vertical else thumb.w
    if length < GRIP_MIN:
        return
    middle = length // 2
    for k in (-3, 0, 3):
        at = middle + k - 1
        for colour, step in ((col["shadow"], 0), (col["light"], 1)):
            if bar.vertical:
                canvas.fill(colour, (thumb.x + 2, thumb.y + at + step, thumb.w - 4, 1))
            else:
                canvas.fill(colour, (thumb.x + at + step, thumb.y + 2, 1, thumb.h - 4))


def draw(
    canvas: pygame.Surface,
    theme,
    lay: Layout,
    top: int,
    left: int,
    drawn_for: tuple[int, int] | None = None,
) -> list[Box]:
    """The bars as the view is now; the canvas boxes drawn. `drawn_for`: the view the canvas
    shows the bars for, when it does (then only a bar whose thumb moved is drawn again, so a
    scroll sends the screen one thin strip more, not two)."""
    drawn = []
    col = theme.colours
    for bar in bars(lay, top, left):
        if drawn_for is not None and drawn_for[0 if bar.vertical else 1] == bar.first:
            continue
        t = bar.track
        thick = t.w if bar.vertical else t.h
        gap, well = _across(bar, t, 0, GAP), _across(bar, t, GAP, thick - GAP)
        canvas.fill(col["panel"], (gap.x, gap.y, gap.w, gap.h))
        inside = _across(bar, well, 1, thick - GAP - 2)  # between the well's two edges
        canvas.blit(_track_surface(theme, inside.w, inside.h), (inside.x, inside.y))
        low, high = _across(bar, well, 0, 1), _across(bar, well, thick - GAP - 1, 1)
        canvas.fill(col["shadow"], (low.x, low.y, low.w, low.h))  # a sunken channel
        canvas.fill(col["light"], (high.x, high.y, high.w, high.h))
        thumb = _across(bar, bar.thumb(), GAP + 1, thick - GAP - 2)
        canvas.blit(_thumb_surface(theme, thumb.w, thumb.h), (thumb.x, thumb.y))
        pygame.draw.rect(canvas, _rim(theme), (thumb.x, thumb.y, thumb.w, thumb.h), 1)
        _grip(canvas, col, bar, thumb)
        drawn.append(t)
    if drawn_for is None and lay.vbar is not None and lay.hbar is not None:  # where they meet
        corner = Box(lay.vbar.x, lay.hbar.y, lay.vbar.w, lay.hbar.h)
        canvas.fill(col["panel"], (corner.x, corner.y, corner.w, corner.h))
        drawn.append(corner)
    return drawn
