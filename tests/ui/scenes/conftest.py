"""A room's context without an App: the real session, frame and draw state on the dummy video
driver, a command table the test fills in, work off the frame run at once."""

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.session import ManualClock, Session
from game.store.history import History
from game.store.settings import Settings
from game.ui.assist import Assistant, RunAtOnce
from game.ui.chores import Chores
from game.ui.commands import Commands
from game.ui.drawstate import DrawState
from game.ui.frame import Frame
from game.ui.layout import Box
from game.ui.scenes import Aids, Context
from game.ui.scenes.dialogs import DialogStack
from game.ui.sound import SoundBoard
from game.ui.status import StatusLine

BEGINNER = BoardChoice.standard(Difficulty.BEGINNER)


def key(k, text="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=mod, scancode=0)


def mouse(kind, pos, button=1):
    return pygame.event.Event(kind, pos=pos, button=button)


@pytest.fixture
def context(shipped_themes):
    pygame.display.init()
    made = []

    def make(board=BEGINNER, *, settings=None, seed=7, scale=2):
        clock = ManualClock()
        settings = settings or Settings(motion=False, volume="off")
        themes = shipped_themes()
        session = Session(History(), "window", clock=clock, seed=seed)
        drawn = DrawState()
        frame = Frame(settings, themes.get(settings.theme), board, scale, drawn)
        themes.convert()
        frame.relayout()

        def redraw():
            drawn.status = None

        aids = Aids(
            clock,
            SoundBoard(settings, clock),
            Assistant(RunAtOnce()),
            Chores(threaded=False),
            themes,
        )
        ctx = Context(
            session,
            settings,
            frame,
            drawn,
            Commands(),
            StatusLine(clock, redraw),
            DialogStack(session, frame),
            aids,
        )
        session.new_game(board)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.aids.assistant.close()
    pygame.quit()


def cell_pos(ctx, play, cell):
    """The window position of the middle of a cell in view."""
    lay = ctx.frame.layout
    box = lay.cell_rect(*cell, play.view.top, play.view.left)
    return (
        lay.origin_x + box.x + box.w // 2,
        lay.origin_y + box.y + box.h // 2,
    )


def face_pos(ctx):
    lay = ctx.frame.layout
    f = lay.face
    return (
        lay.origin_x + f.x + f.w // 2,
        lay.origin_y + f.y + f.h // 2,
    )


def map_cell_box(g, row, col):
    """The canvas pixels of a cell on the map of geometry `g` (game/ui/scenes/map.py), or None
    when it is not on the map."""
    r, c = row - g.first_row, col - g.first_col
    if not (0 <= r < g.rows and 0 <= c < g.cols):
        return None
    k = g.cell_px
    return Box(g.box.x + c * k, g.box.y + r * k, k, k)
