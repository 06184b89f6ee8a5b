"""A theme's sprites scaled by the board's zoom (`Layout.factor`, game/ui/layout.py): the sheet
is scaled once per theme and zoom, nearest neighbour, so each sprite pixel is a square of window
pixels on the canvas.

Owns only that copy and its cache; the font stays the theme's own (text has a scale of its own,
drawn through game/ui/lens.py) and the copy draws exactly as the theme does otherwise. Never
draws on a canvas.
"""

from __future__ import annotations

import dataclasses

import pygame

from .theme import Theme

# id(theme) -> (the theme, the sheet it was scaled from, {factor: copy}); the theme is held, so
# its id is never reused while it is here, and a new sheet (`Theme.convert`) makes new copies
_copies: dict[int, tuple[Theme, pygame.Surface, dict[int, Theme]]] = {}


def scaled(theme: Theme, factor: int) -> Theme:
    """The theme with its sheet, sprites and sizes `factor` times larger (itself at 1), made
    once per theme, sheet and factor. The copy's font and colours are the theme's own, and
    `Theme.plain` of the copy is the theme (dialogs are drawn with that)."""
    if factor == 1:
        return theme
    kept = _copies.get(id(theme))
    if kept is None or kept[0] is not theme or kept[1] is not theme.sheet:
        kept = _copies[id(theme)] = (theme, theme.sheet, {})
    copy = kept[2].get(factor)
    if copy is None:
        copy = kept[2][factor] = _scale(theme, factor)
    return copy


def _scale(theme: Theme, factor: int) -> Theme:
    def times(rect: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return tuple(factor * v for v in rect)

    copy = dataclasses.replace(
        theme,
        sizes=theme.sizes.times(factor),
        sheet=pygame.transform.scale_by(theme.sheet, factor),  # nearest neighbour
        rects={name: times(r) for name, r in theme.rects.items()},
        glyph_rects={ch: times(r) for ch, r in theme.glyph_rects.items()},
        base=theme,
    )
    copy.font = theme.font  # text is drawn at the canvas's own scale, and its lines kept once
    return copy
