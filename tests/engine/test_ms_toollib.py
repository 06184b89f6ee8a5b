"""Our 3BV and ZiNi against ms-toollib's (`cal_bbbv`, `cal_zini`) on seeded boards of every
standard size (docs/RULES.md, "Measures of a board", gives the differences found).

ms-toollib is a Rust library made for this field; it is a test tool only (requirements-test.txt).
The issue allows our ZiNi to differ from its by up to 15 %; on these boards they are equal
(benchmarks/bench_measures.py prints the figures).
"""

import random

import ms_toollib
import pytest

from game.engine import Difficulty, Game, minefield
from game.engine.measures import openings
from game.engine.zini import zini

BOARDS = 200  # of each size
ZINI_TOLERANCE = 0.15  # of ms-toollib's ZiNi


def standard_boards(difficulty: Difficulty, count: int = BOARDS):
    """`count` boards laid by the game itself, each for a first click at a seeded cell."""
    rng = random.Random(f"ms-toollib {difficulty.name}")
    for seed in range(count):
        game = Game.from_difficulty(difficulty, seed=seed)
        game.lay(rng.randrange(difficulty.rows), rng.randrange(difficulty.cols))
        yield minefield.from_layout(game.layout())


def as_ms_toollib(field: minefield.Minefield) -> list[list[int]]:
    """ms-toollib's board: one list a row, -1 for a mine, else the number."""
    return [[-1 if ch == "*" else ".12345678".index(ch) for ch in line]
            for line in field.layout_numbers()]  # fmt: skip


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
def test_our_3bv_equals_ms_toollib_on_every_board(difficulty):
    differing = []
    for field in standard_boards(difficulty):
        ours, theirs = openings(field).bbbv, ms_toollib.cal_bbbv(as_ms_toollib(field))
        if ours != theirs:
            differing.append((ours, theirs, field.layout()))
    assert differing == []


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
def test_our_zini_is_at_most_the_3bv_and_near_ms_toollib_on_every_board(difficulty):
    far = []
    for field in standard_boards(difficulty):
        ours, theirs = zini(field), ms_toollib.cal_zini(as_ms_toollib(field))
        assert ours <= openings(field).bbbv
        if abs(ours - theirs) > ZINI_TOLERANCE * theirs:
            far.append((ours, theirs, field.layout()))
    assert far == []
