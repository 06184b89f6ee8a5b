"""The figures the statistics show, read bounded by what is shown: the counts and streaks of
each kind from the tallies kept in the file (schema version 4) and the rows after them, the
bests and the recent games from partial indexes, the daily boards one row a day; and the same
figures worked out from rows in Python (`summarise`, `_daily`) where every row is read."""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field
from datetime import date

from .schema import (
    _FILE_ERRORS,
    CHOSEN_OR_DAILY,
    DAILY_OK,
    FAIR,
    FAIR_WIN,
    GOOD_ROW,
    PAUSED,
    _daily_first,
    _error_in,
    _good_row,
    _measure_ok,
)

# A new tally is written once this many rows came after the newest (or when there is none):
# a summary reads at most about this many rows, and writes rarely (it runs on the loop).
TALLY_EVERY = 256
# Tallies kept per kind: the newest is used; the older ones stand in when the newest is
# forgotten (a row it counted changed or was removed) so that only a few rows are read.
TALLIES_KEPT = 8
BEST_TIMES = 10
RECENT = 50
# A custom board's size: (rows, cols, mines). Its best times are its own (docs/RULES.md).
Size = tuple[int, int, int]
# SQL: the row's board's size is whole numbers (a file edited by hand may hold anything).
SIZE_OK = "typeof(rows) = 'integer' AND typeof(cols) = 'integer' AND typeof(mines) = 'integer'"
# SQL: what a best time's clicks are read from (`_clicks_of` checks them): only a game
# measured with its clicks has them.
CLICKS = (
    "measured IS 'all', clicks_left, clicks_right, clicks_chord, clicks_effective,"
    " throughput, correctness"
)


@dataclass(frozen=True)
class Summary:
    kind: str
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_times: list[tuple[int, str, str | None]]  # (ms, played_at, replay) fastest fair wins
    best_rate: float | None  # best 3BV/s of an unassisted win
    recent: list[tuple[bool, int, bool]]  # (won, time_ms, assisted), oldest first
    best_ioe: float | None = None  # best IOE of an unassisted win
    nf_best_rate: float | None = None  # the same, of the wins where no flag was placed
    nf_best_ioe: float | None = None
    best_measures: list[tuple[float | None, float | None]] = field(
        default_factory=list
    )  # (3BV/s, IOE) of each of the best times
    # whether the clock of each of the best times was paused (it counts, and says so)
    best_paused: list[bool] = field(default_factory=list)
    # each best time's (left, right, double, effective clicks, throughput, correctness),
    # None if its clicks were not measured
    best_clicks: list[tuple | None] = field(default_factory=list)
    size: Size | None = None  # custom boards: the size whose best times these are

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class DailySummary:
    played: int
    won: int
    streak: int  # daily boards won on consecutive days, up to today or yesterday
    best_streak: int
    best_ms: int | None = None  # the daily boards' own best time (first games, unassisted)
    best_paused: bool = False  # its clock was paused


def _daily(rows: list[tuple], today: str) -> DailySummary:
    """Each date counts by its first game only (a retry after a loss does not turn the day
    into a win); an assisted win is not a win here. Rows: (date, won, time[, paused])."""
    first: dict[str, bool] = {}
    times: dict[str, int | None] = {}
    paused: dict[str, bool] = {}
    for day, won, time_ms, *was_paused in rows:
        first.setdefault(day, won)
        times.setdefault(day, time_ms)
        paused.setdefault(day, any(was_paused))
    won_days = sorted(d for d, won in first.items() if won)
    ordinals = [date.fromisoformat(d).toordinal() for d in won_days]
    best = run = 0
    for k, day in enumerate(ordinals):
        run = run + 1 if k and day == ordinals[k - 1] + 1 else 1
        best = max(best, run)
    current = 0
    if ordinals and ordinals[-1] >= date.fromisoformat(today).toordinal() - 1:
        current = run
    timed = sorted((t, d) for d, t in times.items() if t is not None)
    best_ms = timed[0][0] if timed else None
    return DailySummary(
        len(first), len(won_days), current, best, best_ms, bool(timed) and paused[timed[0][1]]
    )


