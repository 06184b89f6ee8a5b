"""What happens to a game on disk as it is played: every event journaled before it is shown (so
a quit, a crash or a kill loses nothing), then at its end saved as a replay and recorded in
the statistics; unfinished games kept one journal each, held by the copy that plays them.

game.session drives it for both front ends. A folder that cannot be written is said once,
never raised. Formats: docs/FORMATS.md.
"""

from __future__ import annotations

import contextlib
import dataclasses
import stat
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Game
from ..i18n import N_, _
from .files import remove_stale_temp_files, set_aside
from .journal import LOCK_SUFFIX, SUFFIX, Journal
from .locks import GameLock
from .records import assists_of
from .replays import (
    Replay,
    ReplayError,
    header_of,
    kept_dir,
    kept_game_path,
    load_replay,
    new_game_id,
    replay_of,
    replay_path,
    replays_dir,
    save_replay,
    to_lines,
)
from .stats import GameRecord, NewRecords, Stats, measures_from_replay
from .writer import Writer

if TYPE_CHECKING:
    from ..engine.game_measures import Measures

MAX_OFFERED = 9  # a start offers at most this many kept games (the newest), named one a line


def _set_aside_unread(
    path: Path, moved: str, stuck: str, why: object, suffix: str = "corrupt"
) -> tuple[bool, str]:
    """Move a kept game that cannot be used aside (as NAME.suffix-DATE); whether it moved, and
    the line that says so (`moved`, `stuck`: the messages for each case, which may name the
    `folder` and the file's `name` too; `why`: what is wrong)."""
    where = {"why": why, "folder": path.parent, "name": path.name}
    try:
        kept = set_aside(path, suffix)
    except OSError as e:
        return False, _(stuck) % {**where, "error": e.strerror or e}
    return True, _(moved) % {**where, "kept": kept.name}


_UNREAD_ONE = (
    # Translators: why says what is wrong with the kept game's file; kept is the name it was
    # moved to; error says why it could not be moved.
    N_("A game kept from last time cannot be read (%(why)s); it was moved to %(kept)s."),
    N_(
        "A game kept from last time cannot be read (%(why)s); it cannot be moved "
        "aside (%(error)s): it is left as it is."
    ),
)
_UNREAD_LEGACY = (
    N_(
        "The game kept from last time cannot be read (%(why)s); it was moved to "
        "%(kept)s and a new game starts."
    ),
    N_(
        "The game kept from last time cannot be read (%(why)s); it cannot be "
        "moved aside (%(error)s): it is left as it is."
    ),
)
# Translators: why says why the kept game's file cannot be written (the system's words); kept
# is the name it was moved to, in folder; name is its own name; error says why it could not
# be moved.
_UNWRITABLE_ONE = (
    N_(
        "A game kept from last time cannot be written (%(why)s), so it cannot be played on; it "
        "was moved to %(kept)s in %(folder)s: make it writable and name it %(name)s again to "
        "play it."
    ),
    N_(
        "A game kept from last time cannot be written (%(why)s), so it cannot be played on; it "
        "cannot be moved aside (%(error)s): it is left as it is."
    ),
)


def _never_begun(path: Path) -> bool:
    """Whether a kept journal holds no whole line: the program was killed while it wrote the
    header, before any move (a header is one line; a game's first move comes after it)."""
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            return False  # load_replay says what it is
        with open(path, "rb") as f:
            while chunk := f.read(1 << 16):
                if b"\n" in chunk:
                    return False
    except OSError:
        return False  # load_replay says why
    return True


# What cannot be written, said once each (the keys name them for `_once`).
_UNWRITTEN = {
    # Translators: error says why the file cannot be written.
    "The game in progress": N_(
        "The game in progress cannot be written (%(error)s); play goes on without it."
    ),
    "Replays": N_("Replays cannot be written (%(error)s); play goes on without it."),
}


def to_stderr(line: str) -> None:
    """One line for the player on stderr, if there is a stderr to write to: closed
    (`2>&-`) or failing (`2>/dev/full`), the line is dropped, never raised (there is nowhere
    left to say anything)."""
    stream = sys.stderr
    if stream is None:  # print(file=None) would write to stdout instead
        return
    with contextlib.suppress(OSError, ValueError):  # ValueError: the stream was closed
        print(f"pixel-mines: {line}", file=stream, flush=True)


