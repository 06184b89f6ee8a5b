"""Draw the pixel-art sprite sheets for Pixel Mines themes, with pygame and no window.

Owns assets/themes/<theme>/sheet.png and theme.toml (but for the [sounds] table, which
tools/make_sounds.py writes and a redraw keeps), and the application icon in assets/icons/
(cut from the classic sheet, as PNGs for Linux and as .ico and .icns files for the bundle's
executable on Windows and macOS); run ``python tools/make_themes.py``.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Import this checkout's game package (not an installed copy), so the files land in its assets/.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.resources import assets_dir  # noqa: E402
from game.ui.screen import ICON_SPRITE, icon_of  # noqa: E402

Colour = tuple[int, int, int]
Rect = tuple[int, int, int, int]

ASSETS_DIR = assets_dir()
THEMES_DIR = ASSETS_DIR / "themes"

# Fixed geometry: the game's layout code relies on these sizes.
TILE = 16
BORDER = 8
FACE = 24
LED_W, LED_H = 11, 21
GLYPH_W, GLYPH_H = 6, 10
FONT_FIRST, FONT_LAST = 32, 126
FONT_COLUMNS = 32
SHEET_W = 256

GLYPH_INK = (255, 255, 255, 255)  # the game tints glyphs by multiplying


@dataclass(frozen=True)
class Palette:
    """Every colour a theme uses; the drawing code takes nothing else."""

    key: str  # folder under assets/themes
    name: str  # display name
    background: Colour  # window margin around the canvas
    panel: Colour  # toolbar, dialogs, frame and covered tile face
    light: Colour  # bevel highlight
    shadow: Colour  # bevel shadow and grid lines between open tiles
    text: Colour  # dialog/help text
    accent: Colour  # keyboard cursor, selected field
    accent_edge: Colour  # dark inner line of the keyboard cursor
    error: Colour  # error messages in dialogs
    led_off: Colour  # LED panel background
    led_on: Colour  # lit LED segment
    led_dim: Colour  # unlit LED segment
    opened: Colour  # face of an open tile
    ink: Colour  # outlines, mine body, flag pole, "?"
    glint: Colour  # highlight on the mine and on the sunglasses
    flag: Colour
    blast: Colour  # background of the mine that was clicked
    cross: Colour  # X over a wrongly flagged mine
    face: Colour  # smiley fill
    numbers: tuple[Colour, ...]  # colours of the digits 1..8
    # Drawn over tiles by the game's code (theme.toml's [odds] and [marks]): the odds' tint
    # from a possible mine to a likely one (light to dark), a proven safe cell's and a proven
    # mine's tint, how much of them covers a tile (of 255); the start cell's mark and the
    # hint's outline (both unlike the keyboard cursor, which is `accent`).
    odds_ramp: tuple[Colour, ...]
    odds_safe: Colour
    odds_mine: Colour
    start: Colour
    hint: Colour
    odds_alpha: int = 150
    # Optional looks. Left at None/False they fall back to the colours above and draw
    # the classic shapes, so a palette only names what it does differently.
    covered: Colour | None = None  # face of a covered tile (None: panel)
    covered_light: Colour | None = None  # bevel highlight of a covered tile (None: light)
    covered_shadow: Colour | None = None  # bevel shadow of a covered tile (None: shadow)
    question: Colour | None = None  # the "?" on a covered tile (None: ink)
    face_ink: Colour | None = None  # smiley outline and features (None: ink)
    outline: Colour | None = None  # 1px ring around the flag and the wrong-flag X (None: none)
    bold_digits: bool = False  # 10x13 digits with 3px strokes instead of the 8x10 ones
    big_flag: bool = False  # a larger flag with a 2px pole instead of the classic one


CLASSIC = Palette(
    key="classic",
    name="Classic",
    background=(0, 128, 128),
    panel=(192, 192, 192),
    light=(255, 255, 255),
    shadow=(128, 128, 128),
    text=(0, 0, 0),
    accent=(255, 128, 0),
    accent_edge=(64, 24, 0),
    error=(160, 0, 0),
    led_off=(0, 0, 0),
    led_on=(255, 0, 0),
    led_dim=(56, 0, 0),
    opened=(192, 192, 192),
    ink=(0, 0, 0),
    glint=(255, 255, 255),
    flag=(255, 0, 0),
    blast=(255, 0, 0),
    cross=(255, 0, 0),
    face=(255, 255, 0),
    numbers=(
        (0, 0, 255),
        (0, 128, 0),
        (255, 0, 0),
        (0, 0, 128),
        (128, 0, 0),
        (0, 128, 128),
        (0, 0, 0),
        (128, 128, 128),
    ),
    odds_ramp=((255, 245, 150), (250, 170, 50), (225, 60, 30), (120, 0, 50)),
    odds_safe=(30, 110, 255),
    odds_mine=(90, 0, 40),
    odds_alpha=170,
    start=(0, 150, 0),
    hint=(0, 0, 255),
)

NIGHT = Palette(
    key="night",
    name="Night",
    background=(13, 16, 21),
    panel=(43, 49, 60),  # dark slate: frame, toolbar and covered tiles
    light=(62, 70, 84),  # subtle bevels
    shadow=(17, 20, 25),  # darker than the open tiles, so it also draws their grid
    text=(224, 224, 224),  # no pure white anywhere: #e0e0e0 at most
    accent=(245, 192, 96),
    accent_edge=(42, 28, 0),
    error=(250, 170, 160),
    led_off=(0, 0, 0),
    led_on=(240, 80, 64),
    led_dim=(58, 15, 12),
    opened=(23, 27, 34),  # darker than the covered tiles
    ink=(200, 206, 216),  # light mine, flag pole and "?" on the dark tiles
    glint=(224, 224, 224),
    flag=(240, 100, 90),
    blast=(140, 38, 48),
    cross=(240, 112, 100),
    face=(230, 192, 74),
    numbers=(
        (98, 174, 240),  # sky blue
        (108, 216, 154),  # mint green
        (240, 128, 122),  # coral
        (184, 160, 244),  # periwinkle
        (232, 176, 74),  # amber
        (79, 208, 208),  # cyan
        (216, 216, 216),  # light grey
        (142, 142, 142),  # mid grey
    ),
    face_ink=(20, 23, 28),
    outline=(17, 20, 25),
    # muted, as the rest of the theme, and lighter than the covered tiles at every level (a
    # darker tint would vanish into them): from sand to plum, a proven mine's magenta
    odds_ramp=((180, 180, 130), (200, 150, 80), (200, 100, 80), (160, 90, 150)),
    odds_safe=(70, 130, 230),
    odds_mine=(150, 40, 130),
    odds_alpha=200,
    start=(120, 220, 140),
    hint=(90, 190, 250),
)

# For colour-blind and low-vision players: dark covered tiles against white open ones, bold
# digits whose shapes differ without colour, and digit colours from the Okabe-Ito set darkened
# to at least 4.5:1 on white and kept apart under protanopia, deuteranopia and tritanopia.
CONTRAST = Palette(
    key="contrast",
    name="High contrast",
    background=(0, 0, 0),
    panel=(240, 240, 240),
    light=(255, 255, 255),
    shadow=(118, 118, 118),
    text=(0, 0, 0),
    accent=(0, 78, 130),
    accent_edge=(255, 255, 255),  # the white inner line shows the cursor on covered tiles
    error=(163, 0, 0),
    led_off=(0, 0, 0),
    led_on=(255, 212, 0),
    led_dim=(46, 39, 0),
    opened=(255, 255, 255),
    ink=(0, 0, 0),
    glint=(255, 255, 255),
    flag=(213, 94, 0),  # Okabe-Ito vermillion
    blast=(86, 180, 233),  # Okabe-Ito sky blue: apart from the flag for every deficiency
    cross=(213, 94, 0),
    face=(240, 228, 66),  # Okabe-Ito yellow
    numbers=(
        (28, 120, 209),  # blue
        (0, 120, 67),  # bluish green
        (150, 47, 1),  # vermillion, darkened
        (0, 76, 117),  # dark sky blue
        (174, 101, 5),  # orange, darkened
        (152, 102, 143),  # reddish purple, darkened
        (0, 0, 0),  # black
        (91, 91, 91),  # grey
    ),
    covered=(80, 80, 80),
    covered_light=(150, 150, 150),
    covered_shadow=(24, 24, 24),
    question=(255, 255, 255),
    outline=(255, 255, 255),
    bold_digits=True,
    big_flag=True,
    # lighter than the dark covered tiles at every level, a proven mine near black
    odds_ramp=((240, 225, 110), (250, 180, 60), (240, 125, 80), (225, 95, 170)),
    odds_safe=(0, 114, 178),
    odds_mine=(30, 0, 20),
    odds_alpha=200,
    start=(0, 140, 70),
    hint=(204, 121, 167),
)

# A four-shade green handheld screen: every pixel of a tile is one of these (or transparent).
HANDHELD_DARK = (15, 56, 15)  # #0f380f
HANDHELD_MID = (48, 98, 48)  # #306230
HANDHELD_LIGHT = (139, 172, 15)  # #8bac0f
HANDHELD_PALE = (200, 220, 140)  # #c8dc8c: lighter than the old screens' #9bbc0f, so the
# open tiles stand apart from the covered ones and the dark shade reads at 10:1 on them

# An LCD's look: dark pixels on the light green screen. Covered tiles are the screen's light
# shade raised by a dark bevel, open ones the palest; flags, digits, the counters' segments and
# the keyboard cursor are the dark shade, which stands at 5:1 or more on both.
HANDHELD = Palette(
    key="handheld",
    name="Handheld",
    background=HANDHELD_DARK,
    panel=HANDHELD_LIGHT,
    light=HANDHELD_PALE,
    shadow=HANDHELD_MID,
    text=HANDHELD_DARK,
    accent=HANDHELD_DARK,
    # the cursor's inner line dark as well: a pale one lay on the light face like the tile's
    # own bevel, and the dark box on the tile's dark edge, so the cursor read as a faint
    # pressed tile; dark all round it shows at 4.9:1 on the covered face, 8.7:1 on the open
    accent_edge=HANDHELD_DARK,
    error=HANDHELD_DARK,
    led_off=HANDHELD_PALE,
    led_on=HANDHELD_DARK,
    led_dim=HANDHELD_LIGHT,  # an LCD's unlit segments: a ghost of the digit
    opened=HANDHELD_PALE,
    ink=HANDHELD_DARK,
    glint=HANDHELD_PALE,
    flag=HANDHELD_DARK,
    blast=HANDHELD_MID,
    cross=HANDHELD_DARK,
    face=HANDHELD_PALE,
    numbers=(HANDHELD_DARK,) * 8,  # one shade: the digit shapes tell 1-8 apart
    covered=HANDHELD_LIGHT,
    covered_light=HANDHELD_PALE,
    covered_shadow=HANDHELD_DARK,
    question=HANDHELD_DARK,
    outline=HANDHELD_PALE,
    bold_digits=True,
    big_flag=True,
    # darker than the covered tile at every level, so the order reads by lightness alone;
    # spread evenly in lightness, so neighbouring levels differ (20 % and 56 % looked alike)
    odds_ramp=((80, 120, 30), (52, 90, 30), (28, 62, 22), (4, 24, 4)),
    odds_safe=(236, 248, 200),
    odds_mine=(0, 16, 0),
    odds_alpha=200,
    start=HANDHELD_PALE,  # lined with the dark shade: pale where the cursor is dark
    hint=HANDHELD_PALE,
)

# To add a theme, define another Palette and list it here; every drawing function below
# takes the palette (colours and optional looks), so no drawing code changes.
THEMES = (CLASSIC, NIGHT, CONTRAST, HANDHELD)

# ---------------------------------------------------------------------------
# Pixel-art bitmaps. "." is transparent (leave what is underneath); every other
# character is looked up in a per-call colour map.

# Bold digits for open tiles, 8x10, drawn at (4, 3).
TILE_DIGITS = {
    1: """
