"""The guess policy: when no cell is certain, the cell most likely to win the game, and why."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from .answers import GuessWhy, Hint, HintKind
from .endgame import (
    ENDGAME_LAYOUTS,
    GUESS_WORK,
    Work,
    closed_part,
    endgame_guess,
    local_endgame,
)
from .position import Inconsistent, OverBudget, Position, cell_text, constraints, neighbours
from .probabilities import Solution, solve_constraints

_LOOKAHEAD_BUDGET = 5_000  # per analysis while weighing guesses
_MAX_GUESS_CANDIDATES = 14
_FRONTIER_CANDIDATES = 10
_TIE_MARGIN = 1e-9  # guesses this close in two-step survival count as equal
_MAX_LOOKAHEAD_ANALYSES = 160
_LOOKAHEAD_MAX_NUMBERS = 1_500  # on bigger frontiers guesses use the probabilities alone
_LOOKAHEAD_WORK = 60_000  # numbers read over all the analyses of one lookahead
_ENDGAME_SHARE = 2 / 3  # of a guess's work cap: the rest is kept for the lookahead
# What one lookahead analysis costs in the steps of the guess's one Work cap (endgame.py: a step
# is about 0.2 us here), fitted over the analyses of the slowest Expert hints (bench_solver.py
# --slowest, then --retime): a call, each (number, cell) pair it reads, each unit of counting
# work (counting.py) on the parts it solves anew, and each entry of the parts' distributions
# (weighing them together and the marginals).
_STEPS_PER_ANALYSIS = 100
_STEPS_PER_PAIR = 15
_STEPS_PER_UNIT = 300
_STEPS_PER_ENTRY = 125


@dataclass(frozen=True)
class Strategy:
    """The levers of the guess policy, each a switch while it is measured on paired games
    (benchmarks/bench_solver.py --paired); `TODAY` is the policy the hints use. A strategy
    changes only how a guess is chosen, never what is proven. The switches TODAY leaves off
    were measured and not kept (benchmarks/RESULTS.md, "Issue 43"): they stay while that
    issue's goal is open, for measuring with what comes next."""

    # A guess whose number would close a part of the frontier that must then be won on its own
    # (a 50/50 against a wall, say) has that part's chance of being won in its survival.
    long_term: bool = False
    # A dead cell (its number, if it is safe, is the same in every layout: opening it teaches
    # nothing) is not guessed while a cell that may teach something is within the margin.
    living_only: bool = False
    margin: float = 0.03  # guesses weighed: at most this much likelier to be a mine than the best
    # If above 0: guesses weighed are at least this share as safe as the safest (for the
    # margin above). JSMinesweeper's solver weighs those at 0.9.
    relative: float = 0.0
    # The next move's safety as the safest and the next safest cell then, blended 4 to 1 (a
    # single proven safe cell is not the same as two), instead of 1 when a cell is proven safe.
    blend: bool = False
    # A guess that may lie in a 50/50 to come (two cells walled in by mines, or a 2x2 square
    # whose four corners outside are mines) is worth guessing now, before the information it
    # would give is needed: its score grows by this weight times the share of its safe layouts
    # that form one. 0: off.
    influence: float = 0.0
    # A 50/50 no opening can ever tell apart is guessed first even when covered cells lie
    # beside it (they see as many of its mines either way): it must be guessed some time, and
    # what it shows then helps the rest.
    pseudo: bool = False
    # The endgame searches the game to its end from at most this many layouts left, and a
    # guess's searches may do this many steps of work (endgame.GUESS_WORK says what a step is).
    endgame: int = ENDGAME_LAYOUTS
    work: int = GUESS_WORK
    # The endgame searched with sets of layouts as integers (endgame._BitEndgame: the same
    # chances, in about half the time), and with steps of its own (0: two thirds of `work`).
    bitsets: bool = False
    endgame_work: int = 0


