"""Settings survive restarts and broken files: bad values default one by one, nothing is lost."""

import json

import pytest

from game.engine import SafeZone
from game.store.settings import Settings, SettingsFile


def test_round_trip_keeps_every_value_and_unknown_keys(tmp_path):
    f = SettingsFile(tmp_path / "settings.json")
    s = Settings(
        board="custom",
        custom_rows=40,
        custom_cols=50,
        custom_mines=300,
        theme="night",
        scale=2,
        question_marks=True,
        safe_zone=SafeZone.CELL,
        chord_on_left=False,
        long_press_flag=True,
        extra={"future_option": [1, 2]},
    )
    assert f.save(s) is None
    loaded, messages = SettingsFile(tmp_path / "settings.json").load()
    assert loaded == s
    assert messages == []
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


def test_a_missing_file_gives_defaults_quietly(tmp_path):
    assert SettingsFile(tmp_path / "nope.json").load() == (Settings(), [])


def test_a_file_that_is_not_json_is_kept_aside_and_defaults_are_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ this is not json")
    settings, messages = SettingsFile(path).load()
    assert settings == Settings()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text() == "{ this is not json"
    assert len(messages) == 1 and kept[0].name in messages[0]


def test_json_that_is_not_an_object_is_kept_aside_too(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2, 3]")
    settings, messages = SettingsFile(path).load()
    assert settings == Settings() and "kept it as" in messages[0]


def test_bad_values_fall_back_one_by_one_and_unknown_keys_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    data = {
        "board": "expert",
        "scale": 99,
        "question_marks": "yes",
        "theme": "../../etc",
        "safe_zone": "cell",
        "mystery": {"a": 1},
    }
    path.write_text(json.dumps(data))
    f = SettingsFile(path)
    settings, messages = f.load()
    assert settings.board == "expert" and settings.safe_zone is SafeZone.CELL
    assert settings.scale is None and settings.question_marks is False
    assert settings.theme == "classic"
    assert settings.extra == {"mystery": {"a": 1}}
    assert len(messages) == 1
    for name in ("scale", "question_marks", "theme"):
        assert name in messages[0]
    f.save(settings)
    assert json.loads(path.read_text())["mystery"] == {"a": 1}


def test_a_bad_custom_size_falls_back_as_a_whole(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"board": "custom", "custom_rows": 3, "custom_cols": 10}))
    settings, messages = SettingsFile(path).load()
    assert (settings.custom_rows, settings.custom_cols, settings.board) == (20, 30, "beginner")
    assert "custom board size" in messages[0]


def test_a_folder_that_cannot_be_written_is_said_once(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the config folder should be")
    f = SettingsFile(blocker / "settings.json")
    first = f.save(Settings())
    assert first and "cannot be saved" in first
    assert f.save(Settings()) is None
    settings, messages = f.load()
    assert settings == Settings() and len(messages) == 1


def test_volume_and_tick_keep_good_values_and_bad_ones_fall_back_to_low_and_off(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": "normal", "timer_tick": True}))
    settings, messages = SettingsFile(path).load()
    assert (settings.volume, settings.timer_tick, messages) == ("normal", True, [])
    path.write_text(json.dumps({"volume": "loud", "timer_tick": 1}))
    settings, messages = SettingsFile(path).load()
    assert (settings.volume, settings.timer_tick) == ("low", False)
    assert "volume" in messages[0] and "timer_tick" in messages[0]


def test_the_window_size_place_and_fullscreen_round_trip(tmp_path):
    f = SettingsFile(tmp_path / "settings.json")
    s = Settings(window_size=(812, 540), window_position=(-1200, 35), fullscreen=True)
    f.save(s)
    loaded, messages = SettingsFile(tmp_path / "settings.json").load()
    assert (loaded.window_size, loaded.window_position, loaded.fullscreen) == (
        (812, 540),
        (-1200, 35),
        True,
    )
    assert messages == []
    # fullscreen is a setting; the size and place are the window state file's (issue 42)
    written = json.loads((tmp_path / "settings.json").read_text())
    assert written["fullscreen"] is True and "window_size" not in written
    assert json.loads((tmp_path / "window.json").read_text())["window_size"] == [812, 540]


@pytest.mark.parametrize(
    "size, place, fullscreen",
    [
        ([0, 400], [10, 10, 10], "yes"),
        ("800x600", ["a", 3], 1),
        ([True, 400], [1.5, 2], None),
        ([800, 10**9], {"x": 1}, "on"),
        ([800], [-(10**9), 0], []),
    ],
)
def test_bad_window_values_fall_back_to_unknown_and_say_so(tmp_path, size, place, fullscreen):
    path = tmp_path / "settings.json"
    data = {
        "window_size": size,
        "window_position": place,
        "fullscreen": fullscreen,
        "board": "expert",
    }
    path.write_text(json.dumps(data))
    settings, messages = SettingsFile(path).load()
    assert settings.window_size is None and settings.window_position is None
    assert settings.fullscreen is False and settings.board == "expert"
    for name in ("window_size", "window_position", "fullscreen"):
        assert name in messages[0]
