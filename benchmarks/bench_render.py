"""Drawing speed of the window, and the frames a player feels, against the goals of the UI.

Run from the repo root: `python benchmarks/bench_render.py [--quick]`; one JSON line a figure.
With DISPLAY set the window is real (the first line says which video driver ran); without it
SDL's dummy driver stands in, which measures the drawing but not the trip to the screen.
Figures a player feels are printed beside the same figure for a bare pygame-ce loop at the same
window size (`bare_*`, run in its own process) and their ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

from timing import cpu_name, say, stolen_percent, window_bench_env  # stdlib only: before pygame

REAL_WINDOW, _HOME = window_bench_env()

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine import Difficulty, Game  # noqa: E402
from game.engine.boards import BoardChoice  # noqa: E402
from game.measure import measure_elsewhere  # noqa: E402
from game.store.history import History  # noqa: E402
from game.store.settings import Settings  # noqa: E402
from game.store.stats import GameRecord, Stats  # noqa: E402
from game.store.writer import Writer  # noqa: E402
from game.ui.display import FRAMEBUFFER_HINT  # noqa: E402
from game.ui.pace import FPS, Collector, wake_at  # noqa: E402
from game.ui.render import Looks, Renderer  # noqa: E402
from game.ui.sound import BUFFER, FREQUENCY  # noqa: E402
from game.ui.theme import load_library  # noqa: E402
from game.ui.window import App  # noqa: E402

FRAME_MS = 1000 / 60
SIZES = {"528x642": (528, 642), "1600x1000": (1600, 1000), "fullscreen": None}


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
    say(line)


def spread(samples_ms: list[float]) -> dict:
    """Median, 95th percentile and worst of some frames, in ms."""
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(p95, 3),
        "worst_ms": round(ordered[-1], 3),
        "frames": len(ordered),
        "over_16_7_ms": sum(t > FRAME_MS for t in ordered),
    }


def beside(line: dict, key: str, bare: float) -> dict:
    """The bare loop's figure and the ratio ours / bare, next to `line[key]`."""
    line[f"bare_{key}"] = round(bare, 3)
    line[f"ratio_{key}"] = round(line[key] / bare, 2) if bare > 0 else None
    return line


def make_app(
    board: BoardChoice, scale: int = 1, *, history: History | None = None, motion: bool = True
) -> App:
    settings = Settings(motion=motion)
    app = App(board, settings, load_library(), seed=1, scale=scale, history=history)
    assert app.ctx.dialogs.dialog is None, "a dialog is open: nothing would reach the board"
    return app


def close(app: App) -> None:
    """Done with an app; nothing is kept for the next one to offer back."""
    app.ctx.aids.assistant.close()
    session = app.ctx.session
    if session.journal is not None:  # the game's journal goes: nothing to offer next time
        session.history.drop(session.journal)
        session.journal = None
    if app.ctx.frame.display.fullscreen:
        app.options.toggle_fullscreen()
    gc.collect()  # between figures, as the game's loop collects while it sleeps (pace.py)


def place(app: App, size: tuple[int, int] | None, scale: int | None = None) -> None:
    """The window at `size` (None: fullscreen), at `scale` if given (else the game's pick)."""
    if size is None:
        if not app.ctx.frame.display.fullscreen:
            app.options.toggle_fullscreen()
    else:
        app.ctx.frame.display.open(size)
        app.ctx.frame.resized(size)
    if scale is not None and scale != app.ctx.frame.scale:
        app.ctx.frame.scale = scale
        app.ctx.frame.relayout()
    app.ctx.drawn.invalidate()
    until_shown(app)


# ---- a bare pygame-ce loop, in its own process ---------------------------------------------

BARE = r"""
import json, os, statistics, sys, time
args = json.loads(sys.argv[1])
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.display.init()
if args["plain"] and pygame.display.get_driver() == "x11":
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the game asks
if args["size"] is None:
    window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
else:
    window = pygame.display.set_mode(args["size"], pygame.RESIZABLE)
window.fill((0, 128, 128))
pygame.display.flip()
out = {"window": list(window.get_size()), "rects": []}
for rect in args["rects"]:
    rect = pygame.Rect(rect).clip(window.get_rect())
    times = []
    for k in range(args["runs"] + 3):
        t = time.perf_counter()
        window.fill(((k * 37) % 256, 90, 60), rect)
        pygame.display.update([rect])
        times.append((time.perf_counter() - t) * 1000)
    out["rects"].append(statistics.median(times[3:]))
clock = pygame.time.Clock()
out["paced"] = []  # each rect again at the game's pace (60 a second): median and worst
for rect in args["rects"] if args["paced"] else ():
    rect = pygame.Rect(rect).clip(window.get_rect())
    times = []
    for k in range(args["paced"] + 3):
        clock.tick(60)
        t = time.perf_counter()
        window.fill(((k * 53) % 256, 60, 90), rect)
        pygame.display.update([rect])
        times.append((time.perf_counter() - t) * 1000)
    out["paced"].append([statistics.median(times[3:]), max(times[3:])])
def switches():
    with open("/proc/thread-self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("voluntary_ctxt_switches"))
cpu0, wall0, woke0 = time.process_time(), time.perf_counter(), switches()
while time.perf_counter() - wall0 < args["idle_s"]:
    pygame.event.get()
    clock.tick(60)
wall = time.perf_counter() - wall0
out["idle_percent"] = 100 * (time.process_time() - cpu0) / wall
out["idle_wakeups"] = (switches() - woke0) / wall if args["idle_s"] else 0
print(json.dumps(out))
"""

_bare_cache: dict = {}


def bare_loop(
    size: tuple[int, int] | None,
    rects: list,
    *,
    plain: bool = True,
    runs: int = 30,
    idle_s: float = 0.0,
    paced: int = 0,
) -> dict:
    """A bare pygame-ce window of `size` (None: fullscreen): the median cost of filling and
    sending each rect back to back, and its idle CPU. `plain`: the same SDL framebuffer the
    game asks for. `paced`: also that many frames of each rect at the game's pace, for their
    median and worst (`paced`: a [median, worst] a rect), what the same machine gives a loop
    that does nothing else at the moment a figure's worst was measured."""
    size = None if size is None else tuple(size)
    key = (size, tuple(map(tuple, rects)), plain, runs, idle_s, paced)
    if key not in _bare_cache:
        args = json.dumps(
            {
                "size": size,
                "rects": [list(r) for r in rects],
                "plain": plain,
                "runs": runs,
                "idle_s": idle_s,
                "paced": paced,
            }
        )
        env = {k: v for k, v in os.environ.items() if k != FRAMEBUFFER_HINT or not plain}
        done = subprocess.run(
            [sys.executable, "-c", BARE, args], check=True, env=env, capture_output=True, text=True
        )
        _bare_cache[key] = json.loads(done.stdout.strip().splitlines()[-1])
    return _bare_cache[key]


def window_rect(app: App, box) -> list[int]:
    b = app.ctx.frame.layout.window_box(box)
    return [b.x, b.y, b.w, b.h]


# ---- what was measured before --------------------------------------------------------------


def full_redraw_expert(runs: int) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    game = app.play.game
    game.reveal(8, 15)
    r = app.ctx.frame.renderer
    canvas_only, with_present = [], []
    for _ in range(runs):
        t = time.perf_counter()
        r.drawn.invalidate()
        r.draw_frame()
        r.draw_board(game, 0, 0, Looks())
        r.draw_toolbar(game.mines_remaining, "face_smile", 5)
        t1 = time.perf_counter()
        r.present(app.ctx.frame.display)
        t2 = time.perf_counter()
        canvas_only.append((t1 - t) * 1000)
        with_present.append((t2 - t) * 1000)
    emit("full_redraw_expert_canvas", canvas_only, 2.0)
    emit("full_redraw_expert_with_scale2_present", with_present, None)


def theme_switch(runs: int) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    app.play.game.reveal(8, 15)
    app.step()
    keys = app.ctx.aids.themes.names()
    samples = []
    for k in range(runs):
        t = time.perf_counter()
        app.options.set_theme(keys[(k + 1) % len(keys)])
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
    emit("theme_switch_expert_scale2_frame", samples, 16.0, themes=len(keys))


DIALOG_FRAME_MS = 4.0  # a dialog's open, close or hover frame (issue 13)


