"""Statistics: records, streaks, broken databases and two games writing at once."""

import csv
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import Game, GameState
from game.engine.codes import code_of, decode, seed_of_text, seed_text
from game.stats_text import stats_report
from game.store.stats import (
    SCHEMA_VERSION,
    ExistingFile,
    GameRecord,
    Stats,
    export_csv,
    summarise,
)

ROOT = Path(__file__).resolve().parents[2]


def record(kind="beginner", won=True, time_ms=10_000, assisted=False, bbbv=20):
    size = {"beginner": (9, 9, 10), "expert": (16, 30, 99), "custom": (20, 20, 50)}[kind]
    return GameRecord(
        played_at="2026-11-29T12:00:00",
        kind=kind,
        rows=size[0],
        cols=size[1],
        mines=size[2],
        seed="1",
        safe_zone="opening",
        won=won,
        time_ms=time_ms,
        bbbv=bbbv,
        clicks_left=20,
        clicks_right=3,
        clicks_chord=2,
        cleared=71 if won else 30,
        safe_cells=71,
        assisted=assisted,
        source="window",
    )


def test_a_finished_game_becomes_a_row_with_its_measures(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    g = Game.from_layout(["*...", "....", "...."])
    g.reveal(2, 3)
    rec = GameRecord.of(g, 2500, source="text")
    assert rec.won and rec.kind == "custom" and rec.bbbv == g.bbbv
    stats.record(rec)
    row = stats.conn.execute(
        "SELECT won, time_ms, bbbv, bbbv_per_s, clicks_left, efficiency,"
        " assisted, source FROM games"
    ).fetchone()
    assert stats.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert row == (1, 2500, g.bbbv, g.bbbv / 2.5, 1, g.bbbv / 1, 0, "text")


def test_best_times_streaks_and_new_records(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    assert stats.record(record(time_ms=30_000)).best_time
    assert not stats.record(record(time_ms=40_000)).best_time
    stats.record(record(won=False))
    assert stats.record(record(time_ms=20_000, bbbv=40)).best_rate
    stats.record(record(time_ms=25_000))
    s = stats.summary("beginner")
    assert (s.played, s.won) == (5, 4)
    assert [ms for ms, _, _ in s.best_times] == [20_000, 25_000, 30_000, 40_000]
    assert (s.current_streak, s.best_streak) == (2, 2)
    assert s.best_rate == 2.0


def test_figures_are_read_again_only_once_a_game_of_theirs_was_written(tmp_path):
    """A statistics dialog opened again reads nothing: each page's figures are kept with what
    they were read from (`Stats.version`); a game stored here changes its own kind's alone,
    one written by another connection (the writer's thread, another copy) or a row measured
    or removed changes them all, and what is read then is what a fresh reading gives."""
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record())
    reads: list[str] = []
    stats.conn.set_trace_callback(lambda sql: reads.append(sql) if "SELECT" in sql else None)

    def read(kind: str):
        reads.clear()
        figures = stats.daily_summary("2026-11-30") if kind == "daily" else stats.summary(kind)
        return figures, bool(reads)

    def fresh(kind: str):
        other = Stats(tmp_path / "stats.sqlite3")
        try:
            return other.daily_summary("2026-11-30") if kind == "daily" else other.summary(kind)
        finally:
            other.close()

    for kind in ("beginner", "expert", "daily"):
        assert read(kind)[1]  # the first reading reads
        assert read(kind) == (fresh(kind), False)  # then it is kept
    stats.record(record("expert", time_ms=50_000))
    assert read("beginner") == (fresh("beginner"), False)
    assert read("daily") == (fresh("daily"), False)
    assert read("expert") == (fresh("expert"), True) and fresh("expert").played == 1
    other = Stats(tmp_path / "stats.sqlite3")
    other.record(record(time_ms=5_000))
    other.close()
    assert read("beginner") == (fresh("beginner"), True) and fresh("beginner").played == 2
    assert read("expert")[1] and read("daily")[1]
    (row,) = stats.conn.execute("SELECT max(id) FROM games WHERE kind = 'beginner'").fetchone()
    with stats.conn:  # one game's row removed through this connection
        stats.conn.execute("DELETE FROM games WHERE id = ?", (row,))
    assert read("beginner") == (fresh("beginner"), True) and fresh("beginner").played == 1
    assert read("expert")[1]


def test_assisted_games_are_listed_but_never_records():
    rows = [
        (1, 5_000, 1, "a", 9.0, None),
        (1, 9_000, 0, "b", 2.0, "r.json"),
        (0, 1_000, 1, "c", None, None),
    ]
    s = summarise("beginner", rows)
    assert s.played == 3 and s.won == 2
    assert s.best_times == [(9_000, "b", "r.json")]
    assert s.best_rate == 2.0
    assert (s.current_streak, s.best_streak) == (1, 1)
    assert [a for _, _, a in s.recent] == [True, False, True]


def test_an_assisted_fast_win_is_not_a_new_record(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record(time_ms=30_000))
    assert not stats.record(record(time_ms=1_000, assisted=True)).best_time


def test_custom_boards_keep_best_times_by_size(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    assert stats.record(record(kind="custom")).best_time  # the first of its size (20x20/50)
    assert stats.summary("custom").best_times == [(10_000, "2026-11-29T12:00:00", None)]
    assert stats.summary("custom").won == 1 and stats.summary("custom").size == (20, 20, 50)


def test_garbage_bytes_are_kept_aside_and_a_new_database_starts(tmp_path):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"\x00garbage" * 500)
    stats = Stats(path)
    assert stats.usable
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("stats.sqlite3.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00garbage" * 500
    assert len(stats.messages) == 1 and str(kept[0]) in stats.messages[0]
    stats.record(record())
    assert stats.summary("beginner").played == 1


def test_an_empty_file_becomes_a_database(tmp_path):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"")
    stats = Stats(path)
    assert stats.usable and stats.messages == []
    stats.record(record())
    assert stats.summary("beginner").played == 1


def test_a_newer_schema_is_left_untouched_and_not_written(tmp_path):
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    stats = Stats(path)
    assert not stats.usable
    assert "newer Pixel Mines" in stats.messages[0]
    assert stats.record(record()) is None
    assert path.read_bytes() == before


def test_a_folder_that_cannot_be_written_means_no_records_and_no_crash(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    stats = Stats(blocker / "stats.sqlite3")
    assert not stats.usable
    assert "will not be recorded" in stats.messages[0]
    assert stats.record(record()) is None
    assert stats.summary("beginner").played == 0
    assert "played 0" in "\n".join(stats_report(stats, "2026-11-29"))


WRITER = """
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from game.store.stats import GameRecord, Stats
stats = Stats(Path({path!r}))
for i in range(40):
    stats.record(GameRecord(played_at="2026-11-29T12:00:00", kind="beginner", rows=9, cols=9,
        mines=10, seed=str(i), safe_zone="opening", won=True, time_ms=1000 + i, bbbv=10,
        clicks_left=10, clicks_right=0, clicks_chord=0, cleared=71, safe_cells=71,
        assisted=False, source={source!r}))
assert stats.usable, stats.messages
"""


@pytest.mark.concurrent
def test_two_games_open_at_once_both_record(tmp_path):
    path = tmp_path / "stats.sqlite3"
    Stats(path).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER.format(root=str(ROOT), path=str(path), source=name)]
        )
        for name in ("window", "text")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    conn = sqlite3.connect(path)
    counts = dict(conn.execute("SELECT source, count(*) FROM games GROUP BY source").fetchall())
    assert counts == {"window": 40, "text": 40}


