"""The window's size and place (issue 42): kept in the state folder (XDG_STATE_HOME), no longer
in settings.json, which is read for them once, while there is no state file yet."""

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store.settings import Settings, SettingsFile
from game.store.window_state import MAX_WINDOW_SIDE, STATE_NAME, WindowStateFile

OLD_PLACE = {"window_size": [812, 540], "window_position": [-1200, 35]}


@pytest.fixture
def folders(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """The config and state folders the game uses (as platformdirs finds them from the XDG
    variables), each empty."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "config" / "pixel-mines", tmp_path / "state" / "pixel-mines"


def test_the_size_and_place_are_kept_in_the_state_folder_and_read_from_there(folders):
    config, state = folders
    f = SettingsFile()
    assert f.save(Settings(window_size=(640, 480), window_position=(30, 50), scale=3)) is None
    assert json.loads((state / STATE_NAME).read_text()) == {
        "window_size": [640, 480],
        "window_position": [30, 50],
    }
    written = json.loads((config / "settings.json").read_text())
    assert written["scale"] == 3
    assert "window_size" not in written and "window_position" not in written
    loaded, messages = SettingsFile().load()
    assert (loaded.window_size, loaded.window_position, loaded.scale, messages) == (
        (640, 480),
        (30, 50),
        3,
        [],
    )


def test_the_old_place_is_read_once_then_the_state_file_is_the_only_one(folders):
    config, state = folders
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({**OLD_PLACE, "board": "expert"}))
    f = SettingsFile()
    loaded, messages = f.load()
    assert (loaded.window_size, loaded.window_position, messages) == ((812, 540), (-1200, 35), [])
    assert not (state / STATE_NAME).exists()  # nothing is written by reading
    f.save(loaded)
    assert json.loads((state / STATE_NAME).read_text()) == OLD_PLACE
    written = json.loads((config / "settings.json").read_text())
    assert written["board"] == "expert" and "window_size" not in written
    # an older copy of the game writes its own window into settings.json again: not read
    (config / "settings.json").write_text(
        json.dumps({"window_size": [300, 300], "window_position": [1, 1], "board": "expert"})
    )
    again, _ = SettingsFile().load()
    assert (again.window_size, again.window_position) == ((812, 540), (-1200, 35))
    assert again.board == "expert"


def test_a_window_never_known_writes_no_state_file(folders):
    _config, state = folders
    f = SettingsFile()
    settings_now, _ = f.load()
    assert f.save(settings_now) is None
    assert not state.exists()


@pytest.mark.parametrize(
    "damage",
    [
        b"{not json",
        b"\xff\xfe",
        b"[800, 600]",
        b'{"window_size": [0, 600]}',
        b'{"window_position": [1, 2, 3]}',
        b'{"window_size": [800.0, 600]}',
        json.dumps({"window_size": [MAX_WINDOW_SIDE + 1, 600]}).encode(),
        b" " * (64 * 1024),  # over the cap
    ],
)
def test_a_damaged_state_file_is_kept_aside_said_once_and_the_window_starts_clean(folders, damage):
    config, state = folders
    config.mkdir(parents=True)
    # the old place holds a window: a damaged state file is not a reason to go back to it
    (config / "settings.json").write_text(json.dumps({**OLD_PLACE, "theme": "night"}))
    state.mkdir(parents=True)
    (state / STATE_NAME).write_bytes(damage)
    f = SettingsFile()
    loaded, messages = f.load()
    assert (loaded.window_size, loaded.window_position, loaded.theme) == (None, None, "night")
    assert len(messages) == 1 and str(state / STATE_NAME) in messages[0]
    assert "kept it as window.json.corrupt-" in messages[0]
    (aside,) = [p for p in state.iterdir() if p.name != STATE_NAME]
    assert aside.name.startswith("window.json.corrupt-") and aside.read_bytes() == damage
    assert not (state / STATE_NAME).exists()
    f.save(Settings(window_size=(500, 400)))  # a fresh one
    assert SettingsFile().load() == (Settings(window_size=(500, 400)), [])


def test_a_state_file_that_cannot_be_moved_aside_is_never_written_over(tmp_path):
    path = tmp_path / STATE_NAME
    path.write_bytes(b"{broken")
    f = WindowStateFile(path)
    real = os.replace

    def refuse(source, target):
        if Path(source) == path:
            raise PermissionError(13, "Permission denied")
        real(source, target)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        remembered, messages = f.load()
    assert remembered == {"window_size": None, "window_position": None}
    assert len(messages) == 1 and "cannot be moved aside" in messages[0]
    assert f.save({"window_size": (640, 480), "window_position": (0, 0)}) is None
    assert path.read_bytes() == b"{broken"


def test_a_state_folder_that_cannot_be_written_is_said_once(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the state folder should be")
    echoed = []
    f = SettingsFile(tmp_path / "settings.json", echo=echoed.append)
    f.window = WindowStateFile(blocker / STATE_NAME)
    assert f.load() == (Settings(), [])  # no folder: nothing remembered yet, nothing wrong
    first = f.save(Settings(window_size=(640, 480)))
    assert first and "size and place cannot be saved" in first and echoed == [first]
    assert f.save(Settings(window_size=(700, 480))) is None and echoed == [first]
    assert json.loads((tmp_path / "settings.json").read_text())["board"] == "beginner"


def test_unchanged_values_leave_the_file_as_it_is(tmp_path):
    path = tmp_path / STATE_NAME
    path.write_text('{ "window_position": [3, 4],   "window_size": [640, 480], "later": 1 }')
    f = WindowStateFile(path)
    remembered, _ = f.load()
    before = path.read_text()
    assert f.save(remembered) is None
    assert path.read_text() == before  # not written again
    f.save({**remembered, "window_position": (5, 4)})
    assert json.loads(path.read_text())["window_position"] == [5, 4]


SIDES = st.integers(1, MAX_WINDOW_SIDE)
PLACES = st.integers(-MAX_WINDOW_SIDE, MAX_WINDOW_SIDE)


@settings(max_examples=50, deadline=None)
@given(
    st.none() | st.tuples(SIDES, SIDES),
    st.none() | st.tuples(PLACES, PLACES),
)
def test_any_size_and_place_round_trip(size, place):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / STATE_NAME
        WindowStateFile(path).save({"window_size": size, "window_position": place})
        remembered, messages = WindowStateFile(path).load()
    if size is None and place is None:  # nothing to remember: no file
        assert remembered is None
    else:
        assert remembered == {"window_size": size, "window_position": place}
    assert messages == []