def timed_step(app: App, wall: list[float], cpu: list[float]) -> None:
    """One step of the loop: its wall time and the loop thread's CPU time, in ms (the CPU time
    leaves out waiting for the X server and for a core another process has)."""
    t, c = time.perf_counter(), time.thread_time()
    app.step()
    cpu.append((time.thread_time() - c) * 1000)
    wall.append((time.perf_counter() - t) * 1000)


def cpu_median(cpu: list[float]) -> dict:
    return {"cpu_median_ms": round(statistics.median(cpu), 3)}


def dialog_frames(runs: int) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    app.play.game.reveal(8, 15)
    app.step()
    opening, closing, cpu_open, cpu_close = [], [], [], []
    for _ in range(runs):
        for key, wall, cpu in (
            (pygame.K_F1, opening, cpu_open),
            (pygame.K_ESCAPE, closing, cpu_close),
        ):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0))
            timed_step(app, wall, cpu)
    emit("dialog_open_expert_scale2_frame", opening, DIALOG_FRAME_MS, **cpu_median(cpu_open))
    emit("dialog_close_expert_scale2_frame", closing, DIALOG_FRAME_MS, **cpu_median(cpu_close))
    # the mouse over the help's Close button and off it again: the panel alone is redrawn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0))
    app.step()
    box = app.ctx.frame.layout.window_box(app.ctx.dialogs.dialog.form.find("close").box)
    over, off = (box.x + 2, box.y + 2), (box.x + 2, box.y - 40)
    hovering, cpu_hover = [], []
    for k in range(runs * 2):
        pos = over if k % 2 == 0 else off
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        timed_step(app, hovering, cpu_hover)
    emit("dialog_hover_expert_scale2_frame", hovering, DIALOG_FRAME_MS, **cpu_median(cpu_hover))
    other_dialogs(runs)


def other_dialogs(runs: int) -> None:
    """The open frame of the Options and of the statistics (no games kept: its table, its
    words and its buttons), as the help's above; then of the statistics after a game: stored
    as the game stores it (by the writer's own connection: every page's figures may have
    changed), the loop running the frames it runs by itself before the next key (it wakes,
    then ticks while anything is due: `wake_at`), and, `_at_once`, stored by the loop's own
    connection in the frame before the key (no frame between: the page is laid out in the
    opening's)."""
    app = make_app(
        BoardChoice.standard(Difficulty.EXPERT),
        scale=2,
        history=History.on_disk(Stats(), background=True, measure=measure_elsewhere),
    )
    app.play.game.reveal(8, 15)
    app.step()
    stats = app.ctx.session.history.stats
    writers = Stats(stats.path)  # as the writer's thread has its own
    for name, key, char in (
        ("options", pygame.K_o, "o"),
        ("stats", pygame.K_s, "s"),
        ("stats_after_a_game", pygame.K_s, "s"),
        ("stats_after_a_game_at_once", pygame.K_s, "s"),
    ):
        wall, cpu, frames = [], [], []
        for n in range(runs):
            if name == "stats_after_a_game":  # the figures changed since the last opening
                writers.record(a_win(n))
                frames.append(run_while_due(app))
            elif name == "stats_after_a_game_at_once":
                stats.record(a_win(runs + n))
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0))
            timed_step(app, wall, cpu)
            assert app.ctx.dialogs.dialog is not None, f"{name}: no dialog opened"
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0)
            )
            app.step()
            run_while_due(app)  # as the loop does before it sleeps
        extra = {"frames_before_median": statistics.median(frames)} if frames else {}
        emit(
            f"dialog_open_{name}_expert_scale2_frame",
            wall,
            DIALOG_FRAME_MS,
            **cpu_median(cpu),
            **extra,
        )
    writers.close()
    close(app)


def run_while_due(app: App, most: int = 60) -> int:
    """The frames the game's loop runs by itself: the one it wakes in (input, or its look
    once a second), then one a tick while anything is due (game/ui/pace.py); how many."""
    for n in range(1, most + 1):
        app.step()
        now = app.ctx.aids.now()
        due = wake_at(app.ctx, app.layers(), now)
        if due is None or due > now:
            return n
    return most


def a_win(n: int) -> GameRecord:
    """A Beginner win to record, the nth (its own seed and time)."""
    return GameRecord(
        played_at=f"2026-11-{n % 28 + 1:02d}T12:00:00",
        kind="beginner",
        rows=9,
        cols=9,
        mines=10,
        seed=f"bench-{n}",
        safe_zone="opening",
        won=True,
        time_ms=9_000 + 97 * n,
        bbbv=20,
        clicks_left=20,
        clicks_right=2,
        clicks_chord=1,
        cleared=71,
        safe_cells=71,
        assisted=False,
        source="window",
    )


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


