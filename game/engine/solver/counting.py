"""Counting the solutions of one part of the frontier, exactly or, over budget, as an estimate.

A part is a set of open numbers linked by shared covered cells. Its cells are grouped into boxes
(cells touching the same numbers); a branch-and-split search counts its solutions by mine count
and keeps the search as a graph, so the mines of each box can be found in one pass down it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import add, mul

from .position import Inconsistent, OverBudget

MAX_DEPTH = 120  # of the branch-and-split recursion, far inside Python's limit


def convolve(a: list, b: list) -> list:
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
    Only counts go up the search; the mines of each box are found afterwards by `marginals`,
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
            raise OverBudget

    def _solve(self, mask: int, res: list[int], depth: int) -> _Node | None:
        """Solutions of the boxes in `mask` under residual numbers `res` (changed in place)."""
        if depth > MAX_DEPTH:
            raise OverBudget
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
            dist = convolve(dist, piece.dist)
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


def marginals(
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
            before.append(clamp(convolve(before[-1], d)))
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


@dataclass
class Part:
    cells: list[int]
    numbers: list[tuple[tuple[int, ...], int]]
    exact: bool
    dist: list  # solutions (exact: weighted ways; estimated: a point mass) by mines in the part
    certain: dict[int, bool]  # cells the part's numbers alone decide: True for a mine
    work: int  # search spent (the whole budget, for an estimate)
    box_cells: list[list[int]]  # exact: the cells of each box
    root: _Node | None  # exact: the search graph, for `marginals`
    completed: list[_Branch]
    estimate: dict[int, float]  # estimated: each cell's estimated probability


def _solve_part(numbers: list[tuple[tuple[int, ...], int]], budget: int) -> Part:
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
    except OverBudget:
        return _estimate_part(numbers, cells, budget)
    if root is None:
        raise Inconsistent
    sizes = [len(bc) for bc in box_cells]
    mined, left = marginals(root, counter.completed, [1] * len(root.dist), sizes, True)
    certain: dict[int, bool] = {}
    for b, bc in enumerate(box_cells):
        if not mined[b] or not left[b]:
            certain.update((j, not left[b]) for j in bc)
    return Part(
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
) -> Part:
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
                raise Inconsistent
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
    return Part(cells, numbers, False, [0] * k0 + [1], certain, budget, [], None, [], p)


def cached_part(numbers: list[tuple[tuple[int, ...], int]], budget: int, cache: dict) -> Part:
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
