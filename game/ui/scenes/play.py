"""The board being played (Tatham's `game_ui`): what the player is doing on it (the mouse
buttons, the keyboard cursor, the scroll, the pointer, the hint shown, the odds on or off),
moves made and taken back, what follows a move, and the drawing of the board, the toolbar and
the status line for whichever game is shown (a replay's too). It never starts another game
(that is games.py's, through the command table) and never sizes the window.
"""

from __future__ import annotations

import threading

import pygame
from pygame.event import Event

from ...engine import Game, GameState, Move, MoveKind
from ...engine.cells import CellSet, ViewChar
from ...engine.codes import code_of
from ...engine.game import shown_seconds
from ...session import NO_GUESS_FAILED, PAUSE_DIALOG, PAUSE_KEY, Outcome
from .. import status
from ..dialogs import NoticeDialog
from ..gestures import LEFT, MIDDLE, NEW_GAME, RIGHT, Gestures, click_moves
from ..hints import hint_cells, hint_marks, hint_words, odds_words
from ..keys import action_for
from ..render import Looks
from .context import Context
from .layer import Layer

WHEEL_CELLS = 3
LAY_OFF_FRAME_CELLS = 4096  # a first click on a board this big is laid (and filled) by a chore
BUTTONS = (LEFT, MIDDLE, RIGHT)
Cell = tuple[int, int]