def layout_200(density: int = 20) -> list[str]:
    """200x200 with one mine in `density` cells (5%: big openings)."""
    rng = random.Random(11)
    rows = cols = 200
    mines = set(rng.sample(range(rows * cols), rows * cols // density))
    return [
        "".join("*" if r * cols + c in mines else "." for c in range(cols)) for r in range(rows)
    ]


def board_200(
    layout: list[str],
    start: tuple[int, int],
    size,
    scale: int | None = None,
    *,
    history: History | None = None,
) -> App:
    """A game on the 200x200 `layout` in a window at `size` (None: fullscreen), the view
    centred on `start` (where the largest opening is), nothing clicked yet, the window
    settled (the chore that reads the kept games at start done: a click before it ends is
    not played, which made the losing click's figure fail now and then)."""
    app = make_app(BoardChoice(200, 200, sum(line.count("*") for line in layout)), history=history)
    app.games.play_game(Game.from_layout(layout))
    place(app, size, scale)
    centre_on(app, start)
    until_settled(app)  # the kept games read at start (a click waits for them: not measured)
    return app


def centre_on(app: App, cell: tuple[int, int]) -> None:
    lay = app.ctx.frame.layout
    app.play.view.top = max(0, min(cell[0] - lay.view_rows // 2, lay.rows - lay.view_rows))
    app.play.view.left = max(0, min(cell[1] - lay.view_cols // 2, lay.cols - lay.view_cols))
    app.ctx.drawn.invalidate()
    until_shown(app)


def pixel_of(app: App, cell: tuple[int, int]) -> tuple[int, int]:
    lay = app.ctx.frame.layout
    box = lay.window_box(lay.cell_rect(*cell, app.play.view.top, app.play.view.left))
    return box.x + box.w // 2, box.y + box.h // 2


def click(app: App, cell: tuple[int, int], cpu: list[float] | None = None) -> float:
    """Press and release the left button on a cell; the ms of the release's frame (the loop
    thread's own CPU ms of the press's frame and of the release's go to `cpu` if given)."""
    pos = pixel_of(app, cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    c = time.thread_time()
    app.step()
    pressed = (time.thread_time() - c) * 1000
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    t, c = time.perf_counter(), time.thread_time()
    app.step()
    if cpu is not None:
        cpu += [pressed, (time.thread_time() - c) * 1000]
    return (time.perf_counter() - t) * 1000


def frames_after(app: App, frames: int, cpu: list[float] | None = None) -> list[float]:
    """The ms of each of the next `frames` frames, in real time (what turns over after a
    click); the loop thread's own CPU ms of each go to `cpu` if given."""
    clock = pygame.time.Clock()
    samples = []
    for _ in range(frames):
        clock.tick(FPS)
        t, c = time.perf_counter(), time.thread_time()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c) * 1000)
    return samples


def click_frame_200(runs: int) -> None:
    layout = layout_200()
    rows = cols = 200
    mines = sum(line.count("*") for line in layout)
    start = largest_opening_start(layout, rows, cols)
    samples, opened = [], 0
    for _ in range(runs):
        app = make_app(BoardChoice(rows, cols, mines))
        app.games.play_game(Game.from_layout(layout))
        centre_on(app, start)
        samples.append(click(app, start))
        until_settled(app)  # the opening comes from the worker process (not in the frame)
        opened = app.play.game.safe_opened
    lay = app.ctx.frame.layout
    emit(
        "frame_after_click_200x200_5pct",
        samples,
        16.0,
        cells_opened=opened,
        view=[lay.view_rows, lay.view_cols],
        window=list(app.ctx.frame.display.size),
    )


def idle(runs: int, seconds: float) -> None:
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    app.step()
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
    emit("idle_frame", samples, 0.2)
    close(app)


def run_queue_ms() -> float | None:
    """The ms this thread has waited on the kernel's run queue so far (runnable, no core
    given: the machine's load, or a process of ours at the same priority), None where the
    system does not say (Linux's schedstat)."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return None


def _switches(tid: int) -> int:
    """Voluntary context switches of one thread of this process so far (its wake-ups)."""
    with open(f"/proc/self/task/{tid}/status") as f:
        return next(
            int(line.split()[1]) for line in f if line.startswith("voluntary_ctxt_switches")
        )


def run_loop_measuring(app: App, seconds: float, *, posts: int = 0) -> dict:
    """The game's own loop (`App.loop`) for `seconds` on this thread while a helper thread
    watches it: the loop thread's wake-ups a second and the process's CPU, after a second to
    settle; then `posts` events posted while the loop waits, each timed to its frame."""
    import threading

    tid, out, drawn_at = threading.get_native_id(), {}, []
    real_draw = app.draw

    def draw() -> None:
        real_draw()
        drawn_at.append(time.perf_counter())

    app.draw = draw

    def watch() -> None:
        time.sleep(1.0)
        cpu0, wall0, woke0 = time.process_time(), time.perf_counter(), _switches(tid)
        time.sleep(seconds)
        wall = time.perf_counter() - wall0
        out["cpu_percent"] = 100 * (time.process_time() - cpu0) / wall
        out["wakeups_per_second"] = (_switches(tid) - woke0) / wall
        out["audio_device_let_go"] = app.ctx.aids.sounds.asleep  # SDL's audio thread gone
        latencies = []
        for k in range(posts):
            time.sleep(0.25)  # asleep again by now
            before = len(drawn_at)
            pos = (300 + k % 5, 300)
            t = time.perf_counter()
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
            )
            while len(drawn_at) == before and time.perf_counter() - t < 2:
                time.sleep(0.0005)
            latencies.append(((drawn_at[before] if len(drawn_at) > before else 2e9) - t) * 1000)
        out["latencies_ms"] = latencies
        app.games.running = False
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # wakes the loop to stop

    helper = threading.Thread(target=watch, daemon=True)
    helper.start()
    app.loop()
    helper.join()
    app.draw = real_draw
    app.games.running = True
    return out


def idle_loop(seconds: float) -> None:
    """The game waiting for input in its own loop, at the ready screen and in play with the
    clock running (issue 23), beside a bare 60 Hz pygame-ce loop of the same window."""
    app = make_app(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    size = app.ctx.frame.display.size
    bare = bare_loop(size, [], runs=0, idle_s=seconds)
    ready = run_loop_measuring(app, seconds, posts=20)
    cell = (8, 15)
    centre_on(app, cell)
    click(app, cell)
    assert app.ctx.session.running, "the clock must run"
    playing = run_loop_measuring(app, seconds)
    for where, got, goal_cpu in (("ready", ready, 1 / 3), ("in_play", playing, 1 / 2)):
        line = {
            "name": "idle_wakeups_per_second",
            "where": where,
            "wakeups_per_second": round(got["wakeups_per_second"], 2),
            "goal": 20,
            "seconds": seconds,
            "window": list(size),
        }
        beside(line, "wakeups_per_second", bare["idle_wakeups"])
        line["pass"] = line["wakeups_per_second"] <= 20
        say(line)
        line = {
            "name": "idle_cpu_percent_of_one_core",
            "where": where,
            "percent": round(got["cpu_percent"], 3),
            "goal_ratio": round(goal_cpu, 3),
            "seconds": seconds,
            "window": list(size),
            "audio_device_let_go": got["audio_device_let_go"],
        }
        beside(line, "percent", bare["idle_percent"])
        line["pass"] = line["ratio_percent"] is not None and line["ratio_percent"] <= goal_cpu
        say(line)
    worst = max(ready["latencies_ms"])
    say(
        {
            "name": "idle_input_latency_ms",
            "worst_ms": round(worst, 2),
            "median_ms": round(statistics.median(ready["latencies_ms"]), 2),
            "events": len(ready["latencies_ms"]),
            "goal_worst_ms": 50.0,
            "pass": worst <= 50.0,
        }
    )
    close(app)


FIRST_SOUND = """
import array, json, os, random, sys, threading, time
sys.path.insert(0, {root!r})
sys.path.insert(0, os.path.join({root!r}, "benchmarks"))
sys.argv = ["bench"]
import bench_render as b
import pygame
from game.ui.sound import QUIET_MS
pygame.display.init()
pygame.time.wait(1)
app = b.make_app(b.BoardChoice.standard(b.Difficulty.EXPERT), scale=2)
app.ctx.settings.volume = "normal"
opens, clicks, init = [], {{}}, pygame.mixer.init
def opening(*a):
    init(*a)
    opens.append((time.perf_counter(), os.environ["SDL_DISKAUDIOFILE"], pygame.mixer.get_init()))
pygame.mixer.init = opening
pos = b.pixel_of(app, (3, 3))
def flag(name, motion):  # a right click: the flag sound, or the unflag sound
    asleep = app.ctx.aids.sounds.asleep
    if motion:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                             buttons=(0, 0, 0)))
        time.sleep(random.uniform(0.08, 0.2))  # the pointer reaches the cell, then the click
    clicks[name] = (time.perf_counter(), asleep)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=3))
def script():
    quiet = QUIET_MS / 1000 + 1.5
    for k, (name, motion) in enumerate((("after_motion", True), ("open", False),
                                       ("click_alone", False))):
        os.environ["SDL_DISKAUDIOFILE"] = os.path.join({folder!r}, f"{{k}}.raw")
        time.sleep(quiet if name != "open" else 0.5)
        flag(name, motion)
    time.sleep(0.4)
    app.games.running = False
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
threading.Thread(target=script, daemon=True).start()
app.loop()
pygame.quit()
out = {{}}
for name, (clicked, asleep) in clicks.items():
    # the file of the last open before the sound (an open the click itself asked for is
    # a few ms after it)
    opened, path, (freq, _, channels) = [o for o in opens if o[0] < clicked + 0.2][-1]
    raw = array.array("h", open(path, "rb").read())
    start = max(0, int((clicked - opened) * freq) - freq // 20)  # from 50 ms before the click
    onset = next((k for k in range(start, len(raw) // channels)
                  if max(abs(s) for s in raw[k * channels:(k + 1) * channels]) > 200), None)
    late = None if onset is None else (opened + onset / freq - clicked) * 1000
    out[name] = {{"asleep_before": asleep, "late_ms": late}}
print(json.dumps(out))
"""


def idle_first_sound(runs: int) -> None:
    """How late the first sound is after the audio device was let go (issue 23), on SDL's
    file-writing driver in a process of its own: a sound's first loud sample is found in the
    file (which starts again at each open) and set against the click that asked for it; the
    same click with the device open beside it. Any sound waits up to one buffer (23.2 ms) for
    the next mix; the goal allows that and 5 ms for the driver's clock, which drifts from ours.
    A click alone opens the device in its own frame, after the open has mixed its first
    buffer (silence): it waits one buffer. The pointer's move before a click opens it sooner."""
    rows = {"after_motion": [], "click_alone": [], "open": []}
    asleep = {}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE="unset")
            code = FIRST_SOUND.format(root=str(ROOT), folder=folder)
            done = subprocess.run(
                [sys.executable, "-c", code],
                check=True,
                env=env,
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
        got = json.loads(done.stdout.strip().splitlines()[-1])
        for name, row in got.items():
            rows[name].append(row["late_ms"])
            asleep[name] = row["asleep_before"]
    for name, late in rows.items():
        heard = [x for x in late if x is not None]
        worst = max(heard) if len(heard) == len(late) else None
        line = {
            "name": "idle_first_sound_late_ms",
            "where": name,
            "device_let_go_before": asleep[name],
            "heard": f"{len(heard)}/{len(late)}",
            "median_ms": round(statistics.median(heard), 1) if heard else None,
            "worst_ms": None if worst is None else round(worst, 1),
            "runs": runs,
        }
        if name != "open":
            # any sound waits up to a buffer for the next mix (more is the driver's clock)
            goal = 1000 * BUFFER / FREQUENCY + 5.0
            line["goal_worst_ms"] = round(goal, 1)
            line["pass"] = worst is not None and worst <= goal
        say(line)


# ---- the frames a player feels -------------------------------------------------------------


def present_cost(runs: int) -> None:
    """Putting one changed tile, and the whole window, on screen: the display alone."""
    for label, size in SIZES.items():
        if label == "528x642":
            app = make_app(BoardChoice.standard(Difficulty.BEGINNER), scale=3)
            place(app, size, 3)
        else:
            app = make_app(BoardChoice(200, 200, 2000))
            place(app, size, 3)
        lay, r = app.ctx.frame.layout, app.ctx.frame.renderer
        cell = lay.cell_rect(
            app.play.view.top + lay.view_rows // 2,
            app.play.view.left + lay.view_cols // 2,
            app.play.view.top,
            app.play.view.left,
        )
        tile, whole = [], []
        for _ in range(runs):
            r.drawn.dirty.append(cell)
            t = time.perf_counter()
            r.present(app.ctx.frame.display)
            tile.append((time.perf_counter() - t) * 1000)
            r.drawn.invalidate()
            t = time.perf_counter()
            r.present(app.ctx.frame.display)
            whole.append((time.perf_counter() - t) * 1000)
        window = list(app.ctx.frame.display.size)
        rects = [window_rect(app, cell), [0, 0, *window]]
        bare = bare_loop(None if size is None else window, rects, runs=runs)
        sdl_default = bare_loop(None if size is None else window, rects, runs=runs, plain=False)
        for what, samples, k in (("tile", tile, 0), ("whole_window", whole, 1)):
            line = {
                "name": f"present_{what}_{label}",
                "window": window,
                "zoom": lay.zoom,
                "text": lay.text,
                "median_ms": round(statistics.median(samples), 3),
                "runs": runs,
            }
            beside(line, "median_ms", bare["rects"][k])
            line["goal_ratio"] = 1.5
            line["pass"] = line["ratio_median_ms"] <= 1.5
            line["bare_sdl_default_median_ms"] = round(sdl_default["rects"][k], 3)
            say(line)
        close(app)


def wheel_scroll_200(frames: int) -> None:
    """Wheel scrolling a 200x200 board at 1600x1000: down, right, up, left, one notch a frame."""
    layout = layout_200()
    start = largest_opening_start(layout, 200, 200)
    for scale in (1, 3):
        app = board_200(layout, start, SIZES["1600x1000"], scale)
        click(app, start)
        app.play.view.top = app.play.view.left = 60
        app.ctx.drawn.invalidate()
        until_shown(app)
        clock = pygame.time.Clock()
        notches = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        samples = []
        for k in range(frames):
            x, y = notches[k * 4 // frames]
            wheel = {"x": x, "y": y, "flipped": False, "precise_x": x, "precise_y": y}
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, **wheel))
            t = time.perf_counter()
            app.step()
            samples.append((time.perf_counter() - t) * 1000)
            clock.tick(FPS)
        bare = bare_loop(
            list(app.ctx.frame.display.size), [window_rect(app, app.ctx.frame.layout.board)]
        )
        lay = app.ctx.frame.layout
        line = {
            "name": f"wheel_scroll_200x200_1600x1000_scale{scale}",
            **spread(samples),
            "view": [lay.view_rows, lay.view_cols],
            "scroll_bars": [lay.vbar is not None, lay.hbar is not None],
            "goal_median_ms": 8.0,
            "goal_p95_ms": 16.0,
        }
        line["pass"] = line["median_ms"] <= 8.0 and line["p95_ms"] <= 16.0
        say(beside(line, "median_ms", bare["rects"][0]))
        close(app)


def map_frames_200(runs: int) -> None:
    """The frame that opens the map of a 200x200 board at 1600x1000 (Tab: the board veiled
    under it and the whole map drawn), and the frame that closes it (Esc: everything drawn
    again), each within a frame at 60 Hz."""
    layout = layout_200()
    start = largest_opening_start(layout, 200, 200)
    for scale in (1, 3):
        app = board_200(layout, start, SIZES["1600x1000"], scale)
        click(app, start)
        frames_after(app, 20)  # the cascade has turned over
        opening, closing = [], []
        for _ in range(runs):
            for key, samples in ((pygame.K_TAB, opening), (pygame.K_ESCAPE, closing)):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0))
                t = time.perf_counter()
                app.step()
                samples.append((time.perf_counter() - t) * 1000)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="", mod=0))
        app.step()
        cell_px = app.ctx.dialogs.dialog.geometry.cell_px
        for name, samples in (("open", opening), ("close", closing)):
            line = {
                "name": f"map_{name}_200x200_1600x1000_scale{scale}_frame",
                **spread(samples),
                "map_cell_px": cell_px,
                "goal_ms": round(FRAME_MS, 1),
            }
            line["pass"] = line["worst_ms"] <= FRAME_MS
            say(line)
        close(app)


