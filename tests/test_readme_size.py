"""README.md stays a player's and packager's guide a newcomer reads through: at most 450 lines,
the two commands of a fresh machine near its top, and every file it links there. The benchmark
figures live in benchmarks/RESULTS.md, one section a script, each with its command (issue 38)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
RESULTS = ROOT / "benchmarks" / "RESULTS.md"

MOST_LINES = 450
VENV = "python3 -m venv .venv && .venv/bin/python -m pip install -r"
PLAY = f"{VENV} requirements.txt && .venv/bin/python main.py"
TEST = f"{VENV} requirements-test.txt && .venv/bin/python -m pytest"


def first_section(text: str) -> str:
    """The README up to its second `## ` heading: the title, the intro and the first section."""
    return "\n## ".join(text.split("\n## ")[:2])


def sh_lines(text: str) -> list[str]:
    """The lines of every ```sh block, stripped."""
    blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)
    return [line.strip() for block in blocks for line in block.splitlines()]


def test_the_readme_is_at_most_450_lines():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, (
        f"README.md has {lines} lines (at most {MOST_LINES}): link docs/ or "
        "benchmarks/RESULTS.md rather than grow it"
    )


def test_the_two_commands_stand_alone_in_the_first_section():
    top = first_section(README.read_text(encoding="utf-8"))
    assert "## Play and test" in top
    commands = sh_lines(top)
    assert PLAY in commands, "the README's first section lost the command that starts the game"
    assert TEST in commands, "the README's first section lost the command that runs the tests"


def test_ci_runs_the_readme_s_test_command():
    """The README says its test command is exactly what .ci/run does."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert TEST in [line.strip() for line in run], ".ci/run runs the tests otherwise"


def test_every_file_the_readme_links_is_there():
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert "benchmarks/RESULTS.md" in local and "docs/DESIGN.md" in local
    assert [t for t in local if not (ROOT / t).exists()] == []


def test_every_benchmark_script_has_its_command_in_results():
    text = RESULTS.read_text(encoding="utf-8")
    for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"python benchmarks/{script.name}" in text, (
            f"benchmarks/RESULTS.md: give {script.name} its command and figures"
        )
