"""Run a selection of the tests again and again beside busy processes: a test passes beside two
busy processes, or it is not done (STYLE.md). Prints one JSON line a run, then a summary.

    python tools/under_load.py                      # -m concurrent, 20 runs, 2 busy processes
    python tools/under_load.py --runs 3 --hogs 2 -- tests/test_sessions.py -k kept

Everything after the options (or after --) goes to pytest in place of `-m concurrent`. The busy
processes are stopped at the end whatever happens, and end by themselves if this one is killed.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SELECTION = ["-m", "concurrent"]
# -rfE: the failing ids, read from its summary; the slowest tests, for what the load slowed
PYTEST = [sys.executable, "-m", "pytest", "-q", "-rfE", "--durations=10", "-p", "no:cacheprovider"]
# A busy loop that ends when its parent does (then it is handed to another parent).
HOG = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    pass\n"
# pytest's closing line ("2 failed, 40 passed, 1 skipped in 9.10s"): its counts by outcome.
COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|deselected)\b")


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="how many runs (default 20)")
    parser.add_argument("--hogs", type=int, default=2, help="busy processes beside (default 2)")
    parser.add_argument("--logs", type=Path, help="folder for each run's output (default: new)")
    args, pytest_args = parser.parse_known_args(argv)
    if pytest_args[:1] == ["--"]:
        pytest_args = pytest_args[1:]
    if args.runs < 1 or args.hogs < 0:
        parser.error("--runs must be 1 or more and --hogs 0 or more")
    return args, pytest_args or DEFAULT_SELECTION


def stop_hogs(hogs: list[subprocess.Popen]) -> None:
    for hog in hogs:
        hog.kill()
    for hog in hogs:
        hog.wait()


def outcome(output: str) -> tuple[Counter, list[str]]:
    """The counts of pytest's closing line, and the ids of the tests that failed or erred
    (its short summary, `-rfE`)."""
    counts: Counter = Counter()
    lines = output.splitlines()
    for line in reversed(lines):
        found = COUNT.findall(line)
        if found and " in " in line:
            for n, kind in found:
                counts["error" if kind.startswith("error") else kind] += int(n)
            break
    failing = [
        line.split(" ", 1)[1].split(" - ", 1)[0]
        for line in lines
        if line.startswith(("FAILED ", "ERROR "))
    ]
    return counts, failing


def run_once(number: int, pytest_args: list[str], logs: Path) -> dict:
    log = logs / f"run-{number:03d}.txt"
    started = time.monotonic()
    with open(log, "w", encoding="utf-8") as out:
        status = subprocess.run(
            [*PYTEST, *pytest_args],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        ).returncode
    seconds = round(time.monotonic() - started, 1)
    counts, failing = outcome(log.read_text(encoding="utf-8", errors="replace"))
    return {
        "run": number,
        "passed": counts["passed"],
        "failed": counts["failed"] + counts["error"],
        "seconds": seconds,
        "failing": failing,
        "exit": status,
        "log": str(log),
    }


def main(argv: list[str] | None = None) -> int:
    args, pytest_args = parse_args(sys.argv[1:] if argv is None else argv)
    logs = args.logs or Path(tempfile.mkdtemp(prefix="under-load-"))
    logs.mkdir(parents=True, exist_ok=True)
    # A SIGTERM ends the runs as Ctrl+C does: through the `finally` that stops the hogs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    results, failing = [], Counter()
    hogs: list[subprocess.Popen] = []
    try:
        for _ in range(args.hogs):
            hogs.append(subprocess.Popen([sys.executable, "-c", HOG], stdin=subprocess.DEVNULL))
        for number in range(1, args.runs + 1):
            result = run_once(number, pytest_args, logs)
            results.append(result)
            failing.update(result["failing"])
            print(json.dumps(result), flush=True)
    finally:
        stop_hogs(hogs)
    bad = [r for r in results if r["exit"] != 0]
    print(
        json.dumps(
            {
                "summary": True,
                "pytest": pytest_args,
                "hogs": args.hogs,
                "runs": len(results),
                "runs_failed": len(bad),
                "passed": sum(r["passed"] for r in results),
                "failed": sum(r["failed"] for r in results),
                "seconds": round(sum(r["seconds"] for r in results), 1),
                "failing": dict(failing.most_common()),
                "logs": str(logs),
            }
        )
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