def summarise(kind: str, rows: list[tuple], size: Size | None = None) -> Summary:
    """Figures of one kind of board from its games in order: (won, time_ms, assisted,
    played_at, 3BV/s, replay path[, IOE, no flag placed[, size, paused, clicks]]), as
    `every_row` makes them (clicks: as `_clicks_of` makes them).

    Records (best times, best 3BV/s, streaks) count only the games that can set one
    (game/store/records.py); any other neither extends nor breaks a streak. Custom boards
    keep best times by size: those of `size`, by default the size last played.
    """
    streak = best_streak = 0
    for won, _time, assisted, *_rest in rows:
        if assisted:
            continue
        streak = streak + 1 if won else 0
        best_streak = max(best_streak, streak)
    fair_wins = [r for r in rows if r[0] and not r[2]]
    fastest = sorted(fair_wins, key=lambda r: (r[1], r[3]))
    if kind == "custom":
        size = size or next((_at(r, 8) for r in reversed(rows) if _at(r, 8)), None)
        fastest = [r for r in fastest if size is not None and _at(r, 8) == size]
    else:
        size = None
    fastest = fastest[:BEST_TIMES]
    rates = [r[4] for r in fair_wins if r[4] is not None]

    def best(values: list) -> float | None:
        values = [v for v in values if v is not None]
        return max(values) if values else None

    nf_wins = [r for r in fair_wins if _at(r, 7)]
    return Summary(
        kind=kind,
        played=len(rows),
        won=sum(1 for r in rows if r[0]),
        current_streak=streak,
        best_streak=best_streak,
        best_times=[(r[1], r[3], r[5]) for r in fastest],
        best_rate=max(rates) if rates else None,
        recent=[(bool(r[0]), r[1], bool(r[2])) for r in rows[-RECENT:]],
        best_ioe=best([_at(r, 6) for r in fair_wins]),
        nf_best_rate=best([r[4] for r in nf_wins]),
        nf_best_ioe=best([_at(r, 6) for r in nf_wins]),
        best_measures=[(r[4], _at(r, 6)) for r in fastest],
        best_paused=[bool(_at(r, 9)) for r in fastest],
        best_clicks=[_at(r, 10) for r in fastest],
        size=size,
    )


def _at(row: tuple, k: int) -> object:
    """A row's k-th figure, None if the row is shorter (the figures after the sixth are
    optional: `summarise`)."""
    return row[k] if len(row) > k else None


def _clicks_of(values: tuple) -> tuple | None:
    """A best time's (left, right, double, effective, throughput, correctness) from the
    row's `CLICKS`, checked (a file edited by hand may hold anything); None if the game's
    clicks were not measured or one of them is not what it should be."""
    measured, *counts, throughput, correctness = values
    if measured != 1 or not all(type(n) is int and 0 <= n < 2**53 for n in counts):
        return None
    rates = [
        v if type(v) in (int, float) and math.isfinite(v) and v >= 0 else None
        for v in (throughput, correctness)
    ]
    return (*counts, *rates)


def _size_of(values: tuple) -> Size | None:
    """A board's (rows, cols, mines) if they are whole numbers, else None."""
    return values if all(type(v) is int for v in values) else None


def tally(conn: sqlite3.Connection, kind: str) -> tuple[int, int, int, int]:
    """(played, won, current streak, best streak) of one kind: the newest kept tally and the
    rows after it, then a tally kept for the rows up to now. One read transaction, so the
    tally written matches the rows read."""
    began = not conn.in_transaction
    if began:
        conn.execute("BEGIN")
    try:
        kept = conn.execute(
            "SELECT upto, played, won, run, best FROM tallies WHERE kind = ?"
            " ORDER BY upto DESC LIMIT 1",
            (kind,),
        ).fetchone()
        fresh = kept is None or not all(type(v) is int and v >= 0 for v in kept)
        if fresh:
            kept = (0, 0, 0, 0, 0)  # none yet, or not one we wrote: count every row
        upto, played, won, run, best = kept
        top = conn.execute("SELECT max(id) FROM games").fetchone()[0]
        if top is not None and top > upto:
            span = (kind, upto, top)  # the rows since the tally, by their ids
            more, more_won = conn.execute(
                "SELECT count(*), count(CASE won WHEN 1 THEN 1 END) FROM games"
                f" WHERE id > ?2 AND id <= ?3 AND kind = ?1 AND {GOOD_ROW}",
                span,
            ).fetchone()
            played, won = played + more, won + more_won
            wins = bytes(
                w
                for (w,) in conn.execute(
                    f"SELECT won FROM games WHERE id > ?2 AND id <= ?3 AND kind = ?1 AND {FAIR}"
                    " ORDER BY id",
                    span,
                )
            )
            runs = wins.split(b"\x00")  # the fair wins between fair losses
            if len(runs) == 1:
                run += len(wins)
                best = max(best, run)
            else:
                best = max(best, run + len(runs[0]), max(map(len, runs)))
                run = len(runs[-1])
            if fresh or top - upto >= TALLY_EVERY:
                _keep_tally(conn, kind, (top, played, won, run, best))
    finally:
        if began and conn.in_transaction:
            conn.commit()
    return played, won, run, best


