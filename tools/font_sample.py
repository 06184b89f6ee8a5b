"""Show every shipped theme's pixel font in a real window, to look at: a sample line, every
character past ASCII, and characters no font has (drawn as the placeholder box).

    python tools/font_sample.py [--zoom N] [--seconds S] [--save PNG] [TEXT]

Text is drawn with the game's own `widgets.text` on a canvas at the theme's size, scaled by a
whole number to the window as the game does. Closes on a key, a click, or after S seconds.
With --save, no window opens: the picture is written to that PNG file. The characters of TEXT
a theme's font lacks are printed (docs/TRANSLATING.md, "Adding glyphs").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.ui.theme import load_library  # noqa: E402
from game.ui.widgets import Metrics, text  # noqa: E402

SAMPLE = "Über Größe: ça marche — ¿sí? «élan» ñandú ØÆÅ þð 1–2 €"
PANGRAMS = (  # Latin Extended-A at work: Polish (twice), Czech, Hungarian, Turkish, Latvian
    "Zażółć gęślą jaźń. ZAŻÓŁĆ GĘŚLĄ JAŹŃ. Łódź, ŁÓDŹ",
    "Příliš žluťoučký kůň úpěl ďábelské ódy. ŤŮŇ Ď",
    "Árvíztűrő tükörfúrógép. ŐŰ İstanbul ığdır ĞŞ Ģķļņŗ",
)
MARGIN = 4  # canvas pixels round each theme's band


def lines(sample: str) -> list[str]:
    latin = "".join(map(chr, range(0xA1, 0x100)))
    extended = "".join(map(chr, range(0x100, 0x180)))
    return [
        sample,
        latin[:48],
        latin[48:],
        extended[:48],
        extended[48:96],
        extended[96:],
        *PANGRAMS,
        "‘single’ ‚low‘ “double” „low“ ‹one› «two» … – — €",
        "é è ê ë  É È Ê Ë  à á â ä å  Ä Ö Ü ß  ñ Ñ ç Ç",
        "not in the font: Ω → 中 (boxes)",
    ]


def canvas_for(themes: list, rows: list[str]) -> pygame.Surface:
    m = Metrics.of(themes[0])
    width = max(map(len, rows)) * m.glyph_w + 2 * MARGIN
    band = len(rows) * m.glyph_h + 2 * MARGIN
    canvas = pygame.Surface((width, band * len(themes)))
    for i, theme in enumerate(themes):
        top = i * band
        canvas.fill(theme.colours["panel"], (0, top, width, band))
        for j, row in enumerate(rows):
            y = top + MARGIN + j * m.glyph_h
            text(canvas, theme, row, theme.colours["text"], MARGIN, y)
    return canvas


def say_lacking(themes: list, sample: str) -> None:
    """Print the characters of the sample each theme's font lacks (they are drawn as boxes)."""
    for theme in themes:
        lacking = sorted(set(sample) - set(theme.font.glyphs))
        if lacking:
            shown = " ".join(f"{ch} (U+{ord(ch):04X})" for ch in lacking)
            print(f"not in {theme.key}'s font: {shown}")


def save(themes: list, rows: list[str], zoom: int, path: str) -> None:
    """Write the picture to a PNG file: no window, so it works on a machine without a screen."""
    canvas = canvas_for(themes, rows)
    size = (canvas.get_width() * zoom, canvas.get_height() * zoom)
    pygame.image.save(pygame.transform.scale(canvas, size), path)


def show(themes: list, rows: list[str], zoom: int, seconds: float) -> None:
    pygame.init()
    probe = canvas_for(themes, rows)
    window = pygame.display.set_mode((probe.get_width() * zoom, probe.get_height() * zoom))
    pygame.display.set_caption(f"Pixel Mines font sample, zoom {zoom}")
    for theme in themes:
        theme.convert()
    canvas = canvas_for(themes, rows)
    clock, waited = pygame.time.Clock(), 0
    while not seconds or waited < seconds * 1000:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return
        pygame.transform.scale(canvas, window.get_size(), window)  # again: the window manager
        pygame.display.flip()  # may show the window after a first flip
        waited += clock.tick(10)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zoom", type=int, default=1, choices=range(1, 7))
    parser.add_argument("--seconds", type=float, default=0, help="close after this (0: never)")
    parser.add_argument("--save", metavar="PNG", help="write the picture here, open no window")
    parser.add_argument("sample", nargs="?", default=SAMPLE)
    args = parser.parse_args(argv)
    themes = list(load_library().themes.values())
    say_lacking(themes, args.sample)
    if args.save:
        save(themes, lines(args.sample), args.zoom, args.save)
    else:
        show(themes, lines(args.sample), args.zoom, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
