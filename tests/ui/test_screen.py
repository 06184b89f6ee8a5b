"""The window on the desktop, without a window: placement on the usable screen, the zoom that
fits, the smallest window and the mine counter's digits."""

import pytest

from game.engine import Difficulty
from game.ui.layout import (
    LED_DIGITS,
    MAX_SCALE,
    MENU_HEIGHT,
    TIMER_DIGITS,
    Box,
    Layout,
    Sizes,
    fit,
    led_digits_for,
    most_scale,
    scale_for_window,
    scroll_fits,
    smallest_canvas_size,
    toolbar_width,
    window_size,
)
from game.ui.render import led_text
from game.ui.screen import GUESSED_FRAME, Frame, place_window, room_on, wholly_on
from game.ui.theme import load_library

SCREENS = [
    Box(0, 0, 1600, 1000),
    Box(0, 0, 1366, 768 - 40),  # a task bar at the bottom
    Box(0, 30, 1280, 1024 - 30),  # a panel at the top
    Box(1920, 0, 1280, 1024),  # the second monitor, right of a 1920 one
    Box(0, 0, 800, 600),
]
FRAMES = [Frame(), GUESSED_FRAME, Frame(23, 1, 1, 1)]
STANDARD = [d.value for d in Difficulty]  # (rows, cols, mines)


def window_for(rows, cols, mines, zoom, screen, frame):
    """What the App opens: the zoom lowered to what fits, the window at most the room."""
    room = room_on(screen, frame)
    digits = led_digits_for(mines)
    scale = min(zoom, most_scale(rows, cols, room, Sizes(), digits))
    w, h = window_size(rows, cols, scale, Sizes(), digits)
    return scale, (min(w, room[0]), min(h, room[1]))


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("frame", FRAMES)
def test_every_standard_board_at_every_zoom_is_placed_wholly_on_the_usable_screen(screen, frame):
    starts = [
        None,
        (screen.x, screen.y),
        (screen.right - 10, screen.bottom - 10),
        (-5000, 9000),
        (screen.x + 100, screen.y + 100),
    ]
    for rows, cols, mines in STANDARD + [(200, 200, 39_999)]:
        for zoom in range(1, MAX_SCALE + 1):
            _, size = window_for(rows, cols, mines, zoom, screen, frame)
            for start in starts:
                place = place_window(size, screen, start, frame)
                assert wholly_on(screen, size, place, frame), (rows, cols, zoom, start, place)


