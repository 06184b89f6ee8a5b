"""The desktop install: the menu entry, the icons, the AppStream metainfo and the man page
written into the player's XDG data folder (`--install-desktop`), and exactly those files taken
away again (`--uninstall-desktop`). It writes and removes nothing else, and knows nothing of the
game. The shipped files are made by tools/desktop_files.py and tools/manpage.py.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .i18n import _
from .resources import PACKAGE, assets_dir, desktop_dir, icons_dir, man_dir
from .store.files import atomic_write

# The reverse-DNS application id: the desktop file's, the metainfo's and the icons' name.
APP_ID = "io.github.pixelmines.PixelMines"
COMMAND = "pixel-mines"  # the console script, and the window class (StartupWMClass)
MANUAL = f"{COMMAND}.6"  # the man page: section 6, games
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# The characters that make the desktop entry spec quote an argument of Exec.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """$XDG_DATA_HOME, or ~/.local/share where it is unset, empty or not absolute (the XDG
    base directory spec says to ignore a relative one)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def launch_command(
    *, argv0: str | None = None, frozen: bool | None = None, executable: str | None = None
) -> list[str]:
    """The command that starts the game the way it was started now: the bundle's executable,
    the `pixel-mines` script, or the Python that runs this with main.py (a checkout) or with
    `-m` and the package (installed, started as `python -m pixel_mines`). Absolute paths, so the
    menu does not depend on PATH."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    frozen = bool(getattr(sys, "frozen", False)) if frozen is None else frozen
    executable = sys.executable if executable is None else executable
    if frozen:
        return [os.path.abspath(executable)]
    name = Path(argv0).name.removesuffix(".exe")
    if name in (COMMAND, f"{COMMAND}-gui"):
        return [os.path.abspath(argv0)]
    python = os.path.abspath(executable)
    if name == "main.py":
        return [python, os.path.abspath(argv0)]
    checkout_main = assets_dir().parent / "main.py"
    if checkout_main.is_file():
        return [python, str(checkout_main)]
    return [python, "-m", PACKAGE]


def exec_value(command: list[str]) -> str:
    """The Exec= value of a command, quoted and escaped as the desktop entry spec says: an
    argument with a reserved character goes in double quotes with `"`, `` ` ``, `$` and `\\`
    escaped by a backslash; `%` is doubled; then the value is escaped as every string value
    is (a backslash doubled, a line break as `\\n`)."""
    args = []
    for arg in command:
        arg = arg.replace("%", "%%")
        if not arg or set(arg) & _RESERVED:
            inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg)
            arg = f'"{inner}"'
        args.append(arg)
    line = " ".join(args)
    for raw, escaped in (("\\", "\\\\"), ("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r")):
        line = line.replace(raw, escaped)
    return line


def desktop_entry(command: list[str]) -> str:
    """The shipped entry with Exec= pointing at `command`."""
    shipped = (desktop_dir() / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = [
        f"Exec={exec_value(command)}" if line.startswith("Exec=") else line
        for line in shipped.splitlines()
    ]
    return "\n".join(lines) + "\n"


def metainfo() -> str:
    """The shipped metainfo, as it is installed: its releases are NEWS.md's, the newest the
    game's version (tests/test_desktop_files.py holds them together)."""
    return (desktop_dir() / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")


def manual() -> bytes:
    """The shipped man page (roff), as it is installed."""
    return (man_dir() / MANUAL).read_bytes()


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    if data[:8] != _PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def shipped_icons() -> dict[int, Path]:
    """The application icon's PNGs by their size in pixels (square ones only)."""
    icons = {}
    for path in sorted(icons_dir().glob("*.png")):
        width, height = png_size(path.read_bytes())
        if width == height:
            icons[width] = path
    return icons


@dataclass(frozen=True)
class DesktopFiles:
    """Where the install puts each file, under one XDG data folder."""

    home: Path

    @property
    def entry(self) -> Path:
        return self.home / "applications" / f"{APP_ID}.desktop"

    @property
    def metainfo(self) -> Path:
        return self.home / "metainfo" / f"{APP_ID}.metainfo.xml"

    @property
    def manual(self) -> Path:
        """Where man-db looks for a user's pages: it maps ~/.local/bin on PATH to
        ~/.local/share/man (the default data folder's man/)."""
        return self.home / "man" / "man6" / MANUAL

    def icon(self, size: int) -> Path:
        return self.home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"

    def all(self) -> list[Path]:
        icons = [self.icon(size) for size in shipped_icons()]
        return [self.entry, self.metainfo, self.manual, *icons]


def write_files(home: Path, command: list[str]) -> list[Path]:
    """Write the entry, the icons, the metainfo and the man page; return the files written.
    Each is written whole or not at all, and writing them again changes nothing. Raises
    OSError."""
    files = DesktopFiles(home)
    written = []
    for size, source in shipped_icons().items():
        atomic_write(files.icon(size), source.read_bytes())
        written.append(files.icon(size))
    atomic_write(files.metainfo, metainfo())
    written.append(files.metainfo)
    atomic_write(files.manual, manual())
    written.append(files.manual)
    # the entry last: a menu shows it only once its icon is there
    atomic_write(files.entry, desktop_entry(command))
    written.append(files.entry)
    return written


def remove_files(home: Path) -> list[Path]:
    """Remove the files `write_files` writes (the folders stay: they are shared); return those
    that were there. Raises OSError."""
    removed = []
    for path in DesktopFiles(home).all():
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    return removed


def run(*, install: bool) -> int:
    """`--install-desktop` / `--uninstall-desktop`: do it, name every file, exit status 0; a
    folder that cannot be written gets one line and exit status 2."""
    home = data_home()
    try:
        done = write_files(home, launch_command()) if install else remove_files(home)
    except OSError as e:
        where = e.filename or home
        if install:
            # Translators: --install-desktop could not write a file or folder (path); problem
            # is the system's reason; program is the command's name.
            line = _("%(program)s: cannot write %(path)s (%(problem)s)")
        else:
            # Translators: as "cannot write", for --uninstall-desktop removing a file.
            line = _("%(program)s: cannot remove %(path)s (%(problem)s)")
        print(
            line % {"program": COMMAND, "path": where, "problem": e.strerror or e}, file=sys.stderr
        )
        return 2
    for path in done:
        # Translators: a desktop file written by --install-desktop, or removed by
        # --uninstall-desktop; path is the file.
        print((_("wrote %(path)s") if install else _("removed %(path)s")) % {"path": path})
    if not done:
        print(
            _("nothing to remove: the desktop files of Pixel Mines are not in %(folder)s")
            % {"folder": home}
        )
    return 0
