"""What a statistics file of ours holds: the schema, its migrations (`PRAGMA user_version`
says which ran), what a row must hold to count as a game (in SQL and in Python, tested
against each other), the record of one game (`GameRecord`) and which sqlite errors come from
the file rather than from this program."""

from __future__ import annotations

import functools
import math
import re
import sqlite3
from dataclasses import dataclass, fields, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from ...engine import Difficulty, Game, GameState
from ...engine.boards import BoardChoice
from ...engine.codes import code_of
from ...i18n import _
from ..records import why_no_record

if TYPE_CHECKING:
    from ...engine.game_measures import Measures

SCHEMA_VERSION = 8


MIGRATIONS = {
    1: """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            played_at TEXT NOT NULL,        -- local time the game ended, ISO 8601
            kind TEXT NOT NULL,             -- beginner, intermediate, expert or custom
            rows INTEGER NOT NULL,
            cols INTEGER NOT NULL,
            mines INTEGER NOT NULL,
            seed TEXT,
            safe_zone TEXT NOT NULL,
            won INTEGER NOT NULL,
            time_ms INTEGER NOT NULL,
            bbbv INTEGER,
            bbbv_per_s REAL,                -- wins only
            clicks_left INTEGER NOT NULL,
            clicks_right INTEGER NOT NULL,
            clicks_chord INTEGER NOT NULL,
            efficiency REAL,                -- 3BV / clicks, wins only
            cleared INTEGER NOT NULL,       -- safe cells open at the end
            safe_cells INTEGER NOT NULL,
            assisted INTEGER NOT NULL,      -- hints, undo...: listed, never a record
            source TEXT NOT NULL            -- window or text
        );
        CREATE INDEX games_by_kind ON games (kind, id);
    """,
    2: """
        ALTER TABLE games ADD COLUMN replay TEXT;  -- path of the replay file
        ALTER TABLE games ADD COLUMN daily TEXT;   -- the UTC date of a daily board
    """,
    3: """
        ALTER TABLE games ADD COLUMN game_id TEXT;  -- the game's id: one row per game
        CREATE UNIQUE INDEX games_by_game_id ON games (game_id);
    """,
}
# What a row must hold to count as a game (`_good_row` says the same in Python; the two are
# tested against each other). Never NULL, so NOT (...) is exactly the rows left out.
GOOD_ROW = (
    "(typeof(won) = 'integer' AND won IN (0, 1) AND typeof(assisted) = 'integer'"
    " AND assisted IN (0, 1) AND typeof(time_ms) = 'integer' AND time_ms >= 0"
    " AND (bbbv IS NULL OR typeof(bbbv) = 'integer') AND typeof(played_at) = 'text'"
    " AND (bbbv_per_s IS NULL OR (typeof(bbbv_per_s) IN ('integer', 'real')"
    " AND bbbv_per_s >= 0 AND bbbv_per_s < 1e999))"
    " AND (replay IS NULL OR typeof(replay) = 'text'))"
)
# A game that could set a record up to schema 6: unassisted, and a board the first click does
# not clear (the indexes of versions 4 and 6 were made with it; version 7 makes them again).
FAIR_V6 = f"{GOOD_ROW} AND assisted = 0 AND bbbv > 1"
FAIR_WIN_V6 = f"{FAIR_V6} AND won = 1"
# A game that can set a record (game/store/records.py says the rule in words): unassisted, a
# board the first click does not clear, laid at random (not chosen by the player, not the
# daily board, which keeps its own best).
FAIR = f"{FAIR_V6} AND chosen IS NULL AND daily IS NULL"
FAIR_WIN = f"{FAIR} AND won = 1"
GOOD_DAILY = (
    "(typeof(won) = 'integer' AND won IN (0, 1) AND typeof(assisted) = 'integer'"
    " AND assisted IN (0, 1) AND typeof(daily) = 'text' AND length(daily) = 10)"
)
# ... and its date is one Python reads (`_is_date`, given the raw bytes: a text that is not
# UTF-8 is read with its bad bytes marked, as everywhere else).
DAILY_OK = f"{GOOD_DAILY} AND pixel_mines_date(CAST(daily AS BLOB))"
# Version 4 keeps every figure the statistics show bounded however many rows there are: the
# partial indexes hold exactly the rows a figure reads (sqlite uses one when the query's
# WHERE repeats the index's: the recent games, the fastest fair wins, the best 3BV/s, the
# rows left out, the daily boards), and `tallies` keeps the counts and the streaks of each
# kind up to a row id, so that only newer rows are read; the triggers forget a tally as
# soon as a row it counted changes, is removed, or a row is put under it.
MIGRATIONS[4] = f"""
    CREATE INDEX games_good ON games (kind, id) WHERE {GOOD_ROW};
    CREATE INDEX games_bad ON games (kind, id) WHERE NOT {GOOD_ROW};
    CREATE INDEX games_fair_times ON games (kind, time_ms, played_at, id) WHERE {FAIR_WIN_V6};
    CREATE INDEX games_fair_rates ON games (kind, bbbv_per_s)
        WHERE {FAIR_WIN_V6} AND bbbv_per_s IS NOT NULL;
    CREATE INDEX games_daily ON games (daily, id) WHERE daily IS NOT NULL;
    CREATE TABLE tallies (
        kind TEXT NOT NULL,
        upto INTEGER NOT NULL,      -- every games row with an id up to this one is counted
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        run INTEGER NOT NULL,       -- the streak running after row `upto`
        best INTEGER NOT NULL,      -- the best streak up to row `upto`
        PRIMARY KEY (kind, upto)
    );
    CREATE TRIGGER tallies_on_insert AFTER INSERT ON games
        BEGIN DELETE FROM tallies WHERE upto >= new.id; END;
    CREATE TRIGGER tallies_on_update AFTER UPDATE ON games
        BEGIN DELETE FROM tallies WHERE upto >= min(old.id, new.id); END;
    CREATE TRIGGER tallies_on_delete AFTER DELETE ON games
        BEGIN DELETE FROM tallies WHERE upto >= old.id; END;
"""
# Version 5 keeps each game's board code (what lets a player play its board again); games
# recorded before it have none.
MIGRATIONS[5] = """
    ALTER TABLE games ADD COLUMN code TEXT;  -- the board code, if it had one
"""


