"""A small pixel-art widget kit: a framed Form with a title bar, label/value pairs, text fields,
a scrolling list, a chart and a row of buttons, drawn at 1x in the theme's colours and frame.

Geometry is pure (canvas pixels, `Metrics` instead of a theme) so it is tested without drawing;
state (focus, hover, press, scroll, text) lives in the widget objects. Widgets never touch the
game: a Form turns events into a result (a button's id) and the caller decides what it means.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ..i18n import N_, _, number
from .layout import Box

Colour = tuple[int, int, int]

PAD = 3  # inside a panel, around its content
ROW_GAP = 2  # between rows of a form
THIN = 3  # the drawn frame used when the theme's frame sprites do not fit
BUTTON_MIN_CHARS = 6  # so OK and Cancel are the same width, as on classic dialogs
SCROLLBAR_W = 5
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
MIN_CONTRAST = 4.5  # WCAG AA for normal text
HOVER_CONTRAST = 1.4  # a button under the mouse against the panel: the change must show
ELLIPSIS = "~"  # one glyph where a too-long list row is cut
TEXT_CANDIDATES = ("text", "panel", "light", "shadow", "background", "led_off")
PARAGRAPH_CHARS = 30  # a paragraph wraps at this many characters unless other rows are wider
UNBOUNDED = 10_000  # a width no row reaches: what a row measures at when nothing holds it in
KEPT_MEASURES = 8  # sizes a widget keeps (one per width a form tried), then starts again


@dataclass(frozen=True)
class Metrics:
    """What layout needs from a theme: the glyph cell and the frame sprites' size."""

    glyph_w: int = 6
    glyph_h: int = 10
    border: int = 8

    @classmethod
    def of(cls, theme) -> Metrics:
        return cls(theme.font.width, theme.font.height, theme.sizes.border)

    def text_w(self, text: str) -> int:
        return len(text) * self.glyph_w

    @property
    def line_h(self) -> int:
        return self.glyph_h + 2  # a row of text with a pixel above and below


def wrap(text: str, chars: int) -> list[str]:
    """Lines of at most `chars` characters (long words are broken); at least one line."""
    return list(_wrapped(text, max(1, chars)))


@lru_cache(maxsize=4096)
def _wrapped(text: str, chars: int) -> tuple[str, ...]:
    # keyed on the words themselves, so a text changed at run time (another language, a new
    # value) is wrapped afresh; a dialog opened again finds its lines here
    return tuple(textwrap.wrap(text, chars, break_long_words=True)) or ("",)


def shorten(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: max(0, chars - 1)] + ELLIPSIS


# ---- contrast ----------------------------------------------------------------------------


