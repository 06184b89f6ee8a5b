"""The one key table: which key does what, and how it is named. Key handling, the F1 help and
the menus are all made from it, so they cannot disagree.

A table row is data: an action name (a command of game/ui/commands.py), a label, the keys, and
the menu it is listed in. Knows no game and draws nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..i18n import N_, NP_, _, catalogue, pgettext

CTRL, SHIFT, ALT = "ctrl", "shift", "alt"


@dataclass(frozen=True)
class Key:
    """One key as the player presses it: a key code or a typed character, with modifiers.

    Symbols such as `?` or `+` sit on different keys on different layouts, so they are matched
    by the character typed; letters and function keys by the key."""

    code: int | None = None
    char: str | None = None
    mods: frozenset[str] = frozenset()
    name: str = ""  # as the help shows it; derived when empty
    shown: bool = True  # False: works, but the help names the main key only (keypad twins)

    def matches(self, event: pygame.event.Event) -> bool:
        held = _mods_of(event.mod)
        if self.char is not None:
            # a typed symbol may need Shift on one layout and not on another
            return event.unicode == self.char and held - {SHIFT} == self.mods - {SHIFT}
        return event.key == self.code and held == self.mods

    def label(self, english: bool = False) -> str:
        """As the help and the menus print it ("Ctrl+Z", "Space"), the names of keys in the
        language in use (a German keyboard prints "Strg", "Leertaste"); `english` for the
        README."""
        base = self.name or (self.char if self.char is not None else _key_name(self.code))
        mods = [m.capitalize() for m in (CTRL, ALT, SHIFT) if m in self.mods]
        if not english:
            base, mods = key_word(base), [key_word(m) for m in mods]
        return "".join(f"{m}+" for m in mods) + base


def _key_name(code: int) -> str:
    name = pygame.key.name(code)
    return name.upper() if len(name) == 1 else name.title()


# The names a keyboard prints on its keys, as the key table writes them (letters, digits,
# function keys and signs stay as they are): translated where they are shown.
_KEY_WORDS = {
    pair[1]: pair
    for pair in (
        # Translators: the name printed on a key (German "Strg"), shown in the menus and the
        # F1 help as in "Ctrl+Z".
        NP_("key", "Ctrl"),
        # Translators: the name printed on a key, shown as in "Alt+Enter".
        NP_("key", "Alt"),
        # Translators: the name printed on a key (German "Umschalt"), shown as in "Shift+T".
        NP_("key", "Shift"),
        # Translators: the name printed on a key (German "Eingabe"), shown as in "Alt+Enter".
        NP_("key", "Enter"),
        # Translators: the name printed on the space bar (German "Leertaste").
        NP_("key", "Space"),
        # Translators: the name printed on a key (German "Tab").
        NP_("key", "Tab"),
        # Translators: the name printed on the Escape key (French "Échap").
        NP_("key", "Esc"),
        # Translators: the name printed on the Pause key.
        NP_("key", "Pause"),
        # Translators: the name of a key: the up arrow.
        NP_("key", "Up"),
        # Translators: the name of a key: the down arrow.
        NP_("key", "Down"),
        # Translators: the name of a key: the left arrow.
        NP_("key", "Left"),
        # Translators: the name of a key: the right arrow.
        NP_("key", "Right"),
        # Translators: the name printed on a key (German "Pos1").
        NP_("key", "Home"),
        # Translators: the name printed on a key (German "Ende").
        NP_("key", "End"),
        # Translators: the name printed on a key (German "Entf").
        NP_("key", "Delete"),
        # Translators: the name printed on a key (German "Rück").
        NP_("key", "Backspace"),
    )
}


def key_word(name: str) -> str:
    """A key's name as the keyboards of the language in use print it ("Ctrl": "Strg")."""
    pair = _KEY_WORDS.get(name)
    return pgettext(*pair) if pair else name


def _mods_of(mod: int) -> frozenset[str]:
    held = set()
    if mod & pygame.KMOD_CTRL:
        held.add(CTRL)
    if mod & pygame.KMOD_SHIFT:
        held.add(SHIFT)
    if mod & pygame.KMOD_ALT:
        held.add(ALT)
    return frozenset(held)


