"""The engine stands alone: importing it must not load pygame, the UI or the store."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def loaded_after_import(modules: str) -> list[str]:
    """The project and pygame modules a fresh interpreter holds after importing `modules`."""
    code = (
        f"import sys, {modules}\n"
        "print(' '.join(m for m in sys.modules if m.split('.')[0] in ('pygame', 'game')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_importing_the_engine_does_not_load_pygame_ui_or_store():
    loaded = loaded_after_import(
        "game.engine, game.engine.leetcode, game.engine.boards, game.engine.game_measures"
    )
    assert "game.engine" in loaded
    assert not [
        m for m in loaded if m.split(".")[0] == "pygame" or m.startswith(("game.ui", "game.store"))
    ]


def test_the_terminal_game_and_the_store_do_not_load_pygame():
    loaded = loaded_after_import("game.text, game.store.settings, game.store.stats, game.app")
    assert "game.store.stats" in loaded
    assert not [m for m in loaded if m.split(".")[0] == "pygame" or m.startswith("game.ui")]


def test_main_py_and_python_m_game_give_the_same_help():
    a = subprocess.run(
        [sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True
    )
    b = subprocess.run(
        [sys.executable, "-m", "game", "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert a.returncode == b.returncode == 0
    assert "--text" in a.stdout
    assert a.stdout == b.stdout