@pytest.mark.concurrent
def test_a_terminal_game_won_with_a_seed_counts_but_sets_no_record(tmp_path):
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    g = Game(9, 9, 10, seed=11)
    g.reveal(4, 4)
    moves = ["r 4 4"] + [
        f"r {r} {c}" for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "."
    ]
    played = subprocess.run(
        [sys.executable, "main.py", "--text", "--seed", "11"],
        cwd=ROOT,
        env=env,
        input="\n".join(moves) + "\nn\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert played.returncode == 0 and "You won" in played.stdout
    # a board the player chose (--seed) never sets a best, and the notice says why
    assert "New record" not in played.stdout
    assert "No record. A chosen board (a seed)." in played.stdout
    shown = subprocess.run(
        [sys.executable, "main.py", "--stats"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0
    beginner = shown.stdout.split("Intermediate")[0]
    assert "Beginner: played 1, won 1 (100%)" in beginner
    assert "1." not in beginner and "No wins yet" not in beginner
    assert "No best time yet: wins with help or on a chosen or daily board set none." in beginner
    assert "last 1: a" in beginner


def test_an_older_database_is_migrated_and_keeps_its_games(tmp_path):
    from game.store.stats import MIGRATIONS

    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(f"BEGIN; {MIGRATIONS[1]} PRAGMA user_version = 1; COMMIT;")
    conn.execute(
        "INSERT INTO games (played_at, kind, rows, cols, mines, seed, safe_zone, won, time_ms,"
        " bbbv, bbbv_per_s, clicks_left, clicks_right, clicks_chord, efficiency, cleared,"
        " safe_cells, assisted, source) VALUES ('2026-01-01T00:00:00', 'beginner', 9, 9, 10,"
        " '1', 'opening', 1, 5000, 10, 2.0, 10, 0, 0, 1.0, 71, 71, 0, 'window')"
    )
    conn.commit()
    conn.close()
    stats = Stats(path)
    assert stats.usable and stats.messages == []
    assert stats.summary("beginner").best_times == [(5000, "2026-01-01T00:00:00", None)]
    stats.record(record())
    assert stats.summary("beginner").played == 2


def test_daily_streak_counts_first_tries_won_in_a_row_up_to_today(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    for day, won in [
        ("2026-11-20", True),
        ("2026-11-26", True),
        ("2026-11-27", False),
        ("2026-11-27", True),
        ("2026-11-28", True),
    ]:
        rec = record(kind="expert", won=won)
        stats.record(GameRecord(**{**rec.__dict__, "daily": day}))
    d = stats.daily_summary("2026-11-29")
    # 11-27 counts by its first game, a loss; the win after it was a retry
    assert (d.played, d.won, d.streak, d.best_streak) == (4, 3, 1, 1)
    assert stats.daily_summary("2026-12-05").streak == 0


HEADER = (
    "date,time,utc_offset,game_id,board,rows,cols,mines,seed,code,chosen,time_ms,3bv,3bv_per_s,"
    "clicks,effective_clicks,"
    "wasted_clicks,efficiency,ioe,throughput,zini,rqp,nf,guesses,won,"
    "assisted,daily,bbbv_solved,left_clicks,right_clicks,double_clicks,effective_left,"
    "effective_right,effective_double,correctness,path,pauses"
)
BIG_SEED = 12345678901234567890  # 20 digits: a spreadsheet keeps 15 of them


@pytest.fixture
def summer_time_zone(monkeypatch):
    """Local time is Central European (+01:00, +02:00 in summer) for this test."""
    monkeypatch.setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def won_game(seed: int) -> Game:
    g = Game(9, 9, 10, seed=seed)
    g.reveal(4, 4)
    for r, line in enumerate(g.layout()):
        for c, ch in enumerate(line):
            if ch == ".":
                g.reveal(r, c)
    assert g.state is GameState.WON
    return g


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_export_writes_every_column_of_a_known_game(tmp_path, summer_time_zone):
    g = won_game(BIG_SEED)
    rec = GameRecord.of(g, 12_345, source="text", played_at="2026-11-29T12:00:00")
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(rec)
    out = tmp_path / "games.csv"
    assert export_csv(stats, out) == 1
    assert out.read_text(encoding="utf-8").splitlines()[0] == HEADER
    (row,) = read_csv(out)
    clicks = rec.clicks_left + rec.clicks_right + rec.clicks_chord
    assert (
        row
        == {
            "date": "2026-11-29",
            "time": "12:00:00",
            "utc_offset": "+01:00",
            "game_id": "",  # a record made without an id, and no replay
            "board": "beginner",
            "rows": "9",
            "cols": "9",
            "mines": "10",
            "seed": seed_text(BIG_SEED),
            "code": code_of(g),
            "chosen": "",
            "time_ms": "12345",
            "3bv": str(g.bbbv),
            "3bv_per_s": f"{round(g.bbbv / 12.345, 3):.3f}",
            "clicks": "",
            "effective_clicks": "",
            "wasted_clicks": "",  # not measured
            "efficiency": f"{round(g.bbbv / clicks, 2):.2f}",
            "ioe": "",
            "throughput": "",
            "zini": "",
            "rqp": "",
            "nf": "",
            "guesses": "",
            "won": "1",
            "assisted": "0",
            "daily": "",
            "bbbv_solved": str(g.bbbv),  # known at once; the clicks when measured
            **dict.fromkeys(HEADER.split(",")[-9:], ""),
        }
    )
    assert decode(row["code"]).seed == BIG_SEED and decode(row["code"]).first_click == (4, 4)
    assert seed_of_text(row["seed"]) == BIG_SEED


def test_export_keeps_every_digit_of_a_20_digit_seed_and_no_field_is_a_long_number(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(GameRecord(**{**record().__dict__, "seed": str(BIG_SEED)}))
    stats.record(GameRecord(**{**record().__dict__, "seed": str(2**64 - 1)}))
    out = tmp_path / "games.csv"
    export_csv(stats, out)
    rows = read_csv(out)
    assert [seed_of_text(row["seed"]) for row in rows] == [BIG_SEED, 2**64 - 1]
    fields = [value for row in rows for value in row.values()]
    assert not [value for value in fields if re.search(r"[0-9]{16}", value)]


def test_export_writes_dates_with_their_utc_offset_summer_time_included(tmp_path, summer_time_zone):
    stats = Stats(tmp_path / "stats.sqlite3")
    for when in ("2026-07-01T09:30:00", "2026-01-01T09:30:00", "2026-03-01T09:30:00-05:00"):
        stats.record(GameRecord(**{**record().__dict__, "played_at": when}))
    out = tmp_path / "games.csv"
    export_csv(stats, out)
    assert [(row["date"], row["time"], row["utc_offset"]) for row in read_csv(out)] == [
        ("2026-07-01", "09:30:00", "+02:00"),
        ("2026-01-01", "09:30:00", "+01:00"),
        ("2026-03-01", "09:30:00", "-05:00"),
    ]


def test_export_rounds_measures_and_leaves_empty_what_a_game_does_not_have(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record(time_ms=12_500, bbbv=25))
    stats.record(record(kind="expert", won=False, assisted=True))
    daily = GameRecord(**{**record(kind="expert").__dict__, "daily": "2026-11-29"})
    stats.record(daily)
    out = tmp_path / "games.csv"
    assert export_csv(stats, out) == 3
    first, lost, day = read_csv(out)
    assert (first["3bv_per_s"], first["efficiency"]) == ("2.000", "1.00")
    assert (first["rows"], first["cols"], first["mines"]) == ("9", "9", "10")
    assert first["seed"] == seed_text(1)
    assert first["code"] == ""  # a record made without a game has no board code
    assert (lost["board"], lost["won"], lost["assisted"]) == ("expert", "0", "1")
    assert lost["3bv_per_s"] == "" and lost["efficiency"] == ""
    assert day["daily"] == "2026-11-29" and first["daily"] == ""


def test_export_leaves_empty_a_value_a_hand_edited_row_holds_that_is_not_its_column(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record())
    stats.conn.execute(
        "UPDATE games SET seed = '123456789012345678901234', kind = 'x',"
        " played_at = 'yesterday', code = 'NOTACODE', time_ms = -1,"
        " efficiency = 1e999, daily = '2026-13-45'"
    )
    stats.conn.commit()
    out = tmp_path / "games.csv"
    export_csv(stats, out)
    (row,) = read_csv(out)
    keys = ("seed", "board", "date", "time", "utc_offset", "code", "time_ms", "efficiency", "daily")
    assert [row[k] for k in keys] == [""] * len(keys)


def test_export_replaces_an_existing_file_only_when_asked(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record())
    out = tmp_path / "games.csv"
    out.write_text("mine\n")
    with pytest.raises(ExistingFile):
        export_csv(stats, out)
    assert out.read_text() == "mine\n"
    assert export_csv(stats, out, replace=True) == 1
    assert out.read_text().startswith(HEADER)


def test_export_of_an_unusable_database_writes_the_header_only(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.close()
    out = tmp_path / "games.csv"
    assert export_csv(stats, out) == 0
    assert out.read_text(encoding="utf-8").splitlines()[0].startswith("date,time,utc_offset,")
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1


def test_a_game_recorded_before_rows_kept_codes_gets_its_code_from_its_replay(tmp_path):
    from game.store.replays import replay_of, save_replay

    g = won_game(BIG_SEED)
    path = save_replay(replay_of(g, elapsed_ms=9_000, source="text"), tmp_path)
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(GameRecord.of(g, 9_000, source="text", replay=str(path)))
    stats.record(GameRecord.of(g, 9_000, source="text", replay=str(tmp_path / "gone.json")))
    stats.conn.execute("UPDATE games SET code = NULL")  # as a schema 4 file has them
    stats.conn.commit()
    out = tmp_path / "games.csv"
    export_csv(stats, out)
    assert [row["code"] for row in read_csv(out)] == [code_of(g), ""]
