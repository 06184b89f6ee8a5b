"""Boards that can be cleared from the first click by deduction alone ("no guessing" mode).

Lays mines, then plays the board with the solver (one number, groups of numbers and the mine
total) and, where it gets stuck, moves a mine away from the stuck frontier and carries on. Uses
only the `random.Random` it is handed, never the global random state, and no clock: its effort
is counted in work steps (`WORK_BUDGET`), so the same request gives the same board on every
machine, fast or slow (docs/RULES.md, "Laying the mines").
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import minefield, solver
from .minefield import Minefield

_MAX_PASSES = 40  # full replays of one layout before it is thrown away for a fresh one

# The work one request may take, in steps (see `_Work`). Chosen so that every board the earlier
# 2-second clock budget finished still finishes. On the development machine, requests that run
# long (16x16 with 170 mines to 200x200 with 9,000) went at 2.4 to 5.5 million steps per CPU
# second (a 200x200 board with 9,000 mines: 1.5 s, 7.0 million steps), so 2 s were at most about
# 11 million steps; tiny boards go faster per step but finish in milliseconds. A request that
# cannot be met gives up after 2.5 to 7 s of CPU there (benchmarks/bench_solver.py,
# "no_guess_budget", measures it again).
WORK_BUDGET = 12_000_000
# What one analysis of the frontier costs besides the numbers and cells it reads: the solver's
# fixed work (peeling, splitting into parts, weighing them), about as long as a thousand steps.
# Changing it, any charge or the budget changes which requests fall back, and so what some board
# codes give: a change of the boards everyone shares.
_ANALYSIS_STEPS = 1_000


class Cancelled(Exception):
    """The caller's `cancel()` said stop: no board was laid."""


class _OutOfWork(Exception):
    """The request spent its work budget."""


class _Work:
    """Counts the steps a request spends and polls the caller's `cancel` between steps.

    A step is roughly one cell looked at: laying or replaying a layout costs one step per cell
    of the board, one number re-examined by the single-number rule costs one, one analysis of
    the frontier costs one per number and cell it reads, and a repair one per cell of the board
    (it scans the board for a place to move a mine to). Counting these, not seconds, keeps the
    result the same on every machine while staying roughly in proportion to the time taken.
    """

    __slots__ = ("spent", "budget", "cancel")

    def __init__(self, budget: int, cancel: Callable[[], bool] | None) -> None:
        self.spent = 0
        self.budget = budget
        self.cancel = cancel

    def charge(self, steps: int) -> None:
        self.spent += steps
        if self.spent > self.budget:
            raise _OutOfWork
        if self.cancel is not None and self.cancel():
            raise Cancelled


def lay_no_guess(
    rows: int,
    cols: int,
    mines: int,
    rng: random.Random,
    first_click: tuple[int, int],
    safe: set[tuple[int, int]],
    *,
    work_budget: int | None = None,
    cancel: Callable[[], bool] | None = None,
    uniform: bool = False,
    spent: list[int] | None = None,
) -> Minefield | None:
    """Exactly `mines` mines outside `safe` (and off `first_click`), clearable without a guess.

    "Clearable" means: after opening `first_click`, `solver.hint` always has a cell it proves
    safe (one number, two or three numbers together, the whole frontier or the mine total) until
    every safe cell is open. Returns None when no such board was found within `work_budget`
    steps (default `WORK_BUDGET`): then the same request gives None on every machine. The same
    `rng` state gives the same board. `cancel`, if given, is called between work steps; when it
    returns True the search stops and `Cancelled` is raised. `spent`, if given, gets the steps
    the request took appended, however it ended (for benchmarks and tests).

    Distribution, honestly: by default a random layout is played and, whenever the solver gets
    stuck, one mine of the stuck frontier moves to a random covered cell away from the open
    area; the result is then replayed from the start until a replay needs no move. This is fast
    (Expert in well under a second) but NOT uniform over no-guess boards: it favours boards
    whose mines sit away from where the solver got stuck. With `uniform=True` it only lays
    uniform random layouts and keeps the first that passes (rejection sampling): uniform over
    the no-guess boards of this solver, but slow on Expert and None on hard requests.
    """
    if not (0 <= first_click[0] < rows and 0 <= first_click[1] < cols):
        raise ValueError(f"the first click {first_click} is off the {rows}×{cols} board")
    keep = set(safe) | {tuple(first_click)}
    if any(not (0 <= r < rows and 0 <= c < cols) for r, c in keep):
        raise ValueError("every safe cell must be on the board")
    room = rows * cols - len(keep)
    if not 0 <= mines <= room:
        raise ValueError(f"{mines} mines do not fit in the {room} cells outside the safe zone")
    work = _Work(WORK_BUDGET if work_budget is None else work_budget, cancel)
    try:
        return _search(rows, cols, mines, rng, first_click, keep, uniform, work)
    except _OutOfWork:
        return None
    finally:
        if spent is not None:
            spent.append(work.spent)


