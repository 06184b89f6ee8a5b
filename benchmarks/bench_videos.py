"""What watching and keeping videos costs (issue 40): a replay's size with the pointer's whole
path, the video player's seek, the live counters a frame, and reading a big replay to watch.

Run from the repo root: `python benchmarks/bench_videos.py [--quick]`; one JSON line a figure.
The games are played on the game's own `Session` and journal (game/session.py, docs/FORMATS.md
"Version 3") with a clock that moves only when told: a simulated hand moves the pointer in
curves from cell to cell (a bent line, slow at both ends, a slight tremor; the mouse reports
`rate_hz` points a second, only where they differ), presses and releases a button on each, and
the loop writes the path once a 16 ms frame. It plays as an efficient player does: a click on
each opening and on each number no opening reveals (the board's 3BV), in the nearest first
(Expert) or in bands of rows (200x200), a flag now and then on a mine near the next cell.

- `replay_size_per_minute`: an Expert game of some 60 s at 2.5 clicks a second, won; its
  replay under replays/ (gzip) and its journal, at 125 and 1000 points a second, and at 1000
  by a hand never still (`hand`: a point at every ms it rests too: the most the rate gives).
- `game_200x200`: the big game: 6,000 mines, won click by click (its figures, not a time).
- `seek_expert`, `seek_200x200`: the video player's seek (game/videos/seek.py) on the videos
  of those replays (Expert at 1000 Hz, the big game at 125 Hz), done as the player does it,
  one `work(STEP_MS)` slice a frame: the times are the slices' back to back (the frames between
  them left out), `frames_worst` the most slices a seek took, `slice_worst_ms` the longest
  slice. `cold`: the first seek of a fresh Seeker in a fresh process (imports and the video's
  reading done first); warm: a fresh Seeker in this process, then from the end to the start and
  from the start to random moments.
- `live_counters_per_frame`: `LiveCounters.counters` and `lines` as each frame of those games
  calls them, by what the frame brought: the first click (the counters' board is made then),
  nothing, pointer moves only, or a click.
- `video_load_200x200`: `load_for_watching` on the 200x200 replay (read, convert, the counters
  at every event) in fresh processes: their first call (cold), later calls in one (warm).

Seeks and counters run under the game loop's garbage collection (game/ui/pace.py `Collector`);
the loading runs in a worker process in the game, so under Python's own. The goals are the
issue's: at most 150 KB for the Expert minute, a seek settled in 50 ms of work on Expert and in
250 ms on 200x200, no slice over a frame (16.7 ms).
"""

from __future__ import annotations

import argparse
import atexit
import gc
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from timing import cpu_name, say, stolen_percent, window_bench_env  # stdlib only: before pygame

_HOME = window_bench_env()[1]  # live.py and the video scene import pygame: no window
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)  # the throwaway home goes

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import Game, Move, MoveKind  # noqa: E402
from game.session import ManualClock, Session  # noqa: E402
from game.store.history import History  # noqa: E402
from game.store.replays import load_replay  # noqa: E402
from game.ui.live import LiveCounters  # noqa: E402
from game.ui.live import lines as live_lines  # noqa: E402
from game.ui.pace import Collector  # noqa: E402
from game.ui.scenes.video import STEP_MS  # noqa: E402
from game.videos.files import load_for_watching  # noqa: E402
from game.videos.mouse import play  # noqa: E402
from game.videos.ours import video_of_replay  # noqa: E402
from game.videos.seek import Seeker  # noqa: E402

