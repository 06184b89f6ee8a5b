"""Play the game in the pseudo-language qps, made from the template now: every message wrapped
in [[...]], so any text outside the markers did not come through a catalogue
(docs/TRANSLATING.md). `python tools/pseudo.py [the game's options]`, e.g. `--text` for the
terminal. Uses the tests' catalogue writer (standard library only); the game is unchanged."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import i18n  # noqa: E402
from game.app import main  # noqa: E402
from tests.catalogues import catalogue  # noqa: E402

if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="pixel-mines-qps-") as folder:
        catalogue(Path(folder), "qps")
        i18n.locale_dir = lambda: Path(folder)  # where i18n looks for catalogues
        raise SystemExit(main(["--language", "qps", *sys.argv[1:]]))
