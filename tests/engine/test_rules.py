"""One test per rule of docs/RULES.md, with boards drawn as ASCII."""

import random

import pytest

from game.engine import Difficulty, Game, GameState, SafeZone
from game.engine.cells import CellSet
from game.engine.rules import BoardSizeError
from game.words import say


def board(*rows: str, question_marks: bool = False) -> Game:
    return Game.from_layout(list(rows), question_marks=question_marks)


# ---- boards and limits -------------------------------------------------------------------


@pytest.mark.parametrize(
    "difficulty, rows, cols, mines",
    [
        (Difficulty.BEGINNER, 9, 9, 10),
        (Difficulty.INTERMEDIATE, 16, 16, 40),
        (Difficulty.EXPERT, 16, 30, 99),
    ],
)
def test_standard_difficulties_have_the_classic_sizes(difficulty, rows, cols, mines):
    g = Game.from_difficulty(difficulty, seed=1)
    assert (g.rows, g.cols, g.mines) == (rows, cols, mines)
    g.reveal(0, 0)
    assert sum(line.count("*") for line in g.layout()) == mines


@pytest.mark.parametrize(
    "rows, cols, mines, words",
    [
        (4, 9, 5, ["rows", "5", "200", "4"]),
        (9, 201, 5, ["columns", "200", "201"]),
        (9, 9, 0, ["mines", "1", "80", "0"]),
        (9, 9, 81, ["mines", "80", "81"]),
        (5, 5, -3, ["mines", "-3"]),
    ],
)
def test_custom_size_out_of_range_names_the_limit_and_value(rows, cols, mines, words):
    with pytest.raises(BoardSizeError) as err:
        Game(rows, cols, mines)
    assert err.value.field == words[0] and err.value.value == int(words[-1])
    for word in words:
        assert word in say(err.value) and word in str(err.value)


def test_custom_limits_themselves_are_allowed():
    assert Game(5, 5, 24).mines == 24
    assert Game(200, 200, 1).cols == 200


def test_off_board_coordinates_raise():
    g = Game(9, 9, 10, seed=1)
    for row, col in [(-1, 0), (0, -1), (9, 0), (0, 9)]:
        with pytest.raises(ValueError, match="off the"):
            g.reveal(row, col)
        with pytest.raises(ValueError):
            g.toggle_flag(row, col)
        with pytest.raises(ValueError):
            g.chord(row, col)


def test_layout_of_any_rectangle_is_accepted_and_bad_ones_are_not():
    assert Game.from_layout(["*"]).mines == 1
    assert Game.from_layout(["."]).rows == 1
    with pytest.raises(ValueError):
        Game.from_layout([])
    with pytest.raises(ValueError):
        Game.from_layout(["..", "."])
    with pytest.raises(ValueError):
        Game.from_layout([".x"])


# ---- laying mines ------------------------------------------------------------------------


def test_no_mines_before_the_first_reveal():
    g = Game(9, 9, 10, seed=1)
    assert g.state is GameState.READY
    assert g.layout() is None
    assert g.bbbv is None


def test_first_click_opens_an_area_with_the_default_safe_zone():
    for seed in range(30):
        g = Game(9, 9, 10, seed=seed)
        g.reveal(4, 4)
        layout = g.layout()
        assert all(layout[r][c] == "." for r in range(3, 6) for c in range(3, 6))
        assert g.view()[4][4] == "."


def test_safe_cell_rule_keeps_only_the_clicked_cell():
    # With 70 mines in 81 cells only a cell-sized safe zone fits; find a seed whose board puts
    # a mine next to the click to show the neighbours are not protected.
    neighbour_mined = False
    for seed in range(50):
        g = Game(9, 9, 30, seed=seed, safe_zone=SafeZone.CELL)
        g.reveal(4, 4)
        layout = g.layout()
        assert layout[4][4] == "."
        neighbour_mined |= any(layout[r][c] == "*" for r in range(3, 6) for c in range(3, 6))
    assert neighbour_mined


