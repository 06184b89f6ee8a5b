"""Speed and memory of the engine's reveal, against the goals and a naive per-cell BFS, and the
cost of a board's 3BV.

Run from the repo root: `python benchmarks/bench_engine.py [--quick]`; one JSON line a figure.
The 3BV figures are compared with ms-toollib (a Rust library, `pip install ms_toollib`) when it
is installed; it is never a dependency of the game, and without it that comparison is skipped
and the line says so.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import Game  # noqa: E402

SEED = 20240601
MINE = 9  # a mine in the naive boards' number grids
NAIVE_CHARS = ".12345678*"  # view character of a naive number (index 0..9)
NEIGHBOURS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
NAIVE_BUDGET_S = 10.0  # the naive 1000x1000 figure runs only if its runs fit in this
BBBV_SIDES = (50, 100, 200)
BBBV_DENSITY = 0.15
BBBV_GOAL_RATIO = 3.0  # at 200x200, at most this many times ms-toollib's time for the same steps

# ---- boards -----------------------------------------------------------------------------------


def empty_layout(rows: int, cols: int) -> list[str]:
    return ["." * cols] * rows


def random_layout(rows: int, cols: int, mines: int, rng: random.Random) -> list[str]:
    """`mines` mines placed uniformly at random by `rng`."""
    cells = bytearray(b"." * (rows * cols))
    for k in rng.sample(range(rows * cols), mines):
        cells[k] = ord("*")
    return [cells[r * cols : (r + 1) * cols].decode("ascii") for r in range(rows)]


def number_grid(layout: list[str]) -> list[list[int]]:
    """The number of every cell (MINE for a mine), as a list of lists of ints."""
    rows, cols = len(layout), len(layout[0])
    grid = [[0] * cols for _ in range(rows)]
    for r, line in enumerate(layout):
        for c, ch in enumerate(line):
            if ch != "*":
                continue
            for dr, dc in NEIGHBOURS:
                nr, nc = r + dr, c + dc
                if 0 <= nr < rows and 0 <= nc < cols:
                    grid[nr][nc] += 1
    for r, line in enumerate(layout):
        for c, ch in enumerate(line):
            if ch == "*":
                grid[r][c] = MINE
    return grid


def largest_opening(numbers: list[list[int]]) -> tuple[tuple[int, int], int]:
    """A 0-cell of the opening that opens the most cells, and how many it opens.

    Reference labelling, independent of the engine: each 8-connected region of 0-cells opens
    itself and every cell next to it.
    """
    rows, cols = len(numbers), len(numbers[0])
    seen = [[False] * cols for _ in range(rows)]
    best_cell, best_size = (-1, -1), 0
    for r0 in range(rows):
        for c0 in range(cols):
            if numbers[r0][c0] != 0 or seen[r0][c0]:
                continue
            seen[r0][c0] = True
            region = [(r0, c0)]
            opened = set()
            k = 0
            while k < len(region):
                r, c = region[k]
                k += 1
                opened.add((r, c))
                for dr, dc in NEIGHBOURS:
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < rows and 0 <= nc < cols:
                        opened.add((nr, nc))
                        if numbers[nr][nc] == 0 and not seen[nr][nc]:
                            seen[nr][nc] = True
                            region.append((nr, nc))
            if len(opened) > best_size:
                best_cell, best_size = (r0, c0), len(opened)
    return best_cell, best_size


def reference_bbbv(numbers: list[list[int]]) -> int:
    """3BV by the rulebook's words, independent of the engine: each 8-connected region of
    0-cells is one click, and so is each safe numbered cell next to no 0-cell."""
    rows, cols = len(numbers), len(numbers[0])
    seen = [[False] * cols for _ in range(rows)]
    near_zero = [[False] * cols for _ in range(rows)]
    clicks = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if numbers[r0][c0] != 0 or seen[r0][c0]:
                continue
            clicks += 1
            seen[r0][c0] = True
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for dr, dc in NEIGHBOURS:
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < rows and 0 <= nc < cols:
                        near_zero[nr][nc] = True
                        if numbers[nr][nc] == 0 and not seen[nr][nc]:
                            seen[nr][nc] = True
                            stack.append((nr, nc))
    for r in range(rows):
        for c in range(cols):
            if 0 < numbers[r][c] < MINE and not near_zero[r][c]:
                clicks += 1
    return clicks


# ---- the naive flood fill ---------------------------------------------------------------------


def naive_view(rows: int, cols: int) -> list[list[str]]:
    return [["#"] * cols for _ in range(rows)]


def naive_reveal(view: list[list[str]], numbers: list[list[int]], row: int, col: int) -> int:
    """Open (row, col) as a plain per-cell BFS would; a 0 opens its region. Returns cells opened."""
    rows, cols = len(view), len(view[0])
    if view[row][col] != "#":
        return 0
    view[row][col] = NAIVE_CHARS[numbers[row][col]]
    opened = 1
    queue = deque([(row, col)])
    while queue:
        r, c = queue.popleft()
        if numbers[r][c] != 0:
            continue
        for dr, dc in NEIGHBOURS:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and view[nr][nc] == "#":
                view[nr][nc] = NAIVE_CHARS[numbers[nr][nc]]
                opened += 1
                queue.append((nr, nc))
    return opened


# ---- timing -----------------------------------------------------------------------------------


def time_runs(
    make: Callable[[int], Any], act: Callable[[Any], Any], runs: int
) -> tuple[list[float], Any]:
    """Milliseconds of `act(make(k))` for k in range(runs), `make` untimed; and the last result."""
    times = []
    result = None
    for k in range(runs):
        state = make(k)
        gc.collect()
        start = time.perf_counter()
        result = act(state)
        times.append((time.perf_counter() - start) * 1000)
    return times, result


def emit(name: str, times: list[float], **extra: Any) -> float:
    """Print one figure's JSON line; return its median."""
    median = statistics.median(times)
    line = {"name": name, "median_ms": round(median, 3), "runs": len(times)}
    if "goal_ms" in extra:
        line["goal_ms"] = extra.pop("goal_ms")
        line["pass"] = median <= line["goal_ms"]
    line["min_ms"] = round(min(times), 3)
    line["max_ms"] = round(max(times), 3)
    line.update(extra)
    print(json.dumps(line), flush=True)
    return median


