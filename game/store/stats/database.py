"""Statistics: one row per finished game in `stats.sqlite3` (user data folder), and the records.

The schema version lives in the database (`PRAGMA user_version`) and migrations bring older
files up to date. A file that is not a database, or a database whose tables are not ours, is
set aside and a new one started; one from a newer version is left untouched; a folder that
cannot be written means records are not kept this time. Rows are checked as they are read: a
row that is not a game is left out and counted. Each case is said once, in a line a player
understands.
Reading is bounded by what is shown, not by the number of games: figures come from partial
indexes and from tallies kept in the file (schema version 4) rather than from every row.
"""

from __future__ import annotations

import csv
import dataclasses
import errno
import functools
import io
import itertools
import math
import os
import sqlite3
import stat
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .. import i18n
from ..engine import Difficulty, Game, GameState
from ..engine.boards import BoardChoice
from ..engine.codes import MAX_SEED, CodeError, code_of, decode, seed_text
from ..i18n import NP_, _, ngettext, pgettext
from .files import atomic_write, data_dir, make_folder, set_aside
from .records import no_best_line, why_no_record
from .replays import ReplayError, load_replay

if TYPE_CHECKING:  # the solver is loaded when a game is measured, not at start
    from collections.abc import Callable

    from ..engine.game_measures import Measures

SCHEMA_VERSION = 7
SIDE_FILES = ("-journal", "-wal", "-shm")  # sqlite's own files beside the database
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
)
KINDS = tuple(d.name.lower() for d in Difficulty) + ("custom",)
# A new tally is written once this many rows came after the newest (or when there is none):
# a summary reads at most about this many rows, and writes rarely (it runs on the loop).
TALLY_EVERY = 256
# Tallies kept per kind: the newest is used; the older ones stand in when the newest is
# forgotten (a row it counted changed or was removed) so that only a few rows are read.
TALLIES_KEPT = 8
BEST_TIMES = 10
RECENT = 50

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
# How long opening waits for a file another program holds. Another copy of the game holds it
# only while it writes (a row: under 10 ms here, 0.1 ms as a rule), which a short wait rides
# out many times over; a program that holds it longer (a database browser with a transaction
# open) may hold it for hours, and the start, which opens the file before the window shows
# or the terminal speaks, must not stand silent meanwhile: a pause of two seconds reads as a
# slow start, sqlite's old 15 as a hang. The session then goes on without statistics, the
# file untouched.
OPEN_WAIT_S = 2.0
# How long a write later in the session waits for a file another program holds, as before:
# the window writes on a thread of its own (no frame waits), the terminal at a game's end. A
# write given up is said once, never raised (`store`, `_give_up`).
WRITE_WAIT_MS = 15_000
_SQLITE_LOW, _SQLITE_HIGH = -(2**63), 2**63 - 1  # what an INTEGER column holds


def _no_waiting_for_the_disk(conn: sqlite3.Connection) -> None:
    """A commit need not wait for the disk (a frame would): write-ahead logging with normal
    syncing keeps the file whole through a crash or a kill and loses at most the last game to
    a power cut. A folder where the log cannot be made keeps sqlite's default."""
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.OperationalError:
        pass


def _is_file_error(e: sqlite3.Error) -> bool:
    return (getattr(e, "sqlite_errorname", "") or "").startswith(_FILE_ERRORS)


def _is_in_use(e: sqlite3.Error) -> bool:
    return (getattr(e, "sqlite_errorname", "") or "").startswith(_IN_USE)


def _is_broken_file(e: sqlite3.Error) -> bool:
    return (getattr(e, "sqlite_errorname", "") or "").startswith(_BROKEN_FILE)


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
    assists: tuple[str, ...] = ()  # the help taken, named (not stored: `assisted` is)

    def measured_as(self, m: Measures | None) -> GameRecord:
        """This record with the measures of its game (None: they could not be made)."""
        return dataclasses.replace(self, **measure_values(m))

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
        """3BV per second of a win; None for wins too quick to measure (under a second)."""
        if not self.won or not self.bbbv or self.time_ms < 1000:
            return None
        return self.bbbv / self.time_ms * 1000

    @property
    def efficiency(self) -> float | None:
        if not self.won or not self.bbbv or not self.clicks:
            return None
        return self.bbbv / self.clicks


def measure_values(m: Measures | None) -> dict:
    """The measure columns of a row from a game's measures (None: made from nothing)."""
    if m is None:
        return dict.fromkeys(MEASURE_COLUMNS) | {"measured": "none"}
    c = m.clicks
    return {
        "measured": "all" if c is not None else "no clicks",
        "clicks_all": None if c is None else c.total,
        "clicks_effective": None if c is None else c.effective,
        "clicks_wasted": None if c is None else c.wasted,
        "ioe": m.ioe,
        "throughput": m.throughput,
        "zini": m.zini,
        "rqp": m.rqp if m.time_ms >= 1000 else None,  # as 3BV/s: a second at least
        "nf": m.no_flag,
        "guesses": m.guesses,
    }


