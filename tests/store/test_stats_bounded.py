"""The bounded statistics (SQL counts, indexes, kept tallies) give exactly the figures of
reading every row into Python, on random rows with bad ones among them, whatever is added,
changed or removed between two readings."""

import math
import random
import sqlite3
from datetime import date

import pytest

from game.store.stats import KINDS, Stats
from game.store.stats import summaries as stats_module
from game.store.stats.schema import CHOSEN_OR_DAILY, _daily_first, _flag, _good_row
from game.store.stats.summaries import TALLY_EVERY, _daily, summarise

TODAY = "2026-11-30"
COLUMNS = (
    "played_at",
    "kind",
    "rows",
    "cols",
    "mines",
    "safe_zone",
    "won",
    "time_ms",
    "bbbv",
    "bbbv_per_s",
    "clicks_left",
    "clicks_right",
    "clicks_chord",
    "cleared",
    "safe_cells",
    "assisted",
    "source",
    "replay",
    "daily",
    "game_id",
    "chosen",
)


def pick(rng, good, bad):
    return rng.choice(bad) if rng.random() < 0.04 else rng.choice(good)


def random_row(rng: random.Random, n: int, kind: str | None = None) -> tuple:
    won = pick(rng, [0, 1, 1], [2, "1", 1.0, b"\x01"])
    bbbv = pick(rng, [None, 0, 1, 2, 5, 9, 30], ["x", 2.5])
    time_ms = pick(rng, [rng.randrange(500, 5000, 250), 999], [-5, "abc", 3.5])
    rate = None
    if won == 1 and isinstance(bbbv, int) and type(time_ms) is int and time_ms >= 1000:
        rate = bbbv / time_ms * 1000
    rate = pick(rng, [rate, rate, rng.choice([None, 3])], [math.inf, -1.0, "x", math.nan])
    day = rng.choice([None] * 6 + ["2026-11-27", "2026-11-28", "2026-11-29", TODAY])
    day = pick(
        rng,
        [day],
        ["not-a-date", "2026-02-30", 20261130, "2026-W48-1", "20261130xx", "2026-11-3\xe9"],
    )
    return (
        pick(rng, [f"2026-11-{rng.randint(1, 3):02d}T12:00:00"], [b"\x00", 5]),
        kind or rng.choice(KINDS),
        *pick(rng, [(9, 9, 10), (9, 9, 10), (8, 8, 10)], [("9", 9, 10), (9, 9.5, 10)]),
        "opening",
        won,
        time_ms,
        bbbv,
        rate,
        3,
        1,
        0,
        71,
        71,
        pick(rng, [0, 0, 0, 1], [2, "no"]),
        "window",
        pick(rng, [None, f"r{n}.json"], [b"r"]),
        day,
        rng.choice([None, f"g{n}"]),
        rng.choice([None] * 6 + ["seed", "code"]),
    )


def good_daily_row(row: tuple) -> tuple[str, bool, int | None] | None:
    """`_daily_first` of a row (id, date, won, assisted, time_ms, 3BV), None if it is not
    one: the rule the statistics' SQL keeps, read in Python."""
    _, day, won, assisted, *_ = row
    if not (_flag(won) and _flag(assisted) and isinstance(day, str) and len(day) == 10):
        return None
    try:
        date.fromisoformat(day)
    except ValueError:
        return None
    return _daily_first(row)


def every_row_summary(stats: Stats, kind: str, size=None):
    """The summary of a kind from every row read in Python (a custom board's best times are
    of its size: the one asked for, or the last a row of it holds whole numbers for)."""
    rows = []
    for row in stats.conn.execute(
        "SELECT id, won, time_ms, assisted, bbbv, played_at, bbbv_per_s, replay,"
        f" {CHOSEN_OR_DAILY}, rows, cols, mines FROM games WHERE kind = ? ORDER BY id",
        (kind,),
    ):
        good = _good_row(row[:9])
        if good is not None:
            whole = all(type(v) is int for v in row[9:])
            rows.append((*good, None, False, whole and tuple(row[9:]) or None, False, None))
    return summarise(kind, rows, size)


def every_row_daily(stats: Stats):
    rows = []
    for row in stats.conn.execute(
        "SELECT id, daily, won, assisted, time_ms, bbbv FROM games WHERE daily IS NOT NULL"
        " ORDER BY id"
    ):
        good = good_daily_row(row)
        if good is not None:
            rows.append(good)
    return _daily(rows, TODAY)


def not_games(stats: Stats, kinds: set) -> set:
    """The ids of the rows of these kinds that are not games, found by reading every row."""
    rows = stats.conn.execute(
        "SELECT id, won, time_ms, assisted, bbbv, played_at, bbbv_per_s, replay,"
        f" {CHOSEN_OR_DAILY}, kind FROM games"
    )
    return {row[0] for row in rows if row[9] in kinds and _good_row(row[:9]) is None}


def not_dailies(stats: Stats) -> set:
    """The ids of the rows of daily boards that are not daily games, reading every row."""
    rows = stats.conn.execute(
        "SELECT id, daily, won, assisted, time_ms, bbbv FROM games WHERE daily NOT NULL"
    )
    return {row[0] for row in rows if good_daily_row(row) is None}


def insert(stats: Stats, row: tuple) -> None:
    with stats.conn:
        stats.conn.execute(
            f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
            row,
        )


