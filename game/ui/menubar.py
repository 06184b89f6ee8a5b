"""The menu bar: Game, Options and Help along the top of the canvas, each dropping down the key
table's rows of that menu with their keys (game/ui/keys.py makes both, so the menus cannot
disagree with the keys or the F1 help).

Pure: where the titles and rows are (text pixels, from the layout and the font's glyph
cell), which menu is open and which row has the focus, and what the mouse and the keys do to
that. It never runs an action (it hands back the action's name and the window runs it) and
never draws (the renderer draws what `MenuBar.placed` says).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import keys
from .layout import Box, Layout
from .widgets import ACTIVATE_KEYS, Colour, Metrics, readable_on, shorten, style_for

TITLE_PAD = 5  # left and right of a title's text
BAR_X = 2  # where the first title starts
EDGE = 2  # the drop-down's outline and bevel
ITEM_PAD = 4  # inside the drop-down, left and right of its rows
KEY_GAP = 3  # characters at least between a row's label and its key
TICK_CHARS = 1  # a column left of the labels for the tick of a checked row
SEPARATOR_H = 5  # an etched line between groups of rows

# A separator goes above these rows: the groups of classic Minesweeper's menus (a new game;
# the boards; boards from elsewhere; moves; records; leaving), and of Options and Help.
GROUP_STARTS = frozenset(
    {
        "beginner",
        "daily",
        "undo",
        "stats",
        "quit_now",
        "question_marks",
        "next_theme",
        "zoom_in",
        "help",
    }
)


@dataclass(frozen=True)
class Item:
    """A row of a menu: the key table's action, its label and the first key the help shows."""

    action: str
    label: str
    key: str


Extra = dict[str, list[Item]] | Callable[[], dict[str, list[Item]]] | None


def theme_rows(library) -> dict[str, list[Item]]:
    """One row a theme in the Options menu (ticked on the one in use), in the names of the
    language in use: given to `menus` as a function of the library, so a switch renames them."""
    return {"Options": [Item(f"theme:{k}", t.title(), "") for k, t in library.themes.items()]}


def menus(
    table: tuple[keys.Binding, ...] | None = None, extra: Extra = None
) -> list[tuple[str, list[Item]]]:
    """Each menu of `keys.MENUS` with its rows, in table order (the play keys by default),
    then the `extra` rows of that menu (one row a theme, say; a function that makes them, so
    that they are made again too). The labels and keys are in the language in use when it is
    called: the bar calls it again each time a menu opens."""
    table = table or keys.PLAY_KEYS
    extra = extra() if callable(extra) else extra
    out = []
    for name in keys.MENUS:
        items = []
        for b in keys.menu(name, table):
            shown = [k.label() for k in b.keys if k.shown]
            items.append(Item(b.action, b.text(), shown[0] if shown else ""))
        out.append((name, items + list((extra or {}).get(name, ()))))
    return out


@dataclass(frozen=True)
class Row:
    """A row of the open drop-down: an item (its index in the menu) or a separator (None)."""

    index: int | None
    box: Box


@dataclass(frozen=True)
class Placed:
    """Where everything of the bar is on the canvas, for one state of it."""

    titles: list[tuple[str, Box]]  # the text shown (shortened where the bar is narrow), its box
    panel: Box | None = None  # the open drop-down
    rows: tuple[Row, ...] = ()
    labels: tuple[str, ...] = ()  # the open menu's labels as shown (shortened if need be)
    keys: tuple[str, ...] = ()  # and their keys
    key_x: int = 0  # where the keys' column starts

    def title_at(self, point: tuple[int, int] | None) -> int | None:
        if point is None:
            return None
        return next((i for i, (_, box) in enumerate(self.titles) if box.contains(*point)), None)

    def row_at(self, point: tuple[int, int] | None) -> Row | None:
        if point is None or self.panel is None or not self.panel.contains(*point):
            return None
        return next((row for row in self.rows if row.box.contains(*point)), None)

    def on_panel(self, point: tuple[int, int] | None) -> bool:
        return point is not None and self.panel is not None and self.panel.contains(*point)


def _starts_extra(before: Item, item: Item) -> bool:
    """The first of a run of rows beyond the key table's (the themes): a group of its own."""
    return ":" in item.action and ":" not in before.action


