"""The statistics of schema 8 (the community's measures): every earlier file opens and has its
rows measured again, a game's left, right and double clicks, effective clicks, correctness,
path and pauses are kept and exported, a loss has its 3BV/s, a tally survives what it does
not count, and custom boards keep best times by size (real rows through the real store)."""

import csv
import dataclasses
import io
import sqlite3

import pytest

from game.engine import Game, GameState
from game.engine.game_measures import Measures
from game.stats_text import stats_report
from game.store.stats import MIGRATIONS, SCHEMA_VERSION, GameRecord, Stats, stats_csv
from game.videos.mouse import Counters
from tests.store.test_stats import record

TODAY = "2026-11-30"


def measures(*, solved=20, counters=None, pauses=0, time_ms=10_000) -> Measures:
    return Measures(
        bbbv=20,
        bbbv_solved=solved,
        time_ms=time_ms,
        zini=12,
        no_flag=False,
        guesses=0,
        counters=counters,
        pauses=pauses,
    )


# 30 clicks: 20 left (16 effective), 6 right (5), 4 double (3); 24 effective
COUNTERS = Counters(
    left=20, right=6, double=4, lce=16, rce=5, dce=3, flags=5, bbbv_solved=20, path=812.5
)


def file_of_version(path, version: int) -> None:
    """A statistics file as version `version` left it: a fair win, an earlier loss, a win
    measured under the rules of then (schema 6 and later)."""
    conn = sqlite3.connect(path)
    for v in range(1, version + 1):
        conn.executescript(f"BEGIN; {MIGRATIONS[v]} PRAGMA user_version = {v}; COMMIT;")
    columns = (
        "played_at, kind, rows, cols, mines, seed, safe_zone, won, time_ms, bbbv, bbbv_per_s,"
        " clicks_left, clicks_right, clicks_chord, efficiency, cleared, safe_cells, assisted,"
        " source"
    )
    for won, time_ms, rate in ((0, 4000, None), (1, 5000, 4.0), (1, 8000, 2.5)):
        conn.execute(
            f"INSERT INTO games ({columns}) VALUES ('2026-01-01T00:00:00', 'beginner', 9, 9,"
            " 10, '1', 'opening', ?, ?, 20, ?, 20, 1, 0, 20 / 21.0, 71, 71, 0, 'window')",
            (won, time_ms, rate),
        )
    if version >= 6:  # the last win measured then: its measures stay if its replay is gone
        conn.execute(
            "UPDATE games SET measured = 'all', clicks_all = 25, clicks_effective = 21,"
            " clicks_wasted = 4, ioe = 0.8, zini = 9 WHERE id = 3"
        )
    conn.commit()
    conn.close()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_a_file_of_every_earlier_version_opens_and_its_rows_are_measured_again(tmp_path, version):
    path = tmp_path / "stats.sqlite3"
    file_of_version(path, version)
    stats = Stats(path)
    assert stats.usable and stats.messages == []
    assert stats.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    rows = "SELECT won, measured, bbbv_solved, bbbv_per_s, ioe FROM games ORDER BY id"
    assert stats.conn.execute(rows).fetchall() == [
        (0, None, None, None, None),  # a loss's 3BV solved is known from its replay only
        (1, None, 20, 4.0, None),
        (1, None, 20, 2.5, 0.8 if version >= 6 else None),  # every row to measure again
    ]
    assert stats.measure_old_rows() == 0  # no replay: nothing to measure them from
    measured = [m for (m,) in stats.conn.execute("SELECT measured FROM games ORDER BY id")]
    assert measured == ["none", "none", "all" if version >= 6 else "none"]
    assert stats.summary("beginner").best_ioe == (0.8 if version >= 6 else None)  # kept
    assert [t[0] for t in stats.summary("beginner").best_times] == [5000, 8000]


