"""LeetCode 529 ("Minesweeper") on the engine's own flood fill.

`update_board(board, click)` takes a board of 'M' (hidden mine), 'E' (hidden empty), 'B'
(revealed blank), '1'-'8' (revealed number) and 'X' (revealed mine), and returns the board after
the click, leaving the argument untouched.
"""

from __future__ import annotations

from . import minefield
from .cells import COVERED_CHARS, LayoutChar, ViewChar
from .game import Game

# LeetCode's alphabet ('M', 'E', 'B', 'X', digits) into ours: a layout, then a starting view.
_MINE, _SAFE = LayoutChar.MINE, LayoutChar.SAFE
_TO_LAYOUT = str.maketrans("MEBX12345678", _MINE + _SAFE * 2 + _MINE + _SAFE * 8)


def update_board(board: list[list[str]], click: list[int]) -> list[list[str]]:
    row, col = click
    result = [list(line) for line in board]
    if board[row][col] == "M":
        result[row][col] = "X"
        return result
    if board[row][col] != "E":
        return result
    layout = ["".join(line).translate(_TO_LAYOUT) for line in board]
    # What is already revealed starts open in the engine, so the fill does not spread through
    # it. It opens with its true number, so a board whose digits disagree with its mines still
    # gets an answer (only 'E' cells of the result are written).
    numbers = minefield.from_layout(layout).layout_numbers()
    view = [
        "".join(
            n if ch in "B12345678" else ViewChar.COVERED for ch, n in zip(line, nums, strict=True)
        )
        for line, nums in zip(board, numbers, strict=True)
    ]
    game = Game.from_layout(layout, view=view)
    game.reveal(row, col)
    view = game.view()
    for r, line in enumerate(board):
        for c, ch in enumerate(line):
            if ch == "E" and view[r][c] not in COVERED_CHARS:
                result[r][c] = "B" if view[r][c] == ViewChar.ZERO else view[r][c]
    return result
