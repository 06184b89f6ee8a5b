"""The display: what the window shows is the canvas through the layout's one mapping, at every
zoom and in fullscreen, and scrolling moves what is drawn instead of drawing it all again."""

import dataclasses
import os
import random

import pygame
import pytest

from game.engine import Difficulty, Game, Move, MoveKind
from game.engine.boards import BoardChoice


def window_bytes() -> tuple[bytes, int]:
    window = pygame.display.get_surface()
    return pygame.image.tobytes(window, "RGB"), window.get_width()


def pixel(data: bytes, width: int, x: int, y: int) -> bytes:
    i = (y * width + x) * 3
    return data[i : i + 3]


def paint_cells_apart(app) -> dict[bytes, tuple[int, int]]:
    """Give every visible cell its own colour on the canvas and show it; colour -> cell."""
    lay, r = app.ctx.frame.layout, app.ctx.frame.renderer
    colours = {}
    for row in range(app.play.view.top, app.play.view.top + lay.view_rows):
        for col in range(app.play.view.left, app.play.view.left + lay.view_cols):
            box = lay.cell_rect(row, col, app.play.view.top, app.play.view.left)
            colour = (row * 7 % 256, col * 5 % 256, (row * 31 + col * 17) % 200 + 50)
            r.canvas.fill(colour, (box.x, box.y, box.w, box.h))
            r.drawn.dirty.append(box)
            colours[bytes(colour)] = (row, col)
    r.present(app.ctx.frame.display)
    return colours


def assert_shown_cell_is_the_cell_under_the_pointer(app) -> int:
    """Every window pixel of several bands across the board: the cell whose colour the display
    shows there is the cell a click there means. Returns how many board pixels were checked."""
    colours = paint_cells_apart(app)
    data, width = window_bytes()
    lay = app.ctx.frame.layout
    height = pygame.display.get_surface().get_height()
    board = lay.window_box(lay.board)
    tile = lay.sizes.tile
    bands = [board.y, board.y + tile - 2, board.bottom - tile - 1]  # two rows and the last
    ys = [y for b in bands for y in range(max(0, b - 1), min(height, b + 3))]
    checked = 0
    for y in ys:
        for x in range(width):
            cell = lay.cell_at(x, y, app.play.view.top, app.play.view.left)
            shown = colours.get(pixel(data, width, x, y))
            assert cell == shown, (x, y, cell, shown)
            checked += cell is not None
    return checked


# Expert whole at 1x and 2x; at 3x it would not fit the test screen (the zoom is lowered), so a
# board that scrolls anyway shows the cut-off window at 3x.
@pytest.mark.parametrize(
    "board, scale",
    [
        (BoardChoice.standard(Difficulty.EXPERT), 1),
        (BoardChoice.standard(Difficulty.EXPERT), 2),
        (BoardChoice(60, 60, 300), 3),
    ],
)
def test_every_pixel_shows_the_cell_a_click_there_means(drive, board, scale):
    d = drive(board, scale=scale)
    assert d.app.ctx.frame.layout.zoom == scale
    assert assert_shown_cell_is_the_cell_under_the_pointer(d.app) > 0