def _keep_tally(conn: sqlite3.Connection, kind: str, tally: tuple) -> None:
    """Write a tally if the file can be written at once; never wait for another copy of the
    game that is writing (a tally is only a shortcut: it is worked out again next time)."""
    (wait,) = conn.execute("PRAGMA busy_timeout").fetchone()
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute("INSERT OR REPLACE INTO tallies VALUES (?, ?, ?, ?, ?, ?)", (kind, *tally))
        conn.execute(
            "DELETE FROM tallies WHERE kind = ? AND upto NOT IN"
            " (SELECT upto FROM tallies WHERE kind = ? ORDER BY upto DESC LIMIT ?)",
            (kind, kind, TALLIES_KEPT),
        )
    except sqlite3.OperationalError as e:
        if not _error_in(e, _FILE_ERRORS):
            raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(wait)}")


# ---- the queries: each reads the rows a figure needs through the index made for it ----------


def indexed(
    conn: sqlite3.Connection,
    kind: str,
    tallied: tuple[int, int, int, int],
    size: Size | None = None,
) -> Summary:
    """Figures of one kind of board from its `tally` and the indexes of the bests (custom
    boards: the best times of `size`, by default the size last played)."""
    played, won, streak, best_streak = tallied
    size = (size or last_custom_size(conn)) if kind == "custom" else None
    best_times, best_rate = bests(conn, kind, None, size)
    recent = conn.execute(
        "SELECT won, time_ms, NOT (assisted = 0 AND ifnull(bbbv, 0) > 1 AND chosen IS NULL"
        " AND daily IS NULL) FROM games INDEXED BY games_good"
        f" WHERE kind = ? AND {GOOD_ROW} ORDER BY id DESC LIMIT ?",
        (kind, RECENT),
    ).fetchall()
    return Summary(
        kind=kind,
        played=played,
        won=won,
        current_streak=streak,
        best_streak=best_streak,
        best_times=[t[:3] for t in best_times],
        best_rate=best_rate,
        recent=[(bool(w), ms, bool(other)) for w, ms, other in reversed(recent)],
        best_ioe=best(conn, kind, "games_fair_ioe", "ioe", ""),
        nf_best_rate=best(conn, kind, "games_nf_rates", "bbbv_per_s", " AND nf = 1"),
        nf_best_ioe=best(conn, kind, "games_nf_ioe", "ioe", " AND nf = 1"),
        best_measures=[t[3:5] for t in best_times],
        best_paused=[bool(t[5]) for t in best_times],
        best_clicks=[_clicks_of(t[6:]) for t in best_times],
        size=size,
    )


