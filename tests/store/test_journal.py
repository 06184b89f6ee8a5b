"""The journal of the game in play (game/store/journal.py, docs/FORMATS.md): read back line by
line, a torn last line ignored, a damaged middle line refused, version 1 files still read, and
one kept game per copy of the program, held by an OS lock."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import Game, GameState, Move, MoveKind
from game.session import Session
from game.store.history import History
from game.store.journal import Journal
from game.store.locks import GameLock
from game.store.replays import ReplayError, load_replay, replay_of
from game.store.stats import Stats
from tests.keeping import journals, keep, to_json

ROOT = Path(__file__).resolve().parents[2]
OPEN, FLAG, CHORD = MoveKind.OPEN, MoveKind.FLAG, MoveKind.CHORD
# Five mines around (0, 1): (4, 4) opens every other safe cell; then (0, 1) wins, (0, 0) loses.
CORNER = ["*.*......", "***......"] + ["........."] * 7


class Clock:
    def __init__(self) -> None:
        self.ms = 10_000

    def __call__(self) -> int:
        return self.ms


def history(folder: Path) -> History:
    return History(Stats(folder / "stats.sqlite3"), folder / "replays", folder / "kept")


def played(folder: Path, clock: Clock | None = None) -> Session:
    """A session with a game played a little: clicks, a flag, a wasted click, undo and redo."""
    clock = clock or Clock()
    s = Session(history(folder), "window", clock=clock)
    s.start(Game.from_layout(CORNER))
    s.note("press", button="left", cell=(4, 4))
    s.note("release", button="left", cell=(4, 4))
    s.play(Move(OPEN, 4, 4))
    clock.ms += 700
    s.note("press", button="left", cell=(4, 4))  # on an open cell: it does nothing
    s.note("release", button="left", cell=(4, 4))
    s.play(Move(OPEN, 4, 4))
    clock.ms += 300
    s.note("press", button="right", cell=(0, 0))
    s.play(Move(FLAG, 0, 0))
    s.note("release", button="right", cell=(0, 0))
    s.note("release", button="left", cell=None)  # a press dragged off the board
    clock.ms += 200
    s.undo()
    s.redo()
    return s


def lines_of(path: Path) -> list[dict]:
    data = path.read_bytes()
    data = gzip.decompress(data) if path.suffix == ".gz" else data  # a finished game's replay
    return [json.loads(line) for line in data.decode("ascii").splitlines()]


# ---- the format -------------------------------------------------------------------------------


def test_every_event_is_a_line_and_the_journal_reads_back_as_the_game(tmp_path):
    s = played(tmp_path)
    path = s.journal.path
    header, *events = lines_of(path)
    assert header["format"] == "pixel-mines-replay" and header["version"] == 3
    assert header["game_id"] == s.game_id and header["board"]["layout"] == CORNER
    kinds = [e["e"] for e in events]
    assert kinds == [
        "press",
        "release",
        "move",
        "press",
        "release",
        "move",
        "press",
        "move",
        "release",
        "release",
        "undo",
        "redo",
    ]
    moves = [e for e in events if e["e"] == "move"]
    assert [m["did"] for m in moves] == ["opened", "nothing", "flagged"]
    assert events[9]["cell"] is None  # off the board
    assert [e["t"] for e in events] == [0, 0, 0, 700, 700, 700, 1000, 1000, 1000, 1000, 1200, 1200]
    replay = load_replay(path)
    assert replay.moves == s.game.moves and replay.events == events
    assert replay.final_game().view() == s.game.view() and replay.elapsed_ms == 1200
    assert replay.assisted  # the undo


def test_a_torn_last_line_is_ignored_and_the_next_line_starts_on_its_own(tmp_path):
    s = played(tmp_path)
    s.keep()
    path = journals(tmp_path / "kept")[0]
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"t":1300,"e":"move","kind":"op')  # killed mid-write
    assert load_replay(path).moves == load_replay(path).moves  # reads, twice
    later = Session(history(tmp_path), "window", clock=Clock())
    assert later.take_offer() is not None
    later.accept_offer()
    assert path.read_bytes() == whole  # the torn tail is cut before anything is appended
    later.play(Move(FLAG, 0, 2))
    assert lines_of(path)[-1]["did"] == "flagged"
    assert load_replay(path).moves == later.game.moves


def test_a_damaged_line_in_the_middle_sets_the_kept_game_aside_naming_the_line(tmp_path):
    s = played(tmp_path)
    s.keep()
    path = journals(tmp_path / "kept")[0]
    text = path.read_text().splitlines()
    text[3] = text[3][:-3] + "#!"
    path.write_text("\n".join(text) + "\n")
    with pytest.raises(ReplayError, match="line 4 is damaged"):
        load_replay(path)
    h = history(tmp_path)
    found, said = h.take_kept()
    assert found == [] and len(said) == 1 and "line 4" in said[0]
    aside = [p for p in (tmp_path / "kept").iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_text().splitlines()[3].endswith("#!")
    assert not path.exists()


@pytest.mark.parametrize(
    "edit, says",
    [
        (lambda e: e.update(t=10**30), "time"),
        (lambda e: e.update(e="teleport"), "event"),
        (lambda e: e.update(did="exploded"), "'did'"),
        (lambda e: e.update(cell=[0, 99]), "not on the board"),
        (lambda e: e.update(b="fourth"), "button"),
    ],
)
def test_a_line_with_values_out_of_their_range_is_refused_naming_it(tmp_path, edit, says):
    s = played(tmp_path)
    s.keep()
    path = journals(tmp_path / "kept")[0]
    entries = lines_of(path)
    target = next(k for k, e in enumerate(entries) if e.get("e") == "move")
    if says == "button":
        target = 1  # the first press
    edit(entries[target])
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    with pytest.raises(ReplayError, match=says):
        load_replay(path)


def test_a_version_1_replay_is_still_read_and_played(tmp_path):
    g = Game.from_layout(CORNER)
    g.reveal(4, 4, at_ms=0)
    g.toggle_flag(0, 0, at_ms=900)
    g.reveal(0, 1, at_ms=1500)
    path = tmp_path / "old.json"
    path.write_text(to_json(replay_of(g, elapsed_ms=1500, source="window")))
    replay = load_replay(path)
    assert replay.version == 1 and replay.moves == g.moves and replay.result["state"] == "won"
    assert replay.final_game().state is GameState.WON


def test_a_kept_game_of_version_1_is_offered_and_goes_on_as_a_journal(tmp_path):
    g = Game.from_layout(CORNER)
    g.reveal(4, 4, at_ms=0)
    legacy = tmp_path / "kept-game.json"
    legacy.write_text(
        to_json(
            replay_of(g, elapsed_ms=3000, source="text", game_id="20261130-120000-0000000000aa")
        )
    )
    h = History(
        Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays", tmp_path / "kept", legacy=legacy
    )
    s = Session(h, "text", clock=Clock())
    assert s.take_offer().game_id == "20261130-120000-0000000000aa"
    assert not legacy.exists()
    s.accept_offer()
    assert s.elapsed_ms() == 3000 and s.game.view() == g.view()
    s.play(Move(FLAG, 0, 0))
    journal = tmp_path / "kept" / "20261130-120000-0000000000aa.jsonl"
    assert load_replay(journal).moves == s.game.moves


def test_a_game_that_ends_leaves_its_journal_as_its_replay_and_goes_when_left(tmp_path):
    s = played(tmp_path)
    s.play(Move(OPEN, 0, 1))  # the win
    assert s.game.state is GameState.WON
    journal = s.journal.path
    (replay,) = (tmp_path / "replays").glob("*.jsonl.gz")
    assert gzip.decompress(replay.read_bytes()) == journal.read_bytes()
    assert lines_of(replay)[-1] == {
        "t": 1200,
        "e": "end",
        "state": "won",
        "time_ms": 1200,
        "bbbv": s.game.bbbv,
        "deaths": 0,
        "assisted": True,
    }
    s.keep()  # the program stops: the ended game is not kept
    assert not journal.exists() and journals(tmp_path / "kept") == []


def test_a_game_with_no_move_leaves_nothing_kept(tmp_path):
    s = Session(history(tmp_path), "window", clock=Clock())
    s.start(Game.from_layout(CORNER))
    s.note("press", button="left", cell=None)
    s.note("release", button="left", cell=None)
    s.keep()
    assert journals(tmp_path / "kept") == []
    assert Session(history(tmp_path), "window").take_offer() is None


def test_flags_before_the_mines_are_laid_are_journaled_and_read_back(tmp_path):
    s = Session(history(tmp_path), "text", clock=Clock())
    s.start(Game(9, 9, 10, seed=12))
    s.play(Move(FLAG, 0, 0))
    s.play(Move(OPEN, 4, 4))
    s.keep()
    replay = load_replay(journals(tmp_path / "kept")[0])
    assert replay.moves == s.game.moves and replay.layout == s.game.layout()
    kinds = [e["e"] for e in replay.events]
    assert kinds == ["move", "laid", "move", "stop"]


def test_flags_taken_back_before_the_mines_are_laid_read_back(tmp_path):
    s = Session(history(tmp_path), "window", clock=Clock())
    s.start(Game(16, 30, 99, seed=8))
    s.play(Move(FLAG, 6, 5))
    s.play(Move(FLAG, 13, 9))
    s.undo()  # before any opening: the mines are not laid yet
    s.play(Move(OPEN, 8, 8))
    s.keep()
    replay = load_replay(journals(tmp_path / "kept")[0])
    assert replay.moves == s.game.moves and replay.final_game().view() == s.game.view()


# ---- one kept game per copy -------------------------------------------------------------------

HOLD = """
import sys, time
from pathlib import Path
from game.store.locks import GameLock
lock = GameLock.take(Path(sys.argv[1]))
print("held" if lock else "refused", flush=True)
time.sleep(60)
"""


@pytest.mark.concurrent
def test_a_lock_held_by_another_process_is_refused_until_that_process_dies(tmp_path):
    path = tmp_path / "g.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        assert GameLock.take(path) is None
    finally:
        holder.kill()
        holder.wait()
    mine = GameLock.take(path)  # the OS let go when the holder died
    assert mine is not None
    mine.release(remove=True)
    assert not path.exists()


def test_a_journal_removed_by_its_holder_is_never_taken_by_another(tmp_path):
    journal = Journal.create(tmp_path, "20261130-120000-0000000000bb", {"format": "x"})
    lock_path = journal.lock.path
    journal.remove()
    assert not lock_path.exists() and not journal.path.exists()
    again = GameLock.take(lock_path)  # a new lock file: nothing of the old game is there
    assert again is not None
    again.release(remove=True)


def text_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def run_text(home: Path, args: list[str], lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", "--text", *args],
        cwd=ROOT,
        env=text_env(home),
        input="".join(f"{x}\n" for x in lines),
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.concurrent
def test_two_copies_each_keep_their_game_and_both_are_offered_afterwards(tmp_path):
    a = subprocess.Popen(
        [sys.executable, "main.py", "--text", "--difficulty", "beginner", "--seed", "4"],
        cwd=ROOT,
        env=text_env(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        a.stdin.write("r 4 4\n")
        a.stdin.flush()
        kept = tmp_path / "data" / "pixel-mines" / "kept"
        deadline = time.monotonic() + 30
        while not any('"e":"move"' in p.read_text() for p in journals(kept)):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        # B starts while A plays: A's game is not offered to it, and B keeps its own
        b = run_text(tmp_path, ["--difficulty", "intermediate", "--seed", "5"], ["r 8 8", "q"])
        assert "You left" not in b.stdout and "kept" in b.stdout
        a.stdin.write("q\n")
        a.stdin.flush()
        a.wait(30)
    finally:
        a.kill()
    assert len(journals(kept)) == 2
    c = run_text(tmp_path, [], ["q"])
    assert "You left 2 unfinished games:" in c.stdout
    listed = [line.split() for line in c.stdout.splitlines() if line.startswith("  ")]
    # newest first (both may have started in the same second: then either order)
    assert sorted(words[2] for words in listed) == ["Beginner", "Intermediate"]
    number = next(words[0] for words in listed if words[2] == "Beginner")
    d = run_text(tmp_path, [], [number, "q"])  # A's game, picked by its number
    assert "Beginner: 9×9, 10 mines" in d.stdout.split("Resume one")[1]
    assert len(journals(kept)) == 2  # the other stays kept for next time


def test_a_kept_game_is_offered_to_one_copy_at_a_time(tmp_path):
    g = Game.from_layout(CORNER)
    g.reveal(4, 4)
    keep(tmp_path / "kept", g, 2000)
    first = Session(history(tmp_path), "text", clock=Clock())
    assert first.take_offer() is not None  # held while the question is asked
    second = Session(history(tmp_path), "text", clock=Clock())
    assert second.take_offer() is None
    first.keep_offers()  # quit at the question: it stays kept, and is free again
    third = Session(history(tmp_path), "text", clock=Clock())
    assert third.take_offer() is not None


# ---- a kill right after a click ---------------------------------------------------------------

KILL_AFTER_CLICK = """
import os, signal, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.stats import Stats
from game.store.settings import Settings
from game.ui.theme import load_library
from game.ui.window import App