def place_titles(layout: Layout, m: Metrics, names: list[str]) -> list[tuple[str, Box]]:
    """The titles of the menus `names` (keys.MENUS) left to right on the bar, in the language
    in use (measured each time, so a switch of language is placed at the next drawing);
    their first letters alone where the whole words do not fit the canvas's width."""
    bar = layout.in_text(layout.menu_bar)
    names = [keys.menu_title(n) for n in names]
    shown = names
    if BAR_X + sum(m.text_w(n) + 2 * TITLE_PAD for n in names) > bar.w:
        shown = [n[:1] for n in names]
    out, x = [], bar.x + BAR_X
    for text in shown:
        w = m.text_w(text) + 2 * TITLE_PAD
        out.append((text, Box(x, bar.y + 1, w, bar.h - 2)))
        x += w
    return out


def place_drop_down(
    layout: Layout, m: Metrics, title: Box, items: list[Item]
) -> tuple[Box, tuple[Row, ...], tuple[str, ...], tuple[str, ...], int]:
    """The drop-down under a title: its box, its rows, the labels and keys as shown, the keys'
    x. It is as wide as its longest row and stays on the canvas: moved left where it would
    run off the right edge; where a label cannot fit beside the keys' column (a long
    language at a narrow window) the column gives way, the whole menu's at once (F1 lists
    every key), and only a label wider than the canvas alone is shortened; its separators are
    left out where it is taller."""
    canvas_w, canvas_h = layout.text_size
    label_chars = max((len(i.label) for i in items), default=0)
    key_chars = max((len(i.key) for i in items), default=0)
    gap = KEY_GAP if key_chars else 0
    chrome = 2 * (EDGE + ITEM_PAD) + TICK_CHARS * m.glyph_w
    room = (canvas_w - chrome) // m.glyph_w
    keys_shown = tuple(i.key for i in items)
    if key_chars and label_chars > room - gap - key_chars:
        keys_shown, key_chars, gap = tuple("" for _ in items), 0, 0
    label_chars = max(1, min(label_chars, room - gap - key_chars))
    w = chrome + (label_chars + gap + key_chars) * m.glyph_w
    x = max(0, min(title.x, canvas_w - w))
    top = title.bottom
    room_h = canvas_h - top - 2 * EDGE - 2
    line_h = m.line_h
    separated = [
        k > 0 and (item.action in GROUP_STARTS or _starts_extra(items[k - 1], item))
        for k, item in enumerate(items)
    ]
    if len(items) * line_h + sum(separated) * SEPARATOR_H > room_h:
        separated = [False] * len(items)
        if len(items) * line_h > room_h:
            line_h = m.glyph_h  # rows closer together before any is cut off
    rows, y = [], top + EDGE + 1
    inner_w = w - 2 * EDGE
    for k, _ in enumerate(items):
        if separated[k]:
            rows.append(Row(None, Box(x + EDGE, y, inner_w, SEPARATOR_H)))
            y += SEPARATOR_H
        rows.append(Row(k, Box(x + EDGE, y, inner_w, line_h)))
        y += line_h
    panel = Box(x, top, w, min(y + 1 + EDGE, canvas_h) - top)
    labels = tuple(shorten(i.label, label_chars) for i in items)
    key_x = x + EDGE + ITEM_PAD + (TICK_CHARS + label_chars + gap) * m.glyph_w
    return panel, tuple(rows), labels, keys_shown, key_x


