"""Kill the real window loop within 50 ms after a move is drawn, many times over, and count the
runs whose kept game holds that move (issue: every click on disk before it is shown).

Each run starts a copy of the game's window (SDL's dummy video driver unless --x11, with its
own fresh data folder), plays one to five clicks on a seeded Beginner or Expert board through
the real event loop, says "drawn" once the frame that shows the last move has been put on the
screen, and waits. This script then kills it with SIGKILL after a random 0-50 ms and reads the
kept game back. Prints one JSON line per run with --verbose, and a summary line:

    python tools/kill_after_move.py --runs 100
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's game package, not an installed copy

CHILD = """
import os, random, sys, time
import pygame
from game.engine import Difficulty, GameState
from game.engine.boards import BoardChoice
from game.measure import measure_elsewhere
from game.store.history import History
from game.store.settings import Settings
from game.store.stats import Stats
from game.ui.theme import load_library
from game.ui.window import App

seed, clicks, expert = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
rng = random.Random(seed)
pygame.display.init()
board = BoardChoice.standard(Difficulty.EXPERT if expert else Difficulty.BEGINNER)
app = App(board, Settings(motion=False, volume="off"), load_library(), seed=seed, scale=1,
          history=History.on_disk(Stats(), background=True, measure=measure_elsewhere))
app.ctx.aids.chores.wait(10)
app.step()
play = app.play
g = play.game
for _ in range(clicks):
    covered = [(r, c) for r in range(g.rows) for c in range(g.cols)
               if g.cell(r, c) == "#" and (r, c) in app.visible_cells()]
    if not covered or g.state.is_over:
        break
    cell = rng.choice(covered)
    lay = app.ctx.frame.layout
    box = lay.cell_rect(*cell, play.view.top, play.view.left)
    pos = (lay.origin_x + box.x + box.w // 2,
           lay.origin_y + box.y + box.h // 2)
    button = 3 if rng.random() < 0.3 and g.moves else 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))
    app.step()  # events, update, draw and present: the move is on the screen
print("drawn", json.dumps([len(g.moves), g.moves[-1].kind.value if g.moves else None,
                            list(g.moves[-1][1:3]) if g.moves else None]), flush=True)
time.sleep(30)
""".replace("import os, random", "import json, os, random")


def visible_cells_patch() -> str:
    """The window's cells in view, for the child (no such method on App: computed here)."""
    return """
def _visible(app):
    lay, play = app.ctx.frame.layout, app.play
    return {(r, c) for r in range(play.view.top, play.view.top + lay.view_rows)
            for c in range(play.view.left, play.view.left + lay.view_cols)}
App.visible_cells = _visible
"""


def one_run(k: int, rng: random.Random, x11: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="pixel-mines-kill-") as home:
        env = {key: v for key, v in os.environ.items() if not key.startswith("XDG_")}
        env.update(
            XDG_DATA_HOME=f"{home}/data",
            XDG_CONFIG_HOME=f"{home}/config",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        if not x11:
            env["SDL_VIDEODRIVER"] = "dummy"
        code = CHILD.replace(
            "pygame.display.init()", visible_cells_patch() + "pygame.display.init()"
        )
        seed, clicks, expert = rng.randrange(2**32), rng.randint(1, 5), rng.random() < 0.5
        child = subprocess.Popen(
            [sys.executable, "-c", code, str(seed), str(clicks), "1" if expert else "0"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = child.stdout.readline()
        drawn_at = time.monotonic()
        wait_ms = rng.uniform(0, 50)
        time.sleep(wait_ms / 1000)
        child.send_signal(signal.SIGKILL)
        child.wait()
        killed_after_ms = (time.monotonic() - drawn_at) * 1000
        if not line.startswith("drawn "):
            return {"run": k, "error": child.stderr.read()[-500:]}
        moves, kind, cell = json.loads(line.split(" ", 1)[1])
        from game.store.replays import ReplayError, load_replay

        kept_dir = Path(home) / "data" / "pixel-mines" / "kept"
        found = sorted(kept_dir.glob("*.jsonl")) if kept_dir.exists() else []
        kept_moves, last = 0, None
        try:
            if found:
                replay = load_replay(found[0])
                kept_moves = len(replay.moves)
                if replay.moves:
                    m = replay.moves[-1]
                    last = [m.kind.value, [m.row, m.col]]
        except ReplayError as e:
            return {"run": k, "error": str(e)}
        ok = kept_moves == moves and (moves == 0 or last == [kind, cell])
        return {
            "run": k,
            "seed": seed,
            "clicks": clicks,
            "expert": expert,
            "moves": moves,
            "kept_moves": kept_moves,
            "killed_after_ms": round(killed_after_ms, 1),
            "kept": ok,
        }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--x11", action="store_true", help="a real window on $DISPLAY")
    p.add_argument("--verbose", action="store_true", help="a line per run")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    results = []
    for k in range(1, args.runs + 1):
        result = one_run(k, rng, args.x11)
        results.append(result)
        if args.verbose or "error" in result:
            print(json.dumps(result), flush=True)
    kept = sum(1 for r in results if r.get("kept"))
    after = sorted(r["killed_after_ms"] for r in results if "killed_after_ms" in r)
    print(
        json.dumps(
            {
                "name": "kill_after_move",
                "runs": len(results),
                "kept": kept,
                "lost": len(results) - kept,
                "killed_after_ms_max": after[-1] if after else None,
                "killed_after_ms_median": after[len(after) // 2] if after else None,
            }
        ),
        flush=True,
    )
    return 0 if kept == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