def key(code: int, *mods: str, name: str = "", shown: bool = True) -> Key:
    return Key(code=code, mods=frozenset(mods), name=name, shown=shown)


def char(text: str, name: str = "") -> Key:
    return Key(char=text, name=name)


@dataclass(frozen=True)
class Binding:
    action: str  # the command it runs (game/ui/commands.py)
    label: str  # what it is called in the help and the menus
    keys: tuple[Key, ...]
    menu: str | None = None  # the menu that lists it (None: help only)

    def key_names(self, english: bool = False) -> str:
        return ", ".join(k.label(english) for k in self.keys if k.shown)

    def text(self) -> str:
        """The label in the language in use."""
        return _(self.label)


# The menus of the menu bar, in its order. Their names are the table's (and the window's)
# names for them; `menu_title` says them in the language in use.
MENU_GAME, MENU_OPTIONS, MENU_HELP = "Game", "Options", "Help"
MENUS = (MENU_GAME, MENU_OPTIONS, MENU_HELP)
_MENU_TITLES = {
    # Translators: the title of the menu bar's first menu (new game, boards, quit).
    MENU_GAME: NP_("menu", "Game"),
    # Translators: the title of the menu bar's menu of settings.
    MENU_OPTIONS: NP_("menu", "Options"),
    # Translators: the title of the menu bar's menu of help (hint, keys, about).
    MENU_HELP: NP_("menu", "Help"),
}


def menu_title(name: str) -> str:
    """A menu's title as the bar shows it, in the language in use."""
    pair = _MENU_TITLES.get(name)
    return pgettext(*pair) if pair else name


K = pygame
# In the order the help lists them. The first key of a row is the one menus show.
PLAY_KEYS: tuple[Binding, ...] = (
    Binding("new_game", N_("New game"), (key(K.K_F2), key(K.K_n)), MENU_GAME),
    Binding("beginner", N_("Beginner"), (key(K.K_1), key(K.K_KP1, shown=False)), MENU_GAME),
    Binding("intermediate", N_("Intermediate"), (key(K.K_2), key(K.K_KP2, shown=False)), MENU_GAME),
    Binding("expert", N_("Expert"), (key(K.K_3), key(K.K_KP3, shown=False)), MENU_GAME),
    Binding("custom", N_("Custom board"), (key(K.K_c),), MENU_GAME),
    Binding("daily", N_("Daily board"), (), MENU_GAME),
    Binding("play_code", N_("Play a code"), (key(K.K_b), key(K.K_v, CTRL)), MENU_GAME),
    Binding("copy_code", N_("Copy board code"), (key(K.K_c, CTRL),), MENU_GAME),
    Binding("undo", N_("Undo"), (key(K.K_z, CTRL),), MENU_GAME),
    Binding("redo", N_("Redo"), (key(K.K_y, CTRL),), MENU_GAME),
    Binding("pause", N_("Pause"), (key(K.K_PAUSE, name="Pause"), key(K.K_F3)), MENU_GAME),
    Binding("stats", N_("Statistics"), (key(K.K_s),), MENU_GAME),
    # Translators: the menu row that opens the room of every finished game's video.
    Binding("videos", N_("Videos"), (key(K.K_F4),), MENU_GAME),
    Binding("analyse_last", N_("Analyse last game"), (key(K.K_a),), MENU_GAME),
    # Esc never quits (it closes, or leaves, what is on top: a dialog, a menu, a replay, an
    # analysis, the map); Ctrl+Q, this row and the window's close button quit at once, over
    # a dialog too (the window keeps this key), a game in progress kept for next time
    Binding("quit_now", N_("Quit"), (key(K.K_q, CTRL),), MENU_GAME),
    Binding("hint", N_("Hint"), (key(K.K_h),), MENU_HELP),
    Binding("odds", N_("Mine odds"), (key(K.K_p),), MENU_HELP),
    Binding("options", N_("Options"), (key(K.K_o),), MENU_OPTIONS),
    Binding("question_marks", N_("Question marks"), (key(K.K_q),), MENU_OPTIONS),
    Binding("mute", N_("Sound on/off"), (key(K.K_v),), MENU_OPTIONS),
    Binding("next_theme", N_("Next theme"), (key(K.K_t),), MENU_OPTIONS),
    Binding("previous_theme", N_("Previous theme"), (key(K.K_t, SHIFT),), MENU_OPTIONS),
    Binding("themes", N_("Themes"), (key(K.K_m),), MENU_OPTIONS),
    Binding(
        "zoom_in",
        N_("Zoom in"),
        (
            char("+"),
            char(
                "=",
            ),
            key(K.K_KP_PLUS, shown=False),
        ),
        MENU_OPTIONS,
    ),
    Binding("zoom_out", N_("Zoom out"), (char("-"), key(K.K_KP_MINUS, shown=False)), MENU_OPTIONS),
    Binding(
        "fullscreen",
        N_("Full screen"),
        (key(K.K_F11), key(K.K_RETURN, ALT, name="Enter")),
        MENU_OPTIONS,
    ),
    Binding("map", N_("Map of the board"), (key(K.K_TAB),), MENU_OPTIONS),
    Binding("help", N_("How to play, keys"), (key(K.K_F1), char("?")), MENU_HELP),
    Binding("about", N_("About"), (), MENU_HELP),
    # Alt opens the menu when pressed and released by itself (the window watches for that),
    # so Alt+Enter stays full screen; its Key here never matches an event.
    Binding("menu", N_("Menu"), (key(K.K_g), key(K.K_F10), Key(name="Alt"))),
    Binding("cursor_up", N_("Cursor up"), (key(K.K_UP, name="Up"),)),
    Binding("cursor_down", N_("Cursor down"), (key(K.K_DOWN, name="Down"),)),
    Binding("cursor_left", N_("Cursor left"), (key(K.K_LEFT, name="Left"),)),
    Binding("cursor_right", N_("Cursor right"), (key(K.K_RIGHT, name="Right"),)),
    Binding("cursor_open", N_("Open the cursor's cell"), (key(K.K_SPACE),)),
    Binding("cursor_flag", N_("Flag the cursor's cell"), (key(K.K_f),)),
    Binding("cursor_chord", N_("Chord the cursor's cell"), (key(K.K_d),)),
)