pygame.display.init()
app = App(BoardChoice.standard(Difficulty.BEGINNER), Settings(motion=False, volume="off"),
          load_library(), seed=3, scale=1, history=History.on_disk(Stats(), background=True))
app.ctx.aids.chores.wait(10)
for _ in range(3):
    app.step()
play, lay = app.play, app.ctx.frame.layout
box = lay.cell_rect(4, 4, play.view.top, play.view.left)
pos = (lay.origin_x + box.x + box.w // 2, lay.origin_y + box.y + box.h // 2)
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
app.step()  # the frame that shows the opening
print(play.game.view()[4][4], flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.concurrent
def test_a_window_killed_right_after_a_click_has_the_click_in_its_kept_game(tmp_path):
    died = subprocess.run(
        [sys.executable, "-c", KILL_AFTER_CLICK],
        cwd=ROOT,
        env=text_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert died.returncode == -signal.SIGKILL, died.stderr
    assert died.stdout.strip() not in ("#", "")  # the frame showed the cell open
    (path,) = journals(tmp_path / "data" / "pixel-mines" / "kept")
    events = [e for e in lines_of(path)[1:] if e["e"] != "laid"]
    # the pointer's way to the click comes first, ending where the button went down
    assert [e["e"] for e in events] == ["path", "press", "release", "move"]
    assert events[0]["p"][:2] == [events[1]["x"], events[1]["y"]]
    assert [v // 16 for v in events[0]["p"][:2]] == [4, 4]  # board units: 16 a cell
    assert events[-1] == {"t": 0, "e": "move", "kind": "open", "cell": [4, 4], "did": "opened"}
    again = run_text(tmp_path, [], ["y", "q"])
    assert "You left a Beginner game" in again.stdout and "1 move" in again.stdout
