"""Helpers for the fault tests: broken files made on purpose, folders that refuse writes, files
that refuse reads. Tests run as root in CI, where chmod stops nothing: there the refusal is
made by patching the os calls the game uses (and a test that cannot be made so is skipped)."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import struct
import sys
import tempfile
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _chmod_binds() -> bool:
    """Whether a folder chmod 555 stops this process writing in it: not for root with its
    capabilities (CI), yes for a player's account, or for root without them (`setpriv
    --bounding-set=-all`), which is how the permission cases run for real on a root machine."""
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o555)
        try:
            with open(os.path.join(folder, "probe"), "wb"):
                pass
        except PermissionError:
            return True
        finally:
            os.chmod(folder, 0o755)
    return False


IS_ROOT = not _chmod_binds()  # root as far as files go: chmod stops nothing


def env_for(tmp_path: Path, **extra: str) -> dict:
    """Environment for a whole program with its own, fresh user folders."""
    return {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        **extra,
    }


def png(width: int, height: int, *, idat: bytes | None = None) -> bytes:
    """A PNG whose header says `width` x `height` (its pixel data need not agree)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    if idat is None:
        idat = zlib.compress(b"\0" * 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def copy_theme(user_dir: Path, name: str = "mytheme") -> Path:
    from game.ui.theme import THEMES_DIR

    folder = user_dir / name
    shutil.copytree(THEMES_DIR / "classic", folder)
    return folder


def foreign_games_table(path: Path) -> None:
    """A valid database that is not ours: a `games` table of someone else's, version 2."""
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (x TEXT)")
    conn.execute("INSERT INTO games VALUES ('not ours')")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()


def insert_row(path: Path, **values) -> None:
    """A row written straight into our table (as another program or a hand edit would)."""
    row = dict(
        played_at="2026-11-29T12:00:00",
        kind="beginner",
        rows=9,
        cols=9,
        mines=10,
        seed="1",
        safe_zone="opening",
        won=1,
        time_ms=10_000,
        bbbv=20,
        bbbv_per_s=2.0,
        clicks_left=20,
        clicks_right=0,
        clicks_chord=0,
        efficiency=1.0,
        cleared=71,
        safe_cells=71,
        assisted=0,
        source="window",
        replay=None,
        daily=None,
    )
    row.update(values)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
            tuple(row.values()),
        )
    conn.close()


def everything_in(folder: Path) -> list[bytes]:
    """The bytes of every file under a folder (to show nothing was lost)."""
    return [p.read_bytes() for p in folder.rglob("*") if p.is_file()]


def _inside(path: object, folder: Path) -> bool:
    try:
        return Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve())
    except (TypeError, ValueError):
        return False


@contextlib.contextmanager
def read_only_folder(folder: Path, monkeypatch):
    """A folder nothing can be created in, renamed in or replaced in.

    chmod 555 where that works; as root (CI), where it does not, the calls the game writes
    with (os.replace, os.rename, tempfile.mkstemp) refuse paths inside the folder instead.
    sqlite writes in C and is not stopped by this; the statistics tests say so and skip.
    """
    folder.chmod(0o555)
    try:
        probe = folder / ".probe"
        try:
            probe.write_bytes(b"")
            probe.unlink()
            writable = True
        except OSError:
            writable = False
        if writable:
            real_replace, real_rename, real_mkstemp = os.replace, os.rename, tempfile.mkstemp

            def refuse(name):
                return PermissionError(13, "Permission denied", os.fsdecode(name))

            def replace(src, dst, *a, **k):
                if _inside(src, folder) or _inside(dst, folder):
                    raise refuse(dst)
                return real_replace(src, dst, *a, **k)

            def rename(src, dst, *a, **k):
                if _inside(src, folder) or _inside(dst, folder):
                    raise refuse(dst)
                return real_rename(src, dst, *a, **k)

            def mkstemp(*a, dir=None, **k):  # noqa: A002 - tempfile's own name
                if dir is not None and _inside(dir, folder):
                    raise refuse(dir)
                return real_mkstemp(*a, dir=dir, **k)

            monkeypatch.setattr(os, "replace", replace)
            monkeypatch.setattr(os, "rename", rename)
            monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
        yield
    finally:
        folder.chmod(0o755)


@contextlib.contextmanager
def unreadable(path: Path, monkeypatch):
    """A file that cannot be opened for reading: chmod 000, or as root a refusing os.open."""
    path.chmod(0o000)
    try:
        if IS_ROOT:
            real_open = os.open

            def refusing_open(name, flags, *a, **k):
                if _inside(name, path) and not flags & (os.O_WRONLY | os.O_RDWR):
                    raise PermissionError(13, "Permission denied", os.fsdecode(name))
                return real_open(name, flags, *a, **k)

            monkeypatch.setattr(os, "open", refusing_open)
        yield
    finally:
        for moved in [path, *path.parent.glob(f"{path.name}.corrupt-*")]:
            if moved.exists():
                moved.chmod(0o644)  # readable again (if set aside, where it went)


def python() -> str:
    return sys.executable


def unprivileged() -> list[str]:
    """A command prefix that runs as an ordinary user would as far as files go: root without
    its capabilities (setpriv), where the tests run as root."""
    if not IS_ROOT:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root and no setpriv to drop root's file capabilities")
    return ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--"]
