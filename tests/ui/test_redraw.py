"""A full redraw keeps what it can (game/ui/render.py): at text zoom 1 the canvas is the window's
own pixels (`WindowPart` in game/ui/display.py), the frame round the board is kept as drawn once,
the board's blocks are kept by their text. Whatever is kept, the window shows exactly what a
draw from scratch shows, after a theme switch, a zoom or text-zoom change, a cell change, a
resize that makes the window's pixels anew, and the map over the board."""

import pygame
import pytest

from game.engine import Difficulty, Game
from game.engine.boards import BoardChoice
from game.engine.cells import ViewChar
from game.ui.display import in_window
from game.ui.drawstate import BLOCK

from .test_display import random_layout

BIG = BoardChoice(200, 200, 2000)


def window() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def from_scratch(d) -> bytes:
    """The window drawn anew with nothing kept: a new renderer (no kept frame, a new canvas)
    and no kept blocks."""
    d.app.ctx.frame.relayout()
    d.app.ctx.drawn.blocks.kept.clear()
    d.tick(0)
    return window()


def shown_then_from_scratch(d) -> tuple[bytes, bytes]:
    d.tick(0)
    return window(), from_scratch(d)


@pytest.mark.concurrent
def test_the_canvas_is_the_windows_own_pixels_at_any_zoom_and_text_scale(drive):
    d = drive(BIG, scale=1)
    r, lay = d.app.ctx.frame.renderer, d.app.ctx.frame.layout
    assert in_window(r.canvas, lay) and r.canvas.get_parent() is pygame.display.get_surface()
    r.canvas.fill((255, 0, 255), (0, 0, 5, 5))  # drawn: on the window, with no present
    assert pygame.display.get_surface().get_at((lay.origin_x, lay.origin_y))[:3] == (255, 0, 255)
    d.app.options.set_scale(2)
    d.app.ctx.frame.set_text_size(2)
    d.tick(0)
    r, lay = d.app.ctx.frame.renderer, d.app.ctx.frame.layout
    assert (lay.zoom, lay.text) == (2, 2) and in_window(r.canvas, lay)
    small = lay.canvas_size[0] - 8, lay.canvas_size[1]  # a window smaller than its canvas
    pygame.display.set_mode(small, pygame.RESIZABLE)
    d.app.ctx.frame.relayout()
    d.tick(0)
    r, lay = d.app.ctx.frame.renderer, d.app.ctx.frame.layout
    if lay.canvas_size[0] > small[0]:  # the toolbar's least width: a canvas of its own
        assert not in_window(r.canvas, lay) and r.canvas.get_parent() is None


@pytest.mark.concurrent
def test_cell_changes_theme_switches_and_zooms_show_what_a_draw_from_scratch_shows(drive):
    d = drive(BIG, scale=1)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=4)))
    d.tick(0)
    game = d.app.play.game
    blank = next((r, c) for r in range(5, 30) for c in range(5, 30) if game.layout()[r][c] == ".")
    game.reveal(*blank)  # cells change under the kept blocks
    d.app.ctx.drawn.invalidate()
    assert shown_then_from_scratch(d)[0] == window()
    d.click((0, 1) if blank != (0, 1) else (1, 0))  # a click: drawn cell by cell
    shown, scratch = shown_then_from_scratch(d)
    assert shown == scratch
    for theme in d.app.ctx.aids.themes.names():
        d.app.options.set_theme(theme)
        shown, scratch = shown_then_from_scratch(d)
        assert d.app.ctx.frame.theme.key == theme and shown == scratch, theme
    for zoom in (2, 3, 1):
        d.app.options.set_scale(zoom)
        shown, scratch = shown_then_from_scratch(d)
        assert d.app.ctx.frame.layout.zoom == zoom and shown == scratch, zoom


BEGINNER = BoardChoice.standard(Difficulty.BEGINNER)
INTERMEDIATE = BoardChoice.standard(Difficulty.INTERMEDIATE)


