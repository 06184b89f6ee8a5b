"""Drawing speed of the window under the dummy video driver, against the goals of the UI.

Run from the repo root: `python benchmarks/bench_render.py [--quick]`; one JSON line a figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine import Difficulty, Game  # noqa: E402
from game.engine.boards import BoardChoice  # noqa: E402
from game.store.settings import Settings  # noqa: E402
from game.ui.render import Looks  # noqa: E402
from game.ui.theme import load_library  # noqa: E402
from game.ui.window import FPS, App  # noqa: E402


def emit(name: str, samples_ms: list[float], goal_ms: float | None = None, **extra) -> None:
    line = {
        "name": name,
        "median_ms": round(statistics.median(samples_ms), 3),
        "runs": len(samples_ms),
    }
    if goal_ms is not None:
        line["goal_ms"] = goal_ms
        line["pass"] = line["median_ms"] <= goal_ms
    line.update(extra)
    print(json.dumps(line), flush=True)


def make_app(board: BoardChoice, scale: int = 1) -> App:
    return App(board, Settings(), load_library(), seed=1, scale=scale)


def full_redraw_expert(runs: int) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    game = app.game
    game.reveal(8, 15)
    r = app.renderer
    canvas_only, with_present = [], []
    window = pygame.display.get_surface()
    for _ in range(runs):
        t = time.perf_counter()
        r.invalidate()
        r.draw_frame()
        r.draw_board(game, 0, 0, Looks())
        r.draw_toolbar(game.mines_remaining, "face_smile", 5)
        t1 = time.perf_counter()
        r.present(window)
        t2 = time.perf_counter()
        canvas_only.append((t1 - t) * 1000)
        with_present.append((t2 - t) * 1000)
    emit("full_redraw_expert_canvas", canvas_only, 2.0)
    emit("full_redraw_expert_with_scale2_present", with_present, None)


def theme_switch(runs: int) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    app.game.reveal(8, 15)
    app.step()
    keys = app.themes.names()
    samples = []
    for k in range(runs):
        t = time.perf_counter()
        app.set_theme(keys[(k + 1) % len(keys)])
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
    emit("theme_switch_expert_scale2_frame", samples, 16.0, themes=len(keys))


def largest_opening_start(layout: list[str], rows: int, cols: int) -> tuple[int, int]:
    best, start = -1, (0, 0)
    rng = random.Random(3)
    for _ in range(60):
        r, c = rng.randrange(rows), rng.randrange(cols)
        g = Game.from_layout(layout)
        if g.layout()[r][c] == "*":
            continue
        n = len(g.reveal(r, c))
        if n > best:
            best, start = n, (r, c)
    return start


def click_frame_200(runs: int) -> None:
    rng = random.Random(11)
    rows = cols = 200
    mines = set(rng.sample(range(rows * cols), rows * cols // 20))
    layout = [
        "".join("*" if r * cols + c in mines else "." for c in range(cols)) for r in range(rows)
    ]
    start = largest_opening_start(layout, rows, cols)
    samples, opened = [], 0
    for _ in range(runs):
        app = make_app(BoardChoice(rows, cols, len(mines)))
        app.play_game(Game.from_layout(layout))
        lay = app.layout
        app.top = max(0, min(start[0] - lay.view_rows // 2, rows - lay.view_rows))
        app.left = max(0, min(start[1] - lay.view_cols // 2, cols - lay.view_cols))
        app.renderer.invalidate()
        app.step()
        box = lay.cell_rect(*start, app.top, app.left)
        pos = (lay.origin_x + (box.x + 8) * lay.scale, lay.origin_y + (box.y + 8) * lay.scale)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        t = time.perf_counter()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
        opened = app.game.safe_opened
    emit(
        "frame_after_click_200x200_5pct", samples, 16.0, cells_opened=opened,
        view=[lay.view_rows, lay.view_cols], window=list(pygame.display.get_surface().get_size()),
    )  # fmt: skip


def idle(runs: int, seconds: float) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    app.step()
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
    emit("idle_frame", samples, 0.2)
    clock = pygame.time.Clock()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.step()
        clock.tick(FPS)
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    print(json.dumps({"name": "idle_cpu_percent_of_one_core", "percent": round(100 * cpu / wall, 2),
                      "seconds": round(wall, 1), "goal_percent": 2.0,
                      "pass": 100 * cpu / wall <= 2.0}), flush=True)  # fmt: skip


FIRST_FRAME = """
import os, sys, time
sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.app import main
import game.ui.window as w
def first_frame_then_stop(self):
    self.step()
    return 0
w.App.loop = first_frame_then_stop
main([])
"""


def start_to_first_frame(runs: int) -> None:
    samples = []
    code = FIRST_FRAME.format(root=str(ROOT))
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=ROOT)
        samples.append((time.perf_counter() - t) * 1000)
    emit("start_to_first_frame", samples, 1000.0, note="python start, imports, theme, first frame")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    args = parser.parse_args()
    pygame.display.init()
    runs = 5 if args.quick else 30
    full_redraw_expert(runs)
    theme_switch(runs)
    click_frame_200(3 if args.quick else 9)
    idle(runs * 10, 1.0 if args.quick else 3.0)
    start_to_first_frame(3 if args.quick else 7)
    pygame.quit()


if __name__ == "__main__":
    main()
