"""The first time a player does something, in a process that has never done it (issue 41):
`python benchmarks/cold.py SCENARIO` starts the game as `python main.py ARGS` does, lets its
loop run as it runs for a player (frames, the idle time's work, its sleeps), and at the moment
a player could first act does the scenario's thing: a first click, a first loss, a first map,
a first hint. It prints one JSON line: the worst frame of the cold time (`worst_ms`), the
same thing done again in that process (`warm_worst_ms`), the frames before it
(`before_worst_ms`: the idle time's work must keep them in budget too), and the loop thread's
CPU. benchmarks/bench_render.py runs each in fresh processes and prints the figures.

A frame here is what a player waits on between two looks at the screen: the loop's `step`
(events, update, draw, present) and its `after_frame` work, not its rest.

Standard library only at the top: the game's modules load as the game loads them.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FRAME_MS = 1000 / 60
# The time from the first frame to a player's first act: seeing the board, aiming, pressing.
# A player whose pointer waits over the window clicks some 0.3-0.5 s after it shows.
FIRST_LOOK_S = 0.5
FRAMES_AFTER = 50  # after the thing: the frames a player watches it turn over
UNTIL_WARM = "PIXEL_MINES_COLD_UNTIL_WARM"  # set: the thing waits until the warming is done


class Loop:
    """The game's loop (game/ui/window.py `App.loop`), a turn at a time, timing each frame."""

    def __init__(self, app, collector) -> None:
        from game.ui.pace import Pace

        self.app = app
        self.pace = Pace(woke=app.ctx.aids.sounds.wake, collector=collector)
        self.cpu: list[float] = []

    def turn(self) -> float:
        app = self.app
        t, c = time.perf_counter(), time.thread_time()
        app.step()
        app.after_frame()
        ms = (time.perf_counter() - t) * 1000
        self.cpu.append((time.thread_time() - c) * 1000)
        now = app.ctx.aids.now()
        self.pace.rest(app.due(now), now)
        return ms

    def run_for(self, seconds: float) -> list[float]:
        end, frames = time.perf_counter() + seconds, []
        while time.perf_counter() < end:
            frames.append(self.turn())
        return frames

    def frames(self, n: int, most_s: float = 1.5) -> list[float]:
        """The next `n` frames, or those of `most_s` seconds: the loop sleeps (up to a second
        a turn) once nothing changes, and those turns are not frames a player waits on."""
        end, frames = time.perf_counter() + most_s, []
        while len(frames) < n and time.perf_counter() < end:
            frames.append(self.turn())
        return frames

    def until(self, done, most_s: float = 30.0) -> list[float]:
        end, frames = time.perf_counter() + most_s, []
        while not done() and time.perf_counter() < end:
            frames.append(self.turn())
        if not done():
            raise RuntimeError("the scenario's thing did not come")
        return frames

    def settled(self) -> bool:
        drawn, chores = self.app.ctx.drawn, self.app.ctx.aids.chores
        return not (chores.working or drawn.animation or drawn.warm or drawn.held)


def post(kind: int, **fields) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **fields))


def pixel_of(app, cell: tuple[int, int]) -> tuple[int, int]:
    lay, view = app.ctx.frame.layout, app.play.view
    box = lay.window_box(lay.cell_rect(*cell, view.top, view.left))
    return box.x + box.w // 2, box.y + box.h // 2


def click(loop: Loop, cell: tuple[int, int]) -> list[float]:
    """The pointer onto `cell`, pressed and released: the frames of the press and release."""
    import pygame

    pos = pixel_of(loop.app, cell)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    pressed = loop.turn()
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    return [pressed, loop.turn()]


def key(loop: Loop, k: int, typed: str = "") -> list[float]:
    import pygame

    post(pygame.KEYDOWN, key=k, mod=0, unicode=typed, scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode=typed, scancode=0)
    return [loop.turn()]


def in_view(app, wanted: str) -> tuple[int, int]:
    """A covered cell of the view whose layout letter is `wanted` ('*' a mine, '.' safe),
    nearest the view's middle."""
    lay, view, game = app.ctx.frame.layout, app.play.view, app.play.game
    layout = game.layout()
    mid = (view.top + lay.view_rows // 2, view.left + lay.view_cols // 2)
    cells = [
        (r, c)
        for r in range(view.top, min(game.rows, view.top + lay.view_rows))
        for c in range(view.left, min(game.cols, view.left + lay.view_cols))
        if layout[r][c] == wanted and game.cell(r, c) == "#"
    ]
    return min(cells, key=lambda rc: abs(rc[0] - mid[0]) + abs(rc[1] - mid[1]))


def middle(app) -> tuple[int, int]:
    lay, view = app.ctx.frame.layout, app.play.view
    return view.top + lay.view_rows // 2, view.left + lay.view_cols // 2


def new_game(loop: Loop) -> None:
    """F2, and yes to leaving the game in play if it asks."""
    import pygame

    key(loop, pygame.K_F2)
    if loop.app.ctx.dialogs.dialog is not None:
        key(loop, pygame.K_RETURN)
    loop.until(loop.settled)
    assert loop.app.ctx.dialogs.dialog is None and loop.app.play.game.state.name == "READY"


def first_click(loop: Loop) -> dict:
    """A first click on a board just shown, then the frames while it turns over."""
    frames = click(loop, middle(loop.app))
    frames += loop.frames(FRAMES_AFTER)
    assert loop.app.play.game.state.name in ("PLAYING", "WON"), loop.app.play.game.state
    return {"frames": frames}


def first_loss(loop: Loop) -> dict:
    """An opening, a moment, then a click on a mine, and the 50 frames after it (the notice,
    its measures and analysis coming from the worker)."""
    click(loop, middle(loop.app))
    loop.until(loop.settled)
    loop.run_for(FIRST_LOOK_S)
    frames = click(loop, in_view(loop.app, "*"))
    assert loop.app.play.game.state.is_over
    frames += loop.frames(FRAMES_AFTER)
    return {"frames": frames}


def map_open(loop: Loop) -> dict:
    """An opening, a moment, then the map (Tab), until it is shown; closed again after."""
    import pygame

    click(loop, middle(loop.app))
    loop.until(loop.settled)
    loop.run_for(FIRST_LOOK_S)
    frames = key(loop, pygame.K_TAB) + loop.frames(FRAMES_AFTER)
    key(loop, pygame.K_TAB)
    loop.until(loop.settled)
    return {"frames": frames}


def first_hint(loop: Loop) -> dict:
    """An opening, a moment, then a hint (H), until it is shown and FRAMES_AFTER more."""
    import pygame

    click(loop, middle(loop.app))
    loop.until(loop.settled)
    loop.run_for(FIRST_LOOK_S)
    help = loop.app.play.help
    help.hint = None
    frames = key(loop, pygame.K_h, "h")
    frames += loop.until(lambda: help.hint is not None)
    frames += loop.frames(FRAMES_AFTER)
    return {"frames": frames}


def rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # ended meanwhile
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+)", status)
    return int(found.group(1)) / 1024 if found else 0.0