def test_fullscreen_keeps_the_scale_centres_the_board_and_clicks_land_on_their_cell(drive):
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    windowed = pygame.display.get_surface().get_size()
    d.app.options.toggle_fullscreen()
    d.tick()
    screen = pygame.display.get_desktop_sizes()[0]
    lay = d.app.ctx.frame.layout
    assert pygame.display.is_fullscreen() and pygame.display.get_surface().get_size() == screen
    assert d.app.ctx.frame.scale == lay.zoom == 2
    w, h = lay.canvas_size
    assert (lay.origin_x, lay.origin_y) == ((screen[0] - w) // 2, (screen[1] - h) // 2)
    # the margin is the theme's background colour, not black
    data, width = window_bytes()
    background = pygame.Color(d.app.ctx.frame.theme.colours["background"])
    assert pixel(data, width, 0, 0) == bytes((background.r, background.g, background.b))
    d.post(pygame.VIDEORESIZE, size=(600, 400), w=600, h=400)  # what a window manager says
    d.tick()
    assert d.app.ctx.frame.scale == 2 and d.app.ctx.frame.layout.origin_x == lay.origin_x
    d.click((15, 29), button=3)
    assert d.app.play.game.cell(15, 29) == "F"
    assert assert_shown_cell_is_the_cell_under_the_pointer(d.app) > 0
    d.app.options.toggle_fullscreen()
    d.tick()
    assert not pygame.display.is_fullscreen()
    assert pygame.display.get_surface().get_size() == windowed and d.app.ctx.frame.scale == 2


def test_zoom_and_a_new_board_in_fullscreen_stay_fullscreen(drive):
    d = drive(scale=2)
    d.app.options.toggle_fullscreen()
    screen = pygame.display.get_desktop_sizes()[0]
    d.key(pygame.K_EQUALS, "+")
    assert pygame.display.get_surface().get_size() == screen and d.app.ctx.frame.scale == 3
    assert assert_shown_cell_is_the_cell_under_the_pointer(d.app) > 0
    d.key(pygame.K_3, "3")
    assert pygame.display.get_surface().get_size() == screen and d.app.ctx.frame.board.cols == 30
    assert assert_shown_cell_is_the_cell_under_the_pointer(d.app) > 0


def random_layout(rows: int, cols: int, mines: int, seed: int) -> list[str]:
    cells = set(random.Random(seed).sample(range(rows * cols), mines))
    return [
        "".join("*" if r * cols + c in cells else "." for c in range(cols)) for r in range(rows)
    ]


@pytest.mark.concurrent
@pytest.mark.parametrize("scale, window", [(1, None), (2, None), (2, (300, 260))])
def test_scrolling_moves_the_drawn_tiles_and_draws_only_what_came_into_view(drive, scale, window):
    d = drive(BoardChoice(120, 120, 1500), scale=scale)
    d.app.games.play_game(Game.from_layout(random_layout(120, 120, 1500, seed=4)))
    if window is not None:  # a window smaller than the canvas: the edge is cut off
        pygame.display.set_mode(window, pygame.RESIZABLE)
        d.post(pygame.VIDEORESIZE, size=window, w=window[0], h=window[1])
        d.tick()
        d.app.options.set_scale(scale)
    d.tick()
    lay = d.app.ctx.frame.layout
    g = d.app.play.game
    safe = [
        (r, c)
        for r in range(lay.view_rows)
        for c in range(lay.view_cols)
        if g.layout()[r][c] == "."
    ]
    for cell in safe[:40:3]:
        d.app.play.apply(Move(MoveKind.OPEN, *cell))
    d.app.play.view.cursor = (lay.view_rows // 2, lay.view_cols // 2)
    d.tick()
    boards = []
    frames = [[(-2, 0)], [(0, 1)], [(1, 0)], [(0, -1)], [(-1, 1)], [(-1, 0), (0, 1), (2, -1)]]
    for events in frames:  # each frame: what the scroll drew, then the same drawn anew
        d.app.ctx.frame.renderer.draw_board = lambda *a, **k: boards.append(
            a
        )  # a full redraw shows here
        for y, x in events:
            d.post(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=x, precise_y=y)
        d.tick()
        if window is None:
            assert boards == []
        scrolled = window_bytes(), pygame.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB")
        del d.app.ctx.frame.renderer.draw_board
        d.app.ctx.drawn.invalidate()
        d.tick()
        assert (
            window_bytes(),
            pygame.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB"),
        ) == scrolled
    assert (d.app.play.view.top, d.app.play.view.left) == (3, 3)


@pytest.mark.concurrent
def test_a_scroll_under_a_dialog_draws_the_board_anew_when_it_closes(drive):
    d = drive(BoardChoice(100, 100, 900), scale=1)
    d.key(pygame.K_F1)  # the list of keys covers the board
    d.app.play.view.scroll_by(5, 4)
    d.tick()
    d.key(pygame.K_ESCAPE)
    shown = pygame.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB")
    d.app.ctx.drawn.invalidate()
    d.tick()
    assert pygame.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB") == shown


def canvas_as_shown(app) -> bytes:
    """The whole canvas centred on a window of the theme's colour, made apart from
    the display: what the window must hold after any frame."""
    lay, canvas = app.ctx.frame.layout, app.ctx.frame.renderer.canvas
    window = pygame.display.get_surface()
    expected = pygame.Surface(window.get_size(), 0, window)
    expected.fill(app.ctx.frame.theme.colours["background"])
    expected.blit(canvas, (lay.origin_x, lay.origin_y))
    return pygame.image.tobytes(expected, "RGB")


@pytest.mark.parametrize("scale", [1, 3])
def test_every_frame_of_a_cascade_and_a_loss_shows_exactly_the_canvas(drive, scale):
    from game.store.settings import Settings

    d = drive(BoardChoice(40, 40, 100), scale=scale, settings=Settings(motion=True))
    d.app.games.play_game(Game.from_layout(random_layout(40, 40, 100, seed=9)))
    d.tick()
    g = d.app.play.game
    lay = d.app.ctx.frame.layout
    rows = g.layout()

    def zero(r, c):
        return all(
            rows[i][j] == "."
            for i in range(max(0, r - 1), min(40, r + 2))
            for j in range(max(0, c - 1), min(40, c + 2))
        )

    start = next((r, c) for r in range(lay.view_rows) for c in range(lay.view_cols) if zero(r, c))
    d.click(start)
    mine = next(
        (r, c)
        for r in range(lay.view_rows)
        for c in range(lay.view_cols)
        if g.layout()[r][c] == "*"
    )
    frames = 0
    for k in range(40):
        if k == 20:
            d.click(mine)
        d.tick(10)
        assert window_bytes()[0] == canvas_as_shown(d.app), f"frame {k}"
        frames += bool(d.app.ctx.drawn.animation)
    assert frames > 5 and g.state.is_over


def test_the_plain_framebuffer_is_asked_for_on_x11_only_and_never_over_the_users_choice(
    monkeypatch,
):
    from game.ui import display

    monkeypatch.setenv(display.FRAMEBUFFER_HINT, "")  # so that the end of the test restores it
    monkeypatch.delenv(display.FRAMEBUFFER_HINT)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "wayland")
    assert not display.prefer_plain_framebuffer()  # SDL there has no framebuffer to fall to
    assert display.FRAMEBUFFER_HINT not in os.environ
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert display.prefer_plain_framebuffer()
    assert os.environ[display.FRAMEBUFFER_HINT] == "0"
    monkeypatch.setenv(display.FRAMEBUFFER_HINT, "1")
    assert not display.prefer_plain_framebuffer()
    assert os.environ[display.FRAMEBUFFER_HINT] == "1"


@pytest.mark.parametrize("window", [(528, 642), (527, 640), (100, 101)])
def test_a_canvas_larger_than_its_window_shows_exactly_its_top_left_part(window):
    from game.ui.display import Display
    from game.ui.layout import Box, fit

    pygame.display.init()
    try:
        display = Display()
        display.open(window)
        layout = fit(9, 9, (2000, 2000), 3)  # a canvas at 3x...
        layout = dataclasses.replace(layout, origin_x=0, origin_y=0)  # ...from the corner
        canvas = pygame.Surface(layout.canvas_size)
        for x in range(canvas.get_width()):  # stripes, so any misplaced pixel shows
            pygame.draw.line(
                canvas, ((x * 37) % 256, (x * 11) % 256, 90), (x, 0), (x, canvas.get_height())
            )
        display.present(canvas, layout, [Box(0, 0, *layout.canvas_size)])
        got = display.surface
        want = canvas
        ox, oy = layout.origin_x, layout.origin_y
        for x in range(0, got.get_width(), 7):
            for y in range(0, got.get_height(), 5):
                if 0 <= x - ox < want.get_width() and 0 <= y - oy < want.get_height():
                    assert got.get_at((x, y)) == want.get_at((x - ox, y - oy)), (x, y)
    finally:
        pygame.quit()