def _search(
    rows: int,
    cols: int,
    mines: int,
    rng: random.Random,
    first_click: tuple[int, int],
    keep: set[tuple[int, int]],
    uniform: bool,
    work: _Work,
) -> Minefield:
    keep_flat = frozenset(r * cols + c for r, c in keep)
    start = first_click[0] * cols + first_click[1]
    n = rows * cols
    while True:
        work.charge(n)
        field = minefield.lay(rows, cols, mines, rng, keep)
        board = _Board(rows, cols, _flat_mines(field), start, keep_flat, work)
        if uniform:
            if board.play(None) == "cleared":
                return field
            continue
        for _ in range(_MAX_PASSES):
            repairs = [0]
            outcome = board.play(rng, repairs)
            if outcome != "cleared":
                break
            if not repairs[0]:
                return board.minefield()


def _flat_mines(field: Minefield) -> list[int]:
    width = field.width
    return [(m // width - 1) * field.cols + m % width - 1 for m in field.mines]


class _Board:
    """A layout being played by deduction, with the moves that repair it where it gets stuck."""

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: list[int],
        start: int,
        keep: frozenset[int],
        work: _Work,
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.n = rows * cols
        self.mines = len(mines)
        self.start = start
        self.keep = keep
        self.steps = work
        self.nb = solver.neighbours(rows, cols)
        self.is_mine = bytearray(self.n)
        for m in mines:
            self.is_mine[m] = 1
        self.count = [sum(self.is_mine[j] for j in around) for around in self.nb]
        self.cache: dict = {}

    def minefield(self) -> Minefield:
        width = self.cols + 2
        cells = [
            (k // self.cols + 1) * width + k % self.cols + 1
            for k in range(self.n)
            if self.is_mine[k]
        ]
        return minefield.build(self.rows, self.cols, cells)

    # ---- one replay from the first click --------------------------------------------------

    def play(self, rng: random.Random | None, repairs: list[int] | None = None) -> str:
        """Replay from the first click: "cleared", "stuck" or "failed" (or out of work).

        With an `rng`, a stuck position is repaired (and counted in `repairs`) instead.
        """
        self.opened = bytearray(self.n)
        self.known_mine = bytearray(self.n)
        self.n_opened = 0
        self.border: set[int] = set()  # open cells that may still touch an undecided cell
        self.work: list[int] = []
        safe_total = self.n - self.mines
        self.steps.charge(self.n)
        self._open(self.start)
        while True:
            self._propagate()
            if self.n_opened == safe_total:
                return "cleared"
            if self._deduce_globally():
                continue
            if rng is None:
                return "stuck"
            if repairs[0] > 2 * self.mines + 20 or not self._repair(rng):
                return "failed"
            repairs[0] += 1

    def _open(self, k: int) -> None:
        opened, count, nb = self.opened, self.count, self.nb
        if opened[k]:
            return
        opened[k] = 1
        self.n_opened += 1
        self.work.append(k)
        self.border.add(k)
        stack = [k] if count[k] == 0 else []
        while stack:
            i = stack.pop()
            for j in nb[i]:
                if not opened[j]:
                    opened[j] = 1
                    self.n_opened += 1
                    self.work.append(j)
                    self.border.add(j)
                    if count[j] == 0:
                        stack.append(j)

    def _mark_mine(self, k: int) -> None:
        if not self.known_mine[k]:
            self.known_mine[k] = 1
            self.work.extend(j for j in self.nb[k] if self.opened[j])

    def _propagate(self) -> None:
        """The single-number rule until nothing changes: full numbers, satisfied numbers."""
        opened, known, count, nb, work = (
            self.opened,
            self.known_mine,
            self.count,
            self.nb,
            self.work,
        )
        examined = 0
        while work:
            examined += 1
            k = work.pop()
            free = []
            found = 0
            for j in nb[k]:
                if not opened[j]:
                    if known[j]:
                        found += 1
                    else:
                        free.append(j)
            if not free:
                continue
            left = count[k] - found
            if left == 0:
                for j in free:
                    self._open(j)
                work.extend(j for j in nb[k] if opened[j])
            elif left == len(free):
                for j in free:
                    self._mark_mine(j)
        self.steps.charge(examined)

    def _constraints(self) -> dict[tuple[int, ...], int]:
        """The open numbers that still touch an undecided cell, without the proven mines.

        Leaving out proven mines is exact (the solver would peel them off itself) and keeps
        each analysis in proportion to the undecided frontier, not to the whole open area.
        """
        opened, known, nb, count = self.opened, self.known_mine, self.nb, self.count
        cons: dict[tuple[int, ...], int] = {}
        done = []
        for k in sorted(self.border):
            cells = tuple(j for j in nb[k] if not opened[j] and not known[j])
            if cells:
                cons[cells] = count[k] - sum(known[j] for j in nb[k])
            else:
                done.append(k)
        self.border.difference_update(done)
        self.steps.charge(_ANALYSIS_STEPS + len(done) + sum(len(cells) + 1 for cells in cons))
        return cons

    def _analysis(self) -> solver.Solution:
        known = self.known_mine.count(1)
        return solver.solve_constraints(
            self._constraints(),
            self.n - self.n_opened - known,
            self.mines - known,
            solver.DEFAULT_BUDGET,
            self.cache,
        )

    def _deduce_globally(self) -> bool:
        """Everything the whole frontier and the mine total prove; True if a cell opened."""
        sol = self._analysis()
        progress = False
        for k, mine in sol.certain.items():
            if mine:
                self._mark_mine(k)
            elif not self.opened[k]:
                self._open(k)
                progress = True
        if sol.rest_certain is not None and sol.n_rest:
            self.steps.charge(self.n)
            for k in range(self.n):
                if not self.opened[k] and not self.known_mine[k] and k not in sol.prob:
                    if sol.rest_certain:
                        self._mark_mine(k)
                    else:
                        self._open(k)
                        progress = True
        self._stuck = sol
        return progress

    # ---- repair ---------------------------------------------------------------------------

    def _repair(self, rng: random.Random) -> bool:
        """Move one mine off the stuck frontier, preferably to a covered cell away from it all."""
        sol = self._stuck
        opened, known, is_mine, nb, keep = (
            self.opened,
            self.known_mine,
            self.is_mine,
            self.nb,
            self.keep,
        )
        undecided = [k for k in sorted(sol.prob) if k not in sol.certain and not known[k]]
        movable = [k for k in undecided if is_mine[k]]
        if not movable:
            return False
        self.steps.charge(self.n)
        frontier = sol.prob
        away = [
            k
            for k in range(self.n)
            if not opened[k]
            and not is_mine[k]
            and not known[k]
            and k not in keep
            and k not in frontier
            and not any(opened[j] for j in nb[k])
        ]
        if away:
            source = movable[int(rng.random() * len(movable))]
            self._move(source, away[int(rng.random() * len(away))])
            return True
        # No room away from the open area: try moves inside the frontier, keeping the first
        # that lets the solver on (a trial must not mark mines: it may be undone).
        moves = [(s, t) for s in movable for t in undecided if not is_mine[t] and t not in keep]
        picked = minefield.partial_shuffle(list(range(len(moves))), min(30, len(moves)), rng)
        for i in picked:
            source, target = moves[i]
            before = self.n_opened
            self._move(source, target)
            if self.n_opened > before or self._analysis().has_safe():
                return True
            self._move(target, source)
        return False

    def _move(self, source: int, target: int) -> None:
        self.is_mine[source] = 0
        self.is_mine[target] = 1
        for j in self.nb[source]:
            self.count[j] -= 1
        for j in self.nb[target]:
            self.count[j] += 1
        changed = [j for j in self.nb[source] if self.opened[j]]
        changed += [j for j in self.nb[target] if self.opened[j]]
        for j in changed:
            if self.count[j] == 0:  # a replay would open its whole region at once
                for i in self.nb[j]:
                    if not self.opened[i]:
                        self._open(i)
        self.work.extend(changed)
