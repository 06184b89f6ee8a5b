"""Where things are: pure geometry of the canvas and the window, no pygame and no state.

The canvas: the menu bar along its top, then a frame around the toolbar (counter, face, timer)
and the visible part of the board, then the status line. The window shows it scaled by a whole
number, the text zoom, centred, with a plain margin around. The board's zoom is the text zoom
times a whole factor: the theme's sprites, and every size of the frame, toolbar and board, are
that factor larger on the canvas (the sheet scaled once, game/ui/sheets.py), while text keeps
the font's own size; so a narrow board leaves its text the window's room (`text_zoom`).
Pixels are (x, y); cells are (row, col); the two never share a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

MENU_HEIGHT = 14  # the menu bar above the frame: a line of text with room for its highlight
TOOLBAR_HEIGHT = 32  # inside the frame: the 24 px face with 4 px above and below
# The board area is at least this big, so dialogs and a board code (24 characters) have room.
MIN_AREA_W = 160
MIN_AREA_H = 144
STATUS_HEIGHT = 14  # a line of text under the board: results, notes, hints
LED_DIGITS = 3  # the fewest digits of the mine counter, and the timer's (it stops at 999)
TIMER_DIGITS = 3
PANEL_PAD = 5  # from the frame to the counter and the timer
FACE_GAP = 4  # at least this between the face and a counter
MAX_SCALE = 8
SCROLLBAR = 10  # a scroll bar's thickness (a pixel of gap and its well), beside and under a
# board larger than its view
# The narrowest canvas text is given where a lower text zoom can give it (`text_zoom`): at the
# shipped 6-pixel font, the status line holds a board code with its label and "No guess" in
# words (40 characters) and every row of the key table in F1 help is one line (38).
TEXT_MIN_W = 264
FIRST_MAX_ZOOM = 4  # the zoom on first start: the largest whole board that fits
FIRST_SCREEN_SHARE = 0.8  # this share of the usable screen, and at most this zoom
SCROLL_MAX_ZOOM = 4  # the most zoom of a board that scrolls (issue 24's range, 1-4)


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
    """The sprite sizes a theme draws with (theme.toml: tile, border, face, led)."""

    tile: int = 16
    border: int = 8
    face: int = 24
    led_w: int = 11
    led_h: int = 21

    def times(self, factor: int) -> Sizes:
        """The sizes of the sprites scaled by a whole `factor`."""
        if factor == 1:
            return self
        return Sizes(
            *(factor * v for v in (self.tile, self.border, self.face, self.led_w, self.led_h))
        )


@dataclass(frozen=True)
class Layout:
    """The canvas for a board of `rows` x `cols` of which `view_rows` x `view_cols` show.

    `scale` is the text zoom, the canvas's own in the window; `sizes` are the sprites' as drawn
    on the canvas, `factor` times the theme's (`fit` makes both), so the board's zoom is
    `scale * factor`."""

    rows: int
    cols: int
    view_rows: int
    view_cols: int
    scale: int = 1
    origin_x: int = 0  # where the scaled canvas starts in the window
    origin_y: int = 0
    sizes: Sizes = Sizes()
    led_digits: int = LED_DIGITS  # of the mine counter: `led_digits_for(mines)`
    factor: int = 1  # the sprites' scale on the canvas: the board's zoom / the text zoom

    @property
    def zoom(self) -> int:
        """The board's zoom: window pixels a pixel of the theme's sprites takes."""
        return self.scale * self.factor

    # ---- the canvas ----------------------------------------------------------------------

    def _half(self, room: int) -> int:
        """Half of `room` (a multiple of the factor) for centring, rounded down as it is at
        the theme's own size: the same pixels on screen at any text zoom."""
        return room // self.factor // 2 * self.factor

    @cached_property
    def bar_room(self) -> tuple[int, int]:
        """Pixels the scroll bars take beside and under the board: a bar only in a direction
        the board is larger than its view."""
        bar = SCROLLBAR * self.factor
        return (bar if self.view_rows < self.rows else 0, bar if self.view_cols < self.cols else 0)

    @cached_property
    def area(self) -> Box:
        """The board area inside the frame (at least MIN_AREA_W x MIN_AREA_H; the board and
        its scroll bars are centred in it)."""
        s, f = self.sizes, self.factor
        bw, bh = self.bar_room
        w = max(self.view_cols * s.tile + bw, MIN_AREA_W * f, toolbar_width(s, self.led_digits, f))
        h = max(self.view_rows * s.tile + bh, MIN_AREA_H * f)
        return Box(s.border, MENU_HEIGHT + 2 * s.border + TOOLBAR_HEIGHT * f, w, h)

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
        return Box(a.x, a.bottom, a.w, STATUS_HEIGHT)

    @cached_property
    def canvas_size(self) -> tuple[int, int]:
        a = self.area
        return a.right + self.sizes.border, self.status.bottom + self.sizes.border

    @cached_property
    def menu_bar(self) -> Box:
        """The strip of menu titles along the top of the canvas, above the frame."""
        return Box(0, 0, self.canvas_size[0], MENU_HEIGHT)

    @cached_property
    def frame(self) -> Box:
        """What the theme's frame goes round: the canvas under the menu bar."""
        w, h = self.canvas_size
        return Box(0, MENU_HEIGHT, w, h - MENU_HEIGHT)

    def on_menu_bar(self, x: int, y: int) -> bool:
        point = self.canvas_point(x, y)
        return point is not None and self.menu_bar.contains(*point)

    @cached_property
    def toolbar(self) -> Box:
        b = self.sizes.border
        return Box(b, MENU_HEIGHT + b, self.area.w, TOOLBAR_HEIGHT * self.factor)

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
        s = self.scale
        return Box(self.origin_x + box.x * s, self.origin_y + box.y * s, box.w * s, box.h * s)

    def canvas_point(self, x: int, y: int) -> tuple[int, int] | None:
        """A window pixel as a canvas pixel, or None in the margin. Every mouse position goes
        through here, so a click means the canvas pixel the display shows under it."""
        dx, dy = x - self.origin_x, y - self.origin_y
        if dx < 0 or dy < 0:  # before dividing: // rounds towards minus infinity
            return None
        cx, cy = dx // self.scale, dy // self.scale
        w, h = self.canvas_size
        return (cx, cy) if cx < w and cy < h else None

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


