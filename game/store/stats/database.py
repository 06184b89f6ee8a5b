"""Statistics: one row per finished game in `stats.sqlite3` (user data folder), and the records.

`Stats` is the database: opening it (migrations bring older files up to date), writing a
game's row, and reading the figures (summaries.py works them out). A file that is not a
database, or a database whose tables are not ours, is set aside and a new one started; one
from a newer version is left untouched; a folder that cannot be written means records are not
kept this time; a file another program holds is waited for a little, then left alone. Rows
are checked as they are read: a row that is not a game is left out and counted. Each case is
said once, in a line a player understands.
"""

from __future__ import annotations

import errno
import itertools
import os
import sqlite3
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from ...i18n import _, ngettext, number
from ..files import data_dir, make_folder, set_aside
from ..replays import ReplayError, load_replay
from . import summaries
from .schema import (
    _BROKEN_FILE,
    _FILE_ERRORS,
    _IN_USE,
    COUNTED_COLUMNS,
    DAILY_OK,
    GOOD_ROW,
    KINDS,
    MIGRATIONS,
    ROW_COLUMNS,
    SCHEMA_VERSION,
    GameRecord,
    NewRecords,
    NotOurs,
    _check_ours,
    _error_in,
    _is_date,
    _text,
    counted_values,
    efficiency_of,
    measure_values,
    rate_of,
)

if TYPE_CHECKING:  # the solver is loaded when a game is measured, not at start
    from collections.abc import Callable

    from ...engine.game_measures import Measures

SIDE_FILES = ("-journal", "-wal", "-shm")  # sqlite's own files beside the database


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
# One game's row, written again over the row of the same game id if there is one.
_UPSERT = (
    f"INSERT INTO games ({', '.join(ROW_COLUMNS)}) VALUES ({', '.join('?' * len(ROW_COLUMNS))})"
    " ON CONFLICT (game_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in ROW_COLUMNS if c != "game_id")
)