def fail(message: str) -> None:
    print(f"bench_engine: {message}", file=sys.stderr)
    sys.exit(1)


# ---- figures ----------------------------------------------------------------------------------


class Board:
    """One benchmark board: its layout, the naive number grid and the cell both fills click."""

    def __init__(self, layout: list[str], start: tuple[int, int], expected: int) -> None:
        self.layout = layout
        self.rows, self.cols = len(layout), len(layout[0])
        self.numbers = number_grid(layout)
        self.start = start
        self.expected = expected  # cells the click opens

    def engine_reveal(self, game: Game) -> Any:
        return game.reveal(*self.start)

    def naive(self, view: list[list[str]]) -> int:
        return naive_reveal(view, self.numbers, *self.start)


def check_same_cells(name: str, board: Board) -> None:
    """Fail unless the engine and the naive BFS open the same cells and show the same view."""
    game = Game.from_layout(board.layout)
    changed = board.engine_reveal(game)
    view = naive_view(board.rows, board.cols)
    opened = board.naive(view)
    naive_cells = {(r, c) for r, line in enumerate(view) for c, ch in enumerate(line) if ch != "#"}
    if set(changed) != naive_cells or len(changed) != len(naive_cells) or opened != len(changed):
        fail(
            f"{name}: the engine opened {len(changed)} cells, the naive BFS {opened}; "
            f"{len(set(changed) ^ naive_cells)} cells differ"
        )
    if game.view() != ["".join(line) for line in view]:
        fail(f"{name}: the engine's view differs from the naive BFS's")
    if opened != board.expected:
        fail(f"{name}: {opened} cells opened, the reference labelling expected {board.expected}")


def engine_figure(name: str, board: Board, runs: int, goal_ms: float) -> float:
    times, changed = time_runs(lambda _k: Game.from_layout(board.layout), board.engine_reveal, runs)
    if len(changed) != board.expected:
        fail(f"{name}: {len(changed)} cells opened, expected {board.expected}")
    return emit(
        name,
        times,
        goal_ms=goal_ms,
        cells_opened=len(changed),
        runs_returned=len(changed.runs()),
        start=list(board.start),
    )


def naive_figure(name: str, board: Board, runs: int, engine_ms: float) -> float:
    times, opened = time_runs(lambda _k: naive_view(board.rows, board.cols), board.naive, runs)
    if opened != board.expected:
        fail(f"{name}: the naive BFS opened {opened} cells, expected {board.expected}")
    median = statistics.median(times)
    return emit(
        name,
        times,
        cells_opened=opened,
        ratio=round(median / engine_ms, 1),
        ratio_means="naive median / engine median",
    )


