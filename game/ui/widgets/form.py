"""The form: a framed panel with a title bar over rows of widgets and a row of buttons, sized
to its words in the room there is (its rows scroll above the buttons where nothing else fits),
and the focus, keys and clicks among its rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..layout import Box
from .base import (
    ACTIVATE_KEYS,
    PAD,
    PARAGRAPH_CHARS,
    ROW_GAP,
    SCROLLBAR_W,
    THIN,
    UNBOUNDED,
    Metrics,
    Style,
    Widget,
    bevel,
    inset,
    outline,
    rect,
    shorten,
    style_for,
    text,
)
from .controls import Button, Buttons, Field, Label, Pairs
from .lists import ListBox, scroll_bar, thumb

TITLE_PAD = 2  # around the title's text in its bar


class Form:
    """A framed panel with a title bar over rows of widgets and a row of buttons.

    `layout` sizes it to its content and centres it over `area`, inside `bounds` (the canvas)
    when it does not fit the area; it uses the theme's frame sprites where they fit and a thin
    drawn frame where they do not. `handle` gives the id of the button that acted (Enter: the
    focused or default button; Esc: the cancel button) or None.
    """

    def __init__(
        self,
        title: str,
        rows: Sequence[Widget],
        buttons: Sequence[Button] = (),
        *,
        default: str | None = None,
        cancel: str | None = None,
    ) -> None:
        self.title = title
        self.rows = list(rows)
        self.button_row = Buttons(buttons) if buttons else None
        self.default = default
        self.cancel = cancel
        for b in self.buttons():
            b.default = b.id == default
        choices = self.focusables()
        first = next((w for w in choices if not isinstance(w, Button)), None)
        first = first or next((b for b in self.buttons() if b.default), None)
        self.focused: Widget | None = first or (choices[0] if choices else None)
        self.mouse: tuple[int, int] | None = None  # the last canvas point the mouse was at
        self.box = Box(0, 0, 0, 0)
        self.title_box = Box(0, 0, 0, 0)
        self.framed = False  # drawn with the theme's frame sprites
        self._placing: tuple[Metrics, Box, Box] | None = None
        # (what the sizes were worked out from, framed, the room, each row's size): a form is
        # placed again on every event and draw, mostly with nothing changed
        self._sized: tuple = (None, False, Box(0, 0, 0, 0), [])
        # the least size of the panel (a dialog of pages keeps one size: its largest page's);
        # the button row then stays at the bottom
        self.least = (0, 0)
        # Rows too tall for the canvas even with their lists shrunk scroll, above the buttons:
        # whether they do (worked out with the sizes), where they show (None: they do not
        # scroll), how far they are scrolled and how tall they are, in pixels.
        self._scrolling = False
        self.view: Box | None = None
        self.scroll = 0
        self.scroll_h = 0
        self._shown_focus: Widget | None = None  # the focus the view last moved to show

    # ---- what it holds ----

    def buttons(self) -> list[Button]:
        return self.button_row.buttons if self.button_row else []

    def widgets(self) -> list[Widget]:
        return self.rows + ([self.button_row] if self.button_row else [])

    def focusables(self) -> list[Widget]:
        return [w for w in self.rows if w.focusable] + self.buttons()

    def find(self, id: str) -> Widget | None:
        """The field, list or button with this id."""
        return next((w for w in self.focusables() if getattr(w, "id", None) == id), None)

    def values(self) -> dict[str, str]:
        """Every text field's value, by id."""
        return {w.id: w.value for w in self.rows if isinstance(w, Field)}

    # ---- geometry ----

    def layout(self, m: Metrics, area: Box, bounds: Box | None = None) -> Box:
        """Size and place everything; returns the panel's box (also `self.box`)."""
        self._placing = (m, area, bounds or area)
        self._place()
        return self.box

    @property
    def placing(self) -> tuple[Metrics, Box, Box] | None:
        """The room it was last laid out in (None: not yet)."""
        return self._placing

    def _chrome(self, m: Metrics, framed: bool) -> tuple[int, int, int]:
        """Frame thickness, the title bar's height, and the height of frame and title."""
        edge = m.border if framed else THIN
        title_h = m.glyph_h + 2 * TITLE_PAD
        below_title = m.border if framed else 1
        return edge, title_h, edge + title_h + below_title + edge + 2 * PAD

    def _label_chars(self, chars: int) -> int:
        """One label column for the whole form: as wide as the longest label when the values
        still fit beside it, else at most half the width (the labels then wrap)."""
        pairs = [w for w in self.rows if isinstance(w, Pairs)]
        fields = [w for w in self.rows if isinstance(w, Field) and w.label]
        labels = [w.natural_label_chars() for w in pairs] + [len(w.label) for w in fields]
        values = [len(b) for w in pairs for _, b in w.rows] + [w.max_len + 1 for w in fields]
        room = max((chars - 1) // 2, chars - 1 - max(values, default=0))
        return min(max(labels, default=0), max(1, room))

    def _measure(self, m: Metrics, max_w: int) -> list[tuple[int, int]]:
        """Each row's size at `max_w` (the sizes each row keeps make a width tried before, or
        the same rows in another form, cost a look-up)."""
        label_chars = self._label_chars(max_w // m.glyph_w)
        for w in self.rows:
            if isinstance(w, Pairs | Field):
                w.label_chars = label_chars
        widgets = self.widgets()
        sizes = [None if isinstance(w, Label) else w.measured(m, max_w) for w in widgets]
        # Paragraphs wrap to the other rows' width, or a comfortable measure, not the room.
        widest = max([s[0] for s in sizes if s is not None] + [PARAGRAPH_CHARS * m.glyph_w])
        text_w = min(max_w, widest)
        return [s or w.measured(m, text_w) for w, s in zip(widgets, sizes, strict=True)]

    def _fits(
        self, m: Metrics, room: Box, framed: bool, wanted: list[tuple[int, int]]
    ) -> list[tuple[int, int]] | None:
        """The rows' sizes in `room` if the form fits it, else None; `wanted`: their sizes with
        nothing holding them in (a row other than a paragraph may not be cut)."""
        edge, _, chrome_h = self._chrome(m, framed)
        max_w = room.w - 2 * edge - 2 * PAD
        if max_w < 8 * m.glyph_w:
            return None
        widgets = self.widgets()
        for w, (wide, _) in zip(widgets, wanted, strict=True):
            if not isinstance(w, Label) and wide > max_w:
                return None
        # rows that all measure here as with nothing round them need no measuring again
        natural = all(w.natural for w in widgets)
        sizes = list(wanted) if natural else self._measure(m, max_w)
        return sizes if chrome_h + self._content_h(sizes) <= room.h else None

    def _content_h(self, sizes: list[tuple[int, int]]) -> int:
        return sum(h for _, h in sizes) + ROW_GAP * max(0, len(sizes) - 1)

    def _sizing_key(self) -> tuple | None:
        """What the rows' sizes are worked out from: the room, the rows themselves and what
        each measures (its words, not the widget); None when a row cannot say."""
        widgets = self.widgets()
        keys = tuple(w.measure_key() for w in widgets)
        if None in keys:
            return None
        return self._placing, tuple(widgets + self.buttons()), keys

    def _size(self) -> None:
        """Choose the room and the frame, and measure each row there (once for a room and
        the rows' words: `_sizing_key`)."""
        key = self._sizing_key()
        if key is not None and key == self._sized[0]:
            return
        m, area, bounds = self._placing
        wanted = self._measure(m, UNBOUNDED)
        tries = [(area, True), (area, False), (bounds, True), (bounds, False)]
        for room, framed in tries:
            sizes = self._fits(m, room, framed, wanted)
            if sizes is not None:
                break
        edge, _, chrome_h = self._chrome(m, framed)
        if sizes is None:  # nothing fits: the whole canvas, drawn thin, and lists shrink
            sizes = self._measure(m, room.w - 2 * edge - 2 * PAD)
        self._shrink_lists(m, sizes, room.h - chrome_h)
        self._scrolling = bool(self.rows) and chrome_h + self._content_h(sizes) > room.h
        if self._scrolling:  # still too tall: the rows scroll
            sizes = self._scrolled_sizes(m, room.w - 2 * edge - 2 * PAD, room.h - chrome_h, sizes)
        # the key as measuring left it: the form set each label column on the way
        self._sized = (key and self._sizing_key(), framed, room, sizes)

    def _place(self) -> None:
        self._size()
        m, area, _ = self._placing
        _, framed, room, sizes = self._sized
        self.framed = framed
        edge, title_h, chrome_h = self._chrome(m, framed)
        max_w = room.w - 2 * edge - 2 * PAD
        bar = SCROLLBAR_W + 1 if self._scrolling else 0  # the rows' scroll bar beside them
        widths = [w + (bar if k < len(self.rows) else 0) for k, (w, _) in enumerate(sizes)]
        content_w = max(widths + [m.text_w(self.title) + 2 * TITLE_PAD])
        content_w = min(max(content_w, self.least[0] - 2 * edge - 2 * PAD), max_w)
        w = content_w + 2 * edge + 2 * PAD
        h = min(room.h, max(chrome_h + self._content_h(sizes), self.least[1]))
        x = max(room.x, min(area.x + (area.w - w) // 2, room.right - w))
        y = max(room.y, min(area.y + (area.h - h) // 2, room.bottom - h))
        self.box = Box(x, y, w, h)
        self.title_box = Box(x + edge, y + edge, w - 2 * edge, title_h)
        below = m.border if framed else 1
        cy = self.title_box.bottom + below + PAD
        if self._scrolling:
            self._place_scrolled(m, sizes, x + edge + PAD, cy, content_w, y + h - edge - PAD)
            return
        self.view = None
        for widget, (_, wh) in zip(self.widgets(), sizes, strict=True):
            if widget is self.button_row:  # at the bottom, where `least` left room
                cy = max(cy, self.box.bottom - edge - PAD - wh)
            widget.place(m, Box(x + edge + PAD, cy, content_w, wh))
            cy += wh + ROW_GAP

    def _scrolled_sizes(
        self, m: Metrics, max_w: int, body_h: int, sizes: list[tuple[int, int]]
    ) -> list[tuple[int, int]]:
        """The rows' sizes where they scroll: measured narrower by the scroll bar beside them,
        each list as tall as the view allows (a list that scrolls itself, in a panel that
        scrolls, shows as many of its rows as it can); the buttons' as they were."""
        n = len(self.rows)
        rows, buttons = self._measure(m, max_w - SCROLLBAR_W - 1)[:n], sizes[n:]
        view_h = body_h - sum(h + ROW_GAP for _, h in buttons)
        for k, w in enumerate(self.rows):
            if isinstance(w, ListBox) and rows[k][1] > view_h:
                row_h = w.row_h(m)
                fewer = min(w.shown_max - 1, -(-(rows[k][1] - view_h) // row_h))
                rows[k] = (rows[k][0], rows[k][1] - fewer * row_h)
        return rows + buttons

    def _place_scrolled(
        self, m: Metrics, sizes: list[tuple[int, int]], left: int, top: int, width: int, bottom: int
    ) -> None:
        """The buttons at the bottom; the rows above them in the view, scrolled, which moves
        to show a row the focus moved to."""
        n = len(self.rows)
        if self.button_row is not None:
            bh = sizes[n][1]
            self.button_row.place(m, Box(left, bottom - bh, width, bh))
            bottom -= bh + ROW_GAP
        view = self.view = Box(left, top, width, bottom - top)
        offsets, y = [], 0
        for _w, h in sizes[:n]:
            offsets.append(y)
            y += h + ROW_GAP
        self.scroll_h = y - ROW_GAP
        if self.focused is not self._shown_focus and self.focused in self.rows:
            k = self.rows.index(self.focused)
            self.scroll = max(min(self.scroll, offsets[k]), offsets[k] + sizes[k][1] - view.h)
        self._shown_focus = self.focused
        self.scroll = max(0, min(self.scroll, self.scroll_h - view.h))
        for w, at, (_w, h) in zip(self.rows, offsets, sizes[:n], strict=True):
            w.place(m, Box(left, top + at - self.scroll, width - SCROLLBAR_W - 1, h))

    def scroll_by(self, pixels: int) -> None:
        """Scroll the rows (where they scroll) down by `pixels` (up where negative)."""
        if self.view is not None:
            self.scroll = max(0, min(self.scroll + pixels, self.scroll_h - self.view.h))
            self._place()

    def scroll_bar(self) -> Box:
        v = self.view
        return Box(v.right - SCROLLBAR_W, v.y, SCROLLBAR_W, v.h)

    def scroll_thumb(self) -> Box:
        return thumb(self.scroll_bar(), self.view.h, self.scroll_h, self.scroll)

    def _shrink_lists(self, m: Metrics, sizes: list[tuple[int, int]], room_h: int) -> None:
        """Lists give up rows (down to one) until the content fits the height."""
        over = self._content_h(sizes) - room_h
        for k, w in enumerate(self.widgets()):
            if over <= 0:
                break
            if isinstance(w, ListBox):
                row_h = w.row_h(m)
                rows = min(w.shown_max - 1, -(-over // row_h))
                if rows > 0:
                    sizes[k] = (sizes[k][0], sizes[k][1] - rows * row_h)
                    over -= rows * row_h

    def widget_at(self, x: int, y: int) -> Widget | None:
        """The field, list, button or other row under a canvas point (None: not on one)."""
        for b in self.buttons():
            if b.box.contains(x, y):
                return b
        if self.view is not None and not self.view.contains(x, y):
            return None  # a row scrolled out of view is not under the point
        return next((w for w in self.rows if w.box.contains(x, y)), None)

    def contains(self, x: int, y: int) -> bool:
        return self.box.contains(x, y)

    # ---- input ----

    def move_focus(self, step: int) -> None:
        choices = self.focusables()
        if not choices:
            return
        k = choices.index(self.focused) if self.focused in choices else -step
        self.focused = choices[(k + step) % len(choices)]
        if isinstance(self.focused, Field):
            self.focused.select_all()  # typing replaces what a field reached by Tab holds

    def handle(
        self,
        event: pygame.event.Event,
        to_canvas: Callable[[int, int], tuple[int, int] | None] | None = None,
    ) -> str | None:
        """One pygame event; `to_canvas` turns a window position into a canvas point."""
        point = None
        if hasattr(event, "pos"):
            point = to_canvas(*event.pos) if to_canvas else tuple(event.pos)
        result = self._handle(event, point)
        if self._placing is not None:
            self._place()  # an error line or a typed character may change the size
        return result

    def _handle(self, event, point) -> str | None:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = point or self.mouse
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and point is not None:
                if self.view is not None and self.scroll_bar().contains(*point):
                    page = self.view.h - self._placing[0].line_h
                    self.scroll_by(page if point[1] >= self.scroll_thumb().y else -page)
                    return None
                target = self.widget_at(*point)
                if target is not None and target.focusable:
                    self.focused = target
                    if not isinstance(target, Button):
                        target.handle(event, point)
            results = [b.handle(event, point) for b in self.buttons()]
            return next((r for r in results if r is not None), None)
        if event.type == pygame.MOUSEWHEEL:
            lists = [w for w in self.rows if isinstance(w, ListBox)]
            under = self.widget_at(*self.mouse) if self.mouse else None
            if self.view is not None and under not in lists:  # the rows scroll, not a list
                self.scroll_by(-event.y * 3 * self._placing[0].line_h)
                return None
            target = under if under in lists else self.focused if self.focused in lists else None
            target = target or (lists[0] if lists else None)
            if target is not None:
                target.handle(event)
        return None

    def _key(self, event) -> str | None:
        k = event.key
        focused = self.focused
        if k == pygame.K_ESCAPE:
            return self.cancel
        if k == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return None
        if isinstance(focused, Button) and k in ACTIVATE_KEYS:
            return focused.handle(event)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.default
        if focused is not None and focused.key(event):
            return None
        if self.view is not None and self._scroll_key(k, focused):
            return None
        if k in (pygame.K_LEFT, pygame.K_UP):
            self.move_focus(-1)
        elif k in (pygame.K_RIGHT, pygame.K_DOWN):
            self.move_focus(1)
        return None

    def _scroll_key(self, k: int, focused: Widget | None) -> bool:
        """PageUp/PageDown, Home/End (and Up/Down from a button) scroll rows that scroll."""
        line, page = self._placing[0].line_h, self.view.h - self._placing[0].line_h
        steps = {
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -self.scroll_h,
            pygame.K_END: self.scroll_h,
        }
        if focused is None or isinstance(focused, Button):
            steps.update({pygame.K_UP: -line, pygame.K_DOWN: line})
        if k not in steps:
            return False
        self.scroll_by(steps[k])
        return True

    # ---- drawing ----

    def draw(self, surface: pygame.Surface, theme) -> Box:
        """Draw the panel at 1x (call `layout` first); returns the box drawn, for the dirty
        list. Nothing is drawn outside the box, even when the content is too big for it."""
        if self._placing is None:
            raise RuntimeError("Form.draw before Form.layout: the form has no place yet")
        style = style_for(theme)
        self._place()
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.box.x, self.box.y, self.box.w, self.box.h).clip(clip))
        self._paint(surface, theme, style)
        surface.set_clip(clip)
        return self.box

    def _paint(self, surface: pygame.Surface, theme, style: Style) -> None:
        b = self.box
        rect(surface, style.panel, b.x, b.y, b.w, b.h)
        if self.framed:
            self._draw_sprite_frame(surface, theme)
        else:
            bevel(surface, inset(b, 1), style.light, style.shadow, THIN - 1)
        outline(surface, b, style.edge)
        t = self.title_box
        rect(surface, style.title_bg, t.x, t.y, t.w, t.h)
        title = shorten(self.title, (t.w - 2 * TITLE_PAD) // theme.font.width)
        text(surface, theme, title, style.title_text, t.x + TITLE_PAD + 1, t.y + TITLE_PAD)
        if self.view is not None:
            self._paint_scrolled(surface, theme, style)
            return
        for w in self.widgets():
            w.draw(surface, theme, self.focused)

    def _paint_scrolled(self, surface: pygame.Surface, theme, style: Style) -> None:
        """The rows clipped to their view, its scroll bar (as a list's), the buttons."""
        v, clip = self.view, surface.get_clip()
        surface.set_clip(pygame.Rect(v.x, v.y, v.w, v.h).clip(clip))
        for w in self.rows:
            if w.box.bottom > v.y and w.box.y < v.bottom:
                w.draw(surface, theme, self.focused)
        surface.set_clip(clip)
        scroll_bar(surface, style, self.scroll_bar(), self.scroll_thumb())
        if self.button_row is not None:
            self.button_row.draw(surface, theme, self.focused)

    def _draw_sprite_frame(self, surface, theme) -> None:
        s = theme.sprites
        e = theme.sizes.border
        b = self.box
        mid = self.title_box.bottom
        right, bottom = b.right - e, b.bottom - e
        pieces = []
        for x in range(b.x + e, right, e):
            pieces += [
                (s["frame_t"], (x, b.y)),
                (s["frame_m"], (x, mid)),
                (s["frame_b"], (x, bottom)),
            ]
        for y in range(b.y + e, bottom, e):
            pieces += [(s["frame_l"], (b.x, y)), (s["frame_r"], (right, y))]
        pieces += [
            (s["frame_tl"], (b.x, b.y)),
            (s["frame_tr"], (right, b.y)),
            (s["frame_ml"], (b.x, mid)),
            (s["frame_mr"], (right, mid)),
            (s["frame_bl"], (b.x, bottom)),
            (s["frame_br"], (right, bottom)),
        ]
        surface.fblits(pieces)