REPLAY_KEYS: tuple[Binding, ...] = (
    # Translators: in the F1 help, what Space does while a replay is watched.
    Binding("replay_pause", N_("Pause / play on"), (key(K.K_SPACE),)),
    # Translators: in the F1 help: a replay steps to its next event (a move of the pointer,
    # a button going down or up).
    Binding("replay_next", N_("Next event"), (key(K.K_RIGHT, name="Right"), char("."))),
    Binding("replay_previous", N_("Previous event"), (key(K.K_LEFT, name="Left"), char(","))),
    # Translators: in the F1 help: a replay steps to its next change of the board (an open,
    # a flag, a chord, an undo).
    Binding("replay_next_action", N_("Next board change"), (key(K.K_RIGHT, CTRL, name="Right"),)),
    Binding(
        "replay_previous_action",
        N_("Previous board change"),
        (key(K.K_LEFT, CTRL, name="Left"),),
    ),
    Binding("replay_faster", N_("Faster"), (char("]"), char("+"), char("="), key(K.K_UP))),
    Binding("replay_slower", N_("Slower"), (char("["), char("-"), key(K.K_DOWN))),
    # Translators: in the F1 help, what Home does while a replay is watched.
    Binding("replay_first", N_("The start"), (key(K.K_HOME, name="Home"),)),
    # Translators: in the F1 help, what End does while a replay is watched.
    Binding("replay_last", N_("The end"), (key(K.K_END, name="End"),)),
    Binding("replay_restart", N_("From the start"), (key(K.K_r),)),
    # Translators: in the F1 help: show or hide the panel of a replay's counters (clicks,
    # 3BV/s, IOE...).
    # Translators: in the F1 help: I shows or hides every counter in a panel over the board.
    Binding("replay_counters", N_("All counters over the board"), (key(K.K_i),)),
    Binding("replay_leave", N_("Leave the replay"), (key(K.K_ESCAPE, name="Esc"),)),
)

