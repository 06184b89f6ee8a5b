"""When a finished game's measures come back from the worker process (game/worker.py) on a
machine kept busy by other programs, at each priority the worker could run at, and what each
priority costs a paced loop standing in for the window's.

Run from the repo root: `python benchmarks/bench_workers_load.py [--priority idle,nice19,nice10,
nice5,normal] [--runs 5] [--games 1] [--hogs 2] [--quick]`; one JSON line a (priority, board).
Two games of each board are made from seeded `random.Random`s: an Expert game played by the hints
to its end, and a lost 200x200 game of 8,000 mines (a player opening cells next to the open ones
for `--moves-200` moves, then a mine), their events as the window journals them
(`walk.move_events`). For each priority: `--hogs` processes of `while 1: pass` (nice 0, ended
however this ends), a new `Worker` (it puts itself at SCHED_IDLE as it starts; it is set to the
priority from here), then `measures_of` asked `--runs` times a board and timed from submit to
answer, while this thread runs a 60 Hz loop of ~2 ms of work a frame; a call not answered in
`--timeout` s is cancelled, and the board's other runs are skipped. The goals: Expert in 10 s,
200x200 in 60 s. Switching a process out of SCHED_IDLE needs CAP_SYS_NICE or RLIMIT_NICE.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import ctypes
import json
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from timing import cpu_name, stolen_percent

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import Difficulty, Game, Move, MoveKind  # noqa: E402
from game.engine.game_measures import measures_of  # noqa: E402
from game.engine.solver import hint  # noqa: E402
from game.engine.walk import move_events  # noqa: E402
from game.worker import MEASURES, NICE, Worker  # noqa: E402
from game.worker import priority as worker_priority  # noqa: E402

FRAME_S = 1 / 60
WORK_MS = 2.0  # the stand-in window's own work a frame
# A priority by its name: the scheduling policy and the nice value set on the worker from here;
# "chosen" leaves it where the worker put itself (game/worker.py `step_aside`).
PRIORITIES = {
    "chosen": None,
    "idle": ("SCHED_IDLE", 0),
    "nice19": ("SCHED_OTHER", 19),
    "nice10": ("SCHED_OTHER", 10),
    "batch0": ("SCHED_BATCH", 0),
    "batch5": ("SCHED_BATCH", 5),
    "nice5": ("SCHED_OTHER", 5),
    "normal": ("SCHED_OTHER", 0),
}
GOALS_S = {"expert": 10.0, "200x200": 60.0}
HOG = "while 1: pass"

MeasuresArgs = tuple[list[str], list[dict], int]  # what `measures_of` is asked with


# ---- the games --------------------------------------------------------------------------------


def expert_game(rng: random.Random) -> Game:
    """An Expert game played by the hints to its end (a guess where they must), a flag now and
    then on a mine next to the open cells, 0.3-1.5 s between moves."""
    game = Game.from_difficulty(Difficulty.EXPERT, seed=rng.getrandbits(32))
    at_ms = rng.randint(500, 2000)
    game.play(Move(MoveKind.OPEN, rng.randrange(16), rng.randrange(30)), at_ms=at_ms)
    layout = game.layout()
    while not game.state.is_over:
        at_ms += rng.randint(300, 1500)
        view = game.view()
        if rng.random() < 0.15:
            mines = [
                (r, c)
                for r in range(16)
                for c in range(30)
                if layout[r][c] == "*" and view[r][c] == "#" and beside_open(view, r, c)
            ]
            if mines:
                game.play(Move(MoveKind.FLAG, *rng.choice(mines)), at_ms=at_ms)
                continue
        cell = hint(view, game.mines).cell
        kind = MoveKind.FLAG if view[cell[0]][cell[1]] == "F" else MoveKind.OPEN  # a flag off
        game.play(Move(kind, *cell), at_ms=at_ms)
    return game


def beside_open(view: list[str], row: int, col: int) -> bool:
    return any(view[r][c] in "012345678" for r, c in around(row, col, len(view), len(view[0])))


def around(row: int, col: int, rows: int, cols: int):
    for r in range(max(0, row - 1), min(rows, row + 2)):
        for c in range(max(0, col - 1), min(cols, col + 2)):
            if (r, c) != (row, col):
                yield r, c


def lost_200(rng: random.Random, moves: int) -> Game:
    """200x200 with 8,000 mines: a player who opens a safe covered cell next to the open ones
    (often one no deduction proves: a guess that went well) or flags a mine there, 0.15-0.9 s a
    move, for `moves` moves; then opens a mine next to the open cells and loses."""
    rows = cols = 200
    game = Game(rows, cols, 8000, seed=rng.getrandbits(32))
    frontier: set[tuple[int, int]] = set()  # covered cells next to an open one

    def opened(changed) -> None:
        for r, c in changed:
            if game.cell(r, c) in "012345678":
                frontier.discard((r, c))
                frontier.update(n for n in around(r, c, rows, cols) if game.cell(*n) == "#")

    at_ms = rng.randint(500, 2000)
    opened(game.play(Move(MoveKind.OPEN, rows // 2, cols // 2), at_ms=at_ms))
    layout = game.layout()
    mines_next: list[tuple[int, int]] = []
    while len(game.moves) < moves and frontier:
        cell = rng.choice(sorted(frontier))
        frontier.discard(cell)
        if layout[cell[0]][cell[1]] == "*":
            mines_next.append(cell)
            if rng.random() < 0.3:
                at_ms += rng.randint(150, 900)
                game.play(Move(MoveKind.FLAG, *cell), at_ms=at_ms)
            continue
        at_ms += rng.randint(150, 900)
        opened(game.play(Move(MoveKind.OPEN, *cell), at_ms=at_ms))
    loss = rng.choice([c for c in mines_next if game.cell(*c) == "#"])
    game.play(Move(MoveKind.OPEN, *loss), at_ms=at_ms + rng.randint(150, 900))
    assert game.state.value == "lost", game.state
    return game


def asked(game: Game) -> MeasuresArgs:
    """The layout, the events as the window journals them, and the game's time."""
    return game.layout(), move_events(game.moves), game.moves[-1].at_ms


