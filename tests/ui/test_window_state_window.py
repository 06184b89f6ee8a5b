"""The real App on the dummy driver keeps the window's size and place in the state folder
(issue 42): a quit writes them to $XDG_STATE_HOME/pixel-mines/window.json and not to
settings.json, the next start opens there, and a window kept in settings.json by an older
version is where the first start after it opens."""

import json

import pygame
import pytest

from game.store.settings import Settings, SettingsFile
from game.ui import screen as desktop


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "config" / "pixel-mines", tmp_path / "state" / "pixel-mines"


def start_again(drive, settings_file: SettingsFile):
    """A new start of the window with what the files hold."""
    pygame.quit()
    pygame.display.init()
    saved, messages = settings_file.load()
    assert messages == []
    d = drive(settings=saved)
    d.app.ctx.aids.settings_file = settings_file
    return d


def test_a_quit_keeps_the_window_in_the_state_folder_and_the_next_start_opens_there(drive, folders):
    config, state = folders
    d = drive(settings=Settings(motion=False, volume="off"))
    d.app.ctx.aids.settings_file = SettingsFile()
    pygame.display.set_mode((500, 420), pygame.RESIZABLE)
    d.post(pygame.VIDEORESIZE, size=(500, 420), w=500, h=420)
    d.tick()
    desktop.move_window((40, 60))
    d.app.games.quit()
    kept = json.loads((state / "window.json").read_text())
    assert kept == {"window_size": [500, 420], "window_position": [40, 60]}
    written = json.loads((config / "settings.json").read_text())
    assert "window_size" not in written and "window_position" not in written
    start_again(drive, SettingsFile())
    assert pygame.display.get_surface().get_size() == (500, 420)
    assert desktop.window_position() == (40, 60)


def test_the_first_start_after_an_older_version_opens_where_settings_json_kept_it(drive, folders):
    config, state = folders
    config.mkdir(parents=True)
    old = {"window_size": [480, 400], "window_position": [70, 80], "motion": False}
    (config / "settings.json").write_text(json.dumps({**old, "volume": "off"}))
    d = start_again(drive, SettingsFile())
    assert pygame.display.get_surface().get_size() == (480, 400)
    assert desktop.window_position() == (70, 80)
    d.app.games.quit()
    assert json.loads((state / "window.json").read_text()) == {
        "window_size": [480, 400],
        "window_position": [70, 80],
    }
    assert "window_size" not in json.loads((config / "settings.json").read_text())
