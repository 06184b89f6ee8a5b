"""A real App on the dummy video driver, fed real pygame events, with a clock the test sets."""

import pygame
import pytest

from game.engine import Difficulty, Game
from game.engine.boards import BoardChoice
from game.session import ManualClock as FakeClock
from game.store.settings import Settings
from game.ui.assist import Assistant, RunAtOnce
from game.ui.chores import Chores
from game.ui.window import App


class Driver:
    """Posts events into the real loop and runs its ticks."""

    def __init__(self, app: App, clock: FakeClock) -> None:
        self.app = app
        self.clock = clock

    def at(self, cell):
        lay = self.app.ctx.frame.layout
        box = lay.cell_rect(*cell, self.app.play.view.top, self.app.play.view.left)
        assert box is not None, f"{cell} is not in view"
        return lay.origin_x + box.x + box.w // 2, lay.origin_y + box.y + box.h // 2

    def face_pos(self):
        lay = self.app.ctx.frame.layout
        f = lay.face
        return lay.origin_x + f.x + f.w // 2, lay.origin_y + f.y + f.h // 2

    def post(self, kind, **attrs):
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def down(self, pos, button=1):
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.tick()

    def up(self, pos, button=1):
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.tick()

    def move(self, pos, buttons=(1, 0, 0)):
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        self.tick()

    def click(self, cell, button=1):
        pos = self.at(cell)
        self.down(pos, button)
        self.up(pos, button)

    def button_pos(self, id):
        """The window position of the middle of the open dialog's button `id`."""
        button = self.app.ctx.dialogs.dialog.form.find(id)
        assert button is not None, f"the dialog has no button {id!r}"
        lay = self.app.ctx.frame.layout
        box = lay.window_box(lay.from_text(button.box))  # a dialog is in text pixels
        return box.x + box.w // 2, box.y + box.h // 2

    def press(self, id):
        """Click the open dialog's button `id` with the mouse: over it, down, up."""
        pos = self.button_pos(id)
        self.move(pos, buttons=(0, 0, 0))
        self.down(pos)
        self.up(pos)

    def key(self, key, unicode="", mod=0):
        self.post(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)
        self.tick()

    def tick(self, ms=16):
        """One frame; while the frame waits for its board's blocks, laid ahead over ticks (a
        zoom, a jump, a theme: `Renderer.lay_ahead`), the ticks until it shows."""
        held = self.app.ctx.drawn.held  # input waits in the queue while a frame is held
        self.step(ms)
        while held or self.app.ctx.drawn.held:
            held = self.app.ctx.drawn.held
            self.step(ms)

    def step(self, ms=16):
        """One tick of the loop, shown or not."""
        self.clock.ms += ms
        self.app.step()

    def sprite_at(self, box, name) -> bool:
        """Whether the canvas shows the theme sprite `name` in the canvas box (as the board
        draws it: scaled by the layout's factor)."""
        renderer = self.app.ctx.frame.renderer
        canvas = renderer.canvas
        expected = pygame.Surface((box.w, box.h), 0, canvas)
        expected.blit(renderer.theme.sprites[name], (0, 0))
        got = canvas.subsurface((box.x, box.y, box.w, box.h))
        return pygame.image.tobytes(expected, "RGB") == pygame.image.tobytes(got, "RGB")

    def cell_shows(self, cell, name) -> bool:
        return self.sprite_at(
            self.app.ctx.frame.layout.cell_rect(
                *cell, self.app.play.view.top, self.app.play.view.left
            ),
            name,
        )


@pytest.fixture
def drive(shipped_themes):
    pygame.display.init()
    made = []

    def make(board=None, *, layout=None, seed=7, scale=2, settings=None):
        clock = FakeClock()
        board = board or BoardChoice.standard(Difficulty.BEGINNER)
        # Motion is off unless a test asks for it, so tiles show their final look at once;
        # sound too, so only the tests of sound open the (dummy) audio device.
        settings = settings or Settings(motion=False, volume="off")
        # work that goes off the frame in the game runs at once here, so steps stay in order
        app = App(
            board,
            settings,
            shipped_themes(),
            seed=seed,
            scale=scale,
            clock=clock,
            chores=Chores(threaded=False),
        )
        app.ctx.aids.assistant = Assistant(RunAtOnce())
        # nothing warmed after frames (game/ui/warm.py): the tests step the loop, not its
        # idle time, and a warming left to do would keep `App.due` at now (tests/ui/test_warm.py
        # tests the warming)
        app.warmer.steps.clear()
        if layout is not None:
            app.games.play_game(Game.from_layout(layout))
        driver = Driver(app, clock)
        driver.tick()
        made.append(driver)
        return driver

    yield make
    pygame.quit()
