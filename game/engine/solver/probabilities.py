"""The whole board: the parts of the frontier weighed together with the cells that touch no number.

`solve_constraints` is the solver's core, open to the rest of the engine: constraints in, the
exact (or, over budget, estimated) mine probability of every cell and what is proven, out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import mul

from .counting import Part, cached_part, convolve, marginals
from .position import Inconsistent, Position, constraints

DEFAULT_BUDGET = 50_000  # work units of one analysis: 1-2 s of search at worst (Expert: < 100)
_PART_FLOOR = 2_000  # every part may use this much, even after big ones spent the budget
_TINY = 5e-324
_NEARLY_ONE = 1.0 - 2.0**-53


@dataclass
class Solution:
    """The answer of `solve_constraints`, cells by the caller's integers.

    `certain` and `rest_certain` are proven even when `approximate` is True (an estimated part).
    """

    prob: dict[int, float]  # frontier cell -> mine probability
    rest_prob: float  # of each unknown cell that touches no number
    n_rest: int
    certain: dict[int, bool]  # proven frontier cells (numbers and total): True for a mine
    by_numbers: dict[int, bool]  # proven by the numbers alone
    rest_certain: bool | None  # True: the rest are all mines, False: all safe, None: neither
    approximate: bool
    log_layouts: float  # natural log of the number of layouts that fit
    parts: list[Part]
    counted: int = 0  # counting work of the parts not found in the cache (a part's `work`)

    def certain_cells(self, pos: Position) -> dict[int, bool]:
        """Every proven cell of the board, frontier and rest: True for a mine."""
        out = dict(self.certain)
        if self.rest_certain is not None:
            for k in pos.unknown:
                if k not in self.prob:
                    out[k] = self.rest_certain
        return out

    def has_safe(self) -> bool:
        """Whether some unknown cell is proven safe."""
        if self.rest_certain is False and self.n_rest:
            return True
        return any(not m for m in self.certain.values())


def _log_comb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _sumset(a: int, b: int) -> int:
    """Support of a convolution: {x + y} for bits x of a and y of b."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out = 0
    while a:
        low = a & -a
        out |= b << (low.bit_length() - 1)
        a ^= low
    return out


def _support(dist: list) -> int:
    s = 0
    for k, x in enumerate(dist):
        if x:
            s |= 1 << k
    return s


def solve_position(pos: Position, budget: int, cache: dict) -> Solution:
    try:
        cons = constraints(pos)
        return solve_constraints(cons, len(pos.unknown), pos.mines, budget, cache)
    except Inconsistent:
        mines = f"{pos.mines} mine" + ("" if pos.mines == 1 else "s")
        raise ValueError(
            f"the view is inconsistent: no layout of {mines} fits its numbers"
        ) from None


def solve_constraints(
    cons: dict[tuple[int, ...], int],
    n_unknown: int,
    mines: int,
    budget: int = DEFAULT_BUDGET,
    cache: dict | None = None,
) -> Solution:
    """Solve the constraints `cells -> mines among them` on `n_unknown` unknown cells.

    Cells are any distinct integers (the engine uses flat indices `row * cols + col`); each
    constraint says how many of `mines` lie among its cells, and the unknown cells no constraint
    names share the rest. `budget` is the search work one part of the frontier may take before
    it is estimated. `cache`, a dict kept by the caller between calls on one board, lets a part
    solved before be reused; the answer is the same with or without it. Raises `Inconsistent`
    when no layout fits.
    """
    if cache is None:
        cache = {}
    for cs, v in cons.items():
        if v < 0 or v > len(cs):
            raise Inconsistent
    # Cells single numbers decide (a number with no mine left, or no room left) come off first:
    # exact, and what is left falls apart into far smaller parts on a well-played board.
    cons, known = _peel(cons)
    known_mines = sum(known.values())
    sol = _solve_rest(cons, n_unknown - len(known), mines - known_mines, budget, cache)
    for j, mine in known.items():
        sol.prob[j] = 1.0 if mine else 0.0
        sol.certain[j] = sol.by_numbers[j] = mine
    return sol


