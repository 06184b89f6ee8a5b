"""How well and how fast the solver plays, and how fast no-guess boards are laid.

Run from the repo root: `python benchmarks/bench_solver.py [--games N] [--difficulty D] [--quick]
[--jobs J]`; one JSON line a figure. The bot always does what `hint` says: it opens the hinted
cell, proven or guessed. Every game starts with a 3x3 safe opening at (3,3), seeds from SEED.
Each move is timed in wall time and in the thread's CPU time (`*_cpu_ms_*`: a shared machine's
load inflates the wall time, not the CPU time).

To compare two guess policies (game/engine/solver/guess.py's Strategy, by the names in
STRATEGIES): `--paired A B [C ...]` plays each seed with every policy from the same first click,
sharing the game while they agree, and prints for each one after the first its wins beside the
first's, the discordant pairs, the exact McNemar p-value and the per-move CPU of both. For a
comparison on seeds not used while choosing, give `--first` past the seeds already played.

To work on the slowest hints: `--slowest K --slowest-file F` writes the K slowest moves by CPU
time (seed, move number and view) as JSON lines; `--retime F` times just those positions again
and prints each one's CPU time and the work steps its guess spent (`hint_with_steps`).

Runtime of the defaults (2000 Beginner, 2000 Intermediate, 10000 Expert games, then 200 no-guess
boards per difficulty) is about 25 minutes on one core, nearly all of it Expert games (0.13 s
each); `--jobs 2` halves that. `--quick` (40/30/20 games, 20 boards) takes about 5 seconds.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import Difficulty, Game, GameState, SafeZone  # noqa: E402
from game.engine.noguess import WORK_BUDGET, lay_no_guess  # noqa: E402
from game.engine.solver import (  # noqa: E402
    HintKind,
    Strategy,
    hint,
    hint_with_steps,
    mine_probabilities,
)
from game.engine.solver.guess import TODAY  # noqa: E402

SEED = 20240601
FIRST_CLICK = (3, 3)
DEFAULT_GAMES = {Difficulty.BEGINNER: 2000, Difficulty.INTERMEDIATE: 2000, Difficulty.EXPERT: 10000}
QUICK_GAMES = {Difficulty.BEGINNER: 40, Difficulty.INTERMEDIATE: 30, Difficulty.EXPERT: 20}
WIN_GOALS = {Difficulty.BEGINNER: 0.972, Difficulty.INTERMEDIATE: 0.891, Difficulty.EXPERT: 0.545}
PROBABILITY_GOAL_MS = 30.0
HINT_GOAL_MS = 250.0  # any hint on Expert, to the answer (issue 22)
WIN_GOALS_PAIRED = 0.543  # Expert, on paired seeds, significant against "before" (issue 43)
TODAY_EXPERT = (5344, 10000)  # the bot's Expert wins before the hint's work caps (issue 22)
NO_GUESS_GOALS_MS = (250.0, 1000.0)  # Expert median, 95th percentile


# The guess policies --paired may name: "before" is the policy before issue 43's levers, every
# switch off; "now" is the one the hints use (guess.TODAY); the others are the levers measured.
STRATEGIES = {
    "before": Strategy(),
    "long_term": Strategy(long_term=True),
    "living": Strategy(living_only=True),
    "wide": Strategy(margin=0.06),
    "both": Strategy(long_term=True, living_only=True),
    "relative": Strategy(relative=0.9),
    "blend": Strategy(blend=True),
    "influence": Strategy(influence=0.9),
    "pseudo": Strategy(pseudo=True),
    "endgame_2000": Strategy(endgame=2000, work=800_000),
    "work_800k": Strategy(work=800_000),
    "combo": Strategy(influence=0.9, pseudo=True, endgame=2000, work=800_000),
    "eg_bits": Strategy(endgame=5000, bitsets=True, endgame_work=1_200_000),
    "eg_old": Strategy(endgame=2000, endgame_work=1_200_000),
    "eg_pseudo": Strategy(endgame=5000, bitsets=True, endgame_work=1_200_000, pseudo=True),
    "eg_all": Strategy(
        endgame=5000, bitsets=True, endgame_work=1_200_000, pseudo=True, influence=0.9
    ),
    "jsm": Strategy(relative=0.9, blend=True, influence=0.9, living_only=True),
    "now": TODAY,
}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def play_game(args: tuple[str, int, int]) -> dict:
    """One bot game: whether it was won, the wall and thread CPU time of each move, guesses, a
    mid-game view, and its `slowest` moves by CPU time (seed, move number, view, times)."""
    name, seed, slowest = args
    difficulty = Difficulty[name]
    game = Game.from_difficulty(difficulty, seed=seed, safe_zone=SafeZone.OPENING)
    game.reveal(*FIRST_CLICK)
    move_ms = []
    move_cpu_ms = []
    guesses = 0
    views = []
    while game.state is GameState.PLAYING:
        view = game.view()
        views.append(view)
        start, cpu = time.perf_counter(), time.thread_time()
        h = hint(view, game.mines)
        move_cpu_ms.append((time.thread_time() - cpu) * 1000)
        move_ms.append((time.perf_counter() - start) * 1000)
        if not h.safe:
            guesses += 1
        game.reveal(*h.cell)
    middle = views[len(views) // 2] if views else None
    worst = heapq.nlargest(slowest, range(len(views)), key=move_cpu_ms.__getitem__)
    return {
        "won": game.state is GameState.WON,
        "move_ms": move_ms,
        "move_cpu_ms": move_cpu_ms,
        "guesses": guesses,
        "middle": middle,
        "slowest": [
            {
                "difficulty": name,
                "seed": seed,
                "move": i,
                "mines": game.mines,
                "view": views[i],
                "ms": round(move_ms[i], 3),
                "cpu_ms": round(move_cpu_ms[i], 3),
            }
            for i in worst
        ],
    }


def bot_figure(
    difficulty: Difficulty,
    games: int,
    jobs: int,
    progress: int = 0,
    slowest: int = 0,
    slowest_file: Path | None = None,
    first: int = 0,
) -> list[list[str]]:
    """The bot's line for `games` games; with `progress`, a line (`"partial": true`) after
    every `progress` games too, in seed order, so a long run stopped early still says what
    it found. With `slowest`, the views of the slowest moves by CPU time go to `slowest_file`
    (JSON lines), for `--retime`. `first`: the games from that one on (a long run split over
    processes started apart, whose lines add up: wins, moves, maxima and counts)."""
    seeds = [(difficulty.name, SEED + first + i, slowest) for i in range(games)]
    start = time.perf_counter()
    results: list[dict] = []
    worst: list[dict] = []

    def keep(result: dict) -> None:
        # Only the run's K slowest views are kept, and the first 200 middle views: holding every
        # game's would fill the heap, and the collector's full passes over it would land inside
        # the hints being timed.
        nonlocal worst
        worst = heapq.nlargest(slowest, worst + result.pop("slowest"), key=lambda m: m["cpu_ms"])
        if len(results) >= 200:
            result["middle"] = None
        results.append(result)
        if progress and len(results) % progress == 0 and len(results) < games:
            _bot_line(difficulty, results, time.perf_counter() - start, jobs, True, first)
            write_slowest()

    def write_slowest() -> None:
        if slowest and slowest_file is not None:
            text = "".join(json.dumps(m) + "\n" for m in worst)
            slowest_file.write_text(text, encoding="utf-8")

    share = games // (jobs * 8)
    chunk = max(1, min(25, share) if progress else share)  # a chunk of 0 is refused by map
    for result in played(play_game, seeds, jobs, chunk):
        keep(result)
    _bot_line(difficulty, results, time.perf_counter() - start, jobs, False, first)
    write_slowest()
    return [r["middle"] for r in results if r["middle"] is not None]


def played(play, seeds: list, jobs: int, chunk: int):
    """Each seed's result in seed order, played in `jobs` processes (`chunk` seeds a task)."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            yield from pool.map(play, seeds, chunksize=chunk)
    else:
        yield from map(play, seeds)


