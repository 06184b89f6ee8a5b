"""A full redraw with many of the view's blocks to lay anew (a zoom, a jump across the board, a
theme switch) lays them over a few ticks, each within its share of work, while the window keeps
the last frame and input waits; then one frame shows the board, blitting only
(`Renderer.lay_ahead`, game/ui/render.py)."""

import pygame

from game.engine import Game
from game.engine.boards import BoardChoice
from game.engine.cells import ViewChar
from game.ui.drawstate import BLOCK, HELD_MOST, LAY_IN_FRAME, LAY_PER_TICK, lay_cost

from .test_display import random_layout

BIG = BoardChoice(200, 200, 2000)
WINDOW = (1600, 1000)


def opened(drive, scale=1):
    """A 200x200 game with its middle opened (every block a text of its own), all drawn."""
    d = drive(BIG, scale=scale)
    d.app.ctx.frame.display.open(WINDOW)  # a large window: many blocks in view
    d.app.ctx.frame.resized(WINDOW)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=6)))
    game = d.app.play.game
    for r in range(0, 200, 7):
        for c in range(0, 200, 7):
            if game.layout()[r][c] == "." and game.cell(r, c) == ViewChar.COVERED:
                game.reveal(r, c)
    d.app.ctx.drawn.invalidate()
    d.tick()
    while d.app.ctx.drawn.warm:  # the view's blocks all made
        d.tick()
    return d


def window_pixels(d) -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


class Made:
    """The blocks made in each tick, and their work (`lay_cost`)."""

    def __init__(self, d) -> None:
        self.d, self.blocks = d, d.app.ctx.drawn.blocks
        self.ticks: list[int] = []
        put = self.blocks.put

        def counted(text, surface, patched=False):
            self.ticks[-1] += lay_cost(text, d.app.ctx.frame.layout.sizes.tile)
            put(text, surface, patched)

        self.blocks.put = counted

    def tick(self) -> None:
        self.ticks.append(0)
        self.d.step()


def until_shown(d, before: bytes) -> Made:
    """Tick until the board shows again; the window keeps `before` while the frame waits."""
    made = Made(d)
    made.tick()
    while d.app.ctx.drawn.held:
        assert window_pixels(d) == before, "the window showed a frame still being laid"
        made.tick()
        assert len(made.ticks) < 40
    return made


def test_a_zoom_on_a_big_board_lays_its_blocks_over_ticks_within_their_share(drive):
    d = opened(drive, scale=2)
    size = pygame.display.get_surface().get_size()
    before = window_pixels(d)
    d.app.options.set_scale(1)  # four times the cells in view, none drawn at this zoom
    assert pygame.display.get_surface().get_size() == size  # the window keeps its size
    made = until_shown(d, before)
    assert len(made.ticks) >= 3, made.ticks  # laid over ticks, not in one frame
    tile = d.app.ctx.frame.layout.sizes.tile
    one_block = lay_cost(("x" * BLOCK,) * BLOCK, tile)
    assert all(work < LAY_PER_TICK + one_block for work in made.ticks[:-1]), made.ticks
    assert made.ticks[-1] <= LAY_IN_FRAME  # the frame that shows them only blits (or nearly)
    assert window_pixels(d) != before
    # what shows is what a full redraw with every block kept shows
    shown = window_pixels(d)
    d.app.ctx.drawn.invalidate()
    d.step()
    assert not d.app.ctx.drawn.held and window_pixels(d) == shown


def test_a_jump_across_the_board_lays_ahead_and_a_short_scroll_does_not(drive):
    d = opened(drive)
    lay = d.app.ctx.frame.layout
    d.app.play.centre_on((lay.rows - 5, lay.cols - 5))  # the far corner: nothing kept there
    made = until_shown(d, window_pixels(d))
    assert len(made.ticks) >= 2
    d.app.play.centre_on((lay.rows - 6, lay.cols - 5))  # a row back: scrolled, not redrawn
    d.step()
    assert not d.app.ctx.drawn.held


def test_input_during_the_wait_is_handled_after_the_board_shows(drive):
    d = opened(drive, scale=2)
    d.app.options.set_scale(1)
    d.step()
    assert d.app.ctx.drawn.held
    game = d.app.play.game
    lay = d.app.ctx.frame.layout
    cell = next((r, c) for r in range(d.app.play.top, d.app.play.top + lay.view_rows)
                for c in range(d.app.play.left, d.app.play.left + lay.view_cols)
                if game.cell(r, c) == ViewChar.COVERED)  # fmt: skip
    pos = d.at(cell)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
    d.step()
    assert d.app.ctx.drawn.held and game.cell(*cell) == ViewChar.COVERED  # waiting, kept
    d.tick()
    assert game.cell(*cell) == ViewChar.FLAG  # the right click flagged the cell under it


def test_a_window_made_anew_draws_at_once(drive):
    """A window that changed size shows nothing of the last frame to wait on."""
    d = opened(drive, scale=2)
    frame = d.app.ctx.frame
    w, h = frame.display.size
    frame.display.open((w - 40, h - 40))
    frame.resized((w - 40, h - 40))
    d.app.ctx.drawn.blocks.kept.clear()
    d.step()
    assert not d.app.ctx.drawn.held


def test_a_theme_switch_shows_the_old_theme_until_the_new_ones_blocks_are_laid(drive):
    d = opened(drive)
    before = window_pixels(d)
    other = next(n for n in d.app.ctx.aids.themes.names() if n != d.app.ctx.frame.theme.key)
    d.app.options.set_theme(other)
    made = until_shown(d, before)
    assert d.app.ctx.frame.theme.key == other
    assert len(made.ticks) >= 2 and made.ticks[-1] <= LAY_IN_FRAME


def test_the_wait_never_lasts_more_than_its_most_ticks(drive, monkeypatch):
    import game.ui.render as render

    d = opened(drive, scale=2)
    monkeypatch.setattr(render, "LAY_PER_TICK", 1)  # a block a tick: far too slow to finish
    d.app.options.set_scale(1)
    made = until_shown(d, window_pixels(d))
    assert len(made.ticks) == HELD_MOST + 1  # then the frame lays the rest itself
    assert not d.app.ctx.drawn.held and d.app.ctx.frame.scale == 1
