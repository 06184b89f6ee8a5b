"""3BV, found in one labelling pass over a laid board (docs/RULES.md, "Measures of a board").

An opening is an 8-connected region of 0-cells (with its numbered border); a lone number is a
safe numbered cell that touches no 0-cell. 3BV is the openings plus the lone numbers. Both come
from one pass that allocates nothing board-sized per opening: the 0-cells are taken as runs
along rows (a regular expression over the padded numbers), runs that touch in neighbouring rows
are joined with a union-find, and the lone numbers are counted with whole-board bit arithmetic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cells import NUMBERED_BYTES, ViewChar
from .minefield import ZERO, Minefield

_ZERO_RUN = re.compile(re.escape(ViewChar.ZERO.encode("ascii")) + b"+")
_ZERO_TO_ONE = bytes(1 if b == ZERO else 0 for b in range(256))
_NUMBER_TO_ONE = bytes(1 if b in NUMBERED_BYTES[1:] else 0 for b in range(256))


@dataclass(frozen=True)
class Openings:
    """The openings and lone numbers of one board."""

    firsts: tuple[int, ...]  # per opening, its first 0-cell (padded index), ascending
    lone: int  # the lone numbers as a little-endian bit mask, one byte a padded cell
    lone_count: int

    @property
    def bbbv(self) -> int:
        return len(self.firsts) + self.lone_count

    def done(self, view: bytes | bytearray) -> int:
        """How much of the 3BV a padded view has opened: each opening whose first 0-cell is
        open, and each open lone number."""
        openings = sum(1 for i in self.firsts if view[i] == ZERO)
        shown = int.from_bytes(view.translate(_NUMBER_TO_ONE), "little")
        return openings + (shown & self.lone).bit_count()


def openings(field: Minefield) -> Openings:
    """Label the openings of a laid board and find its lone numbers, in one pass."""
    numbers = field.numbers
    width = field.width
    # Runs of 0-cells; the walls (' ') end every run at its row's edge.
    starts: list[int] = []
    parent: list[int] = []
    prev: list[tuple[int, int, int]] = []  # the last row's runs: (first, stop, run id)
    cur: list[tuple[int, int, int]] = []
    row = -1
    for m in _ZERO_RUN.finditer(numbers):
        first, stop = m.span()
        r = first // width
        if r != row:
            prev = cur if r == row + 1 else []
            cur = []
            row = r
            i = 0  # the first run of `prev` that may still touch this row's runs
        run = len(starts)
        starts.append(first)
        parent.append(run)
        cur.append((first, stop, run))
        # Runs of the row above touch this one (sides or corners) when their columns overlap
        # once widened by one cell each way.
        low, high = first - width, stop - width
        while i < len(prev) and prev[i][1] < low:
            i += 1
        j = i
        while j < len(prev) and prev[j][0] <= high:
            a = prev[j][2]
            while parent[a] != a:  # find, halving the path
                parent[a] = parent[parent[a]]
                a = parent[a]
            b = run
            while parent[b] != b:
                parent[b] = parent[parent[b]]
                b = parent[b]
            if a != b:  # the earlier run stays the root: it holds the opening's first cell
                if a < b:
                    parent[b] = a
                else:
                    parent[a] = b
            j += 1
    firsts = tuple(starts[k] for k in range(len(starts)) if parent[k] == k)
    # Lone numbers: numbered cells with no 0-cell among their neighbours.
    zeros = int.from_bytes(numbers.translate(_ZERO_TO_ONE), "little")
    around = zeros | zeros << 8 | zeros >> 8
    around |= around << (8 * width) | around >> (8 * width)
    numbered = int.from_bytes(numbers.translate(_NUMBER_TO_ONE), "little")
    lone = numbered & ~around
    return Openings(firsts, lone, lone.bit_count())