def test_a_measured_game_keeps_the_community_clicks_and_they_go_to_the_csv(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    rec = record(time_ms=10_000, bbbv=20).measured_as(measures(counters=COUNTERS, pauses=2))
    stats.record(rec)
    row = stats.conn.execute(
        "SELECT clicks_left, clicks_right, clicks_chord, clicks_all, clicks_effective,"
        " clicks_wasted, clicks_lce, clicks_rce, clicks_dce, ioe, throughput, correctness,"
        " path, pauses, bbbv_solved, efficiency FROM games"
    ).fetchone()
    assert row == (20, 6, 4, 30, 24, 6, 16, 5, 3, 20 / 30, 20 / 24, 24 / 30, 812.5, 2, 20, 20 / 30)
    text, count = stats_csv(stats)
    (got,) = csv.DictReader(io.StringIO(text))
    assert count == 1
    assert {k: got[k] for k in list(got)[-10:]} == {
        "bbbv_solved": "20",
        "left_clicks": "20",
        "right_clicks": "6",
        "double_clicks": "4",
        "effective_left": "16",
        "effective_right": "5",
        "effective_double": "3",
        "correctness": "0.800",
        "path": "812.5",
        "pauses": "2",
    }
    assert (got["clicks"], got["effective_clicks"], got["wasted_clicks"]) == ("30", "24", "6")
    assert (got["ioe"], got["throughput"]) == ("0.667", "0.833")


def test_a_game_without_recorded_input_keeps_the_games_own_counts_out_of_the_csv(tmp_path):
    """A version 1 replay recorded no input: its row keeps the clicks the game counted (for
    the efficiency), but the CSV's left, right and double clicks are the community's only."""
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record().measured_as(measures(counters=None)))
    assert stats.conn.execute("SELECT measured, clicks_left FROM games").fetchone() == (
        "no clicks",
        20,
    )
    (got,) = csv.DictReader(io.StringIO(stats_csv(stats)[0]))
    assert [got[k] for k in ("left_clicks", "right_clicks", "double_clicks", "clicks")] == [""] * 4
    assert got["efficiency"] == "0.80" and got["bbbv_solved"] == "20"


def lost_game() -> Game:
    g = Game.from_layout(["*...", "....", "...*"])
    g.reveal(0, 3)  # a number: one 3BV of the board's
    g.reveal(0, 0)  # the mine
    assert g.state is GameState.LOST
    return g


def test_a_loss_has_the_3bv_per_second_of_what_it_solved_in_its_row_and_the_csv(tmp_path):
    g = lost_game()
    rec = GameRecord.of(g, 2000, source="text")
    assert rec.bbbv_solved == g.bbbv_done() and 0 < g.bbbv_done() < g.bbbv
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(rec)
    rate = g.bbbv_done() / 2
    assert stats.conn.execute("SELECT bbbv_per_s, efficiency FROM games").fetchone() == (rate, None)
    (got,) = csv.DictReader(io.StringIO(stats_csv(stats)[0]))
    assert got["3bv_per_s"] == f"{rate:.3f}" and got["won"] == "0"
    assert stats.summary("custom").best_rate is None  # a loss is never a best


def test_measuring_an_old_loss_gives_it_its_3bv_per_second_and_leaves_the_tallies(tmp_path):
    path = tmp_path / "stats.sqlite3"
    file_of_version(path, 7)
    stats = Stats(path)
    stats.summary("beginner")  # a tally kept
    tallies = stats.conn.execute("SELECT * FROM tallies").fetchall()
    assert tallies

    def measure(replay, time_ms):  # as the replays would say: the loss solved 6 of 20
        return measures(solved=6 if time_ms == 4000 else 20, counters=COUNTERS, time_ms=time_ms)

    assert stats.measure_old_rows(measure=measure) == 0
    assert stats.conn.execute("SELECT * FROM tallies").fetchall() == tallies
    rows = stats.conn.execute(
        "SELECT bbbv_solved, bbbv_per_s, clicks_left, clicks_chord, efficiency, measured"
        " FROM games ORDER BY id"
    ).fetchall()
    assert rows == [
        (6, 6 / 4, 20, 4, None, "all"),
        (20, 4.0, 20, 4, 20 / 30, "all"),  # the efficiency of the clicks counted anew
        (20, 2.5, 20, 4, 20 / 30, "all"),
    ]


