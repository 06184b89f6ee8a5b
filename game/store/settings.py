"""The player's settings: `settings.json` in the user config folder.

A bad value falls back to its default on its own, unknown keys are kept and written back, and a
file that cannot be used (not JSON, not a regular file, over MAX_BYTES, unreadable) is set
aside; where it cannot be moved it is left as it is and never written over. Each case gives the
player one line saying what happened.

The window's size and place ride along in `Settings` but are kept in the state folder
(game/store/window_state.py): `SettingsFile` reads and writes both files.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path

from ..engine import Difficulty, SafeZone
from ..engine.boards import BoardChoice
from ..engine.game import check_custom_size
from ..i18n import _, is_code
from .files import FileRefused, atomic_write, config_dir, read_capped, set_aside
from .window_state import KEYS as WINDOW_KEYS
from .window_state import STATE_NAME, WindowStateFile, window_value

BOARDS = ("beginner", "intermediate", "expert", "custom")
VOLUMES = ("off", "low", "normal")
MAX_SCALE = 8
COUNTERS = ("off", "line", "panel")  # live counters: none, on the status line, a panel under it
MAX_TEXT_SIZE = 6  # the Text size row's largest choice
MAX_BYTES = 64 * 1024  # a settings file is under a kilobyte; unknown keys get room to spare
MAX_DEPTH = 32  # an unknown key's value nested deeper is dropped (it could not be written back)


@dataclass
class Settings:
    board: str = "beginner"  # a difficulty's name, or "custom" for the custom size below
    custom_rows: int = 20
    custom_cols: int = 30
    custom_mines: int = 120
    theme: str = "classic"
    scale: int | None = None  # None: the largest that fits
    # how large text is drawn (menus, dialogs, the status line): 1 to MAX_TEXT_SIZE, or None:
    # as the screen suits (game/ui/frame.py `text_wanted`)
    text_size: int | None = None
    question_marks: bool = False
    safe_zone: SafeZone = SafeZone.OPENING
    chord_on_left: bool = True  # a left click on an open number chords
    long_press_flag: bool = False  # touch screens: holding a cell 0.35 s flags it
    # Space, F and D act on the cell under the mouse pointer, not the keyboard cursor
    # (game/ui/scenes/board.py `BoardView.aim_at_pointer`); checked as a bool by `_valid`
    keys_at_pointer: bool = False
    motion: bool = True  # cascades when regions open, ripples when mines show
    no_guess: bool = False  # boards that deduction alone clears
    volume: str = "low"  # sound effects: one of VOLUMES
    timer_tick: bool = False  # a tick each second of the timer
    ask_before_leaving: bool = True  # a new game over one in progress asks first
    # the community's counters while a game is played: one of COUNTERS (game/ui/live.py)
    counters: str = "off"
    language: str = ""  # a catalogue's code (de, pt_BR); "": from the system (game/i18n.py)
    # The window as the player last had it, restored at start if it still fits the screen
    # (None: not known yet). Size and position are of the window's inside, in pixels, when not
    # fullscreen. Kept in the window state file, not settings.json (WINDOW_KEYS).
    window_size: tuple[int, int] | None = None
    window_position: tuple[int, int] | None = None
    fullscreen: bool = False
    # How to play was offered (once, at the first start: game/ui/scenes/options.py
    # `Options.offer_how_to_play`); a file written before this setting reads True (`parse`)
    shown_how_to_play: bool = False
    extra: dict = field(default_factory=dict)  # keys this version does not know, kept as read

    def board_choice(self) -> BoardChoice:
        if self.board == "custom":
            return BoardChoice(self.custom_rows, self.custom_cols, self.custom_mines)
        return BoardChoice.standard(Difficulty[self.board.upper()])

    def remember_board(self, board: BoardChoice) -> None:
        self.board = board.kind
        if board.kind == "custom":
            self.custom_rows, self.custom_cols, self.custom_mines = (
                board.rows,
                board.cols,
                board.mines,
            )

    def to_json(self) -> dict:
        data = dict(self.extra)
        for f in fields(self):
            if f.name != "extra" and f.name not in WINDOW_KEYS:
                value = getattr(self, f.name)
                if isinstance(value, SafeZone):
                    value = value.value
                elif isinstance(value, tuple):
                    value = list(value)
                data[f.name] = value
        return data


def _valid(name: str, value: object) -> object:
    """The value if it is good for the setting, else raise ValueError."""
    default = getattr(Settings(), name)
    if name == "board":
        if value in BOARDS:
            return value
    elif name == "theme":
        if isinstance(value, str) and value and "/" not in value and "\\" not in value:
            return value
    elif name == "scale":
        if value is None or (type(value) is int and 1 <= value <= MAX_SCALE):
            return value
    elif name == "text_size":
        if value is None or (type(value) is int and 1 <= value <= MAX_TEXT_SIZE):
            return value
    elif name in WINDOW_KEYS:  # as settings.json held them before issue 42
        return window_value(name, value)
    elif name == "language":
        if isinstance(value, str) and (value == "" or is_code(value)):
            return value
    elif name == "volume":
        if value in VOLUMES:
            return value
    elif name == "counters":
        if value in COUNTERS:
            return value
    elif name == "safe_zone":
        return SafeZone(value)
    elif isinstance(default, bool):
        if isinstance(value, bool):
            return value
    elif isinstance(default, int) and type(value) is int:
        return value
    raise ValueError(name)


def parse(data: object) -> tuple[Settings, list[str]]:
    """Settings from decoded JSON; the names of the values that were ignored."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings, [_("the whole file (not a JSON object)")]
    ignored = []
    known = {f.name for f in fields(Settings)} - {"extra"}
    for key, value in data.items():
        if key not in known:
            if _depth(value) > MAX_DEPTH:
                # Translators: key is a setting's name in the file, as it is written there.
                ignored.append(_("%(key)r (nested too deep)") % {"key": key})
            else:
                settings.extra[key] = value
            continue
        try:
            setattr(settings, key, _valid(key, value))
        except ValueError:
            ignored.append(key)
    if "shown_how_to_play" not in data:  # a file from before it: its player is not new
        settings.shown_how_to_play = True
    try:
        check_custom_size(settings.custom_rows, settings.custom_cols, settings.custom_mines)
    except ValueError:
        # Translators: listed among the settings' names that were ignored.
        ignored.append(_("custom board size"))
        default = Settings()
        settings.custom_rows, settings.custom_cols = default.custom_rows, default.custom_cols
        settings.custom_mines = default.custom_mines
        if settings.board == "custom":
            settings.board = default.board
    return settings, ignored