def test_too_many_mines_for_an_opening_falls_back_to_a_safe_cell():
    g = Game(5, 5, 24, seed=3)  # 24 > 25 - 9: only the clicked cell can be safe
    g.reveal(2, 2)
    assert g.state is GameState.WON
    assert g.layout()[2][2] == "."


def test_same_seed_and_click_give_the_same_board():
    a = Game(16, 30, 99, seed=42)
    b = Game(16, 30, 99, seed=42)
    a.reveal(5, 7)
    b.reveal(5, 7)
    assert a.layout() == b.layout()


def test_a_fresh_seed_is_chosen_and_readable():
    g = Game(9, 9, 10)
    assert isinstance(g.seed, int)
    g.reveal(0, 0)
    again = Game(9, 9, 10, seed=g.seed)
    again.reveal(0, 0)
    assert again.layout() == g.layout()


def test_mine_positions_are_a_fisher_yates_choice_of_the_cells_outside_the_safe_zone():
    g = Game(9, 9, 10, seed=5, safe_zone=SafeZone.CELL)
    g.reveal(0, 0)
    cells = list(range(1, 81))  # (0, 0) is the safe zone
    rng = random.Random(5)
    for i in range(10):
        j = i + int(rng.random() * (80 - i))
        cells[i], cells[j] = cells[j], cells[i]
    expected = set(cells[:10])
    got = {r * 9 + c for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "*"}
    assert got == expected


# ---- opening cells -----------------------------------------------------------------------


def test_opening_a_number_opens_only_that_cell():
    g = board(
        "*....",
        ".....",
        ".....",
    )
    assert g.reveal(0, 1) == {(0, 1)}
    assert g.view()[0] == "#1###"
    assert g.state is GameState.PLAYING


def test_opening_a_zero_opens_its_region_and_numbered_border():
    g = board(
        "..*..",
        "..*..",
        "***..",
        ".....",
    )
    g.reveal(0, 0)
    assert g.view() == [
        ".2###",
        "25###",
        "#####",
        "#####",
    ]


def test_the_region_spreads_diagonally_between_zeros():
    g = board(
        "...*.",
        "...*.",
        "***..",
        "....*",
    )
    changed = g.reveal(0, 4)
    assert g.view()[0][4] == "2"
    assert changed == {(0, 4)}
    # (1, 1) and (2, 2) are 0s that touch only corner to corner.
    g2 = board(
        "...*.",
        ".....",
        ".....",
        "*....",
        ".....",
    )
    g2.reveal(0, 0)
    assert g2.view()[1][2] == "1" and g2.view()[2][1] == "1"
    assert g2.view()[4][4] == "."


def test_flags_stop_the_spread_and_question_marks_do_not():
    g = board(
        ".....",
        ".....",
        "....*",
        question_marks=True,
    )
    g.toggle_flag(0, 2)  # flag
    g.toggle_flag(2, 0)
    g.toggle_flag(2, 0)  # question mark
    assert g.view()[2][0] == "?"
    g.reveal(0, 0)
    view = g.view()
    assert view[0][2] == "F"
    assert view[2][0] == "."
    assert view[1] == "...11"


def test_a_flagged_cell_does_not_open_and_a_question_mark_does():
    g = board(".....", "....*", question_marks=True)
    g.toggle_flag(0, 0)
    assert g.reveal(0, 0) == set()
    assert g.view()[0][0] == "F"
    g.toggle_flag(0, 0)
    assert g.cell(0, 0) == "?"
    assert g.reveal(0, 0)
    assert g.cell(0, 0) == "."


def test_opening_an_open_cell_changes_nothing():
    g = board(".....", "....*")
    g.reveal(0, 3)
    assert g.reveal(0, 3) == set()


def test_a_200_by_200_empty_board_opens_without_recursion_limits():
    g = Game.from_layout(["." * 200] * 199 + ["." * 199 + "*"])
    changed = g.reveal(0, 0)
    assert len(changed) == 200 * 200  # every safe cell, and the mine flagged at the win
    assert g.state is GameState.WON