def measures_from_replay(path: object, time_ms: object) -> Measures | None:
    """The measures of a recorded game from its replay file: every one from a version 2
    journal, all but the clicks from a version 1 replay; None when the replay is gone, cannot
    be read, or is not of a finished game."""
    if not isinstance(path, str):
        return None
    try:
        replay = load_replay(Path(path))
    except ReplayError:
        return None
    if replay.layout is None or not replay.result:
        return None
    if type(time_ms) is not int or time_ms < 0:
        time_ms = replay.result["time_ms"]
    from ..engine.game_measures import measures_of
    from ..engine.walk import move_events

    events = replay.events if replay.version >= 2 else move_events(replay.moves)
    try:
        return measures_of(replay.layout, events, time_ms)
    except ValueError:  # checked as it was read, so never; but a file is not to be trusted
        return None


@dataclass(frozen=True)
class NewRecords:
    """Which bests a win set (named for the player by records.bests_set, from records.BESTS).
    The measures' bests (IOE, no flags) are known once the game is measured."""

    best_time: bool = False  # of its kind of board, or of the daily boards for a daily one
    best_rate: bool = False
    best_ioe: bool = False
    nf_best_rate: bool = False  # of the wins where no flag was placed
    nf_best_ioe: bool = False


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
    best_measures: list[tuple[float | None, float | None]] = dataclasses.field(
        default_factory=list
    )  # (3BV/s, IOE) of each of the best times

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


_OPENED = itertools.count()  # a token for each Stats made (Stats.version)