def first_click_figure(runs: int) -> None:
    rng = random.Random(SEED)
    seeds = [rng.getrandbits(63) for _ in range(runs)]
    times, _ = time_runs(lambda k: Game(16, 30, 99, seed=seeds[k]), lambda g: g.reveal(8, 15), runs)
    # The cells opened per seed, outside timing.
    opened = [len(Game(16, 30, 99, seed=s).reveal(8, 15)) for s in seeds]
    emit(
        "first_click_expert",
        times,
        goal_ms=1.0,
        p90_ms=round(statistics.quantiles(times, n=10)[-1], 3),
        cells_opened_median=statistics.median(opened),
        seeds_from=SEED,
    )


def bbbv_figures(runs: int) -> None:
    """`Game.from_layout(layout).bbbv` (the numbers and the 3BV of a layout) on square boards
    at 15% mines, the growth from one size to the next (4x the cells each), and ms-toollib's
    cal_board_numbers + cal_bbbv on the same boards when it is installed."""
    try:
        import ms_toollib
    except ImportError:
        ms_toollib = None
    rng = random.Random(SEED)
    medians = []
    theirs = {}
    for side in BBBV_SIDES:
        mines = round(side * side * BBBV_DENSITY)
        layout = random_layout(side, side, mines, rng)
        expected = reference_bbbv(number_grid(layout))
        times, bbbv = time_runs(
            lambda _k, lay=layout: lay, lambda lay: Game.from_layout(lay).bbbv, runs
        )
        if bbbv != expected:
            fail(f"bbbv {side}x{side}: the engine says {bbbv}, the reference {expected}")
        extra: dict[str, Any] = {"bbbv": bbbv, "mines": mines, "cells": side * side}
        if ms_toollib is not None:
            board = [[-1 if ch == "*" else 0 for ch in line] for line in layout]
            their_times, their_bbbv = time_runs(
                lambda _k, b=board: b,
                lambda b: ms_toollib.cal_bbbv(ms_toollib.cal_board_numbers(b)),
                runs,
            )
            if their_bbbv != expected:
                fail(f"bbbv {side}x{side}: ms-toollib says {their_bbbv}, the reference {expected}")
            theirs[side] = statistics.median(their_times)
            extra["ms_toollib_median_ms"] = round(theirs[side], 3)
            extra["ratio_to_ms_toollib"] = round(statistics.median(times) / theirs[side], 2)
        if side == BBBV_SIDES[-1] and ms_toollib is not None:
            extra["goal_ratio_to_ms_toollib"] = BBBV_GOAL_RATIO
            extra["pass"] = extra["ratio_to_ms_toollib"] <= BBBV_GOAL_RATIO
        medians.append(emit(f"bbbv_from_layout_{side}x{side}_15pct", times, **extra))
    growth = {
        "name": "bbbv_from_layout_growth",
        "ratios": [round(b / a, 2) for a, b in zip(medians, medians[1:], strict=False)],
        "ratios_mean": "median time at each size / at the size before; 4x the cells each step, "
        "so 4.0 is linear",
    }
    if theirs:
        times_theirs = [theirs[side] for side in BBBV_SIDES]
        growth["ms_toollib_ratios"] = [
            round(b / a, 2) for a, b in zip(times_theirs, times_theirs[1:], strict=False)
        ]
    else:
        growth["ms_toollib"] = "not installed (pip install ms_toollib): comparison skipped"
    print(json.dumps(growth), flush=True)


# Runs in a fresh interpreter: argv = [repo root, seed]. Prints one JSON object.
MEMORY_CHILD = r"""
import json, random, re, resource, sys
sys.path.insert(0, sys.argv[1])
from game.engine import Game

def maxrss_kb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

def vmhwm_kb():  # the peak of this process's own memory map, for a cross-check
    with open("/proc/self/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+)", f.read()).group(1))

base, base_hwm = maxrss_kb(), vmhwm_kb()
n = 1000
cells = bytearray(b"." * (n * n))
for k in random.Random(int(sys.argv[2])).sample(range(n * n), n * n // 20):
    cells[k] = 42
layout = [cells[r * n : (r + 1) * n].decode("ascii") for r in range(n)]
del cells
start = None
for r in range(1, n - 1):  # the first cell, row by row, with no mine in its 3x3 block
    for c in range(1, n - 1):
        if all(line[c - 1 : c + 2] == "..." for line in layout[r - 1 : r + 2]):
            start = (r, c)
            break
    if start:
        break
game = Game.from_layout(layout)
changed = game.reveal(*start)
peak, peak_hwm = maxrss_kb(), vmhwm_kb()
print(json.dumps({
    "base_kb": base, "peak_kb": peak, "base_hwm_kb": base_hwm, "peak_hwm_kb": peak_hwm,
    "start": start, "cells_opened": len(changed), "runs_returned": len(changed.runs()),
}))
"""