FRAME_MS = 16  # the loop writes the pointer's path once a frame
SLICE_GOAL_MS = 1000 / 60  # no slice of a seek longer than a frame
SIZE_GOAL_KB = 150  # a minute of Expert with its whole path
SEEK_GOAL_MS = {"expert": 50.0, "200x200": 250.0}
UNIT = 16  # board units a cell (docs/FORMATS.md)
CLICKS_A_SECOND = 2.5
EXPERT_SECONDS = 60
EXPERT_SEED = 47  # its 3BV is 131: 19 flags make up the 150 clicks
BIG = (200, 200, 6000)  # the big board: rows, columns, mines
QUICK_BIG_CLICKS = 150  # --quick: the big game is lost after this many clicks
NEAR = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def spread(samples_ms: list[float], places: int = 3) -> dict:
    """Median, 95th and 99th percentiles and worst of some times, in ms."""
    ordered = sorted(samples_ms)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))], places)

    return {
        "median_ms": round(statistics.median(ordered), places),
        "p95_ms": at(0.95),
        "p99_ms": at(0.99),
        "worst_ms": round(ordered[-1], places),
        "runs": len(ordered),
    }


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


# ---- the board as an efficient player sees it ------------------------------------------------


def around(r: int, c: int, rows: int, cols: int):
    for dr, dc in NEAR:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def needed_clicks(layout: list[str]) -> list[tuple[int, int]]:
    """The cells a player who knows the board clicks to win it: one cell of each opening
    (zeros touching, eight ways) and each number no opening reveals (its 3BV)."""
    rows, cols = len(layout), len(layout[0])
    safe = [[ch != "*" for ch in row] for row in layout]
    zero = [
        [safe[r][c] and all(safe[a][b] for a, b in around(r, c, rows, cols)) for c in range(cols)]
        for r in range(rows)
    ]
    seen = [[False] * cols for _ in range(rows)]
    cells = []
    for r in range(rows):
        for c in range(cols):
            if zero[r][c] and not seen[r][c]:
                cells.append((r, c))
                seen[r][c], todo = True, [(r, c)]
                while todo:  # the opening's zeros, so that it is clicked once
                    for a, b in around(*todo.pop(), rows, cols):
                        if zero[a][b] and not seen[a][b]:
                            seen[a][b] = True
                            todo.append((a, b))
            elif (
                safe[r][c]
                and not zero[r][c]
                and not any(zero[a][b] for a, b in around(r, c, rows, cols))
            ):
                cells.append((r, c))
    return cells


def nearest_first(cells: list, start: tuple[int, int]) -> list:
    """The cells in the order a player goes through them: the nearest next (a small board)."""
    left, order, at = list(cells), [], start
    while left:
        k = min(
            range(len(left)), key=lambda i: (left[i][0] - at[0]) ** 2 + (left[i][1] - at[1]) ** 2
        )
        at = left.pop(k)
        order.append(at)
    return order


def in_bands(cells: list, band: int = 8) -> list:
    """The cells in bands of `band` rows, left to right then back (a big board)."""

    def key(cell):
        b = cell[0] // band
        return b, cell[1] if b % 2 == 0 else -cell[1], cell[0]

    return sorted(cells, key=key)


# ---- a hand on the mouse and the loop that reads it ------------------------------------------


