"""Dialogs and overlays over the canvas: help, quit confirmation, custom board.

Each turns keys into a result and says what to show as lines of text; none draws or touches
the game itself. The window decides what a result means.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

import pygame

from game.engine.game import MAX_SIDE, MIN_SIDE
from game.store.stats import KINDS, Stats

Line = tuple[str, str]  # text, theme colour name

CLOSE = "close"


class Dialog:
    def lines(self, width: int) -> list[Line]:
        """What to show, as lines of at most `width` characters."""
        raise NotImplementedError

    def chart(self) -> list[tuple[float, str]]:
        """Bars under the text: (height from 0 to 1, theme colour name), oldest first."""
        return []

    def pictures(self) -> list[tuple[int, int, pygame.Surface]]:
        """Images over the text: (line, x in pixels from the text's left, surface)."""
        return []

    def key(self, event: pygame.event.Event) -> object | None:
        """Handle a key press; return a result (CLOSE, QUIT, a board) or None to stay open."""
        raise NotImplementedError

    def click(self, line: int | None) -> object | None:
        """A click on line `line` of the dialog (None: outside the lines)."""
        return None


class HelpOverlay(Dialog):
    """Every key and mouse action, made from the key table: Up/Down/PageUp/PageDown scroll,
    any other key closes."""

    def __init__(self, rows: list[tuple[str, str]], room: int) -> None:
        self.rows = rows  # (keys, what they do)
        self.room = max(3, room - 3)  # lines for rows under the title, above the footer
        self.top = 0
        self.total = len(rows)  # display lines, once laid out for a width

    def _display(self, width: int) -> list[Line]:
        """Two columns; keys too long for theirs get a line of their own, nothing is cut."""
        keys_w = min(max(len(k) for k, _ in self.rows), max(6, width // 2 - 1))
        out: list[Line] = []
        for keys, what in self.rows:
            if keys and not what:  # a heading
                out.append((keys[:width], "accent"))
            elif len(keys) > keys_w or keys_w + 1 + len(what) > width:
                out.append((keys[:width], "text"))
                out += [(" " * 2 + part, "text") for part in textwrap.wrap(what, width - 2)]
            else:
                out.append((f"{keys:<{keys_w}} {what}".rstrip(), "text"))
        return out

    def lines(self, width: int) -> list[Line]:
        display = self._display(width)
        self.total = len(display)
        self.top = max(0, min(self.top, self.total - self.room))
        more = self.top + self.room < self.total
        footer = "Up/Down more, Esc close" if self.top or more else "any key closes"
        return [("Keys and mouse", "accent"), *display[self.top : self.top + self.room],
                ("", "text"), (footer[:width], "text")]  # fmt: skip

    def key(self, event: pygame.event.Event) -> object | None:
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.room,
                pygame.K_PAGEDOWN: self.room}.get(event.key)  # fmt: skip
        if step is None:
            return CLOSE
        self.top = max(0, min(self.total - self.room, self.top + step))
        return None

    def click(self, line: int | None) -> object | None:
        return CLOSE


@dataclass(frozen=True)
class Answer:
    """The reply to a ConfirmDialog: which question, and yes or no."""

    question: str
    yes: bool


class ConfirmDialog(Dialog):
    """A yes/no question: Y or Enter for yes, N or Esc for no."""

    def __init__(self, question: str, title: str, paragraphs: list[str], *, yes: str,
                 no: str) -> None:  # fmt: skip
        self.question = question
        self.title = title
        self.paragraphs = paragraphs
        self.yes_text, self.no_text = yes, no
        self._last_lines: list[Line] = []

    def lines(self, width: int) -> list[Line]:
        out: list[Line] = [(self.title, "accent"), ("", "text")]
        for text in self.paragraphs:
            out += [(line, "text") for line in textwrap.wrap(text, width)]
        self._last_lines = [*out, ("", "text"), (f"Y Enter  {self.yes_text}", "text"),
                            (f"N Esc    {self.no_text}", "text")]  # fmt: skip
        return self._last_lines

    def key(self, event: pygame.event.Event) -> object | None:
        if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
            return Answer(self.question, True)
        if event.key in (pygame.K_n, pygame.K_ESCAPE):
            return Answer(self.question, False)
        return None

    def click(self, line: int | None) -> object | None:
        """A click on the yes line or the no line (the last two) answers."""
        count = len(self._last_lines)
        if line == count - 2:
            return Answer(self.question, True)
        if line == count - 1:
            return Answer(self.question, False)
        return None


def confirm_quit() -> ConfirmDialog:
    return ConfirmDialog("quit", "Quit?", ["A game is on. It is kept for next time."],
                         yes="quit", no="keep playing")  # fmt: skip


@dataclass(frozen=True)
class CustomSize:
    rows: int
    cols: int
    mines: int


@dataclass
class CustomDialog(Dialog):
    """Rows, columns and mines, each checked against its limit and explained in place."""

    values: list[str] = field(default_factory=lambda: ["20", "30", "120"])
    focus: int = 0
    errors: list[str] = field(default_factory=lambda: ["", "", ""])

    FIELDS = ("Rows", "Columns", "Mines")
    FIRST_FIELD_LINE = 2  # the line of the first field in lines()

    def limits(self) -> list[tuple[int, int] | None]:
        side = (MIN_SIDE, MAX_SIDE)
        rows, cols = self._number(0), self._number(1)
        sides_ok = all(v is not None and side[0] <= v <= side[1] for v in (rows, cols))
        return [side, side, (1, rows * cols - 1) if sides_ok else None]

    def _number(self, k: int) -> int | None:
        v = self.values[k]
        return int(v) if v.isascii() and v.isdigit() else None

    def lines(self, width: int) -> list[Line]:
        out: list[Line] = [("Custom board", "accent"), ("", "text")]
        for k, (name, limit) in enumerate(zip(self.FIELDS, self.limits(), strict=True)):
            mark = ">" if k == self.focus else " "
            cursor = "_" if k == self.focus else " "
            shown = f"{self.values[k]}{cursor}"
            hint = f"{limit[0]}-{limit[1]}" if limit else "?"
            colour = "accent" if k == self.focus else "text"
            out.append((f"{mark}{name:<8}{shown:<5}{hint}", colour))
            out.append((f"  {self.errors[k]}" if self.errors[k] else "", "error"))
        out += [("Tab    next field", "text"), ("Enter  start", "text"), ("Esc    cancel", "text")]
        return out

    def check(self) -> CustomSize | None:
        """Explain every bad field next to it; the size if all are good."""
        limits = self.limits()
        self.errors = ["", "", ""]
        for k, name in enumerate(self.FIELDS):
            value = self._number(k)
            limit = limits[k]
            if value is None:
                self.errors[k] = "type a whole number"
            elif limit is None:
                self.errors[k] = "fix rows/cols first"
            elif not limit[0] <= value <= limit[1]:
                self.errors[k] = f"{name.lower()}: {limit[0]} to {limit[1]}"
        if any(self.errors):
            self.focus = next(k for k, e in enumerate(self.errors) if e)
            return None
        return CustomSize(self._number(0), self._number(1), self._number(2))

    def key(self, event: pygame.event.Event) -> object | None:
        k = event.key
        if k == pygame.K_ESCAPE:
            return CLOSE
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.check()
        if k in (pygame.K_TAB, pygame.K_DOWN) and not event.mod & pygame.KMOD_SHIFT:
            self.focus = (self.focus + 1) % 3
        elif k in (pygame.K_UP, pygame.K_TAB):
            self.focus = (self.focus - 1) % 3
        elif k == pygame.K_BACKSPACE:
            self.values[self.focus] = self.values[self.focus][:-1]
        elif event.unicode in tuple("0123456789") and len(self.values[self.focus]) < 5:
            self.values[self.focus] += event.unicode
            self.errors[self.focus] = ""
        return None

    def click(self, line: int | None) -> object | None:
        if line is not None:
            k = (line - self.FIRST_FIELD_LINE) // 2
            if 0 <= k < 3:
                self.focus = k
        return None


class NoticeDialog(Dialog):
    """Something the player should know (a result, a file set aside); any key closes.

    `table` lines are shown as they are; each of `paragraphs` is wrapped to the width.
    """

    def __init__(self, title: str, paragraphs: list[str], table: list[str] = ()) -> None:
        self.title = title
        self.paragraphs = paragraphs
        self.table = list(table)

    def lines(self, width: int) -> list[Line]:
        out: list[Line] = [(self.title, "accent"), ("", "text")]
        out += [(line, "text") for line in self.table]
        for text in self.paragraphs:
            out += [(line, "text") for line in textwrap.wrap(text, width, break_long_words=True)]
            out.append(("", "text"))
        if not self.paragraphs:
            out.append(("", "text"))
        return [*out, ("any key closes", "text")]

    def key(self, event: pygame.event.Event) -> object | None:
        return CLOSE

    def click(self, line: int | None) -> object | None:
        return CLOSE


@dataclass(frozen=True)
class WatchReplay:
    path: str


class StatsDialog(Dialog):
    """Statistics of one kind of board at a time, and the daily boards; Left/Right or 1-5
    switch pages, Up/Down pick one of the best times and Enter watches its replay."""

    PAGES = (*KINDS, "daily")

    def __init__(self, stats: Stats, kind: str, today: str) -> None:
        self.stats = stats
        self.today = today
        self.page = self.PAGES.index(kind)
        self.pick = 0
        self._summary = None

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

    def lines(self, width: int) -> list[Line]:
        title = (f"{self.kind.capitalize()} {self.page + 1}/{len(self.PAGES)}", "accent")
        out: list[Line] = [title]
        if not self.stats.usable:
            out.append(("(not being recorded)", "error"))
        d = self.stats.daily_summary(self.today) if self.kind == "daily" else None
        s = self.summary  # read first, so rows it left out are counted below
        if self.stats.skipped:
            out.append((f"({self.stats.skipped} broken games left out)", "error"))
        if d is not None:
            return [*out, (f"Days played {d.played}", "text"), (f"Days won {d.won}", "text"),
                    (f"Streak {d.streak} best {d.best_streak}", "text"), ("", "text"),
                    ("G, Daily board: today", "text")]  # fmt: skip
        out.append((f"Won {s.won}/{s.played} {s.win_rate:.0%}", "text"))
        out.append((f"Streak {s.current_streak} best {s.best_streak}", "text"))
        rate = "-" if s.best_rate is None else f"{s.best_rate:.2f}"
        out.append((f"Best 3BV/s {rate}", "text"))
        if s.kind == "custom":
            out.append(("(sizes vary: no times)", "text"))
        for n, (ms, at, replay) in enumerate(s.best_times, 1):
            picked = n - 1 == self.pick
            mark = (">" if replay else "-") if picked else " "
            out.append(
                (f"{mark}{n:>2} {ms / 1000:7.3f} {at[5:10]}", "accent" if picked else "text")
            )
        if s.best_times:
            out.append(("Enter: watch its replay", "text"))
        if not s.best_times and s.kind != "custom":
            out.append(("No wins yet", "text"))
        return out

    def chart(self) -> list[tuple[float, str]]:
        if self.summary is None:
            return []
        recent = self.summary.recent
        slowest = max([ms for won, ms, _ in recent if won] + [1])
        return [
            (max(ms / slowest, 0.1), "shadow" if assisted else "accent") if won else (1.0, "error")
            for won, ms, assisted in recent
        ]

    def key(self, event: pygame.event.Event) -> object | None:
        k = event.key
        if k in (pygame.K_RIGHT, pygame.K_TAB):
            self.page = (self.page + 1) % len(self.PAGES)
            self.pick = 0
        elif k == pygame.K_LEFT:
            self.page = (self.page - 1) % len(self.PAGES)
            self.pick = 0
        elif event.unicode in tuple("12345"):
            self.page = int(event.unicode) - 1
            self.pick = 0
        elif k in (pygame.K_UP, pygame.K_DOWN) and self.summary and self.summary.best_times:
            step = -1 if k == pygame.K_UP else 1
            self.pick = (self.pick + step) % len(self.summary.best_times)
        elif k == pygame.K_RETURN and self.summary and self.summary.best_times:
            replay = self.summary.best_times[self.pick][2]
            if replay:
                return WatchReplay(replay)
        elif k in (pygame.K_ESCAPE, pygame.K_s):
            return CLOSE
        return None

    def click(self, line: int | None) -> object | None:
        self.page = (self.page + 1) % len(self.PAGES)
        self.pick = 0
        return None


@dataclass(frozen=True)
class Change:
    """A setting the player changed in the options dialog: applied at once by the window."""

    name: str
    value: object


class SettingsDialog(Dialog):
    """Every setting with its value; Up/Down choose, Left/Right/Space change, Esc closes."""

    def __init__(self, rows: list[tuple[str, str, list[tuple[object, str]], object]]) -> None:
        """`rows`: (setting name, label, [(value, shown as)], current value)."""
        self.rows = rows
        self.focus = 0

    def lines(self, width: int) -> list[Line]:
        out: list[Line] = [("Options", "accent")]
        for k, (_, label, choices, current) in enumerate(self.rows):
            shown = next((text for value, text in choices if value == current), str(current))
            mark = ">" if k == self.focus else " "
            out.append((f"{mark}{label:<8}{shown}", "accent" if k == self.focus else "text"))
        return [*out, ("", "text"), ("Up Down  choose", "text"), ("Left Right change", "text"),
                ("Esc      close", "text")]  # fmt: skip

    def key(self, event: pygame.event.Event) -> object | None:
        k = event.key
        if k in (pygame.K_ESCAPE, pygame.K_o):
            return CLOSE
        if k == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.rows)
        elif k in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.rows)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN):
            return self._step(-1 if k == pygame.K_LEFT else 1)
        return None

    def click(self, line: int | None) -> object | None:
        if line is not None and 1 <= line <= len(self.rows):
            self.focus = line - 1
            return self._step(1)
        return None

    def _step(self, direction: int) -> Change:
        name, label, choices, current = self.rows[self.focus]
        values = [v for v, _ in choices]
        k = values.index(current) if current in values else -1
        value = values[(k + direction) % len(values)]
        self.rows[self.focus] = (name, label, choices, value)
        return Change(name, value)