...##...
..###...
.####...
...##...
...##...
...##...
...##...
...##...
.######.
.######.
""",
    2: """
.######.
########
##....##
.....###
...####.
.####...
###.....
##......
########
########
""",
    3: """
#######.
########
......##
......##
..#####.
..#####.
......##
......##
########
#######.
""",
    4: """
##....##
##....##
##....##
##....##
########
########
......##
......##
......##
......##
""",
    5: """
########
########
##......
##......
#######.
########
......##
......##
########
#######.
""",
    6: """
.######.
########
##......
##......
#######.
########
##....##
##....##
########
.######.
""",
    7: """
########
########
.....###
....###.
...###..
...##...
..###...
..##....
..##....
..##....
""",
    8: """
.######.
########
##....##
##....##
.######.
########
##....##
##....##
########
.######.
""",
}

# Heavy digits (palette.bold_digits), 10x13 with 3px strokes, drawn at (3, 2). Any two differ
# by at least one whole stroke (the closest, 6/8 and 5/6, by 12 and 14 pixels), so none needs
# its colour to be told apart; the 6 has an open top-right corner to keep it clear of the 8.
BOLD_DIGITS = {
    1: """
...####...
..#####...
.######...
....###...
....###...
....###...
....###...
....###...
....###...
....###...
.########.
.########.
.########.
""",
    2: """
.########.
##########
##########
.......###
.......###
.#########
##########
#########.
###.......
###.......
##########
##########
##########
""",
    3: """
#########.
##########
##########
.......###
.......###
..########
..########
..########
.......###
.......###
##########
##########
#########.
""",
    4: """
###....###
###....###
###....###
###....###
###....###
##########
##########
##########
.......###
.......###
.......###
.......###
.......###
""",
    5: """
##########
##########
##########
###.......
###.......
#########.
##########
##########
.......###
.......###
##########
##########
#########.
""",
    6: """
.#######..
########..
########..
###.......
###.......
#########.
##########
##########
###....###
###....###
##########
##########
.########.
""",
    7: """
##########
##########
##########
.......###
......###.
.....###..
....###...
....###...
...###....
...###....
...###....
...###....
...###....
""",
    8: """
.########.
##########
##########
###....###
###....###
.########.
##########
##########
###....###
###....###
##########
##########
.########.
""",
}

QUESTION = """
.######.
########
##....##
.....###
...####.
...##...
...##...
........
...##...
...##...
"""

# Flag on a covered tile (F flag, K pole and base), 16x16.
FLAG = """
................
................
................
......FFK.......
....FFFFK.......
...FFFFFK.......
....FFFFK.......
......FFK.......
........K.......
........K.......
.......KKK......
.....KKKKKKK....
....KKKKKKKKK...
................
................
................
"""

# Larger flag (palette.big_flag) for reading at a glance: 2px pole, 7px cloth, wide base.
# It fills the face of the tile, so an outline just reaches the inner bevel.
BIG_FLAG = """
................
................
.........KK.....
.......FFKK.....
.....FFFFKK.....
...FFFFFFKK.....
..FFFFFFFKK.....
...FFFFFFKK.....
.....FFFFKK.....
.......FFKK.....
.........KK.....
........KKKK....
......KKKKKKKK..
......KKKKKKKK..
................
................
"""

# Mine (K body, W glint), 13x13, drawn at (2, 2) so it is centred on an open tile.
MINE = """
......K......
......K......
..K.KKKKK.K..
...KKKKKKK...
..KKWWKKKKK..
..KKWWKKKKK..
KKKKKKKKKKKKK
..KKKKKKKKK..
..KKKKKKKKK..
...KKKKKKK...
..K.KKKKK.K..
......K......
......K......
"""

# Red X over a wrongly flagged mine, 16x16.
CROSS = """
................
................
................
...XX.....XX....
....XX...XX.....
.....XX.XX......
......XXX.......
.....XX.XX......
....XX...XX.....
...XX.....XX....
................
................
................
................
................
................
"""

# Smiley faces, 16x16, drawn at (4, 4) on the 24x24 button (K ink, Y face, W glint).
FACES = {
    "smile": """
.....KKKKKK.....
...KKYYYYYYKK...
..KYYYYYYYYYYK..
.KYYYYYYYYYYYYK.
.KYYYKKYYKKYYYK.
KYYYYKKYYKKYYYYK
KYYYYYYYYYYYYYYK
KYYYYYYYYYYYYYYK
KYYYYYYYYYYYYYYK
KYYYKYYYYYYKYYYK
KYYYYKYYYYKYYYYK
.KYYYYKKKKYYYYK.
.KYYYYYYYYYYYYK.
..KYYYYYYYYYYK..
...KKYYYYYYKK...
.....KKKKKK.....
""",
    "oh": """
