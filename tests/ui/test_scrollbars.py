"""The board's scroll bars (game/ui/scrollbars.py): where the thumbs are, what a drag or a
press on the track asks of the view, and that they are drawn in each theme."""

import pygame
import pytest

from game.ui.layout import Box, fit
from game.ui.scrollbars import MIN_THUMB, Bar, ThumbDrag, bar_at, bars, draw
from game.ui.theme import load_library


def test_the_thumbs_show_the_place_and_the_size_of_the_view():
    lay = fit(200, 200, (1600, 1000), 1)
    v, h = bars(lay, 0, 0)
    assert v.vertical and not h.vertical
    assert v.thumb().y == lay.vbar.y and v.thumb().h == lay.vbar.h * lay.view_rows // 200
    end = bars(lay, 200 - lay.view_rows, 200 - lay.view_cols)
    assert end[0].thumb().bottom == lay.vbar.bottom and end[1].thumb().right == lay.hbar.right
    middle = bars(lay, (200 - lay.view_rows) // 2, 0)[0].thumb()
    assert abs((middle.y - lay.vbar.y) - (lay.vbar.bottom - middle.bottom)) <= 1


def test_no_bars_when_the_whole_board_shows():
    assert bars(fit(16, 30, (1600, 1000), 2), 0, 0) == []


def test_a_thumb_stays_big_enough_to_grab():
    bar = Bar(Box(0, 0, 8, 100), True, 100_000, 10, 0)
    assert bar.thumb().h == MIN_THUMB


@pytest.mark.parametrize("length,total,shown", [(960, 200, 60), (400, 200, 25), (300, 200, 1)])
def test_dragging_the_thumb_to_where_a_view_puts_it_gives_that_view(length, total, shown):
    bar = Bar(Box(10, 20, 8, length), True, total, shown, 0)
    for first in range(total - shown + 1):
        assert bar.first_at(bar.offset_of(first)) == first


def test_a_drag_past_either_end_stops_at_the_end():
    bar = Bar(Box(0, 0, 8, 400), True, 200, 25, 30)
    assert bar.first_at(-50) == 0 and bar.first_at(10_000) == 175


def test_a_thumb_drag_moves_the_view_with_the_pointer():
    bar = Bar(Box(100, 50, 8, 400), True, 200, 25, 0)
    thumb = bar.thumb()
    grab = ThumbDrag(True, 5)  # grabbed 5 px below the thumb's top
    assert grab.first(bar, (104, thumb.y + 5)) == 0
    assert grab.first(bar, (104, thumb.y + 5 + bar.offset_of(40))) == 40
    assert grab.first(bar, (104, 10_000)) == bar.most


def test_a_press_on_the_track_pages_towards_it():
    lay = fit(200, 200, (1600, 1000), 1)
    v = bars(lay, 50, 0)[0]
    thumb = v.thumb()
    assert v.page((v.track.x, v.track.y)) == -1
    assert v.page((v.track.x, thumb.y + 1)) == 0
    assert v.page((v.track.x, v.track.bottom - 1)) == 1
    assert v.page_cells == lay.view_rows - 1


def test_the_bar_under_a_point():
    lay = fit(200, 200, (1600, 1000), 1)
    v, h = lay.vbar, lay.hbar
    assert bar_at(lay, 0, 0, (v.x, v.y + 3)).vertical
    assert not bar_at(lay, 0, 0, (h.x + 3, h.y)).vertical
    assert bar_at(lay, 0, 0, (lay.board.x, lay.board.y)) is None
    assert bar_at(lay, 0, 0, None) is None


@pytest.mark.parametrize("key", ["classic", "night", "contrast", "handheld"])
def test_the_bars_are_drawn_in_each_theme_with_the_thumb_standing_out(key):
    pygame.display.init()
    try:
        pygame.display.set_mode((1, 1))
        theme = load_library().get(key)
        lay = fit(200, 200, (1600, 1000), 1, theme.sizes)
        canvas = pygame.Surface(lay.canvas_size)
        boxes = draw(canvas, theme, lay, 0, 0)
        assert lay.vbar in boxes and lay.hbar in boxes
        v = bars(lay, 0, 0)[0]
        thumb, track = v.thumb(), v.track

        def colours(x, y, w, h):
            return {tuple(canvas.get_at((i, j))) for i in range(x, x + w) for j in range(y, y + h)}

        middle = colours(thumb.x + 3, thumb.y + 3, thumb.w - 6, thumb.h - 6)
        well = colours(track.x + 2, thumb.bottom + 2, track.w - 4, 8)
        assert middle != well  # the thumb stands out of its track
    finally:
        pygame.quit()


def test_after_a_scroll_only_the_bar_whose_thumb_moved_is_drawn_again():
    pygame.display.init()
    try:
        pygame.display.set_mode((1, 1))
        theme = load_library().get("classic")
        lay = fit(200, 200, (1600, 1000), 1, theme.sizes)
        canvas = pygame.Surface(lay.canvas_size)
        assert draw(canvas, theme, lay, 3, 0, drawn_for=(0, 0)) == [lay.vbar]
        assert draw(canvas, theme, lay, 3, 9, drawn_for=(3, 0)) == [lay.hbar]
        assert draw(canvas, theme, lay, 3, 9, drawn_for=(3, 9)) == []
    finally:
        pygame.quit()