def cascade_200(runs: int) -> None:
    """The frame of a click that opens the largest region of a 200x200 board, and the frames
    after it until the region has turned over (its opening worked out in the worker process
    first: the `10_frames_after` figure keeps its name), at 1600x1000, in real time; the click
    once as played (the game in progress kept on disk after the move) and once with nothing
    written."""
    layout = layout_200()
    start = largest_opening_start(layout, 200, 200)
    clicks: dict[str, list[float]] = {"click": [], "click_nothing_written": []}
    after, opened = [], 0
    for _ in range(runs):
        for name in clicks:
            history = (
                History.on_disk(Stats(), background=True, measure=measure_elsewhere)
                if name == "click"
                else History()
            )
            app = board_200(layout, start, SIZES["1600x1000"], history=history)
            clicks[name].append(click(app, start))
            settled = until_settled(app)  # the opening comes from the worker, then turns over
            if name == "click":
                after += settled
            opened = app.play.game.safe_opened
            close(app)
    bare = bare_loop(
        list(app.ctx.frame.display.size), [window_rect(app, app.ctx.frame.layout.board)]
    )
    for name, samples in (*clicks.items(), ("10_frames_after", after)):
        line = {
            "name": f"cascade_200x200_1600x1000_{name}",
            **spread(samples),
            "cells_opened": opened,
            "zoom": app.ctx.frame.layout.zoom,
            "goal_worst_ms": FRAME_MS,
        }
        line["pass"] = line["worst_ms"] <= FRAME_MS
        say(beside(line, "median_ms", bare["rects"][0]))


