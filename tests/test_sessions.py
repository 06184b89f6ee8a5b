"""Whole programs: a terminal game's replay, a kept game after a kill, shared board codes."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import Game
from game.engine.codes import BoardCode, encode

pytestmark = pytest.mark.concurrent  # whole programs in processes of their own, one of them killed

ROOT = Path(__file__).resolve().parents[1]


def env_for(tmp_path):
    return {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }


def run_text(tmp_path, args, lines, timeout=60):
    return subprocess.run(
        [sys.executable, "main.py", "--text", *args],
        cwd=ROOT,
        env=env_for(tmp_path),
        input="".join(f"{x}\n" for x in lines),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def final_board(text: str, rows: int) -> list[str]:
    """The last board printed before the result line (rows of cells, labels removed)."""
    lines = text.splitlines()
    end = max(i for i, line in enumerate(lines) if line.startswith(("You won", "Boom!", "Result:")))
    board = [line for line in lines[:end] if line[:2].strip().isdigit()][-rows:]
    return [line.split(None, 1)[1].replace(" ", "") for line in board]


def test_a_terminal_games_replay_plays_back_to_the_same_final_board(tmp_path):
    g = Game(9, 9, 10, seed=8)
    g.reveal(4, 4)
    mine = next(
        (r, c) for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "*"
    )
    played = run_text(
        tmp_path,
        ["--seed", "8"],
        ["r 4 4", f"f {mine[0]} {mine[1]}", "r 0 0", "r 8 8", "r 0 8", "r 8 0", "n"],
    )
    assert played.returncode == 0, played.stderr
    path = next(
        line[len("Replay: ") :]
        for line in played.stdout.splitlines()
        if line.startswith("Replay: ")
    )
    shown = subprocess.run(
        [sys.executable, "main.py", "--text", "--replay", path],
        cwd=ROOT,
        env=env_for(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert "Move 1 at 0.000 s: open (4, 4)" in shown.stdout
    assert final_board(shown.stdout, 9) == final_board(played.stdout, 9)


def test_a_broken_replay_file_is_named_and_exits_2(tmp_path):
    path = tmp_path / "cut.json"
    path.write_text('{"format": "pixel-mines-replay", "version": 1, "board": {"rows": 9')
    shown = subprocess.run(
        [sys.executable, "main.py", "--text", "--replay", str(path)],
        cwd=ROOT,
        env=env_for(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 2
    assert str(path) in shown.stderr and "not complete" in shown.stderr
    assert "Traceback" not in shown.stderr


def test_a_game_killed_mid_way_is_offered_again_exactly_as_it_was(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "main.py", "--text", "--seed", "5"],
        cwd=ROOT,
        env=env_for(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    g = Game(9, 9, 10, seed=5)
    g.reveal(4, 4)
    covered = next(
        (r, c) for r, line in enumerate(g.view()) for c, ch in enumerate(line) if ch == "#"
    )
    g.toggle_flag(*covered)
    proc.stdin.write(f"r 4 4\nf {covered[0]} {covered[1]}\n")
    proc.stdin.flush()
    kept = tmp_path / "data" / "pixel-mines" / "kept"

    def journaled() -> str:
        return "".join(p.read_text() for p in kept.glob("*.jsonl")) if kept.exists() else ""

    deadline = time.monotonic() + 30
    while '"mark":"F"' not in journaled():
        assert time.monotonic() < deadline, "the game was never kept"
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)  # no chance to save anything at the end
    proc.wait()
    again = run_text(tmp_path, [], ["y", "q"])
    assert "You left a Beginner game" in again.stdout and "Resume it?" in again.stdout
    assert final_board(again.stdout + "\nResult:", 9) == g.view()


def test_a_board_code_starts_the_same_board_marked_and_a_typo_is_refused(tmp_path):
    g = Game(16, 30, 99, seed=77)
    g.reveal(5, 6)
    code = encode(BoardCode.of(g))
    shared = run_text(tmp_path, ["--board", code], ["r 5 6", "q"])
    assert "This shared board starts at (5, 6): r 5 6" in shared.stdout
    assert f"Board code: {code}" in shared.stdout
    typo = code[:5] + ("Z" if code[5] != "Z" else "Y") + code[6:]
    refused = run_text(tmp_path, ["--board", typo], [])
    assert refused.returncode == 2 and "typing mistake" in refused.stderr


def test_the_daily_board_is_the_same_for_two_players(tmp_path):
    a = run_text(tmp_path / "a", ["--daily"], ["r 8 15", "q"])
    b = run_text(tmp_path / "b", ["--daily"], ["r 8 15", "q"])
    code_a = [line for line in a.stdout.splitlines() if line.startswith("Board code:")]
    assert code_a and code_a == [
        line for line in b.stdout.splitlines() if line.startswith("Board code:")
    ]
