"""The text view's alphabet is defined once, and the game's views use only it."""

import pytest

from game.engine import Game, LayoutChar, ViewChar
from game.engine.cells import COVERED_CHARS, END_CHARS, NUMBER_CHARS, OPEN_CHARS, CellSet


def test_the_alphabet_is_the_text_view_of_the_rulebook():
    assert "".join(ViewChar) == "#F?.12345678*X!"
    assert "".join(LayoutChar) == "*."


def test_every_character_is_open_covered_or_shown_at_the_end_and_only_one():
    groups = [OPEN_CHARS, COVERED_CHARS, END_CHARS]
    assert sum(len(g) for g in groups) == len(ViewChar)
    assert set().union(*groups) == set(ViewChar)
    assert OPEN_CHARS - {ViewChar.ZERO} == NUMBER_CHARS


@pytest.mark.parametrize("n", range(9))
def test_a_number_and_its_character_go_both_ways(n):
    ch = ViewChar.number(n)
    assert ch.is_open and ch.mines_around == n
    assert ch == ("." if n == 0 else str(n))


@pytest.mark.parametrize("n", [-1, 9])
def test_no_cell_has_more_than_eight_mines_around(n):
    with pytest.raises(ValueError):
        ViewChar.number(n)


def test_members_are_plain_one_character_strings():
    assert ViewChar.FLAG == "F" and ViewChar("?") is ViewChar.QUESTION
    assert f"{ViewChar.MINE}" == "*" and ViewChar.COVERED + ViewChar.FLAG == "#F"
    assert ViewChar.FLAG.mines_around is None and not ViewChar.FLAG.is_open


def test_a_lost_game_shows_only_characters_of_the_alphabet():
    game = Game.from_layout(["*..", "...", "..*"])
    game.toggle_flag(1, 1)
    game.reveal(0, 2)
    game.reveal(0, 0)
    seen = set("".join(game.view()))
    assert seen <= set(ViewChar)
    assert {ViewChar.EXPLODED, ViewChar.MINE, ViewChar.WRONG_FLAG} <= seen


def test_a_cell_set_made_later_is_the_set_its_runs_make_and_makes_only_what_a_box_asks():
    runs = [(0, 0, 3), (2, 1, 2), (5, 4, 9)]
    asked = []

    def make(box):
        asked.append(box)
        return runs if box is None else CellSet(runs).within(box).runs()

    later = CellSet.later(9, make)
    assert set(later.within((1, 0, 4, 5))) == {(2, 1)} and asked == [(1, 0, 4, 5)]
    assert len(later) == 9 and asked == [(1, 0, 4, 5)]  # the count needs no runs
    assert later == CellSet(runs) and asked[-1] is None


def test_the_cells_of_a_set_within_a_box():
    cells = CellSet([(0, 0, 10), (3, 2, 6), (9, 0, 1)])
    assert set(cells.within((0, 4, 4, 3))) == {(0, 4), (0, 5), (0, 6), (3, 4), (3, 5)}
    assert cells.within((-2, -2, 1, 1)) == set()