class ListDialog(Dialog):
    """A list with a focus: Up/Down or Tab move it, Enter or Space choose, Esc (or the key
    that opened it) closes."""

    close_key = pygame.K_ESCAPE
    entries: list

    def choose(self, index: int) -> object:
        raise NotImplementedError

    def key(self, event: pygame.event.Event) -> object | None:
        k = event.key
        if k in (pygame.K_ESCAPE, self.close_key):
            return CLOSE
        if k == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.entries)
        elif k in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.entries)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.choose(self.focus)
        return None


PREVIEW_SPRITES = ("covered", "open_1", "open_2", "open_3", "flag", "mine", "mine_red")


def theme_preview(theme) -> pygame.Surface:
    """A row of the theme's own tiles, for the theme menu."""
    t = theme.sizes.tile
    surf = pygame.Surface((t * len(PREVIEW_SPRITES), t), pygame.SRCALPHA)
    surf.fblits([(theme.sprites[n], (k * t, 0)) for k, n in enumerate(PREVIEW_SPRITES)])
    return surf


@dataclass(frozen=True)
class PickTheme:
    key: str


class ThemeMenu(ListDialog):
    """The themes by display name with a preview each, and what is wrong with broken ones."""

    LINES_PER_THEME = 3  # the name, then two lines' height for the preview

    def __init__(self, library, current: str, rows_room: int) -> None:
        self.entries = [(key, t.name, theme_preview(t)) for key, t in library.themes.items()]
        self.problems = list(library.problems)
        keys = [key for key, _, _ in self.entries]
        self.focus = keys.index(current) if current in keys else 0
        self.shown = max(1, (rows_room - 3) // self.LINES_PER_THEME)

    def _first(self) -> int:
        return max(0, min(self.focus - self.shown + 1, len(self.entries) - self.shown))

    def lines(self, width: int) -> list[Line]:
        out: list[Line] = [("Themes", "accent")]
        first = self._first()
        for k in range(first, min(first + self.shown, len(self.entries))):
            _, name, _ = self.entries[k]
            mark = ">" if k == self.focus else " "
            out += [(f"{mark}{name}", "accent" if k == self.focus else "text"), ("", "text"),
                    ("", "text")]  # fmt: skip
        for problem in self.problems:
            out += [(line, "error") for line in textwrap.wrap(f"Left out: {problem}", width)]
        return [*out, ("Enter  use   Esc  close", "text")]

    def pictures(self) -> list[tuple[int, int, pygame.Surface]]:
        first = self._first()
        return [
            (1 + (k - first) * self.LINES_PER_THEME + 1, 6, self.entries[k][2])
            for k in range(first, min(first + self.shown, len(self.entries)))
        ]

    close_key = pygame.K_m

    def choose(self, index: int) -> object:
        return PickTheme(self.entries[index][0])

    def click(self, line: int | None) -> object | None:
        if line is None or line < 1:
            return None
        k = self._first() + (line - 1) // self.LINES_PER_THEME
        if k < min(self._first() + self.shown, len(self.entries)):
            self.focus = k
            return self.choose(k)
        return None


@dataclass(frozen=True)
class PlayCode:
    code: object  # a BoardCode


class CodeDialog(Dialog):
    """Type or paste (Ctrl+V) a board code; Enter plays it, a wrong code is explained."""

    def __init__(self, text: str = "", paste=None) -> None:
        self.text = text
        self.error = ""
        self.paste = paste  # a function giving the clipboard's text

    def lines(self, width: int) -> list[Line]:
        shown = self.text[-(width - 1) :] + "_"
        out: list[Line] = [
            ("Play a board code", "accent"),
            ("", "text"),
            (shown, "text"),
            ("", "text"),
        ]
        if self.error:
            out += [(line, "error") for line in textwrap.wrap(self.error, width)]
            out.append(("", "text"))
        return [*out, ("Ctrl+V paste", "text"), ("Enter  play", "text"), ("Esc    cancel", "text")]

    def key(self, event: pygame.event.Event) -> object | None:
        from game.engine.codes import CodeError, decode

        k = event.key
        if k == pygame.K_ESCAPE:
            return CLOSE
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            try:
                return PlayCode(decode(self.text))
            except CodeError as e:
                self.error = str(e).capitalize() + "."
                return None
        if k == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            pasted = self.paste() if self.paste is not None else ""
            self.text += "".join(ch for ch in pasted if ch.isascii() and ch.isprintable())[:64]
        elif k == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.unicode.isascii() and event.unicode.isprintable() and len(self.text) < 64:
            self.text += event.unicode
        self.error = ""
        return None


@dataclass(frozen=True)
class MenuChoice:
    action: str


class MenuDialog(ListDialog):
    """A list of actions: Up/Down choose, Enter does it, Esc closes."""

    def __init__(self, title: str, entries: list[tuple[str, str, str]], room: int = 99) -> None:
        """`entries`: (action, label, key); `room`: the lines that fit."""
        self.title = title
        self.entries = entries
        self.focus = 0
        self.room = max(3, room - 3)  # entries shown at once, under the title, above the footer
        self.top = 0

    def lines(self, width: int) -> list[Line]:
        self.top = min(max(self.top, self.focus - self.room + 1), self.focus)
        out: list[Line] = [(self.title, "accent")]
        for k in range(self.top, min(len(self.entries), self.top + self.room)):
            _, label, key = self.entries[k]
            mark = ">" if k == self.focus else " "
            gap = max(1, width - 1 - len(label) - len(key))
            text = f"{mark}{label}{' ' * gap}{key}" if len(key) < width // 2 else f"{mark}{label}"
            out.append((text[:width], "accent" if k == self.focus else "text"))
        return [*out, ("", "text"), ("Enter  do   Esc  close"[:width], "text")]

    close_key = pygame.K_g

    def key(self, event: pygame.event.Event) -> object | None:
        if event.key == pygame.K_F10:  # the key that opens it closes it
            return CLOSE
        return super().key(event)

    def choose(self, index: int) -> object:
        return MenuChoice(self.entries[index][0])

    def click(self, line: int | None) -> object | None:
        if line is not None and 1 <= line <= min(self.room, len(self.entries) - self.top):
            self.focus = self.top + line - 1
            return self.choose(self.focus)
        return None
