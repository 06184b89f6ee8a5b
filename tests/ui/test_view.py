"""Where the view goes (game/ui/view.py), without a window: the play followed, zoom about the
pointer at every step, a resize keeping the middle."""

import pytest

from game.ui import view
from game.ui.layout import MAX_SCALE, fit, largest_scale, window_size
from game.ui.view import anchored, centre_of, centred, clamp, follow, in_view, kept_centre

WINDOW = (1600, 1000)


def test_a_cell_in_view_does_not_move_the_view():
    lay = fit(200, 200, WINDOW, 1)
    assert follow((10 + lay.view_rows - 1, 20), 10, 20, lay) == (10, 20)
    assert follow((10, 20 + lay.view_cols - 1), 10, 20, lay) == (10, 20)


def test_a_cell_off_the_view_comes_to_the_middle():
    lay = fit(200, 200, WINDOW, 1)
    top, left = follow((150, 120), 0, 0, lay)
    assert centre_of(top, left, lay) == (150, 120)
    top, left = follow((10 + lay.view_rows, 20), 10, 20, lay)  # one step past the bottom
    assert centre_of(top, left, lay)[0] == 10 + lay.view_rows
    assert in_view((10 + lay.view_rows, 20), top, left, lay)


def test_a_cell_near_an_edge_comes_as_near_the_middle_as_the_board_allows():
    lay = fit(200, 200, WINDOW, 1)
    assert centred((0, 0), lay) == (0, 0)
    assert centred((199, 199), lay) == (200 - lay.view_rows, 200 - lay.view_cols)
    assert clamp(-5, 10_000, lay) == (0, 200 - lay.view_cols)


def test_a_board_that_fits_stays_where_it_is_whatever_is_followed():
    lay = fit(9, 9, WINDOW, 3)
    assert centred((8, 8), lay) == (0, 0) and follow((8, 8), 0, 0, lay) == (0, 0)


@pytest.mark.parametrize("size", [(1600, 1000), (1000, 700), (640, 480)])
def test_a_resize_keeps_the_middle_cell_in_the_middle(size):
    old = fit(200, 200, WINDOW, 2)
    top, left = 70, 80
    new = fit(200, 200, size, 2)
    assert centre_of(*kept_centre(top, left, old, new), new) == centre_of(top, left, old)


def zoom_steps():
    most = min(MAX_SCALE, largest_scale(WINDOW))
    ups = [(s, s + 1) for s in range(1, most)]
    return ups + [(b, a) for a, b in reversed(ups)]


POINTERS = [(400, 300), (1200, 800), (800, 500), (60, 990), (1590, 140), (700, 650), (1000, 600)]
VIEWS = [(0, 0), (90, 100), (200, 200)]


@pytest.mark.parametrize("before,after", zoom_steps())
def test_zoom_keeps_the_pointed_cell_under_the_pointer_or_comes_as_close_as_the_edges_allow(
    before, after
):
    kept = 0
    for pos in POINTERS:
        for top, left in VIEWS:
            old = fit(200, 200, WINDOW, before)
            top, left = clamp(top, left, old)
            cell = old.cell_at(*pos, top, left)
            if cell is None:
                continue
            new = fit(200, 200, WINDOW, after)
            got = anchored(cell, pos, new)
            point = new.canvas_point(*pos)
            b, t = new.board, new.sizes.tile
            if point is not None and b.contains(*point):
                ideal = (cell[0] - (point[1] - b.y) // t, cell[1] - (point[0] - b.x) // t)
                assert got == clamp(*ideal, new)  # as close as the clamp allows
                if got == ideal:  # not clamped: the very cell is still under the pointer
                    assert new.cell_at(*pos, *got) == cell
                    kept += 1
            else:  # the pointer is over the toolbar now: the cell stays in view
                assert in_view(cell, *got, new)
    assert kept >= 3  # the rule was checked, not only its edge cases


@pytest.mark.parametrize(
    "before,after",
    [(b, a) for b, a in zoom_steps() if window_size(9, 9, max(a, b))[1] <= WINDOW[1]],
)
def test_zoom_on_a_board_that_fits_keeps_it_whole_and_centred(before, after):
    new = fit(9, 9, WINDOW, after)
    old = fit(9, 9, WINDOW, before)
    cell = old.cell_at(800, 500, 0, 0)
    assert cell is not None and anchored(cell, (800, 500), new) == (0, 0)


def test_a_still_pointer_is_elsewhere_in_a_window_that_moved():
    assert view.pointer_after_move((300, 350), (451, 220), (1, 20)) == (750, 550)
    assert view.pointer_after_move((300, 350), None, (1, 20)) == (300, 350)  # not known: as it was
