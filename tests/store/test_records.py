"""The one records rule (game/store/records.py, docs/RULES.md "Records"): only an unassisted win
on a board the game laid at random sets a best; chosen boards (--seed, a code, a replay's board
played again), assisted wins and the daily board (its own best) count in games and wins only.
Each case is played through a real Session, recorded, and read back from the statistics."""

from pathlib import Path

import pytest

from game.engine import Game, Move, MoveKind
from game.engine.boards import BoardChoice
from game.engine.codes import code_of, decode
from game.session import ManualClock, Session
from game.stats_text import stats_report
from game.store.history import History
from game.store.records import NO_BEST, NO_WINS, assists_of, no_best_line, why_no_record
from game.store.replays import load_replay
from game.store.stats import Stats

OPEN = MoveKind.OPEN
BEGINNER = BoardChoice.of(9, 9, 10)
TODAY = "2026-11-30"


def history(tmp_path: Path) -> History:
    return History(Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays", tmp_path / "kept")


def session(tmp_path: Path, seed: int | None = None) -> Session:
    return Session(history(tmp_path), "text", clock=ManualClock(), seed=seed)


def board(seed: int) -> Game:
    """A Beginner board of this seed, laid for a first click in the middle, with 3BV over 1."""
    g = Game(9, 9, 10, seed=seed, first_click=(4, 4))
    assert g.bbbv > 1
    return g


def win(s: Session, ms: int = 5_000):
    """Open the first cell, wait `ms`, open every other safe cell: the game's Finished."""
    g = s.game
    first = g.first_click or (4, 4)
    s.play(Move(OPEN, *first))
    s.clock.ms += ms
    for r, line in enumerate(g.layout()):
        for c, ch in enumerate(line):
            if ch == "." and not g.state.is_over:
                s.play(Move(OPEN, r, c))
    assert g.state.value == "won"
    return s.finished


def random_game(s: Session, seed: int = 3) -> None:
    """A board the game laid at random: the session's own (a fixed seed, so the test repeats,
    but no first click laid for the player)."""
    s.start(Game(9, 9, 10, seed=seed))


def test_an_unassisted_win_on_a_random_board_sets_a_best(tmp_path):
    s = session(tmp_path)
    random_game(s)
    done = win(s)
    assert done.new.best_time and done.new.best_rate and done.record.why_no_record is None
    summary = s.history.stats.summary("beginner")
    assert [ms for ms, _, _ in summary.best_times] == [done.record.time_ms]
    assert summary.best_rate is not None and summary.recent == [(True, done.record.time_ms, False)]


def seed_game(s: Session) -> None:
    s.new_game(BEGINNER)


def code_game(s: Session) -> None:
    s.start(decode(code_of(board(5))).game())


def replay_again_game(s: Session) -> None:
    """Win a random game, then play its replay's board again by its code."""
    random_game(s, seed=9)
    done = win(s)
    replay = load_replay(done.replay)
    s.start(decode(code_of(replay.final_game())).game())


@pytest.mark.parametrize(
    "start, chosen, words",
    [
        (seed_game, "seed", "No record. A chosen board (a seed)."),
        (code_game, "code", "No record. A chosen board (a board code)."),
        (replay_again_game, "code", "No record. A chosen board (a board code)."),
    ],
)
def test_a_chosen_board_counts_but_sets_no_best_and_says_why(tmp_path, start, chosen, words):
    s = session(tmp_path, seed=11 if start is seed_game else None)
    start(s)
    assert s.chosen == chosen
    played_before = s.history.stats.summary("beginner")
    done = win(s, ms=1_000)  # faster than any game before it
    assert not done.new.best_time and not done.new.best_rate
    assert done.record.why_no_record == words
    after = s.history.stats.summary("beginner")
    assert (after.played, after.won) == (played_before.played + 1, played_before.won + 1)
    assert after.best_times == played_before.best_times  # the chosen win is not among them
    assert after.best_rate == played_before.best_rate
    assert after.recent[-1] == (True, 1_000, True)  # a grey bar: won, no record
    row = s.history.stats.conn.execute("SELECT chosen FROM games ORDER BY id DESC").fetchone()
    assert row == (chosen,)


@pytest.mark.parametrize(
    "help_taken, words",
    [
        (["hint"], "No record. Assisted: hint."),
        (["odds"], "No record. Assisted: odds."),
        (["undo"], "No record. Assisted: undo."),
        (["hint", "undo", "hint"], "No record. Assisted: hint, undo."),
    ],
)
def test_an_assisted_win_counts_but_sets_no_best_and_names_the_help(tmp_path, help_taken, words):
    s = session(tmp_path)
    random_game(s)
    s.play(Move(OPEN, 4, 4))
    for what in help_taken:
        if what == "undo":
            s.undo()
            s.play(Move(OPEN, 4, 4))
        else:
            s.assist(what)
    done = win(s)
    assert not done.new.best_time and done.record.why_no_record == words
    summary = s.history.stats.summary("beginner")
    assert (summary.played, summary.won, summary.best_times) == (1, 1, [])


def test_the_daily_board_keeps_its_own_best_and_never_one_of_its_kind(tmp_path):
    s = session(tmp_path)
    s.start(board(5), daily=TODAY)
    assert s.chosen is None  # a daily board is told by its date
    done = win(s, ms=3_000)
    assert done.new.best_time and done.record.why_no_record is None  # the daily boards' first best
    assert s.history.stats.daily_summary(TODAY).best_ms == done.record.time_ms
    beginner = s.history.stats.summary("beginner")
    assert (beginner.played, beginner.won, beginner.best_times) == (1, 1, [])
    # the next day's board, slower: no new daily best; an assisted one: none and why
    s.start(board(6), daily="2026-12-01")
    assert not win(s, ms=9_000).new.best_time
    s.start(board(7), daily="2026-12-02")
    s.assist("hint")
    done = win(s, ms=1_000)
    assert not done.new.best_time and done.record.why_no_record == "No record. Assisted: hint."
    assert s.history.stats.daily_summary("2026-12-02").best_ms == 3_000


def test_a_resumed_chosen_board_is_still_chosen(tmp_path):
    s = session(tmp_path)
    code_game(s)
    s.play(Move(OPEN, 4, 4))
    s.keep()
    again = Session(history(tmp_path), "text", clock=ManualClock())
    assert again.take_offer() is not None and again.offer.chosen == "code"
    again.accept_offer()
    assert again.chosen == "code"
    assert win_from_here(again).record.why_no_record == "No record. A chosen board (a board code)."


def win_from_here(s: Session):
    g = s.game
    for r, line in enumerate(g.layout()):
        for c, ch in enumerate(line):
            if ch == "." and not g.state.is_over:
                s.play(Move(OPEN, r, c))
    return s.finished


def test_the_rule_in_words():
    assert why_no_record(assisted=False, bbbv=20) is None
    assert why_no_record(assisted=True, bbbv=20) == "No record: assisted."  # an old game
    assert why_no_record(assisted=False, chosen="seed", bbbv=20) == (
        "No record. A chosen board (a seed)."
    )
    assert why_no_record(assisted=False, bbbv=1) == (
        "No record: the first click cleared the board."
    )
    events = [{"e": "assist", "what": "odds"}, {"e": "undo"}, {"e": "assist", "what": "odds"}]
    assert assists_of(events) == ["odds", "undo"]


def test_statistics_never_say_no_wins_beside_a_win(tmp_path):
    s = session(tmp_path, seed=11)
    seed_game(s)
    win(s)
    summary = s.history.stats.summary("beginner")
    assert (summary.won, summary.best_times) == (1, [])
    assert no_best_line(summary.won) == NO_BEST and no_best_line(0) == NO_WINS
    report = "\n".join(stats_report(s.history.stats, TODAY))
    beginner = report.split("Intermediate")[0]
    assert "won 1 (100%)" in beginner and NO_WINS not in beginner and NO_BEST in beginner
    assert NO_WINS in report.split("Intermediate")[1]  # no game there at all
