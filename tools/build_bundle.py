"""Build a standalone one-folder bundle of Pixel Mines with PyInstaller: no Python needed to run it.

PyInstaller is a build tool, not a dependency of the game: `python -m pip install pyinstaller`,
then `python tools/build_bundle.py` writes dist/pixel-mines/ (start dist/pixel-mines/pixel-mines).
The bundle lays out the shipped files as the wheel does (`game/assets/...`), so
game/resources.py finds them the same way; `bundle_spec` is checked by tests/test_packaging.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's game package, not an installed copy

from game.resources import assets_dir  # noqa: E402

NAME = "pixel-mines"
ASSETS_IN_BUNDLE = "game/assets"  # where game/resources.py looks inside the package
ICON = Path("icons") / "pixel-mines-256.png"  # under assets/


@dataclass(frozen=True)
class BundleSpec:
    name: str
    entry: Path  # the script the bundle starts
    data: tuple[tuple[Path, str], ...]  # (file or folder here, folder inside the bundle)
    icon: Path
    packages: tuple[str, ...]  # packages taken whole, imported lazily or not


def bundle_spec() -> BundleSpec:
    """What goes into the bundle. assets/ goes as one folder, so a new file ships unasked."""
    assets = assets_dir()
    return BundleSpec(
        name=NAME,
        entry=ROOT / "main.py",
        data=((assets, ASSETS_IN_BUNDLE),),
        icon=assets / ICON,
        packages=("game",),
    )


def pyinstaller_args(spec: BundleSpec, dist: Path, work: Path) -> list[str]:
    args = ["--noconfirm", "--clean", "--onedir", "--console", "--name", spec.name,
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work)]  # fmt: skip
    for package in spec.packages:
        args += ["--collect-submodules", package]
    for source, target in spec.data:
        args += ["--add-data", f"{source}{os.pathsep}{target}"]
    if sys.platform in ("win32", "darwin"):
        # The executable's own icon exists only there (a PNG needs Pillow for PyInstaller to
        # convert it; not tried here). Linux desktops take the icon from the .desktop entry.
        args += ["--icon", str(spec.icon)]
    args.append(str(spec.entry))
    return args


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def build(dist: Path, work: Path) -> Path:
    """Build the bundle; return the folder that holds the `pixel-mines` executable."""
    import PyInstaller.__main__

    spec = bundle_spec()
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
        print("build_bundle: PyInstaller is not installed; it is a build tool, not a game "
              "dependency: python -m pip install pyinstaller", file=sys.stderr)  # fmt: skip
        return 2
    start = time.perf_counter()
    folder = build(args.dist, args.work)
    seconds = time.perf_counter() - start
    print(json.dumps({"name": "bundle", "folder": str(folder), "build_s": round(seconds, 1),
                      "size_mb": round(folder_size(folder) / 2**20, 1)}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
