"""A full redraw with many of the view's blocks to lay anew (a zoom, a jump across the board, a
theme switch) lays them over a few ticks, each within its share of work, while the window keeps
the last frame and input waits; then one frame shows the board, blitting only. A board that
covers many of the window's pixels has its blocks copied in the tick before that frame, which
then only sends them to the screen (`Renderer.lay_ahead`, game/ui/render.py)."""

import pygame
import pytest

from game.engine import Game
from game.engine.boards import BoardChoice
from game.engine.cells import ViewChar
from game.ui.drawstate import BLIT_AHEAD_PX, BLOCK, HELD_MOST, LAY_PER_TICK, lay_cost

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


def until_shown(d) -> Made:
    """Tick until the board shows again: nothing goes to the screen while the frame waits, so
    the window keeps the last frame presented."""
    sent = []
    with pytest.MonkeyPatch.context() as mp:
        for name in ("update", "flip"):
            real = getattr(pygame.display, name)
            mp.setattr(pygame.display, name, lambda *a, real=real: sent.append(1) or real(*a))
        made = Made(d)
        made.tick()
        while d.app.ctx.drawn.held:
            assert not sent, "the window showed a frame still being laid"
            made.tick()
            assert len(made.ticks) < 40
    assert sent  # the frame that shows the board
    return made


@pytest.mark.concurrent
def test_a_zoom_on_a_big_board_lays_its_blocks_over_ticks_within_their_share(drive):
    d = opened(drive, scale=2)
    size = pygame.display.get_surface().get_size()
    before = window_pixels(d)
    d.app.options.set_scale(1)  # four times the cells in view, none drawn at this zoom
    assert pygame.display.get_surface().get_size() == size  # the window keeps its size
    made = until_shown(d)
    assert len(made.ticks) >= 3, made.ticks  # laid over ticks, not in one frame
    tile = d.app.ctx.frame.layout.sizes.tile
    one_block = lay_cost(("x" * BLOCK,) * BLOCK, tile)
    assert all(work < LAY_PER_TICK + one_block for work in made.ticks[:-1]), made.ticks
    assert made.ticks[-1] == 0  # the frame that shows them only blits
    assert window_pixels(d) != before
    # what shows is what a full redraw with every block kept shows
    shown = window_pixels(d)
    d.app.ctx.drawn.invalidate()
    assert until_shown(d).ticks == [0, 0] and window_pixels(d) == shown


def big_board_pixels(d) -> int:
    board = d.app.ctx.frame.layout.board
    return board.w * board.h


@pytest.mark.concurrent
def test_a_big_boards_kept_blocks_are_copied_a_tick_before_the_frame_that_sends_them(drive):
    """A full redraw with every block kept (a dialog closed, a jump back): the blocks go into
    the window's pixels in a tick that shows nothing, and the frame that shows them copies
    none again (blocks spoiled between the two would show)."""
    d = opened(drive)
    assert big_board_pixels(d) >= BLIT_AHEAD_PX
    shown = window_pixels(d)
    d.app.ctx.drawn.invalidate()
    made = Made(d)
    made.tick()
    assert d.app.ctx.drawn.held and pygame.display.get_surface().get_size() == WINDOW
    for block in d.app.ctx.drawn.blocks.kept.values():
        block.fill((255, 0, 255))
    made.tick()
    assert not d.app.ctx.drawn.held and made.ticks == [0, 0]
    assert window_pixels(d) == shown


@pytest.mark.concurrent
def test_a_cell_changed_between_the_copy_and_the_frame_shows_as_it_is(drive):
    d = opened(drive)
    game = d.app.play.game
    cell = covered_in_view(d, 1)[0]
    d.app.ctx.drawn.invalidate()
    d.step()
    assert d.app.ctx.drawn.held
    game.toggle_flag(*cell)  # as a chore's answer may change the game while the frame waits
    d.step()  # the flagged block is laid ahead too
    d.step()
    assert not d.app.ctx.drawn.held
    shown = window_pixels(d)
    d.app.ctx.drawn.invalidate()
    until_shown(d)
    assert window_pixels(d) == shown  # as a redraw of the game as it is now
    game.toggle_flag(*cell)
    d.app.ctx.drawn.invalidate()
    until_shown(d)
    assert window_pixels(d) != shown  # the flag showed


@pytest.mark.concurrent
def test_a_small_boards_full_redraw_does_not_wait(drive):
    d = drive(BIG)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=6)))
    d.tick()
    assert big_board_pixels(d) < BLIT_AHEAD_PX
    d.app.ctx.drawn.invalidate()
    d.step()
    assert not d.app.ctx.drawn.held