def test_opening_a_mine_loses():
    g = board("*....", ".....")
    g.reveal(1, 4)
    g2 = board("*....", ".....")
    g2.reveal(0, 0)
    assert g2.state is GameState.LOST
    assert g2.view()[0][0] == "X"


# ---- marks -------------------------------------------------------------------------------


def test_right_button_cycles_covered_flag_covered():
    g = board("*....", ".....")
    assert g.toggle_flag(1, 1) == {(1, 1)}
    assert g.cell(1, 1) == "F"
    g.toggle_flag(1, 1)
    assert g.cell(1, 1) == "#"


def test_with_question_marks_the_cycle_includes_question():
    g = board("*....", ".....", question_marks=True)
    seen = []
    for _ in range(3):
        g.toggle_flag(1, 1)
        seen.append(g.cell(1, 1))
    assert seen == ["F", "?", "#"]


def test_revealed_cells_ignore_the_right_button():
    g = board("*....", ".....")
    g.reveal(1, 1)
    assert g.toggle_flag(1, 1) == set()
    assert g.cell(1, 1) == "1"


def test_counter_is_mines_minus_flags_and_goes_negative():
    g = board("*....", ".....")
    assert g.mines_remaining == 1
    g.toggle_flag(0, 0)
    assert g.mines_remaining == 0
    g.toggle_flag(1, 4)
    g.toggle_flag(1, 3)
    assert g.mines_remaining == -2


def test_flags_can_be_placed_before_the_first_reveal():
    g = Game(9, 9, 10, seed=2)
    g.toggle_flag(0, 0)
    assert g.state is GameState.READY
    assert g.mines_remaining == 9


# ---- chording ----------------------------------------------------------------------------


CHORD_BOARD = ("*..*", "....", "*..*")


def test_chord_with_matching_flags_opens_the_other_neighbours():
    g = board(*CHORD_BOARD)
    g.reveal(1, 1)  # a 2
    g.toggle_flag(0, 0)
    g.toggle_flag(2, 0)
    changed = g.chord(1, 1)
    assert changed == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)}
    assert g.view() == ["F11#", "222#", "F11#"]


def test_chord_opens_question_marked_neighbours():
    g = board(*CHORD_BOARD, question_marks=True)
    g.reveal(1, 1)
    g.toggle_flag(0, 0)
    g.toggle_flag(2, 0)
    g.toggle_flag(1, 0)
    g.toggle_flag(1, 0)
    assert g.cell(1, 0) == "?"
    g.chord(1, 1)
    assert g.cell(1, 0) == "2"


@pytest.mark.parametrize("flags", [[], [(0, 0)], [(0, 0), (2, 0), (0, 1)]])
def test_chord_with_fewer_or_more_flags_does_nothing(flags):
    g = board(*CHORD_BOARD)
    g.reveal(1, 1)
    for cell in flags:
        g.toggle_flag(*cell)
    before = g.view()
    assert g.chord(1, 1) == set()
    assert g.view() == before


def test_chord_on_a_covered_cell_or_before_the_game_does_nothing():
    g = board(*CHORD_BOARD)
    assert g.chord(1, 1) == set()
    g.reveal(1, 1)
    assert g.chord(0, 2) == set()


def test_chord_with_a_wrong_flag_loses_and_shows_every_opened_mine():
    g = board(
        "*.*",
        "...",
        "...",
    )
    g.reveal(1, 1)  # a 2
    g.toggle_flag(1, 0)
    g.toggle_flag(1, 2)
    g.chord(1, 1)
    assert g.state is GameState.LOST
    assert g.view() == [
        "X2X",
        "!2!",
        "...",
    ]


# ---- game states -------------------------------------------------------------------------


