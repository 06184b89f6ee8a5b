"""Command-line options: good ones pick the board, bad ones exit 2 with one line."""

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import parse_args
from game.engine import Difficulty
from game.engine.codes import decode

ROOT = Path(__file__).resolve().parents[1]


def test_no_board_option_leaves_the_board_to_the_settings():
    _, board = parse_args(["--text"])
    assert board is None
    _, board = parse_args(["--rows", "9", "--cols", "9", "--mines", "10"])
    assert board.difficulty is Difficulty.BEGINNER


def test_difficulty_and_custom_sizes_are_read():
    _, board = parse_args(["--difficulty", "expert"])
    assert (board.rows, board.cols, board.mines) == (16, 30, 99)
    _, board = parse_args(["--rows", "20", "--cols", "30", "--mines", "50"])
    assert (board.rows, board.cols, board.mines, board.difficulty) == (20, 30, 50, None)


@pytest.mark.concurrent
@pytest.mark.parametrize(
    "argv, words",
    [
        (["--rows", "4", "--cols", "9", "--mines", "3"], ["rows", "5", "4"]),
        (["--rows", "9", "--cols", "9", "--mines", "81"], ["mines", "80", "81"]),
        (["--rows", "9", "--cols", "9"], ["missing --mines"]),
        (["--difficulty", "hard"], ["invalid choice", "hard"]),
        (["--seed", "abc"], ["--seed", "abc"]),
        (["--scale", "0"], ["--scale", "1 to 8"]),
        (["--bogus"], ["unrecognized", "--bogus"]),
        (["--difficulty", "expert", "--rows", "9", "--cols", "9", "--mines", "3"], ["not both"]),
    ],
)
def test_bad_options_exit_2_with_one_line_saying_what_is_wrong(argv, words):
    result = subprocess.run(
        [sys.executable, "main.py", "--text", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in result.stderr


@pytest.mark.concurrent
def test_an_unknown_theme_exits_2_and_lists_the_themes(tmp_path):
    import os

    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "main.py", "--theme", "nope"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "'nope'" in lines[0] and "classic" in lines[0]


def _env(tmp_path):
    import os

    return {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }


@pytest.mark.concurrent
def test_export_stats_writes_the_games_played_to_a_csv_file(tmp_path):
    from tests.test_text import solve

    env = _env(tmp_path)
    won = "".join(f"{line}\n" for line in solve(7)) + "n\n"
    game = subprocess.run(
        [sys.executable, "main.py", "--text", "--difficulty", "beginner", "--seed", "7"],
        cwd=ROOT,
        input=won,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "You won in" in game.stdout, game.stderr
    out = tmp_path / "games.csv"
    result = subprocess.run(
        [sys.executable, "main.py", "--export-stats", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert f"wrote 1 game to {out}" in result.stdout
    with out.open(newline="", encoding="utf-8") as f:
        (row,) = list(csv.DictReader(f))
    assert (row["board"], row["seed"], row["won"], row["assisted"]) == (
        "beginner",
        "S0000000000007",
        "1",
        "0",
    )
    assert decode(row["code"]).seed == 7  # the board code of the game played


@pytest.mark.concurrent
def test_export_stats_to_an_unwritable_path_exits_2_with_one_line(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    target = tmp_path / "a-file" / "games.csv"
    result = subprocess.run(
        [sys.executable, "main.py", "--export-stats", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot write" in lines[0] and str(target) in lines[0]
    assert "Traceback" not in result.stderr
