"""Text sized for the screen (issue 39): the text scale chosen from the screen's height and
lowered only where a window cannot hold a dialog, the board's zoom and the text's each a whole
scale of their own on one canvas of window pixels, clicks mapped exactly at every pair, text
drawn crisp (the 1x drawing scaled by whole pixels), and the zoom a wish that a window's size
lowers and brings back."""

import pygame
import pytest

from game.engine import Difficulty, Game
from game.engine.boards import BoardChoice
from game.store.settings import Settings
from game.ui import frame as frame_module
from game.ui import layout as geometry
from game.ui import screen as desktop
from game.ui import sheets
from game.ui.dialogs import HelpOverlay, NoticeDialog
from game.ui.drawstate import DrawState
from game.ui.layout import (
    MAX_SCALE,
    MAX_TEXT,
    MENU_HEIGHT,
    STATUS_HEIGHT,
    Box,
    auto_text,
    first_zoom,
    fit,
    smallest_canvas_size,
    text_for,
    window_size,
)
from game.ui.render import Looks, Renderer, dialog_room, draw_dialog
from game.ui.screen import GUESSED_FRAME, TASK_BAR_GUESS, room_on
from game.ui.theme import load_library
from game.ui.widgets import Metrics

BEGINNER, INTERMEDIATE, EXPERT = (d.value[:2] for d in Difficulty)
BIG = (200, 200)


# ---- the choice ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "height, expected",
    [(600, 1), (768, 1), (1079, 1), (1080, 2), (1440, 2), (1620, 3), (2160, 4), (9999, MAX_TEXT)],
)
def test_the_automatic_text_scale_is_a_step_per_540_lines_of_the_screen(height, expected):
    assert auto_text(height) == expected


def test_a_window_too_small_for_dialogs_at_the_text_scale_gets_it_a_step_lower():
    least = smallest_canvas_size(zoom=2, text=2)
    assert text_for(least, 2, 2) == 2
    assert text_for((least[0] - 1, least[1]), 2, 2) == 1
    assert text_for((least[0], least[1] - 1), 2, 2) == 1
    assert text_for((4000, 3000), 1, 6) == 6
    four = smallest_canvas_size(zoom=1, text=4)
    assert text_for((four[0] - 1, four[1]), 1, 6) == 3
    assert text_for((10, 10), 3, 4) == 1  # none holds it: 1, the window's smallest


@pytest.mark.parametrize("text", range(1, MAX_TEXT + 1))
def test_the_menu_bar_status_line_and_dialog_room_grow_with_the_text_not_the_board(text):
    lay = fit(*BEGINNER, (4000, 3000), 3, text=text)
    assert (lay.text, lay.zoom) == (text, 3)
    assert lay.menu_bar.h == MENU_HEIGHT * text and lay.status.h == STATUS_HEIGHT * text
    assert lay.sizes.tile == 48 and lay.board.w == 9 * 48  # the board's zoom alone
    area, bounds = dialog_room(lay)
    assert area.w >= geometry.MIN_AREA_W and area.h >= geometry.MIN_AREA_H  # text pixels
    covers, a = lay.from_text(area), lay.area
    assert covers.x <= a.x and covers.right >= a.right and covers.right - a.right < text
    assert lay.from_text(bounds).y >= lay.menu_bar.bottom


