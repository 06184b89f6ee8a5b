"""ZiNi: the greedy estimate of the fewest clicks that clear a board with flags and chords
(docs/RULES.md, "Measures of a board"), as Elmar Zimmermann and Christoph Nikolaus described it
in 2009. Works on a laid `Minefield` alone: no player, no view, no randomness.

The board's 3BV is cut into pieces (each opening, each lone number). Every safe cell has a
premium, what a chord there would save over clicking the pieces it clears one by one; the
cell with the highest premium (the top-left-most of equals) is chorded while that premium is 0
or more, else the top-left-most piece left is clicked. "Top-left-most" reads the columns from
the left, each from the top: the walk runs on the board turned over its diagonal, so that
this is the order of its flat cells. Only cells near what changed get their premium worked
out again, so a board costs about its cells times a few neighbourhoods.
"""

from __future__ import annotations

from . import minefield
from .minefield import MINE, WALL, ZERO, Minefield, neighbour_offsets

_NEVER = -(1 << 30)  # the premium of a cell that cannot be chorded: a mine, a wall


class _Board:
    """The walk's state on the padded cells: what is open, flagged and solved."""

    def __init__(self, field: Minefield) -> None:
        numbers = field.numbers
        self.numbers = numbers
        self.offsets = neighbour_offsets(field.width)
        self.block = (0, *self.offsets)  # a cell and its neighbours
        size = len(numbers)
        # piece[i]: the piece a click on cell i solves (its opening for a 0-cell, itself for a
        # lone number), -1 for a number on an opening's border, a mine or a wall.
        self.piece = [-1] * size
        self.piece_cells: list[list[int]] = []  # the cells each piece opens, in its order
        for i in range(size):
            if numbers[i] == ZERO and self.piece[i] < 0:
                self._label_opening(i)
        for i in range(size):
            b = numbers[i]
            if b in (WALL, MINE, ZERO) or any(numbers[i + d] == ZERO for d in self.offsets):
                continue
            # a lone number (it touches no 0-cell): a piece of its own
            self.piece[i] = len(self.piece_cells)
            self.piece_cells.append([i])
        # The first cell of each piece, in reading order, for "the top-left-most piece".
        self.order = sorted(range(len(self.piece_cells)), key=lambda p: self.piece_cells[p][0])
        self.solved = [False] * len(self.piece_cells)
        self.opened = bytearray(size)
        self.flagged = bytearray(size)

    def _label_opening(self, start: int) -> None:
        """Label the 0-cells connected to `start` as one piece; its cells are those 0-cells
        (the first, `start`, is its top-left-most) and their numbered border."""
        numbers, piece, label = self.numbers, self.piece, len(self.piece_cells)
        cells = [start]
        piece[start] = label
        border: set[int] = set()
        k = 0
        while k < len(cells):
            i = cells[k]
            k += 1
            for d in self.offsets:
                j = i + d
                b = numbers[j]
                if b == ZERO:
                    if piece[j] < 0:
                        piece[j] = label
                        cells.append(j)
                elif b != WALL:
                    border.add(j)  # a number: a 0-cell has no mine around it
        self.piece_cells.append(cells + sorted(border))

    def premium(self, i: int) -> int:
        """Pieces a chord on cell i (opening it first if closed) solves, less its clicks:
        the unflagged mines around it, the chord, and opening the cell if it is closed."""
        numbers = self.numbers
        if numbers[i] in (WALL, MINE):
            return _NEVER
        pieces = set()
        unflagged = 0
        for d in self.block:
            j = i + d
            p = self.piece[j]
            if p >= 0 and not self.solved[p]:
                pieces.add(p)
            elif numbers[j] == MINE and not self.flagged[j]:
                unflagged += 1
        return len(pieces) - unflagged - (not self.opened[i]) - 1

    def open(self, i: int, changed: list[int]) -> None:
        """Open cell i as a click would: a 0-cell or a lone number solves its piece."""
        p = self.piece[i]
        if p >= 0:
            self.solve(p, changed)
        elif not self.opened[i]:
            self.opened[i] = 1
            changed.append(i)

    def solve(self, p: int, changed: list[int]) -> None:
        if self.solved[p]:
            return
        self.solved[p] = True
        for j in self.piece_cells[p]:
            if not self.opened[j]:
                self.opened[j] = 1
                changed.append(j)

    def chord(self, i: int, changed: list[int]) -> int:
        """Open cell i if closed, flag the mines around it, chord it; the clicks it took."""
        clicks = 1 + (not self.opened[i])
        self.open(i, changed)
        for d in self.offsets:
            j = i + d
            b = self.numbers[j]
            if b == MINE:
                if not self.flagged[j]:
                    self.flagged[j] = 1
                    changed.append(j)
                    clicks += 1
            elif b != WALL and not self.opened[j]:
                self.open(j, changed)
        return clicks


def _turned(field: Minefield) -> Minefield:
    """The board turned over its diagonal: row r, column c becomes row c, column r."""
    width, new_width = field.width, field.rows + 2
    mines = []
    for i in field.mines:
        r, c = divmod(i, width)  # padded: the wall is row 0 and column 0
        mines.append(c * new_width + r)
    return minefield.build(field.cols, field.rows, mines)


def zini(field: Minefield) -> int:
    """The greedy ZiNi of a laid board: never more than its 3BV."""
    board = _Board(_turned(field))  # its flat order: the columns from the left, each from the top
    size = len(board.numbers)
    premiums = [board.premium(i) for i in range(size)]
    clicks = 0
    next_piece = 0  # in `board.order`: the pieces before it are solved
    while True:
        while next_piece < len(board.order) and board.solved[board.order[next_piece]]:
            next_piece += 1
        if next_piece == len(board.order):
            return clicks
        best = max(premiums)
        changed: list[int] = []
        if best >= 0:
            clicks += board.chord(premiums.index(best), changed)  # index: the top-left-most
        else:
            clicks += 1
            board.solve(board.order[next_piece], changed)
        dirty = {j + d for j in changed for d in board.block}
        for j in dirty:
            premiums[j] = board.premium(j)
