"""The rows a form holds that are text or act: a paragraph (`Label`), label and value pairs,
buttons and their row, and a one-line text field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..layout import Box
from .base import (
    ACTIVATE_KEYS,
    BUTTON_MIN_CHARS,
    Metrics,
    Widget,
    bevel,
    dots,
    inset,
    outline,
    rect,
    shorten,
    text,
    wrap,
)


class Label(Widget):
    """A paragraph, wrapped to the form's width."""

    def __init__(self, content: str, colour: str = "text", reserve: str = "") -> None:
        """`reserve`: a text whose lines the label keeps room for (a line that changes while
        shown, so its dialog does not jump when it grows)."""
        self.content = content
        self.colour = colour  # "text" or "error"
        self.reserve = reserve
        self.lines: list[str] = []

    measure_leaves = ("lines",)

    def measure_key(self):
        return self.content, self.reserve

    def measure(self, m, width):
        self.lines = wrap(self.content, width // m.glyph_w) if self.content else []
        longest = max((len(line) for line in self.lines), default=0)
        rows = len(self.lines)
        if self.reserve:
            rows = max(rows, len(wrap(self.reserve, width // m.glyph_w)))
        return longest * m.glyph_w, rows * m.glyph_h

    def paint(self, surface, theme, style, focused):
        colour = style.error if self.colour == "error" else style.text
        for i, line in enumerate(self.lines):
            text(surface, theme, line, colour, self.box.x, self.box.y + i * theme.font.height)


class Pairs(Widget):
    """Two aligned columns: labels on the left, values after a one-glyph gap."""

    def __init__(self, rows: Sequence[tuple[str, str]]) -> None:
        self.rows = [(str(a), str(b)) for a, b in rows]
        self.label_chars = 0  # set by the form, so every label column of a form lines up
        self.cells: list[tuple[list[str], list[str]]] = []

    def natural_label_chars(self) -> int:
        return max((len(a) for a, _ in self.rows), default=0)

    measure_leaves = ("_label_chars", "cells")

    def measure_key(self):
        return self.label_chars, tuple((a, b) for a, b in self.rows)  # rows may be lists

    def measure(self, m, width):
        chars = width // m.glyph_w
        label_chars = self.label_chars or min(self.natural_label_chars(), (chars - 1) // 2)
        label_chars = max(1, min(label_chars, chars - 2))
        value_chars = max(1, chars - label_chars - 1)
        self._label_chars = label_chars
        self.cells = [(wrap(a, label_chars), wrap(b, value_chars)) for a, b in self.rows]
        used = max((len(line) for _, v in self.cells for line in v), default=0)
        h = sum(max(len(a), len(v)) for a, v in self.cells) * m.glyph_h
        return (label_chars + 1 + used) * m.glyph_w, h

    def value_x(self, m: Metrics) -> int:
        return self.box.x + (self._label_chars + 1) * m.glyph_w

    def paint(self, surface, theme, style, focused):
        m = Metrics.of(theme)
        y = self.box.y
        for labels, values in self.cells:
            for i, line in enumerate(labels):
                text(surface, theme, line, style.text, self.box.x, y + i * m.glyph_h)
            for i, line in enumerate(values):
                text(surface, theme, line, style.text, self.value_x(m), y + i * m.glyph_h)
            y += max(len(labels), len(values)) * m.glyph_h


def button_h(m: Metrics) -> int:
    """A ring, a 2 px bevel, the focus dots and a pixel of air above and below the text."""
    return m.glyph_h + 10


class Button(Widget):
    """A push button: acts when pressed and released on it, or Enter/Space while focused."""

    focusable = True

    def __init__(self, id: str, label: str) -> None:
        self.id = id
        self.label = label
        self.hover = False
        self.pressed = False  # held down by the mouse (drawn pressed only while hovered too)
        self.default = False

    natural = True

    def measure_key(self):
        return (self.label,)

    def measure(self, m, width):
        chars = max(len(self.label), BUTTON_MIN_CHARS)
        return min(width, (chars + 2) * m.glyph_w + 2), button_h(m)

    def handle(self, event, point=None):
        """Hover and press follow the mouse; releasing on the button it was pressed on, or
        Enter or Space (which reach it only while it has the focus), give its id."""
        over = point is not None and self.box.contains(*point)
        if event.type == pygame.MOUSEMOTION:
            self.hover = over
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hover = self.pressed = over
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            acted = self.pressed and over
            self.pressed = False
            return self.id if acted else None
        elif event.type == pygame.KEYDOWN and event.key in ACTIVATE_KEYS:
            return self.id
        return None

    def looks(self, focused: bool) -> str:
        if self.pressed and self.hover:
            return "pressed"
        if focused:
            return "focused"
        return "hover" if self.hover else "normal"

    def paint(self, surface, theme, style, focused):
        look = self.looks(focused)
        b = self.box
        ring = style.accent if focused else style.text if self.default else style.panel
        outline(surface, b, ring)
        face = inset(b, 1)
        fill = style.hover_bg if look == "hover" else style.panel
        rect(surface, fill, face.x, face.y, face.w, face.h)
        if look == "pressed":
            bevel(surface, face, style.shadow, style.light)
        else:
            bevel(surface, face, style.light, style.shadow, 2 if face.h > 12 else 1)
        colour = style.hover_text if look == "hover" else style.text
        chars = (face.w - 4) // theme.font.width
        label = shorten(self.label, chars)
        shift = 1 if look == "pressed" else 0
        tx = face.x + (face.w - len(label) * theme.font.width) // 2 + shift
        ty = face.y + (face.h - theme.font.height) // 2 + shift
        text(surface, theme, label, colour, tx, ty)
        if focused:  # the classic dotted rectangle: focus shows even where accent = text
            dots(surface, inset(face, 2), colour)


class Buttons(Widget):
    """A row of buttons, centred; wraps onto more rows when the form is narrow."""

    def __init__(self, buttons: Sequence[Button]) -> None:
        self.buttons = list(buttons)
        self.gap = 4

    def _rows(self, m: Metrics, width: int) -> list[list[tuple[Button, int]]]:
        rows: list[list[tuple[Button, int]]] = [[]]
        used = 0
        for b in self.buttons:
            w, _ = b.measured(m, width)
            if rows[-1] and used + self.gap + w > width:
                rows.append([])
                used = 0
            used += (self.gap if rows[-1] else 0) + w
            rows[-1].append((b, w))
        return rows

    natural = True  # in one row when there is room for that

    def measure_key(self):
        return self.gap, tuple(b.label for b in self.buttons)

    def measure(self, m, width):
        rows = self._rows(m, width)
        h = button_h(m)
        widths = [sum(w for _, w in r) + self.gap * (len(r) - 1) for r in rows]
        return max(widths), len(rows) * h + (len(rows) - 1) * self.gap

    def place(self, m, box):
        self.m, self.box = m, box
        h = button_h(m)
        y = box.y
        for row in self._rows(m, box.w):
            total = sum(w for _, w in row) + self.gap * (len(row) - 1)
            x = box.x + (box.w - total) // 2
            for b, w in row:
                b.place(m, Box(x, y, w, h))
                x += w + self.gap
            y += h + self.gap

    def draw(self, surface, theme, focus=None):
        for b in self.buttons:
            b.draw(surface, theme, focus)


class Field(Widget):
    """A one-line text field with its label, a caret, a filter and an error line under it.

    A value it is given (a prefilled size, a code from the clipboard) is selected, and so is
    the whole value when the field gets the focus from the keyboard or by Ctrl+A: typing or
    Ctrl+V then replaces it instead of adding to it, Backspace or Delete clears it, Ctrl+C
    copies it (with `copy`); an arrow, Home, End or a click puts the caret in it.
    """

    focusable = True

    def __init__(
        self,
        id: str,
        label: str,
        value: str = "",
        *,
        allowed: str | None = None,
        max_len: int = 24,
        upper: bool = False,
        paste: Callable[[], str] | None = None,
        copy: Callable[[str], None] | None = None,
        clean: Callable[[str], str] | None = None,
        error_line: str = "",
        width_chars: int | None = None,
    ) -> None:
        self.id = id
        self.label = label
        self.allowed = allowed  # None: any printable ASCII
        self.max_len = max_len
        self.upper = upper
        self.paste = paste  # gives the clipboard's text, for Ctrl+V
        self.copy = copy  # puts a text on the clipboard, for Ctrl+C
        self.clean = clean  # what a pasted text goes through first (a code loses its dashes)
        self.value, self.caret, self.error = "", 0, ""  # error: a line shown under the field
        self.selected = False  # the whole value is selected: what is typed replaces it
        # the widest error it may show: its line (and width) is kept, shown or not, so the form
        # keeps its layout when an error comes or goes
        self.error_line = error_line
        # how many characters the box shows (None: max_len); its errors wrap to that width
        # too, so a long max_len (a pasted code) does not make the panel as wide as the window
        self.width_chars = width_chars
        self.insert(value)
        self.select_all()
        self.label_chars = 0  # set by the form to line up with other labels
        self.field = Box(0, 0, 0, 0)  # the sunken box itself, right of the label
        self.first = 0  # first character shown when the value is wider than the box

    def accepts(self, ch: str) -> bool:
        if self.allowed is not None:
            return ch in self.allowed
        return ch.isascii() and ch.isprintable()

    def select_all(self) -> None:
        """Select the whole value (nothing to select in an empty field), the caret at its end."""
        self.selected = bool(self.value)
        self.caret = len(self.value)

    def insert(self, typed: str) -> None:
        """Typed or pasted text at the caret (in place of the selection), filtered and cut at
        the maximum length; text of which nothing is accepted leaves the field as it was."""
        value, caret = ("", 0) if self.selected else (self.value, self.caret)
        kept = []
        for ch in typed.upper() if self.upper else typed:
            if self.accepts(ch) and len(value) + len(kept) < self.max_len:
                kept.append(ch)
        if kept:
            self.value = value[:caret] + "".join(kept) + value[caret:]
            self.caret = caret + len(kept)
            self.selected = False
            self.error = ""

    def pasted(self, text: str) -> None:
        """Text from the clipboard, cleaned first if the field says how."""
        self.insert(self.clean(text) if self.clean is not None else text)

    def _shown_chars(self, m: Metrics) -> int:
        return max(1, (self.field.w - 4) // m.glyph_w - 1)  # room for the caret after the text

    measure_leaves = ("_label_chars", "_label_above", "_field_w", "_error_lines")

    def measure_key(self):
        return (
            self.label_chars,
            self.label,
            self.width_chars,
            self.max_len,
            self.error,
            self.error_line,
        )

    def measure(self, m, width):
        chars = width // m.glyph_w
        label_chars = self.label_chars or len(self.label)
        field_w = ((self.width_chars or self.max_len) + 1) * m.glyph_w + 4
        if label_chars and (label_chars + 1) * m.glyph_w + field_w > width:
            label_chars = 0  # no room beside it: the label goes above the field
        self._label_chars = label_chars
        self._label_above = bool(self.label) and not label_chars
        field_w = min(field_w, width - (label_chars + 1) * m.glyph_w if label_chars else width)
        self._field_w = field_w
        h = m.glyph_h + 6
        if self._label_above:
            h += m.glyph_h
        indent = label_chars + 1 if label_chars else 0
        # "! " first: in a theme whose error colour is its text colour, it still reads as one
        room = chars - indent
        if self.width_chars is not None:
            room = min(room, self.width_chars + 1)
        self._error_lines = wrap(f"! {self.error}", room) if self.error else []
        kept = wrap(f"! {self.error_line}", room) if self.error_line else []
        h += max(len(self._error_lines), len(kept)) * m.glyph_h
        widest = max((len(line) for line in self._error_lines + kept), default=0)
        error_w = (indent + widest) * m.glyph_w
        return max(indent * m.glyph_w + field_w, error_w), h

    def place(self, m, box):
        self.m, self.box = m, box
        x = box.x + ((self._label_chars + 1) * m.glyph_w if self._label_chars else 0)
        y = box.y + (m.glyph_h if self._label_above else 0)
        self.field = Box(x, y, self._field_w, m.glyph_h + 6)
        self._scroll(m)

    def _scroll(self, m: Metrics) -> None:
        shown = self._shown_chars(m)
        self.first = min(self.first, self.caret)
        self.first = max(self.first, self.caret - shown, 0)

    def paint(self, surface, theme, style, focused):
        m = Metrics.of(theme)
        b = self.box
        label_y = b.y if self._label_above else self.field.y + 3
        text(surface, theme, self.label, style.text, b.x, label_y)
        f = self.field
        outline(surface, f, style.accent if focused else style.panel)
        well = inset(f, 1)
        rect(surface, style.field_bg, well.x, well.y, well.w, well.h)
        bevel(surface, well, style.shadow, style.light)
        self._scroll(m)
        shown = self.value[self.first : self.first + self._shown_chars(m)]
        if focused and self.selected and shown:  # highlighted as a selected row is
            rect(surface, style.selected_bg, f.x + 2, f.y + 2, m.text_w(shown) + 2, m.glyph_h + 2)
            text(surface, theme, shown, style.selected_text, f.x + 3, f.y + 3)
        else:
            text(surface, theme, shown, style.field_text, f.x + 3, f.y + 3)
        if focused:
            cx = f.x + 3 + (self.caret - self.first) * m.glyph_w
            rect(surface, style.field_text, cx, f.y + 2, 1, m.glyph_h + 2)
        for i, line in enumerate(self._error_lines):
            text(surface, theme, line, style.error, f.x, f.bottom + i * m.glyph_h)

    def key(self, event):
        k, end = event.key, len(self.value)
        ctrl = event.mod & pygame.KMOD_CTRL
        moves = {
            pygame.K_LEFT: max(0, self.caret - 1),
            pygame.K_RIGHT: min(end, self.caret + 1),
            pygame.K_HOME: 0,
            pygame.K_END: end,
        }
        if ctrl and k == pygame.K_a:
            self.select_all()
        elif ctrl and k == pygame.K_c:
            if self.selected and self.copy is not None:
                self.copy(self.value)
        elif k in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
            self.value, self.caret, self.selected, self.error = "", 0, False, ""
        elif k in (pygame.K_LEFT, pygame.K_HOME) and self.selected:
            self.caret, self.selected = 0, False  # to the selection's start
        elif k in (pygame.K_RIGHT, pygame.K_END) and self.selected:
            self.selected = False  # the caret is at the end already
        elif k == pygame.K_BACKSPACE:
            if self.caret:
                self.value = self.value[: self.caret - 1] + self.value[self.caret :]
                self.caret -= 1
                self.error = ""
        elif k == pygame.K_DELETE:
            self.value = self.value[: self.caret] + self.value[self.caret + 1 :]
            self.error = ""
        elif k in moves:  # the caret (no selection: its cases are above)
            self.caret = moves[k]
        elif ctrl and k == pygame.K_v:
            if self.paste is not None:
                self.pasted(self.paste() or "")
        elif event.unicode and not ctrl:
            self.insert(event.unicode)
        else:
            return False
        return True

    def press(self, point):
        """A click in the field puts the caret at the nearest gap between characters."""
        if self.field.contains(*point):
            self.selected = False
            g = self.m.glyph_w
            k = self.first + (point[0] - self.field.x - 3 + g // 2) // g
            self.caret = max(0, min(len(self.value), k))
