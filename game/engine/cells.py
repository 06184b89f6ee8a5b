"""`CellSet`: the read-only set of (row, col) a move returns.

Kept as runs along rows, so that opening a region of a million cells costs a few thousand
runs, not a million tuples, until someone iterates it. It is a `collections.abc.Set`: it
compares equal to a plain `set` of the same cells and supports `in`, `len`, `|`, `&`, `-`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Set
from itertools import repeat


class CellSet(Set):
    __slots__ = ("_runs", "_len", "_index")

    def __init__(self, runs: Iterable[tuple[int, int, int]] = ()) -> None:
        """`runs` are disjoint `(row, first_col, stop_col)` ranges."""
        self._runs = list(runs)
        self._len = sum(stop - first for _, first, stop in self._runs)
        self._index: dict[int, tuple[list[int], list[int]]] | None = None

    @classmethod
    def _from_iterable(cls, cells: Iterable[tuple[int, int]]) -> CellSet:
        return cls((r, c, c + 1) for r, c in set(cells))

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for row, first, stop in self._runs:
            yield from zip(repeat(row), range(first, stop))

    def __contains__(self, cell: object) -> bool:
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        if self._index is None:
            index: dict[int, tuple[list[int], list[int]]] = {}
            for row, first, stop in sorted(self._runs):
                firsts, stops = index.setdefault(row, ([], []))
                firsts.append(first)
                stops.append(stop)
            self._index = index
        row, col = cell
        if row not in self._index:
            return False
        firsts, stops = self._index[row]
        k = bisect_right(firsts, col) - 1
        return k >= 0 and col < stops[k]

    def runs(self) -> list[tuple[int, int, int]]:
        """The `(row, first_col, stop_col)` runs, for drawing a row of tiles at once."""
        return list(self._runs)

    def __repr__(self) -> str:
        return f"CellSet({sorted(self)!r})"
