"""Small pixel marks drawn over tiles for hints and mine odds, made in code at 1x.

Owns the tiny 3x5 digit font, the tick (proven safe), the mine mark (proven mine), the frame
around a number a hint reads, and the colour ramp of the odds. Every mark has a one-pixel
dark rim, so it reads on light and dark tiles of every theme. Draws nothing on the canvas itself:
the renderer places what is made here.
"""

from __future__ import annotations

import pygame

# 3 x 5 digits, a row a string: '#' is ink.
DIGITS = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    # a dot, an unbroken slash, a dot: read as % from zoom 2 (the dots apart from the slash
    # were scattered pixels), unlike 7, Z and 2
    "%": ("#.#", "..#", ".#.", "#..", "#.#"),
}
TICK = (
    ".....##",
    "....##.",
    "##.##..",
    ".###...",
    "..#....",
)
MINE = (
    "#.#.#",
    ".###.",
    "#####",
    ".###.",
    "#.#.#",
)
# The start cell's mark (a board code's or the daily board's): a ring round a dot in the middle
# of the tile, unlike the keyboard cursor's box on the tile's edge and the hint's corners.
START = (
    "...####...",
    "..######..",
    ".##....##.",
    "##......##",
    "##..##..##",
    "##..##..##",
    "##......##",
    ".##....##.",
    "..######..",
    "...####...",
)
# The start mark where the keyboard cursor is on the start cell too: a smaller ring inside the
# cursor's box, so the covered tile's face shows between the box and the ring and in the
# ring's middle (the whole mark inside the box turned the face into the rim's colour).
START_IN_CURSOR = (
    ".####.",
    "#....#",
    "#....#",
    "#....#",
    "#....#",
    ".####.",
)
INK = (255, 255, 255)
RIM = (16, 16, 16)
MINE_INK = (16, 16, 16)
MINE_RIM = (255, 255, 255)
DIGIT_ZOOM = 2  # from this zoom on, covered cells show their odds in digits

# The odds' tint: its colours are the theme's (game/ui/theme.py `MarkColours`, from theme.toml's
# [odds]): a ramp from a possible mine to a likely one, light to dark as well as hue to hue, so
# players who do not tell red from green still read the order; a proven safe cell's colour (it
# also gets a tick) and a proven mine's.
TINT_LEVELS = 10  # steps of the ramp for cells that are neither proven safe nor proven mine


def tint_level(probability: float) -> int:
    """0 only for a proven safe cell, TINT_LEVELS only for a proven mine, else 1 .. levels - 1."""
    if probability <= 0.0:
        return 0
    if probability >= 1.0:
        return TINT_LEVELS
    return min(TINT_LEVELS - 1, max(1, round(probability * TINT_LEVELS)))


def tint_colour(level: int, colours) -> tuple[int, int, int]:
    """The colour of a tint level (see `tint_level`) in a theme's `colours` (its
    `MarkColours`: the ramp's colours spread evenly over the possible levels)."""
    if level <= 0:
        return colours.safe
    if level >= TINT_LEVELS:
        return colours.mine
    ramp = colours.ramp
    k = (level - 1) / (TINT_LEVELS - 2) * (len(ramp) - 1)  # the levels over the whole ramp
    i = min(len(ramp) - 2, int(k))
    f = k - i
    return tuple(round(a + (b - a) * f) for a, b in zip(ramp[i], ramp[i + 1], strict=True))


def percent_text(probability: float) -> str:
    """The odds in whole percent for a cell that is neither proven safe nor proven mine: 1-99."""
    return str(min(99, max(1, round(probability * 100))))


def _picture(rows: tuple[str, ...], ink, rim) -> pygame.Surface:
    """The glyph with a one-pixel rim around it on every side (diagonals included)."""
    h, w = len(rows), len(rows[0])
    surf = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    on = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"}
    for x, y in on:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (x + dx, y + dy) not in on:
                    surf.set_at((x + dx + 1, y + dy + 1), rim)
    for x, y in on:
        surf.set_at((x + 1, y + 1), ink)
    return surf


def digit_rows(text: str) -> tuple[str, ...]:
    """`text` in the 3x5 font, one blank column between digits."""
    return tuple(".".join(DIGITS[ch][y] for ch in text) for y in range(5))