def losing_click_200(runs: int) -> None:
    """The click on a mine of a 200x200 board after a big opening, at 1600x1000, as played:
    the 3BV worked out on that frame (as the game does unless it is known), and the record
    and replay written to disk. Then with the 3BV known before the click, and then with
    nothing written either, so each part shows apart. After the click as played: the frames
    until the notice has its measures (the guesses: the solver, in the worker process) and
    the summary of the analysis, and how long they took to come (the notice opens the frame
    after the loss: GameEnd.ending). Beside the loop thread's CPU, its wait for a core in
    the two frames (Linux's schedstat): the wall time the machine's load took."""
    from game import worker as workers

    layout = layout_200()
    start = largest_opening_start(layout, 200, 200)
    variants = {
        "with_3bv": (False, True),
        "3bv_known": (True, True),
        "3bv_known_nothing_written": (True, False),
    }
    results: dict[str, list[float]] = {name: [] for name in variants}
    clicks_cpu: dict[str, list[float]] = {name: [] for name in variants}
    clicks_queued: dict[str, list[float]] = {name: [] for name in variants}
    after: list[float] = []
    after_cpu: list[float] = []
    answered: list[float] = []
    answered_ms: list[float] = []
    answered_cpu: list[float] = []
    worker_start(workers.shared(workers.MEASURES))  # as a big game does at its first click
    workers.shared(workers.ANALYSES).call(os.getpid)
    for _ in range(runs):
        for name, (known, on_disk) in variants.items():
            # as the window has it: the end of a game is written (and measured, in the worker)
            # by its writer; with nothing to write, the writer still has it measured
            history = (
                History.on_disk(Stats(), background=True, measure=measure_elsewhere)
                if on_disk
                else History(writer=Writer(), measure=measure_elsewhere)
            )
            app = board_200(layout, start, SIZES["1600x1000"], history=history)
            click(app, start)
            lay = app.ctx.frame.layout
            mine = next(
                (r, c)
                for r in range(app.play.view.top, app.play.view.top + lay.view_rows)
                for c in range(app.play.view.left, app.play.view.left + lay.view_cols)
                if layout[r][c] == "*"
            )
            until_settled(app)  # the opening comes from the worker, then turns over
            if known:
                app.play.game.bbbv  # noqa: B018  (worked out before the click)
            began, cpu, queued = time.perf_counter(), time.thread_time(), run_queue_ms()
            results[name].append(click(app, mine))  # the press's frame is in the CPU too
            clicks_cpu[name].append((time.thread_time() - cpu) * 1000)
            if queued is not None:  # the wall time the machine's load took from those frames
                clicks_queued[name].append(run_queue_ms() - queued)
            assert app.play.game.state.is_over
            if name == "with_3bv":
                after += frames_after(app, 10, after_cpu)
                frames, ms = frames_until_answered(app, began, answered_cpu)
                answered += frames
                answered_ms.append(ms)
            close(app)
    bare = bare_loop(
        list(app.ctx.frame.display.size), [window_rect(app, app.ctx.frame.layout.board)]
    )
    for name, samples in (
        *results.items(),
        ("10_frames_after", after),
        ("frames_until_answered", answered),
    ):
        line = {
            "name": f"losing_click_200x200_1600x1000_{name}",
            **spread(samples),
            "goal_worst_ms": FRAME_MS,
        }
        line["pass"] = line["worst_ms"] <= FRAME_MS
        if name in clicks_cpu:  # the loop thread's own CPU: the press's and the click's frames
            line["cpu_two_frames_median_ms"] = round(statistics.median(clicks_cpu[name]), 3)
            if clicks_queued[name]:
                line["run_queue_two_frames_worst_ms"] = round(max(clicks_queued[name]), 3)
        if name == "10_frames_after":
            line["cpu_worst_ms"] = round(max(after_cpu), 3)
            line["cpu_over_16_7_ms"] = sum(c > FRAME_MS for c in after_cpu)
        if name == "frames_until_answered":
            line["median_answer_ms"] = round(statistics.median(answered_ms), 1)
            line["worst_answer_ms"] = round(max(answered_ms), 1)
            line["cpu_worst_ms"] = round(max(answered_cpu), 3)
        say(beside(line, "median_ms", bare["rects"][0]))


def worker_start(worker) -> None:
    """Start the worker process (game/worker.py) from a thread, as the game does, while the
    loop ticks: the loop's worst frame meanwhile, and the ms until the worker answers."""
    import threading

    worker.close()  # a process of its own for this figure
    ticking, samples = threading.Event(), []
    began = time.perf_counter()
    worker.start_soon()
    while worker.pid is None or not ticking.is_set():
        t = time.perf_counter()
        pygame.event.pump()
        pygame.time.wait(1)
        samples.append((time.perf_counter() - t) * 1000)
        ticking.set()
    spawned = (time.perf_counter() - began) * 1000
    worker.call(os.getpid)
    say(
        {
            "name": "worker_start",
            "spawned_ms": round(spawned, 1),
            "first_answer_ms": round((time.perf_counter() - began) * 1000, 1),
            "loop_worst_ms_while_spawning": round(max(samples), 2),
        }
    )


def frames_until_answered(
    app: App, began: float, cpu: list[float], most: int = 3000
) -> tuple[list[float], float]:
    """The frames in real time after a game's end until its notice has the measures and the
    analysis's summary; those frames' ms and the ms from `began` until both were there. The
    loop thread's own CPU ms of each frame go to `cpu` (a loaded machine stretches the frames'
    ms, hardly these)."""
    clock, samples = pygame.time.Clock(), []
    notice = app.ctx.dialogs.dialog
    for _ in range(most):
        table = dict(notice.table)
        summary = notice.live_text or ""
        if table.get("Guesses", "...") != "..." and not summary.startswith("Looking"):
            break
        clock.tick(FPS)
        t, c = time.perf_counter(), time.thread_time()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    return samples, (time.perf_counter() - began) * 1000


# ---- work the size of the board, off the frame (issue 22) ----------------------------------


def until_settled(app: App, most: int = 600, cpu: list[float] | None = None) -> list[float]:
    """Frames in real time until no chore runs, no cascade turns, no frame waits for blocks
    laid ahead and no block of the view is left to warm (the loop sleeps then); the ms of
    each (the loop thread's own CPU ms of each go to `cpu` if given)."""
    clock, samples = pygame.time.Clock(), []
    for _ in range(most):
        drawn = app.ctx.drawn
        if not (app.ctx.aids.chores.working or drawn.animation or drawn.warm or drawn.held):
            break
        clock.tick(FPS)
        t, c = time.perf_counter(), time.thread_time()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
        if cpu is not None:
            cpu.append((time.thread_time() - c) * 1000)
    return samples


def workers_ready(most_s: float = 30.0) -> None:
    """Wait until the worker processes a big board starts (to lay it, measure and analyse
    its game) answer: a player looks at a new board a moment before the first click."""
    from game import worker as workers

    for role in (workers.BOARDS, workers.MEASURES, workers.ANALYSES):
        workers.shared(role).submit(os.getpid).wait(most_s)


def first_click_200(runs: int) -> None:
    """A first click on a fresh 200x200 board (5% mines) at 1600x1000, as played: the board
    laid, its 3BV and its opening worked out (a chore), the game kept on disk, and every frame
    from the click's release until the opening has turned over."""
    frames, waited, cpu = [], [], []
    for _ in range(runs):
        app = make_app(
            BoardChoice(200, 200, 2000),
            history=History.on_disk(Stats(), background=True, measure=measure_elsewhere),
        )
        place(app, SIZES["1600x1000"])
        until_settled(app)  # the kept game is read at start (a chore): the board waits for it
        workers_ready()  # started when the big board was shown, as a player's first look
        cell = (100, 100)
        centre_on(app, cell)
        release = click(app, cell, cpu)
        t = time.perf_counter()
        after = until_settled(app, cpu=cpu)
        waited.append((time.perf_counter() - t) * 1000)
        assert app.play.game.state.name == "PLAYING", app.play.game.state
        frames += [release, *after]
        close(app)
    bare = bare_loop(
        list(app.ctx.frame.display.size), [window_rect(app, app.ctx.frame.layout.board)]
    )
    line = {
        "name": "first_click_200x200_1600x1000",
        **spread(frames),
        "clicks": runs,
        "median_ms_click_to_settled": round(statistics.median(waited), 1),
        "goal_worst_ms": FRAME_MS,
        "aim_worst_ms": FRAME_MS / 2,
        "cpu_worst_ms": round(max(cpu), 3),
        "cpu_over_8_3_ms": sum(c > FRAME_MS / 2 for c in cpu),
    }
    line["pass"] = line["worst_ms"] <= FRAME_MS
    say(beside(line, "median_ms", bare["rects"][0]))


def opened_200(size, cpu: list[float] | None = None) -> App:
    """A 200x200 board at `size` (None: fullscreen) with its largest region opened, and the
    frames after it until the loop would sleep (the view's blocks warmed); the loop thread's
    CPU ms of each of those frames go to `cpu` if given."""
    layout = layout_200()
    start = largest_opening_start(layout, 200, 200)
    app = board_200(layout, start, size)
    click(app, start)
    until_settled(app, cpu=cpu)
    return app


