"""Test-wide setup: no real window or sound, and no real user files."""

import copy
import dataclasses
import itertools
import os
import random

import pytest  # pytest and the standard library do not import pygame

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


def pytest_addoption(parser):
    parser.addoption(
        "--order",
        default="file",
        help="the order the collected tests run in: file (as written, the default), reverse, "
        "or shuffle:SEED (a seeded shuffle; shuffle alone picks a seed and shows it)",
    )


def _order(value: str) -> tuple[str, int | None]:
    """The order --order names: ("file" | "reverse" | "shuffle", the shuffle's seed)."""
    kind, colon, seed = value.partition(":")
    if kind in ("file", "reverse") and not colon:
        return kind, None
    if kind == "shuffle" and (not colon or seed.isdecimal()):
        return kind, int(seed) if colon else None
    raise pytest.UsageError(f"--order: {value!r} is not file, reverse or shuffle:SEED")


def pytest_configure(config):
    kind, seed = _order(config.getoption("order"))
    if kind == "shuffle" and seed is None:  # a seed chosen here, once, so a run can be repeated
        config.option.order = f"shuffle:{random.SystemRandom().randrange(1_000_000)}"


def pytest_report_header(config):
    if config.getoption("order") != "file":
        return f"order: {config.getoption('order')} (--order gives it again)"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """A test passes in any order (STYLE.md): --order reverse and --order shuffle:SEED run the
    collected tests in another, to show what one test leaves behind for the next."""
    kind, seed = _order(config.getoption("order"))
    if kind == "reverse":
        items.reverse()
    elif kind == "shuffle":
        random.Random(seed).shuffle(items)


@pytest.fixture(autouse=True)
def english_afterwards():
    """The language is the process's (game/i18n.py): a test that switched it (the Options
    row, a fuzzer's keys) leaves English behind for the next."""
    yield
    from game import i18n

    i18n.install(i18n.ENGLISH)
    i18n.take_unshown()  # a damaged catalogue's line is not for the next test's window


_state_folders = itertools.count()


@pytest.fixture(autouse=True)
def own_state_folder(monkeypatch):
    """Each test a state folder of its own (made only when written to), its programs' too: the
    window's size and place kept there (game/store/window_state.py) by one test's window are
    not where the next one's opens, as when they were settings in each test's config folder."""
    monkeypatch.setenv("XDG_STATE_HOME", os.path.join(_home, "state", str(next(_state_folders))))


def fresh_theme(theme):
    """A theme of its own made from a loaded one: its sheet copied and cut again, its tables
    copied, as a new load of the same folder would give."""
    own = {
        f.name: copy.deepcopy(getattr(theme, f.name))
        for f in dataclasses.fields(theme)
        if f.init and f.name not in ("sheet", "sprites", "font")
    }
    return dataclasses.replace(theme, sheet=theme.sheet.copy(), sprites={}, font=None, **own)


@pytest.fixture(scope="session")
def shipped_themes():
    """`load_library()` for the fixtures that start a window in every test: the shipped themes
    are read and checked from disk once a run (about 18 ms of CPU a time, hundreds of times),
    and each call gives a library of its own, so what a test does to its themes (converting
    them to the display's format, say) never reaches another. Tests of loading call
    `load_library`."""
    from game.ui.theme import load_library

    read = load_library()

    def fresh():
        themes = {key: fresh_theme(theme) for key, theme in read.themes.items()}
        return dataclasses.replace(
            read, themes=themes, problems=list(read.problems), warnings=list(read.warnings)
        )

    return fresh
