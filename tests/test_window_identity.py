"""The window's identity (issue 42): on Wayland a compositor matches a window to its desktop
entry by the app id, which SDL 2 reads from SDL_VIDEO_WAYLAND_WMCLASS when its video system
starts. A real Wayland session is out of reach here, so these show what SDL is given: the
desktop id, set before the video system starts, and a value the player set kept as theirs.
(On X11 the class is SDL_VIDEO_X11_WMCLASS's, tests/test_packaging.py.)"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import app, desktop
from game.resources import desktop_dir

ROOT = Path(__file__).resolve().parents[1]
VARIABLE = "SDL_VIDEO_WAYLAND_WMCLASS"
# The game started for real, on SDL's dummy driver, closing itself: what the environment held
# the first time the video system was started, and whether it had been started before.
WATCHED_START = f"""
import json, os, sys
import pygame

first = []
real_init = pygame.display.init

def init():
    if not first:
        first.append([pygame.display.get_init(), os.environ.get({VARIABLE!r})])
    real_init()

pygame.display.init = init
from game.app import main

status = main(["--seed", "3"])
print(json.dumps([status, *first[0]]))
"""


def test_the_wayland_app_id_is_the_desktop_entrys_id():
    assert app.WAYLAND_APP_ID == desktop.APP_ID
    assert (desktop_dir() / f"{app.WAYLAND_APP_ID}.desktop").is_file()


def started(tmp_path: Path, **env: str) -> list:
    environ = {k: v for k, v in os.environ.items() if k != VARIABLE}
    environ.update(
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_STATE_HOME=str(tmp_path / "state"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PIXEL_MINES_QUIT_AFTER_MS="400",
        **env,
    )
    done = subprocess.run(
        [sys.executable, "-c", WATCHED_START],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.concurrent
def test_the_desktop_id_is_set_before_the_video_system_starts(tmp_path):
    status, video_running, seen = started(tmp_path)
    assert (status, video_running, seen) == (0, False, desktop.APP_ID)


@pytest.mark.concurrent
def test_a_players_own_value_is_kept(tmp_path):
    status, video_running, seen = started(tmp_path, **{VARIABLE: "my.own.Id"})
    assert (status, video_running, seen) == (0, False, "my.own.Id")