@pytest.mark.parametrize(
    "board, zoom, text",
    [(BEGINNER, 1, 1), (BEGINNER, 2, 1), (BEGINNER, 3, 2), (INTERMEDIATE, 2, 3)],
)
def test_a_zoom_or_text_size_change_shows_what_a_draw_from_scratch_shows(drive, board, zoom, text):
    d = drive(board, scale=1)
    d.click((4, 4))
    for theme in ("night", "classic"):
        d.app.options.set_theme(theme)
        d.app.options.set_scale(zoom)
        d.app.ctx.frame.set_text_size(text)
        shown, scratch = shown_then_from_scratch(d)
        lay = d.app.ctx.frame.layout
        assert (lay.zoom, lay.text) == (zoom, text)
        assert in_window(d.app.ctx.frame.renderer.canvas, lay)
        assert shown == scratch, theme


@pytest.mark.concurrent
def test_a_resize_that_makes_the_windows_pixels_anew_never_draws_in_the_old_ones(drive):
    d = drive(BIG, scale=1)
    r = d.app.ctx.frame.renderer
    old = r.canvas
    w, h = pygame.display.get_surface().get_size()
    pygame.display.set_mode((w + 40, h + 20), pygame.RESIZABLE)  # SDL frees the old pixels
    pygame.event.clear()  # the layout is not told yet: the same renderer draws the next frames
    d.app.play.view.cursor = (2, 2)  # a frame that draws one cell on the window's new pixels...
    d.tick(0)
    assert r.canvas is not old and in_window(r.canvas, r.layout)
    d.tick(0)  # ...and then all of them, the rest of the new pixels not being drawn yet
    shown = window()
    r.drawn.blocks.kept.clear()
    r._frame = None
    r.drawn.invalidate()
    d.tick(0)
    assert shown == window()


@pytest.mark.concurrent
def test_the_map_over_a_window_canvas_puts_back_the_board_without_drawing_it(drive):
    d = drive(BIG, scale=1)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=5)))
    d.tick(0)
    r = d.app.ctx.frame.renderer
    assert in_window(r.canvas, r.layout)
    shown = window()
    boards = []
    real = r.draw_board
    r.draw_board = lambda *a: (boards.append(a), real(*a))
    for _ in range(2):  # the second time the board is kept aside in the same surface
        d.app.play.view.open_map()
        d.tick(0)
        assert window() != shown  # the map shows, in the window's pixels the board was in
        d.key(pygame.K_ESCAPE)
        d.tick(0)
        assert boards == [] and window() == shown


@pytest.mark.concurrent
def test_a_block_whose_cells_changed_is_made_from_the_one_its_place_showed(drive):
    from .test_blocks import board_pixels, cell_by_cell

    d = drive(BIG, scale=1)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=7)))
    d.tick(0)
    game, blocks = d.app.play.game, d.app.ctx.drawn.blocks
    game.reveal(
        *next((r, c) for r in range(40, 200) for c in range(40, 200) if game.layout()[r][c] == ".")
    )
    d.app.ctx.drawn.invalidate()
    d.tick(0)
    patched = blocks.patched
    view = game.view()
    for r0 in (0, BLOCK):  # a flag in each of two blocks: one row of each changes
        game.toggle_flag(
            *next(
                (r, c)
                for r in range(r0, r0 + BLOCK)
                for c in range(BLOCK)
                if view[r][c] == ViewChar.COVERED
            )
        )
    d.app.ctx.drawn.invalidate()
    d.tick(0)
    assert blocks.patched == patched + 2
    assert board_pixels(d.app) == cell_by_cell(d.app, game, 0, 0)


