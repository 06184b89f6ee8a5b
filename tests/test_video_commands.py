"""The command line's videos (game/video_commands.py): `--video-info [--json]`, `--export-evf`,
and `--replay`/`--analyse` of a video from elsewhere, run as a player runs them (a fresh
process each), damaged files included: one line and exit status 2, within seconds."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import Game, GameState, Move, MoveKind
from game.session import ManualClock, Session
from game.store.history import History
from game.videos.evf import read_evf
from game.videos.files import INFO_KEYS
from tests.ui.test_journal_as_video import LAYOUT  # an 8 x 8 board with 10 mines

ROOT = Path(__file__).resolve().parents[1]


def played(folder: Path, *, undo: bool = False, finish: bool = True) -> Path:
    """A game played on the session with the pointer moving to each click (as the window
    journals it), a wasted click and a flag; its replay (won), or its kept journal."""
    clock = ManualClock()
    history = History(replays=folder / "replays", kept=folder / "kept", measure=lambda *a: None)
    (folder / "kept").mkdir(parents=True, exist_ok=True)
    s = Session(history, "window", clock=clock)
    s.start(Game.from_layout(LAYOUT))

    def click(r, c, button="left"):
        x, y = c * 16 + 7, r * 16 + 9
        for k in range(4):
            s.pointer(x - 12 + 4 * k, y - 6 + 2 * k)
            clock.ms += 16
            s.flush_pointer()
        s.note("press", button=button, cell=(r, c), at=(x, y))
        if button == "right":
            s.play(Move(MoveKind.FLAG, r, c))
        clock.ms += 60
        s.note("release", button=button, cell=(r, c), at=(x, y))
        if button == "left":
            s.play(Move(MoveKind.OPEN, r, c))
        clock.ms += 300

    click(7, 0)
    click(0, 0, "right")
    click(7, 0)  # on an open cell: a click that changes nothing
    if undo:
        s.undo()
    for r, line in enumerate(LAYOUT):
        for c, ch in enumerate(line):
            if ch == "." and s.game.cell(r, c) == "#" and (finish or (r, c) < (4, 0)):
                click(r, c)
    if not finish:
        s.keep()
        return next((folder / "kept").glob("*.jsonl"))
    assert s.game.state.is_over
    return next((folder / "replays").glob("*.jsonl.gz"))


def run(tmp_path: Path, *args: str, timeout: float = 20) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.concurrent
def test_video_info_of_a_replay_and_of_its_evf_agree(tmp_path):
    replay = played(tmp_path)
    ours = run(tmp_path, "--video-info", str(replay), "--json")
    assert ours.returncode == 0, ours.stderr
    info = json.loads(ours.stdout)
    assert list(info) == list(INFO_KEYS)
    assert info["format"] == "pixel-mines" and info["won"] is True
    assert (info["rows"], info["cols"], info["mines"]) == (8, 8, 10)
    assert info["right"] == 1 and info["left"] >= 2 and info["path"] > 0
    assert info["effective_clicks"] == info["clicks"] - 1  # the one click on an open cell
    out = tmp_path / "game.evf"
    written = run(tmp_path, "--export-evf", str(replay), str(out))
    assert written.returncode == 0, written.stderr
    assert str(out) in written.stdout
    video = read_evf(out.read_bytes(), str(out))
    assert video.layout == LAYOUT and video.time_ms == info["time_ms"]
    theirs = json.loads(run(tmp_path, "--video-info", str(out), "--json").stdout)
    assert theirs["format"] == "evf"
    same = [k for k in INFO_KEYS if k not in ("format", "software", "path")]
    assert {k: theirs[k] for k in same} == {k: info[k] for k in same}
    assert theirs["path"] == pytest.approx(info["path"], abs=0.5)


@pytest.mark.concurrent
def test_an_export_keeps_a_file_that_is_there_unless_forced(tmp_path):
    replay, out = played(tmp_path), tmp_path / "game.evf"
    out.write_bytes(b"mine")
    kept = run(tmp_path, "--export-evf", str(replay), str(out))
    assert kept.returncode == 2 and "--force" in kept.stderr and out.read_bytes() == b"mine"
    forced = run(tmp_path, "--export-evf", str(replay), str(out), "--force")
    assert forced.returncode == 0, forced.stderr
    assert read_evf(out.read_bytes(), str(out)).layout == LAYOUT


@pytest.mark.concurrent
def test_an_export_into_a_folder_is_named_as_the_community_names_videos(tmp_path):
    replay = played(tmp_path)
    folder = tmp_path / "out"
    folder.mkdir()
    assert run(tmp_path, "--export-evf", str(replay), str(folder)).returncode == 0
    (name,) = [p.name for p in folder.iterdir()]
    assert name.startswith("Beg_") and "_3BV=" in name and "_3BVs=" in name
    assert name.endswith(".evf")


@pytest.mark.concurrent
def test_a_game_with_undo_an_unfinished_game_and_a_video_are_not_exported(tmp_path):
    for path, words in (
        (played(tmp_path / "undo", undo=True), "undo"),
        (played(tmp_path / "kept", finish=False), "not finished"),
    ):
        done = run(tmp_path, "--export-evf", str(path), str(tmp_path / "x.evf"))
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "x.evf").exists()
    evf = tmp_path / "a.evf"
    assert run(tmp_path, "--export-evf", str(played(tmp_path / "w")), str(evf)).returncode == 0
    again = run(tmp_path, "--export-evf", str(evf), str(tmp_path / "b.evf"))
    assert again.returncode == 2 and "a video already" in again.stderr


@pytest.mark.concurrent
def test_a_video_from_elsewhere_is_analysed_a_move_for_every_opening(tmp_path):
    evf = tmp_path / "a.evf"
    run(tmp_path, "--export-evf", str(played(tmp_path)), str(evf))
    done = run(tmp_path, "--analyse", str(evf), "--json")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    moves, summary = lines[:-1], lines[-1]
    assert summary["summary"] is True
    opened = [m for m in moves if m["kind"] == "open"]
    assert len(opened) == len({(m["row"], m["col"]) for m in opened}) >= 2
    assert any(m["kind"] == "flag" for m in moves)
    text = run(tmp_path, "--replay", str(evf), "--text")
    assert text.returncode == 0 and "won" in text.stdout.lower()


@pytest.mark.concurrent
def test_damaged_videos_get_one_line_and_status_2_within_seconds(tmp_path):
    evf = tmp_path / "a.evf"
    run(tmp_path, "--export-evf", str(played(tmp_path)), str(evf))
    data = evf.read_bytes()
    damaged = {
        "cut.evf": data[: len(data) // 2],
        "head.evf": data[:40],
        "flipped.evf": data[:30] + bytes(b ^ 0x5A for b in data[30:90]) + data[90:],
        "noise.avf": os.urandom(3000),
        "noise.rmv": b"*rmv" + os.urandom(500),
    }
    for name, content in damaged.items():
        path = tmp_path / name
        path.write_bytes(content)
        for option in ("--video-info", "--analyse", "--replay"):
            args = [option, str(path)] + (["--text"] if option == "--replay" else [])
            done = run(tmp_path, *args, timeout=10)
            lines = done.stderr.strip().splitlines()
            if (
                done.returncode == 0
            ):  # a cut that still holds a whole game is read as far as it goes
                assert name == "flipped.evf" and not lines, (name, option, done.stderr)
                continue
            assert done.returncode in (1, 2), (name, option, done.stderr)
            assert len(lines) == 1 and "Traceback" not in done.stderr, (name, option, lines)
            assert name in lines[0]


def test_a_loss_taken_back_is_counted_alike_by_the_statistics_and_the_video(tmp_path):
    """Open, lose, undo, win: the statistics' measures and --video-info's figures (and so the
    player's) are one count (review: the video's stopped at the loss)."""
    from game.engine.game_measures import measures_of
    from game.store.replays import load_replay
    from game.videos.files import info_of, read_video
    from game.videos.mouse import play

    clock = ManualClock()
    history = History(replays=tmp_path / "replays", kept=tmp_path / "kept", measure=lambda *a: None)
    (tmp_path / "kept").mkdir()
    s = Session(history, "window", clock=clock)
    s.start(Game.from_layout(LAYOUT))

    def click(r, c):
        s.note("press", button="left", cell=(r, c), at=(c * 16 + 8, r * 16 + 8))
        clock.ms += 50
        s.note("release", button="left", cell=(r, c), at=(c * 16 + 8, r * 16 + 8))
        s.play(Move(MoveKind.OPEN, r, c))
        clock.ms += 200

    click(7, 0)
    click(0, 0)  # a mine: lost
    assert s.game.state is GameState.LOST
    s.undo()
    for r, line in enumerate(LAYOUT):
        for c, ch in enumerate(line):
            if ch == "." and s.game.cell(r, c) == "#":
                click(r, c)
    assert s.game.state is GameState.WON
    path = next((tmp_path / "replays").glob("*.jsonl.gz"))
    replay = load_replay(path)
    m = measures_of(replay.layout, replay.events, replay.result["time_ms"])
    video = read_video(str(path))
    info = info_of(video, play(video))
    c = m.counters
    assert (info["left"], info["right"], info["double"]) == (c.left, c.right, c.double)
    assert info["effective_clicks"] == c.ce and info["bbbv_solved"] == m.bbbv_solved
    assert info["ioe"] == pytest.approx(m.ioe, abs=1e-4) and info["won"] is True
