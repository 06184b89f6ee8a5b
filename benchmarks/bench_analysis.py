"""The cost of the analysis of a game (game/engine/game_analysis.py), and the window's frames
while one is worked out off the frame.

Run from the repo root: `python benchmarks/bench_analysis.py [--quick] [--full-200]`; one JSON
line a figure. The games: Expert games played by the hints to their end (a guess where the
hints must), and a 200x200 board of 6,000 mines swept row by row by a player who knows where the
mines are (so every move away from the numbers is a guess), its first 2,000 moves; with
`--full-200`, once, the whole of that game (some 12,000 moves); the 2,000 moves again as the
window has them worked out, in the worker process (game/worker.py). The frames: the real window
(under Xvfb with DISPLAY set, else SDL's dummy driver), on that 200x200 board, showing the
analysis room of the game while its analysis runs, then stepping through it a move a frame;
the goal is every frame in 16.7 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from timing import cpu_name, window_bench_env  # stdlib only: set up before pygame

REAL_WINDOW, _HOME = window_bench_env()

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import Difficulty, Game, Move, MoveKind  # noqa: E402
from game.engine.game_analysis import analyse_game  # noqa: E402
from game.engine.solver import hint  # noqa: E402
from game.engine.walk import move_events  # noqa: E402

FRAME_MS = 1000 / 60


def spread(samples_ms: list[float]) -> dict:
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(p95, 1),
        "worst_ms": round(ordered[-1], 1),
        "runs": len(ordered),
    }


def say(line: dict) -> None:
    print(json.dumps(line), flush=True)


def expert_game(seed: int) -> Game:
    """An Expert game played by the hints to its end."""
    game = Game.from_difficulty(Difficulty.EXPERT, seed=seed)
    cell = (8, 15)
    while not game.state.is_over:
        game.play(Move(MoveKind.OPEN, *cell))
        if not game.state.is_over:
            cell = hint(game.view(), game.mines).cell
    return game


def swept_200(limit: int | None) -> Game:
    """200x200, 6,000 mines, swept row by row (see the module's docstring)."""
    game = Game(200, 200, 6000, seed=11)
    game.play(Move(MoveKind.OPEN, 0, 0))
    layout = game.layout()
    for r in range(200):
        for c in range(200):
            if limit is not None and len(game.moves) >= limit or game.state.is_over:
                return game
            if layout[r][c] == "." and game.cell(r, c) == "#":
                game.play(Move(MoveKind.OPEN, r, c))
    return game


def timed_analysis(game: Game) -> tuple[float, object]:
    events = move_events(game.moves)
    began = time.perf_counter()
    report = analyse_game(game.layout(), events)
    return (time.perf_counter() - began) * 1000, report


def expert(runs: int) -> None:
    samples, moves, guesses = [], [], []
    for seed in range(runs):
        game = expert_game(100 + seed)
        ms, report = timed_analysis(game)
        samples.append(ms)
        moves.append(len(game.moves))
        guesses.append(len(report.guesses))
    say(
        {
            "name": "analyse_expert_game",
            **spread(samples),
            "games": runs,
            "moves_median": statistics.median(moves),
            "guesses_median": statistics.median(guesses),
        }
    )


def board_200(runs: int, limit: int | None) -> None:
    game = swept_200(limit)
    samples = []
    for _ in range(runs):
        ms, report = timed_analysis(game)
        samples.append(ms)
    name = "analyse_200x200_game" + ("" if limit is not None else "_whole")
    say(
        {
            "name": name,
            **spread(samples),
            "moves": len(game.moves),
            "state": game.state.value,
            "guesses": len(report.guesses),
            "ms_per_move": round(statistics.median(samples) / len(game.moves), 2),
        }
    )


def board_200_in_worker(runs: int, limit: int | None) -> None:
    """The same 200x200 analysis as the window gets it: asked of the worker process (started
    before), its parts taken in here, the positions made, until the answer is handed back."""
    from game import worker as workers
    from game.ui.analyses import Analyses
    from game.ui.chores import Chores

    game = swept_200(limit)
    layout, events = game.layout(), move_events(game.moves)
    worker = workers.Worker()
    worker.call(os.getpid)  # started and answering
    samples = []
    for run in range(runs):
        analyses = Analyses(Chores(), worker)
        began = time.perf_counter()
        analyses.ask(f"run {run}", lambda: (layout, events))
        analyses.wait()
        samples.append((time.perf_counter() - began) * 1000)
    worker.close()
    say({"name": "analyse_200x200_game_in_worker", **spread(samples), "moves": len(game.moves)})


def frames_while_analysing(seconds: float) -> None:
    """The window's frames with the analysis room open on the 200x200 game while its analysis
    runs in the worker process, then while stepping through the moves (the worker is started
    before, as a big game does at its first click)."""
    import pygame

    from game import worker as workers
    from game.engine.boards import BoardChoice
    from game.store.replays import replay_of, save_replay
    from game.store.settings import Settings
    from game.ui.dialogs import Analyse
    from game.ui.pace import FPS
    from game.ui.theme import load_library
    from game.ui.window import App

    workers.shared(workers.ANALYSES).call(os.getpid)
    pygame.display.init()
    game = swept_200(2000)
    path = save_replay(
        replay_of(
            game, elapsed_ms=600_000, source="window", game_id="20261201-120000-0123456789ab"
        ),
        Path(_HOME),
    )
    # the window on the game's own board, as after playing it: the room takes no new window
    # (a replay of another size is shown in a window of its size, once, as any board change)
    app = App(
        BoardChoice.of(200, 200, 6000), Settings(motion=True), load_library(), seed=1, scale=2
    )
    app.step()
    app.games.analyse(Analyse(str(path)))
    clock = pygame.time.Clock()
    during, after, cpu = [], [], {"during": [], "after": []}

    def frame(samples: list[float], cpus: list[float]) -> None:
        """One frame: its ms, and the ms of the loop thread's own CPU time in it (a loaded
        machine stretches the first, hardly the second)."""
        t, c = time.perf_counter(), time.thread_time()
        app.step()
        samples.append((time.perf_counter() - t) * 1000)
        cpus.append((time.thread_time() - c) * 1000)

    analyses = app.ctx.aids.analyses
    began = time.perf_counter()
    room = app.games.replay
    while time.perf_counter() - began < seconds and not room.ready:
        clock.tick(FPS)
        frame(during, cpu["during"])
    finished = room.ready
    progress = 1.0 if finished else analyses.job.progress
    analyses.wait()
    for _ in range(120):  # a move a frame, forwards then back
        clock.tick(FPS)
        key = pygame.K_RIGHT if len(after) < 60 else pygame.K_LEFT
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0)
        )
        frame(after, cpu["after"])
    figures = (
        ("frames_while_analysing_200x200", during, cpu["during"]),
        ("frames_stepping_through_200x200", after, cpu["after"]),
    )
    for name, samples, cpus in figures:
        line = {
            "name": name,
            **spread(samples),
            "frames": len(samples),
            "over_16_7_ms": sum(s > FRAME_MS for s in samples),
            "goal_worst_ms": 16.7,
            "pass": max(samples) <= FRAME_MS,
            "cpu_worst_ms": round(max(cpus), 1),
            "cpu_over_16_7_ms": sum(c > FRAME_MS for c in cpus),
            "video_driver": pygame.display.get_driver(),
        }
        if name.startswith("frames_while"):
            line.update(analysis_finished=finished, progress_reached=round(progress, 2))
        line["slow_frames_at"] = [i for i, s in enumerate(samples) if s > FRAME_MS][:10]
        if name.startswith("frames_while"):  # the first opens the room: a board of its size
            line["worst_after_the_first_ms"] = round(max(samples[1:]), 1)
        say(line)
    app.ctx.aids.assistant.close()
    pygame.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--full-200", action="store_true", help="also the whole 200x200 game")
    parser.add_argument("--frames-only", action="store_true", help="only the window's frames")
    args = parser.parse_args()
    say({"name": "cpu", "model": cpu_name(), "cpus": os.cpu_count()})
    say(
        {
            "name": "setup",
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "cpus": os.cpu_count(),
            "real_window": REAL_WINDOW,
        }
    )
    if args.frames_only:
        frames_while_analysing(5.0 if args.quick else 10.0)
        return
    expert(5 if args.quick else 20)
    board_200(1 if args.quick else 5, 2000)
    board_200_in_worker(1 if args.quick else 3, 2000)
    if args.full_200:
        board_200(1, None)
    frames_while_analysing(5.0 if args.quick else 10.0)


if __name__ == "__main__":
    main()