def _peel(cons: dict[tuple[int, ...], int]) -> tuple[dict[tuple[int, ...], int], dict[int, bool]]:
    """(the constraints left, the cells decided) after applying full and empty numbers."""
    live = dict(cons)
    holders: dict[int, set[tuple[int, ...]]] = {}
    for cs in live:
        for j in cs:
            holders.setdefault(j, set()).add(cs)
    known: dict[int, bool] = {}
    queue = sorted(cs for cs, v in live.items() if v == 0 or v == len(cs))
    while queue:
        cs = queue.pop()
        v = live.get(cs)
        if v is None or 0 < v < len(cs):
            continue
        del live[cs]
        for j in cs:
            holders[j].discard(cs)
        mine = v > 0
        for j in cs:
            known[j] = mine
            for other in sorted(holders.pop(j)):
                w = live.pop(other) - mine
                rest = tuple(i for i in other if i != j)
                for i in other:
                    if i != j:
                        holders[i].discard(other)
                if w < 0 or w > len(rest):
                    raise Inconsistent
                if not rest:
                    continue
                old = live.setdefault(rest, w)
                if old != w:
                    raise Inconsistent
                for i in rest:
                    holders[i].add(rest)
                if w == 0 or w == len(rest):
                    queue.append(rest)
    return live, known


