"""Kept games at the edges of a kill (issue 37, cases 3, 5 and 8): a game whose moves ended it
is a finished game even when its end line was never written; a journal killed before its first
line was whole is a game with no move, not a damaged file; a kept journal made read-only is set
aside with a line, never a crash; a temporary file a killed write left goes at the next start."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import Game, GameState, Move, MoveKind
from game.session import Session
from game.store.files import atomic_write, remove_stale_temp_files
from tests.badfiles import env_for, unprivileged
from tests.test_session import CORNER, Clock, history, kept_file, rows

ROOT = Path(__file__).resolve().parents[2]
OPEN = MoveKind.OPEN


def text_game(env: dict, seed: int, typed: bytes) -> subprocess.CompletedProcess:
    """`main.py --text --seed SEED` with `typed` as its input, to its end."""
    command = [sys.executable, "main.py", "--text", "--seed", str(seed)]
    return subprocess.run(command, cwd=ROOT, env=env, input=typed, capture_output=True, timeout=60)


def without_end_line(path: Path) -> None:
    """The journal as a kill between the losing move's line and its end line leaves it."""
    lines = path.read_bytes().splitlines(keepends=True)
    assert json.loads(lines[-1])["e"] == "end"
    path.write_bytes(b"".join(lines[:-1]))


def killed(s: Session) -> None:
    """The copy playing `s` is killed: its lock on the journal goes with it, the rows stay as
    the kill left them (none: the end was never recorded)."""
    s.journal.close()
    s.history.stats.conn.execute("DELETE FROM games")
    s.history.stats.conn.commit()


def test_a_journal_whose_moves_ended_the_game_is_recorded_without_its_end_line(tmp_path):
    s = Session(history(tmp_path), "text", clock=Clock())
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.play(Move(OPEN, 0, 0))  # a mine: lost
    assert s.game.state is GameState.LOST
    path = kept_file(s)
    without_end_line(path)  # killed before the end line, and before the game was recorded
    killed(s)
    later = Session(history(tmp_path), "text", clock=Clock())
    assert later.take_offer() is None  # not offered as "Resume it?"
    [(game_id, won, _, replay)] = rows(later.history)
    assert game_id == s.game_id and won == 0 and replay and os.path.exists(replay)
    assert not path.exists()  # recorded, then dropped


def test_a_won_game_without_its_end_line_is_recorded_as_won_with_the_time_of_its_last_line(
    tmp_path,
):
    clock = Clock()
    s = Session(history(tmp_path), "text", clock=clock)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    clock.ms += 3_000
    s.play(Move(OPEN, 0, 1))  # the last safe cell: won
    assert s.game.state is GameState.WON
    without_end_line(kept_file(s))
    killed(s)
    later = Session(history(tmp_path), "text", clock=Clock())
    assert later.take_offer() is None
    [(_, won, time_ms, _)] = rows(later.history)
    assert won == 1 and time_ms == 3_000


def test_a_loss_taken_back_is_still_a_game_in_progress(tmp_path):
    """The rule is about where the moves leave the game: a loss undone is not an end."""
    s = Session(history(tmp_path), "text", clock=Clock())
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.play(Move(OPEN, 0, 0))
    s.undo()
    s.keep()
    later = Session(history(tmp_path), "text", clock=Clock())
    assert later.take_offer() is not None


@pytest.mark.parametrize("written", [b"", b'{"format":"pixel-mines-replay","vers'])
def test_a_journal_killed_before_its_first_line_was_whole_goes_without_a_word(tmp_path, written):
    kept = tmp_path / "kept"
    kept.mkdir()
    path = kept / "20261206-010203-0123456789ab.jsonl"
    path.write_bytes(written)
    s = Session(history(tmp_path), "text", clock=Clock())
    assert s.take_offer() is None
    assert s.take_messages() == []  # not "cannot be read"
    assert list(kept.iterdir()) == []  # no .corrupt file, no lock left


def test_a_read_only_kept_journal_is_set_aside_with_a_line(tmp_path, monkeypatch):
    """In this process (tests may run as root, whom a file's mode does not stop), the refusal
    is the operating system's answer to opening it for writing; the next test runs it for
    real as an ordinary user."""
    s = Session(history(tmp_path), "text", clock=Clock())
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.keep()
    path = kept_file(s)
    real_open = os.open

    def refusing(file, flags, *args, **kwargs):
        if Path(file) == path and flags & os.O_RDWR:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    later = Session(history(tmp_path), "text", clock=Clock())
    assert later.take_offer() is None
    [line] = later.take_messages()
    assert "cannot be written (Permission denied), so it cannot be played on" in line
    assert f"in {tmp_path / 'kept'}: make it writable and name it {path.name} again" in line
    [aside] = [
        p for p in (tmp_path / "kept").iterdir() if p.name.startswith(path.name + ".unwritable-")
    ]
    assert aside.read_bytes().startswith(b'{"format":"pixel-mines-replay"')


