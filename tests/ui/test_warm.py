"""The first time, ahead of time (game/ui/warm.py): the idle time after the first frames makes
what a first click, a game's end, a hint and the map load, a step a frame while the frame's
time lasts; once it has, doing each of them for the first time loads no module (what
benchmarks/cold.py's figures measure in time is checked here in what is loaded, which no
load on the machine changes)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui import warm
from game.ui.warm import BUDGET_MS, Warmer, module_step

pytestmark = pytest.mark.concurrent  # whole games in processes of their own

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_a_step_runs_after_a_frame_with_time_left_one_a_frame():
    clock, ran = Clock(), []
    warmer = Warmer([lambda: ran.append("a"), lambda: ran.append("b")], now=clock)
    clock.t = (BUDGET_MS + 1) / 1000  # a frame that took longer than the budget
    warmer.after_frame(0.0)
    assert ran == [] and warmer.due
    clock.t = (BUDGET_MS - 1) / 1000
    warmer.after_frame(0.0)
    assert ran == ["a"] and warmer.due  # one a frame, the next at the next frame
    warmer.after_frame(0.0)
    assert ran == ["a", "b"] and not warmer.due


def test_no_step_runs_while_the_players_last_act_turns_over():
    ran = []
    warmer = Warmer([lambda: ran.append("a")], now=Clock())
    warmer.after_frame(0.0, busy=True)  # a cascade, a chore: the frames a player watches
    assert ran == [] and warmer.due
    warmer.after_frame(0.0)
    assert ran == ["a"]


def test_a_step_with_more_to_do_stays_first_until_it_says_it_is_done():
    left = [3]

    def themes() -> bool:
        left[0] -= 1
        return left[0] > 0

    warmer = Warmer([themes, lambda: None], now=Clock())
    for _ in range(3):
        warmer.after_frame(0.0)
    assert left == [0] and len(warmer.steps) == 1 and warmer.done == 3


def test_a_module_being_loaded_elsewhere_is_left_to_that_import(monkeypatch):
    """A module in sys.modules is loaded, or being loaded by another thread (the solver's for a
    big board): the step would wait on that import's lock, its frame frozen meanwhile."""
    monkeypatch.setitem(sys.modules, "pixel_mines_not_a_module", object())
    module_step("pixel_mines_not_a_module")()  # no ImportError: not imported again
    with pytest.raises(ImportError):
        module_step("pixel_mines_not_a_module_either")()


def test_the_modules_warmed_are_the_games_own_and_exist():
    import importlib.util

    for name in (*warm.FIRST_CLICK, *warm.GAME_END, *warm.LATER):
        full = "game" + name if name.startswith(".") else name
        assert importlib.util.find_spec(full) is not None, full


@pytest.mark.parametrize(
    "scenario", ["first_click_expert", "first_loss_200x200", "rss_expert_after_a_loss"]
)
def test_once_warmed_a_first_click_and_a_games_end_load_no_module(scenario, tmp_path):
    """The real game started as `python main.py` starts it, in a process of its own, its loop
    run with real events until the warming is done; then the first click (and a loss, its
    notice's measures and analysis from the worker) loads nothing."""
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PIXEL_MINES_COLD_UNTIL_WARM": "1",
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "cold.py"), scenario],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["status"] == 0
    assert said["modules_loaded"] == []
    if scenario == "rss_expert_after_a_loss":  # the measures and analysis: one process
        assert said["workers"] == 1
