"""Pixel <-> cell geometry at every edge, without a window (text scales: test_text_scale.py)."""

import pytest

from game.ui.layout import (
    MENU_HEIGHT,
    MIN_AREA_H,
    MIN_AREA_W,
    SCROLLBAR,
    STATUS_HEIGHT,
    TOOLBAR_HEIGHT,
    Box,
    Layout,
    best_scale,
    chrome_size,
    fit,
    largest_scale,
    smallest_canvas_size,
    window_size,
)

EXPERT = Layout(16, 30, 16, 30)  # whole board shown, zoom and text 1


def window_xy(lay: Layout, cx: int, cy: int) -> tuple[int, int]:
    return lay.origin_x + cx, lay.origin_y + cy


def test_canvas_is_menu_bar_frame_toolbar_and_board():
    assert EXPERT.canvas_size == (
        8 + 30 * 16 + 8,
        MENU_HEIGHT + 8 + TOOLBAR_HEIGHT + 8 + 16 * 16 + STATUS_HEIGHT + 8,
    )
    assert EXPERT.status.y == EXPERT.board.bottom
    assert EXPERT.board.x == 8 and EXPERT.board.y == MENU_HEIGHT + 8 + TOOLBAR_HEIGHT + 8
    w, h = EXPERT.canvas_size
    assert (EXPERT.menu_bar.y, EXPERT.menu_bar.w, EXPERT.menu_bar.h) == (0, w, MENU_HEIGHT)
    assert EXPERT.frame.y == EXPERT.menu_bar.bottom and EXPERT.frame.bottom == h
    assert EXPERT.toolbar.y == EXPERT.frame.y + 8
    assert chrome_size(EXPERT.sizes) == (w - 30 * 16, h - 16 * 16)


