"""A scrolling list to choose from (`ListBox`: rows of lined-up columns, two lines a row where
the longest does not fit) and the scroll bar it and a scrolling form draw.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..layout import Box
from .base import (
    SCROLLBAR_W,
    Metrics,
    Style,
    Widget,
    bevel,
    inset,
    outline,
    rect,
    shorten,
    text,
    wrap,
)


class ListBox(Widget):
    """Rows of text (a row may be a tuple of columns, lined up); one is selected. Arrows,
    PageUp/PageDown, Home/End, the wheel and clicks select; the view follows the selection.

    Where the longest row does not fit the width (a long language at a narrow window), every
    row takes two lines: the columns that fit on the first, the rest under them, indented (a
    setting's value under its name); a row of one column wraps onto the second line."""

    focusable = True

    def __init__(
        self, id: str, rows: Sequence[str | Sequence[str]], *, shown: int = 5, selected: int = 0
    ) -> None:
        self.id = id
        self.rows = [tuple(r) if not isinstance(r, str) else (r,) for r in rows]
        self.shown_max = shown
        self.shown = shown
        self.selected = min(max(0, selected), max(0, len(self.rows) - 1))
        self.top = 0
        self.lines = 1  # the lines a row takes (two where the longest does not fit: `measure`)
        self._follow()

    def texts(self) -> list[str]:
        """The rows lined up in columns; worked out again only when `rows` is replaced (a
        dialog's layout asks many times a frame)."""
        return self._lined_up()[1]

    def _lined_up(self) -> tuple[list, list[str], int, list[int]]:
        """(the rows they were made from, the texts, the longest text's length, each
        column's width)."""
        kept = getattr(self, "_texts", None)
        if kept is not None and kept[0] is self.rows:
            return kept
        columns = max((len(r) for r in self.rows), default=0)
        widths = [
            max((len(r[c]) for r in self.rows if c < len(r)), default=0) for c in range(columns)
        ]
        if columns <= 1:  # lines to read (the help): nothing to line up
            texts = [r[0].rstrip() if r else "" for r in self.rows]
        else:
            texts = [
                " ".join(cell.ljust(widths[c]) for c, cell in enumerate(r)).rstrip()
                for r in self.rows
            ]
        self._texts = (self.rows, texts, max((len(t) for t in texts), default=0), widths)
        return self._texts

    @property
    def scrolls(self) -> bool:
        return len(self.rows) > self.shown

    natural = True
    measure_leaves = ("lines",)

    def measure_key(self):
        return self.shown_max, len(self.rows), self._lined_up()[2]

    def measure(self, m, width):
        longest = self._lined_up()[2]
        bar = SCROLLBAR_W if len(self.rows) > self.shown_max else 0
        want = (longest + 1) * m.glyph_w + 4 + bar
        self.lines = 1 if want <= width else 2
        return min(width, want), self.shown_max * self.row_h(m) + 4

    def row_h(self, m: Metrics) -> int:
        return self.lines * m.line_h

    def row_lines(self, index: int, chars: int) -> list[str]:
        """Row `index` as drawn in `chars` characters: its text, or its two lines."""
        if self.lines == 1:
            return [self.texts()[index]]
        cells = self.rows[index]
        if len(cells) == 1:
            return wrap(cells[0], chars)[:2]
        widths = self._lined_up()[3]
        first = 1  # the leading columns that fit on the first line, the same for every row
        while first < len(cells) and sum(widths[: first + 1]) + first <= chars:
            first += 1
        lined = [cell.ljust(widths[c]) for c, cell in enumerate(cells)]
        return [" ".join(lined[:first]).rstrip(), "  " + " ".join(lined[first:]).rstrip()]

    def place(self, m, box):
        self.m, self.box = m, box
        self.shown = max(1, (box.h - 4) // self.row_h(m))
        self._follow()

    def rows_box(self) -> Box:
        b = inset(self.box, 2)
        return Box(b.x, b.y, b.w - (SCROLLBAR_W if self.scrolls else 0), b.h)

    def bar_box(self) -> Box:
        b = inset(self.box, 2)
        return Box(b.right - SCROLLBAR_W, b.y, SCROLLBAR_W, b.h)

    def thumb_box(self) -> Box:
        return thumb(self.bar_box(), self.shown, len(self.rows), self.top)

    def row_at(self, point: tuple[int, int], m: Metrics) -> int | None:
        rb = self.rows_box()
        if not rb.contains(*point):
            return None
        k = self.top + (point[1] - rb.y) // self.row_h(m)
        return k if k < len(self.rows) else None

    def select(self, index: int) -> None:
        if self.rows:
            self.selected = min(max(0, index), len(self.rows) - 1)
            self._follow()

    def _follow(self) -> None:
        """Scroll so the selected row is in view, and never past the end."""
        self.top = min(self.top, self.selected)
        self.top = max(self.top, self.selected - self.shown + 1)
        self.top = max(0, min(self.top, len(self.rows) - self.shown))

    def key(self, event):
        step = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.shown,
            pygame.K_PAGEDOWN: self.shown,
        }.get(event.key)
        if step is not None:
            self.select(self.selected + step)
        elif event.key == pygame.K_HOME:
            self.select(0)
        elif event.key == pygame.K_END:
            self.select(len(self.rows) - 1)
        else:
            return False
        return True

    def wheel(self, steps):
        self.select(self.selected - steps)  # wheel up (positive) goes up the list
        return True

    def press(self, point):
        if self.scrolls and self.bar_box().contains(*point):
            thumb = self.thumb_box()
            if point[1] < thumb.y:
                self.select(self.selected - self.shown)
            elif point[1] >= thumb.bottom:
                self.select(self.selected + self.shown)
            return
        k = self.row_at(point, self.m)
        if k is not None:
            self.select(k)

    def paint(self, surface, theme, style, focused):
        m = Metrics.of(theme)
        outline(surface, self.box, style.accent if focused else style.panel)
        well = inset(self.box, 1)  # the panel's colour: the form filled it (Form._paint)
        bevel(surface, well, style.shadow, style.light)
        rb = self.rows_box()
        chars = (rb.w - 2) // m.glyph_w
        row_h = self.row_h(m)
        for i in range(self.top, min(self.top + self.shown, len(self.rows))):
            y = rb.y + (i - self.top) * row_h
            colour = style.text
            if i == self.selected:
                rect(surface, style.selected_bg, rb.x, y, rb.w, row_h)
                colour = style.selected_text
            for k, line in enumerate(self.row_lines(i, chars)):
                text(surface, theme, shorten(line, chars), colour, rb.x + 2, y + 1 + k * m.line_h)
        if self.scrolls:
            scroll_bar(surface, style, self.bar_box(), self.thumb_box())


def scroll_bar(surface: pygame.Surface, style: Style, bar: Box, thumb: Box) -> None:
    """A list's or a scrolling form's bar: its track, and the thumb raised on it."""
    rect(surface, style.shadow, bar.x, bar.y, bar.w, bar.h)
    rect(surface, style.panel, thumb.x, thumb.y, thumb.w, thumb.h)
    bevel(surface, thumb, style.light, style.edge)


def thumb(bar: Box, shown: int, total: int, first: int) -> Box:
    """The thumb on a scroll bar over `total` rows (or pixels), `shown` of them from `first`."""
    h = max(4, bar.h * shown // max(1, total))
    most = max(1, total - shown)
    return Box(bar.x, bar.y + (bar.h - h) * first // most, bar.w, h)