class PlayScene(Layer):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.gestures = Gestures(ctx.settings)  # the settings are its rules
        self.watching = None  # the ReplayScene over this board, while one is watched
        self.show_probabilities = False
        self.stop_laying: threading.Event | None = None  # stops a no-guess board being laid
        self.laying_at: Cell | None = None  # a first click waiting for its board: shown pressed
        self._code: tuple | None = None  # ((game, first cell, laid), its board code)
        ctx.frame.relaid.append(self.clamp_scroll)
        self.reset()

    def reset(self) -> None:
        """Fresh state for the game now shown; its canvas is drawn anew."""
        self.gestures.reset()
        self.ctx.status.clear()
        self.cursor: Cell | None = None
        self.top = self.left = 0
        self.mouse_pos = (-1, -1)
        self.ctx.drawn.reset()
        self.ctx.drawn.invalidate()
        self.hint = None
        self.wants_hint = False
        self.probabilities: dict[Cell, float] | None = None

    @property
    def game(self) -> Game:
        """The game on the board: the session's, or the one a replay plays back."""
        return self.watching.game if self.watching is not None else self.ctx.session.game

    @property
    def layout(self):
        return self.ctx.frame.layout

    # ---- input --------------------------------------------------------------------------

    def handle(self, event: Event) -> bool:
        t = event.type
        if t == pygame.KEYDOWN:
            self.key(event)
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in BUTTONS:
            self.button(t, event.button, event.pos)
        elif t == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.follow_pointer()
        elif t == pygame.MOUSEWHEEL:
            dx, dy = event.x, event.y
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                dx, dy = -dy, 0
            self.scroll_by(-dy * WHEEL_CELLS, dx * WHEEL_CELLS)
        else:
            return False
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
        self.mouse_pos = pos
        lay, now = self.layout, self.ctx.aids.now()
        cell = lay.cell_at(*pos, self.top, self.left)
        on_face = lay.on_face(*pos)
        if t == pygame.MOUSEBUTTONUP:
            self.play_all(self.gestures.release(button, cell, now, self.look, on_face=on_face))
            return
        if self.ctx.session.paused_by(PAUSE_KEY):
            self.toggle_pause()  # a click plays on; its release does not act on the board
            return
        if button == LEFT and not on_face:
            self.cursor = None
        self.play_all(self.gestures.press(button, cell, now, on_face=on_face))

    def follow_pointer(self) -> None:
        """The held buttons follow the mouse (after a motion or a scroll)."""
        pos = self.mouse_pos
        cell = self.layout.cell_at(*pos, self.top, self.left)
        self.gestures.motion(cell, self.ctx.aids.now(), on_face=self.layout.on_face(*pos))

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

    # ---- the keyboard cursor and the scroll ---------------------------------------------

    def move_cursor(self, drow: int, dcol: int) -> None:
        if self.cursor is None:
            lay = self.layout
            self.cursor = (self.top + lay.view_rows // 2, self.left + lay.view_cols // 2)
        else:
            g = self.game
            row = max(0, min(g.rows - 1, self.cursor[0] + drow))
            col = max(0, min(g.cols - 1, self.cursor[1] + dcol))
            self.cursor = (row, col)
        self.keep_cursor_in_view()

    def keep_cursor_in_view(self) -> None:
        row, col = self.cursor
        lay = self.layout
        top = min(max(self.top, row - lay.view_rows + 1), row)
        left = min(max(self.left, col - lay.view_cols + 1), col)
        self.scroll_by(top - self.top, left - self.left)

    def key_move(self, kind: MoveKind) -> None:
        """Space, F, D on the keyboard cursor (the first press shows the cursor)."""
        if self.watching is not None:
            return
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        if kind is MoveKind.OPEN:  # what a left click there would do
            for move in click_moves(self.cursor, self.look, self.ctx.settings):
                self.apply(move)
        else:
            self.apply(Move(kind, *self.cursor))

    def scroll_by(self, rows: int, cols: int) -> None:
        old = (self.top, self.left)
        self.top += rows
        self.left += cols
        self.clamp_scroll()
        if (self.top, self.left) != old:
            moved = (self.top - old[0], self.left - old[1])
            renderer = self.ctx.frame.renderer
            self.ctx.drawn.pending.extend(renderer.scroll(*moved, self.top, self.left))
            self.follow_pointer()

    def clamp_scroll(self) -> None:
        lay = self.layout
        self.top = max(0, min(self.top, lay.rows - lay.view_rows))
        self.left = max(0, min(self.left, lay.cols - lay.view_cols))

    def show_first_click(self) -> None:
        """A board laid for its first click: the cell marked, in view, and said."""
        g = self.game
        if g.state is GameState.READY and g.first_click is not None:
            self.cursor = g.first_click
            self.keep_cursor_in_view()
            self.ctx.status.say("Start at the marked cell", lasting=True)

    # ---- moves ----------------------------------------------------------------------------

    def play(self, move: Move, *, laid: bool = False) -> None:
        """Execute a move on the game and note what to redraw (`laid`: its board was just
        laid for it off the frame)."""
        ctx = self.ctx
        if self.watching is not None or ctx.aids.chores.busy:
            return  # a replay is watched, not played; a board being laid, or a file read, waits
        if not laid and (ctx.session.needs_laying(move) or self._big_first_open(move)):
            self._lay_then(move)
            return
        g = self.game
        before, cell_before = g.state, g.cell(move.row, move.col)
        outcome = ctx.session.play(move)
        if outcome.refused:
            ctx.status.say(outcome.refused, lasting=True)
            self.cursor = self.game.first_click  # the mark, in view
            self.keep_cursor_in_view()
            return
        ctx.aids.sounds.play_move(move.kind, len(outcome.changed), before, g.state, cell_before)
        if outcome.started:
            ctx.aids.assistant.prepare(g.rows, g.cols)  # the first hint's tables, off the frame
            ctx.status.clear()  # "start at the marked cell" has been done
            if self.game.no_guess_failed:
                ctx.status.say(NO_GUESS_FAILED)
        self.after_move(outcome.changed, (move.row, move.col), outcome)

    def after_move(self, changed: CellSet, origin: Cell, outcome: Outcome | None = None) -> None:
        """Redraw, motion, hints and the end of the game, after any change (`outcome`: what
        the session did; None while a replay plays back)."""
        ctx, g = self.ctx, self.game
        self.take_session_messages()
        if not changed:
            return
        if self.motion and len(changed) > 1 and self._animate(changed, origin):
            # the veiled tiles look as they did until their ring turns: only the clicked
            # cell is drawn now (a 200x200 cascade would otherwise redraw the whole view)
            ctx.drawn.pending.append([origin])
        else:
            ctx.drawn.pending.append(changed)
        if self.hint is not None:  # the hint was for the board as it was: marks and words go
            ctx.drawn.pending.append(hint_cells(self.hint))
            if ctx.status.saying() == self.hint_words(self.hint):
                ctx.status.clear()
            self.hint = None
        if self.show_probabilities:
            ctx.aids.assistant.ask("probabilities", g.view(), g.mines)
        if outcome is not None and outcome.finished is not None:
            self._game_over(outcome.finished)

    def _big_first_open(self, move: Move) -> bool:
        """The first reveal of a board whose laying, 3BV and flood fill cost more than a
        frame (docs/DESIGN.md, "Threads"); on a board laid before, its fill."""
        g = self.game
        return (move.kind is MoveKind.OPEN and g.state is GameState.READY
                and g.rows * g.cols >= LAY_OFF_FRAME_CELLS)  # fmt: skip

    def _lay_then(self, move: Move) -> None:
        """Lay the board off the frame (a chore: a no-guess search, or a big board's mines,
        3BV and first opening, see `Game.lay`), and play `move` once it is laid; the cell
        shows pressed and the window goes on answering (and can start another game or quit)
        meanwhile."""
        game, stop = self.game, threading.Event()
        self.stop_laying, self.laying_at = stop, (move.row, move.col)

        def then(laid: bool) -> None:
            if self.stop_laying is stop:
                self.stop_laying = self.laying_at = None
            if laid and game is self.ctx.session.game:
                self.gestures.moved_on()
                self.play(move, laid=True)

        said = "Laying a no-guess board..." if game.no_guess else ""
        self.ctx.aids.chores.start(lambda: game.lay(move.row, move.col, stop.is_set), then,
                                   said)  # fmt: skip

    def halt_laying(self) -> None:
        """Another game or quitting: the search stops at its next step; nothing is laid."""
        if self.stop_laying is not None:
            self.stop_laying.set()
            self.stop_laying = self.laying_at = None

    def take_session_messages(self) -> None:
        """Lines the session has for the player (a folder that cannot be written...): said
        once, in a dialog (the store has put them on stderr too)."""
        lines = self.ctx.session.take_messages()
        if lines:
            self.ctx.dialogs.open(NoticeDialog("Note", lines))

    def can_undo(self) -> bool:
        return self.watching is None and bool(self.game.moves)

    def can_redo(self) -> bool:
        return self.watching is None and self.game.can_redo

    def undo(self) -> None:
        """Take back the last move, a loss too (its row is replaced when the game ends again,
        as assisted). A win is final."""
        g = self.game
        if not self.can_undo():
            return
        if g.state is GameState.WON:
            self.ctx.status.say("A won game is final")
            return
        self.after_move(self.ctx.session.undo().changed, g.first_click or (0, 0))
        self.ctx.status.say("Undone (now assisted)")

    def redo(self) -> None:
        if not self.can_redo():
            return
        move = self.game.next_redo
        self.after_move(self.ctx.session.redo().changed, (move.row, move.col))

    def toggle_pause(self) -> None:
        """The pause key: the clock stops and the board is hidden until play goes on."""
        s = self.ctx.session
        if s.paused_by(PAUSE_KEY):
            s.resume(PAUSE_KEY)
        elif self.can_pause():
            s.pause(PAUSE_KEY)
            self.gestures.reset()
        else:
            self.ctx.status.say("Nothing to pause yet")
        self.ctx.drawn.status = None

    def can_pause(self) -> bool:
        s = self.ctx.session
        return s.paused_by(PAUSE_KEY) or (
            s.game.state is GameState.PLAYING and self.watching is None
        )

    def board_code(self) -> str | None:
        """The board's code (asked for by the resting line each frame: worked out once for a
        game and its first cell)."""
        g = self.game
        key = (g, g.first_click, g.is_laid)
        if self._code is None or self._code[0] != key:
            self._code = (key, code_of(g))
        return self._code[1]

    def _game_over(self, done) -> None:
        """Tell the player how the game went (the session has recorded it)."""
        g = self.game
        rec, new = done.record, done.new
        if g.state is GameState.LOST:
            cleared = g.safe_opened * 100 // max(g.safe_total, 1)
            self.ctx.status.say(f"Boom! {cleared}% cleared")
            return
        table = [
            ("Time", f"{rec.time_ms / 1000:.3f} s"),
            ("3BV", rec.bbbv),
            ("3BV/s", "-" if rec.bbbv_per_s is None else f"{rec.bbbv_per_s:.2f}"),
            ("Clicks", rec.clicks),
            ("Efficiency", f"{rec.efficiency:.0%}"),
        ]
        code = self.board_code()
        if code:
            table.append(("Code", code))
        news = []
        if new is not None and new.best_time:
            news.append("New best time!")
        if new is not None and new.best_rate:
            news.append("New best 3BV/s!")
        self.ctx.dialogs.open(NoticeDialog("You won!", news, table=table, new_game=True))

    @property
    def motion(self) -> bool:
        return self.ctx.settings.motion and self.ctx.aids.motion_allowed

    def _animate(self, changed: CellSet, origin: Cell) -> bool:
        """Turn the visible changed tiles over from `origin` (see DrawState.cascade)."""
        g = self.game
        wrong = None
        if g.state is GameState.LOST:

            def wrong(cell):
                return g.cell(*cell) == ViewChar.WRONG_FLAG

        view = (self.top, self.left, self.layout.view_rows, self.layout.view_cols)
        return self.ctx.drawn.cascade(changed, origin, view, self.ctx.aids.now(), wrong)

    # ---- the solver's help ----------------------------------------------------------------

    def ask_hint(self) -> None:
        if self.watching is not None or self.game.state.is_over:
            self.ctx.status.say("No hint: the game is over")
            return
        self.wants_hint = True
        self.ctx.aids.assistant.ask("hint", self.game.view(), self.game.mines)

    def toggle_probabilities(self) -> None:
        self.show_probabilities = not self.show_probabilities
        if self.show_probabilities:
            if self.watching is None and not self.game.state.is_over:
                self.game.assisted = True  # seeing the odds is help, like a hint
            self.ctx.aids.assistant.ask("probabilities", self.game.view(), self.game.mines)
        self.ctx.status.say("Mine odds on" if self.show_probabilities else "Mine odds off")
        self.ctx.drawn.invalidate()

    def _collect_assistance(self) -> None:
        view, assistant = None, self.ctx.aids.assistant
        if self.wants_hint:
            view = self.game.view()
            ready, hint = assistant.answer("hint", view)
            if ready:
                self.wants_hint = False
                self.show_hint(hint)
        if self.show_probabilities:
            view = view or self.game.view()
            ready, analysis = assistant.answer("probabilities", view)
            if ready:
                self.probabilities = analysis.probabilities
                self.ctx.drawn.invalidate()

    def show_hint(self, hint) -> None:
        if hint is None:
            self.ctx.status.say("Nothing is left to open")
            return
        self.hint = hint
        if self.watching is None and not self.game.state.is_over:
            self.game.assisted = True
        self.ctx.status.say(self.hint_words(hint))  # an estimated guess says so itself
        self.ctx.drawn.pending.append(hint_cells(hint))
        if self.layout.cell_rect(*hint.cell, self.top, self.left) is None:
            self.cursor = hint.cell
            self.keep_cursor_in_view()

    def hint_words(self, hint) -> str:
        """Why the hint, in words that point at its marks and fit the status line."""
        return hint_words(hint, self.game.cell, self.game.mines, self.status_room())

    # ---- what the toolbar and the status line show ----------------------------------------

    def timer_value(self) -> int:
        if self.watching is not None:
            pb = self.watching.playback
            return shown_seconds(int(pb.position_ms) if pb.next else None)
        return self.ctx.session.timer_seconds()

    def face(self) -> str:
        if self.gestures.face_pressed:
            return "face_pressed"
        if self.game.state is GameState.WON:
            return "face_win"
        if self.game.state is GameState.LOST:
            return "face_lose"
        if self.gestures.holding_board:
            return "face_oh"
        return "face_smile"

    def pressed_cells(self) -> set[Cell]:
        g = self.game
        if g.state.is_over or self.watching is not None:
            return set()
        if self.laying_at is not None:
            return {self.laying_at}
        return self.gestures.pressed_cells(self.look, lambda cell: g.chord_targets(*cell))

    def status_room(self) -> int:
        """How many characters the line under the board holds."""
        frame = self.ctx.frame
        return max(1, (frame.layout.status.w - 4) // frame.theme.font.width)

    def status_text(self) -> str:
        """What the line under the board shows now; a line too long for it scrolls."""
        return self.ctx.status.text(self.status_room(), self.resting_status)

    def resting_status(self) -> str:
        """The line under the board when no message is up: replay counters, mines hit, or
        the board code once there is one."""
        ctx, g = self.ctx, self.game
        if self.watching is not None:
            return self.watching.status()
        if ctx.aids.chores.busy and ctx.aids.chores.status:
            return ctx.aids.chores.status
        if ctx.session.paused_by(PAUSE_KEY) and ctx.session.veiled:
            return "Paused: click or F3"  # fits the narrowest line (26)
        if self.show_probabilities and self.probabilities is not None and not g.state.is_over:
            cell = self.layout.cell_at(*self.mouse_pos, self.top, self.left)
            if cell is not None and cell in self.probabilities:
                return odds_words(self.probabilities[cell])
        if self.hint is not None:  # the marks stay until the board changes: so do the words
            return self.hint_words(self.hint)
        if g.deaths and not g.state.is_over:
            return f"Mines hit: {g.deaths}"
        return status.text_of(self.resting_pieces())

    def resting_pieces(self) -> list[status.Piece]:
        """At rest: the board code once there is one (else where to find help), the daily
        board and no-guess mode, labelled, or as icons where the line is narrow."""
        parts, g, daily = [], self.game, self.ctx.session.daily
        code = self.board_code() if g.state is not GameState.READY else None
        if code:
            parts.append(status.Part("Code", "code", code))
        else:
            parts.append(status.Part("F1 keys, Alt menu", "help"))
        if daily is not None and self.watching is None:
            parts.append(status.Part("Daily", "daily", daily))
        if g.no_guess:
            parts.append(status.Part("No guess", "noguess"))
        return status.fit(parts, self.status_room())

    # ---- time and drawing -------------------------------------------------------------------

    def update(self, now: int) -> None:
        if self.ctx.session.paused_by(PAUSE_DIALOG):
            self.gestures.reset()  # a dialog or a menu came up over what was held
        elif self.watching is None:
            self.play_all(self.gestures.tick(now, self.look))
        self._collect_assistance()

    def due(self, now: int) -> int | None:
        """Now while a button is held (a press, a drag, a long press), a hint or the odds are
        awaited or a long message scrolls; else the clock's next second in play."""
        g, ctx = self.gestures, self.ctx
        if (g.left or g.right or g.middle or self.wants_hint or self.laying_at is not None
                or (self.show_probabilities and ctx.aids.assistant.busy)
                or len(ctx.status.saying() or "") > self.status_room()):  # fmt: skip
            return now
        if self.watching is None and ctx.session.running:
            return now + 1000 - ctx.session.elapsed_ms() % 1000
        return None

    def draw(self, full: bool) -> None:
        """The board (veiled while a game in play is paused), the toolbar, the status line:
        everything when `full`, else what changed."""
        ctx = self.ctx
        r, drawn = ctx.frame.renderer, ctx.drawn
        if ctx.dialogs.dialog is not None and not full:
            return  # the dialog covers the board; what changed under it waits
        game = self.game
        pressed = self.pressed_cells()
        hint_cell = self.hint.cell if self.hint is not None else None
        # the odds are for a game in play: at the end they would hide the mines shown
        showing = self.show_probabilities and not game.state.is_over
        probs = self.probabilities if showing else None
        looks = Looks(pressed, self.cursor, drawn.veiled, hint_cell, probs,
                      hint_marks(self.hint))  # fmt: skip
        if drawn.board_hidden:  # paused: every cell covered, nothing held or hinted
            looks = Looks()
        args = (VeiledBoard(game) if drawn.board_hidden else game, self.top, self.left)
        if full:
            r.draw_frame()
            r.draw_board(*args, looks)
        else:
            for cells in drawn.pending:
                r.draw_cells(*args, cells, looks)
            touched = pressed ^ drawn.pressed
            if self.cursor != drawn.cursor:
                touched |= {c for c in (self.cursor, drawn.cursor) if c is not None}
            if touched:
                r.draw_cells(*args, touched, looks)
        drawn.pressed = pressed
        drawn.cursor = self.cursor
        r.draw_toolbar(game.mines_remaining, self.face(), self.timer_value())
        line = self.status_text()
        if full or line != drawn.status:
            pieces = self.resting_pieces() if ctx.status.message is None else None
            resting = pieces is not None and line == status.text_of(pieces)
            r.draw_status(pieces if resting else line)  # icons only for the resting line
            drawn.status = line


class VeiledBoard:
    """What a paused game shows: its size, and every cell covered."""

    def __init__(self, game: Game) -> None:
        self.rows, self.cols = game.rows, game.cols

    def view(self) -> list[str]:
        return [ViewChar.COVERED * self.cols] * self.rows

    def cell(self, row: int, col: int) -> str:
        return ViewChar.COVERED
