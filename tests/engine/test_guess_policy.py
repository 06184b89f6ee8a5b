"""The guess policy's levers (issue 43, game/engine/solver/guess.py's Strategy) and what a guess
says when it is riskier than the safest cell: which cell that is and why this one is better."""

import math

import pytest

from game.engine.solver import GuessWhy, HintKind, Strategy, hint
from game.engine.solver.endgame import Work, closed_part
from game.engine.solver.guess import _blended_safety, _fifty_fifty_share
from game.engine.solver.position import constraints, parse
from game.engine.solver.probabilities import solve_constraints, solve_position

# Expert game 5 played by the hints, at its 72nd move: the safest cell is (12, 15) at 14%, but
# (0, 11), at 17%, more often shows a number that proves the next cell.
OPENS_MORE = [
    "1#2#1....1####################",
    "11212221.12###################",
    "....1##2111###################",
    "221.1223#32###################",
    "##211.13##2###################",
    "223#2.1#4#####################",
    "..2#2.124#####################",
    "..111..1##3##3################",
    "111....23322223###############",
    "1#21.113#3211.1###############",
    "23#1.1#3##3#1123##############",
    "#22211123#3112################",
    "223#2...122113################",
    "1#5#411..1#11#3###############",
    "23##5#22122233################",
    "1#4##3#2#11#2#################",
]

# Two 50/50s (columns 1 and 13, a mine in each) that no cell beside them can ever tell apart:
# the cells next to them touch both of each pair. The 34 cells away from the numbers hold 8
# mines (24% each).
PSEUDO = [
    "##1.........1#################",
    "##1.........1#################",
]


def test_a_guess_riskier_than_the_safest_cell_names_it_and_says_why():
    h = hint(OPENS_MORE, 99)
    assert h.kind is HintKind.GUESS and h.cell == (0, 11)
    assert h.why is GuessWhy.OPENS_MORE
    assert h.safest == (12, 15) and h.probability > h.safest_probability
    assert h.safest_probability == pytest.approx(0.13702623906705735)
    assert h.reason.endswith(
        "It is riskier than the safest cell, (12,15) at 14%, but it is likelier to open up the "
        "board."
    )
    plain = hint(OPENS_MORE, 99, lookahead=False)  # the safest, with nothing to explain
    assert plain.cell == (12, 15) and plain.why is None and plain.safest is None


def test_a_guess_as_safe_as_the_safest_names_no_other_cell():
    h = hint(PSEUDO, 10, strategy=Strategy())
    assert h.kind is HintKind.GUESS and h.safest is None
    assert h.probability == pytest.approx(8 / 34)


def test_a_50_50_no_opening_can_tell_apart_is_guessed_first_with_the_lever():
    plain = hint(PSEUDO, 10, strategy=Strategy())
    assert plain.cell[1] not in (1, 13)  # the cells away from the numbers are safer
    first = hint(PSEUDO, 10, strategy=Strategy(pseudo=True))
    assert hint(PSEUDO, 10) == first  # the hints' policy has the lever
    assert first.cell in {(0, 1), (1, 1), (0, 13), (1, 13)}
    assert first.probability == pytest.approx(0.5)
    assert first.why is GuessWhy.ON_ITS_OWN and first.safest is not None


def test_a_pair_a_covered_cell_can_tell_apart_is_not_a_50_50_on_its_own():
    pos = parse(PSEUDO, 10)
    sol = solve_position(pos, 50_000, {})
    (pair,) = [p for p in sol.parts if 1 in {k % pos.cols for k in p.cells}]
    assert closed_part(pos, pair, sol.certain, Work(), 64) is None  # strictly: covered beside
    chance, cell = closed_part(pos, pair, sol.certain, Work(), 64, loose=True)
    assert chance == 0.5 and cell % pos.cols == 1
    # 5x6 boards: the pair (0, 4), (1, 4) by the 1 at (0, 3). On the first, each covered cell
    # beside it sees as many of its mines either way; on the second, (2, 5) touches (1, 4)
    # alone, and shows which of the two holds the mine.
    for view, mines, alone in (
        (["...1##", "..13##", "..1###", "..124#", "....1#"], 5, True),
        (["...1##", ".124##", ".1####", ".125##", "...2##"], 8, False),
    ):
        pos = parse(view, mines)
        sol = solve_position(pos, 50_000, {})
        (pair,) = [p for p in sol.parts if p.cells == [4, 10]]
        assert closed_part(pos, pair, sol.certain, Work(), 64) is None
        found = closed_part(pos, pair, sol.certain, Work(), 64, loose=True)
        assert found == (0.5, 4) if alone else found is None, view


