"""What happens to a game on disk as it is played: kept after every move (so a quit or a crash
loses nothing), then at its end saved as a replay and recorded in the statistics.

game.session drives it for both front ends. A folder that cannot be written is said once,
never raised.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import Game
from .files import remove_stale_temp_files
from .replays import (
    Replay,
    forget_kept_game,
    keep_game,
    kept_game_path,
    replay_of,
    replay_path,
    replays_dir,
    save_replay,
    take_kept_game,
)
from .stats import GameRecord, NewRecords, Stats
from .writer import Writer


def to_stderr(line: str) -> None:
    """One line for the player on stderr, if there is a stderr to write to: closed
    (`2>&-`) or failing (`2>/dev/full`), the line is dropped, never raised (there is nowhere
    left to say anything)."""
    stream = sys.stderr
    if stream is None:  # print(file=None) would write to stdout instead
        return
    with contextlib.suppress(OSError, ValueError):  # ValueError: the stream was closed
        print(f"pixel-mines: {line}", file=stream, flush=True)


@dataclass
class Finished:
    record: GameRecord
    new: NewRecords | None  # None: the statistics are not being kept
    replay: Path | None
    messages: list[str] = field(default_factory=list)


class History:
    """The statistics, the replay folder and the kept game of one session (any may be None)."""

    def __init__(
        self, stats: Stats | None = None, replays: Path | None = None, kept: Path | None = None,
        echo: Callable[[str], None] | None = None, writer: Writer | None = None,
    ) -> None:  # fmt: skip
        self.stats = stats
        self.replays = replays
        self.kept = kept
        self.echo = echo  # lines about the player's files go here too (stderr), not only on screen
        # With a writer, writes happen on its thread (a window must not wait for the disk);
        # without, at once (the terminal, tests).
        self.writer = writer
        self._writer_stats: Stats | None = None  # the writer thread's own connection
        self.late: list[str] = []  # lines from writes done on the writer's thread
        self._said: set[str] = set()
        self._said_lock = threading.Lock()

    @classmethod
    def on_disk(cls, stats: Stats, *, background: bool = False) -> History:
        return cls(stats, replays_dir(), kept_game_path(), echo=to_stderr,
                   writer=Writer() if background else None)  # fmt: skip

    def _write(self, job: Callable[[], list[str]], key: str | None = None) -> list[str]:
        """Run a write now (its lines returned) or on the writer (its lines come later)."""
        if self.writer is None:
            return job()
        self.writer.submit(lambda: self.late.extend(job()), key)
        return []

    def take_late(self) -> list[str]:
        """Lines from writes done on the writer's thread since last asked."""
        taken = []
        while self.late:
            taken.append(self.late.pop(0))
        return taken

    def flush(self) -> None:
        """Wait until every write asked for is on disk (at quit, and before reading back)."""
        if self.writer is not None:
            self.writer.flush()

    def _once(self, what: str, e: OSError) -> list[str]:
        with self._said_lock:
            if what in self._said:
                return []
            self._said.add(what)
        return self._echoed([f"{what} cannot be written ({e.strerror or e}); play goes on "
                             "without it."])  # fmt: skip

    def _echoed(self, lines: list[str]) -> list[str]:
        if self.echo is not None:
            for line in lines:
                self.echo(line)
        return lines

    def keep(self, game: Game, elapsed_ms: int, source: str, *, daily: str | None = None,
             game_id: str | None = None) -> list[str]:  # fmt: skip
        """Keep the game being played (a finished one too, until its record is written: a
        kill in between is settled at the next start); lines for the player the first time
        this fails."""
        if self.kept is None or game.layout() is None or not game.moves:
            return []
        # a copy of the game as it is now: the writer's thread never touches the game
        replay = replay_of(game, elapsed_ms=elapsed_ms, source=source, daily=daily,
                           game_id=game_id)  # fmt: skip
        path = self.kept

        def write() -> list[str]:
            try:
                keep_game(replay, path)
            except OSError as e:
                return self._once("The game in progress", e)
            return []

        return self._write(write, key="keep")

    def take_kept(self) -> tuple[Replay | None, list[str]]:
        """The game kept from last time, if any, and lines for the player (also echoed)."""
        if self.kept is None:
            return None, []
        replay, messages = take_kept_game(self.kept)
        if messages and os.path.lexists(self.kept):
            self.kept = None  # a broken file that could not be moved aside: never write over it
        return replay, self._echoed(messages)

    def forget_kept(self) -> None:
        """Remove the kept game (after any keep still being written)."""
        path = self.kept
        if path is not None:

            def forget() -> list[str]:
                # a folder we cannot write had no kept game written to it either
                with contextlib.suppress(OSError):
                    forget_kept_game(path)
                return []

            self.late += self._write(forget, key="keep")

    def tidy(self) -> None:
        """Remove what killed writes left behind (old temporary files only: another copy
        of the game may be writing a new one right now)."""
        for folder in (self.replays, None if self.kept is None else self.kept.parent):
            if folder is not None:
                remove_stale_temp_files(folder)

    def finished(self, game: Game, elapsed_ms: int, source: str, *, game_id: str,
                 daily: str | None = None, played_at: str | None = None) -> Finished:  # fmt: skip
        """Save the replay, record the game, drop the kept copy, in that order: each keyed by
        the game's id, so doing it again (after a crash or a loss taken back) still leaves one
        of each. The records it sets are worked out at once; with a writer, the writing goes
        on its thread."""
        replay = replay_of(game, elapsed_ms=elapsed_ms, source=source, daily=daily,
                           game_id=game_id, played_at=played_at)  # fmt: skip
        path = None if self.replays is None else replay_path(replay, self.replays)
        record = GameRecord.of(game, elapsed_ms, source=source, replay=None if path is None
                               else str(path), daily=daily, game_id=game_id,
                               played_at=replay.played_at)  # fmt: skip
        new = None
        if self.stats is not None and self.stats.usable:
            new = self.stats.new_records(record)
        kept = self.kept

        def write() -> list[str]:
            lines: list[str] = []
            rec = record
            if self.replays is not None:
                try:
                    save_replay(replay, self.replays)
                except OSError as e:
                    lines += self._once("Replays", e)
                    rec = dataclasses.replace(record, replay=None)
            stats = self._stats_for_writing()
            if stats is not None:
                stats.store(rec)
                lines += self._echoed(stats.take_messages())
            if kept is not None:
                with contextlib.suppress(OSError):
                    forget_kept_game(kept)
            return lines

        messages = self._write(write)
        if self.stats is not None:
            messages += self._echoed(self.stats.take_messages())
        return Finished(record, new, path, messages)

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
