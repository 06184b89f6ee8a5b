"""Build a standalone one-folder bundle of Pixel Mines with PyInstaller: no Python needed to run it.

PyInstaller is a build tool, not a dependency of the game: `python -m pip install pyinstaller`,
then `python tools/build_bundle.py` writes dist/pixel-mines/ (start dist/pixel-mines/pixel-mines).
PyInstaller builds for the system it runs on, each with its own options (`PLATFORM_OPTIONS`): on
Linux the executable and its libraries stripped of their symbols; on macOS an application,
dist/pixel-mines.app, that opens no terminal; on Windows an executable that opens no console.
The bundle carries the game as the wheel does: the game/ folder as the package `pixel_mines`,
its files in `pixel_mines/assets/...` and its catalogues in `pixel_mines/locale/...`, so
game/resources.py finds them the same way;
`bundle_spec` is checked by tests/test_packaging.py. What the game never loads is left out
(`EXCLUDED`; README: the sizes before and after).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's game package, not an installed copy

from game.desktop import APP_ID  # noqa: E402
from game.resources import assets_dir, locale_dir  # noqa: E402

NAME = "pixel-mines"
PACKAGE = "pixel_mines"  # the import name inside the bundle, as in the wheel
ASSETS_IN_BUNDLE = f"{PACKAGE}/assets"  # where game/resources.py looks inside the package
LOCALE_IN_BUNDLE = f"{PACKAGE}/locale"  # the compiled catalogues, as in the wheel
# The executable's own icon, under assets/: .ico and .icns hold PNGs (tools/make_themes.py), so
# PyInstaller needs no Pillow for them. Linux desktops take the icon from the desktop entry.
ICONS = {"win32": Path("icons") / "pixel-mines.ico", "darwin": Path("icons") / "pixel-mines.icns"}
ICON_ELSEWHERE = Path("icons") / "pixel-mines-256.png"
# How the executable meets the system, by platform (anything else: as Linux).
#  - Linux: started from a terminal or the desktop entry alike, so it keeps its console (the
#    terminal game and --stats write there); `--strip` takes the symbol tables out of the
#    executable and the libraries, which no player needs (here only: PyInstaller advises
#    against it on Windows, and macOS's libraries come signed, which a strip would undo).
#  - macOS: `--windowed` makes the one-folder bundle an application as well
#    (dist/pixel-mines.app, started from the Finder without a terminal), named by the desktop
#    id as its bundle identifier.
#  - Windows: `--windowed` opens no console window beside the game's. The terminal game and
#    --stats then have nowhere to write: the wheel's `pixel-mines` command is for them.
PLATFORM_OPTIONS = {
    "linux": ("--console", "--strip"),
    "darwin": ("--windowed", "--osx-bundle-identifier", APP_ID),
    "win32": ("--windowed",),
}
# Modules the game never loads but PyInstaller would take because something could import them:
# ssl and _hashlib bring libssl and libcrypto (hashlib falls back to its own sha256 without
# them), numpy comes with pygame's surfarray hooks, tkinter with Tcl/Tk, yaml and
# charset_normalizer with hooks of packages that happen to be installed beside the build.
EXCLUDED = (
    "_ssl",
    "ssl",
    "_hashlib",
    "numpy",
    "tkinter",
    "_tkinter",
    "yaml",
    "charset_normalizer",
    "unittest",
    "pydoc",
    "doctest",
    "xmlrpc",
    "lib2to3",
    "pygame.tests",
    "pygame.examples",
    "pygame.docs",
)


@dataclass(frozen=True)
class BundleSpec:
    name: str
    entry: Path  # the script the bundle starts
    data: tuple[tuple[Path, str], ...]  # (file or folder here, folder inside the bundle)
    icon: Path
    package: str  # the game/ folder is imported under this name
    source: Path  # the game/ folder
    excluded: tuple[str, ...]


def catalogues() -> tuple[tuple[Path, str], ...]:
    """Each compiled catalogue (.mo) and its folder in the bundle; the .po and the template
    stay behind, as in the wheel."""
    folder = locale_dir()
    return tuple(
        (mo, f"{LOCALE_IN_BUNDLE}/{mo.parent.relative_to(folder).as_posix()}")
        for mo in sorted(folder.glob("*/LC_MESSAGES/*.mo"))
    )


def bundle_spec(platform: str = sys.platform) -> BundleSpec:
    """What goes into the bundle. assets/ goes as one folder, so a new file ships unasked;
    so does a new language's catalogue."""
    assets = assets_dir()
    return BundleSpec(
        name=NAME,
        entry=ROOT / "tools" / "bundle_entry.py",
        data=((assets, ASSETS_IN_BUNDLE), *catalogues()),
        icon=assets / ICONS.get(platform, ICON_ELSEWHERE),
        package=PACKAGE,
        source=ROOT / "game",
        excluded=EXCLUDED,
    )


def staged_source(spec: BundleSpec, work: Path) -> Path:
    """A folder holding a copy of game/ named as the package, for PyInstaller's search path."""
    staged = work / "source"
    shutil.rmtree(staged, ignore_errors=True)
    shutil.copytree(
        spec.source, staged / spec.package, ignore=shutil.ignore_patterns("__pycache__")
    )
    return staged


def pyinstaller_args(spec: BundleSpec, dist: Path, work: Path, platform: str = sys.platform):
    args = [
        "--noconfirm",
        "--clean",
        "--onedir",
        *PLATFORM_OPTIONS.get(platform, PLATFORM_OPTIONS["linux"]),
        "--name",
        spec.name,
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--specpath",
        str(work),
        "--paths",
        str(work / "source"),
        "--collect-submodules",
        spec.package,
    ]
    for module in spec.excluded:
        args += ["--exclude-module", module]
    for source, target in spec.data:
        args += ["--add-data", f"{source}{os.pathsep}{target}"]
    if platform in ICONS:
        args += ["--icon", str(spec.icon)]
    args.append(str(spec.entry))
    return args


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def build(dist: Path, work: Path) -> Path:
    """Build the bundle; return the folder that holds the `pixel-mines` executable (on macOS
    dist/pixel-mines.app is made beside it)."""
    import PyInstaller.__main__

    spec = bundle_spec()
    staged_source(spec, work)
    PyInstaller.__main__.run(pyinstaller_args(spec, dist, work))
    return dist / spec.name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/pixel-mines/ with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bundle", help="scratch")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print(
            "build_bundle: PyInstaller is not installed; it is a build tool, not a game "
            "dependency: python -m pip install pyinstaller",
            file=sys.stderr,
        )
        return 2
    start = time.perf_counter()
    folder = build(args.dist, args.work)
    seconds = time.perf_counter() - start
    print(
        json.dumps(
            {
                "name": "bundle",
                "folder": str(folder),
                "build_s": round(seconds, 1),
                "size_mb": round(folder_size(folder) / 2**20, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