def _depth(value: object) -> int:
    """How deeply a decoded JSON value nests (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                todo.extend(
                    (v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
                )
    return deepest


class SettingsFile:
    """Reads and writes one settings file, and the window state file with it; says once if
    either cannot be written."""

    def __init__(
        self,
        path: Path | None = None,
        *,
        echo: Callable[[str], None] | None = None,
        window: WindowStateFile | None = None,
    ) -> None:
        self.path = path if path is not None else config_dir() / "settings.json"
        # The window's size and place: in the state folder; beside a settings file named here
        # (a test's, another folder's), so that two settings files never share one.
        if window is None:
            window = WindowStateFile(None if path is None else path.with_name(STATE_NAME))
        self.window = window
        # a line about a failed save goes here too (stderr): a note in the window may close
        # with it, as at quit
        self.echo = echo
        self._write_failed = False
        self._leave_alone = False  # a broken file that could not be moved aside

    def load(self) -> tuple[Settings, list[str]]:
        """The settings, the window's size and place with them, and any lines for the player
        about the files. While there is no window state file, the size and place are those
        settings.json held before issue 42 (read from there this once: they are written to
        the state file, and no longer to settings.json, at the next save)."""
        settings, messages = self._load_settings()
        remembered, said = self.window.load()
        if remembered is not None:
            settings.window_size = remembered["window_size"]
            settings.window_position = remembered["window_position"]
        return settings, messages + said

    def _load_settings(self) -> tuple[Settings, list[str]]:
        try:
            raw = read_capped(self.path, MAX_BYTES)
        except FileNotFoundError:
            return Settings(), []
        except FileRefused as e:
            return Settings(), [self._put_aside(str(e))]
        except OSError as e:
            return Settings(), [
                # Translators: said after the settings file's name; error says why.
                self._put_aside(_("cannot be read (%(error)s)") % {"error": e.strerror or e})
            ]
        try:
            data = json.loads(raw.decode("utf-8-sig"))
        except (ValueError, RecursionError):  # not UTF-8, not JSON, a huge number, too deep
            data = None
        if not isinstance(data, dict):
            # Translators: said after the settings file's name.
            return Settings(), [self._put_aside(_("was not valid"))]
        settings, ignored = parse(data)
        messages = []
        if ignored:
            bad = ", ".join(ignored)
            messages.append(
                # Translators: bad lists the settings ignored, by their names in the file.
                _("Settings in %(file)s: ignored bad %(bad)s (using the defaults).")
                % {"file": self.path, "bad": bad}
            )
        return settings, messages

    def remembered_language(self) -> str:
        """The language setting alone, read before the command line is parsed (its words
        depend on it): "" if the file is missing, unusable or holds no good value. Changes
        nothing: `load` says what is wrong with the file, and sets a broken one aside."""
        try:
            data = json.loads(read_capped(self.path, MAX_BYTES).decode("utf-8-sig"))
            return _valid("language", data["language"])
        except (OSError, FileRefused, ValueError, RecursionError, TypeError, KeyError):
            return ""

    def _put_aside(self, why: str) -> str:
        """Move the unusable file aside; if that fails, never write over it this run."""
        try:
            kept = set_aside(self.path)
        except OSError as e:
            self._leave_alone = True
            # Translators: why is said after the file's name ("was not valid", "is not a
            # regular file"); error says why it could not be moved.
            return _(
                "The settings file %(file)s %(why)s; it cannot be moved aside "
                "(%(error)s), so it is left as it is and changes last until you quit; "
                "using the defaults."
            ) % {"file": self.path, "why": why, "error": e.strerror or e}
        # Translators: why is said after the file's name; kept is the name it was moved to.
        return _("The settings file %(file)s %(why)s; kept it as %(kept)s, using the defaults.") % {
            "file": self.path,
            "why": why,
            "kept": kept.name,
        }

    def save(self, settings: Settings) -> str | None:
        """Write the settings and the window's size and place; a line for the player the
        first time either fails, else None."""
        line = self.window.save({key: getattr(settings, key) for key in WINDOW_KEYS})
        if line is not None and self.echo is not None:
            self.echo(line)
        return self._save_settings(settings) or line

    def _save_settings(self, settings: Settings) -> str | None:
        if self._leave_alone:
            return None  # said when it was loaded
        try:
            text = json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n"
            # no fsync: an option changed in a dialog must not wait for the disk
            atomic_write(self.path, text, durable=False)
        except OSError as e:
            if self._write_failed:
                return None
            self._write_failed = True
            line = _("Settings cannot be saved (%(error)s); they last until you quit.") % {
                "error": e.strerror or e
            }
            if self.echo is not None:
                self.echo(line)
            return line
        return None