def _measure_ok(column: str) -> str:
    """SQL: the column holds a measure (a file edited by hand may hold anything)."""
    return f"(typeof({column}) IN ('integer', 'real') AND {column} >= 0 AND {column} < 1e999)"


# Version 6 keeps each game's measures (docs/RULES.md, "Measures of a game"): `measured` says
# what they were made from ('all'; 'no clicks': a version 1 replay, whose clicks were not
# recorded; 'none': no replay to make them from), NULL until a row recorded before it is
# measured from its replay (`Stats.measure_old_rows`). The bests of IOE, and of no-flag games,
# have indexes like the best 3BV/s; a tally is forgotten only when a column it counts changes
# (measuring old rows changes none of them).
MIGRATIONS[6] = f"""
    ALTER TABLE games ADD COLUMN measured TEXT;
    ALTER TABLE games ADD COLUMN clicks_all INTEGER;        -- every click, as players count them
    ALTER TABLE games ADD COLUMN clicks_effective INTEGER;  -- those that changed the board
    ALTER TABLE games ADD COLUMN clicks_wasted INTEGER;
    ALTER TABLE games ADD COLUMN ioe REAL;                  -- 3BV solved / all clicks
    ALTER TABLE games ADD COLUMN throughput REAL;           -- 3BV solved / effective clicks
    ALTER TABLE games ADD COLUMN zini INTEGER;
    ALTER TABLE games ADD COLUMN rqp REAL;
    ALTER TABLE games ADD COLUMN nf INTEGER;                -- 1: no flag was placed
    ALTER TABLE games ADD COLUMN guesses INTEGER;
    CREATE INDEX games_fair_ioe ON games (kind, ioe) WHERE {FAIR_WIN_V6} AND ioe IS NOT NULL;
    CREATE INDEX games_nf_rates ON games (kind, bbbv_per_s)
        WHERE {FAIR_WIN_V6} AND nf = 1 AND bbbv_per_s IS NOT NULL;
    CREATE INDEX games_nf_ioe ON games (kind, ioe)
        WHERE {FAIR_WIN_V6} AND nf = 1 AND ioe IS NOT NULL;
    CREATE INDEX games_unmeasured ON games (id) WHERE measured IS NULL;
    DROP TRIGGER tallies_on_update;
    CREATE TRIGGER tallies_on_update AFTER UPDATE OF id, kind, won, assisted, time_ms, bbbv,
        played_at, bbbv_per_s, replay ON games
        BEGIN DELETE FROM tallies WHERE upto >= min(old.id, new.id); END;
"""
# Version 7 keeps how the player chose a board ('seed', 'code'; NULL: laid at random), and
# makes the indexes of the bests again with the rule of game/store/records.py: only an
# unassisted win on a random board sets a best; a chosen board and the daily board (which has
# its own best) never do, nor count in a streak, so every tally is counted again.
MIGRATIONS[7] = f"""
    ALTER TABLE games ADD COLUMN chosen TEXT;
    DROP INDEX games_fair_times;
    DROP INDEX games_fair_rates;
    DROP INDEX games_fair_ioe;
    DROP INDEX games_nf_rates;
    DROP INDEX games_nf_ioe;
    CREATE INDEX games_fair_times ON games (kind, time_ms, played_at, id) WHERE {FAIR_WIN};
    CREATE INDEX games_fair_rates ON games (kind, bbbv_per_s)
        WHERE {FAIR_WIN} AND bbbv_per_s IS NOT NULL;
    CREATE INDEX games_fair_ioe ON games (kind, ioe) WHERE {FAIR_WIN} AND ioe IS NOT NULL;
    CREATE INDEX games_nf_rates ON games (kind, bbbv_per_s)
        WHERE {FAIR_WIN} AND nf = 1 AND bbbv_per_s IS NOT NULL;
    CREATE INDEX games_nf_ioe ON games (kind, ioe) WHERE {FAIR_WIN} AND nf = 1 AND ioe IS NOT NULL;
    DROP TRIGGER tallies_on_update;
    CREATE TRIGGER tallies_on_update AFTER UPDATE OF id, kind, won, assisted, time_ms, bbbv,
        played_at, bbbv_per_s, replay, chosen, daily ON games
        BEGIN DELETE FROM tallies WHERE upto >= min(old.id, new.id); END;
    DELETE FROM tallies;
"""


