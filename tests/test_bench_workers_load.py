"""benchmarks/bench_workers_load.py in its small mode: a line a board with the figures it
promises, and its busy processes ended when it ends."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.concurrent  # processes and a clock: run under load too


def test_the_benchmark_prints_a_line_a_board_and_ends_its_busy_processes():
    script = ROOT / "benchmarks" / "bench_workers_load.py"
    options = ["--games", "1", "--quick", "--priority", "normal", "--hogs", "1"]
    done = subprocess.run(
        [sys.executable, str(script), *options, "--moves-200", "20"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = {line["name"]: line for line in map(json.loads, done.stdout.splitlines())}
    for board, goal in (("expert", 10.0), ("200x200", 60.0)):
        line = lines[f"measures_arrival_{board}_under_load"]
        assert line["priority"] == "normal" and line["goal_s"] == goal and line["hogs"] == 1
        assert line["runs"] == 1 and line["timeouts"] + (line["median_s"] is not None) == 1
        assert line["loop_frames"] > 0 and line["loop_baseline_p99_ms"] is not None
    pids = lines["end"]["hog_pids"]
    assert len(pids) == 1 and not any(Path(f"/proc/{pid}").exists() for pid in pids)
