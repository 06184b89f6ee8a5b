"""The game being played (Tatham's `game_ui`): what the player is doing on it (the mouse
buttons, the keyboard's moves, the pause), moves made and taken back, and what follows a move.
The view, its scroll and zoom and the drawing are its board view's (game/ui/boardview.py), the
hints and odds its help's (help.py), a board laid off the frame laying.py's, the game's end
result.py's. It never starts another game (that is games.py's, through the command table) and
never sizes the window.
"""

from __future__ import annotations

import pygame
from pygame.event import Event

from ... import i18n
from ...engine import Game, GameState, Move, MoveKind
from ...engine.cells import Cell, CellSet
from ...engine.codes import code_of
from ...i18n import N_, _, date
from ...session import NO_GUESS_FAILED, PAUSE_AWAY, PAUSE_DIALOG, PAUSE_KEY, PAUSE_REPLAY, Outcome
from ...words import say
from .. import live, status
from ..dialogs import NoticeDialog
from ..gestures import LEFT, MIDDLE, NEW_GAME, RIGHT, Gestures, click_moves
from ..keys import action_for
from ..render import Looks
from .board import BoardView
from .context import Context
from .help import Help
from .layer import BUTTONS, Layer
from .laying import Laying
from .result import GameEnd

BUTTON_NAMES = {LEFT: "left", MIDDLE: "middle", RIGHT: "right"}  # as the journal writes them

# What a redo did, said in place of the undo's "Undone" (a redo brings no help, so no note).
REDONE = {
    MoveKind.OPEN: N_("Redone: opened"),
    MoveKind.FLAG: N_("Redone: marked"),
    MoveKind.CHORD: N_("Redone: chorded"),
}


