"""Issue 37, the whole program: a journal whose mines were never laid given to --replay (or
behind a row --export-stats writes), input that is not a player typing while a kept game is
offered, and standard error or output that cannot be written at the exit. Each ends with its
own exit status and one line, or none."""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import random
import subprocess
from pathlib import Path

import pytest

from game.engine import SafeZone
from game.store.journal import line_of
from game.store.replays import Replay, header_of, load_replay
from game.store.stats import Stats
from tests.badfiles import ROOT, env_for, python
from tests.keeping import journals
from tests.store.test_stats import record
from tests.test_command_line import exit_table

pytestmark = pytest.mark.concurrent  # whole programs, each in a process of its own

GAME_ID = "20261130-124000-0123456789ab"


def run(tmp_path: Path, *argv: str, env: dict | None = None, **kw):
    """The whole program; its output and error caught unless `kw` sends them elsewhere."""
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    env = env if env is not None else env_for(tmp_path)
    return subprocess.run([python(), "main.py", *argv], cwd=ROOT, env=env, timeout=120, **kw)


def one_line(result) -> str:
    err = result.stderr.decode()
    assert "Traceback" not in err, err
    (line,) = err.splitlines()
    return line


# ---- --replay of a journal whose mines were never laid -------------------------------------


def never_laid(path: Path, *events: dict) -> Path:
    """A version 2 journal as a kept game leaves it when its first click never came: the
    header (no layout), and perhaps flags placed before it."""
    replay = Replay(
        rows=9,
        cols=9,
        mines=10,
        seed=5,
        safe_zone=SafeZone.OPENING,
        no_guess=False,
        first_click=None,
        layout=None,
        moves=[],
        played_at="2026-11-30T12:40:00",
        source="text",
        game_id=GAME_ID,
    )
    path.write_bytes(line_of(header_of(replay)) + b"".join(map(line_of, events)))
    assert load_replay(path).layout is None  # the file is read: only its board is missing
    return path


FLAG = {"t": 900, "e": "move", "kind": "flag", "cell": [0, 0], "mark": "F", "did": "flagged"}
JOURNALS = {"header only": (), "a flag before the first click": (FLAG,)}


@pytest.mark.parametrize("events", list(JOURNALS.values()), ids=list(JOURNALS))
def test_a_journal_never_laid_is_refused_by_text_replay_with_one_line(tmp_path, events):
    path = never_laid(tmp_path / "kept.jsonl", *events)
    result = run(tmp_path, "--text", "--replay", str(path))
    line = one_line(result)
    assert result.returncode == exit_table()["command line"] == 2
    assert result.stdout == b""
    assert str(path) in line and "before its mines were laid" in line and "watch" in line


@pytest.mark.parametrize("events", list(JOURNALS.values()), ids=list(JOURNALS))
def test_a_journal_never_laid_is_refused_before_the_window_opens(tmp_path, events):
    path = never_laid(tmp_path / "kept.jsonl", *events)
    # on the dummy video driver; were the window to open, it closes itself after a second
    env = env_for(tmp_path, PIXEL_MINES_QUIT_AFTER_MS="1000")
    result = run(tmp_path, "--replay", str(path), env=env)
    line = one_line(result)
    assert "before its mines were laid" in line and "watch" in line
    # the status of the other refusals of --replay (a file that cannot be read)
    other = run(tmp_path, "--replay", str(tmp_path / "missing.jsonl"), env=env)
    assert result.returncode == other.returncode == 2


# ---- input that is not a player typing, at the question about a kept game ------------------


def kept_game(tmp_path: Path) -> Path:
    """A game left after one move, as a player leaves it; the journal it is kept in."""
    result = run(tmp_path, "--text", "--seed", "5", input=b"r 4 4\nq\n")
    assert result.returncode == 0, result.stderr
    (journal,) = journals(tmp_path / "data" / "pixel-mines" / "kept")
    return journal


