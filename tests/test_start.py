"""The start loads what its first frame needs and nothing more: the solver, the analysis of a
game, the worker process's module and what they bring come when a hint, a game's end or an
analysis asks for them (benchmarks/bench_render.py's `start_to_first_frame` times the start)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.concurrent  # whole programs in processes of their own

ROOT = Path(__file__).resolve().parents[1]

# `python main.py` as a player runs it, stopped when its first frame is sent to the screen:
# what it has loaded then, and whether the garbage collector is on again.
FIRST_FRAME = """
import gc, json, runpy, sys
import pygame
sent = pygame.display.update
def first_frame(*rects):
    sent(*rects)
    modules = sorted(m for m in sys.modules if m.split(".")[0] in ("game", "multiprocessing",
                                                                     "concurrent"))
    print(json.dumps({"modules": modules, "collecting": gc.isenabled(), "themes": themes,
                      "size": pygame.display.get_surface().get_size()}), flush=True)
    raise SystemExit(0)
pygame.display.update = first_frame
import game.ui.theme as theme
themes = []  # the themes loaded before the first frame
load = theme.load_theme
theme.load_theme = lambda folder: themes.append(folder.name) or load(folder)
sys.argv = ["main.py", *sys.argv[1:]]
runpy.run_path("main.py", run_name="__main__")
"""


def first_frame(tmp_path: Path, *argv: str) -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_first_frame_comes_before_the_solver_the_analysis_and_the_worker(tmp_path):
    seen = first_frame(tmp_path)
    loaded = set(seen["modules"])
    assert "game.ui.window" in loaded  # the window did start
    left = {
        "game.engine.solver",
        "game.engine.game_analysis",
        "game.engine.game_measures",
        "game.analysis_text",
        "game.worker",
        "game.ui.scenes.analysis",
        "multiprocessing",
        "concurrent.futures",
    }
    assert not loaded & left, sorted(loaded & left)


def test_the_garbage_collector_is_on_again_when_the_window_draws(tmp_path):
    assert first_frame(tmp_path)["collecting"]


def test_a_command_without_the_window_runs_collecting_too(tmp_path):
    """`python -m game --stats` (main.py's twin): the collector is on again for the command."""
    code = (
        "import gc, runpy, sys; sys.argv = ['game', '--stats']\n"
        "try:\n    runpy.run_module('game', run_name='__main__')\n"
        "except SystemExit:\n    print('collecting', gc.isenabled())"
    )
    env = {**os.environ}
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split()[-2:] == ["collecting", "True"], done.stdout + done.stderr


def test_the_first_frame_loads_only_the_theme_it_shows_and_the_classic_one(tmp_path):
    (tmp_path / "night").mkdir()
    assert first_frame(tmp_path / "night", "--theme", "night")["themes"] == ["classic", "night"]
    # a folder of its own: the first start keeps the settings at once (How to play was offered)
    assert first_frame(tmp_path)["themes"] == ["classic"]
