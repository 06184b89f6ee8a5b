"""The board being played (Tatham's `game_ui`): what the player is doing on it (the mouse
buttons, the keyboard cursor, the view and its scroll bars, the pointer, the hint shown, the
odds on or off), moves made and taken back, what follows a move, and the drawing of the board,
the scroll bars, the toolbar and the status line for whichever game is shown (a replay's too).
Where the view goes is asked of game/ui/view.py. It never starts another game (that is
games.py's, through the command table) and never sizes the window.
"""

from __future__ import annotations

import threading

import pygame
from pygame.event import Event

from ... import i18n
from ...engine import Game, GameState, Move, MoveKind
from ...engine.cells import CellSet, ViewChar
from ...engine.codes import code_of
from ...engine.game import lay_for
from ...engine.walk import move_events
from ...i18n import N_, _, date
from ...session import NO_GUESS_FAILED, PAUSE_AWAY, PAUSE_DIALOG, PAUSE_KEY, Outcome
from ...store.records import bests_set
from .. import screen as desktop
from .. import scrollbars, status
from .. import view as place
from ..analyses import longest
from ..dialogs import NoticeDialog, result_table
from ..gestures import LEFT, MIDDLE, NEW_GAME, RIGHT, Gestures, click_moves
from ..hints import hint_cells, hint_marks, hint_words, odds_words
from ..keys import action_for
from ..render import Looks
from .context import Context
from .layer import Layer
from .map import GoTo, MapDialog, map_panel, outside

