"""What every widget of the kit stands on: the glyph metrics, wrapping and shortening words,
the colours (a theme's `Style`, checked for contrast), the drawing helpers and `Widget`, a row
of a form measured, placed, drawn and given events.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ...i18n import N_, _, number
from ..caches import kept
from ..layout import Box

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


PATH_SEPARATORS = ("/", "\\")  # where a path too long for a line breaks


class _Wrapper(textwrap.TextWrapper):
    """textwrap's lines, but a word that is a path (it holds a "/" or a "\\") is not broken
    at its hyphens ("pixel-mines" is one name), and one longer than a line breaks next to a
    separator, as far along as fits: mid-name only where a name alone is longer than a line."""

    def _split(self, text):
        chunks = []
        for piece in self.wordsep_simple_re.split(text):
            if any(sep in piece for sep in PATH_SEPARATORS):
                chunks.append(piece)
            elif piece:
                chunks += super()._split(piece)
        return chunks

    def _handle_long_word(self, chunks, cur_line, cur_len, width):
        chunk = chunks[-1]
        cut = _path_break(chunk, width - cur_len)  # wrap is given a width of 1 at least
        if cut == 1 and chunk[0] in PATH_SEPARATORS:  # a separator alone on its line: only
            rest = chunk[1:]  # before a name that then fits a line
            name = min(
                (rest.find(sep) for sep in PATH_SEPARATORS if sep in rest), default=len(rest)
            )
            cut = 0 if cur_line or name > width else 1
        if cut:
            cur_line.append(chunk[:cut])
            chunks[-1] = chunk[cut:]
        elif cur_line and any(sep in chunk for sep in PATH_SEPARATORS):
            return  # no separator fits after the words before it: the path starts a line
        else:  # a name (or a word) alone longer than a line
            super()._handle_long_word(chunks, cur_line, cur_len, width)


def _path_break(chunk: str, room: int) -> int:
    """The most characters of `chunk` up to `room` that end next to a path's separator (after
    one, or before one); 0 where none does."""
    for k in range(min(room, len(chunk)), 0, -1):
        if chunk[k - 1] in PATH_SEPARATORS or (k < len(chunk) and chunk[k] in PATH_SEPARATORS):
            return k
    return 0


def wrap(text: str, chars: int) -> list[str]:
    """Lines of at most `chars` characters (long words are broken, a path after a "/" or a
    "\\" where one fits); at least one line."""
    return list(_wrapped(text, max(1, chars)))


@lru_cache(maxsize=4096)
def _wrapped(text: str, chars: int) -> tuple[str, ...]:
    # keyed on the words themselves, so a text changed at run time (another language, a new
    # value) is wrapped afresh; a dialog opened again finds its lines here
    return tuple(_Wrapper(chars, break_long_words=True).wrap(text)) or ("",)


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
    return kept(_styles, tuple(sorted(colours.items())), lambda: Style.of(colours), KEPT_STYLES)


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


def rect(surface: pygame.Surface, colour: Colour, x: int, y: int, w: int, h: int) -> None:
    if w > 0 and h > 0:
        surface.fill(colour, (x, y, w, h))


def bevel(surface, box: Box, tl: Colour, br: Colour, width: int = 1) -> None:
    """Raised (tl light) or sunken (tl shadow) edges, `width` pixels thick, inside `box`."""
    for i in range(width):
        x, y, w, h = box.x + i, box.y + i, box.w - 2 * i, box.h - 2 * i
        rect(surface, tl, x, y, w - 1, 1)
        rect(surface, tl, x, y, 1, h - 1)
        rect(surface, br, x, y + h - 1, w, 1)
        rect(surface, br, x + w - 1, y, 1, h)


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
