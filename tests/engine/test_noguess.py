"""No-guess boards: the right mines, the safe zone kept, and cleared by proven hints alone."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Difficulty, Game, GameState, noguess
from game.engine.noguess import Cancelled, lay_no_guess
from game.engine.solver import hint


def opening(rows, cols, r, c):
    return {
        (y, x)
        for y in range(max(r - 1, 0), min(r + 2, rows))
        for x in range(max(c - 1, 0), min(c + 2, cols))
    }


def clear_by_deduction(field, first_click):
    """Play the board with only the hints the solver proves safe; True if that wins it."""
    game = Game.from_layout(field.layout())
    game.reveal(*first_click)
    while game.state is GameState.PLAYING:
        h = hint(game.view(), game.mines, lookahead=False)
        if h is None or not h.safe:
            return False
        game.reveal(*h.cell)
    return game.state is GameState.WON


@pytest.mark.parametrize(
    "difficulty, seeds",
    [(Difficulty.BEGINNER, 100), (Difficulty.INTERMEDIATE, 30), (Difficulty.EXPERT, 6)],
)
def test_no_guess_boards_are_cleared_by_deduction_alone(difficulty, seeds):
    rows, cols, mines = difficulty.rows, difficulty.cols, difficulty.mines
    for seed in range(seeds):
        click = (3, 3) if seed % 2 else (rows // 2, cols // 2)
        field = lay_no_guess(
            rows,
            cols,
            mines,
            random.Random(seed),
            click,
            opening(rows, cols, *click),
            work_budget=10**9,
        )
        assert field is not None
        assert clear_by_deduction(field, click), (difficulty, seed)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    st.integers(5, 12),
    st.integers(5, 12),
    st.floats(0.05, 0.22),
    st.integers(0, 2**32),
    st.booleans(),
)
def test_custom_boards_keep_the_count_and_the_safe_zone(rows, cols, density, seed, whole_opening):
    mines = max(1, int(rows * cols * density))
    rng = random.Random(seed)
    click = (rng.randrange(rows), rng.randrange(cols))
    safe = opening(rows, cols, *click) if whole_opening else {click}
    field = lay_no_guess(rows, cols, mines, rng, click, safe, work_budget=10**9)
    assert field is not None
    layout = field.layout()
    assert sum(line.count("*") for line in layout) == mines
    assert all(layout[r][c] == "." for r, c in safe)
    assert clear_by_deduction(field, click)


def test_the_same_random_state_gives_the_same_board():
    def lay(seed):
        return lay_no_guess(16, 16, 40, random.Random(seed), (3, 3), opening(16, 16, 3, 3))

    assert lay(7) == lay(7)
    assert lay(7) != lay(8)


def test_uniform_mode_only_keeps_boards_that_need_no_repair():
    field = lay_no_guess(
        9, 9, 10, random.Random(3), (4, 4), opening(9, 9, 4, 4), uniform=True, work_budget=10**9
    )
    assert field is not None
    assert clear_by_deduction(field, (4, 4))


def test_a_quarter_of_the_board_in_mines_still_works():
    field = lay_no_guess(16, 30, 120, random.Random(1), (3, 3), opening(16, 30, 3, 3))
    assert field is not None
    assert len(field.mines) == 120
    assert clear_by_deduction(field, (3, 3))


def test_a_request_too_dense_to_solve_gives_up_within_its_budget():
    # One safe cell besides the click in the corner: the click's number can never tell which.
    assert lay_no_guess(9, 9, 79, random.Random(1), (0, 0), {(0, 0)}, work_budget=200_000) is None


def test_a_dense_request_on_a_tiny_budget_returns_none():
    field = lay_no_guess(9, 9, 70, random.Random(1), (4, 4), opening(9, 9, 4, 4), work_budget=500)
    assert field is None


def test_even_a_very_dense_board_is_found_when_one_exists():
    field = lay_no_guess(9, 9, 70, random.Random(1), (4, 4), opening(9, 9, 4, 4), work_budget=10**9)
    assert field is not None and clear_by_deduction(field, (4, 4))


def test_a_zero_budget_gives_none():
    assert lay_no_guess(16, 30, 99, random.Random(1), (3, 3), set(), work_budget=0) is None


def test_the_budget_is_counted_work_so_a_board_found_just_within_it_is_found_again():
    def lay(**options):
        return lay_no_guess(16, 30, 130, random.Random(1), (3, 3), opening(16, 30, 3, 3), **options)

    spent = []
    field = lay(spent=spent)
    needed = spent[0]
    assert field is not None and needed > 10_000
    assert lay(work_budget=needed) == field
    assert lay(work_budget=needed - 1, spent=spent) is None
    assert spent[1] > needed - 1  # it stopped at the step that went over


def test_the_default_budget_is_the_module_s_constant(monkeypatch):
    spent = []
    field = lay_no_guess(16, 30, 130, random.Random(1), (3, 3), opening(16, 30, 3, 3), spent=spent)
    monkeypatch.setattr(noguess, "WORK_BUDGET", spent[0] - 1)
    assert field is not None
    assert lay_no_guess(16, 30, 130, random.Random(1), (3, 3), opening(16, 30, 3, 3)) is None


def test_cancel_stops_the_search_between_steps():
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) >= 3

    with pytest.raises(Cancelled):
        lay_no_guess(16, 30, 130, random.Random(1), (3, 3), opening(16, 30, 3, 3), cancel=cancel)
    assert len(calls) == 3


def test_a_cancel_that_never_fires_changes_nothing():
    def lay(cancel):
        return lay_no_guess(
            16, 16, 40, random.Random(5), (3, 3), opening(16, 16, 3, 3), cancel=cancel
        )

    assert lay(lambda: False) == lay(None)


@pytest.mark.parametrize(
    "click, safe, mines",
    [((9, 0), set(), 10), ((0, 0), {(0, 0)}, 81), ((0, 0), {(10, 10)}, 5), ((0, 0), set(), -1)],
)
def test_impossible_requests_raise(click, safe, mines):
    with pytest.raises(ValueError):
        lay_no_guess(9, 9, mines, random.Random(1), click, safe)