@pytest.mark.concurrent
def test_a_click_after_the_frame_that_ends_a_wait_plays(drive):
    """Clicks queued when the frame that ends a wait goes to the screen were made seeing the
    frame before (the board moved: left out); one after it was made seeing it (played)."""
    d = opened(drive)
    game, lay = d.app.play.game, d.app.ctx.frame.layout
    d.app.play.view.centre_on((lay.rows - 5, lay.cols - 5))  # a jump: laid ahead over ticks
    d.step()
    assert d.app.ctx.drawn.held
    cell = covered_in_view(d, 1)[0]  # where the board is now
    click_during(d, cell, 3)  # made seeing the board where it was
    while d.app.ctx.drawn.held:
        d.step()
    click_during(d, cell, 3)  # made seeing the frame that showed
    d.step()
    assert game.cell(*cell) == ViewChar.FLAG  # the second played, the first did not
    assert "click again" in d.app.ctx.status.saying()


@pytest.mark.concurrent
def test_a_jump_across_the_board_lays_ahead_and_a_short_scroll_does_not(drive):
    d = opened(drive)
    lay = d.app.ctx.frame.layout
    d.app.play.view.centre_on((lay.rows - 5, lay.cols - 5))  # the far corner: nothing kept there
    made = until_shown(d)
    assert len(made.ticks) >= 2
    d.app.play.view.centre_on((lay.rows - 6, lay.cols - 5))  # a row back: scrolled, not redrawn
    d.step()
    assert not d.app.ctx.drawn.held


def covered_in_view(d, count: int) -> list:
    game, lay = d.app.play.game, d.app.ctx.frame.layout
    return [
        (r, c)
        for r in range(d.app.play.view.top, d.app.play.view.top + lay.view_rows)
        for c in range(d.app.play.view.left, d.app.play.view.left + lay.view_cols)
        if game.cell(r, c) == ViewChar.COVERED
    ][::7][:count]


def click_during(d, cell, button) -> None:
    pos = d.at(cell)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


@pytest.mark.concurrent
def test_clicks_during_a_theme_switchs_wait_are_played_after_in_order(drive):
    """The board did not move: the cells under the pointer are those the player saw. A left
    click and a right click come back as they were made, not both presses first."""
    d = opened(drive)
    other = next(n for n in d.app.ctx.aids.themes.names() if n != d.app.ctx.frame.theme.key)
    d.app.options.set_theme(other)
    d.step()
    assert d.app.ctx.drawn.held
    game = d.app.play.game
    safe, flagged = [
        cell for cell in covered_in_view(d, 40) if game.layout()[cell[0]][cell[1]] == "."
    ][:2]
    click_during(d, safe, 1)
    click_during(d, flagged, 3)
    d.step()
    assert d.app.ctx.drawn.held and game.cell(*safe) == ViewChar.COVERED  # they wait
    d.tick()
    assert d.app.ctx.frame.theme.key == other
    assert game.cell(*safe) not in (ViewChar.COVERED, ViewChar.FLAG)  # opened
    assert game.cell(*flagged) == ViewChar.FLAG


@pytest.mark.concurrent
def test_a_click_during_a_zooms_wait_is_left_out_and_the_next_one_plays(drive):
    """The board moved under the pointer: the press was aimed at a cell of the frame shown
    before. A key pressed meanwhile still counts."""
    d = opened(drive, scale=2)
    cell = covered_in_view(d, 1)[0]
    d.app.options.set_scale(1)
    d.step()
    assert d.app.ctx.drawn.held
    click_during(d, cell, 3)
    d.post(pygame.KEYDOWN, key=pygame.K_KP_PLUS, unicode="+", mod=0, scancode=0)
    d.tick()
    game = d.app.play.game
    assert game.cell(*cell) == ViewChar.COVERED  # not flagged where the pointer now is
    assert d.app.ctx.frame.scale == 2  # the zoom key came through
    cell = covered_in_view(d, 1)[0]
    d.click(cell, button=3)
    assert game.cell(*cell) == ViewChar.FLAG


@pytest.mark.concurrent
def test_a_click_in_the_same_tick_as_a_zoom_or_a_jump_is_left_out_and_said(drive):
    """The zoom key and the click came together: the click was aimed at the frame shown."""
    d = opened(drive, scale=2)
    game = d.app.play.game
    cell = covered_in_view(d, 1)[0]
    d.post(pygame.KEYDOWN, key=pygame.K_KP_MINUS, unicode="-", mod=0, scancode=0)
    click_during(d, cell, 3)
    d.tick()
    assert d.app.ctx.frame.scale == 1 and game.cell(*cell) == ViewChar.COVERED
    assert "click again" in d.app.ctx.status.saying()
    lay = d.app.ctx.frame.layout
    d.app.play.view.centre_on((lay.rows - 5, lay.cols - 5))  # a jump, as the map's click makes
    cell = covered_in_view(d, 1)[0]
    click_during(d, cell, 3)
    d.tick()
    assert game.cell(*cell) == ViewChar.COVERED
    d.click(cell, button=3)  # on the board as shown now: played
    assert game.cell(*cell) == ViewChar.FLAG