@pytest.mark.parametrize("text, origin", [(1, (0, 0)), (2, (5, 3)), (4, (40, 17))])
def test_the_menu_bar_is_neither_a_cell_nor_the_face_and_the_board_starts_under_it(text, origin):
    lay = Layout(9, 9, 9, 9, text, *origin)
    bar = lay.menu_bar
    for cx in (0, bar.w // 2, bar.w - 1):
        for cy in (0, bar.h - 1):
            x, y = window_xy(lay, cx, cy)
            assert lay.on_menu_bar(x, y) and lay.cell_at(x, y) is None and not lay.on_face(x, y)
    x, y = window_xy(lay, 5, bar.bottom)
    assert not lay.on_menu_bar(x, y) and not lay.on_menu_bar(origin[0] - 1, origin[1])
    assert lay.cell_at(*window_xy(lay, lay.board.x, lay.board.y)) == (0, 0)
    assert lay.window_box(bar) == Box(origin[0], origin[1], bar.w, MENU_HEIGHT * text)


def test_every_size_counts_the_menu_bar():
    w, h = window_size(9, 9, 1)
    assert h == MENU_HEIGHT + 8 + TOOLBAR_HEIGHT + 8 + MIN_AREA_H + STATUS_HEIGHT + 8
    assert smallest_canvas_size() == (w, h)  # Beginner is as small as the area gets
    w, h = window_size(9, 9, 2)
    assert best_scale(9, 9, (w, h)) == 2 and best_scale(9, 9, (w, h - 1)) == 1
    w, h = window_size(1, 1, 3)
    assert largest_scale((w, h)) == 3 and largest_scale((w, h - 1)) == 2
    lay = fit(200, 200, (800, 600), 1)
    assert lay.canvas_size[1] <= 600 < lay.canvas_size[1] + 16


@pytest.mark.parametrize("text, origin", [(1, (0, 0)), (2, (5, 3)), (3, (17, 40))])
def test_board_corners_and_one_pixel_outside(text, origin):
    lay = Layout(16, 30, 16, 30, text, *origin)
    b = lay.board
    last = b.w - 1, b.h - 1
    assert lay.cell_at(*window_xy(lay, b.x, b.y)) == (0, 0)
    assert lay.cell_at(*window_xy(lay, b.x + last[0], b.y)) == (0, 29)
    assert lay.cell_at(*window_xy(lay, b.x, b.y + last[1])) == (15, 0)
    assert lay.cell_at(*window_xy(lay, b.x + last[0], b.y + last[1])) == (15, 29)
    # one canvas pixel off each side is not a cell
    assert lay.cell_at(*window_xy(lay, b.x - 1, b.y)) is None
    assert lay.cell_at(*window_xy(lay, b.x, b.y - 1)) is None
    assert lay.cell_at(*window_xy(lay, b.right, b.y)) is None
    assert lay.cell_at(*window_xy(lay, b.x, b.bottom)) is None


def test_toolbar_frame_margin_and_negative_pixels_are_not_cells():
    lay = Layout(9, 9, 9, 9, 2, 10, 10)
    for cx, cy in [(lay.face.x + 2, lay.face.y + 2), (0, 0), (lay.counter.x, lay.counter.y)]:
        assert lay.cell_at(*window_xy(lay, cx, cy)) is None
    for x, y in [(-1, 50), (50, -1), (-31, -31), (5, 5), (9, 200)]:
        assert lay.cell_at(x, y) is None
    # -1 // 16 == -1 would land on a cell if the sign were not checked first
    assert lay.cell_at(10 + lay.board.x - 1, 10 + lay.board.y) is None


def test_cells_follow_the_scroll_and_cell_rect_inverts_cell_at():
    lay = Layout(100, 100, 20, 30, 2)
    top, left = 37, 55
    for row, col in [(37, 55), (56, 84), (40, 60)]:
        box = lay.cell_rect(row, col, top, left)
        assert lay.cell_at(*window_xy(lay, box.x + 5, box.y + 5), top, left) == (row, col)
    assert lay.cell_rect(36, 55, top, left) is None
    assert lay.cell_rect(57, 85, top, left) is None


def test_small_boards_are_centred_in_a_minimum_area():
    lay = Layout(5, 5, 5, 5)
    assert lay.area.w == MIN_AREA_W and lay.area.h == MIN_AREA_H
    assert lay.board.x == lay.area.x + (MIN_AREA_W - 80) // 2
    assert lay.cell_at(lay.area.x, lay.area.y) is None
    assert lay.cell_at(lay.board.x, lay.board.y) == (0, 0)


def test_face_and_counters_sit_inside_the_toolbar_without_overlap():
    for lay in (Layout(5, 5, 5, 5), EXPERT):
        t = lay.toolbar
        for box in (lay.counter, lay.face, lay.timer):
            assert t.x <= box.x and box.right <= t.right and t.y <= box.y and box.bottom <= t.bottom
        assert lay.counter.right < lay.face.x and lay.face.right < lay.timer.x
        assert lay.on_face(lay.face.x, lay.face.y) and not lay.on_face(lay.face.x - 1, lay.face.y)


def test_fit_shows_what_fits_and_scales_by_whole_numbers():
    lay = fit(200, 200, (800, 600), 1)
    assert lay.view_cols == (800 - 16 - SCROLLBAR) // 16  # room for the scroll bars
    assert lay.view_rows == (600 - MENU_HEIGHT - 56 - 14 - SCROLLBAR) // 16
    assert lay.canvas_size[0] <= 800 and lay.canvas_size[1] <= 600
    small = fit(9, 9, (1000, 1000), 3)
    assert (small.view_rows, small.view_cols) == (9, 9)
    w, h = small.canvas_size
    assert small.origin_x == (1000 - w) // 2 and small.origin_y == (1000 - h) // 2
    assert small.sizes.tile == 48 and small.text == 1  # the board's zoom; text as asked


def test_best_scale_is_the_largest_that_fits_within_the_cap():
    w, h = window_size(9, 9, 3)
    assert best_scale(9, 9, (w, h), most=3) == 3
    assert best_scale(9, 9, (w - 1, h), most=3) == 2
    assert best_scale(9, 9, (10 * w, 10 * h), most=3) == 3
    assert best_scale(200, 200, (800, 600)) == 1


def test_scroll_bars_come_only_where_the_board_is_larger_than_its_view():
    whole = fit(9, 9, (1000, 1000), 3)
    assert whole.vbar is None and whole.hbar is None
    wide = fit(16, 200, (800, 600), 1)  # every row shows, not every column
    assert wide.view_rows == 16 and wide.vbar is None and wide.hbar is not None
    both = fit(200, 200, (800, 600), 1)
    b, v, h = both.board, both.vbar, both.hbar
    assert (v.x, v.y, v.h) == (b.right, b.y, b.h) and (h.x, h.y, h.w) == (b.x, b.bottom, b.w)
    assert v.right <= both.area.right and h.bottom <= both.area.bottom


def test_no_pixel_of_a_scroll_bar_is_a_cell():
    lay = fit(200, 200, (800, 600), 2)
    for bar in (lay.vbar, lay.hbar):
        for x, y in ((bar.x, bar.y), (bar.right - 1, bar.bottom - 1)):
            assert lay.cell_at(lay.origin_x + x, lay.origin_y + y, 50, 50) is None
    b = lay.board  # the last pixels of the board are still its last cells
    last = b.right - 1 + lay.origin_x, b.bottom - 1 + lay.origin_y
    assert lay.cell_at(*last, 50, 50) == (50 + lay.view_rows - 1, 50 + lay.view_cols - 1)
