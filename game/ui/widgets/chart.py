"""A bar chart of recent games with its scale, and the key that says what its colours mean."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import N_, _
from ..layout import Box
from .base import Colour, Metrics, Widget, rect, shorten, text


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 5 x 10^k at or above `value` (for a chart's scale)."""
    if value <= 0:
        return 1
    k = 1.0
    while k * 10 < value:
        k *= 10
    while k > value:
        k /= 10
    for step in (1, 2, 5, 10):
        if k * step >= value:
            return k * step
    return k * 10


class Chart(Widget):
    """Bars with a y axis (0 and the top of the scale) and a label under the x axis.

    `bars`: (value, theme colour name: "accent", "shadow" or "error"), oldest first. The
    bars stand at the right end, the newest last, with `NEWEST` under it; a few games get
    wide bars (up to two characters), many narrow ones.
    """

    # Translators: under the right end of a chart of recent games, where the newest bar is.
    NEWEST = N_("newest")

    def __init__(
        self, bars: Sequence[tuple[float, str]], *, x_label: str, unit: str = "", height: int = 36
    ) -> None:
        self.bars = list(bars)
        self.x_label = x_label
        self.unit = unit
        self.plot_h = height
        self.top_value = nice_ceiling(max((v for v, _ in self.bars), default=1))
        self.label_lines = 1  # two where the x label and `NEWEST` do not fit side by side
        self._boxes: tuple[tuple, list[Box]] | None = None  # (where, the bars' boxes there)

    def scale_label(self) -> str:
        v = self.top_value
        return f"{v:g}{self.unit}"

    natural = True
    measure_leaves = ("label_lines",)

    def measure_key(self):
        return self.scale_label(), self.x_label, self.newest(), len(self.bars), self.plot_h

    def newest(self) -> str:
        """`NEWEST` in the player's words."""
        return _(self.NEWEST)

    def measure(self, m, width):
        axis_w = (len(self.scale_label()) + 1) * m.glyph_w
        labels = m.text_w(self.x_label) + m.text_w(self.newest()) + 2 * m.glyph_w
        want = axis_w + max(len(self.bars) * 3, labels) + 2
        # too narrow for both words on one line (a long language): the x label goes under
        self.label_lines = 1 if want <= width else 2
        h = self.plot_h + self.label_lines * m.glyph_h + 3
        return min(width, want), h

    def plot(self, m: Metrics) -> Box:
        axis_w = (len(self.scale_label()) + 1) * m.glyph_w
        return Box(
            self.box.x + axis_w,
            self.box.y + m.glyph_h // 2,
            self.box.w - axis_w,
            self.plot_h - m.glyph_h // 2,
        )

    def bar_boxes(self, m: Metrics) -> list[Box]:
        """Each bar's box, kept for the place they were worked out for (a panel is drawn
        again at each hover)."""
        kept = self._boxes
        if kept is not None and kept[0] == (m, self.box):
            return kept[1]
        boxes = self._bar_boxes(m)
        self._boxes = ((m, self.box), boxes)
        return boxes

    def _bar_boxes(self, m: Metrics) -> list[Box]:
        p = self.plot(m)
        if not self.bars:
            return []
        n = len(self.bars)
        pitch = max(1, min(2 * m.glyph_w, (p.w - 3) // n))
        gap = max(1, pitch // 4) if pitch > 2 else 1 if pitch == 2 else 0
        left = max(p.x + 2, p.right - 1 - n * pitch)  # the newest bar at the right end
        out = []
        for k, (value, _colour) in enumerate(self.bars):
            h = max(1, round(min(value, self.top_value) / self.top_value * (p.h - 1)))
            out.append(Box(left + k * pitch, p.bottom - 1 - h, max(1, pitch - gap), h))
        return out

    def paint(self, surface, theme, style, focused):
        m = Metrics.of(theme)
        p = self.plot(m)
        rect(surface, style.text, p.x, p.y, 1, p.h)  # y axis
        rect(surface, style.text, p.x, p.bottom - 1, p.w, 1)  # x axis
        rect(surface, style.text, p.x - 2, p.y, 2, 1)  # ticks at the top and at 0
        rect(surface, style.text, p.x - 2, p.bottom - 1, 2, 1)
        label = self.scale_label()
        text(surface, theme, label, style.text, p.x - 2 - m.text_w(label) - 1, p.y - m.glyph_h // 2)
        text(surface, theme, "0", style.text, p.x - 2 - m.glyph_w - 1, p.bottom - m.glyph_h + 1)
        for box, (_value, name) in zip(self.bar_boxes(m), self.bars, strict=True):
            _bar(surface, style, name, box)
        newest = self.newest()
        newest = newest if p.w >= m.text_w(newest) + 4 * m.glyph_w else ""
        text(surface, theme, newest, style.text, p.right - m.text_w(newest), p.bottom + 2)
        under = self.label_lines > 1  # the x label on a line of its own, from the box's left
        room = (p.w if not under else self.box.w) // m.glyph_w
        room -= len(newest) + 1 if newest and not under else 0
        x_label = shorten(self.x_label, room)
        x, y = (self.box.x, p.bottom + 2 + m.glyph_h) if under else (p.x + 2, p.bottom + 2)
        text(surface, theme, x_label, style.text, x, y)


def _bar(surface: pygame.Surface, style, name: str, box: Box) -> None:
    """One bar of a chart (or its swatch in the key) in a theme colour: "error" checkered, so
    a loss differs from a win in every theme (its box's top left pixel set)."""
    colour = {"accent": style.accent, "shadow": style.shadow, "error": style.error}[name]
    if name == "error":
        if box.w > 0 and box.h > 0:
            surface.blit(
                checkered(tuple(colour[:3]), box.w, box.h), (box.x, box.y), (0, 0, box.w, box.h)
            )
    else:
        rect(surface, colour, box.x, box.y, box.w, box.h)


_CHECKERED: dict[Colour, pygame.Surface] = {}


def checkered(colour: Colour, w: int, h: int) -> pygame.Surface:
    """A sheet at least `w` x `h` of every other pixel in `colour` (those whose x + y is even;
    the others see-through), kept by colour and grown when a larger one is wanted: a loss's
    bar is one blit, where it was a pixel at a time (a chart of 50 games took a millisecond)."""
    sheet = _CHECKERED.get(colour)
    if sheet is None or sheet.get_width() < w or sheet.get_height() < h:
        old = (sheet.get_width(), sheet.get_height()) if sheet is not None else (0, 0)
        w, h = max(w, old[0], 32), max(h, old[1], 32)
        key = (255 - colour[0], 255 - colour[1], 255 - colour[2])  # never the colour itself
        sheet = pygame.Surface((w, h))
        sheet.fill(key)
        for y in range(h):
            for x in range(y % 2, w, 2):
                sheet.set_at((x, y), colour)
        sheet.set_colorkey(key)
        _CHECKERED[colour] = sheet
    return sheet


class ChartKey(Widget):
    """What a chart's bar colours mean: a swatch drawn as the bars are, then its words; the
    entries on one line where they fit, else one a line."""

    def __init__(self, entries: Sequence[tuple[str, str]]) -> None:
        self.entries = list(entries)  # (theme colour name, words)
        self.one_line = True

    def _entry_w(self, m: Metrics, words: str) -> int:
        return 2 * m.glyph_w + m.text_w(words)  # the swatch, a gap, the words

    measure_leaves = ("one_line",)
    natural = True  # on one line when there is room for that

    def measure_key(self):
        return tuple((name, words) for name, words in self.entries)

    def measure(self, m, width):
        widths = [self._entry_w(m, words) for _, words in self.entries]
        line = sum(widths) + m.glyph_w * (len(widths) - 1)
        self.one_line = line <= width
        if self.one_line:
            return line, m.glyph_h
        return max(widths, default=0), m.glyph_h * len(self.entries)

    def paint(self, surface, theme, style, focused):
        m = Metrics.of(theme)
        x, y = self.box.x, self.box.y
        for name, words in self.entries:
            _bar(surface, style, name, Box(x, y + 1, m.glyph_w, m.glyph_h - 2))
            text(surface, theme, words, style.text, x + 2 * m.glyph_w, y)
            if self.one_line:
                x += self._entry_w(m, words) + m.glyph_w
            else:
                y += m.glyph_h