def _of(row: str, sql: str) -> str:
    """`sql` (as GOOD_ROW) said of a trigger's `old` or `new` row."""
    columns = r"\b(won|assisted|time_ms|bbbv_per_s|bbbv|played_at|replay)\b"
    return re.sub(columns, rf"{row}.\1", sql)


# Version 8 counts the clicks as the community's Metasweeper does (docs/RULES.md, "Measures of
# a game"): clicks_left, clicks_right and clicks_chord now hold a measured game's left, right
# and double clicks (the game's own count until it is measured), clicks_effective its
# effective ones (ce = lce + rce + dce), clicks_wasted the rest; and it keeps the 3BV solved
# (a loss's 3BV/s is worked out from it), the correctness (ce / clicks), the mouse's path (in
# pixels of a 16-pixel cell) and how many times the clock was paused. Every row measured
# before is measured again from its replay (`measured` NULL; a row whose replay is gone since
# keeps what it had: `Stats.measure_old_rows`). A tally is forgotten only when what it counts
# changes (a loss given its 3BV/s, a replay deleted, change none of it). Custom boards keep
# best times by size: an index of their fair wins by size. The Videos room lists the games
# that have a replay by board and result (game/store/stats/videos.py): an index of them.
MIGRATIONS[8] = f"""
    ALTER TABLE games ADD COLUMN bbbv_solved INTEGER;
    ALTER TABLE games ADD COLUMN clicks_lce INTEGER;
    ALTER TABLE games ADD COLUMN clicks_rce INTEGER;
    ALTER TABLE games ADD COLUMN clicks_dce INTEGER;
    ALTER TABLE games ADD COLUMN correctness REAL;         -- effective clicks / all clicks
    ALTER TABLE games ADD COLUMN path REAL;                -- the mouse's path, in pixels
    ALTER TABLE games ADD COLUMN pauses INTEGER;           -- times the clock was paused
    UPDATE games SET bbbv_solved = bbbv WHERE won IS 1 AND typeof(bbbv) = 'integer';
    UPDATE games SET measured = NULL;
    CREATE INDEX games_custom_times ON games (rows, cols, mines, time_ms, played_at, id)
        WHERE kind = 'custom' AND {FAIR_WIN};
    CREATE INDEX games_videos ON games (kind, won, id) WHERE replay IS NOT NULL AND {GOOD_ROW};
    DROP TRIGGER tallies_on_update;
    CREATE TRIGGER tallies_on_update AFTER UPDATE OF id, kind, won, assisted, time_ms, bbbv,
        played_at, bbbv_per_s, replay, chosen, daily ON games
        WHEN old.id IS NOT new.id OR old.kind IS NOT new.kind OR old.won IS NOT new.won
            OR old.assisted IS NOT new.assisted OR old.bbbv IS NOT new.bbbv
            OR old.chosen IS NOT new.chosen OR old.daily IS NOT new.daily
            OR ({_of("old", GOOD_ROW)}) IS NOT ({_of("new", GOOD_ROW)})
        BEGIN DELETE FROM tallies WHERE upto >= min(old.id, new.id); END;
"""
# The measures of a row, all made from its replay (None: none could be).
MEASURE_COLUMNS = (
    "measured",
    "clicks_all",
    "clicks_effective",
    "clicks_wasted",
    "ioe",
    "throughput",
    "zini",
    "rqp",
    "nf",
    "guesses",
    "clicks_lce",
    "clicks_rce",
    "clicks_dce",
    "correctness",
    "path",
    "pauses",
)
# What a row holds from its game at once and its measures make better: the clicks as the
# community counts them (the game's own count until then), the 3BV solved.
COUNTED_COLUMNS = ("clicks_left", "clicks_right", "clicks_chord", "bbbv_solved")
KINDS = tuple(d.name.lower() for d in Difficulty) + ("custom",)