def _bot_line(
    difficulty: Difficulty,
    results: list[dict],
    elapsed: float,
    jobs: int,
    partial: bool,
    first: int = 0,
) -> None:
    games = len(results)
    wins = sum(r["won"] for r in results)
    moves = [ms for r in results for ms in r["move_ms"]]
    cpu = [ms for r in results for ms in r["move_cpu_ms"]]
    low, high = wilson(wins, games)
    goal = WIN_GOALS[difficulty]
    line = {
        "name": f"bot_win_rate_{difficulty.name.lower()}",
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "goal": goal,
        "pass": wins / games >= goal,
        **move_figures("ms_per_move", moves),
        "moves": len(moves),
        "moves_over_250_ms": sum(ms > HINT_GOAL_MS for ms in moves),
        **move_figures("cpu_ms_per_move", cpu),
        "moves_over_250_cpu_ms": sum(ms > HINT_GOAL_MS for ms in cpu),
        "moves_over_125_cpu_ms": sum(ms > HINT_GOAL_MS / 2 for ms in cpu),
        "guesses_per_game": round(sum(r["guesses"] for r in results) / games, 3),
        "seconds": round(elapsed, 1),
        "jobs": jobs,
        "first_game": first,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if difficulty is Difficulty.EXPERT:
        before = wilson(*TODAY_EXPERT)
        line["today_wilson95"] = [round(x, 4) for x in before]
        line["within_today"] = before[0] <= wins / games <= before[1]
    if partial:
        line["partial"] = True
    print(json.dumps(line), flush=True)


def move_figures(unit: str, values: list[float]) -> dict:
    """Median, 95th and 99th percentile and maximum of per-move times, named by `unit`."""
    if not values:
        return {f"{q}_{unit}": None for q in ("median", "p95", "p99", "max")}
    return {
        f"median_{unit}": round(statistics.median(values), 3),
        f"p95_{unit}": round(percentile(values, 0.95), 3),
        f"p99_{unit}": round(percentile(values, 0.99), 3),
        f"max_{unit}": round(max(values), 3),
    }


def play_paired(args: tuple[tuple[str, ...], str, int]) -> dict:
    """One seed played by every policy in `names`: whether each won, and the thread CPU in ms
    of each move and of each guess. The policies share one game while they open the same cells; a
    game is copied (played again from the seed) where they part. A strategy changes only the
    guess (guess.Strategy), so a proof is asked for once and counts, with its time, for every
    policy sharing the game; a guess is asked for of each."""
    names, name, seed = args
    difficulty = Difficulty[name]
    strategies = [STRATEGIES[n] for n in names]

    def replayed(moves: list[tuple[int, int]]) -> Game:
        game = Game.from_difficulty(difficulty, seed=seed, safe_zone=SafeZone.OPENING)
        game.reveal(*FIRST_CLICK)
        for cell in moves:
            game.reveal(*cell)
        return game

    cpu: list[list[float]] = [[] for _ in names]
    guess_cpu: list[list[float]] = [[] for _ in names]
    won = [False] * len(names)
    groups = [(replayed([]), [], list(range(len(names))))]
    while groups:
        game, moves, members = groups.pop()
        while game.state is GameState.PLAYING:
            view = game.view()
            answers = {}
            for i in members:
                start = time.thread_time()
                h = hint(view, game.mines, strategy=strategies[i])
                answers[i] = (h, (time.thread_time() - start) * 1000)
                if h.kind is not HintKind.GUESS:  # a proof: the same for every policy
                    answers.update({j: answers[i] for j in members})
                    break
            parted: dict[tuple[int, int], list[int]] = {}
            for i in members:
                h, ms = answers[i]
                cpu[i].append(ms)
                if h.kind is HintKind.GUESS:
                    guess_cpu[i].append(ms)
                parted.setdefault(h.cell, []).append(i)
            cells = list(parted)
            for cell in cells[1:]:
                groups.append((replayed([*moves, cell]), [*moves, cell], parted[cell]))
            members = parted[cells[0]]
            game.reveal(*cells[0])
            moves.append(cells[0])
        for i in members:
            won[i] = game.state is GameState.WON
    rounded = [[round(ms, 3) for ms in c] for c in cpu]
    return {
        "won": won,
        "cpu": rounded,
        "guess_cpu": [[round(ms, 3) for ms in c] for c in guess_cpu],
    }


def mcnemar_p(only_a: int, only_b: int) -> float:
    """The exact two-sided McNemar p-value of `only_a` against `only_b` discordant pairs: the
    binomial test of the smaller count among them at one half."""
    n = only_a + only_b
    if not n:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(only_a, only_b) + 1))
    return min(1.0, 2 * tail / 2**n)


