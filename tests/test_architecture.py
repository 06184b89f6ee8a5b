"""The engine stands alone: importing it must not load pygame, the UI or the store."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_importing_the_engine_does_not_load_pygame_ui_or_store():
    code = (
        "import sys, game.engine, game.engine.leetcode, game.text\n"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' "
        "or m.startswith(('game.ui', 'game.store'))]\n"
        "print(bad)\n"
        "raise SystemExit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


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
