"""A cascade veils the changed cells in view and turns them over ring by ring outward from
the click: a cell's ring is how far it lies from the clicked cell, in rows or columns,
whichever is more (`DrawState.cascade`, game/ui/drawstate.py)."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.boards import BoardChoice
from game.engine.cells import CellSet
from game.ui.drawstate import CASCADE_MS, FLIP_MS, DrawState
from game.ui.render import Looks


@st.composite
def cascades(draw):
    rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    runs = []
    for row in range(rows):
        col = 0
        while col < cols:
            first = draw(st.integers(col, cols))
            stop = draw(st.integers(first, cols))
            if stop > first:
                runs.append((row, first, stop))
            col = stop + 1
    top, left = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
    view = (top, left, draw(st.integers(1, rows - top)), draw(st.integers(1, cols - left)))
    origin = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    return runs, view, origin


@settings(max_examples=300, deadline=None)
@given(cascades())
def test_each_changed_cell_in_view_turns_on_its_ring_once(case):
    runs, (top, left, rows, cols), origin = case
    drawn = DrawState()
    changed = {(r, c) for r, first, stop in runs for c in range(first, stop)}
    in_view = {
        (r, c)
        for r, c in changed
        if (r, c) != origin and top <= r < top + rows and left <= c < left + cols
    }
    veiled = drawn.cascade(CellSet(runs), origin, (top, left, rows, cols), 1000)
    assert veiled == bool(in_view)
    assert set(drawn.veiled) == in_view
    turned = [(ring, cell) for _, _, ring, cells in drawn.animation for cell in cells]
    assert sorted(cell for _, cell in turned) == sorted(in_view)  # each once
    for ring, (r, c) in turned:
        assert ring == max(abs(r - origin[0]), abs(c - origin[1]))
    due = {ring: at for at, _, ring, _ in drawn.animation}
    assert all(due[a] <= due[b] for a in due for b in due if a < b)  # outward


def test_a_frame_that_comes_late_turns_each_ring_once():
    """A ring whose pressed moment has passed by the time a frame comes shows turned: drawn
    once in that frame, not pressed and then turned (two draws of the same tiles)."""
    drawn = DrawState()
    runs = [(row, 0, 30) for row in range(30)]
    assert drawn.cascade(CellSet(runs), (15, 15), (0, 0, 30, 30), 1000)
    rings = len(drawn.animation)
    drawn.advance(1000 + CASCADE_MS + FLIP_MS)
    assert not drawn.veiled and not drawn.animation
    assert len(drawn.pending) == rings
    assert sorted(c for cells in drawn.pending for c in cells) == sorted(
        (r, c) for r in range(30) for c in range(30) if (r, c) != (15, 15)
    )


def test_a_frame_on_time_shows_each_ring_pressed_before_it_turns():
    drawn = DrawState()
    assert drawn.cascade(CellSet([(0, 0, 40)]), (0, 0), (0, 0, 1, 40), 1000)
    looks = set()
    for now in range(1000, 1000 + CASCADE_MS + FLIP_MS + 17, 16):
        drawn.advance(now)
        looks |= set(drawn.veiled.values())
    assert looks == {"covered", "pressed"} and not drawn.veiled


def test_groups_of_cells_draw_as_each_alone_and_read_the_board_once(drive, monkeypatch):
    d = drive(BoardChoice(30, 30, 90), scale=1)
    d.click((15, 15))
    game, r = d.app.play.game, d.app.ctx.frame.renderer
    top, left = d.app.play.view.top, d.app.play.view.left
    groups = [[(row, col) for col in range(30)] for row in range(0, 30, 3)]
    before = r.canvas.copy()
    b = d.app.ctx.frame.layout.board
    before.fill((255, 0, 255), (b.x, b.y, b.w, b.h))  # what is not drawn stays so
    r.canvas.blit(before, (0, 0))
    for cells in groups:
        r.draw_cells(game, top, left, cells, Looks())
    alone = pygame.image.tobytes(r.canvas, "RGB")
    r.canvas.blit(before, (0, 0))
    read = []
    view = game.view
    monkeypatch.setattr(game, "view", lambda: read.append(1) or view())
    r.draw_groups(game, top, left, groups, Looks())
    assert read == [1]  # 300 cells in ten groups: the text view read once, not ten times
    assert pygame.image.tobytes(r.canvas, "RGB") == alone
    assert pygame.image.tobytes(r.canvas, "RGB") != pygame.image.tobytes(before, "RGB")


def test_many_plain_cells_draw_as_one_at_a_time(drive):
    """Many cells with nothing but their tiles (a cascade's rings) are drawn in a quicker way
    than a few (game/ui/render.py `draw_cells`): the same pixels, veiled tiles, the cursor's
    cell and cells out of view included."""
    d = drive(BoardChoice(30, 30, 90), scale=1)
    d.click((15, 15))
    game, r = d.app.play.game, d.app.ctx.frame.renderer
    top, left = d.app.play.view.top, d.app.play.view.left
    cells = [(row, col) for row in range(-2, 32) for col in range(0, 30, 2)]
    looks = Looks(cursor=(4, 4), veiled={(6, 6): "pressed", (8, 8): "covered"})
    b = d.app.ctx.frame.layout.board
    before = r.canvas.copy()
    before.fill((255, 0, 255), (b.x, b.y, b.w, b.h))
    r.canvas.blit(before, (0, 0))
    for cell in cells:  # one at a time: each as its own
        r.draw_cells(game, top, left, [cell], looks)
    alone = pygame.image.tobytes(r.canvas, "RGB")
    r.canvas.blit(before, (0, 0))
    r.draw_cells(game, top, left, cells, looks)
    assert pygame.image.tobytes(r.canvas, "RGB") == alone