def theme_switch_200(runs: int) -> None:
    """Switching themes on an opened 200x200 board at 1600x1000: every frame from the key
    until the new theme is drawn (its sheet and sounds made ready on a chore meanwhile)."""
    app = opened_200(SIZES["1600x1000"])
    keys = app.ctx.aids.themes.names()
    frames, switch_frames, cpu, switch_cpu, held, waits = [], [], [], [], [], []
    during: list[tuple[float, float]] = []  # (wall, CPU) of the frames the chore ran under
    clock = pygame.time.Clock()
    for _ in range(runs):
        want = keys[(keys.index(app.ctx.frame.theme.key) + 1) % len(keys)]
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, unicode="t", mod=0, scancode=0)
        )
        began, ticks_held = time.perf_counter(), 0
        for _ in range(120):
            t, c = time.perf_counter(), time.thread_time()
            app.step()
            frames.append((time.perf_counter() - t) * 1000)
            cpu.append((time.thread_time() - c) * 1000)
            if app.ctx.aids.chores.working:  # the chore (sheet and sounds) ran beside it
                during.append((frames[-1], cpu[-1]))
            ticks_held += bool(app.ctx.drawn.held)  # its blocks laid ahead, the old shown
            if app.ctx.frame.theme.key == want and not app.ctx.drawn.held:
                switch_frames.append(frames[-1])  # the frame that shows it (blits only)
                switch_cpu.append(cpu[-1])
                held.append(ticks_held)
                waits.append((time.perf_counter() - began) * 1000)
                break
            clock.tick(FPS)
        assert app.ctx.frame.theme.key == want
        until_settled(app)
    line = {
        "name": "theme_switch_200x200_1600x1000",
        **spread(frames),
        "switches": runs,
        "worst_switch_frame_ms": round(max(switch_frames), 3),
        **cpu_median(cpu),
        "cpu_worst_ms": round(max(cpu), 3),
        "worst_switch_frame_cpu_ms": round(max(switch_cpu), 3),
        "ticks_laying_ahead_most": max(held),
        "median_ms_key_to_shown": round(statistics.median(waits), 1),
        "worst_ms_key_to_shown": round(max(waits), 1),
        "frames_under_chore": len(during),
        "under_chore_worst_ms": round(max((w for w, _ in during), default=0.0), 3),
        "under_chore_worst_cpu_ms": round(max((c for _, c in during), default=0.0), 3),
        "goal_worst_ms": FRAME_MS,
        "aim_worst_ms": FRAME_MS / 2,
    }
    line["pass"] = line["worst_ms"] <= FRAME_MS
    bare = bare_loop(list(app.ctx.frame.display.size), [[0, 0, *app.ctx.frame.display.size]])
    say(beside(line, "median_ms", bare["rects"][0]))
    close(app)


FULL_REDRAW_MS = 8.0  # a full redraw and present (issue 22)


def full_redraw_200(runs: int) -> None:
    """A full redraw and present of an opened 200x200 board: after a dialog or an expose
    (the board's blocks kept) and with nothing kept (`every_row_anew`, the name kept from the
    row strips: a jump to where no block was kept lays every block in view anew). Beside each,
    the median of its parts: the present (the canvas to the window) and, within it, SDL's
    `display.update` (the trip to the screen); the rest is drawing the canvas. The first full
    redraw after the opening, which makes the blocks the opening changed, is timed apart
    (`first_after_opening`), then any redraws that still make blocks (`redraws_until_kept`
    counts them with the first that makes none); then the runs with the blocks kept, then
    those with none kept (each empties them). A redraw may take a few ticks before the frame
    that shows it (game/ui/render.py `lay_ahead`): with nothing kept its blocks are laid
    ahead over ticks, and a board this large has its blocks copied into the window's pixels
    in the tick before the frame that sends them. So each line's worst is of every tick, its
    parts those of the frames that showed the board, and the ticks before apart
    (`ahead_tick_*`)."""
    for label, size in (
        ("528x684", (528, 684)),
        ("1600x1000", SIZES["1600x1000"]),
        ("fullscreen", None),
    ):
        settling: list[float] = []  # the frames of the opening's cascade and of the warming
        app = opened_200(size, settling)
        clock, first, scrap = pygame.time.Clock(), Parts(), Parts()
        app.ctx.drawn.invalidate()
        redrawn(app, first, scrap, clock)
        first_worst = max(first.steps + scrap.steps)
        first_cpu = max(first.cpu + scrap.cpu)
        same, anew = Parts(), Parts()
        blocks, more, made = app.ctx.drawn.blocks, Parts(), -1
        while blocks.made > made:  # the redraws that make the blocks the first left
            made = blocks.made
            app.ctx.drawn.invalidate()
            redrawn(app, more, more, clock)
        ahead = {id(same): Parts(), id(anew): Parts()}
        ticks: dict[int, list[int]] = {id(same): [], id(anew): []}
        waits: dict[int, list[float]] = {id(same): [], id(anew): []}
        for parts in (same, anew):
            for _ in range(runs):
                if parts is anew:  # as after a jump to where no block was kept
                    app.ctx.drawn.blocks.kept.clear()
                app.ctx.drawn.invalidate()
                began = time.perf_counter()
                ticks[id(parts)].append(redrawn(app, parts, ahead[id(parts)], clock))
                waits[id(parts)].append((time.perf_counter() - began) * 1000)
        window = list(app.ctx.frame.display.size)
        bare = bare_loop(None if size is None else window, [[0, 0, *window]], runs=runs)
        for name, parts in (
            (f"full_redraw_200x200_{label}", same),
            (f"full_redraw_200x200_{label}_every_row_anew", anew),
        ):
            before = ahead[id(parts)]  # the ticks before the frame that showed the board
            line = {
                "name": name,
                **spread(parts.steps + before.steps),
                **parts.medians(),
                "window": window,
                "view": [app.ctx.frame.layout.view_rows, app.ctx.frame.layout.view_cols],
                "goal_worst_ms": FULL_REDRAW_MS,
            }
            line["cpu_worst_ms"] = round(max(parts.cpu + before.cpu), 3)
            if parts is same:
                line["first_after_opening_ms"] = round(first_worst, 3)
                line["first_after_opening_cpu_ms"] = round(first_cpu, 3)
                line["next_until_kept_worst_ms"] = round(max(more.steps), 3)
                line["redraws_until_kept"] = len(more.steps)
                # the cascade's frames and those warming the view's blocks after it (CPU)
                line["settling_frames"] = len(settling)
                line["settling_worst_cpu_ms"] = round(max(settling, default=0.0), 3)
            line["showing_frame_worst_ms"] = round(max(parts.steps), 3)
            line["ahead_tick_worst_ms"] = round(max(before.steps, default=0.0), 3)
            line["ahead_tick_cpu_worst_ms"] = round(max(before.cpu, default=0.0), 3)
            line["ticks_to_show_most"] = max(ticks[id(parts)])
            line["median_ms_to_show"] = round(statistics.median(waits[id(parts)]), 1)
            line["worst_ms_to_show"] = round(max(waits[id(parts)]), 1)
            line["pass"] = line["worst_ms"] <= FULL_REDRAW_MS
            line.update(worst_tick(parts, before))
            paced = bare_loop(
                None if size is None else window, [[0, 0, *window]], runs=runs, paced=line["frames"]
            )["paced"][0]
            line["bare_paced_median_ms"], line["bare_paced_worst_ms"] = map(round3, paced)
            say(beside(line, "median_ms", bare["rects"][0]))
        close(app)


def round3(ms: float) -> float:
    return round(ms, 3)


def worst_tick(*parts: Parts) -> dict:
    """The tick with the worst wall time: its loop thread's CPU and its `display.update` (a
    worst far above both waited: for the X server, or for a core the machine did not have)."""
    ticks = [tick for p in parts for tick in zip(p.steps, p.cpu, p.update, strict=True)]
    _, cpu, update = max(ticks)
    return {"worst_tick_cpu_ms": round(cpu, 3), "worst_tick_update_ms": round(update, 3)}


def redrawn(app: App, shown: Parts, before: Parts, clock) -> int:
    """Steps at the loop's pace until a frame shows the board (each step that waited for its
    board's blocks goes to `before`, the one that showed to `shown`); how many steps."""
    n = 0
    while n == 0 or app.ctx.drawn.held:
        if n:
            clock.tick(FPS)
        with shown.step():
            app.step()
        if app.ctx.drawn.held:  # a tick that laid or copied blocks and showed nothing
            before.take_last(shown)
        n += 1
    return n


def until_shown(app: App) -> None:
    """A step, and those after while its frame waits for the board's blocks (laid or copied
    ahead: game/ui/render.py `lay_ahead`): what a player sees before acting on it."""
    app.step()
    while app.ctx.drawn.held:
        app.step()


