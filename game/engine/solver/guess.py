"""The guess policy: when no cell is certain, the cell most likely to win the game, and why."""

from __future__ import annotations

import math

from .answers import Hint, HintKind
from .endgame import Work, endgame_guess, local_endgame
from .position import Inconsistent, OverBudget, Position, cell_text, constraints, neighbours
from .probabilities import Solution, solve_constraints

_LOOKAHEAD_BUDGET = 5_000  # per analysis while weighing guesses
_MAX_GUESS_CANDIDATES = 14
_FRONTIER_CANDIDATES = 10
_SAFETY_MARGIN = 0.03  # guesses weighed: at most this much likelier to be a mine than the best
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


def _percent(p: float) -> str:
    return f"{p:.1%}" if p < 0.1 else f"{p:.0%}"


def guess_hint(pos: Position, cell: int, p: float, approximate: bool, note: str) -> Hint:
    reason = (
        f"No cell is certain. {cell_text(pos, cell)} is the best guess: it is a mine with "
        f"probability {_percent(p)}"
    )
    if approximate:
        reason += " (estimated: the position is too big to count exactly)"
    reason += "." + (f" {note}" if note else "")
    return Hint(divmod(cell, pos.cols), False, p, reason, approximate, kind=HintKind.GUESS)


def choose_guess(
    pos: Position, sol: Solution, cache: dict, lookahead: bool, work: Work
) -> tuple[int, float, bool, str]:
    """The guess most likely to win the game: (cell, mine probability, approximate, why).

    Candidates are the safest frontier cells and a few representatives of the cells away from
    the numbers (corners first: they are the likeliest to open an area), all within
    _SAFETY_MARGIN of the safest. With `lookahead`: when few layouts are left, the game is
    searched to its end; else a closed region that must be won on its own is searched; else
    each candidate is weighed by the chance of surviving it and the next move (for every number
    it could show, the position is solved again; one with a certain safe cell counts as
    survived, any other by the safety of its best guess), ties going to the guess that proves
    the most cells. Without, the safest cell with the fewest covered neighbours.
    """
    nb = neighbours(pos.rows, pos.cols)
    values = pos.values

    def p_of(k: int) -> float:
        return sol.prob.get(k, sol.rest_prob)

    def covered(k: int) -> int:
        return sum(1 for j in nb[k] if values[j] < 0)

    def key(k: int) -> tuple[float, int, int]:
        return (p_of(k), covered(k), k)

    frontier = sorted((k for k in sol.prob if sol.prob[k] < 1.0), key=key)
    candidates = frontier[:_FRONTIER_CANDIDATES]
    if sol.n_rest and sol.rest_prob < 1.0:
        candidates += _rest_representatives(pos, sol, nb)
    candidates.sort(key=key)
    floor = p_of(candidates[0]) + _SAFETY_MARGIN
    candidates = [k for k in candidates[:_MAX_GUESS_CANDIDATES] if p_of(k) <= floor]
    best = candidates[0]
    if not lookahead or sol.approximate:
        return best, p_of(best), sol.approximate, ""
    cons = constraints(pos)
    if len(cons) > _LOOKAHEAD_MAX_NUMBERS:
        return best, p_of(best), False, ""
    share = work.share(_ENDGAME_SHARE)  # the rest of the cap is kept for the lookahead
    endgame = endgame_guess(pos, sol, cons, share)
    work.settle(share)
    if endgame is not None:
        layouts = round(math.exp(sol.log_layouts))
        note = f"Over all {layouts} ways the mines can lie, opening it wins most often."
        return endgame, p_of(endgame), False, note
    endgame = local_endgame(pos, sol, work)
    if endgame is not None:
        note = "Its covered region must be solved on its own, and this guess solves it most often."
        return endgame, p_of(endgame), False, note
    holding: dict[int, list[tuple[int, ...]]] = {}
    for cs in cons:
        for j in cs:
            holding.setdefault(j, []).append(cs)
    analyses = 0
    most = min(_MAX_LOOKAHEAD_ANALYSES, _LOOKAHEAD_WORK // max(1, len(cons)))
    weighed = []  # (two-step survival, expected proven cells, cell)
    top = -1.0
    for k in candidates:
        if 1.0 - p_of(k) < top - _TIE_MARGIN or analyses >= most:
            break  # survival of two moves is never above the safety of the first
        try:
            score, progress, used = _weigh_guess(pos, sol, cons, holding, k, cache, work)
        except OverBudget:
            break  # the hint's work is spent: the guesses weighed so far, or the safest
        analyses += used
        weighed.append((score, progress, k))
        top = max(top, score)
    note = ""
    if weighed:
        close = [w for w in weighed if w[0] >= top - _TIE_MARGIN]
        chosen = max(close, key=lambda w: (w[1], -p_of(w[2]), -w[2]))[2]
        if _percent(p_of(chosen)) != _percent(p_of(best)):
            note = (
                f"The safest cell, {cell_text(pos, best)}, is at {_percent(p_of(best))}, but this "
                "one is likelier to open up the board."
            )
        best = chosen
    return best, p_of(best), False, note


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


def _weigh_guess(
    pos: Position,
    sol: Solution,
    cons: dict[tuple[int, ...], int],
    holding: dict[int, list[tuple[int, ...]]],
    k: int,
    cache: dict,
    work: Work,
) -> tuple[float, float, int]:
    """(chance to survive this guess and the next move, expected cells proven, analyses used).
    Each analysis spends `work` by the pairs it reads; raises OverBudget when it runs out."""
    nb = neighbours(pos.rows, pos.cols)
    base = dict(cons)
    for cs in holding.get(k, ()):
        v = base.pop(cs)
        smaller = tuple(j for j in cs if j != k)
        if not smaller:
            if v:
                return 0.0, 0.0, 0
            continue
        if base.setdefault(smaller, v) != v:
            return 0.0, 0.0, 0
    around = tuple(j for j in nb[k] if pos.values[j] < 0)
    n_unknown = len(pos.unknown) - 1
    score = progress = 0.0
    used = 0
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
        proven = [j for j, mine in nxt.certain.items() if not mine]
        n_safe = len(proven) + (nxt.n_rest if nxt.rest_certain is False else 0)
        if n_safe or n_unknown == pos.mines:
            survive = 1.0
        else:
            survive = 1.0 - min(
                [p for p in nxt.prob.values()] + ([nxt.rest_prob] if nxt.n_rest else []),
                default=0.0,
            )
        score += chance * survive
        progress += chance * n_safe
    return score, progress, used
