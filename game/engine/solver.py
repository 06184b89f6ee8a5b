"""Mine probabilities and hints from what the player sees: the text view and the mine total.

Only the open numbers and the board's mine total are trusted; flags and '?' count as covered,
because a player's flag may be wrong. Standard library only: no Game, no clock, no randomness,
so the same view always gives the same answer.

How the probabilities are exact: the covered cells next to open numbers (the frontier) split into
independent parts linked by shared numbers. Each part's solutions are counted by mine count with
a branch-and-split search over "boxes" (cells that touch exactly the same numbers), and the parts
are weighed together with the number of ways to put the remaining mines in the covered cells that
touch no number. A part too big for the work budget is estimated instead, and the answer says so.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from operator import add, mul

DEFAULT_BUDGET = 50_000  # work units of one analysis: 1-2 s of search at worst (Expert: < 100)
_PART_FLOOR = 2_000  # every part may use this much, even after big ones spent the budget
_LOOKAHEAD_BUDGET = 5_000  # per analysis while weighing guesses
_MAX_DEPTH = 120  # of the branch-and-split recursion, far inside Python's limit
_MAX_GUESS_CANDIDATES = 14
_FRONTIER_CANDIDATES = 10
_SAFETY_MARGIN = 0.03  # guesses weighed: at most this much likelier to be a mine than the best
_TIE_MARGIN = 1e-9  # guesses this close in two-step survival count as equal
_MAX_LOOKAHEAD_ANALYSES = 160
_LOOKAHEAD_MAX_NUMBERS = 1_500  # on bigger frontiers guesses use the probabilities alone
_LOOKAHEAD_WORK = 60_000  # numbers read over all the analyses of one lookahead
_ENDGAME_LAYOUTS = 500  # at most this many layouts left: search the game tree exactly
_ENDGAME_NODES = 50_000
_LOCAL_LAYOUTS = 2_000  # a closed part with at most this many solutions is searched exactly
_MAX_LISTED_CELLS = 300  # undecided cells an exact endgame search may list layouts over
_LEVEL3_TARGETS = 40  # cells looked at for three-number proofs
_TINY = 5e-324
_NEARLY_ONE = 1.0 - 2.0**-53

_COVERED_CHARS = frozenset("#F?")
_ENDED_CHARS = frozenset("*X!")
_OPEN_VALUES = {".": 0, **{str(n): n for n in range(1, 9)}}

Cell = tuple[int, int]


class _Inconsistent(Exception):
    """No layout of the mines fits the open numbers and the mine total."""


class _OverBudget(Exception):
    """A part needs more search than the budget allows."""


# ---- the public answers -----------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """The cell to open next and why. `safe` is True only when the cell is certainly safe."""

    cell: Cell
    safe: bool
    probability: float  # that the cell is a mine
    reason: str
    approximate: bool = False


@dataclass(frozen=True)
class Analysis:
    """Mine probability of every cell that is not open, and what is certain.

    `approximate` is True when some part of the frontier was too big to count within the budget
    and its probabilities are estimates; `safe` and `mines` are always proven, even then.
    """

    probabilities: dict[Cell, float]
    approximate: bool
    safe: frozenset[Cell]
    mines: frozenset[Cell]


def analyse(view: list[str], mines: int, *, budget: int = DEFAULT_BUDGET) -> Analysis:
    """Probabilities and certainties for `view` on a board with `mines` mines in all.

    Raises ValueError for a malformed view or one that no layout of `mines` mines fits.
    '*', 'X' and '!' (an ended game) count as covered cells.
    """
    pos = _parse(view, mines)
    sol = _solve_position(pos, budget, {})
    cols = pos.cols
    probabilities = {}
    safe = []
    certain_mines = []
    rest_p = sol.rest_prob
    for k in pos.unknown:
        p = sol.prob.get(k, rest_p)
        cell = divmod(k, cols)
        probabilities[cell] = p
        if p == 0.0:
            safe.append(cell)
        elif p == 1.0:
            certain_mines.append(cell)
    return Analysis(probabilities, sol.approximate, frozenset(safe), frozenset(certain_mines))


def mine_probabilities(
    view: list[str], mines: int, *, budget: int = DEFAULT_BUDGET
) -> dict[Cell, float]:
    """The mine probability of every cell that is not open ('#', 'F' and '?' are all unknown).

    Exact unless the frontier is too big for `budget`; `analyse` says which.
    A probability is exactly 0.0 or 1.0 only when it is certain.
    """
    return analyse(view, mines, budget=budget).probabilities


def hint(
    view: list[str], mines: int, *, budget: int = DEFAULT_BUDGET, lookahead: bool = True
) -> Hint | None:
    """The cell to open next: a proven safe cell if there is one, else the best guess.

    Prefers a cell one number proves safe, then two or three numbers together, then more numbers
    or the mine total, and only then a guess (with `lookahead`, weighed by what opening it would
    probably reveal). None when nothing is left to open: no covered cell that may be safe, or
    an ended game ('*', 'X' or '!' in the view).
    """
    pos = _parse(view, mines)
    if pos.ended or not pos.unknown:
        return None
    if len(pos.unknown) == pos.mines:
        return None  # every cell left is a mine: the game is won
    deduction = _Deduction(pos)
    found = deduction.run(max_level=2)
    if found:
        return deduction.explain(found)
    cache: dict = {}
    sol = _solve_position(pos, budget, cache)
    certain = sol.certain_cells(pos)
    targets = {k for k in certain if k not in deduction.facts}
    if any(not mine for mine in certain.values()):
        found = deduction.run(max_level=3, targets=targets)
        if found:
            return deduction.explain(found)
        return _explain_global(pos, sol, certain)
    if all(certain.get(k) for k in pos.unknown):
        return None
    cell, p, approximate, note = _choose_guess(pos, sol, cache, lookahead)
    return _guess_hint(pos, cell, p, approximate or sol.approximate, note)


# ---- reading a view ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Position:
    rows: int
    cols: int
    mines: int
    values: tuple[int, ...]  # per flat cell r * cols + c: -1 not open, else the open number
    unknown: tuple[int, ...]  # the flat cells that are not open, ascending
    ended: bool


@lru_cache(maxsize=16)
def _neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(
                tuple(
                    y * cols + x
                    for y in range(max(r - 1, 0), min(r + 2, rows))
                    for x in range(max(c - 1, 0), min(c + 2, cols))
                    if y != r or x != c
                )
            )
    return tuple(out)


def _parse(view: list[str], mines: int) -> _Position:
    if isinstance(view, str) or not isinstance(view, list | tuple) or not view:
        raise ValueError("a view is a non-empty list of strings, one per row")
    if not all(isinstance(line, str) for line in view):
        raise ValueError("every row of a view must be a string")
    cols = len(view[0])
    if cols == 0:
        raise ValueError("a view needs at least one cell")
    for r, line in enumerate(view):
        if len(line) != cols:
            raise ValueError(f"view row {r} has {len(line)} cells, row 0 has {cols}")
    if not isinstance(mines, int) or isinstance(mines, bool) or mines < 0:
        raise ValueError(f"the mine total must be a whole number of 0 or more (got {mines!r})")
    values = []
    ended = False
    for r, line in enumerate(view):
        for c, ch in enumerate(line):
            v = _OPEN_VALUES.get(ch)
            if v is not None:
                values.append(v)
            elif ch in _COVERED_CHARS:
                values.append(-1)
            elif ch in _ENDED_CHARS:
                values.append(-1)
                ended = True
            else:
                raise ValueError(
                    f"the view may hold only '#F?.12345678*X!' (got {ch!r} at ({r},{c}))"
                )
    unknown = tuple(k for k, v in enumerate(values) if v < 0)
    if mines > len(unknown):
        raise ValueError(f"{mines} mines cannot fit in the {len(unknown)} cells that are not open")
    return _Position(len(view), cols, mines, tuple(values), unknown, ended)


def _constraints(pos: _Position) -> dict[tuple[int, ...], int]:
    """Each open number as (its neighbours that are not open) -> (mines among them)."""
    nb = _neighbours(pos.rows, pos.cols)
    values = pos.values
    cons: dict[tuple[int, ...], int] = {}
    for k, v in enumerate(values):
        if v < 0:
            continue
        cells = tuple(j for j in nb[k] if values[j] < 0)
        if not cells:
            if v:
                raise _Inconsistent
            continue
        if cons.setdefault(cells, v) != v:
            raise _Inconsistent
    return cons


# ---- counting the solutions of one part of the frontier ----------------------------------------


def _conv(a: list, b: list) -> list:
    if len(a) < len(b):
        a, b = b, a
    if len(b) == 1:
        y = b[0]
        return [x * y for x in a]
    out = [0] * (len(a) + len(b) - 1)
    for j, y in enumerate(b):
        if y:
            for i, x in enumerate(a):
                out[i + j] += x * y
    return out


class _Node:
    """Solutions of some boxes: boxes forced to one value, then independent pieces."""

    __slots__ = ("forced", "shift", "pieces", "dist", "pdist")

    def __init__(self, forced, shift, pieces, dist) -> None:
        self.forced: list[tuple[int, int]] = forced
        self.shift: int = shift  # mines in the forced boxes
        self.pieces: list[_Branch] = pieces
        self.dist: list[int] = dist  # solutions (weighted ways) by mine count
        self.pdist: list[float] = _normalised(dist)


class _Branch:
    """Solutions of one connected piece, split by the mines in one box."""

    __slots__ = ("box", "options", "dist", "pdist")

    def __init__(self, box, options, dist) -> None:
        self.box: int = box
        self.options: list[tuple[int, int, float, _Node]] = options  # value, ways, share, below
        self.dist: list[int] = dist
        self.pdist: list[float] = _normalised(dist)


def _normalised(dist: list[int]) -> list[float]:
    total = sum(dist)
    return [x / total for x in dist]


class _Counter:
    """Counts the solutions of one connected part by mine count, keeping the search as a graph.

    Branches on one box at a time (chosen near the middle of the part, so that it falls apart
    into independent pieces soon), propagates the numbers that become full or empty, splits what
    is left into independent pieces and caches every piece by its boxes and residual numbers.
    Only counts go up the search; the mines of each box are found afterwards by `_marginals`,
    which walks the graph down once, so big parts cost a pass per node, not per box and node.
    """

    def __init__(self, sizes: list[int], con_boxes: list[list[int]], budget: int) -> None:
        self.sizes = sizes
        self.con_boxes = con_boxes
        self.box_cons: list[list[int]] = [[] for _ in sizes]
        for c, boxes in enumerate(con_boxes):
            for b in boxes:
                self.box_cons[b].append(c)
        self.combs = [[math.comb(s, v) for v in range(s + 1)] for s in sizes]
        self.cache: dict = {}
        self.completed: list[_Branch] = []  # children always before their parents
        self.budget = budget
        self.work = 0

    def count(self, values: list[int]) -> _Node | None:
        full = (1 << len(self.sizes)) - 1
        return self._solve(full, list(values), 0)

    def _spend(self, units: int) -> None:
        self.work += units
        if self.work > self.budget:
            raise _OverBudget

    def _solve(self, mask: int, res: list[int], depth: int) -> _Node | None:
        """Solutions of the boxes in `mask` under residual numbers `res` (changed in place)."""
        if depth > _MAX_DEPTH:
            raise _OverBudget
        sizes, con_boxes, box_cons = self.sizes, self.con_boxes, self.box_cons
        touching: set[int] = set()
        m = mask
        while m:
            low = m & -m
            touching.update(box_cons[low.bit_length() - 1])
            m ^= low
        self._spend(1 + len(touching) // 16)  # a node costs time in proportion to its numbers
        forced: list[tuple[int, int]] = []
        changed = True
        while changed:
            changed = False
            for c in touching:
                r = res[c]
                cap = 0
                for b in con_boxes[c]:
                    if mask >> b & 1:
                        cap += sizes[b]
                if r < 0 or r > cap:
                    return None
                if cap and (r == 0 or r == cap):
                    for b in con_boxes[c]:
                        if mask >> b & 1:
                            mask ^= 1 << b
                            v = sizes[b] if r else 0
                            forced.append((b, v))
                            if v:
                                for c2 in box_cons[b]:
                                    res[c2] -= v
                    changed = True
        pieces = []
        for part, part_cons in self._split(mask):
            key = (part, tuple(res[c] for c in part_cons))
            if key in self.cache:
                sub = self.cache[key]
            else:
                sub = self._branch(part, res, depth)
                self.cache[key] = sub
            if sub is None:
                return None
            pieces.append(sub)
        dist = [1]
        for piece in pieces:
            dist = _conv(dist, piece.dist)
        shift = sum(v for _, v in forced)
        if shift:
            dist = [0] * shift + dist
        return _Node(forced, shift, pieces, dist)

    def _split(self, mask: int) -> list[tuple[int, list[int]]]:
        box_cons, con_boxes = self.box_cons, self.con_boxes
        parts = []
        remaining = mask
        while remaining:
            low = remaining & -remaining
            part = low
            stack = [low.bit_length() - 1]
            seen: set[int] = set()
            while stack:
                b = stack.pop()
                for c in box_cons[b]:
                    if c in seen:
                        continue
                    seen.add(c)
                    for o in con_boxes[c]:
                        bit = 1 << o
                        if mask & bit and not part & bit:
                            part |= bit
                            stack.append(o)
            remaining &= ~part
            parts.append((part, sorted(seen)))
        return parts

    def _boxes(self, mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def _choose(self, mask: int, boxes: list[int]) -> int:
        box_cons = self.box_cons

        def degree(b: int) -> tuple[int, int, int]:
            return (len(box_cons[b]), self.sizes[b], -b)

        if len(boxes) <= 6:
            return max(boxes, key=degree)
        # A box halfway along the part's longest path: frontiers are long thin strips, and
        # cutting one in the middle halves it, so the search depth grows like a logarithm.
        far = self._bfs(mask, boxes[0])[-1][0]
        order = self._bfs(mask, far)
        middle = order[-1][1] // 2
        return max((b for b, d in order if d == middle), key=degree)

    def _bfs(self, mask: int, start: int) -> list[tuple[int, int]]:
        box_cons, con_boxes = self.box_cons, self.con_boxes
        seen = 1 << start
        order = [(start, 0)]
        i = 0
        while i < len(order):
            b, d = order[i]
            i += 1
            for c in box_cons[b]:
                for o in con_boxes[c]:
                    bit = 1 << o
                    if mask & bit and not seen & bit:
                        seen |= bit
                        order.append((o, d + 1))
        return order

    def _branch(self, mask: int, res: list[int], depth: int) -> _Branch | None:
        sizes, con_boxes, box_cons = self.sizes, self.con_boxes, self.box_cons
        boxes = self._boxes(mask)
        self._spend(len(boxes) // 4)  # choosing the box walks the piece twice
        b = self._choose(mask, boxes)
        lo, hi = 0, sizes[b]
        for c in box_cons[b]:
            r = res[c]
            other = sum(sizes[o] for o in con_boxes[c] if o != b and mask >> o & 1)
            hi = min(hi, r)
            lo = max(lo, r - other)
        dist = [0] * (sum(sizes[o] for o in boxes) + 1)
        rest = mask ^ (1 << b)
        found = []
        for v in range(lo, hi + 1):
            res2 = res.copy()
            for c in box_cons[b]:
                res2[c] -= v
            child = self._solve(rest, res2, depth + 1)
            if child is None:
                continue
            w = self.combs[b][v]
            for k, x in enumerate(child.dist):
                if x:
                    dist[k + v] += w * x
            found.append((v, w, child))
            self._spend(len(child.dist) // 32)
        if not found:
            return None
        last = len(dist) - 1
        while not dist[last]:
            last -= 1
        dist = dist[: last + 1]
        total = sum(dist)
        options = [(v, w, w * sum(child.dist) / total, child) for v, w, child in found]
        branch = _Branch(b, options, dist)
        self.completed.append(branch)
        return branch


def _marginals(
    root: _Node, completed: list[_Branch], weights: list, sizes: list[int], proof: bool
) -> tuple[list, list]:
    """Per box, over the solutions weighted by `weights[mines in the part]`: (mines, free cells).

    Without `proof`, every solution counts as its share of the part (a probability), so floats
    stay small however many solutions there are. With `proof`, everything is 0 or 1 (does any
    solution of weight 1 put a mine in the box? leave a cell of it free?): exact answers for the
    certainties, with no big numbers. One pass down the search graph: each piece collects the
    weights of all its parents before it passes them on.
    """
    mines = [0] * len(sizes)
    free = [0] * len(sizes)
    incoming: dict[int, list] = {}

    def values(item) -> list:
        return [1 if x else 0 for x in item.dist] if proof else item.pdist

    def clamp(xs: list) -> list:
        return [1 if x else 0 for x in xs] if proof else xs

    def count(b: int, v: int, reach) -> None:
        if v:
            mines[b] += v * reach
        if v < sizes[b]:
            free[b] += (sizes[b] - v) * reach

    def push(node: _Node, g: list) -> None:
        if node.forced:
            reach = sum(map(mul, values(node), g))
            if reach:
                for b, v in node.forced:
                    count(b, v, reach)
        pieces = node.pieces
        if not pieces:
            return
        dists = [values(p) for p in pieces]
        before = [[1]]
        for d in dists[:-1]:
            before.append(clamp(_conv(before[-1], d)))
        back = g[node.shift :]  # weights of the mines in pieces i.. given t mines before them
        for i in range(len(pieces) - 1, -1, -1):
            d, pre = dists[i], before[i]
            n = len(pre)
            h = clamp([sum(map(mul, pre, back[k : k + n])) for k in range(len(d))])
            key = id(pieces[i])
            old = incoming.get(key)
            incoming[key] = h if old is None else clamp(list(map(add, old, h)))
            if i:
                m = len(d)
                back = clamp([sum(map(mul, d, back[t : t + m])) for t in range(n)])

    push(root, weights)
    for branch in reversed(completed):
        h = incoming.pop(id(branch), None)
        if h is None:
            continue
        for v, _, share, child in branch.options:
            g = h[v : v + len(child.dist)]
            if not proof:
                g = [share * x for x in g]
            push(child, g)
            count(branch.box, v, sum(map(mul, values(child), g)))
    return mines, free


# ---- one part of the frontier, solved exactly or estimated ---------------------------------------


@dataclass
class _Part:
    cells: list[int]
    numbers: list[tuple[tuple[int, ...], int]]
    exact: bool
    dist: list  # solutions (exact: weighted ways; estimated: a point mass) by mines in the part
    certain: dict[int, bool]  # cells the part's numbers alone decide: True for a mine
    work: int  # search spent (the whole budget, for an estimate)
    box_cells: list[list[int]]  # exact: the cells of each box
    root: _Node | None  # exact: the search graph, for `_marginals`
    completed: list[_Branch]
    estimate: dict[int, float]  # estimated: each cell's estimated probability


def _solve_part(numbers: list[tuple[tuple[int, ...], int]], budget: int) -> _Part:
    cells = sorted({j for cs, _ in numbers for j in cs})
    signature: dict[int, list[int]] = {j: [] for j in cells}
    for c, (cs, _) in enumerate(numbers):
        for j in cs:
            signature[j].append(c)
    box_of_sig: dict[tuple[int, ...], int] = {}
    box_cells: list[list[int]] = []
    for j in cells:
        sig = tuple(signature[j])
        b = box_of_sig.get(sig)
        if b is None:
            b = box_of_sig[sig] = len(box_cells)
            box_cells.append([])
        box_cells[b].append(j)
    con_boxes = [sorted({box_of_sig[tuple(signature[j])] for j in cs}) for cs, _ in numbers]
    counter = _Counter([len(bc) for bc in box_cells], con_boxes, budget)
    try:
        root = counter.count([v for _, v in numbers])
    except _OverBudget:
        return _estimate_part(numbers, cells, budget)
    if root is None:
        raise _Inconsistent
    sizes = [len(bc) for bc in box_cells]
    mined, left = _marginals(root, counter.completed, [1] * len(root.dist), sizes, True)
    certain: dict[int, bool] = {}
    for b, bc in enumerate(box_cells):
        if not mined[b] or not left[b]:
            certain.update((j, not left[b]) for j in bc)
    return _Part(
        cells,
        numbers,
        True,
        root.dist,
        certain,
        counter.work,
        box_cells,
        root,
        counter.completed,
        {},
    )


def _estimate_part(
    numbers: list[tuple[tuple[int, ...], int]], cells: list[int], budget: int
) -> _Part:
    """Probabilities for a part too big to count: proven cells first, then a balancing estimate.

    The estimate scales the cells of each number in turn until every number's expected mines
    match it (iterative proportional fitting); it is only an estimate, and is labelled so.
    """
    certain: dict[int, bool] = {}
    changed = True
    while changed:
        changed = False
        for cs, v in numbers:
            free = [j for j in cs if j not in certain]
            left = v - sum(1 for j in cs if certain.get(j))
            if left < 0 or left > len(free):
                raise _Inconsistent
            if free and (left == 0 or left == len(free)):
                for j in free:
                    certain[j] = left > 0
                changed = True
    p = {j: 0.5 for j in cells if j not in certain}
    for _ in range(30):
        for cs, v in numbers:
            free = [j for j in cs if j in p]
            if not free:
                continue
            target = v - sum(1 for j in cs if certain.get(j))
            total = sum(p[j] for j in free)
            scale = target / total if total else 0.0
            for j in free:
                p[j] = min(0.98, max(0.02, p[j] * scale))
    expected = sum(p.values()) + sum(1 for m in certain.values() if m)
    k0 = max(0, round(expected))
    for j, mine in certain.items():
        p[j] = 1.0 if mine else 0.0
    return _Part(cells, numbers, False, [0] * k0 + [1], certain, budget, [], None, [], p)


# ---- the whole board: parts weighed together with the cells that touch no number -----------------


@dataclass
class _Solution:
    prob: dict[int, float]  # frontier cell -> mine probability
    rest_prob: float  # of each unknown cell that touches no number
    n_rest: int
    certain: dict[int, bool]  # proven frontier cells (numbers and total): True for a mine
    by_numbers: dict[int, bool]  # proven by the numbers alone
    rest_certain: bool | None  # True: the rest are all mines, False: all safe, None: neither
    approximate: bool
    log_layouts: float  # natural log of the number of layouts that fit
    parts: list[_Part]

    def certain_cells(self, pos: _Position) -> dict[int, bool]:
        """Every proven cell of the board, frontier and rest: True for a mine."""
        out = dict(self.certain)
        if self.rest_certain is not None:
            for k in pos.unknown:
                if k not in self.prob:
                    out[k] = self.rest_certain
        return out

    def has_safe(self) -> bool:
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


def _solve_position(pos: _Position, budget: int, cache: dict) -> _Solution:
    try:
        cons = _constraints(pos)
        return _solve(cons, len(pos.unknown), pos.mines, budget, cache)
    except _Inconsistent:
        mines = f"{pos.mines} mine" + ("" if pos.mines == 1 else "s")
        raise ValueError(
            f"the view is inconsistent: no layout of {mines} fits its numbers"
        ) from None


def _solve(
    cons: dict[tuple[int, ...], int], n_unknown: int, mines: int, budget: int, cache: dict
) -> _Solution:
    """Solve the constraints `cells -> mines among them` on `n_unknown` unknown cells."""
    for cs, v in cons.items():
        if v < 0 or v > len(cs):
            raise _Inconsistent
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
                    raise _Inconsistent
                if not rest:
                    continue
                old = live.setdefault(rest, w)
                if old != w:
                    raise _Inconsistent
                for i in rest:
                    holders[i].add(rest)
                if w == 0 or w == len(rest):
                    queue.append(rest)
    return live, known


def _solve_rest(
    cons: dict[tuple[int, ...], int], n_unknown: int, mines: int, budget: int, cache: dict
) -> _Solution:
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
    spent = 0
    for numbers in sorted(groups.values(), key=lambda g: (len(g), g)):
        numbers.sort()
        part = _cached_part(numbers, max(min(_PART_FLOOR, budget), budget - spent), cache)
        spent += part.work
        parts.append(part)
    return _combine(parts, n_rest, mines)


def _cached_part(numbers: list[tuple[tuple[int, ...], int]], budget: int, cache: dict) -> _Part:
    """A part solved within `budget`, the same whether or not an earlier call solved it."""
    key = tuple(numbers)
    part = cache.get(key)
    if part is not None:
        if part.exact and part.work <= budget:
            return part
        if not part.exact and part.work >= budget:
            return part
        if part.exact:  # solved before with more room than this call has
            return _estimate_part(numbers, part.cells, budget)
    part = _solve_part(numbers, budget)
    cache[key] = part
    return part


def _combine(parts: list[_Part], n_rest: int, mines: int) -> _Solution:
    approximate = not all(p.exact for p in parts)
    # Normalised distributions keep the floats small; their totals go into the log count. Each
    # starts at its fewest mines (`offsets`), so the float work grows with the spread of the
    # totals, not with the totals themselves.
    dists = []
    offsets = []
    log_scale = 0.0
    for part in parts:
        total = sum(part.dist)
        log_scale += math.log(total)
        low = next(k for k, x in enumerate(part.dist) if x)
        offsets.append(low)
        dists.append([x / total for x in part.dist[low:]])
    base = sum(offsets)
    prefix = [[1.0]]
    for d in dists:
        prefix.append(_conv(prefix[-1], d))
    totals = prefix[-1]  # by frontier mines minus `base`
    top = base + len(totals) - 1
    supports = [_support(part.dist) for part in parts]
    allowed = 0  # frontier mine totals that leave a possible number for the rest
    for t in range(base, top + 1):
        if 0 <= mines - t <= n_rest:
            allowed |= 1 << t
    total_support = 1
    for s in supports:
        total_support = _sumset(total_support, s)
    feasible = total_support & allowed
    if not feasible:
        if not approximate:
            raise _Inconsistent
        # An estimated part's mine count is a guess that may overshoot: weigh every total as if
        # the rest could absorb the difference.
        allowed = (1 << (top + 1)) - 1
        feasible = total_support
    log_w = [
        _log_comb(n_rest, min(max(mines - t, 0), n_rest)) if allowed >> t & 1 else None
        for t in range(base, top + 1)
    ]
    shift = max(
        (math.log(x) + lw for x, lw in zip(totals, log_w, strict=True) if lw is not None and x),
        default=None,
    )
    if shift is None:  # every feasible total underflowed: fall back to the weights alone
        shift = max(lw for lw in log_w if lw is not None)
    w = [0.0 if lw is None else math.exp(min(lw - shift, 700.0)) for lw in log_w]
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
    z = sum(map(mul, totals, w))
    if z <= 0.0:
        raise _Inconsistent
    # Exact supports of the other parts, for the certainties (floats may underflow; sets don't).
    pre_sup = [1]
    for s in supports:
        pre_sup.append(_sumset(pre_sup[-1], s))
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
        mined = _marginals(part.root, part.completed, gain, sizes, False)[0]
        sure: list[bool | None] = [None] * len(sizes)
        if not approximate:
            # The mine total may rule out some of the part's mine counts: decide again over
            # the counts that remain.
            others = _sumset(pre_sup[i], suf_sup[i + 1])
            ok = [1 if x and (others << k) & allowed else 0 for k, x in enumerate(part.dist)]
            if any(x and not o for x, o in zip(part.dist, ok, strict=True)):
                some, left = _marginals(part.root, part.completed, ok, sizes, True)
                for b in range(len(sizes)):
                    if not some[b] or not left[b]:
                        sure[b] = not left[b]
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
    rest_prob = 0.0
    rest_certain = None
    if n_rest:
        rest_prob = sum(
            t_w * min(max(mines - base - t, 0), n_rest) for t, t_w in enumerate(map(mul, totals, w))
        ) / (n_rest * z)
        if not approximate:
            left = {mines - t for t in range(top + 1) if feasible >> t & 1}
            if left == {0}:
                rest_certain = False
            elif left == {n_rest}:
                rest_certain = True
        if rest_certain is not None:
            rest_prob = 1.0 if rest_certain else 0.0
        else:
            rest_prob = min(max(rest_prob, _TINY), _NEARLY_ONE)
    log_layouts = math.log(z) + shift + log_scale
    return _Solution(
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


# ---- local deduction: what one, two or three numbers prove, for hints a player can follow -------


@dataclass(frozen=True)
class _Fact:
    mine: bool
    level: int  # how many numbers the last step used
    numbers: tuple[int, ...]  # the number cells of the last step
    mines_used: tuple[int, ...]  # proven mines the last step counted


def _group_bounds(groups: list[tuple[int, int]], residuals: list[int]) -> list[list[int]] | None:
    """Fewest and most mines each group can hold when the numbers' residuals are met exactly.

    `groups` are (bitmask of the numbers the group's cells touch, cell count). None when no
    assignment fits.
    """
    n, m = len(groups), len(residuals)
    room = [[0] * m for _ in range(n + 1)]  # capacity of each number in groups[i:]
    for i in range(n - 1, -1, -1):
        mask, size = groups[i]
        room[i] = [x + (size if mask >> c & 1 else 0) for c, x in enumerate(room[i + 1])]
    bounds: list[list[int]] = [[len(groups) * 9, -1] for _ in groups]
    counts = [0] * n

    def walk(i: int, res: list[int]) -> None:
        if i == n:
            for g, x in enumerate(counts):
                if x < bounds[g][0]:
                    bounds[g][0] = x
                if x > bounds[g][1]:
                    bounds[g][1] = x
            return
        mask, size = groups[i]
        low, high = 0, size
        after = room[i + 1]
        for c in range(m):
            if mask >> c & 1:
                high = min(high, res[c])
                low = max(low, res[c] - after[c])
            elif res[c] > after[c]:
                return
        for x in range(low, high + 1):
            counts[i] = x
            walk(i + 1, [r - x if mask >> c & 1 else r for c, r in enumerate(res)])

    walk(0, residuals)
    if bounds and bounds[0][1] < 0:
        return None
    return bounds


class _Deduction:
    """Proves cells the way a player does: one number, then two or three numbers together."""

    def __init__(self, pos: _Position) -> None:
        self.pos = pos
        nb = _neighbours(pos.rows, pos.cols)
        values = pos.values
        self.around: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.touching: dict[int, list[int]] = {}
        for k, v in enumerate(values):
            if v < 0:
                continue
            cells = tuple(j for j in nb[k] if values[j] < 0)
            if cells:
                self.around[k] = (v, cells)
                for j in cells:
                    self.touching.setdefault(j, []).append(k)
            elif v:
                raise ValueError(
                    f"the view is inconsistent: the {v} at {_cell(pos, k)} has no covered neighbour"
                )
        self.facts: dict[int, _Fact] = {}

    def _inconsistent(self, n: int) -> ValueError:
        v = self.around[n][0]
        return ValueError(
            f"the view is inconsistent: the {v} at {_cell(self.pos, n)} cannot be satisfied"
        )

    def _residual(self, n: int) -> tuple[int, list[int], list[int]]:
        v, cells = self.around[n]
        free = []
        mines = []
        for j in cells:
            fact = self.facts.get(j)
            if fact is None:
                free.append(j)
            elif fact.mine:
                mines.append(j)
        return v - len(mines), free, mines

    def _level1(self, numbers) -> list[int]:
        pending = sorted(set(numbers), reverse=True)
        queued = set(pending)
        safes = []
        while pending:
            n = pending.pop()
            queued.discard(n)
            r, free, mines = self._residual(n)
            if r < 0 or r > len(free):
                raise self._inconsistent(n)
            if not free or 0 < r < len(free):
                continue
            fact = _Fact(r > 0, 1, (n,), tuple(mines))
            for j in free:
                self.facts[j] = fact
                if not fact.mine:
                    safes.append(j)
                for n2 in self.touching[j]:
                    if n2 not in queued:
                        queued.add(n2)
                        pending.append(n2)
        return safes

    def _linked(self, n: int) -> set[int]:
        """Numbers sharing an undecided cell with number n."""
        out: set[int] = set()
        for j in self.around[n][1]:
            if j not in self.facts:
                out.update(self.touching[j])
        out.discard(n)
        return out

    def _sets(self, level: int, targets: set[int] | None) -> list[tuple[int, ...]]:
        facts = self.facts
        if targets is not None and len(targets) > 2 * _LEVEL3_TARGETS:
            # Enough to find one safe cell a player can follow; the rest have other proofs.
            ordered = sorted(targets)
            targets = set(ordered[:_LEVEL3_TARGETS] + ordered[-_LEVEL3_TARGETS:])
        if targets is None:
            starts = [n for n, (_, cs) in self.around.items() if any(j not in facts for j in cs)]
        else:
            starts = sorted(
                {n for j in targets if j not in facts for n in self.touching.get(j, ())}
            )
        out: set[tuple[int, ...]] = set()
        for a in starts:
            near = self._linked(a)
            for b in near:
                if level == 2:
                    out.add(tuple(sorted((a, b))))
                    continue
                for c in near | self._linked(b):
                    if c != a and c != b:
                        out.add(tuple(sorted((a, b, c))))
        return sorted(out)

    def _prove(self, numbers: tuple[int, ...], level: int) -> list[int]:
        """The cells these numbers decide together (each of them with some cell undecided)."""
        residuals = []
        frees = []
        used: set[int] = set()
        for n in numbers:
            r, free, mines = self._residual(n)
            residuals.append(r)
            frees.append(set(free))
            used.update(mines)
        if not all(frees):
            return []
        membership: dict[int, int] = {}
        for i, free in enumerate(frees):
            for j in free:
                membership[j] = membership.get(j, 0) | 1 << i
        by_mask: dict[int, list[int]] = {}
        for j in sorted(membership):
            by_mask.setdefault(membership[j], []).append(j)
        masks = sorted(by_mask)
        bounds = _group_bounds([(mk, len(by_mask[mk])) for mk in masks], residuals)
        if bounds is None:
            raise self._inconsistent(numbers[0])
        new = []
        for mk, (low, high) in zip(masks, bounds, strict=True):
            cells = by_mask[mk]
            if high == 0 or low == len(cells):
                fact = _Fact(high > 0, level, numbers, tuple(sorted(used)))
                for j in cells:
                    self.facts[j] = fact
                    new.append(j)
        return new

    def run(self, max_level: int, targets: set[int] | None = None) -> list[int]:
        """Deduce until a safe cell turns up; the safe cells of the step that found them.

        Single numbers first; a proof from two (then three) numbers that finds only mines goes
        back to single numbers at once, so reasons stay as simple as they can be. Each sweep
        over the sets of numbers goes on from where the last proof was found.
        """
        safes = self._level1(self.around)
        level = 2
        while not safes and level <= max_level:
            progress = False
            for numbers in self._sets(level, targets if level > 2 else None):
                new = self._prove(numbers, level)
                if not new:
                    continue
                progress = True
                safes = [j for j in new if not self.facts[j].mine]
                if not safes:
                    safes = self._level1({n for j in new for n in self.touching[j]})
                if safes:
                    break
            level = 2 if progress else level + 1
        return safes

    def explain(self, safes: list[int]) -> Hint:
        def rank(j: int) -> tuple[int, int, int]:
            fact = self.facts[j]
            return (fact.level, len(fact.mines_used), j)

        cell = min(safes, key=rank)
        fact = self.facts[cell]
        pos = self.pos
        where = _cell(pos, cell)
        if fact.level == 1:
            n = fact.numbers[0]
            if not fact.mines_used:
                reason = f"{where} is safe: {_number(pos, n)} has no mine around it."
            else:
                mines = fact.mines_used
                its = "its mine at" if len(mines) == 1 else f"its {len(mines)} mines at"
                reason = (
                    f"{where} is safe: {_number(pos, n)} already touches "
                    f"{its} {_and(_cell(pos, m) for m in mines)}."
                )
        else:
            reason = (
                f"{where} is safe: {_and(_number(pos, n) for n in fact.numbers)} together leave "
                "no room for a mine there"
            )
            if fact.mines_used:
                word = "mine" if len(fact.mines_used) == 1 else "mines"
                reason += f", counting the proven {word} at "
                reason += _and(_cell(pos, m) for m in fact.mines_used)
            reason += "."
        if fact.mines_used:
            reason += " " + self._mine_sources(fact.mines_used)
        return Hint(divmod(cell, pos.cols), True, 0.0, reason)

    def _mine_sources(self, mines: tuple[int, ...]) -> str:
        pos = self.pos
        by_proof: dict[tuple[int, ...], list[int]] = {}
        for m in mines:
            by_proof.setdefault(self.facts[m].numbers, []).append(m)
        clauses = []
        for numbers, group in by_proof.items():
            cells = _and(_cell(pos, m) for m in group)
            verb = "is a mine" if len(group) == 1 else "are mines"
            clauses.append((cells, verb, _and(_number(pos, n) for n in numbers)))
        first = clauses[0]
        text = f"We know {first[0]} {first[1]} from {first[2]}"
        for cells, _, source in clauses[1:]:
            text += f"; {cells} from {source}"
        return text + "."


def _cell(pos: _Position, k: int) -> str:
    r, c = divmod(k, pos.cols)
    return f"({r},{c})"


def _number(pos: _Position, k: int) -> str:
    return f"the {pos.values[k]} at {_cell(pos, k)}"


def _and(parts) -> str:
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _explain_global(pos: _Position, sol: _Solution, certain: dict[int, bool]) -> Hint:
    """A safe cell only the whole frontier, or the mine total, proves."""
    safes = sorted(k for k, mine in certain.items() if not mine)
    by_numbers = [k for k in safes if sol.by_numbers.get(k) is False]
    if by_numbers:
        cell = by_numbers[0]
        nb = _neighbours(pos.rows, pos.cols)
        numbers = [n for n in nb[cell] if pos.values[n] >= 0][:4]
        part = next((p for p in sol.parts if cell in p.certain), None)
        more = part is not None and len(part.numbers) > len(numbers)
        named = _and(_number(pos, n) for n in numbers)
        if more:
            them = "it" if len(numbers) == 1 else "them"
            named = ", ".join(_number(pos, n) for n in numbers)
            named += f" and the numbers linked to {them}"
        elif len(numbers) > 1:
            named += " together"
        verb = "leaves" if len(numbers) == 1 and not more else "leave"
        reason = f"{_cell(pos, cell)} is safe: {named} {verb} no way to place a mine there."
        return Hint(divmod(cell, pos.cols), True, 0.0, reason)
    cell = safes[0]
    where = _cell(pos, cell)
    if pos.mines == 0:
        reason = f"{where} is safe: the board has no mines at all."
    elif cell not in sol.prob and sol.rest_certain is False:
        need = (
            "the board's only mine" if pos.mines == 1 else f"all {pos.mines} of the board's mines"
        )
        reason = (
            f"{where} is safe: the numbers already account for {need}, so none is left for the "
            "cells away from them."
        )
    else:
        reason = (
            f"{where} is safe: the board has {pos.mines} mines, and every way to fit them to the "
            "numbers leaves it clear."
        )
    return Hint(divmod(cell, pos.cols), True, 0.0, reason)


# ---- guessing ---------------------------------------------------------------------------------


def _percent(p: float) -> str:
    return f"{p:.1%}" if p < 0.1 else f"{p:.0%}"


def _guess_hint(pos: _Position, cell: int, p: float, approximate: bool, note: str) -> Hint:
    reason = (
        f"No cell is certain. {_cell(pos, cell)} is the best guess: it is a mine with "
        f"probability {_percent(p)}"
    )
    if approximate:
        reason += " (estimated: the position is too big to count exactly)"
    reason += "." + (f" {note}" if note else "")
    return Hint(divmod(cell, pos.cols), False, p, reason, approximate)


def _choose_guess(
    pos: _Position, sol: _Solution, cache: dict, lookahead: bool
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
    nb = _neighbours(pos.rows, pos.cols)
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
    cons = _constraints(pos)
    if len(cons) > _LOOKAHEAD_MAX_NUMBERS:
        return best, p_of(best), False, ""
    endgame = _endgame_guess(pos, sol, cons)
    if endgame is not None:
        layouts = round(math.exp(sol.log_layouts))
        note = f"Over all {layouts} ways the mines can lie, opening it wins most often."
        return endgame, p_of(endgame), False, note
    endgame = _local_endgame(pos, sol)
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
        score, progress, used = _weigh_guess(pos, sol, cons, holding, k, cache)
        analyses += used
        weighed.append((score, progress, k))
        top = max(top, score)
    note = ""
    if weighed:
        close = [w for w in weighed if w[0] >= top - _TIE_MARGIN]
        chosen = max(close, key=lambda w: (w[1], -p_of(w[2]), -w[2]))[2]
        if _percent(p_of(chosen)) != _percent(p_of(best)):
            note = (
                f"The safest cell, {_cell(pos, best)}, is at {_percent(p_of(best))}, but this "
                "one is likelier to open up the board."
            )
        best = chosen
    return best, p_of(best), False, note


def _rest_representatives(pos: _Position, sol: _Solution, nb) -> list[int]:
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
    pos: _Position,
    sol: _Solution,
    cons: dict[tuple[int, ...], int],
    holding: dict[int, list[tuple[int, ...]]],
    k: int,
    cache: dict,
) -> tuple[float, float, int]:
    """(chance to survive this guess and the next move, expected cells proven, analyses used)."""
    nb = _neighbours(pos.rows, pos.cols)
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
    for v in range(len(around) + 1):
        after = dict(base)
        if around and after.setdefault(around, v) != v:
            continue
        if not around and v:
            continue
        used += 1
        try:
            nxt = _solve(after, n_unknown, pos.mines, _LOOKAHEAD_BUDGET, cache)
        except _Inconsistent:
            continue
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


def _endgame_guess(pos: _Position, sol: _Solution, cons: dict[tuple[int, ...], int]) -> int | None:
    """With few layouts left, the guess that wins most often, by searching the game to its end.

    Every layout that fits is listed; a position is a set of them. Cells safe in all of them are
    opened for free (their numbers split the set); otherwise each undecided cell is tried, and
    its chance is the sum over the numbers it may show of (share of layouts) x (chance from
    there). None when there are too many layouts or the search outgrows its budget.
    """
    if sol.approximate or sol.log_layouts > math.log(_ENDGAME_LAYOUTS) + 1e-9:
        return None
    unknown = pos.unknown
    index = {k: i for i, k in enumerate(unknown)}
    layouts = _list_layouts(pos, sol, cons, index)
    if layouts is None or len(layouts) < 2:
        return None
    nb = _neighbours(pos.rows, pos.cols)
    around = [sum(1 << index[j] for j in nb[k] if j in index) for k in unknown]
    search = _Endgame(around, len(unknown))
    try:
        best = search.best(tuple(layouts))
    except _OverBudget:
        return None
    return None if best is None else unknown[best]


def _list_layouts(
    pos: _Position, sol: _Solution, cons: dict[tuple[int, ...], int], index: dict[int, int]
) -> list[int] | None:
    """Every layout that fits, as bitmasks over the unknown cells (None if unexpectedly many)."""
    listed = _enumerate(sorted(sol.prob), cons, sol.certain, 50 * _ENDGAME_LAYOUTS)
    if listed is None:
        return None
    free, found = listed
    fixed = sum(1 << index[k] for k, mine in sol.certain.items() if mine)
    rest = [index[k] for k in pos.unknown if k not in sol.prob]
    out = []
    for bits, mines in found:
        left = pos.mines - mines
        if not 0 <= left <= len(rest):
            continue
        base = fixed | sum(1 << index[free[i]] for i in range(len(free)) if bits >> i & 1)
        for combo in itertools.combinations(rest, left):
            out.append(base | sum(1 << i for i in combo))
            if len(out) > 2 * _ENDGAME_LAYOUTS:
                return None
    return out


def _enumerate(
    cells: list[int], cons: dict[tuple[int, ...], int], certain: dict[int, bool], limit: int
) -> tuple[list[int], list[tuple[int, int]]] | None:
    """The undecided cells among `cells`, and every way to put mines in them that meets `cons`.

    `cons` may only hold cells among `cells`; each way is (bitmask over the undecided cells,
    mines in all of `cells`). None when there are too many cells or search steps.
    """
    free = [k for k in cells if k not in certain]
    if len(free) > _MAX_LISTED_CELLS:
        return None
    order = {k: i for i, k in enumerate(free)}
    fixed = sum(1 for k in cells if certain.get(k))
    checks: list[list[tuple[int, int]]] = [[] for _ in free]  # at the last cell of each
    for cs, v in cons.items():
        left = [order[j] for j in cs if j in order]
        if left:
            v -= sum(1 for j in cs if certain.get(j))
            checks[max(left)].append((sum(1 << i for i in left), v))
    found: list[tuple[int, int]] = []
    steps = 0

    def walk(i: int, bits: int, mines: int) -> None:
        nonlocal steps
        steps += 1
        if steps > limit:
            raise _OverBudget
        if i == len(free):
            found.append((bits, mines))
            return
        for mine in (0, 1):
            b = bits | (mine << i)
            if all((b & m).bit_count() == v for m, v in checks[i]):
                walk(i + 1, b, mines + mine)

    try:
        walk(0, 0, fixed)
    except _OverBudget:
        return None
    return free, found


def _local_endgame(pos: _Position, sol: _Solution) -> int | None:
    """The best first guess in a closed part of the frontier small enough to search exactly.

    A part is closed when its cells touch no covered cell outside it except proven ones, and
    all its solutions have the same number of mines: then nothing opened elsewhere, not even
    the mine count, can ever tell its solutions apart, so it must be won on its own, and the
    best first guess of its own game tree (searched to its end) is a best guess of the whole
    board. Of several such parts, the one most likely to be won is played first.
    """
    nb = _neighbours(pos.rows, pos.cols)
    values = pos.values
    best: tuple[float, int] | None = None
    for part in sol.parts:
        if not part.exact or sum(part.dist) > _LOCAL_LAYOUTS:
            continue
        inside = set(part.cells)
        if any(
            values[x] < 0 and x not in inside and x not in sol.certain
            for j in part.cells
            for x in nb[j]
        ):
            continue
        listed = _enumerate(part.cells, dict(part.numbers), sol.certain, 50 * _LOCAL_LAYOUTS)
        if listed is None or len({mines for _, mines in listed[1]}) != 1:
            continue  # the mine count could still tell its solutions apart: not on its own
        free, found = listed
        if len(found) < 2:
            continue
        index = {k: i for i, k in enumerate(free)}
        around = [sum(1 << index[x] for x in nb[k] if x in index) for k in free]
        search = _Endgame(around, len(free))
        try:
            chance, choice = search._guesses(tuple(bits for bits, _ in found), 0)
        except _OverBudget:
            continue
        if choice is not None and (best is None or chance > best[0]):
            best = (chance, free[choice])
    return None if best is None else best[1]


class _Endgame:
    """The exact chance of winning from a set of equally likely layouts, and the best cell.

    Layouts are bitmasks over the cells searched; `around[i]` is the mask of cell i's neighbours.
    """

    def __init__(self, around: list[int], cells: int) -> None:
        self.around = around
        self.all = (1 << cells) - 1
        self.memo: dict[tuple[int, ...], float] = {}
        self.nodes = 0

    def best(self, layouts: tuple[int, ...]) -> int | None:
        return self._guesses(layouts, 0)[1]

    def chance(self, layouts: tuple[int, ...], depth: int) -> float:
        if len(layouts) == 1:
            return 1.0
        known = self.memo.get(layouts)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > _ENDGAME_NODES or depth > _MAX_DEPTH:
            raise _OverBudget
        anywhere = 0
        for lay in layouts:
            anywhere |= lay
        free = self.all & ~anywhere  # safe in every layout: opened at no risk
        if free:
            cells = [i for i in range(len(self.around)) if free >> i & 1]
            groups = self._split(layouts, cells)
            if len(groups) > 1:
                total = len(layouts)
                value = sum(len(g) / total * self.chance(g, depth + 1) for g in groups)
                self.memo[layouts] = value
                return value
        value = self._guesses(layouts, depth)[0]
        self.memo[layouts] = value
        return value

    def _split(self, layouts: tuple[int, ...], cells: list[int]) -> list[tuple[int, ...]]:
        around = self.around
        groups: dict[tuple[int, ...], list[int]] = {}
        for lay in layouts:
            groups.setdefault(tuple((lay & around[i]).bit_count() for i in cells), []).append(lay)
        return [tuple(g) for g in groups.values()]

    def _guesses(self, layouts: tuple[int, ...], depth: int) -> tuple[float, int | None]:
        total = len(layouts)
        everywhere = self.all
        anywhere = 0
        for lay in layouts:
            everywhere &= lay
            anywhere |= lay
        undecided = anywhere & ~everywhere
        options = []
        seen = set()
        for i in range(len(self.around)):
            if not undecided >> i & 1:
                continue
            outcome: dict[int, list[int]] = {}
            for lay in layouts:
                shown = -1 if lay >> i & 1 else (lay & self.around[i]).bit_count()
                outcome.setdefault(shown, []).append(lay)
            signature = tuple(sorted((k, tuple(v)) for k, v in outcome.items()))
            if signature in seen:
                continue
            seen.add(signature)
            safe = total - len(outcome.get(-1, ()))
            options.append((safe, i, outcome))
        options.sort(key=lambda o: (-o[0], o[1]))
        best, best_cell = 0.0, None
        for safe, i, outcome in options:
            if safe / total <= best + 1e-12:
                break
            value = sum(
                len(g) / total * self.chance(tuple(g), depth + 1)
                for shown, g in outcome.items()
                if shown >= 0
            )
            if value > best + 1e-12:
                best, best_cell = value, i
        return best, best_cell
