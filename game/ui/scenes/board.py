"""A board on the screen (Tatham's `game_drawstate` beside the room's `game_ui`): where its view
is (the scroll, the zoom about the pointer, the keyboard cursor, the scroll bars' thumbs, a
middle-button drag, the map's canvas), and the drawing of the board, its scroll bars, the
toolbar and the status line. The game played, a replay and the analysis each own one and are
scrolled and zoomed with the same gestures; what is on the board is the room's to say, through
a few questions: its `game`, `looks()` (the cells held, hinted, tinted: not the cursor),
`face()`, `timer_value()`, `resting_status()` and `resting_pieces()` (the line under the board
with no message up; None: no icons), `pointer_moved()`, and `panning` (a middle press has
become a drag of the board). Where the view goes is asked of game/ui/view.py; the map and the
drawing are board_drawing.py's.
"""

from __future__ import annotations

import pygame
from pygame.event import Event

from ...engine import GameState
from ...engine.cells import Cell, CellSet, ViewChar
from .. import keys, scrollbars
from .. import screen as desktop
from .. import view as place
from ..gestures import LEFT, MIDDLE
from .board_drawing import BoardDrawing
from .context import Context
from .layer import BUTTONS, Layer
from .map import GoTo

WHEEL_CELLS = 3
ANCHOR_MS = 1000  # a zoom about the pointer holds its cell under it through the window's moves