# sqlite errors that come from the file or the disk, not from this program's SQL.
_FILE_ERRORS = (
    "SQLITE_READONLY",
    "SQLITE_CANTOPEN",
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_IOERR",
    "SQLITE_FULL",
    "SQLITE_PERM",
    "SQLITE_AUTH",
)
_BROKEN_FILE = ("SQLITE_NOTADB", "SQLITE_CORRUPT")
_IN_USE = ("SQLITE_BUSY", "SQLITE_LOCKED")  # another program holds the file


def _error_in(e: sqlite3.Error, names: tuple[str, ...]) -> bool:
    """Whether sqlite's name for the error is one of `names` (as _FILE_ERRORS, _IN_USE)."""
    return (getattr(e, "sqlite_errorname", "") or "").startswith(names)


class NotOurs(sqlite3.DatabaseError):
    """A database (or something else) that is not this game's statistics: set aside."""


@functools.cache
def _schema(version: int) -> tuple[frozenset, tuple]:
    """The objects and the `games` columns a database of this version has, made by running
    the migrations on an empty database (so the check can never disagree with them)."""
    conn = sqlite3.connect(":memory:")
    try:
        for target in range(1, version + 1):
            conn.executescript(MIGRATIONS[target])
        return _schema_of(conn)
    finally:
        conn.close()


def _schema_of(conn: sqlite3.Connection) -> tuple[frozenset, tuple]:
    # Every object's whole definition but the games table's (whose columns are compared
    # below, as older files got them by ALTER TABLE): the queries name our indexes, and an
    # index of that name made otherwise would fail them.
    objects = frozenset(
        (kind, name, table, None if (kind, name) == ("table", "games") else sql)
        for kind, name, table, sql in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master"
        )
        if not str(name).startswith("sqlite_")  # sqlite's own: autoindexes, statistics
    )
    columns = tuple(
        conn.execute('SELECT name, type, "notnull", pk FROM pragma_table_info(?)', ("games",))
    )
    return objects, columns


def _check_ours(conn: sqlite3.Connection, version: int) -> None:
    if _schema_of(conn) != _schema(version):
        raise NotOurs(_("its tables are not Pixel Mines statistics"))