.....KKKKKK.....
...KKYYYYYYKK...
..KYYYYYYYYYYK..
.KYYYYYYYYYYYYK.
.KYYYKKYYKKYYYK.
KYYYYKKYYKKYYYYK
KYYYYKKYYKKYYYYK
KYYYYYYYYYYYYYYK
KYYYYYYYYYYYYYYK
KYYYYYYKKYYYYYYK
KYYYYYKYYKYYYYYK
.KYYYYKYYKYYYYK.
.KYYYYYKKYYYYYK.
..KYYYYYYYYYYK..
...KKYYYYYYKK...
.....KKKKKK.....
""",
    "win": """
.....KKKKKK.....
...KKYYYYYYKK...
..KYYYYYYYYYYK..
.KYYYYYYYYYYYYK.
.KKKKKKKKKKKKKK.
KYYKWKKYYKWKKYYK
KYYKKKKYYKKKKYYK
KYYYKKYYYYKKYYYK
KYYYYYYYYYYYYYYK
KYYYKYYYYYYKYYYK
KYYYYKYYYYKYYYYK
.KYYYYKKKKYYYYK.
.KYYYYYYYYYYYYK.
..KYYYYYYYYYYK..
...KKYYYYYYKK...
.....KKKKKK.....
""",
    "lose": """
.....KKKKKK.....
...KKYYYYYYKK...
..KYYYYYYYYYYK..
.KYYYYYYYYYYYYK.
.KYYKYKYYKYKYYK.
KYYYYKYYYYKYYYYK
KYYYKYKYYKYKYYYK
KYYYYYYYYYYYYYYK
KYYYYYYYYYYYYYYK
KYYYYYYYYYYYYYYK
KYYYYYKKKKYYYYYK
.KYYYKYYYYKYYYK.
.KYYKYYYYYYKYYK.
..KYYYYYYYYYYK..
...KKYYYYYYKK...
.....KKKKKK.....
""",
}

# Text font: 5x10 glyphs for ASCII 32..126 in bands of 16, one space between
# glyphs. Caps use rows 1-7, descenders rows 8-9; the sixth column is spacing.
FONT_BANDS = (
    #   ! " # $ % & ' ( ) * + , - . /
    """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
..... ..#.. .#.#. .#.#. ..#.. ##... .##.. ..#.. ...#. .#... ..... ..... ..... ..... ..... ....#
..... ..#.. .#.#. .#.#. .#### ##..# #..#. ..#.. ..#.. ..#.. ..#.. ..#.. ..... ..... ..... ...#.
..... ..#.. .#.#. ##### #.#.. ...#. #.#.. ..... .#... ...#. #.#.# ..#.. ..... ..... ..... ...#.
..... ..#.. ..... .#.#. .###. ..#.. .#... ..... .#... ...#. .###. ##### ..... .###. ..... ..#..
..... ..#.. ..... ##### ..#.# .#... #.#.# ..... .#... ...#. #.#.# ..#.. ..... ..... ..... .#...
..... ..... ..... .#.#. ####. #..## #..#. ..... ..#.. ..#.. ..#.. ..#.. ..#.. ..... ..... .#...
..... ..#.. ..... .#.#. ..#.. ...## .##.# ..... ...#. .#... ..... ..... ..#.. ..... ..#.. #....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .#... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
""",
    # 0 1 2 3 4 5 6 7 8 9 : ; < = > ?
    """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
.###. ..#.. .###. .###. ...#. ##### ..##. ##### .###. .###. ..... ..... ..... ..... ..... .###.
#...# .##.. #...# #...# ..##. #.... .#... ....# #...# #...# ..... ..... ...#. ..... .#... #...#
#..## ..#.. ....# ....# .#.#. ####. #.... ...#. #...# #...# ..#.. ..#.. ..#.. ##### ..#.. ....#
#.#.# ..#.. ...#. ..##. #..#. ....# ####. ..#.. .###. .#### ..... ..... .#... ..... ...#. ...#.
##..# ..#.. ..#.. ....# ##### ....# #...# .#... #...# ....# ..... ..... ..#.. ##### ..#.. ..#..
#...# ..#.. .#... #...# ...#. #...# #...# .#... #...# ...#. ..... ..... ...#. ..... .#... .....
.###. .###. ##### .###. ...#. .###. .###. .#... .###. .##.. ..#.. ..#.. ..... ..... ..... ..#..
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .#... ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
""",
    # @ A B C D E F G H I J K L M N O
    """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
.###. .###. ####. .###. ###.. ##### ##### .###. #...# .###. ..### #...# #.... #...# #...# .###.
#...# #...# #...# #...# #..#. #.... #.... #...# #...# ..#.. ...#. #..#. #.... ##.## #...# #...#
#.### #...# #...# #.... #...# #.... #.... #.... #...# ..#.. ...#. #.#.. #.... #.#.# ##..# #...#
#.#.# ##### ####. #.... #...# ####. ####. #.### ##### ..#.. ...#. ##... #.... #.#.# #.#.# #...#
#.### #...# #...# #.... #...# #.... #.... #...# #...# ..#.. ...#. #.#.. #.... #...# #..## #...#
#.... #...# #...# #...# #..#. #.... #.... #...# #...# ..#.. #..#. #..#. #.... #...# #...# #...#
.###. #...# ####. .###. ###.. ##### #.... .#### #...# .###. .##.. #...# ##### #...# #...# .###.
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
""",
    # P Q R S T U V W X Y Z [ \ ] ^ _
    """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
####. .###. ####. .#### ##### #...# #...# #...# #...# #...# ##### .###. #.... .###. ..#.. .....
#...# #...# #...# #.... ..#.. #...# #...# #...# #...# #...# ....# .#... .#... ...#. .#.#. .....
#...# #...# #...# #.... ..#.. #...# #...# #...# .#.#. .#.#. ...#. .#... .#... ...#. #...# .....
####. #...# ####. .###. ..#.. #...# .#.#. #.#.# ..#.. ..#.. ..#.. .#... ..#.. ...#. ..... .....
#.... #.#.# #.#.. ....# ..#.. #...# .#.#. #.#.# .#.#. ..#.. .#... .#... ...#. ...#. ..... .....
#.... #..#. #..#. ....# ..#.. #...# .#.#. #.#.# #...# ..#.. #.... .#... ...#. ...#. ..... .....
#.... .##.# #...# ####. ..#.. .###. ..#.. .#.#. #...# ..#.. ##### .###. ....# .###. ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... #####
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
""",
    # ` a b c d e f g h i j k l m n o
    """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
.#... ..... #.... ..... ....# ..... ..##. ..... #.... ..#.. ...#. #.... .##.. ..... ..... .....
..#.. ..... #.... ..... ....# ..... .#..# ..... #.... ..... ..... #.... ..#.. ..... ..... .....
..... .###. ####. .#### .#### .###. .#... .#### #.##. .##.. ..##. #..#. ..#.. ##.#. #.##. .###.
..... ....# #...# #.... #...# #...# ###.. #...# ##..# ..#.. ...#. #.#.. ..#.. #.#.# ##..# #...#
..... .#### #...# #.... #...# ##### .#... #...# #...# ..#.. ...#. ##... ..#.. #.#.# #...# #...#
..... #...# #...# #.... #...# #.... .#... #...# #...# ..#.. ...#. #.#.. ..#.. #.#.# #...# #...#
..... .#### ####. .#### .#### .###. .#... .#### #...# .###. ...#. #..#. ...## #.#.# #...# .###.
..... ..... ..... ..... ..... ..... ..... ....# ..... ..... #..#. ..... ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... .###. ..... ..... .##.. ..... ..... ..... ..... .....
""",
    # p q r s t u v w x y z { | } ~
    """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
