"""The marks drawn over the board's tiles (a part of the renderer, game/ui/render.py): the
odds' tints and figures, a hint's proof, the start mark, the keyboard cursor and the hint's
brackets, each made once at the theme's size and scaled as its sprites are.
"""

from __future__ import annotations

import pygame

from . import marks
from .hints import HintMarks
from .theme import Theme


class CellMarks:
    def _marks_on(self, cell, x: int, y: int, flagged: bool, looks) -> list:
        """What is drawn over one cell's tile at (x, y), in order: the odds' tint, the hint's
        proof, the start mark, the cursor, the hint's brackets, the odds' label last (over
        every other mark, so it reads whole)."""
        pieces, label = [], []
        if looks.probabilities is not None and cell in looks.probabilities:
            odds = self._odds(looks.probabilities[cell], x, y, flagged)
            if len(odds) > 1 and not flagged:
                # the label goes over a frame too (a guess's safest cell, the analysis's better
                # guess); the outlined cell (the analysis's move) has no tint: its label says
                # the odds, over the outline, and no tint peeks out between the brackets
                odds, label = ([] if looks.hint == cell else odds[:1]), odds[1:]
            pieces += odds
        if looks.hint_marks is not None:
            pieces += self._proof(looks.hint_marks, cell, x, y)
        if looks.start == cell:  # smaller inside the cursor's box: the face shows round it
            pieces.append(self._centred(_start_name(looks.cursor == cell), x, y))
        if looks.cursor == cell:
            pieces.append((self.theme.sprites["cursor"], (x, y)))
        if looks.hint == cell:  # over the cursor (put on it): the box shows between
            pieces.append((self._hint_mark(), (x, y)))
        return pieces + label

    def _tint(self, probability: float, flagged: bool = False) -> pygame.Surface:
        """A see-through square on the theme's odds ramp (its safe colour when proven safe),
        made once per level; on a flag only a ring at the tile's edge that goes round the flag
        and its outline (`marks.flag_ring`), so the player's flag shows as it is."""
        level = marks.tint_level(probability)
        surf = self._tints.get((level, flagged))
        if surf is None:
            t, colours = self.layout.sizes.tile, self.theme.marks
            tint = (*marks.tint_colour(level, colours), colours.alpha)
            if flagged:  # made at the theme's own size (pixel by pixel), then scaled
                own = (self.theme.base or self.theme).sprites
                ring = max(2, self._tile_1x() // 8)
                surf = self._scaled(marks.flag_ring(own["flag"], own["covered"], tint, ring))
            else:
                surf = pygame.Surface((t, t), pygame.SRCALPHA)
                surf.fill(tint)
            self._tints[level, flagged] = surf
        return surf

    def _mark(self, name: str) -> pygame.Surface:
        """A mark made once: 'tick', 'mine', 'frame', 'start', or odds digits such as '7',
        '20' or '20%'; made at the theme's size and scaled as its sprites are."""
        surf = self._marks.get(name)
        if surf is None:
            if name == "tick":
                surf = marks.tick()
            elif name == "mine":
                surf = marks.mine()
            elif name == "frame":
                surf = marks.number_frame(self._tile_1x(), *hint_colours(self.theme))
            elif name.startswith("start"):
                in_cursor = name == _start_name(True)
                surf = marks.start_mark(*start_colours(self.theme), in_cursor=in_cursor)
            else:
                surf = marks.digits(name, self._digit_size())
            surf = self._marks[name] = self._scaled(surf)
        return surf

    def _digit_size(self) -> int:
        """Pixels of the theme's a pixel of the odds' digits: more where a tile has room."""
        return max(1, (self._tile_1x() - 2) // marks.digits_width("99%"))

    def _tile_1x(self) -> int:
        return self.layout.sizes.tile // self.layout.factor

    def _scaled(self, surf: pygame.Surface) -> pygame.Surface:
        f = self.layout.factor
        return surf if f == 1 else pygame.transform.scale_by(surf, f)

    def _centred(self, name: str, x: int, y: int) -> tuple[pygame.Surface, tuple[int, int]]:
        surf, f = self._mark(name), self.layout.factor
        dx = (self._tile_1x() - surf.get_width() // f) // 2 * f  # as at the theme's size
        dy = (self._tile_1x() - surf.get_height() // f) // 2 * f
        return surf, (x + dx, y + dy)

    def _odds(self, probability: float, x: int, y: int, flagged: bool = False) -> list:
        """The tint, and a tick (proven safe), a mine mark (proven mine) or, from zoom
        DIGIT_ZOOM on, the odds in whole percent (with a % sign where it fits). On a flag,
        the tint's ring and, where the flag is proven wrong, a tick in its corner: the flag
        itself stays as the player put it."""
        pieces = [(self._tint(probability, flagged), (x, y))]
        if flagged:
            if probability <= 0.0:
                tick = self._mark("tick")
                t = self.layout.sizes.tile
                pieces.append((tick, (x + t - tick.get_width(), y + t - tick.get_height())))
            return pieces
        if probability <= 0.0:
            pieces.append(self._centred("tick", x, y))
        elif probability >= 1.0:
            pieces.append(self._centred("mine", x, y))
        elif self.layout.zoom >= marks.DIGIT_ZOOM:
            text = marks.percent_text(probability)
            size, room = self._digit_size(), self._tile_1x() - 2
            if marks.digits_width(text + "%", size) <= room:
                text += "%"
            pieces.append(self._centred(text, x, y))
        return pieces

    def _proof(self, proof: HintMarks, cell: tuple[int, int], x: int, y: int) -> list:
        """A hint's marks on one cell: a frame on a number it reads, a tick on a cell it proves
        safe, a mine mark on a cell it knows is a mine."""
        pieces = []
        if cell in proof.numbers:
            pieces.append((self._mark("frame"), (x, y)))
        if cell in proof.safe:
            pieces.append(self._centred("tick", x, y))
        elif cell in proof.mines:
            pieces.append(self._centred("mine", x, y))
        return pieces

    def _hint_mark(self) -> pygame.Surface:
        """Four corner brackets in the theme's hint colour: unlike the keyboard cursor's box
        in the accent."""
        if self._hint is None:
            accent, inner = outline_colours_on_covered(self.theme)
            self._hint = self._scaled(marks.brackets(self._tile_1x(), accent, inner))
        return self._hint


def outline_colours(
    theme: Theme, colour=None, tiles: tuple[str, ...] = ("covered", "open_0")
) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """`colour` (the accent when None), and the theme colour lining it so that a mark shows on
    each of `tiles` (the colour alone can be a tile's own shade)."""
    col = theme.colours
    colour = col["accent"] if colour is None else colour
    palette = [col[name] for name in ("light", "shadow", "text", "panel", "led_off")]
    t = theme.sizes.tile
    grounds = [theme.sprites[name].get_at((t // 2, t // 2)) for name in tiles]
    return colour, marks.companion(colour, palette, grounds)


def hint_colours(theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The hint's outline and its lining: the theme's [marks] hint colour, else the accent."""
    return outline_colours(theme, theme.marks.hint)


def outline_colours_on_covered(theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The outline of a covered cell (a hint's, the analysed move's): the hint's colours, its
    lining taking the thick part where the hint colour alone hardly shows on the covered tile
    (Handheld's light green on its green: a play-tester could not see the analysed move)."""
    accent, inner = hint_colours(theme)
    t = theme.sizes.tile
    covered = theme.sprites["covered"].get_at((t // 2, t // 2))
    if marks.contrast(accent, covered) < marks.SHOWS < marks.contrast(inner, covered):
        return inner, accent
    return accent, inner


def start_colours(theme: Theme) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The start mark and its rim, on a covered tile: the theme's [marks] start colour, else
    its text colour."""
    start = theme.marks.start
    return outline_colours(theme, theme.colours["text"] if start is None else start, ("covered",))


def _start_name(in_cursor: bool) -> str:
    """The start mark's name among the renderer's marks: alone, or inside the cursor's box."""
    return "start in cursor" if in_cursor else "start"