ANALYSIS_KEYS: tuple[Binding, ...] = (
    Binding("analysis_next", N_("Next move"), (key(K.K_RIGHT, name="Right"), char(">"))),
    Binding("analysis_previous", N_("Previous move"), (key(K.K_LEFT, name="Left"), char("<"))),
    Binding(
        "analysis_next_note",
        N_("Next guess or mistake"),
        (key(K.K_DOWN, name="Down"), key(K.K_TAB)),
    ),
    Binding(
        "analysis_previous_note",
        N_("Previous guess or mistake"),
        (key(K.K_UP, name="Up"), key(K.K_TAB, SHIFT)),
    ),
    Binding("analysis_first", N_("First move"), (key(K.K_HOME, name="Home"),)),
    # Translators: in the F1 help, what End does while a game is analysed: go to its last move.
    Binding("analysis_last", N_("The end"), (key(K.K_END, name="End"),)),
    Binding("analysis_leave", N_("Leave (or stop the analysis)"), (key(K.K_ESCAPE, name="Esc"),)),
)

# What the mouse does on the board, for the help (it has no keys to match): the button or
# wheel (marked NP_ "mouse": "Left" is a button here, not the arrow key) and what it does.
MOUSE_RULES: tuple[tuple[tuple[str, str], str], ...] = (
    # Translators: the mouse's left button, in the F1 help's list of what the mouse does.
    (NP_("mouse", "Left"), N_("open: press, drag, release")),
    # Translators: the left button let go off the board (F1 help).
    (NP_("mouse", "Left off board"), N_("release: nothing")),
    (NP_("mouse", "Left on number"), N_("chord (option)")),
    (NP_("mouse", "Hold left"), N_("flag (option)")),
    # Translators: Q is the key that turns question marks on; keep it.
    (NP_("mouse", "Right"), N_("flag, unflag (? too with Q)")),
    # Translators: both buttons at once, or the middle one.
    (NP_("mouse", "Both, Middle"), N_("chord")),
    # Translators: the smiley face above the board.
    (NP_("mouse", "Face"), N_("new game")),
    (NP_("mouse", "Wheel"), N_("scroll; Shift or tilt: sideways")),
    (NP_("mouse", "Ctrl+Wheel"), N_("zoom about the pointer")),
    (NP_("mouse", "Middle drag"), N_("move the board (2+ cells)")),
    # Translators: the thumb is the part of a scroll bar that is dragged; the track the rest.
    (NP_("mouse", "Scroll bar"), N_("drag thumb; click track: page")),
)


# What a game controller does (game/ui/gamepad.py, where each button presses a key of the
# tables above), for the help: the buttons as SDL names them (an Xbox pad's: A is the lowest of
# the four on the right, Cross on a PlayStation pad), and what they do. Words printed on a pad
# are marked NP_ "controller"; its letters stay as printed.
PAD_RULES: tuple[tuple[tuple[str, str] | str, str], ...] = (
    # Translators: the game controller's cross-shaped pad and its left stick (F1 help).
    (NP_("controller", "D-pad, stick"), N_("move: cursor, menus, dialogs; held: repeats")),
    # Translators: what the controller's A button does (F1 help): choose in a menu or dialog.
    ("A", N_("open; menus, dialogs: choose")),
    # Translators: what the controller's B button does (F1 help): go back elsewhere (Esc).
    ("B", N_("flag; menus, dialogs, replays: back")),
    ("X", N_("chord")),
    ("Y", N_("hint")),
    # Translators: the controller's Start button (F1 help).
    (NP_("controller", "Start"), N_("menu; in a dialog: OK")),
    # Translators: the controller's Back (Select, View, Share) button (F1 help).
    (NP_("controller", "Back"), N_("new game")),
    # Translators: the controller's left and right shoulder buttons (F1 help).
    (NP_("controller", "LB, RB"), N_("zoom out, zoom in")),
)


# The keys that act on the cell under the pointer with Options' "Keys at" on "pointer"
# (game/ui/scenes/board.py `BoardView.aim_at_pointer`).
POINTER_ACTIONS = ("cursor_open", "cursor_flag", "cursor_chord")