@pytest.mark.concurrent
@pytest.mark.parametrize("front_end", [["--text"], []])
def test_a_read_only_kept_journal_does_not_stop_a_start(tmp_path, front_end):
    env = env_for(tmp_path)
    played = text_game(env, 5, b"r 4 4\n")
    [path] = (tmp_path / "data" / "pixel-mines" / "kept").glob("*.jsonl")
    path.chmod(0o444)
    args = [*unprivileged(), sys.executable, "main.py", *front_end]
    if not front_end:  # the window (SDL's dummy driver) closes itself once it has started
        env = {**env, "PIXEL_MINES_QUIT_AFTER_MS": "1500"}
    started = subprocess.run(args, cwd=ROOT, env=env, input=b"", capture_output=True, timeout=60)
    err = started.stderr.decode()
    assert "Traceback" not in err, err
    assert "cannot be played on" in err and "moved to" in err, (played.stderr, err)
    assert not path.exists() and list(path.parent.glob(path.name + ".*"))


@pytest.mark.concurrent
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_game_killed_between_its_losing_move_and_its_end_line_is_recorded_at_the_next_start(
    tmp_path,
):
    """The kill lands at the 7th journal line of `r 4 4`, `r 0 3` on seed 5 (the end line)."""
    env = env_for(tmp_path)
    killed_at_seventh_line = (
        "import os, signal, sys\n"
        "import game.store.journal as journal\n"
        "real, count = journal.Journal.append, [0]\n"
        "def append(self, entry):\n"
        "    count[0] += 1\n"
        "    if count[0] == 7:\n"
        "        sys.stderr.write('KILLED AT ' + entry['e'] + '\\n'); sys.stderr.flush()\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "    real(self, entry)\n"
        "journal.Journal.append = append\n"
        "sys.argv = ['main.py', '--text', '--seed', '5']\n"
        "from game.app import main\n"
        "main()\n"
    )
    killed = subprocess.run(
        [sys.executable, "-c", killed_at_seventh_line],
        cwd=ROOT,
        env=env,
        input=b"r 4 4\nr 0 3\n",
        capture_output=True,
        timeout=60,
    )
    assert killed.returncode == -signal.SIGKILL and b"KILLED AT end" in killed.stderr
    data = tmp_path / "data" / "pixel-mines"
    [journal_path] = (data / "kept").glob("*.jsonl")
    assert b'"e":"end"' not in journal_path.read_bytes()
    later = text_game(env, 6, b"")
    assert b"Resume it?" not in later.stdout, later.stdout
    with sqlite3.connect(data / "stats.sqlite3") as db:
        [(won, replay)] = db.execute("SELECT won, replay FROM games").fetchall()
    assert won == 0 and replay and Path(replay).exists()
    assert not journal_path.exists()


@pytest.mark.concurrent
def test_a_temporary_file_of_a_killed_write_goes_at_the_next_start(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a pid that no longer runs (the writer was killed)
    old = time.time() - 60
    orphan = tmp_path / f".20261206.jsonl.{dead.pid}-abcd_123.tmp"
    young_orphan = tmp_path / f".other.jsonl.{dead.pid}-abcd_124.tmp"
    live = tmp_path / f".mine.jsonl.{os.getpid()}-abcd_125.tmp"
    for path in (orphan, young_orphan, live):
        path.write_bytes(b"half a replay")
    for path in (orphan, live):
        os.utime(path, (old, old))
    assert remove_stale_temp_files(tmp_path) == 1
    assert not orphan.exists()
    assert young_orphan.exists()  # maybe a copy in another pid namespace: a few seconds more
    assert live.exists()  # a live copy may be writing it right now


def test_atomic_writes_name_their_temporary_file_with_the_writers_pid(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: seen.append(Path(a).name) or real_replace(a, b))
    atomic_write(tmp_path / "x.json", "{}")
    [name] = seen
    assert name.startswith(f".x.json.{os.getpid()}-") and name.endswith(".tmp")