def _solve_rest(
    cons: dict[tuple[int, ...], int], n_unknown: int, mines: int, budget: int, cache: dict
) -> Solution:
    items = list(cons.items())
    # Parts: numbers linked through shared cells (union-find over the numbers).
    parent = list(range(len(items)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[int, int] = {}
    for i, (cs, _) in enumerate(items):
        for j in cs:
            o = owner.setdefault(j, i)
            if o != i:
                ra, rb = find(o), find(i)
                if ra != rb:
                    parent[ra] = rb
    groups: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for i, item in enumerate(items):
        groups.setdefault(find(i), []).append(item)
    n_frontier = len(owner)
    n_rest = n_unknown - n_frontier
    parts = []
    spent = counted = 0
    for numbers in sorted(groups.values(), key=lambda g: (len(g), g)):
        numbers.sort()
        before = cache.get(tuple(numbers))
        part = cached_part(numbers, max(min(_PART_FLOOR, budget), budget - spent), cache)
        spent += part.work
        if part is not before:
            counted += part.work
        parts.append(part)
    sol = _combine(parts, n_rest, mines)
    sol.counted = counted
    return sol


def _combine(parts: list[Part], n_rest: int, mines: int) -> Solution:
    approximate = not all(p.exact for p in parts)
    dists, offsets, log_scale = _normalised(parts)
    base = sum(offsets)
    prefix = [[1.0]]
    for d in dists:
        prefix.append(convolve(prefix[-1], d))
    totals = prefix[-1]  # by frontier mines minus `base`
    top = base + len(totals) - 1
    # Exact supports of the parts before each (floats may underflow; sets don't): the last is
    # every frontier total that can be.
    supports = [_support(part.dist) for part in parts]
    pre_sup = [1]
    for s in supports:
        pre_sup.append(_sumset(pre_sup[-1], s))
    allowed = 0  # frontier mine totals that leave a possible number for the rest
    for t in range(base, top + 1):
        if 0 <= mines - t <= n_rest:
            allowed |= 1 << t
    feasible = pre_sup[-1] & allowed
    if not feasible:
        if not approximate:
            raise Inconsistent
        # An estimated part's mine count is a guess that may overshoot: weigh every total as if
        # the rest could absorb the difference.
        allowed = (1 << (top + 1)) - 1
        feasible = pre_sup[-1]
    w, shift = _total_weights(totals, range(base, top + 1), allowed, n_rest, mines)
    z = sum(map(mul, totals, w))
    if z <= 0.0:
        raise Inconsistent
    weighed = (dists, offsets, prefix, w, z)
    prob, certain, by_numbers = _frontier(parts, weighed, supports, pre_sup, allowed, approximate)
    rest_prob, rest_certain = 0.0, None
    if n_rest:
        left = None if approximate else {mines - t for t in range(top + 1) if feasible >> t & 1}
        rest_prob, rest_certain = _rest(totals, w, z, mines - base, n_rest, left)
    log_layouts = math.log(z) + shift + log_scale
    return Solution(
        prob,
        rest_prob,
        n_rest,
        certain,
        by_numbers,
        rest_certain,
        approximate,
        log_layouts,
        parts,
    )


def _normalised(parts: list[Part]) -> tuple[list[list[float]], list[int], float]:
    """Each part's mine counts as a normalised distribution from its fewest mines (`offsets`),
    and the log of the product of their totals: the floats stay small, and their work grows with
    the spread of the counts, not with the counts themselves."""
    dists = []
    offsets = []
    log_scale = 0.0
    for part in parts:
        total = sum(part.dist)
        log_scale += math.log(total)
        low = next(k for k, x in enumerate(part.dist) if x)
        offsets.append(low)
        dists.append([x / total for x in part.dist[low:]])
    return dists, offsets, log_scale


def _total_weights(
    totals: list[float], frontier: range, allowed: int, n_rest: int, mines: int
) -> tuple[list[float], float]:
    """For each frontier mine total (`frontier`), the ways to lay the rest of the mines off the
    frontier, scaled by exp(-shift) so the largest weighed total is 1; and the shift."""
    log_w = [
        _log_comb(n_rest, min(max(mines - t, 0), n_rest)) if allowed >> t & 1 else None
        for t in frontier
    ]
    shift = max(
        (math.log(x) + lw for x, lw in zip(totals, log_w, strict=True) if lw is not None and x),
        default=None,
    )
    if shift is None:  # every feasible total underflowed: fall back to the weights alone
        shift = max(lw for lw in log_w if lw is not None)
    return [0.0 if lw is None else math.exp(min(lw - shift, 700.0)) for lw in log_w], shift


def _frontier(
    parts: list[Part],
    weighed: tuple,
    supports: list[int],
    pre_sup: list[int],
    allowed: int,
    approximate: bool,
) -> tuple[dict[int, float], dict[int, bool], dict[int, bool]]:
    """Each frontier cell's chance of a mine, the cells proven, and those the numbers alone
    prove. `weighed`: the parts' normalised distributions, their offsets, the prefix
    convolutions, the weights by total and their sum."""
    dists, offsets, prefix, w, z = weighed
    # Backward messages: after[i][t] weighs t mines in the parts before i with every way of
    # filling parts i.. and the rest.
    after: list[list[float]] = [[]] * (len(parts) + 1)
    after[len(parts)] = w
    for i in range(len(parts) - 1, -1, -1):
        d = dists[i]
        nxt = after[i + 1]
        n = len(d)
        length = len(prefix[i])
        after[i] = [sum(map(mul, d, nxt[t : t + n])) for t in range(length)]
    suf_sup = [1] * (len(parts) + 1)
    for i in range(len(parts) - 1, -1, -1):
        suf_sup[i] = _sumset(suf_sup[i + 1], supports[i])
    prob: dict[int, float] = {}
    certain: dict[int, bool] = {}
    by_numbers: dict[int, bool] = {}
    for i, part in enumerate(parts):
        pre = prefix[i]
        nxt = after[i + 1]
        n = len(pre)
        gain = [0.0] * offsets[i] + [
            sum(map(mul, pre, nxt[k : k + n])) for k in range(len(dists[i]))
        ]
        for j, known in part.certain.items():
            by_numbers[j] = certain[j] = known
            prob[j] = 1.0 if known else 0.0
        if not part.exact:
            for j in part.cells:
                if j not in part.certain:
                    prob[j] = min(max(part.estimate[j], _TINY), _NEARLY_ONE)
            continue
        sizes = [len(bc) for bc in part.box_cells]
        mined = marginals(part.root, part.completed, gain, sizes, False)[0]
        sure: list[bool | None] = [None] * len(sizes)
        if not approximate:
            _decide_again(part, sizes, _sumset(pre_sup[i], suf_sup[i + 1]), allowed, sure)
        for b, bc in enumerate(part.box_cells):
            if bc[0] in part.certain:
                continue
            if sure[b] is not None:
                for j in bc:
                    certain[j] = sure[b]
                    prob[j] = 1.0 if sure[b] else 0.0
            else:
                p = min(max(mined[b] / (len(bc) * z), _TINY), _NEARLY_ONE)
                for j in bc:
                    prob[j] = p
    return prob, certain, by_numbers


def _decide_again(
    part: Part, sizes: list[int], others: int, allowed: int, sure: list[bool | None]
) -> None:
    """The mine total may rule out some of the part's mine counts (`others`: the totals the
    other parts can have): decide its boxes again over the counts that remain, into `sure`."""
    ok = [1 if x and (others << k) & allowed else 0 for k, x in enumerate(part.dist)]
    if any(x and not o for x, o in zip(part.dist, ok, strict=True)):
        some, left = marginals(part.root, part.completed, ok, sizes, True)
        for b in range(len(sizes)):
            if not some[b] or not left[b]:
                sure[b] = not left[b]


def _rest(
    totals: list[float], w: list[float], z: float, most: int, n_rest: int, left: set[int] | None
) -> tuple[float, bool | None]:
    """The chance of a mine in each cell off the frontier (`most`: the mines left for them with
    the frontier at its fewest), and whether they are proven all safe or all mines (`left`: the
    numbers of mines they may hold, None when the frontier was estimated)."""
    rest_certain = None
    if left == {0}:
        rest_certain = False
    elif left == {n_rest}:
        rest_certain = True
    if rest_certain is not None:
        return (1.0 if rest_certain else 0.0), rest_certain
    rest_prob = sum(
        t_w * min(max(most - t, 0), n_rest) for t, t_w in enumerate(map(mul, totals, w))
    ) / (n_rest * z)
    return min(max(rest_prob, _TINY), _NEARLY_ONE), None