class BoardView(BoardDrawing):
    def __init__(self, ctx: Context, room) -> None:
        self.ctx, self.room = ctx, room
        self.under_map: tuple | None = None  # the canvas under the map (see `open_map`)
        self._map_canvas: pygame.Surface | None = None  # what the map is drawn on, kept
        self._map_band = 0  # the bands of it made ahead (`map_canvas_ahead`)
        self.reset()

    def reset(self) -> None:
        """The view of a board just put on: its top-left corner, nothing held, following the
        layouts to come (again, if it was covered: `close`); the canvas drawn anew."""
        if self.relaid not in self.ctx.frame.relaid:
            self.ctx.frame.relaid.append(self.relaid)
        self.covered = False  # another room's board is on the canvas (`close`)
        self.cursor: Cell | None = None
        self.pointed = False  # the pointer moved after the cursor did (`aim_at_pointer`)
        self.top = self.left = 0
        self.laid = self.layout  # the layout the view (top, left) was placed in
        self.thumb: scrollbars.ThumbDrag | None = None  # a scroll bar's thumb held
        self._canvas_back()  # the game's canvas, if a map was open
        self.pan_from: tuple | None = None  # the middle button's (pos, top, left) at its press
        self.mouse_pos = (-1, -1)
        self.anchor: tuple | None = None  # (cell, spot, pointer, window position, until): `zoom_at`
        self.ctx.drawn.reset()
        self.ctx.drawn.invalidate()

    def shown_again(self) -> None:
        """Back on the screen after another room's board (a replay, an analysis) covered it
        (`close`): where it was, moved to the layout made meanwhile as a resize would move it;
        the canvas drawn anew."""
        if self.relaid not in self.ctx.frame.relaid:
            self.ctx.frame.relaid.append(self.relaid)
        self.covered = False
        self.relaid()
        self.ctx.drawn.reset()
        self.ctx.drawn.invalidate()

    def close(self) -> None:
        """The room is left, or covered by another's board: a new layout is no longer this
        view's to follow (it keeps its place for `shown_again`), nor its cells the canvas's to
        draw: a move made under the cover (a board laid off the frame, a chore's answer) is
        drawn with the rest when it is shown again, never over the board that covers it."""
        if self.relaid in self.ctx.frame.relaid:
            self.ctx.frame.relaid.remove(self.relaid)
        self.covered = True
        # cells this board was to draw again are not the next board's (it is drawn whole)
        self.ctx.drawn.pending.clear()

    @property
    def layout(self):
        return self.ctx.frame.layout

    @property
    def window(self) -> tuple[int, int, int, int]:
        """The cells in view: (top, left, rows, columns)."""
        return (self.top, self.left, self.layout.view_rows, self.layout.view_cols)

    def cell_at(self, pos: Cell) -> Cell | None:
        """The cell under window pixel `pos`, if any."""
        return self.layout.cell_at(*pos, self.top, self.left)

    def units_at(self, pos: Cell, *, anywhere: bool = False) -> Cell | None:
        """Window pixel `pos` in board units (16 a cell), if it is over the board (or,
        `anywhere`, on the canvas)."""
        return self.layout.board_units(*pos, self.top, self.left, anywhere=anywhere)

    # ---- input: the pointer, the wheel, the scroll bars -------------------------------------

    def handle(self, event: Event) -> bool:
        """What moves the view: the wheel, the pointer (a thumb or the board dragged), a press
        or release on a scroll bar, the window moved under a zoom; whether it took the event
        (a button on the board is the room's, the middle one's place noted here)."""
        t = event.type
        if _acts(event):
            self.anchor = None  # the player acts: the zoom's anchor is done with
        if t == pygame.WINDOWMOVED:
            return self.reanchor()
        if t == pygame.MOUSEWHEEL:
            self.wheel(event)
        elif t == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.pointed = True
            self.end_gesture()
            if not self.drag_view():
                self.room.pointer_moved()
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in BUTTONS:
            self.mouse_pos = event.pos
            if self.on_bar(t, event.button, event.pos):
                return True
            if event.button == MIDDLE:
                down = t == pygame.MOUSEBUTTONDOWN
                self.pan_from = (event.pos, self.top, self.left) if down else None
            return False
        else:
            return False
        return True

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
            grip = bar.along(point) - bar.offset_of(bar.first)
            self.thumb = scrollbars.ThumbDrag(bar.vertical, grip)
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
            vertical = self.thumb.vertical
            bars = scrollbars.bars(lay, self.top, self.left)
            bar = next((b for b in bars if b.vertical == vertical), None)
            if bar is None:  # the window grew to show it all
                self.thumb = None
                return False
            # off the canvas too: the thumb follows the pointer along its track
            point = (pos[0] - lay.origin_x, pos[1] - lay.origin_y)
            first = self.thumb.first(bar, point)
            self.view_to(*((first, self.left) if vertical else (self.top, first)))
            return True
        if self.pan_from is None:
            return False
        self.room.pointer_moved()  # the room's gestures decide when a middle press drags
        if self.room.panning:
            (x0, y0), top, left = self.pan_from
            cell = lay.sizes.tile
            self.view_to(top - round((pos[1] - y0) / cell), left - round((pos[0] - x0) / cell))
        return True

    # ---- where the view is ------------------------------------------------------------------

    def move_cursor(self, drow: int, dcol: int) -> None:
        """The keyboard cursor a step on (first: in the middle of the view), kept in view."""
        if self.cursor is None:
            self.cursor = place.centre_of(self.top, self.left, self.layout)
        else:
            g = self.room.game
            row = max(0, min(g.rows - 1, self.cursor[0] + drow))
            col = max(0, min(g.cols - 1, self.cursor[1] + dcol))
            self.cursor = (row, col)
        self.pointed = False
        self.keep_cursor_in_view()

    def aim_at_pointer(self) -> None:
        """Keys at the pointer (Options): the cursor goes to the cell under the pointer, for
        the open, flag and chord keys to act there, if the pointer is over the board and
        moved after the cursor last did (an arrow or the d-pad moved since: the cursor's
        cell, as when the pointer is off the board)."""
        if self.ctx.settings.keys_at_pointer and self.pointed:
            cell = self.cell_at(self.mouse_pos)
            if cell is not None:
                self.cursor = cell

    def keep_cursor_in_view(self) -> None:
        self.follow(self.cursor)

    def in_view(self, cell: Cell) -> bool:
        return place.in_view(cell, self.top, self.left, self.layout)

    def follow(self, cell: Cell) -> None:
        """The play went to `cell`: the view stays if it shows it, else brings it to the
        middle (game/ui/view.py)."""
        self.view_to(*place.follow(cell, self.top, self.left, self.layout))

    def centre_on(self, cell: Cell) -> None:
        self.view_to(*place.centred(cell, self.layout))

    def go_to(self, answer: GoTo) -> None:
        """A place chosen on the map comes to the middle of the view."""
        self.centre_on(answer.cell)

    def view_to(self, top: int, left: int) -> None:
        self.scroll_by(top - self.top, left - self.left)

    def scroll_by(self, rows: int, cols: int) -> None:
        old = (self.top, self.left)
        self.top, self.left = place.clamp(self.top + rows, self.left + cols, self.layout)
        if (self.top, self.left) != old:
            moved = (self.top - old[0], self.left - old[1])
            renderer = self.ctx.frame.renderer
            self.ctx.drawn.pending.extend(renderer.scroll(*moved, self.top, self.left))
            self.room.pointer_moved()

    def relaid(self) -> None:
        """A new layout (the window resized, zoomed, full screen, a theme): the same board
        keeps the middle of its view in the middle; another starts on the board."""
        old, new = self.laid, self.layout
        same = (old.rows, old.cols) == (new.rows, new.cols)
        if same:
            self.top, self.left = place.kept_centre(self.top, self.left, old, new)
        self.laid = new
        self.top, self.left = place.clamp(self.top, self.left, new)
        if same:
            self.reanchor()  # a zoom about the pointer keeps its cell instead

    def changed(self, changed: CellSet, origin: Cell, motion: bool) -> None:
        """Cells of the game changed (a move, a step of a replay): those in view are drawn
        again, turned over from `origin` with `motion` (see DrawState.cascade)."""
        if self.covered:
            return  # drawn whole when shown again (`shown_again`)
        # only the cells in view are drawn: of a loss on a big board, only their runs are made
        changed = changed.within(self.window)
        if motion and len(changed) > 1 and self._animate(changed, origin):
            # the veiled tiles look as they did until their ring turns: only the clicked
            # cell is drawn now (a 200x200 cascade would otherwise redraw the whole view)
            self.ctx.drawn.pending.append([origin])
        else:
            self.ctx.drawn.pending.append(changed)

    def _animate(self, changed: CellSet, origin: Cell) -> bool:
        g, wrong = self.room.game, None
        if g.state is GameState.LOST:

            def wrong(cell):
                return g.cell(*cell) == ViewChar.WRONG_FLAG

        return self.ctx.drawn.cascade(changed, origin, self.window, self.ctx.aids.now(), wrong)