class _Spread:
    """Times in ms as a histogram of 0.01 ms steps, with the exact maximum and the count over
    250 ms (20,000 Expert games are nearly four million moves)."""

    def __init__(self) -> None:
        self.counts: Counter[float] = Counter()
        self.n = 0
        self.most = 0.0
        self.over = 0

    def add(self, times: list[float]) -> None:
        self.counts.update(round(ms, 2) for ms in times)
        self.n += len(times)
        self.most = max(self.most, *times) if times else self.most
        self.over += sum(ms > HINT_GOAL_MS for ms in times)

    def quantile(self, q: float) -> float | None:
        goal, seen = max(1, math.ceil(q * self.n)), 0
        for ms in sorted(self.counts):
            seen += self.counts[ms]
            if seen >= goal:
                return ms
        return None


class _Tally:
    """One policy's games so far: wins, guesses, and the CPU of its moves and of its guesses
    alone (a proof is the same for every policy, and most moves are proofs)."""

    def __init__(self) -> None:
        self.wins = 0
        self.cpu = _Spread()
        self.guess_cpu = _Spread()

    def add(self, won: bool, cpu: list[float], guess_cpu: list[float]) -> None:
        self.wins += won
        self.cpu.add(cpu)
        self.guess_cpu.add(guess_cpu)

    def figures(self, games: int) -> dict:
        low, high = wilson(self.wins, games)
        cpu, guess = self.cpu, self.guess_cpu
        return {
            "wins": self.wins,
            "win_rate": round(self.wins / games, 4),
            "wilson95": [round(low, 4), round(high, 4)],
            "median_cpu_ms_per_move": cpu.quantile(0.5),
            "p99_cpu_ms_per_move": cpu.quantile(0.99),
            "max_cpu_ms_per_move": round(cpu.most, 3),
            "moves": cpu.n,
            "moves_over_250_cpu_ms": cpu.over,
            "guesses_per_game": round(guess.n / games, 3),
            "median_cpu_ms_per_guess": guess.quantile(0.5),
            "p99_cpu_ms_per_guess": guess.quantile(0.99),
        }


