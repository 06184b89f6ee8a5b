"""Our 3BV and ZiNi against ms-toollib's on the boards tests/engine/test_ms_toollib.py checks
(the same seeds), and the cost of ZiNi and of a game's measures.

Run from the repo root: `python benchmarks/bench_measures.py`; one JSON line a board size, then
one for the measures of a played game. Needs ms-toollib (`pip install -r requirements-test.txt`);
docs/RULES.md, "Measures of a board", quotes the figures.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import ms_toollib  # noqa: E402

from game.engine import Difficulty, Game, Move, MoveKind  # noqa: E402
from game.engine.game_measures import measures_of  # noqa: E402
from game.engine.measures import openings  # noqa: E402
from game.engine.solver import hint  # noqa: E402
from game.engine.zini import zini  # noqa: E402
from tests.engine.test_ms_toollib import as_ms_toollib, standard_boards  # noqa: E402


def compare(difficulty: Difficulty) -> dict:
    same_bbbv = 0
    relative = []  # (ours - theirs) / theirs, per board
    absolute = []
    times = []
    for field in standard_boards(difficulty):
        board = as_ms_toollib(field)
        same_bbbv += openings(field).bbbv == ms_toollib.cal_bbbv(board)
        start = time.perf_counter()
        ours = zini(field)
        times.append(time.perf_counter() - start)
        theirs = ms_toollib.cal_zini(board)
        absolute.append(ours - theirs)
        relative.append((ours - theirs) / theirs)
    return {
        "figure": f"zini_vs_ms_toollib_{difficulty.name.lower()}",
        "boards": len(relative),
        "bbbv_equal": same_bbbv,
        "zini_equal": sum(d == 0 for d in absolute),
        "zini_mean_difference": round(statistics.mean(absolute), 3),
        "zini_mean_abs_difference_pct": round(100 * statistics.mean(map(abs, relative)), 2),
        "zini_max_above_pct": round(100 * max(relative), 2),
        "zini_max_below_pct": round(max(0.0, -100 * min(relative)), 2),
        "zini_max_abs_difference": max(map(abs, absolute)),
        "our_zini_median_ms": round(1000 * statistics.median(times), 3),
    }


def played_game() -> dict:
    """An Expert game played by the hints to its end, and the cost of its measures."""
    game = Game.from_difficulty(Difficulty.EXPERT, seed=7)
    events: list[dict] = []
    t = 0
    cell = (8, 15)
    while not game.state.is_over:
        game.play(Move(MoveKind.OPEN, *cell))
        t += 700
        events += [
            {"t": t, "e": "press", "b": "left", "cell": list(cell)},
            {"t": t, "e": "release", "b": "left", "cell": list(cell)},
            {"t": t, "e": "move", "kind": "open", "cell": list(cell), "did": "opened"},
        ]
        if not game.state.is_over:
            cell = hint(game.view(), game.mines).cell
    start = time.perf_counter()
    m = measures_of(game.layout(), events, t)
    spent = time.perf_counter() - start
    return {
        "figure": "measures_of_expert_game",
        "state": game.state.value,
        "openings": len(game.moves),
        "guesses": m.guesses,
        "bbbv": m.bbbv,
        "zini": m.zini,
        "ms": round(1000 * spent, 1),
    }


def main() -> None:
    for difficulty in Difficulty:
        print(json.dumps(compare(difficulty)))
    print(json.dumps(played_game()))


if __name__ == "__main__":
    main()
