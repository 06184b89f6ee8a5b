"""Where the files that ship with the game are: the one place that knows the three layouts.

An installed wheel and a PyInstaller bundle both carry them as `pixel_mines/assets/` inside
the package; a source checkout keeps them in `assets/` beside `game/`. Nothing else works out
paths to shipped files: callers ask `assets_dir()`, `themes_dir()`, `icons_dir()` or
`locale_dir()`.
"""

from __future__ import annotations

import sys
from pathlib import Path

# "game" in a checkout, "pixel_mines" installed (README: why the two names).
PACKAGE = __name__.rpartition(".")[0]


def _package_dir() -> Path:
    """The folder of this package, wherever and under whichever name it was imported."""
    # A package imported from a folder names it in its __path__, as importlib.resources would
    # (whose own import, some milliseconds of the start, is then left out).
    where = list(getattr(sys.modules.get(PACKAGE), "__path__", None) or ())
    if len(where) == 1 and Path(where[0]).is_dir():
        return Path(where[0])
    from importlib import resources

    found = resources.files(PACKAGE)
    if isinstance(found, Path):
        return found
    # A frozen bundle whose importer does not hand out real paths: its files are unpacked
    # under sys._MEIPASS in the same layout as the wheel.
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / PACKAGE
    raise RuntimeError(
        f"the {PACKAGE!r} package is not in a folder ({found!r}); "
        "Pixel Mines must be installed unpacked"
    )


def assets_dir() -> Path:
    """The folder holding `themes/`, `icons/` and the desktop entry.

    Wheel and bundle: `pixel_mines/assets` (inside the package, so no top-level `assets` collides
    with another project); source checkout: `assets/` next to the package.
    """
    package = _package_dir()
    for candidate in (package / "assets", package.parent / "assets"):
        if (candidate / "themes").is_dir():
            return candidate
    from .i18n import _  # here: i18n finds its catalogues through this module

    # Translators: first and second are folders; themes/ is a folder's name: keep it.
    raise FileNotFoundError(
        _(
            "the game's assets are missing: neither %(first)s nor %(second)s holds themes/ (a "
            "broken install; reinstall Pixel Mines)"
        )
        % {"first": package / "assets", "second": package.parent / "assets"}
    )


def themes_dir() -> Path:
    """The shipped themes, one folder each (`themes/NAME/sheet.png`, `theme.toml`)."""
    return assets_dir() / "themes"


def icons_dir() -> Path:
    """The application icon, one PNG per size (`icons/pixel-mines-NN.png`)."""
    return assets_dir() / "icons"


def desktop_dir() -> Path:
    """The desktop entry and the AppStream metainfo, named by the application id."""
    return assets_dir() / "desktop"


def man_dir() -> Path:
    """The man page, `man/pixel-mines.6` (written by tools/manpage.py)."""
    return assets_dir() / "man"


def locale_dir() -> Path:
    """The compiled catalogues, `locale/<lang>/LC_MESSAGES/pixel-mines.mo`: inside the package
    in every layout (a checkout's game/locale is the installed pixel_mines/locale)."""
    return _package_dir() / "locale"