def chrome_size(sizes: Sizes, factor: int = 1) -> tuple[int, int]:
    """Canvas pixels that are not board tiles (menu bar, frame, toolbar and status line), width
    and height; `sizes` as drawn, `factor` times the theme's."""
    return 2 * sizes.border, (
        MENU_HEIGHT + 3 * sizes.border + TOOLBAR_HEIGHT * factor + STATUS_HEIGHT
    )


def text_zoom(zoom: int, shown_w: int) -> int:
    """The canvas's scale for a board at `zoom` whose frame is `shown_w` window pixels wide: the
    largest whole number that divides the zoom and leaves the canvas at least TEXT_MIN_W wide
    (1 when none does). The sprites are scaled by the rest of the zoom (`Layout.factor`), so
    the board looks the same whichever is chosen; text gets the room."""
    for t in range(zoom, 1, -1):
        if zoom % t == 0 and shown_w // t >= TEXT_MIN_W:
            return t
    return 1


def fit(
    rows: int,
    cols: int,
    window: tuple[int, int],
    zoom: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> Layout:
    """The layout of a board in a window at the board's zoom: as much board as fits, centred,
    with room for a scroll bar in each direction the board does not fit. The text zoom is
    chosen by the width the whole board's frame takes at that zoom, or the window's when it
    is narrower (as `window_size` chooses it for the window it makes)."""
    shown_w = min(full_canvas_size(rows, cols, sizes, led_digits)[0] * zoom, window[0])
    t = text_zoom(zoom, shown_w)
    return fit_at(rows, cols, window, t, zoom // t, sizes, led_digits)


def fit_at(
    rows: int,
    cols: int,
    window: tuple[int, int],
    scale: int,
    factor: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> Layout:
    """`fit` at a given text zoom (`scale`) and sprite factor, the board's zoom their product
    (`fit` chooses the text zoom; tests try every one)."""
    sizes = sizes.times(factor)
    cw, ch = chrome_size(sizes, factor)
    ww, wh = window
    room_w, room_h = ww // scale - cw, wh // scale - ch
    t, bar = sizes.tile, SCROLLBAR * factor
    view_cols = max(1, min(cols, room_w // t))
    view_rows = max(1, min(rows, room_h // t))
    for _ in range(2):  # one bar can take the room that made the other unneeded
        if view_rows < rows:
            view_cols = max(1, min(cols, (room_w - bar) // t))
        if view_cols < cols:
            view_rows = max(1, min(rows, (room_h - bar) // t))
    probe = Layout(rows, cols, view_rows, view_cols, scale, 0, 0, sizes, led_digits, factor)
    w, h = probe.canvas_size
    return Layout(
        rows,
        cols,
        view_rows,
        view_cols,
        scale,
        max(0, (ww - w * scale) // 2),
        max(0, (wh - h * scale) // 2),
        sizes,
        led_digits,
        factor,
    )


# The sizing helpers below are pure and asked the same question many times (the Options'
# zoom row tries every zoom of the same board), so their answers are kept.
@lru_cache(maxsize=256)
def full_canvas_size(
    rows: int, cols: int, sizes: Sizes = Sizes(), led_digits: int = LED_DIGITS
) -> tuple[int, int]:
    """The canvas at 1x when the whole board shows."""
    return Layout(rows, cols, rows, cols, sizes=sizes, led_digits=led_digits).canvas_size


@lru_cache(maxsize=256)
def window_size(
    rows: int, cols: int, zoom: int, sizes: Sizes = Sizes(), led_digits: int = LED_DIGITS
) -> tuple[int, int]:
    """The window that shows the whole board at `zoom`, its text at the text zoom `fit`
    chooses there: as wide as the canvas at 1x times the zoom; the menu bar and the status
    line are as tall as text at the text zoom."""
    w, h = full_canvas_size(rows, cols, sizes, led_digits)
    t = text_zoom(zoom, w * zoom)
    if t == zoom:
        return w * zoom, h * zoom
    f = zoom // t
    lay = Layout(rows, cols, rows, cols, t, 0, 0, sizes.times(f), led_digits, f)
    w, h = lay.canvas_size
    return w * t, h * t


def _fits(size: tuple[int, int], space: tuple[int, int]) -> bool:
    return size[0] <= space[0] and size[1] <= space[1]


def best_scale(
    rows: int,
    cols: int,
    space: tuple[int, int],
    most: int = MAX_SCALE,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> int:
    """The largest whole zoom, at most `most`, at which the whole board fits `space` (>= 1)."""
    for zoom in range(min(most, MAX_SCALE), 1, -1):
        if _fits(window_size(rows, cols, zoom, sizes, led_digits), space):
            return zoom
    return 1


def first_zoom(
    rows: int,
    cols: int,
    space: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> int:
    """The zoom a board opens at when the player has chosen none: the largest, at most
    FIRST_MAX_ZOOM, at which the whole board fits FIRST_SCREEN_SHARE of the usable screen."""
    share = (int(space[0] * FIRST_SCREEN_SHARE), int(space[1] * FIRST_SCREEN_SHARE))
    return best_scale(rows, cols, share, FIRST_MAX_ZOOM, sizes, led_digits)


def smallest_canvas_size(sizes: Sizes = Sizes(), led_digits: int = LED_DIGITS) -> tuple[int, int]:
    """The canvas of one visible cell: any board shows in it, scrolled, with the whole toolbar.
    At 1x it is the smallest window the game lets itself be made."""
    return Layout(1, 1, 1, 1, sizes=sizes, led_digits=led_digits).canvas_size


def largest_scale(
    space: tuple[int, int], sizes: Sizes = Sizes(), led_digits: int = LED_DIGITS
) -> int:
    """The largest zoom at which the smallest window (any board, scrolled) still fits (>= 1)."""
    return best_scale(1, 1, space, MAX_SCALE, sizes, led_digits)


def most_scale(
    rows: int,
    cols: int,
    space: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> int:
    """The largest zoom a board may have in `space`: the largest at which all of it shows; for
    a board that has to scroll even at 1x, the largest at which its window fits (`scroll_fits`)."""
    if _fits(full_canvas_size(rows, cols, sizes, led_digits), space):
        return best_scale(rows, cols, space, MAX_SCALE, sizes, led_digits)
    return most_scroll_zoom(rows, cols, space, sizes, led_digits)


def scroll_fits(
    rows: int,
    cols: int,
    room: tuple[int, int],
    zoom: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> bool:
    """Whether the window a board gets at `zoom` in `room` (the whole board's, cut to the room)
    holds all of its layout: the menu bar, the toolbar, some board and the status line, each
    at the text zoom `fit` chooses for it. The smallest window's check (`largest_scale`)
    is not enough: a wide window takes a larger text zoom, and so a taller frame."""
    want = window_size(rows, cols, zoom, sizes, led_digits)
    window = (min(want[0], room[0]), min(want[1], room[1]))
    lay = fit(rows, cols, window, zoom, sizes, led_digits)
    return _fits((lay.canvas_size[0] * lay.scale, lay.canvas_size[1] * lay.scale), window)


def most_scroll_zoom(
    rows: int,
    cols: int,
    room: tuple[int, int],
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> int:
    """The largest zoom, at most SCROLL_MAX_ZOOM, at which a board that scrolls fits `room`."""
    for zoom in range(SCROLL_MAX_ZOOM, 1, -1):
        if scroll_fits(rows, cols, room, zoom, sizes, led_digits):
            return zoom
    return 1


def scale_for_window(
    rows: int,
    cols: int,
    window: tuple[int, int],
    current: int,
    sizes: Sizes = Sizes(),
    led_digits: int = LED_DIGITS,
) -> int:
    """The zoom for a window the player sized: the largest at which the whole board shows;
    a board that scrolls anyway keeps its zoom, as far as the window allows."""
    if _fits(full_canvas_size(rows, cols, sizes, led_digits), window):
        return best_scale(rows, cols, window, MAX_SCALE, sizes, led_digits)
    return max(1, min(current, most_scroll_zoom(rows, cols, window, sizes, led_digits)))
