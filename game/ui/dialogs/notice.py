"""Dialogs to read and close: the help (`HelpOverlay`: How to play, then the keys), a note or
a game's result (`NoticeDialog`), About, and the result notice's table of figures.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from ...i18n import N_, _
from ..keys import action_for
from ..widgets import Button, Form, Label, ListBox, Pairs, Widget, wrap
from .base import (
    CLOSE,
    NOT_MINE,
    SCROLL_KEYS,
    Dialog,
    figure,
    is_enter,
    list_chars,
    seconds,
)
from .howto import how_to_play

HELP_ROWS = 24  # the help shows this many lines where the window has room
HELP_CHARS = 56  # help lines wrap here at most, so they stay readable on a wide board
HOW_TO_PLAY, KEYS = "how_to_play", "keys"  # the help's pages, in order
PAGE_KEYS = (pygame.K_LEFT, pygame.K_RIGHT)  # turn the help's page


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
    """The help, in two pages: How to play (the rules in a few words, with pictures of the
    theme's own tiles: howto.py), which F1 opens, and every key and mouse action, made from
    the key table, in a scrolling list. Left/Right or the other page's button turn the page;
    Up/Down and PageUp/PageDown scroll; any other key (or a click outside) closes."""

    title = N_("Keys and mouse")  # the keys' page

    def __init__(
        self, rows: list[tuple[str, str]], page: str = HOW_TO_PLAY, *, welcome: bool = False
    ) -> None:
        """`page`: the one it opens on; `welcome`: offered at the first start (How to play
        then says so first)."""
        self.rows = rows  # (keys, what they do); a row without `what` is a heading
        self.page = page
        self.welcome = welcome
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
        close = Button("close", _("Close"))
        if self.page == HOW_TO_PLAY:
            # Translators: a button of How to play: the list of keys and mouse actions.
            keys = Button(KEYS, _("Keys"))
            rows = how_to_play(self.welcome)
            return Form(_("How to play"), rows, [keys, close], default="close", cancel="close")
        listing = ScrollText("help", self.lines(), shown=HELP_ROWS)
        if self._list is not None:
            listing.select(self._list.selected)  # rebuilt for another width: stay where it was
        self._list = listing
        back = Button(HOW_TO_PLAY, _("How to play"))
        return Form(_(self.title), [listing], [back, close], default="close", cancel="close")

    def turn(self, page: str) -> None:
        """Show the other page (its own form, from its top; the keys where they were)."""
        self.page = page
        self.refresh()

    def button(self, id):
        if id in (HOW_TO_PLAY, KEYS):
            self.turn(id)
            return None
        return CLOSE

    def placed(self, m, area, bounds):
        chars = max(10, min(HELP_CHARS, list_chars(m, bounds)))
        if self.page == KEYS:
            self.refresh_for("chars", chars)
        else:
            self.chars = chars  # How to play's rows do not depend on it: the keys' page will

    def shortcut(self, event):
        if event.key in PAGE_KEYS:
            self.turn(KEYS if self.page == HOW_TO_PLAY else HOW_TO_PLAY)
            return None
        if event.key in (*SCROLL_KEYS, pygame.K_TAB, pygame.K_SPACE) or is_enter(event):
            return NOT_MINE
        return CLOSE

    def outside(self):
        return CLOSE


@dataclass(frozen=True)
class MenuChoice:
    """An action of the key table chosen in a dialog (New game in the win notice)."""

    action: str


@dataclass(frozen=True)
class Analyse:
    """Go through a game move by move: the replay at `path`, or (None) the game just played."""

    path: str | None = None
    back: object = None  # the dialog to come back to when the analysis is left


FORM_KEYS = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)  # a notice's buttons'


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
            self.refresh_for("live_text", self.live())

    def button(self, id):
        if id == "analyse":
            return Analyse()
        return MenuChoice("new_game") if id == "new_game" else CLOSE

    def shortcut(self, event):
        # where its rows scroll (too tall for the window), these keys scroll them
        scrolls = self.form.view is not None and event.key in SCROLL_KEYS
        if event.key in FORM_KEYS or scrolls or is_enter(event):
            return NOT_MINE
        if event.key == pygame.K_a and self.analyse:
            return Analyse()
        action = action_for(event)
        if action is not None:  # T switches theme, N starts a game...
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
    at once (a loss's of the 3BV it solved); the clicks as the community counts them (left,
    right and double; the effective ones), IOE, throughput, correctness, ZiNi, guesses and
    NF once `measured` ("..." until then, "-" when none could be made)."""
    rate = bbbv_done * 1000 / time_ms if time_ms >= 1000 else None  # as the statistics
    table = [
        (_("Time"), seconds(time_ms / 1000)),
        (_("3BV"), str(bbbv) if won else f"{bbbv_done}/{bbbv}"),
        (_("3BV/s"), figure(rate, 2)),
    ]
    labels = (
        _("Clicks"),
        # Translators: the clicks that changed the board (Metasweeper's "ce").
        _("Effective"),
        _("IOE"),
        # Translators: 3BV solved per effective click (Metasweeper's "Thrp").
        _("Throughput"),
        # Translators: the share of the clicks that were effective (Metasweeper's "Corr").
        _("Correctness"),
        _("ZiNi"),
        _("Guesses"),
        # Translators: NF is "no flags": the game was played without placing a flag.
        _("NF"),
    )
    m = measures
    if not measured or m is None:
        late = "..." if not measured else "-"
        return table + [(label, late) for label in labels]
    c = m.counters
    none = _("not recorded")
    values = (
        none if c is None else click_counts(c.clicks, c.left, c.right, c.double),
        none if c is None else click_counts(c.ce, c.lce, c.rce, c.dce),
        figure(None if c is None else c.ioe, 3),
        figure(None if c is None else c.throughput, 3),
        figure(None if c is None else c.correctness, 3),
        str(m.zini),
        str(m.guesses),
        _("yes") if m.no_flag else _("no"),
    )
    return table + list(zip(labels, values, strict=True))


def click_counts(total: int, left: int, right: int, double: int) -> str:
    """Clicks, then how many were left, right and double (chord) clicks: "12 (8 L, 3 R, 1 D)"."""
    # Translators: a count of clicks, then of them the left (L), right (R) and double (D:
    # both buttons, a chord) clicks; one letter each, as your language's players write them.
    return _("%(total)d (%(left)d L, %(right)d R, %(double)d D)") % {
        "total": total,
        "left": left,
        "right": right,
        "double": double,
    }