def zoom_200(runs: int) -> None:
    """A zoom out and back in (2x to 1x and 1x to 2x, the keys - and +) on an opened
    200x200 board at 1600x1000 and fullscreen, where the window keeps its size: every tick
    from the key until the new zoom shows (its blocks laid ahead, the last frame shown
    meanwhile), and how long that took."""
    for label, size in (("1600x1000", SIZES["1600x1000"]), ("fullscreen", None)):
        app = opened_200(size)
        place(app, size, 2)
        until_settled(app)
        frames, cpu, ticks, waits = [], [], [], []
        clock = pygame.time.Clock()
        for _ in range(runs):
            for step in (-1, 1):
                key, char = (pygame.K_KP_MINUS, "-") if step < 0 else (pygame.K_KP_PLUS, "+")
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0, scancode=0)
                )
                want, began, n = app.ctx.frame.scale + step, time.perf_counter(), 0
                while app.ctx.frame.scale != want or app.ctx.drawn.held:
                    if n:
                        clock.tick(FPS)
                    t, c = time.perf_counter(), time.thread_time()
                    app.step()
                    frames.append((time.perf_counter() - t) * 1000)
                    cpu.append((time.thread_time() - c) * 1000)
                    n += 1
                assert app.ctx.frame.scale == want, (app.ctx.frame.scale, want)
                ticks.append(n)
                waits.append((time.perf_counter() - began) * 1000)
                until_settled(app)
        window = list(app.ctx.frame.display.size)
        line = {
            "name": f"zoom_200x200_{label}",
            **spread(frames),
            "zooms": len(ticks),
            "window": window,
            "cpu_worst_ms": round(max(cpu), 3),
            "ticks_to_show_most": max(ticks),
            "median_ms_key_to_shown": round(statistics.median(waits), 1),
            "worst_ms_key_to_shown": round(max(waits), 1),
            "goal_worst_ms": FULL_REDRAW_MS,
        }
        line["pass"] = line["worst_ms"] <= FULL_REDRAW_MS
        line["worst_tick_cpu_ms"] = round(max(zip(frames, cpu, strict=True))[1], 3)
        bare = bare_loop(
            None if size is None else window, [[0, 0, *window]], runs=runs, paced=len(frames)
        )
        line["bare_paced_median_ms"], line["bare_paced_worst_ms"] = map(round3, bare["paced"][0])
        say(beside(line, "median_ms", bare["rects"][0]))
        close(app)


class Parts:
    """Steps timed whole and in parts: the renderer's present, and SDL's display.update."""

    def __init__(self) -> None:
        self.steps: list[float] = []
        self.cpu: list[float] = []  # the loop thread's own CPU ms (the rest: waiting, others)
        self.present: list[float] = []
        self.update: list[float] = []

    @contextlib.contextmanager
    def step(self):
        spent = {"present": 0.0, "update": 0.0}
        present, update = Renderer.present, pygame.display.update

        def timed(into, real):
            def run(*args, **kwargs):
                t = time.perf_counter()
                try:
                    return real(*args, **kwargs)
                finally:
                    spent[into] += (time.perf_counter() - t) * 1000

            return run

        Renderer.present = timed("present", present)
        pygame.display.update = timed("update", update)
        t, cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            self.steps.append((time.perf_counter() - t) * 1000)
            self.cpu.append((time.thread_time() - cpu) * 1000)
            Renderer.present, pygame.display.update = present, update
            self.present.append(spent["present"])
            self.update.append(spent["update"])

    def take_last(self, other: Parts) -> None:
        """The step `other` timed last is one of these."""
        for kind in ("steps", "cpu", "present", "update"):
            getattr(self, kind).append(getattr(other, kind).pop())

    def medians(self) -> dict:
        present, update = statistics.median(self.present), statistics.median(self.update)
        return {
            "drawing_median_ms": round(statistics.median(self.steps) - present, 3),
            "present_median_ms": round(present, 3),
            "update_median_ms": round(update, 3),
            "cpu_median_ms": round(statistics.median(self.cpu), 3),
            "cpu_worst_ms": round(max(self.cpu), 3),
        }


def first_hint_200(runs: int) -> None:
    """From the hint key to the hint shown on a 200x200 board just opened (a fresh start each
    time, in a process of its own: nothing of the solver made before), and the next hint; with
    the solver thread's CPU time for each (wall time on a shared machine waits for others)."""
    code = FIRST_HINT.format(root=str(ROOT))
    got = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT
        )
        got.append(json.loads(done.stdout.strip().splitlines()[-1]))
    first = [g["first"] for g in got]

    def median(key: str) -> float:
        return round(statistics.median(g[key] for g in got), 1)

    say(
        {
            "name": "first_hint_200x200_ms",
            "median_ms": median("first"),
            "worst_ms": round(max(first), 1),
            "next_hint_median_ms": median("next"),
            "solver_cpu_median_ms": median("first_cpu"),
            "next_solver_cpu_median_ms": median("next_cpu"),
            "runs": runs,
            "goal_ms": 100.0,
            "pass": max(first) <= 100.0,
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }
    )


FIRST_HINT = """
import json, os, sys, time
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, {root!r})
sys.path.insert(0, os.path.join({root!r}, "benchmarks"))
sys.argv = ["bench"]
import bench_render as b
import pygame
import game.ui.assist as assist
from game.engine import Move, MoveKind
cpu = []
work = assist._work
def timed_work(*args):  # the solver thread's CPU time of each answer
    began = time.thread_time()
    try:
        return work(*args)
    finally:
        cpu.append((time.thread_time() - began) * 1000)
assist._work = timed_work
pygame.display.init()
pygame.time.wait(1)
app = b.make_app(b.BoardChoice(200, 200, 2000))
b.place(app, b.SIZES["1600x1000"])
b.until_settled(app)
b.centre_on(app, (100, 100))
b.click(app, (100, 100))
b.until_settled(app)
clock = pygame.time.Clock()
for _ in range(30):  # half a second of play before the first hint
    clock.tick(b.FPS)
    app.step()
out = {{}}
for name in ("first", "next"):
    app.play.help.hint = None
    t = time.perf_counter()
    app.ctx.commands.do("hint")
    while app.play.help.hint is None and time.perf_counter() - t < 10:
        app.step()
        clock.tick(b.FPS * 4)
    out[name] = (time.perf_counter() - t) * 1000
    if name == "first":
        app.play.play(Move(MoveKind.OPEN, *app.play.help.hint.cell))
        b.until_settled(app)
b.close(app)
out["first_cpu"], out["next_cpu"] = cpu[-2:]
print(json.dumps(out))
"""


FIRST_FRAME = """
import sys, time
import pygame
sent = pygame.display.update
def first_frame_then_stop(*rects):
    sent(*rects)
    size = pygame.display.get_surface().get_size()
    print("presented", time.perf_counter(), *size, flush=True)
    raise SystemExit(0)  # out through the game's own ends, as the loop's return would be
pygame.display.update = first_frame_then_stop
sys.argv = ["main.py", *sys.argv[1:]]
with open("main.py", encoding="utf-8") as f:  # as `python main.py` runs it (runpy would load
    code = compile(f.read(), "main.py", "exec")  # pkgutil, which the game does not)
exec(code, {"__name__": "__main__", "__file__": "main.py"})
"""

BARE_FIRST_FRAME = """
import os, sys, time
import pygame
pygame.display.init()
if pygame.display.get_driver() == "x11":
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the game asks
window = pygame.display.set_mode([int(n) for n in sys.argv[1:3]] or (528, 642))
pygame.event.get()  # one step of a loop, as the game's first: events, draw, present
window.fill((0, 128, 128))
pygame.display.flip()
print("presented", time.perf_counter(), flush=True)
pygame.quit()
"""


def _started(script: str, env: dict, *args: str) -> tuple[float, float, list[int]]:
    """Milliseconds from starting `script` in a new Python to the first frame it presented
    (the time it prints, read on the same monotonic clock), and to its exit; the size of the
    window it opened."""
    t = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        check=True,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    ended = time.perf_counter()
    said = [line for line in done.stdout.splitlines() if line.startswith("presented ")]
    presented, *size = said[-1].split()[1:]
    return (float(presented) - t) * 1000, (ended - t) * 1000, [int(n) for n in size]


def start_to_first_frame_200x200(runs: int) -> None:
    """As `start_to_first_frame`, the game started on a 200x200 board with 2,000 mines
    (`main.py --rows 200 --cols 200 --mines 2000`), the bare window the size of the game's."""
    start_to_first_frame(runs, ["--rows", "200", "--cols", "200", "--mines", "2000"])