class Stats:
    """The statistics database, or nothing at all when it cannot be used (said in `messages`)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "stats.sqlite3"
        self.messages: list[str] = []
        self.conn: sqlite3.Connection | None = None
        self._kinds_read: set[str] = set()  # whose rows left out are counted in `skipped`
        # daily rows left out at the last daily reading: (kind, not a game either, how many)
        self._daily_left_out: list[tuple[str, int, int]] = []
        self._skipped = 0
        # rows this connection changed by storing games and keeping tallies: any other change
        # through it (a row measured or deleted) changes every page's figures (`version`)
        self._explained = 0
        self._stored: dict[str, int] = {}  # games stored through it, by kind (and "daily")
        # the figures last read of each page ("daily": with its day), and the version they
        # were read at: read again only once it changed (a statistics dialog opened again)
        self._read: dict[str, tuple[tuple, Summary | DailySummary]] = {}
        self._token = next(_OPENED)  # this Stats among the others opened in the process
        self._skipped_said = 0
        self._skipped_line = ""  # the line said about them, replaced when the count changes
        self._open()

    # ---- opening -------------------------------------------------------------------------

    def _open(self) -> None:
        try:
            make_folder(self.path.parent)
            self.conn = self._connect()
        except OSError as e:
            # Translators: folder is where the statistics are kept; error says why not.
            self._give_up(
                _("cannot use %(folder)s (%(error)s)")
                % {"folder": self.path.parent, "error": e.strerror or e}
            )
        except NotOurs as e:
            self._start_over(str(e))
        except sqlite3.DatabaseError as e:
            if _is_in_use(e):
                self.conn = None
                # Translators: file is the statistics file; another program (another copy of
                # the game, a database browser) holds it.
                self.messages.append(
                    _(
                        "Statistics: %(file)s is in use by another program; "
                        "this session's games will not be recorded, and the "
                        "file, untouched, is used again at the next start."
                    )
                    % {"file": self.path}
                )
            elif _is_file_error(e):
                self._give_up(
                    _("cannot open %(file)s (%(error)s)") % {"file": self.path, "error": e}
                )
            elif _is_broken_file(e) or type(e) is sqlite3.DatabaseError:
                self._start_over(_("it is not a database"))
            else:
                raise

    def _connect(self) -> sqlite3.Connection | None:
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            mode = None
        except OSError as e:
            if e.errno == errno.ELOOP:  # a link round a loop: set aside like any damage
                raise NotOurs(_("it is a loop of symbolic links")) from None
            raise
        if mode is not None and not stat.S_ISREG(mode):
            # sqlite would block on a FIFO or fail on a folder: neither is our file
            raise NotOurs(_("it is not a regular file"))
        self._clear_side_files()
        conn = sqlite3.connect(self.path, timeout=OPEN_WAIT_S)
        # text another program wrote need not be UTF-8: read it with the bad bytes marked
        # (a bad date then fails its check) rather than fail the whole query
        conn.text_factory = _text
        conn.create_function("pixel_mines_date", 1, _is_date, deterministic=True)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                conn.close()
                self.messages.append(
                    _(
                        "Statistics in %(file)s come from a newer Pixel Mines; they are left as "
                        "they are and this session's games are not recorded."
                    )
                    % {"file": self.path}
                )
                return None
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            _check_ours(conn, version)
            self._migrate(conn, version)
            _no_waiting_for_the_disk(conn)
        except BaseException:
            conn.close()
            raise
        conn.execute(f"PRAGMA busy_timeout = {WRITE_WAIT_MS}")  # opened: writes may wait more
        return conn

    def _clear_side_files(self) -> None:
        """Move aside a journal, log or shared-memory file of sqlite's that is not a regular
        file (sqlite would wait forever reading a FIFO there); the database stays. OSError
        if one cannot be moved."""
        for suffix in SIDE_FILES:
            side = self.path.with_name(self.path.name + suffix)
            try:
                mode = os.stat(side).st_mode
            except FileNotFoundError:
                if not os.path.islink(side):
                    continue
                mode = None  # a link to nothing: sqlite could create a file where it points
            except OSError as e:
                if e.errno != errno.ELOOP:
                    raise
                mode = None
            if mode is None or not stat.S_ISREG(mode):
                kept = set_aside(side)
                # Translators: file is one of sqlite's files beside the statistics; kept is
                # the name it was moved to.
                self.messages.append(
                    _(
                        "Statistics: %(file)s is not a file sqlite can use; it "
                        "was moved to %(kept)s."
                    )
                    % {"file": side, "kept": kept.name}
                )

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        for target in range(version + 1, SCHEMA_VERSION + 1):
            with conn:
                conn.executescript(f"BEGIN; {MIGRATIONS[target]} PRAGMA user_version = {target};")
        if version < 4:  # count an old file's games once, here, rather than at the first S
            for kind in KINDS:
                _tally(conn, kind)

    def _start_over(self, why: str) -> None:
        try:
            kept = set_aside(self.path)
            for suffix in SIDE_FILES:
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    set_aside(side)
            self.conn = self._connect()
        except (OSError, sqlite3.DatabaseError) as e:
            self._give_up(
                _("%(file)s cannot be read and could not be replaced (%(error)s)")
                % {"file": self.path, "error": e}
            )
            return
        # Translators: why says what is wrong with the file; kept is where it is now.
        self.messages.append(
            _(
                "The statistics file could not be used (%(why)s); it was kept "
                "as %(kept)s and a new one started."
            )
            % {"why": why, "kept": kept}
        )

    def _give_up(self, why: str) -> None:
        self.conn = None
        # Translators: why says what went wrong with the statistics file.
        self.messages.append(_("Statistics: %(why)s; games will not be recorded.") % {"why": why})

    def take_messages(self) -> list[str]:
        """The lines for the player gathered so far (each is given once)."""
        taken, self.messages = self.messages, []
        return taken

    @property
    def usable(self) -> bool:
        return self.conn is not None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    # ---- writing -------------------------------------------------------------------------

    def record(self, rec: GameRecord) -> NewRecords | None:
        """Store one finished game; what records it set, or None when it was not kept."""
        if self.conn is None:
            return None
        new = self.new_records(rec)
        return new if self.store(rec) else None

    def new_records(self, rec: GameRecord) -> NewRecords:
        """The records this game sets against the others (its own earlier row left out)."""
        if not rec.won or rec.why_no_record is not None or self.conn is None:
            return NewRecords()
        if rec.daily is not None:
            best = self._daily_best(rec.game_id)
            return NewRecords(best_time=best is None or rec.time_ms < best)
        best_times, best_rate = self._bests(rec.kind, rec.game_id)  # a few rows, not all
        self._kinds_read.add(rec.kind)
        self._say_skipped()
        rate, ioe, nf = rec.bbbv_per_s, rec.ioe, rec.nf is True

        def higher(value: float | None, index: str, column: str, only: str = "") -> bool:
            if value is None:
                return False
            best = self._best(rec.kind, index, column, only, leaving_out=rec.game_id)
            return best is None or value > best

        return NewRecords(
            best_time=rec.kind != "custom" and (not best_times or rec.time_ms < best_times[0][0]),
            best_rate=rate is not None and (best_rate is None or rate > best_rate),
            best_ioe=higher(ioe, "games_fair_ioe", "ioe"),
            nf_best_rate=nf and higher(rate, "games_nf_rates", "bbbv_per_s", " AND nf = 1"),
            nf_best_ioe=nf and higher(ioe, "games_nf_ioe", "ioe", " AND nf = 1"),
        )

    def store(self, rec: GameRecord) -> bool:
        """Write one finished game's row; whether it was written.

        A game with an id has one row whatever happens: storing it again (after a crash, a
        resume, a second copy of the program, or a loss taken back and played to its end)
        replaces its row."""
        if self.conn is None:
            return False
        columns = (
            "played_at",
            "kind",
            "rows",
            "cols",
            "mines",
            "seed",
            "safe_zone",
            "won",
            "time_ms",
            "bbbv",
            "bbbv_per_s",
            "clicks_left",
            "clicks_right",
            "clicks_chord",
            "efficiency",
            "cleared",
            "safe_cells",
            "assisted",
            "source",
            "replay",
            "daily",
            "game_id",
            "code",
            "chosen",
            *MEASURE_COLUMNS,
        )
        values = (
            rec.played_at,
            rec.kind,
            rec.rows,
            rec.cols,
            rec.mines,
            rec.seed,
            rec.safe_zone,
            int(rec.won),
            rec.time_ms,
            rec.bbbv,
            rec.bbbv_per_s,
            rec.clicks_left,
            rec.clicks_right,
            rec.clicks_chord,
            rec.efficiency,
            rec.cleared,
            rec.safe_cells,
            int(rec.assisted),
            rec.source,
            rec.replay,
            rec.daily,
            rec.game_id,
            rec.code,
            rec.chosen,
            *(getattr(rec, c) for c in MEASURE_COLUMNS),
        )
        too_large = [
            c
            for c, v in zip(columns, values, strict=True)
            if type(v) is int and not _SQLITE_LOW <= v <= _SQLITE_HIGH
        ]
        if too_large:
            # the game came from a file (a kept game) holding a number no database can: say
            # so and go on, rather than fail this write and every later one
            # Translators: columns names the values too large, as the statistics' columns
            # (time_ms, bbbv): keep them.
            why = _("its %(columns)s is out of range") % {"columns": ", ".join(too_large)}
            # Translators: when is the date and time the game was played; why says what is
            # wrong.
            self.messages.append(
                _("Statistics: the game played at %(when)s is not recorded (%(why)s).")
                % {"when": rec.played_at[:19], "why": why}
            )
            return False
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c != "game_id")
        before = self.conn.total_changes
        try:
            with self.conn:
                self.conn.execute(
                    f"INSERT INTO games ({', '.join(columns)})"
                    f" VALUES ({', '.join('?' * len(columns))})"
                    f" ON CONFLICT (game_id) DO UPDATE SET {updates}",
                    values,
                )
            self._explained += self.conn.total_changes - before
            for page in (rec.kind, "daily") if rec.daily is not None else (rec.kind,):
                self._stored[page] = self._stored.get(page, 0) + 1
        except sqlite3.DatabaseError as e:
            if not (_is_file_error(e) or _is_broken_file(e)):
                raise
            self.close()
            self._give_up(_("cannot write %(file)s (%(error)s)") % {"file": self.path, "error": e})
            return False
        return True

    def measure_old_rows(
        self,
        most: int | None = None,
        measure: Callable[[object, object], Measures | None] | None = None,
    ) -> int:
        """Give up to `most` (None: all) rows recorded before rows kept measures (schema 6),
        or whose measures could not be made at their end, their measures, from their replays,
        oldest first: all of them from a version 2 journal, all but the clicks from a version
        1 replay ("no clicks"), none when the replay is gone ("none"). `measure(replay,
        time_ms)` makes them (by default `measures_from_replay`, here); what it raises stops
        the work, the row still to be measured. Returns how many rows are still to be
        measured."""
        measure = measure or measures_from_replay
        if self.conn is None:
            return 0
        rows = self.conn.execute(
            "SELECT id, replay, time_ms FROM games INDEXED BY games_unmeasured"
            " WHERE measured IS NULL ORDER BY id LIMIT ?",
            (-1 if most is None else most,),
        ).fetchall()
        sets = ", ".join(f"{c} = ?" for c in MEASURE_COLUMNS)
        try:
            for row, replay, time_ms in rows:
                values = measure_values(measure(replay, time_ms))
                with self.conn:
                    self.conn.execute(
                        f"UPDATE games SET {sets} WHERE id = ? AND measured IS NULL",
                        (*values.values(), row),
                    )
            return self.conn.execute(
                "SELECT count(*) FROM games INDEXED BY games_unmeasured WHERE measured IS NULL"
            ).fetchone()[0]
        except sqlite3.DatabaseError as e:
            if not (_is_file_error(e) or _is_broken_file(e)):
                raise
            return 0  # a file that cannot be written now: measured at a later start

    # ---- reading -------------------------------------------------------------------------

    def delete(self, row: int) -> None:
        """Remove one game's row (its end was undone)."""
        if self.conn is None:
            return
        try:
            with self.conn:
                self.conn.execute("DELETE FROM games WHERE id = ?", (row,))
        except sqlite3.DatabaseError as e:
            if not (_is_file_error(e) or _is_broken_file(e)):
                raise
            self.close()
            self._give_up(_("cannot write %(file)s (%(error)s)") % {"file": self.path, "error": e})

    def version(self, kind: str | None = None) -> tuple[int, int, int, int] | None:
        """What the figures (of `kind`, or "daily", or all) were read from: equal answers, equal
        figures. Rows changed through this connection (counted by sqlite; its own summaries'
        tallies change nothing shown) or any other (SQLite's `data_version`) change it; a game
        stored here changes only its own kind's (and the daily boards', if daily)."""
        if self.conn is None:
            return None
        try:
            (other,) = self.conn.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            return None  # then nothing is kept by it
        stored = sum(self._stored.values()) if kind is None else self._stored.get(kind, 0)
        return self._token, self.conn.total_changes - self._explained, stored, other

    def daily_summary(self, today: str) -> DailySummary:
        """Daily boards: days played and won, and the streak of days won (`today` in UTC).

        Reads one row a day (the first game of each date), never every game; read again only
        when a game was written since (`version`) or the day changed."""
        version = self.version("daily")
        kept = self._read.get("daily")
        if version is not None and kept is not None and kept[0] == (version, today):
            return kept[1]
        rows = []
        if self.conn is not None:
            firsts = self.conn.execute(  # the row of min(id) of each date: its first game
                "SELECT min(id), daily, won, assisted, time_ms, bbbv FROM games"
                f" INDEXED BY games_daily WHERE daily IS NOT NULL AND {DAILY_OK} GROUP BY daily"
            )
            rows = [_daily_first(row) for row in firsts]
            self._daily_left_out = self.conn.execute(
                f"SELECT kind, NOT {GOOD_ROW}, count(*) FROM games INDEXED BY games_daily"
                f" WHERE daily IS NOT NULL AND NOT ({DAILY_OK}) GROUP BY 1, 2"
            ).fetchall()
            self._say_skipped()
        daily = _daily(rows, today)
        if version is not None:
            self._read["daily"] = ((version, today), daily)
        return daily

    def _daily_best(self, leaving_out: str | None) -> int | None:
        """The best time of the daily boards (each date by its first game), leaving out one
        game's own row (it is being recorded)."""
        firsts = self.conn.execute(
            "SELECT min(id), daily, won, assisted, time_ms, bbbv FROM games"
            f" INDEXED BY games_daily WHERE daily IS NOT NULL AND {DAILY_OK}"
            " AND (? IS NULL OR game_id IS NOT ?) GROUP BY daily",
            (leaving_out, leaving_out),
        )
        times = [t for _, _, t in map(_daily_first, firsts) if t is not None]
        return min(times) if times else None

    def summary(self, kind: str, *, leaving_out: str | None = None) -> Summary:
        """Figures of one kind of board; `leaving_out` a game's own row (while it is recorded
        again, its earlier end must not count against it).

        The work is bounded by the rows shown (best times, recent games), the rows left out
        and the rows added since the last summary (see `tallies`), not by the number of games;
        none at all when no game of the kind was written since the last (`version`).
        """
        if self.conn is None:
            return summarise(kind, [])
        version = self.version(kind) if leaving_out is None else None
        kept = self._read.get(kind)
        if version is not None and kept is not None and kept[0] == version:
            return kept[1]
        if (
            leaving_out is not None
            and self.conn.execute(
                "SELECT 1 FROM games WHERE kind = ? AND game_id IS ?", (kind, leaving_out)
            ).fetchone()
        ):
            return self._summary_of_every_row(kind, leaving_out)
        played, won, streak, best_streak = self._tallies(kind)
        best_times, best_rate = self._bests(kind, None)
        recent = self.conn.execute(
            "SELECT won, time_ms, NOT (assisted = 0 AND ifnull(bbbv, 0) > 1 AND chosen IS NULL"
            " AND daily IS NULL) FROM games INDEXED BY games_good"
            f" WHERE kind = ? AND {GOOD_ROW} ORDER BY id DESC LIMIT ?",
            (kind, RECENT),
        ).fetchall()
        self._kinds_read.add(kind)
        self._say_skipped()
        summary = Summary(
            kind=kind,
            played=played,
            won=won,
            current_streak=streak,
            best_streak=best_streak,
            best_times=[t[:3] for t in best_times],
            best_rate=best_rate,
            recent=[(bool(w), ms, bool(other)) for w, ms, other in reversed(recent)],
            best_ioe=self._best(kind, "games_fair_ioe", "ioe", ""),
            nf_best_rate=self._best(kind, "games_nf_rates", "bbbv_per_s", " AND nf = 1"),
            nf_best_ioe=self._best(kind, "games_nf_ioe", "ioe", " AND nf = 1"),
            best_measures=[(rate, ioe) for *_, rate, ioe in best_times],
        )
        if version is not None:  # taken before the reading: a game written meanwhile is seen
            self._read[kind] = (version, summary)
        return summary

    def _best(
        self, kind: str, index: str, column: str, only: str, leaving_out: str | None = None
    ) -> float | None:
        """The highest of a measure among the fair wins of one kind (`only`: and these),
        leaving out one game's own row (it is being recorded)."""
        best = self.conn.execute(
            f"SELECT {column} FROM games INDEXED BY {index} WHERE kind = ? AND {FAIR_WIN}{only}"
            f" AND {column} IS NOT NULL AND {_measure_ok(column)}"
            f" AND (? IS NULL OR game_id IS NOT ?) ORDER BY {column} DESC LIMIT 1",
            (kind, leaving_out, leaving_out),
        ).fetchone()
        return None if best is None else best[0]

    def _bests(self, kind: str, leaving_out: str | None) -> tuple[list, float | None]:
        """The fastest fair wins (none for custom boards) and the best 3BV/s of one kind."""
        best_times = []
        if kind != "custom":
            best_times = self.conn.execute(
                "SELECT time_ms, played_at, replay, bbbv_per_s,"
                f" CASE WHEN {_measure_ok('ioe')} THEN ioe END"
                " FROM games INDEXED BY games_fair_times"
                f" WHERE kind = ? AND {FAIR_WIN} AND (? IS NULL OR game_id IS NOT ?)"
                " ORDER BY time_ms, played_at, id LIMIT ?",
                (kind, leaving_out, leaving_out, BEST_TIMES),
            ).fetchall()
        rate = self.conn.execute(
            "SELECT bbbv_per_s FROM games INDEXED BY games_fair_rates"
            f" WHERE kind = ? AND {FAIR_WIN} AND bbbv_per_s IS NOT NULL"
            " AND (? IS NULL OR game_id IS NOT ?) ORDER BY bbbv_per_s DESC LIMIT 1",
            (kind, leaving_out, leaving_out),
        ).fetchone()
        return best_times, None if rate is None else rate[0]

    def _tallies(self, kind: str) -> tuple[int, int, int, int]:
        before = self.conn.total_changes
        try:
            return _tally(self.conn, kind)
        finally:  # a tally kept changes no figure
            self._explained += self.conn.total_changes - before

    def _summary_of_every_row(self, kind: str, leaving_out: str | None) -> Summary:
        """The figures from every row of one kind read into Python (a game recorded again)."""
        rows = []
        for row in self.conn.execute(
            "SELECT id, won, time_ms, assisted, bbbv, played_at, bbbv_per_s, replay,"
            f" {CHOSEN_OR_DAILY}, CASE WHEN {_measure_ok('ioe')} THEN ioe END, nf IS 1"
            " FROM games WHERE kind = ? AND (? IS NULL OR game_id IS NOT ?) ORDER BY id",
            (kind, leaving_out, leaving_out),
        ):
            good = _good_row(row)
            if good is not None:
                rows.append(good)
        self._kinds_read.add(kind)
        self._say_skipped()
        return summarise(kind, rows)

    @property
    def skipped(self) -> int:
        """How many rows the figures read so far leave out because they do not hold a game
        (counted by sqlite as they were at the last reading, never read one by one)."""
        return self._skipped

    def _count_skipped(self) -> int:
        kinds = sorted(self._kinds_read)
        marks = ", ".join("?" * len(kinds))
        n = 0
        if kinds:
            n = self.conn.execute(
                f"SELECT count(*) FROM games INDEXED BY games_bad"
                f" WHERE kind IN ({marks}) AND NOT {GOOD_ROW}",
                kinds,
            ).fetchone()[0]
        # the daily rows left out when they were last read, unless counted above already
        n += sum(k for kind, bad, k in self._daily_left_out if not (bad and kind in kinds))
        return n

    def _say_skipped(self) -> None:
        """One line about the rows left out, kept up to date (never one line per row)."""
        self._skipped = n = self._count_skipped()
        if n == self._skipped_said:
            return
        self.messages = [m for m in self.messages if m != self._skipped_line]
        self._skipped_line = ngettext(
            "Statistics: skipped %(count)s game in %(file)s that could not be read (left out of "
            "the figures; the file is left as it is).",
            "Statistics: skipped %(count)s games in %(file)s that could not be read (left out "
            "of the figures; the file is left as it is).",
            n,
        ) % {"count": i18n.number(n), "file": self.path}
        self.messages.append(self._skipped_line)
        self._skipped_said = n


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