@dataclass
class Played:
    """A game played to its end on the session, with what the figures need of it."""

    board: str
    rate_hz: int
    replay: Path
    journal_bytes: int
    events: list[dict]
    frames: list[tuple[int, int]]  # at each frame's end: the journal's lines, the clock (ms)
    layout: list[str]
    bbbv: int
    elapsed_ms: int
    state: str
    clicks: int
    hand: str = "steady"
    build_s: float = 0.0
    points: int = field(init=False)

    def __post_init__(self) -> None:
        self.points = sum(len(e["p"]) // 2 for e in self.events if e["e"] == "path")


class Hand:
    """The player's mouse, `rate_hz` points a second on one grid of times, and the loop that
    reads it: a point or a button goes to the session in the frame after it came (the clock at
    that frame), and each frame ends with the path's write (`flush_pointer`)."""

    def __init__(
        self,
        session: Session,
        clock: ManualClock,
        rate_hz: int,
        rng: random.Random,
        never_still: bool = False,
    ):
        """`never_still`: the hand never rests, a unit's tremor at every point the mouse
        reports (the most points its rate can give, not a player's hand)."""
        self.s, self.clock, self.rng = session, clock, rng
        self.never_still = never_still
        self.period = 1000 // rate_hz
        self.base = clock.ms
        self.t = 0  # ms on the hand's own timeline
        self.frame_end = FRAME_MS
        self.x, self.y = -24.0, -40.0  # the pointer comes in from above the board's corner
        self.drift = [0, 0]  # a still hand's units off where it stopped
        self.phase = rng.uniform(0, 2 * math.pi)
        self.frames: list[tuple[int, int]] = []
        self.clicks = 0

    def _frames_before(self, t: int) -> None:
        while self.frame_end < t:
            self.clock.ms = self.base + self.frame_end
            self.s.flush_pointer()
            self.frames.append((len(self.s.events), self.s.elapsed_ms()))
            self.frame_end += FRAME_MS

    def _report(self, t: int, x: float, y: float) -> None:
        self._frames_before(t)
        self.s.pointer(round(x), round(y))

    def _samples(self, t0: int, t1: int) -> range:
        return range(-(-t0 // self.period) * self.period, t1, self.period)

    def move_to(self, tx: float, ty: float, ms: int) -> None:
        """A bent line to (tx, ty), slow at both ends (a minimum-jerk pace), with a tremor."""
        x0, y0, t0 = self.x, self.y, self.t
        bend = self.rng.uniform(-0.25, 0.25)
        cx, cy = (x0 + tx) / 2 - (ty - y0) * bend, (y0 + ty) / 2 + (tx - x0) * bend
        for t in self._samples(t0, t0 + ms):
            u = (t - t0) / ms
            s = u**3 * (10 - 15 * u + 6 * u * u)
            a, b, c = (1 - s) ** 2, 2 * s * (1 - s), s * s
            wobble = 2 * math.pi * 9 * t / 1000 + self.phase  # a hand's tremor, some 9 Hz
            x = a * x0 + b * cx + c * tx + 0.6 * math.sin(wobble)
            y = a * y0 + b * cy + c * ty + 0.6 * math.cos(wobble)
            self._report(t, x, y)
        self.x, self.y, self.t, self.drift = tx, ty, t0 + ms, [0, 0]

    def rest(self, ms: int) -> None:
        """Still, but for a unit's drift now and then (about every 100 ms); never still: a
        unit at every point the mouse reports, within 2 of where it stopped."""
        chance = 1.0 if self.never_still else min(1.0, 0.01 * self.period)
        for t in self._samples(self.t, self.t + ms):
            if self.rng.random() < chance:
                axis, step = self.rng.randrange(2), self.rng.choice((-1, 1))
                if abs(self.drift[axis] + step) > 2:
                    step = -step
                self.drift[axis] += step
                self._report(t, self.x + self.drift[0], self.y + self.drift[1])
        self.t += ms

    def _button(self, event: str, button: str, cell: tuple[int, int]) -> None:
        self._frames_before(self.t)
        self.clock.ms = self.base + self.frame_end
        at = (round(self.x + self.drift[0]), round(self.y + self.drift[1]))
        self.s.note(event, button=button, cell=cell, at=at)
        if (event == "press") == (button == "right"):  # a flag as it goes down, else up
            kind = MoveKind.FLAG if button == "right" else MoveKind.OPEN
            self.s.play(Move(kind, *cell))

    def click(self, cell: tuple[int, int], button: str, interval_ms: float) -> None:
        """To a place in `cell`, a moment there, press, hold, release; the next click begins
        `interval_ms` after this one did."""
        rng, start = self.rng, self.t
        tx = cell[1] * UNIT + rng.uniform(4, 12)
        ty = cell[0] * UNIT + rng.uniform(4, 12)
        far = math.hypot(tx - self.x, ty - self.y) / UNIT
        self.move_to(tx, ty, int(min(0.6 * interval_ms, 80 + 70 * math.log2(1 + far))))
        self.rest(int(rng.uniform(20, 60)))
        self._button("press", button, cell)
        self.rest(int(rng.uniform(50, 100)))
        self._button("release", button, cell)
        self.clicks += 1
        self.rest(max(0, int(start + interval_ms) - self.t))

    def end(self) -> None:
        """The frame after the last click."""
        self._frames_before(self.frame_end + 1)


def _unmeasured(fn, *args) -> None:
    """The game's measures at its end are the worker process's work in the game, not these
    figures': not made."""
    return None


def play_game(
    folder: Path,
    game: Game,
    rate_hz: int,
    rng: random.Random,
    clicks,
    never_still: bool = False,
) -> Played:
    """`game` played on a session to its end by a hand at `rate_hz` (`never_still`: see
    `Hand`), the clicks `clicks(game, rng)` gives (cell, button, ms to the next) as it is
    played."""
    began = time.perf_counter()
    (folder / "kept").mkdir(parents=True)
    clock = ManualClock()
    history = History(replays=folder / "replays", kept=folder / "kept", measure=_unmeasured)
    s = Session(history, "window", clock=clock)
    s.start(game)
    hand = Hand(s, clock, rate_hz, rng, never_still)
    for cell, button, interval in clicks(game, rng):
        if game.state.is_over:
            break
        hand.click(cell, button, interval)
    hand.end()
    board = "expert" if (game.rows, game.cols) == (16, 30) else f"{game.cols}x{game.rows}"
    played = Played(
        board,
        rate_hz,
        s.finished.replay if s.finished is not None else None,
        s.journal.size,
        list(s.events),
        hand.frames,
        game.layout(),
        game.bbbv,
        s.elapsed_ms(),
        game.state.value,
        hand.clicks,
    )
    s.keep()
    played.hand = "never_still" if never_still else "steady"
    played.build_s = round(time.perf_counter() - began, 2)
    return played


def with_flags(order: list, flags: int, game: Game, rng: random.Random, mean_ms: float):
    """The clicks on `order`'s cells, and before some of them a flag on a covered mine near
    the cell (about `flags` in all), each `mean_ms` apart on average."""
    layout = game.layout()
    for k, (r, c) in enumerate(order):
        if flags and rng.random() < flags / (len(order) - k):
            mines = [
                (a, b)
                for a in range(r - 2, r + 3)
                for b in range(c - 2, c + 3)
                if 0 <= a < game.rows and 0 <= b < game.cols
                if layout[a][b] == "*" and game.cell(a, b) == "#"
            ]
            if mines:
                flags -= 1
                yield rng.choice(mines), "right", mean_ms * rng.uniform(0.75, 1.25)
        if game.cell(r, c) == "#":
            yield (r, c), "left", mean_ms * rng.uniform(0.75, 1.25)


def expert_clicks(game: Game, rng: random.Random):
    """An Expert game won in some EXPERT_SECONDS at CLICKS_A_SECOND: its 3BV's clicks, the
    nearest first, and flags to make up the count."""
    mean = 1000 / CLICKS_A_SECOND
    first = (game.rows // 2, game.cols // 2)
    yield first, "left", mean
    todo = [cell for cell in needed_clicks(game.layout()) if game.cell(*cell) == "#"]
    flags = max(0, round(EXPERT_SECONDS * CLICKS_A_SECOND) - 1 - len(todo))
    mean = (EXPERT_SECONDS * 1000 - mean) / (len(todo) + flags)
    yield from with_flags(nearest_first(todo, first), flags, game, rng, mean)


def big_clicks(quick: bool):
    """A big board won click by click in bands of rows, a flag every tenth click or so; with
    `quick`, lost on a mine after QUICK_BIG_CLICKS clicks."""

    def clicks(game: Game, rng: random.Random):
        mean = 1000 / CLICKS_A_SECOND
        first = (game.rows // 2, game.cols // 2)
        yield first, "left", mean
        todo = [cell for cell in needed_clicks(game.layout()) if game.cell(*cell) == "#"]
        todo = in_bands(todo)[:QUICK_BIG_CLICKS] if quick else in_bands(todo)
        yield from with_flags(todo, len(todo) // 10, game, rng, mean)
        if quick:  # the end: a mine
            layout = game.layout()
            mine = next(
                (r, c)
                for r in range(game.rows)
                for c in range(game.cols)
                if layout[r][c] == "*" and game.cell(r, c) == "#"
            )
            yield mine, "left", mean

    return clicks


# ---- the figures -----------------------------------------------------------------------------


def size_line(g: Played) -> None:
    replay_kb = g.replay.stat().st_size / 1024
    say(
        {
            "name": "replay_size_per_minute",
            "rate_hz": g.rate_hz,
            "hand": g.hand,
            "replay_kb": round(replay_kb, 1),
            "journal_kb": round(g.journal_bytes / 1024, 1),
            "points": g.points,
            "journal_lines": len(g.events),
            "game_s": round(g.elapsed_ms / 1000, 1),
            "replay_kb_per_minute": round(replay_kb * 60_000 / g.elapsed_ms, 1),
            "clicks": g.clicks,
            "clicks_per_s": round(g.clicks * 1000 / g.elapsed_ms, 2),
            "bbbv": g.bbbv,
            "state": g.state,
            "goal_kb": SIZE_GOAL_KB,
            "meets_goal": replay_kb <= SIZE_GOAL_KB,
        }
    )


def watched(path: Path):
    """A replay as the player watches it: the video, its counters, a fresh Seeker."""
    video = video_of_replay(load_replay(path))
    played = play(video)
    return video, played, Seeker(video, played, lambda: Game.from_layout(video.layout))


def settle(seeker: Seeker, index: int) -> tuple[float, int, float, int, float]:
    """Seek to event `index` as the player does, a `work(STEP_MS)` slice a frame (run here
    back to back): the slices' time in all and how many, the longest, its actions and the
    time of its last action (ms; a checkpoint laid after it too; with no action, the restore
    of a checkpoint)."""
    perf = time.perf_counter
    seeker.seek(index)
    slices, longest, began = 0, (0.0, 0, 0.0), perf()
    done = False
    while not done:
        start = perf()
        done = seeker.work(STEP_MS)
        ms = (perf() - start) * 1000
        if ms > longest[0]:
            last = seeker.last
            longest = (ms, last.played, last.spent_ms - last.before_last_ms)
        slices += 1
    return ((perf() - began) * 1000, slices, *longest)


def seek_line(board: str, seek: str, cold: bool, runs: list, seeker: Seeker) -> None:
    """One kind of seek's figures: `runs` of `settle`'s answers."""
    totals = [r[0] for r in runs]
    worst = max(runs, key=lambda r: r[2])
    longest = worst[2]
    goal = SEEK_GOAL_MS[board]
    say(
        {
            "name": f"seek_{board}",
            "seek": seek,
            "cold": cold,
            **spread(totals),
            "frames_worst": max(r[1] for r in runs),
            "slice_worst_ms": round(longest, 3),
            "slice_worst_actions": worst[3],
            "slice_worst_last_action_ms": round(worst[4], 3),
            "slice_budget_ms": STEP_MS,
            "goal_ms": goal,
            "slice_goal_ms": round(SLICE_GOAL_MS, 1),
            "meets_goal": max(totals) <= goal and longest <= SLICE_GOAL_MS,
            "actions": len(seeker.actions),
            "events": len(seeker.events),
            "checkpoint_every": seeker.every,
            "load_average": load(),
        }
    )


def warm_seeks(g: Played, runs: int) -> None:
    """In this process: a fresh Seeker to the end, from the end to the start, and from the
    start to random moments (its checkpoints laid by the first). As the window's loop seeks:
    with its collector (game/ui/pace.py), no full collection inside a frame."""
    with Collector():
        _warm_seeks(g, runs)


def _warm_seeks(g: Played, runs: int) -> None:
    rng = random.Random(7)
    firsts = []
    for _ in range(max(1, runs // 10)):
        _video, _played, seeker = watched(g.replay)
        firsts.append(settle(seeker, seeker.last_index))
    seek_line(g.board, "fresh_seeker_start_to_end", False, firsts, seeker)
    back = []
    for _ in range(max(3, runs // 5)):
        settle(seeker, seeker.last_index)
        back.append(settle(seeker, -1))
    seek_line(g.board, "end_to_start", False, back, seeker)
    anywhere = []
    for _ in range(runs):
        settle(seeker, -1)
        anywhere.append(settle(seeker, rng.randrange(seeker.last_index + 1)))
    seek_line(g.board, "start_to_random", False, anywhere, seeker)


def cold_seeks(g: Played, runs: int) -> None:
    """In fresh processes: the first seek of a fresh Seeker, from the start to the end."""
    found = [cold(["seek", str(g.replay), "0"]) for _ in range(runs)]
    _video, _played, seeker = watched(g.replay)  # its counts, for the line
    seek_line(g.board, "fresh_seeker_start_to_end", True, [tuple(f) for f in found], seeker)


def cold(args: list[str]):
    """This script in a fresh process (`--cold ...`): what it printed last."""
    done = subprocess.run(
        [sys.executable, __file__, "--cold", *args],
        capture_output=True,
        text=True,
        check=True,
        stdin=subprocess.DEVNULL,
    )
    return json.loads(done.stdout.splitlines()[-1])


def live_counters(g: Played) -> None:
    """The live counters as each frame of the game reads them (the journal's lines growing as
    they grew, frame by frame), by what the frame brought."""
    perf = time.perf_counter
    kinds: dict[str, list[float]] = {
        "first_click": [],
        "tables_being_made": [],  # the frames after it, while the board's tables are made
        "nothing_new": [],
        "pointer_moved": [],
        "after_click": [],
    }
    lines: list[dict] = []
    live = LiveCounters()
    for count, elapsed in g.frames:
        new = g.events[len(lines) : count]
        lines.extend(new)
        if not lines:
            continue  # no click yet: the counters are not shown (live.shown_lines)
        kind = "nothing_new" if not new else "after_click"
        if new and all(e["e"] == "path" for e in new):
            kind = "pointer_moved"
        if not kinds["first_click"]:
            kind = "first_click"  # the counters' board begins to be made, a piece a frame
        elif live.building:
            kind = "tables_being_made"
        began = perf()
        counted = live.counters(lines, g.layout)
        if counted is not None:  # None: the line says "..." while the tables are made
            live_lines(counted, g.bbbv, elapsed / 1000, 80, panel=True)
        kinds[kind].append((perf() - began) * 1000)
    for kind, samples in kinds.items():
        if not samples:  # a small board's tables are made in the first click's frame
            continue
        say(
            {
                "name": "live_counters_per_frame",
                "board": g.board,
                "rate_hz": g.rate_hz,
                "frame": kind,
                **spread(samples, 4),
                "journal_lines": len(lines),
            }
        )


def video_load(g: Played, runs: int, cold_runs: int) -> None:
    """`load_for_watching` on a replay in fresh processes, as the worker process that reads
    it for the player is: the first call (cold), then `runs` more in the first of them
    (warm, with its parts timed apart: read, convert, counters)."""
    found = [cold(["load", str(g.replay), str(runs if k == 0 else 0)]) for k in range(cold_runs)]
    stolen = stolen_percent()  # since the figure began: its processes ran meanwhile
    replay = load_replay(g.replay)
    video = video_of_replay(replay)
    about = {
        "replay_kb": round(g.replay.stat().st_size / 1024, 1),
        "journal_kb": round(g.journal_bytes / 1024, 1),
        "events": len(video.events),
        "actions": len(video.actions),
        "load_average": load(),
    }
    if stolen is not None:
        about["host_steal_percent"] = stolen
    name = f"video_load_{g.board}"
    print(
        json.dumps(
            {"name": name, "cold": True, **spread([f["cold_ms"] for f in found], 1), **about}
        ),
        flush=True,
    )
    warm = found[0]
    parts = {k: round(statistics.median(warm[k]), 1) for k in ("read", "convert", "counters")}
    print(
        json.dumps(
            {"name": name, "cold": False, **spread(warm["whole"], 1), **about, "parts": parts}
        ),
        flush=True,
    )


def loads(path: Path, runs: int) -> dict:
    """`load_for_watching(path)` once (cold), then `runs` times more with its parts (ms)."""
    perf = time.perf_counter
    began = perf()
    load_for_watching(str(path))
    cold_ms = (perf() - began) * 1000
    gc.collect()
    found = {
        "cold_ms": cold_ms,
        "whole": [],
        "read": [],
        "convert": [],
        "counters": [],
    }
    for _ in range(runs):
        t0 = perf()
        load_for_watching(str(path))
        t1 = perf()
        replay = load_replay(path)
        t2 = perf()
        video = video_of_replay(replay)
        t3 = perf()
        play(video)
        t4 = perf()
        del replay, video  # the worker keeps no video from one call to the next
        gc.collect()
        for k, ms in zip(
            ("whole", "read", "convert", "counters"),
            (t1 - t0, t2 - t1, t3 - t2, t4 - t3),
            strict=True,
        ):
            found[k].append(ms * 1000)
    return found


def run_cold(kind: str, path: Path, runs: int) -> None:
    """A fresh process's figures (imports done): the first seek of a fresh Seeker to the end,
    or `loads`."""
    if kind == "seek":
        _video, _played, seeker = watched(path)
        with Collector():
            print(json.dumps(list(settle(seeker, seeker.last_index))))
    else:
        print(json.dumps(loads(path, runs)))


# ---- the run ---------------------------------------------------------------------------------


def play_all(folder: Path, quick: bool) -> tuple[dict[int, Played], Played]:
    """The Expert games (one a mouse rate, the same board and hand) and the big one."""
    experts = {}
    for rate, never_still in ((125, False), (1000, False), (1000, True)):
        stolen_percent()
        game = Game(16, 30, 99, seed=EXPERT_SEED)
        here = folder / f"expert-{rate}-{never_still}"
        g = play_game(here, game, rate, random.Random(4), expert_clicks, never_still)
        size_line(g)
        experts.setdefault(rate, g)
    stolen_percent()
    game = Game(*BIG, seed=40)
    big = play_game(folder / "big", game, 125, random.Random(5), big_clicks(quick))
    say(
        {
            "name": "game_200x200",
            "state": big.state,
            "clicks": big.clicks,
            "bbbv": big.bbbv,
            "game_s": round(big.elapsed_ms / 1000, 1),
            "points": big.points,
            "journal_kb": round(big.journal_bytes / 1024, 1),
            "replay_kb": round(big.replay.stat().st_size / 1024, 1),
            "build_s": big.build_s,
        }
    )
    return experts, big


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small run that shows it works")
    parser.add_argument("--cold", nargs=3, help=argparse.SUPPRESS)  # KIND PATH RUNS
    args = parser.parse_args()
    if args.cold:
        run_cold(args.cold[0], Path(args.cold[1]), int(args.cold[2]))
        return 0
    q = args.quick
    say(
        {
            "name": "setup",
            "cpu": cpu_name(),
            "cpus": os.cpu_count(),
            "python": sys.version.split()[0],
            "load_average": load(),
            "quick": q,
        }
    )
    with tempfile.TemporaryDirectory(prefix="pixel-mines-bench-videos-") as tmp:
        experts, big = play_all(Path(tmp), q)
        expert = experts[1000]
        with Collector():  # the game loop's garbage collection
            for g in (expert, big):
                stolen_percent()
                warm_seeks(g, 10 if q else 50)
            for g in (expert, big):
                stolen_percent()
                live_counters(g)
        for g in (expert, big):
            stolen_percent()
            cold_seeks(g, 1 if q else 3)
        stolen_percent()
        video_load(big, 1 if q else 3, 1 if q else 3)
    say({"name": "end", "load_average": load()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
