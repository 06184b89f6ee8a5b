"""How to play: the first page of the help (`HelpOverlay` in notice.py), the rules in a few
plain sentences (docs/RULES.md says them in full), each with a small picture drawn from the
theme's own tiles (`Tiles`), so it looks like the board the player sees in any theme.
"""

from __future__ import annotations

import pygame

from ...i18n import _, pgettext
from ..caches import kept
from ..keys import binding
from ..layout import Box, Sizes
from ..widgets import Label, Widget

# The pictures are drawn at the shipped themes' sizes: a tile of another size is scaled to them
# (whole pixels, nearest neighbour), so the page measures the same in every theme.
TILE, FACE = Sizes().tile, Sizes().face
GAP = 8  # between a picture's board and its face
AIR = 2  # above and below a picture, so it stands apart from the paragraphs round it
PARAGRAPH_AIR = 4  # above a paragraph after another one or a picture

# The pictures, as rows of the theme's sprite names (theme.py TILE_SPRITES).
AN_OPENING = (  # the first click's area: blanks, the numbers round them, covered cells beyond
    ("open_0", "open_0", "open_1", "covered", "covered"),
    ("open_0", "open_0", "open_1", "covered", "covered"),
    ("open_1", "open_1", "open_2", "covered", "covered"),
)
A_NUMBER = (  # a 2 and the two mines among its eight neighbours
    ("covered", "mine", "covered"),
    ("covered", "open_2", "covered"),
    ("covered", "covered", "mine"),
)
A_FLAG = (("covered", "flag"),)
A_CHORD = (  # the 2 with both its mines flagged, chorded: its six other neighbours held down
    ("pressed", "flag", "pressed"),
    ("pressed", "open_2", "pressed"),
    ("pressed", "pressed", "flag"),
)
A_WIN = (("open_1", "flag", "open_1"),)
A_LOSS = (("open_1", "mine_red", "covered"),)

_SIZED: dict = {}  # (id of a sprite, size) -> (the sprite, it at that size)


def at_size(sprite, size: int):
    """The sprite `size` pixels square: itself where it is that size already (the shipped
    themes), else a copy scaled once and kept (the sprite is kept with it, so its id stays
    its own)."""
    if sprite.get_size() == (size, size):
        return sprite
    made = kept(
        _SIZED, (id(sprite), size), lambda: (sprite, pygame.transform.scale(sprite, (size, size)))
    )
    return made[1]


class Tiles(Widget):
    """A small picture of the theme's own sprites, centred in its row: a few rows of tiles as
    on the board, and a face beside them (`face`: a face sprite's name, or None)."""

    natural = True

    def __init__(self, grid: tuple[tuple[str, ...], ...], face: str | None = None) -> None:
        self.grid = grid
        self.face = face

    def _size(self) -> tuple[int, int]:
        """The picture's own width and height, without its air."""
        w, h = max(len(row) for row in self.grid) * TILE, len(self.grid) * TILE
        if self.face is not None:
            w, h = w + GAP + FACE, max(h, FACE)
        return w, h

    def measure_key(self):
        return self.grid, self.face

    def measure(self, m, width):
        w, h = self._size()
        return min(width, w), h + 2 * AIR

    def pieces(self, sprites) -> list:
        """(sprite, where) for each tile and the face, from the theme's `sprites`."""
        w, h = self._size()
        x0 = self.box.x + max(0, (self.box.w - w) // 2)
        y0 = self.box.y + AIR
        board_y = y0 + (h - len(self.grid) * TILE) // 2
        out = [
            (at_size(sprites[name], TILE), (x0 + c * TILE, board_y + r * TILE))
            for r, row in enumerate(self.grid)
            for c, name in enumerate(row)
        ]
        if self.face is not None:
            x = x0 + w - FACE
            out.append((at_size(sprites[self.face], FACE), (x, y0 + (h - FACE) // 2)))
        return out

    def paint(self, surface, theme, style, focused):
        surface.fblits(self.pieces(theme.sprites))


class Paragraph(Label):
    """A paragraph with a little air above it (`above` pixels), so the page reads as a few
    separate points, each with its picture under it."""

    def __init__(self, content: str, above: int = 0) -> None:
        super().__init__(content)
        self.above = above

    def measure_key(self):
        return self.content, self.above

    def measure(self, m, width):
        w, h = super().measure(m, width)
        return w, h + self.above

    def place(self, m, box):
        super().place(m, box)
        self.box = Box(box.x, box.y + self.above, box.w, box.h - self.above)


def key_of(action: str) -> str:
    """The first key the key table gives an action, as the help names it ("F1", "Ctrl+Z")."""
    return binding(action).keys[0].label()


def how_to_play(welcome: bool = False) -> list[Widget]:
    """The page's rows, in the language in use: each paragraph with its picture under it;
    `welcome` (offered at the first start): a line first saying where to find it again."""
    words = {
        "key": key_of("help"),
        "start": pgettext("the first click", "Start"),
        "opening": _("opening"),
        "chord": _("L chord"),
        "undo": key_of("undo"),
    }
    # Translators: the first line of How to play when it is offered at the first start; key
    # is the key that shows it again (F1).
    hello = _("Welcome to Pixel Mines! %(key)s shows this page again.") % words
    # Translators: How to play: the goal of the game.
    goal = _("Mines hide under some of the covered cells. Open every cell that is not a mine.")
    # Translators: How to play: opening cells with the mouse.
    opening = _(
        "Click a cell to open it. A cell with no mine around it opens its whole empty area."
    )
    # Translators: How to play: what the numbers on open cells mean.
    number = _("A number tells how many of the eight cells around it hide a mine.")
    # Translators: How to play: flags.
    flag = _(
        "Right-click a cell you know is a mine to flag it, and again to take the flag off. "
        "A flagged cell does not open."
    )
    # Translators: How to play: chording. chord is the Options row's name for chording with
    # the left button ("L chord").
    chord = _(
        "When a number has as many flags around it as it shows, click it with both buttons "
        "(or the middle one) to open all its other neighbours at once. With %(chord)s on in "
        "Options, a left click does it too. A wrong flag makes it open a mine."
    )
    # Translators: How to play: the first click. start and opening are the Options row and
    # its choice as that row says them ("Start", "opening").
    first = _(
        "Your first click is never a mine: the mines are laid after it. With %(start)s: "
        "%(opening)s in Options (the default), no mine touches it either, so it opens an area."
    )
    # Translators: How to play: winning.
    won = _("You win when every cell that is not a mine is open; flags are not needed.")
    # Translators: How to play: losing; undo is the key that takes a move back (Ctrl+Z).
    lost = _(
        "Opening a mine loses the game. Undo (%(undo)s) takes the move back, but a game with "
        "an undo sets no record."
    )
    said = [
        (goal, None),
        (opening, Tiles(AN_OPENING)),
        (number, Tiles(A_NUMBER)),
        (flag, Tiles(A_FLAG)),
        (chord % words, Tiles(A_CHORD)),
        (first % words, None),
        (won, Tiles(A_WIN, "face_win")),
        (lost % words, Tiles(A_LOSS, "face_lose")),
    ]
    rows: list[Widget] = [Label(hello)] if welcome else []
    for paragraph, picture in said:
        rows.append(Paragraph(paragraph, PARAGRAPH_AIR if rows else 0))
        if picture is not None:
            rows.append(picture)
    return rows
