"""What every dialog is: `Dialog`, a Form of the widget kit (game/ui/widgets/) and what its
keys and buttons mean, the answers all dialogs share (CLOSE, NOT_MINE) and the words a few of
them write alike.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...i18n import _, number
from ..layout import Box
from ..widgets import (
    PAD,
    SCROLLBAR_W,
    THIN,
    Button,
    Chart,
    ChartKey,
    Field,
    Form,
    Label,
    ListBox,
    Metrics,
    Pairs,
    Widget,
)


@dataclass(frozen=True)
class Closed:
    """The dialog is done and asks for nothing more."""


CLOSE = Closed()


def upper_first(text: str) -> str:
    """The text with its first letter a capital, the rest as written (str.capitalize would
    lower the rest: a German noun, a code's 'S')."""
    return text[:1].upper() + text[1:]


def seconds(value: float, places: int = 3) -> str:
    """A time a player reads, in seconds: "12.345 s"."""
    # Translators: a time in seconds; value is the number, written as your language does.
    return _("%(value)s s") % {"value": number(value, places)}


def figure(value: float | None, places: int) -> str:
    return "-" if value is None else number(value, places)


def list_chars(m: Metrics, bounds: Box) -> int:
    """The widest a list's row can be on the canvas, less its well and scroll bar (the help,
    the options, the best times)."""
    return (bounds.w - 2 * THIN - 2 * PAD - 4 - SCROLLBAR_W) // m.glyph_w - 2


class Dialog:
    """A Form and what its keys and buttons mean.

    Subclasses build the Form (`build`), map a button's id to a result (`button`) and may take
    keys before the Form does (`shortcut`: a result, None for nothing, or NOT_MINE to let the
    Form have it). The Form is rebuilt when the state changes; focus, hover and the place it
    had are carried over. Its words are looked up when it is built, so `retranslate` after a
    language switch shows it in the new one.
    """

    title = ""

    def __init__(self) -> None:
        self._form: Form | None = None  # built when first wanted: most are placed first
        self._placing: tuple[Metrics, Box, Box] | None = None
        self.dirty = True  # something on the panel changed since it was last drawn
        self.drawn_box: Box | None = None  # where it was last drawn on the canvas

    # ---- what subclasses provide ----

    def build(self) -> Form:
        raise NotImplementedError

    def button(self, id: str) -> object | None:
        """What the button `id` does (Enter and Esc give the default and cancel buttons)."""
        return CLOSE

    def shortcut(self, event: pygame.event.Event) -> object:
        return NOT_MINE

    def clicked(self, widget: Widget, point: tuple[int, int]) -> object | None:
        """A left press on a row of the form that is not a button (after the form saw it)."""
        return None

    def outside(self) -> object | None:
        """A left press outside the panel."""
        return None

    def tick(self) -> None:
        """Time passed (each frame it is up): a dialog with a line that changes by itself
        builds itself again when it does."""

    # ---- the form ----

    @property
    def form(self) -> Form:
        """The panel's Form, built from the state when first wanted (a dialog whose placing
        changes its rows builds it once, placed, not once before as well)."""
        if self._form is None:
            self._form = self.build()
        return self._form

    @form.setter
    def form(self, form: Form) -> None:
        self._form = form

    def refresh(self) -> None:
        """Build the form again from the state, keeping focus, hover and place."""
        old, self.form = self._form, self.build()
        if old is not None:
            focused = getattr(old.focused, "id", None)
            looks = {b.id: (b.hover, b.pressed) for b in old.buttons()}
            for b in self.form.buttons():
                b.hover, b.pressed = looks.get(b.id, (False, False))
            if focused is not None and self.form.find(focused) is not None:
                self.form.focused = self.form.find(focused)
            self.form.mouse = old.mouse
        if self._placing is not None:
            self.form.layout(*self._placing)
        self.dirty = True

    def refresh_for(self, name: str, value: object) -> None:
        """Set the attribute `name` (a width, a line that changes by itself) and build the form
        again, if it changed."""
        if getattr(self, name) != value:
            setattr(self, name, value)
            self.refresh()

    def retranslate(self) -> None:
        """The language changed: build the form again in its words and lay it out anew
        (`placed` too, as what fits depends on the words), where it was."""
        placing, self._placing = self._placing, None
        self.refresh()
        if placing is not None:
            self.place(*placing)

    def place(self, m: Metrics, area: Box, bounds: Box) -> Box:
        """Size the panel and centre it over `area` (the board), inside `bounds` (the canvas)."""
        if self._placing == (m, area, bounds):
            return self.form.box  # placed already (the form places itself again on events)
        self._placing = (m, area, bounds)
        self.placed(m, area, bounds)
        self.dirty = True
        if self.form.placing == (m, area, bounds):
            return self.form.box  # `placed` built it again and laid it out here (refresh)
        return self.form.layout(m, area, bounds)

    def placed(self, m: Metrics, area: Box, bounds: Box) -> None:
        """The room changed (a dialog whose rows depend on the width rebuilds them here)."""

    def covers_drawn(self) -> bool:
        """Whether the panel as placed now covers all of the panel last drawn."""
        old, new = self.drawn_box, self.form.box
        return old is None or (
            new.x <= old.x
            and new.y <= old.y
            and new.right >= old.right
            and new.bottom >= old.bottom
        )

    def draw(self, surface: pygame.Surface, theme) -> Box:
        box = self.form.draw(surface, theme)
        self.drawn_box = box
        self.dirty = False
        return box

    # ---- input ----

    def key(self, event: pygame.event.Event) -> object | None:
        """A key press: a result (CLOSE, an Answer, a board...) or None to stay open."""
        self.dirty = True
        if event.key in MODIFIERS:
            return None  # pressed on the way to another key
        result = self.shortcut(event)
        if result is not NOT_MINE:
            return result
        id = self.form.handle(event)
        return None if id is None else self.button(id)

    def mouse(self, event: pygame.event.Event, to_canvas) -> object | None:
        """A mouse event (its position in window pixels; `to_canvas` maps it to the canvas)."""
        before = self._looks()
        point = to_canvas(*event.pos) if hasattr(event, "pos") else None
        pressed = event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
        if pressed and (point is None or not self.form.contains(*point)):
            return self.outside()
        id = self.form.handle(event, to_canvas)
        if self._looks() != before or event.type != pygame.MOUSEMOTION:
            self.dirty = True
        if id is not None:
            return self.button(id)
        if pressed:
            widget = self.form.widget_at(*point)
            if widget is not None and not isinstance(widget, Button):
                return self.clicked(widget, point)
        return None

    def wheel(self, event: pygame.event.Event) -> None:
        self.form.handle(event)
        self.dirty = True

    def _looks(self) -> tuple:
        return tuple((b.hover, b.pressed) for b in self.form.buttons())

    # ---- what it says, for tests and the terminal-minded ----

    def texts(self) -> list[str]:
        """Every piece of text the panel holds (all list rows, scrolled into view or not)."""
        out = [self.form.title]
        for w in self.form.rows:
            if isinstance(w, Label):
                out.append(w.content)
            elif isinstance(w, Pairs):
                out += [f"{a} {b}" for a, b in w.rows]
            elif isinstance(w, Field):
                out.append(f"{w.label} {w.value}".strip())
                if w.error:
                    out.append(w.error)
            elif isinstance(w, ListBox):
                out += w.texts()
            elif isinstance(w, Chart):
                out += [w.x_label, w.newest()]
            elif isinstance(w, ChartKey):
                out += [words for _, words in w.entries]
        return out + [b.label for b in self.form.buttons()]


NOT_MINE = object()  # a shortcut's answer: the key is the form's
MODIFIERS = (
    pygame.K_LSHIFT,
    pygame.K_RSHIFT,
    pygame.K_LCTRL,
    pygame.K_RCTRL,
    pygame.K_LGUI,
    pygame.K_RGUI,
    pygame.K_CAPSLOCK,
    pygame.K_NUMLOCK,
    pygame.K_MODE,
)


SCROLL_KEYS = (
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
)


def is_enter(event) -> bool:
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