def workers_ended() -> None:
    """End this process's worker processes (the losses of the figures before leave measures
    and analyses of seconds running, on the cores the next figure's fresh processes need)."""
    from game import worker as workers

    for role in (workers.MEASURES, workers.ANALYSES, workers.BOARDS):
        workers.shared(role).close()


def start_to_first_frame(runs: int, argv: list[str] | None = None) -> None:
    """Python start to the first frame presented, the game beside a bare pygame-ce window,
    each run in turn. As installed, the game's bytecode is compiled (pip compiles it; here a
    throwaway cache made by a first run, since PYTHONDONTWRITEBYTECODE may be set); `cold_*`
    is the same start compiling every module, as from a fresh checkout.

    Both sides start as a player's would, in the same environment: the figures before this
    one leave SDL's framebuffer hint in this process's environment (the game's window sets
    it when it opens), which a new process would inherit, so it is taken out, and the bare
    window asks for the plain framebuffer itself, as the game does. Otherwise the bare side
    got SDL's accelerated framebuffer (a GL context: about twice as slow to open) when this
    figure ran alone and the plain one in a full run, and the ratio moved with it. Each side
    says when its first frame is on the screen; the time to its exit (closing the window,
    the game's threads, the interpreter's teardown) is printed beside (`*exit_median_ms`).
    The game starts as a player starts it, `python main.py`, and stops when its first frame
    is sent to the screen (the one `pygame.display.update` of its present)."""
    workers_ended()
    cache = tempfile.mkdtemp(prefix="pixel-mines-pycache-")
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", FRAMEBUFFER_HINT)
    }
    warm_env = {**env, "PYTHONPYCACHEPREFIX": cache}
    cold_env = {**env, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": cache + "-none"}
    code, argv = FIRST_FRAME, argv or []
    window = _started(code, warm_env, *argv)[2]
    size = [str(n) for n in window] if argv else []  # the default board's: 528x642 as before
    _started(BARE_FIRST_FRAME, warm_env, *size)
    samples, bare, cold = [], [], []
    for _ in range(runs):
        for script, into, env, args in (
            (code, samples, warm_env, argv),
            (BARE_FIRST_FRAME, bare, warm_env, size),
            (code, cold, cold_env, argv),
        ):
            into.append(_started(script, env, *args))
    median = lambda runs, k: round(statistics.median(r[k] for r in runs), 3)  # noqa: E731
    line = {
        "name": "start_to_first_frame" + ("_200x200" if argv else ""),
        "median_ms": median(samples, 0),
        "window": window,
        "runs": runs,
        "goal_ms": 500.0,
        "goal_ratio": 2.5,
        "note": "python start, imports (bytecode compiled), theme, first frame presented",
        "cold_median_ms": median(cold, 0),
        "exit_median_ms": median(samples, 1),
        "bare_exit_median_ms": median(bare, 1),
    }
    beside(line, "median_ms", median(bare, 0))
    line["pass"] = line["median_ms"] <= 500.0 and line["ratio_median_ms"] <= 2.5
    line["load_average"] = [round(x, 2) for x in os.getloadavg()]
    say(line)


# ---- the first time (issue 41): each in a process that has not done it before ------------

COLD_FRAMES = (
    "first_click_expert",
    "first_loss_200x200",
    "map_open_200x200",
    "first_hint_200x200",
    "first_click_200x200_max_mines",
)


@cache
def _pycache() -> str:
    return tempfile.mkdtemp(prefix="pixel-mines-pycache-")


def _cold_env() -> dict:
    """As a player's installed game starts: the bytecode compiled (pip compiles it; here a
    throwaway cache, made by the first run, since PYTHONDONTWRITEBYTECODE may be set) and no
    SDL framebuffer hint left from the figures before (the game sets its own)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", FRAMEBUFFER_HINT)
    }
    return {**env, "PYTHONPYCACHEPREFIX": _pycache()}


def cold_run(scenario: str) -> dict:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "cold.py"), scenario],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_cold_env(),
        timeout=300,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def cold_figures(runs: int) -> None:
    """The first click, loss, map, hint and the largest board's first click, each in `runs`
    fresh processes that start as `python main.py` does and do it once (benchmarks/cold.py):
    the worst frame of any run (`worst_ms`, goal 16.7), beside the same thing done again in
    that process (`warm_worst_ms`), and the worst frame of the half second before it, while
    the idle time's work runs (`before_worst_ms`, the game's first frame left out)."""
    workers_ended()
    cold_run("first_click_expert")  # compiles the bytecode into the cache: not measured
    for scenario in COLD_FRAMES:
        got = [cold_run(scenario) for _ in range(runs)]
        line = {
            "name": f"{scenario}_cold",
            "worst_ms": max(g["worst_ms"] for g in got),
            "median_ms": round(statistics.median(g["median_ms"] for g in got), 3),
            "runs": runs,
            "goal_worst_ms": round(FRAME_MS, 1),
            "warm_worst_ms": max(g["warm_worst_ms"] for g in got),
            "before_worst_ms": max(g["before_worst_ms"] for g in got),
            "cpu_worst_ms": max(g["cpu_worst_ms"] for g in got),
            "over_16_7_ms": sum(g["over_16_7_ms"] for g in got),
            "modules_loaded": sorted({m for g in got for m in g["modules_loaded"]}),
        }
        line["pass"] = line["worst_ms"] <= FRAME_MS
        line["load_average"] = [round(x, 2) for x in os.getloadavg()]
        say(line)
    got = [cold_run("rss_expert_after_a_loss") for _ in range(runs)]
    line = {
        "name": "rss_expert_after_a_loss_mb",
        "game_mb": max(g["game_mb"] for g in got),
        "workers_peak_mb": max(g["workers_peak_mb"] for g in got),
        "workers": max(g["workers"] for g in got),
        "runs": runs,
        "goal_workers_mb": 24,
        "note": "RSS of the workers together, sampled every 50 ms from the losing click "
        "until the notice has its measures and analysis",
    }
    line["pass"] = line["workers_peak_mb"] <= 24
    line["load_average"] = [round(x, 2) for x in os.getloadavg()]
    say(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--only", help="only the figures whose function names hold this")
    args = parser.parse_args()
    pygame.display.init()
    pygame.time.wait(1)  # get_ticks() stays 0 until SDL's timer starts; the game's loop ticks
    say({"name": "cpu", "model": cpu_name(), "cpus": os.cpu_count()})
    say(
        {
            "name": "setup",
            "video_driver": pygame.display.get_driver(),
            "real_window": REAL_WINDOW,
            "display": os.environ.get("DISPLAY"),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "cpus": os.cpu_count(),
        }
    )
    runs, q = 5 if args.quick else 30, args.quick
    figures = [
        (full_redraw_expert, runs),
        (theme_switch, runs),
        (dialog_frames, runs),
        (click_frame_200, 3 if q else 9),
        (idle, runs * 10, 1.0 if q else 3.0),
        *([(idle_loop, 3.0 if q else 10.0)] if REAL_WINDOW else []),  # dummy: SDL polls
        (idle_first_sound, 1 if q else 3),
        (present_cost, runs),
        (wheel_scroll_200, 40 if q else 120),
        (map_frames_200, 5 if q else 20),
        (cascade_200, 2 if q else 5),
        (losing_click_200, 2 if q else 5),
        (first_click_200, 2 if q else 5),
        (theme_switch_200, 4 if q else 12),
        (full_redraw_200, 5 if q else 30),
        (zoom_200, 2 if q else 6),
        (first_hint_200, 2 if q else 5),
        (start_to_first_frame, 3 if q else 7),
        (start_to_first_frame_200x200, 3 if q else 7),
        (cold_figures, 2 if q else 5),
    ]
    with Collector():  # the garbage collection the game's loop runs under (pace.py)
        for figure, *params in figures:
            if args.only is None or args.only in figure.__name__:
                stolen_percent()  # each line says what was stolen since its figure began
                figure(*params)
    say(
        {
            "name": "setup_after",
            "framebuffer_hint": os.environ.get(FRAMEBUFFER_HINT),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }
    )
    pygame.quit()


if __name__ == "__main__":
    main()