def test_a_wheel_notch_keeps_the_keys_down_when_it_was_made():
    from game.ui.inbox import with_mods

    def key(kind, code):
        return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)

    def notch():
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)

    events = [
        key(pygame.KEYDOWN, pygame.K_LCTRL),
        notch(),
        key(pygame.KEYUP, pygame.K_LCTRL),
        notch(),
        key(pygame.KEYDOWN, pygame.K_RSHIFT),
        notch(),
    ]
    with_mods(events, pygame.KMOD_RSHIFT)  # as SDL has the keys after the last of them
    mods = [e.mod for e in events if e.type == pygame.MOUSEWHEEL]
    assert mods[0] & pygame.KMOD_CTRL and not mods[0] & pygame.KMOD_SHIFT
    assert mods[1] == 0
    assert mods[2] == pygame.KMOD_RSHIFT


@pytest.mark.concurrent
def test_nothing_waits_under_the_pause_veil_or_after_an_expose(drive):
    d = opened(drive)
    drawn = d.app.ctx.drawn
    drawn.blocks.kept.clear()
    d.post(pygame.WINDOWFOCUSLOST)  # paused: the board is veiled, every cell covered
    d.step()
    assert not drawn.held and drawn.board_hidden
    d.post(pygame.WINDOWFOCUSGAINED)
    d.tick()
    drawn.blocks.kept.clear()
    d.post(pygame.WINDOWEXPOSED)  # the window's pixels were lost: nothing to keep showing
    d.step()
    assert not drawn.held


@pytest.mark.concurrent
def test_a_cascades_turning_blocks_are_not_laid_ahead(drive):
    from game.ui.render import Renderer

    d = opened(drive)
    r = d.app.ctx.frame.renderer
    lay = d.app.ctx.frame.layout
    top, left = d.app.play.view.top, d.app.play.view.left
    veiled = {
        (row, col): "covered"
        for row in range(top, top + lay.view_rows)
        for col in range(left, left + lay.view_cols)
    }
    d.app.ctx.drawn.blocks.kept.clear()
    window = tuple(d.app.ctx.frame.display.size)
    assert Renderer.lay_ahead(r, d.app.play.game, top, left, veiled, window)  # all turning


@pytest.mark.concurrent
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


@pytest.mark.concurrent
def test_a_theme_switch_shows_nothing_until_the_new_themes_blocks_are_laid(drive):
    d = opened(drive)
    other = next(n for n in d.app.ctx.aids.themes.names() if n != d.app.ctx.frame.theme.key)
    d.app.options.set_theme(other)
    made = until_shown(d)
    assert d.app.ctx.frame.theme.key == other
    assert len(made.ticks) >= 2 and made.ticks[-1] == 0


@pytest.mark.concurrent
def test_the_wait_never_lasts_more_than_its_most_ticks(drive, monkeypatch):
    import game.ui.render as render

    d = opened(drive, scale=2)
    monkeypatch.setattr(render, "LAY_PER_TICK", 1)  # a block a tick: far too slow to finish
    d.app.options.set_scale(1)
    made = until_shown(d)
    assert len(made.ticks) == HELD_MOST + 1  # then the frame lays the rest itself
    assert not d.app.ctx.drawn.held and d.app.ctx.frame.scale == 1


@pytest.mark.concurrent
def test_input_taken_as_a_wait_ends_is_handled_at_once_not_after_a_sleep(drive):
    """What `Inbox.shown` takes out of SDL's queue is no longer there to end the loop's sleep:
    the loop ticks on at once (from the review)."""
    d = opened(drive)
    app = d.app
    app.ctx.drawn.invalidate()  # a big board's full redraw: its blocks copied a tick ahead
    d.step()
    assert app.ctx.drawn.held
    cell = covered_in_view(d, 1)[0]
    click_during(d, cell, 3)
    d.step()  # the frame that ends the wait goes to the screen and takes the click
    assert not app.ctx.drawn.held and app.inbox.early and not pygame.event.peek()
    now = app.ctx.aids.now()
    assert app.due(now) == now
    d.step()
    assert app.play.game.cell(*cell) == ViewChar.FLAG  # the board did not move: it played
    assert not app.inbox.early