def test_a_window_that_fits_where_it_is_stays_and_one_that_does_not_is_centred():
    screen = Box(0, 0, 1600, 1000)
    assert place_window((496, 326), screen, (700, 300), Frame()) == (700, 300)
    # Expert at zoom 3 kept its top-left corner and ran off the screen; now it is centred
    place = place_window((1488, 978), screen, (200, 100), Frame())
    assert place == ((1600 - 1488) // 2, (1000 - 978) // 2)
    # the title bar counts: a window whose frame would be cut off at the top moves down
    assert place_window((400, 300), screen, (50, 10), Frame(top=30)) == (600, 30 + 335)


def test_a_window_larger_than_the_screen_keeps_its_title_bar_on_it():
    screen = Box(100, 50, 800, 600)
    frame = Frame(30, 2, 2, 2)
    assert place_window((2000, 2000), screen, (500, 500), frame) == (102, 80)


def test_the_zoom_is_lowered_when_the_board_would_not_fit():
    screen, frame = Box(0, 0, 1600, 900), Frame(30, 2, 2, 2)
    rows, cols, mines = Difficulty.EXPERT.value
    room = room_on(screen, frame)
    assert window_size(rows, cols, 3)[1] > room[1]  # Expert at 3 is taller than the screen...
    scale, size = window_for(rows, cols, mines, 3, screen, frame)
    assert scale == 2 and size == window_size(rows, cols, 2)  # ...so it opens at 2, whole
    # a board that scrolls even at 1x keeps the zoom asked for, up to what the screen holds:
    # the smallest window's frame at that zoom, with the text at 1x
    assert smallest_canvas_size() == (16 + 160, 3 * 8 + 32 + 144 + 2 * MENU_HEIGHT)
    assert most_scale(200, 200, room) == MAX_SCALE  # 684 pixels tall at 8
    zoom = most_scale(200, 200, (1000, 600))
    assert 1 < zoom < MAX_SCALE
    assert scroll_fits(200, 200, (1000, 600), zoom) and not scroll_fits(
        200, 200, (1000, 600), zoom + 1
    )


def test_a_window_the_player_sizes_gets_the_largest_zoom_that_shows_the_whole_board():
    w, h = window_size(9, 9, 3)
    assert scale_for_window(9, 9, (w + 5, h), 8, auto=True) == 3
    assert scale_for_window(9, 9, (w + 5, h), 2) == 2  # a zoom chosen is the most
    w, h = window_size(9, 9, 1)
    assert scale_for_window(9, 9, (w, h - 1), 2) == 1
    # a board that cannot show whole keeps its zoom while the window holds the toolbar
    assert scale_for_window(200, 200, (1000, 900), 2) == 2
    least = smallest_canvas_size(zoom=2)
    assert scale_for_window(200, 200, least, 2) == 2
    assert scale_for_window(200, 200, (least[0] - 1, least[1]), 2) == 1


@pytest.mark.parametrize("theme", sorted(load_library().themes))
@pytest.mark.parametrize("digits", [LED_DIGITS, 4, 5])
def test_the_smallest_window_holds_the_whole_toolbar(theme, digits):
    sizes = load_library().get(theme).sizes
    w, h = smallest_canvas_size(sizes, digits)
    lay = fit(200, 200, (w, h), 1, sizes, digits)
    assert lay.canvas_size[0] <= w and lay.canvas_size[1] <= h
    assert_toolbar_fits(lay)


def assert_toolbar_fits(lay: Layout) -> None:
    t = lay.toolbar
    for box in (lay.counter, lay.face, lay.timer):
        assert t.x <= box.x and box.right <= t.right and t.y <= box.y and box.bottom <= t.bottom
    assert lay.counter.right < lay.face.x and lay.face.right < lay.timer.x
    assert lay.counter.w == lay.led_digits * lay.sizes.led_w + 2 * lay.factor
    assert lay.timer.w == TIMER_DIGITS * lay.sizes.led_w + 2 * lay.factor


@pytest.mark.parametrize("rows, cols, mines", [(5, 5, 24), (200, 200, 39_999), (9, 9, 10)])
def test_the_toolbar_fits_at_every_window_width(rows, cols, mines):
    digits = led_digits_for(mines)
    least = smallest_canvas_size(Sizes(), digits)
    for width in range(least[0], 900, 3):
        for scale in (1, 2):
            lay = fit(rows, cols, (width * scale, 700 * scale), scale, Sizes(), digits)
            assert_toolbar_fits(lay)


def test_a_theme_with_wide_digits_widens_the_toolbar_instead_of_overlapping():
    wide = Sizes(led_w=15)
    assert toolbar_width(wide, 5) > 160
    lay = fit(5, 5, smallest_canvas_size(wide, 5), 1, wide, 5)
    assert_toolbar_fits(lay)


def test_the_counter_has_as_many_digits_as_the_mine_count_needs():
    assert led_digits_for(10) == 3 and led_digits_for(99) == 3 and led_digits_for(999) == 3
    assert led_digits_for(1_500) == 4 and led_digits_for(39_999) == 5


def test_led_text_shows_the_count_in_its_digits_and_a_minus_when_over_flagged():
    assert led_text(10) == "010"
    assert led_text(39_999, 5) == "39999" and led_text(1_500, 4) == "1500"
    assert led_text(-3) == "-03" and led_text(-3, 5) == "-0003"
    assert led_text(-250) == "-99" and led_text(-250, 4) == "-250"
    assert led_text(1_234) == "999"  # the timer stops at 999


@pytest.mark.parametrize(
    "space", [(1918, 1055), (1016, 732), (1280, 720), (2560, 1400), (3840, 2100)]
)
@pytest.mark.parametrize("rows, cols", [(200, 200), (100, 100), (50, 300), (300, 40)])
def test_the_most_zoom_of_a_board_that_scrolls_fits_the_screen_whole(space, rows, cols):
    """Issue 24's play-test: on 1920x1080 a 200x200 board went to zoom 5 in a window whose
    status line and bottom frame were cut off (the text zoom a wide window takes makes the
    frame taller than the smallest window's). All of the layout at the most zoom (8 at
    most since issue 39) shows in the window it gets."""
    from game.ui.layout import window_size

    digits = led_digits_for(rows * cols // 5)
    zoom = most_scale(rows, cols, space, Sizes(), digits)
    assert 1 <= zoom <= MAX_SCALE
    want = window_size(rows, cols, zoom, Sizes(), digits)
    window = (min(want[0], space[0]), min(want[1], space[1]))
    lay = fit(rows, cols, window, zoom, Sizes(), digits)
    w, h = lay.canvas_size
    assert w <= window[0] and h <= window[1]
