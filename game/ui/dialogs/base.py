"""Dialogs over the board, each a Form of the widget kit (game/ui/widgets.py): help, the quit
and resume questions, the custom board, notes and results, statistics, options, themes and
board codes (the menus are the menu bar's, game/ui/menubar.py).

A dialog keeps its state, builds its Form from it and turns keys, clicks and its buttons into
a result (CLOSE, an Answer, a board...); it never touches the game. The window decides what a
result means, and where the panel goes (`place`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path

import pygame

from ..engine.codes import LENGTH as CODE_LENGTH
from ..engine.game import MAX_SIDE, MIN_SIDE
from ..i18n import N_, NP_, _, language, ngettext, number, pgettext
from ..session import LEAVE_QUESTION, LEAVE_WORDS
from ..store.records import CHART_KEY, no_best_line
from ..store.stats import KINDS, Stats
from .keys import action_for, binding
from .layout import Box
from .widgets import (
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
    wrap,
)


@dataclass(frozen=True)
class Closed:
    """The dialog is done and asks for nothing more."""


CLOSE = Closed()
DIGITS = "0123456789"

HELP_ROWS = 24  # the help shows this many lines where the window has room
HELP_CHARS = 56  # help lines wrap here at most, so they stay readable on a wide board


def upper_first(text: str) -> str:
    """The text with its first letter a capital, the rest as written (str.capitalize would
    lower the rest: a German noun, a code's 'S')."""
    return text[:1].upper() + text[1:]


def seconds(value: float, places: int = 3) -> str:
    """A time a player reads, in seconds: "12.345 s"."""
    # Translators: a time in seconds; value is the number, written as your language does.
    return _("%(value)s s") % {"value": number(value, places)}


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


def _is_enter(event) -> bool:
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)


# ---- help ------------------------------------------------------------------------------


class ScrollText(ListBox):
    """Lines to read, not to choose from: the keys and the wheel scroll them, no line is
    picked (`selected` is the top line shown)."""

    def select(self, index: int) -> None:
        self.top = self.selected = max(0, min(index, len(self.rows) - self.shown))

    def place(self, m, box):
        super().place(m, box)
        self.select(self.top)

    def press(self, point):
        if self.scrolls and self.bar_box().contains(*point):
            super().press(point)  # the bar pages; a line itself does nothing

    def paint(self, surface, theme, style, focused):
        top, self.selected = self.selected, -1  # no line drawn as picked
        super().paint(surface, theme, style, focused)
        self.selected = top


_HELP_LINES: dict[int, tuple] = {}  # width -> (the rows, their lines): `HelpOverlay.lines`