@functools.lru_cache(maxsize=1 << 14)
def _is_date(raw: bytes) -> bool:
    """Whether a daily board's date (raw bytes, ten characters) is a date to Python, as
    `_good_daily_row` has it."""
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


def _good_daily_row(row: tuple) -> tuple[str, bool, int | None] | None:
    """`_daily_first` of a row (id, date, won, assisted, time_ms, 3BV), None if it is not
    one."""
    _, day, won, assisted, *_ = row
    if not (_flag(won) and _flag(assisted) and isinstance(day, str) and len(day) == 10):
        return None
    try:
        date.fromisoformat(day)
    except ValueError:
        return None
    return _daily_first(row)


def _daily_first(row: tuple) -> tuple[str, bool, int | None]:
    """(date, won and not assisted, the time if it can be the daily best) from the checked
    row (id, date, won, assisted, time_ms, 3BV) of a date's first game."""
    _, day, won, assisted, time_ms, bbbv = row
    fair = bool(won) and not assisted
    best = fair and type(time_ms) is int and time_ms >= 0 and type(bbbv) is int and bbbv > 1
    return day, fair, time_ms if best else None


@dataclass(frozen=True)
class DailySummary:
    played: int
    won: int
    streak: int  # daily boards won on consecutive days, up to today or yesterday
    best_streak: int
    best_ms: int | None = None  # the daily boards' own best time (first games, unassisted)


