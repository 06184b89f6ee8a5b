"""`--export-stats`: every game as CSV, each value checked as it is written."""

from __future__ import annotations

import csv
import errno
import io
import math
import os
import re
from datetime import datetime
from pathlib import Path

from ...engine.codes import MAX_SEED, CodeError, code_of, decode, seed_text
from ...i18n import _
from ..files import atomic_write
from ..records import chosen_or_none
from ..replays import GAME_ID, ReplayError, load_replay
from .database import Stats
from .schema import KINDS, _flag, _is_date

# The columns of `--export-stats`, in this order: (name, SQL, how a value is written). Every
# value is checked as it is written (a file edited by hand may hold anything): one that is not
# what its column holds is left empty. Nothing is a run of more than 15 digits, as spreadsheets
# keep 15 significant digits and round the rest away.
_MAX_COUNT = 10**15


def _count(value: object) -> str:
    return str(value) if type(value) is int and 0 <= value < _MAX_COUNT else ""


def _measure(places: int):
    def written(value: object) -> str:
        if type(value) not in (int, float) or not (math.isfinite(value) and 0 <= value < 1e9):
            return ""
        return f"{value:.{places}f}"

    return written


def _zero_or_one(value: object) -> str:
    return str(value) if _flag(value) else ""


def _ended(value: object) -> tuple[str, str, str]:
    """When the game ended as three cells a spreadsheet reads: the date (YYYY-MM-DD) and the
    time (HH:MM:SS) as the clock on the wall showed them, and the UTC offset then (+HH:MM).
    Rows hold the local time without an offset: it is read as this computer's local time on
    that date (summer time included). Each on its own, because a spreadsheet reads neither a
    date nor a time in ISO 8601's one piece with its offset (docs/FORMATS.md, "The statistics
    as CSV")."""
    if not isinstance(value, str):
        return "", "", ""
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.astimezone()
        whole = when.isoformat(timespec="seconds")  # 2026-11-29T12:00:00+01:00
    except (ValueError, OverflowError, OSError):
        return "", "", ""
    return whole[:10], whole[11:19], whole[19:]


def _local_date(value: object) -> str:
    return _ended(value)[0]


def _local_time(value: object) -> str:
    return _ended(value)[1]


def _utc_offset(value: object) -> str:
    return _ended(value)[2]


def _kind(value: object) -> str:
    return value if value in KINDS else ""


def _seed(value: object) -> str:
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        seed = int(value)
        if seed < MAX_SEED:
            return seed_text(seed)
    return ""


def _code(value: object) -> str:
    if not isinstance(value, str):
        return ""
    try:
        decode(value)
    except CodeError:
        return ""
    return value


# SQL: a click column, of a game whose clicks were counted from its input (before it is
# measured, the row holds the game's own count there, of its moves).
_MEASURED = "CASE WHEN measured IS 'all' THEN {} END"


# A replay's file name begins with its game's id (replays.replay_path; version 1's too).
_ID_OF_REPLAY = re.compile(rf"({GAME_ID.pattern})-[0-9]+x[0-9]+\.json")


def _game_id(value: object) -> str:
    return value if isinstance(value, str) and GAME_ID.fullmatch(value) else ""


def _id_from_replay(path: object) -> str:
    """The game id a replay's name holds: a row written before rows kept the id (schema 3)
    has its replay's path only."""
    if not isinstance(path, str):
        return ""
    named = _ID_OF_REPLAY.match(os.path.basename(path))
    return named[1] if named else ""


def _chosen(value: object) -> str:
    return chosen_or_none(value) or ""


def _daily_date(value: object) -> str:
    return value if isinstance(value, str) and len(value) == 10 and _is_date(value.encode()) else ""


