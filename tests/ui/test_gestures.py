"""The mouse rules as pure input -> move, without a window: press, drag, release, chord, long
press, double click and the face."""

from game.engine import Move, MoveKind
from game.ui.gestures import LEFT, LONG_PRESS_MS, MIDDLE, NEW_GAME, RIGHT, Gestures, Rules

OPEN, FLAG, CHORD = MoveKind.OPEN, MoveKind.FLAG, MoveKind.CHORD
VIEW = ["#1.", "#F.", "?.."]


def look(cell):
    return VIEW[cell[0]][cell[1]]


def neighbours(cell):
    r, c = cell
    around = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    return [(y, x) for y, x in around if 0 <= y < 3 and 0 <= x < 3 and look((y, x)) in "#?"]


def test_a_left_press_shows_the_cell_pressed_and_the_release_opens_it():
    g = Gestures(Rules())
    assert g.press(LEFT, (0, 0), 0) == []
    assert g.pressed_cells(look, neighbours) == {(0, 0)} and g.holding_board
    assert g.release(LEFT, (0, 0), 10, look) == [Move(OPEN, 0, 0)]
    assert g.pressed_cells(look, neighbours) == set() and not g.holding_board


def test_dragging_moves_the_press_and_the_cell_under_the_release_acts():
    g = Gestures(Rules())
    g.press(LEFT, (0, 0), 0)
    g.motion((2, 0), 5)
    assert g.pressed_cells(look, neighbours) == {(2, 0)}
    assert g.release(LEFT, (2, 0), 10, look) == [Move(OPEN, 2, 0)]


def test_a_release_off_the_board_does_nothing():
    g = Gestures(Rules())
    g.press(LEFT, (0, 0), 0)
    assert g.release(LEFT, None, 10, look) == []


def test_a_flagged_cell_does_not_open_and_an_open_one_does_nothing():
    g = Gestures(Rules())
    g.press(LEFT, (1, 1), 0)
    assert g.release(LEFT, (1, 1), 1, look) == []
    g.press(LEFT, (0, 2), 600)
    assert g.release(LEFT, (0, 2), 601, look) == []


def test_right_press_flags_at_once():
    g = Gestures(Rules())
    assert g.press(RIGHT, (0, 0), 0) == [Move(FLAG, 0, 0)]
    assert g.release(RIGHT, (0, 0), 1, look) == []


def test_both_buttons_chord_once_on_the_first_release():
    g = Gestures(Rules())
    g.press(LEFT, (0, 1), 0)
    assert g.press(RIGHT, (0, 1), 1) == []  # no flag while left is held
    assert g.pressed_cells(look, neighbours) == {(0, 0), (1, 0)}
    assert g.release(RIGHT, (0, 1), 2, look) == [Move(CHORD, 0, 1)]
    assert g.release(LEFT, (0, 1), 3, look) == []


def test_the_middle_button_chords():
    g = Gestures(Rules())
    g.press(MIDDLE, (0, 1), 0)
    assert g.release(MIDDLE, (0, 1), 1, look) == [Move(CHORD, 0, 1)]


def test_a_left_click_on_a_number_chords_only_with_the_option():
    on, off = Gestures(Rules(chord_on_left=True)), Gestures(Rules(chord_on_left=False))
    for g, expected in ((on, [Move(CHORD, 0, 1)]), (off, [])):
        g.press(LEFT, (0, 1), 0)
        assert g.release(LEFT, (0, 1), 1, look) == expected


def test_a_long_press_flags_once_with_the_option_and_the_release_then_does_nothing():
    g = Gestures(Rules(long_press_flag=True))
    g.press(LEFT, (0, 0), 0)
    assert g.tick(LONG_PRESS_MS - 1, look) == []
    assert g.tick(LONG_PRESS_MS, look) == [Move(FLAG, 0, 0)]
    assert g.tick(LONG_PRESS_MS + 500, look) == []
    assert g.release(LEFT, (0, 0), LONG_PRESS_MS + 600, look) == []
    plain = Gestures(Rules(long_press_flag=False))
    plain.press(LEFT, (0, 0), 0)
    assert plain.tick(5000, look) == []


def test_a_long_press_restarts_when_the_pointer_moves_to_another_cell():
    g = Gestures(Rules(long_press_flag=True))
    g.press(LEFT, (0, 0), 0)
    g.motion((2, 0), 300)
    assert g.tick(LONG_PRESS_MS + 10, look) == []
    assert g.tick(300 + LONG_PRESS_MS, look) == [Move(FLAG, 2, 0)]


def test_the_second_press_of_a_double_click_never_acts_again():
    g = Gestures(Rules())
    g.press(LEFT, (0, 0), 0)
    assert g.release(LEFT, (0, 0), 50, look) == [Move(OPEN, 0, 0)]
    g.press(LEFT, (0, 0), 200)
    assert g.release(LEFT, (0, 0), 250, look) == []
    g.press(LEFT, (0, 0), 900)  # slower than a double click
    assert g.release(LEFT, (0, 0), 950, look) == [Move(OPEN, 0, 0)]


def test_a_move_in_between_ends_the_double_click():
    g = Gestures(Rules())
    g.press(LEFT, (0, 0), 0)
    g.release(LEFT, (0, 0), 50, look)
    g.moved_on()  # e.g. a key flagged something
    g.press(LEFT, (0, 0), 100)
    assert g.release(LEFT, (0, 0), 150, look) == [Move(OPEN, 0, 0)]


def test_the_face_acts_only_when_pressed_and_released_on_it():
    g = Gestures(Rules())
    g.press(LEFT, None, 0, on_face=True)
    assert g.face_pressed
    g.motion(None, 1, on_face=False)
    assert not g.face_pressed
    assert g.release(LEFT, (0, 0), 2, look, on_face=False) == []
    g.press(LEFT, None, 3, on_face=True)
    assert g.release(LEFT, None, 4, look, on_face=True) == [NEW_GAME]


def test_the_middle_button_slid_to_the_next_cell_still_chords_there():
    g = Gestures(Rules())
    g.press(MIDDLE, (5, 5), 0)
    g.motion((5, 6), 1)
    assert not g.panning
    assert g.release(MIDDLE, (5, 6), 2, look_any) == [Move(CHORD, 5, 6)]


def test_the_middle_button_dragged_two_cells_moves_the_board_and_chords_nothing():
    g = Gestures(Rules())
    g.press(MIDDLE, (5, 5), 0)
    g.motion((7, 5), 1)
    assert g.panning and g.pressed_cells(look_any, neighbours) == set()
    g.motion((5, 5), 2)  # back where it started: still a drag
    assert g.release(MIDDLE, (5, 5), 3, look_any) == [] and not g.panning


def test_both_buttons_dragged_never_move_the_board():
    g = Gestures(Rules())
    g.press(LEFT, (5, 5), 0)
    g.press(MIDDLE, (5, 5), 0)
    g.motion((8, 8), 1)
    assert not g.panning


def look_any(cell):
    return "1"
