"""Test-wide setup: no real window or sound, and no real user files."""

import os

# Before anything imports pygame: tests never open a real window or sound device.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import tempfile  # noqa: E402

# Settings, statistics and replays go to throwaway folders, never the real user's.
_home = tempfile.mkdtemp(prefix="pixel-mines-tests-")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = os.path.join(_home, _name.lower())

# The tests expect the English words whatever the machine's language: nothing of gettext's
# environment (game/i18n.py reads it; tests that choose a language set it themselves).
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)