def test_a_tally_is_forgotten_when_what_it_counts_changes_and_only_then(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    for won in (True, False, True):
        stats.record(record(won=won))
    stats.summary("beginner")

    def kept() -> int:
        return stats.conn.execute("SELECT count(*) FROM tallies").fetchone()[0]

    def update(sql: str) -> None:
        with stats.conn:
            stats.conn.execute(sql)

    assert kept()
    update("UPDATE games SET bbbv_per_s = 1.5, replay = 'r.jsonl' WHERE won = 0")
    update("UPDATE games SET replay = NULL, played_at = '2026-11-30T12:00:00'")
    assert kept()  # nothing a tally counts
    update("UPDATE games SET bbbv_per_s = -1 WHERE won = 0")  # no game any more
    assert not kept()
    assert stats.summary("beginner").played == 2
    update("UPDATE games SET won = 0 WHERE id = 3")
    assert not kept() and stats.summary("beginner").won == 1


def custom(rows: int, cols: int, mines: int, time_ms: int, **kw) -> GameRecord:
    rec = dataclasses.replace(record(kind="custom", time_ms=time_ms), rows=rows, cols=cols)
    return dataclasses.replace(rec, mines=mines, **kw)


def sizes_file(tmp_path) -> Stats:
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(custom(20, 20, 50, 30_000))
    stats.record(custom(20, 20, 50, 25_000, pauses=1))
    stats.record(custom(10, 12, 20, 9_000))
    stats.record(custom(30, 30, 150, 60_000, won=False))  # played last, never won
    stats.record(custom(10, 12, 20, 4_000, assisted=True))  # no best
    return stats


def test_custom_boards_keep_best_times_by_size_the_last_played_first(tmp_path):
    stats = sizes_file(tmp_path)
    s = stats.summary("custom")
    assert s.size == (10, 12, 20) and [t[0] for t in s.best_times] == [9_000]  # last played
    twenty = stats.summary("custom", size=(20, 20, 50))
    assert [t[0] for t in twenty.best_times] == [25_000, 30_000]
    assert twenty.best_paused == [True, False]  # a paused game counts, and says so
    assert stats.custom_size_beside((10, 12, 20), 1) == (20, 20, 50)
    assert stats.custom_size_beside((20, 20, 50), 1) == (10, 12, 20)  # round to the first
    assert stats.custom_size_beside((10, 12, 20), -1) == (20, 20, 50)
    assert stats.custom_size_beside((30, 30, 150), 1) == (10, 12, 20)  # a size with no win
    assert stats.record(custom(20, 20, 50, 26_000)).best_time is False
    assert stats.record(custom(20, 20, 50, 20_000)).best_time is True
    assert stats.record(custom(16, 16, 40, 90_000)).best_time is True  # a size's first


def test_custom_sizes_read_from_every_row_are_those_read_by_the_index(tmp_path):
    stats = sizes_file(tmp_path)
    stats.record(custom(20, 20, 50, 40_000, won=False, game_id="again"))  # no best either way

    def bests(s) -> tuple:
        return s.size, s.best_times, s.best_paused, s.best_clicks, s.best_measures

    for size in ((20, 20, 50), (10, 12, 20), (30, 30, 150)):
        by_index = stats.summary("custom", size=size)
        by_rows = stats.summary("custom", size=size, leaving_out="again")  # every row read
        assert by_rows.played == by_index.played - 1  # (so it was read another way)
        assert bests(by_index) == bests(by_rows) and by_index.size == size
    assert stats.summary("custom").size == (20, 20, 50)  # the last played
    assert stats.summary("custom", leaving_out="again").size == (10, 12, 20)  # without it


def test_the_daily_best_time_says_if_its_clock_was_paused(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    for day, ms, pauses in (("2026-11-28", 50_000, 0), ("2026-11-29", 40_000, 3)):
        stats.record(
            dataclasses.replace(record(kind="expert", time_ms=ms), daily=day, pauses=pauses)
        )
    d = stats.daily_summary(TODAY)
    assert (d.best_ms, d.best_paused) == (40_000, True)


def test_stats_report_lists_the_last_custom_sizes_best_times_the_others_and_pauses(tmp_path):
    stats = sizes_file(tmp_path)
    lines = stats_report(stats, TODAY)
    custom_at = next(k for k, line in enumerate(lines) if line.startswith("Custom:"))
    said = lines[custom_at:]
    assert "  best times of 12x10, 20 mines:" in said
    assert "  best times of 20x20, 50 mines:" in said
    twenty = said[said.index("  best times of 20x20, 50 mines:") + 1 :]
    assert twenty[0].split()[:3] == ["1.", "25.000", "s"] and twenty[0].endswith("(paused)")
    assert twenty[1].split()[:3] == ["2.", "30.000", "s"] and "paused" not in twenty[1]
