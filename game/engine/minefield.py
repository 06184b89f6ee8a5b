"""Where the mines are: laying them (uniformly, outside a safe zone) and the numbers around them.

Cells live in flat, padded byte arrays (one wall cell around the board) so that the flood fill
and the view can work on whole runs of cells at C speed. Nothing here knows about the player.
The rules it keeps are in docs/RULES.md, "Laying the mines".
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import compress

from .cells import NUMBERED_BYTES, LayoutChar, ViewChar

# What a cell of `Minefield.numbers` holds: the text view's characters, so an open cell's view
# character is simply its number character.
WALL = ord(" ")
MINE = ord(ViewChar.MINE)
ZERO = ord(ViewChar.ZERO)

_NUMBER_CHARS = bytes.maketrans(bytes(range(9)), NUMBERED_BYTES)


def _spread_table() -> bytes:
    table = bytearray(256)
    table[ZERO] = 1
    return bytes(table)


# Maps a numbers array to 1 for every 0-cell and 0 for everything else.
SPREAD_TABLE = _spread_table()


@dataclass(frozen=True)
class Minefield:
    """A laid board: `numbers` is padded (width cols + 2) and holds ' ', '*', '.', '1'..'8'."""

    rows: int
    cols: int
    mines: tuple[int, ...]  # padded indices, ascending
    numbers: bytes

    @property
    def width(self) -> int:
        return self.cols + 2

    def layout(self) -> list[str]:
        """The layout as text: '*' for a mine, '.' for a safe cell, one string per row."""
        return [line.translate(_LAYOUT_CHARS) for line in self.layout_numbers()]

    def layout_numbers(self) -> list[str]:
        """What every cell shows when open: '*' for a mine, '.' or '1'-'8' for a safe cell."""
        w = self.width
        return [
            self.numbers[(r + 1) * w + 1 : (r + 2) * w - 1].decode("ascii")
            for r in range(self.rows)
        ]


_LAYOUT_CHARS = str.maketrans(NUMBERED_BYTES[1:].decode(), LayoutChar.SAFE * 8)


def neighbour_offsets(width: int) -> tuple[int, ...]:
    """Offsets of the 8 neighbours of a cell in a padded array of the given width."""
    return (-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1)


def paint_walls(cells: bytearray, width: int, height: int) -> None:
    """Set the padding ring of a padded array to WALL."""
    cells[0:width] = b" " * width
    cells[(height - 1) * width :] = b" " * width
    cells[0::width] = b" " * height
    cells[width - 1 :: width] = b" " * height


def build(rows: int, cols: int, mine_cells: list[int]) -> Minefield:
    """A minefield from the padded indices of its mines."""
    width = cols + 2
    mask = bytearray(width * (rows + 2))
    for m in mine_cells:
        mask[m] = 1
    return _from_mask(rows, cols, mask)


def from_layout(layout: list[str]) -> Minefield:
    """A minefield drawn as text: '*' for a mine, '.' for a safe cell."""
    if not layout or not all(isinstance(line, str) for line in layout):
        raise ValueError("a layout is a non-empty list of strings")
    cols = len(layout[0])
    if cols == 0:
        raise ValueError("a layout needs at least one cell")
    for r, line in enumerate(layout):
        if len(line) != cols:
            raise ValueError(f"layout row {r} has {len(line)} cells, row 0 has {cols}")
    text = "".join(layout)
    cells = text.encode("ascii") if text.isascii() else b""
    if len(cells) != len(text) or cells.translate(None, _NOT_LAYOUT_BYTES) != cells:
        r = next(r for r, line in enumerate(layout) if set(line) - set(LayoutChar))
        raise ValueError(
            f"layout row {r} may hold only '{LayoutChar.MINE}' and '{LayoutChar.SAFE}' "
            f"(got {layout[r]!r})"
        )
    width = cols + 2
    wall = b"\x00"
    rows_of_mask = (
        wall + cells[k : k + cols].translate(_MINE_TO_ONE) + wall
        for k in range(0, len(cells), cols)
    )
    mask = wall * width + b"".join(rows_of_mask) + wall * width
    return _from_mask(len(layout), cols, mask)


def _from_mask(rows: int, cols: int, mask: bytes | bytearray) -> Minefield:
    """A minefield from a padded array holding 1 for a mine and 0 elsewhere (walls included).

    The numbers come from whole-board arithmetic: the array read as one little-endian integer,
    one byte a cell, shifted by each neighbour offset and added up. No count exceeds 8, so no
    byte carries into the next, and the work is a few passes at C speed whatever the mines.
    """
    width = cols + 2
    size = len(mask)
    grid = int.from_bytes(mask, "little")
    total = 0
    for d in neighbour_offsets(width):
        total += grid >> (8 * d) if d > 0 else grid << (-8 * d)
    counts = (total & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    # The number characters where there is no mine, MINE where there is one.
    mines_ff = int.from_bytes(bytes(mask).translate(_ONE_TO_FF), "little")
    numbers = int.from_bytes(counts.translate(_NUMBER_CHARS), "little") & ~mines_ff
    numbers |= int.from_bytes(bytes([MINE]) * size, "little") & mines_ff
    cells = bytearray(numbers.to_bytes(size, "little"))
    paint_walls(cells, width, rows + 2)
    return Minefield(rows, cols, tuple(compress(range(size), mask)), bytes(cells))


_ONE_TO_FF = bytes.maketrans(b"\x01", b"\xff")
_MINE_TO_ONE = bytes(1 if chr(b) == LayoutChar.MINE else 0 for b in range(256))
_NOT_LAYOUT_BYTES = bytes(b for b in range(256) if chr(b) not in set(LayoutChar))


def partial_shuffle(items: list[int], count: int, rng: random.Random) -> list[int]:
    """The first `count` items of a Fisher-Yates shuffle driven by `rng.random()` alone.

    `random.sample` may change between Python versions; `random()` on a seeded generator is
    the one sequence Python keeps, so the same seed gives the same board everywhere.
    """
    items = list(items)
    n = len(items)
    for i in range(count):
        j = i + int(rng.random() * (n - i))
        items[i], items[j] = items[j], items[i]
    return items[:count]


def lay(
    rows: int, cols: int, mines: int, rng: random.Random, safe: set[tuple[int, int]]
) -> Minefield:
    """Exactly `mines` mines, a uniform choice among the cells outside `safe`."""
    safe_flat = {r * cols + c for r, c in safe}
    candidates = [k for k in range(rows * cols) if k not in safe_flat]
    chosen = partial_shuffle(candidates, mines, rng)
    width = cols + 2
    return build(rows, cols, [(k // cols + 1) * width + k % cols + 1 for k in chosen])