def digits(text: str, size: int = 1) -> pygame.Surface:
    """`text` (digits and '%') in white with a dark rim, each pixel `size` canvas pixels."""
    surf = _picture(digit_rows(text), INK, RIM)
    if size > 1:
        surf = pygame.transform.scale_by(surf, size)
    return surf


def digits_width(text: str, size: int = 1) -> int:
    """How wide `digits(text, size)` is."""
    return (4 * len(text) - 1 + 2) * size


def start_mark(ink, rim, in_cursor: bool = False) -> pygame.Surface:
    return _picture(START_IN_CURSOR if in_cursor else START, ink, rim)


def flag_ring(flag: pygame.Surface, covered: pygame.Surface, tint, ring: int) -> pygame.Surface:
    """The odds' tint (`tint`, with its alpha) on a flagged tile: a ring `ring` pixels wide at
    the tile's edge that goes round the flag: left off on the flag's picture (its outline too:
    where it differs from the covered tile) and beside any of it the tint would not stand out
    of at 3:1, so the ring never lies against the flag (a dark ring on Handheld's dark flag
    read as one dark blot). At the sprites' size."""
    w, h = flag.get_size()
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    a = tint[3] / 255

    def picture(x: int, y: int) -> bool:
        return 0 <= x < w and 0 <= y < h and flag.get_at((x, y)) != covered.get_at((x, y))

    for y in range(h):
        for x in range(w):
            if min(x, y, w - 1 - x, h - 1 - y) >= ring or picture(x, y):
                continue
            under = tuple(covered.get_at((x, y)))[:3]
            shown = tuple(round(u * (1 - a) + t * a) for u, t in zip(under, tint[:3], strict=True))
            beside = [
                flag.get_at(p)
                for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if picture(*p)
            ]
            if all(contrast(shown, b) >= SHOWS for b in beside):
                surf.set_at((x, y), tint)
    return surf


def tick() -> pygame.Surface:
    return _picture(TICK, INK, RIM)


def mine() -> pygame.Surface:
    return _picture(MINE, MINE_INK, MINE_RIM)


def luminance(colour) -> float:
    """Relative luminance (WCAG) of an sRGB colour."""

    def lin(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


SHOWS = 3.0  # contrast at which a mark shows on its ground


def companion(accent, palette, grounds) -> tuple[int, int, int]:
    """The colour of `palette` to line the accent with, so that an outline stands out on every
    one of `grounds` (the tiles it is drawn on): on each ground, the better of the two counts."""

    def worst(c) -> tuple[float, float]:
        shown = min(max(contrast(accent, g), contrast(c, g)) for g in grounds)
        # past 3:1 (WCAG's for a mark) the mark shows: then the lining that sets the
        # colour off best wins (a dark rim round a light mark on a dark theme's tiles)
        return min(shown, SHOWS), contrast(c, accent)

    return tuple(max(palette, key=worst)[:3])


def number_frame(tile: int, accent, inner) -> pygame.Surface:
    """A thin closed frame round a tile, with a line of `inner` inside it: unlike the thick
    corner brackets of the hint's cell."""
    surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
    pygame.draw.rect(surf, inner, (1, 1, tile - 2, tile - 2), 1)
    pygame.draw.rect(surf, accent, (0, 0, tile, tile), 1)
    return surf


def brackets(tile: int, accent, inner) -> pygame.Surface:
    """Four thick corner brackets of `accent`, lined with `inner` on both sides (so the
    bracket shows where either colour is the tile's own): the outline of the cell to open."""
    surf = pygame.Surface((tile, tile), pygame.SRCALPHA)
    arm = tile // 3
    for colour, at, width, reach in ((inner, 0, 4, arm + 2), (accent, 1, 2, arm)):
        far = tile - at
        for x, y in ((at, at), (far - reach, at), (at, far - width), (far - reach, far - width)):
            pygame.draw.rect(surf, colour, (x, y, reach, width))  # across
        for x, y in ((at, at), (far - width, at), (at, far - reach), (far - width, far - reach)):
            pygame.draw.rect(surf, colour, (x, y, width, reach))  # down
    return surf