def memory_figure() -> None:
    """Peak RSS of a 1000x1000 game with one opening revealed, above an interpreter with the
    engine imported, measured by the child itself with ru_maxrss."""
    # On Linux a child spawned straight from this process would start with ru_maxrss at this
    # process's peak (vfork + exec carries the parent's high-water mark over), hiding the child's
    # own baseline. Forking it from a small shell instead gives it a clean count; the child's
    # VmHWM (its own memory map's peak) is reported as a cross-check.
    start = time.perf_counter()
    out = subprocess.run(
        ["/bin/sh", "-c", '"$0" -c "$1" "$2" "$3"; exit $?']
        + [sys.executable, MEMORY_CHILD, str(ROOT), str(SEED)],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        fail(f"memory_1000x1000_game: the child failed:\n{out.stderr}")
    child = json.loads(out.stdout)
    mb = (child["peak_kb"] - child["base_kb"]) / 1024
    hwm_mb = (child["peak_hwm_kb"] - child["base_hwm_kb"]) / 1024
    line = {
        "name": "memory_1000x1000_game",
        "mb": round(mb, 1),
        "runs": 1,
        "goal_mb": 100,
        "pass": mb <= 100,
        "baseline_mb": round(child["base_kb"] / 1024, 1),
        "peak_mb": round(child["peak_kb"] / 1024, 1),
        "vmhwm_mb": round(hwm_mb, 1),
        "mines": 50_000,
        "start": child["start"],
        "cells_opened": child["cells_opened"],
        "runs_returned": child["runs_returned"],
        "child_s": round(time.perf_counter() - start, 2),
    }
    if abs(hwm_mb - mb) > 2:
        line["warning"] = "ru_maxrss and VmHWM disagree by over 2 MB"
    print(json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs per figure")
    args = parser.parse_args()
    quick = args.quick
    began = time.perf_counter()

    memory_figure()

    empty = Board(empty_layout(200, 200), (100, 100), 200 * 200)
    mined_layout = random_layout(200, 200, 2000, random.Random(SEED))
    start, size = largest_opening(number_grid(mined_layout))
    mined = Board(mined_layout, start, size)
    huge = Board(empty_layout(1000, 1000), (500, 500), 1000 * 1000)

    check_same_cells("reveal_200x200_empty", empty)
    check_same_cells("reveal_200x200_5pct_largest_opening", mined)

    runs_200 = 7 if quick else 31
    naive_runs_200 = 3 if quick else 9
    e_empty = engine_figure("reveal_200x200_empty", empty, runs_200, 16)
    e_mined = engine_figure("reveal_200x200_5pct_largest_opening", mined, runs_200, 16)
    e_huge = engine_figure("reveal_1000x1000_empty", huge, 3 if quick else 9, 250)
    first_click_figure(40 if quick else 200)
    bbbv_figures(7 if quick else 31)

    n_empty = naive_figure("naive_bfs_200x200_empty", empty, naive_runs_200, e_empty)
    naive_figure("naive_bfs_200x200_5pct_largest_opening", mined, naive_runs_200, e_mined)
    # The naive fill's time grows with the cells opened: 25x the 200x200 board's.
    estimate_ms = n_empty * huge.expected / empty.expected
    wanted = 1 if quick else 3
    runs = min(wanted, int(NAIVE_BUDGET_S * 1000 // estimate_ms))
    if runs < 1:
        line = {
            "name": "naive_bfs_1000x1000_empty",
            "skipped": True,
            "reason": f"about {estimate_ms:.0f} ms a run, over the {NAIVE_BUDGET_S:.0f} s budget",
            "estimated_ms": round(estimate_ms),
        }
        print(json.dumps(line), flush=True)
    else:
        naive_figure("naive_bfs_1000x1000_empty", huge, runs, e_huge)

    print(f"bench_engine: done in {time.perf_counter() - began:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
