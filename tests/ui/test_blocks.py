"""The board kept drawn in blocks of cells (game/ui/drawstate.py `Blocks`): a full redraw shows
exactly what drawing every cell one by one shows, a block is laid again only when one of its
cells changed, another theme or zoom drops the blocks, and the kept blocks stay few."""

import random

import pygame
import pytest

from game.engine import Game, Move, MoveKind
from game.engine.boards import BoardChoice
from game.engine.cells import ViewChar
from game.store.settings import Settings
from game.ui.drawstate import BLOCK
from game.ui.render import SPRITE_OF_VIEW, Looks

from .test_display import random_layout

pytestmark = pytest.mark.concurrent  # the window's solver starts on a thread of its own

BIG = BoardChoice(200, 200, 2000)


class Shown:
    """A board that shows a given text view (every look a cell can have), as games do."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def view(self) -> list[str]:
        return list(self.lines)

    def cell(self, row: int, col: int) -> str:
        return self.lines[row][col]


def mixed_view(rows: int, cols: int, seed: int) -> list[str]:
    """Every look, in patches (so that some blocks are alike) and at random."""
    rng = random.Random(seed)
    looks = [str(ch) for ch in ViewChar]
    lines = []
    for r in range(rows):
        patch = looks[(r // 7) % len(looks)]
        lines.append(
            "".join(patch if (c // 11) % 3 == 0 else rng.choice(looks) for c in range(cols))
        )
    return lines


def board_pixels(app) -> bytes:
    r = app.ctx.frame.renderer
    b = r.layout.board
    return pygame.image.tobytes(r.canvas.subsurface((b.x, b.y, b.w, b.h)), "RGB")


def cell_by_cell(app, board, top: int, left: int, veiled: dict | None = None) -> bytes:
    """The board as drawn before there were blocks: the theme's sprite of each cell (or its
    veil) blitted one by one onto the panel colour."""
    r = app.ctx.frame.renderer
    lay, sprites, t = r.layout, r.theme.sprites, r.layout.sizes.tile
    b = lay.board
    r.canvas.fill(r.theme.colours["panel"], (b.x, b.y, b.w, b.h))
    veiled = veiled or {}
    for row in range(top, top + lay.view_rows):
        for col in range(left, left + lay.view_cols):
            name = veiled.get((row, col)) or SPRITE_OF_VIEW[board.cell(row, col)]
            r.canvas.blit(sprites[name], (b.x + (col - left) * t, b.y + (row - top) * t))
    return board_pixels(app)


def drawn_both_ways(app, board, top: int, left: int, looks: Looks) -> tuple[bytes, bytes]:
    """The board drawn by a full redraw, and drawn cell by cell on a canvas spoilt first."""
    r = app.ctx.frame.renderer
    r.draw_board(board, top, left, looks)
    whole = board_pixels(app)
    r.canvas.fill((255, 0, 255))
    return whole, cell_by_cell(app, board, top, left, looks.veiled)


def use(d, theme: str | None = None, scale: int | None = None) -> None:
    if theme is not None:
        d.app.options.set_theme(theme)
    if scale is not None:
        d.app.options.set_scale(scale)
    d.tick()
    assert theme is None or d.app.ctx.frame.theme.key == theme
    assert scale is None or d.app.ctx.frame.scale == scale


@pytest.mark.parametrize("scale", [1, 2, 4])
def test_a_full_redraw_shows_what_drawing_each_cell_shows_in_every_theme(drive, scale):
    d = drive(BIG, scale=scale)
    board = Shown(mixed_view(200, 200, seed=scale))
    for theme in d.app.ctx.aids.themes.names():
        use(d, theme)
        lay = d.app.ctx.frame.layout
        # views on block edges, across them, and at the board's far corner (its last blocks
        # are smaller: 200 is not a multiple of BLOCK)
        for top, left in ((0, 0), (BLOCK + 3, 5), (200 - lay.view_rows, 200 - lay.view_cols)):
            whole, one_by_one = drawn_both_ways(d.app, board, top, left, Looks())
            assert whole == one_by_one, (theme, top, left)


def test_a_full_redraw_during_a_cascade_shows_the_turning_tiles_as_they_are_now(drive):
    d = drive(BIG, scale=1, settings=Settings(motion=True, volume="off"))
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 1000, seed=3)))
    d.tick()
    game, lay, drawn = d.app.play.game, d.app.ctx.frame.layout, d.app.ctx.drawn
    blank = next(
        (r, c)
        for r in range(lay.view_rows)
        for c in range(lay.view_cols)
        if game.layout()[r][c] == "."
        and game.cell(r, c) == ViewChar.COVERED
        and all(
            game.layout()[i][j] == "."
            for i in range(max(0, r - 1), r + 2)
            for j in range(max(0, c - 1), c + 2)
        )
    )
    d.click(blank)
    d.tick(60)
    turning = {
        cell
        for cell in drawn.veiled
        if 0 <= cell[0] < lay.view_rows and 0 <= cell[1] < lay.view_cols
    }
    assert len(turning) > 100 and drawn.animation, "the region is turning over"
    made = drawn.blocks.made
    full_redraw(d)
    assert drawn.veiled, "still turning"
    assert board_pixels(d.app) == cell_by_cell(d.app, game, 0, 0, drawn.veiled)
    # the blocks under turning tiles are drawn tile by tile: none is made or kept of them
    under_veil = {(row // BLOCK, col // BLOCK) for row, col in drawn.veiled}
    in_view = {
        (row // BLOCK, col // BLOCK) for row in range(lay.view_rows) for col in range(lay.view_cols)
    }
    assert len(drawn.blocks.shown) == len(in_view - under_veil)
    assert drawn.blocks.made - made <= len(drawn.blocks.shown)
    for _ in range(30):  # the region turns over to the end; a full redraw then shows it
        d.tick(16)
    assert not drawn.veiled
    whole, one_by_one = drawn_both_ways(d.app, game, 0, 0, Looks())
    assert whole == one_by_one


def full_redraw(d) -> None:
    d.app.ctx.drawn.invalidate()
    d.tick()


def test_a_block_is_laid_again_only_when_one_of_its_cells_changed(drive):
    d = drive(BIG, scale=1)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=5)))
    d.tick()
    game = d.app.play.game
    game.reveal(
        *next((r, c) for r in range(20, 200) for c in range(20, 200) if game.layout()[r][c] == ".")
    )
    full_redraw(d)
    blocks = d.app.ctx.drawn.blocks
    made, shown = blocks.made, list(blocks.shown)
    assert shown, "the board was drawn from blocks"
    full_redraw(d)
    assert blocks.made == made and blocks.shown == shown  # nothing changed: nothing laid
    covered = next(
        (r, c)
        for r in range(d.app.ctx.frame.layout.view_rows)
        for c in range(d.app.ctx.frame.layout.view_cols)
        if game.cell(r, c) == ViewChar.COVERED
    )
    d.app.play.play(Move(MoveKind.FLAG, *covered))
    d.tick()
    assert blocks.made == made  # the flag alone was drawn, not the board
    full_redraw(d)
    assert blocks.made == made + 1  # the flag's block, and no other
    assert len(blocks.shown) == len(shown)
    changed = [
        i for i, (was, now) in enumerate(zip(shown, blocks.shown, strict=True)) if was != now
    ]
    assert len(changed) == 1
    d.app.play.play(Move(MoveKind.FLAG, *covered))  # the flag off: the block as it was
    d.tick()
    full_redraw(d)
    assert blocks.made == made + 1 and blocks.shown == shown


def test_blocks_are_kept_wherever_the_view_moves(drive):
    d = drive(BIG, scale=2)
    r = d.app.ctx.frame.renderer
    blocks = d.app.ctx.drawn.blocks
    board = Shown(mixed_view(200, 200, seed=8))
    r.draw_board(board, 5, 3, Looks())  # across block edges: the blocks at (0, 0) and more
    made = blocks.made
    r.draw_board(board, 0, 0, Looks())  # the same blocks, moved on the canvas
    r.draw_board(board, 5, 3, Looks())
    assert blocks.made == made


def opened_at_zoom_1(drive):
    """A 200x200 game at zoom 1 with a region opened in its middle, drawn in full."""
    d = drive(BIG, scale=1)
    d.app.games.play_game(Game.from_layout(random_layout(200, 200, 2000, seed=6)))
    d.app.play.game.reveal(100, 100)
    full_redraw(d)
    return d, d.app.ctx.drawn.blocks


def test_another_theme_or_zoom_drops_the_blocks_and_lays_them_ahead(drive):
    d, blocks = opened_at_zoom_1(drive)
    old = list(blocks.kept.values())  # held, so that no new surface takes one's id
    names = d.app.ctx.aids.themes.names()
    other = next(n for n in names if n != d.app.ctx.frame.theme.key)
    use(d, other)  # its blocks laid ahead over a few ticks (tests/ui/test_lay_ahead.py)
    assert {id(s) for s in old}.isdisjoint(id(s) for s in blocks.kept.values())
    assert blocks.look[0] == other and blocks.shown
    old = list(blocks.kept.values())
    use(d, scale=2)
    assert {id(s) for s in old}.isdisjoint(id(s) for s in blocks.kept.values())
    assert blocks.look[2] == 2


@pytest.mark.parametrize("scale", [1, 4])
def test_the_kept_blocks_stay_within_their_bound_however_the_view_wanders(drive, scale):
    d = drive(BIG, scale=scale)
    r = d.app.ctx.frame.renderer
    lay = r.layout
    blocks = d.app.ctx.drawn.blocks
    board = Shown(mixed_view(200, 200, seed=2))
    rng = random.Random(1)
    for _ in range(60):
        r.draw_board(
            board,
            rng.randrange(200 - lay.view_rows + 1),
            rng.randrange(200 - lay.view_cols + 1),
            Looks(),
        )
        assert len(blocks.kept) <= blocks.limit
    on_board = (-(-200 // BLOCK)) ** 2
    assert blocks.limit < on_board  # never the whole board
    if scale == 4:
        assert blocks.limit <= on_board // 4


@pytest.mark.parametrize("board", [None, BIG])
def test_a_full_redraw_covers_the_whole_canvas(drive, board):
    """The frame leaves the board area to the board, which fills round itself: nothing of the
    canvas before shows through, whatever the board's size."""
    d = drive(board, scale=1)
    canvas = d.app.ctx.frame.renderer.canvas
    canvas.fill((255, 0, 255))
    full_redraw(d)
    left_over = pygame.mask.from_threshold(canvas, (255, 0, 255), (1, 1, 1, 255))
    assert left_over.count() == 0


def test_another_looks_blocks_are_let_go_a_few_at_a_time_as_new_ones_are_made(drive):
    """Freeing every block of the look before at once took a frame's milliseconds."""
    d, blocks = opened_at_zoom_1(drive)
    before = len(blocks.kept)
    d.app.options.set_scale(2)  # another look: nothing drawn yet with it
    assert len(blocks.old) == before and not blocks.kept
    made = blocks.made
    d.tick()
    assert len(blocks.old) == max(0, before - 2 * (blocks.made - made))
