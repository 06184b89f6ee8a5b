"""A lock on one kept game, held by the copy of the program that plays it, for the game's life.

The operating system drops the lock when the holder closes it or dies, so a game whose copy
crashed or was killed is free to be offered again, and one another live copy is playing is
never touched. `flock` on POSIX, `msvcrt.locking` on Windows, always on a lock file of its own
(`ID.lock` beside `ID.jsonl`): the journal is never replaced, but a lock on a file that is
replaced would die with it, so the two are kept apart by design.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


class GameLock:
    """An exclusive, non-blocking lock on `path` (created if need be). `GameLock.take` returns
    None when another live process holds it."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def take(cls, path: Path) -> GameLock | None:
        """The lock, or None if another copy holds it. OSError if the folder cannot be
        written (the caller says so and plays on without keeping)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
            if not _try_lock(fd):
                os.close(fd)
                return None
            # The holder before us may have removed the file between our open and our lock
            # (it removes it while still holding the lock): then this lock is on a file nobody
            # else can find, so take the one that is at the path now.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                return cls(path, fd)
            os.close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, *, remove: bool = False) -> None:
        """Let go; with `remove`, the lock file goes first (while it is still held, so no
        other copy can hold a lock on it and then see it vanish)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        if os.name == "nt":  # an open file cannot be removed there: close, then remove
            os.close(fd)
            if remove:
                with contextlib.suppress(OSError):
                    self.path.unlink(missing_ok=True)
            return
        try:
            if remove:
                self.path.unlink(missing_ok=True)
        finally:
            os.close(fd)