def loss_memory(loop: Loop) -> dict:
    """A lost Expert game: the game's memory, and the workers' together, sampled every 50 ms
    from the losing click until the notice has the measures and the analysis's summary."""
    import threading

    from game import worker as workers

    click(loop, middle(loop.app))
    loop.until(loop.settled)
    peak, stop = [0.0], threading.Event()

    def sample() -> None:
        while not stop.wait(0.05):
            peak[0] = max(peak[0], sum(rss_mb(pid) for pid in workers.pids()))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    click(loop, in_view(loop.app, "*"))
    notice = loop.app.ctx.dialogs.dialog

    def answered() -> bool:
        summary = notice.live_text or ""
        return dict(notice.table).get("Guesses", "...") != "..." and not summary.startswith(
            "Looking"
        )

    loop.until(answered)
    loop.run_for(0.2)
    stop.set()
    sampler.join()
    return {
        "game_mb": round(rss_mb(os.getpid()), 1),
        "workers_peak_mb": round(peak[0], 1),
        "workers": len(workers.pids()),
    }


# name: (the game's arguments, the thing, whether it is done again warm)
SCENARIOS = {
    "first_click_expert": (["--difficulty", "expert"], first_click, True),
    "first_loss_200x200": (["--rows", "200", "--cols", "200", "--mines", "2000"], first_loss, True),
    "map_open_200x200": (["--rows", "200", "--cols", "200", "--mines", "2000"], map_open, True),
    "first_hint_200x200": (["--rows", "200", "--cols", "200", "--mines", "2000"], first_hint, True),
    "first_click_200x200_max_mines": (
        ["--rows", "200", "--cols", "200", "--mines", "39999"],
        first_click,
        True,
    ),
    "rss_expert_after_a_loss": (["--difficulty", "expert"], loss_memory, False),
}


def spread(frames: list[float]) -> dict:
    ordered = sorted(frames)
    return {
        "worst_ms": round(ordered[-1], 3),
        "median_ms": round(ordered[len(ordered) // 2], 3),
        "frames": len(ordered),
        "over_16_7_ms": sum(ms > FRAME_MS for ms in ordered),
    }


def scenario(name: str, app, collector) -> dict:
    args, thing, again = SCENARIOS[name]
    loop = Loop(app, collector)
    before = loop.run_for(FIRST_LOOK_S)[1:]  # the first frame is the start's (bench_render)
    if os.environ.get(UNTIL_WARM):  # (tests: a loaded machine may take longer to warm)
        before += loop.until(lambda: not app.warmer.due)
    out = {"before_worst_ms": round(max(before), 3), "first_look_s": FIRST_LOOK_S}
    cpu_from = len(loop.cpu)
    loaded = set(sys.modules)
    done = thing(loop)
    out["modules_loaded"] = sorted(set(sys.modules) - loaded)  # by the thing, cold
    frames = done.pop("frames", None)
    if frames is not None:
        out.update(spread(frames))
        out["cpu_worst_ms"] = round(max(loop.cpu[cpu_from:]), 3)
    out.update(done)
    if again:
        new_game(loop)
        loop.run_for(FIRST_LOOK_S)
        warm = thing(loop).get("frames")
        out["warm_worst_ms"] = round(max(warm), 3)
        out["warm_median_ms"] = spread(warm)["median_ms"]
    return out


def main() -> None:
    import tempfile

    name = sys.argv[1]
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="pixel-mines-cold-")  # a first start: nothing kept
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = os.path.join(home, var.lower())
    # a player's new session, not the first ever: How to play was shown at an earlier start
    config = Path(os.environ["XDG_CONFIG_HOME"], "pixel-mines")
    config.mkdir(parents=True)
    (config / "settings.json").write_text('{"shown_how_to_play": true}\n', encoding="utf-8")
    import game.ui.window as window

    said: dict = {}

    def loop(app, pace=None) -> int:
        from game.ui.pace import Collector, SwitchInterval

        with Collector() as collector, SwitchInterval():  # as the game's loop runs
            said.update(scenario(name, app, collector))
        return 0

    window.App.loop = loop
    from game.app import main as game_main

    args = [*SCENARIOS[name][0], "--seed", "5"]
    status = game_main(args)
    print(json.dumps({"scenario": name, "status": status, **said}), flush=True)


if __name__ == "__main__":
    main()