def corners(box: Box) -> list[tuple[int, int]]:
    right, bottom = box.right - 1, box.bottom - 1
    return [(box.x + box.w // 2, box.y + box.h // 2), (box.x, box.y), (right, box.y)] + [
        (box.x, bottom),
        (right, bottom),
    ]


@pytest.mark.parametrize("zoom", range(1, MAX_SCALE + 1))
@pytest.mark.parametrize("board, window", [(BEGINNER, None), (BIG, (1600, 1000))])
def test_every_cells_centre_and_corners_map_back_to_it_at_every_zoom_and_text_scale(
    board, window, zoom
):
    rows, cols = board
    for text in range(1, MAX_TEXT + 1):
        room = window or window_size(rows, cols, zoom, text=text)
        lay = fit(rows, cols, room, zoom, text=text)
        assert lay.text == text_for(room, zoom, text) == (text if window is None else lay.text)
        top, left = rows - lay.view_rows, cols - lay.view_cols  # scrolled to the far corner
        for r in range(lay.view_rows):
            for c in range(lay.view_cols):
                cell = (top + r, left + c)
                box = lay.window_box(lay.cell_rect(*cell, top, left))
                assert box.w == 16 * zoom  # the board's zoom, whatever the text's
                for x, y in corners(box):
                    assert lay.cell_at(x, y, top, left) == cell, (zoom, text, cell, (x, y))
        b = lay.window_box(lay.board)
        for x, y in [(b.x - 1, b.y), (b.x, b.y - 1), (b.right, b.y), (b.x, b.bottom)]:
            assert lay.cell_at(x, y, top, left) is None, (zoom, text, (x, y))
        # a text pixel's window pixels all map to it
        t, tx, ty = lay.text, lay.text_size[0] // 2, lay.text_size[1] // 2
        x0, y0 = lay.origin_x + tx * t, lay.origin_y + ty * t
        assert {lay.text_point(x0 + i, y0 + j) for i in range(t) for j in range(t)} == {(tx, ty)}


# ---- the same pixels: the board's at any text scale, the text's crisp ------------------------


@pytest.fixture
def classic():
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    theme = load_library().get("classic")
    theme.convert()
    yield theme
    pygame.quit()


def pixels(canvas: pygame.Surface, box: Box) -> bytes:
    return pygame.image.tobytes(canvas.subsurface((box.x, box.y, box.w, box.h)), "RGB")


@pytest.mark.parametrize("zoom", [1, 3])
def test_the_board_and_toolbar_show_the_same_pixels_at_every_text_scale(classic, zoom):
    game = Game(9, 9, 10, seed=3)
    game.reveal(4, 4)
    seen = {}
    for text in (1, 2, 3):
        lay = fit(9, 9, (2000, 2000), zoom, text=text)
        r = Renderer(sheets.scaled(classic, zoom), lay, DrawState())
        r.draw_frame()
        r.draw_board(game, 0, 0, Looks())
        r.draw_toolbar(7, "face_oh", 42)
        seen[text] = [pixels(r.canvas, box) for box in (lay.board, lay.face, lay.timer)]
    assert seen[1] == seen[2] == seen[3]


@pytest.mark.parametrize("text", [2, 3])
def test_a_dialog_and_the_menu_bar_are_the_1x_drawing_scaled_by_whole_pixels(classic, text):
    """Crisp: every text pixel is a text x text square of one colour, the 1x drawing's."""
    drawn = {}
    for t in (1, text):
        lay = fit(*BEGINNER, (2000, 2000), 8, text=t)
        r = Renderer(sheets.scaled(classic, 8), lay, DrawState())
        r.draw_frame()
        dialog = NoticeDialog("Crisp", ["Every pixel of the font is a square of pixels."])
        dialog.place(Metrics.of(classic), Box(10, 30, 300, 200), Box(0, 14, 400, 300))
        box = draw_dialog(r, dialog)
        bar = lay.from_text(lay.in_text(lay.menu_bar))
        drawn[t] = (r.canvas.subsurface(_xywh(box)).copy(), r.canvas.subsurface(_xywh(bar)).copy())
    assert drawn[1][0].get_width() < 300  # the same room, the same dialog
    for one, big in zip(drawn[1], drawn[text], strict=True):
        if big.get_width() < one.get_width() * text:  # the menu bar: as wide as the board
            one = one.subsurface((0, 0, big.get_width() // text, one.get_height()))
            big = big.subsurface((0, 0, one.get_width() * text, big.get_height()))
        assert big.get_size() == (one.get_width() * text, one.get_height() * text)
        want = pygame.transform.scale_by(one, text)
        assert pygame.image.tobytes(big, "RGB") == pygame.image.tobytes(want, "RGB")


def _xywh(box: Box) -> tuple[int, int, int, int]:
    return box.x, box.y, box.w, box.h


# ---- a real window on a 1920 x 1080 screen -----------------------------------------------------


def room_of(screen: tuple[int, int]) -> tuple[int, int]:
    return room_on(Box(0, 0, screen[0], screen[1] - TASK_BAR_GUESS), GUESSED_FRAME)


@pytest.fixture
def screen(monkeypatch):
    """The screen the frame sees: its full height, and its usable part (a task bar less)."""

    def on(size: tuple[int, int]) -> None:
        monkeypatch.setattr(frame_module, "screen_height", lambda: size[1])
        usable = Box(0, 0, size[0], size[1] - TASK_BAR_GUESS)
        monkeypatch.setattr(desktop, "usable_screen", lambda: usable)

    return on


def ink_rows(surface: pygame.Surface, box: Box, ink) -> int:
    """How many rows of `box` hold a pixel of `ink`: the text's height."""
    return sum(
        any(surface.get_at((x, y))[:3] == tuple(ink) for x in range(box.x, box.right))
        for y in range(box.y, box.bottom)
    )


@pytest.mark.parametrize("theme", ["classic", "contrast", "handheld", "night"])
def test_on_a_1080_line_screen_beginner_opens_with_text_at_2x_and_glyphs_12_pixels_tall(
    drive, screen, theme
):
    screen((1920, 1080))
    d = drive(scale=None, settings=Settings(motion=False, volume="off", theme=theme))
    frame = d.app.ctx.frame
    lay = frame.layout
    assert frame.text_scale == 2 and lay.menu_bar.h == 2 * MENU_HEIGHT
    assert lay.zoom == first_zoom(*BEGINNER, frame.space, frame.theme.sizes, text=2) >= 3
    window = pygame.display.get_surface()
    from game.ui import menubar

    ink = menubar.Colours.of(frame.theme).text
    assert ink_rows(window, lay.window_box(lay.menu_bar), ink) >= 12
    text = frame.theme.colours["text"]
    assert ink_rows(window, lay.window_box(lay.status), text) >= 12


def test_on_a_2160_line_screen_the_text_is_at_4x(drive, screen):
    screen((3840, 2160))
    d = drive(scale=None)
    assert d.app.ctx.frame.text_scale == 4
    assert d.app.ctx.frame.layout.status.h == 4 * STATUS_HEIGHT


def test_at_text_2_a_click_on_a_cell_a_menu_and_a_dialog_button_lands_where_it_shows(drive, screen):
    screen((1920, 1080))
    d = drive(scale=3)
    lay = d.app.ctx.frame.layout
    assert (lay.zoom, lay.text) == (3, 2)
    d.click((8, 0), button=3)
    assert d.app.play.game.cell(8, 0) == "F"
    placed = d.app.menu.bar.placed(lay, Metrics.of(d.app.ctx.frame.theme))
    title = lay.window_box(lay.from_text(placed.titles[1][1]))  # Options
    d.down((title.x + title.w // 2, title.y + title.h // 2))
    d.up((title.x + title.w // 2, title.y + title.h // 2))
    assert d.app.menu.bar.is_open and d.app.menu.bar.open == 1
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F1)
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, HelpOverlay)
    d.press("close")
    assert d.app.ctx.dialogs.dialog is None


def test_the_text_size_option_sets_the_scale_and_a_window_holds_it(drive, screen):
    screen((1920, 1080))
    d = drive(scale=2)
    frame = d.app.ctx.frame
    frame.set_text_size(1)
    d.tick()
    assert frame.text_scale == 1 and frame.settings.text_size == 1
    assert pygame.display.get_surface().get_size() == window_size(*BEGINNER, 2, text=1)
    frame.set_text_size(3)
    d.tick()
    assert frame.text_scale == 3
    assert pygame.display.get_surface().get_size() == window_size(*BEGINNER, 2, text=3)
    frame.set_text_size(None)
    d.tick()
    assert frame.text_scale == 2


# ---- the zoom is a wish --------------------------------------------------------------------------


def resize(d, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.tick()


def test_a_smaller_window_lowers_the_chosen_zoom_and_a_larger_one_brings_it_back(drive):
    d = drive(BoardChoice(200, 200, 8000), scale=1)
    frame = d.app.ctx.frame
    resize(d, (1000, 700))
    frame.set_scale(4)
    d.tick()
    assert frame.scale == 4
    least = smallest_canvas_size(frame.theme.sizes, 4, zoom=4)
    resize(d, (least[0] - 40, 300))
    assert frame.scale < 4
    resize(d, (1000, 700))
    assert frame.scale == 4


def test_a_whole_board_at_a_chosen_zoom_comes_back_to_it_in_a_larger_window(drive):
    d = drive(scale=3, settings=Settings(motion=False, volume="off", scale=3))
    frame = d.app.ctx.frame
    resize(d, (300, 400))
    assert frame.scale == 1
    resize(d, (1000, 760))
    assert frame.scale == 3  # the wish, not the most the window holds (4)


@pytest.mark.parametrize(
    "screen_size, board, expected",
    [
        ((3840, 2160), BEGINNER, 7),
        ((3840, 2160), EXPERT, 4),
        ((1920, 1080), BEGINNER, 3),
        ((1920, 1080), EXPERT, 2),
        ((1366, 768), BEGINNER, 2),
        ((800, 600), BIG, 1),
    ],
)
def test_the_first_zoom_is_the_largest_that_fits_most_of_the_screen_up_to_8(
    screen_size, board, expected
):
    room, text = room_of(screen_size), auto_text(screen_size[1])
    zoom = first_zoom(*board, room, text=text)
    assert zoom == expected
    w, h = window_size(*board, zoom, text=text)
    assert zoom == 1 or (w <= 0.8 * room[0] and h <= 0.8 * room[1])
    if zoom < MAX_SCALE:
        w, h = window_size(*board, zoom + 1, text=text)
        assert w > 0.8 * room[0] or h > 0.8 * room[1]


def test_the_lens_keeps_each_scaled_surface_once_and_within_its_budget():
    from game.ui import lens

    line = pygame.Surface((60, 10))
    assert lens.scaled(line, 2) is lens.scaled(line, 2) and lens.scaled(line, 1) is line
    assert lens.scaled(line, 3).get_size() == (180, 30)
    big = [pygame.Surface((500, 500)) for _ in range(5)]
    for surface in big:
        lens.scaled(surface, 2)  # a million pixels each, scaled
        assert lens._kept_pixels <= lens.KEPT_PIXELS


def test_the_lens_draws_and_clips_in_text_pixels():
    from game.ui.lens import Lens

    canvas = pygame.Surface((100, 60))
    canvas.fill((0, 0, 0))
    view = Lens(canvas, 3, (1, 2))
    assert view.get_size() == (33, 19)
    view.set_clip((2, 2, 4, 4))
    view.fill((255, 0, 0), (0, 0, 10, 10))  # clipped to the text pixels (2, 2)-(6, 6)
    assert canvas.get_at((1 + 6, 2 + 6))[:3] == (255, 0, 0)
    assert canvas.get_at((1 + 5, 2 + 6))[:3] == (0, 0, 0)
    assert canvas.get_at((1 + 17, 2 + 17))[:3] == (255, 0, 0)
    assert canvas.get_at((1 + 18, 2 + 18))[:3] == (0, 0, 0)
    assert view.get_clip() == pygame.Rect(2, 2, 4, 4)
    view.set_clip(None)
    view.set_at((0, 0), (0, 255, 0))  # a text pixel: 3 x 3 canvas pixels
    assert {canvas.get_at((1 + i, 2 + j))[:3] for i in range(3) for j in range(3)} == {(0, 255, 0)}
    assert view.box(Box(1, 1, 2, 2)) == Box(4, 5, 6, 6)


def test_a_text_size_the_screen_cannot_hold_is_the_largest_it_can_and_says_so(drive, screen):
    """The play-test: 6x on a 1080-line screen was drawn at 5x in a window made for 6x (wider,
    with strips of margin, and past the screen's bottom)."""
    screen((1920, 1080))
    d = drive(scale=None)
    frame = d.app.ctx.frame
    assert (frame.scale, frame.text_scale) == (3, 2)
    frame.set_text_size(6)
    d.tick()
    assert frame.text_scale == 5 and frame.scale < 3
    size = pygame.display.get_surface().get_size()
    assert size == window_size(*BEGINNER, frame.scale, text=5)  # made for the text it has
    assert size[1] <= frame.space[1]
    d.key(pygame.K_o, "o")
    rows = dict(d.app.ctx.dialogs.dialog.list.rows)
    assert rows["Text size"] == "5x (6x does not fit)"
    d.key(pygame.K_ESCAPE)
    frame.set_text_size(None)
    d.tick()
    assert (frame.scale, frame.text_scale) == (3, 2)  # the zoom comes back with the room
