"""The drawing half of a board view (board.py): the map over the board and the canvas kept
under it, whether a frame can be drawn yet, a press on a board that moved, and the drawing of
the board, its scroll bars, the toolbar and the status line.
"""

from __future__ import annotations

import pygame

from ...engine import Game
from ...engine.cells import Cell, ViewChar
from ...i18n import _
from .. import live, scrollbars, status
from ..render import Looks, dialog_room, draw_plate
from .map import MapDialog, map_panel, outside

MAP_BANDS = 4  # the map's canvas made ahead a quarter a step (some 2 ms each on 1912x1044)


class BoardDrawing:
    # ---- the map ----------------------------------------------------------------------------

    def open_map(self) -> None:
        """The whole board over the game (game/ui/scenes/map.py), the view's frame on it. The
        canvas as it is (when it shows the board up to date) is kept, so closing the map puts
        it back instead of drawing a whole view of a huge board again: the map is drawn on a
        canvas of its own (kept from one map to the next), and the game's is swapped back."""
        drawn, r = self.ctx.drawn, self.ctx.frame.renderer
        self._canvas_back()
        if (
            not (drawn.full or drawn.board_anew or drawn.pending or drawn.board_hidden)
            and drawn.board_shown
        ):
            self.under_map = (self._looks_now(), r, r.canvas)
            r.canvas = self._canvas_for_map(r.canvas)
        self.ctx.dialogs.open(MapDialog(self.room.game, self.window))

    def _canvas_for_map(self, canvas: pygame.Surface) -> pygame.Surface:
        """The map's canvas, showing what `canvas` shows round the map's panel (the menu bar,
        the frame's edge): a few strips copied, not a whole window."""
        spare = self._map_canvas
        if spare is None or spare is canvas or spare.get_size() != canvas.get_size():
            spare = self._map_canvas = canvas.copy()
            return spare
        area, bounds = dialog_room(self.layout)  # where the map's panel is, in text pixels
        panel = self.layout.from_text(map_panel(area.x - bounds.x, bounds))
        for part in outside(panel, canvas.get_size()):
            rect = (part.x, part.y, part.w, part.h)
            spare.blit(canvas, rect, rect)
        return spare

    def map_canvas_ahead(self) -> bool:
        """A step of the idle time's warming (game/ui/warm.py): the map's canvas made ahead,
        a band of it a step, for a board the view does not show whole (the map is for those).
        Its first open copied a whole new canvas: on a 1912x1044 window 8 MB of pages touched
        for the first time, 13-20 ms of one frame. Whether bands are left."""
        canvas, lay = self.ctx.frame.renderer.canvas, self.layout
        if lay.view_rows >= lay.rows and lay.view_cols >= lay.cols:
            return False
        spare = self._map_canvas
        if spare is None or spare is canvas or spare.get_size() != canvas.get_size():
            spare = self._map_canvas = pygame.Surface(canvas.get_size(), 0, canvas)
            self._map_band = 0
        width, height = spare.get_size()
        band = -(-height // MAP_BANDS)
        spare.fill((0, 0, 0), (0, self._map_band * band, width, band))
        self._map_band += 1
        return self._map_band < MAP_BANDS

    def _canvas_back(self) -> tuple | None:
        """The game's canvas back in its renderer after the map (the map was drawn on its
        own); what was kept of it, if anything."""
        kept, self.under_map = self.under_map, None
        if kept is not None:
            kept[1].canvas = kept[2]
        return kept

    def _looks_now(self) -> tuple:
        """What the board drawn depends on, apart from the theme (kept by the renderer)."""
        g = self.room.game
        return (g, len(g.moves), g.state, self.top, self.left, self.cursor, self.room.looks())

    def _put_back_under_map(self) -> bool:
        """After the map closed: the canvas kept when it opened, if the board it showed is
        still the one to show (the same renderer, game, view and marks); whether it was."""
        kept = self._canvas_back()
        r, drawn = self.ctx.frame.renderer, self.ctx.drawn
        if kept is None or drawn.board_hidden or kept[1] is not r or kept[0] != self._looks_now():
            return False
        drawn.board_shown = True
        return True

    # ---- drawing ----------------------------------------------------------------------------

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
                self.room.game, self.top, self.left, drawn.veiled, tuple(ctx.frame.display.size)
            )
        )
        drawn.held = 0 if ready else drawn.held + 1
        if ready:  # what a press made while the frame waits was aimed at (game/ui/inbox.py)
            drawn.board_at = (lay.factor, lay.board.x, lay.board.y, self.top, self.left)
        return ready

    def press_moved(self, pos: Cell, shown: tuple | None) -> bool:
        """Whether a press at window pixel `pos` is on the board while the board is not where
        the frame the player saw had it (`shown`, its `DrawState.board_at`: a zoom or a jump
        not shown then): the cell under the pointer is not the one the player saw there, so
        the press is left out (game/ui/inbox.py), and the status line says why."""
        lay = self.layout
        if self.ctx.dialogs.dialog is not None or self.cell_at(pos) is None:
            return False
        if shown in (None, (lay.factor, lay.board.x, lay.board.y, self.top, self.left)):
            return False
        # Translators: the status line when a click came as the board moved (a zoom, a jump)
        # and was not played, since the player aimed at a cell the board no longer has there.
        self.ctx.status.say(_("The board moved under that click: click again"))
        return True

    def status_room(self) -> int:
        """How many characters the line under the board holds."""
        frame = self.ctx.frame
        return max(1, (frame.layout.status.w // frame.layout.text - 4) // frame.theme.font.width)

    def status_text(self) -> str:
        """What the line under the board shows now; a line too long for it scrolls."""
        return self.ctx.status.text(self.status_room(), self.room.resting_status)

    def draw(self, full: bool) -> None:
        """The board (veiled while a game in play is paused), the toolbar, the status line:
        everything when `full`, else what changed."""
        ctx = self.ctx
        r, drawn = ctx.frame.renderer, ctx.drawn
        dialog = ctx.dialogs.dialog
        if dialog is not None and not full and ctx.dialogs.over_board:
            before = len(drawn.dirty)  # what changes under the panel is drawn, then the
            self._draw_board_parts(full)  # panel again over it
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
        r, drawn, room = self.ctx.frame.renderer, self.ctx.drawn, self.room
        looks = Looks() if drawn.board_hidden else room.looks()  # paused: every cell covered
        if not drawn.board_hidden:
            looks.cursor, looks.veiled = self.cursor, drawn.veiled
        args = (VeiledBoard(room.game) if drawn.board_hidden else room.game, self.top, self.left)
        if full and not (self.under_map and self._put_back_under_map()):
            r.draw_frame()
            r.draw_board(*args, looks)
        elif not full and drawn.board_anew:  # the board alone: the frame round it is kept
            r.draw_board(*args, looks)
        elif not full:
            r.draw_groups(*args, drawn.pending, looks)
            touched = looks.pressed ^ drawn.pressed
            if self.cursor != drawn.cursor:
                touched |= {c for c in (self.cursor, drawn.cursor) if c is not None}
            if touched:
                r.draw_cells(*args, touched, looks)
        if drawn.board_hidden and (full or drawn.board_anew):
            # Translators: over the middle of the board while a game is paused (short).
            draw_plate(r, _("Paused"))
        drawn.pressed, drawn.cursor = looks.pressed, self.cursor
        self._draw_around(full)

    def _draw_around(self, full: bool) -> None:
        """The scroll bars, the toolbar and the line under the board."""
        r, drawn, room = self.ctx.frame.renderer, self.ctx.drawn, self.room
        if full or drawn.bars != (self.top, self.left):
            shown = None if full else drawn.bars
            drawn.dirty += scrollbars.draw(
                r.canvas, r.theme, self.layout, self.top, self.left, shown
            )
            drawn.bars = (self.top, self.left)
        r.draw_toolbar(room.game.mines_remaining, room.face(), room.timer_value())
        self._draw_line(full)
        if self.layout.panel.h:
            self._draw_panel(full)

    def _draw_line(self, full: bool) -> None:
        """The line under the board: a message, or the room's line at rest."""
        r, drawn, room = self.ctx.frame.renderer, self.ctx.drawn, self.room
        line = self.status_text()
        if full or line != drawn.status:
            pieces = room.resting_pieces() if self.ctx.status.message is None else None
            resting = pieces is not None and line == status.text_of(pieces)
            r.draw_status(pieces if resting else line)  # icons only for the resting line
            drawn.status = line

    def _draw_panel(self, full: bool) -> None:
        """The counters' lines under the status line: the game played's live counters
        (game/ui/live.py), or a video's counters of the moment (`panel_lines`)."""
        counted, own = getattr(self.room, "live", None), getattr(self.room, "panel_lines", None)
        lines = None
        if own is not None:
            lines = own(self.status_room())
        elif counted is not None:
            lines = live.shown_lines(self.ctx, counted, self.status_room(), panel=True)
        lines = lines or []
        if full or lines != self.ctx.drawn.panel:
            live.draw_panel(self.ctx.frame.renderer, lines)
            self.ctx.drawn.panel = lines


class VeiledBoard:
    """What a paused game shows: its size, and every cell covered."""

    def __init__(self, game: Game) -> None:
        self.rows, self.cols = game.rows, game.cols

    def view(self) -> list[str]:
        return [ViewChar.COVERED * self.cols] * self.rows

    def cell(self, row: int, col: int) -> str:
        return ViewChar.COVERED
