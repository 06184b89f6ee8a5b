"""What a cell is: its (row, col), `Cell`; the characters of the text view and of a layout;
and `CellSet`.

`ViewChar` is the one definition of the text view's alphabet (docs/RULES.md, "The text view"):
the engine, the solver, the window and the terminal use its names, never the bare characters.
`LayoutChar` is the alphabet of a layout (where the mines are).

`CellSet` is the read-only set of (row, col) a move returns, kept as runs along rows, so that
opening a region of a million cells costs a few thousand runs, not a million tuples, until
someone iterates it. It is a `collections.abc.Set`: it compares equal to a plain `set` of the
same cells and supports `in`, `len`, `|`, `&`, `-`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Set
from enum import StrEnum
from itertools import repeat

Cell = tuple[int, int]  # (row, col)


class ViewChar(StrEnum):
    """One cell as the player sees it; each member is its one-character string."""

    COVERED = "#"
    FLAG = "F"
    QUESTION = "?"
    ZERO = "."  # open, no mine around it
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    MINE = "*"  # a mine shown at the end of a lost game
    EXPLODED = "X"  # the mine that was opened: the losing click
    WRONG_FLAG = "!"  # a flag on a safe cell, shown at a loss

    @classmethod
    def number(cls, mines_around: int) -> ViewChar:
        """The open cell with this many mines around it (0 to 8)."""
        if not 0 <= mines_around <= 8:
            raise ValueError(f"a cell has 0 to 8 mines around it (got {mines_around})")
        return _NUMBERED[mines_around]

    @property
    def mines_around(self) -> int | None:
        """The number an open cell shows (0 for ZERO); None for any other cell."""
        return _NUMBERED.index(self) if self in _NUMBERED else None

    @property
    def is_open(self) -> bool:
        """ZERO or a number: an open safe cell."""
        return self in _NUMBERED

    @property
    def is_covered(self) -> bool:
        """COVERED, FLAG or QUESTION: not open, and still playable."""
        return self in (ViewChar.COVERED, ViewChar.FLAG, ViewChar.QUESTION)

    @property
    def is_shown_at_end(self) -> bool:
        """MINE, EXPLODED or WRONG_FLAG: only seen once a game is lost."""
        return self in (ViewChar.MINE, ViewChar.EXPLODED, ViewChar.WRONG_FLAG)


_NUMBERED = (
    ViewChar.ZERO,
    ViewChar.ONE,
    ViewChar.TWO,
    ViewChar.THREE,
    ViewChar.FOUR,
    ViewChar.FIVE,
    ViewChar.SIX,
    ViewChar.SEVEN,
    ViewChar.EIGHT,
)

# The same alphabet in the shapes the engine's hot paths use.
OPEN_CHARS = frozenset(_NUMBERED)  # ZERO and the numbers
NUMBER_CHARS = frozenset(_NUMBERED[1:])  # 1 to 8
COVERED_CHARS = frozenset(c for c in ViewChar if c.is_covered)
END_CHARS = frozenset(c for c in ViewChar if c.is_shown_at_end)
NUMBERED_BYTES = "".join(_NUMBERED).encode("ascii")  # b".12345678": index = mines around


class LayoutChar(StrEnum):
    """One cell of a layout: where the mines are."""

    MINE = "*"
    SAFE = "."


class CellSet(Set):
    __slots__ = ("_made", "_len", "_index", "_make")

    def __init__(self, runs: Iterable[tuple[int, int, int]] = ()) -> None:
        """`runs` are disjoint `(row, first_col, stop_col)` ranges."""
        self._made = list(runs)
        self._len = sum(stop - first for _, first, stop in self._made)
        self._index: dict[int, tuple[list[int], list[int]]] | None = None
        self._make = None

    @classmethod
    def later(cls, count: int, make: Callable[[Box | None], list[tuple[int, int, int]]]) -> CellSet:
        """A set of `count` cells whose runs are made when first wanted: `make(None)` gives
        them all, `make((top, left, rows, cols))` those inside that box. A move that changes
        cells all over a big board (a loss shows every mine) says how many at once, and the
        window, which draws only the cells in view, never has the others made."""
        cells = cls()
        cells._made, cells._len, cells._make = None, count, make
        return cells

    @property
    def _runs(self) -> list[tuple[int, int, int]]:
        if self._made is None:
            self._made = self._make(None)
        return self._made

    def within(self, box: Box) -> CellSet:
        """The cells inside `box` (top, left, rows, cols)."""
        if self._made is None:
            return CellSet(self._make(box))
        top, left, rows, cols = box
        bottom, right = top + rows, left + cols
        return CellSet(
            (row, max(first, left), min(stop, right))
            for row, first, stop in self._made
            if top <= row < bottom and first < right and stop > left
        )

    @classmethod
    def _from_iterable(cls, cells: Iterable[Cell]) -> CellSet:
        return cls((r, c, c + 1) for r, c in set(cells))

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Cell]:
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


Box = tuple[int, int, int, int]  # top, left, rows, cols
