"""The evidence a hint carries for the board: the numbers it reads and what it proves."""

import random

import pytest

from game.engine import GameState
from game.engine.solver import HintKind, hint
from tests.engine.test_solver import mid_game, neighbours


def test_one_number_with_its_mine_known_names_the_number_the_mine_and_the_safe_cells():
    h = hint(["###", "121", "..."], 2)
    assert h.cell == (0, 1)
    assert h.kind is HintKind.ONE_NUMBER
    assert h.numbers == ((1, 2),)
    assert h.proven_mines == ((0, 2),)
    assert h.proven_safe == ((0, 1),)


def test_two_numbers_together_name_both_numbers():
    h = hint([".....", ".....", "11111", "#####", "1####"], 4)
    assert h.kind is HintKind.NUMBERS
    assert h.numbers == ((2, 0), (2, 1))
    assert (3, 2) in h.proven_safe and h.cell in h.proven_safe


def test_the_mine_total_and_a_guess_name_no_numbers():
    placed = hint(["#1##", "####"], 1)
    assert placed.kind is HintKind.MINES_PLACED and placed.numbers == ()
    assert placed.cell in placed.proven_safe
    guess = hint(["#########"] * 9, 10)
    assert guess.kind is HintKind.GUESS
    assert (guess.numbers, guess.proven_mines, guess.proven_safe) == ((), (), ())


def test_evidence_does_not_change_what_makes_two_hints_equal():
    h = hint(["###", "121", "..."], 2)
    assert h == type(h)(h.cell, h.safe, h.probability, h.reason, h.approximate)


@pytest.mark.parametrize("seed", range(3))
def test_evidence_is_true_of_the_layout_and_touches_the_hinted_cell(seed):
    rng = random.Random(seed)
    kinds = set()
    for _ in range(400):
        rows, cols = rng.randint(5, 9), rng.randint(5, 9)
        mines = rng.randint(1, rows * cols // 3)
        game, layout = mid_game(rng, rows, cols, mines, opens=rng.randint(0, 5), marks=0)
        if game.state is not GameState.PLAYING:
            continue
        view = game.view()
        h = hint(view, mines, lookahead=False)
        if h is None:
            continue
        kinds.add(h.kind)
        assert all(view[r][c] in ".12345678" for r, c in h.numbers)
        assert all(layout[r][c] == "*" for r, c in h.proven_mines)
        assert all(layout[r][c] == "." and view[r][c] == "#" for r, c in h.proven_safe)
        if h.kind in (HintKind.ONE_NUMBER, HintKind.NUMBERS, HintKind.ALL_NUMBERS):
            assert h.cell in h.proven_safe
            touching = {n for r, c in h.numbers for n in neighbours(rows, cols, r, c)}
            assert h.cell in touching  # the outlined cell lies next to a framed number
    assert {HintKind.ONE_NUMBER, HintKind.GUESS} <= kinds