# The hints' policy (issue 43's figures, benchmarks/RESULTS.md): the endgame searched from up
# to 5,000 layouts with steps of its own, and a 50/50 nothing can tell apart guessed first.
TODAY = Strategy(endgame=5000, bitsets=True, endgame_work=1_000_000, pseudo=True)


def _percent(p: float) -> str:
    return f"{p:.1%}" if p < 0.1 else f"{p:.0%}"


class Choice(NamedTuple):
    """A guess chosen: its cell, its chance of a mine, whether that chance is estimated, and,
    when it is riskier than the safest cell, that cell and why this one is better."""

    cell: int
    p: float
    approximate: bool = False
    why: GuessWhy | None = None
    safest: int | None = None


# The solver's own words for why (the terminal's reason; front ends word GuessWhy their way).
_WHY_NOTES = {
    GuessWhy.OPENS_MORE: "it is likelier to open up the board",
    GuessWhy.FEWER_50_50S: "it leaves fewer 50/50s",
    GuessWhy.WINS_MOST: "over all {layouts} ways the mines can lie, opening it wins most often",
    GuessWhy.ON_ITS_OWN: "its region must be guessed sooner or later, and this wins it most",
}


def guess_hint(pos: Position, sol: Solution, choice: Choice) -> Hint:
    cell, p = choice.cell, choice.p
    approximate = choice.approximate or sol.approximate
    safest = safest_p = None
    said, at = _percent(p), ""
    if choice.safest is not None:
        safest_p = sol.prob.get(choice.safest, sol.rest_prob)
        safest = divmod(choice.safest, pos.cols)
        at = _percent(safest_p)
        for places in (1, 2):  # told apart where they would read alike
            if said != at:
                break
            said, at = f"{p:.{places}%}", f"{safest_p:.{places}%}"
    reason = (
        f"No cell is certain. {cell_text(pos, cell)} is the best guess: it is a mine with "
        f"probability {said}"
    )
    if approximate:
        reason += " (estimated: the position is too big to count exactly)"
    reason += "."
    if choice.why is not None:
        note = _WHY_NOTES[choice.why].format(layouts=round(math.exp(sol.log_layouts)))
        if choice.safest is not None:
            note = (
                f"it is riskier than the safest cell, {cell_text(pos, choice.safest)} at {at}, "
                f"but {note}"
            )
        reason += f" {note[0].upper()}{note[1:]}."
    return Hint(
        divmod(cell, pos.cols),
        False,
        p,
        reason,
        approximate,
        kind=HintKind.GUESS,
        why=choice.why,
        safest=safest,
        safest_probability=safest_p,
    )


