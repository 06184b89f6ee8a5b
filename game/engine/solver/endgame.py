"""The endgame: with few layouts left, or in a closed region, the game searched to its end."""

from __future__ import annotations

import itertools
import math

from .counting import MAX_DEPTH, Part
from .position import OverBudget, Position, neighbours
from .probabilities import Solution

ENDGAME_LAYOUTS = 500  # at most this many layouts left: search the game tree exactly
_ENDGAME_NODES = 50_000
_NODES_PER_LAYOUT = _ENDGAME_NODES // ENDGAME_LAYOUTS  # an endgame of more layouts may do more
_LOCAL_LAYOUTS = 2_000  # a closed part with at most this many solutions is searched exactly
_MAX_LISTED_CELLS = 300  # undecided cells an exact endgame search may list layouts over
# The searches of one guess (the endgame, then the lookahead, priced in the same steps) may do at
# most this many steps. A step is a (layout, cell) pair the endgame reads, about 0.2 us of CPU
# on the 2-core machine of benchmarks/bench_solver.py; everything else is priced in the same
# steps, so that steps stay proportional to time (0.11-0.23 us a step over the 60 slowest of
# 500 Expert games). The cap keeps a guess's searches under about 100 ms of CPU there, the
# whole hint under 125 ms, and the same position gives the same hint on every machine. Past
# it, the guess falls back to what was weighed, or the safest cell. The hints' policy
# (guess.TODAY) gives the endgame a million steps of its own besides, in the bit search
# (`_BitEndgame`, 0.05-0.1 us a step), and takes a fifth of what it spent off this cap: its
# slowest hints are in benchmarks/RESULTS.md, "Issue 43".
GUESS_WORK = 400_000
# The prices of the work besides the pairs, in the same steps (fitted on the slowest Expert
# positions with benchmarks/bench_solver.py --slowest and --retime).
_PER_CALL = 20  # a call of a search function, a listed part, an option weighed
_PER_CELL = 4  # a cell whose neighbours are read
_PER_NODE = 6  # a node of a listing walk (and two per check it makes)
_PER_LAYOUT = 2  # a layout grouped by what the free cells show
_PER_PAIR = 3  # (layout, cell) read by a guess: its outcome, its share of the signature


