"""The measures of a played game (docs/RULES.md, "Measures of a game"), on small boards drawn
as ASCII pictures, with the values worked out by hand in the comments."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import minefield
from game.engine.game_measures import community_counters, measures_of
from game.engine.measures import openings
from game.engine.walk import move_events
from game.engine.zini import zini
from game.videos.mouse import Counters

# A mine in the middle: eight 1s, none touching a 0-cell, so eight lone numbers (3BV 8).
#   1 1 1
#   1 * 1
#   1 1 1
RING = ["...", ".*.", "..."]


def press(b, cell, t=0):
    return {"t": t, "e": "press", "b": b, "cell": None if cell is None else list(cell)}


def release(b, cell, t=0):
    return {"t": t, "e": "release", "b": b, "cell": None if cell is None else list(cell)}


def move(kind, cell, did, mark=None, t=0):
    line = {"t": t, "e": "move", "kind": kind, "cell": list(cell), "did": did}
    if mark is not None:
        line["mark"] = mark
    return line


def key(k, cell, t=0):
    return {"t": t, "e": "key", "k": k, "cell": list(cell)}


def left_click(cell, did="opened"):
    return [press("left", cell), release("left", cell), move("open", cell, did)]


def test_the_ring_has_the_zini_worked_out_by_hand():
    # Premium = pieces a chord solves - unflagged mines around - 1 if closed - 1 (the chord);
    # "top-left-most" reads the columns from the left, each from the top.
    # Step 1, all closed: a corner solves 3 pieces (3 - 1 - 1 - 1 = 0), an edge 5 (itself, its
    #   two corners, its two edge neighbours: 5 - 1 - 1 - 1 = 2). The first best is (1,0):
    #   open, flag (1,1), chord = 3 clicks; (0,0) (1,0) (2,0) (0,1) (2,1) solved.
    # Step 2: (0,1), open, the mine flagged: pieces (0,2) (1,2): 2 - 0 - 0 - 1 = 1; (2,1), and
    #   (1,2) (closed: 3 - 0 - 1 - 1), also 1; (0,1) comes first: chord = 1 click.
    # Step 3: only (2,2) left: (2,1) 1 - 0 - 0 - 1 = 0 is the first best: chord = 1 click.
    # ZiNi = 3 + 1 + 1 = 5, where the 3BV is 8.
    assert zini(minefield.from_layout(RING)) == 5


def test_a_negative_premium_clicks_the_top_left_most_piece():
    # *2*    five lone numbers. Step 1: (1,0) solves itself, (0,1), (1,1), (2,1) for two
    # 242    flags, its opening and the chord: 4 - 2 - 1 - 1 = 0, the first best: 4 clicks.
    # *2*    Step 2: the best left, (0,1) (1 - 1 - 0 - 1), is negative: click (1,2): 1 click.
    assert zini(minefield.from_layout(["*.*", "...", "*.*"])) == 4 + 1


def test_top_left_most_reads_the_columns_from_the_left_each_from_the_top():
    # *21    eight lone numbers (3BV 8), mines at (0,0) (1,1) (2,1) (2,2).
    # 3*3    Step 1: premium 0 at (2,0) (4 pieces - 2 mines - 1 - 1), (3,0), (0,1), (3,1) and
    # 2**    (0,2); the first in columns is (2,0): open, flag (1,1) (2,1), chord = 4 clicks,
    # 122    solving (1,0) (2,0) (3,0) (3,1).
    # Step 2: (0,2) now solves (0,1) (0,2) (1,2) with no flag to place: 3 - 0 - 1 - 1 = 1, the
    #   best: open, chord = 2 clicks. Step 3: (3,2) is left, every premium is negative (its
    #   neighbour (2,2) is unflagged): click it, 1. ZiNi = 4 + 2 + 1 = 7.
    # Reading rows first would chord (0,1) first (flags (0,0) and (1,1)) and end at 8.
    assert zini(minefield.from_layout(["*..", ".*.", ".**", "..."])) == 7


def test_an_opening_is_one_piece_and_zini_never_beats_its_click():
    assert zini(minefield.from_layout(["....."] * 5)) == 1
    assert zini(minefield.from_layout(["*....", ".....", "....*"])) == 1


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(1, 12), st.integers(1, 12), st.floats(0.0, 0.7), st.integers(0, 2**32))
def test_zini_is_at_least_one_and_at_most_the_3bv(rows, cols, density, seed):
    rng = random.Random(seed)
    layout = [
        "".join("*" if rng.random() < density else "." for _ in range(cols)) for _ in range(rows)
    ]
    field = minefield.from_layout(layout)
    bbbv = openings(field).bbbv
    assert min(bbbv, 1) <= zini(field) <= bbbv


def test_a_board_with_no_safe_cell_needs_no_click():
    assert zini(minefield.from_layout(["*"])) == 0


# A game on the ring with every kind of wasted click (the mine is at (1,1)).
WASTEFUL_GAME = [
    *left_click((0, 0)),  # left, effective (the first opening: never a guess)
    press("left", (0, 0)),
    release("left", (0, 0)),  # on an open number: no move, wasted left
    press("right", (1, 1)),
    move("flag", (1, 1), "flagged", "F"),
    release("right", (1, 1)),
    press("right", (0, 0)),
    move("flag", (0, 0), "nothing"),
    release("right", (0, 0)),
    # both buttons on (0,0): one chord, opening (0,1) and (1,0) on the strength of a flag
    # the numbers do not prove yet: a guess
    press("left", (0, 0)),
    press("right", (0, 0)),
    release("right", (0, 0)),
    move("chord", (0, 0), "chorded"),
    release("left", (0, 0)),
    press("middle", (0, 0)),
    release("middle", (0, 0)),
    move("chord", (0, 0), "nothing"),
    press("left", (2, 2)),
    release("left", None),  # released off the board: wasted left
    *left_click((2, 2)),
    *left_click((0, 2)),
    *left_click((1, 2)),
    *left_click((2, 0)),
    *left_click((2, 1)),
    {
        "t": 10_000,
        "e": "end",
        "state": "won",
        "time_ms": 10_000,
        "bbbv": 8,
        "deaths": 0,
        "assisted": False,
    },
]


def figures(c: Counters) -> tuple:
    """The clicks as the community counts them: left, right, double; then the effective ones."""
    return (c.left, c.right, c.double), (c.lce, c.rce, c.dce)


def test_a_game_with_wasted_clicks_counts_them():
    """As Metasweeper and ms-toollib count (docs/RULES.md): a left click on an open number is
    a left click (not effective); a right click on an open cell is a right click; both
    buttons that chord are one double, the middle button that chords nothing one more; a left
    press released off the board is a left click."""
    c = community_counters(RING, WASTEFUL_GAME)
    assert figures(c) == ((8, 2, 2), (6, 1, 1))
    assert (c.ce, c.clicks) == (8, 12)


def test_the_measures_of_the_wasteful_game():
    m = measures_of(RING, WASTEFUL_GAME, 10_000)
    assert (m.bbbv, m.bbbv_solved, m.zini) == (8, 8, 5)
    assert m.bbbv_per_second == pytest.approx(0.8)  # 8 / 10 s
    assert m.ioe == pytest.approx(8 / 12)
    assert m.throughput == pytest.approx(8 / 8)
    assert m.rqp == pytest.approx(10 / 0.8)
    assert m.no_flag is False
    assert m.guesses == 1  # the chord; (2,2) and after are proven safe by the 1 at (0,0)


def test_a_keyboard_only_game_counts_its_actions():
    events = [
        key("r", (0, 0)),
        move("open", (0, 0), "opened"),
        key("f", (1, 1)),
        move("flag", (1, 1), "flagged", "F"),
        key("c", (0, 0)),
        move("chord", (0, 0), "chorded"),
        key("r", (0, 1)),
        move("open", (0, 1), "nothing"),  # the terminal: open on an open cell
        key("space", (0, 0)),  # the window: Space on an open number asks for no move: wasted
        key("d", (1, 0)),
        move("chord", (1, 0), "chorded"),  # (2,0) (2,1)
        key("d", (0, 1)),
        move("chord", (0, 1), "chorded"),  # (0,2) (1,2)
        key("d", (2, 1)),
        move("chord", (2, 1), "chorded"),  # (2,2): won
    ]
    # each key is the click it stands for at its cell: r and Space left, f right, c and d
    # both buttons; Space on an open number and r on an open cell are left clicks, wasted
    assert figures(community_counters(RING, events)) == ((3, 1, 4), (1, 1, 4))
    m = measures_of(RING, events, 4_000)
    assert m.bbbv_solved == 8
    assert m.ioe == pytest.approx(8 / 8)
    assert m.throughput == pytest.approx(8 / 6)


def test_a_right_click_then_both_buttons_is_a_flag_and_a_chord():
    events = [
        *left_click((0, 0)),
        press("right", (1, 1)),
        move("flag", (1, 1), "flagged", "F"),
        press("left", (0, 0)),
        release("left", (0, 0)),
        move("chord", (0, 0), "chorded"),
        release("right", (0, 0)),
    ]
    # the right button held from the flag into the chord: the flag's right click, then one
    # double (the left press joins it), no second right click
    assert figures(community_counters(RING, events)) == ((1, 1, 1), (1, 1, 1))


def test_both_buttons_pressed_and_released_off_the_board_count_nothing():
    events = [
        press("left", None),
        press("right", None),
        release("left", None),
        release("right", None),
    ]
    assert figures(community_counters(RING, events)) == ((0, 0, 0), (0, 0, 0))


def test_a_no_flag_game_is_nf():
    events = [*left_click((0, 0))] + [
        e
        for cell in [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
        for e in left_click(cell)
    ]
    m = measures_of(RING, events, 8_000)
    assert m.no_flag is True
    assert m.counters.clicks == m.counters.lce == 8
    assert m.ioe == 1.0 and m.correctness == 1.0


def test_a_flag_taken_off_again_still_is_not_nf():
    events = [
        *left_click((0, 0)),
        press("right", (2, 2)),
        move("flag", (2, 2), "flagged", "F"),
        release("right", (2, 2)),
        press("right", (2, 2)),
        move("flag", (2, 2), "unflagged", "#"),
        release("right", (2, 2)),
    ]
    assert measures_of(RING, events, 1_000).no_flag is False


def test_openings_the_view_does_not_prove_safe_are_guesses():
    # *1   After the first opening at (1,1) nothing is known: (0,1) is a guess. Then the 1s
    # 11   at (0,1) and (1,1) both see (0,0) and (1,0): (1,0) is a guess too.
    events = [*left_click((1, 1)), *left_click((0, 1)), *left_click((1, 0))]
    assert measures_of(["*.", ".."], events, 3_000).guesses == 2


def test_undo_takes_back_what_the_view_proved():
    # With (0,0)'s 1 open, the one mine is next to it: (2,2) is proven safe. Both undone, the
    # board is covered again, and opening (2,2) (not the game's first opening) is a guess.
    undo = {"t": 0, "e": "undo"}
    events = [*left_click((0, 0)), *left_click((2, 2)), undo, undo, *left_click((2, 2))]
    assert measures_of(RING, events, 3_000).guesses == 1


def test_a_lost_game_rates_the_3bv_it_solved():
    # The ring: (0,0) open, then the mine. 3BV solved 1 of 8.
    events = [*left_click((0, 0)), *left_click((1, 1))]
    m = measures_of(RING, events, 2_000)
    assert (m.bbbv, m.bbbv_solved) == (8, 1)
    assert m.bbbv_per_second == pytest.approx(0.5)
    assert m.ioe == pytest.approx(1 / 2)
    assert m.guesses == 1


def test_undo_and_redo_are_played_and_are_not_clicks():
    events = [
        *left_click((0, 0)),
        *left_click((1, 1)),
        {"t": 0, "e": "undo"},
        {"t": 0, "e": "redo"},
        {"t": 0, "e": "undo"},
        *left_click((2, 2)),
    ]
    m = measures_of(RING, events, 2_000)
    assert m.bbbv_solved == 2
    assert m.counters.clicks == 3


def test_a_version_1_replay_has_no_clicks_but_every_board_measure():
    from game.engine.game import MoveKind, RecordedMove

    moves = [
        RecordedMove(MoveKind.OPEN, 0, 0, 0),
        RecordedMove(MoveKind.FLAG, 1, 1, 500, "F"),
        RecordedMove(MoveKind.CHORD, 0, 0, 900),
    ]
    m = measures_of(RING, move_events(moves), 1_000)
    assert m.counters is None
    assert m.ioe is None and m.throughput is None and m.correctness is None
    assert (m.bbbv, m.bbbv_solved, m.zini, m.guesses, m.no_flag) == (8, 3, 5, 1, False)
    assert m.bbbv_per_second == pytest.approx(3.0)


def test_events_of_another_board_are_refused():
    with pytest.raises(ValueError):
        measures_of(RING, [*left_click((0, 0)), *left_click((0, 0))], 1_000)
