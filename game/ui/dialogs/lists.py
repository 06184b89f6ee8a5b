"""Lists to choose from: Options (every setting with its value), the kept games to resume, and
the themes with a preview of each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from ...i18n import N_, _, ngettext
from ..widgets import SCROLLBAR_W, Button, Form, Label, ListBox, Widget, wrap
from .base import CLOSE, NOT_MINE, Dialog, is_enter, list_chars, upper_first
from .confirm import KEEP_NOTE_MANY, ResumeKept


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
        return CLOSE if id == "close" else self.choose(self.focus)

    def shortcut(self, event):
        if event.key in self.close_keys:
            return CLOSE
        if self.form.focused is self.list and (is_enter(event) or event.key == pygame.K_SPACE):
            return self.choose(self.focus)
        return NOT_MINE

    def clicked(self, widget, point):
        if widget is self.list and self.list.row_at(point, self.list.m) is not None:
            return self.choose(self.focus)
        return None


@dataclass(frozen=True)
class Change:
    """A setting the player changed in the options dialog: applied at once by the window."""

    name: str
    value: object
    keeps_open = True  # the options stay up while each change is applied


ABOUT_CHARS = 24  # the line under Options wraps at the list's width, at least this many


class SettingRow(NamedTuple):
    """A row of Options: the setting's name, its label, its choices [(value, shown as)], the
    value now, and one line saying what the setting does (shown under the list while the row
    is picked; every row has one). A label may be (short, long): the long one is shown where
    every row fits with it."""

    name: str
    label: str | tuple[str, str]
    choices: list[tuple[object, str]]
    current: object
    about: str


class AboutLine(Label):
    """The line under Options that says what the picked row does, wrapped at the list's width
    (`chars`: its own, not the room's, so it measures once wherever the list fits) and as wide
    and as tall as the widest and the tallest of them all (`every`): the panel keeps its size
    as the pick moves."""

    natural = True

    def __init__(self, content: str, every: tuple[str, ...] = (), chars: int = ABOUT_CHARS) -> None:
        super().__init__(content)
        self.every = every
        self.chars = chars

    def measure_key(self):
        return self.content, self.every, self.chars

    def measure(self, m, width):
        chars = max(1, min(self.chars, width // m.glyph_w))
        self.lines = wrap(self.content, chars) if self.content else []
        kept = [wrap(text, chars) for text in self.every if text]
        widest = max((len(line) for lines in [self.lines, *kept] for line in lines), default=0)
        tallest = max((len(lines) for lines in [self.lines, *kept]), default=0)
        return widest * m.glyph_w, tallest * m.glyph_h


class SettingsList(ListBox):
    """Options' rows, measured with room for a scroll bar: a small window shows only some of
    them (the form shrinks the list to fit), and then the bar must not take a row's last
    letters (ListBox reserves it only for a list made shorter than its rows)."""

    def measure(self, m, width):
        longest = self._lined_up()[2]
        want = (longest + 1) * m.glyph_w + 4 + SCROLLBAR_W
        self.lines = 1 if want <= width else 2
        return min(width, want), self.shown_max * self.row_h(m) + 4


class SettingsDialog(ListDialog):
    """Every setting with its value in a list, and under it what the picked one does; Up/Down
    or a click choose a row, Left/Right/Space/Enter or Change change it, Esc (or O) closes."""

    title = N_("Options")
    close_keys = (pygame.K_o,)

    def __init__(self, rows: list[SettingRow]) -> None:
        self.rows = rows
        self.long = False  # the long labels fit
        self.list = SettingsList("settings", self._texts(), shown=len(rows))
        self.about = AboutLine("")
        super().__init__()

    def _texts(self, long: bool | None = None) -> list[tuple[str, str]]:
        long = self.long if long is None else long
        return [
            (
                label if isinstance(label, str) else label[long],
                next((text for value, text in choices if value == current), str(current)),
            )
            for _, label, choices, current, _about in self.rows
        ]

    def placed(self, m, area, bounds):
        long = len(ListBox("", self._texts(long=True)).texts()[0]) <= list_chars(m, bounds)
        self.refresh_for("long", long)

    def build(self) -> Form:
        self.list.rows = [tuple(r) for r in self._texts()]
        chars = max([ABOUT_CHARS] + [len(text) + 1 for text in self.list.texts()])
        self.about = AboutLine(self._about(), tuple(row.about for row in self.rows), chars)
        return Form(
            _(self.title),
            [self.list, self.about],
            [Button("change", _("Change")), Button("close", _("Close"))],
            default="change",
            cancel="close",
        )

    def _about(self) -> str:
        return self.rows[self.focus].about if self.rows else ""

    def tick(self) -> None:
        """The line under the list follows the row picked (by a key, a click, the wheel)."""
        if self.about.content != self._about():
            self.about.content = self._about()
            self.dirty = True

    def choose(self, index: int) -> Change:
        return self._step(1)

    def shortcut(self, event):
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self._step(-1 if event.key == pygame.K_LEFT else 1)
        return super().shortcut(event)

    def clicked(self, widget, point):
        # a click picks the row; Change (or Enter, Space, Left/Right) changes it: a play-test
        # found click-to-change plus Change stepping twice
        return None

    def _step(self, direction: int) -> Change:
        row = self.rows[self.focus]
        values = [v for v, _ in row.choices]
        k = values.index(row.current) if row.current in values else -1
        value = values[(k + direction) % len(values)]
        self.rows[self.focus] = row._replace(current=value)
        self.refresh()
        return Change(row.name, value)


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
        return ResumeKept(None) if event.key == pygame.K_ESCAPE else super().shortcut(event)

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
        problems = [  # Translators: a theme the game could not use; problem says why.
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
