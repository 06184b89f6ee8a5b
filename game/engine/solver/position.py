"""Reading a view: the open numbers, the cells that are not open, and the numbers as constraints.

Cells are flat indices `row * cols + col`. Also the words for cells and numbers that reasons use,
and the two ways a search can end early (no layout fits; over its work budget).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import compress

from ..cells import COVERED_CHARS, END_CHARS, OPEN_CHARS, ViewChar


class Inconsistent(Exception):
    """No layout of the mines fits the open numbers and the mine total."""


class OverBudget(Exception):
    """A part needs more search than the budget allows."""


_OPEN_VALUES = {ch: ch.mines_around for ch in OPEN_CHARS}
_VALUES = {str(ch): -1 for ch in COVERED_CHARS | END_CHARS} | {
    str(ch): v for ch, v in _OPEN_VALUES.items()
}
_ENDS = tuple(str(ch) for ch in END_CHARS)
_NOT_OPEN = bytes(int(chr(b) in _VALUES and _VALUES[chr(b)] < 0) for b in range(256))
_ALPHABET = "".join(ViewChar)


@dataclass(frozen=True)
class Position:
    rows: int
    cols: int
    mines: int
    values: tuple[int, ...]  # per flat cell r * cols + c: -1 not open, else the open number
    unknown: tuple[int, ...]  # the flat cells that are not open, ascending
    ended: bool

    @cached_property
    def frontier(self) -> list[int]:
        """The open cells beside a cell that is not open (the numbers that say something),
        ascending. From the smaller side: the rings of the cells not open, in C, when the board
        is mostly open; else each open cell's ring. Its cost grows with that side, not the board.
        """
        nb = neighbours(self.rows, self.cols)
        values = self.values
        unknown = self.unknown
        if 2 * len(unknown) > len(values):  # few open cells: read each one's ring
            opened = compress(range(len(values)), map((-1).__ne__, values))
            return [k for k in opened if any(values[j] < 0 for j in nb[k])]
        near = set().union(*map(nb.__getitem__, unknown))
        near.difference_update(unknown)
        return sorted(near)

    @cached_property
    def numbers(self) -> dict[int, tuple[int, ...]]:
        """Each number of the frontier (ascending) -> its cells that are not open (ascending)."""
        nb = neighbours(self.rows, self.cols)
        values = self.values
        return {k: tuple(j for j in nb[k] if values[j] < 0) for k in self.frontier}

    @cached_property
    def lonely_number(self) -> int | None:
        """The first open number above 0 with no cell around it that is not open (a view no
        layout fits), or None. Counts in C before it looks for one."""
        values, frontier = self.values, self.frontier
        above_zero = len(values) - values.count(-1) - values.count(0)
        if above_zero == len(frontier) - [*map(values.__getitem__, frontier)].count(0):
            return None
        beside = set(frontier)
        return next(k for k, v in enumerate(values) if v > 0 and k not in beside)


class Table(dict):
    """A dict that works out a missing entry with `make(key)` and keeps it: the rings of the
    cells a search reads, made as it reads them rather than for the whole board."""

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


@lru_cache(maxsize=16)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Each flat cell's neighbours, ascending. The inner cells of a row are made by `zip` over
    eight ranges (a 200x200 board in tens of ms, not half a second: the first hint waits on it)."""
    out: list[tuple[int, ...]] = []
    for r in range(rows):
        if 0 < r < rows - 1 and cols > 2:
            up, mid, down, n = (r - 1) * cols, r * cols, (r + 1) * cols, cols - 2
            out.append(_around(rows, cols, r, 0))
            out.extend(
                zip(
                    range(up, up + n),
                    range(up + 1, up + 1 + n),
                    range(up + 2, up + 2 + n),
                    range(mid, mid + n),
                    range(mid + 2, mid + 2 + n),
                    range(down, down + n),
                    range(down + 1, down + 1 + n),
                    range(down + 2, down + 2 + n),
                    strict=True,
                )
            )
            out.append(_around(rows, cols, r, cols - 1))
        else:
            out.extend(_around(rows, cols, r, c) for c in range(cols))
    return tuple(out)


def _around(rows: int, cols: int, r: int, c: int) -> tuple[int, ...]:
    return tuple(
        y * cols + x
        for y in range(max(r - 1, 0), min(r + 2, rows))
        for x in range(max(c - 1, 0), min(c + 2, cols))
        if y != r or x != c
    )


def parse(view: list[str], mines: int) -> Position:
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
    joined = "".join(view)
    try:
        values = tuple(map(_VALUES.__getitem__, joined))
    except KeyError:
        k = next(k for k, ch in enumerate(joined) if ch not in _VALUES)
        r, c = divmod(k, cols)
        raise ValueError(
            f"the view may hold only '{_ALPHABET}' (got {joined[k]!r} at ({r},{c}))"
        ) from None
    ended = any(ch in joined for ch in _ENDS)
    not_open = joined.encode("ascii").translate(_NOT_OPEN)  # 1 per cell not open, else 0
    unknown = tuple(compress(range(len(values)), not_open))
    if mines > len(unknown):
        raise ValueError(f"{mines} mines cannot fit in the {len(unknown)} cells that are not open")
    return Position(len(view), cols, mines, tuple(values), unknown, ended)


def constraints(pos: Position) -> dict[tuple[int, ...], int]:
    """Each open number as (its neighbours that are not open) -> (mines among them)."""
    if pos.lonely_number is not None:
        raise Inconsistent
    values = pos.values
    cons: dict[tuple[int, ...], int] = {}
    for k, cells in pos.numbers.items():
        if cons.setdefault(cells, values[k]) != values[k]:
            raise Inconsistent
    return cons


def cell_text(pos: Position, k: int) -> str:
    r, c = divmod(k, pos.cols)
    return f"({r},{c})"


def number_text(pos: Position, k: int) -> str:
    return f"the {pos.values[k]} at {cell_text(pos, k)}"


def and_list(parts) -> str:
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