# Input of each kind, as bytes to pipe in or a device to read.
NOT_TYPED = {
    "/dev/zero": "/dev/zero",
    "binary": random.Random(37).randbytes(1_000_000),
    "a 10 MB line without a line break": b"y" * 10_000_000,  # "y" would resume it
    "lines of NUL bytes": b"\0\n" * 3,
    "a NUL in an answer": b"y\0\n" * 3,
}


@pytest.mark.parametrize("given", list(NOT_TYPED.values()), ids=list(NOT_TYPED))
def test_input_that_is_not_typed_at_the_question_keeps_the_game_and_ends_with_one_line(
    tmp_path, given
):
    journal = kept_game(tmp_path)
    before = journal.read_bytes()
    if isinstance(given, str):
        if not os.path.exists(given):
            pytest.skip(f"no {given} here")
        with open(given, "rb") as device:
            result = run(tmp_path, "--text", stdin=device)
    else:
        result = run(tmp_path, "--text", input=given)
    line = one_line(result)
    assert result.returncode == exit_table()["not commands"] == 1
    assert "not commands" in line and "kept" in line
    assert journal.read_bytes() == before  # kept as it was, not lost, not resumed
    offered = run(tmp_path, "--text", input=b"q\n")  # and offered again at the next start
    assert offered.returncode == 0 and b"You left a Beginner game" in offered.stdout


# ---- standard error and output that cannot be written at the exit --------------------------


def unbuffered_off(tmp_path: Path, **extra: str) -> dict:
    """The environment without PYTHONUNBUFFERED (some test runners set it): with it, every
    write fails at once and none is left for the interpreter's last flush to fail on."""
    env = env_for(tmp_path, **extra)
    env.pop("PYTHONUNBUFFERED", None)
    return env


def to_full(tmp_path: Path, argv: list[str], streams: tuple[str, ...], env: dict) -> int:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "wb") as full:
        kw = {name: full for name in streams}
        for name in {"stdout", "stderr"} - set(streams):
            kw[name] = subprocess.DEVNULL
        return run(tmp_path, *argv, env=env, stdin=subprocess.DEVNULL, **kw).returncode


@pytest.mark.parametrize("streams", [("stderr",), ("stdout",), ("stdout", "stderr")])
def test_a_bad_argument_ends_with_2_whatever_standard_error_and_output_are(tmp_path, streams):
    env = unbuffered_off(tmp_path)
    assert to_full(tmp_path, ["--rows", "x"], streams, env) == exit_table()["command line"]


@pytest.mark.parametrize("streams", [("stderr",), ("stdout", "stderr")])
def test_a_desktop_install_that_cannot_write_ends_with_2_when_stderr_is_full(tmp_path, streams):
    (tmp_path / "a file").write_text("")
    # a data folder inside a file: no one can make it, root included
    env = unbuffered_off(tmp_path, XDG_DATA_HOME=str(tmp_path / "a file" / "data"))
    assert to_full(tmp_path, ["--install-desktop"], streams, env) == 2


def test_output_lost_ends_with_its_own_status_when_stderr_is_full_too(tmp_path):
    env = unbuffered_off(tmp_path)
    status = to_full(tmp_path, ["--stats"], ("stdout", "stderr"), env)
    assert status == exit_table()["full disk"] == 1


def test_exporting_a_row_whose_replay_was_never_laid_leaves_its_code_empty(tmp_path):
    replay = never_laid(tmp_path / "kept.jsonl")
    stats = Stats(tmp_path / "data" / "pixel-mines" / "stats.sqlite3")
    stats.store(dataclasses.replace(record(), replay=str(replay), code=None))
    stats.close()
    result = run(tmp_path, "--export-stats", "-")
    assert result.returncode == 0 and result.stderr == b"", result.stderr
    (row,) = list(csv.DictReader(io.StringIO(result.stdout.decode())))
    assert row["code"] == ""