def _no_waiting_for_the_disk(conn: sqlite3.Connection) -> None:
    """A commit need not wait for the disk (a frame would): write-ahead logging with normal
    syncing keeps the file whole through a crash or a kill and loses at most the last game to
    a power cut. A folder where the log cannot be made keeps sqlite's default."""
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.OperationalError:
        pass


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
    from ...engine.game_measures import measures_of
    from ...engine.walk import move_events

    events = replay.events if replay.version >= 2 else move_events(replay.moves)
    try:
        return measures_of(replay.layout, events, time_ms)
    except ValueError:  # checked as it was read, so never; but a file is not to be trusted
        return None


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
        self._read: dict[str, tuple[tuple, summaries.Summary | summaries.DailySummary]] = {}
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
            self._give_up(
                # Translators: folder is where the statistics are kept; error says why not.
                _("cannot use %(folder)s (%(error)s)")
                % {"folder": self.path.parent, "error": e.strerror or e}
            )
        except NotOurs as e:
            self._start_over(str(e))
        except sqlite3.DatabaseError as e:
            if _error_in(e, _IN_USE):
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
            elif _error_in(e, _FILE_ERRORS):
                self._give_up(
                    _("cannot open %(file)s (%(error)s)") % {"file": self.path, "error": e}
                )
            elif _error_in(e, _BROKEN_FILE) or type(e) is sqlite3.DatabaseError:
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
                self.messages.append(
                    # Translators: file is one of sqlite's files beside the statistics; kept is
                    # the name it was moved to.
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
                summaries.tally(conn, kind)

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
        self.messages.append(
            # Translators: why says what is wrong with the file; kept is where it is now.
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
            firsts = summaries.daily_firsts(self.conn, leaving_out=rec.game_id)
            times = [first[2] for first in firsts if first[2] is not None]
            return NewRecords(best_time=not times or rec.time_ms < min(times))
        size = (rec.rows, rec.cols, rec.mines) if rec.kind == "custom" else None
        best_times, best_rate = summaries.bests(self.conn, rec.kind, rec.game_id, size)
        self._kinds_read.add(rec.kind)
        self._say_skipped()
        rate, ioe, nf = rec.bbbv_per_s, rec.ioe, rec.nf is True

        def higher(value: float | None, index: str, column: str, only: str = "") -> bool:
            if value is None:
                return False
            best = summaries.best(self.conn, rec.kind, index, column, only, rec.game_id)
            return best is None or value > best

        return NewRecords(
            best_time=not best_times or rec.time_ms < best_times[0][0],
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
        values = tuple(getattr(rec, c) for c in ROW_COLUMNS)  # sqlite keeps a bool as 0 or 1
        too_large = [
            c
            for c, v in zip(ROW_COLUMNS, values, strict=True)
            if type(v) is int and not _SQLITE_LOW <= v <= _SQLITE_HIGH
        ]
        if too_large:
            # the game came from a file (a kept game) holding a number no database can: say
            # so and go on, rather than fail this write and every later one
            # Translators: columns names the values too large, as the statistics' columns
            # (time_ms, bbbv): keep them.
            why = _("its %(columns)s is out of range") % {"columns": ", ".join(too_large)}
            self.messages.append(
                # Translators: when is the date and time the game was played; why says what is
                # wrong.
                _("Statistics: the game played at %(when)s is not recorded (%(why)s).")
                % {"when": rec.played_at[:19], "why": why}
            )
            return False
        before = self.conn.total_changes
        try:
            with self.conn:
                self.conn.execute(_UPSERT, values)
        except sqlite3.DatabaseError as e:
            self._cannot_write(e)
            return False
        self._explained += self.conn.total_changes - before
        for page in (rec.kind, "daily") if rec.daily is not None else (rec.kind,):
            self._stored[page] = self._stored.get(page, 0) + 1
        return True

    def _cannot_write(self, e: sqlite3.DatabaseError) -> None:
        """A write failed: the file's fault (full, read-only, broken) is said and the
        statistics are closed for the session; any other error is this program's, raised."""
        if not _error_in(e, _FILE_ERRORS + _BROKEN_FILE):
            raise e
        self.close()
        self._give_up(_("cannot write %(file)s (%(error)s)") % {"file": self.path, "error": e})

    def measure_old_rows(
        self,
        most: int | None = None,
        measure: Callable[[object, object], Measures | None] | None = None,
        then: Callable[[object, Measures | None], None] | None = None,
    ) -> int:
        """Give up to `most` (None: all) rows recorded before rows kept measures as they are
        now (schema 8: the community's clicks), or whose measures could not be made at their
        end, their measures, from their replays, oldest first: all of them from a version 2
        journal, all but the clicks from a version 1 replay ("no clicks"), none when the
        replay is gone ("none"; a row measured before schema 8 keeps what it had then).
        `measure(replay, time_ms)` makes them (by default `measures_from_replay`, here); what
        it raises stops the work, the row still to be measured. `then(game_id, measures)`
        follows each row written. Returns how many rows are still to be measured."""
        measure = measure or measures_from_replay
        if self.conn is None:
            return 0
        rows = self.conn.execute(
            "SELECT id, replay, time_ms, game_id, zini IS NOT NULL, clicks_all IS NOT NULL"
            " FROM games INDEXED BY games_unmeasured WHERE measured IS NULL ORDER BY id LIMIT ?",
            (-1 if most is None else most,),
        ).fetchall()
        try:
            for row, replay, time_ms, game_id, had, had_clicks in rows:
                measures = measure(replay, time_ms)
                with self.conn:
                    if measures is None and had:  # measured before schema 8; its replay gone
                        self.conn.execute(
                            "UPDATE games SET measured = ? WHERE id = ? AND measured IS NULL",
                            ("all" if had_clicks else "no clicks", row),
                        )
                    else:
                        self._write_measures(row, measures)
                if then is not None:
                    then(game_id, measures)
            return self.conn.execute(
                "SELECT count(*) FROM games INDEXED BY games_unmeasured WHERE measured IS NULL"
            ).fetchone()[0]
        except sqlite3.DatabaseError as e:
            if not _error_in(e, _FILE_ERRORS + _BROKEN_FILE):
                raise
            return 0  # a file that cannot be written now: measured at a later start

    def _write_measures(self, row: int, measures: Measures | None) -> None:
        """One row's measures (MEASURE_COLUMNS), and what they make better of what it held
        (COUNTED_COLUMNS, its efficiency, a loss's 3BV/s), worked out as `GameRecord` does:
        the one rule, whether a game is measured at its end or later."""
        held = self.conn.execute(
            f"SELECT won, bbbv, time_ms, {', '.join(COUNTED_COLUMNS)}, bbbv_per_s"
            " FROM games WHERE id = ? AND measured IS NULL",
            (row,),
        ).fetchone()
        if held is None:
            return  # measured meanwhile (another copy of the game)
        won, bbbv, time_ms, *counted, rate = held
        values = measure_values(measures) | counted_values(measures)
        left, right, chord, solved = (
            values.get(c, v) for c, v in zip(COUNTED_COLUMNS, counted, strict=True)
        )
        whole = all(type(v) is int for v in (bbbv, time_ms, left, right, chord))
        if "clicks_left" in values and whole:  # the clicks counted anew
            values["efficiency"] = efficiency_of(won == 1, bbbv, left + right + chord)
        if rate is None and won == 0 and whole and type(solved) is int:  # a tally ignores it
            values["bbbv_per_s"] = rate_of(False, bbbv, solved, time_ms)
        sets = ", ".join(f"{c} = ?" for c in values)
        self.conn.execute(
            f"UPDATE games SET {sets} WHERE id = ? AND measured IS NULL", (*values.values(), row)
        )

    # ---- reading -------------------------------------------------------------------------

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

    def daily_summary(self, today: str) -> summaries.DailySummary:
        """Daily boards: days played and won, and the streak of days won (`today` in UTC).

        Reads one row a day (the first game of each date), never every game; read again only
        when a game was written since (`version`) or the day changed."""
        version = self.version("daily")
        kept = self._read.get("daily")
        if version is not None and kept is not None and kept[0] == (version, today):
            return kept[1]
        rows = []
        if self.conn is not None:
            rows = summaries.daily_firsts(self.conn)
            # the daily rows left out: (kind, whether not a game either, how many)
            self._daily_left_out = self.conn.execute(
                f"SELECT kind, NOT {GOOD_ROW}, count(*) FROM games INDEXED BY games_daily"
                f" WHERE daily IS NOT NULL AND NOT ({DAILY_OK}) GROUP BY 1, 2"
            ).fetchall()
            self._say_skipped()
        daily = summaries._daily(rows, today)
        if version is not None:
            self._read["daily"] = ((version, today), daily)
        return daily

    def summary(
        self, kind: str, *, leaving_out: str | None = None, size: summaries.Size | None = None
    ) -> summaries.Summary:
        """Figures of one kind of board; `leaving_out` a game's own row (while it is recorded
        again, its earlier end must not count against it); custom boards: the best times of
        `size` (rows, cols, mines), by default of the size last played.

        The work is bounded by the rows shown (best times, recent games), the rows left out
        and the rows added since the last summary (see `tallies`), not by the number of games;
        none at all when no game of the kind was written since the last (`version`).
        """
        if self.conn is None:
            return summaries.summarise(kind, [])
        size = size if kind == "custom" else None
        version = self.version(kind) if leaving_out is None else None
        kept = self._read.get(kind)
        if version is not None and kept is not None and kept[0] == (version, size):
            return kept[1]
        own = (
            leaving_out is not None
            and self.conn.execute(
                "SELECT 1 FROM games WHERE kind = ? AND game_id IS ?", (kind, leaving_out)
            ).fetchone()
        )
        if own:  # the game recorded again: every row of its kind read into Python
            rows = summaries.every_row(self.conn, kind, leaving_out)
            summary = summaries.summarise(kind, rows, size)
        else:
            summary = summaries.indexed(self.conn, kind, self._tallies(kind), size)
        self._kinds_read.add(kind)
        self._say_skipped()
        if version is not None:  # taken before the reading: a game written meanwhile is seen
            self._read[kind] = ((version, size), summary)
        return summary

    def custom_size_beside(
        self, size: summaries.Size | None, step: int = 1
    ) -> summaries.Size | None:
        """The next custom size with a best time after `size` (step 1) or before it (-1),
        round from the last to the first; None if no custom board has one."""
        if self.conn is None:
            return None
        return summaries.custom_size_beside(self.conn, size, step)

    def _tallies(self, kind: str) -> tuple[int, int, int, int]:
        before = self.conn.total_changes
        try:
            return summaries.tally(self.conn, kind)
        finally:  # a tally kept changes no figure
            self._explained += self.conn.total_changes - before

    @property
    def skipped(self) -> int:
        """How many rows the figures read so far leave out because they do not hold a game
        (counted by sqlite as they were at the last reading, never read one by one)."""
        return self._skipped

    def _say_skipped(self) -> None:
        """One line about the rows left out, kept up to date (never one line per row)."""
        kinds = sorted(self._kinds_read)
        self._skipped = n = summaries.count_skipped(self.conn, kinds, self._daily_left_out)
        if n == self._skipped_said:
            return
        self.messages = [m for m in self.messages if m != self._skipped_line]
        self._skipped_line = ngettext(
            "Statistics: skipped %(count)s game in %(file)s that could not be read (left out of "
            "the figures; the file is left as it is).",
            "Statistics: skipped %(count)s games in %(file)s that could not be read (left out "
            "of the figures; the file is left as it is).",
            n,
        ) % {"count": number(n), "file": self.path}
        self.messages.append(self._skipped_line)
        self._skipped_said = n
