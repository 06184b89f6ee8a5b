"""The layers stand alone: the engine loads no pygame, UI or store; the window's rooms never
reach the window; the App stays thin."""

import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.concurrent
def test_importing_the_engine_does_not_load_pygame_ui_or_store():
    loaded = loaded_after_import(
        "game.engine, game.engine.leetcode, game.engine.boards, game.engine.game_measures, "
        "game.engine.game_analysis, game.engine.walk"
    )
    assert "game.engine" in loaded
    assert not [
        m for m in loaded if m.split(".")[0] == "pygame" or m.startswith(("game.ui", "game.store"))
    ]


@pytest.mark.concurrent
def test_the_terminal_game_and_the_store_do_not_load_pygame():
    loaded = loaded_after_import("game.text, game.store.settings, game.store.stats, game.app")
    assert "game.store.stats" in loaded
    assert not [m for m in loaded if m.split(".")[0] == "pygame" or m.startswith("game.ui")]


@pytest.mark.concurrent
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


# ---- the window's rooms stand on their own (issue 19) ------------------------------------

SCENES = ROOT / "game" / "ui" / "scenes"


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module a file imports, relative imports resolved against its package (type-
    checking blocks included: the walk goes through every statement)."""
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return found


def test_the_import_resolver_sees_a_relative_import_of_the_window():
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        sneaky = Path(folder) / "sneaky.py"
        sneaky.write_text(
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from ..window import App\nfrom .. import window\n"
        )
        found = imported_modules(sneaky, "game.ui.scenes")
    assert "game.ui.window" in found and "game.ui.window.App" in found


def test_no_scene_imports_the_window_not_even_for_type_checking():
    files = sorted(SCENES.glob("*.py"))
    assert {f.stem for f in files} >= {"play", "replay", "dialogs", "menu", "context"}
    for f in files:
        found = imported_modules(f, "game.ui.scenes")
        window = {
            m
            for m in found
            if m.split(".")[-2:] == ["ui", "window"] or ".ui.window." in m or m == "window"
        }
        assert not window, f"{f.name} imports {window}"


def reachable(start, avoid=()) -> list:
    """Every object reachable from `start` through attributes, containers, bound methods'
    `__self__` and functions' closures (modules and classes are not followed)."""
    import types

    seen, out, todo = set(), [], [start]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, str, bytes, int, float)):
            continue
        seen.add(id(obj))
        out.append(obj)
        if isinstance(obj, types.MethodType):
            todo += [obj.__self__, obj.__func__]
        elif isinstance(obj, types.FunctionType):
            todo += [c.cell_contents for c in obj.__closure__ or () if _filled(c)]
            todo += list(obj.__defaults__ or ())
        elif isinstance(obj, dict):
            todo += list(obj.keys()) + list(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo += list(obj)
        if hasattr(obj, "__dict__") and not isinstance(obj, types.FunctionType):
            todo += list(vars(obj).values())
    return out


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def make_app(threaded=False):
    import pygame

    from game.engine import Difficulty
    from game.engine.boards import BoardChoice
    from game.session import ManualClock
    from game.store.settings import Settings
    from game.ui.chores import Chores
    from game.ui.theme import load_library
    from game.ui.window import App

    pygame.display.init()
    return App(
        BoardChoice.standard(Difficulty.BEGINNER),
        Settings(motion=False, volume="off"),
        load_library(),
        clock=ManualClock(),
        chores=Chores(threaded=threaded),
    )


@pytest.mark.concurrent
def test_the_context_is_small_and_holds_nothing_of_the_app():
    import dataclasses

    import pygame

    from game.ui.scenes import Context
    from game.ui.window import App

    app = make_app(threaded=True)  # the kept game is still being read: its chore is held
    try:
        assert app.ctx.aids.chores.running or app.ctx.aids.chores.status is None
        assert not isinstance(app.ctx, App) and not issubclass(App, Context)
        assert not issubclass(Context, App) and Context not in App.__mro__
        fields = dataclasses.fields(Context)
        assert len(fields) <= 8
        for f in fields:
            found = [o for o in reachable(getattr(app.ctx, f.name)) if isinstance(o, App)]
            assert not found, f"the context's {f.name} reaches the App"
        app.ctx.aids.chores.wait(10)
    finally:
        app.ctx.aids.assistant.close()
        pygame.quit()


def test_the_walk_finds_an_app_behind_a_closure_or_a_bound_method():
    import pygame

    from game.ui.window import App

    app = make_app()
    try:
        assert any(isinstance(o, App) for o in reachable([lambda: app.games]))
        assert any(isinstance(o, App) for o in reachable({"x": app.step}))
    finally:
        app.ctx.aids.assistant.close()
        pygame.quit()


def test_the_app_is_thin():
    import ast

    tree = ast.parse((ROOT / "game" / "ui" / "window.py").read_text(encoding="utf-8"))
    app = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    methods = [n for n in app.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert app.end_lineno - app.lineno + 1 <= 300
    assert len(methods) <= 40


def test_each_room_has_a_test_file_that_builds_it_without_the_window():
    tests = ROOT / "tests" / "ui" / "scenes"
    for room in ("play", "replay", "dialogs", "menu", "games", "map"):
        path = tests / f"test_{room}.py"
        found = imported_modules(path, "tests.ui.scenes")
        assert f"game.ui.scenes.{room}" in found, room
        assert not [m for m in found if m.startswith("game.ui.window")], room
        assert "App(" not in path.read_text(encoding="utf-8"), room