WHEEL_CELLS = 3
ANCHOR_MS = 1000  # a zoom about the pointer holds its cell under it through the window's moves
LAY_OFF_FRAME_CELLS = 4096  # a first click on a board this big is laid (and filled) by a chore
BUTTONS = (LEFT, MIDDLE, RIGHT)
CODE_ROW_MIN_W = 240  # canvas pixels: a result notice this wide holds the code on one line
BUTTON_NAMES = {LEFT: "left", MIDDLE: "middle", RIGHT: "right"}  # as the journal writes them
Cell = tuple[int, int]


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
        self.watching = None  # the ReplayScene over this board, while one is watched
        self.show_probabilities = False
        self.stop_laying: threading.Event | None = None  # stops a no-guess board being laid
        self.result = None  # (the result notice, the game's Finished) until its measures come
        self.ending = None  # (a big game's Finished, whether it ended this frame): `_game_over`
        self.laying_at: Cell | None = None  # a first click waiting for its board: shown pressed
        self._code: tuple | None = None  # ((game, first cell, laid), its board code)
        self.under_map: tuple | None = None  # the canvas under the map (see `open_map`)
        self._map_canvas: pygame.Surface | None = None  # what the map is drawn on, kept
        ctx.frame.relaid.append(self.relaid)
        self.reset()

    def reset(self) -> None:
        """Fresh state for the game now shown; its canvas is drawn anew."""
        self.gestures.reset()
        self.ctx.status.clear()
        self.cursor: Cell | None = None
        self.top = self.left = 0
        self.laid = self.layout  # the layout the view (top, left) was placed in
        self.thumb: scrollbars.ThumbDrag | None = None  # a scroll bar's thumb held
        self._canvas_back()  # the game's canvas, if a map was open
        self.pan_from: tuple | None = None  # the middle button's (pos, top, left) at its press
        self.mouse_pos = (-1, -1)
        self.anchor: tuple | None = None  # (cell, spot, pointer, window position, until): `zoom_at`
        self._unpaused_by: int | None = None  # the button whose press ended a pause
        self.ctx.drawn.reset()
        self.ctx.drawn.invalidate()
        self.hint = None
        self.wants_hint = False
        self.probabilities: dict[Cell, float] | None = None
        self._ready_for_first_click()

    def _ready_for_first_click(self) -> None:
        """A big board waits for its first click: the worker process that lays it (and will
        measure and analyse the game) and the solver's tables for its size are made ready now,
        off the loop's thread, so that the click's frames do not share the interpreter lock
        with a process being spawned or the solver being imported."""
        g = self.ctx.session.game
        if (
            self.watching is None
            and g is not None
            and self._big_first_open(Move(MoveKind.OPEN, 0, 0))
        ):
            self.ctx.aids.analyses.warm()
            if self.ctx.aids.chores.threaded:
                from ... import worker as workers  # a process: loaded for a big board only

                workers.shared(workers.BOARDS).start_soon()
            self.ctx.aids.assistant.prepare(g.rows, g.cols)

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
        if _acts(event):
            self.anchor = None  # the player acts: the zoom's anchor is done with
        if t == pygame.KEYDOWN:
            self.key(event)
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in BUTTONS:
            self.button(t, event.button, event.pos)
        elif t == pygame.WINDOWMOVED:
            return self.reanchor()
        elif t == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.end_gesture()
            if not self.drag_view():
                self.follow_pointer()
        elif t == pygame.MOUSEWHEEL:
            self.wheel(event)
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

    def wheel(self, event: Event) -> None:
        """The wheel scrolls (Shift, a tilted wheel or a touchpad: sideways); Ctrl+wheel
        zooms about the pointer."""
        dx, dy = event.x, event.y
        mods = getattr(event, "mod", None)  # the keys down when it was made (game/ui/inbox.py)
        mods = pygame.key.get_mods() if mods is None else mods
        if mods & pygame.KMOD_CTRL:
            if dy:
                self.zoom_at(1 if dy > 0 else -1, self.mouse_pos)
            return
        if mods & pygame.KMOD_SHIFT:
            dx, dy = -dy, 0
        self.scroll_by(-dy * WHEEL_CELLS, dx * WHEEL_CELLS)

    def zoom_at(self, step: int, pos: Cell) -> None:
        """Zoom in (1) or out (-1) keeping the spot under the pointer under it (the zoom
        commands alone keep the middle of the view). Notch after notch with the pointer
        still (however slow), the first notch's cell and spot stay the anchor, so a view held
        by a board edge on the way comes back where it started."""
        desk = desktop.window_position()
        held = self.anchor
        if held is not None and _on_desktop(held[2], held[3]) == _on_desktop(pos, desk):
            cell, spot = held[0], held[1]
        else:
            found = place.pointed(pos, self.top, self.left, self.layout)
            cell, spot = found if found is not None else (None, None)
        until = self.ctx.aids.now() + ANCHOR_MS
        self.anchor = None if cell is None else (cell, spot, pos, desk, until)
        self.ctx.commands.do("zoom_in" if step > 0 else "zoom_out")
        self.reanchor()

    def end_gesture(self) -> None:
        """The pointer moved on the desktop: the next zoom anchors on what is under it then
        (a window moved under a still pointer sends motion too, to the same desktop spot)."""
        held = self.anchor
        here = _on_desktop(self.mouse_pos, desktop.window_position())
        if held is not None and _on_desktop(held[2], held[3]) != here:
            self.anchor = None

    def reanchor(self) -> bool:
        """The zoomed window moved (kept on the screen as it grew) or is resized a frame
        later by the window manager: the pointer stayed still on the desktop, so it is
        somewhere else in the window, and the pointed spot goes back under it (for a second
        after the zoom; the gesture's anchor itself lasts until the pointer moves, a button
        or a key)."""
        if self.anchor is None or self.ctx.aids.now() > self.anchor[-1]:
            return False
        cell, spot, pos, was, _ = self.anchor
        self.mouse_pos = place.pointer_after_move(pos, was, desktop.window_position())
        self.anchor = (cell, spot, self.mouse_pos, desktop.window_position(), self.anchor[-1])
        self.view_to(*place.anchored(cell, self.mouse_pos, self.layout, spot))
        return True

    def on_bar(self, t: int, button: int, pos: Cell) -> bool:
        """A left press on a scroll bar grabs its thumb or pages; its release lets go."""
        if t == pygame.MOUSEBUTTONUP:
            held, self.thumb = self.thumb, None
            return held is not None and button == LEFT
        lay = self.layout
        bar = scrollbars.bar_at(lay, self.top, self.left, lay.canvas_point(*pos))
        if bar is None or button != LEFT:
            return False
        point = lay.canvas_point(*pos)
        page = bar.page(point)
        if page == 0:
            self.thumb = scrollbars.ThumbDrag(
                bar.vertical, bar.along(point) - bar.offset_of(bar.first)
            )
        elif bar.vertical:
            self.scroll_by(page * bar.page_cells, 0)
        else:
            self.scroll_by(0, page * bar.page_cells)
        return True

    def drag_view(self) -> bool:
        """A thumb held, or the board dragged with the middle button, moves the view with the
        pointer; whether one did."""
        pos, lay = self.mouse_pos, self.layout
        if self.thumb is not None:
            bar = next(
                (
                    b
                    for b in scrollbars.bars(lay, self.top, self.left)
                    if b.vertical == self.thumb.vertical
                ),
                None,
            )
            if bar is None:  # the window grew to show it all
                self.thumb = None
                return False
            # off the canvas too: the thumb follows the pointer along its track
            point = ((pos[0] - lay.origin_x) // lay.scale, (pos[1] - lay.origin_y) // lay.scale)
            first = self.thumb.first(bar, point)
            if bar.vertical:
                self.view_to(first, self.left)
            else:
                self.view_to(self.top, first)
            return True
        if self.pan_from is None:
            return False
        self.follow_pointer()  # the gestures decide when a middle press becomes a drag
        if self.gestures.panning:
            (x0, y0), top, left = self.pan_from
            cell = lay.sizes.tile * lay.scale
            self.view_to(top - round((pos[1] - y0) / cell), left - round((pos[0] - x0) / cell))
        return True

    def button(self, t: int, button: int, pos: Cell) -> None:
        self.mouse_pos = pos
        if self.on_bar(t, button, pos):
            return
        if button == MIDDLE:
            self.pan_from = (pos, self.top, self.left) if t == pygame.MOUSEBUTTONDOWN else None
        lay, now = self.layout, self.ctx.aids.now()
        cell = lay.cell_at(*pos, self.top, self.left)
        on_face = lay.on_face(*pos)
        up = t == pygame.MOUSEBUTTONUP
        unpausing = not up and self.ctx.session.paused_by(PAUSE_KEY)
        if up and self._unpaused_by == button:
            self._unpaused_by = None  # the release of the click that played on: no click
        elif self.watching is None and not on_face and not unpausing:
            # every click on the board is journaled before it acts (docs/FORMATS.md)
            self.ctx.session.note(
                "release" if up else "press", button=BUTTON_NAMES[button], cell=cell
            )
        if up:
            self.play_all(self.gestures.release(button, cell, now, self.look, on_face=on_face))
            return
        if unpausing:
            self._unpaused_by = button
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
        self.follow(self.cursor)

    def follow(self, cell: Cell) -> None:
        """The play went to `cell`: the view stays if it shows it, else brings it to the
        middle (game/ui/view.py)."""
        self.view_to(*place.follow(cell, self.top, self.left, self.layout))

    def centre_on(self, cell: Cell) -> None:
        self.view_to(*place.centred(cell, self.layout))

    def view_to(self, top: int, left: int) -> None:
        self.scroll_by(top - self.top, left - self.left)

    def key_move(self, kind: MoveKind) -> None:
        """Space, F, D on the keyboard cursor. A press when the cursor is not on screen (none
        yet, or scrolled away by the wheel) only shows it: nothing is done out of sight."""
        if self.watching is not None:
            return
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        if not place.in_view(self.cursor, self.top, self.left, self.layout):
            self.keep_cursor_in_view()
            return
        key = {MoveKind.OPEN: "space", MoveKind.FLAG: "f", MoveKind.CHORD: "d"}[kind]
        self.ctx.session.note("key", key=key, cell=self.cursor)  # journaled as the click it is
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
        self.top, self.left = place.clamp(self.top, self.left, self.layout)

    def relaid(self) -> None:
        """A new layout (the window resized, zoomed, full screen, a theme): the same board
        keeps the middle of its view in the middle; another starts on the board."""
        old, new = self.laid, self.layout
        if (old.rows, old.cols) == (new.rows, new.cols):
            self.top, self.left = place.kept_centre(self.top, self.left, old, new)
        self.laid = new
        self.clamp_scroll()
        if (old.rows, old.cols) == (new.rows, new.cols):
            self.reanchor()  # a zoom about the pointer keeps its cell instead

    def show_where_play_is(self) -> None:
        """A game just put on the board: a board laid for its first click opens with that
        cell marked in the middle (and said); a game resumed, with its last move in view."""
        g = self.game
        if g.state is GameState.READY and g.first_click is not None:
            self.cursor = g.first_click
            self.centre_on(g.first_click)
            self.ctx.status.say(_("Start at the marked cell"), lasting=True)
        elif g.moves:
            last = g.moves[-1]
            self.follow((last.row, last.col))

    def open_map(self) -> None:
        """The whole board over the game (game/ui/scenes/map.py), the view's frame on it. The
        canvas as it is (when it shows the board up to date) is kept, so closing the map puts
        it back instead of drawing a whole view of a huge board again: the map is drawn on a
        canvas of its own (kept from one map to the next), and the game's is swapped back."""
        lay, drawn, r = self.layout, self.ctx.drawn, self.ctx.frame.renderer
        self._canvas_back()
        if (
            not (drawn.full or drawn.board_anew or drawn.pending or drawn.board_hidden)
            and drawn.board_shown
        ):
            self.under_map = (self._looks_now(), r, r.canvas)
            r.canvas = self._canvas_for_map(r.canvas)
        self.ctx.dialogs.open(
            MapDialog(self.game, (self.top, self.left, lay.view_rows, lay.view_cols))
        )

    def _canvas_for_map(self, canvas: pygame.Surface) -> pygame.Surface:
        """The map's canvas, showing what `canvas` shows round the map's panel (the menu bar,
        the frame's edge): a few strips copied, not a whole window."""
        spare = self._map_canvas
        if spare is None or spare is canvas or spare.get_size() != canvas.get_size():
            spare = self._map_canvas = canvas.copy()
            return spare
        panel = map_panel(self.layout.sizes.border, self.layout.frame)
        for part in outside(panel, canvas.get_size()):
            rect = (part.x, part.y, part.w, part.h)
            spare.blit(canvas, rect, rect)
        return spare

    def _canvas_back(self) -> tuple | None:
        """The game's canvas back in its renderer after the map (the map was drawn on its
        own); what was kept of it, if anything."""
        kept, self.under_map = self.under_map, None
        if kept is not None:
            kept[1].canvas = kept[2]
        return kept

    def _looks_now(self) -> tuple:
        """What the board drawn depends on, apart from the theme (kept by the renderer)."""
        g = self.game
        return (
            g,
            len(g.moves),
            g.state,
            self.top,
            self.left,
            self.cursor,
            self.hint,
            self.probabilities,
            self.show_probabilities,
            frozenset(self.pressed_cells()),
            len(self.ctx.drawn.veiled),
        )

    def _put_back_under_map(self) -> bool:
        """After the map closed: the canvas kept when it opened, if the board it showed is
        still the one to show (the same renderer, game, view and marks); whether it was."""
        kept = self._canvas_back()
        r, drawn = self.ctx.frame.renderer, self.ctx.drawn
        if kept is None or drawn.board_hidden or kept[1] is not r or kept[0] != self._looks_now():
            return False
        drawn.board_shown = True
        return True

    def go_to(self, answer: GoTo) -> None:
        """A place chosen on the map comes to the middle of the view."""
        self.centre_on(answer.cell)

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
            # the mark in view; the keyboard cursor stays where the player put it, so the
            # arrows still move from the cell they were going to open
            self.follow(self.game.first_click)
            return
        ctx.aids.sounds.play_move(move.kind, len(outcome.changed), before, g.state, cell_before)
        if outcome.started:
            ctx.aids.assistant.prepare(g.rows, g.cols)  # the first hint's tables, off the frame
            ctx.status.clear()  # "start at the marked cell" has been done
            if self.game.no_guess_failed:
                ctx.status.say(_(NO_GUESS_FAILED))
        self.after_move(outcome.changed, (move.row, move.col), outcome)

    def after_move(self, changed: CellSet, origin: Cell, outcome: Outcome | None = None) -> None:
        """Redraw, motion, hints and the end of the game, after any change (`outcome`: what
        the session did; None while a replay plays back)."""
        ctx, g = self.ctx, self.game
        self.take_session_messages()
        if not changed:
            return
        # only the cells in view are drawn: of a loss on a big board, only their runs are made
        changed = changed.within(
            (self.top, self.left, self.layout.view_rows, self.layout.view_cols)
        )
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
            if self._big(g):  # its notice and analysis the next frame: `update`
                self.ending = (outcome.finished, True)
            else:
                self._game_over(outcome.finished)

    @staticmethod
    def _big(g: Game) -> bool:
        return g.rows * g.cols >= LAY_OFF_FRAME_CELLS

    def _end_later(self) -> None:
        """A big game's end is shown over two frames (docs/DESIGN.md, "Threads"): the one of
        its last move turns its cells over (a loss's mines, 4-8 ms of the loop's own time on
        200x200), the next opens the notice and hands the game to the analysis (2-3 ms more,
        and the threads that measure and analyse it woken beside that frame, not the first).
        Taken back or left meanwhile, it shows nothing."""
        done, fresh = self.ending
        if fresh:
            self.ending = (done, False)
            return
        self.ending = None
        if done is self.ctx.session.finished and self.watching is None:
            self._game_over(done)

    def _big_first_open(self, move: Move) -> bool:
        """The first reveal of a board whose laying, 3BV and flood fill cost more than a
        frame (docs/DESIGN.md, "Threads"); on a board laid before, its fill."""
        g = self.game
        return move.kind is MoveKind.OPEN and g.state is GameState.READY and self._big(g)

    def _lay_then(self, move: Move) -> None:
        """Lay the board off the frame (a chore: a no-guess search, or a big board's mines,
        3BV and first opening, see `Game.lay`), and play `move` once it is laid; the cell
        shows pressed and the window goes on answering (and can start another game or quit)
        meanwhile."""
        game, stop, chores = self.game, threading.Event(), self.ctx.aids.chores
        self.stop_laying, self.laying_at = stop, (move.row, move.col)
        self.ctx.aids.analyses.warm()  # a big game: its end will want the worker process

        def then(laid: bool) -> None:
            if self.stop_laying is stop:
                self.stop_laying = self.laying_at = None
            if laid and not stop.is_set() and game is self.ctx.session.game:
                self.gestures.moved_on()
                self.play(move, laid=True)

        if game.no_guess or not chores.threaded:

            def work() -> bool:
                return game.lay(move.row, move.col, stop.is_set)
        else:  # Python work the size of the board: in the worker process, where it does not
            # take the interpreter lock from this loop as a thread's would (taking its answer in
            # is a few assignments; should it not fit the game any more, the move lays)
            args = game.laying_args(move.row, move.col)

            def work() -> bool:
                from ... import worker as workers

                try:
                    game.take_laid(workers.shared(workers.BOARDS).call(lay_for, *args))
                except workers.WorkerDied:  # killed under it: laid here, slower but laid
                    return game.lay(move.row, move.col, stop.is_set)
                return True

        said = _("Laying a no-guess board...") if game.no_guess else ""
        chores.start(work, then, said)

    def halt_laying(self) -> None:
        """Another game or quitting: the search stops at its next step; nothing is laid."""
        if self.stop_laying is not None:
            self.stop_laying.set()
            self.stop_laying = self.laying_at = None

    def take_session_messages(self) -> None:
        """Lines the session has for the player (a folder that cannot be written...): said
        once, in a dialog (the store has put them on stderr too)."""
        lines = self.ctx.session.take_messages() + i18n.take_unshown()
        if lines:
            self.ctx.dialogs.open(NoticeDialog(_("Note"), lines))

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
            self.ctx.status.say(_("A won game is final"))
            return
        taken = g.moves[-1]
        self.after_move(self.ctx.session.undo().changed, g.first_click or (0, 0))
        self.follow((taken.row, taken.col))
        self.ctx.status.say(_("Undone (now assisted)"))

    def redo(self) -> None:
        if not self.can_redo():
            return
        move = self.game.next_redo
        # what redo did, in place of the "Undone" of the undo (an end it brings says its own)
        self.ctx.status.say(_(REDONE[move.kind]))
        self.after_move(self.ctx.session.redo().changed, (move.row, move.col))
        self.follow((move.row, move.col))

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
        """Tell the player how the game went (the session has recorded it): the measures
        come from the writer's thread a moment later (`update` puts them in), and, as soon as
        it is worked out off the frame, whether the guesses were bad luck."""
        g = self.game
        won = g.state is GameState.WON
        analyses, key = self.ctx.aids.analyses, self.ctx.session.game_id
        layout, moves = g.layout(), list(g.moves)  # the moves that stand, as the game ended
        analyses.ask_last(key, layout, lambda: (layout, move_events(moves)))

        def summary() -> str | None:
            return analyses.summary(key)

        table = self._result_table(done)
        code = self.board_code()
        if code and self.layout.canvas_size[0] >= CODE_ROW_MIN_W:
            # Translators: a row of the result notice: the board's code, to share the board.
            table.append((_("Code"), code))  # narrower, it would take two lines: the line under
            # the board shows the code anyway, and Ctrl+C copies it
        if not won:
            cleared = g.safe_opened * 100 // max(g.safe_total, 1)
            # Translators: the line under the board after a lost game; cleared is a percentage.
            self.ctx.status.say(_("Boom! %(cleared)d%% cleared") % {"cleared": cleared})
            # Translators: in the notice of a lost game; cleared is a percentage.
            said = [_("%(cleared)d%% of the board cleared.") % {"cleared": cleared}]
            # Translators: the title of the notice of a lost game (a mine went off).
            title = _("Boom!")
        else:
            said = self._win_lines(done)
            title = _("You won!")
        notice = NoticeDialog(
            title, said, table=table, new_game=True, live=summary, analyse=True, live_room=longest()
        )
        self.result = None if done.measured else (notice, done)
        self.ctx.dialogs.open(notice, over_board=True)  # the mines turn over under it

    @staticmethod
    def _win_lines(done) -> list[str]:
        """Under a win's figures: every best it set (records.bests_set), or why it set none."""
        board = "daily" if done.record.daily else ""
        # Translators: a record the win set; best names it ("best time", "best 3BV/s").
        said = [_("New %(best)s!") % {"best": best} for best in bests_set(done.new, board=board)]
        if done.record.why_no_record:  # one line: why this win set no record
            said.append(done.record.why_no_record)
        return said

    def _result_table(self, done) -> list[tuple[str, str]]:
        g = self.game
        return result_table(
            done.record.time_ms,
            g.bbbv or 0,
            g.bbbv_done(),
            g.state is GameState.WON,
            done.measured,
            done.measures,
        )

    def _measures_came(self) -> None:
        """The measures of the game just finished are made: into its notice, if still up."""
        notice, done = self.result
        self.result = None
        if done is not self.ctx.session.finished:
            return  # another game, or the loss was taken back
        notice.table[: len(self._result_table(done))] = self._result_table(done)
        if self.game.state is GameState.WON:  # the bests of the measures are known now
            notice.paragraphs = self._win_lines(done)
        notice.refresh()

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
            self.ctx.status.say(_("No hint: the game is over"))
            return
        if not self.game.is_laid:  # no mine anywhere yet: the first click lays them round it
            self.ctx.status.say(_("The first click is always safe"))
            return
        self.wants_hint = True
        # a proof where the player is looking first: the view stays where it is
        near = (self.top, self.left, self.layout.view_rows, self.layout.view_cols)
        self.ctx.aids.assistant.ask("hint", self.game.view(), self.game.mines, near)

    def toggle_probabilities(self) -> None:
        self.show_probabilities = not self.show_probabilities
        if self.show_probabilities:
            if self.watching is None and not self.game.state.is_over:
                self.ctx.session.assist("odds")  # seeing the odds is help, like a hint
            self.ctx.aids.assistant.ask("probabilities", self.game.view(), self.game.mines)
        self.ctx.status.say(_("Mine odds on") if self.show_probabilities else _("Mine odds off"))
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
            self.ctx.status.say(_("Nothing is left to open"))
            return
        self.hint = hint
        if self.watching is None and not self.game.state.is_over:
            self.ctx.session.assist("hint")
        self.ctx.status.say(self.hint_words(hint))  # an estimated guess says so itself
        self.ctx.drawn.pending.append(hint_cells(hint))
        if not place.in_view(hint.cell, self.top, self.left, self.layout):
            self.cursor = hint.cell
            self.follow(hint.cell)

    def hint_words(self, hint) -> str:
        """Why the hint, in words that point at its marks and fit the status line."""
        return hint_words(hint, self.game.cell, self.game.mines, self.status_room())

    # ---- what the toolbar and the status line show ----------------------------------------

    def timer_value(self) -> int:
        if self.watching is not None:
            return self.watching.timer_value()
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
            return _("Paused: click or F3")  # fits the narrowest line (26)
        if ctx.session.paused_by(PAUSE_AWAY) and ctx.session.veiled:
            return _("Paused: click to play on")  # the window lost the focus (the veil says why)
        if self.show_probabilities and self.probabilities is not None and not g.state.is_over:
            cell = self.layout.cell_at(*self.mouse_pos, self.top, self.left)
            if cell is not None and cell in self.probabilities:
                return odds_words(self.probabilities[cell])
        if self.hint is not None:  # the marks stay until the board changes: so do the words
            return self.hint_words(self.hint)
        if g.deaths and not g.state.is_over:
            # Translators: under the board; count: the mines that went off (no-death mode).
            return _("Mines hit: %(count)d") % {"count": g.deaths}
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
            parts.append(status.Part(_("F1 keys, Alt menu"), "help"))
        if daily is not None and self.watching is None:
            parts.append(status.Part(_("Daily"), "daily", date(daily)))
        if g.no_guess:
            parts.append(status.Part(_("No guess"), "noguess"))
        return status.fit(parts, self.status_room())

    # ---- time and drawing -------------------------------------------------------------------

    def update(self, now: int) -> None:
        if self.ending is not None:
            self._end_later()
        if self.result is not None and self.result[1].measured:
            self._measures_came()
        if self.ctx.session.paused_by(PAUSE_DIALOG):
            self.gestures.reset()  # a dialog or a menu came up over what was held
        elif self.watching is None and not self.ctx.drawn.held:  # a press's time waits too
            self.play_all(self.gestures.tick(now, self.look))
        self._collect_assistance()

    def due(self, now: int) -> int | None:
        """Now while a button is held (a press, a drag, a long press), something is awaited
        (a hint, the odds, the measures of the game just ended: the worker answers
        without an event to wake the loop) or a long message scrolls; else the clock's next
        second in play."""
        g, ctx = self.gestures, self.ctx
        if (
            g.left
            or g.right
            or g.middle
            or self.wants_hint
            or self.laying_at is not None
            or self.result is not None
            or self.ending is not None
            or (self.show_probabilities and ctx.aids.assistant.busy)
            or len(ctx.status.saying() or "") > self.status_room()
        ):
            return now
        if self.watching is None and ctx.session.running:
            return now + 1000 - ctx.session.elapsed_ms() % 1000
        return None

    def ready(self) -> bool:
        """Whether the frame can be drawn now: False while the board's blocks are laid ahead
        over a few ticks (Renderer.lay_ahead), the window showing the last frame meanwhile.
        Only a full redraw that draws the board waits (not one a dialog covers, nor a paused
        game's)."""
        ctx = self.ctx
        dialog, drawn, lay = ctx.dialogs.dialog, ctx.drawn, self.layout
        ready = (
            not (drawn.full or drawn.board_anew)
            or drawn.board_hidden
            or getattr(dialog, "covers_board", False)
            or ctx.frame.renderer.lay_ahead(
                self.game, self.top, self.left, drawn.veiled, tuple(ctx.frame.display.size)
            )
        )
        drawn.held = 0 if ready else drawn.held + 1
        if ready:  # what a press made while the frame waits was aimed at (game/ui/inbox.py)
            drawn.board_at = (lay.scale, lay.board.x, lay.board.y, self.top, self.left)
        return ready

    def press_moved(self, pos: Cell, shown: tuple | None) -> bool:
        """Whether a press at window pixel `pos` is on the board while the board is not where
        the frame the player saw had it (`shown`, its `DrawState.board_at`: a zoom or a jump
        not shown then): the cell under the pointer is not the one the player saw there, so
        the press is left out (game/ui/inbox.py), and the status line says why."""
        lay = self.layout
        if self.ctx.dialogs.dialog is not None or lay.cell_at(*pos, self.top, self.left) is None:
            return False
        if shown in (None, (lay.scale, lay.board.x, lay.board.y, self.top, self.left)):
            return False
        # Translators: the status line when a click came as the board moved (a zoom, a jump)
        # and was not played, since the player aimed at a cell the board no longer has there.
        self.ctx.status.say(_("The board moved under that click: click again"))
        return True

    def draw(self, full: bool) -> None:
        """The board (veiled while a game in play is paused), the toolbar, the status line:
        everything when `full`, else what changed."""
        ctx = self.ctx
        r, drawn = ctx.frame.renderer, ctx.drawn
        dialog = ctx.dialogs.dialog
        under = dialog is not None and not full and ctx.dialogs.over_board
        if under:  # what changes under the panel is drawn, then the panel again over it
            before = len(drawn.dirty)
            self._draw_board_parts(full)
            if len(drawn.dirty) > before:
                dialog.dirty = True
            return
        anew = full or drawn.board_anew  # the board drawn again (under a dialog that opened)
        if dialog is not None and (not anew or getattr(dialog, "covers_board", False)):
            kept = self.under_map is not None and self.under_map[1] is r
            if full and not kept:  # the map covers all inside the frame; the frame shows
                r.draw_frame()  # round it, as it is on the canvas still when that was kept
            return  # the dialog covers the board; what changed under it waits
        self._draw_board_parts(full)

    def _draw_board_parts(self, full: bool) -> None:
        ctx = self.ctx
        r, drawn = ctx.frame.renderer, ctx.drawn
        game = self.game
        pressed = self.pressed_cells()
        hint_cell = self.hint.cell if self.hint is not None else None
        # the odds are for a game in play: at the end they would hide the mines shown
        showing = self.show_probabilities and not game.state.is_over
        probs = self.probabilities if showing else None
        start = game.first_click if game.state is GameState.READY else None  # a code's mark
        looks = Looks(
            pressed, self.cursor, drawn.veiled, hint_cell, probs, hint_marks(self.hint), start
        )
        if self.watching is not None:
            looks = self.watching.board_looks(looks)  # what the room marks on the board
        if drawn.board_hidden:  # paused: every cell covered, nothing held or hinted
            looks = Looks()
        args = (VeiledBoard(game) if drawn.board_hidden else game, self.top, self.left)
        if full and not (self.under_map and self._put_back_under_map()):
            r.draw_frame()
            r.draw_board(*args, looks)
        elif not full and drawn.board_anew:  # the board alone: the frame round it is kept
            r.draw_board(*args, looks)
        elif not full:
            r.draw_groups(*args, drawn.pending, looks)
            touched = pressed ^ drawn.pressed
            if self.cursor != drawn.cursor:
                touched |= {c for c in (self.cursor, drawn.cursor) if c is not None}
            if touched:
                r.draw_cells(*args, touched, looks)
        drawn.pressed = pressed
        drawn.cursor = self.cursor
        if full or drawn.bars != (self.top, self.left):
            shown = None if full else drawn.bars
            drawn.dirty += scrollbars.draw(
                r.canvas, r.theme, self.layout, self.top, self.left, shown
            )
            drawn.bars = (self.top, self.left)
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


def _on_desktop(pos: Cell, window: Cell | None) -> Cell:
    """A window pixel on the desktop (the window's own pixel where its place is not known)."""
    return pos if window is None else (pos[0] + window[0], pos[1] + window[1])


def _acts(event: Event) -> bool:
    """A key or a button press that ends a zoom's anchor: not the wheel's own presses (SDL
    sends buttons 4 and 5 with each notch) nor Ctrl or another modifier held for it."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        return event.button in BUTTONS
    return event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS


MODIFIER_KEYS = frozenset(
    (
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
    )
)
