"""Moves are data: recorded as accepted, replayable, undoable."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, GameState, Move, MoveKind, SafeZone
from game.engine.game import RecordedMove


def test_accepted_moves_are_recorded_with_their_time_and_mark():
    g = Game.from_layout(["*..*", "....", "...."], question_marks=True)
    g.reveal(2, 3, at_ms=0)
    g.reveal(2, 3, at_ms=50)  # already open: not a move
    g.toggle_flag(0, 0, at_ms=900)
    g.toggle_flag(0, 0, at_ms=1000)
    g.chord(1, 1, at_ms=1200)  # a 1 with no flag around it now: not a move
    assert g.moves == [
        RecordedMove(MoveKind.OPEN, 2, 3, 0),
        RecordedMove(MoveKind.FLAG, 0, 0, 900, "F"),
        RecordedMove(MoveKind.FLAG, 0, 0, 1000, "?"),
    ]
    assert g.first_click == (2, 3)


def test_undo_takes_back_a_loss_and_redo_plays_it_again():
    g = Game.from_layout(["*..", "...", "..."])
    g.reveal(1, 1)
    g.reveal(0, 0)
    assert g.state is GameState.LOST and g.deaths == 1
    changed = g.undo()
    assert g.state is GameState.PLAYING
    assert g.view() == ["###", "#1#", "###"]
    assert (0, 0) in changed and g.assisted
    assert g.deaths == 1  # the counter of mines hit stays
    g.redo()
    assert g.state is GameState.LOST and g.deaths == 1  # the same mine again
    assert g.view()[0][0] == "X"
    g.undo()
    g.reveal(2, 2)
    assert not g.can_redo  # a new move forgets what was undone
    assert g.state is GameState.WON


def test_undo_of_marks_and_of_everything():
    g = Game(9, 9, 10, seed=4)
    g.reveal(4, 4)
    g.toggle_flag(0, 0)
    g.undo()
    assert g.cell(0, 0) == "#" and g.mines_remaining == 10
    g.undo()
    assert g.view() == ["#" * 9] * 9 and g.state is GameState.READY
    assert g.undo() == set()
    g.redo()
    assert g.cell(4, 4) == "."


def test_a_shared_first_click_lays_the_same_board_before_anyone_clicks():
    a = Game(16, 30, 99, seed=12, first_click=(8, 15))
    b = Game(16, 30, 99, seed=12)
    b.reveal(8, 15)
    assert a.layout() == b.layout() and a.state is GameState.READY


@st.composite
def games_and_moves(draw):
    rows, cols = draw(st.integers(5, 10)), draw(st.integers(5, 10))
    mines = draw(st.integers(1, rows * cols // 3))
    seed = draw(st.integers(0, 2**31))
    zone = draw(st.sampled_from(list(SafeZone)))
    moves = draw(
        st.lists(
            st.tuples(
                st.sampled_from(list(MoveKind)), st.integers(0, rows - 1), st.integers(0, cols - 1)
            ),
            max_size=40,
        )
    )
    return rows, cols, mines, seed, zone, moves


@settings(max_examples=150)
@given(games_and_moves(), st.booleans())
def test_replaying_the_moves_gives_the_same_view_at_every_step(case, question_marks):
    rows, cols, mines, seed, zone, tries = case
    live = Game(rows, cols, mines, seed=seed, safe_zone=zone, question_marks=question_marks)
    views = []
    for t, (kind, r, c) in enumerate(tries):
        if live.play(Move(kind, r, c), at_ms=t * 100):
            views.append(live.view())
    again = Game(rows, cols, mines, seed=seed, safe_zone=zone)  # question marks not needed:
    for move, view in zip(live.moves, views, strict=True):  # the recorded mark says it all
        again.play_recorded(move)
        assert again.view() == view
    assert again.state is live.state


@settings(max_examples=100)
@given(games_and_moves())
def test_undo_then_redo_returns_to_the_same_view(case):
    rows, cols, mines, seed, zone, tries = case
    g = Game(rows, cols, mines, seed=seed, safe_zone=zone)
    seen = [g.view()]
    for kind, r, c in tries:
        if g.play(Move(kind, r, c)):
            seen.append(g.view())
    for expected in reversed(seen[:-1]):
        g.undo()
        assert g.view() == expected
    while g.can_redo:
        g.redo()
    assert g.view() == seen[-1]


@settings(max_examples=100)
@given(games_and_moves())
def test_the_view_is_the_board_as_it_is_after_every_move_and_undo(case):
    """`view()` is kept between moves (game/engine/game.py): it is never one move behind, and
    a caller's changes to the list it got change nothing."""
    rows, cols, mines, seed, zone, tries = case
    g = Game(rows, cols, mines, seed=seed, safe_zone=zone)

    def cell_by_cell():
        return ["".join(g.cell(r, c) for c in range(cols)) for r in range(rows)]

    for kind, r, c in tries:
        g.view()[0] = "changed by a caller"
        g.play(Move(kind, r, c))
        assert g.view() == cell_by_cell()
        if g.moves and kind is MoveKind.FLAG:
            g.undo()
            assert g.view() == cell_by_cell()
