"""The game in play as an append-only journal: one JSON line per event, each handed to the
operating system before the frame that shows its effect is drawn (docs/FORMATS.md).

A journal is the kept game while it is played, and its lines, copied under the game's id, are
the finished game's replay. Appending costs the same at the tenth event as at the millionth:
one `os.write` of one short line, no rewrite, no fsync (a killed process loses nothing the
OS has; a power cut may lose the last lines, never the file). A `GameLock` held for the
journal's life says which copy of the program plays it. Reading is game.store.replays's.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ..i18n import _
from .locks import GameLock

SUFFIX = ".jsonl"
LOCK_SUFFIX = ".lock"


def line_of(entry: dict) -> bytes:
    """One journal line: compact JSON, ASCII only, ending in a line break."""
    return (json.dumps(entry, separators=(",", ":"), ensure_ascii=True) + "\n").encode("ascii")


class Journal:
    """One game's journal, open for appending by the copy that holds its lock."""

    def __init__(self, path: Path, lock: GameLock, fd: int, size: int) -> None:
        self.path = path
        self.lock = lock
        self._fd: int | None = fd
        self.size = size  # bytes on their way to disk: a finished game's replay is these

    @property
    def game_id(self) -> str:
        return self.path.name.removesuffix(SUFFIX)

    @classmethod
    def create(cls, folder: Path, game_id: str, header: dict) -> Journal:
        """A new journal holding only its header. OSError if the folder cannot be written;
        FileExistsError if a journal of that id exists (ids carry 48 random bits: never)."""
        lock = GameLock.take(folder / f"{game_id}{LOCK_SUFFIX}")
        if lock is None:
            raise FileExistsError(_("another copy of the game holds game %(id)s") % {"id": game_id})
        path = folder / f"{game_id}{SUFFIX}"
        try:
            fd = os.open(
                path,
                os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_BINARY", 0),
                0o600,
            )
        except BaseException:
            lock.release(remove=True)
            raise
        journal = cls(path, lock, fd, 0)
        journal.append(header)
        return journal

    @classmethod
    def adopt(cls, path: Path, lock: GameLock) -> Journal:
        """A kept journal whose lock this copy took: play goes on at its end. A torn last line
        (the program was killed while writing it) is cut off first, so the next line starts
        on a line of its own."""
        fd = os.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_BINARY", 0))
        size = os.fstat(fd).st_size
        if size:
            end = size
            # the last line break: everything after it is a torn line
            with open(path, "rb") as f:
                step = 4096
                while end > 0:
                    start = max(0, end - step)
                    f.seek(start)
                    chunk = f.read(end - start)
                    at = chunk.rfind(b"\n")
                    if at >= 0:
                        end = start + at + 1
                        break
                    end = start
            if end != size:
                os.ftruncate(fd, end)
                size = end
        return cls(path, lock, fd, size)

    def append(self, entry: dict) -> None:
        """One line, handed to the operating system before this returns."""
        if self._fd is None:
            raise ValueError(f"the journal {self.path.name} is closed")
        data = line_of(entry)
        view = memoryview(data)
        while view:  # a regular file takes it whole; a short write is finished, not lost
            written = os.write(self._fd, view)
            view = view[written:]
        self.size += len(data)

    def read_back(self, size: int | None = None) -> bytes:
        """The first `size` bytes (all by default): what a finished game's replay holds."""
        with open(self.path, "rb") as f:
            return f.read(self.size if size is None else size)

    @property
    def open(self) -> bool:
        return self._fd is not None

    def close(self) -> None:
        """Stop writing and let go of the game (it stays kept for a later start)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
        self.lock.release()

    def remove(self) -> None:
        """The game is no longer kept: the journal goes, then the lock (still held while the
        files go, so no other copy takes a game that is vanishing)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self.lock.release(remove=True)