class NotMeasured(Exception):
    """The process that made a finished game's measures died under them: what a `measure`
    (History's) raises then, in the store's terms, so that the store knows no worker."""


# How the solver's work on a finished game is done elsewhere: `measure(fn, *args)` is
# `fn(*args)` in another process (NotMeasured if it died under it).
Measure = Callable[..., object]


@dataclass
class Finished:
    record: GameRecord  # with its measures once they are made
    new: NewRecords | None  # None: the statistics are not being kept
    replay: Path | None
    messages: list[str] = field(default_factory=list)
    # The measures (docs/RULES.md) are made with the writing, on the writer's thread when
    # there is one: `measured` turns True when they are made (`measures` None: none could be)
    # and the replay and the row are written (or could not be), just before `then` is called.
    measures: Measures | None = None
    measured: bool = False


@dataclass
class Kept:
    """An unfinished game found at start, its journal held by this copy until it is resumed,
    dropped or let go."""

    replay: Replay
    journal: Journal


class History:
    """The statistics, the replay folder and the kept games of one session (any may be None).

    `kept` is the folder of journals; `legacy` the one kept-game file of versions before 2,
    read once and moved into that folder."""

    def __init__(
        self,
        stats: Stats | None = None,
        replays: Path | None = None,
        kept: Path | None = None,
        echo: Callable[[str], None] | None = None,
        writer: Writer | None = None,
        legacy: Path | None = None,
        measure: Measure | None = None,
    ) -> None:
        self.stats = stats
        self.replays = replays
        self.kept = kept
        self.legacy = legacy
        self.echo = echo  # lines about the player's files go here too (stderr), not only on screen
        # With a writer, the replay and the row are written on its thread (a window must not
        # wait for the disk); without, at once (the terminal, tests). Journal lines are always
        # written at once: they are small, and must be on their way before the frame.
        self.writer = writer
        # The solver's work on a finished game (its measures) goes to `measure` (the window's
        # worker process, so that it never takes the interpreter lock from the loop); without
        # one it is done on the thread that writes.
        self.measure = measure
        # finishes whose measures could not be made, by game id: told again once they are
        self._unmeasured: dict[str, tuple[Finished, Callable[[Finished], None] | None]] = {}
        self._writer_stats: Stats | None = None  # the writer thread's own connection
        self.late: list[str] = []  # lines from writes done on the writer's thread
        self._said: set[str] = set()
        self._said_lock = threading.Lock()
        self._measuring_old = False  # old games are being measured on the writer's thread

    @classmethod
    def on_disk(
        cls, stats: Stats, *, background: bool = False, measure: Measure | None = None
    ) -> History:
        return cls(
            stats,
            replays_dir(),
            kept_dir(),
            echo=to_stderr,
            writer=Writer() if background else None,
            legacy=kept_game_path(),
            measure=measure,
        )

    def _write(self, job: Callable[[], list[str]]) -> list[str]:
        """Run a write now (its lines returned) or on the writer (its lines come later)."""
        if self.writer is None:
            return job()
        self.writer.submit(lambda: self.late.extend(job()))
        return []

    def take_late(self) -> list[str]:
        """Lines from writes done on the writer's thread since last asked."""
        taken = []
        while self.late:
            taken.append(self.late.pop(0))
        return taken

    def flush(self) -> None:
        """Wait until every write asked for is on disk (at quit, and before reading back); old
        games still to be measured wait for a later start."""
        self._measuring_old = False
        if self.writer is not None:
            self.writer.flush()

    def _once(self, what: str, e: OSError) -> list[str]:
        with self._said_lock:
            if what in self._said:
                return []
            self._said.add(what)
        return self._echoed([_(_UNWRITTEN[what]) % {"error": e.strerror or e}])

    def _echoed(self, lines: list[str]) -> list[str]:
        if self.echo is not None:
            for line in lines:
                self.echo(line)
        return lines

    # ---- the journal of the game in play --------------------------------------------------

    def open_journal(self, replay: Replay) -> tuple[Journal | None, list[str]]:
        """A new journal for this game (its header written), or None and lines for the player
        (said once) when games are not kept or the folder cannot be written."""
        if self.kept is None:
            return None, []
        try:
            return Journal.create(self.kept, replay.game_id, header_of(replay)), []
        except OSError as e:
            return None, self._once("The game in progress", e)

    def append(self, journal: Journal, entry: dict) -> list[str]:
        """One line on its way to disk; lines for the player the first time it fails (the
        journal is then closed: play goes on without it)."""
        try:
            journal.append(entry)
        except OSError as e:
            journal.close()
            return self._once("The game in progress", e)
        return []

    def drop(self, journal: Journal) -> None:
        """The game is not kept any more (replaced, declined, or ended and recorded): its
        journal goes, after any write still reading it."""

        def remove() -> list[str]:
            with contextlib.suppress(OSError):  # a folder we cannot write kept nothing either
                journal.remove()
            return []

        self.late += self._write(remove)

    def let_go(self, journal: Journal) -> None:
        """Stop writing; the game stays kept for a later start (at quit, or a kept game that
        was offered and not chosen)."""

        def close() -> list[str]:
            journal.close()
            return []

        self.late += self._write(close)

    # ---- kept games at start ---------------------------------------------------------------

    def tidy(self) -> None:
        """At start: remove what killed writes left behind (old temporary files only: another
        copy of the game may be writing a new one right now), and measure the games recorded
        before rows kept measures."""
        for folder in (self.replays, self.kept):
            if folder is not None:
                remove_stale_temp_files(folder)
        self.measure_old_games()

    def take_kept(self) -> tuple[list[Kept], list[str]]:
        """The unfinished games no live copy holds, the newest first, each now held by this
        copy;
        lines for the player (also echoed). A journal that cannot be read is set aside; one
        with no move is removed; one whose game had ended is recorded (again: its row and
        replay are keyed by its id) and removed."""
        if self.kept is None:
            return [], []
        lines = self._adopt_legacy()
        found: list[Kept] = []
        try:
            # the newest game first: ids start with when the game started, so the order stays
            # the same from one start to the next (playing one on does not move it up)
            paths = sorted(self.kept.glob(f"*{SUFFIX}"), reverse=True)
            orphans = [
                p for p in self.kept.glob(f"*{LOCK_SUFFIX}") if not p.with_suffix(SUFFIX).exists()
            ]
        except OSError:
            return [], lines
        for lock_path in orphans:  # a start killed between its lock and its journal
            lock = GameLock.take(lock_path)
            if lock is not None and not lock_path.with_suffix(SUFFIX).exists():
                lock.release(remove=True)
            elif lock is not None:
                lock.release()
        for path in paths:
            if len(found) == MAX_OFFERED:
                break
            held = self._claim(path, lines)
            if held is not None:
                found.append(held)
        return found, self._echoed(lines)

    def _claim(self, path: Path, lines: list[str]) -> Kept | None:
        try:
            lock = GameLock.take(path.with_suffix(LOCK_SUFFIX))
        except OSError:
            return None  # a folder we cannot write: we could neither resume nor drop it
        if lock is None:
            return None  # a live copy is playing it
        if not path.exists():  # finished and removed by its copy just before we looked
            lock.release(remove=True)
            return None
        if _never_begun(path):  # killed before its first line was whole: no move on it
            with contextlib.suppress(OSError):
                path.unlink()
            lock.release(remove=True)
            return None
        try:
            replay = load_replay(path)
        except ReplayError as e:
            moved, line = _set_aside_unread(path, *_UNREAD_ONE, e)
            lock.release(remove=moved)
            lines.append(line)
            return None
        try:
            journal = Journal.adopt(path, lock)
        except OSError as e:  # a journal made read-only: it cannot be played on, nor lost
            why = e.strerror or e
            moved, line = _set_aside_unread(path, *_UNWRITABLE_ONE, why, "unwritable")
            lock.release(remove=moved)
            lines.append(line)
            return None
        if replay.layout is None or not replay.moves and not replay.result:
            journal.remove()  # nothing was played on it: nothing to offer
            return None
        if replay.game_id is None:
            replay.game_id = journal.game_id
        return Kept(replay, journal)

    def _adopt_legacy(self) -> list[str]:
        """The kept game of a version before 2 becomes a journal in the kept folder. It is
        read where it is (a broken one is set aside there, as before), then renamed into the
        kept folder (only one copy of the program can win that rename), written out as a
        journal, and removed."""
        legacy = self.legacy
        if legacy is None or not (legacy.exists() or legacy.is_symlink()):
            return []
        try:
            replay = load_replay(legacy)
        except ReplayError as e:
            moved, line = _set_aside_unread(legacy, *_UNREAD_LEGACY, e)
            if not moved:
                self.legacy = None  # left where it is: never read or written again this run
            return [line]
        claim = self.kept / f"legacy-{new_game_id()}.json"
        try:
            self.kept.mkdir(parents=True, exist_ok=True)
            legacy.replace(claim)
        except OSError:
            return []  # another copy took it first, or the folder cannot be written: it stays
        replay.game_id = replay.game_id or new_game_id()
        try:
            (self.kept / f"{replay.game_id}{SUFFIX}").write_text(to_lines(replay), encoding="ascii")
            claim.unlink()
        except OSError as e:
            return [
                # Translators: folder is where kept games go; error says why; file is where it is.
                _(
                    "The game kept from last time cannot be moved into %(folder)s "
                    "(%(error)s); it is in %(file)s."
                )
                % {"folder": self.kept, "error": e.strerror or e, "file": claim}
            ]
        return []

    # ---- the end --------------------------------------------------------------------------

    def finished(
        self,
        game: Game,
        elapsed_ms: int,
        source: str,
        *,
        game_id: str,
        daily: str | None = None,
        played_at: str | None = None,
        journal: Journal | None = None,
        events: list[dict] | None = None,
        chosen: str | None = None,
        then: Callable[[Finished], None] | None = None,
    ) -> Finished:
        """Save the replay (the journal's lines as they are now) and record the game: each
        keyed by the game's id, so doing it again (after a crash, or a loss taken back) still
        leaves one of each. The records it sets are worked out at once; with a writer, the
        measures of the game (from its journal `events`: they cost the solver's time) and the
        writing go on its thread. The journal stays until the game is left (`drop`).
        `chosen`: how the player chose the board (store.records), None if laid at random.

        `then(done)` is called once the replay and the row are written or could not be (the
        lines saying so are in `done.messages` without a writer, in `late` with one), on the
        writer's thread (without one, before this returns); and again, `done` updated, if
        measures that could not be made then are made later (`measure_old_games`)."""
        replay = replay_of(
            game,
            elapsed_ms=elapsed_ms,
            source=source,
            daily=daily,
            game_id=game_id,
            played_at=played_at,
            chosen=chosen,
        )
        path = None if self.replays is None else replay_path(replay, self.replays)
        record = GameRecord.of(
            game,
            elapsed_ms,
            source=source,
            replay=None if path is None else str(path),
            daily=daily,
            game_id=game_id,
            played_at=replay.played_at,
            chosen=chosen,
            assists=tuple(assists_of(events or ())),
        )
        new = None
        if self.stats is not None and self.stats.usable:
            new = self.stats.new_records(record)
        done = Finished(record, new, path)
        size = None if journal is None or not journal.open else journal.size
        end = (done, replay, journal, size, list(events or ()), then)
        if self.writer is None:
            self._write_end(*end)
        else:
            if self.stats is not None:  # this thread's connection's lines
                done.messages = self._echoed(self.stats.take_messages())
            self.writer.submit(lambda: self._write_end(*end))
        return done

    def _write_end(
        self,
        done: Finished,
        replay: Replay,
        journal: Journal | None,
        size: int | None,
        events: list[dict],
        then: Callable[[Finished], None] | None,
    ) -> None:
        """`finished`'s measures and writes (on the writer's thread when there is one), then
        `done.measured` and `then`."""
        # the solver, first needed when a game ends (not at start)
        from ..engine.game_measures import measures_of

        lines: list[str] = []
        unmeasured = False
        try:  # a second time in a new process if the first dies
            done.measures = self._measured(
                measures_of, replay.layout, events, replay.elapsed_ms, tries=2
            )
        except ValueError:  # events of another board: a kept game's file was not ours
            done.measures = None
        except NotMeasured:  # killed twice (out of memory, a signal): the game is kept all
            # the same, its row left to measure (`measured` NULL) from its replay
            done.measures, unmeasured = None, True
        rec = done.record if unmeasured else done.record.measured_as(done.measures)
        stats = self._stats_for_writing()
        if stats is not None and done.new is not None:
            # the bests of the measures (IOE, no flags) can be known only now
            done.new = stats.new_records(rec)
        done.record = rec
        if self.replays is not None:
            try:
                journaled = None if size is None else journal.read_back(size)
                save_replay(replay, self.replays, journaled)
            except OSError as e:
                lines += self._once("Replays", e)
                rec = dataclasses.replace(rec, replay=None)  # its measures kept
        if stats is not None:
            stats.store(rec)
            lines += self._echoed(stats.take_messages())
            if unmeasured:  # once more, in a new process; else at the next start (`tidy`)
                self._unmeasured[rec.game_id] = (done, then)
                self.measure_old_games()
        if self.writer is None:
            done.messages = lines + self._echoed(self.stats.take_messages() if self.stats else [])
        else:
            self.late.extend(lines)
        done.measured = True  # last: `new`, `record` and `measures` are final, the files written
        if then is not None:
            then(done)

    def measure_old_games(self, batch: int = 1) -> None:
        """Give the games recorded before rows kept measures theirs, from their replays, one
        job a game on the writer's thread (a game's end waits for one of them at most),
        until `flush` (the quit): the rest are measured at a later start. Without a writer
        (the terminal) nothing: `--stats` and `--export-stats` measure them first."""
        if self.writer is None or self.stats is None or not self.stats.usable:
            return
        self._measuring_old = True

        def measure() -> list[str]:
            stats = self._stats_for_writing()
            if stats is None or not self._measuring_old:
                return []
            try:  # (the worker is loaded only when a row is to be measured: not at every start)
                left = stats.measure_old_rows(batch, self._measures_from_replay, self._late)
            except NotMeasured:  # the row stays to be measured, at a later start
                left = 0
            if left and self._measuring_old:
                self.writer.submit(lambda: self.late.extend(measure()))
            return self._echoed(stats.take_messages())

        self.late += self._write(measure)

    def _measured(self, fn: Callable, *args, tries: int = 1):
        """`fn(*args)`, the solver's work on a finished game: through `measure` when there is
        one, up to `tries` times while its process dies under it (each time a new one), else
        here. NotMeasured: the process ended under the last try."""
        if self.measure is None:
            return fn(*args)
        for left in range(tries - 1, -1, -1):
            try:
                return self.measure(fn, *args)
            except NotMeasured:
                if not left:
                    raise

    def _measures_from_replay(self, path: object, time_ms: object) -> Measures | None:
        return self._measured(measures_from_replay, path, time_ms)

    def _late(self, game_id: object, measures: Measures | None) -> None:
        """A row measured late, written: if it is a game this session finished without its
        measures, its `Finished` gets them (and the bests they set), and its `then` again."""
        done, then = self._unmeasured.pop(game_id, (None, None))
        if done is None:
            return
        done.measures = measures
        done.record = done.record.measured_as(measures)
        stats = self._stats_for_writing()
        if stats is not None and done.new is not None:
            done.new = stats.new_records(done.record)
        if then is not None:
            then(done)

    def _stats_for_writing(self) -> Stats | None:
        """The statistics to write to: on the writer's thread, a connection of its own (a
        sqlite connection belongs to the thread that made it)."""
        if self.stats is None or not self.stats.usable:
            return None
        if self.writer is None:
            return self.stats
        if self._writer_stats is None:
            self._writer_stats = Stats(self.stats.path)
        return self._writer_stats