def cpu_no_load(args: MeasuresArgs) -> tuple[float, object]:
    """The CPU seconds of the measures in this process (median of runs up to 2 s in all)."""
    samples, measures = [], None
    while not samples or (sum(samples) < 2.0 and len(samples) < 5):
        began = time.process_time()
        measures = measures_of(*args)
        samples.append(time.process_time() - began)
    return statistics.median(samples), measures


# ---- the load and the worker's priority -----------------------------------------------------


def _die_with_parent() -> None:  # in a hog, before its exec: a kill -9 of this ends it too
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@contextlib.contextmanager
def hogs(count: int):
    """`count` processes that want a core each, at nice 0, ended whatever happens."""
    started: list[subprocess.Popen] = []

    def end() -> None:
        for hog in started:
            hog.kill()
            hog.wait()

    atexit.register(end)
    try:
        for _ in range(count):
            started.append(
                subprocess.Popen([sys.executable, "-c", HOG], preexec_fn=_die_with_parent)
            )
        yield [hog.pid for hog in started]
    finally:
        end()
        atexit.unregister(end)


def set_priority(pid: int, priority: str) -> None:
    """Another process's policy and nice value (its main thread's, which does the work)."""
    if PRIORITIES[priority] is None:
        return
    policy, nice = PRIORITIES[priority]
    os.sched_setscheduler(pid, getattr(os, policy), os.sched_param(0))
    os.setpriority(os.PRIO_PROCESS, pid, nice)


def until(done: Callable[[], bool], most_s: float = 30.0) -> None:
    ends = time.monotonic() + most_s
    while not done():
        if time.monotonic() > ends:
            raise RuntimeError("the worker did not start")
        time.sleep(0.01)


