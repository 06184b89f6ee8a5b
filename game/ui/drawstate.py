"""What the canvas shows and what must be drawn again, apart from the game and from what the
mouse buttons are doing (Tatham's `game_drawstate`): it can be thrown away with the canvas.
The renderer (game/ui/render.py) only draws; whether the next frame draws everything, which
boxes changed, how the board moved and what the toolbar shows are kept here.

It also holds the motion of a cascade: tiles veiled with the look they had, turning over ring
by ring outward from the click. Only the look waits; the game is already in its final state.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from itertools import chain, compress, repeat

import pygame

from ..engine.cells import Cell, CellSet, ViewChar

CASCADE_MS = 250  # a whole region has turned over within this
FLIP_MS = 40  # how long each tile shows pressed while it turns
BLOCK = 16  # the board is kept drawn in blocks of BLOCK x BLOCK cells (see Blocks)
# blocks made a frame while the loop warms the view's stale ones (Renderer.warm): counted in
# blocks, never in time, so every machine does the same (here a block costs ~0.25 ms of CPU)
WARM_PER_FRAME = 6
# A full redraw that would lay more of the view's blocks anew than the frame may (a zoom, a
# jump across the board, a theme switch) lays them ahead over a few ticks instead, while the
# window goes on showing the last frame, then shows them all in one frame that only blits
# (Renderer.lay_ahead). Counted in work, never in time: a tile costs a fixed part (as much as
# copying a 16-pixel tile's pixels) and its own pixels. Here a tick's share is 2.5-4 ms of CPU
# (a block at zoom 1 0.3-0.5 ms; 12 a tick took up to 7.3), under half of the 8 ms a full
# redraw may take, so a laptop 3x slower keeps its pace.
LAY_PER_TICK = 8 * BLOCK * BLOCK * 2 * 16 * 16  # about 8 blocks at zoom 1, 1 at zoom 4
LAY_IN_FRAME = 2 * BLOCK * BLOCK * 2 * 16 * 16  # what a frame still lays itself: 2 such
# a board that changes as fast as it is laid (none does: a cascade's turning blocks are left
# out) still shows after this many ticks; the most any zoom needs on a 1920x1080 screen is 9
HELD_MOST = 16
# A full redraw of a board that covers this many of the window's pixels (a 200x200 board at
# 1600x1000: 1.4 million, fullscreen 1.8) copies its blocks into the window's pixels in a tick
# of their own before the frame that shows them, which then only sends them to the screen:
# here the copy takes 1.5-2 ms and the trip to the screen 2-3 (Renderer.lay_ahead).
BLIT_AHEAD_PX = 1_000_000
PX_PER_LAID = 4  # in LAY_PER_TICK's work, a pixel copied costs a quarter of a pixel laid


def blit_cost(pixels: int) -> int:
    """The work of copying `pixels` of kept blocks onto the canvas (LAY_PER_TICK), or 0 where
    the frame copies them itself (fewer than BLIT_AHEAD_PX)."""
    return pixels // PX_PER_LAID if pixels >= BLIT_AHEAD_PX else 0


def lay_cost(text: tuple[str, ...], tile: int) -> int:
    """The work of laying a block showing `text` with tiles of `tile` pixels (LAY_PER_TICK)."""
    return len(text) * len(text[0]) * (16 * 16 + tile * tile)


Text = tuple[str, ...]  # what a block of cells shows: its rows of the text view


class Blocks:
    """The board's cells kept drawn, a block of BLOCK x BLOCK cells a surface, each with the
    text it shows: a full redraw blits the blocks in view, and lays tile by tile only a block
    whose text is not kept. Kept by text, so a block stays good wherever the view moves, and
    blocks alike (a new game's covered ones, an opening's blanks) share one surface. All drawn
    with one look (theme, tile size, zoom): another look drops them all. At most `limit` are
    kept, the least recently shown dropped first: enough for the blocks a view shows and a
    row and a column more, never the whole of a large board. The text each place on the board
    last showed is noted, so that a block whose cells changed (a region opened) is made from
    the one kept for its place, only the changed tiles drawn again."""

    def __init__(self) -> None:
        self.look: tuple | None = None
        self.limit = 0
        self.kept: OrderedDict[Text, object] = OrderedDict()  # text -> surface
        self.old: list = []  # surfaces of the look before, let go a few at a time (`fit`)
        self.shown: list[Text] = []  # the texts of the blocks the last full redraw showed
        self.at: dict[tuple[int, int], Text] = {}  # (block row, block col) -> text shown
        self.made = 0  # blocks made so far, laid tile by tile or patched (a count, for tests)
        self.patched = 0  # of those, made from the block kept for their place

    @staticmethod
    def limit_for(view_rows: int, view_cols: int) -> int:
        """The blocks a view of this size can show at once (straddling block edges), and a row
        and a column more (a view moved back and forth finds its blocks kept)."""
        return (-(-view_rows // BLOCK) + 2) * (-(-view_cols // BLOCK) + 2)

    def fit(self, look: tuple, limit: int) -> None:
        """Draw with `look` from now on, keeping at most `limit` blocks. The blocks of the
        look before are let go a few at a time, as new ones are made (`put`): freeing sixty
        surfaces at once took 4 ms of a frame."""
        if look != self.look:
            self.old.extend(self.kept.values())
            self.kept = OrderedDict()
            self.shown = []
            self.look = look
        self.limit = limit
        self._trim()

    def get(self, text: Text):
        """The surface showing `text`, or None; it becomes the most recently shown."""
        surface = self.kept.get(text)
        if surface is not None:
            self.kept.move_to_end(text)
        return surface

    def put(self, text: Text, surface, patched: bool = False) -> None:
        """A block just made: laid tile by tile, or `patched` from the one its place showed."""
        self.kept[text] = surface
        del self.old[-2:]  # two of another look's let go for each made
        self.made += 1
        self.patched += patched
        self._trim()

    def before(self, place: tuple[int, int]) -> tuple[Text, object] | None:
        """The text the block at `place` (block row, block col) showed last, and its surface,
        if it is kept."""
        text = self.at.get(place)
        surface = None if text is None else self.kept.get(text)
        return None if surface is None else (text, surface)

    def _trim(self) -> None:
        while len(self.kept) > self.limit:
            self.kept.popitem(last=False)


class DrawState:
    def __init__(self) -> None:
        self.blocks = Blocks()  # kept across renderers, as the canvas is: see Renderer.draw_board
        self.canvas = None  # the canvas surface, reused by the next renderer of its size
        self.window: tuple[int, int] | None = None  # the window's size at the last present
        self.reset()

    def reset(self) -> None:
        """A new game's canvas: everything is drawn anew."""
        self.dirty: list = []  # canvas boxes drawn since the last present
        self.shifts: list = []  # (box, dx, dy): the board moved on the canvas since then
        self.invalidate()
        self.pending: list = []  # groups of cells to draw again at the next frame
        self.pressed: set[Cell] = set()  # the cells drawn pressed
        self.cursor: Cell | None = None  # where the keyboard cursor was drawn
        self.status: str | None = None  # the line under the board as drawn
        self.panel: list[str] | None = None  # the live counters' panel as drawn
        # ticks in a row that laid the view's blocks ahead and showed nothing (0: the last one
        # showed): the window shows the frame before, and input waits for the frame that shows
        # the board (Renderer.lay_ahead); never more than HELD_MOST
        self.held = 0
        # where the last frame shown has the board: (zoom, its box's x and y, top, left)
        self.board_at: tuple | None = None
        self.board_hidden = False  # the board was drawn veiled (a paused game)
        self.veiled: dict[Cell, str] = {}  # cell -> the sprite it shows until its ring turns
        self.animation: list[tuple[int, int, int, list]] = []  # (due ms, stage, ring, cells)
        # cells of the view changed since its blocks were made: "new" the frame they are drawn,
        # True from the next frame on, while the loop warms the stale blocks (Renderer.warm)
        self.warm: bool | str = False

    def status_changed(self) -> None:
        """The status line says something else: it is drawn again at the next frame."""
        self.status = None

    def invalidate(self, lost: bool = False) -> None:
        """Forget what is on the canvas: the next frame draws everything. `lost`: the window
        no longer shows the last frame whole either (uncovered, restored), so the next frame
        may not wait for blocks laid ahead."""
        if lost:
            self.window = None
        self.full = True
        self.board_anew = False  # everything is drawn: the board with it
        self.toolbar: tuple | None = None  # (counter, face, timer) as drawn
        self.board_shown = False  # the canvas shows the board (not a dialog over it)
        self.bars: tuple[int, int] | None = None  # the view (top, left) the scroll bars show
        self.shifts.clear()

    def redraw_board(self) -> None:
        """The board alone is drawn again at the next frame, with what goes over it (a dialog
        opening over the board, which the pause veils); the frame, the toolbar and the menu bar
        round it show as they are, and only the board's area goes to the screen again. Where
        the canvas shows something else round the board (a menu's drop-down, a dialog's panel)
        everything is drawn."""
        if not self.full:
            if self.board_shown:
                self.board_anew = True
            else:
                self.invalidate()

    def presented(self) -> None:
        """What was drawn is on the screen now."""
        self.full = self.board_anew = False
        self.dirty.clear()
        self.shifts.clear()

    def cascade(
        self,
        changed: CellSet,
        origin: Cell,
        view: tuple[int, int, int, int],
        now: int,
        wrong_flag: Callable[[Cell], bool] | None = None,
    ) -> bool:
        """Veil the changed tiles in `view` (top, left, rows, cols) and turn them over in a
        wave outward from `origin`, all within CASCADE_MS; whether any tile was veiled.
        `wrong_flag(cell)`: a lost game's wrong flags show as flags until their turn."""
        top, left, rows, cols = view
        r0, c0 = origin
        # the changed cells in view as one byte a cell, row by row, set a run at a time; each
        # ring's rows and columns are then picked out of it by `compress`, in C: the frame a
        # big opening comes in turns 5,000 cells (a Python step a cell took 2.5 ms here)
        inside = bytearray(rows * cols)
        for row, first, stop in changed.runs():
            lo, hi = max(first, left), min(stop, left + cols)
            if top <= row < top + rows and lo < hi:
                at = (row - top) * cols - left
                inside[at + lo : at + hi] = b"\x01" * (hi - lo)
        most = max(
            abs(r0 - top), abs(r0 - (top + rows - 1)), abs(c0 - left), abs(c0 - (left + cols - 1))
        )
        by_ring: list[list[Cell]] = [[]]  # (ring 0, the clicked cell, shows what it is at once)
        for d in range(1, most + 1):
            ring: list[Cell] = []
            lo, hi = max(c0 - d, left), min(c0 + d + 1, left + cols)
            for row in (r0 - d, r0 + d):  # its top and bottom rows, whole
                if top <= row < top + rows and lo < hi:
                    at = (row - top) * cols - left
                    ring += zip(repeat(row), compress(range(lo, hi), inside[at + lo : at + hi]))
            first, stop = max(r0 - d + 1, top), min(r0 + d, top + rows)
            for col in (c0 - d, c0 + d):  # its left and right columns, between those rows
                if left <= col < left + cols and first < stop:
                    column = inside[(first - top) * cols + col - left : (stop - top) * cols : cols]
                    ring += zip(compress(range(first, stop), column), repeat(col))
            by_ring.append(ring)
        rings = {d: cells for d, cells in enumerate(by_ring) if cells}
        if not rings:
            return False
        farthest = max(rings)
        spread = CASCADE_MS - FLIP_MS
        for d, cells in rings.items():
            heapq.heappush(self.animation, (now + d * spread // farthest, 0, d, cells))
        veil = dict.fromkeys(chain.from_iterable(rings.values()), "covered")
        if wrong_flag is not None:
            veil.update((cell, "flag") for cell in veil if wrong_flag(cell))
        veil.update(self.veiled)  # tiles already veiled keep the look they have
        self.veiled = veil
        return True

    def advance(self, now: int) -> None:
        """Each ring of veiled tiles shows pressed for a moment, then its true look."""
        while self.animation and self.animation[0][0] <= now:
            due, stage, d, cells = heapq.heappop(self.animation)
            if stage == 0 and due + FLIP_MS > now:
                for cell in cells:
                    self.veiled[cell] = "pressed"
                heapq.heappush(self.animation, (due + FLIP_MS, 1, d, cells))
            else:  # (a frame that comes late shows a ring it would press and turn turned)
                for cell in cells:
                    self.veiled.pop(cell, None)
            self.pending.append(cells)


def lay_block(text: Text, tile_of: dict, t: int) -> pygame.Surface:
    """A block of cells showing `text`, tile by tile (opaque tiles: they cover it all)."""
    w, h = len(text[0]), len(text)
    block = pygame.Surface((w * t, h * t), 0, tile_of[ViewChar.COVERED])  # in the tiles' format
    tiles = map(tile_of.__getitem__, "".join(text))
    block.fblits(list(zip(tiles, _places(w, h, t), strict=True)))
    return block


def patch_block(
    was: Text, surface: pygame.Surface, text: Text, tile_of: dict, t: int
) -> pygame.Surface | None:
    """A block showing `text`, made from a copy of `surface` (showing `was`) with its changed
    rows laid again; None where most rows changed (laying it is cheaper) or the blocks are not
    the same size (a board of another size had the place)."""
    if len(was) != len(text) or len(was[0]) != len(text[0]):
        return None
    changed = [r for r, (old, new) in enumerate(zip(was, text, strict=True)) if old != new]
    if 2 * len(changed) > len(text):
        return None
    w = len(text[0])
    places = _places(w, len(text), t)
    block = surface.copy()
    pieces = []
    for r in changed:
        pieces += zip(map(tile_of.__getitem__, text[r]), places[r * w : (r + 1) * w], strict=True)
    block.fblits(pieces)
    return block


@cache
def _places(w: int, h: int, t: int) -> tuple[tuple[int, int], ...]:
    """Where the tiles of a block of w x h cells go in it, row by row."""
    return tuple((c * t, r * t) for r in range(h) for c in range(w))