def test_a_cell_walled_in_with_a_neighbour_may_lie_in_a_50_50_to_come():
    pos = parse(PSEUDO, 10)
    cache: dict = {}
    cons = constraints(pos)
    sol = solve_constraints(cons, len(pos.unknown), pos.mines, 50_000, cache)
    corner = 0  # (0, 0): its pair (1, 0) is walled in above and below by the board's edges
    share = _fifty_fifty_share(pos, sol, cons, corner, cache, Work())
    assert 0 < share < 1
    # (0, 14) too: its pair below, (1, 14), is walled in by the edges as well
    assert _fifty_fifty_share(pos, sol, cons, 14, cache, Work()) > 0
    # a cell whose every pair has an open cell at an end: no 50/50 can form round it
    lone = parse(["#1.", "11.", "..."], 1)
    lone_sol = solve_position(lone, 50_000, {})
    assert _fifty_fifty_share(lone, lone_sol, constraints(lone), 0, {}, Work()) == 0.0


def test_the_blended_safety_counts_the_two_safest_cells():
    pos = parse(PSEUDO, 10)
    sol = solve_position(pos, 50_000, {})
    assert _blended_safety(sol, 2) == 1.0  # two proven safe cells: nothing to blend
    assert _blended_safety(sol, 1) == pytest.approx((4 + (1 - 8 / 34)) / 5)
    assert _blended_safety(sol, 0) == pytest.approx(1 - 8 / 34)


@pytest.mark.parametrize(
    "strategy",
    [Strategy(), Strategy(relative=0.9, blend=True, influence=0.9, pseudo=True)],
    ids=["before", "levers"],
)
def test_every_policy_gives_the_same_hint_for_the_same_view(strategy):
    first = hint(OPENS_MORE, 99, strategy=strategy)
    assert hint(OPENS_MORE, 99, strategy=strategy) == first
    assert not first.safe and 0 < first.probability < 1
    assert not math.isnan(first.probability)


def test_the_bit_search_of_the_endgame_finds_what_the_layout_search_finds():
    # Small boards part-played at random: every position with 2 to 400 layouts left, searched
    # both ways to the end, gives the same chance of winning and the same first guess.
    import random

    from game.engine import Game, GameState, SafeZone
    from game.engine.solver import endgame
    from game.engine.solver.position import neighbours

    rng = random.Random(43)
    searched = 0
    for seed in range(60):
        game = Game(6, 7, rng.randint(5, 9), seed=seed, safe_zone=SafeZone.OPENING)
        game.reveal(rng.randrange(6), rng.randrange(7))
        while game.state is GameState.PLAYING:
            pos = parse(game.view(), game.mines)
            sol = solve_position(pos, 50_000, {})
            index = {k: i for i, k in enumerate(pos.unknown)}
            big = Work(10**9)
            layouts = endgame._list_layouts(pos, sol, constraints(pos), index, big, 400)
            if layouts is not None and len(layouts) >= 2:
                nb = neighbours(pos.rows, pos.cols)
                around = [sum(1 << index[j] for j in nb[k] if j in index) for k in pos.unknown]
                cells = len(pos.unknown)
                plain = endgame._Endgame(around, cells, big, 10**7)._guesses(tuple(layouts), 0)
                bits = endgame._BitEndgame(layouts, around, cells, big, 10**7)
                chance, cell = bits._guesses(bits.everyone, 0)
                assert cell == plain[1] and chance == pytest.approx(plain[0], abs=1e-12)
                searched += 1
            h = hint(game.view(), game.mines)
            game.reveal(*h.cell)
    assert searched >= 40