..... ..... ..... ..... .#... ..... ..... ..... ..... ..... ..... ..##. ..#.. .##.. .....
..... ..... ..... ..... .#... ..... ..... ..... ..... ..... ..... .#... ..#.. ...#. .....
####. .#### #.##. .#### ####. #...# #...# #...# #...# #...# ##### .#... ..#.. ...#. .#...
#...# #...# ##..# #.... .#... #...# #...# #...# .#.#. #...# ...#. #.... ..#.. ....# #.#.#
#...# #...# #.... .###. .#... #...# #...# #.#.# ..#.. #...# ..#.. .#... ..#.. ...#. ...#.
#...# #...# #.... ....# .#..# #..## .#.#. #.#.# .#.#. #...# .#... .#... ..#.. ...#. .....
####. .#### #.... ####. ..##. .##.# ..#.. .#.#. #...# .#### ##### ..##. ..#.. .##.. .....
#.... ....# ..... ..... ..... ..... ..... ..... ..... ....# ..... ..... ..#.. ..... .....
#.... ....# ..... ..... ..... ..... ..... ..... ..... .###. ..... ..... ..... ..... .....
""",
)

# Past ASCII, the font holds Latin-1 (U+00A0-U+00FF), Latin Extended-A (U+0100-U+017F) and the
# typographic marks translations use, in these ranges, laid on the sheet after '~' in this
# order (theme.toml's [font] more).
FONT_MORE = (
    (0x00A0, 0x00FF),  # Latin-1: no-break space, signs, accented letters, ß æ ø þ ð
    (0x0100, 0x017F),  # Latin Extended-A: Central European, Baltic, Turkish, Maltese, Welsh
    (0x2013, 0x2014),  # – —
    (0x2018, 0x201A),  # ‘ ’ ‚
    (0x201C, 0x201E),  # “ ” „
    (0x2026, 0x2026),  # …
    (0x2039, 0x203A),  # ‹ ›
    (0x20AC, 0x20AC),  # €
)

# Hand-drawn glyphs past ASCII, in the same 5x10 cells and style: each band names its
# characters. Row 0 is above the capitals; lowercase letters start at row 3.
MORE_BANDS = (
    (
        "¡¢£¤¥¦§¨©ª«¬®¯",
        """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
..... ..... ..##. ..... #...# ..#.. .###. .#.#. .###. .##.. ..... ..... .###. #####
..... ..#.. .#..# #...# .#.#. ..#.. #.... ..... #...# #.#.. ..... ..... ###.# .....
..#.. .#### .#... .###. ..#.. ..#.. .###. ..... #.### .##.. ..... ..... ##.## .....
..... #.#.. ####. .#.#. ##### ..... #...# ..... #.#.# ..... ..#.# ##### ###.# .....
..#.. #.#.. .#... .###. ..#.. ..#.. .###. ..... #.### ###.. .#.#. ....# ##.## .....
..#.. #.#.. .#... #...# ##### ..#.. ....# ..... #...# ..... ..#.# ..... #...# .....
..#.. .#### ##### ..... ..#.. ..#.. .###. ..... .###. ..... ..... ..... .###. .....
..#.. ..#.. ..... ..... ..... ..#.. ..... ..... ..... ..... ..... ..... ..... .....
..#.. ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
""",
    ),
    (
        "°±²³´µ¶·¸¹º»¼½¾¿",
        """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
.##.. ..#.. .##.. .###. ...#. ..... .#### ..... ..... ..#.. .#... ..... #.... #.... ##... .....
#..#. ..#.. ...#. ..##. ..#.. ..... ###.# ..... ..... .##.. #.#.. ..... #...# #...# .#..# .....
.##.. ##### ..#.. ...#. ..... #...# ###.# ..... ..... ..#.. .#... ..... #..#. #..#. ##.#. ..#..
..... ..#.. .###. .###. ..... #...# .##.# ..#.. ..... .###. ..... #.#.. ..#.. ..#.. ..#.. .....
..... ..#.. ..... ..... ..... #...# ..#.# ..... ..... ..... ###.. .#.#. .#.#. .#.## .#.#. ..#..
..... ..... ..... ..... ..... #..## ..#.# ..... ..... ..... ..... #.#.. #..## #...# #..## .#...
..... ##### ..... ..... ..... ###.# ..#.# ..... ..... ..... ..... ..... ....# ...#. ....# #....
..... ..... ..... ..... ..... #.... ..... ..... ..#.. ..... ..... ..... ....# ...## ....# #...#
..... ..... ..... ..... ..... #.... ..... ..... .##.. ..... ..... ..... ..... ..... ..... .###.
""",
    ),
    (
        "ÅÆÐ×ØÞßåæðøþ÷",
        """
..#.. ..... ..... ..... ..... ..... ..... .##.. ..... ..... ..... ..... .....
.#.#. .#### ###.. ..... .#### #.... .##.. #..#. ..... .#.#. ..... #.... .....
..#.. #.#.. #..#. ..... #..## ####. #..#. .##.. ..... ..#.. ..... #.... ..#..
.#.#. #.#.. #...# .#.#. #..## #...# #..#. .###. ##.#. .#.#. .#### ####. .....
#...# ##### ###.# ..#.. #.#.# #...# #.##. ....# ..#.# .#### #..## #...# #####
##### #.#.. #...# .#.#. ##..# ####. #...# .#### .#### #...# #.#.# #...# .....
#...# #.#.. #..#. ..... ##..# #.... #...# #...# #.#.. #...# ##..# #...# ..#..
#...# #.### ###.. ..... ####. #.... #.##. .#### .#.## .###. ####. ####. .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... #.... .....
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... #.... .....
""",
    ),
    # Latin Extended-A's letters whose mark is not one of ACCENTS or BELOW: strokes (Đ đ Ħ ħ Ł ł
    # Ŧ ŧ; đ and ħ are crossed high on the ascender, which then starts in row 0), the caron as an
    # apostrophe beside a tall letter (Ľ ľ ť; ď has no room right of its stem, so its caron
    # stands left of it), a mark over a tall lowercase letter (ĥ ĺ), the ring (Ů as Å, ů as å),
    # the middle dot (Ŀ ŀ) and the letters of their own (ı Ĳ ĳ ĸ ŉ Ŋ ŋ Œ œ ſ). The dotless ı
    # has no top serif either: it is the stem the accents of ì í î ï ĩ ī ĭ stand over (ì is
    # not i and a speck beside its dot).
    (
        "ĐđďĦħĥıĲĳĸĺĽľĿ",
        """
..... ....# .#.#. ..... #.... ...#. ..... ..... ..... ..... ...#. ..... ..... .....
###.. ..### ..#.# #...# ###.. #.#.# ..... #.### #...# ..... ..#.. #..#. .##.# #....
#..#. ....# ....# ##### #.... #.... ..... #...# ..... ..... .##.. #..#. ..#.# #....
###.# .#### .#### #...# #.##. #.##. ..#.. #...# #...# #...# ..#.. #.... ..#.. #....
#...# #...# #...# ##### ##..# ##..# ..#.. #...# #...# #..#. ..#.. #.... ..#.. #..#.
#...# #...# #...# #...# #...# #...# ..#.. #...# #...# ###.. ..#.. #.... ..#.. #....
#..#. #...# #...# #...# #...# #...# ..#.. #...# #...# #..#. ..#.. #.... ..#.. #....
###.. .#### .#### #...# #...# #...# .###. #.##. #...# #...# ...## ##### ...## ###..
..... ..... ..... ..... ..... ..... ..... ..... ....# ..... ..... ..... ..... .....
..... ..... ..... ..... ..... ..... ..... ..... ..##. ..... ..... ..... ..... .....
""",
    ),
    (
        "ŀŁłŉŊŋŒœťŦŧŮůſ",
        """
..... ..... ..... .#... ..... ..... ..... ..... ....# ..... ..... ..#.. .##.. .....
##... .#... .##.. #.... #...# ..... .#### ..... .#.#. ##### .#... .#.#. #..#. ..##.
.#... .#... ..#.. ..... ##..# ..... #.#.. ..... .#... ..#.. .#... ..#.. .##.. .#..#
.#... .#... ..#.. #.##. #.#.# #.##. #.#.. .#.#. ####. .###. ####. #...# #...# .#...
.#..# .##.. ..##. ##..# #..## ##..# #.### #.#.# .#... ..#.. .#... #...# #...# .#...
.#... ##... .##.. #...# #...# #...# #.#.. #.### .#... ..#.. ###.. #...# #...# .#...
.#... .#... ..#.. #...# #...# #...# #.#.. #.#.. .#..# ..#.. .#..# #...# #..## .#...
..##. .#### ...## #...# #...# #...# .#### .#.## ..##. ..#.. ..##. .###. .##.# .#...
..... ..... ..... ..... ....# ....# ..... ..... ..... ..... ..... ..... ..... .....
..... ..... ..... ..... ..##. ..##. ..... ..... ..... ..... ..... ..... ..... .....
""",
    ),
    (
        "–‘’‚“”„…‹›€",
        """
