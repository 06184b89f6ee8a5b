"""What happens to a game on disk as it is played: kept after every move (so a quit or a crash
loses nothing), then at its end saved as a replay and recorded in the statistics.

game.session drives it for both front ends. A folder that cannot be written is said once,
never raised.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import Game
from game.store.files import remove_stale_temp_files
from game.store.replays import (
    Replay,
    forget_kept_game,
    keep_game,
    kept_game_path,
    replay_of,
    replays_dir,
    save_replay,
    take_kept_game,
)
from game.store.stats import GameRecord, NewRecords, Stats


def to_stderr(line: str) -> None:
    print(f"pixel-mines: {line}", file=sys.stderr, flush=True)


@dataclass
class Finished:
    record: GameRecord
    new: NewRecords | None  # None: the statistics are not being kept
    replay: Path | None
    messages: list[str] = field(default_factory=list)
    row: int | None = None  # the statistics row


class History:
    """The statistics, the replay folder and the kept game of one session (any may be None)."""

    def __init__(
        self, stats: Stats | None = None, replays: Path | None = None, kept: Path | None = None,
        echo: Callable[[str], None] | None = None,
    ) -> None:  # fmt: skip
        self.stats = stats
        self.replays = replays
        self.kept = kept
        self.echo = echo  # lines about the player's files go here too (stderr), not only on screen
        self._said: set[str] = set()

    @classmethod
    def on_disk(cls, stats: Stats) -> History:
        return cls(stats, replays_dir(), kept_game_path(), echo=to_stderr)

    def _once(self, what: str, e: OSError) -> list[str]:
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
        replay = replay_of(game, elapsed_ms=elapsed_ms, source=source, daily=daily,
                           game_id=game_id)  # fmt: skip
        try:
            keep_game(replay, self.kept)
        except OSError as e:
            return self._once("The game in progress", e)
        return []

    def take_kept(self) -> tuple[Replay | None, list[str]]:
        """The game kept from last time, if any, and lines for the player (also echoed)."""
        if self.kept is None:
            return None, []
        replay, messages = take_kept_game(self.kept)
        if messages and self.kept.exists():
            self.kept = None  # a broken file that could not be moved aside: never write over it
        return replay, self._echoed(messages)

    def forget_kept(self) -> None:
        if self.kept is not None:
            # a folder we cannot write had no kept game written to it either
            with contextlib.suppress(OSError):
                forget_kept_game(self.kept)

    def tidy(self) -> None:
        """Remove what killed writes left behind (old temporary files only: another copy
        of the game may be writing a new one right now)."""
        for folder in (self.replays, None if self.kept is None else self.kept.parent):
            if folder is not None:
                remove_stale_temp_files(folder)

    def finished(self, game: Game, elapsed_ms: int, source: str, *, game_id: str,
                 daily: str | None = None, played_at: str | None = None) -> Finished:  # fmt: skip
        """Save the replay, record the game, drop the kept copy: each keyed by the game's id,
        so doing it again (after a crash or a loss taken back) still leaves one of each."""
        messages: list[str] = []
        path = None
        replay = replay_of(game, elapsed_ms=elapsed_ms, source=source, daily=daily,
                           game_id=game_id, played_at=played_at)  # fmt: skip
        if self.replays is not None:
            try:
                path = save_replay(replay, self.replays)
            except OSError as e:
                messages += self._once("Replays", e)
        record = GameRecord.of(game, elapsed_ms, source=source, replay=None if path is None
                               else str(path), daily=daily, game_id=game_id,
                               played_at=replay.played_at)  # fmt: skip
        new = self.stats.record(record) if self.stats is not None else None
        if self.stats is not None:
            messages += self._echoed(self.stats.take_messages())
        self.forget_kept()
        row = self.stats.last_row if self.stats is not None and new is not None else None
        return Finished(record, new, path, messages, row)