def _daily(rows: list[tuple[str, bool, int | None]], today: str) -> DailySummary:
    """Each date counts by its first game only (a retry after a loss does not turn the day
    into a win); an assisted win is not a win here."""
    first: dict[str, bool] = {}
    times: dict[str, int | None] = {}
    for day, won, time_ms in rows:
        first.setdefault(day, won)
        times.setdefault(day, time_ms)
    won_days = sorted(d for d, won in first.items() if won)
    ordinals = [date.fromisoformat(d).toordinal() for d in won_days]
    best = run = 0
    for k, day in enumerate(ordinals):
        run = run + 1 if k and day == ordinals[k - 1] + 1 else 1
        best = max(best, run)
    current = 0
    if ordinals and ordinals[-1] >= date.fromisoformat(today).toordinal() - 1:
        current = run
    best_ms = min((t for t in times.values() if t is not None), default=None)
    return DailySummary(len(first), len(won_days), current, best, best_ms)


def summarise(kind: str, rows: list[tuple]) -> Summary:
    """Figures of one kind of board from its games in order:
    (won, time_ms, assisted, played_at, 3BV/s, replay path[, IOE, no flag placed]).

    Records (best times, best 3BV/s, streaks) count only the games that can set one
    (game/store/records.py); any other neither extends nor breaks a streak. Custom boards of
    any size have no best times.
    """
    streak = best_streak = 0
    for won, _time, assisted, *_rest in rows:
        if assisted:
            continue
        streak = streak + 1 if won else 0
        best_streak = max(best_streak, streak)
    fair_wins = [r for r in rows if r[0] and not r[2]]
    fastest = sorted(fair_wins, key=lambda r: (r[1], r[3]))
    fastest = [] if kind == "custom" else fastest[:BEST_TIMES]
    rates = [r[4] for r in fair_wins if r[4] is not None]

    def ioe(r: tuple) -> float | None:
        return r[6] if len(r) > 6 else None

    def best(values: list) -> float | None:
        values = [v for v in values if v is not None]
        return max(values) if values else None

    nf_wins = [r for r in fair_wins if len(r) > 7 and r[7]]
    return Summary(
        kind=kind,
        played=len(rows),
        won=sum(1 for r in rows if r[0]),
        current_streak=streak,
        best_streak=best_streak,
        best_times=[(r[1], r[3], r[5]) for r in fastest],
        best_rate=max(rates) if rates else None,
        recent=[(bool(r[0]), r[1], bool(r[2])) for r in rows[-RECENT:]],
        best_ioe=best([ioe(r) for r in fair_wins]),
        nf_best_rate=best([r[4] for r in nf_wins]),
        nf_best_ioe=best([ioe(r) for r in nf_wins]),
        best_measures=[(r[4], ioe(r)) for r in fastest],
    )


