"""The game session both front ends drive: its clock, pauses, undo, keeping and records."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import Game, GameState, Move, MoveKind
from game.engine.boards import BoardChoice
from game.session import PAUSE_AWAY, PAUSE_DIALOG, PAUSE_KEY, Refusal, Session, describe_kept
from game.store.files import remove_stale_temp_files
from game.store.history import History
from game.store.replays import load_replay
from game.store.stats import Stats
from tests.keeping import journals, keep

ROOT = Path(__file__).resolve().parents[1]
OPEN, FLAG = MoveKind.OPEN, MoveKind.FLAG
# Five mines around (0, 1): (4, 4) opens every other safe cell; then (0, 1) wins, (0, 0) loses.
CORNER = ["*.*......", "***......"] + ["........."] * 7


class Clock:
    def __init__(self) -> None:
        self.ms = 50_000

    def __call__(self) -> int:
        return self.ms


def history(tmp_path) -> History:
    return History(Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays", tmp_path / "kept")


def kept_file(s: Session) -> Path:
    return s.history.kept / f"{s.game_id}.jsonl"


def rows(h: History) -> list[tuple]:
    return h.stats.conn.execute("SELECT game_id, won, time_ms, replay FROM games").fetchall()


def session(tmp_path, clock=None) -> Session:
    return Session(history(tmp_path), "text", clock=clock or Clock())


def test_the_clock_starts_at_the_first_reveal_and_counts_only_play(tmp_path):
    clock = Clock()
    s = session(tmp_path, clock)
    s.start(Game.from_layout(CORNER))
    clock.ms += 5000  # looking at the board before the first click is free
    assert s.timer_seconds() == 0 and not s.started
    s.play(Move(OPEN, 4, 4))
    clock.ms += 2000
    assert s.elapsed_ms() == 2000
    for why in (PAUSE_DIALOG, PAUSE_AWAY, PAUSE_KEY):
        s.pause(why)
        assert s.veiled
        clock.ms += 10_000
        s.resume(why)
        assert not s.veiled
    assert s.elapsed_ms() == 2000
    clock.ms += 500
    assert s.elapsed_ms() == 2500


def test_two_pauses_at_once_need_both_lifted(tmp_path):
    clock = Clock()
    s = session(tmp_path, clock)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.pause(PAUSE_DIALOG)
    s.pause(PAUSE_AWAY)
    s.resume(PAUSE_DIALOG)
    clock.ms += 3000
    assert s.elapsed_ms() == 0 and s.veiled


def test_nothing_is_veiled_before_the_first_reveal_or_after_the_end(tmp_path):
    s = session(tmp_path)
    s.start(Game.from_layout(CORNER))
    s.pause(PAUSE_DIALOG)
    assert not s.veiled
    s.resume(PAUSE_DIALOG)
    s.play(Move(OPEN, 4, 4))
    s.play(Move(OPEN, 0, 1))
    assert s.game.state is GameState.WON
    s.pause(PAUSE_KEY)
    assert not s.veiled


def test_time_spent_looking_at_a_loss_does_not_count_after_an_undo(tmp_path):
    clock = Clock()
    s = session(tmp_path, clock)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    clock.ms += 4000
    s.play(Move(OPEN, 0, 0))
    assert s.game.state is GameState.LOST and s.elapsed_ms() == 4000
    clock.ms += 13_000  # the player stares at the loss
    s.undo()
    assert s.elapsed_ms() == 4000
    clock.ms += 1000
    assert s.elapsed_ms() == 5000


def test_a_loss_taken_back_and_lost_again_is_one_row_and_one_replay(tmp_path):
    s = session(tmp_path)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.play(Move(OPEN, 0, 0))
    s.undo()
    s.play(Move(OPEN, 0, 0))
    recorded = rows(s.history)
    assert len(recorded) == 1 and recorded[0][1] == 0
    assert len(list((tmp_path / "replays").glob("*.jsonl.gz"))) == 1


def test_a_loss_taken_back_and_won_replaces_its_own_row_as_assisted(tmp_path):
    s = session(tmp_path)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.play(Move(OPEN, 0, 0))
    s.undo()
    s.play(Move(OPEN, 0, 1))
    assert s.game.state is GameState.WON
    [(game_id, won, _, replay)] = rows(s.history)
    assert won == 1 and game_id == s.game_id and Path(replay).exists()
    assert s.history.stats.summary("custom").recent == [(True, 0, True)]


def test_undo_and_redo_say_why_they_refused_and_a_won_game_is_final(tmp_path):
    s = session(tmp_path)
    s.start(Game.from_layout(CORNER))
    nothing = s.undo()
    assert nothing.refused is Refusal.NOTHING_TO_UNDO and not nothing and not s.game.assisted
    assert s.redo().refused is Refusal.NOTHING_TO_REDO
    s.play(Move(OPEN, 4, 4))
    s.play(Move(OPEN, 0, 0))
    taken = s.undo()  # a loss may be taken back
    assert taken and taken.refused is None and s.game.state is GameState.PLAYING
    again = s.redo()
    assert again and again.refused is None and s.game.state is GameState.LOST
    assert s.redo().refused is Refusal.NOTHING_TO_REDO
    s.undo()
    s.play(Move(OPEN, 0, 1))
    moves = list(s.game.moves)
    final = s.undo()
    assert final.refused is Refusal.WON_IS_FINAL and not final and final.finished is None
    assert s.game.state is GameState.WON and s.game.moves == moves and s.finished is not None


def test_undoing_the_first_reveal_keeps_times_in_order_and_a_readable_kept_game(tmp_path):
    clock = Clock()
    s = session(tmp_path, clock)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    clock.ms += 1500
    s.undo()  # back to a covered board
    clock.ms += 700
    s.play(Move(OPEN, 4, 4))
    clock.ms += 2000
    s.play(Move(FLAG, 0, 0))
    kept = load_replay(kept_file(s))  # times must not go backwards
    assert [m.at_ms for m in kept.moves] == [1500, 3500]
    s.play(Move(OPEN, 0, 1))
    # the win is recorded with the time played, not a reset clock
    assert s.finished.record.time_ms == 3500


def test_starting_another_board_settles_the_old_one_so_it_is_not_offered(tmp_path):
    s = session(tmp_path)
    s.start(Game(100, 100, 100, seed=4))
    s.play(Move(OPEN, 50, 50))
    old = kept_file(s)
    assert old.exists()
    s.new_game(BoardChoice.of(9, 9, 10))
    assert not old.exists()
    s.keep()  # the program stops
    assert session(tmp_path).take_offer() is None
    assert rows(s.history) == []  # an unfinished game is not recorded


def test_a_kept_game_is_offered_and_resumed_with_its_id_clock_and_moves(tmp_path):
    clock = Clock()
    s = session(tmp_path, clock)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    clock.ms += 2500
    s.play(Move(FLAG, 0, 0))
    clock.ms += 400
    s.keep()  # the program stops: the clock's last reading is journaled
    later = session(tmp_path, clock)
    kept = later.take_offer()
    assert kept is not None and "2 s, 2 moves" in describe_kept(kept)
    later.new_game(BoardChoice.of(9, 9, 10))  # shown behind the question: the kept file stays
    assert kept_file(s).exists()
    later.accept_offer()
    assert later.game_id == s.game_id and later.elapsed_ms() == 2900
    assert later.game.view() == s.game.view()
    assert kept_file(later).exists()  # still kept until it moves or ends


def test_one_move_is_said_as_one_move(tmp_path):
    s = session(tmp_path)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.keep()
    assert "(0 s, 1 move)" in describe_kept(session(tmp_path).take_offer())


def test_a_declined_kept_game_is_gone(tmp_path):
    s = session(tmp_path)
    s.start(Game.from_layout(CORNER))
    s.play(Move(OPEN, 4, 4))
    s.keep()
    later = session(tmp_path)
    later.take_offer()
    later.decline_offer()
    assert journals(tmp_path / "kept") == []


def test_two_games_finishing_in_the_same_second_never_share_a_replay(tmp_path):
    h = history(tmp_path)
    paths = set()
    for _ in range(50):
        s = Session(h, "window", clock=Clock())
        s.start(Game.from_layout(CORNER))
        s.play(Move(OPEN, 4, 4))
        s.play(Move(OPEN, 0, 0))
        paths.add(s.finished.replay)
    assert len(paths) == 50
    recorded = rows(h)
    assert len(recorded) == 50
    for game_id, _, _, replay in recorded:
        assert load_replay(Path(replay)).game_id == game_id


def test_a_finished_kept_game_is_recorded_at_the_next_start_exactly_once(tmp_path):
    """The program stopped after keeping the final move but before recording it."""
    g = Game.from_layout(CORNER)
    g.reveal(4, 4)
    g.reveal(0, 0)
    h = history(tmp_path)
    keep(h.kept, g, 4000, game_id="20261130-120000-0123456789ab")
    for _ in range(2):
        assert session(tmp_path).take_offer() is None
    [(game_id, won, time_ms, replay)] = rows(h)
    assert (game_id, won, time_ms) == ("20261130-120000-0123456789ab", 0, 4000)
    assert Path(replay).exists() and journals(h.kept) == []


@pytest.mark.concurrent
def test_old_temporary_files_of_killed_writes_are_removed_and_new_ones_left(tmp_path):
    old, new = tmp_path / ".kept.json.abc.tmp", tmp_path / ".kept.json.def.tmp"
    old.write_text("{")
    new.write_text("{")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    assert remove_stale_temp_files(tmp_path) == 1
    assert not old.exists() and new.exists()


KILL_SCRIPT = """
import os, signal, sys
import game.store.history as history
import game.store.journal as journal
from game.engine import Game, Move, MoveKind
from game.session import Session
from game.store.stats import Stats

