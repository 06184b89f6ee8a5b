"""Text gets the window's room: the text zoom chosen for a window, the board drawn with sprites
pre-scaled by the rest of the zoom (the same pixels on screen), the pixel -> cell mapping exact
at every zoom and text zoom, and the zoom a board opens at on first start."""

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.settings import Settings
from game.ui import sheets
from game.ui.dialogs import HelpOverlay
from game.ui.keys import help_rows
from game.ui.layout import (
    FIRST_MAX_ZOOM,
    TEXT_MIN_W,
    Box,
    Layout,
    Sizes,
    first_zoom,
    fit,
    fit_at,
    full_canvas_size,
    text_zoom,
    window_size,
)
from game.ui.render import dialog_room
from game.ui.screen import GUESSED_FRAME, TASK_BAR_GUESS, room_on
from game.ui.theme import load_library
from game.ui.widgets import Metrics

BEGINNER, INTERMEDIATE, EXPERT = (d.value[:2] for d in Difficulty)
BIG = (200, 200)


def divisors(n: int) -> list[int]:
    return [t for t in range(1, n + 1) if n % t == 0]


# ---- the choice ---------------------------------------------------------------------------


def test_the_text_zoom_is_the_largest_divisor_of_the_zoom_that_leaves_the_canvas_wide_enough():
    assert text_zoom(1, 176) == 1
    assert text_zoom(4, 704) == 2  # Beginner at 4: 352 pixels of canvas, not 176
    assert text_zoom(4, 4 * TEXT_MIN_W) == 4 and text_zoom(4, 4 * TEXT_MIN_W - 1) == 2
    assert text_zoom(3, 528) == 1  # 3 has no divisor between: text at 1x
    assert text_zoom(6, 1056) == 3
    assert text_zoom(2, 100) == 1  # narrower than TEXT_MIN_W at any text zoom: the most room


