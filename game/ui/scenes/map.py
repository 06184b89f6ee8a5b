"""The map: the whole board shrunk to fit over the game (at least a pixel a cell), its covered,
open and flagged cells and, at the end, its mines in the theme's colours, with the view's frame
drawn on it. A click on it answers where to go (`GoTo`); Esc or the map's key close it. It is
shown by the dialog stack, so the game pauses under it as under any dialog; it never moves the
view itself (the play scene does, with the answer).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from ...engine import Game
from ...engine.cells import Cell, ViewChar
from ...i18n import N_, _
from .. import keys
from ..caches import kept
from ..cellmarks import outline_colours
from ..dialogs import CLOSE, Dialog
from ..layout import Box
from ..lens import Lens
from ..widgets import Colour, Form, Label, Metrics, bevel, inset, outline, shorten, style_for

MAX_CELL_PX = 8  # a small board's map stays a map, not a second board
WELL = 3  # the map's sunken edge, and a pixel of panel inside the panel's outline
# Translators: the line over the map of the whole board.
WORDS = N_("Map: click a place to go there, Esc closes")
DISTINCT = 60  # RGB distance under which two colours would read as one on the map


@dataclass(frozen=True)
class GoTo:
    """The map's answer: bring this cell to the middle of the view."""

    cell: Cell


@dataclass(frozen=True)
class MapGeometry:
    """Where the map's cells are on the canvas: `cell_px` pixels a cell, from (first_row,
    first_col), `rows` x `cols` of them (the whole board unless even a pixel a cell is too
    much for the window; then the part around the view)."""

    box: Box
    cell_px: int
    first_row: int
    first_col: int
    rows: int
    cols: int

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell under a canvas pixel, or None off the map."""
        if not self.box.contains(x, y):
            return None
        k = self.cell_px
        return self.first_row + (y - self.box.y) // k, self.first_col + (x - self.box.x) // k

    def frame_of(self, top: int, left: int, rows: int, cols: int) -> Box:
        """A pixel-wide frame just around the view's cells, kept within the map."""
        k, b = self.cell_px, self.box
        x0 = max(b.x, b.x + (left - self.first_col) * k - 1)
        y0 = max(b.y, b.y + (top - self.first_row) * k - 1)
        x1 = min(b.right, b.x + (left + cols - self.first_col) * k + 1)
        y1 = min(b.bottom, b.y + (top + rows - self.first_row) * k + 1)
        return Box(x0, y0, max(1, x1 - x0), max(1, y1 - y0))


def map_panel(border: int, bounds: Box) -> Box:
    """The map's panel, in text pixels: over the frame's inside (`bounds`: the canvas under
    the menu bar; `border`: the frame's border)."""
    return inset(bounds, border)


def outside(panel: Box, size: tuple[int, int]) -> list[Box]:
    """The parts of a canvas of `size` that `panel` (inside it) leaves: up to four boxes."""
    w, h = size
    parts = (
        Box(0, 0, w, panel.y),
        Box(0, panel.bottom, w, h - panel.bottom),
        Box(0, panel.y, panel.x, panel.h),
        Box(panel.right, panel.y, w - panel.right, panel.h),
    )
    return [b for b in parts if b.w > 0 and b.h > 0]


