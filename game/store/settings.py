"""The player's settings: `settings.json` in the user config folder.

A bad value falls back to its default on its own, unknown keys are kept and written back, and a
file that is not JSON is set aside; each case gives the player one line saying what happened.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from pathlib import Path

from game.engine import Difficulty, SafeZone
from game.engine.boards import BoardChoice
from game.engine.game import check_custom_size
from game.store.files import atomic_write, config_dir, set_aside

BOARDS = ("beginner", "intermediate", "expert", "custom")
VOLUMES = ("off", "low", "normal")
MAX_SCALE = 8
MAX_WINDOW_SIDE = 16384  # larger than any screen; a bigger remembered size is taken as damage


@dataclass
class Settings:
    board: str = "beginner"  # a difficulty's name, or "custom" for the custom size below
    custom_rows: int = 20
    custom_cols: int = 30
    custom_mines: int = 120
    theme: str = "classic"
    scale: int | None = None  # None: the largest that fits
    question_marks: bool = False
    safe_zone: SafeZone = SafeZone.OPENING
    chord_on_left: bool = True  # a left click on an open number chords
    long_press_flag: bool = False  # touch screens: holding a cell 0.35 s flags it
    motion: bool = True  # cascades when regions open, ripples when mines show
    no_guess: bool = False  # boards that deduction alone clears
    volume: str = "low"  # sound effects: one of VOLUMES
    timer_tick: bool = False  # a tick each second of the timer
    # The window as the player last had it, restored at start if it still fits the screen
    # (None: not known yet). Size and position are of the window's inside, in pixels, when not
    # fullscreen.
    window_size: tuple[int, int] | None = None
    window_position: tuple[int, int] | None = None
    fullscreen: bool = False
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
            if f.name != "extra":
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
    elif name in ("window_size", "window_position"):
        if value is None:
            return None
        low = 1 if name == "window_size" else -MAX_WINDOW_SIDE
        if (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(type(v) is int and low <= v <= MAX_WINDOW_SIDE for v in value)
        ):
            return tuple(value)
    elif name == "volume":
        if value in VOLUMES:
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
        return settings, ["the whole file (not a JSON object)"]
    ignored = []
    known = {f.name for f in fields(Settings)} - {"extra"}
    for key, value in data.items():
        if key not in known:
            settings.extra[key] = value
            continue
        try:
            setattr(settings, key, _valid(key, value))
        except ValueError:
            ignored.append(key)
    try:
        check_custom_size(settings.custom_rows, settings.custom_cols, settings.custom_mines)
    except ValueError:
        ignored.append("custom board size")
        default = Settings()
        settings.custom_rows, settings.custom_cols = default.custom_rows, default.custom_cols
        settings.custom_mines = default.custom_mines
        if settings.board == "custom":
            settings.board = default.board
    return settings, ignored


class SettingsFile:
    """Reads and writes one settings file; says once if it cannot be written."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / "settings.json"
        self._write_failed = False

    def load(self) -> tuple[Settings, list[str]]:
        """The settings and any lines for the player about the file."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings(), []
        except (OSError, UnicodeDecodeError) as e:
            return Settings(), [f"Could not read the settings ({e}); using the defaults."]
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, a huge number, nesting too deep
            data = None
        if not isinstance(data, dict):
            try:
                kept = set_aside(self.path)
            except OSError:
                return Settings(), ["The settings file is not valid; using the defaults."]
            return Settings(), [f"The settings file was not valid; kept it as {kept.name}, "
                                "using the defaults."]  # fmt: skip
        settings, ignored = parse(data)
        messages = []
        if ignored:
            messages.append(f"Settings: ignored bad {', '.join(ignored)} (using the defaults).")
        return settings, messages

    def save(self, settings: Settings) -> str | None:
        """Write the settings; a line for the player the first time this fails, else None."""
        try:
            atomic_write(self.path, json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n")
        except OSError as e:
            if self._write_failed:
                return None
            self._write_failed = True
            return f"Settings cannot be saved ({e.strerror or e}); they last until you quit."
        return None
