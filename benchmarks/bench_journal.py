"""What journaling the game in play costs on the loop thread, early and at the move cap.

Run from the repo root: `python benchmarks/bench_journal.py`; one JSON line a figure. Each
event (a press, a release, a move) is one line appended and handed to the OS on the thread
that plays the move, before the frame that shows it; the figures say that costs the same at
move 10 as at move 160,000 (MAX_MOVES), and what undo and reading back cost at the cap.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import Game, Move, MoveKind  # noqa: E402
from game.session import ManualClock, Session  # noqa: E402
from game.store.history import History  # noqa: E402
from game.store.replays import MAX_MOVES, load_replay  # noqa: E402

SAMPLES = 400
MARKS = (10, 1_000, MAX_MOVES)


def cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def figure(name: str, samples_ms: list[float], **extra) -> None:
    ordered = sorted(samples_ms)
    print(
        json.dumps(
            {
                "name": name,
                "median_ms": round(statistics.median(ordered), 4),
                "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 4),
                "max_ms": round(ordered[-1], 4),
                "samples": len(ordered),
                **extra,
            }
        ),
        flush=True,
    )


def main() -> int:
    print(json.dumps({"name": "machine", "cpu": cpu(), "cores": os.cpu_count()}), flush=True)
    with tempfile.TemporaryDirectory() as folder:
        clock = ManualClock()
        s = Session(History(kept=Path(folder) / "kept"), "window", clock=clock)
        s.start(Game(200, 200, 8000, seed=3))
        s.play(Move(MoveKind.OPEN, 100, 100))
        g = s.game
        covered = [(r, c) for r in range(200) for c in range(200) if g.cell(r, c) == "#"]
        rng = random.Random(1)
        perf = time.perf_counter
        for mark in MARKS:
            while len(g.moves) < mark:
                clock.ms += 1
                s.play(Move(MoveKind.FLAG, *rng.choice(covered)))
            line_ms, move_ms = [], []
            for _ in range(SAMPLES):  # presses and releases: lines, and no move
                cell = rng.choice(covered)
                clock.ms += 1
                began = perf()
                s.note("press", button="right", cell=cell)
                line_ms.append((perf() - began) * 1000)
            figure(
                "keep one event (a journal line) on the loop thread",
                line_ms,
                moves=len(g.moves),
                journal_bytes=s.journal.size,
            )
            for _ in range(SAMPLES // 8):
                clock.ms += 1
                began = perf()
                s.play(Move(MoveKind.FLAG, *rng.choice(covered)))  # the engine's move and line
                move_ms.append((perf() - began) * 1000)
            figure(
                "a flag move with its journal line, on the loop thread", move_ms, moves_from=mark
            )
        while len(g.moves) < MAX_MOVES:
            clock.ms += 1
            s.play(Move(MoveKind.FLAG, *rng.choice(covered)))
        undo_ms = []
        for _ in range(40):
            began = perf()
            s.undo()
            undo_ms.append((perf() - began) * 1000)
            s.redo()
        figure(
            "undo at the move cap (with its journal line)",
            undo_ms,
            moves=len(g.moves),
            checkpoint_every=g.checkpoint_every,
        )
        path = s.journal.path
        size = path.stat().st_size
        began = perf()
        replay = load_replay(path)
        read_ms = (perf() - began) * 1000
        print(
            json.dumps(
                {
                    "name": "read back a journal at the move cap (off the frame)",
                    "ms": round(read_ms, 1),
                    "moves": len(replay.moves),
                    "events": len(replay.events),
                    "bytes": size,
                }
            ),
            flush=True,
        )
        s.keep()
    return 0


if __name__ == "__main__":
    sys.exit(main())