class Watched(Layer):
    """A room whose board takes no click (a replay, an analysis): its view, its own keys
    (`KEYS`, each to `act`), the game's other keys, and what it shows beside its board."""

    KEYS: dict
    panning = True  # a middle press drags the board: it plays nothing here

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.view = BoardView(ctx, self)

    def handle(self, event: Event) -> bool:
        if self.view.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == LEFT:
                self.clicked(event.pos)
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        action = keys.action_for(event, self.KEYS)
        if action is not None:
            self.act(action)
            return True
        action = keys.action_for(event)  # the game's keys (help, themes, zoom...) still work
        if action is not None:
            self.ctx.commands.do(action)
        return action is not None

    def act(self, action: str) -> None: ...

    def clicked(self, pos: Cell) -> None:
        """A left press on the window, outside the scroll bars."""

    def draw(self, full: bool) -> None:
        self.view.draw(full)

    def pointer_moved(self) -> None:
        """Nothing is held on a board that takes no click."""

    def face(self) -> str:
        """The face over a board that takes no click: how its game stands."""
        faces = {GameState.WON: "face_win", GameState.LOST: "face_lose"}
        return faces.get(self.game.state, "face_smile")

    def resting_status(self) -> str:
        return self.status()  # the room's own line: its counters, or the move's words

    def resting_pieces(self) -> None:
        return None  # the line has no icons


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