@pytest.mark.parametrize("seed, tally_every", [(0, 1), (1, 2), (2, 5), (3, TALLY_EVERY)])
def test_figures_equal_those_of_every_row_read_in_python(tmp_path, monkeypatch, seed, tally_every):
    monkeypatch.setattr(stats_module, "TALLY_EVERY", tally_every)  # tallies kept often
    rng = random.Random(seed)
    stats = Stats(tmp_path / "stats.sqlite3")
    kinds, dailies = set(), []
    n = 0
    for _ in range(40):
        for _ in range(rng.choice([0, 1, 3, 20, 60])):
            n += 1
            insert(stats, random_row(rng, n))
        ids = [i for (i,) in stats.conn.execute("SELECT id FROM games")]
        change = rng.random()
        if ids and change < 0.15:  # a row counted by a tally changes: the tally is forgotten
            with stats.conn:
                stats.conn.execute(
                    "UPDATE games SET won = 1 - won, assisted = ? WHERE id = ?",
                    (rng.choice([0, 1]), rng.choice(ids)),
                )
        elif ids and change < 0.3:  # a game's end undone, or an old row removed
            with stats.conn:
                stats.conn.execute("DELETE FROM games WHERE id = ?", (rng.choice(ids),))
        kind = rng.choice(KINDS)
        assert stats.summary(kind) == every_row_summary(stats, kind)
        kinds.add(kind)
        if rng.random() < 0.3:
            assert stats.daily_summary(TODAY) == every_row_daily(stats)
            bad = not_games(stats, KINDS)
            kind_of = dict(stats.conn.execute("SELECT id, kind FROM games"))
            dailies = [(kind_of[i], i in bad) for i in not_dailies(stats)]
        # the rows of the kinds read left out now, and the daily rows left out at the last
        # daily reading that were not counted with their kind
        also = sum(1 for kind, not_a_game in dailies if not (not_a_game and kind in kinds))
        assert stats.skipped == len(not_games(stats, kinds)) + also
    kept = stats.conn.execute("SELECT count(*) FROM tallies").fetchone()[0]
    assert kept >= 1  # the tallies were used, not only worked out from scratch
    stats.close()


def test_a_tally_edited_by_hand_is_not_trusted(tmp_path):
    rng = random.Random(7)
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(200):
        insert(stats, random_row(rng, n))
    stats.summary("beginner")
    with stats.conn:
        stats.conn.execute("UPDATE tallies SET played = -3, best = 'x'")
    assert stats.summary("beginner") == every_row_summary(stats, "beginner")


def test_recording_a_game_again_leaves_its_own_earlier_row_out(tmp_path):
    rng = random.Random(8)
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(100):
        insert(stats, random_row(rng, n))
    game_id = stats.conn.execute(
        "SELECT game_id FROM games WHERE kind = 'expert' AND game_id IS NOT NULL"
    ).fetchone()[0]
    expected = summarise(
        "expert",
        [
            _good_row(r)
            for r in stats.conn.execute(
                "SELECT id, won, time_ms, assisted, bbbv, played_at, bbbv_per_s, replay,"
                f" {CHOSEN_OR_DAILY} FROM games WHERE kind = 'expert' AND game_id IS NOT ?"
                " ORDER BY id",
                (game_id,),
            )
            if _good_row(r) is not None
        ],
    )
    assert stats.summary("expert", leaving_out=game_id) == expected


def test_undoing_the_last_games_end_falls_back_to_an_older_tally(tmp_path):
    rng = random.Random(9)
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(1 + 2 * TALLY_EVERY):
        insert(stats, random_row(rng, n, "beginner"))
        stats.summary("beginner")
    last = stats.conn.execute("SELECT max(id) FROM games").fetchone()[0]
    tallies = "SELECT upto FROM tallies WHERE kind = 'beginner' ORDER BY upto"
    assert [u for (u,) in stats.conn.execute(tallies)] == [1, 1 + TALLY_EVERY, last]
    with stats.conn:
        stats.conn.execute("DELETE FROM games WHERE id = ?", (last,))
    assert [u for (u,) in stats.conn.execute(tallies)] == [1, 1 + TALLY_EVERY]
    assert stats.summary("beginner") == every_row_summary(stats, "beginner")


def test_a_daily_date_that_is_not_utf8_is_left_out_and_counted(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    insert(stats, random_row(random.Random(1), 1, "beginner")[:18] + ("2026-11-30", None, None))
    with stats.conn:
        stats.conn.execute(
            "UPDATE games SET daily = CAST(x'323032362d31312d33ff' AS TEXT), won = 1, assisted = 0"
        )  # ten bytes, the last one not UTF-8
    assert stats.daily_summary(TODAY) == every_row_daily(stats)
    assert stats.daily_summary(TODAY).played == 0 and stats.skipped == 1


def test_a_database_whose_index_of_ours_is_made_otherwise_is_set_aside(tmp_path):
    path = tmp_path / "stats.sqlite3"
    Stats(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DROP INDEX games_fair_rates")
        conn.execute("CREATE INDEX games_fair_rates ON games (kind)")  # the name, not the index
    conn.close()
    stats = Stats(path)
    assert stats.usable and "kept as" in stats.take_messages()[0]
    assert stats.summary("beginner").best_rate is None
    assert [p for p in tmp_path.iterdir() if p.name.startswith("stats.sqlite3.corrupt-")]