def _tally(conn: sqlite3.Connection, kind: str) -> tuple[int, int, int, int]:
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
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute("INSERT OR REPLACE INTO tallies VALUES (?, ?, ?, ?, ?, ?)", (kind, *tally))
        conn.execute(
            "DELETE FROM tallies WHERE kind = ? AND upto NOT IN"
            " (SELECT upto FROM tallies WHERE kind = ? ORDER BY upto DESC LIMIT ?)",
            (kind, kind, TALLIES_KEPT),
        )
    except sqlite3.OperationalError as e:
        if not _is_file_error(e):
            raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {WRITE_WAIT_MS}")


# The letters of `--stats`' last games, and its key.
# Translators: one letter each: a win, a win that set no record, a loss (--stats' last games).
_RECENT_MARKS = (
    NP_("last games: won", "W"),
    NP_("last games: won, no record", "a"),
    NP_("last games: lost", "L"),
)


def kind_label(kind: str) -> str:
    """A kind of board (KINDS) as the player reads it: "Beginner" ... "Custom"."""
    if kind == "custom":
        return pgettext("difficulty", "Custom")
    return Difficulty[kind.upper()].label


def stats_report(stats: Stats, today: str) -> list[str]:
    """The statistics as lines of text (`--stats`); `today` is the UTC date. Numbers and
    dates as the language writes them (i18n.number, i18n.date); the CSV keeps Python's."""
    number = i18n.number
    lines = [_("Pixel Mines statistics (%(file)s)") % {"file": stats.path}]
    d = stats.daily_summary(today)
    daily = {
        "played": number(d.played),
        "won": number(d.won),
        "streak": number(d.streak),
        "best_streak": number(d.best_streak),
    }
    if d.best_ms is None:
        # Translators: the daily boards in --stats: days played, of them won, the streak of
        # days won now and the best one.
        line = ngettext(
            "Daily boards: %(played)s day played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s",
            "Daily boards: %(played)s days played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s",
            d.played,
        )
    else:
        daily["seconds"] = number(d.best_ms / 1000, 3)
        # Translators: as above, and the best time of a daily board in seconds (3 decimals).
        line = ngettext(
            "Daily boards: %(played)s day played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s, best time %(seconds)s s",
            "Daily boards: %(played)s days played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s, best time %(seconds)s s",
            d.played,
        )
    lines.append(line % daily)
    for kind in KINDS:
        s = stats.summary(kind)
        lines.append("")
        # Translators: a kind of board in --stats (Beginner...): games played, won, and the
        # share won in per cent (%% is the per cent sign).
        lines.append(
            _("%(kind)s: played %(played)s, won %(won)s (%(rate)s%%)")
            % {
                "kind": kind_label(kind),
                "played": number(s.played),
                "won": number(s.won),
                "rate": number(s.win_rate * 100),
            }
        )
        # Translators: the games won in a row now, and the most ever.
        streaks = {"streak": number(s.current_streak), "best": number(s.best_streak)}
        lines.append("  " + _("streak %(streak)s, best streak %(best)s") % streaks)
        bests = [
            _("best 3BV/s %(value)s") % {"value": number(s.best_rate, 2)}
            if s.best_rate is not None
            else "",
            _("best IOE %(value)s") % {"value": number(s.best_ioe, 3)}
            if s.best_ioe is not None
            else "",
        ]
        if any(bests):
            lines.append("  " + ", ".join(b for b in bests if b))
        nf = [
            _("3BV/s %(value)s") % {"value": number(s.nf_best_rate, 2)}
            if s.nf_best_rate is not None
            else "",
            _("IOE %(value)s") % {"value": number(s.nf_best_ioe, 3)}
            if s.nf_best_ioe is not None
            else "",
        ]
        if any(nf):
            # Translators: the bests of games won without a flag; bests lists them
            # ("3BV/s 2.50, IOE 0.800").
            lines.append(
                "  " + _("no flags (NF): best %(bests)s") % {"bests": ", ".join(b for b in nf if b)}
            )
        for n, (ms, at, _row) in enumerate(s.best_times, 1):
            lines.append(f"  {n:>2}. {number(ms / 1000, 3):>8} s  {i18n.date(at[:10])}")
        if not s.best_times and kind != "custom":
            lines.append("  " + no_best_line(s.won))
        if s.recent:
            won_mark, other_mark, lost_mark = (pgettext(*m) for m in _RECENT_MARKS)
            marks = "".join(
                lost_mark if not won else other_mark if other else won_mark
                for won, _when, other in s.recent
            )  # as the window's chart and its key
            # Translators: the last games in --stats, one letter each (count of them); keep the
            # three letters as you translated them.
            lines.append(
                "  "
                + _(
                    "last %(count)s: %(marks)s  (%(won)s won, %(other)s won with "
                    "no record, %(lost)s lost)"
                )
                % {
                    "count": number(len(s.recent)),
                    "marks": marks,
                    "won": won_mark,
                    "other": other_mark,
                    "lost": lost_mark,
                }
            )
    return lines


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