@contextlib.contextmanager
def worker_at(priority: str, warm: MeasuresArgs):
    """A started worker at `priority`: once it has stepped aside (it answers only after), set
    to normal to load the engine (a measures of `warm`), then to `priority` ("chosen": back
    where it put itself)."""
    worker = Worker("bench-measures", nice=NICE[MEASURES])  # as the game's measures worker
    atexit.register(worker.close)
    try:
        chosen = worker.call(worker_priority)  # (policy, nice) after `step_aside`
        set_priority(worker.pid, "normal")
        worker.call(measures_of, *warm)
        if priority == "chosen":
            os.sched_setscheduler(worker.pid, chosen[0], os.sched_param(0))
            os.setpriority(os.PRIO_PROCESS, worker.pid, chosen[1])
        set_priority(worker.pid, priority)
        yield worker
    finally:
        worker.close()
        atexit.unregister(worker.close)


def cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds of a process so far (Linux's /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ---- the stand-in window loop ---------------------------------------------------------------


def spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def calibrated(ms: float = WORK_MS) -> int:
    """How many turns of `spin` take `ms` of this thread's CPU."""
    n = 1000
    while True:
        began = time.thread_time()
        spin(n)
        spent = time.thread_time() - began
        if spent > 0.05:
            return max(1, round(n * ms / 1000 / spent))
        n *= 2


def paced_loop(running: Callable[[], bool], work: int) -> list[float]:
    """A frame every 16.7 ms (a frame later than the next deadline gives up the ones it
    missed, as a real loop does) while `running()`: the ms from each frame's deadline to the
    end of its work."""
    frames = []
    due = time.perf_counter() + FRAME_S
    while running():
        now = time.perf_counter()
        if due > now:
            time.sleep(due - now)
        spin(work)
        end = time.perf_counter()
        frames.append((end - due) * 1000)
        due += FRAME_S
        if end > due:
            due += FRAME_S * ((end - due) // FRAME_S + 1)
    return frames


def loop_figures(frames: list[float], prefix: str = "loop") -> dict:
    ordered = sorted(frames)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] if ordered else None
    return {
        f"{prefix}_worst_ms": round(ordered[-1], 2) if ordered else None,
        f"{prefix}_p99_ms": None if p99 is None else round(p99, 2),
        f"{prefix}_frames": len(ordered),
        f"{prefix}_over_16_7_ms": sum(t > FRAME_S * 1000 for t in ordered),
    }


def for_seconds(seconds: float) -> Callable[[], bool]:
    ends = time.perf_counter() + seconds
    return lambda: time.perf_counter() < ends


# ---- the figures ------------------------------------------------------------------------------


def arrival(worker: Worker, args: MeasuresArgs, timeout: float, work: int, frames: list):
    """Seconds from submit to answer (None: none in `timeout`, the task cancelled), the
    worker's CPU seconds meanwhile, and the answer; the loop's frames go to `frames`."""
    got: dict = {}
    pid = worker.pid

    def ask() -> None:
        cpu, began = cpu_seconds(pid), time.perf_counter()
        task = worker.submit(measures_of, *args)
        try:
            got["answer"] = task.wait(timeout)
            got["s"] = time.perf_counter() - began
        except TimeoutError:
            got["s"] = None
        got["cpu"] = cpu_seconds(pid) - cpu
        if got["s"] is None:
            worker.cancel(task)

    asking = threading.Thread(target=ask, name="ask-measures")
    asking.start()
    frames += paced_loop(asking.is_alive, work)
    asking.join()
    return got["s"], got["cpu"], got.get("answer")


def board_line(board: str, priority: str, runs: int, games: list, opts, work: int) -> dict:
    stolen_percent()  # the line says what the hypervisor took since its figure began
    answered, timeouts, shares, frames = [], 0, [], []
    with worker_at(priority, games[0]["args"]) as worker:
        for run in range(runs):
            game = games[run % len(games)]
            seconds, cpu, answer = arrival(worker, game["args"], opts.timeout, work, frames)
            shares.append(cpu / (seconds or opts.timeout))
            if seconds is None:
                timeouts += 1
                break  # the goal is missed; the rest would wait as long
            if answer != game["measures"]:
                raise AssertionError(
                    f"the worker's measures differ: {answer} != {game['measures']}"
                )
            answered.append(seconds)
    goal = GOALS_S[board]
    return {
        "name": f"measures_arrival_{board}_under_load",
        "priority": priority,
        "runs": len(answered) + timeouts,
        "median_s": round(statistics.median(answered), 3) if answered else None,
        "worst_s": round(max(answered), 3) if answered else None,
        "timeouts": timeouts,
        "timeout_s": opts.timeout,
        "runs_skipped": runs - len(answered) - timeouts,
        "goal_s": goal,
        "pass": timeouts == 0 and max(answered) <= goal,
        "worker_cpu_share": round(statistics.median(shares), 4),
        **loop_figures(frames),
        "no_load_cpu_s": round(statistics.median(g["cpu_s"] for g in games), 3),
        "moves": [len(g["args"][1]) for g in games],
    }


def say(line: dict) -> None:
    print(json.dumps(line), flush=True)


def made_games(opts) -> dict[str, list[dict]]:
    made = {}
    for board, make in (
        ("expert", expert_game),
        ("200x200", lambda rng: lost_200(rng, opts.moves_200)),
    ):
        made[board] = []
        for k in range(opts.games):
            game = make(random.Random(f"{board} {k}"))
            args = asked(game)
            cpu_s, measures = cpu_no_load(args)
            made[board].append(
                {"args": args, "measures": measures, "cpu_s": cpu_s, "state": game.state.value}
            )
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--priority", default=",".join(PRIORITIES), help="comma-separated")
    parser.add_argument("--runs", type=int, help="asks a (priority, board); 5, quick 1")
    parser.add_argument("--games", type=int, default=1, help="games of each board, in turn")
    parser.add_argument("--hogs", type=int, default=2, help="busy processes at nice 0")
    parser.add_argument("--moves-200", type=int, help="the 200x200 game's; 3000, quick 60")
    parser.add_argument("--timeout", type=float, help="s before a call is cancelled; 120")
    parser.add_argument("--baseline", type=float, help="s of the loop with no work; 5")
    parser.add_argument("--quick", action="store_true", help="a small run that shows it works")
    opts = parser.parse_args()
    priorities = [p.strip() for p in opts.priority.split(",") if p.strip()]
    unknown = [p for p in priorities if p not in PRIORITIES]
    if unknown or opts.games < 1 or opts.hogs < 0 or (opts.runs is not None and opts.runs < 1):
        parser.error(f"priorities are {', '.join(PRIORITIES)}; games, runs >= 1, hogs >= 0")
    q = opts.quick
    opts.runs = opts.runs or (1 if q else 5)
    opts.moves_200 = opts.moves_200 or (60 if q else 3000)
    opts.timeout = opts.timeout or (60.0 if q else 120.0)
    opts.baseline = opts.baseline or (0.5 if q else 5.0)

    load = lambda: [round(x, 2) for x in os.getloadavg()]  # noqa: E731
    say(
        {
            "name": "setup",
            "cpu": cpu_name(),
            "cpus": os.cpu_count(),
            "kernel": platform.release(),
            "python": platform.python_version(),
            "load_average": load(),
            "priorities": priorities,
            "runs": opts.runs,
            "hogs": opts.hogs,
        }
    )
    games = made_games(opts)
    for board, made in games.items():
        say(
            {
                "name": f"measures_cpu_no_load_{board}",
                "median_s": round(statistics.median(g["cpu_s"] for g in made), 3),
                "states": [g["state"] for g in made],
                "moves": [len(g["args"][1]) for g in made],
                "guesses": [g["measures"].guesses for g in made],
            }
        )
    work = calibrated()
    every_hog = []
    for priority in priorities:
        with hogs(opts.hogs) as pids:
            every_hog += pids
            baseline = loop_figures(paced_loop(for_seconds(opts.baseline), work), "baseline")
            for board, made in games.items():
                line = board_line(board, priority, opts.runs, made, opts, work)
                line["loop_baseline_worst_ms"] = baseline["baseline_worst_ms"]
                line["loop_baseline_p99_ms"] = baseline["baseline_p99_ms"]
                line.update(hogs=opts.hogs, load_average=load())
                stolen = stolen_percent(again=False)
                if stolen is not None:
                    line["host_steal_percent"] = stolen
                say(line)
    say({"name": "end", "hog_pids": every_hog, "load_average": load()})


if __name__ == "__main__":
    main()
