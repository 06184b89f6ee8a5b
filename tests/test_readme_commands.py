"""The README's two commands of a fresh machine work as written on a fresh Debian 12 or Ubuntu
24.04, with only python3 and python3-venv: each line makes a virtual environment, `.venv` in the
checkout, installs into it and runs its Python, never a bare `python` or `pip` (there is no
`python`, and pip refuses to install outside a venv: PEP 668). `.ci/run` runs the test line
verbatim. The lines run here under bash with stand-ins for python3 and for the venv's python that
write down what they are asked to do (no network, no real install)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

posix_shell = pytest.mark.skipif(
    os.name == "nt" or shutil.which("bash") is None, reason="runs the Linux lines under bash"
)

# python3 -m venv DIR makes DIR/bin/python, which writes down how it was called; every other
# use of python3, and any bare python or pip, is written down too and fails.
PYTHON3 = """#!/bin/sh
echo "python3 $*" >> "$LOG"
[ "$1 $2" = "-m venv" ] || exit 97
mkdir -p "$3/bin"
printf '#!/bin/sh\\necho "$0 $*" >> "$LOG"\\n' > "$3/bin/python"
chmod +x "$3/bin/python"
"""
BARE = """#!/bin/sh
echo "bare $(basename "$0") $*" >> "$LOG"
exit 97
"""


def play_and_test() -> str:
    """The README's section "Play and test", up to the next `## ` heading."""
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Play and test")
    return text[start : text.index("\n## ", start + 1)]


def block_lines(section: str, language: str) -> list[str]:
    """The lines of the section's ```LANGUAGE blocks, stripped."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```", section, flags=re.S | re.M)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def the_lines(language: str) -> tuple[str, str]:
    """The play line and the test line of the section's ```LANGUAGE blocks, and no others."""
    lines = block_lines(play_and_test(), language)
    play = [line for line in lines if line.endswith(" main.py")]
    tests = [line for line in lines if line.endswith(" -m pytest")]
    assert len(play) == 1 and len(tests) == 1 and len(lines) == 2, lines
    return play[0], tests[0]


def run_with_stand_ins(argv: list[str], tmp_path: Path, cwd: Path) -> list[str]:
    """Run argv with the stand-ins first on PATH; what they were asked to do, in order."""
    bin_dir = tmp_path / "stand-ins"
    bin_dir.mkdir(exist_ok=True)
    for name, script in (("python3", PYTHON3), ("python", BARE), ("pip", BARE), ("pip3", BARE)):
        (bin_dir / name).write_text(script, encoding="utf-8")
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "log"
    log.write_text("", encoding="utf-8")
    env = {"PATH": f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin", "LOG": str(log)}
    result = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return log.read_text(encoding="utf-8").splitlines()


def expected(requirements: str, run: str) -> list[str]:
    return [
        "python3 -m venv .venv",
        f".venv/bin/python -m pip install -r {requirements}",
        f".venv/bin/python {run}",
    ]


@posix_shell
def test_the_play_line_makes_the_venv_installs_into_it_and_starts_the_game_with_it(tmp_path):
    play, _ = the_lines("sh")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    done = run_with_stand_ins(["bash", "-c", play], tmp_path, checkout)
    assert done == expected("requirements.txt", "main.py")
    again = run_with_stand_ins(["bash", "-c", play], tmp_path, checkout)
    assert again == done, "run a second time, with .venv there already, the line does otherwise"


@posix_shell
def test_the_test_line_makes_the_venv_installs_into_it_and_runs_pytest_with_it(tmp_path):
    _, tests = the_lines("sh")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    done = run_with_stand_ins(["bash", "-c", tests], tmp_path, checkout)
    assert done == expected("requirements-test.txt", "-m pytest")
    assert run_with_stand_ins(["bash", "-c", tests], tmp_path, checkout) == done


def test_ci_runs_the_readme_s_test_line_verbatim():
    _, tests = the_lines("sh")
    commands = [
        line.strip()
        for line in CI_RUN.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert commands[-1] == tests, ".ci/run's last command is not the README's test line"


@posix_shell
def test_ci_does_what_the_readme_s_test_line_does_in_its_checkout(tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / ".ci").mkdir(parents=True)
    shutil.copy2(CI_RUN, checkout / ".ci" / "run")
    done = run_with_stand_ins(["bash", str(checkout / ".ci" / "run")], tmp_path, tmp_path)
    assert done == expected("requirements-test.txt", "-m pytest")
    assert (checkout / ".venv" / "bin" / "python").exists(), ".ci/run made its venv elsewhere"


def test_the_windows_lines_are_the_linux_lines_with_the_py_launcher():
    windows = the_lines("bat")
    linux = the_lines("sh")
    for line in linux:
        assert line.startswith("python3 -m venv .venv && ")
    assert list(windows) == [
        line.replace("python3 -m venv", "py -m venv").replace(".venv/bin/", ".venv\\Scripts\\")
        for line in linux
    ]


def test_pytest_does_not_collect_inside_the_venv(tmp_path):
    """With pyproject.toml's settings, `python -m pytest` in the checkout collects tests/ and
    nothing in .venv (whose installed packages carry tests of their own)."""
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for folder in ("tests", ".venv/lib/python3/site-packages/pkg"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "tests" / "test_here.py").write_text("def test_here():\n    pass\n")
    (tmp_path / ".venv/lib/python3/site-packages/pkg/test_there.py").write_text(
        "def test_there():\n    pass\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test_here.py::test_here" in result.stdout
    assert "test_there" not in result.stdout


def test_git_ignores_the_venv():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "-q", ".venv/bin/python"], cwd=ROOT, timeout=30
    )
    assert ignored.returncode == 0, ".gitignore: add /.venv/"
