"""Local deduction: what one, two or three numbers prove, and reasons a player can follow.

Also the reason for a safe cell only the whole frontier or the mine total proves.
"""

from __future__ import annotations

from dataclasses import dataclass

from .answers import Hint, HintKind
from .position import Position, Table, and_list, cell_text, neighbours, number_text
from .probabilities import Solution

_LEVEL3_TARGETS = 40  # cells looked at for three-number proofs


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
    return None if bounds and bounds[0][1] < 0 else bounds


class Deduction:
    """Proves cells the way a player does: one number, then two or three numbers together."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        values = pos.values
        lonely = pos.lonely_number
        if lonely is not None:
            raise ValueError(
                f"the view is inconsistent: the {values[lonely]} at {cell_text(pos, lonely)} has "
                "no covered neighbour"
            )
        nb = neighbours(pos.rows, pos.cols)
        self.numbers = pos.frontier  # ascending
        # Made as they are read: a sweep that stops early never reads most of a big board.
        self.around = Table(lambda k: tuple(j for j in nb[k] if values[j] < 0))  # cells of k
        self.touching = Table(lambda j: [k for k in nb[j] if values[k] >= 0])  # numbers at j
        self.values = values
        self.facts: dict[int, _Fact] = {}

    def _inconsistent(self, n: int) -> ValueError:
        v = self.values[n]
        return ValueError(
            f"the view is inconsistent: the {v} at {cell_text(self.pos, n)} cannot be satisfied"
        )

    def _residual(self, n: int) -> tuple[int, list[int], list[int]]:
        v, cells = self.values[n], self.around[n]
        free = []
        mines = []
        for j in cells:
            fact = self.facts.get(j)
            if fact is None:
                free.append(j)
            elif fact.mine:
                mines.append(j)
        return v - len(mines), free, mines

    def _level1(self, numbers, best_only: bool = False) -> list[int]:
        """Single numbers to a fixed point, smallest number first and each number a cell of it
        was decided by next (the order decides which proof each cell keeps).

        With `best_only`, stops as soon as no later step can find a safe cell `explain` would
        rank above the best found: it counts the fewest mines any number can (a safe cell's
        proof counts its number's value) and every frontier cell before it is decided. On a
        big open board that is a few rows in, not the whole frontier; the facts stay partial.
        """
        pending = numbers[::-1] if isinstance(numbers, list) else sorted(numbers, reverse=True)
        queued = set(pending)
        safes: list[int] = []
        facts, around, touching, values = self.facts, self.around, self.touching, self.values
        known = facts.get
        fewest = min(map(values.__getitem__, self.numbers), default=0) if best_only else -1
        unknown = self.pos.unknown
        first_open = 0  # no cell of unknown[:first_open] can still be decided
        best = None  # the best safe cell so far, proven by a number of `fewest` mines
        while pending:
            if best is not None:
                while first_open < len(unknown) and (
                    unknown[first_open] in facts or not touching[unknown[first_open]]
                ):
                    first_open += 1
                if first_open == len(unknown) or unknown[first_open] > best:
                    return safes
            n = pending.pop()
            queued.discard(n)
            r, cells = values[n], around[n]
            if len(cells) == 1:  # most numbers on an open board: one covered cell
                j = cells[0]
                fact = known(j)
                if fact is not None:
                    if r != fact.mine:
                        raise self._inconsistent(n)
                    continue
                if r > 1:
                    raise self._inconsistent(n)
                fact = facts[j] = _Fact(r > 0, 1, (n,), ())
                if not r:
                    safes.append(j)
                    if not fewest and (best is None or j < best):
                        best = j
                for n2 in touching[j]:
                    if n2 not in queued:
                        queued.add(n2)
                        pending.append(n2)
                continue
            free = []
            mines = []
            for j in cells:  # self._residual(n), written out: this loop is most of a hint's time
                fact = known(j)
                if fact is None:
                    free.append(j)
                elif fact.mine:
                    mines.append(j)
            r -= len(mines)
            if r < 0 or r > len(free):
                raise self._inconsistent(n)
            if not free or 0 < r < len(free):
                continue
            fact = _Fact(r > 0, 1, (n,), tuple(mines))
            if not r and len(mines) == fewest and (best is None or free[0] < best):
                best = free[0]  # `free` is ascending
            for j in free:
                facts[j] = fact
                if not fact.mine:
                    safes.append(j)
                for n2 in touching[j]:
                    if n2 not in queued:
                        queued.add(n2)
                        pending.append(n2)
        return safes

    def _linked(self, n: int) -> set[int]:
        """Numbers sharing an undecided cell with number n."""
        out: set[int] = set()
        for j in self.around[n]:
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
            around = self.around
            starts = [n for n in self.numbers if any(j not in facts for j in around[n])]
        else:
            starts = sorted({n for j in targets if j not in facts for n in self.touching[j]})
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

    def run(
        self, max_level: int, targets: set[int] | None = None, best_only: bool = False
    ) -> list[int]:
        """Deduce until a safe cell turns up; the safe cells of the step that found them.

        Single numbers first; a proof from two (then three) numbers that finds only mines goes
        back to single numbers at once, so reasons stay as simple as they can be. Each sweep
        over the sets of numbers goes on from where the last proof was found. With `best_only`,
        single numbers stop once `explain`'s choice is known (the facts may then be partial:
        call `explain` and nothing else).
        """
        safes = self._level1(self.numbers, best_only)
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
        where = cell_text(pos, cell)
        if fact.level == 1:
            n = fact.numbers[0]
            if not fact.mines_used:
                reason = f"{where} is safe: {number_text(pos, n)} has no mine around it."
            else:
                mines = fact.mines_used
                its = "its mine at" if len(mines) == 1 else f"its {len(mines)} mines at"
                reason = (
                    f"{where} is safe: {number_text(pos, n)} already touches "
                    f"{its} {and_list(cell_text(pos, m) for m in mines)}."
                )
        else:
            numbers = and_list(number_text(pos, n) for n in fact.numbers)
            reason = f"{where} is safe: {numbers} together leave no room for a mine there"
            if fact.mines_used:
                word = "mine" if len(fact.mines_used) == 1 else "mines"
                reason += f", counting the proven {word} at "
                reason += and_list(cell_text(pos, m) for m in fact.mines_used)
            reason += "."
        if fact.mines_used:
            reason += " " + self._mine_sources(fact.mines_used)
        return self._with_evidence(cell, fact, reason)

    def _with_evidence(self, cell: int, fact: _Fact, reason: str) -> Hint:
        """The hint with what its step read (its numbers, the mines they count) and proved."""
        cols = self.pos.cols
        step = [j for j, f in self.facts.items() if f.numbers == fact.numbers]
        mines = set(fact.mines_used).union(j for j in step if self.facts[j].mine)
        safe = [j for j in step if not self.facts[j].mine]
        return Hint(
            divmod(cell, cols),
            True,
            0.0,
            reason,
            kind=HintKind.ONE_NUMBER if fact.level == 1 else HintKind.NUMBERS,
            numbers=tuple(divmod(n, cols) for n in fact.numbers),
            proven_mines=tuple(divmod(j, cols) for j in sorted(mines)),
            proven_safe=tuple(divmod(j, cols) for j in sorted(safe)),
        )

    def _mine_sources(self, mines: tuple[int, ...]) -> str:
        pos = self.pos
        by_proof: dict[tuple[int, ...], list[int]] = {}
        for m in mines:
            by_proof.setdefault(self.facts[m].numbers, []).append(m)
        clauses = []
        for numbers, group in by_proof.items():
            cells = and_list(cell_text(pos, m) for m in group)
            verb = "is a mine" if len(group) == 1 else "are mines"
            clauses.append((cells, verb, and_list(number_text(pos, n) for n in numbers)))
        first = clauses[0]
        text = f"We know {first[0]} {first[1]} from {first[2]}"
        for cells, _, source in clauses[1:]:
            text += f"; {cells} from {source}"
        return text + "."


def explain_global(pos: Position, sol: Solution, certain: dict[int, bool]) -> Hint:
    """A safe cell only the whole frontier, or the mine total, proves."""
    safes = sorted(k for k, mine in certain.items() if not mine)
    by_numbers = [k for k in safes if sol.by_numbers.get(k) is False]
    if by_numbers:
        cell = by_numbers[0]
        nb = neighbours(pos.rows, pos.cols)
        numbers = [n for n in nb[cell] if pos.values[n] >= 0][:4]
        part = next((p for p in sol.parts if cell in p.certain), None)
        more = part is not None and len(part.numbers) > len(numbers)
        named = and_list(number_text(pos, n) for n in numbers)
        if more:
            them = "it" if len(numbers) == 1 else "them"
            named = ", ".join(number_text(pos, n) for n in numbers)
            named += f" and the numbers linked to {them}"
        elif len(numbers) > 1:
            named += " together"
        verb = "leaves" if len(numbers) == 1 and not more else "leave"
        reason = f"{cell_text(pos, cell)} is safe: {named} {verb} no way to place a mine there."
        near = {j for n in numbers for j in nb[n]}
        return Hint(
            divmod(cell, pos.cols),
            True,
            0.0,
            reason,
            kind=HintKind.ALL_NUMBERS,
            numbers=tuple(divmod(n, pos.cols) for n in numbers),
            proven_mines=tuple(divmod(j, pos.cols) for j in sorted(near) if certain.get(j)),
            proven_safe=tuple(divmod(j, pos.cols) for j in sorted(near) if certain.get(j) is False),
        )
    cell = safes[0]
    where = cell_text(pos, cell)
    kind = HintKind.MINE_COUNT
    if pos.mines == 0:
        kind = HintKind.NO_MINES
        reason = f"{where} is safe: the board has no mines at all."
    elif cell not in sol.prob and sol.rest_certain is False:
        kind = HintKind.MINES_PLACED
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
    mines = sorted(k for k, mine in certain.items() if mine)
    return Hint(
        divmod(cell, pos.cols),
        True,
        0.0,
        reason,
        kind=kind,
        proven_mines=tuple(divmod(k, pos.cols) for k in mines),
        proven_safe=tuple(divmod(k, pos.cols) for k in safes),
    )
