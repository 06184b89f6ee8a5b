"""3BV from one labelling pass equals the 3BV of a flood fill per opening (the old way).

The reference below is the implementation the engine used before: it floods every opening in
turn with the game's own fill, allocating a board-sized array each time. It is kept here only to
check the new labelling against it on random boards.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, GameState
from game.engine import minefield as minefield_module
from game.engine.fill import covered_view, flood_open, initial_spread
from game.engine.minefield import MINE, ZERO, Minefield, neighbour_offsets, paint_walls


def reference_three_bv(field: Minefield, shown: bytes | None = None) -> int:
    """The old 3BV: flood each opening; with `shown`, what that view has done."""
    view = covered_view(field.rows, field.cols)
    spread = initial_spread(field)
    openings = opened = 0
    pos = spread.find(1)
    while pos >= 0:
        if shown is None or shown[pos] == ZERO:
            openings += 1
        opened += sum(e - s for s, e in flood_open(view, spread, field.numbers, pos, field.width))
        pos = spread.find(1, pos + 1)
    if shown is None:
        return openings + field.rows * field.cols - len(field.mines) - opened
    alone = sum(
        1
        for i in range(len(view))
        if view[i] == ord("#") and field.numbers[i] != MINE and shown[i] in b"12345678"
    )
    return openings + alone


def reference_numbers(rows: int, cols: int, mine_cells: list[int]) -> bytes:
    """The old way to count: every mine adds one to each neighbour."""
    width = cols + 2
    counts = bytearray(width * (rows + 2))
    for m in mine_cells:
        for d in neighbour_offsets(width):
            counts[m + d] += 1
    numbers = bytearray(counts.translate(bytes.maketrans(bytes(range(9)), b".12345678")))
    for m in mine_cells:
        numbers[m] = MINE
    paint_walls(numbers, width, rows + 2)
    return bytes(numbers)


def random_layout(rows: int, cols: int, density: float, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        "".join("*" if rng.random() < density else "." for _ in range(cols)) for _ in range(rows)
    ]


boards = st.tuples(
    st.integers(1, 40), st.integers(1, 40), st.floats(0.0, 0.6), st.integers(0, 2**32)
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(boards)
def test_the_3bv_equals_the_flood_fill_reference(board):
    game = Game.from_layout(random_layout(*board))
    assert game.bbbv == reference_three_bv(game._field)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(boards, st.integers(0, 2**32))
def test_the_3bv_done_equals_the_reference_after_random_moves(board, seed):
    game = Game.from_layout(random_layout(*board))
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 12)):
        if game.state.is_over:
            break
        row, col = rng.randrange(game.rows), rng.randrange(game.cols)
        if rng.random() < 0.3:
            game.toggle_flag(row, col)  # flags stop the spread: openings half open
        elif game.layout()[row][col] == ".":
            game.reveal(row, col)
    assert game.bbbv_done() == reference_three_bv(game._field, bytes(game._view))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(boards)
def test_the_numbers_equal_counting_mine_by_mine(board):
    layout = random_layout(*board)
    field = minefield_module.from_layout(layout)
    width = field.cols + 2
    mines = [
        (r + 1) * width + c + 1
        for r, line in enumerate(layout)
        for c, ch in enumerate(line)
        if ch == "*"
    ]
    assert field.numbers == reference_numbers(field.rows, field.cols, mines)
    assert field.mines == tuple(mines)
    assert minefield_module.build(field.rows, field.cols, mines) == field


def test_small_boards_have_the_3bv_a_player_counts():
    assert Game.from_layout(["....."] * 5).bbbv == 1
    assert Game.from_layout(["*.*", "...", "*.*"]).bbbv == 5  # five lone numbers
    assert Game.from_layout(["*....", ".....", "....*"]).bbbv == 1 + 0


def test_the_3bv_is_known_as_soon_as_the_mines_are_laid():
    game = Game(30, 30, 120, seed=5)
    assert game.bbbv is None
    game.reveal(15, 15)
    assert game.state is GameState.PLAYING
    assert game.bbbv == reference_three_bv(game._field)
