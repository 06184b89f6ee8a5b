"""Where things are: pure geometry of the canvas and the window, no pygame and no state.

The canvas is the window's own pixels (centred, with a plain margin round it when the window is
larger): the menu bar along its top, then a frame around the toolbar (counter, face, timer) and
the visible part of the board, then the status line. Two whole scales share it. The board's
zoom (`Layout.factor`): the theme's sprites, and every size of the frame, toolbar, board and
scroll bars, are that many times the theme's (the sheet scaled once, game/ui/sheets.py). The
text scale (`Layout.text`): the pixel font, the menu bar, the status line, menus and dialogs are
drawn at that many times their own size, in the text's own pixels (`text_size`, `in_text`,
`text_point`; game/ui/lens.py draws them). Neither divides the other: a board at 3x with text at
2x is as crisp as both at 3x. docs/DESIGN.md ("Text size") says how each is chosen.
Pixels are (x, y); cells are (row, col); the two never share a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..videos.model import UNIT

MENU_HEIGHT = 14  # the menu bar above the frame, in text pixels: a line of text and its highlight
TOOLBAR_HEIGHT = 32  # inside the frame: the 24 px face with 4 px above and below
# The board area is at least this big in text pixels, so dialogs and a board code (24
# characters) have room at the text scale.
MIN_AREA_W = 160
MIN_AREA_H = 144
STATUS_HEIGHT = 14  # a line of text under the board, in text pixels: results, notes, hints
LED_DIGITS = 3  # the fewest digits of the mine counter, and the timer's (it stops at 999)
TIMER_DIGITS = 3
PANEL_PAD = 5  # from the frame to the counter and the timer
FACE_GAP = 4  # at least this between the face and a counter
MAX_SCALE = 8  # the largest board zoom
SCROLLBAR = 10  # a scroll bar's thickness (a pixel of gap and its well), beside and under a
# board larger than its view
FIRST_MAX_ZOOM = MAX_SCALE  # the zoom on first start: the largest whole board that fits
FIRST_SCREEN_SHARE = 0.8  # this share of the usable screen, and at most this zoom
SCROLL_MAX_ZOOM = MAX_SCALE  # the most zoom of a board that scrolls
MAX_TEXT = 6  # the largest text scale (Options: Text size)
SCREEN_LINES_PER_TEXT = 540  # the automatic text scale: a step per this many lines of screen


@dataclass(frozen=True)
class Box:
    """A rectangle in pixels."""

    x: int
    y: int
    w: int
    h: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h


@dataclass(frozen=True)
class Sizes:
    """The sprite sizes a theme draws with (theme.toml: tile, border, face, led), and the lines
    of text under the board area: the status line, and the live counters' panel below it when
    the player shows it (game/ui/live.py)."""

    tile: int = 16
    border: int = 8
    face: int = 24
    led_w: int = 11
    led_h: int = 21
    status_lines: int = 1

    def times(self, factor: int) -> Sizes:
        """The sizes of the sprites scaled by a whole `factor` (text lines stay as many)."""
        if factor == 1:
            return self
        scaled = (factor * v for v in (self.tile, self.border, self.face, self.led_w, self.led_h))
        return Sizes(*scaled, self.status_lines)


@dataclass(frozen=True)
class Layout:
    """The canvas for a board of `rows` x `cols` of which `view_rows` x `view_cols` show.

    The canvas is in window pixels, its top-left at (`origin_x`, `origin_y`) in the window.
    `sizes` are the sprites' as drawn, `factor` (the board's zoom) times the theme's; `text`
    is the text scale (`fit` makes all three)."""

    rows: int
    cols: int
    view_rows: int
    view_cols: int
    text: int = 1
    origin_x: int = 0  # where the canvas starts in the window
    origin_y: int = 0
    sizes: Sizes = Sizes()
    led_digits: int = LED_DIGITS  # of the mine counter: `led_digits_for(mines)`
    factor: int = 1  # the sprites' scale on the canvas: the board's zoom

    @property
    def zoom(self) -> int:
        """The board's zoom: window pixels a pixel of the theme's sprites takes."""
        return self.factor

    # ---- the canvas ----------------------------------------------------------------------

    def _half(self, room: int) -> int:
        """Half of `room` for centring, rounded down to a whole pixel of the theme's (so the
        same sprite pixels land on the same window pixels whatever the text scale)."""
        return room // self.factor // 2 * self.factor

    @cached_property
    def bar_room(self) -> tuple[int, int]:
        """Pixels the scroll bars take beside and under the board: a bar only in a direction
        the board is larger than its view."""
        bar = SCROLLBAR * self.factor
        return (bar if self.view_rows < self.rows else 0, bar if self.view_cols < self.cols else 0)

    @cached_property
    def area(self) -> Box:
        """The board area inside the frame (at least MIN_AREA_W x MIN_AREA_H text pixels; the
        board and its scroll bars are centred in it)."""
        s, f, t = self.sizes, self.factor, self.text
        bw, bh = self.bar_room
        w = max(self.view_cols * s.tile + bw, MIN_AREA_W * t, toolbar_width(s, self.led_digits, f))
        h = max(self.view_rows * s.tile + bh, MIN_AREA_H * t)
        return Box(s.border, MENU_HEIGHT * t + 2 * s.border + TOOLBAR_HEIGHT * f, w, h)

    @cached_property
    def board(self) -> Box:
        """The visible tiles, centred in the board area (with the scroll bars beside them)."""
        a = self.area
        t = self.sizes.tile
        bw, bh = self.bar_room
        w, h = self.view_cols * t, self.view_rows * t
        return Box(a.x + self._half(a.w - bw - w), a.y + self._half(a.h - bh - h), w, h)

    @cached_property
    def vbar(self) -> Box | None:
        """The vertical scroll bar's track, right of the board; None when all rows show."""
        b = self.board
        return Box(b.right, b.y, self.bar_room[0], b.h) if self.bar_room[0] else None

    @cached_property
    def hbar(self) -> Box | None:
        """The horizontal scroll bar's track, under the board; None when all columns show."""
        b = self.board
        return Box(b.x, b.bottom, b.w, self.bar_room[1]) if self.bar_room[1] else None

    @cached_property
    def status(self) -> Box:
        """The message line under the board area."""
        a = self.area
        return Box(a.x, a.bottom, a.w, STATUS_HEIGHT * self.text)

    @cached_property
    def panel(self) -> Box:
        """The live counters' lines under the status line (no height when not shown)."""
        s = self.status
        return Box(s.x, s.bottom, s.w, STATUS_HEIGHT * self.text * (self.sizes.status_lines - 1))

    @cached_property
    def canvas_size(self) -> tuple[int, int]:
        a = self.area
        return a.right + self.sizes.border, self.panel.bottom + self.sizes.border

    @cached_property
    def menu_bar(self) -> Box:
        """The strip of menu titles along the top of the canvas, above the frame."""
        return Box(0, 0, self.canvas_size[0], MENU_HEIGHT * self.text)

    @cached_property
    def frame(self) -> Box:
        """What the theme's frame goes round: the canvas under the menu bar."""
        w, h = self.canvas_size
        top = self.menu_bar.h
        return Box(0, top, w, h - top)

    def on_menu_bar(self, x: int, y: int) -> bool:
        point = self.canvas_point(x, y)
        return point is not None and self.menu_bar.contains(*point)

    @cached_property
    def toolbar(self) -> Box:
        b = self.sizes.border
        return Box(b, self.menu_bar.h + b, self.area.w, TOOLBAR_HEIGHT * self.factor)

    @cached_property
    def face(self) -> Box:
        t = self.toolbar
        f = self.sizes.face
        return Box(t.x + self._half(t.w - f), t.y + self._half(t.h - f), f, f)

    def _led_box(self, x: int, digits: int) -> Box:
        s, f = self.sizes, self.factor
        t = self.toolbar
        w, h = led_width(s, digits, f), s.led_h + 2 * f
        return Box(x, t.y + self._half(t.h - h), w, h)

    @cached_property
    def counter(self) -> Box:
        return self._led_box(self.toolbar.x + PANEL_PAD * self.factor, self.led_digits)

    @cached_property
    def timer(self) -> Box:
        w = led_width(self.sizes, TIMER_DIGITS, self.factor)
        return self._led_box(self.toolbar.right - PANEL_PAD * self.factor - w, TIMER_DIGITS)

    # ---- the text's own pixels -----------------------------------------------------------

    @cached_property
    def text_size(self) -> tuple[int, int]:
        """The canvas in text pixels: where menus and dialogs are placed."""
        w, h = self.canvas_size
        return w // self.text, h // self.text

    def in_text(self, box: Box, *, outward: bool = False) -> Box:
        """The largest box of whole text pixels inside a canvas box (`outward`: the smallest
        that covers it)."""
        t = self.text
        if outward:
            x, y = box.x // t, box.y // t
            return Box(x, y, -(-box.right // t) - x, -(-box.bottom // t) - y)
        x, y = -(-box.x // t), -(-box.y // t)  # rounded up
        return Box(x, y, max(0, box.right // t - x), max(0, box.bottom // t - y))

    def from_text(self, box: Box) -> Box:
        """A box of text pixels as canvas pixels."""
        t = self.text
        return Box(box.x * t, box.y * t, box.w * t, box.h * t)

    def text_point(self, x: int, y: int) -> tuple[int, int] | None:
        """A window pixel as a text pixel, or None in the margin: what menus and dialogs are
        given, as the board is given `canvas_point`."""
        point = self.canvas_point(x, y)
        return None if point is None else (point[0] // self.text, point[1] // self.text)

    # ---- cells <-> pixels ----------------------------------------------------------------

    def cell_rect(self, row: int, col: int, top: int = 0, left: int = 0) -> Box | None:
        """The canvas box of a cell when the view starts at (top, left); None if not shown."""
        r, c = row - top, col - left
        if not (0 <= r < self.view_rows and 0 <= c < self.view_cols):
            return None
        t = self.sizes.tile
        b = self.board
        return Box(b.x + c * t, b.y + r * t, t, t)

    def window_box(self, box: Box) -> Box:
        """Where a canvas box is shown in the window: the inverse of `canvas_point`, and the
        only place the display takes positions from."""
        return Box(self.origin_x + box.x, self.origin_y + box.y, box.w, box.h)

    def canvas_point(self, x: int, y: int) -> tuple[int, int] | None:
        """A window pixel as a canvas pixel, or None in the margin. Every mouse position goes
        through here, so a click means the canvas pixel the display shows under it."""
        cx, cy = x - self.origin_x, y - self.origin_y
        w, h = self.canvas_size
        return (cx, cy) if 0 <= cx < w and 0 <= cy < h else None

    def cell_at(self, x: int, y: int, top: int = 0, left: int = 0) -> tuple[int, int] | None:
        """The (row, col) under a window pixel, or None off the board (menu bar, toolbar,
        frame, margin)."""
        point = self.canvas_point(x, y)
        if point is None:
            return None
        b = self.board
        bx, by = point[0] - b.x, point[1] - b.y
        if bx < 0 or by < 0 or bx >= b.w or by >= b.h:
            return None
        t = self.sizes.tile
        return top + by // t, left + bx // t

    def board_units(
        self, x: int, y: int, top: int = 0, left: int = 0, *, anywhere: bool = False
    ) -> tuple[int, int] | None:
        """A window pixel over the board as board units, 16 a cell from the board's top-left
        corner whatever the zoom and scroll (how a journal keeps the pointer, docs/FORMATS.md);
        None off the board, or (`anywhere`) off the canvas: a button's place off the board is
        kept, for a release there opens nothing."""
        point = self.canvas_point(x, y)
        if point is None:
            return None
        b = self.board
        bx, by = point[0] - b.x, point[1] - b.y
        if not anywhere and (bx < 0 or by < 0 or bx >= b.w or by >= b.h):
            return None
        t = self.sizes.tile
        return (left * t + bx) * UNIT // t, (top * t + by) * UNIT // t

    def on_face(self, x: int, y: int) -> bool:
        point = self.canvas_point(x, y)
        return point is not None and self.face.contains(*point)


def led_digits_for(mines: int) -> int:
    """Digits of the mine counter for a board of `mines`: enough for the count (39,999 on
    200 x 200 takes five), never fewer than the classic three."""
    return max(LED_DIGITS, len(str(max(0, mines))))


def led_width(sizes: Sizes, digits: int, factor: int = 1) -> int:
    """An LED panel of `digits`, with its sunken rim (a pixel of the theme's wide)."""
    return digits * sizes.led_w + 2 * factor


def toolbar_width(sizes: Sizes, led_digits: int = LED_DIGITS, factor: int = 1) -> int:
    """The narrowest toolbar that holds the counter, the face and the timer apart."""
    counter, timer = led_width(sizes, led_digits, factor), led_width(sizes, TIMER_DIGITS, factor)
    # the face is centred, so the wider panel sets the room on both of its sides
    side = PANEL_PAD * factor + max(counter, timer)
    return max(counter + timer, 2 * (side + FACE_GAP * factor) + sizes.face)


def chrome_size(sizes: Sizes, factor: int = 1, text: int = 1) -> tuple[int, int]:
    """Canvas pixels that are not board tiles (menu bar, frame, toolbar and status line), width
    and height; `sizes` as drawn, `factor` times the theme's; text at `text`."""
    status = STATUS_HEIGHT * sizes.status_lines
    return 2 * sizes.border, (
        (MENU_HEIGHT + status) * text + 3 * sizes.border + TOOLBAR_HEIGHT * factor
    )


def auto_text(screen_height: int) -> int:
    """The text scale when the player has chosen none: a step per SCREEN_LINES_PER_TEXT lines
    of the screen's full height (2 at 1080 lines, 4 at 2160), from 1 to MAX_TEXT."""
    return max(1, min(MAX_TEXT, screen_height // SCREEN_LINES_PER_TEXT))


def text_for(
    window: tuple[int, int],
    zoom: int,
    wanted: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> int:
    """The text scale a window gets: `wanted`, or the largest below it at which the window
    holds the smallest canvas (one cell, the toolbar, a dialog's room), so that a window too
    small for dialogs at `wanted` gets them a step smaller; 1 when none does."""
    for text in range(wanted, 1, -1):
        if fits(smallest_canvas_size(sizes, led_digits, zoom, text), window):
            return text
    return 1


def fit(
    rows: int,
    cols: int,
    window: tuple[int, int],
    zoom: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> Layout:
    """The layout of a board in a window at the board's zoom and (as far as the window holds
    it, `text_for`) the text scale `text`: as much board as fits, centred, with room for a
    scroll bar in each direction the board does not fit."""
    text = text_for(window, zoom, text, sizes, led_digits)
    sizes = sizes.times(zoom)
    cw, ch = chrome_size(sizes, zoom, text)
    ww, wh = window
    room_w, room_h = ww - cw, wh - ch
    t, bar = sizes.tile, SCROLLBAR * zoom
    view_cols = max(1, min(cols, room_w // t))
    view_rows = max(1, min(rows, room_h // t))
    for _ in range(2):  # one bar can take the room that made the other unneeded
        if view_rows < rows:
            view_cols = max(1, min(cols, (room_w - bar) // t))
        if view_cols < cols:
            view_rows = max(1, min(rows, (room_h - bar) // t))
    probe = Layout(rows, cols, view_rows, view_cols, text, 0, 0, sizes, led_digits, zoom)
    w, h = probe.canvas_size
    return Layout(
        rows,
        cols,
        view_rows,
        view_cols,
        text,
        max(0, (ww - w) // 2),
        max(0, (wh - h) // 2),
        sizes,
        led_digits,
        zoom,
    )


# The sizing helpers below are pure and asked the same question many times (the Options'
# zoom row tries every zoom of the same board), so their answers are kept.
@lru_cache(maxsize=256)
def window_size(
    rows: int,
    cols: int,
    zoom: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> tuple[int, int]:
    """The window that shows the whole board at `zoom`, its text at `text`."""
    lay = Layout(rows, cols, rows, cols, text, 0, 0, sizes.times(zoom), led_digits, zoom)
    return lay.canvas_size


def fits(size: tuple[int, int], space: tuple[int, int]) -> bool:
    """Whether a window of `size` fits `space`, both ways."""
    return size[0] <= space[0] and size[1] <= space[1]


def best_scale(
    rows: int,
    cols: int,
    space: tuple[int, int],
    most: int = MAX_SCALE,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> int:
    """The largest whole zoom, at most `most`, at which the whole board fits `space` (>= 1)."""
    for zoom in range(min(most, MAX_SCALE), 1, -1):
        if fits(window_size(rows, cols, zoom, sizes, led_digits, text), space):
            return zoom
    return 1


def first_zoom(
    rows: int,
    cols: int,
    space: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> int:
    """The zoom a board opens at when the player has chosen none: the largest, at most
    FIRST_MAX_ZOOM, at which the whole board fits FIRST_SCREEN_SHARE of the usable screen."""
    share = (int(space[0] * FIRST_SCREEN_SHARE), int(space[1] * FIRST_SCREEN_SHARE))
    return best_scale(rows, cols, share, FIRST_MAX_ZOOM, sizes, led_digits, text)


@lru_cache(maxsize=256)
def smallest_canvas_size(
    sizes: Sizes = Sizes(), led_digits: int = LED_DIGITS, zoom: int = 1, text: int = 1
) -> tuple[int, int]:
    """The canvas of one visible cell: any board shows in it, scrolled, with the whole toolbar
    and room for a dialog. At zoom and text 1 it is the smallest window the game lets itself
    be made."""
    return Layout(1, 1, 1, 1, text, 0, 0, sizes.times(zoom), led_digits, zoom).canvas_size


def largest_scale(
    space: tuple[int, int], sizes: Sizes = Sizes(), led_digits: int = LED_DIGITS, text: int = 1
) -> int:
    """The largest zoom at which the smallest window (any board, scrolled) still fits (>= 1)."""
    return best_scale(1, 1, space, MAX_SCALE, sizes, led_digits, text)


def most_scale(
    rows: int,
    cols: int,
    space: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> int:
    """The largest zoom a board may have in `space`: the largest at which all of it shows; for
    a board that has to scroll even at 1x, the largest at which its window fits (`scroll_fits`)."""
    if fits(window_size(rows, cols, 1, sizes, led_digits, text), space):
        return best_scale(rows, cols, space, MAX_SCALE, sizes, led_digits, text)
    return most_scroll_zoom(rows, cols, space, sizes, led_digits, text)


def most_zoom(
    rows: int,
    cols: int,
    space: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> int:
    """The largest zoom a player may ask for with the keys or the wheel: the most at which
    all of the board shows, or a larger one at which a window on the screen holds a part of
    it, scrolled (a 100 x 100 board that fits a 2160-line screen only at 1x zooms in too)."""
    whole = most_scale(rows, cols, space, sizes, led_digits, text)
    return max(whole, most_scroll_zoom(rows, cols, space, sizes, led_digits, text))


def scroll_fits(
    rows: int,
    cols: int,
    room: tuple[int, int],
    zoom: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> bool:
    """Whether the window a board gets at `zoom` in `room` (the whole board's, cut to the room)
    holds all of its layout: the menu bar, the toolbar, some board and the status line."""
    want = window_size(rows, cols, zoom, sizes, led_digits, text)
    window = (min(want[0], room[0]), min(want[1], room[1]))
    lay = fit(rows, cols, window, zoom, sizes, led_digits, text)
    return fits(lay.canvas_size, window)


def most_scroll_zoom(
    rows: int,
    cols: int,
    room: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
) -> int:
    """The largest zoom, at most SCROLL_MAX_ZOOM, at which a board that scrolls fits `room`."""
    for zoom in range(SCROLL_MAX_ZOOM, 1, -1):
        if scroll_fits(rows, cols, room, zoom, sizes, led_digits, text):
            return zoom
    return 1


def scale_for_window(
    rows: int,
    cols: int,
    window: tuple[int, int],
    wish: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
    text: int = 1,
    *,
    auto: bool = False,
) -> int:
    """The zoom for a window the player sized: the zoom wished for, or the largest below it
    that the window holds: all of the board where it fits at 1x, else its scrolled window. A
    smaller window lowers the zoom, and a larger one brings the wish back. `auto` (no zoom
    chosen): a board the window shows whole takes the largest zoom that shows it."""
    if fits(window_size(rows, cols, 1, sizes, led_digits, text), window):
        most = MAX_SCALE if auto else wish
        return best_scale(rows, cols, window, most, sizes, led_digits, text)
    return max(1, min(wish, most_scroll_zoom(rows, cols, window, sizes, led_digits, text)))