EXPORT_COLUMNS = (
    # when the game ended, in three cells (`_ended`); before issue 42 `date` held all three in
    # one ISO 8601 text
    ("date", "played_at", _local_date),
    ("time", "played_at", _local_time),
    ("utc_offset", "played_at", _utc_offset),
    # the game's id: its replay's name begins with it (docs/FORMATS.md, "Where")
    ("game_id", "game_id", _game_id),
    ("board", "kind", _kind),
    ("rows", "rows", _count),
    ("cols", "cols", _count),
    ("mines", "mines", _count),
    ("seed", "seed", _seed),
    ("code", "code", _code),
    # how the player chose the board (records.CHOSEN: `seed`, `code`); empty: laid at random
    ("chosen", "chosen", _chosen),
    ("time_ms", "time_ms", _count),
    ("3bv", "bbbv", _count),
    ("3bv_per_s", "bbbv_per_s", _measure(3)),
    ("clicks", "clicks_all", _count),
    ("effective_clicks", "clicks_effective", _count),
    ("wasted_clicks", "clicks_wasted", _count),
    ("efficiency", "efficiency", _measure(2)),
    ("ioe", "ioe", _measure(3)),
    ("throughput", "throughput", _measure(3)),
    ("zini", "zini", _count),
    ("rqp", "rqp", _measure(2)),
    ("nf", "nf", _zero_or_one),
    ("guesses", "guesses", _count),
    ("won", "won", _zero_or_one),
    ("assisted", "assisted", _zero_or_one),
    ("daily", "daily", _daily_date),
    # schema 8 (docs/RULES.md, "Measures of a game"): the clicks as the community counts them
    # (`clicks`, `effective_clicks` and `wasted_clicks` above are of them too), of a game
    # measured with its clicks only
    ("bbbv_solved", "bbbv_solved", _count),
    ("left_clicks", _MEASURED.format("clicks_left"), _count),
    ("right_clicks", _MEASURED.format("clicks_right"), _count),
    ("double_clicks", _MEASURED.format("clicks_chord"), _count),
    ("effective_left", "clicks_lce", _count),
    ("effective_right", "clicks_rce", _count),
    ("effective_double", "clicks_dce", _count),
    ("correctness", "correctness", _measure(3)),
    ("path", "path", _measure(1)),
    ("pauses", "pauses", _count),
)


def stats_csv(stats: Stats) -> tuple[str, int]:
    """Every game, oldest first, as CSV text with a header row; and how many games.

    Empty cells mean "none" (the efficiency of a loss, the 3BV/s of a game under a second or
    of a loss recorded before it was kept, the seed and code of a board that had none, the
    date of a board that was not a daily one, the clicks of a game whose clicks were not
    recorded, the measures of a game whose replay is gone, the id of a game recorded before
    games had ids whose replay is gone, how a board laid at random was chosen).
    """
    rows = []
    if stats.conn is not None:
        sql = ", ".join(expr for _, expr, _ in EXPORT_COLUMNS)
        rows = stats.conn.execute(f"SELECT {sql}, replay FROM games ORDER BY id").fetchall()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(name for name, _, _ in EXPORT_COLUMNS)
    names = [name for name, _, _ in EXPORT_COLUMNS]
    code_at, id_at = names.index("code"), names.index("game_id")
    for *values, replay in rows:
        cells = [written(v) for (_, _, written), v in zip(EXPORT_COLUMNS, values, strict=True)]
        if values[code_at] is None and isinstance(replay, str):
            cells[code_at] = _code_from_replay(replay)
        if values[id_at] is None:
            cells[id_at] = _id_from_replay(replay)
        writer.writerow(cells)
    return out.getvalue(), len(rows)


def _code_from_replay(path: str) -> str:
    """The board code of a game recorded before rows kept one (schema 5), from its replay;
    empty when the replay is gone or unreadable, its mines were never laid (a journal cut
    short: no board to have a code), or the board had no code."""
    try:
        replay = load_replay(Path(path))
    except ReplayError:
        return ""
    if replay.layout is None:
        return ""
    return code_of(replay.final_game()) or ""


class ExistingFile(FileExistsError):
    """The export would replace a file and was not asked to."""


def export_csv(stats: Stats, path: Path, *, replace: bool = False) -> int:
    """Write `stats_csv` to a file the player names; return how many games it holds.

    An existing file is replaced only when asked to (ExistingFile otherwise); the file is
    replaced whole or not at all. Raises OSError when it cannot be written.
    """
    if not replace and os.path.lexists(path) and not path.is_dir():
        raise ExistingFile(errno.EEXIST, _("it already exists"), str(path))
    text, count = stats_csv(stats)
    atomic_write(path, text)
    return count
