"""The game's version: the one place that holds it (pyproject.toml reads it from here).

`version()` is what `--version` and Help → About say: the installed package's metadata when
this code runs installed as `pixel_mines`, else this constant (a checkout, a bundle).
"""

from __future__ import annotations

__version__ = "0.2.0"

DISTRIBUTION = "pixel-mines"  # the name pip knows the game by
INSTALLED_PACKAGE = "pixel_mines"  # the import name of the installed package (README: why)


def version() -> str:
    """The version of the code that is running."""
    if __name__.partition(".")[0] != INSTALLED_PACKAGE:
        # A checkout (imported as `game`): an installed copy's metadata, if any, would describe
        # other code, so it is not asked.
        return __version__
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # a bundle carries the package without its metadata
        return __version__
