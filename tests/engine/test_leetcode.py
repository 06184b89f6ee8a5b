"""LeetCode 529 semantics, on the engine's flood fill."""

import copy

from game.engine.leetcode import update_board


def grid(*rows):
    return [list(r) for r in rows]


def test_example_one_reveals_the_region():
    board = grid("EEEEE", "EEMEE", "EEEEE", "EEEEE")
    before = copy.deepcopy(board)
    assert update_board(board, [3, 0]) == grid("B1E1B", "B1M1B", "B111B", "BBBBB")
    assert board == before


def test_example_two_clicking_a_mine_marks_it_x():
    board = grid("B1E1B", "B1M1B", "B111B", "BBBBB")
    assert update_board(board, [1, 2]) == grid("B1E1B", "B1X1B", "B111B", "BBBBB")


def test_clicking_next_to_a_mine_shows_only_the_number():
    assert update_board(grid("EM", "EE"), [0, 0]) == grid("1M", "EE")


def test_revealed_cells_are_not_spread_through_again():
    board = grid("EEB", "EEB", "MEB")
    assert update_board(board, [0, 0]) == grid("BBB", "11B", "MEB")


def test_a_single_cell_board():
    assert update_board([["E"]], [0, 0]) == [["B"]]
    assert update_board([["M"]], [0, 0]) == [["X"]]


def test_a_board_whose_digits_disagree_with_its_mines_still_gets_an_answer():
    # 'B' next to a mine and a '3' that touches one mine: a plain solution ignores both.
    board = grid("BME", "3EE", "EEE")
    assert update_board(board, [2, 2]) == grid("BME", "311", "BBB")
