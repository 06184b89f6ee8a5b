"""The Videos room's rows (game/ui/dialogs/videos.py): every finished game whose replay was
kept, one row each, filtered by the kind of board and the result, sorted by any column and
read a page at a time, so a file of 100,000 games opens as fast as one of ten; deleting a
video; where an exported video goes.

Every query is `replay IS NOT NULL AND GOOD_ROW` and the filters, so sqlite answers it from the
partial index of good rows (`games_good`) without checking each row's figures; with the index
`games_videos` (kind, won, id over the same rows; asked of the schema) counting and the pages
by date read about a page of rows. Sorting by date walks the games in the order they were
stored (their row id, the order they ended: a clock put back an hour cannot reorder them); any
other column is sorted by sqlite over the rows that pass the filter (some 45 ms at 100,000
rows here). Only the page shown comes into Python, where a row's board sizes that are not
whole numbers (a file edited by hand) read as 0 and its kind as custom. Deleting a video
removes its replay file and clears the row's `replay`: the game still counts in the
statistics, and leaves this room.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from ..replays import GAME_ID, replays_dir
from .schema import _BROKEN_FILE, _FILE_ERRORS, GOOD_ROW, KINDS, _error_in

PAGE = 100  # rows read at once: the room's list holds one page
SORTS = ("date", "board", "result", "time", "bbbv", "rate", "ioe")
# What each sort orders by, before the row id (which breaks ties, in the same direction);
# a figure a row lacks (a loss's 3BV/s, an unmeasured IOE) goes last either way.
_ORDER = {
    "date": (),
    "board": ("rows * cols", "mines"),  # by size: Beginner, Intermediate, Expert, custom among them
    "result": ("won", "time_ms"),
    "time": ("time_ms",),
    "bbbv": ("bbbv",),
    "rate": ("bbbv_per_s",),
    "ioe": ("ioe",),
}
# A row of this room: a game as the statistics count it (so the partial index of good rows
# answers for its figures), with a replay.
VIDEO_ROW = f"replay IS NOT NULL AND {GOOD_ROW}"
# A replay file's name as this game writes it (store/replays.replay_path): only such a file
# is ever deleted, whatever path a row holds.
REPLAY_NAME = re.compile(
    rf"({GAME_ID.pattern})-[0-9]+x[0-9]+\.jsonl(\.gz)?"
)  # as written now and before
EXPORT_FOLDER = "Pixel Mines"  # inside the player's Videos folder


@dataclass(frozen=True)
class VideoRow:
    """One game of the room. `paused` is None where the file keeps no pauses (a schema
    before the pauses column)."""

    row_id: int
    game_id: str | None
    played_at: str
    kind: str
    rows: int
    cols: int
    mines: int
    won: bool
    time_ms: int
    bbbv: int | None
    bbbv_per_s: float | None
    ioe: float | None
    replay: str
    paused: bool | None = None


@dataclass(frozen=True)
class Query:
    """Which games, in which order: `kind` one of KINDS (None: every kind), `won` True or
    False (None: both), `sort` one of SORTS, newest (largest) first when `descending`."""

    kind: str | None = None
    won: bool | None = None
    sort: str = "date"
    descending: bool = True

    def where(self) -> tuple[str, tuple]:
        """The WHERE clause and its parameters."""
        sql, args = VIDEO_ROW, []
        if self.kind is not None:
            sql, args = f"kind = ? AND {sql}", [self.kind]
        if self.won is not None:
            sql, args = f"{sql} AND won = ?", [*args, int(self.won)]
        return sql, tuple(args)

    def order(self) -> str:
        way = "DESC" if self.descending else "ASC"
        terms = [f"{term} {way} NULLS LAST" for term in _ORDER[self.sort]]
        return ", ".join([*terms, f"id {way}"])


@dataclass(frozen=True)
class Page:
    rows: list[VideoRow]
    first: int  # the place of rows[0] among all the query's rows (0: the first)
    total: int  # how many rows the query has in all


def _columns(conn: sqlite3.Connection) -> frozenset[str]:
    return frozenset(
        name for (name,) in conn.execute("SELECT name FROM pragma_table_info('games')")
    )


def _select(columns: frozenset[str]) -> str:
    """The columns of a VideoRow; a measure that is not a number reads as NULL, and the
    pauses as NULL where the file has no such column."""
    pauses = (
        "CASE WHEN typeof(pauses) = 'integer' THEN pauses END" if "pauses" in columns else "NULL"
    )
    return (
        "id, game_id, played_at, kind, rows, cols, mines, won, time_ms, bbbv, bbbv_per_s,"
        f" ioe, replay, {pauses}"
    )


def count(conn: sqlite3.Connection, query: Query) -> int:
    where, args = query.where()
    return conn.execute(f"SELECT count(*) FROM games WHERE {where}", args).fetchone()[0]


def page(conn: sqlite3.Connection, query: Query, first: int = 0, total: int | None = None) -> Page:
    """The rows of `query` from place `first` (clamped to the last page), at most PAGE;
    `total`: the query's count if known (the room keeps it while only the order changes)."""
    total = count(conn, query) if total is None else total
    size = PAGE
    first = max(0, min(first, (max(0, total - 1) // size) * size))
    where, args = query.where()
    rows = conn.execute(
        f"SELECT {_select(_columns(conn))} FROM games WHERE {where}"
        f" ORDER BY {query.order()} LIMIT ? OFFSET ?",
        (*args, size, first),
    ).fetchall()
    return Page([_row(r) for r in rows], first, total)


def _row(r: tuple) -> VideoRow:
    """A page's row as the room shows it: what the good rows' check leaves unchecked (the
    board's sizes, the kind, the game id, the IOE) made safe to show."""
    row_id, game_id, played_at, kind, rows, cols, mines, won, time_ms, bbbv, rate = r[:11]
    ioe, replay, pauses = r[11:]
    return VideoRow(
        row_id,
        game_id if isinstance(game_id, str) and GAME_ID.fullmatch(game_id) else None,
        played_at,
        kind if kind in KINDS else "custom",
        *(n if type(n) is int and n >= 0 else 0 for n in (rows, cols, mines)),
        bool(won),
        time_ms,
        bbbv,
        None if rate is None else float(rate),
        float(ioe) if type(ioe) in (int, float) and math.isfinite(ioe) and ioe >= 0 else None,
        replay,
        None if pauses is None else pauses > 0,
    )


def place_of(conn: sqlite3.Connection, query: Query, row_id: int) -> int | None:
    """Where the row `row_id` stands among the query's rows (None: not among them): the
    page to open on after a change of sort keeps the picked game in view."""
    where, args = query.where()
    found = conn.execute(
        f"SELECT n FROM (SELECT id, row_number() OVER (ORDER BY {query.order()}) - 1 AS n"
        f" FROM games WHERE {where}) WHERE id = ?",
        (*args, row_id),
    ).fetchone()
    return None if found is None else found[0]


def replay_exists(row: VideoRow) -> bool:
    """Whether the row's replay is a file still there (a folder cleared by hand, a moved
    data folder: the room then offers only what needs no replay)."""
    try:
        return Path(row.replay).is_file()
    except (OSError, ValueError):  # a path no file system holds (a NUL in it)
        return False


class NotOurFile(ValueError):
    """The row names a file this game did not write as the game's replay: left alone."""


def delete_video(conn: sqlite3.Connection, row: VideoRow) -> bool:
    """Delete a game's video: its replay file (already gone is fine) and the row's path to it;
    the row itself stays, and its statistics with it. NotOurFile (and nothing deleted) when
    the path does not end in a replay's name of this game's id (a file edited by hand must not
    make the game remove another file); OSError when the file cannot be removed; whether the
    row was changed (False: another copy changed it meanwhile, or the file cannot be written:
    sqlite's error for that is raised, as `Stats._cannot_write` words it)."""
    named = REPLAY_NAME.fullmatch(os.path.basename(row.replay))
    if named is None or (row.game_id is not None and named[1] != row.game_id):
        raise NotOurFile(row.replay)
    with contextlib.suppress(FileNotFoundError):  # gone already: the row is cleared all the same
        os.unlink(row.replay)
    try:
        with conn:
            changed = conn.execute(
                "UPDATE games SET replay = NULL WHERE id = ? AND replay = ?",
                (row.row_id, row.replay),
            ).rowcount
    except sqlite3.DatabaseError as e:
        if not _error_in(e, _FILE_ERRORS + _BROKEN_FILE):
            raise
        raise OSError(str(e)) from e
    return changed == 1


def export_dir() -> Path:
    """Where exported videos go: "Pixel Mines" in the player's Videos folder (platformdirs:
    ~/Videos on Linux, the Videos library on Windows, ~/Movies on macOS), else beside the
    replays where there is no such folder to be had."""
    try:
        videos = platformdirs.user_videos_dir()
    except (OSError, KeyError, ValueError):  # no home folder to speak of
        videos = ""
    return Path(videos) / EXPORT_FOLDER if videos else replays_dir().parent / "exported"