@dataclass(frozen=True)
class GameRecord:
    played_at: str
    kind: str
    rows: int
    cols: int
    mines: int
    seed: str | None
    safe_zone: str
    won: bool
    time_ms: int
    bbbv: int | None
    clicks_left: int
    clicks_right: int
    clicks_chord: int
    cleared: int
    safe_cells: int
    assisted: bool
    source: str
    replay: str | None = None
    daily: str | None = None
    game_id: str | None = None
    code: str | None = None
    # the measures (MEASURE_COLUMNS); None: not measured, or not recorded (see `measured`)
    measured: str | None = None
    clicks_all: int | None = None
    clicks_effective: int | None = None
    clicks_wasted: int | None = None
    ioe: float | None = None
    throughput: float | None = None
    zini: int | None = None
    rqp: float | None = None
    nf: bool | None = None
    guesses: int | None = None
    chosen: str | None = None  # how the player chose the board (records.CHOSEN); None: random
    bbbv_solved: int | None = None  # COUNTED_COLUMNS: all of the 3BV in a won game
    clicks_lce: int | None = None  # effective left, right and double clicks (measured)
    clicks_rce: int | None = None
    clicks_dce: int | None = None
    correctness: float | None = None
    path: float | None = None
    pauses: int | None = None
    assists: tuple[str, ...] = ()  # the help taken, named (not stored: `assisted` is)

    def measured_as(self, m: Measures | None) -> GameRecord:
        """This record with the measures of its game (None: they could not be made)."""
        return replace(self, **measure_values(m), **counted_values(m))

    @classmethod
    def of(
        cls,
        game: Game,
        time_ms: int,
        *,
        source: str,
        replay: str | None = None,
        daily: str | None = None,
        game_id: str | None = None,
        played_at: str | None = None,
        chosen: str | None = None,
        assists: tuple[str, ...] = (),
    ) -> GameRecord:
        """The record of a finished game; the caller gives the time and where it was played."""
        if not game.state.is_over:
            raise ValueError("only a finished game is recorded")
        c = game.clicks
        return cls(
            played_at=played_at or datetime.now().isoformat(timespec="seconds"),
            kind=BoardChoice.of(game.rows, game.cols, game.mines).kind,
            rows=game.rows,
            cols=game.cols,
            mines=game.mines,
            seed=None if game.seed is None else str(game.seed),
            safe_zone=game.safe_zone.value,
            won=game.state is GameState.WON,
            time_ms=time_ms,
            bbbv=game.bbbv,
            bbbv_solved=game.bbbv_done(),
            clicks_left=c.left,
            clicks_right=c.right,
            clicks_chord=c.chord,
            cleared=game.safe_opened,
            safe_cells=game.safe_total,
            assisted=game.assisted,
            source=source,
            replay=replay,
            daily=daily,
            game_id=game_id,
            code=code_of(game),
            chosen=chosen,
            assists=tuple(assists),
        )

    @property
    def clicks(self) -> int:
        return self.clicks_left + self.clicks_right + self.clicks_chord

    @property
    def why_no_record(self) -> str | None:
        """Why this game can set no best, in a line for the player (None: it can, if it is a
        win): the one rule of game/store/records.py, which `FAIR` says in SQL."""
        return why_no_record(
            assisted=self.assisted, assists=self.assists, chosen=self.chosen, bbbv=self.bbbv
        )

    @property
    def bbbv_per_s(self) -> float | None:
        return rate_of(self.won, self.bbbv, self.bbbv_solved, self.time_ms)

    @property
    def efficiency(self) -> float | None:
        return efficiency_of(self.won, self.bbbv, self.clicks)


def rate_of(won: bool, bbbv: int | None, solved: int | None, time_ms: int) -> float | None:
    """3BV solved per second (all of the 3BV in a win); None for games too quick to measure
    (under a second) and losses whose 3BV solved is not known."""
    solved = bbbv if won else solved
    if not bbbv or solved is None or time_ms < 1000:
        return None
    return solved / time_ms * 1000


def efficiency_of(won: bool, bbbv: int | None, clicks: int) -> float | None:
    """A win's 3BV over its clicks (left, right and chord); None for a loss."""
    if not won or not bbbv or not clicks:
        return None
    return bbbv / clicks


# The columns of a game's row (`Stats.store`): GameRecord's fields and figures, by name.
ROW_COLUMNS = (
    *(f.name for f in fields(GameRecord) if f.name != "assists"),
    "bbbv_per_s",
    "efficiency",
)


