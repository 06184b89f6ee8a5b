"""benchmarks/bench_solver.py's paired comparison (issue 43): the exact McNemar p-value, policies
that share a game play it as each would alone, and the command's line (no times are judged)."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import Difficulty, Game, GameState, SafeZone
from game.engine.solver import HintKind, hint

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location(
        "bench_solver", ROOT / "benchmarks/bench_solver.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "only_a,only_b,expected",
    [
        (0, 0, 1.0),
        (3, 3, 1.0),
        (0, 5, 2 / 32),  # all five one way: 2 * (1/2)^5
        (9, 1, 2 * (1 + 10) / 1024),  # 2 * P(X <= 1), X ~ Bin(10, 1/2)
        (1, 9, 2 * (1 + 10) / 1024),
        (40, 60, 0.05688793364098078),  # the two-sided binomial test at one half, as scipy's
    ],
)
def test_the_mcnemar_p_value_is_the_exact_binomial_test(bench, only_a, only_b, expected):
    assert bench.mcnemar_p(only_a, only_b) == pytest.approx(expected, rel=1e-12)


def alone(strategy, seed):
    """A game played by one policy alone, as the bot plays: (won, guesses)."""
    game = Game.from_difficulty(Difficulty.EXPERT, seed=seed, safe_zone=SafeZone.OPENING)
    game.reveal(3, 3)
    guesses = 0
    while game.state is GameState.PLAYING:
        h = hint(game.view(), game.mines, strategy=strategy)
        guesses += h.kind is HintKind.GUESS
        game.reveal(*h.cell)
    return game.state is GameState.WON, guesses


def test_policies_that_share_a_game_end_it_as_each_would_alone(bench):
    # Seeds of bench_solver.py on which "before" and "relative" part ways, one winning alone
    # (14), and one on which they do not (1): where they part, the game is played again from
    # the seed for each.
    names = ("before", "relative", "before")
    parted = []
    for seed in (bench.SEED + 1, bench.SEED + 14):
        result = bench.play_paired((names, "EXPERT", seed))
        for i, name in enumerate(names):
            won, guesses = alone(bench.STRATEGIES[name], seed)
            played = (result["won"][i], len(result["guess_cpu"][i]))
            assert played == (won, guesses), (seed, name)
        moves = [len(cpu) for cpu in result["cpu"]]
        assert moves[0] == moves[2]  # the same policy twice never parts
        parted.append(moves[0] != moves[1])
    assert parted == [False, True]


def test_paired_prints_a_line_for_each_policy_against_the_first():
    run = subprocess.run(
        [sys.executable, "benchmarks/bench_solver.py", "--paired", "before", "now", "before"]
        + ["--difficulty", "beginner", "--games", "6"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [(line["a"], line["b"]) for line in lines] == [("before", "now"), ("before", "before")]
    same = lines[1]
    assert same["discordant"] == {"a_only": 0, "b_only": 0} and same["mcnemar_p"] == 1.0
    assert same["a_figures"]["wins"] == same["b_figures"]["wins"] <= 6
    figures = same["a_figures"]
    spread = [figures[f"{q}_cpu_ms_per_move"] for q in ("median", "p99", "max")]
    assert spread == sorted(spread) and figures["moves"] >= 6  # every game a move at least
    if figures["guesses_per_game"]:
        assert figures["median_cpu_ms_per_guess"] <= figures["p99_cpu_ms_per_guess"]


def test_paired_refuses_an_unknown_policy():
    run = subprocess.run(
        [sys.executable, "benchmarks/bench_solver.py", "--paired", "before", "bogus"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "not bogus" in run.stderr
