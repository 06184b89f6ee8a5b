"""Code outside the solver package uses only what the package exports."""

import ast
from pathlib import Path

import game
import game.engine.solver as solver

ROOT = Path(game.__file__).parent
PACKAGE = Path(solver.__file__).parent


def private_uses(source: str) -> list[str]:
    """Solver names `source` reaches that the package does not export."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "solver" and node.attr not in solver.__all__:
                found.append(f"solver.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "game.engine.solver"
        ):
            if node.module != "game.engine.solver":
                found.append(node.module)
            found += [a.name for a in node.names if a.name not in solver.__all__]
    return found


def test_the_rest_of_the_game_uses_only_the_solver_s_exports():
    outside = [p for p in ROOT.rglob("*.py") if PACKAGE not in p.parents]
    assert any(p.name == "noguess.py" for p in outside)
    uses = {p.name: private_uses(p.read_text(encoding="utf-8")) for p in outside}
    assert {name: found for name, found in uses.items() if found} == {}


def test_the_check_finds_private_names():
    assert private_uses("from game.engine import solver\nsolver._solve(1)") == ["solver._solve"]
    assert private_uses("from game.engine.solver.position import parse") == [
        "game.engine.solver.position",
        "parse",
    ]


def test_every_exported_name_exists():
    assert all(hasattr(solver, name) for name in solver.__all__)