def paired_figure(
    names: list[str], difficulty: Difficulty, games: int, jobs: int, progress: int, first: int
) -> None:
    """`--paired`: every policy on the same `games` seeds from `first` on; a line for each
    policy after the first, against the first (and a partial line every `progress` games)."""
    seeds = [(tuple(names), difficulty.name, SEED + first + i) for i in range(games)]
    tallies = [_Tally() for _ in names]
    only = [[0, 0] for _ in names]  # [first won alone, this one won alone]
    done = 0
    start = time.perf_counter()

    def keep(result: dict) -> None:
        nonlocal done
        done += 1
        for i, tally in enumerate(tallies):
            tally.add(result["won"][i], result["cpu"][i], result["guess_cpu"][i])
            a, b = result["won"][0], result["won"][i]
            if a != b:
                only[i][b] += 1
        if progress and done % progress == 0 and done < games:
            lines(True)

    def lines(partial: bool) -> None:
        base = tallies[0].figures(done)
        for i in range(1, len(names)):
            other = tallies[i].figures(done)
            line = {
                "name": f"paired_{difficulty.name.lower()}",
                "a": names[0],
                "b": names[i],
                "games": done,
                "first_game": first,
                "a_figures": base,
                "b_figures": other,
                "points": round(100 * (other["win_rate"] - base["win_rate"]), 2),
                "discordant": {"a_only": only[i][0], "b_only": only[i][1]},
                "mcnemar_p": round(mcnemar_p(*only[i]), 5),
                "median_cpu_ratio": round(
                    other["median_cpu_ms_per_move"] / max(base["median_cpu_ms_per_move"], 0.01), 2
                ),
                "median_guess_cpu_ratio": round(
                    (other["median_cpu_ms_per_guess"] or 0)
                    / max(base["median_cpu_ms_per_guess"] or 0, 0.01),
                    2,
                ),
                "seconds": round(time.perf_counter() - start, 1),
                "jobs": jobs,
                "load_average": [round(x, 2) for x in os.getloadavg()],
            }
            if difficulty is Difficulty.EXPERT:
                line["goal"] = WIN_GOALS_PAIRED
                line["pass"] = (
                    other["win_rate"] >= WIN_GOALS_PAIRED
                    and line["mcnemar_p"] < 0.05
                    and only[i][1] > only[i][0]
                    and other["moves_over_250_cpu_ms"] == 0
                    and line["median_cpu_ratio"] <= 2
                )
            if partial:
                line["partial"] = True
            print(json.dumps(line), flush=True)

    for result in played(play_paired, seeds, jobs, max(1, min(25, games // (jobs * 8)))):
        keep(result)
    lines(False)


def retime_figure(path: Path, runs: int) -> None:
    """Each position of a `--slowest` file timed again (best of `runs`, wall and thread CPU),
    with the hint's work steps: for iterating on the slowest positions alone."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        move = json.loads(line)
        walls, cpus = [], []
        for _ in range(runs):
            start, cpu = time.perf_counter(), time.thread_time()
            h, steps = hint_with_steps(move["view"], move["mines"])
            cpus.append((time.thread_time() - cpu) * 1000)
            walls.append((time.perf_counter() - start) * 1000)
        rows.append(
            {
                "seed": move["seed"],
                "move": move["move"],
                "cpu_ms": round(min(cpus), 1),
                "ms": round(min(walls), 1),
                "was_cpu_ms": move["cpu_ms"],
                "steps": steps,
                "cell": list(h.cell),
                "safe": h.safe,
            }
        )
    rows.sort(key=lambda r: -r["cpu_ms"])
    for row in rows:
        print(json.dumps({"name": "retime", **row}), flush=True)
    cpu = [r["cpu_ms"] for r in rows]
    line = {
        "name": "retime_summary",
        "positions": len(rows),
        **move_figures("cpu_ms", cpu),
        "over_125_cpu_ms": sum(x > HINT_GOAL_MS / 2 for x in cpu),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(line), flush=True)


def probability_figure(views: list[list[str]], mines: int) -> None:
    times = []
    for view in views:
        start = time.perf_counter()
        mine_probabilities(view, mines)
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    line = {
        "name": "mine_probabilities_expert_midgame_ms",
        "positions": len(times),
        "median_ms": round(median, 3),
        "p95_ms": round(percentile(times, 0.95), 3),
        "max_ms": round(max(times), 3),
        "goal_median_ms": PROBABILITY_GOAL_MS,
        "pass": median <= PROBABILITY_GOAL_MS,
    }
    print(json.dumps(line), flush=True)


def no_guess_figure(difficulty: Difficulty, boards: int) -> None:
    rows, cols, mines = difficulty.rows, difficulty.cols, difficulty.mines
    r0, c0 = FIRST_CLICK
    safe = {(r, c) for r in range(r0 - 1, r0 + 2) for c in range(c0 - 1, c0 + 2)}
    times = []
    spent: list[int] = []
    failed = 0
    for i in range(boards):
        rng = random.Random(SEED + i)
        start = time.perf_counter()
        field = lay_no_guess(rows, cols, mines, rng, FIRST_CLICK, safe, spent=spent)
        times.append((time.perf_counter() - start) * 1000)
        failed += field is None
    median, p95 = statistics.median(times), percentile(times, 0.95)
    line = {
        "name": f"no_guess_ms_{difficulty.name.lower()}",
        "boards": boards,
        "median_ms": round(median, 3),
        "p95_ms": round(p95, 3),
        "max_ms": round(max(times), 3),
        "none": failed,
        "median_steps": round(statistics.median(spent)),
        "max_steps": max(spent),
        "budget_steps": WORK_BUDGET,
    }
    if difficulty is Difficulty.EXPERT:
        line["goal_median_ms"], line["goal_p95_ms"] = NO_GUESS_GOALS_MS
        line["pass"] = median <= NO_GUESS_GOALS_MS[0] and p95 <= NO_GUESS_GOALS_MS[1]
    print(json.dumps(line), flush=True)


# Large and dense requests that the old 2-second clock budget finished: how many steps they take
# and how fast steps go, to check WORK_BUDGET against (rows, cols, mines, seed).
BUDGET_CHECKS = [(200, 200, 8000, s) for s in range(3)] + [(200, 200, 9000, s) for s in range(3)]
BUDGET_CHECKS += [(9, 9, 40, s) for s in range(3)] + [(30, 30, 250, s) for s in range(3)]


def no_guess_budget_figure() -> None:
    """Steps per CPU second on requests up to 200x200 with 9,000 mines, and the seconds of CPU
    the whole budget stands for at the fastest and slowest rate seen."""
    rates = []
    most = 0
    for rows, cols, mines, seed in BUDGET_CHECKS:
        click = (rows // 2, cols // 2)
        rows_near = range(click[0] - 1, click[0] + 2)
        safe = {(r, c) for r in rows_near for c in range(click[1] - 1, click[1] + 2)}
        spent: list[int] = []
        start = time.process_time()
        field = lay_no_guess(rows, cols, mines, random.Random(seed), click, safe, spent=spent)
        cpu = time.process_time() - start
        if field is None:
            print(
                f"bench_solver: {rows}x{cols}/{mines} seed {seed} found no board", file=sys.stderr
            )
            continue
        most = max(most, spent[0])
        if cpu > 0.05:  # too short a run says little about the rate
            rates.append(spent[0] / cpu)
    line = {
        "name": "no_guess_budget",
        "budget_steps": WORK_BUDGET,
        "requests": len(BUDGET_CHECKS),
        "most_steps": most,
        "steps_per_cpu_s": [round(min(rates)), round(max(rates))],
        "budget_cpu_s": [round(WORK_BUDGET / max(rates), 2), round(WORK_BUDGET / min(rates), 2)],
        "means": "budget_cpu_s: the CPU seconds the budget lasts at the fastest and slowest rate",
    }
    print(json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per difficulty (default: 2000/2000/10000)")
    parser.add_argument(
        "--difficulty",
        choices=[d.name.lower() for d in Difficulty],
        help="only this difficulty (default: all three)",
    )
    parser.add_argument("--quick", action="store_true", help="a short run: 40/30/20 games")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the bot games")
    parser.add_argument(
        "--progress", type=int, default=0, help="also print the bot's line every N games"
    )
    parser.add_argument(
        "--slowest",
        type=int,
        default=0,
        metavar="K",
        help="write the K slowest bot moves (by CPU time) to --slowest-file",
    )
    parser.add_argument("--slowest-file", type=Path, default=Path("slowest_moves.jsonl"))
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        metavar="N",
        help="start at game N of the seed order (to split a run)",
    )
    parser.add_argument(
        "--retime",
        type=Path,
        metavar="FILE",
        help="only time again the positions of a --slowest file",
    )
    parser.add_argument("--runs", type=int, default=3, help="timings per position for --retime")
    parser.add_argument(
        "--paired",
        nargs="+",
        metavar="POLICY",
        help=f"play the same seeds with these guess policies ({', '.join(STRATEGIES)}) and "
        "compare each with the first",
    )
    args = parser.parse_args()
    if args.retime is not None:
        retime_figure(args.retime, args.runs)
        return
    if args.games is not None and args.games < 1:
        parser.error("--games must be 1 or more")
    if args.jobs < 1:
        parser.error("--jobs must be 1 or more")
    if args.first < 0:
        parser.error("--first must be 0 or more")
    chosen = [Difficulty[args.difficulty.upper()]] if args.difficulty else list(Difficulty)
    if args.paired is not None:
        unknown = [n for n in args.paired if n not in STRATEGIES]
        if unknown or len(args.paired) < 2:
            parser.error(
                f"--paired takes two or more of: {', '.join(STRATEGIES)}"
                + (f" (not {', '.join(unknown)})" if unknown else "")
            )
        for difficulty in chosen:
            games = args.games or (QUICK_GAMES if args.quick else DEFAULT_GAMES)[difficulty]
            paired_figure(args.paired, difficulty, games, args.jobs, args.progress, args.first)
        return
    table = QUICK_GAMES if args.quick else DEFAULT_GAMES
    for difficulty in chosen:
        games = args.games or table[difficulty]
        middles = bot_figure(
            difficulty, games, args.jobs, args.progress, args.slowest, args.slowest_file, args.first
        )
        if difficulty is Difficulty.EXPERT:
            probability_figure(middles[:200], difficulty.mines)
    boards = 20 if args.quick else 200
    for difficulty in chosen:
        no_guess_figure(difficulty, boards)
    if not args.quick:
        no_guess_budget_figure()


if __name__ == "__main__":
    main()