def _date_with_offset(value: object) -> str:
    """ISO 8601 with its UTC offset. Rows hold the local time the game ended without one: it
    is read as this computer's local time on that date (summer time included)."""
    if not isinstance(value, str):
        return ""
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.astimezone()
        return when.isoformat(timespec="seconds")
    except (ValueError, OverflowError, OSError):
        return ""


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


def _daily_date(value: object) -> str:
    return value if isinstance(value, str) and len(value) == 10 and _is_date(value.encode()) else ""


EXPORT_COLUMNS = (
    ("date", "played_at", _date_with_offset),
    ("board", "kind", _kind),
    ("rows", "rows", _count),
    ("cols", "cols", _count),
    ("mines", "mines", _count),
    ("seed", "seed", _seed),
    ("code", "code", _code),
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
)


def stats_csv(stats: Stats) -> tuple[str, int]:
    """Every game, oldest first, as CSV text with a header row; and how many games.

    Empty cells mean "none" (3BV/s and efficiency of a loss, the seed and code of a board that
    had none, the date of a board that was not a daily one, the clicks of a game whose clicks
    were not recorded, the measures of a game whose replay is gone).
    """
    rows = []
    if stats.conn is not None:
        sql = ", ".join(expr for _, expr, _ in EXPORT_COLUMNS)
        rows = stats.conn.execute(f"SELECT {sql}, replay FROM games ORDER BY id").fetchall()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(name for name, _, _ in EXPORT_COLUMNS)
    code_at = [name for name, _, _ in EXPORT_COLUMNS].index("code")
    for *values, replay in rows:
        cells = [written(v) for (_, _, written), v in zip(EXPORT_COLUMNS, values, strict=True)]
        if values[code_at] is None and isinstance(replay, str):
            cells[code_at] = _code_from_replay(replay)
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