class HelpOverlay(Dialog):
    """Every key and mouse action, made from the key table, in a scrolling list: Up/Down and
    PageUp/PageDown scroll, any other key (or a click outside) closes."""

    title = N_("Keys and mouse")

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        self.rows = rows  # (keys, what they do); a row without `what` is a heading
        self.chars = HELP_CHARS
        self._list: ScrollText | None = None
        super().__init__()

    def lines(self) -> list[str]:
        """Two columns; keys too long for theirs get a line of their own, nothing is cut. Made
        once for the rows (kept per language and key table: `keys.help_rows`) at a width."""
        kept = _HELP_LINES.get(self.chars)
        if kept is None or kept[0] is not self.rows:
            kept = _HELP_LINES[self.chars] = (self.rows, self._lines())
        return kept[1][:]

    def _lines(self) -> list[str]:
        width = self.chars
        keys_w = min(max(len(k) for k, _ in self.rows), max(6, width // 2 - 1))
        out: list[str] = []
        for keys, what in self.rows:
            if keys and not what:  # a heading
                out.append(keys[:width].upper())
            elif len(keys) > keys_w or keys_w + 1 + len(what) > width:
                out += wrap(keys, width)
                out += ["  " + part for part in wrap(what, width - 2)]
            else:
                out.append(f"{keys:<{keys_w}} {what}".rstrip())
        return out

    def build(self) -> Form:
        rows = ScrollText("help", self.lines(), shown=HELP_ROWS)
        if self._list is not None:
            rows.select(self._list.selected)  # rebuilt for another width: stay where it was
        self._list = rows
        return Form(
            _(self.title), [rows], [Button("close", _("Close"))], default="close", cancel="close"
        )

    def placed(self, m, area, bounds):
        # the widest the list can be on the canvas, less its well and scroll bar
        room = (bounds.w - 2 * THIN - 2 * PAD - 4 - SCROLLBAR_W) // m.glyph_w - 2
        chars = max(10, min(HELP_CHARS, room))
        if chars != self.chars:
            self.chars = chars
            self.refresh()

    def shortcut(self, event):
        if event.key in (*SCROLL_KEYS, pygame.K_TAB, pygame.K_SPACE) or _is_enter(event):
            return NOT_MINE
        if event.key in MODIFIERS:
            return None  # pressed on the way to another key
        return CLOSE

    def outside(self):
        return CLOSE


# ---- questions -------------------------------------------------------------------------


class Question(Enum):
    """What a yes/no dialog asks; its answer names it, so answers are told apart by kind."""

    QUIT = "quit"
    RESUME = "resume"
    LEAVE = "leave"


@dataclass(frozen=True)
class Answer:
    """The reply to a ConfirmDialog: which question, and yes or no."""

    question: Question
    yes: bool


class ConfirmDialog(Dialog):
    """A yes/no question with two buttons: Y (or Enter on the yes button) for yes, N or Esc
    for no. Its words come translated (the buttons' get a capital first letter)."""

    def __init__(
        self, question: Question, title: str, paragraphs: list[str], *, yes: str, no: str
    ) -> None:
        self.question = question
        self.title = title
        self.paragraphs = paragraphs
        self.yes_text, self.no_text = yes, no
        super().__init__()

    def build(self) -> Form:
        return Form(
            self.title,
            [Label(p) for p in self.paragraphs],
            [Button("yes", upper_first(self.yes_text)), Button("no", upper_first(self.no_text))],
            default="yes",
            cancel="no",
        )

    def button(self, id):
        return Answer(self.question, id == "yes")

    def shortcut(self, event):
        if event.key == pygame.K_y:
            return Answer(self.question, True)
        if event.key == pygame.K_n:
            return Answer(self.question, False)
        return NOT_MINE


def confirm_quit() -> ConfirmDialog:
    return ConfirmDialog(
        Question.QUIT,
        _("Quit?"),
        [_("A game is on. It is kept for next time.")],
        yes=_("Quit"),
        no=_("Keep playing"),
    )


def confirm_leave(what: str) -> ConfirmDialog:
    """The one question before a game in progress is replaced by `what` ("Intermediate")."""
    # Translators: the last line of "Leave this game?"; board is what comes instead
    # ("Intermediate", "the board of the code"...).
    start = _("Start %(board)s?") % {"board": what}
    return ConfirmDialog(
        Question.LEAVE, _(LEAVE_QUESTION), [_(LEAVE_WORDS), start], yes=_("Leave"), no=_("Stay")
    )


# ---- the custom board ------------------------------------------------------------------


@dataclass(frozen=True)
class CustomSize:
    rows: int
    cols: int
    mines: int


class CustomDialog(Dialog):
    """Rows, columns and mines in three fields, each checked against its limit and explained
    under it; OK (Enter) starts the board, Cancel (Esc) does not."""

    title = N_("Custom board")
    FIELDS = (N_("Rows"), N_("Columns"), N_("Mines"))
    IDS = ("rows", "cols", "mines")
    NOT_A_NUMBER, NO_SIDES = N_("type a whole number"), N_("fix rows/cols first")
    # Translators: under a field of the custom board: the number typed is out of these bounds.
    RANGES = (
        N_("rows: %(low)d to %(high)d"),
        N_("columns: %(low)d to %(high)d"),
        N_("mines: %(low)d to %(high)d"),
    )

    def __init__(self, values: list[str] | None = None) -> None:
        values = values or ["20", "30", "120"]
        self.fields = [
            Field(id, "", v, allowed=DIGITS, max_len=5)
            for id, v in zip(self.IDS, values, strict=True)
        ]
        super().__init__()

    @classmethod
    def widest(cls) -> str:
        """The widest error a field can show (`check`), in the language in use: its room is
        kept under every field."""
        most = {"low": 1, "high": MAX_SIDE * MAX_SIDE - 1}
        return max(
            _(cls.NOT_A_NUMBER), _(cls.NO_SIDES), *(_(r) % most for r in cls.RANGES), key=len
        )

    @property
    def values(self) -> list[str]:
        return [f.value for f in self.fields]

    @property
    def errors(self) -> list[str]:
        return [f.error for f in self.fields]

    @property
    def focus(self) -> int | None:
        f = self.form.focused
        return self.fields.index(f) if f in self.fields else None

    def _limits_line(self) -> str:
        mines = self.limits()[2]
        sides = {"low": MIN_SIDE, "high": MAX_SIDE}
        if mines:
            said = _("Sides %(low)d to %(high)d, mines 1 to %(most)d.")
            return said % {**sides, "most": mines[1]}
        return _("Sides %(low)d to %(high)d, mines 1 to rows x cols - 1.") % sides

    def build(self) -> Form:
        widest = self.widest()
        for f, name in zip(self.fields, self.FIELDS, strict=True):
            f.label, f.error_line = _(name), widest  # in the language in use
        return Form(
            _(self.title),
            [*self.fields, Label(self._limits_line())],
            [Button("ok", _("OK")), Button("cancel", _("Cancel"))],
            default="ok",
            cancel="cancel",
        )

    def limits(self) -> list[tuple[int, int] | None]:
        side = (MIN_SIDE, MAX_SIDE)
        rows, cols = self._number(0), self._number(1)
        sides_ok = all(v is not None and side[0] <= v <= side[1] for v in (rows, cols))
        return [side, side, (1, rows * cols - 1) if sides_ok else None]

    def _number(self, k: int) -> int | None:
        v = self.fields[k].value
        return int(v) if v.isascii() and v.isdigit() else None

    def check(self) -> CustomSize | None:
        """Explain every bad field under it; the size if all are good."""
        limits = self.limits()
        for k, out_of_range in enumerate(self.RANGES):
            value, limit, f = self._number(k), limits[k], self.fields[k]
            f.error = ""
            if value is None:
                f.error = _(self.NOT_A_NUMBER)
            elif limit is None:
                f.error = _(self.NO_SIDES)
            elif not limit[0] <= value <= limit[1]:
                f.error = _(out_of_range) % {"low": limit[0], "high": limit[1]}

        bad = [f for f in self.fields if f.error]
        if bad:
            self.refresh()
            self.form.focused = bad[0]
            bad[0].select_all()  # to type the number again
            return None
        return CustomSize(self._number(0), self._number(1), self._number(2))

    def button(self, id):
        return self.check() if id == "ok" else CLOSE

    def key(self, event):
        result = super().key(event)
        label = self.form.rows[-1]
        if isinstance(label, Label) and label.content != self._limits_line():
            self.refresh()  # the mines' limit follows the sides being typed
        return result


# ---- notes and results -----------------------------------------------------------------


@dataclass(frozen=True)
class MenuChoice:
    """An action of the key table chosen in a dialog (New game in the win notice)."""

    action: str


@dataclass(frozen=True)
class Analyse:
    """Go through a game move by move: the replay at `path`, or (None) the game just played."""

    path: str | None = None


class NoticeDialog(Dialog):
    """Something the player should know (a result, a file set aside): its paragraphs, a table
    of label and value, an OK button; any key closes. With `new_game` it offers one too. With
    `live`, a last line that may change while it is up (the analysis of the game just played,
    with `analyse`: an Analyse button, and A)."""

    def __init__(
        self,
        title: str,
        paragraphs: list[str],
        table: list[tuple[str, str]] = (),
        *,
        new_game: bool = False,
        live: Callable[[], str | None] | None = None,
        analyse: bool = False,
        live_room: str = "",
    ) -> None:
        self.title = title
        self.live_room = live_room  # as long as the live line can grow: its room kept
        self.paragraphs = list(paragraphs)
        self.table = list(table)
        self.new_game = new_game
        self.live = live
        self.live_text = live() if live is not None else None
        self.analyse = analyse
        super().__init__()

    def build(self) -> Form:
        rows: list[Widget] = []
        if self.table:
            rows.append(Pairs(self.table))
        rows += [Label(p) for p in self.paragraphs]
        if self.live_text or self.live_room:
            rows.append(Label(self.live_text or "", reserve=self.live_room))
        buttons = [Button("new_game", _("New game"))] if self.new_game else []
        if self.analyse:
            buttons.append(Button("analyse", _("Analyse")))
        return Form(self.title, rows, [*buttons, Button("ok", _("OK"))], default="ok", cancel="ok")

    def tick(self) -> None:
        if self.live is not None:
            text = self.live()
            if text != self.live_text:
                self.live_text = text
                self.refresh()

    def button(self, id):
        if id == "analyse":
            return Analyse()
        return MenuChoice("new_game") if id == "new_game" else CLOSE

    def shortcut(self, event):
        if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            return NOT_MINE
        if self.form.view is not None and event.key in SCROLL_KEYS:
            return NOT_MINE  # its rows scroll (too tall for the window): these keys scroll them
        if _is_enter(event):
            return NOT_MINE
        if event.key in MODIFIERS:
            return None  # pressed on the way to another key
        if event.key == pygame.K_a and self.analyse:
            return Analyse()
        action = action_for(event)
        if action is not None and action != "quit":  # T switches theme, N starts a game...
            return MenuChoice(action)  # after closing, not silently instead
        return CLOSE  # any other key (Esc among them), as a note always did


def about_dialog(version: str, settings_folder: Path, data_folder: Path) -> NoticeDialog:
    """Help → About: which version is running, its licence, and where the player's files are
    (settings in one folder; statistics, replays, the kept game and their own themes in the
    other), so a player can back them up or report a bug precisely."""
    return NoticeDialog(
        _("About Pixel Mines"),
        [
            _("Minesweeper done right, in crisp pixel art."),
            # Translators: folder is where the settings file is kept.
            _("Settings: %(folder)s") % {"folder": settings_folder},
            # Translators: folder is where statistics, replays and the player's themes are.
            _("Statistics, replays and your themes: %(folder)s") % {"folder": data_folder},
        ],
        [(_("Version"), version), (_("Licence"), "MIT")],
    )


def result_table(
    time_ms: int, bbbv: int, bbbv_done: int, won: bool, measured: bool, measures
) -> list[tuple[str, str]]:
    """The result notice's figures (docs/RULES.md, "Measures of a game"): time, 3BV and 3BV/s
    at once; the clicks, IOE, ZiNi, guesses and NF once `measured` ("..." until then, "-"
    when none could be made). Short enough for Beginner at zoom 1."""
    rate = bbbv_done * 1000 / time_ms if time_ms >= 1000 else None  # as the statistics
    table = [
        (_("Time"), seconds(time_ms / 1000)),
        (_("3BV"), str(bbbv) if won else f"{bbbv_done}/{bbbv}"),
        (_("3BV/s"), _figure(rate, 2)),
    ]
    # Translators: NF is "no flags": the game was played without placing a flag.
    labels = (_("Clicks"), _("IOE"), _("ZiNi"), _("Guesses"), _("NF"))
    m = measures
    if not measured or m is None:
        late = "..." if not measured else "-"
        return table + [(label, late) for label in labels]
    c = m.clicks
    # Translators: the clicks of a game: total, then how many of them did nothing.
    clicks = _("%(total)d, %(wasted)d wasted") % {"total": c.total, "wasted": c.wasted} if c else ""
    values = (
        clicks or _("not recorded"),
        _figure(m.ioe, 3),
        str(m.zini),
        str(m.guesses),
        _("yes") if m.no_flag else _("no"),
    )
    return table + list(zip(labels, values, strict=True))


# ---- statistics ------------------------------------------------------------------------


@dataclass(frozen=True)
class WatchReplay:
    path: str


CHART_H = 30


def daily_board_line() -> str:
    """Where today's board is played, from the key table (it has a menu row, not a key)."""
    menu, daily = binding("menu"), binding("daily")
    # Translators: menu is a menu's name ("Game"), key the key that opens the menus (F10),
    # row the menu's row ("Daily board").
    return _("Play today's board: %(menu)s menu (%(key)s) > %(row)s.") % {
        "menu": pgettext("menu", daily.menu),
        "key": menu.keys[0].label(),
        "row": _(daily.label),
    }


# The statistics' pages: one a kind of board, and the daily boards.
PAGE_TITLES = {
    "beginner": N_("Beginner"),
    "intermediate": N_("Intermediate"),
    "expert": N_("Expert"),
    "custom": N_("Custom"),
    # Translators: the statistics' page of the daily boards.
    "daily": N_("Daily"),
}
# Translators: a date without its year (a best time's day); keep both placeholders.
SHORT_DATE = NP_("date pattern without the year", "%(month)s-%(day)s")


def short_date(at: str) -> str:
    """The month and day of an ISO time (2026-12-01T20:35), as the language writes dates."""
    return pgettext(*SHORT_DATE) % {"month": at[5:7], "day": at[8:10]}


# Each statistics page's size for the figures it was laid out from (StatsDialog.placed): the
# dialog opened again lays out only the pages whose figures, room or words changed, and those
# are laid out ahead in the loop's spare frames (`StatsPages`)
_SIZES: dict[tuple, tuple[int, int]] = {}
KEPT_SIZES = 60
# The form of each page laid out ahead, by the same key: the dialog opened next shows it as it
# is, rather than build and lay it out again (once: a form shown keeps its focus and hover)
_AHEAD: dict[tuple, Form] = {}


def best_times_chars(m: Metrics, bounds: Box) -> int:
    """The widest a row of the best times can be on the canvas, less its well."""
    return (bounds.w - 2 * THIN - 2 * PAD - 4 - SCROLLBAR_W) // m.glyph_w - 2


def stats_today() -> str:
    """The day the daily boards' page counts up to (UTC), as the statistics take it."""
    return datetime.now(UTC).date().isoformat()


class StatsDialog(Dialog):
    """Statistics of one kind of board at a time, and the daily boards; Left/Right or 1-5 (or
    the < and > buttons) switch pages, Up/Down pick one of the best times and Enter (or Watch)
    watches its replay, A (or Analyse) goes through it move by move."""

    PAGES = (*KINDS, "daily")

    def __init__(self, stats: Stats, kind: str, today: str) -> None:
        self.stats = stats
        self.today = today
        self._page = self.PAGES.index(kind)
        self.pick = 0
        self._summary = None
        self._times: ListBox | None = None  # the best times, when the page has any
        self.chars = 0  # the widest a row can be, once placed: the best times' measures
        self.least = (0, 0)  # the largest page's panel, once placed: every page keeps it
        super().__init__()

    @property
    def page(self) -> int:
        return self._page

    @page.setter
    def page(self, page: int) -> None:
        """Turn to another page (it wraps round) at its first best time."""
        self._page = page % len(self.PAGES)
        self.pick = 0
        self.refresh()

    @property
    def kind(self) -> str:
        return self.PAGES[self.page]

    @property
    def summary(self):
        if self.kind == "daily":
            return None
        if self._summary is None or self._summary.kind != self.kind:
            self._summary = self.stats.summary(self.kind)
        return self._summary

    def build(self) -> Form:
        kind, pages = _(PAGE_TITLES[self.kind]), len(self.PAGES)
        # Translators: the statistics' title: kind is the page's name ("Beginner"), then
        # which page of how many.
        title = _("%(kind)s %(page)d/%(pages)d") % {
            "kind": kind,
            "page": self.page + 1,
            "pages": pages,
        }
        self._times = None
        rows: list[Widget] = []
        if not self.stats.usable:
            rows.append(Label(_("Not being recorded."), "error"))
        d = self.stats.daily_summary(self.today) if self.kind == "daily" else None
        s = self.summary  # read first, so rows it left out are counted below
        if self.stats.skipped:
            n = self.stats.skipped
            rows.append(
                Label(
                    ngettext(
                        "%(count)d broken game left out.", "%(count)d broken games left out.", n
                    )
                    % {"count": n},
                    "error",
                )
            )
        pages = [Button("prev", "<"), Button("next", ">")]
        close = Button("close", _("Close"))
        if d is not None:
            best = "-" if d.best_ms is None else seconds(d.best_ms / 1000)
            rows += [
                Pairs(
                    [
                        (_("Days played"), d.played),
                        (_("Days won"), d.won),
                        (_("Streak"), _streak(d.streak, d.best_streak)),
                        (_("Best time"), best),
                    ]
                ),
                Label(daily_board_line()),
            ]
            return self._page_form(title, rows, [*pages, close])
        # Translators: games won of games played, then the share won ("3/4 75%").
        won = _("%(won)d/%(played)d %(percent)s%%") % {
            "won": s.won,
            "played": s.played,
            "percent": number(s.win_rate * 100),
        }
        rows.append(
            Pairs(
                [
                    (_("Won"), won),
                    (_("Streak"), _streak(s.current_streak, s.best_streak)),
                    (_("Best 3BV/s"), _best(s.best_rate, s.nf_best_rate, 2)),
                    (_("Best IOE"), _best(s.best_ioe, s.nf_best_ioe, 3)),
                ]
            )
        )
        if s.kind == "custom":
            rows.append(Label(_("Sizes vary: no best times.")))
        buttons = [*pages]
        if s.best_times:
            # Translators: a best time's mark in the list: it has a replay to watch.
            times = [
                (f"{n}.", seconds(ms / 1000), short_date(at), _("replay") if replay else "")
                for n, (ms, at, replay) in enumerate(s.best_times, 1)
            ]
            self.pick = min(self.pick, len(times) - 1)
            # Translators: a 3BV/s figure in the best times' list ("2.15/s").
            measures = [
                (
                    _("%(rate)s/s") % {"rate": _figure(rate, 2)},
                    _("IOE %(ioe)s") % {"ioe": _figure(ioe, 3)},
                )
                for rate, ioe in s.best_measures
            ]
            wide = [(*t[:2], *m, *t[2:]) for t, m in zip(times, measures, strict=True)]
            roomy = len(ListBox("", wide).texts()[0]) <= self.chars
            self._times = ListBox(
                "times", wide if roomy else times, shown=min(len(times), 5), selected=self.pick
            )
            rows.append(self._times)
            if not roomy:  # the picked game's measures under the list instead
                rate, ioe = s.best_measures[self.pick]
                # Translators: the picked best time (its place in the list) and its measures.
                said = _("%(place)d: 3BV/s %(rate)s, IOE %(ioe)s")
                rows.append(
                    Label(
                        said
                        % {"place": self.pick + 1, "rate": _figure(rate, 2), "ioe": _figure(ioe, 3)}
                    )
                )
            if any(replay for _n, _at, replay in s.best_times):
                buttons += [Button("watch", _("Watch")), Button("analyse", _("Analyse"))]
        elif s.kind != "custom":
            rows.append(Label(no_best_line(s.won)))
        if s.recent:
            rows += [self.chart(), ChartKey([(colour, _(words)) for colour, words in CHART_KEY])]
        return self._page_form(title, rows, [*buttons, close])

    def _page_form(self, title: str, rows: list, buttons: list) -> Form:
        form = Form(title, rows, buttons, default="close", cancel="close")
        form.least = self.least
        return form

    def placed(self, m, area, bounds):
        # one size for every page (a play-test: the panel changed size from page to page):
        # each page is laid out here, at the opening and when the window changes, unless its
        # figures were laid out in the same room and words before (kept in `_SIZES`: after a
        # game only its own kind's page, and the daily one, are laid out again, and in the
        # frames before the opening at that: `StatsPages`)
        self.chars, self.least = best_times_chars(m, bounds), (0, 0)
        sizes = [self.page_size(k, m, area, bounds) for k in range(len(self.PAGES))]
        self.least = (max(w for w, _ in sizes), max(h for _, h in sizes))
        ahead = None
        if self._form is None and self.pick == 0:  # the opening, at the first best time
            ahead = _AHEAD.pop(self.page_key(self._page, m, area, bounds), None)
        if ahead is None:
            self.refresh()
            return
        self._times = ahead.find("times")
        self.form, ahead.least = ahead, self.least
        ahead.layout(m, area, bounds)  # the rows as measured ahead, the panel as large as all

    def page_key(self, k: int, m, area, bounds) -> tuple | None:
        """What page `k`'s size is kept by: its figures' version, the room and the words."""
        version = self.stats.version(self.PAGES[k])
        if version is None:
            return None  # then nothing is kept by it
        return (self.PAGES[k], version, m, area, bounds, self.today, language(), self.stats.skipped)

    def page_size(self, k: int, m, area, bounds) -> tuple[int, int]:
        """Page `k`'s panel with nothing holding it in: as kept, else laid out now."""
        key = self.page_key(k, m, area, bounds)
        size = _SIZES.get(key) if key is not None else None
        return size if size is not None else self.lay_out(k, key, m, area, bounds)

    def lay_out(self, k: int, key: tuple | None, m, area, bounds) -> tuple[int, int]:
        """Build page `k` at its first best time and lay it out: its size, kept with its
        form by `key` (from `page_key`)."""
        page, pick, least, times = self._page, self.pick, self.least, self._times
        self._page, self.pick, self.least = k, 0, (0, 0)
        self.chars = best_times_chars(m, bounds)
        form = self.build()
        box = form.layout(m, area, bounds)
        self._page, self.pick, self.least, self._times = page, pick, least, times
        if key is not None:
            _SIZES[key] = (box.w, box.h)
            _AHEAD[key] = form
            for kept, most in ((_SIZES, KEPT_SIZES), (_AHEAD, len(self.PAGES))):
                while len(kept) > most:  # the oldest go first
                    del kept[next(iter(kept))]
        return box.w, box.h

    def chart(self) -> Chart:
        """The recent games, oldest first (the newest at the right): each bar as tall as the
        game's time, the axis in seconds: a win's (grey: it could set no record, see
        game/store/records.py), a loss's (checkered: the time to the mine); `CHART_KEY`
        says so."""
        recent = self.summary.recent
        colour = {(True, False): "accent", (True, True): "shadow"}
        bars = [(ms / 1000, colour.get((won, assisted), "error")) for won, ms, assisted in recent]
        n = len(recent)
        # Translators: under the chart of the recent games.
        last = ngettext("last %(count)d game", "last %(count)d games", n) % {"count": n}
        # Translators: the unit of the chart's axis: seconds.
        return Chart(bars, x_label=last, unit=pgettext("unit", "s"), height=CHART_H)

    def _watch(self, analyse: bool = False) -> object | None:
        s = self.summary
        if s and s.best_times:
            replay = s.best_times[self.pick][2]
            if replay:
                return Analyse(replay) if analyse else WatchReplay(replay)
        return None

    def button(self, id):
        if id in ("prev", "next"):
            self.page += 1 if id == "next" else -1
            return None
        if id in ("watch", "analyse"):
            return self._watch(analyse=id == "analyse")
        return CLOSE

    def shortcut(self, event):
        k = event.key
        if k == pygame.K_RIGHT:
            self.page += 1
        elif k == pygame.K_LEFT:
            self.page -= 1
        elif event.unicode in tuple("12345"):
            self.page = int(event.unicode) - 1
        elif k == pygame.K_s:
            return CLOSE
        elif k == pygame.K_a:
            return self._watch(analyse=True)
        elif k in (pygame.K_UP, pygame.K_DOWN) and self.summary and self.summary.best_times:
            step = -1 if k == pygame.K_UP else 1
            self.pick = (self.pick + step) % len(self.summary.best_times)
            self._times.select(self.pick)
            self.refresh()  # the picked game's measures
        elif _is_enter(event) and not isinstance(self.form.focused, Button):
            return self._watch()
        else:
            return NOT_MINE
        return None

    def mouse(self, event, to_canvas):
        result = super().mouse(event, to_canvas)
        self._picked()
        return result

    def wheel(self, event):
        super().wheel(event)
        self._picked()

    def _picked(self) -> None:
        """A click or the wheel picked a best time in the list."""
        if self._times is not None and self.pick != self._times.selected:
            self.pick = self._times.selected
            self.refresh()  # the picked game's measures


class StatsPages:
    """The statistics pages laid out ahead, in the loop's spare frames: after a game is
    stored (by the writer's thread: every page's figures may have changed), the window or the
    words changed, each page not kept in `_SIZES` is laid out, one a frame, and then the page
    the dialog opens on (the board's kind) if its form was shown since, so that the dialog
    opened next finds every size kept and its page laid out."""

    def __init__(self) -> None:
        self.left = False  # a page is left to lay out: the loop ticks on (Layer.due)
        # what every page was last found kept for, and the key of the page opened on
        self._kept_for: tuple | None = None
        self._opened_on: tuple | None = None

    def warm(self, stats: Stats | None, kind: str, m: Metrics, area: Box, bounds: Box) -> None:
        """Lay out the first page not kept, if any (one page: a step counted in work)."""
        self.left = False
        if stats is None:
            return
        version, today = stats.version(), stats_today()
        if version is None:
            return
        said = (version, kind, m, area, bounds, today, language(), stats.skipped)
        if said == self._kept_for and self._opened_on in _AHEAD:
            return  # nothing changed since every page was found kept: one query a frame
        pages = StatsDialog(stats, kind, today)  # not built until wanted
        for k in range(len(pages.PAGES)):
            key = pages.page_key(k, m, area, bounds)
            if key is None:
                return  # the file went: nothing can be kept by it
            if key not in _SIZES or k == pages.page and key not in _AHEAD:
                pages.lay_out(k, key, m, area, bounds)
                self.left = True  # this one, and maybe more: looked at next frame
                return
        self._kept_for, self._opened_on = said, pages.page_key(pages.page, m, area, bounds)


def _figure(value: float | None, places: int) -> str:
    return "-" if value is None else number(value, places)


def _best(best: float | None, no_flags: float | None, places: int) -> str:
    """A best and, apart, the best of the games where no flag was placed (NF)."""
    # Translators: a best, then the best of the games played without a flag (NF).
    return _("%(best)s, NF %(no_flags)s") % {
        "best": _figure(best, places),
        "no_flags": _figure(no_flags, places),
    }


def _streak(streak: int, best: int) -> str:
    # Translators: the wins in a row now, then the most ever.
    return _("%(streak)d, best %(best)d") % {"streak": streak, "best": best}


# ---- options ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """A setting the player changed in the options dialog: applied at once by the window."""

    name: str
    value: object
    keeps_open = True  # the options stay up while each change is applied


class SettingsDialog(Dialog):
    """Every setting with its value in a list; Up/Down or a click choose a row,
    Left/Right/Space/Enter or Change change it, Esc closes."""

    title = N_("Options")

    def __init__(
        self, rows: list[tuple[str, str | tuple[str, str], list[tuple[object, str]], object]]
    ) -> None:
        """`rows`: (setting name, label, [(value, shown as)], current value); a label may be
        (short, long): the long one is shown where every row fits with it."""
        self.rows = rows
        self.long = False  # the long labels fit
        self.list = ListBox("settings", self._texts(), shown=len(rows))
        super().__init__()

    def _texts(self, long: bool | None = None) -> list[tuple[str, str]]:
        long = self.long if long is None else long
        return [
            (
                label if isinstance(label, str) else label[long],
                next((text for value, text in choices if value == current), str(current)),
            )
            for _, label, choices, current in self.rows
        ]

    def placed(self, m, area, bounds):
        # the widest a row can be on the canvas, less its well (as the statistics' times)
        chars = (bounds.w - 2 * THIN - 2 * PAD - 4 - SCROLLBAR_W) // m.glyph_w - 2
        long = len(ListBox("", self._texts(long=True)).texts()[0]) <= chars
        if long != self.long:
            self.long = long
            self.refresh()

    @property
    def focus(self) -> int:
        return self.list.selected

    def build(self) -> Form:
        self.list.rows = [tuple(r) for r in self._texts()]
        return Form(
            _(self.title),
            [self.list],
            [Button("change", _("Change")), Button("close", _("Close"))],
            default="change",
            cancel="close",
        )

    def button(self, id):
        return self._step(1) if id == "change" else CLOSE

    def shortcut(self, event):
        k = event.key
        on_list = self.form.focused is self.list
        if k == pygame.K_o:
            return CLOSE
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            return self._step(-1 if k == pygame.K_LEFT else 1)
        if on_list and (k == pygame.K_SPACE or _is_enter(event)):
            return self._step(1)
        return NOT_MINE

    def clicked(self, widget, point):
        # a click picks the row; Change (or Enter, Space, Left/Right) changes it: a play-test
        # found click-to-change plus Change stepping twice
        return None

    def _step(self, direction: int) -> Change:
        name, label, choices, current = self.rows[self.focus]
        values = [v for v, _ in choices]
        k = values.index(current) if current in values else -1
        value = values[(k + direction) % len(values)]
        self.rows[self.focus] = (name, label, choices, value)
        self.refresh()
        return Change(name, value)


# ---- lists of things to choose ---------------------------------------------------------


class ListDialog(Dialog):
    """A list to choose from: Up/Down move, Enter or Space (or a click on a row) choose, Esc
    (or the key that opened it) closes."""

    close_keys: tuple[int, ...] = ()
    entries: list

    def choose(self, index: int) -> object:
        raise NotImplementedError

    @property
    def focus(self) -> int:
        return self.list.selected

    def button(self, id):
        return self.choose(self.focus) if id == "choose" else CLOSE

    def shortcut(self, event):
        if event.key in self.close_keys:
            return CLOSE
        if self.form.focused is self.list and (_is_enter(event) or event.key == pygame.K_SPACE):
            return self.choose(self.focus)
        return NOT_MINE

    def clicked(self, widget, point):
        if widget is self.list and self.list.row_at(point, self.list.m) is not None:
            return self.choose(self.focus)
        return None


@dataclass(frozen=True)
class ResumeKept:
    """The answer to the resume question: the kept game to play on (its place in the list);
    or none, with `drop` saying whether they go (New game) or stay kept for later (Esc)."""

    index: int | None
    drop: bool = False


# Translators: under the resume question; button is the other button's label ("New game").
KEEP_NOTE = N_("%(button)s drops it; Esc keeps it for later.")
# Translators: as above, of more than one kept game.
KEEP_NOTE_MANY = N_("%(button)s drops them; Esc keeps them for later.")


class ResumeDialog(ConfirmDialog):
    """One kept game: Resume (Y, Enter) plays it on; New game (N) drops it (unfinished games
    are not recorded); Esc decides nothing: it stays kept for the next start."""

    def __init__(self, paragraphs: list[str], no: str) -> None:
        note = _(KEEP_NOTE) % {"button": upper_first(no)}
        super().__init__(Question.RESUME, _("Resume?"), [*paragraphs, note], yes=_("Resume"), no=no)

    def button(self, id):
        return ResumeKept(0) if id == "yes" else ResumeKept(None, drop=True)

    def shortcut(self, event):
        if event.key == pygame.K_ESCAPE:
            return ResumeKept(None)
        if event.key == pygame.K_y:
            return ResumeKept(0)
        if event.key == pygame.K_n:
            return ResumeKept(None, drop=True)
        return NOT_MINE


class KeptGamesDialog(ListDialog):
    """More than one unfinished game was kept (two copies of the game were playing): each
    named on a row; Resume (Enter, or a click on a row) plays the one picked on and the others
    stay kept for next time; the other button drops them all; Esc decides nothing (they all
    stay kept, and a new game is played)."""

    title = N_("Resume a game?")

    def __init__(self, names: list[str], no: str) -> None:
        self.entries = names
        self.no_text = no
        self.list = ListBox("kept", names, shown=min(len(names), 6))
        super().__init__()

    def build(self) -> Form:
        n = len(self.entries)
        said = [
            ngettext(
                "You left %(count)d unfinished game.", "You left %(count)d unfinished games.", n
            )
            % {"count": n},
            _(KEEP_NOTE_MANY) % {"button": upper_first(self.no_text)},
        ]
        return Form(
            _(self.title),
            [*map(Label, said), self.list],
            [Button("choose", _("Resume")), Button("drop", upper_first(self.no_text))],
            default="choose",
            cancel="drop",
        )

    def button(self, id):
        return ResumeKept(self.focus) if id == "choose" else ResumeKept(None, drop=True)

    def shortcut(self, event):
        if event.key == pygame.K_ESCAPE:
            return ResumeKept(None)
        return super().shortcut(event)

    def choose(self, index: int) -> object:
        return ResumeKept(index)


PREVIEW_SPRITES = ("covered", "open_1", "open_2", "open_3", "flag", "mine", "mine_red")


def theme_preview(theme) -> pygame.Surface:
    """A row of the theme's own tiles, for the theme menu."""
    t = theme.sizes.tile
    surf = pygame.Surface((t * len(PREVIEW_SPRITES), t), pygame.SRCALPHA)
    surf.fblits([(theme.sprites[n], (k * t, 0)) for k, n in enumerate(PREVIEW_SPRITES)])
    return surf


class Picture(Widget):
    """An image, centred in its row; `image()` gives the one to show now."""

    def __init__(self, image, size: tuple[int, int]) -> None:
        self.image = image
        self.size = size

    def measure(self, m, width):
        return min(width, self.size[0]), self.size[1]

    def paint(self, surface, theme, style, focused):
        image = self.image()
        x = self.box.x + (self.box.w - image.get_width()) // 2
        surface.blit(image, (x, self.box.y))


@dataclass(frozen=True)
class PickTheme:
    key: str


class ThemeMenu(ListDialog):
    """The themes by display name, a preview of the one selected, and what is wrong with the
    ones left out."""

    title = N_("Themes")
    close_keys = (pygame.K_m,)

    def __init__(self, library, current: str) -> None:
        self.entries = [(key, t.title(), theme_preview(t)) for key, t in library.themes.items()]
        self.problems = list(library.problems)
        self.warnings = list(library.warnings)
        keys = [key for key, _, _ in self.entries]
        start = keys.index(current) if current in keys else 0
        self.list = ListBox(
            "themes",
            [name for _, name, _ in self.entries],
            shown=min(len(self.entries), 8),
            selected=start,
        )
        super().__init__()

    def build(self) -> Form:
        size = (
            max(p.get_width() for *_, p in self.entries),
            max(p.get_height() for *_, p in self.entries),
        )
        preview = Picture(lambda: self.entries[self.focus][2], size)
        # Translators: a theme the game could not use; problem says why.
        problems = [
            Label(_("Left out: %(problem)s") % {"problem": p}, "error") for p in self.problems
        ]
        problems += [Label(upper_first(w) + ".", "error") for w in self.warnings]
        return Form(
            _(self.title),
            [self.list, preview, *problems],
            [Button("choose", _("Use")), Button("close", _("Close"))],
            default="choose",
            cancel="close",
        )

    def choose(self, index: int) -> object:
        return PickTheme(self.entries[index][0])


# What a pasted code loses before it is checked: spaces, dashes and line ends (a code copied
# from a chat or a document), so only its letters and digits are counted.
_NOT_IN_A_CODE = dict.fromkeys(map(ord, " \t\r\n\u00a0-\u2010\u2011\u2012\u2013\u2014\u2212"))


def clean_code(text: str) -> str:
    """A code as pasted, without the spaces, dashes and line ends around and inside it."""
    return text.translate(_NOT_IN_A_CODE)


@dataclass(frozen=True)
class PlayCode:
    code: object  # a BoardCode


class CodeDialog(Dialog):
    """Type or paste (Ctrl+V) a board code; Play (Enter) plays it, a wrong code is explained
    under the field."""

    title = N_("Play a board code")
    # the longest error a code can get (engine/codes.py): its lines are kept under the field,
    # so the panel neither grows nor moves when one comes (as the custom board's)
    # Translators: never shown: it keeps room under the field for the longest error a code
    # can get; translate it as that error reads in your language.
    WIDEST = N_("A seed written as text has 13 characters after 'S' (this one has 64).")

    def __init__(self, text: str = "", paste=None) -> None:
        self.field = Field(
            "code",
            "",
            "",
            max_len=64,
            paste=paste,
            clean=clean_code,
            width_chars=CODE_LENGTH + 4,
            error_line=_(self.WIDEST),
        )
        self.field.pasted(text)  # from the clipboard: selected, so Ctrl+V replaces it
        self.field.select_all()
        super().__init__()

    @property
    def text(self) -> str:
        return self.field.value

    @property
    def error(self) -> str:
        return self.field.error

    def build(self) -> Form:
        self.field.error_line = _(self.WIDEST)
        # Translators: Ctrl+V as your keyboards print it (German Strg+V).
        return Form(
            _(self.title),
            [Label(_("Type or paste (Ctrl+V) a code:")), self.field],
            [Button("play", _("Play")), Button("cancel", _("Cancel"))],
            default="play",
            cancel="cancel",
        )

    def button(self, id):
        from ..engine.codes import CodeError, decode

        if id != "play":
            return CLOSE
        try:
            return PlayCode(decode(clean_code(self.field.value)))
        except CodeError as e:
            self.field.error = upper_first(str(e)) + "."

            self.refresh()
            return None