class Work:
    """What the searches of one guess may still do, in steps (GUESS_WORK says what a step is).

    Every piece of work is charged, the overhead of a call or a layout as well as the pairs it
    reads, so that steps stay roughly proportional to time (benchmarks/bench_solver.py --retime
    prints both for the slowest positions). Raises OverBudget once `left` goes below 0.
    """

    def __init__(self, steps: int = GUESS_WORK) -> None:
        self.steps = steps
        self.left = steps
        self.aside = 0  # steps spent on a Work of their own (`own`, `settle_own`)

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise OverBudget

    def share(self, part: float) -> Work:
        """A Work of `part` of what is left, for a search that must leave the rest; `settle`
        charges what it spent back here."""
        return Work(int(max(self.left, 0) * part))

    def settle(self, share: Work) -> None:
        # a price that went past the share was not paid for work done: it is not charged
        self.left -= share.steps - max(share.left, 0)

    def own(self, steps: int) -> Work:
        """A Work of its own for a search besides this cap (the endgame's, with the hints'
        policy), scaled as this cap is to `GUESS_WORK`; `settle_own` counts what it spent."""
        return Work(steps * self.steps // GUESS_WORK)

    def settle_own(self, own: Work) -> None:
        # counted in the steps spent, and a fifth of it off this cap: a hint whose endgame
        # used its steps up has less left for what comes after, so it stays bounded
        spent = own.steps - max(own.left, 0)
        self.aside += spent
        self.left -= spent // 5

    @property
    def spent(self) -> int:
        return self.steps - self.left + self.aside


def endgame_guess(
    pos: Position,
    sol: Solution,
    cons: dict[tuple[int, ...], int],
    work: Work | None = None,
    most: int = ENDGAME_LAYOUTS,
    bitsets: bool = False,
) -> int | None:
    """With few layouts left, the guess that wins most often, by searching the game to its end.

    Every layout that fits is listed; a position is a set of them. Cells safe in all of them are
    opened for free (their numbers split the set); otherwise each undecided cell is tried, and
    its chance is the sum over the numbers it may show of (share of layouts) x (chance from
    there). None when there are more than `most` layouts or the search outgrows its budget
    (100 nodes a layout) or `work`. `bitsets`: searched by `_BitEndgame`.
    """
    if sol.approximate or sol.log_layouts > math.log(most) + 1e-9:
        return None
    work = work or Work()
    unknown = pos.unknown
    try:
        work.spend(_PER_CELL * len(unknown))
        index = {k: i for i, k in enumerate(unknown)}
        layouts = _list_layouts(pos, sol, cons, index, work, most)
        if layouts is None or len(layouts) < 2:
            return None
        nb = neighbours(pos.rows, pos.cols)
        around = [sum(1 << index[j] for j in nb[k] if j in index) for k in unknown]
        nodes = _NODES_PER_LAYOUT * most
        if bitsets:
            best = _BitEndgame(layouts, around, len(unknown), work, nodes).best()
        else:
            best = _Endgame(around, len(unknown), work, nodes).best(tuple(layouts))
    except OverBudget:
        return None
    return None if best is None else unknown[best]


def _list_layouts(
    pos: Position,
    sol: Solution,
    cons: dict[tuple[int, ...], int],
    index: dict[int, int],
    work: Work,
    most: int,
) -> list[int] | None:
    """Every layout that fits, as bitmasks over the unknown cells (None if unexpectedly many)."""
    listed = _enumerate(sorted(sol.prob), cons, sol.certain, 50 * most, work)
    if listed is None:
        return None
    free, found = listed
    fixed = sum(1 << index[k] for k, mine in sol.certain.items() if mine)
    rest = [index[k] for k in pos.unknown if k not in sol.prob]
    out = []
    for bits, mines in found:
        left = pos.mines - mines
        work.spend(_PER_CALL + len(free))
        if not 0 <= left <= len(rest):
            continue
        work.spend(min(math.comb(len(rest), left), 2 * most + 1) * (left + 1))
        base = fixed | sum(1 << index[free[i]] for i in range(len(free)) if bits >> i & 1)
        for combo in itertools.combinations(rest, left):
            out.append(base | sum(1 << i for i in combo))
            if len(out) > 2 * most:
                return None
    return out


class _TooMany(Exception):
    """A listing met its own limit of nodes: the layouts are too many to list."""


def _enumerate(
    cells: list[int],
    cons: dict[tuple[int, ...], int],
    certain: dict[int, bool],
    limit: int,
    work: Work,
) -> tuple[list[int], list[tuple[int, int]]] | None:
    """The undecided cells among `cells`, and every way to put mines in them that meets `cons`.

    `cons` may only hold cells among `cells`; each way is (bitmask over the undecided cells,
    mines in all of `cells`). None when there are too many cells or search steps; OverBudget
    when `work` runs out (each node of the walk costs a call and its checks).
    """
    work.spend(_PER_CALL + len(cells) + sum(map(len, cons)))
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
    cost = [_PER_NODE + 2 * len(c) for c in checks]  # a node: a call, two tries of its checks
    left = work.left

    def walk(i: int, bits: int, mines: int) -> None:
        nonlocal steps, left
        steps += 1
        if steps > limit:
            raise _TooMany
        if i == len(free):
            found.append((bits, mines))
            return
        left -= cost[i]
        if left < 0:
            raise OverBudget
        for mine in (0, 1):
            b = bits | (mine << i)
            if all((b & m).bit_count() == v for m, v in checks[i]):
                walk(i + 1, b, mines + mine)

    try:
        walk(0, 0, fixed)
    except _TooMany:
        return None
    finally:
        work.left = min(work.left, left)
    return free, found


def local_endgame(
    pos: Position, sol: Solution, work: Work | None = None, loose: bool = False
) -> int | None:
    """The best first guess in a closed part of the frontier small enough to search exactly.

    A part is closed when its cells touch no covered cell outside it except proven ones, and
    all its solutions have the same number of mines: then nothing opened elsewhere, not even
    the mine count, can ever tell its solutions apart, so it must be won on its own, and the
    best first guess of its own game tree (searched to its end) is a best guess of the whole
    board. Of several such parts, the one most likely to be won is played first. The parts'
    searches share `work`; one that outgrows it is left out. `loose`: a 50/50 that covered
    cells beside it can never tell apart counts as on its own too (`closed_part`).
    """
    work = work or Work()
    best: tuple[float, int] | None = None
    for part in sol.parts:
        try:
            found = closed_part(pos, part, sol.certain, work, _LOCAL_LAYOUTS, loose=loose)
        except OverBudget:
            break  # the guess's work is spent: the parts searched so far
        if found is not None and found[1] is not None and (best is None or found[0] > best[0]):
            best = found  # type: ignore[assignment]
    return None if best is None else best[1]


def closed_part(
    pos: Position,
    part: Part,
    certain: dict[int, bool],
    work: Work,
    most: int,
    opened: int = -1,
    loose: bool = False,
) -> tuple[float, int | None] | None:
    """(the chance of winning `part`, its best first guess) when it is closed (see
    `local_endgame`) and has at most `most` solutions; None when it is not closed, or too big.
    `opened`: a covered cell taken as open (a guess weighed before it is made); `certain`:
    the proven cells. A part with one solution is won for certain. `loose`: a part of two
    solutions is on its own too when the covered cells beside it, not proven, see as many of
    its mines in both (a 50/50 no opening outside it can ever tell apart). Raises OverBudget."""
    if not part.exact or sum(part.dist) > most:
        return None
    work.spend(_PER_CALL + _PER_CELL * len(part.cells))
    nb = neighbours(pos.rows, pos.cols)
    values = pos.values
    inside = set(part.cells)
    outside = {
        x
        for j in part.cells
        for x in nb[j]
        if values[x] < 0 and x != opened and x not in inside and not certain.get(x)
    }
    if outside and (not loose or sum(part.dist) != 2 or sum(1 for n in part.dist if n) != 1):
        return None  # only two solutions of as many mines may be on their own with cells beside
    listed = _enumerate(part.cells, dict(part.numbers), certain, 50 * most, work)
    if listed is None or len({mines for _, mines in listed[1]}) != 1:
        return None  # the mine count could still tell its solutions apart: not on its own
    free, found = listed
    if len(found) < 2:
        return 1.0, None
    if outside:
        # a covered cell beside it may never tell its two solutions apart: the same number of
        # their mines lies round it in both (two cells side by side, walled in by mines)
        index = {k: i for i, k in enumerate(free)}
        (a, _), (b, _) = found
        for x in outside:
            mask = sum(1 << index[j] for j in nb[x] if j in index)
            if (a & mask).bit_count() != (b & mask).bit_count():
                return None
        return 0.5, free[((a ^ b) & -(a ^ b)).bit_length() - 1]
    work.spend(_PER_CELL * len(free) + len(found))
    index = {k: i for i, k in enumerate(free)}
    around = [sum(1 << index[x] for x in nb[k] if x in index) for k in free]
    chance, choice = _Endgame(around, len(free), work)._guesses(tuple(b for b, _ in found), 0)
    return chance, None if choice is None else free[choice]


class _Endgame:
    """The exact chance of winning from a set of equally likely layouts, and the best cell.

    Layouts are bitmasks over the cells searched; `around[i]` is the mask of cell i's neighbours.
    """

    def __init__(
        self, around: list[int], cells: int, work: Work, nodes: int = _ENDGAME_NODES
    ) -> None:
        self.around = around
        self.work = work
        self.all = (1 << cells) - 1
        self.memo: dict[tuple[int, ...], float] = {}
        self.nodes = 0
        self.most_nodes = nodes

    def best(self, layouts: tuple[int, ...]) -> int | None:
        return self._guesses(layouts, 0)[1]

    def chance(self, layouts: tuple[int, ...], depth: int) -> float:
        if len(layouts) == 1:
            return 1.0
        known = self.memo.get(layouts)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.most_nodes or depth > MAX_DEPTH:
            raise OverBudget
        self.work.spend(_PER_CALL + len(layouts))
        anywhere = 0
        for lay in layouts:
            anywhere |= lay
        free = self.all & ~anywhere  # safe in every layout: opened at no risk
        if free:
            self.work.spend(len(self.around))
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
        self.work.spend(len(layouts) * (len(cells) + _PER_LAYOUT))
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
        self.work.spend(
            _PER_CALL
            + 2 * len(layouts)
            + len(self.around)
            + undecided.bit_count() * (_PER_CALL + _PER_PAIR * len(layouts))
        )
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


_PER_OP = 1  # a set operation of the bit search, per 1,024 layouts it holds (and at least one)


class _BitEndgame:
    """`_Endgame`'s search, with a set of layouts one integer (bit l: the l-th layout) and, for
    each cell, the set of layouts where it is a mine and the sets where it shows each number:
    a cell's outcomes over a set of layouts are a few ANDs, not a pass over the layouts. The
    chances are the same as `_Endgame`'s (its sums taken in another order)."""

    def __init__(
        self, layouts: list[int], around: list[int], cells: int, work: Work, nodes: int
    ) -> None:
        self.work = work
        self.most_nodes = nodes
        self.nodes = 0
        self.memo: dict[int, float] = {}
        self.cells = cells
        self.op = _PER_OP * (1 + len(layouts) // 1024)
        # a step a (layout, mine) read below, twice over: a step is about 0.1 us here
        work.spend(2 * sum(lay.bit_count() for lay in layouts) + self.op * cells * 50)
        mines = [0] * cells  # cell -> the layouts where it is a mine
        for index, lay in enumerate(layouts):
            bit = 1 << index
            while lay:
                low = lay & -lay
                mines[low.bit_length() - 1] |= bit
                lay ^= low
        everyone = self.everyone = (1 << len(layouts)) - 1
        self.mines = mines
        # cell -> (number, the layouts where it is safe and shows it), each number it may show
        self.shows: list[list[tuple[int, int]]] = []
        for i in range(cells):
            planes = [0, 0, 0, 0]  # the binary digits of its neighbours' mines, layout by layout
            near = around[i]
            while near:
                low = near & -near
                carry = mines[low.bit_length() - 1]
                near ^= low
                for b in range(4):
                    planes[b], carry = planes[b] ^ carry, planes[b] & carry
                    if not carry:
                        break
            safe = everyone & ~mines[i]
            shows = []
            for v in range(9):
                s = safe
                for b in range(4):
                    s &= planes[b] if v >> b & 1 else ~planes[b]
                if s:
                    shows.append((v, s))
            self.shows.append(shows)

    def best(self) -> int | None:
        return self._guesses(self.everyone, 0)[1]

    def chance(self, group: int, depth: int) -> float:
        if group & (group - 1) == 0:
            return 1.0
        known = self.memo.get(group)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.most_nodes or depth > MAX_DEPTH:
            raise OverBudget
        total = group.bit_count()
        groups = [group]  # split by the numbers of the cells safe in every layout
        ops = self.cells
        for i in range(self.cells):
            if group & self.mines[i]:
                continue
            shows = self.shows[i]
            ops += len(groups) * len(shows)
            groups = [part for g in groups for _, s in shows if (part := g & s)]
        self.work.spend(_PER_CALL + self.op * ops)
        if len(groups) > 1:
            value = sum(g.bit_count() / total * self.chance(g, depth + 1) for g in groups)
        else:
            value = self._guesses(group, depth)[0]
        self.memo[group] = value
        return value

    def _guesses(self, group: int, depth: int) -> tuple[float, int | None]:
        total = group.bit_count()
        options = []
        seen = set()
        ops = self.cells
        for i in range(self.cells):
            mine = group & self.mines[i]
            if not mine or mine == group:
                continue  # safe in every layout, or a mine in every one: nothing to guess
            outcome = [(v, part) for v, s in self.shows[i] if (part := group & s)]
            ops += len(self.shows[i])
            signature = (mine, *outcome)
            if signature in seen:
                continue
            seen.add(signature)
            options.append((total - mine.bit_count(), i, outcome))
        self.work.spend(_PER_CALL + self.op * ops)
        options.sort(key=lambda o: (-o[0], o[1]))
        best, best_cell = 0.0, None
        for safe, i, outcome in options:
            if safe / total <= best + 1e-12:
                break
            # the biggest groups first; stopped once the rest cannot lift it above the best
            parts = sorted((p.bit_count() / total, p) for _, p in outcome)
            value, left = 0.0, safe / total
            while parts:
                share, part = parts.pop()
                left -= share
                value += share * self.chance(part, depth + 1)
                if value + left <= best + 1e-12:
                    break
            else:
                if value > best + 1e-12:
                    best, best_cell = value, i
        return best, best_cell