where = sys.argv[1]
def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

if where == "replay":
    history.save_replay = die
elif where == "row":
    Stats.store = die
elif where == "forget":
    journal.Journal.remove = die
h = history.History.on_disk(Stats())
s = Session(h, "text")
s.start(Game.from_layout(["*.*......", "***......"] + ["........."] * 7))
s.play(Move(MoveKind.OPEN, 4, 4))
s.play(Move(MoveKind.OPEN, 0, 0))
s.keep()  # the program stops: the ended game's journal goes
print("not killed")
"""


@pytest.mark.concurrent
def test_a_kill_at_each_write_of_a_finish_leaves_one_row_and_one_replay(tmp_path):
    for where in ("replay", "row", "forget"):
        home = tmp_path / where
        env = {
            **os.environ,
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
        }
        died = subprocess.run(
            [sys.executable, "-c", KILL_SCRIPT, where],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert died.returncode == -9 and "not killed" not in died.stdout, died.stderr
        folder = home / "data" / "pixel-mines"
        for _ in range(2):  # restarted twice: the second start changes nothing
            h = History(Stats(folder / "stats.sqlite3"), folder / "replays", folder / "kept")
            assert Session(h, "text").take_offer() is None
            recorded = rows(h)
            h.stats.close()
            assert len(recorded) == 1, where
            assert len(list((folder / "replays").glob("*.jsonl.gz"))) == 1, where
        assert journals(folder / "kept") == []


def test_a_kill_before_the_final_move_is_kept_leaves_no_row_and_a_game_to_resume(tmp_path):
    g = Game.from_layout(CORNER)
    g.reveal(4, 4)
    h = history(tmp_path)
    keep(h.kept, g, 1000, game_id="20261130-120000-00000000000a")
    later = session(tmp_path)
    assert later.take_offer() is not None and rows(later.history) == []


def test_a_kept_game_keeps_its_id_through_a_file(tmp_path):
    g = Game.from_layout(CORNER)
    g.reveal(4, 4)
    h = history(tmp_path)
    path = keep(h.kept, g, 0, game_id="20261130-120000-00000000000b")
    assert load_replay(path).game_id == "20261130-120000-00000000000b"
    assert session(tmp_path).take_offer().game_id == "20261130-120000-00000000000b"


def test_the_kept_game_is_named_with_the_right_article(tmp_path):
    g = Game(16, 30, 99, seed=2)
    g.reveal(8, 15)
    h = history(tmp_path)
    keep(h.kept, g, 3000, "window", game_id="20261130-120000-00000000000d")
    assert describe_kept(session(tmp_path).take_offer()).startswith("an Expert game from ")


def test_a_shared_board_opens_only_at_its_marked_cell_first(tmp_path):
    from datetime import date

    from game.engine.codes import daily

    s = session(tmp_path)
    s.start(daily(date(2026, 11, 30)).game(), daily="2026-11-30")
    start = s.game.first_click
    elsewhere = ((start[0] + 5) % 16, (start[1] + 9) % 30)
    refused = s.play(Move(OPEN, *elsewhere))
    assert refused.refused is Refusal.START_AT_MARK and not refused
    assert s.game.state is GameState.READY and not s.game.moves
    assert s.play(Move(FLAG, *elsewhere))  # a flag may come first
    assert s.play(Move(OPEN, *start)).started
    assert s.game.state is GameState.PLAYING


def test_a_kept_game_in_a_list_row_is_named_in_a_few_words():
    from game.session import name_kept
    from game.store.replays import replay_of

    g = Game(16, 30, 99, seed=2)
    g.reveal(8, 15)
    kept = replay_of(g, elapsed_ms=0, source="text", played_at="2026-11-30T16:10:05")
    kept.elapsed_ms = 12_999
    assert name_kept(kept, today="2026-11-30") == "Expert 16:10, 12 s"
    assert name_kept(kept, today="2026-12-01") == "Expert 11-30, 12 s"
    custom = replay_of(
        Game.from_layout(CORNER), elapsed_ms=0, source="text", played_at="2026-11-30T16:10:05"
    )
    assert name_kept(custom, today="2026-11-30") == "custom 9x9/5 16:10, 0 s"


def test_a_kept_daily_board_is_named_as_the_daily_board(tmp_path):
    from datetime import date

    from game.engine.codes import daily

    s = session(tmp_path)
    s.start(daily(date(2026, 11, 30)).game(), daily="2026-11-30")
    s.play(Move(OPEN, *s.game.first_click))
    s.keep()
    assert describe_kept(session(tmp_path).take_offer()).startswith(
        "the daily board of 2026-11-30 from "
    )


def test_a_flag_before_the_first_reveal_does_not_start_the_clock(tmp_path):
    from game.engine.game_measures import measures_of

    clock = Clock()
    s = session(tmp_path, clock)
    s.start(Game.from_layout(CORNER))
    clock.ms += 4000
    s.play(Move(FLAG, 0, 0))
    clock.ms += 3000
    assert not s.started and s.timer_seconds() == 0 and s.elapsed_ms() == 0
    s.play(Move(OPEN, 4, 4))
    assert s.started and s.timer_seconds() == 1
    clock.ms += 2500
    s.play(Move(OPEN, 0, 1))  # the win
    assert s.finished.record.time_ms == 2500
    flag, opening = [e for e in s.events if e["e"] == "move"][:2]
    assert flag["t"] == 0 and opening["t"] == 0  # the flag is at 0 on the replay's clock too
    replay = load_replay(s.finished.replay)
    assert replay.moves[0].at_ms == 0 and replay.result["time_ms"] == 2500
    m = measures_of(replay.layout, replay.events, replay.result["time_ms"])
    assert m.time_ms == 2500


def test_the_pointers_way_never_has_a_later_time_than_the_click_it_leads_to(tmp_path):
    """A clock whose millisecond turns between the click's time and its path line's (a real
    clock can): the path line takes the click's time, and the journal reads back (review)."""
    from game.store.replays import load_replay

    ticks = [10_000]

    def clock() -> int:
        ticks[0] += 1  # a millisecond every time it is read
        return ticks[0]

    history = History(replays=tmp_path / "replays", kept=tmp_path / "kept", measure=lambda *a: None)
    (tmp_path / "kept").mkdir()
    s = Session(history, "window", clock=clock)
    s.start(Game.from_layout(["*...*", ".....", "..*..", ".....", "*...*"]))
    s.note("press", button="left", cell=(1, 0), at=(8, 24))
    s.note("release", button="left", cell=(1, 0), at=(8, 25))
    s.play(Move(MoveKind.OPEN, 1, 0))  # a 1: the clock runs, the game goes on
    assert s.running
    s.pointer(20, 20)
    s.note("press", button="left", cell=(0, 1), at=(24, 8))
    times = [e["t"] for e in s.events]
    assert times == sorted(times), s.events
    assert load_replay(s.journal.path).events  # read back: no time goes back
