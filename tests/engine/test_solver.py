"""The solver: probabilities equal brute force, safe hints are never mines, reasons are true."""

import dataclasses
import functools
import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Difficulty, Game, GameState
from game.engine.solver import (
    GUESS_WORK,
    Analysis,
    Hint,
    analyse,
    hint,
    hint_with_steps,
    mine_probabilities,
)

UNKNOWN = "#F?*X!"


def neighbours(rows, cols, r, c):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield r + dr, c + dc


def brute_force(view, mines):
    """Mine probability of every unknown cell over every layout that fits (None if none fits)."""
    rows, cols = len(view), len(view[0])
    unknown = [(r, c) for r in range(rows) for c in range(cols) if view[r][c] in UNKNOWN]
    index = {cell: i for i, cell in enumerate(unknown)}
    checks = []
    for r in range(rows):
        for c in range(cols):
            ch = view[r][c]
            if ch not in UNKNOWN:
                mask = sum(1 << index[n] for n in neighbours(rows, cols, r, c) if n in index)
                checks.append((mask, 0 if ch == "." else int(ch)))
    layouts = 0
    hits = [0] * len(unknown)
    for combo in itertools.combinations(range(len(unknown)), mines):
        bits = sum(1 << i for i in combo)
        if all((bits & mask).bit_count() == value for mask, value in checks):
            layouts += 1
            for i in combo:
                hits[i] += 1
    if not layouts:
        return None
    return {cell: hits[i] / layouts for i, cell in enumerate(unknown)}