def last_custom_size(conn: sqlite3.Connection) -> Size | None:
    """The size of the custom board played last (of a row that holds a game), if any."""
    found = conn.execute(
        "SELECT rows, cols, mines FROM games INDEXED BY games_good"
        f" WHERE kind = 'custom' AND {GOOD_ROW} AND {SIZE_OK} ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return None if found is None else tuple(found)


def custom_size_beside(conn: sqlite3.Connection, size: Size | None, step: int) -> Size | None:
    """The custom size with a best time after `size` (step 1) or before it (-1), in the
    order of rows, columns and mines, round from the last to the first; None if there is
    none. One step of the index of custom best times, whatever the number of games."""
    after, order = (">", "") if step > 0 else ("<", " DESC")
    query = (
        "SELECT rows, cols, mines FROM games INDEXED BY games_custom_times"
        f" WHERE kind = 'custom' AND {FAIR_WIN} AND {SIZE_OK}{{where}}"
        f" ORDER BY rows{order}, cols{order}, mines{order} LIMIT 1"
    )
    found = None
    if size is not None:
        found = conn.execute(
            query.format(where=f" AND (rows, cols, mines) {after} (?, ?, ?)"), size
        ).fetchone()
    if found is None:  # round to the first (or the last)
        found = conn.execute(query.format(where="")).fetchone()
    return None if found is None else tuple(found)


def best(
    conn: sqlite3.Connection,
    kind: str,
    index: str,
    column: str,
    only: str,
    leaving_out: str | None = None,
) -> float | None:
    """The highest of a measure among the fair wins of one kind (`only`: and these),
    leaving out one game's own row (it is being recorded)."""
    found = conn.execute(
        f"SELECT {column} FROM games INDEXED BY {index} WHERE kind = ? AND {FAIR_WIN}{only}"
        f" AND {column} IS NOT NULL AND {_measure_ok(column)}"
        f" AND (? IS NULL OR game_id IS NOT ?) ORDER BY {column} DESC LIMIT 1",
        (kind, leaving_out, leaving_out),
    ).fetchone()
    return None if found is None else found[0]


def bests(
    conn: sqlite3.Connection, kind: str, leaving_out: str | None, size: Size | None = None
) -> tuple[list, float | None]:
    """The fastest fair wins (of custom boards, those of `size`: none without one) and the
    best 3BV/s of one kind. A best time: (time_ms, played_at, replay, 3BV/s, IOE, paused,
    *CLICKS)."""
    columns = (
        "time_ms, played_at, replay, bbbv_per_s,"
        f" CASE WHEN {_measure_ok('ioe')} THEN ioe END, {PAUSED}, {CLICKS}"
    )
    best_times = []
    if kind != "custom":
        best_times = conn.execute(
            f"SELECT {columns} FROM games INDEXED BY games_fair_times"
            f" WHERE kind = ? AND {FAIR_WIN} AND (? IS NULL OR game_id IS NOT ?)"
            " ORDER BY time_ms, played_at, id LIMIT ?",
            (kind, leaving_out, leaving_out, BEST_TIMES),
        ).fetchall()
    elif size is not None:
        best_times = conn.execute(
            f"SELECT {columns} FROM games INDEXED BY games_custom_times"
            f" WHERE rows = ? AND cols = ? AND mines = ? AND kind = 'custom' AND {FAIR_WIN}"
            " AND (? IS NULL OR game_id IS NOT ?) ORDER BY time_ms, played_at, id LIMIT ?",
            (*size, leaving_out, leaving_out, BEST_TIMES),
        ).fetchall()
    rate = conn.execute(
        "SELECT bbbv_per_s FROM games INDEXED BY games_fair_rates"
        f" WHERE kind = ? AND {FAIR_WIN} AND bbbv_per_s IS NOT NULL"
        " AND (? IS NULL OR game_id IS NOT ?) ORDER BY bbbv_per_s DESC LIMIT 1",
        (kind, leaving_out, leaving_out),
    ).fetchone()
    return best_times, None if rate is None else rate[0]


def every_row(conn: sqlite3.Connection, kind: str, leaving_out: str | None) -> list[tuple]:
    """Every row of one kind that holds a game, as `summarise` takes them (a game recorded
    again: its earlier row, `leaving_out`, must not count against it)."""
    rows = conn.execute(
        "SELECT id, won, time_ms, assisted, bbbv, played_at, bbbv_per_s, replay,"
        f" {CHOSEN_OR_DAILY}, CASE WHEN {_measure_ok('ioe')} THEN ioe END, nf IS 1,"
        f" rows, cols, mines, {PAUSED}, {CLICKS}"
        " FROM games WHERE kind = ? AND (? IS NULL OR game_id IS NOT ?) ORDER BY id",
        (kind, leaving_out, leaving_out),
    )
    return [
        (*good[:8], _size_of(good[8:11]), good[11], _clicks_of(good[12:]))
        for good in map(_good_row, rows)
        if good is not None
    ]


def daily_firsts(conn: sqlite3.Connection, leaving_out: str | None = None) -> list[tuple]:
    """`_daily_first` of each date's first game (the row of its smallest id; whether its
    clock was paused too), leaving out one game's own row (it is being recorded)."""
    firsts = conn.execute(
        f"SELECT min(id), daily, won, assisted, time_ms, bbbv, {PAUSED} FROM games"
        f" INDEXED BY games_daily WHERE daily IS NOT NULL AND {DAILY_OK}"
        " AND (? IS NULL OR game_id IS NOT ?) GROUP BY daily",
        (leaving_out, leaving_out),
    )
    return [_daily_first(row) for row in firsts]


def count_skipped(
    conn: sqlite3.Connection, kinds: list[str], daily_out: list[tuple[str, int, int]]
) -> int:
    """How many rows of these kinds do not hold a game, and of the daily rows left out when
    they were last read (`daily_out`: kind, whether not a game either, how many) those not
    counted with them already."""
    n = 0
    if kinds:
        n = conn.execute(
            "SELECT count(*) FROM games INDEXED BY games_bad"
            f" WHERE kind IN ({', '.join('?' * len(kinds))}) AND NOT {GOOD_ROW}",
            kinds,
        ).fetchone()[0]
    return n + sum(k for kind, bad, k in daily_out if not (bad and kind in kinds))
