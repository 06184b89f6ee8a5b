"""Board codes: round trip, typos refused, the same board for everyone; seeds as text."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Game, SafeZone
from game.engine.codes import (
    ALPHABET,
    LENGTH,
    BoardCode,
    CodeError,
    CodeProblem,
    daily,
    decode,
    encode,
    seed_of_text,
    seed_text,
)


@st.composite
def codes(draw):
    rows, cols = draw(st.integers(5, 200)), draw(st.integers(5, 200))
    return BoardCode(
        rows,
        cols,
        draw(st.integers(1, rows * cols - 1)),
        draw(st.sampled_from(list(SafeZone))),
        draw(st.booleans()),
        draw(st.integers(0, 2**64 - 1)),
        (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))),
    )


@given(codes())
def test_round_trip(code):
    text = encode(code)
    assert len(text) == LENGTH and set(text) <= set(ALPHABET)
    assert decode(text) == code


def test_expert_codes_are_short_letters_and_digits_without_look_alikes():
    g = Game(16, 30, 99, seed=2**63 - 1)
    g.reveal(8, 15)
    text = encode(BoardCode.of(g))
    assert len(text) <= 32 and text.isalnum() and text.isupper()
    for pair in ("0O", "1I", "1L", "UV"):
        assert not set(pair) <= set(ALPHABET)


def test_every_single_character_typo_is_refused():
    text = encode(daily(__import__("datetime").date(2026, 11, 29)))
    for k in range(len(text)):
        for ch in ALPHABET:
            if ch != text[k]:
                with pytest.raises(CodeError):
                    decode(text[:k] + ch + text[k + 1 :])
        with pytest.raises(CodeError):
            decode(text[:k] + text[k + 1 :])  # a character dropped
        with pytest.raises(CodeError):
            decode(text[:k] + "7" + text[k:])  # one added
    with pytest.raises(CodeError) as refused:
        decode(text[:-1] + "!")
    assert (refused.value.problem, refused.value.data) == (
        CodeProblem.CHARACTER,
        {"character": "!"},
    )


def test_codes_are_read_the_way_people_type_them():
    text = encode(BoardCode(9, 9, 10, SafeZone.OPENING, False, 12345, (4, 4)))
    assert decode(text.lower()) == decode(text)
    assert decode(f"{text[:8]}-{text[8:16]} {text[16:]}") == decode(text)
    assert decode(text.replace("0", "o")) == decode(text)


def test_the_same_code_gives_the_same_layout_on_the_same_first_click():
    g = Game(16, 30, 99)
    g.reveal(3, 7)
    code = decode(encode(BoardCode.of(g)))
    a, b = code.game(), code.game()
    assert a.layout() == b.layout() == g.layout()
    assert a.first_click == (3, 7)


def test_the_daily_board_depends_on_the_date_only():
    import datetime

    day = datetime.date(2026, 11, 29)
    assert daily(day) == daily(day)
    assert daily(day).seed != daily(day + datetime.timedelta(days=1)).seed
    assert (daily(day).rows, daily(day).cols, daily(day).mines) == (16, 30, 99)


def test_games_without_a_seed_or_a_first_click_have_no_code():
    assert BoardCode.of(Game(9, 9, 10)) is None
    layout_game = Game.from_layout(["*....", "....."])
    layout_game.reveal(1, 4)
    assert BoardCode.of(layout_game) is None


# ---- seeds written as text (the statistics' CSV) ----------------------------------------------


@given(st.integers(0, 2**64 - 1))
def test_a_seed_as_text_reads_back_exactly(seed):
    assert seed_of_text(seed_text(seed)) == seed


@given(st.integers(0, 2**64 - 1))
def test_a_seed_as_text_is_text_to_a_spreadsheet(seed):
    """Always "S" and 13 characters: never a number (not even in 1E5 form) or a date, and no
    run of digits a spreadsheet could round."""
    text = seed_text(seed)
    assert len(text) == 14 and text[0] == "S" and set(text[1:]) <= set(ALPHABET)
    assert not re.search(r"[0-9]{16}", text)
    with pytest.raises(ValueError):
        float(text)


def test_the_largest_seed_fits_and_the_text_form_is_read_as_people_type_it():
    assert seed_text(0) == "S0000000000000"
    top = seed_text(2**64 - 1)
    assert seed_of_text(top) == 2**64 - 1
    assert seed_of_text(f"  {top.lower()} ") == 2**64 - 1
    assert seed_of_text("sO00000000001") == 1  # O read as 0, as in codes


@pytest.mark.parametrize(
    "text", ["", "S", "12345", "S00000000000000", "SU000000000000", "SZZZZZZZZZZZZZ"]
)
def test_text_that_is_not_a_seed_is_refused_with_a_reason(text):
    with pytest.raises(CodeError):
        seed_of_text(text)
