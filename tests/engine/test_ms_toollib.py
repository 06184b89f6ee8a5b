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
    return [
        [-1 if ch == "*" else ".12345678".index(ch) for ch in line]
        for line in field.layout_numbers()
    ]


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


# ---- the analysis's chances against ms-toollib's `cal_probability_onboard` ------------------

PROBABILITY_TOLERANCE = 1e-9


def expert_games(count: int):
    """Expert games played by the hints (a guess where they must), each to its end."""
    from game.engine import Move, MoveKind
    from game.engine.solver import hint

    for seed in range(count):
        game = Game.from_difficulty(Difficulty.EXPERT, seed=1000 + seed)
        cell = (8, 15)
        while not game.state.is_over and len(game.moves) < 120:
            game.play(Move(MoveKind.OPEN, *cell))
            if not game.state.is_over:
                cell = hint(game.view(), game.mines).cell
        yield game


def test_the_analysis_chances_equal_ms_toollib_on_expert_positions():
    from game.engine.game_analysis import analyse_game
    from game.engine.walk import Walk, move_events

    compared = 0
    for game in expert_games(3):
        events = move_events(game.moves)
        report = analyse_game(game.layout(), events)
        walk = Walk(game.layout(), events)
        for turn, move in zip(walk, report.moves, strict=True):
            if turn.first_opening:
                continue
            board = [
                [10 if ch in "#F?" else ".12345678".index(ch) for ch in line]
                for line in walk.game.view()
            ]
            theirs = ms_toollib.cal_probability_onboard(board, game.mines)[0]
            covered = [
                theirs[r][c] for r, line in enumerate(board) for c, v in enumerate(line) if v == 10
            ]
            assert abs(move.lowest_p - min(covered)) <= PROBABILITY_TOLERANCE
            off = [
                theirs[r][c]
                for r, line in enumerate(board)
                for c, v in enumerate(line)
                if v == 10
                and all(
                    board[y][x] == 10
                    for y in range(max(r - 1, 0), r + 2)
                    for x in range(max(c - 1, 0), c + 2)
                    if y < len(board) and x < len(line)
                )
            ]
            if off:
                assert abs(move.off_frontier_p - off[0]) <= PROBABILITY_TOLERANCE
            else:
                assert move.off_frontier_p is None
            if move.p_mine is not None:
                assert abs(move.p_mine - theirs[move.row][move.col]) <= PROBABILITY_TOLERANCE
            else:
                assert theirs[move.row][move.col] in (0.0, 1.0)
            compared += 1
    assert compared > 60