class MenuBar:
    """Which menu is open and which of its rows has the focus; what input does to them.

    Event methods take the text point (None: off the canvas) and the `Placed` of the bar as
    it is now; they change the state and return the action to run, if any (the menu has
    closed by then). The window sends here the presses on the bar, every mouse event while a
    menu is open (and the release of a press the bar took: `eat_release`), and the keys.
    """

    def __init__(self, extra: Extra = None) -> None:
        self.extra = extra  # rows beyond the key table's, by menu (or what makes them)
        self.open: int | None = None  # the index of the open menu
        self.focus: int | None = None  # the item with the highlight in the open menu
        self.held = False  # the button that opened the menu is still down: a release acts
        self.eat_release = False  # a press went to the bar: so does its release
        self._menus = menus(extra=extra)

    @property
    def is_open(self) -> bool:
        return self.open is not None

    def look(self) -> tuple[int | None, int | None]:
        """What the drawing depends on: when it changes, the bar is drawn again."""
        return self.open, self.focus

    def items(self) -> list[Item]:
        return self._menus[self.open][1] if self.open is not None else []

    def names(self) -> list[str]:
        """The menus' names (keys.MENUS: the titles are these in the language in use)."""
        return [name for name, _ in self._menus]

    def placed(self, layout: Layout, m: Metrics) -> Placed:
        titles = place_titles(layout, m, self.names())
        if self.open is None:
            return Placed(titles)
        items = self.items()
        panel, rows, labels, keys_shown, key_x = place_drop_down(
            layout, m, titles[self.open][1], items
        )
        return Placed(titles, panel, rows, labels, keys_shown, key_x)

    # ---- opening and closing -------------------------------------------------------------

    def open_menu(self, index: int = 0, *, keyboard: bool = True) -> None:
        """Open a menu; from the keyboard its first row has the focus, from the mouse none."""
        if self.open is None:
            self._menus = menus(extra=self.extra)  # the key table as it is now
        self.open = index % len(self._menus)
        self.focus = 0 if keyboard and self.items() else None

    def close(self) -> None:
        self.open = self.focus = None
        self.held = False

    def _choose(self, index: int | None) -> str | None:
        """Close, and hand back the action of item `index` (None: nothing to do)."""
        items = self.items()
        self.close()
        return items[index].action if index is not None and index < len(items) else None

    # ---- the mouse -----------------------------------------------------------------------

    def press(self, point: tuple[int, int] | None, placed: Placed) -> None:
        """A button went down on the bar, or anywhere while a menu is open: on a title it
        opens that menu (its own title again closes it), on a row it takes the highlight (the
        release runs it), anywhere else it closes the menu and does nothing more."""
        self.eat_release = True
        title = placed.title_at(point)
        if title is not None:
            if title == self.open:
                self.close()
            else:
                self.open_menu(title, keyboard=False)
                self.held = True
        elif placed.on_panel(point):
            row = placed.row_at(point)
            if row is not None and row.index is not None:
                self.focus = row.index
            self.held = True
        else:
            self.close()

    def release(self, point: tuple[int, int] | None, placed: Placed) -> str | None:
        """A button came up: on a row after a press (or a drag from the title), its action."""
        self.eat_release = False
        if self.open is None or not self.held:
            return None
        self.held = False
        row = placed.row_at(point)
        if row is not None:
            return self._choose(row.index) if row.index is not None else None
        if placed.title_at(point) is None and not placed.on_panel(point):
            self.close()  # dragged off the menu and let go: nothing chosen
        return None

    def motion(self, point: tuple[int, int] | None, placed: Placed) -> None:
        """The highlight follows the pointer over the rows; over another title, its menu
        opens in place of the open one."""
        if self.open is None:
            return
        title = placed.title_at(point)
        if title is not None and title != self.open:
            self.open_menu(title, keyboard=False)
            return
        row = placed.row_at(point)
        if row is not None and row.index is not None:
            self.focus = row.index
        elif self.held and title is None and not placed.on_panel(point):
            self.focus = None  # dragged off the menu: letting go there chooses nothing

    # ---- the keyboard --------------------------------------------------------------------

    def key(self, event: pygame.event.Event) -> str | None:
        """A key while a menu is open: Left/Right go to the next menu, Up/Down (Home/End) move
        the highlight, Enter runs the row, Esc or the key that opened the menu closes it, and
        a letter goes to the next row starting with it."""
        k = event.key
        items = self.items()
        if k == pygame.K_ESCAPE or keys.action_for(event) == "menu":
            self.close()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.open_menu(self.open + (1 if k == pygame.K_RIGHT else -1))
        elif k in (pygame.K_UP, pygame.K_DOWN) and items:
            step = 1 if k == pygame.K_DOWN else -1
            start = self.focus if self.focus is not None else (-1 if step > 0 else 0)
            self.focus = (start + step) % len(items)
        elif k in (pygame.K_HOME, pygame.K_END) and items:
            self.focus = 0 if k == pygame.K_HOME else len(items) - 1
        elif k in ACTIVATE_KEYS:
            return self._choose(self.focus)
        elif event.unicode and event.unicode.isalnum() and items:
            letter = event.unicode.lower()
            start = self.focus if self.focus is not None else -1
            for step in range(1, len(items) + 1):
                n = (start + step) % len(items)
                if items[n].label.lower().startswith(letter):
                    self.focus = n
                    break
        return None


# ---- colours ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Colours:
    """What the bar is drawn with: the theme's panel, its text, and the widgets' highlight."""

    bar: Colour
    text: Colour
    highlight: Colour
    highlight_text: Colour
    light: Colour
    shadow: Colour
    edge: Colour

    @classmethod
    def of(cls, theme) -> Colours:
        c = theme.colours
        style = style_for(theme)
        return cls(
            c["panel"],
            readable_on(c["panel"], c),
            style.selected_bg,
            style.selected_text,
            c["light"],
            c["shadow"],
            style.edge,
        )

    def text_pairs(self) -> list[tuple[str, Colour, Colour]]:
        """(where, text colour, background) of every text the bar draws."""
        return [
            ("a menu title", self.text, self.bar),
            ("the open menu's title", self.highlight_text, self.highlight),
            ("a menu row and its key", self.text, self.bar),
            ("the highlighted row", self.highlight_text, self.highlight),
        ]