def luminance(rgb: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(background: Colour, colours: dict[str, Colour]) -> Colour:
    """Text for a background: the theme's text colour if it is readable there, else the theme
    colour (not accent or error) that contrasts most, else black or white (one of the two
    always reaches 4.5:1)."""
    if contrast(colours["text"], background) >= MIN_CONTRAST:
        return colours["text"]
    neutral = [colours[n] for n in TEXT_CANDIDATES if n in colours]
    best = max(neutral, key=lambda c: contrast(c, background))
    if contrast(best, background) >= MIN_CONTRAST:
        return best
    black, white = (0, 0, 0), (255, 255, 255)
    return black if contrast(black, background) >= contrast(white, background) else white


def mix(a: Colour, b: Colour) -> Colour:
    """Half way between two colours."""
    return tuple((x + y) // 2 for x, y in zip(a, b, strict=True))


def hover_fill(c: dict[str, Colour]) -> Colour:
    """The face of a button under the mouse: the panel lit toward the light colour, or, where
    that is too close to the panel to show (a white panel, a dark theme's faint bevels), a
    step toward the text colour or the shadow; the first that shows and keeps text readable."""
    panel = c["panel"]
    quarter = tuple((3 * p + t) // 4 for p, t in zip(panel, c["text"], strict=True))
    for fill in (mix(panel, c["light"]), c["light"], quarter, mix(panel, c["shadow"])):
        if contrast(fill, panel) >= HOVER_CONTRAST:
            return fill
    return c["light"]


@dataclass(frozen=True)
class Style:
    """Every colour the widgets draw with, derived from a theme's [colors] once.

    The panel's own text and error colours are the theme author's; text on an accent or a
    lighter fill is chosen for contrast, so only the author's pairs can fall short.
    """

    panel: Colour
    light: Colour
    shadow: Colour
    accent: Colour
    text: Colour
    error: Colour
    title_bg: Colour
    title_text: Colour
    hover_bg: Colour
    hover_text: Colour
    field_bg: Colour
    field_text: Colour
    selected_bg: Colour
    selected_text: Colour
    edge: Colour  # the darkest colour: a line around the panel so it stands off the board

    @classmethod
    def of(cls, colours: dict[str, Colour]) -> Style:
        c = colours
        hover = hover_fill(c)
        return cls(
            panel=c["panel"],
            light=c["light"],
            shadow=c["shadow"],
            accent=c["accent"],
            text=c["text"],
            error=c["error"],
            title_bg=c["accent"],
            title_text=readable_on(c["accent"], c),
            hover_bg=hover,
            hover_text=readable_on(hover, c),
            field_bg=c["light"],
            field_text=readable_on(c["light"], c),
            selected_bg=c["accent"],
            selected_text=readable_on(c["accent"], c),
            edge=min((c["shadow"], c["text"], c["led_off"], c["background"]), key=luminance),
        )

    def text_pairs(self) -> list[tuple[str, Colour, Colour]]:
        """(where, text colour, background) for every kind of text the widgets draw."""
        return [  # the places are messages: contrast_warning says them in the player's words
            (N_("text on the panel"), self.text, self.panel),
            (N_("labels and chart scale"), self.text, self.panel),
            (N_("the title"), self.title_text, self.title_bg),
            (N_("a button"), self.text, self.panel),
            (N_("a pressed or focused button"), self.text, self.panel),
            (N_("a button under the mouse"), self.hover_text, self.hover_bg),
            (N_("a text field"), self.field_text, self.field_bg),
            (N_("a list row"), self.text, self.panel),
            (N_("the selected list row"), self.selected_text, self.selected_bg),
            (N_("an error line"), self.error, self.panel),
        ]


_styles: dict[tuple, Style] = {}
KEPT_STYLES = 64  # sets of colours kept (the themes a player has, and a few more)


def style_for(theme) -> Style:
    """The theme's Style, worked out once per set of colours."""
    return _style_of(theme.colours)


def _style_of(colours: dict[str, Colour]) -> Style:
    key = tuple(sorted(colours.items()))
    style = _styles.get(key)
    if style is None:
        if len(_styles) >= KEPT_STYLES:
            _styles.clear()
        style = _styles[key] = Style.of(colours)
    return style


def contrast_problems(colours: dict[str, Colour]) -> list[tuple[str, float]]:
    """The text/background pairs of a theme below 4.5:1, with their ratio. The theme loader
    asks this of every theme, so the Style is kept here for the frame that first draws it."""
    return [
        (where, contrast(fg, bg))
        for where, fg, bg in _style_of(colours).text_pairs()
        if contrast(fg, bg) < MIN_CONTRAST
    ]


def contrast_warning(theme) -> str | None:
    """One line for a theme whose text is hard to read, or None; for the theme loader."""
    problems = contrast_problems(theme.colours)
    if not problems:
        return None
    where, ratio = min(problems, key=lambda p: p[1])
    # Translators: for a theme's author; where is one of the places text is drawn ("an error
    # line"), ratio and least are contrast ratios; [colors] is the theme file's section name.
    return _(
        "theme %(theme)r: some text is hard to read (%(where)s has contrast %(ratio)s:1, at "
        "least %(least)s:1 is needed); change its [colors]"
    ) % {
        "theme": theme.key,
        "where": _(where),
        "ratio": number(ratio, 1),
        "least": number(MIN_CONTRAST, 1),
    }


# ---- drawing helpers ---------------------------------------------------------------------


def _rect(surface: pygame.Surface, colour: Colour, x: int, y: int, w: int, h: int) -> None:
    if w > 0 and h > 0:
        surface.fill(colour, (x, y, w, h))


def bevel(surface, box: Box, tl: Colour, br: Colour, width: int = 1) -> None:
    """Raised (tl light) or sunken (tl shadow) edges, `width` pixels thick, inside `box`."""
    for i in range(width):
        x, y, w, h = box.x + i, box.y + i, box.w - 2 * i, box.h - 2 * i
        _rect(surface, tl, x, y, w - 1, 1)
        _rect(surface, tl, x, y, 1, h - 1)
        _rect(surface, br, x, y + h - 1, w, 1)
        _rect(surface, br, x + w - 1, y, 1, h)


def outline(surface, box: Box, colour: Colour) -> None:
    bevel(surface, box, colour, colour)


def dots(surface, box: Box, colour: Colour) -> None:
    """A dotted rectangle (every other pixel) just inside `box`."""
    for x in range(box.x, box.right, 2):
        surface.set_at((x, box.y), colour)
        surface.set_at((x, box.bottom - 1), colour)
    for y in range(box.y, box.bottom, 2):
        surface.set_at((box.x, y), colour)
        surface.set_at((box.right - 1, y), colour)


def inset(box: Box, n: int) -> Box:
    return Box(box.x + n, box.y + n, box.w - 2 * n, box.h - 2 * n)


def text(surface, theme, s: str, colour: Colour, x: int, y: int) -> None:
    if s:
        surface.blit(theme.font.render(s, colour), (x, y))


# ---- widgets -----------------------------------------------------------------------------


class Widget:
    """A row of a form: measured for a width, then placed in a box, then drawn and given
    events (a Form does the first two; a widget used alone needs `measure` and `place`)."""

    focusable = False
    box = Box(0, 0, 0, 0)
    m = Metrics()  # the metrics it was last placed with
    # what `measure` leaves on the widget for `place` and `paint` (wrapped lines...): kept with
    # each size `measured` keeps, and put back when that size is asked for again
    measure_leaves: tuple[str, ...] = ()
    # measures at any width at least its natural width (its width with nothing holding it in)
    # as at that: one measure serves every room a form tries that holds it
    natural = False

    def measure(self, m: Metrics, width: int) -> tuple[int, int]:
        """The width it would like (at most `width`) and the height it needs at that width."""
        raise NotImplementedError

    def measure_key(self) -> tuple | None:
        """Everything `measure` reads from the widget (its words themselves, never the widget's
        identity), or None: measured afresh each time (a measure cheaper than its key)."""
        return None

    def measured(self, m: Metrics, width: int) -> tuple[int, int]:
        """`measure`, kept: a form tries a few widths each time it is placed, and is placed on
        every event and draw; a widget's words or metrics changing make a new key."""
        what = self.measure_key()
        if what is None:
            return self.measure(m, width)
        if self.natural and width != UNBOUNDED:
            wide = self.measured(m, UNBOUNDED)
            if wide[0] <= width:
                return wide
        key = (m, width, what)
        kept = self.__dict__.setdefault("_measures", {})
        hit = kept.get(key)
        if hit is None:
            size = self.measure(m, width)
            if len(kept) >= KEPT_MEASURES:
                kept.clear()
            kept[key] = (size, tuple(getattr(self, a) for a in self.measure_leaves))
            return size
        size, leaves = hit
        for name, value in zip(self.measure_leaves, leaves, strict=True):
            setattr(self, name, value)
        return size

    def place(self, m: Metrics, box: Box) -> None:
        self.m, self.box = m, box

    def draw(self, surface: pygame.Surface, theme, focus: Widget | None = None) -> None:
        """Draw at 1x in the theme's colours; `focus` is the widget with the keyboard focus."""
        self.paint(surface, theme, style_for(theme), focus is self)

    def paint(self, surface: pygame.Surface, theme, style: Style, focused: bool) -> None:
        raise NotImplementedError

    def handle(self, event: pygame.event.Event, point: tuple[int, int] | None = None) -> str | None:
        """One event (`point`: where it happened on the canvas); a result, or None. A key
        reaches the widget only while it has the focus."""
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and point is not None:
            if self.box.contains(*point):
                self.press(point)
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
        return None

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True if the widget used it."""
        return False

    def press(self, point: tuple[int, int]) -> None:
        """The left button went down on it."""

    def wheel(self, steps: int) -> bool:
        return False


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

    def natural_value_chars(self) -> int:
        return max((len(b) for _, b in self.rows), default=0)

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
        _rect(surface, fill, face.x, face.y, face.w, face.h)
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
    the whole value when the field gets the focus from the keyboard: typing or Ctrl+V then
    replaces it instead of adding to it; an arrow, Home, End or a click puts the caret in it.
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
        _rect(surface, style.field_bg, well.x, well.y, well.w, well.h)
        bevel(surface, well, style.shadow, style.light)
        self._scroll(m)
        shown = self.value[self.first : self.first + self._shown_chars(m)]
        if focused and self.selected and shown:  # drawn inverted: it reads in every theme
            _rect(surface, style.field_text, f.x + 2, f.y + 2, m.text_w(shown) + 2, m.glyph_h + 2)
            text(surface, theme, shown, style.field_bg, f.x + 3, f.y + 3)
        else:
            text(surface, theme, shown, style.field_text, f.x + 3, f.y + 3)
        if focused:
            cx = f.x + 3 + (self.caret - self.first) * m.glyph_w
            _rect(surface, style.field_text, cx, f.y + 2, 1, m.glyph_h + 2)
        for i, line in enumerate(self._error_lines):
            text(surface, theme, line, style.error, f.x, f.bottom + i * m.glyph_h)

    def key(self, event):
        k = event.key
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selected:
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
        elif k == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif k == pygame.K_RIGHT:
            self.caret = min(len(self.value), self.caret + 1)
        elif k == pygame.K_HOME:
            self.caret = 0
        elif k == pygame.K_END:
            self.caret = len(self.value)
        elif k == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            if self.paste is not None:
                self.pasted(self.paste() or "")
        elif event.unicode and not event.mod & pygame.KMOD_CTRL:
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
        bar = self.bar_box()
        n = max(1, len(self.rows))
        h = max(4, bar.h * self.shown // n)
        room = bar.h - h
        most = max(1, n - self.shown)
        return Box(bar.x, bar.y + room * self.top // most, bar.w, h)

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
                _rect(surface, style.selected_bg, rb.x, y, rb.w, row_h)
                colour = style.selected_text
            for k, line in enumerate(self.row_lines(i, chars)):
                text(surface, theme, shorten(line, chars), colour, rb.x + 2, y + 1 + k * m.line_h)
        if self.scrolls:
            scroll_bar(surface, style, self.bar_box(), self.thumb_box())


def scroll_bar(surface: pygame.Surface, style: Style, bar: Box, thumb: Box) -> None:
    """A list's or a scrolling form's bar: its track, and the thumb raised on it."""
    _rect(surface, style.shadow, bar.x, bar.y, bar.w, bar.h)
    _rect(surface, style.panel, thumb.x, thumb.y, thumb.w, thumb.h)
    bevel(surface, thumb, style.light, style.edge)


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
        _rect(surface, style.text, p.x, p.y, 1, p.h)  # y axis
        _rect(surface, style.text, p.x, p.bottom - 1, p.w, 1)  # x axis
        _rect(surface, style.text, p.x - 2, p.y, 2, 1)  # ticks at the top and at 0
        _rect(surface, style.text, p.x - 2, p.bottom - 1, 2, 1)
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
        _rect(surface, colour, box.x, box.y, box.w, box.h)


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


# ---- the form ----------------------------------------------------------------------------

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
        values = [w.natural_value_chars() for w in pairs] + [w.max_len + 1 for w in fields]
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
        bar, v = self.scroll_bar(), self.view
        h = max(4, bar.h * v.h // max(1, self.scroll_h))
        most = max(1, self.scroll_h - v.h)
        return Box(bar.x, bar.y + (bar.h - h) * self.scroll // most, bar.w, h)

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
        _rect(surface, style.panel, b.x, b.y, b.w, b.h)
        if self.framed:
            self._draw_sprite_frame(surface, theme)
        else:
            bevel(surface, inset(b, 1), style.light, style.shadow, THIN - 1)
        outline(surface, b, style.edge)
        t = self.title_box
        _rect(surface, style.title_bg, t.x, t.y, t.w, t.h)
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