..... ..... ..... ..... ..... ..... ..... ..... ..... ..... .....
..... ...#. .##.. ..... .#..# ##.## ..... ..... ..... ..... ..###
..... ..#.. ..#.. ..... #..#. .#..# ..... ..... ..... ..... .#...
..... ..##. .#... ..... ##.## #..#. ..... ..... ..... ..... ####.
##### ..... ..... ..... ..... ..... ..... ..... ..#.. ..#.. .#...
..... ..... ..... ..... ..... ..... ..... ..... .#... ...#. ####.
..... ..... ..... ..... ..... ..... ..... ..... ..#.. ..#.. .#...
..... ..... ..... .##.. ..... ..... ##.## #.#.# ..... ..... ..###
..... ..... ..... ..#.. ..... ..... .#..# ..... ..... ..... .....
..... ..... ..... .#... ..... ..... #..#. ..... ..... ..... .....
""",
    ),
)
EM_DASH_ROW = 4  # the em dash fills its whole cell, spacing column too, so dashes join

# Accented letters are put together: a mark over the base letter (a capital squeezed to six
# rows, 2-7, one row dropped, so the mark fits in rows 0-1 above it; a lowercase letter keeps
# its shape, with a free row under the mark), or a mark under it in rows 8-9.
ACCENTS = {
    "grave": (".#...", "..#.."),
    "acute": ("...#.", "..#.."),
    "circumflex": ("..#..", ".#.#."),
    "tilde": (".##.#", "#..#."),
    "diaeresis": (".#.#.", "....."),  # high, with room under it, so ë is not ê less a pixel
    # Latin Extended-A's marks. The macron and the dot stand high as the diaeresis does, so a
    # capital's top bar does not swallow them. No two letters may be a pixel apart
    # (tests/ui/test_looks.py), so: the dot is two pixels (ż is not z), the macron the cell's
    # width (Ē is not Ė), the caron a wide V (č is not ć, ě not è), the breve a narrow cup
    # (not the caron's V), the double acute's strokes stand left (ő is not õ nor ô).
    "macron": ("#####", "....."),
    "dot": ("..##.", "....."),
    "breve": (".#.#.", ".###."),
    "caron": ("#...#", ".#.#."),
    "double acute": (".#.#.", "#.#.."),
    "comma above": ("...#.", "..##."),  # ģ: its tail is under it, so the comma turns up
}
BELOW = {
    "cedilla": ("..#..", ".##.."),
    "comma": ("..#..", ".#..."),  # Latvian's Ģ Ķ Ļ Ņ Ŗ: a comma, apart from the cedilla's hook
}
SQUEEZE_DROP = {  # row left out, of 7: where the shape loses least (a row its neighbour repeats)
    "A": 4,
    "C": 2,
    "D": 3,
    "E": 4,
    "G": 4,
    "H": 5,
    "I": 2,
    "J": 2,
    "L": 2,
    "N": 1,
    "O": 3,
    "R": 1,
    "S": 1,
    "T": 1,
    "U": 3,
    "W": 1,
    "Y": 5,
    "Z": 5,
}
# letter -> (base, mark): Latin-1's accented letters, then Latin Extended-A's
COMPOSED = {
    "À": ("A", "grave"),
    "Á": ("A", "acute"),
    "Â": ("A", "circumflex"),
    "Ã": ("A", "tilde"),
    "Ä": ("A", "diaeresis"),
    "Ç": ("C", "cedilla"),
    "È": ("E", "grave"),
    "É": ("E", "acute"),
    "Ê": ("E", "circumflex"),
    "Ë": ("E", "diaeresis"),
    "Ì": ("I", "grave"),
    "Í": ("I", "acute"),
    "Î": ("I", "circumflex"),
    "Ï": ("I", "diaeresis"),
    "Ñ": ("N", "tilde"),
    "Ò": ("O", "grave"),
    "Ó": ("O", "acute"),
    "Ô": ("O", "circumflex"),
    "Õ": ("O", "tilde"),
    "Ö": ("O", "diaeresis"),
    "Ù": ("U", "grave"),
    "Ú": ("U", "acute"),
    "Û": ("U", "circumflex"),
    "Ü": ("U", "diaeresis"),
    "Ý": ("Y", "acute"),
    "à": ("a", "grave"),
    "á": ("a", "acute"),
    "â": ("a", "circumflex"),
    "ã": ("a", "tilde"),
    "ä": ("a", "diaeresis"),
    "ç": ("c", "cedilla"),
    "è": ("e", "grave"),
    "é": ("e", "acute"),
    "ê": ("e", "circumflex"),
    "ë": ("e", "diaeresis"),
    "ì": ("ı", "grave"),
    "í": ("ı", "acute"),
    "î": ("ı", "circumflex"),
    "ï": ("ı", "diaeresis"),
    "ñ": ("n", "tilde"),
    "ò": ("o", "grave"),
    "ó": ("o", "acute"),
    "ô": ("o", "circumflex"),
    "õ": ("o", "tilde"),
    "ö": ("o", "diaeresis"),
    "ù": ("u", "grave"),
    "ú": ("u", "acute"),
    "û": ("u", "circumflex"),
    "ü": ("u", "diaeresis"),
    "ý": ("y", "acute"),
    "ÿ": ("y", "diaeresis"),
    "Ā": ("A", "macron"),
    "ā": ("a", "macron"),
    "Ă": ("A", "breve"),
    "ă": ("a", "breve"),
    "Ą": ("A", "ogonek"),
    "ą": ("a", "ogonek"),
    "Ć": ("C", "acute"),
    "ć": ("c", "acute"),
    "Ĉ": ("C", "circumflex"),
    "ĉ": ("c", "circumflex"),
    "Ċ": ("C", "dot"),
    "ċ": ("c", "dot"),
    "Č": ("C", "caron"),
    "č": ("c", "caron"),
    "Ď": ("D", "caron"),
    "Ē": ("E", "macron"),
    "ē": ("e", "macron"),
    "Ĕ": ("E", "breve"),
    "ĕ": ("e", "breve"),
    "Ė": ("E", "dot"),
    "ė": ("e", "dot"),
    "Ę": ("E", "ogonek"),
    "ę": ("e", "ogonek"),
    "Ě": ("E", "caron"),
    "ě": ("e", "caron"),
    "Ĝ": ("G", "circumflex"),
    "ĝ": ("g", "circumflex"),
    "Ğ": ("G", "breve"),
    "ğ": ("g", "breve"),
    "Ġ": ("G", "dot"),
    "ġ": ("g", "dot"),
    "Ģ": ("G", "comma"),
    "ģ": ("g", "comma above"),
    "Ĥ": ("H", "circumflex"),
    "Ĩ": ("I", "tilde"),
    "ĩ": ("ı", "tilde"),
    "Ī": ("I", "macron"),
    "ī": ("ı", "macron"),
    "Ĭ": ("I", "breve"),
    "ĭ": ("ı", "breve"),
    "Į": ("I", "ogonek"),
    "į": ("i", "ogonek"),
    "İ": ("I", "dot"),
    "Ĵ": ("J", "circumflex"),
    "ĵ": ("j", "circumflex"),  # rows 3-9 of j: its dot is left out
    "Ķ": ("K", "comma"),
    "ķ": ("k", "comma"),
    "Ĺ": ("L", "acute"),
    "Ļ": ("L", "comma"),
    "ļ": ("l", "comma"),
    "Ń": ("N", "acute"),
    "ń": ("n", "acute"),
    "Ņ": ("N", "comma"),
    "ņ": ("n", "comma"),
    "Ň": ("N", "caron"),
    "ň": ("n", "caron"),
    "Ō": ("O", "macron"),
    "ō": ("o", "macron"),
    "Ŏ": ("O", "breve"),
    "ŏ": ("o", "breve"),
    "Ő": ("O", "double acute"),
    "ő": ("o", "double acute"),
    "Ŕ": ("R", "acute"),
    "ŕ": ("r", "acute"),
    "Ŗ": ("R", "comma"),
    "ŗ": ("r", "comma"),
    "Ř": ("R", "caron"),
    "ř": ("r", "caron"),
    "Ś": ("S", "acute"),
    "ś": ("s", "acute"),
    "Ŝ": ("S", "circumflex"),
    "ŝ": ("s", "circumflex"),
    "Ş": ("S", "cedilla"),
    "ş": ("s", "cedilla"),
    "Š": ("S", "caron"),
    "š": ("s", "caron"),
    "Ţ": ("T", "cedilla"),
    "ţ": ("t", "cedilla"),
    "Ť": ("T", "caron"),
    "Ũ": ("U", "tilde"),
    "ũ": ("u", "tilde"),
    "Ū": ("U", "macron"),
    "ū": ("u", "macron"),
    "Ŭ": ("U", "breve"),
    "ŭ": ("u", "breve"),
    "Ű": ("U", "double acute"),
    "ű": ("u", "double acute"),
    "Ų": ("U", "ogonek"),
    "ų": ("u", "ogonek"),
    "Ŵ": ("W", "circumflex"),
    "ŵ": ("w", "circumflex"),
    "Ŷ": ("Y", "circumflex"),
    "ŷ": ("y", "circumflex"),
    "Ÿ": ("Y", "diaeresis"),
    "Ź": ("Z", "acute"),
    "ź": ("z", "acute"),
    "Ż": ("Z", "dot"),
    "ż": ("z", "dot"),
    "Ž": ("Z", "caron"),
    "ž": ("z", "caron"),
}
COPIED = {"\u00a0": " ", "\u00ad": "-"}  # no-break space and soft hyphen look like their twins


# ---------------------------------------------------------------------------
# Sheet layout: name -> (x, y, w, h). Every theme uses the same layout.

TILE_SPRITES = (
    ["covered", "pressed"]
    + [f"open_{n}" for n in range(9)]
    + ["flag", "question", "mine", "mine_red", "mine_wrong", "cursor"]
)
FRAME_SPRITES = (
    "frame_tl",
    "frame_t",
    "frame_tr",
    "frame_l",
    "frame_r",
    "frame_ml",
    "frame_m",
    "frame_mr",
    "frame_bl",
    "frame_b",
    "frame_br",
)
FACE_SPRITES = ("face_smile", "face_oh", "face_win", "face_lose", "face_pressed")
LED_SPRITES = (*(f"led_{n}" for n in range(10)), "led_minus")


def layout() -> tuple[dict[str, Rect], tuple[int, int], tuple[int, int]]:
    """Return (sprite rects, font origin, sheet size) for the shared sheet layout."""
    rects: dict[str, Rect] = {}
    # Row 0: sixteen tiles. Row 16: the cursor tile, then the 8x8 frame pieces.
    for i, name in enumerate(TILE_SPRITES):
        rects[name] = ((i % 16) * TILE, (i // 16) * TILE, TILE, TILE)
    for i, name in enumerate(FRAME_SPRITES):
        rects[name] = (TILE + i * BORDER, TILE, BORDER, BORDER)
    # Row 32: faces, then LED digits.
    y = 2 * TILE
    for i, name in enumerate(FACE_SPRITES):
        rects[name] = (i * FACE, y, FACE, FACE)
    led_x = len(FACE_SPRITES) * FACE
    for i, name in enumerate(LED_SPRITES):
        rects[name] = (led_x + i * LED_W, y, LED_W, LED_H)
    # Font block below.
    font_origin = (0, y + FACE)
    glyph_rows = -(-len(font_codes()) // FONT_COLUMNS)
    font_bottom = font_origin[1] + glyph_rows * GLYPH_H
    height = -(-font_bottom // 8) * 8
    for name, (x, ry, w, h) in rects.items():
        if x + w > SHEET_W or ry + h > height:
            raise ValueError(f"sprite {name} does not fit on the sheet")
    if FONT_COLUMNS * GLYPH_W > SHEET_W:
        raise ValueError("font block does not fit on the sheet")
    return rects, font_origin, (SHEET_W, height)


# ---------------------------------------------------------------------------
# Drawing primitives. All drawing is hard pixels: fill, set_at, rects.


def parse_bitmap(text: str) -> list[str]:
    """Split a bitmap string into rows, dropping the blank first/last lines."""
    rows = [row for row in text.split("\n") if row]
    if len({len(row) for row in rows}) != 1:
        raise ValueError("bitmap rows differ in length")
    return rows


def stamp(
    surf: pygame.Surface, rows: list[str], colours: dict[str, Colour], at: tuple[int, int]
) -> None:
    """Set the pixels of a bitmap; '.' leaves the pixel underneath."""
    ox, oy = at
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch != ".":
                surf.set_at((ox + x, oy + y), colours[ch])


def stamp_outlined(
    surf: pygame.Surface,
    rows: list[str],
    colours: dict[str, Colour],
    at: tuple[int, int],
    outline: Colour | None,
) -> None:
    """Stamp a bitmap, first ringing it with a 1px ``outline`` (if any) on its four sides."""
    if outline is not None:
        ox, oy = at
        w, h = surf.get_size()
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == ".":
                    continue
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    inside = 0 <= ny < len(rows) and 0 <= nx < len(row) and rows[ny][nx] != "."
                    if not inside and 0 <= ox + nx < w and 0 <= oy + ny < h:
                        surf.set_at((ox + nx, oy + ny), outline)
    stamp(surf, rows, colours, at)


def bevel(
    surf: pygame.Surface, rect: Rect, width: int, top_left: Colour, bottom_right: Colour
) -> None:
    """Draw a ``width``-pixel bevel ring inside ``rect``.

    The top/left sides get ``top_left`` and the bottom/right sides ``bottom_right``;
    the two meet on a diagonal at the top-right and bottom-left corners, as in the
    classic look.
    """
    rx, ry, rw, rh = rect
    for y in range(rh):
        for x in range(rw):
            near_tl = min(y, x)
            near_br = min(rh - 1 - y, rw - 1 - x)
            if min(near_tl, near_br) >= width:
                continue
            colour = top_left if near_tl < near_br else bottom_right
            surf.set_at((rx + x, ry + y), colour)


# ---------------------------------------------------------------------------
# Tiles (16x16)


def draw_covered(surf: pygame.Surface, pal: Palette) -> None:
    surf.fill(pal.covered or pal.panel)
    light = pal.covered_light or pal.light
    bevel(surf, (0, 0, TILE, TILE), 2, light, pal.covered_shadow or pal.shadow)


def draw_open(surf: pygame.Surface, pal: Palette, fill: Colour | None = None) -> None:
    """Flat open tile with a 1px grid line on its top and left edges."""
    surf.fill(fill if fill is not None else pal.opened)
    surf.fill(pal.shadow, (0, 0, TILE, 1))
    surf.fill(pal.shadow, (0, 0, 1, TILE))


def draw_number(surf: pygame.Surface, pal: Palette, n: int) -> None:
    draw_open(surf, pal)
    if n:
        digits, at = (BOLD_DIGITS, (3, 2)) if pal.bold_digits else (TILE_DIGITS, (4, 3))
        stamp(surf, parse_bitmap(digits[n]), {"#": pal.numbers[n - 1]}, at)


def draw_flag(surf: pygame.Surface, pal: Palette) -> None:
    draw_covered(surf, pal)
    rows = parse_bitmap(BIG_FLAG if pal.big_flag else FLAG)
    stamp_outlined(surf, rows, {"F": pal.flag, "K": pal.ink}, (0, 0), pal.outline)


def draw_question(surf: pygame.Surface, pal: Palette) -> None:
    draw_covered(surf, pal)
    stamp(surf, parse_bitmap(QUESTION), {"#": pal.question or pal.ink}, (4, 3))


def draw_mine(surf: pygame.Surface, pal: Palette, fill: Colour | None = None) -> None:
    draw_open(surf, pal, fill)
    stamp(surf, parse_bitmap(MINE), {"K": pal.ink, "W": pal.glint}, (2, 2))


def draw_mine_wrong(surf: pygame.Surface, pal: Palette) -> None:
    draw_mine(surf, pal)
    stamp_outlined(surf, parse_bitmap(CROSS), {"X": pal.cross}, (0, 0), pal.outline)


def draw_cursor(surf: pygame.Surface, pal: Palette) -> None:
    """Transparent tile with a 2px accent outline and a dark 1px line inside it."""
    surf.fill((0, 0, 0, 0))
    for inset, colour in ((0, pal.accent), (1, pal.accent), (2, pal.accent_edge)):
        size = TILE - 2 * inset
        pygame.draw.rect(surf, colour, (inset, inset, size, size), 1)


# ---------------------------------------------------------------------------
# Face button (24x24)


def draw_face(surf: pygame.Surface, pal: Palette, look: str, pressed: bool = False) -> None:
    surf.fill(pal.panel)
    pygame.draw.rect(surf, pal.shadow, (0, 0, FACE, FACE), 1)
    if pressed:
        surf.fill(pal.shadow, (1, 1, FACE - 2, 1))
        surf.fill(pal.shadow, (1, 1, 1, FACE - 2))
    else:
        bevel(surf, (1, 1, FACE - 2, FACE - 2), 2, pal.light, pal.shadow)
    colours = {"K": pal.face_ink or pal.ink, "Y": pal.face, "W": pal.glint}
    offset = 5 if pressed else 4
    stamp(surf, parse_bitmap(FACES[look]), colours, (offset, offset))


# ---------------------------------------------------------------------------
# LED digits (11x21)


def led_segments() -> dict[str, list[tuple[int, int]]]:
    """Pixels of the seven tapered segments a-g on an 11x21 cell.

    Outer segments are 2px thick with a 1px margin, so the holes of 0, 6, 8 and 9 stay open
    and neighbouring digits stay apart; the middle one is a 3-row hexagon.
    """
    seg: dict[str, list[tuple[int, int]]] = {k: [] for k in "abcdefg"}
    x0, x1 = 1, LED_W - 2
    y0, y1 = 1, LED_H - 2
    mid = LED_H // 2
    for i in range(2):  # i = depth from the outer edge of the segment
        span = range(x0 + 1 + i, x1 - i)  # horizontal segments taper inwards
        seg["a"] += [(x, y0 + i) for x in span]
        seg["d"] += [(x, y1 - i) for x in span]
        upper = range(y0 + 1 + i, mid - 1 - i)
        lower = range(mid + 2 + i, y1 - i)
        seg["f"] += [(x0 + i, y) for y in upper]
        seg["b"] += [(x1 - i, y) for y in upper]
        seg["e"] += [(x0 + i, y) for y in lower]
        seg["c"] += [(x1 - i, y) for y in lower]
    seg["g"] += [(x, mid) for x in range(x0 + 1, x1)]
    seg["g"] += [(x, y) for y in (mid - 1, mid + 1) for x in range(x0 + 2, x1 - 1)]
    return seg


LED_LIT = {
    "0": "abcdef",
    "1": "bc",
    "2": "abdeg",
    "3": "abcdg",
    "4": "bcfg",
    "5": "acdfg",
    "6": "acdefg",
    "7": "abc",
    "8": "abcdefg",
    "9": "abcdfg",
    "minus": "g",
}


def draw_led(surf: pygame.Surface, pal: Palette, symbol: str) -> None:
    surf.fill(pal.led_off)
    lit = LED_LIT[symbol]
    for name, pixels in led_segments().items():
        colour = pal.led_on if name in lit else pal.led_dim
        for p in pixels:
            surf.set_at(p, colour)


# ---------------------------------------------------------------------------
# Window frame (8x8 pieces)


def draw_frame_model(pal: Palette) -> pygame.Surface:
    """Draw a miniature window (3x5 pieces) whose cells are cut out as frame pieces.

    Columns: left edge, one content cell, right edge. Rows: top edge, toolbar,
    separator, board, bottom edge. The outside is a raised 2px bevel; the toolbar
    and the board are sunken by a 2px bevel that lives in the frame pieces.
    """
    b = BORDER
    model = pygame.Surface((3 * b, 5 * b), pygame.SRCALPHA)
    model.fill(pal.panel)
    bevel(model, (0, 0, 3 * b, 5 * b), 2, pal.light, pal.shadow)
    for row in (1, 3):  # toolbar, board
        bevel(model, (b - 2, row * b - 2, b + 4, b + 4), 2, pal.shadow, pal.light)
    return model


FRAME_CELLS = {
    "frame_tl": (0, 0),
    "frame_t": (1, 0),
    "frame_tr": (2, 0),
    "frame_l": (0, 1),
    "frame_r": (2, 1),
    "frame_ml": (0, 2),
    "frame_m": (1, 2),
    "frame_mr": (2, 2),
    "frame_bl": (0, 4),
    "frame_b": (1, 4),
    "frame_br": (2, 4),
}


# ---------------------------------------------------------------------------
# Font


def font_codes() -> list[int]:
    """Every character code of the font, in the order the glyphs lie on the sheet."""
    codes = list(range(FONT_FIRST, FONT_LAST + 1))
    for first, last in FONT_MORE:
        codes += range(first, last + 1)
    return codes


def band_glyphs(band: str, chars: str) -> dict[int, list[str]]:
    """The glyphs of one band of cells side by side, one space between them."""
    rows = parse_bitmap(band)
    if len(rows) != GLYPH_H:
        raise ValueError(f"font band starting at {chars[0]!r} is not {GLYPH_H} rows")
    cells = [row.split(" ") for row in rows]
    if len(cells[0]) != len(chars):
        raise ValueError(f"font band starting at {chars[0]!r} has {len(cells[0])} glyphs")
    glyphs = {}
    for i, ch in enumerate(chars):
        glyph = [cell[i] for cell in cells]
        if any(len(row) != GLYPH_W - 1 or set(row) - {"#", "."} for row in glyph):
            raise ValueError(f"glyph {ch!r} is not {GLYPH_W - 1} columns of '#'/'.'")
        glyphs[ord(ch)] = glyph
    return glyphs


def font_glyphs() -> dict[int, list[str]]:
    """Map character code -> 10 rows of 5 pixels: ASCII as drawn in FONT_BANDS, then the
    characters of FONT_MORE, drawn in MORE_BANDS or put together from a letter and a mark."""
    glyphs: dict[int, list[str]] = {}
    code = FONT_FIRST
    for band in FONT_BANDS:
        chars = "".join(map(chr, range(code, code + len(parse_bitmap(band)[0].split(" ")))))
        glyphs.update(band_glyphs(band, chars))
        code += len(chars)
    if code != FONT_LAST + 1:
        raise ValueError(f"font covers {FONT_FIRST}..{code - 1}, not ..{FONT_LAST}")
    for chars, band in MORE_BANDS:
        glyphs.update(band_glyphs(band, chars))
    for ch, twin in COPIED.items():
        glyphs[ord(ch)] = glyphs[ord(twin)]
    for ch, (base, mark) in COMPOSED.items():
        glyphs[ord(ch)] = compose(glyphs, base, mark)
    blank = "." * (GLYPH_W - 1)
    glyphs[0x2014] = [blank] * EM_DASH_ROW + ["#" * GLYPH_W] + [blank] * (GLYPH_H - EM_DASH_ROW - 1)
    missing = sorted(set(font_codes()) - set(glyphs))
    if missing or len(glyphs) != len(font_codes()):
        raise ValueError(f"the font does not draw {''.join(map(chr, missing))!r}")
    return glyphs


def compose(glyphs: dict[int, list[str]], base: str, mark: str) -> list[str]:
    """A letter with a mark: one under it (rows 8-9), or an accent over it in rows 0-1, a
    lowercase letter with a free row under the accent, a capital squeezed to rows 2-7."""
    if mark == "ogonek":
        return ogonek(glyphs[ord(base)][:8])
    if mark in BELOW:
        return glyphs[ord(base)][:8] + list(BELOW[mark])
    blank = "." * (GLYPH_W - 1)
    if base.isupper():
        rows = glyphs[ord(base)][1:8]
        del rows[SQUEEZE_DROP[base]]
        return list(ACCENTS[mark]) + rows + glyphs[ord(base)][8:]
    return list(ACCENTS[mark]) + [blank] + glyphs[ord(base)][3:]


def ogonek(letter: list[str]) -> list[str]:
    """Rows 0-7 of a letter with an ogonek in rows 8-9: it hangs from the last pixel of the
    letter's foot (row 7) and turns right, a cedilla's hook the other way (ą ę į ų)."""
    end = letter[7].rindex("#")
    return letter + [("." * (end - 1) + hook).ljust(GLYPH_W - 1, ".") for hook in ("#", "##")]


def draw_font(sheet: pygame.Surface, origin: tuple[int, int]) -> None:
    ox, oy = origin
    glyphs = font_glyphs()
    for i, code in enumerate(font_codes()):
        cx = ox + (i % FONT_COLUMNS) * GLYPH_W
        cy = oy + (i // FONT_COLUMNS) * GLYPH_H
        for y, row in enumerate(glyphs[code]):
            for x, ch in enumerate(row):
                if ch == "#":
                    sheet.set_at((cx + x, cy + y), GLYPH_INK)


# ---------------------------------------------------------------------------
# Sheet and theme.toml


def build_sheet(pal: Palette) -> tuple[pygame.Surface, dict[str, Rect], tuple[int, int]]:
    rects, font_origin, size = layout()
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))

    def area(name: str) -> pygame.Surface:
        return sheet.subsurface(rects[name])

    draw_covered(area("covered"), pal)
    draw_open(area("pressed"), pal)
    for n in range(9):
        draw_number(area(f"open_{n}"), pal, n)
    draw_flag(area("flag"), pal)
    draw_question(area("question"), pal)
    draw_mine(area("mine"), pal)
    draw_mine(area("mine_red"), pal, fill=pal.blast)
    draw_mine_wrong(area("mine_wrong"), pal)
    draw_cursor(area("cursor"), pal)

    for look in ("smile", "oh", "win", "lose"):
        draw_face(area(f"face_{look}"), pal, look)
    draw_face(area("face_pressed"), pal, "smile", pressed=True)

    for symbol in LED_LIT:
        draw_led(area(f"led_{symbol}"), pal, symbol)

    model = draw_frame_model(pal)
    for name, (cx, cy) in FRAME_CELLS.items():
        area(name).blit(model, (0, 0), (cx * BORDER, cy * BORDER, BORDER, BORDER))

    draw_font(sheet, font_origin)
    return sheet, rects, font_origin


def hex_colour(c: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


def toml_line(body: str, comment: str = "") -> str:
    return f"{body:<26}# {comment}" if comment else body


def theme_toml(pal: Palette, rects: dict[str, Rect], font_origin: tuple[int, int]) -> str:
    name = pal.name.replace("\\", "\\\\").replace('"', '\\"')
    colours = (
        ("background", pal.background, "window margin around the canvas"),
        ("panel", pal.panel, "toolbar fill and dialog fill"),
        ("light", pal.light, "bevel highlight (code draws bevels for dialogs and LED panels)"),
        ("shadow", pal.shadow, "bevel shadow"),
        ("text", pal.text, "dialog/help text"),
        ("accent", pal.accent, "highlights: keyboard cursor colour, selected field"),
        ("error", pal.error, "error messages in dialogs (readable on panel)"),
        ("led_off", pal.led_off, "background of the LED panel"),
    )
    lines = [
        "# written by tools/make_themes.py; do not edit by hand",
        toml_line(f'name = "{name}"', "display name"),
        f"tile = {TILE}",
        f"border = {BORDER}",
        f"face = {FACE}",
        toml_line(f"led = [{LED_W}, {LED_H}]", "width, height"),
        'sheet = "sheet.png"',
        "",
        toml_line("[colors]", '"#rrggbb"'),
    ]
    lines += [toml_line(f'{key} = "{hex_colour(c)}"', note) for key, c, note in colours]
    ramp = ", ".join(f'"{hex_colour(c)}"' for c in pal.odds_ramp)
    lines += [
        "",
        toml_line("[marks]", "drawn over tiles by the game; unlike the cursor (accent)"),
        toml_line(f'start = "{hex_colour(pal.start)}"', "the start cell of a board code"),
        toml_line(f'hint = "{hex_colour(pal.hint)}"', "the outline of the cell a hint points at"),
        "",
        toml_line("[odds]", "the mine odds' tint over covered cells"),
        "# ramp: from a possible mine to a likely one, light to dark",
        f"ramp = [{ramp}]",
        toml_line(f'safe = "{hex_colour(pal.odds_safe)}"', "a cell proven safe"),
        toml_line(f'mine = "{hex_colour(pal.odds_mine)}"', "a cell proven a mine"),
        toml_line(f"alpha = {pal.odds_alpha}", "how much the tint covers (of 255)"),
    ]
    lines += ["", toml_line("[sprites]", "name = [x, y, w, h] on the sheet")]
    lines += [f"{name} = [{x}, {y}, {w}, {h}]" for name, (x, y, w, h) in rects.items()]
    lines += [
        "",
        "[font]",
        toml_line(f"x = {font_origin[0]}", "top-left of the first glyph cell on the sheet"),
        f"y = {font_origin[1]}",
        toml_line(f"glyph = [{GLYPH_W}, {GLYPH_H}]", "cell width, height"),
        toml_line(f"columns = {FONT_COLUMNS}", "glyph cells per sheet row"),
        toml_line(f"first = {FONT_FIRST}", "code of the first glyph"),
        toml_line(f"last = {FONT_LAST}", "code of the last glyph"),
        "# then these ranges of codes [first, last], their glyphs on from the cell after last's",
        "more = [{}]".format(", ".join(f"[0x{a:04x}, 0x{b:04x}]" for a, b in FONT_MORE)),
    ]
    return "\n".join(lines) + "\n"


def kept_sounds(manifest: Path) -> str:
    """The [sounds] table tools/make_sounds.py put last in the manifest: kept on a redraw."""
    old = manifest.read_text(encoding="utf-8") if manifest.exists() else ""
    at = old.find("\n[sounds]")
    return old[at:] if at >= 0 else ""


def write_theme(pal: Palette) -> Path:
    out = THEMES_DIR / pal.key
    out.mkdir(parents=True, exist_ok=True)
    sheet, rects, font_origin = build_sheet(pal)
    pygame.image.save(sheet, str(out / "sheet.png"))
    manifest = out / "theme.toml"
    manifest.write_text(
        theme_toml(pal, rects, font_origin) + kept_sounds(manifest), encoding="utf-8", newline="\n"
    )
    return out


ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)  # what Linux desktops (hicolor) and docks ask for
ICON_THEME = "classic"


def icon_name(size: int) -> str:
    return f"pixel-mines-{size}.png"


# Windows reads .ico, macOS .icns; both may hold PNG images, so the pictures are the same PNGs
# the Linux icons are, and PyInstaller needs no Pillow to convert them. ICO: a 6-byte header
# and a 16-byte entry per image (width and height 0 mean 256). ICNS: 'icns' and the file's
# length, then per image a type code naming its size and the entry's length (big-endian).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (  # (type code, pixel size): the PNG-carrying types of the format
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
ICON_BASENAME = "pixel-mines"


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file of PNG images, smallest first."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[size]), offset)
        data += pngs[size]
        offset += len(pngs[size])
    return header + entries + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file with one PNG entry per type in ICNS_TYPES."""
    body = b"".join(
        code + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for code, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_sprite() -> pygame.Surface:
    """The mine of ICON_THEME's committed sheet: the picture every icon is made from."""
    import tomllib

    folder = THEMES_DIR / ICON_THEME
    rect = tomllib.loads((folder / "theme.toml").read_text(encoding="utf-8"))["sprites"][
        ICON_SPRITE
    ]
    return pygame.image.load(str(folder / "sheet.png")).subsurface(rect)


def write_icons() -> Path:
    """The application icon at every size, cut from the committed sheet of ICON_THEME."""
    sprite = icon_sprite()
    out = ASSETS_DIR / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        pygame.image.save(icon_of(sprite, size), str(out / icon_name(size)))
    sizes = set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = {size: png_bytes(icon_of(sprite, size)) for size in sorted(sizes)}
    (out / f"{ICON_BASENAME}.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out / f"{ICON_BASENAME}.icns").write_bytes(icns_bytes(pngs))
    return out


def main() -> None:
    for pal in THEMES:
        out = write_theme(pal)
        print(f"wrote {out.relative_to(ASSETS_DIR.parent)}")
    out = write_icons()
    print(f"wrote {out.relative_to(ASSETS_DIR.parent)}")


if __name__ == "__main__":
    main()
