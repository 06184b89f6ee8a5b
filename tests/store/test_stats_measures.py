"""The measures in the statistics (schema 6): old files migrate and their rows are measured from
their replays, the bests of 3BV/s and IOE (NF apart) follow the record rule, and the CSV."""

import csv
import dataclasses
import io
import sqlite3

import pytest

from game.engine.game_measures import measures_of
from game.stats_text import stats_report
from game.store.replays import load_replay
from game.store.stats import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GameRecord,
    Stats,
    stats_csv,
)
from tests.keeping import to_json
from tests.store.test_stats import record
from tests.test_measures import LAYOUT, played

OLD_COLUMNS = (
    "played_at, kind, rows, cols, mines, seed, safe_zone, won, time_ms, bbbv,"
    " bbbv_per_s, clicks_left, clicks_right, clicks_chord, efficiency, cleared,"
    " safe_cells, assisted, source, replay, daily, game_id, code"
)


def old_file(path, replays: list) -> None:
    """A statistics file of schema 5 (before measures) with one won 5x5 game per replay."""
    conn = sqlite3.connect(path)
    for version in range(1, 6):
        conn.executescript(f"BEGIN; {MIGRATIONS[version]} PRAGMA user_version = {version}; COMMIT;")
    for n, replay in enumerate(replays):
        conn.execute(
            f"INSERT INTO games ({OLD_COLUMNS}) VALUES (?, 'custom', 5, 5, 3, '15', 'opening',"
            " 1, 4000, 4, 1.0, 2, 1, 1, 1.0, 22, 22, 0, 'text', ?, NULL, ?, NULL)",
            (f"2026-11-0{n + 1}T12:00:00", replay, f"g{n}"),
        )
    conn.commit()
    conn.close()


def measures_of_rows(stats: Stats) -> list[tuple]:
    return stats.conn.execute(
        "SELECT replay IS NULL, measured, clicks_all, clicks_effective, clicks_wasted, ioe,"
        " throughput, zini, rqp, nf, guesses FROM games ORDER BY id"
    ).fetchall()


def test_an_old_file_migrates_and_its_rows_are_measured_from_what_their_replays_hold(
    tmp_path, monkeypatch
):
    played(tmp_path, monkeypatch)  # the scripted 5x5 game: clicks 5, 3 effective, 2 wasted
    (v2,) = (tmp_path / "data").rglob("replays/*.jsonl.gz")
    v1 = tmp_path / "old.json"
    v1.write_text(to_json(load_replay(v2)))
    path = tmp_path / "old.sqlite3"
    old_file(path, [str(v2), str(v1), str(tmp_path / "gone.jsonl"), None])
    stats = Stats(path)
    assert stats.usable and stats.messages == []
    assert stats.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    assert stats.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 4  # none lost
    assert [m[1] for m in measures_of_rows(stats)] == [None] * 4  # not measured yet
    assert stats.measure_old_rows(most=1) == 3  # a few at a time: three to go
    assert stats.measure_old_rows() == 0
    rqp = 4.0 / (4 / 4.0)  # the row's time (4 s) over its 3BV/s
    assert measures_of_rows(stats) == [
        (0, "all", 5, 3, 2, 0.8, 4 / 3, 3, rqp, 0, 0),
        (0, "no clicks", None, None, None, None, None, 3, rqp, 0, 0),  # version 1: no clicks
        (0, "none", None, None, None, None, None, None, None, None, None),  # replay gone
        (1, "none", None, None, None, None, None, None, None, None, None),  # no replay
    ]
    assert stats.summary("custom").best_ioe == 0.8


def test_measuring_old_rows_leaves_the_tallies_alone(tmp_path):
    path = tmp_path / "old.sqlite3"
    old_file(path, [None, None])
    stats = Stats(path)
    stats.summary("custom")  # counted and kept
    tallies = stats.conn.execute("SELECT * FROM tallies ORDER BY kind").fetchall()
    assert tallies
    stats.measure_old_rows()
    assert stats.conn.execute("SELECT * FROM tallies ORDER BY kind").fetchall() == tallies


def measured(rec: GameRecord, *, ioe: float, nf: bool) -> GameRecord:
    return dataclasses.replace(
        rec,
        measured="all",
        clicks_all=30,
        clicks_effective=25,
        clicks_wasted=5,
        ioe=ioe,
        throughput=ioe * 1.2,
        zini=15,
        rqp=4.5,
        nf=nf,
        guesses=1,
    )


def bests_file(tmp_path) -> Stats:
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(measured(record(time_ms=10_000, bbbv=20), ioe=0.5, nf=False))  # 2.0 3BV/s
    stats.record(measured(record(time_ms=8_000, bbbv=20), ioe=0.7, nf=True))  # 2.5, NF
    stats.record(measured(record(time_ms=5_000, bbbv=20), ioe=0.9, nf=False))  # 4.0
    stats.record(measured(record(time_ms=2_000, bbbv=20, assisted=True), ioe=1.0, nf=True))
    stats.record(measured(record(won=False, time_ms=1_000), ioe=2.0, nf=True))  # a loss
    return stats