def pad_rows() -> list[tuple[str, str]]:
    """The controller's part of the help, in the language in use."""
    return [
        (pgettext(*name) if isinstance(name, tuple) else name, _(what)) for name, what in PAD_RULES
    ]


def action_for(event: pygame.event.Event, table: tuple[Binding, ...] | None = None) -> str | None:
    """The action a key press asks for in this table (the play keys by default), or None:
    the first binding in the table with a key that matches, looked up by the key's code and
    by the character typed (a key press is asked of several tables in a frame)."""
    table = table or PLAY_KEYS
    by_code, by_char = _index(table)
    found = [*by_code.get(event.key, ()), *by_char.get(getattr(event, "unicode", None), ())]
    for _at, binding, key in sorted(found, key=lambda entry: entry[0]):
        if key.matches(event):
            return binding.action
    return None


_INDEXES: dict[int, tuple] = {}  # id(table) -> (table, by code, by character)


def _index(table: tuple[Binding, ...]) -> tuple[dict, dict]:
    kept = _INDEXES.get(id(table))
    if kept is None or kept[0] is not table:
        by_code: dict = {}
        by_char: dict = {}
        for at, binding in enumerate(table):
            for key in binding.keys:
                into = by_code if key.char is None else by_char
                into.setdefault(key.code if key.char is None else key.char, []).append(
                    (at, binding, key)
                )
        kept = _INDEXES[id(table)] = (table, by_code, by_char)
    return kept[1], kept[2]


def binding(action: str, table: tuple[Binding, ...] | None = None) -> Binding:
    return next(b for b in table or PLAY_KEYS if b.action == action)


def menu(name: str, table: tuple[Binding, ...] | None = None) -> list[Binding]:
    """The rows of one menu, in table order."""
    return [b for b in table or PLAY_KEYS if b.menu == name]


_HELP_ROWS: list = [None, None]  # what help_rows was made from last, and what it made


def help_rows(table: tuple[Binding, ...] | None = None) -> list[tuple[str, str]]:
    """(keys, what they do) for every keyed row, then the replay and analysis keys and the
    mouse rules; in the language in use. Made again only when the language or a table
    changed (about 1 ms, which the frame the help opens in has no room for)."""
    # the catalogue itself, not the language's code: two catalogues may speak "de" (a test's)
    made_of = (catalogue(), table or PLAY_KEYS, REPLAY_KEYS, ANALYSIS_KEYS, MOUSE_RULES)
    last, rows = _HELP_ROWS
    if last is None or any(a is not b for a, b in zip(last, made_of, strict=True)):
        rows = _help_rows(made_of[1])
        _HELP_ROWS[:] = [made_of, rows]
    return list(rows)


def _help_rows(table: tuple[Binding, ...]) -> list[tuple[str, str]]:
    def of(bindings: tuple[Binding, ...]) -> list[tuple[str, str]]:
        return [(b.key_names(), b.text()) for b in bindings if b.keys]

    rows = of(table)
    # Translators: a heading in the F1 help, over the keys of a replay being watched.
    rows += [("", ""), (_("Replay"), "")] + of(REPLAY_KEYS)
    # Translators: a heading in the F1 help, over the keys of a game being analysed.
    rows += [("", ""), (_("Analysis"), "")] + of(ANALYSIS_KEYS)
    # Translators: a heading in the F1 help, over what the mouse does on the board.
    rows += [("", ""), (_("Mouse"), "")]
    rows += [(pgettext(*where), _(what)) for where, what in MOUSE_RULES]
    at_pointer = ", ".join(binding(a, table).keys[0].label() for a in POINTER_ACTIONS)
    # Translators: in the F1 help, under the mouse: with Options' "Keys at" row on "pointer",
    # these keys act on the cell under the pointer.
    rows.append((at_pointer, _("act under the pointer (Options: Keys at)")))
    # Translators: a heading in the F1 help, over what a game controller's buttons do.
    return rows + [("", ""), (_("Controller"), "")] + pad_rows()