def map_geometry(room: Box, rows: int, cols: int, around: Cell) -> MapGeometry:
    """The largest whole number of pixels a cell (at least one, at most MAX_CELL_PX) at which
    the board fits `room`, centred in it; a board too big even at one pixel a cell shows the
    part of it around the cell `around`."""
    k = max(1, min(MAX_CELL_PX, room.w // cols, room.h // rows))
    shown_rows, shown_cols = max(1, min(rows, room.h // k)), max(1, min(cols, room.w // k))
    first_row = max(0, min(rows - shown_rows, around[0] - shown_rows // 2))
    first_col = max(0, min(cols - shown_cols, around[1] - shown_cols // 2))
    w, h = shown_cols * k, shown_rows * k
    box = Box(room.x + (room.w - w) // 2, room.y + (room.h - h) // 2, w, h)
    return MapGeometry(box, k, first_row, first_col, shown_rows, shown_cols)


# ---- the theme's colours on the map ---------------------------------------------------------

_colours: dict[tuple, dict[str, Colour]] = {}


def _counts(sprite: pygame.Surface) -> Counter:
    """How many pixels of each colour a sprite has."""
    data = pygame.image.tobytes(sprite, "RGB")
    return Counter(tuple(data[i : i + 3]) for i in range(0, len(data), 3))


def _distance(a: Colour, b: Colour) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def _apart(colour: Colour, others: list[Colour]) -> bool:
    return all(_distance(colour, o) >= DISTINCT for o in others)


def _ink(sprite: pygame.Surface, avoid: list[Colour], fallback: Colour) -> Colour:
    """The colour that marks a sprite (a flag's cloth, a mine's body): the most vivid of its
    colours that stands apart from `avoid`, else its most common such colour, else
    `fallback`."""
    found = [c for c, _ in _counts(sprite).most_common() if _apart(c, avoid)]
    vivid = [c for c in found if max(c) - min(c) >= 96]
    return (vivid or found or [fallback])[0]


def _covered(counts: Counter, avoid: list[Colour]) -> Colour:
    """The covered cells' colour: the first that stands apart from `avoid` (the open cells'
    and the panel's round the map: the board's extent must show) of the covered tile's face,
    a shade halfway from it to another of its colours (Handheld's four-shade tile has its face
    the panel's green, its edges the open cells' and the flag's), its other colours, its face
    lightened or darkened; the farthest of them where none is apart."""
    own = [c for c, _ in counts.most_common()]
    face = own[0]
    between = [_mix(face, other, 0.5) for other in own[1:]]
    shades = [_mix(face, end, k) for k in (0.25, 0.5) for end in ((255,) * 3, (0,) * 3)]
    tried = [face, *between, *own[1:], *shades]
    apart = [c for c in tried if _apart(c, avoid)]
    if apart:
        return apart[0]
    return max(tried, key=lambda c: min(_distance(c, o) for o in avoid))


def _mix(a: Colour, b: Colour, k: float) -> Colour:
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b, strict=True))


def map_colours(theme) -> dict[str, Colour]:
    """For each character of the text view, its colour on the map, from the theme's own tiles:
    open cells the open tile's face, covered ones the covered tile's (or its edge where the
    two faces are alike, as in the classic grey; see `_covered`), flags the flag's cloth,
    mines their body. Worked out once a theme."""
    return kept(_colours, (theme.key, id(theme.sprites["covered"])), lambda: _colours_of(theme), 16)


def _colours_of(theme) -> dict[str, Colour]:
    s = theme.sprites
    opened = _counts(s["open_0"]).most_common(1)[0][0]
    panel = style_for(theme).panel  # round the map: the board's extent must show against it
    covered = _covered(_counts(s["covered"]), [opened, panel])
    flag = _ink(s["flag"], [covered, opened, panel], theme.colours["accent"])
    mine = _ink(s["mine"], [opened], theme.colours["text"])
    exploded = _counts(s["mine_red"]).most_common(1)[0][0]
    if not _apart(exploded, [covered, opened]):
        exploded = mine
    wrong = _ink(s["mine_wrong"], [opened, covered, mine], flag)
    V = ViewChar
    return {
        **{ch.value: opened for ch in V if ch.is_open},
        V.COVERED.value: covered,
        V.QUESTION.value: covered,
        V.FLAG.value: flag,
        V.MINE.value: mine,
        V.EXPLODED.value: exploded,
        V.WRONG_FLAG.value: wrong,
    }


def map_image(
    view: list[str], g: MapGeometry, colours: dict[str, Colour], like: pygame.Surface | None = None
) -> pygame.Surface:
    """The map's pixels, one a cell, from the text view (its characters index a palette), in
    the pixel format of `like` (the canvas: scaling onto it is then a plain copy)."""
    text = "".join(
        line[g.first_col : g.first_col + g.cols]
        for line in view[g.first_row : g.first_row + g.rows]
    )
    small = pygame.image.frombytes(text.encode("ascii"), (g.cols, g.rows), "P")
    palette = [colours[ViewChar.COVERED.value]] * 256
    for ch, colour in colours.items():
        palette[ord(ch)] = colour
    small.set_palette(palette)
    return small.convert(like) if like is not None else small


_outlines: dict[tuple, tuple[Colour, Colour]] = {}


def _outline_colours(theme) -> tuple[Colour, Colour]:
    """The view's frame: the accent lined with its companion (as the hint's outline), worked
    out once a theme."""
    key = (theme.key, id(theme.sprites["covered"]))
    return kept(_outlines, key, lambda: outline_colours(theme), 16)


# ---- the room ---------------------------------------------------------------------------------


class MapDialog(Dialog):
    """The map over the whole frame below the menu bar, for `game` seen through `view`
    (top, left, rows, cols)."""

    # Translators: the title of the map of the whole board (shown to the player as a heading).
    title = N_("Map")
    covers_board = True  # all inside the frame: the board is not drawn under it

    def __init__(self, game: Game, view: tuple[int, int, int, int]) -> None:
        self.game = game
        self.view = view
        self.panel = Box(0, 0, 0, 0)
        self.words = _(WORDS)
        self.geometry: MapGeometry | None = None
        self._image: tuple[tuple, pygame.Surface] | None = None
        super().__init__()

    def build(self) -> Form:
        return Form(_(self.title), [Label(_(WORDS))])  # what the map says, for `texts`

    def place(self, m: Metrics, area: Box, bounds: Box) -> Box:
        """Over the frame's inside (`bounds`: the canvas under the menu bar); a line of words
        on top when the board still fits under it at a pixel a cell."""
        if self._placing == (m, area, bounds):
            return self.panel
        self._placing = (m, area, bounds)
        self.panel = map_panel(area.x - bounds.x, bounds)  # the area starts past the border
        g = self.game
        top, left, rows, cols = self.view
        around = (top + rows // 2, left + cols // 2)
        whole = inset(self.panel, WELL)
        under = Box(whole.x, whole.y + m.line_h, whole.w, whole.h - m.line_h)
        fits = under.w >= g.cols and under.h >= g.rows
        chars = (self.panel.w - 2 * WELL) // m.glyph_w
        self.words = shorten(_(WORDS), chars) if fits else ""
        self.geometry = map_geometry(under if fits else whole, g.rows, g.cols, around)
        self.form.box = self.panel
        self.dirty = True
        return self.panel

    def covers_drawn(self) -> bool:
        return True  # it covers the frame's inside, whatever the window

    def draw(self, surface: Lens | pygame.Surface, theme) -> Box:
        style, p, g = style_for(theme), self.panel, self.geometry
        m = g.box  # the map's own pixels cover the rest: the panel fills round them only
        for x, y, w, h in (
            (p.x, p.y, p.w, m.y - p.y),
            (p.x, m.bottom, p.w, p.bottom - m.bottom),
            (p.x, m.y, m.x - p.x, m.h),
            (m.right, m.y, p.right - m.right, m.h),
        ):
            surface.fill(style.panel, (x, y, w, h))
        outline(surface, p, style.edge)
        if self.words:
            m = Metrics.of(theme)
            surface.blit(
                theme.font.render(self.words, style.text),
                (p.x + WELL, p.y + WELL + (m.line_h - m.glyph_h) // 2 + 1),
            )
        well = Box(g.box.x - 2, g.box.y - 2, g.box.w + 4, g.box.h + 4)
        bevel(surface, well, style.shadow, style.light, 2)
        key = (theme.key, id(theme.sprites["covered"]), g)
        if self._image is None or self._image[0] != key:
            like = getattr(surface, "canvas", surface)  # a Lens: the canvas's pixel format
            self._image = key, map_image(self.game.view(), g, map_colours(theme), like)
        small, b = self._image[1], g.box
        # scaled straight onto the canvas, whole pixels a cell (a cell a text pixel or more)
        target = surface.subsurface((b.x, b.y, b.w, b.h))
        pygame.transform.scale(small, target.get_size(), target)
        accent, companion = _outline_colours(theme)
        frame = g.frame_of(*self.view)
        outline(surface, frame, accent)
        if frame.w > 2 and frame.h > 2:
            outline(surface, inset(frame, 1), companion)
        self.drawn_box = p
        self.dirty = False
        return p

    def key(self, event: pygame.event.Event) -> object | None:
        if event.key == pygame.K_ESCAPE or keys.action_for(event) == "map":
            return CLOSE
        return None

    def mouse(self, event: pygame.event.Event, to_canvas) -> object | None:
        """A left press on the map: go there."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1:
            return None
        point = to_canvas(*event.pos)
        cell = None if point is None or self.geometry is None else self.geometry.cell_at(*point)
        return None if cell is None else GoTo(cell)

    def wheel(self, event: pygame.event.Event) -> None:
        pass
