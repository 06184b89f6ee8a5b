"""A hint near where the player is looking (`solver.hint_near`, game/engine/solver): the
numbers in sight, every cell further out taken as covered. What it proves must be true of the
board, and the cell it names lies in sight."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, Move, MoveKind
from game.engine.solver import hint, hint_near
from game.engine.solver.answers import HintKind


def opened(rows, cols, mines, seed, clicks):
    game = Game(rows, cols, mines, seed=seed)
    picker = random.Random(seed)
    for _ in range(clicks):
        cells = [(r, c) for r in range(rows) for c in range(cols) if game.view()[r][c] == "#"]
        if not cells or game.state.is_over:
            break
        game.play(Move(MoveKind.OPEN, *picker.choice(cells)))
    return game


@settings(max_examples=120, deadline=None)
@given(st.integers(6, 24), st.integers(6, 24), st.integers(0, 2**31), st.integers(1, 4), st.data())
def test_a_hint_near_the_view_is_a_safe_covered_cell_inside_it(rows, cols, seed, clicks, data):
    mines = max(1, rows * cols // 7)
    game = opened(rows, cols, mines, seed, clicks)
    if game.state.is_over:
        return
    top, left = data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1))
    near = (
        top,
        left,
        data.draw(st.integers(1, rows - top)),
        data.draw(st.integers(1, cols - left)),
    )
    found = hint_near(game.view(), mines, near)
    if found is None:
        return
    r, c = found.cell
    assert top <= r < top + near[2] and left <= c < left + near[3]
    assert game.view()[r][c] in "#?F"
    assert game.layout()[r][c] == "."  # proven from numbers that are on the board
    for r, c in found.proven_safe:  # the marks: none on an open cell taken as covered
        assert game.view()[r][c] in "#?F" and game.layout()[r][c] == "."
    assert found.kind in (HintKind.ONE_NUMBER, HintKind.NUMBERS)


def test_the_hint_comes_from_where_the_player_is_looking():
    # two separate openings: the first proof in reading order is in the top-left one
    layout = ["." * 40 for _ in range(40)]
    layout = [list(row) for row in layout]
    for r, c in [(4, 4), (4, 6), (6, 5), (33, 33), (33, 35), (35, 34), (20, 0), (0, 20)]:
        layout[r][c] = "*"
    layout = ["".join(row) for row in layout]
    game = Game.from_layout(layout)
    game.play(Move(MoveKind.OPEN, 0, 0))
    game.play(Move(MoveKind.OPEN, 39, 39))
    view = game.view()
    anywhere = hint(view, 8)
    assert anywhere is not None and anywhere.cell[0] < 20 and anywhere.cell[1] < 20
    seen = (26, 26, 14, 14)  # the bottom-right corner in sight
    there = hint(view, 8, near=seen)
    assert there is not None and there.cell[0] >= 26 and there.cell[1] >= 26
    assert there.kind in (HintKind.ONE_NUMBER, HintKind.NUMBERS)
    assert layout[there.cell[0]][there.cell[1]] == "."
    assert hint_near(view, 8, (0, 0, 40, 40)) is None  # all the board in sight: the usual


def test_nothing_proven_in_sight_gives_the_usual_hint():
    layout = ["." * 30 for _ in range(30)]
    layout[2] = "..*" + "." * 27
    layout[27] = "." * 10 + "*" + "." * 19
    game = Game.from_layout(layout)
    game.play(Move(MoveKind.OPEN, 0, 29))
    view = game.view()
    seen = (10, 10, 5, 5)  # all open there: nothing to prove
    assert hint_near(view, 2, seen) is None
    assert hint(view, 2, near=seen) == hint(view, 2)


def test_a_proof_in_sight_is_found_on_most_opened_boards():
    """The property above is not met by finding nothing: on opened 16x16 boards with half the
    board in sight, most give a proof there, each a safe cell in sight."""
    found = 0
    for seed in range(40):
        game = opened(16, 16, 30, seed, 2)
        if game.state.is_over:
            continue
        near = (seed % 8, (seed * 3) % 8, 8, 8)
        there = hint_near(game.view(), 30, near)
        if there is not None:
            r, c = there.cell
            assert near[0] <= r < near[0] + 8 and near[1] <= c < near[1] + 8
            assert game.layout()[r][c] == "."
            found += 1
    assert found >= 15, found


def test_a_proof_in_sight_is_found_past_proofs_of_cells_further_out():
    """A review: the cells taken as covered round the view were proven safe first (an open
    blank beside them), and the proof in sight, one step further, was given up."""
    view = [".....1##", "...112##", "...1####", "1212####", "########", "########", "########"]
    found = hint(view, 8, near=(3, 0, 2, 2))
    assert found.cell == (4, 1)
    assert all(view[r][c] == "#" for r, c in found.proven_safe)