def test_best_3bv_per_second_and_ioe_come_from_unassisted_wins_and_nf_bests_apart(tmp_path):
    s = bests_file(tmp_path).summary("beginner")
    assert (s.best_rate, s.best_ioe) == (4.0, 0.9)
    assert (s.nf_best_rate, s.nf_best_ioe) == (2.5, 0.7)  # the assisted NF win is no record
    assert s.best_measures == [(4.0, 0.9), (2.5, 0.7), (2.0, 0.5)]  # fastest first


def test_the_bests_read_from_every_row_are_those_read_by_the_indexes(tmp_path):
    stats = bests_file(tmp_path)
    stats.record(dataclasses.replace(record(won=False), game_id="other"))  # no best either way
    fast, slow = stats.summary("beginner"), stats.summary("beginner", leaving_out="other")
    assert (fast.best_ioe, fast.nf_best_rate, fast.nf_best_ioe, fast.best_measures) == (
        slow.best_ioe,
        slow.nf_best_rate,
        slow.nf_best_ioe,
        slow.best_measures,
    )


def test_a_hand_edited_measure_is_never_a_best(tmp_path):
    stats = bests_file(tmp_path)
    with stats.conn:
        stats.conn.execute("UPDATE games SET ioe = 'lots' WHERE time_ms = 5000")
    assert stats.summary("beginner").best_ioe == 0.7


def test_stats_report_shows_the_bests_and_the_nf_bests(tmp_path):
    lines = stats_report(bests_file(tmp_path), "2026-11-30")
    at = lines.index("Beginner: played 5, won 4 (80%)")
    assert "  best 3BV/s 4.00, best IOE 0.900" in lines[at:]
    assert "  no flags (NF): best 3BV/s 2.50, IOE 0.700" in lines[at:]


def test_the_csv_holds_each_measure_rounded_to_what_it_means(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    rec = measured(record(time_ms=12_345), ioe=0.123456, nf=True)
    stats.record(dataclasses.replace(rec, rqp=76.19753))
    stats.record(record())  # not measured: its measure columns are empty
    text, count = stats_csv(stats)
    measured_row, plain = csv.DictReader(io.StringIO(text))
    assert count == 2
    assert {
        k: measured_row[k]
        for k in (
            "clicks",
            "effective_clicks",
            "wasted_clicks",
            "ioe",
            "throughput",
            "zini",
            "rqp",
            "nf",
            "guesses",
        )
    } == {
        "clicks": "30",
        "effective_clicks": "25",
        "wasted_clicks": "5",
        "ioe": "0.123",
        "throughput": "0.148",
        "zini": "15",
        "rqp": "76.20",
        "nf": "1",
        "guesses": "1",
    }
    assert [plain[k] for k in ("clicks", "ioe", "zini", "nf", "guesses")] == [""] * 5


def test_a_row_recorded_with_measures_reads_back_as_the_engine_made_them(tmp_path):
    from game.engine import Game

    g = Game.from_layout(LAYOUT)
    events = [
        {"t": 0, "e": "key", "k": "r", "cell": [0, 0]},
        {"t": 0, "e": "move", "kind": "open", "cell": [0, 0], "did": "opened"},
        {"t": 0, "e": "key", "k": "r", "cell": [0, 0]},
        {"t": 0, "e": "move", "kind": "open", "cell": [0, 0], "did": "nothing"},
    ]
    g.reveal(0, 0)
    for r, c in ((0, 4), (1, 4), (2, 4)):
        events += [
            {"t": 9, "e": "key", "k": "r", "cell": [r, c]},
            {"t": 9, "e": "move", "kind": "open", "cell": [r, c], "did": "opened"},
        ]
        g.reveal(r, c)
    m = measures_of(LAYOUT, events, 3000)
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(GameRecord.of(g, 3000, source="text").measured_as(m))
    row = stats.conn.execute("SELECT clicks_all, clicks_wasted, ioe, nf, guesses, zini FROM games")
    assert row.fetchone() == (5, 1, 0.8, 1, 0, 3)


@pytest.mark.concurrent
def test_the_window_measures_old_rows_one_a_job_on_the_writer_until_the_quit(tmp_path):
    from game.store.history import History
    from tests.ui.test_result_measures import HeldWriter

    path = tmp_path / "old.sqlite3"
    old_file(path, [None, None, None])
    writer = HeldWriter()
    history = History(Stats(path), writer=writer)
    history.tidy()  # at start
    assert len(writer.jobs) == 1
    writer.jobs.pop(0)()  # one old game measured, and the next one asked for
    unmeasured = "SELECT count(*) FROM games WHERE measured IS NULL"
    assert history.stats.conn.execute(unmeasured).fetchone()[0] == 2 and len(writer.jobs) == 1
    history.flush()  # the quit: the rest wait for a later start
    assert history.stats.conn.execute(unmeasured).fetchone()[0] == 2 and writer.jobs == []
