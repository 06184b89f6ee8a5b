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
import re
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path

import platformdirs

from .. import i18n
from ..i18n import N_, _, ngettext

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
        raise FileRefused(_("is a folder, not a file")) from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        _refuse_unless_regular(info.st_mode)
        if info.st_size > cap:
            raise FileRefused(
                # Translators: said after a file's name; size and most are sizes ("2 MiB").
                _("is %(size)s; the most this game reads is %(most)s")
                % {"size": _size(info.st_size), "most": _size(cap)}
            )
        data = f.read(cap + 1)  # the file may have grown since fstat
    if len(data) > cap:
        # Translators: said after a file's name; most is a size ("2 MiB").
        raise FileRefused(_("is over %(most)s, the most this game reads") % {"most": _size(cap)})
    return data


def _refuse_unless_regular(mode: int) -> None:
    # Translators: these refusals are said after a file's name ("x.png is not a regular file").
    if stat.S_ISDIR(mode):
        raise FileRefused(_("is a folder, not a file"))
    if not stat.S_ISREG(mode):
        raise FileRefused(_("is not a regular file"))


def file_inside(folder: Path, name: str) -> Path:
    """`folder / name` with its symbolic links followed; FileRefused if it leads out of
    `folder`, round a loop of links, or through something that cannot be looked at."""
    try:
        root = folder.resolve()
        path = (folder / name).resolve()
    except RuntimeError:  # Python 3.11's word for ELOOP while resolving
        raise FileRefused(_("is a loop of symbolic links")) from None
    except OSError as e:
        raise FileRefused(_why_not(e)) from None
    if not path.is_relative_to(root):
        raise FileRefused(_("points outside the theme folder"))
    return path


def _why_not(e: OSError) -> str:
    if e.errno == errno.ELOOP:
        return _("is a loop of symbolic links")
    # Translators: said after a file's name; error says why.
    return _("cannot be read (%(error)s)") % {"error": e.strerror or e}


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
                raise OSError(errno.ELOOP, _("it is a loop of symbolic links"), str(path)) from None
            raise
        raise OSError(errno.ENOTDIR, _("it is not a folder"), str(path)) from None


def _size(n: int) -> str:
    """A file's size as a player reads it: 1.5 MiB, 12 KiB, 100 bytes."""
    for shift, unit in ((20, N_("%(size)s MiB")), (10, N_("%(size)s KiB"))):
        if n >= 1 << shift:
            size = round(n / (1 << shift), 1)
            return _(unit) % {"size": i18n.number(size, 0 if size == int(size) else 1)}
    return ngettext("%(size)s byte", "%(size)s bytes", n) % {"size": i18n.number(n)}


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP))


def state_dir() -> Path:
    """What the program remembers between runs and no one would back up (the window's size
    and place): `$XDG_STATE_HOME/pixel-mines`, `~/.local/state/pixel-mines` on Linux."""
    return Path(platformdirs.user_state_dir(APP))


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
    # the writer's pid in the name: a start removes at once what a killed copy left
    prefix = f".{path.name}.{os.getpid()}-"
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
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


# `atomic_write`'s temporary files: the name, the writer's pid, mkstemp's 8 random characters
_TEMP = re.compile(r"\..+\.(\d+)-[a-z0-9_]{8}\.tmp")
ORPHAN_TEMP_S = 10  # a dead writer's file: a few seconds, for a writer whose pid we cannot see


def remove_stale_temp_files(folder: Path, older_than_s: float = STALE_TEMP_S) -> int:
    """Remove the temporary files of `atomic_write` that no write will finish from `folder`;
    how many went: those of a writer that is no longer running (killed while writing), and
    any older than `older_than_s` seconds. Newer ones of a live writer may belong to another
    copy writing right now."""
    now = time.time()
    removed = 0
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        named = _TEMP.fullmatch(path.name)
        try:
            age = now - path.stat().st_mtime
            orphan = named is not None and not _running(int(named[1]))
            if age > older_than_s or orphan and age > ORPHAN_TEMP_S:
                path.unlink()
                removed += 1
        except OSError:
            continue  # gone meanwhile, or not ours to remove: nothing is lost
    return removed


def _running(pid: int) -> bool:
    """Whether a process `pid` runs (True where that cannot be told: Windows's os.kill ends
    the process it is given, so it is never asked there)."""
    if os.name != "posix" or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's: running
        return True
    return True
