"""The window's size and place as the player left it: `window.json` in the user state folder
(`files.state_dir`: `$XDG_STATE_HOME/pixel-mines/` on Linux).

They are what the program remembers of its last run, not a choice of the player's, so they are
kept apart from the settings: the XDG base directory spec's state data, which a backup or a
settings folder shared between computers leaves out (a window's place on one screen means
nothing on another). Versions before issue 42 kept them in settings.json: as long as this file
is not there `SettingsFile.load` takes them from there, and from then on they live here.

A file that cannot be used (not a regular file, over MAX_BYTES, unreadable, not JSON, a value
that is not a size or a place) is set aside and the window opens as at a first start; one that
cannot be moved aside is left as it is and never written over this run. Each case is said once.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..i18n import _
from .files import FileRefused, atomic_write, read_capped, set_aside, state_dir

STATE_NAME = "window.json"
KEYS = ("window_size", "window_position")  # as settings.json named them before
MAX_BYTES = 4 * 1024  # the file is some 60 bytes
MAX_WINDOW_SIDE = 16384  # larger than any screen; a bigger remembered size is taken as damage

# A value by name: a (width, height) or an (x, y), or None where nothing is remembered.
Remembered = dict[str, tuple[int, int] | None]


def window_value(name: str, value: object) -> tuple[int, int] | None:
    """`value` as the window size or place it stands for (None: not known); ValueError if it is
    not one (the sides are at least 1 pixel, a place may lie left of or above the screen)."""
    if value is None:
        return None
    low = 1 if name == "window_size" else -MAX_WINDOW_SIDE
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(type(v) is int and low <= v <= MAX_WINDOW_SIDE for v in value)
    ):
        return (value[0], value[1])
    raise ValueError(name)


def _text(values: Remembered) -> str:
    data = {key: None if values.get(key) is None else list(values[key]) for key in KEYS}
    return json.dumps(data, sort_keys=True) + "\n"


class WindowStateFile:
    """Reads and writes one window state file; says once if it cannot be written."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else state_dir() / STATE_NAME
        # what the file holds as this run last read or wrote it; nothing remembered needs no file
        self._written = _text(dict.fromkeys(KEYS))
        self._write_failed = False
        self._leave_alone = False  # a damaged file that could not be moved aside

    def load(self) -> tuple[Remembered | None, list[str]]:
        """What the file remembers, by name (None: there is no file yet: the caller takes the
        values where an older version kept them), and any lines for the player. A damaged
        file gives nothing remembered."""
        clean: Remembered = dict.fromkeys(KEYS)
        try:
            raw = read_capped(self.path, MAX_BYTES)
        except (FileNotFoundError, NotADirectoryError):  # no file, or no folder to hold one
            return None, []
        except FileRefused as e:
            return clean, [self._put_aside(str(e))]
        except OSError as e:
            # Translators: said after the window size and place file's name; error says why.
            why = _("cannot be read (%(error)s)") % {"error": e.strerror or e}
            return clean, [self._put_aside(why)]
        try:
            data = json.loads(raw.decode("utf-8-sig"))
            # keys a later version adds are left out; the ones known must be good
            values = {key: window_value(key, data.get(key)) for key in KEYS}
        except (ValueError, RecursionError, AttributeError):  # not UTF-8, JSON, an object
            # Translators: said after the window size and place file's name.
            return clean, [self._put_aside(_("was not valid"))]
        self._written = _text(values)
        return values, []

    def _put_aside(self, why: str) -> str:
        """Move the unusable file aside; if that fails, never write over it this run."""
        try:
            kept = set_aside(self.path)
        except OSError as e:
            self._leave_alone = True
            # Translators: why is said after the file's name ("was not valid", "is not a
            # regular file"); error says why it could not be moved.
            return _(
                "The window size and place file %(file)s %(why)s; it cannot be moved aside "
                "(%(error)s), so it is left as it is and the window's size and place are "
                "not kept."
            ) % {"file": self.path, "why": why, "error": e.strerror or e}
        # Translators: why is said after the file's name; kept is the name it was moved to.
        return _(
            "The window size and place file %(file)s %(why)s; kept it as %(kept)s, and the "
            "window opens as at a first start."
        ) % {"file": self.path, "why": why, "kept": kept.name}

    def save(self, values: Remembered) -> str | None:
        """Write the values if they changed; a line for the player the first time this fails,
        else None."""
        text = _text(values)
        if self._leave_alone or text == self._written:
            return None
        try:
            atomic_write(self.path, text, durable=False)  # a lost place costs nothing
        except OSError as e:
            if self._write_failed:
                return None
            self._write_failed = True
            # Translators: error is the system's reason ("Permission denied").
            return _("The window's size and place cannot be saved (%(error)s).") % {
                "error": e.strerror or e
            }
        self._written = text
        return None