@pytest.mark.concurrent
def test_a_board_of_another_size_draws_its_blocks_where_another_boards_were(drive):
    from .test_blocks import board_pixels, cell_by_cell

    d = drive(BIG, scale=1)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=10)))
    d.tick(0)
    d.app.play.game.reveal(0, 0)
    d.app.ctx.drawn.invalidate()
    d.tick(0)  # blocks of 16 x 16 cells kept for the places (0, 1), (1, 0)...
    small = Game.from_layout(random_layout(20, 20, 40, seed=10))
    d.app.games.play_game(small)  # ...where this board's are 16 x 4, 4 x 16 and 4 x 4
    d.tick(0)
    small.reveal(*next((r, c) for r in range(20) for c in range(20) if small.layout()[r][c] == "."))
    d.app.ctx.drawn.invalidate()
    d.tick(0)
    assert board_pixels(d.app) == cell_by_cell(d.app, small, 0, 0)


def opened_with_motion(drive):
    """A 200x200 game whose first click opened a region that turned over ring by ring (drawn
    cell by cell: the view's blocks went stale), the turning over done."""
    from game.store.settings import Settings

    d = drive(BIG, scale=1, settings=Settings(motion=True, volume="off"))
    layout = random_layout(200, 200, 2000, seed=4)
    d.app.games.play_game(Game.from_layout(layout))
    d.tick(0)

    def mines(r, c):
        return sum(
            layout[y][x] == "*"
            for y in range(max(0, r - 1), min(200, r + 2))
            for x in range(max(0, c - 1), min(200, c + 2))
        )

    d.click(next((r, c) for r in range(8, 20) for c in range(8, 20) if mines(r, c) == 0))
    assert d.app.ctx.drawn.animation  # turning over
    for _ in range(20):  # the cascade's 250 ms
        if not d.app.ctx.drawn.animation:
            break
        d.tick()
    assert not d.app.ctx.drawn.animation
    return d


@pytest.mark.concurrent
def test_after_an_opening_idle_frames_warm_every_block_in_view_then_the_loop_sleeps(drive):
    from .test_pace import run_loop

    d = opened_with_motion(drive)
    drawn, blocks = d.app.ctx.drawn, d.app.ctx.drawn.blocks
    warmed = blocks.made
    for _ in range(20):
        d.tick()
    assert blocks.made > warmed and drawn.warm is False  # it made some, then none is left
    made = blocks.made
    drawn.invalidate()  # a full redraw (a dialog closed, an expose): every block is kept
    d.tick(0)
    assert blocks.made == made
    assert window() == from_scratch(d)
    assert all(rest[0] == "wait" for rest in run_loop(d, 4))  # nothing left to warm: asleep


@pytest.mark.concurrent
def test_a_full_redraw_before_the_warming_is_done_makes_what_is_left(drive):
    d = opened_with_motion(drive)
    drawn, blocks = d.app.ctx.drawn, d.app.ctx.drawn.blocks
    assert drawn.warm  # blocks left to warm
    made = blocks.made
    drawn.invalidate()
    d.tick()
    assert blocks.made > made and drawn.warm is False
    shown, scratch = shown_then_from_scratch(d)
    assert shown == scratch


@pytest.mark.concurrent
def test_a_theme_switch_frame_makes_few_blocks_of_the_view_and_draws_as_from_scratch(drive):
    d = opened_with_motion(drive)  # cells drawn one by one since the last full redraw
    drawn, blocks = d.app.ctx.drawn, d.app.ctx.drawn.blocks
    for theme in [k for k in d.app.ctx.aids.themes.names() if k != d.app.ctx.frame.theme.key]:
        d.app.options.set_theme(theme)  # its blocks are laid ahead over ticks (lay_ahead)
        made = blocks.made
        d.step()
        while drawn.held:
            made = blocks.made
            d.step()
        # the frame that shows the new theme lays at most LAY_IN_FRAME's worth itself
        assert d.app.ctx.frame.theme.key == theme and blocks.made - made <= 2, theme
        assert window() == from_scratch(d), theme
        d.tick()
        assert not drawn.warm
