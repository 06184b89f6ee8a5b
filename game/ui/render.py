"""Drawing: the theme's sprites at the board's zoom and text at the text scale (through a
`Lens`), onto one canvas of window pixels, which the display shows.

Owns the canvas's pixels only: what is on it, what changed and how the board moved are the draw
state's (game/ui/drawstate.py), which it notes as it draws; the blocks the board is kept drawn
in are kept there too. Draws only what it is told changed (a scroll moves what is drawn and
draws the strip that came into view); never reads input and never changes the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from dataclasses import dataclass, field

import pygame

from ..engine import Game
from ..engine.cells import CellSet, ViewChar
from . import keys, menubar, status, widgets
from .cellmarks import CellMarks
from .display import Display, WindowPart, around
from .drawstate import (
    BLOCK,
    HELD_MOST,
    LAY_IN_FRAME,
    LAY_PER_TICK,
    WARM_PER_FRAME,
    Blocks,
    DrawState,
    Text,
    blit_cost,
    lay_block,
    lay_cost,
    patch_block,
)
from .hints import HintMarks
from .layout import LED_DIGITS, TIMER_DIGITS, Box, Layout
from .lens import Lens
from .theme import Theme
from .widgets import Metrics

V = ViewChar
SPRITE_OF_VIEW = {
    V.COVERED: "covered",
    V.FLAG: "flag",
    V.QUESTION: "question",
    V.ZERO: "open_0",
    **{V.number(n): f"open_{n}" for n in range(1, 9)},
    V.MINE: "mine",
    V.EXPLODED: "mine_red",
    V.WRONG_FLAG: "mine_wrong",
}
PRESSABLE = frozenset({V.COVERED, V.QUESTION})
# the tiles a board cell shows: its view's, or pressed, or a veil (covered, pressed, flag)
BOARD_SPRITES = (*SPRITE_OF_VIEW.values(), "pressed")
MANY_TILES = 48
PLATE_PAD = 4  # text pixels round the words of a plate over the board (`draw_plate`)
CELLS_FOR_VIEW = 128  # draw_cells reads the whole text view for more cells than this


@dataclass
class Looks:
    """How tiles look apart from the game's view: held down, under the keyboard cursor, or
    veiled by an animation (cell -> sprite name until the animation reaches it)."""

    pressed: set[tuple[int, int]] = field(default_factory=set)
    cursor: tuple[int, int] | None = None
    veiled: dict[tuple[int, int], str] = field(default_factory=dict)
    hint: tuple[int, int] | None = None  # outlined: the cell a hint points at
    probabilities: dict[tuple[int, int], float] | None = None  # tinted: mine probability
    hint_marks: HintMarks | None = None  # the hint's proof: framed numbers, ticks, mine marks
    start: tuple[int, int] | None = None  # the marked start cell of a board not yet begun

    def marked(self) -> set[tuple[int, int]]:
        """Cells drawn with something over them, apart from veiled ones (a region turning
        over veils thousands: they are drawn with the board, not one by one)."""
        cells = set(self.pressed)
        cells.update(c for c in (self.cursor, self.hint, self.start) if c is not None)
        if self.probabilities:
            cells.update(self.probabilities)
        if self.hint_marks is not None:
            cells.update(self.hint_marks.cells())
        return cells


def led_text(value: int, digits: int = LED_DIGITS) -> str:
    """`digits` LED characters: 0 to all nines, or '-' and the rest down to -99 (three
    digits), -999 (four)...; beyond either end the panel shows the end."""
    most, least = 10**digits - 1, -(10 ** (digits - 1) - 1)
    value = max(least, min(most, value))
    return f"-{-value:0{digits - 1}d}" if value < 0 else f"{value:0{digits}d}"


class Renderer(CellMarks):
    def __init__(self, theme: Theme, layout: Layout, drawn: DrawState | None = None) -> None:
        """`drawn`: what is on the canvas and what changed (kept there, not here)."""
        self.theme = theme
        self.layout = layout
        self.drawn = drawn if drawn is not None else DrawState()
        self.drawn.invalidate()  # a new canvas
        self._part: WindowPart | None = None  # the window's pixels, when the canvas is them
        self._under: pygame.Surface | None = None  # what they showed while another canvas is
        self._aside: pygame.Surface | None = None  # the surface kept for `_under`
        self._remade = False  # the window's pixels were made anew since the last present
        self._canvas = self._new_canvas()
        self._frame: tuple | None = None  # (menu titles, the canvas round the board area)
        self._tiles = board_tiles(theme)
        self._tile_of = {ch: self._tiles[name] for ch, name in SPRITE_OF_VIEW.items()}
        self._tints: dict[int, pygame.Surface] = {}
        self._hint: pygame.Surface | None = None
        self._marks: dict[str, pygame.Surface] = {}  # odds digits, tick, mine mark, frame
        self._blocks = self.drawn.blocks
        self._seen: tuple | None = None  # (board, top, left) as last drawn: what `warm` warms
        self._ahead: tuple | None = None  # what `lay_ahead` found for this frame's draw_board
        self._texts_of: tuple | None = None  # `_texts`: (game, where, view, texts)
        # blocks `lay_ahead` copied onto the canvas for the frame that shows them: (canvas,
        # game, top, left, {place: text})
        self._blitted: tuple | None = None
        self._blocks.fit(
            self.look_of(theme, layout), Blocks.limit_for(layout.view_rows, layout.view_cols)
        )

    def _new_canvas(self) -> pygame.Surface:
        """The window's own pixels where it can (nothing to copy at the present: see
        `WindowPart` in game/ui/display.py), else a surface of the canvas's size (the last
        renderer's, when the size is kept)."""
        self._part = WindowPart.of(self.layout)
        if self._part is not None:
            return self._part.surface
        kept_canvas = self.drawn.canvas
        if kept_canvas is None or kept_canvas.get_size() != tuple(self.layout.canvas_size):
            kept_canvas = self.drawn.canvas = pygame.Surface(self.layout.canvas_size).convert()
        return kept_canvas

    @property
    def canvas(self) -> pygame.Surface:
        """What is drawn on. The window's pixels are made anew by a resize (before the layout
        for the new size comes): then a new canvas, and everything is drawn again."""
        part = self._part
        if part is not None and self._canvas is part.surface and not part.current():
            self._canvas = self._new_canvas()
            self._under = None
            self._remade = True
            self.drawn.invalidate()
        return self._canvas

    @canvas.setter
    def canvas(self, surface: pygame.Surface) -> None:
        """Draw on another canvas (the map's, over the game's), or on this one again. When the
        game's is the window's pixels, what it shows is kept meanwhile and put back, since the
        other canvas is shown in those pixels."""
        part = self._part
        if part is not None and part.current():
            if self._canvas is part.surface and surface is not part.surface:
                self._under = self._keep_aside(part.surface)
            elif surface is part.surface and self._under is not None:
                surface.blit(self._under, (0, 0))
        if part is None or surface is part.surface:
            self._under = None
        self._canvas = surface
        self._blitted = None

    def _keep_aside(self, pixels: pygame.Surface) -> pygame.Surface:
        """A copy of `pixels`, in the surface kept for it from the last time (new memory is
        slow to fill the first time: a map opened again copies into the same)."""
        spare = self._aside
        if spare is None or spare.get_size() != pixels.get_size():
            spare = self._aside = pixels.copy()
        else:
            spare.blit(pixels, (0, 0))
        return spare

    @staticmethod
    def look_of(theme: Theme, layout: Layout) -> tuple:
        """What a kept block's pixels depend on besides its text: the theme, tile and zoom."""
        return theme.key, layout.sizes.tile, layout.factor

    def scroll(self, rows: int, cols: int, top: int, left: int) -> list[list[tuple[int, int]]]:
        """The view moved `rows` down and `cols` right and now starts at (top, left): move the
        drawn tiles and return the cells that came into view (the new rows, the new columns),
        each to be drawn with `draw_cells`. When nothing
        can be moved (a full redraw is due, a dialog covers the board, or the move is as big
        as the view) the next frame draws everything instead, and no cells are returned."""
        lay = self.layout
        if (rows, cols) == (0, 0):
            return []
        drawn = self.drawn
        if drawn.board_anew:  # the whole view is drawn at the next frame, where it is then
            return []
        if (
            drawn.full
            or not drawn.board_shown
            or abs(rows) >= lay.view_rows
            or abs(cols) >= lay.view_cols
        ):
            drawn.invalidate()
            return []
        t = lay.sizes.tile
        box = lay.board
        dx, dy = -cols * t, -rows * t
        self.canvas.subsurface(_xywh(box)).scroll(dx, dy)
        drawn.shifts.append((box, dx, dy))
        # view rows and columns that came in at the bottom or top, at the right or left
        new_rows = range(lay.view_rows - rows, lay.view_rows) if rows > 0 else range(-rows)
        new_cols = range(lay.view_cols - cols, lay.view_cols) if cols > 0 else range(-cols)
        across = [(top + r, left + c) for r in new_rows for c in range(lay.view_cols)]
        kept_rows = [r for r in range(lay.view_rows) if r not in new_rows]
        down = [(top + r, left + c) for r in kept_rows for c in new_cols]
        return [strip for strip in (across, down) if strip]  # apart: one box each on screen

    # ---- pieces --------------------------------------------------------------------------

    def draw_frame(self) -> None:
        """The frame, the panel inside it and the menu bar; the board area is left to what is
        drawn there next (the board fills round itself; a dialog that covers it, over it)."""
        c, lay = self.canvas, self.layout
        self.drawn.board_shown = False
        titles = menubar.place_titles(lay, Metrics.of(self.theme.plain()), list(keys.MENUS))
        kept = self._frame
        if kept is not None and kept[0] == titles:  # as drawn the first time: a few copies
            c.fblits(kept[1])
            self.drawn.dirty.append(lay.menu_bar)
            return
        self._draw_frame_pieces()
        self.draw_menu_bar(menubar.Placed(titles))
        # all of it lies round the board area, which draw_frame leaves as it is
        w, h = lay.canvas_size
        parts = around(pygame.Rect(0, 0, w, h), pygame.Rect(*_xywh(lay.area)))
        self._frame = (titles, [(c.subsurface(part).copy(), part.topleft) for part in parts])

    def _draw_frame_pieces(self) -> None:
        """The panel's colour round the board area, and the frame's sprites."""
        s, c, lay = self.theme.sprites, self.canvas, self.layout
        w, h = lay.canvas_size
        b = lay.sizes.border
        panel = self.theme.colours["panel"]
        for part in around(pygame.Rect(0, 0, w, h), pygame.Rect(*_xywh(lay.area))):
            c.fill(panel, part)
        top = lay.frame.y  # under the menu bar
        mid = lay.area.y - b
        pieces = []
        for x in range(b, w - b, b):
            pieces += [
                (s["frame_t"], (x, top)),
                (s["frame_m"], (x, mid)),
                (s["frame_b"], (x, h - b)),
            ]
        for y in range(top + b, h - b, b):
            pieces += [(s["frame_l"], (0, y)), (s["frame_r"], (w - b, y))]
        pieces += [
            (s["frame_tl"], (0, top)),
            (s["frame_tr"], (w - b, top)),
            (s["frame_ml"], (0, mid)),
            (s["frame_mr"], (w - b, mid)),
            (s["frame_bl"], (0, h - b)),
            (s["frame_br"], (w - b, h - b)),
        ]
        c.fblits(pieces)

    def draw_toolbar(self, counter: int, face: str, timer: int) -> None:
        state = (counter, face, timer)
        if state == self.drawn.toolbar:
            return
        old = self.drawn.toolbar
        self.drawn.toolbar = state
        lay = self.layout
        if old is None or old[0] != counter:
            self._draw_led(lay.counter, led_text(counter, lay.led_digits))
        if old is None or old[1] != face:
            self.canvas.blit(self.theme.sprites[face], (lay.face.x, lay.face.y))
            self.drawn.dirty.append(lay.face)
        if old is None or old[2] != timer:
            self._draw_led(lay.timer, led_text(timer, TIMER_DIGITS))

    def _draw_led(self, box: Box, text: str) -> None:
        col = self.theme.colours
        c = self.canvas
        e = self.layout.factor  # the rim: a pixel of the theme's
        pygame.draw.rect(c, col["shadow"], (box.x, box.y, box.w, e))
        pygame.draw.rect(c, col["shadow"], (box.x, box.y, e, box.h))
        pygame.draw.rect(c, col["light"], (box.x, box.bottom - e, box.w, e))
        pygame.draw.rect(c, col["light"], (box.right - e, box.y, e, box.h))
        c.fill(col["led_off"], pygame.Rect(box.x + e, box.y + e, box.w - 2 * e, box.h - 2 * e))
        w = self.layout.sizes.led_w
        sprites = self.theme.sprites
        c.fblits(
            [
                (sprites["led_minus" if ch == "-" else f"led_{ch}"], (box.x + e + i * w, box.y + e))
                for i, ch in enumerate(text[: (box.w - 2 * e) // w])
            ]
        )
        self.drawn.dirty.append(box)

    def draw_board(self, game: Game, top: int, left: int, looks: Looks) -> None:
        """Every visible tile, plus the area around a board smaller than its area.

        The board is kept drawn in blocks of cells (`Blocks` in game/ui/drawstate.py): a block
        whose text is kept is one blit (a full redraw after a dialog, an expose, a jump back,
        the blocks laid ahead for it (`lay_ahead`), a new game's covered blocks), only the
        others are laid tile by tile. Blocks with a tile a cascade veils are drawn tile by
        tile onto the canvas, and none is made for them."""
        lay = self.layout
        b = lay.board
        c = self.canvas
        panel = self.theme.colours["panel"]
        for margin in around(pygame.Rect(*_xywh(lay.area)), pygame.Rect(*_xywh(b))):
            c.fill(panel, margin)
        # the view and its blocks' texts as `lay_ahead` found them this frame, if it looked,
        # and the blocks it copied onto the canvas already
        ahead, self._ahead = self._ahead, None
        if ahead is not None and ahead[0] is game and ahead[1:3] == (top, left):
            view, texts = ahead[3], ahead[4]
        else:
            view, texts = game.view(), None
        on_canvas, self._blitted = self._copied(game, top, left), None
        t = lay.sizes.tile
        bottom, right = top + lay.view_rows, left + lay.view_cols
        veiled = looks.veiled
        veiled_blocks = {(r // BLOCK, col // BLOCK) for r, col in veiled}
        blocks = self._blocks
        pieces, shown = [], []
        for r0 in range(top - top % BLOCK, bottom, BLOCK):
            r1 = min(r0 + BLOCK, lay.rows)
            y = b.y + (r0 - top) * t
            for c0 in range(left - left % BLOCK, right, BLOCK):
                c1 = min(c0 + BLOCK, lay.cols)
                if (r0 // BLOCK, c0 // BLOCK) in veiled_blocks:
                    part = (max(r0, top), min(r1, bottom), max(c0, left), min(c1, right))
                    pieces += self._veiled_pieces(view, part, top, left, veiled)
                    continue
                place = (r0 // BLOCK, c0 // BLOCK)
                if texts is not None:
                    text = texts[place]
                else:
                    text = tuple(line[c0:c1] for line in view[r0:r1])
                if on_canvas.get(place) != text:  # else copied there by `lay_ahead`, as now
                    block = blocks.get(text)
                    if block is None:
                        block = self._make_block(text, place)  # patched from the one at place
                    pieces.append((block, (b.x + (c0 - left) * t, y)))
                blocks.at[place] = text
                shown.append(text)
        self._blit_in_board(pieces)
        blocks.shown = shown
        self._seen = (game, top, left)
        self.drawn.warm = "new" if veiled_blocks else False  # those blocks were not made
        self.drawn.board_shown = True
        self.drawn.bars = None  # the fill went over the scroll bars
        extra = looks.marked().difference(veiled)
        if extra:
            self.draw_cells(game, top, left, extra, looks)
        self.drawn.dirty.append(lay.area)

    def _make_block(self, text: Text, place: tuple[int, int]) -> pygame.Surface:
        """The block showing `text`, made and kept: patched from a copy of the one `place`
        (block row, block col) showed, its changed rows laid again, else laid tile by tile."""
        blocks, tile_of, t = self._blocks, self._tile_of, self.layout.sizes.tile
        before = blocks.before(place)
        block = None if before is None else patch_block(*before, text, tile_of, t)
        patched = block is not None
        if not patched:
            block = lay_block(text, tile_of, t)
        blocks.put(text, block, patched)
        return block

    def _in_view(self, view: list[str], top: int, left: int):
        """(place, text) of each block the view from (top, left) shows, row by row: its place
        (block row, block col) and its text (the cells' rows of the text view)."""
        lay = self.layout
        bottom, right = top + lay.view_rows, left + lay.view_cols
        for r0 in range(top - top % BLOCK, bottom, BLOCK):
            lines = view[r0 : r0 + BLOCK]
            for c0 in range(left - left % BLOCK, right, BLOCK):
                yield (r0 // BLOCK, c0 // BLOCK), tuple(line[c0 : c0 + BLOCK] for line in lines)

    def _texts(self, game: Game, top: int, left: int, view: list[str]) -> dict:
        """place -> text of each block in view (`_in_view`), kept from the tick before while
        the game shows the same (a wait's every tick asks, and the frame after it: 700 slices
        of the view a time on 200x200 at fullscreen)."""
        lay = self.layout
        where = (top, left, lay.view_rows, lay.view_cols)
        kept = self._texts_of
        if kept is not None and kept[0] is game and kept[1] == where and kept[2] == view:
            return kept[3]
        texts = dict(self._in_view(view, top, left))
        self._texts_of = (game, where, view, texts)
        return texts

    def lay_ahead(self, game: Game, top: int, left: int, veiled: dict, window: tuple) -> bool:
        """Before a full redraw of the board from (top, left): whether to draw it this frame.
        When the blocks it would lay anew (not kept, not veiled by a cascade) cost more than a
        frame may spend (LAY_IN_FRAME: after a zoom, a jump across the board, a theme switch),
        and the `window` (its size) still shows the last frame whole, this tick lays ahead its
        share of them (LAY_PER_TICK) and the frame waits (False): the player goes on seeing
        the last frame for a few ticks, then one frame shows them all. Ticks while they are
        laid: as many as the work takes, the same on every machine. A board that covers many
        of the window's pixels (BLIT_AHEAD_PX) has its blocks copied into them in the last of
        those ticks, or in one of its own (a dialog closed over a big board), so that the
        frame that shows them only sends them to the screen: the window shows only what is
        presented."""
        blocks, t = self._blocks, self.layout.sizes.tile
        veiled_blocks = {(r // BLOCK, c // BLOCK) for r, c in veiled}
        view = game.view()
        texts = self._texts(game, top, left, view)
        self._ahead = (game, top, left, view, texts)  # this frame's draw_board takes them
        # those kept become the most recently shown, so laying the others drops none of them
        missing = {
            text: place
            for place, text in texts.items()
            if place not in veiled_blocks and blocks.get(text) is None
        }
        costs = [lay_cost(text, t) for text in missing]
        waiting = self.drawn.held
        blit = self._blit_ahead_cost(game, top, left, [p for p in texts if p not in veiled_blocks])
        # nothing shown to wait on (a new or resized window), or little to do: nothing to lay
        # once waiting (the frame that shows them only blits), and the blocks copied already
        if (
            window != self.drawn.window
            or waiting >= HELD_MOST
            or not blit
            and sum(costs) <= (0 if waiting else LAY_IN_FRAME)
        ):
            return True
        # the first tick shares its frame with what started the wait (a zoom's new layout, a
        # theme's renderer): half a share; the next makes the frame round the board and keeps
        # it (out of sight: the window shows only what is presented), and lays half a share
        # too (the frame's 700 sprites cost about as much)
        share, spent = LAY_PER_TICK // (1 if waiting else 2), 0
        if waiting and self._frame is None:
            self.draw_frame()
            share //= 2
        laid = 0
        for (text, place), cost in zip(missing.items(), costs, strict=True):
            if spent and spent + cost > share:  # within the share (a block more than it alone)
                break
            self._make_block(text, place)
            spent += cost
            laid += 1
        if blit and laid == len(missing) and (spent == 0 or spent + blit <= share):
            self._blit_ahead(game, top, left, texts, veiled_blocks)
        return False

    def _blit_ahead_cost(self, game: Game, top: int, left: int, places: list) -> int:
        """The work of copying the blocks at `places` (block row, block col) in the view from
        (top, left) onto the canvas ahead of the frame (0: the frame copies them, or they are
        copied already). Only where the canvas is the window's own pixels (not while the map's
        canvas is drawn on, nor one scaled to the window)."""
        part, lay = self._part, self.layout
        if part is None or self.canvas is not part.surface or self._copied(game, top, left):
            return 0
        bottom, right = top + lay.view_rows, left + lay.view_cols
        cells = sum(
            (min(row * BLOCK + BLOCK, bottom) - max(row * BLOCK, top))
            * (min(col * BLOCK + BLOCK, right) - max(col * BLOCK, left))
            for row, col in places
        )
        return blit_cost(cells * lay.sizes.tile**2)

    def _blit_ahead(self, game: Game, top: int, left: int, texts: dict, veiled_blocks: set) -> None:
        """Copy the kept blocks in view onto the canvas, where the frame that shows them finds
        them (draw_board: those whose place still shows the same text are not copied again)."""
        b, t, blocks = self.layout.board, self.layout.sizes.tile, self._blocks
        pieces, placed = [], {}
        for place, text in texts.items():
            block = None if place in veiled_blocks else blocks.kept.get(text)
            if block is not None:
                row, col = place
                pieces.append(
                    (block, (b.x + (col * BLOCK - left) * t, b.y + (row * BLOCK - top) * t))
                )
                placed[place] = text
        self._blit_in_board(pieces)
        self._blitted = (self.canvas, game, top, left, placed)

    def _copied(self, game: Game, top: int, left: int) -> dict:
        """The blocks `_blit_ahead` copied onto this canvas for `game` seen from (top, left):
        place -> text ({} if none, or copied for another canvas, game or view)."""
        done = self._blitted
        if done is None or done[0] is not self.canvas or done[1] is not game:
            return {}
        return done[4] if done[2:4] == (top, left) else {}

    def _blit_in_board(self, pieces: list) -> None:
        """Blit (surface, place) pieces onto the canvas within the board's box: blocks at the
        view's edges show only in part."""
        c = self.canvas
        clip = c.get_clip()
        c.set_clip(pygame.Rect(*_xywh(self.layout.board)))
        c.fblits(pieces)
        c.set_clip(clip)

    def warm(self, most: int = WARM_PER_FRAME) -> None:
        """Make at most `most` of the blocks in view that are stale or missing (cells drawn
        one by one since: a cascade's rings, a loss, a strip scrolled in), so that the next
        full redraw (a dialog closed, a jump, an expose) finds them kept and only blits.
        Called once a frame while `DrawState.warm` is set, after the frame that changed the
        cells and never while a cascade turns; when none is left, `warm` is cleared and the
        loop sleeps again (game/ui/pace.py)."""
        drawn, seen = self.drawn, self._seen
        if seen is None:
            drawn.warm = False
            return
        board, top, left = seen
        blocks = self._blocks
        for place, text in self._in_view(board.view(), top, left):
            if blocks.get(text) is None:  # kept ones become the most recently shown
                if most <= 0:
                    return
                most -= 1
                self._make_block(text, place)
            blocks.at[place] = text
        drawn.warm = False

    def _veiled_pieces(
        self, view: list[str], part: tuple[int, int, int, int], top: int, left: int, veiled: dict
    ) -> list:
        """The tiles of the board rows r0 to r1, columns c0 to c1 (`part`) as (sprite, place)
        on the canvas, veiled ones as veiled."""
        r0, r1, c0, c1 = part
        lay, t, tile_of = self.layout, self.layout.sizes.tile, self._tile_of
        sprites = self._tiles
        x0, y0 = lay.board.x - left * t, lay.board.y - top * t
        return [
            (
                sprites[veiled[r, c]] if (r, c) in veiled else tile_of[view[r][c]],
                (x0 + c * t, y0 + r * t),
            )
            for r in range(r0, r1)
            for c in range(c0, c1)
        ]

    def draw_groups(self, game: Game, top: int, left: int, groups: list, looks: Looks) -> None:
        """Each group of cells as `draw_cells` draws it (each its own place on screen), the
        board's text view read once for them all when they are many: a cascade's frame turns a
        dozen rings, each of a few hundred cells on a big board."""
        many = len(groups) > 1 and sum(len(cells) for cells in groups) > CELLS_FOR_VIEW
        view = game.view() if many else None
        for cells in groups:
            self.draw_cells(game, top, left, cells, looks, view)

    def draw_cells(
        self,
        game: Game,
        top: int,
        left: int,
        cells: Iterable,
        looks: Looks,
        view: list[str] | None = None,
    ) -> None:
        """The tiles of the given cells that are in view, each as its view and `looks` say
        (`view`: the game's text view, when the caller has it)."""
        lay = self.layout
        if isinstance(cells, CellSet) and len(cells) > lay.view_rows * lay.view_cols:
            self.draw_board(game, top, left, looks)
            return
        tile_of, tiles = self._tile_of, self._tiles
        t = lay.sizes.tile
        b = lay.board
        rows, cols = lay.view_rows, lay.view_cols
        pieces = []
        drawn = []
        veiled, pressed_cells = looks.veiled, looks.pressed
        # with no odds, proof or start mark shown, only the cursor's and the hint's cells have
        # more than their tile (a cascade's rings: thousands of cells a frame)
        plain = looks.probabilities is None and looks.hint_marks is None and looks.start is None
        marked = (looks.cursor, looks.hint)
        # many cells: the text view's rows once (0.1 ms on 200x200) beat asking cell by cell
        if view is None and isinstance(cells, Sized) and len(cells) > CELLS_FOR_VIEW:
            view = game.view()
        if plain and view is not None and not pressed_cells:
            # a cascade's rings: every cell its tile alone, in comprehensions (a tenth quicker
            # than the loop below); the cursor's and the hint's cells go on below
            bottom, right = top + rows, left + cols
            cells = [cell for cell in cells if top <= cell[0] < bottom and left <= cell[1] < right]
            odd = [cell for cell in marked if cell is not None and cell in cells]
            if odd:
                cells = [cell for cell in cells if cell not in odd]
            places = [(b.x + (c - left) * t, b.y + (r - top) * t) for r, c in cells]
            pieces = list(
                zip(
                    [
                        tiles[veil]
                        if (veil := veiled.get(cell)) is not None
                        else tile_of[view[cell[0]][cell[1]]]
                        for cell in cells
                    ],
                    places,
                    strict=True,
                )
            )
            drawn, cells = places, odd
        for cell in cells:
            r, c = cell[0] - top, cell[1] - left
            if not (0 <= r < rows and 0 <= c < cols):
                continue
            x, y = b.x + c * t, b.y + r * t
            veil = veiled.get(cell)
            if veil is not None:
                sprite = tiles[veil]
            else:
                ch = game.cell(*cell) if view is None else view[cell[0]][cell[1]]
                pressed = cell in pressed_cells and ch in PRESSABLE
                sprite = tiles["pressed"] if pressed else tile_of[ch]
            pieces.append((sprite, (x, y)))
            if plain and cell not in marked:
                drawn.append((x, y))
                continue
            pieces += self._marks_on(cell, x, y, sprite is tile_of[V.FLAG], looks)
            drawn.append((x, y))
        self.canvas.fblits(pieces)
        if drawn:
            self._seen = (game, top, left)
            self.drawn.warm = self.drawn.warm or "new"  # their blocks may be stale: warm them
        if len(drawn) > MANY_TILES:  # one box around them all scales faster than many small
            xs, ys = [p[0] for p in drawn], [p[1] for p in drawn]
            self.drawn.dirty.append(
                Box(min(xs), min(ys), max(xs) - min(xs) + t, max(ys) - min(ys) + t)
            )
        else:
            self.drawn.dirty.extend(Box(x, y, t, t) for x, y in drawn)

    def draw_status(self, text: str | list, colour_name: str = "text") -> None:
        """The line under the board: a message, or pieces of text and small icons (see
        game/ui/status.py), or empty."""
        box = self.layout.status
        col = self.theme.colours
        font = self.theme.font
        colour = col[colour_name]
        self.canvas.fill(col["panel"], pygame.Rect(*_xywh(box)))
        c = Lens(self.canvas, self.layout.text, (box.x, box.y))  # text pixels from the box
        w, h = box.w // c.text, box.h // c.text
        pieces = [(None, text)] if isinstance(text, str) else text
        room = max(1, (w - 4) // font.width)
        x, y = 2, (h - font.height) // 2 + 1
        used = 0
        for icon, words in pieces:
            if icon is not None:
                _status_icon(c, font, icon, x + used * font.width, y, colour)
                used += 2
            elif words:
                shown = words[: max(0, room - used)]
                c.blit(font.render(shown, colour), (x + used * font.width, y))
                used += len(shown) + 1
        self.drawn.dirty.append(box)

    def draw_menu_bar(
        self,
        placed: menubar.Placed,
        open_menu: int | None = None,
        focus: int | None = None,
        marks: list[tuple[bool | None, bool]] = (),
    ) -> None:
        """The menu titles along the top; with a menu open, its title highlighted and its
        drop-down over the board: labels on the left, keys in a column on the right, the row
        with the focus highlighted, etched lines between groups."""
        c, font = Lens(self.canvas, self.layout.text), self.theme.font
        col = menubar.Colours.of(self.theme)
        bar = self.layout.menu_bar
        self.canvas.fill(col.bar, pygame.Rect(*_xywh(bar)))
        for i, (text, box) in enumerate(placed.titles):
            ink = col.text
            if i == open_menu:
                c.fill(col.highlight, pygame.Rect(*_xywh(box)))
                ink = col.highlight_text
            c.blit(font.render(text, ink), (box.x + menubar.TITLE_PAD, _text_y(box, font)))
        self.drawn.dirty.append(bar)
        panel = placed.panel
        if panel is None:
            return
        self.drawn.board_shown = False  # the drop-down hangs over the board and round it
        c.fill(col.bar, pygame.Rect(*_xywh(panel)))
        widgets.outline(c, panel, col.edge)
        widgets.bevel(c, widgets.inset(panel, 1), col.light, col.shadow)
        for row in placed.rows:
            box = row.box
            if row.index is None:
                mid = box.y + box.h // 2
                c.fill(col.shadow, (box.x + 1, mid - 1, box.w - 2, 1))
                c.fill(col.light, (box.x + 1, mid, box.w - 2, 1))
                continue
            checked, available = marks[row.index] if row.index < len(marks) else (None, True)
            ink = col.text if available else col.shadow
            if row.index == focus:
                c.fill(col.highlight, pygame.Rect(*_xywh(box)))
                ink = col.highlight_text if available else col.light
            y = _text_y(box, font)
            x = box.x + menubar.ITEM_PAD
            if checked:
                _tick(c, x, y, font.width, font.height, ink)
            x += menubar.TICK_CHARS * font.width
            c.blit(font.render(placed.labels[row.index], ink), (x, y))
            if placed.keys[row.index]:
                c.blit(font.render(placed.keys[row.index], ink), (placed.key_x, y))
        self.drawn.dirty.append(c.box(panel))

    # ---- to the window -------------------------------------------------------------------

    def present(self, display: Display) -> list[pygame.Rect]:
        """Show what changed since the last present; returns the window rects sent."""
        background, drawn = None, self.drawn
        canvas = self.canvas
        if drawn.full:
            background = self.theme.colours["background"]
            drawn.dirty[:] = [Box(0, 0, *self.layout.canvas_size)]
            drawn.shifts.clear()
        sent = display.present(
            canvas, self.layout, drawn.dirty, background=background, shifts=drawn.shifts
        )
        drawn.presented()
        drawn.window = tuple(display.size)  # what a frame laid ahead may wait on (lay_ahead)
        drawn.held = 0
        self._ahead = self._blitted = None  # looked ahead for a frame now shown (or never drawn)
        if drawn.warm is True and not drawn.animation:  # the frame is shown: spare time
            self.warm()
        elif drawn.warm:
            drawn.warm = True  # from the next frame on
        if self._remade:  # the canvas was made anew in the middle of a frame, maybe
            self._remade = False
            drawn.invalidate()
        return sent


def _status_icon(c: Lens, font, name: str, x: int, y: int, colour) -> None:
    """One of status.ICONS, 5 x 7 text pixels, in one character cell of the font."""
    left = x + max(0, (font.width - 5) // 2)
    top = y + max(0, (font.height - 7) // 2)
    for dy, line in enumerate(status.ICONS[name]):
        for dx, bit in enumerate(line):
            if bit == "#":
                c.fill(colour, (left + dx, top + dy, 1, 1))


def _tick(c: Lens, x: int, y: int, w: int, h: int, ink) -> None:
    """A check mark drawn in one character cell, two pixels thick."""
    low = y + h - 2
    down = [(x + k, low - 2 + k) for k in range(max(1, w // 3))]
    up = [(down[-1][0] + k, down[-1][1] - k) for k in range(1, max(2, w - len(down)))]
    for px, py in down + up:
        c.fill(ink, (px, max(y, py - 1), 1, 2))


def board_tiles(theme: Theme) -> dict[str, pygame.Surface]:
    """The board's tiles (BOARD_SPRITES) as opaque surfaces, each as it shows on the panel
    colour under the board: blitted as plain copies, twice as fast as through the sheet's
    alpha, and the same pixels (a see-through pixel shows the panel, as on the canvas)."""
    panel, tiles = theme.colours["panel"], {}
    for name in BOARD_SPRITES:
        sprite = theme.sprites[name]
        tile = tiles[name] = pygame.Surface(sprite.get_size()).convert()
        tile.fill(panel)
        tile.blit(sprite, (0, 0))
    return tiles


def _xywh(box: Box) -> tuple[int, int, int, int]:
    return box.x, box.y, box.w, box.h


def dialog_room(layout: Layout) -> tuple[Box, Box]:
    """Where a dialog's panel goes, in text pixels: centred over the board area, inside the
    frame (the menu bar above it stays); the area's text pixels are those it touches, so a
    dialog the area holds at 1x it holds at any text scale."""
    return layout.in_text(layout.area, outward=True), layout.in_text(layout.frame)


def _text_y(box: Box, font) -> int:
    """Where a line of text goes to sit in the middle of a box (the glyphs' top row is blank)."""
    return box.y + (box.h - font.height) // 2 + 1


def draw_plate(renderer: Renderer, words: str) -> Box:
    """A plate of `words` over the middle of the board area, at the text scale (the pause:
    a veiled board could pass for a new one); a scroll then draws all again, not moving it."""
    lay, theme = renderer.layout, renderer.theme.plain()
    style, font = widgets.style_for(theme), theme.font
    area = lay.in_text(lay.area)
    w = min(area.w, font.width * len(words) + 2 * PLATE_PAD)
    h = font.height + 2 * PLATE_PAD
    plate = Box(area.x + (area.w - w) // 2, area.y + (area.h - h) // 2, w, h)
    lens = Lens(renderer.canvas, lay.text)
    lens.fill(style.panel, (plate.x, plate.y, plate.w, plate.h))
    widgets.bevel(lens, widgets.inset(plate, 1), style.light, style.shadow)
    widgets.outline(lens, plate, style.edge)
    shown = widgets.shorten(words, (w - 2 * PLATE_PAD) // font.width)
    widgets.text(lens, theme, shown, style.text, plate.x + PLATE_PAD, plate.y + PLATE_PAD + 1)
    box = lens.box(plate)
    renderer.drawn.board_shown = False
    renderer.drawn.dirty.append(box)
    return box


def draw_dialog(renderer: Renderer, dialog) -> Box:
    """The dialog's panel over what the canvas shows (the board, veiled while a game waits)."""
    lens = Lens(renderer.canvas, renderer.layout.text)
    box = lens.box(dialog.draw(lens, renderer.theme.plain()))  # in text pixels, scaled
    renderer.drawn.board_shown = False  # a scroll must not move the panel with the tiles
    renderer.drawn.dirty.append(box)
    return box