def test_states_go_ready_playing_won():
    g = board("*....", ".....")
    assert g.state.value == "ready"
    g.reveal(1, 1)
    assert g.state.value == "playing"
    g.reveal(1, 4)
    assert g.state.value == "playing"
    g.reveal(1, 0)
    assert g.state.value == "won"


def test_win_needs_no_flags_and_flags_every_mine_with_counter_zero():
    g = board(
        "*....",
        ".....",
        "....*",
    )
    g.toggle_flag(2, 4)
    changed = g.reveal(0, 4)
    assert g.state is GameState.WON
    assert (0, 0) in changed
    assert g.view() == ["F1...", "11.11", "...1F"]
    assert g.mines_remaining == 0


def test_loss_shows_mines_wrong_flags_and_keeps_correct_flags_and_covered_cells():
    g = board(
        "*.*..",
        ".....",
        "...**",
    )
    g.toggle_flag(0, 0)  # right
    g.toggle_flag(1, 1)  # wrong
    g.reveal(0, 4)
    assert g.view() == [
        "F##1.",
        "#F#32",
        "#####",
    ]
    g.reveal(0, 2)
    assert g.state is GameState.LOST
    assert g.view() == [
        "F#X1.",
        "#!#32",
        "###**",
    ]


@pytest.mark.parametrize("ending", ["won", "lost"])
def test_won_and_lost_are_final(ending):
    g = board("*....", ".....")
    if ending == "won":
        g.reveal(1, 4)
        g.reveal(1, 0)
    else:
        g.reveal(0, 0)
    before = (g.view(), g.state, g.mines_remaining)
    for row in range(2):
        for col in range(5):
            assert g.reveal(row, col) == set()
            assert g.toggle_flag(row, col) == set()
            assert g.chord(row, col) == set()
    assert (g.view(), g.state, g.mines_remaining) == before


def test_a_new_game_shares_nothing_with_the_last():
    a = Game(9, 9, 10, seed=1)
    a.reveal(4, 4)
    b = Game(9, 9, 10, seed=1)
    assert b.state is GameState.READY
    assert b.view() == ["#" * 9] * 9


# ---- measures ----------------------------------------------------------------------------


def test_3bv_counts_openings_plus_isolated_numbers():
    g = board(
        "..*..",
        "..*..",
        "*****",
        ".....",
        ".*..*",
    )
    g.reveal(0, 0)
    # Openings: top-left, top-right, and bottom row 3 is all numbers... count by hand:
    # row 3 ".....": every cell touches a mine in row 2 or 4, so no 0 there.
    # Openings: {(0,0),(1,0)} and {(0,4),(1,4)}: 2. Numbers not bordering a 0: row 3 (5 cells),
    # (4,0), (4,2), (4,3): 8. Numbers (0,1),(1,1),(0,3),(1,3) border 0s.
    assert g.bbbv == 2 + 8


def test_3bv_of_an_empty_board_is_one():
    g = board(".....", ".....", "....*")
    g.reveal(0, 0)
    assert g.bbbv == 1


def test_clicks_count_actions_that_changed_something_or_tried_to():
    g = board(*CHORD_BOARD)
    g.reveal(1, 1)
    g.reveal(1, 1)  # already open: no click
    g.toggle_flag(0, 0)
    g.chord(1, 1)  # one flag on a 2: not a chord
    g.toggle_flag(2, 0)
    g.chord(1, 1)
    assert (g.clicks.left, g.clicks.right, g.clicks.chord) == (1, 2, 1)


# ---- changed sets ------------------------------------------------------------------------


def test_moves_return_a_set_of_cells_that_behaves_like_a_set():
    g = Game.from_layout(["." * 6] * 3 + ["*" + "." * 5])
    changed = g.reveal(0, 5)
    assert isinstance(changed, CellSet)
    expected = {(r, c) for r in range(4) for c in range(6)}
    assert set(changed) == expected
    assert changed == expected
    assert (3, 0) in changed  # the mine, flagged at the win
    assert (5, 5) not in changed and "x" not in changed
    assert len(changed | {(9, 9)}) == 25
