"""The rooms of the window. At the bottom the play scene (the board, its toolbar and status
line, and the mouse and keys that play); over it, while a replay is watched, the replay scene
(its keys, its clock); over either, the stack of dialogs, and on top the menu bar's open menu.
The loop (game/ui/window.py) hands each event to the top-most layer that takes it, updates
each, and lets each draw its part. What a room does to the game goes through the App: its
session, its actions, its canvas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine.cells import ViewChar
from ..session import PAUSE_DIALOG, PAUSE_KEY, PAUSE_REPLAY
from . import keys, status
from .dialogs import Dialog
from .gestures import LEFT, MIDDLE, RIGHT
from .hints import hint_marks
from .menubar import MenuBar
from .playback import Playback
from .render import Looks, dialog_room, draw_dialog
from .widgets import Metrics

if TYPE_CHECKING:
    from ..engine import Game
    from .window import App

WHEEL_CELLS = 3
BUTTONS = (LEFT, MIDDLE, RIGHT)
BUTTON_NAMES = {LEFT: "left", MIDDLE: "middle", RIGHT: "right"}  # as the journal writes them
MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class Layer:
    """One room: takes the events meant for it (True: taken), moves on with time, draws."""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, now: int) -> None:
        pass

    def draw(self, full: bool) -> None:
        pass


class MenuLayer(Layer):
    """The menu bar's open menu: it takes the mouse and the keys while it is open, and a click
    on the bar opens it (game/ui/menubar.py says what input does to it)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.bar = MenuBar()

    def handle(self, event: pygame.event.Event) -> bool:
        app, bar, t = self.app, self.bar, event.type
        no_dialog = app.dialogs.dialog is None
        if t == pygame.MOUSEWHEEL:
            return bar.is_open  # the board stays put under an open menu
        if t == pygame.KEYDOWN:
            if not (bar.is_open and no_dialog):
                return False
            if not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.take(lambda b, _: b.key(event))
                return True
            self.take(lambda b, _: b.close())  # Alt+Enter, Ctrl+Z...: close, then act
            return False
        if t not in MOUSE or (t != pygame.MOUSEMOTION and event.button not in BUTTONS):
            return False
        point = app.layout.canvas_point(*event.pos)
        if (
            t == pygame.MOUSEBUTTONDOWN
            and no_dialog
            and (bar.is_open or app.layout.on_menu_bar(*event.pos))
        ):
            self.take(lambda b, placed: b.press(point, placed))
            return True
        if t == pygame.MOUSEMOTION and no_dialog and bar.is_open:
            self.take(lambda b, placed: b.motion(point, placed))
            return True
        if t == pygame.MOUSEBUTTONUP and (bar.eat_release or bar.is_open):
            self.take(lambda b, placed: b.release(point, placed))
            return True
        return False

    def take(self, give) -> None:
        """Give the bar an input, then follow it: the game pauses while a menu is open, the
        bar is drawn again when it changed, and a row chosen runs its action."""
        app, bar = self.app, self.bar
        was_open, before = bar.is_open, bar.look()
        action = give(bar, bar.placed(app.layout, Metrics.of(app.theme)))
        if bar.is_open and not was_open:
            app.session.pause(PAUSE_DIALOG)
            app.gestures.reset()
        elif was_open and not bar.is_open and app.dialogs.dialog is None:
            app.session.resume(PAUSE_DIALOG)
        if bar.look() != before:
            app.renderer.invalidate()
        if action is not None:
            app.do(action)

    def draw(self, full: bool) -> None:
        app, bar, r = self.app, self.bar, self.app.renderer
        if bar.is_open and app.dialogs.dialog is not None:
            bar.close()  # a dialog came up (a file read off the frame...): it goes first
        if bar.is_open and (full or r.dirty):  # over whatever was drawn under it
            r.draw_menu_bar(bar.placed(app.layout, Metrics.of(app.theme)), *bar.look())