def choose_guess(
    pos: Position,
    sol: Solution,
    cache: dict,
    lookahead: bool,
    work: Work,
    strategy: Strategy = TODAY,
) -> Choice:
    """The guess most likely to win the game.

    Candidates are the safest frontier cells and a few representatives of the cells away from
    the numbers (corners first: they are the likeliest to open an area), all within
    the strategy's margin of the safest. With `lookahead`: when few layouts are left, the game is
    searched to its end; else a closed region that must be won on its own is searched; else
    each candidate is weighed by the chance of surviving it and the next move (for every number
    it could show, the position is solved again; one with a certain safe cell counts as
    survived, any other by the safety of its best guess), ties going to the guess that proves
    the most cells. Without, the safest cell with the fewest covered neighbours.
    """

    def p_of(k: int) -> float:
        return sol.prob.get(k, sol.rest_prob)

    def chosen(k: int, why: GuessWhy) -> Choice:
        riskier = p_of(k) > p_of(best) + _TIE_MARGIN
        return Choice(k, p_of(k), False, why, best if riskier else None)

    candidates = _candidates(pos, sol, strategy)
    best = candidates[0]
    if not lookahead or sol.approximate:
        return Choice(best, p_of(best), sol.approximate)
    cons = constraints(pos)
    if len(cons) > _LOOKAHEAD_MAX_NUMBERS:
        return Choice(best, p_of(best))
    if strategy.endgame_work:  # its own steps, besides the cap's
        own = work.own(strategy.endgame_work)
        endgame = endgame_guess(pos, sol, cons, own, strategy.endgame, strategy.bitsets)
        work.settle_own(own)
    else:
        share = work.share(_ENDGAME_SHARE)  # the rest of the cap is kept for the lookahead
        endgame = endgame_guess(pos, sol, cons, share, strategy.endgame, strategy.bitsets)
        work.settle(share)
    if endgame is not None:
        return chosen(endgame, GuessWhy.WINS_MOST)
    endgame = local_endgame(pos, sol, work, strategy.pseudo)
    if endgame is not None:
        return chosen(endgame, GuessWhy.ON_ITS_OWN)
    holding: dict[int, list[tuple[int, ...]]] = {}
    for cs in cons:
        for j in cs:
            holding.setdefault(j, []).append(cs)
    analyses = 0
    most = min(_MAX_LOOKAHEAD_ANALYSES, _LOOKAHEAD_WORK // max(1, len(cons)))
    weighed: dict[int, _Weighed] = {}
    top = -1.0
    for k in candidates:
        p = p_of(k)
        if 1.0 - p + strategy.influence * min(p, 1.0 - p) < top - _TIE_MARGIN:
            break  # survival of two moves is never above the safety of the first
        if analyses >= most:
            break
        try:
            found = _weigh_guess(pos, sol, cons, holding, k, cache, work, strategy)
        except OverBudget:
            break  # the hint's work is spent: the guesses weighed so far, or the safest
        analyses += found.used
        if not (found.dead and strategy.living_only):
            weighed[k] = found
            top = max(top, found.score)
    if not weighed:
        return Choice(best, p_of(best))
    close = [k for k, w in weighed.items() if w.score >= top - _TIE_MARGIN]
    pick = max(close, key=lambda k: (weighed[k].progress, -p_of(k), -k))
    if pick == best:
        return Choice(best, p_of(best))
    safest = weighed.get(best)
    if safest is not None and safest.plain > weighed[pick].plain + _TIE_MARGIN:
        return chosen(pick, GuessWhy.FEWER_50_50S)  # ahead but for the 50/50s it leaves
    return chosen(pick, GuessWhy.OPENS_MORE)


def _candidates(pos: Position, sol: Solution, strategy: Strategy) -> list[int]:
    """The cells a guess is chosen among, safest first (then fewest covered neighbours): the
    safest frontier cells and a few away from the numbers, within the strategy's margin."""
    nb = neighbours(pos.rows, pos.cols)
    values = pos.values

    def p_of(k: int) -> float:
        return sol.prob.get(k, sol.rest_prob)

    def key(k: int) -> tuple[float, int, int]:
        return (p_of(k), sum(1 for j in nb[k] if values[j] < 0), k)

    frontier = sorted((k for k in sol.prob if sol.prob[k] < 1.0), key=key)
    candidates = frontier[:_FRONTIER_CANDIDATES]
    if sol.n_rest and sol.rest_prob < 1.0:
        candidates += _rest_representatives(pos, sol, nb)
    candidates.sort(key=key)
    floor = p_of(candidates[0]) + strategy.margin
    if strategy.relative:
        floor = 1.0 - strategy.relative * (1.0 - p_of(candidates[0]))
    return [k for k in candidates[:_MAX_GUESS_CANDIDATES] if p_of(k) <= floor]


def _rest_representatives(pos: Position, sol: Solution, nb) -> list[int]:
    """A few cells away from the numbers: corners, cells beside the frontier, an edge, a middle."""
    rest = [k for k in pos.unknown if k not in sol.prob]
    corners = [k for k in rest if len(nb[k]) <= 3]
    beside = [k for k in rest if any(j in sol.prob for j in nb[k])]
    beside.sort(key=lambda k: (-sum(1 for j in nb[k] if j in sol.prob), k))
    edges = [k for k in rest if len(nb[k]) == 5 and k not in beside]
    middle = [k for k in rest if len(nb[k]) == 8 and k not in beside]
    chosen = corners[:4] + beside[:4] + edges[:2] + middle[:1]
    return list(dict.fromkeys(chosen))


class _Weighed(NamedTuple):
    score: float  # the chance to survive this guess and the next move (and closed parts)
    plain: float  # the same without the 50/50 levers (closed parts, influence)
    progress: float  # the cells proven safe by its number, expected
    used: int  # analyses made
    dead: bool  # one number only if it is safe: opening it teaches nothing


def _weigh_guess(
    pos: Position,
    sol: Solution,
    cons: dict[tuple[int, ...], int],
    holding: dict[int, list[tuple[int, ...]]],
    k: int,
    cache: dict,
    work: Work,
    strategy: Strategy = TODAY,
) -> _Weighed:
    """The chance to survive guessing `k` and the next move, and more (_Weighed). With
    `strategy.long_term`, a number that closes a part of the frontier counts that part's chance
    of being won. Each analysis spends `work` by the pairs it reads; raises OverBudget when it
    runs out."""
    nb = neighbours(pos.rows, pos.cols)
    base = dict(cons)
    for cs in holding.get(k, ()):
        v = base.pop(cs)
        smaller = tuple(j for j in cs if j != k)
        if not smaller:
            if v:
                return _Weighed(0.0, 0.0, 0.0, 0, False)
            continue
        if base.setdefault(smaller, v) != v:
            return _Weighed(0.0, 0.0, 0.0, 0, False)
    around = tuple(j for j in nb[k] if pos.values[j] < 0)
    n_unknown = len(pos.unknown) - 1
    score = plain = progress = 0.0
    used = outcomes = 0
    price = _STEPS_PER_ANALYSIS + _STEPS_PER_PAIR * (sum(map(len, base)) + len(around))
    for v in range(len(around) + 1):
        after = dict(base)
        if around and after.setdefault(around, v) != v:
            continue
        if not around and v:
            continue
        used += 1
        work.spend(price)
        budget = min(_LOOKAHEAD_BUDGET, work.left // _STEPS_PER_UNIT + 1)
        try:
            nxt = solve_constraints(after, n_unknown, pos.mines, budget, cache)
        except Inconsistent:
            continue
        work.spend(
            _STEPS_PER_UNIT * nxt.counted + _STEPS_PER_ENTRY * sum(len(p.dist) for p in nxt.parts)
        )
        chance = math.exp(nxt.log_layouts - sol.log_layouts)
        outcomes += chance > 0
        proven = [j for j, mine in nxt.certain.items() if not mine]
        n_safe = len(proven) + (nxt.n_rest if nxt.rest_certain is False else 0)
        if n_unknown == pos.mines:
            survive = 1.0
        elif strategy.blend:
            survive = _blended_safety(nxt, n_safe)
        elif n_safe:
            survive = 1.0
        else:
            survive = 1.0 - min(
                [p for p in nxt.prob.values()] + ([nxt.rest_prob] if nxt.n_rest else []),
                default=0.0,
            )
        plain += chance * survive
        if strategy.long_term:
            survive *= _closed_chance(pos, nxt, k, work)
        score += chance * survive
        progress += chance * n_safe
    if strategy.influence and score:
        share = _fifty_fifty_share(pos, sol, cons, k, cache, work)
        score *= 1.0 + strategy.influence * share
    return _Weighed(score, plain, progress, used, outcomes == 1)


def _blended_safety(nxt: Solution, n_safe: int) -> float:
    """The safest and the next safest cell's safety, 4 to 1, after a guess (`n_safe` cells
    proven safe then)."""
    if n_safe >= 2:
        return 1.0
    safeties = [1.0 - p for p in nxt.prob.values() if 0.0 < p < 1.0]
    if nxt.n_rest and nxt.rest_certain is None:
        safeties += [1.0 - nxt.rest_prob] * min(nxt.n_rest, 2)
    safeties = [1.0] * n_safe + sorted(safeties, reverse=True)[:2]
    best, second = (safeties + [0.0, 0.0])[:2]
    return (4 * best + second) / 5


def _fifty_fifty_share(
    pos: Position,
    sol: Solution,
    cons: dict[tuple[int, ...], int],
    k: int,
    cache: dict,
    work: Work,
) -> float:
    """The share of the layouts with `k` safe in which `k` lies in a 50/50 that may come: two
    side by side whose cells beyond each end are mines or the board's edge (each way round: a
    half of that 50/50), or a 2x2 square whose four corners outside are (its diagonal ways: the
    likeliest such square). Only shapes that need at most three more mines than are proven."""
    rows, cols, values = pos.rows, pos.cols, pos.values
    r, c = divmod(k, cols)
    certain = sol.certain

    def at(y: int, x: int) -> int | None:
        return y * cols + x if 0 <= y < rows and 0 <= x < cols else None

    def share(mines: list[int | None], safe: list[int | None], walls: list[tuple[int, int]]):
        cells = [j for j in mines + safe if j is not None]
        if len(cells) < len(mines) + len(safe):
            return 0.0
        if any(values[j] >= 0 or certain.get(j) for j in cells):
            return 0.0  # open, or a proven mine: no 50/50 there
        missing = []
        for y, x in walls:
            j = at(y, x)
            if j is None or certain.get(j):
                continue
            if values[j] >= 0:
                return 0.0  # an open wall tells the two ways apart
            missing.append(j)
        if len(missing) > 3 or len(missing) + len(mines) > pos.mines:
            return 0.0
        after = dict(cons)
        for j, mine in [(j, 1) for j in missing + mines] + [(j, 0) for j in safe]:
            if after.setdefault((j,), mine) != mine:
                return 0.0
        work.spend(_STEPS_PER_ANALYSIS + _STEPS_PER_PAIR * sum(map(len, after)))
        budget = min(_LOOKAHEAD_BUDGET, work.left // _STEPS_PER_UNIT + 1)
        try:
            found = solve_constraints(after, len(pos.unknown), pos.mines, budget, cache)
        except Inconsistent:
            return 0.0
        work.spend(_STEPS_PER_UNIT * found.counted)
        return math.exp(found.log_layouts - sol.log_layouts)

    def side(y: int, x: int, dy: int, dx: int) -> float:
        """The pair from (y, x) to (y + dy, x + dx), the first a mine."""
        ends = [(y - dy + e * dx, x - dx + e * dy) for e in (-1, 0, 1)]
        ends += [(y + 2 * dy + e * dx, x + 2 * dx + e * dy) for e in (-1, 0, 1)]
        return share([at(y, x)], [at(y + dy, x + dx)], ends)

    def square(y: int, x: int) -> float:
        """The 2x2 square from (y, x), its top-left and bottom-right mines."""
        corners = [(y - 1, x - 1), (y - 1, x + 2), (y + 2, x - 1), (y + 2, x + 2)]
        return share([at(y, x), at(y + 1, x + 1)], [at(y, x + 1), at(y + 1, x)], corners)

    total = side(r, c, 0, 1) + side(r, c - 1, 0, 1) + side(r, c, 1, 0) + side(r - 1, c, 1, 0)
    total += max(square(r - dy, c - dx) for dy in (0, 1) for dx in (0, 1))
    p = sol.prob.get(k, sol.rest_prob)
    total = min(total, p, 1.0 - p)
    return total / (1.0 - p) if p < 1.0 else 0.0


_CLOSED_LAYOUTS = 64  # the closed parts a guess's lookahead searches: at most this many solutions


def _closed_chance(pos: Position, nxt: Solution, k: int, work: Work) -> float:
    """The chance of winning every part of `nxt` that is closed once `k` is open: parts that
    must be won on their own, whatever else is opened (endgame.closed_part)."""
    chance = 1.0
    for part in nxt.parts:
        found = closed_part(pos, part, nxt.certain, work, _CLOSED_LAYOUTS, opened=k)
        if found is not None:
            chance *= found[0]
    return chance