class PlayScene(Layer):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.gestures = Gestures(ctx.settings)  # the settings are its rules
        self.laying = Laying(ctx)
        self.end = GameEnd(ctx, lambda: self.game, self.board_code)
        self._code: tuple | None = None  # ((game, first cell, laid), its board code)
        self.help = Help(ctx, self, counts=True)
        self.live = live.LiveCounters()  # the counters as the game is played (Options)
        self.view = BoardView(ctx, self)
        self.reset()

    def reset(self) -> None:
        """Fresh state for the game now shown; its canvas is drawn anew."""
        self.gestures.reset()
        self.ctx.status.clear()
        self.view.reset()
        self._unpaused_by: int | None = None  # the button whose press ended a pause
        self.end.ending = None  # a big game's end not shown yet is not shown over another
        self.help.reset()
        self.laying.prepare(self.ctx.session.game)

    @property
    def game(self) -> Game:
        return self.ctx.session.game

    @property
    def panning(self) -> bool:
        return self.gestures.panning

    # ---- input --------------------------------------------------------------------------

    def handle(self, event: Event) -> bool:
        t = event.type
        if self.view.handle(event):
            return True
        if t == pygame.KEYDOWN:
            self.key(event)
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in BUTTONS:
            self.button(t, event.button, event.pos)
        else:
            return t in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
        return True

    def key(self, event: Event) -> None:
        action = action_for(event)
        if action == "pause":
            self.toggle_pause()
        elif self.ctx.session.paused_by(PAUSE_KEY):
            self.toggle_pause()  # any other key plays on first
        elif action is not None:
            self.ctx.commands.do(action)

    def button(self, t: int, button: int, pos: Cell) -> None:
        lay, now = self.view.layout, self.ctx.aids.now()
        cell = self.view.cell_at(pos)
        on_face = lay.on_face(*pos)
        up = t == pygame.MOUSEBUTTONUP
        unpausing = not up and self.ctx.session.paused_by(PAUSE_KEY)
        if up and self._unpaused_by == button:
            self._unpaused_by = None  # the release of the click that played on: no click
        elif not on_face and not unpausing:
            # every click on the board is journaled before it acts (docs/FORMATS.md)
            self.ctx.session.note(
                "release" if up else "press",
                button=BUTTON_NAMES[button],
                cell=cell,
                at=self.view.units_at(pos, anywhere=True),
            )
        if up:
            self.play_all(self.gestures.release(button, cell, now, self.look, on_face=on_face))
            return
        if unpausing:
            self._unpaused_by = button
            self.toggle_pause()  # a click plays on; its release does not act on the board
            return
        if button == LEFT and not on_face:
            self.view.cursor = None
        self.play_all(self.gestures.press(button, cell, now, on_face=on_face))

    def pointer_moved(self) -> None:
        """The held buttons follow the mouse (after a motion or a scroll), and the journal
        keeps the pointer's way over the board (a video shows it)."""
        pos = self.view.mouse_pos
        at = self.view.units_at(pos)
        if at is not None:
            self.ctx.session.pointer(*at)
        on_face = self.view.layout.on_face(*pos)
        self.gestures.motion(self.view.cell_at(pos), self.ctx.aids.now(), on_face=on_face)

    def look(self, cell: Cell) -> str:
        """What a cell shows (the text view's character)."""
        return self.game.cell(*cell)

    def play_all(self, moves: list) -> None:
        """Carry out what a gesture asked for: moves, or a new game (the face)."""
        for move in moves:
            if move == NEW_GAME:
                self.ctx.commands.do("new_game")
            else:
                self.play(move)

    def apply(self, move: Move) -> None:
        """Execute a move made some other way than the mouse (keys, tests)."""
        self.gestures.moved_on()  # it ends a double click
        self.play(move)

    def key_move(self, kind: MoveKind) -> None:
        """Space, F, D on the keyboard cursor. A press when the cursor is not on screen (none
        yet, or scrolled away by the wheel) only shows it: nothing is done out of sight."""
        view = self.view
        view.aim_at_pointer()  # keys at the pointer (Options): the cursor goes there first
        if view.cursor is None:
            view.move_cursor(0, 0)
            return
        if not view.in_view(view.cursor):
            view.keep_cursor_in_view()
            return
        key = {MoveKind.OPEN: "space", MoveKind.FLAG: "f", MoveKind.CHORD: "d"}[kind]
        self.ctx.session.note("key", key=key, cell=view.cursor)  # journaled as the click it is
        if kind is MoveKind.OPEN:  # what a left click there would do
            for move in click_moves(view.cursor, self.look, self.ctx.settings):
                self.apply(move)
        else:
            self.apply(Move(kind, *view.cursor))

    def show_where_play_is(self) -> None:
        """A game just put on the board: a board laid for its first click opens with that
        cell marked in the middle (and said); a game resumed, with its last move in view."""
        g = self.game
        if g.state is GameState.READY and g.first_click is not None:
            self.view.cursor = g.first_click
            self.view.centre_on(g.first_click)
            self.ctx.status.say(_("Start at the marked cell"), lasting=True)
        elif g.moves:
            last = g.moves[-1]
            self.view.follow((last.row, last.col))

    # ---- moves ----------------------------------------------------------------------------

    def play(self, move: Move, *, laid: bool = False) -> None:
        """Execute a move on the game and note what to redraw (`laid`: its board was just
        laid for it off the frame)."""
        ctx, g = self.ctx, self.game
        if ctx.aids.chores.busy:
            return  # a board being laid, or a file read, waits
        if not laid and self.laying.needed(g, move):
            self.laying.lay_then(g, move, self._laid)
            return
        before, cell_before = g.state, g.cell(move.row, move.col)
        outcome = ctx.session.play(move)
        if outcome.refused:
            ctx.status.say(lambda: say(outcome.refused), lasting=True)
            # the mark in view; the keyboard cursor stays where the player put it, so the
            # arrows still move from the cell they were going to open
            self.view.follow(self.game.first_click)
            return
        ctx.aids.sounds.play_move(move.kind, len(outcome.changed), before, g.state, cell_before)
        if outcome.started:
            ctx.aids.assistant.prepare(g.rows, g.cols)  # the first hint's tables, off the frame
            ctx.status.clear()  # "start at the marked cell" has been done
            if self.game.no_guess_failed:
                ctx.status.say(_(NO_GUESS_FAILED))
        self.after_move(outcome.changed, (move.row, move.col), outcome)

    def _laid(self, move: Move) -> None:
        self.gestures.moved_on()
        self.play(move, laid=True)

    def after_move(self, changed: CellSet, origin: Cell, outcome: Outcome | None = None) -> None:
        """Redraw, motion, hints and the end of the game, after any change (`outcome`: what
        the session did)."""
        self.take_session_messages()
        if not changed:
            return
        self.view.changed(changed, origin, self.motion)
        self.help.changed()
        if outcome is not None and outcome.finished is not None:
            self.end.ended(outcome.finished)

    def take_session_messages(self) -> None:
        """Lines the session has for the player (a folder that cannot be written...): said
        once, in a dialog (the store has put them on stderr too)."""
        lines = self.ctx.session.take_messages() + i18n.take_unshown()
        if lines:
            self.ctx.dialogs.open(NoticeDialog(_("Note"), lines))

    def can_undo(self) -> bool:
        """A move to take back: greyed after a win, which is final (Ctrl+Z says so)."""
        return bool(self.game.moves) and self.game.state is not GameState.WON

    def can_redo(self) -> bool:
        """A move undone to play again, in a game not over (as the session has it)."""
        return self.game.can_redo and not self.game.state.is_over

    def undo(self) -> None:
        """Take back the last move, a loss too (its row is replaced when the game ends again,
        as assisted). A win is final."""
        g = self.game
        if not g.moves:
            return
        taken, outcome = g.moves[-1], self.ctx.session.undo()
        if outcome.refused:  # a won game is final
            self.ctx.status.say(say(outcome.refused))
            return
        self.after_move(outcome.changed, g.first_click or (0, 0))
        self.view.follow((taken.row, taken.col))
        self.ctx.status.say(_("Undone (now assisted)"))  # said in the state it describes

    def redo(self) -> None:
        if not self.can_redo():
            return
        move = self.game.next_redo
        changed = self.ctx.session.redo().changed
        # what redo did, in place of the "Undone" of the undo, said once it is done (a message
        # goes with the state it was said in); an end it brings says its own, after
        self.ctx.status.say(_(REDONE[move.kind]))
        self.after_move(changed, (move.row, move.col))
        self.view.follow((move.row, move.col))

    def toggle_pause(self) -> None:
        """The pause key: the clock stops and the board is hidden until play goes on."""
        s = self.ctx.session
        if s.paused_by(PAUSE_KEY):
            s.resume(PAUSE_KEY)
        elif self.can_pause():
            s.pause(PAUSE_KEY)
            self.gestures.reset()
        else:
            self.ctx.status.say(_("Nothing to pause yet"))
        self.ctx.drawn.status = None

    def can_pause(self) -> bool:
        s = self.ctx.session
        return s.paused_by(PAUSE_KEY) or s.game.state is GameState.PLAYING

    def veiling_pause(self) -> str | None:
        """The pause the line under the board names while it veils the board (the key's, or
        the window's lost focus), else None: a dialog's or a menu's pause is theirs to say,
        and under a replay or an analysis the board is not shown."""
        s = self.ctx.session
        if not s.veiled or s.paused_by(PAUSE_REPLAY):
            return None
        return next((why for why in (PAUSE_KEY, PAUSE_AWAY) if s.paused_by(why)), None)

    def board_code(self) -> str | None:
        """The board's code (asked for by the resting line each frame: worked out once for a
        game and its first cell)."""
        g = self.game
        key = (g, g.first_click, g.is_laid)
        if self._code is None or self._code[0] != key:
            self._code = (key, code_of(g))
        return self._code[1]

    @property
    def motion(self) -> bool:
        return self.ctx.settings.motion and self.ctx.aids.motion_allowed

    # ---- what the board, the toolbar and the status line show -----------------------------

    def looks(self) -> Looks:
        g = self.game
        hint, odds, proof = self.help.marks()
        start = g.first_click if g.state is GameState.READY else None  # a code's mark
        return Looks(self.pressed_cells(), None, {}, hint, odds, proof, start)

    def timer_value(self) -> int:
        return self.ctx.session.timer_seconds()

    def face(self) -> str:
        if self.gestures.face_pressed:
            return "face_pressed"
        if self.game.state is GameState.WON:
            return "face_win"
        if self.game.state is GameState.LOST:
            return "face_lose"
        return "face_oh" if self.gestures.holding_board else "face_smile"

    def pressed_cells(self) -> set[Cell]:
        g = self.game
        if g.state.is_over:
            return set()
        if self.laying.at is not None:
            return {self.laying.at}
        return self.gestures.pressed_cells(self.look, lambda cell: g.chord_targets(*cell))

    def resting_status(self) -> str:
        """The line under the board when no message is up: mines hit, or the board code once
        there is one."""
        ctx, g = self.ctx, self.game
        if ctx.aids.chores.busy and ctx.aids.chores.status:
            return ctx.aids.chores.status
        paused = self.veiling_pause()  # says so at once: a message said before it went
        if paused == PAUSE_KEY:
            return _("Paused: click or F3")  # fits the narrowest line (26)
        if paused == PAUSE_AWAY:
            return _("Paused: click to play on")  # the window lost the focus (the veil says why)
        helped = self.help.words()
        if helped is not None:
            return helped
        if g.deaths and not g.state.is_over:
            # Translators: under the board; count: the mines that went off (no-death mode).
            return _("Mines hit: %(count)d") % {"count": g.deaths}
        counted = live.shown_lines(ctx, self.live, self.view.status_room(), panel=False)
        if counted and g.state is not GameState.READY:
            return counted[0]
        return status.text_of(self.resting_pieces())

    def resting_pieces(self) -> list[status.Piece]:
        """At rest: the board code once there is one (else where to find help), the daily
        board and no-guess mode, labelled, or as icons where the line is narrow."""
        parts, g, daily = [], self.game, self.ctx.session.daily
        code = self.board_code() if g.state is not GameState.READY else None
        if code:
            parts.append(status.Part(_("Code"), "code", code))
        else:
            # Translators: the line under the board before the first click: where help is.
            parts.append(status.Part(_("F1 help, Alt menu"), "help"))
        if daily is not None:
            parts.append(status.Part(_("Daily"), "daily", date(daily)))
        if g.no_guess:
            parts.append(status.Part(_("No guess"), "noguess"))
        return status.fit(parts, self.view.status_room())

    # ---- time and drawing -------------------------------------------------------------------

    def update(self, now: int) -> None:
        self.end.update()
        if self.ctx.session.paused_by(PAUSE_DIALOG):
            self.gestures.reset()  # a dialog or a menu came up over what was held
        elif not self.ctx.drawn.held:  # a press's time waits too
            self.play_all(self.gestures.tick(now, self.look))
        self.help.collect()

    def due(self, now: int) -> int | None:
        """Now while a button is held (a press, a drag, a long press), something is awaited
        (a hint, the odds, a board being laid, a big game's notice) or a long message
        scrolls; else the clock's next second in play."""
        g, ctx = self.gestures, self.ctx
        if (
            g.left
            or g.right
            or g.middle
            or self.help.busy
            or self.laying.at is not None
            or self.end.waiting
            or self.live.building  # the counters' tables, a piece a frame
            or len(ctx.status.saying() or "") > self.view.status_room()
        ):
            return now
        if ctx.session.running:
            return now + 1000 - ctx.session.elapsed_ms() % 1000
        return None

    def draw(self, full: bool) -> None:
        self.view.draw(full)
