"""A dialog opening over a game in play veils the board (the pause must not let the player
study it) and draws its panel over it: the board alone is drawn again, and only its area goes
to the screen; the frame, the toolbar and the menu bar round it show as they were
(`DrawState.redraw_board`, game/ui/drawstate.py). Where something else shows round the board
(a menu's drop-down), everything is drawn."""

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.ui import keys
from game.ui.dialogs import HelpOverlay
from game.ui.layout import Box


def window_pixels() -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


@pytest.fixture
def sent(monkeypatch):
    """The window rects each display.update sent, a list a call."""
    calls = []
    real = pygame.display.update

    def update(rects=None):
        calls.append([pygame.Rect(r) for r in rects] if rects is not None else None)
        return real(rects) if rects is not None else real()

    monkeypatch.setattr(pygame.display, "update", update)
    return calls


def playing(drive):
    d = drive(BoardChoice.standard(Difficulty.EXPERT))
    d.click((8, 15))
    d.tick()
    assert d.app.ctx.session.running
    return d


def inside(rect: pygame.Rect, *boxes: Box) -> bool:
    """Whether `rect` lies within the boxes' bounds (the present merges boxes it sends)."""
    bounds = pygame.Rect(boxes[0].x, boxes[0].y, boxes[0].w, boxes[0].h)
    for box in boxes[1:]:
        bounds.union_ip(pygame.Rect(box.x, box.y, box.w, box.h))
    return bounds.contains(rect)


def test_a_dialog_opening_over_a_game_sends_only_the_board_and_its_panel(drive, sent):
    d = playing(drive)
    lay = d.app.ctx.frame.layout
    sent.clear()
    d.key(pygame.K_F1)
    assert d.app.ctx.dialogs.dialog is not None and d.app.ctx.drawn.board_hidden  # veiled
    area = lay.window_box(lay.area)
    panel = lay.window_box(d.app.ctx.dialogs.dialog.form.box)
    assert sent and all(r is not None for r in sent[0])
    assert all(inside(r, area, panel) for r in sent[0]), (sent[0], area, panel)
    whole = lay.window_box(Box(0, 0, *lay.canvas_size))
    assert sum(r.w * r.h for r in sent[0]) < whole.w * whole.h  # not the whole window
    opened = window_pixels()
    d.app.ctx.drawn.invalidate()  # everything drawn again shows the same
    d.tick()
    assert window_pixels() == opened


def test_a_dialog_chosen_from_a_menu_draws_everything(drive, sent):
    """The drop-down hung over the toolbar: drawing the board alone would leave it there."""
    d = playing(drive)
    lay = d.app.ctx.frame.layout
    d.key(pygame.K_g, "g")  # the Game menu, over the board and round it
    assert d.app.menu.bar.is_open
    assert not d.app.ctx.drawn.board_shown
    sent.clear()
    d.app.menu.bar.close()  # as the menu's draw does when a dialog came up meanwhile
    d.app.ctx.dialogs.open(HelpOverlay(keys.help_rows()))
    d.tick()
    assert sent and sent[0] == [pygame.Rect(0, 0, *pygame.display.get_surface().get_size())]
    shown = window_pixels()
    d.app.ctx.drawn.invalidate()
    d.tick()
    assert window_pixels() == shown
    assert lay is d.app.ctx.frame.layout


def test_the_pause_veil_draws_the_board_alone(drive, sent):
    d = playing(drive)
    lay = d.app.ctx.frame.layout
    sent.clear()
    d.post(pygame.WINDOWFOCUSLOST)
    d.tick()
    assert d.app.ctx.drawn.board_hidden
    area = lay.window_box(lay.area)
    status = lay.window_box(lay.status)
    sent_rects = [r for call in sent for r in call]
    assert sent_rects and all(inside(r, area, status) for r in sent_rects), sent_rects
    veiled = window_pixels()
    d.app.ctx.drawn.invalidate()
    d.tick()
    assert window_pixels() == veiled
