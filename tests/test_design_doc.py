"""docs/DESIGN.md stays true: every `Class.member` it names is a member of a class of game/
(a method, a class attribute, a dataclass field, an attribute its methods set, or one of
its own bases'), and every file it names exists."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DESIGN = ROOT / "docs" / "DESIGN.md"
NAMED = re.compile(r"`([A-Z][A-Za-z0-9]*)\.([A-Za-z_][A-Za-z0-9_]*)")
FILE = re.compile(r"`((?:game|tests|tools|benchmarks)/[A-Za-z0-9_/.]+\.py)`")


def classes() -> dict[str, tuple[set[str], list[str]]]:
    """Each class of game/: the names it defines, and its bases' names."""
    found: dict[str, tuple[set[str], list[str]]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            names, bases = found.setdefault(node.name, (set(), []))
            bases += [b.id for b in node.bases if isinstance(b, ast.Name)]
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(item.name)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
            for sub in ast.walk(node):  # what its methods set on `self`
                stored = isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                if stored and isinstance(sub.value, ast.Name) and sub.value.id == "self":
                    names.add(sub.attr)
    return found


def has(known: dict, cls: str, member: str, seen=()) -> bool:
    if cls not in known or cls in seen:
        return False
    names, bases = known[cls]
    return member in names or any(has(known, b, member, (*seen, cls)) for b in bases)


def test_every_class_member_the_design_names_exists():
    text, known = DESIGN.read_text(encoding="utf-8"), classes()
    named = set(NAMED.findall(text))
    assert len(named) > 30  # the walk of a click names a few dozen
    missing = sorted(f"{c}.{m}" for c, m in named if not has(known, c, m))
    assert not missing, missing


def test_every_file_the_design_names_exists():
    text = DESIGN.read_text(encoding="utf-8")
    files = set(FILE.findall(text))
    assert files
    assert not sorted(f for f in files if not (ROOT / f).exists())


def test_the_check_sees_a_member_that_is_not_there():
    known = classes()
    assert has(known, "PlayScene", "play") and has(known, "BoardView", "draw")  # a base's
    assert not has(known, "History", "keep") and not has(known, "Nowhere", "x")