class DialogStack(Layer):
    """The dialog shown and the ones waiting behind it: while one is up it takes the keys and
    the mouse (but Ctrl+Q), and the game is paused under it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dialog: Dialog | None = None
        self.queued: list[Dialog] = []

    def open(self, dialog: Dialog) -> None:
        """Show a dialog now, or after the one on screen closes."""
        if self.dialog is not None:
            self.queued.append(dialog)
            return
        self.dialog = dialog
        self.app.session.pause(PAUSE_DIALOG)
        self.app.gestures.reset()
        self.app.renderer.invalidate()

    def close(self) -> None:
        """The dialog shown is done: the next one waiting, or the game plays on."""
        self.dialog = self.queued.pop(0) if self.queued else None
        if self.dialog is None:
            self.app.session.resume(PAUSE_DIALOG)
        self.app.renderer.invalidate()

    def handle(self, event: pygame.event.Event) -> bool:
        dialog, app, t = self.dialog, self.app, event.type
        if dialog is None:
            return False
        if t == pygame.KEYDOWN:
            app.dialog_result(dialog.key(event))
        elif t in MOUSE:
            if t != pygame.MOUSEMOTION and event.button not in BUTTONS:
                return True
            app.dialog_result(dialog.mouse(event, app.layout.canvas_point))
        elif t == pygame.MOUSEWHEEL:
            dialog.wheel(event)
        else:
            return False
        return True

    def place(self) -> None:
        """Lay the dialog out for this frame; draw what it uncovers when it shrank or cells
        changed under it."""
        app, dialog, r = self.app, self.dialog, self.app.renderer
        if dialog is None:
            return
        dialog.place(Metrics.of(app.theme), *dialog_room(app.layout))
        if not r.full and (app.drawn.pending or dialog.dirty and not dialog.covers_drawn()):
            r.invalidate()

    def draw(self, full: bool) -> None:
        if self.dialog is not None and (full or self.dialog.dirty):
            draw_dialog(self.app.renderer, self.dialog)


class ReplayScene(Layer):
    """A replay watched over the game in play (which waits, its clock paused): its keys, its
    clock (held while a dialog or a menu is open), and its line under the board. A replay is
    watched, not played: the board takes no click."""

    def __init__(self, app: App, replay, game: Game, speed_index: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.playback = Playback(replay, app.now())
        if speed_index is not None:
            self.playback.speed_index = speed_index
        self.bbbv_done: int | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.KEYDOWN:
            action = keys.action_for(event, keys.REPLAY_KEYS)
            if action is None:
                return False  # the game's keys (help, themes, a new game...) still work
            self.act(action)
            return True
        if t == pygame.MOUSEBUTTONDOWN:
            self.app.mouse_pos = event.pos
            return True
        return False

    def act(self, action: str) -> None:
        app, pb = self.app, self.playback
        if action == "replay_pause":
            pb.toggle_pause(app.now())
        elif action == "replay_step":
            move = pb.step()
            if move is not None:
                self.play(move)
        elif action == "replay_faster":
            pb.change_speed(1)
        elif action == "replay_slower":
            pb.change_speed(-1)
        elif action == "replay_restart":
            app.watch(pb.replay, pb.speed_index)
        elif action == "replay_leave":
            app.leave_replay()
        app.drawn.status = None

    def update(self, now: int) -> None:
        app = self.app
        if app.dialogs.dialog is None and not app.menu.bar.is_open:
            for move in self.playback.tick(now):
                self.play(move)
        else:
            self.playback.hold(now)  # the replay's clock waits under a dialog or a menu

    def play(self, move) -> None:
        changed = self.game.play_recorded(move)
        self.bbbv_done = None
        self.app.after_move(changed, (move.row, move.col))

    def status(self) -> str:
        pb, g = self.playback, self.game
        state = "paused" if pb.paused else ("end" if pb.finished else f"x{pb.speed:g}")
        if self.bbbv_done is None:
            self.bbbv_done = g.bbbv_done()
        return f"{state} 3BV {self.bbbv_done}/{g.bbbv or 0} clk {len(g.moves)}"

    def leave(self) -> None:
        self.app.session.resume(PAUSE_REPLAY)


class PlayScene(Layer):
    """The board: the mouse through the gestures, the keys through the key table, the
    scroll, and the drawing of the board, its toolbar and its status line (for whichever game
    is shown: a replay's too)."""

    def handle(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.KEYDOWN:
            self.key(event)
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in BUTTONS:
            self.button(t, event.button, event.pos)
        elif t == pygame.MOUSEMOTION:
            self.app.mouse_pos = event.pos
            self.app.follow_pointer()
        elif t == pygame.MOUSEWHEEL:
            dx, dy = event.x, event.y
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                dx, dy = -dy, 0
            self.app.scroll_by(-dy * WHEEL_CELLS, dx * WHEEL_CELLS)
        else:
            return False
        return True

    def key(self, event: pygame.event.Event) -> None:
        app = self.app
        action = keys.action_for(event)
        if action == "pause":
            app.toggle_pause()
        elif app.session.paused_by(PAUSE_KEY):
            app.toggle_pause()  # any other key plays on first
        elif action is not None:
            app.do(action)

    def button(self, t: int, button: int, pos: tuple[int, int]) -> None:
        app = self.app
        app.mouse_pos = pos
        lay = app.layout
        cell = lay.cell_at(*pos, app.top, app.left)
        on_face = lay.on_face(*pos)
        if app.playback is None and not on_face:  # every click is journaled, before it acts
            event = "release" if t == pygame.MOUSEBUTTONUP else "press"
            app.session.note(event, button=BUTTON_NAMES[button], cell=cell)
        if t == pygame.MOUSEBUTTONUP:
            app.play_all(app.gestures.release(button, cell, app.now(), app.look,
                                              on_face=on_face))  # fmt: skip
            return
        if app.session.paused_by(PAUSE_KEY):
            app.toggle_pause()  # a click plays on; its release does not act on the board
            return
        if button == LEFT and not on_face:
            app.cursor = None
        app.play_all(app.gestures.press(button, cell, app.now(), on_face=on_face))

    def update(self, now: int) -> None:
        app = self.app
        if app.playback is None:
            app.play_all(app.gestures.tick(now, app.look))

    def draw(self, full: bool) -> None:
        """The board (veiled while a game in play is paused), the toolbar, the status line:
        everything when `full`, else what changed."""
        app, r = self.app, self.app.renderer
        if app.dialogs.dialog is not None and not full:
            return  # the dialog covers the board; what changed under it waits
        veiled = app.drawn.board_hidden
        game = app.game
        pressed = app.pressed_cells()
        hint_cell = app.hint.cell if app.hint is not None else None
        # the odds are for a game in play: at the end they would hide the mines shown
        showing = app.show_probabilities and not game.state.is_over
        probs = app.probabilities if showing else None
        looks = Looks(pressed, app.cursor, app.drawn.veiled, hint_cell, probs,
                      hint_marks(app.hint))  # fmt: skip
        if veiled:  # paused: every cell covered, nothing held or hinted
            looks = Looks()
        args = (VeiledBoard(game) if veiled else game, app.top, app.left)
        if full:
            r.draw_frame()
            r.draw_board(*args, looks)
        else:
            for cells in app.drawn.pending:
                r.draw_cells(*args, cells, looks)
            touched = pressed ^ app.drawn.pressed
            if app.cursor != app.drawn.cursor:
                touched |= {c for c in (app.cursor, app.drawn.cursor) if c is not None}
            if touched:
                r.draw_cells(*args, touched, looks)
        app.drawn.pressed = pressed
        app.drawn.cursor = app.cursor
        r.draw_toolbar(game.mines_remaining, app.face(), app.timer_value())
        line = app.status_text()
        if full or line != app.drawn.status:
            pieces = app.resting_pieces() if app.message is None else None
            resting = pieces is not None and line == status.text_of(pieces)
            r.draw_status(pieces if resting else line)  # icons only for the resting line
            app.drawn.status = line


class VeiledBoard:
    """What a paused game shows: its size, and every cell covered."""

    def __init__(self, game: Game) -> None:
        self.rows, self.cols = game.rows, game.cols

    def view(self) -> list[str]:
        return [ViewChar.COVERED * self.cols] * self.rows

    def cell(self, row: int, col: int) -> str:
        return ViewChar.COVERED
