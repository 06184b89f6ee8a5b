"""The one key table: which key does what, and how it is named. Key handling, the F1 help and
the menus are all made from it, so they cannot disagree.

A table row is data: an action name (a command of game/ui/commands.py), a label, the keys, and
the menu it is listed in. Knows no game and draws nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

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

    def label(self) -> str:
        if self.name:
            return self.name
        base = self.char if self.char is not None else _key_name(self.code)
        prefix = "".join(f"{m.capitalize()}+" for m in (CTRL, ALT, SHIFT) if m in self.mods)
        return prefix + base


def _key_name(code: int) -> str:
    name = pygame.key.name(code)
    return name.upper() if len(name) == 1 else name.title()


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

    def key_names(self) -> str:
        return ", ".join(k.label() for k in self.keys if k.shown)


K = pygame
# In the order the help lists them. The first key of a row is the one menus show.
PLAY_KEYS: tuple[Binding, ...] = (
    Binding("new_game", "New game", (key(K.K_F2), key(K.K_n)), "Game"),
    Binding("beginner", "Beginner", (key(K.K_1), key(K.K_KP1, shown=False)), "Game"),
    Binding("intermediate", "Intermediate", (key(K.K_2), key(K.K_KP2, shown=False)), "Game"),
    Binding("expert", "Expert", (key(K.K_3), key(K.K_KP3, shown=False)), "Game"),
    Binding("custom", "Custom board", (key(K.K_c),), "Game"),
    Binding("daily", "Daily board", (), "Game"),
    Binding("play_code", "Play a code", (key(K.K_b), key(K.K_v, CTRL)), "Game"),
    Binding("copy_code", "Copy board code", (key(K.K_c, CTRL),), "Game"),
    Binding("undo", "Undo", (key(K.K_z, CTRL),), "Game"),
    Binding("redo", "Redo", (key(K.K_y, CTRL),), "Game"),
    Binding("pause", "Pause", (key(K.K_PAUSE, name="Pause"), key(K.K_F3)), "Game"),
    Binding("stats", "Statistics", (key(K.K_s),), "Game"),
    Binding("analyse_last", "Analyse last game", (key(K.K_a),), "Game"),
    Binding("quit", "Quit", (key(K.K_ESCAPE, name="Esc"),), "Game"),
    Binding("quit_now", "Quit at once", (key(K.K_q, CTRL),), None),
    Binding("hint", "Hint", (key(K.K_h),), "Help"),
    Binding("odds", "Mine odds", (key(K.K_p),), "Help"),
    Binding("options", "Options", (key(K.K_o),), "Options"),
    Binding("question_marks", "Question marks", (key(K.K_q),), "Options"),
    Binding("mute", "Sound on/off", (key(K.K_v),), "Options"),
    Binding("next_theme", "Next theme", (key(K.K_t),), "Options"),
    Binding("previous_theme", "Previous theme", (key(K.K_t, SHIFT),), "Options"),
    Binding("themes", "Themes", (key(K.K_m),), "Options"),
    Binding(
        "zoom_in",
        "Zoom in",
        (
            char("+"),
            char(
                "=",
            ),
            key(K.K_KP_PLUS, shown=False),
        ),
        "Options",
    ),
    Binding("zoom_out", "Zoom out", (char("-"), key(K.K_KP_MINUS, shown=False)), "Options"),
    Binding(
        "fullscreen",
        "Full screen",
        (key(K.K_F11), key(K.K_RETURN, ALT, name="Alt+Enter")),
        "Options",
    ),
    Binding("map", "Map of the board", (key(K.K_TAB),), "Options"),
    Binding("help", "Keys and mouse", (key(K.K_F1), char("?")), "Help"),
    Binding("about", "About", (), "Help"),
    # Alt opens the menu when pressed and released by itself (the window watches for that),
    # so Alt+Enter stays full screen; its Key here never matches an event.
    Binding("menu", "Menu", (key(K.K_g), key(K.K_F10), Key(name="Alt"))),
    Binding("cursor_up", "Cursor up", (key(K.K_UP, name="Up"),)),
    Binding("cursor_down", "Cursor down", (key(K.K_DOWN, name="Down"),)),
    Binding("cursor_left", "Cursor left", (key(K.K_LEFT, name="Left"),)),
    Binding("cursor_right", "Cursor right", (key(K.K_RIGHT, name="Right"),)),
    Binding("cursor_open", "Open the cursor's cell", (key(K.K_SPACE),)),
    Binding("cursor_flag", "Flag the cursor's cell", (key(K.K_f),)),
    Binding("cursor_chord", "Chord the cursor's cell", (key(K.K_d),)),
)

REPLAY_KEYS: tuple[Binding, ...] = (
    Binding("replay_pause", "Pause / play on", (key(K.K_SPACE),)),
    Binding("replay_step", "One move", (key(K.K_RIGHT),)),
    Binding("replay_faster", "Faster", (char("]"), char("+"), char("="), key(K.K_UP))),
    Binding("replay_slower", "Slower", (char("["), char("-"), key(K.K_DOWN))),
    Binding("replay_restart", "From the start", (key(K.K_r),)),
    Binding("replay_leave", "Leave the replay", (key(K.K_ESCAPE, name="Esc"),)),
)

ANALYSIS_KEYS: tuple[Binding, ...] = (
    Binding("analysis_next", "Next move", (key(K.K_RIGHT, name="Right"), char(">"))),
    Binding("analysis_previous", "Previous move", (key(K.K_LEFT, name="Left"), char("<"))),
    Binding(
        "analysis_next_note", "Next guess or mistake", (key(K.K_DOWN, name="Down"), key(K.K_TAB))
    ),
    Binding(
        "analysis_previous_note",
        "Previous guess or mistake",
        (key(K.K_UP, name="Up"), key(K.K_TAB, SHIFT)),
    ),
    Binding("analysis_first", "First move", (key(K.K_HOME, name="Home"),)),
    Binding("analysis_last", "The end", (key(K.K_END, name="End"),)),
    Binding("analysis_leave", "Leave (or stop the analysis)", (key(K.K_ESCAPE, name="Esc"),)),
)

# What the mouse does on the board, for the help (it has no keys to match).
MOUSE_RULES: tuple[tuple[str, str], ...] = (
    ("Left", "open: press, drag, release"),
    ("Left off board", "release: nothing"),
    ("Left on number", "chord (option)"),
    ("Hold left", "flag (option)"),
    ("Right", "flag, unflag (? too with Q)"),
    ("Both, Middle", "chord"),
    ("Face", "new game"),
    ("Wheel", "scroll; Shift or tilt: sideways"),
    ("Ctrl+Wheel", "zoom about the pointer"),
    ("Middle drag", "move the board (2+ cells)"),
    ("Scroll bar", "drag thumb; click track: page"),
)


def action_for(event: pygame.event.Event, table: tuple[Binding, ...] | None = None
               ) -> str | None:  # fmt: skip
    """The action a key press asks for in this table (the play keys by default), or None."""
    for binding in table or PLAY_KEYS:
        if any(k.matches(event) for k in binding.keys):
            return binding.action
    return None


def binding(action: str, table: tuple[Binding, ...] | None = None) -> Binding:
    return next(b for b in table or PLAY_KEYS if b.action == action)


def menu(name: str, table: tuple[Binding, ...] | None = None) -> list[Binding]:
    """The rows of one menu, in table order."""
    return [b for b in table or PLAY_KEYS if b.menu == name]


MENUS = ("Game", "Options", "Help")


def readme_table() -> str:
    """The README's key tables, as the README must show them (a test compares)."""

    def table(rows: list[tuple[str, str]]) -> list[str]:
        return ["| key | action |", "|---|---|"] + [f"| {k} | {what} |" for k, what in rows]

    play = [(b.key_names(), b.label) for b in PLAY_KEYS if b.keys]
    replay = [(b.key_names(), b.label) for b in REPLAY_KEYS]
    analysis = [(b.key_names(), b.label) for b in ANALYSIS_KEYS]
    return "\n".join([*table(play), "", "While a replay is watched:", "", *table(replay),
                      "", "While a game is analysed:", "", *table(analysis),
                      "", "Mouse on the board:", "", *table(list(MOUSE_RULES))])  # fmt: skip


def help_rows(table: tuple[Binding, ...] | None = None) -> list[tuple[str, str]]:
    """(keys, what they do) for every keyed row, then the replay and analysis keys and the
    mouse rules."""
    rows = [(b.key_names(), b.label) for b in table or PLAY_KEYS if b.keys]
    rows += [("", ""), ("Replay", "")] + [(b.key_names(), b.label) for b in REPLAY_KEYS]
    rows += [("", ""), ("Analysis", "")] + [(b.key_names(), b.label) for b in ANALYSIS_KEYS]
    return rows + [("", ""), ("Mouse", "")] + list(MOUSE_RULES)