def measure_values(m: Measures | None) -> dict:
    """The measure columns of a row from a game's measures (None: made from nothing). The
    clicks are the community's (`m.counters`, a `game.videos.mouse.Counters`; None: a
    version 1 replay, which recorded no input)."""
    if m is None:
        return dict.fromkeys(MEASURE_COLUMNS) | {"measured": "none"}
    c = m.counters
    return {
        **dict.fromkeys(MEASURE_COLUMNS),
        **({} if c is None else _click_values(c)),
        "measured": "all" if c is not None else "no clicks",
        "zini": m.zini,
        "rqp": m.rqp if m.time_ms >= 1000 else None,  # as 3BV/s: a second at least
        "nf": m.no_flag,
        "guesses": m.guesses,
        "pauses": m.pauses,
    }


def _click_values(c) -> dict:
    """The click columns of a row from a game's `Counters` (its rates None when there was
    no click to divide by)."""
    return {
        "clicks_all": c.clicks,
        "clicks_effective": c.ce,
        "clicks_wasted": c.clicks - c.ce,
        "ioe": c.ioe,
        "throughput": c.throughput,
        "clicks_lce": c.lce,
        "clicks_rce": c.rce,
        "clicks_dce": c.dce,
        "correctness": c.correctness,
        "path": c.path,
    }


def counted_values(m: Measures | None) -> dict:
    """The COUNTED_COLUMNS the measures make better (none when they could not be made, nor
    the clicks of a version 1 replay: the row keeps what it holds)."""
    if m is None:
        return {}
    c = m.counters
    clicks = {} if c is None else {"clicks_left": c.left, "clicks_right": c.right}
    if c is not None:
        clicks["clicks_chord"] = c.double  # both buttons or the middle one: a chord
    return {**clicks, "bbbv_solved": m.bbbv_solved}


@dataclass(frozen=True)
class NewRecords:
    """Which bests a win set (named for the player by records.bests_set, from records.BESTS).
    The measures' bests (IOE, no flags) are known once the game is measured."""

    best_time: bool = False  # of its kind of board, or of the daily boards for a daily one
    best_rate: bool = False
    best_ioe: bool = False
    nf_best_rate: bool = False  # of the wins where no flag was placed
    nf_best_ioe: bool = False


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


@functools.lru_cache(maxsize=1 << 14)
def _is_date(raw: bytes) -> bool:
    """Whether a daily board's date (raw bytes, ten characters) is a date to Python's
    `date.fromisoformat`."""
    try:
        date.fromisoformat(_text(raw))
    except ValueError:
        return False
    return True


def _flag(value: object) -> bool:
    return type(value) is int and value in (0, 1)


# SQL: 1 if a row's board was chosen by the player or is a daily board (never a best), else 0.
CHOSEN_OR_DAILY = "(chosen IS NOT NULL OR daily IS NOT NULL)"


def _good_row(row: tuple) -> tuple | None:
    """(won, time_ms, not a record, played_at, 3BV/s, replay, ...) from a row (id, won, time,
    assisted, 3BV, played_at, 3BV/s, replay, CHOSEN_OR_DAILY[, IOE and no-flag play, already
    checked]), None if the row does not hold a game (a file edited by hand or by another
    program). "Not a record" is `FAIR`'s rule: assisted, 3BV 1, or a chosen or daily board."""
    _, won, time_ms, assisted, bbbv, played_at, rate, replay, other, *measures = row
    if not (
        _flag(won)
        and _flag(assisted)
        and type(time_ms) is int
        and time_ms >= 0
        and (bbbv is None or type(bbbv) is int)
        and isinstance(played_at, str)
        and (rate is None or (type(rate) in (int, float) and math.isfinite(rate) and rate >= 0))
        and (replay is None or isinstance(replay, str))
    ):
        return None
    return (
        bool(won),
        time_ms,
        bool(assisted) or (bbbv or 0) <= 1 or bool(other),
        played_at,
        rate,
        replay,
        *measures,
    )


def _daily_first(row: tuple) -> tuple:
    """(date, won and not assisted, the time if it can be the daily best[, whether its clock
    was paused]) from the checked row (id, date, won, assisted, time_ms, 3BV[, paused]) of a
    date's first game."""
    _, day, won, assisted, time_ms, bbbv, *paused = row
    fair = bool(won) and not assisted
    best = fair and type(time_ms) is int and time_ms >= 0 and type(bbbv) is int and bbbv > 1
    return day, fair, time_ms if best else None, *(bool(p) for p in paused)


# SQL: 1 if a row's clock was paused during play (a best time listed says so), else 0.
PAUSED = "(typeof(pauses) = 'integer' AND pauses > 0)"