def random_layout(rng, rows, cols, mines):
    cells = rng.sample(range(rows * cols), mines)
    grid = [["."] * cols for _ in range(rows)]
    for k in cells:
        grid[k // cols][k % cols] = "*"
    return ["".join(row) for row in grid]


def mid_game(rng, rows, cols, mines, *, opens, marks):
    """A game after a first click and a few more safe openings, flags and question marks.

    Boards of the custom sizes are laid by the engine itself; smaller ones are drawn at random.
    """
    if rows >= 5 and cols >= 5:
        game = Game(rows, cols, mines, seed=rng.randrange(2**32), question_marks=True)
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        layout = game.layout()
    else:
        layout = random_layout(rng, rows, cols, mines)
        game = Game.from_layout(layout, question_marks=True)
    safe = [(r, c) for r in range(rows) for c in range(cols) if layout[r][c] == "."]
    for cell in rng.sample(safe, min(len(safe), opens)):
        game.reveal(*cell)
    if game.state is GameState.PLAYING:
        for _ in range(marks):
            r, c = rng.randrange(rows), rng.randrange(cols)
            for _ in range(rng.randint(1, 2)):  # a flag (right or wrong) or a '?'
                game.toggle_flag(r, c)
    return game, layout


# ---- probabilities ------------------------------------------------------------------------------


@settings(max_examples=800, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_probabilities_equal_brute_force_over_every_layout(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 6), rng.randint(2, 6)
    mines = rng.randint(1, max(1, rows * cols // 3))
    game, layout = mid_game(rng, rows, cols, mines, opens=rng.randint(0, 4), marks=0)
    safe = [(r, c) for r in range(rows) for c in range(cols) if layout[r][c] == "."]
    rng.shuffle(safe)
    while game.state is GameState.PLAYING and sum(map(len, game.view())) - _open(game) > 16:
        game.reveal(*safe.pop())
    if game.state is not GameState.PLAYING:
        return
    for _ in range(rng.randint(0, 4)):
        game.toggle_flag(rng.randrange(rows), rng.randrange(cols))
    view = game.view()
    expected = brute_force(view, mines)
    got = mine_probabilities(view, mines)
    assert set(got) == set(expected)
    for cell, p in expected.items():
        assert got[cell] == pytest.approx(p, abs=1e-9)
        assert (got[cell] == 0.0) == (p == 0.0)  # exactly 0 or 1 only when certain
        assert (got[cell] == 1.0) == (p == 1.0)


def _open(game):
    return sum(ch not in UNKNOWN for line in game.view() for ch in line)


def test_flags_and_question_marks_count_as_covered():
    plain = mine_probabilities(["##1", "##1", "111"], 1)
    marked = mine_probabilities(["F?1", "#F1", "111"], 1)
    assert marked == plain
    assert plain[(1, 1)] == 1.0
    assert plain[(0, 0)] == 0.0


def test_a_view_with_no_numbers_spreads_the_mines_evenly():
    probs = mine_probabilities(["#####"] * 5, 5)
    assert all(p == pytest.approx(0.2) for p in probs.values())
    assert len(probs) == 25


def test_the_mine_total_decides_cells_away_from_the_numbers():
    probs = mine_probabilities(["#1##", "####"], 1)
    assert probs[(0, 3)] == probs[(1, 3)] == 0.0
    assert probs[(0, 0)] == pytest.approx(0.2)


def test_huge_boards_with_thousands_of_mines_do_not_overflow():
    game = Game(200, 200, 9000, seed=3)
    game.reveal(100, 100)
    result = analyse(game.view(), game.mines)
    assert not result.approximate
    assert all(0.0 <= p <= 1.0 for p in result.probabilities.values())
    away = result.probabilities[(0, 0)]
    assert 0.2 < away < 0.25
    layout = game.layout()
    assert all(layout[r][c] == "." for r, c in result.safe)
    assert all(layout[r][c] == "*" for r, c in result.mines)


def test_every_cell_that_is_not_open_gets_a_probability():
    game = Game.from_difficulty(Difficulty.EXPERT, seed=11)
    game.reveal(3, 3)
    view = game.view()
    probs = mine_probabilities(view, game.mines)
    covered = {(r, c) for r, line in enumerate(view) for c, ch in enumerate(line) if ch == "#"}
    assert set(probs) == covered
    assert sum(probs.values()) == pytest.approx(game.mines)


def test_a_tiny_budget_gives_labelled_estimates_and_proven_certainties_only():
    rng = random.Random(5)
    for _ in range(20):
        game, layout = mid_game(rng, 16, 30, 99, opens=25, marks=0)
        if game.state is not GameState.PLAYING:
            continue
        result = analyse(game.view(), game.mines, budget=1)
        assert isinstance(result, Analysis)
        assert all(0.0 <= p <= 1.0 for p in result.probabilities.values())
        assert all(layout[r][c] == "." for r, c in result.safe)
        assert all(layout[r][c] == "*" for r, c in result.mines)
    game, _ = mid_game(random.Random(8), 16, 30, 99, opens=40, marks=0)
    assert analyse(game.view(), game.mines, budget=1).approximate
    assert not analyse(game.view(), game.mines).approximate


# ---- malformed and ended views -------------------------------------------------------------------


@pytest.mark.parametrize(
    "view, words",
    [
        ([], ["non-empty"]),
        ("###", ["list"]),
        (["###", "##"], ["row 1", "2", "3"]),
        (["##a"], ["'a'", "(0,2)"]),
        ([""], ["at least one cell"]),
        (["#", 5], ["string"]),
    ],
)
def test_malformed_views_raise_a_clear_value_error(view, words):
    with pytest.raises(ValueError) as err:
        mine_probabilities(view, 1)
    for word in words:
        assert word in str(err.value)


@pytest.mark.parametrize("mines", [-1, 10, True, 1.5])
def test_impossible_mine_totals_raise(mines):
    with pytest.raises(ValueError):
        mine_probabilities(["###", "###"], mines)


def test_a_view_no_layout_fits_raises():
    with pytest.raises(ValueError, match="inconsistent"):
        mine_probabilities(["#2#", "..."], 2)
    with pytest.raises(ValueError, match="inconsistent"):
        hint(["1.#", "..."], 0)


def test_ended_games_do_not_crash():
    game = Game.from_layout(["*..", "...", "..*"])
    game.reveal(0, 2)
    game.reveal(0, 0)
    assert game.state is GameState.LOST
    view = game.view()
    assert "X" in "".join(view)
    assert hint(view, game.mines) is None
    probs = mine_probabilities(view, game.mines)
    assert probs[(0, 0)] > 0.0


def test_no_hint_when_nothing_is_covered_or_only_mines_are_left():
    assert hint(["...", "..."], 0) is None
    assert hint(["#1", "11"], 1) is None


# ---- hints --------------------------------------------------------------------------------------


def test_hint_is_a_frozen_dataclass():
    h = hint(["##.", "11."], 1)
    assert isinstance(h, Hint)
    assert h.approximate is False
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.safe = False


def test_a_single_number_with_no_mines_left_makes_a_safe_hint():
    h = hint(["##.", "11."], 1)
    assert h == Hint((0, 1), True, 0.0, "(0,1) is safe: the 0 at (0,2) has no mine around it.")


def test_a_single_number_that_touches_its_proven_mine_names_the_mine():
    h = hint(["###", "121", "..."], 2)
    assert h.cell == (0, 1) and h.safe and h.probability == 0.0
    assert "the 1 at (1,2) already touches its mine at (0,2)" in h.reason
    assert "(0,2) is a mine from the 1 at (1,0) and the 2 at (1,1)" in h.reason


def test_two_numbers_together_prove_a_cell():
    # The 1 at (2,0) has its mine in (3,0)-(3,1), which is all the 1 at (2,1) may have.
    view = [".....", ".....", "11111", "#####", "1####"]
    h = hint(view, 4)
    assert h == Hint(
        (3, 2),
        True,
        0.0,
        "(3,2) is safe: the 1 at (2,0) and the 1 at (2,1) together leave no room for a mine there.",
    )


def test_many_numbers_together_prove_a_cell():
    view = ["###3#", "24#4#", ".23##", ".1##2", ".12##"]
    h = hint(view, 8)
    assert h.safe and h.cell == (4, 4)
    assert h.reason == (
        "(4,4) is safe: the 2 at (3,4) and the numbers linked to it leave no way to place a mine "
        "there."
    )
    assert brute_force(view, 8)[(4, 4)] == 0.0


def test_only_the_mine_total_proves_some_cells():
    h = hint(["#1##", "####"], 1)
    assert h.safe and h.cell in {(0, 3), (1, 3)}
    assert "only mine" in h.reason


def test_a_guess_is_marked_unsafe_with_its_probability():
    h = hint(["#########"] * 9, 10)
    assert not h.safe
    assert h.probability == pytest.approx(10 / 81)
    assert h.cell in {(0, 0), (0, 8), (8, 0), (8, 8)}  # a corner opens an area most often
    assert "best guess" in h.reason


def test_a_guess_on_a_tiny_budget_says_it_is_approximate():
    game, _ = mid_game(random.Random(8), 16, 30, 99, opens=40, marks=0)
    h = hint(game.view(), game.mines, budget=1)
    if not h.safe:
        assert h.approximate
        assert "estimate" in h.reason


def win_chances(view, mines):
    """Reference: the exact chance of winning after opening each covered cell, playing on
    perfectly (every covered cell is a move; a safe one shows its number)."""
    rows, cols = len(view), len(view[0])
    unknown = [(r, c) for r in range(rows) for c in range(cols) if view[r][c] in UNKNOWN]
    layouts = []
    for combo in itertools.combinations(unknown, mines):
        mined = set(combo)
        if all(
            view[r][c] in UNKNOWN
            or sum(n in mined for n in neighbours(rows, cols, r, c))
            == (0 if view[r][c] == "." else int(view[r][c]))
            for r in range(rows)
            for c in range(cols)
        ):
            layouts.append(frozenset(mined))

    def shown(layout, cell):
        return sum(n in layout for n in neighbours(rows, cols, *cell))

    def after(cell, group, opened):
        outcomes = {}
        for lay in group:
            if cell not in lay:
                outcomes.setdefault(shown(lay, cell), []).append(lay)
        return sum(len(g) / len(group) * best(tuple(g), opened | {cell}) for g in outcomes.values())

    @functools.cache
    def best(group, opened):
        cells = [u for u in unknown if u not in opened and any(u not in lay for lay in group)]
        if len(group) == 1 or not cells:
            return 1.0
        return max(after(cell, group, opened) for cell in cells)

    return {cell: after(cell, tuple(layouts), frozenset()) for cell in unknown}


def test_endgame_guesses_win_as_often_as_perfect_play():
    rng = random.Random(99)
    checked = 0
    while checked < 60:
        rows, cols = rng.randint(3, 5), rng.randint(3, 5)
        mines = rng.randint(2, 5)
        game, layout = mid_game(rng, rows, cols, mines, opens=rng.randint(1, 6), marks=0)
        view = game.view()
        covered = sum(line.count("#") for line in view)
        if game.state is not GameState.PLAYING or covered > 9:
            continue
        h = hint(view, mines)
        if h is None or h.safe:
            continue
        chances = win_chances(view, mines)
        assert chances[h.cell] == pytest.approx(max(chances.values()), abs=1e-9), view
        checked += 1


REASON_CELL = re.compile(r"\((\d+),(\d+)\)")
REASON_NUMBER = re.compile(r"the (\d) at \((\d+),(\d+)\)")


def check_reason(h, view):
    rows, cols = len(view), len(view[0])
    cells = [(int(r), int(c)) for r, c in REASON_CELL.findall(h.reason)]
    assert cells, h.reason
    assert all(0 <= r < rows and 0 <= c < cols for r, c in cells), h.reason
    assert f"({h.cell[0]},{h.cell[1]})" in h.reason
    for number, r, c in REASON_NUMBER.findall(h.reason):
        shown = view[int(r)][int(c)]
        assert shown == (number if number != "0" else "."), (h.reason, shown)


def test_safe_hints_are_never_mines_and_reasons_name_real_cells():
    rng = random.Random(2024)
    safe_hints = guesses = 0
    for _ in range(4000):
        rows, cols = rng.randint(5, 10), rng.randint(5, 10)
        mines = rng.randint(1, rows * cols // 3)
        game, layout = mid_game(
            rng, rows, cols, mines, opens=rng.randint(0, 6), marks=rng.randint(0, 4)
        )
        if game.state is not GameState.PLAYING:
            continue
        view = game.view()
        h = hint(view, mines, lookahead=rng.random() < 0.3)
        if h is None:
            continue
        r, c = h.cell
        assert view[r][c] in "#F?"
        if h.safe:
            safe_hints += 1
            assert layout[r][c] == ".", (view, h)
            assert h.probability == 0.0
        else:
            guesses += 1
            assert 0.0 < h.probability < 1.0
        check_reason(h, view)
    assert safe_hints > 3000 and guesses > 50


@pytest.mark.parametrize(
    "difficulty, games", [(Difficulty.INTERMEDIATE, 40), (Difficulty.EXPERT, 8)]
)
def test_a_bot_following_hints_never_opens_a_mine_it_was_told_is_safe(difficulty, games):
    kinds = set()
    for seed in range(games):
        game = Game.from_difficulty(difficulty, seed=seed)
        game.reveal(3, 3)
        while game.state is GameState.PLAYING:
            view = game.view()
            h = hint(view, game.mines, lookahead=False)
            check_reason(h, view)
            if h.safe:
                assert game.layout()[h.cell[0]][h.cell[1]] == "."
                kinds.add("together" if "together" in h.reason else "one number")
            game.reveal(*h.cell)
    assert kinds == {"together", "one number"}


def test_a_bot_following_hints_plays_an_expert_game_to_its_end():
    # Speed is measured by benchmarks/bench_solver.py; here every position gets an answer.
    game = Game.from_difficulty(Difficulty.EXPERT, seed=4)
    game.reveal(3, 3)
    moves = 0
    while game.state is GameState.PLAYING:
        h = hint(game.view(), game.mines)
        assert h is not None
        game.reveal(*h.cell)
        moves += 1
    assert game.state.is_over and moves > 10


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 5), (5, 1), (2, 2), (3, 3), (2, 7), (16, 30)])
def test_the_neighbour_table_is_each_cells_ring_in_order(rows, cols):
    from game.engine.solver.position import neighbours

    expected = tuple(
        tuple(
            y * cols + x
            for y in range(rows)
            for x in range(cols)
            if (y, x) != (r, c) and abs(y - r) <= 1 and abs(x - c) <= 1
        )
        for r in range(rows)
        for c in range(cols)
    )
    assert neighbours.__wrapped__(rows, cols) == expected


def first_guess_view(seed):
    game = Game.from_difficulty(Difficulty.EXPERT, seed=seed)
    game.reveal(3, 3)
    while game.state is GameState.PLAYING:  # to the first guess
        h = hint(game.view(), game.mines)
        if not h.safe:
            break
        game.reveal(*h.cell)
    return game.view(), game.mines


def test_a_guess_past_its_work_cap_falls_back_and_is_the_same_every_time():
    view, mines = first_guess_view(20240601 + 11)
    first, spent = hint_with_steps(view, mines, cap=0)
    second, again = hint_with_steps(view, mines, cap=0)
    assert first == second and not first.safe and spent == again
    assert first == hint(view, mines, lookahead=False)  # the safest cell, as without


def test_the_same_position_spends_the_same_steps_and_gets_the_same_hint():
    view, mines = first_guess_view(20240601 + 11)
    answers = {hint_with_steps(view, mines) for _ in range(3)}
    assert len(answers) == 1
    (h, steps), *_ = answers
    assert not h.safe and 0 < steps < GUESS_WORK
    # a cap the position does not reach changes nothing; any proven hint spends nothing
    assert hint_with_steps(view, mines, cap=steps) == (h, steps)
    game = Game.from_difficulty(Difficulty.EXPERT, seed=3)
    game.reveal(3, 3)
    assert hint_with_steps(game.view(), game.mines)[1] == 0


# A position of Expert game 20240754 (bench_solver.py's seeds) at move 72: weighing its guesses
# in full takes over a million steps (about 300 ms of CPU on a slow machine).
PAST_THE_CAP = [
    ".........1##1.1#2#1.1#11######",
    "......1112442.11211.1#112#####",
    "11..113#32##2111111.111.1#####",
    "#1..1#3#3#4#32#22#211#112#####",
    "11..123221213#32#3##2#########",
    ".....1#1....2#2123############",
    "11...111.11234311#2###########",
    "#1.111...1#2###112############",
    "1213#21122233532.1############",
    "12#4#32#3#22#3#2113###########",
    "##5#3##2########2#############",
] + ["#" * 30] * 5


def test_a_position_past_the_cap_stops_at_the_cap_and_still_gives_a_legal_guess():
    capped, steps = hint_with_steps(PAST_THE_CAP, 99)
    assert GUESS_WORK <= steps < GUESS_WORK + GUESS_WORK // 10  # stopped soon after the cap
    assert hint_with_steps(PAST_THE_CAP, 99) == (capped, steps)
    r, c = capped.cell
    assert PAST_THE_CAP[r][c] == "#" and not capped.safe and 0 < capped.probability < 1
    safest = hint(PAST_THE_CAP, 99, lookahead=False)
    assert capped.probability <= safest.probability + 0.03  # a candidate the guess weighs
    free, more = hint_with_steps(PAST_THE_CAP, 99, cap=10 * GUESS_WORK)
    assert more > steps  # without the cap it would have gone on


def test_the_cap_is_counted_in_steps_whatever_it_is():
    # A search stops at the first price that goes past the cap: one analysis at most (a few
    # thousand steps, under a millisecond of work) beyond it.
    for cap in (0, 1_000, 10_000, 50_000):
        steps = hint_with_steps(PAST_THE_CAP, 99, cap=cap)[1]
        assert cap <= steps < cap + 5_000
