"""Where the user's files live (platformdirs, app name "pixel-mines") and how they are
read and written.

Reads are capped: only a regular file no larger than its cap is read, checked before a byte
is read (and without blocking on a FIFO). Writes are atomic: a temporary file in the same
folder, then `os.replace`. A file that cannot be used is moved aside next to itself with a
name that says so, never deleted.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path

import platformdirs

APP = "pixel-mines"
STALE_TEMP_S = 600  # a temporary file this old was left by a write that was killed


class FileRefused(Exception):
    """A file that is not read at all: not a regular file, or larger than the game reads.
    The message says which and is meant for the player (the caller names the file)."""


def read_capped(path: Path, cap: int) -> bytes:
    """The bytes of a regular file of at most `cap` bytes.

    FileRefused for anything else (a folder, a FIFO, a device, a file over the cap), checked
    with stat before opening and again on the open file before reading: opening with
    O_NONBLOCK so a FIFO nobody writes to does not hang. FileNotFoundError and other OSErrors
    (ELOOP: a loop of symbolic links) pass through as they are.
    """
    # Looked at before it is opened (opening a device can do something), then again on the
    # open file (it may have been swapped in between): O_NONBLOCK so a FIFO never hangs.
    _refuse_unless_regular(os.stat(path).st_mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise FileRefused("is a folder, not a file") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        _refuse_unless_regular(info.st_mode)
        if info.st_size > cap:
            raise FileRefused(f"is {_size(info.st_size)}; the most this game reads is {_size(cap)}")
        data = f.read(cap + 1)  # the file may have grown since fstat
    if len(data) > cap:
        raise FileRefused(f"is over {_size(cap)}, the most this game reads")
    return data


def _refuse_unless_regular(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise FileRefused("is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise FileRefused("is not a regular file")


def file_inside(folder: Path, name: str) -> Path:
    """`folder / name` with its symbolic links followed; FileRefused if it leads out of
    `folder`, round a loop of links, or through something that cannot be looked at."""
    try:
        root = folder.resolve()
        path = (folder / name).resolve()
    except RuntimeError:  # Python 3.11's word for ELOOP while resolving
        raise FileRefused("is a loop of symbolic links") from None
    except OSError as e:
        raise FileRefused(_why_not(e)) from None
    if not path.is_relative_to(root):
        raise FileRefused("points outside the theme folder")
    return path


def _why_not(e: OSError) -> str:
    if e.errno == errno.ELOOP:
        return "is a loop of symbolic links"
    return f"cannot be read ({e.strerror or e})"


def make_folder(path: Path) -> None:
    """Make a folder (and its parents) if need be. OSError, with words a player reads, if the
    name is taken by something that is not a folder or by a loop of symbolic links."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        try:
            os.stat(path)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise OSError(errno.ELOOP, "it is a loop of symbolic links", str(path)) from None
            raise
        raise OSError(errno.ENOTDIR, "it is not a folder", str(path)) from None


def _size(n: int) -> str:
    if n >= 1 << 20:
        return f"{round(n / (1 << 20), 1):g} MiB"
    if n >= 1 << 10:
        return f"{round(n / (1 << 10), 1):g} KiB"
    return f"{n} bytes"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP))


def user_themes_dir() -> Path:
    """Where players put their own themes (one folder each, like assets/themes/NAME)."""
    return data_dir() / "themes"


def atomic_write(path: Path, text: str | bytes, *, durable: bool = True) -> None:
    """Write text (UTF-8) or bytes to `path` so that a crash leaves either the old file or the
    new one.

    `durable=False` skips the fsync: for a file rewritten after every move, where waiting for
    the disk each time would stall the frame and losing the last move to a power cut is fine.
    """
    make_folder(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        binary = isinstance(text, bytes)
        with os.fdopen(fd, "wb" if binary else "w", encoding=None if binary else "utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_aside(path: Path, why: str = "corrupt") -> Path:
    """Move a file that cannot be used to `NAME.why-YYYYMMDD-HHMMSS` beside it; return the path."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    os.replace(path, target)
    return target


def remove_stale_temp_files(folder: Path, older_than_s: float = STALE_TEMP_S) -> int:
    """Remove the temporary files of `atomic_write` older than `older_than_s` seconds from
    `folder`; how many went. Newer ones may belong to another copy writing right now."""
    now = time.time()
    removed = 0
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        try:
            if now - path.stat().st_mtime > older_than_s:
                path.unlink()
                removed += 1
        except OSError:
            continue  # gone meanwhile, or not ours to remove: nothing is lost
    return removed