@pytest.mark.parametrize(
    "board, zoom, window, expected",
    [
        (BEGINNER, 1, None, 1),
        (BEGINNER, 2, None, 1),
        (BEGINNER, 3, None, 1),
        (BEGINNER, 4, None, 2),
        (BEGINNER, 4, (1920, 1080), 2),  # fullscreen: the frame's width counts, not the screen's
        (INTERMEDIATE, 2, None, 2),  # 272 pixels at 1x is room enough: nothing changes
        (INTERMEDIATE, 4, None, 4),
        (EXPERT, 2, None, 2),
        (BIG, 1, (1600, 1000), 1),
        (BIG, 3, (1600, 1000), 3),
        (BIG, 2, (500, 700), 1),  # a narrow window on a big board: its width counts
    ],
)
def test_the_text_zoom_chosen_for_a_window(board, zoom, window, expected):
    rows, cols = board
    window = window or window_size(rows, cols, zoom)
    lay = fit(rows, cols, window, zoom)
    assert (lay.scale, lay.factor, lay.zoom) == (expected, zoom // expected, zoom)
    assert lay.canvas_size[0] * lay.scale <= window[0]


def test_a_window_is_as_wide_as_before_and_only_the_text_lines_are_lower():
    w, h = full_canvas_size(*BEGINNER)
    assert window_size(*BEGINNER, 4) == (4 * w, 4 * h - 2 * (14 + 14))  # text at 2x, not 4x
    assert window_size(*EXPERT, 2) == tuple(2 * v for v in full_canvas_size(*EXPERT))


def test_beginner_at_zoom_4_has_the_status_line_in_words_and_one_line_help_rows():
    lay = fit(*BEGINNER, window_size(*BEGINNER, 4), 4)
    m = Metrics()  # the shipped themes' 6 x 10 font
    assert (lay.status.w - 4) // m.glyph_w >= len("Code ") + 24 + len(" | No guess")
    help_dialog = HelpOverlay(help_rows())
    help_dialog.place(m, *dialog_room(lay))
    keyed = [line for line in help_dialog.lines() if line.strip()]
    assert not [line for line in keyed if line.startswith("  ")], "a row wrapped"
    assert any(line.startswith("Q ") and line.endswith("Question marks") for line in keyed)


# ---- the mapping, exact at every zoom and text zoom ----------------------------------------


def corners(lay: Layout, box: Box) -> list[tuple[int, int]]:
    """The window pixels at the centre and the four corners of a canvas box."""
    w = lay.window_box(box)
    right, bottom = w.x + w.w - 1, w.y + w.h - 1
    return [
        (w.x + w.w // 2, w.y + w.h // 2),
        (w.x, w.y),
        (right, w.y),
        (w.x, bottom),
        (right, bottom),
    ]


@pytest.mark.parametrize("zoom", [1, 2, 3, 4])
@pytest.mark.parametrize("board, window", [(BEGINNER, None), (BIG, (1600, 1000))])
def test_every_cells_centre_and_corners_map_back_to_it_at_every_text_zoom(board, window, zoom):
    rows, cols = board
    window = window or window_size(rows, cols, zoom)
    for t in divisors(zoom):
        lay = fit_at(rows, cols, window, t, zoom // t)
        top, left = rows - lay.view_rows, cols - lay.view_cols  # scrolled to the far corner
        for r in range(lay.view_rows):
            for c in range(lay.view_cols):
                cell = (top + r, left + c)
                box = lay.cell_rect(*cell, top, left)
                assert lay.window_box(box).w == 16 * zoom  # the same size on screen at any t
                for x, y in corners(lay, box):
                    assert lay.cell_at(x, y, top, left) == cell, (zoom, t, cell, (x, y))
        b = lay.window_box(lay.board)
        for x, y in [(b.x - 1, b.y), (b.x, b.y - 1), (b.right, b.y), (b.x, b.bottom)]:
            assert lay.cell_at(x, y, top, left) is None, (zoom, t, (x, y))


# ---- the same pixels on screen ---------------------------------------------------------------


@pytest.mark.parametrize("zoom", [2, 3])
def test_beginner_shows_each_tile_as_the_sprite_scaled_by_the_zoom(drive, zoom):
    d = drive(scale=zoom)
    lay = d.app.ctx.frame.layout
    assert lay.scale == 1 and lay.factor == zoom  # text at 1x: the board's sprites scaled
    sprite = d.app.ctx.frame.theme.sprites["covered"]  # the theme's own, 16 x 16
    want = pygame.transform.scale_by(sprite, zoom)
    window = pygame.display.get_surface()
    for cell in [(0, 0), (4, 7), (8, 8)]:
        box = lay.window_box(lay.cell_rect(*cell))
        shown = window.subsurface((box.x, box.y, box.w, box.h))
        for x in range(0, box.w, 3):
            for y in range(0, box.h, 3):
                assert shown.get_at((x, y))[:3] == want.get_at((x, y))[:3], (cell, x, y)


def shown(lay: Layout, canvas: pygame.Surface, box: Box) -> bytes:
    """The window pixels of a canvas box, relative to the box (the canvas scaled by the text
    zoom as the display scales it)."""
    part = canvas.subsurface((box.x, box.y, box.w, box.h))
    return pygame.image.tobytes(pygame.transform.scale_by(part, lay.scale), "RGB")


@pytest.mark.parametrize("zoom", [2, 3, 4])
@pytest.mark.parametrize("board, window", [(BEGINNER, None), (BIG, (1600, 1000))])
def test_the_frame_toolbar_and_board_show_the_same_pixels_at_every_text_zoom(board, window, zoom):
    from game.engine import Game
    from game.ui.drawstate import DrawState
    from game.ui.hints import HintMarks
    from game.ui.render import Looks, Renderer

    rows, cols = board
    window = window or tuple(zoom * v for v in full_canvas_size(rows, cols))  # room for any t
    pygame.display.init()
    try:
        pygame.display.set_mode((8, 8))
        theme = load_library().get("classic")
        theme.convert()
        game = Game(rows, cols, 10 if rows == 9 else 8000, seed=3)
        game.reveal(4, 4)
        covered = [(r, c) for r in range(8) for c in range(8) if game.cell(r, c) == "#"]
        game.toggle_flag(*covered[0])
        game.toggle_flag(*covered[1])
        odds = {covered[0]: 0.0, covered[1]: 0.4, covered[2]: 0.0, covered[3]: 0.2, covered[4]: 1.0}
        proof = HintMarks(frozenset({(4, 4)}), frozenset({covered[9]}))
        looks = Looks(
            pressed={covered[5]},
            cursor=covered[6],
            hint=covered[7],
            probabilities=odds,
            start=covered[8],
            hint_marks=proof,
        )
        seen = {}
        for t in divisors(zoom):
            lay = fit_at(rows, cols, window, t, zoom // t)
            r = Renderer(sheets.scaled(theme, lay.factor), lay, DrawState())
            r.draw_frame()
            r.draw_board(game, 0, 0, looks)
            r.draw_toolbar(-7, "face_oh", 42)
            b = lay.sizes.border  # the frame round the toolbar, the toolbar and the board
            top = Box(0, lay.toolbar.y - b, lay.canvas_size[0], lay.toolbar.h + 2 * b)
            cells = Box(lay.board.x, lay.board.y, 8 * lay.sizes.tile, 8 * lay.sizes.tile)
            seen[t] = [shown(lay, r.canvas, box) for box in (top, cells)]
        assert all(pixels == seen[zoom] for pixels in seen.values())
    finally:
        pygame.quit()


def test_beginner_at_zoom_2_rests_in_words_and_a_click_lands_on_its_cell(drive):
    d = drive(scale=2)
    assert all(icon is None for icon, _ in d.app.play.resting_pieces())
    d.click((8, 0), button=3)
    assert d.app.play.game.cell(8, 0) == "F"
    d.click((4, 4))
    assert all(icon is None for icon, _ in d.app.play.resting_pieces())
    assert d.app.play.view.status_text().startswith("Code ")


def test_the_scaled_sheet_is_made_once_per_theme_and_factor_and_keeps_the_font():
    pygame.display.init()
    try:
        theme = load_library().get("classic")
        assert sheets.scaled(theme, 1) is theme
        two = sheets.scaled(theme, 2)
        assert sheets.scaled(theme, 2) is two and sheets.scaled(theme, 3) is not two
        assert two.sizes == Sizes().times(2) and two.font is theme.font
        assert two.plain() is theme and theme.plain() is theme
        want = pygame.transform.scale_by(theme.sprites["flag"], 2)
        got = two.sprites["flag"]
        assert got.get_size() == (32, 32)
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
        pygame.display.set_mode((64, 64))
        theme.convert()  # a new sheet: a new copy from it
        assert sheets.scaled(theme, 2) is not two
    finally:
        pygame.quit()


# ---- the zoom on first start ---------------------------------------------------------------


def room_of(screen: tuple[int, int]) -> tuple[int, int]:
    """The room a window's inside has on a screen with a task bar, as the frame works it out
    where SDL cannot tell."""
    return room_on(Box(0, 0, screen[0], screen[1] - TASK_BAR_GUESS), GUESSED_FRAME)


@pytest.mark.parametrize(
    "screen, board, expected",
    [
        ((3840, 2160), BEGINNER, 4),
        ((3840, 2160), EXPERT, 4),
        ((2560, 1440), BEGINNER, 4),
        ((1920, 1080), BEGINNER, 3),
        ((1920, 1080), EXPERT, 2),
        ((1366, 768), BEGINNER, 2),
        ((1366, 768), EXPERT, 1),
        ((800, 600), BIG, 1),
    ],
)
def test_the_first_zoom_is_the_largest_that_fits_most_of_the_screen_up_to_4(
    screen, board, expected
):
    room = room_of(screen)
    zoom = first_zoom(*board, room)
    assert zoom == expected
    w, h = window_size(*board, zoom)
    assert zoom == 1 or (w <= 0.8 * room[0] and h <= 0.8 * room[1])
    if zoom < FIRST_MAX_ZOOM:
        w, h = window_size(*board, zoom + 1)
        assert w > 0.8 * room[0] or h > 0.8 * room[1]


def test_the_first_start_opens_at_the_first_zoom_and_a_remembered_zoom_wins(drive):
    d = drive(scale=None)
    frame = d.app.ctx.frame
    assert frame.scale == first_zoom(*BEGINNER, frame.space) == 2  # the dummy screen: 1024x768
    pygame.quit()
    pygame.display.init()
    kept = drive(scale=None, settings=Settings(motion=False, volume="off", scale=1))
    assert kept.app.ctx.frame.scale == 1
    pygame.quit()
    pygame.display.init()
    expert = drive(BoardChoice.standard(Difficulty.EXPERT), scale=None)
    assert expert.app.ctx.frame.scale == 1  # 992 x 680 at 2 is more than 80 % of 1016 x 732
