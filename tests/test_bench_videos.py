"""benchmarks/bench_videos.py in its quick mode: it runs, and prints one well-formed JSON line a
figure with the names and fields the issue's figures are read by (no times are judged)."""

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.concurrent  # processes and a clock: run under load too

SEEK_KINDS = {
    (False, "fresh_seeker_start_to_end"),
    (False, "end_to_start"),
    (False, "start_to_random"),
    (True, "fresh_seeker_start_to_end"),
}
FRAMES = {"first_click", "nothing_new", "pointer_moved", "after_click"}


def spread_is_sound(line):
    """Median, p95, p99 and worst: numbers, none below zero, in order."""
    figures = [line[k] for k in ("median_ms", "p95_ms", "p99_ms", "worst_ms")]
    assert all(isinstance(f, float | int) and math.isfinite(f) and f >= 0 for f in figures)
    assert figures[0] <= figures[3] and figures[1] <= figures[2] <= figures[3], line
    assert line["runs"] >= 1


@pytest.fixture(scope="module")
def lines():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_videos.py"), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def named(lines, name):
    return [line for line in lines if line["name"] == name]


def test_every_line_is_a_json_object_with_a_name_and_the_machines_load(lines):
    assert lines[0]["name"] == "setup" and lines[0]["quick"] is True
    assert lines[0]["cpus"] >= 1 and len(lines[0]["load_average"]) == 3
    assert lines[-1]["name"] == "end"
    assert all(isinstance(line["name"], str) for line in lines)
    if Path("/proc/stat").exists():  # Linux: the hypervisor's steal on every line
        assert all("host_steal_percent" in line for line in lines)


def test_the_replay_size_lines_say_each_rate_and_the_goal(lines):
    sizes = named(lines, "replay_size_per_minute")
    assert {(s["rate_hz"], s["hand"]) for s in sizes} == {
        (125, "steady"),
        (1000, "steady"),
        (1000, "never_still"),
    }
    for s in sizes:
        assert s["state"] == "won" and 50 <= s["game_s"] <= 70 and s["goal_kb"] == 150
        assert 0 < s["replay_kb"] < s["journal_kb"]  # compressed
        assert s["points"] > 0 and s["meets_goal"] == (s["replay_kb"] <= 150)
    by = {(s["rate_hz"], s["hand"]): s["points"] for s in sizes}
    assert by[125, "steady"] < by[1000, "steady"] < by[1000, "never_still"]


def test_the_seek_lines_have_cold_and_warm_figures_and_their_goals(lines):
    for board, goal in (("expert", 50.0), ("200x200", 250.0)):
        seeks = named(lines, f"seek_{board}")
        assert {(s["cold"], s["seek"]) for s in seeks} == SEEK_KINDS
        for s in seeks:
            spread_is_sound(s)
            assert s["goal_ms"] == goal and s["slice_goal_ms"] == 16.7
            assert s["frames_worst"] >= 1 and s["slice_worst_ms"] <= s["worst_ms"] + 1e-3
            assert s["meets_goal"] == (s["worst_ms"] <= goal and s["slice_worst_ms"] <= 16.7)
            assert s["actions"] > 0 and s["events"] > s["actions"]
        assert next(s for s in seeks if s["seek"] == "start_to_random")["runs"] >= 10


def test_the_live_counter_lines_cover_both_boards_and_every_kind_of_frame(lines):
    live = named(lines, "live_counters_per_frame")
    # the 200x200 board's tables are made over the frames after its first click (live.py)
    assert {(x["board"], x["frame"]) for x in live} == {
        (board, frame) for board in ("expert", "200x200") for frame in FRAMES
    } | {("200x200", "tables_being_made")}
    for x in live:
        spread_is_sound(x)


def test_the_video_load_lines_are_cold_and_warm_with_the_parts(lines):
    loads = named(lines, "video_load_200x200")
    assert sorted(x["cold"] for x in loads) == [False, True]
    for x in loads:
        spread_is_sound(x)
        assert x["events"] > x["actions"] > 0 and x["replay_kb"] > 0
    warm = next(x for x in loads if not x["cold"])
    assert set(warm["parts"]) == {"read", "convert", "counters"}
