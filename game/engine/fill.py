"""The flood fill that opens a region of 0-cells and its numbered border.

A span (scanline) fill over the padded byte arrays of `minefield`: each step takes a whole run of
0-cells in one row with slice operations, so Python-level work grows with the number of runs,
not cells (benchmarks/bench_engine.py: a per-cell BFS is 3x slower on a 5% board, 40x on
an empty one). Iterative, never recursive (docs/RULES.md, "Opening cells").
"""

from __future__ import annotations

import re

from .cells import ViewChar
from .minefield import _ONE_TO_FF, SPREAD_TABLE, Minefield, paint_walls

# 1 for covered or '?': the cells a fill opens
_OPENABLE = bytes(1 if chr(b) in (ViewChar.COVERED, ViewChar.QUESTION) else 0 for b in range(256))
_RUN_OF_ONES = re.compile(rb"\x01+")


def flood_open(
    view: bytearray, spread: bytearray, numbers: bytes, start: int, width: int
) -> list[tuple[int, int]]:
    """Open the region of 0-cells around `start` and its border; return the opened spans.

    `view` holds the text-view characters of a padded board and is changed in place.
    `spread[i]` is 1 for a 0-cell the fill may still spread from (covered or '?') and 0
    elsewhere; flags and walls are 0, so they stop the spread.
    Each span is a half-open `(first, stop)` range of padded indices within one row whose cells
    went from covered or '?' to open.
    """
    if not spread[start]:
        return []
    # Phase 1: find the region run by run, marking each run and the rows above and below it.
    border = bytearray(len(view))
    ones = b"\x01" * width
    zeros = bytes(width)
    find = spread.find
    stack = [start]
    push = stack.append
    low = high = start
    while stack:
        i = stack.pop()
        if not spread[i]:
            continue
        left = spread.rfind(0, 0, i) + 1
        right = find(0, i)
        spread[left:right] = zeros[: right - left]
        first = left - 1
        size = right - left + 2
        above, below = first - width, first + width
        border[above : above + size] = ones[:size]
        border[first : first + size] = ones[:size]
        border[below : below + size] = ones[:size]
        if above < low:  # plain comparisons: min()/max() calls cost a third of the loop
            low = above
        if below + size > high:
            high = below + size
        for a in (above, below):  # every run of spreadable cells touching this one is a seed
            end = a + size
            j = find(1, a, end)
            while j >= 0:
                push(j)
                k = find(0, j, end)
                j = find(1, k, end) if k >= 0 else -1
    # Phase 2: open every marked cell that is covered or '?' in one masked select. The cells
    # are never mines (they touch a 0), and flags and walls are left as they are.
    size = high - low
    old = view[low:high]
    chosen = int.from_bytes(border[low:high], "big") & int.from_bytes(
        old.translate(_OPENABLE), "big"
    )
    chosen_bytes = chosen.to_bytes(size, "big")
    mask = int.from_bytes(chosen_bytes.translate(_ONE_TO_FF), "big")
    new = (int.from_bytes(old, "big") & ~mask) | (int.from_bytes(numbers[low:high], "big") & mask)
    view[low:high] = new.to_bytes(size, "big")
    return [(low + m.start(), low + m.end()) for m in _RUN_OF_ONES.finditer(chosen_bytes)]


def initial_spread(field: Minefield) -> bytearray:
    """The `spread` array of a board on which nothing is open or flagged."""
    return bytearray(field.numbers.translate(SPREAD_TABLE))


def covered_view(rows: int, cols: int) -> bytearray:
    """A padded view with every cell covered ('#') and the walls blank (' ')."""
    width = cols + 2
    view = bytearray(ViewChar.COVERED.encode("ascii") * (width * (rows + 2)))
    paint_walls(view, width, rows + 2)
    return view
