"""The analysis of one game, move by move (docs/RULES.md, "The analysis of a game"): for each
opening, chord and flag, what the view proved at that moment, the exact chance of a mine, the
lowest chance anywhere then and the chance off the frontier; each move's verdict (sure, guess,
avoidable, mistake), the chance of surviving the guesses, and a summary line.

Reads a game's journal events through `walk.Walk` and counts with the solver the hints use
(`solver.solve_constraints`), keeping the open numbers as constraints from move to move so a
move costs what the frontier costs, not the board. Work is cut into steps (one move a step) so
a front end can show progress and stop; never reads a file, a clock or the screen, and words
nothing: game/analysis_text.py says it in the language in use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum

from .cells import Cell, ViewChar
from .game import MoveKind
from .solver import DEFAULT_BUDGET, Inconsistent, Solution, hint, neighbours, solve_constraints
from .walk import Turn, Walk, wrong_flag_round

# The boards whose guesses are weighed as the hints weigh them, for a better guess to name: a
# hint's guess is tens of milliseconds on Expert, and a swept 200x200 board has thousands.
BETTER_UP_TO = 2_500

# Probabilities this close count as the same lowest: cells of different boxes whose chances
# are equal in truth differ in the last bits of a float.
SAME = 1e-9


class Verdict(Enum):
    SURE = "sure"  # proven safe (a reveal), or a mark that is no mistake
    GUESS = "guess"  # a reveal the view did not prove safe, with no proven safe cell anywhere
    AVOIDABLE = "avoidable"  # a guess while some cell was proven safe
    MISTAKE = "mistake"  # a proven mine opened, a proven safe cell flagged, a wrong flag chorded


class Mistake(StrEnum):
    """Why a move was a mistake (`MoveReport.why`), in a few English words."""

    FLAGGED_SAFE = "flagged a proven safe cell"
    OPENED_MINE = "opened a proven mine"
    CHORDED_WRONG_FLAG = "chorded around a wrong flag"


@dataclass(frozen=True)
class MoveReport:
    """One move and what was known when it was made. Probabilities are fractions; `p_mine` is
    None when the move's cells were proven (for a chord: the chance that any cell it opens is
    a mine); `off_frontier_p` is None when every covered cell touched a number."""

    n: int  # from 1, in the order played
    kind: str  # open, chord, flag, unflag or mark
    row: int
    col: int
    t_ms: int
    proven: str | None  # "safe", "mine" or None
    p_mine: float | None
    lowest_p: float
    lowest_cells: tuple[Cell, ...]  # the covered cells next to numbers with the lowest chance
    lowest_off_frontier: bool  # the cells off the frontier have the lowest chance too
    off_frontier_p: float | None
    verdict: Verdict
    targets: tuple[Cell, ...] = ()  # what an opening or a chord opened
    approximate: bool = False  # part of the frontier was too big to count: an estimate
    why: Mistake | None = None  # a mistake's reason
    first_opening: bool = False  # the game's first: safe by the rules, wherever it is
    # A guess: the hints' guess then, when it was riskier than the safest cell on purpose (the
    # solver's GuessWhy's value says why) and the player guessed elsewhere: the better guess.
    better: Cell | None = None
    better_p: float | None = None
    better_why: str | None = None

    @property
    def is_guess(self) -> bool:
        return self.verdict in (Verdict.GUESS, Verdict.AVOIDABLE)

    def as_json(self) -> dict:
        return {
            "n": self.n,
            "kind": self.kind,
            "row": self.row,
            "col": self.col,
            "t_ms": self.t_ms,
            "proven": self.proven,
            "p_mine": self.p_mine,
            "lowest_p": self.lowest_p,
            "off_frontier_p": self.off_frontier_p,
            "verdict": self.verdict.value,
            **(
                {
                    "better": list(self.better),
                    "better_p": self.better_p,
                    "better_why": self.better_why,
                }
                if self.better is not None
                else {}
            ),
        }


@dataclass(frozen=True)
class GameAnalysis:
    moves: tuple[MoveReport, ...]

    @property
    def guesses(self) -> list[MoveReport]:
        return [m for m in self.moves if m.is_guess]

    @property
    def survival(self) -> float:
        """The chance of surviving every guess: the product of (1 - p) over them."""
        return math.prod(1.0 - m.p_mine for m in self.guesses)

    @property
    def avoidable(self) -> int:
        return sum(m.verdict is Verdict.AVOIDABLE for m in self.moves)

    @property
    def mistakes(self) -> int:
        return sum(m.verdict is Verdict.MISTAKE for m in self.moves)

    @property
    def approximate(self) -> bool:
        return any(m.approximate for m in self.moves)

    def summary_json(self) -> dict:
        return {
            "summary": True,
            "guesses": len(self.guesses),
            "survival": self.survival,
            "avoidable": self.avoidable,
            "mistakes": self.mistakes,
        }

    def first_of_note(self) -> int:
        """The first guess or mistake, or (none) the index after the last move."""
        found = self.next_of_note(-1)
        return len(self.moves) if found is None else found

    def next_of_note(self, index: int, step: int = 1) -> int | None:
        """The index of the next guess or mistake after `index` (before it, `step` -1)."""
        i = index + step
        while 0 <= i < len(self.moves):
            if self.moves[i].verdict is not Verdict.SURE:
                return i
            i += step
        return None


_MARK_KINDS = {"F": "flag", "?": "mark", "#": "unflag"}


class Analyser:
    """The analysis of one game, a move a step: call `step` until it answers False (or stop
    when you like), then take `result`. `progress` goes from 0 to 1. Raises ValueError for
    events of another board, or a view no layout fits."""

    def __init__(
        self, layout: list[str], events: Iterable[Mapping], *, budget: int = DEFAULT_BUDGET
    ) -> None:
        self.walk = Walk(layout, events)
        self.budget = budget
        game = self.walk.game
        self.rows, self.cols, self.mines = game.rows, game.cols, game.mines
        self.layout = layout
        self._near = neighbours(self.rows, self.cols)
        self._cells: dict[int, tuple[int, ...]] = {}  # open number -> its covered neighbours
        self._values: dict[int, int] = {}  # open number -> what it shows
        self._solution: Solution | None = None
        # Covered cells proven by an earlier count: still proven while only more opens (an
        # undo takes them back). They come off the numbers before the next count, which then
        # sees only the frontier still in doubt; the layouts that fit are the same.
        self._known: dict[int, bool] = {}
        self._known_mines = 0
        self._known_safe: set[int] = set()
        self._live: set[int] = set()  # numbers with a covered cell not known
        self._cache: dict = {}  # the frontier's parts, reused while they stand
        self._turns = iter(self.walk)
        self.moves: list[MoveReport] = []
        self.done = False

    @property
    def progress(self) -> float:
        total = self.walk.total
        return 1.0 if self.done or not total else self.walk.done / total

    def step(self) -> bool:
        """Analyse the next move; False when there is none left."""
        if self.done:
            return False
        turn = next(self._turns, None)
        if turn is None:
            self.done = True
            return False
        if turn.taken_back:
            self._known.clear()
            self._known_mines = 0
            self._known_safe.clear()
            self._live = set(self._cells)
        if self.walk.changed:
            for changed in self.walk.changed:
                self._note(changed)
            self._solution = None
        self.moves.append(self._report(turn))
        return True

    def run(self) -> GameAnalysis:
        while self.step():
            pass
        return self.result()

    def result(self) -> GameAnalysis:
        return GameAnalysis(tuple(self.moves))

    # ---- the open numbers, kept from move to move -----------------------------------------

    def _note(self, changed) -> None:
        """The numbers whose covered neighbours changed: those cells and the numbers near."""
        cols, near = self.cols, self._near
        touched = set()
        for r, c in changed:
            k = r * cols + c
            touched.add(k)
            touched.update(near[k])
        game = self.walk.game
        for k in touched:
            v = ViewChar(game.cell(*divmod(k, cols))).mines_around
            cells = () if v is None else tuple(j for j in near[k] if not self._open(j))
            if cells:
                self._cells[k], self._values[k] = cells, v
                self._live.add(k)
            else:
                self._cells.pop(k, None)
                self._live.discard(k)
                self._values.pop(k, None)
            if v is not None and k in self._known:  # opened: no longer covered
                self._known_mines -= self._known.pop(k)
                self._known_safe.discard(k)

    def _open(self, k: int) -> bool:
        return ViewChar(self.walk.game.cell(*divmod(k, self.cols))).is_open

    def _system(self) -> tuple[dict[tuple[int, ...], int], int, int]:
        """The numbers as constraints on the cells not yet proven, how many cells are
        covered and not proven, and the mines among them."""
        known, live = self._known, self._live
        cons: dict[tuple[int, ...], int] = {}
        for k in list(live):
            cells, v = self._cells[k], self._values[k]
            remaining = tuple(j for j in cells if j not in known)
            if len(remaining) != len(cells):
                v -= sum(known.get(j, False) for j in cells)
            if not remaining:
                live.discard(k)  # until a change near it or an undo
                continue
            if cons.setdefault(remaining, v) != v:
                raise ValueError("the view is inconsistent: no layout fits its numbers")
        unknown = self.rows * self.cols - self.walk.game.safe_opened - len(known)
        return cons, unknown, self.mines - self._known_mines

    def _solve(self) -> Solution:
        if self._solution is None:
            try:
                sol = solve_constraints(*self._system(), self.budget, self._cache)
            except Inconsistent:
                raise ValueError("the view is inconsistent: no layout fits its numbers") from None
            # only the parts of this view are worth keeping: a part the next move did not
            # touch is counted again for nothing
            self._cache = {tuple(p.numbers): p for p in sol.parts}
            for j, mine in sol.certain.items():
                if j not in self._known:
                    self._known[j] = mine
                    self._known_mines += mine
                    if not mine:
                        self._known_safe.add(j)
            self._solution = sol
        return self._solution

    # ---- one move ---------------------------------------------------------------------------

    def _report(self, turn: Turn) -> MoveReport:
        move, cols = turn.move, self.cols
        kind = move.kind.value
        if move.kind is MoveKind.FLAG:
            kind = _MARK_KINDS.get(move.mark or "F", "flag")
        common = {
            "n": len(self.moves) + 1,
            "kind": kind,
            "row": move.row,
            "col": move.col,
            "t_ms": move.at_ms,
            "targets": turn.targets,
        }
        if turn.first_opening:  # the mines are laid to keep it safe, wherever it is
            return MoveReport(
                **common,
                proven="safe",
                p_mine=None,
                lowest_p=0.0,
                lowest_cells=(),
                lowest_off_frontier=True,
                off_frontier_p=0.0,
                verdict=Verdict.SURE,
                first_opening=True,
            )
        sol = self._solve()
        low, low_cells, low_rest = self._lowest(sol)
        rest = sol.rest_prob if sol.n_rest else None
        common.update(
            lowest_p=low,
            lowest_cells=low_cells,
            lowest_off_frontier=low_rest,
            off_frontier_p=rest,
            approximate=sol.approximate,
        )
        if move.kind is MoveKind.FLAG:
            k = move.row * cols + move.col
            proven = _proven(self._p(sol, k))
            wrong = kind == "flag" and proven == "safe"
            return MoveReport(
                **common,
                proven=proven,
                p_mine=None if proven else self._p(sol, k),
                verdict=Verdict.MISTAKE if wrong else Verdict.SURE,
                why=Mistake.FLAGGED_SAFE if wrong else None,
            )
        targets = [r * cols + c for r, c in turn.targets]
        chances = [self._p(sol, k) for k in targets]
        if any(p == 1.0 for p in chances):
            proven, p = "mine", None
        elif all(p == 0.0 for p in chances):
            proven, p = "safe", None
        else:
            proven, p = (
                None,
                self._any_mine(sol, [k for k, q in zip(targets, chances, strict=True) if q > 0.0]),
            )
        why = None
        if move.kind is MoveKind.CHORD and wrong_flag_round(
            self.walk.game, self.layout, move.row, move.col
        ):
            verdict, why = Verdict.MISTAKE, Mistake.CHORDED_WRONG_FLAG
        elif proven == "mine":
            verdict, why = Verdict.MISTAKE, Mistake.OPENED_MINE
        elif proven == "safe":
            verdict = Verdict.SURE
        elif self._has_safe(sol):
            verdict = Verdict.AVOIDABLE
        else:
            verdict = Verdict.GUESS
            common.update(self._better(turn))
        return MoveReport(**common, proven=proven, p_mine=p, verdict=verdict, why=why)

    def _better(self, turn: Turn) -> dict:
        """The better guess than the player's, as MoveReport's fields: the hints' guess then,
        when it is riskier than the safest cell on purpose and the player guessed elsewhere.
        Worked out on boards of up to BETTER_UP_TO cells (a hint a guess)."""
        if self.rows * self.cols > BETTER_UP_TO:
            return {}
        found = hint(self.walk.game.view(), self.mines)
        if found is None or found.safest is None or found.why is None:
            return {}
        if found.cell in (turn.targets or ((turn.move.row, turn.move.col),)):
            return {}
        return {"better": found.cell, "better_p": found.probability, "better_why": found.why.value}

    def _p(self, sol: Solution, k: int) -> float:
        known = self._known.get(k)
        if known is not None:
            return 1.0 if known else 0.0
        return sol.prob.get(k, sol.rest_prob)

    def _has_safe(self, sol: Solution) -> bool:
        return sol.has_safe() or bool(self._known_safe)

    def _lowest(self, sol: Solution) -> tuple[float, tuple[Cell, ...], bool]:
        chances = list(sol.prob.values())
        if sol.n_rest:
            chances.append(sol.rest_prob)
        safe = self._known_safe
        low = 0.0 if safe else min(chances, default=1.0)
        cells = {k for k, p in sol.prob.items() if p <= low + SAME}
        cells.update(safe)
        return (
            low,
            tuple(sorted(divmod(k, self.cols) for k in cells)),
            bool(sol.n_rest) and sol.rest_prob <= low + SAME,
        )

    def _any_mine(self, sol: Solution, cells: list[int]) -> float:
        """The chance that at least one of `cells` (none proven) is a mine: one cell's own
        chance, or for a chord 1 - (layouts with them all safe) / (all layouts)."""
        if len(cells) == 1:
            return self._p(sol, cells[0])
        cons, unknown, mines = self._system()
        key = tuple(sorted(cells))
        if cons.setdefault(key, 0) != 0:
            return 1.0
        try:
            clear = solve_constraints(cons, unknown, mines, self.budget, dict(self._cache))
        except Inconsistent:
            return 1.0
        return min(1.0, max(0.0, 1.0 - math.exp(clear.log_layouts - sol.log_layouts)))


def _proven(p: float) -> str | None:
    return "safe" if p == 0.0 else "mine" if p == 1.0 else None


PART = 25  # move reports a part: what a worker sends at a time (a few tens of kB)


def analyse_in_parts(
    layout: list[str],
    events: list[Mapping],
    send: Callable[[tuple], None],
    *,
    part: int = PART,
    budget: int = DEFAULT_BUDGET,
) -> int:
    """The analysis `analyse_game` makes, sent as it is made: `send((progress, reports))`
    with each `part` moves' reports in order, the last with progress 1.0 (what a worker
    process runs: small parts are quick to take in for the process that waits). Returns how
    many moves were reported."""
    analyser = Analyser(layout, events, budget=budget)
    sent = 0
    while analyser.step():
        if len(analyser.moves) - sent >= part:
            send((analyser.progress, analyser.moves[sent:]))
            sent = len(analyser.moves)
    send((1.0, analyser.moves[sent:]))
    return len(analyser.moves)


def analyse_game(
    layout: list[str], events: Iterable[Mapping], *, budget: int = DEFAULT_BUDGET
) -> GameAnalysis:
    """The analysis of a game on `layout` played as `events` say (journal lines as plain
    dicts, docs/FORMATS.md; `walk.move_events` makes them of a version 1 replay's moves), all
    at once."""
    return Analyser(layout, events, budget=budget).run()
