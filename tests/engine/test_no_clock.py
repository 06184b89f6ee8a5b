"""The engine reads no clock: the same board code gives the same board on every machine.

`time` is imported when the interpreter starts, so checking `sys.modules` after importing the
engine (as tests/test_architecture.py does for pygame) proves nothing here; the source of every
module under game/engine is read instead.
"""

import ast
from pathlib import Path

import pytest

import game.engine

ENGINE = Path(game.engine.__file__).parent
CLOCK_MODULES = {"time"}
CLOCK_CALLS = {
    "now",
    "today",
    "utcnow",
    "fromtimestamp",
    "utcfromtimestamp",
    "perf_counter",
    "perf_counter_ns",
    "monotonic",
    "monotonic_ns",
    "process_time",
    "process_time_ns",
    "thread_time",
    "thread_time_ns",
    "time_ns",
    "get_ticks",
    "clock_gettime",
}


def clock_reads(source: str) -> list[str]:
    """Every import of a clock module and every use of a clock function in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in CLOCK_MODULES]
        elif isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[0] in CLOCK_MODULES:
                found.append(f"from {node.module}")
            found += [a.name for a in node.names if a.name in CLOCK_CALLS]
        elif isinstance(node, ast.Attribute) and node.attr in CLOCK_CALLS:
            found.append(node.attr)
        elif isinstance(node, ast.Name) and node.id in CLOCK_CALLS:
            found.append(node.id)
    return found


def engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_the_engine_has_modules_to_check():
    names = {p.relative_to(ENGINE).as_posix() for p in engine_modules()}
    assert {"game.py", "noguess.py", "codes.py"} <= names


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_no_engine_module_reads_a_clock(path):
    assert clock_reads(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import time",
        "import time as t",
        "from time import perf_counter",
        "from datetime import datetime\nx = datetime.now()",
        "import datetime\nx = datetime.date.today()",
        "from datetime import date\nx = date.today()",
        "def f(clock=monotonic):\n    return clock()",
    ],
)
def test_the_check_finds_a_clock(source):
    assert clock_reads(source)


def test_the_check_lets_a_date_passed_in_through():
    assert (
        clock_reads(
            "from datetime import date\n\ndef daily(day: date) -> str:\n"
            "    return day.isoformat()\n"
        )
        == []
    )
