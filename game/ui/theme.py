"""Themes: a folder with `sheet.png` and `theme.toml`, checked and cut into sprites.

The loader says exactly what is wrong with a broken theme (`ThemeError`, a message a player
can act on) and never lets a bad manifest reach the drawing code. Sheets are converted once.
"""

from __future__ import annotations

import io
import sys
import tomllib
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ..resources import themes_dir
from ..store.files import FileRefused, file_inside, read_capped
from .layout import LED_DIGITS, MIN_AREA_W, PANEL_PAD, TOOLBAR_HEIGHT, Sizes
from .sound import sound_table

THEMES_DIR = themes_dir()  # checkout, installed wheel or bundle: game/resources.py knows
DEFAULT_THEME = "classic"
# Limits checked before any work: the shipped manifests are 2 KB and the sheets 256x88.
MAX_MANIFEST_BYTES = 64 * 1024
MAX_SHEET_BYTES = 8 * 1024 * 1024
MAX_SHEET_SIDE = 2048  # pixels; a 2048x2048 sheet takes 16 MiB decoded
MAX_GLYPHS = 2048  # characters in a theme's font
MAX_BROKEN_LINES = 3  # more themes left out than this are said in one line
MAX_NAMES_SHOWN = 10  # folder names that line shows
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_KEPT_LINES = 1024  # lines of text a font keeps drawn

TILE_SPRITES = (
    "covered", "pressed", *(f"open_{n}" for n in range(9)), "flag", "question", "mine",
    "mine_red", "mine_wrong", "cursor",
)  # fmt: skip
FRAME_SPRITES = tuple(
    f"frame_{p}" for p in ("tl", "t", "tr", "l", "r", "ml", "m", "mr", "bl", "b", "br")
)
FACE_SPRITES = ("face_smile", "face_oh", "face_win", "face_lose", "face_pressed")
LED_SPRITES = (*(f"led_{n}" for n in range(10)), "led_minus")
COLOURS = ("background", "panel", "light", "shadow", "text", "accent", "error", "led_off")
# The odds' tint, from a possible mine to a likely one (light to dark, so the order reads
# without telling hues apart), a proven safe cell's and a proven mine's: a theme's [odds]
# table, these where it has none.
ODDS_RAMP = ((255, 245, 150), (250, 170, 50), (225, 60, 30), (120, 0, 50))
ODDS_SAFE = (30, 110, 255)
ODDS_MINE = (90, 0, 40)
ODDS_ALPHA = 150


@dataclass(frozen=True)
class MarkColours:
    """The colours of what code draws over tiles: the odds' tint (theme.toml's [odds]) and
    the start cell's mark and the hint's outline ([marks]; None: made from the accent)."""

    ramp: tuple[tuple[int, int, int], ...] = ODDS_RAMP
    safe: tuple[int, int, int] = ODDS_SAFE
    mine: tuple[int, int, int] = ODDS_MINE
    alpha: int = ODDS_ALPHA
    start: tuple[int, int, int] | None = None
    hint: tuple[int, int, int] | None = None


class ThemeError(Exception):
    """A theme that cannot be used; the message says which file and what is wrong."""


@dataclass
class Font:
    """A monospace pixel font cut from the sheet; glyphs are white and tinted on demand."""

    glyphs: dict[str, pygame.Surface]
    width: int
    height: int
    _tinted: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = field(default_factory=dict)
    _lines: dict[tuple[str, tuple], pygame.Surface] = field(default_factory=dict)

    def glyph(self, ch: str, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (ch, colour)
        surf = self._tinted.get(key)
        if surf is None:
            surf = self.glyphs.get(ch, self.glyphs["?"]).copy()
            surf.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted[key] = surf
        return surf

    def render(self, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
        """The line drawn in `colour` (kept: a dialog draws the same lines every frame it
        changes; callers blit it and never draw on it)."""
        key = (text, tuple(colour))
        surf = self._lines.get(key)
        if surf is not None:
            return surf
        surf = pygame.Surface((max(1, len(text)) * self.width, self.height), pygame.SRCALPHA)
        surf.fblits([(self.glyph(ch, colour), (i * self.width, 0)) for i, ch in enumerate(text)])
        if len(self._lines) >= MAX_KEPT_LINES:
            self._lines.clear()
        self._lines[key] = surf
        return surf


@dataclass
class Theme:
    key: str  # folder name
    name: str  # display name
    sizes: Sizes
    colours: dict[str, tuple[int, int, int]]
    sheet: pygame.Surface
    rects: dict[str, tuple[int, int, int, int]]  # sprite name -> place on the sheet
    glyph_rects: dict[str, tuple[int, int, int, int]]
    sprites: dict[str, pygame.Surface] = field(default_factory=dict)
    font: Font | None = None
    sounds: dict[str, list[Path]] = field(default_factory=dict)  # effect -> WAV files
    sound_problems: list[str] = field(default_factory=list)  # sounds left out, one line each
    converted: bool = False  # the sheet is in the display's pixel format
    marks: MarkColours = field(default_factory=MarkColours)

    def __post_init__(self) -> None:
        self._cut()

    def convert(self) -> None:
        """Convert the sheet to the display's pixel format once a display mode is set (once:
        the theme in use at start, any other before it is switched to)."""
        if self.converted:
            return
        self.sheet = self.sheet.convert_alpha()
        self._cut()
        self.converted = True

    def _cut(self) -> None:
        self.sprites = {name: self.sheet.subsurface(r) for name, r in self.rects.items()}
        glyphs = {ch: self.sheet.subsurface(r) for ch, r in self.glyph_rects.items()}
        _, _, w, h = self.glyph_rects["?"]
        self.font = Font(glyphs, w, h)


def theme_folders(user_dir: Path | None = None) -> list[Path]:
    """The shipped theme folders (classic first), then the player's own, by name."""
    shipped = sorted((p for p in THEMES_DIR.iterdir() if p.is_dir()), key=lambda p: p.name)
    shipped.sort(key=lambda p: p.name != DEFAULT_THEME)
    own = []
    if user_dir is not None and user_dir.is_dir():
        try:
            own = sorted((p for p in user_dir.iterdir() if p.is_dir()), key=lambda p: p.name)
        except OSError:  # a folder we may not list: said by load_library
            own = []
    return shipped + own


def available_themes() -> list[str]:
    """Names of the shipped themes, classic first."""
    return [p.name for p in theme_folders()]


@dataclass
class ThemeLibrary:
    """Every theme that loaded, by name, one line for each that did not, and one line for
    each that loaded but is hard to read (its text contrast falls short)."""

    themes: dict[str, Theme]
    problems: list[str]
    warnings: list[str] = field(default_factory=list)

    def names(self) -> list[str]:
        return list(self.themes)

    def get(self, key: str) -> Theme | None:
        return self.themes.get(key)

    def convert(self) -> None:
        for theme in self.themes.values():
            theme.convert()


def load_library(user_dir: Path | None = None) -> ThemeLibrary:
    """Load the shipped themes and the player's; a broken one is left out with its reason.

    The classic theme must load: it ships with the game, so its failure is a program error.
    """
    from .widgets import contrast_warning  # the widgets' styles say what is read where

    themes: dict[str, Theme] = {}
    problems, warnings = [], []
    broken: list[tuple[Path, str]] = []  # the folders left out, and why
    if user_dir is not None and user_dir.is_dir():
        try:
            next(iter(user_dir.iterdir()), None)
        except OSError as e:
            problems.append(f"the themes folder {user_dir} cannot be read ({e.strerror or e})")
    for folder in theme_folders(user_dir):
        if folder.name in themes:
            problems.append(f"theme {folder.name!r} in {folder.parent}: a theme of that name "
                            "ships with the game; rename the folder")  # fmt: skip
            continue
        try:
            themes[folder.name] = load_theme(folder)
            problems += themes[folder.name].sound_problems
            warning = contrast_warning(themes[folder.name])
            if warning is not None:
                warnings.append(warning)
        except ThemeError as e:
            if folder.name == DEFAULT_THEME and folder.parent == THEMES_DIR:
                raise
            broken.append((folder, str(e)))
    if len(broken) > MAX_BROKEN_LINES:  # a folder of folders that are not themes: one line
        names = [folder.name for folder, _ in broken]
        shown = ", ".join(names[:MAX_NAMES_SHOWN]) + (", …" if len(names) > MAX_NAMES_SHOWN
                                                      else "")  # fmt: skip
        where = broken[0][0].parent
        problems.append(f"{len(broken)} folders in {where} are not themes: {shown} (the "
                        f"first: {broken[0][1]}); they are left out")  # fmt: skip
    else:
        problems += [why for _, why in broken]
    return ThemeLibrary(themes, problems, warnings)


def _colour(value: object, where: str) -> tuple[int, int, int]:
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        try:
            return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)
        except ValueError:
            pass
    raise ThemeError(f'{where} must be a colour like "#c0c0c0" (got {value!r})')


def _mark_colours(odds: object, marks: object, label: str) -> MarkColours:
    """The optional [odds] and [marks] tables (a theme without them gets the defaults)."""
    found = {}
    for table, name in ((odds, "odds"), (marks, "marks")):
        if table is not None and not isinstance(table, dict):
            raise ThemeError(f"{label}: [{name}] must be a table")
    odds, marks = odds or {}, marks or {}
    if "ramp" in odds:
        ramp = odds["ramp"]
        if not (isinstance(ramp, list) and 2 <= len(ramp) <= 8):
            raise ThemeError(f'{label}: [odds] ramp must list 2 to 8 colours like "#c0c0c0"')
        found["ramp"] = tuple(_colour(c, f"{label}: [odds] ramp") for c in ramp)
    for key in ("safe", "mine"):
        if key in odds:
            found[key] = _colour(odds[key], f"{label}: [odds] {key}")
    if "alpha" in odds:
        alpha = odds["alpha"]
        if not (type(alpha) is int and 64 <= alpha <= 255):
            raise ThemeError(f"{label}: [odds] alpha must be a whole number from 64 to 255 "
                             f"(got {alpha!r})")  # fmt: skip
        found["alpha"] = alpha
    for key in ("start", "hint"):
        if key in marks:
            found[key] = _colour(marks[key], f"{label}: [marks] {key}")
    return MarkColours(**found)


def _whole(value: object, where: str) -> int:
    """A size from theme.toml: a whole number that fits on a sheet (1 to MAX_SHEET_SIDE)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_SHEET_SIDE:
        return value
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise ThemeError(f"{where} must be a whole number from 1 to {MAX_SHEET_SIDE} (got {shown})")


def load_theme(folder: Path) -> Theme:
    """Load and check a theme folder (no display needed; call `convert` once there is one)."""
    manifest = folder / "theme.toml"
    label = f"theme {folder.name!r}"
    try:
        data = tomllib.loads(read_capped(manifest, MAX_MANIFEST_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise ThemeError(f"{label}: {manifest} is missing") from None
    except FileRefused as e:
        raise ThemeError(f"{label}: {manifest} {e}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ThemeError(f"{label}: cannot read {manifest}: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise ThemeError(f"{label}: theme.toml is not valid TOML: {e}") from None
    except ValueError as e:  # a number too long to read
        raise ThemeError(f"{label}: theme.toml holds a value this game cannot read: {e}") from None
    except RecursionError:
        raise ThemeError(f"{label}: theme.toml nests too deeply") from None

    tile = _whole(data.get("tile"), f"{label}: tile")
    border = _whole(data.get("border"), f"{label}: border")
    face = _whole(data.get("face"), f"{label}: face")
    led = data.get("led")
    if not (isinstance(led, list) and len(led) == 2):
        raise ThemeError(f"{label}: led must be [width, height] (got {led!r})")
    sizes = Sizes(tile, border, face, _whole(led[0], f"{label}: led width"),
                  _whole(led[1], f"{label}: led height"))  # fmt: skip
    if max(face, sizes.led_h + 2) > TOOLBAR_HEIGHT:
        raise ThemeError(f"{label}: the face and the LED digits (+2) must be at most "
                         f"{TOOLBAR_HEIGHT} pixels tall to fit the toolbar")  # fmt: skip
    if 2 * (LED_DIGITS * sizes.led_w + 2 + PANEL_PAD) + face > MIN_AREA_W:
        raise ThemeError(f"{label}: two 3-digit LEDs and the face must fit in {MIN_AREA_W} "
                         "pixels across")  # fmt: skip

    sheet_name = data.get("sheet", "sheet.png")
    if not isinstance(sheet_name, str):
        raise ThemeError(f"{label}: sheet must be a file name (got {sheet_name!r})")
    try:
        sheet_path = file_inside(folder, sheet_name)
    except FileRefused as e:
        raise ThemeError(f"{label}: sheet {sheet_name!r} {e}") from None
    sheet = _load_sheet(sheet_path, f"{label}: cannot load the sheet {sheet_name!r}:")
    sheet_w, sheet_h = sheet.get_size()

    colours_table = data.get("colors")
    if not isinstance(colours_table, dict):
        raise ThemeError(f"{label}: the [colors] table is missing")
    colours = {}
    for name in COLOURS:
        if name not in colours_table:
            raise ThemeError(f"{label}: colour {name!r} is missing from [colors]")
        colours[name] = _colour(colours_table[name], f"{label}: colour {name!r}")

    table = data.get("sprites")
    if not isinstance(table, dict):
        raise ThemeError(f"{label}: the [sprites] table is missing")
    expected = (
        [(n, (tile, tile)) for n in TILE_SPRITES]
        + [(n, (border, border)) for n in FRAME_SPRITES]
        + [(n, (face, face)) for n in FACE_SPRITES]
        + [(n, (sizes.led_w, sizes.led_h)) for n in LED_SPRITES]
    )
    rects = {}
    for name, size in expected:
        rect = table.get(name)
        if rect is None:
            raise ThemeError(f"{label}: sprite {name!r} is missing from [sprites]")
        if not (isinstance(rect, list) and len(rect) == 4 and all(type(v) is int for v in rect)):
            raise ThemeError(f"{label}: sprite {name!r} must be [x, y, width, height]")
        x, y, w, h = rect
        if (w, h) != size:
            raise ThemeError(f"{label}: sprite {name!r} is {w}x{h}, it must be {size[0]}x{size[1]}")
        if x < 0 or y < 0 or x + w > sheet_w or y + h > sheet_h:
            raise ThemeError(
                f"{label}: sprite {name!r} at {rect} reaches outside the {sheet_w}x{sheet_h} sheet"
            )
        rects[name] = (x, y, w, h)

    glyph_rects = _font_rects(data.get("font"), sheet, label)
    name = data.get("name", folder.name)
    sounds, sound_problems = sound_table(data.get("sounds"), folder, label)
    return Theme(folder.name, str(name), sizes, colours, sheet, rects, glyph_rects, sounds=sounds,
                 sound_problems=sound_problems,
                 marks=_mark_colours(data.get("odds"), data.get("marks"), label))  # fmt: skip


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header (its IHDR chunk), None if it is not a PNG."""
    if len(data) < 24 or data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def png_damage(data: bytes, width: int, height: int) -> str | None:
    """What is wrong with a PNG's chunks (cut short, a checksum that fails, pixel data that
    does not unpack), or None: checked before libpng sees it, which would write its own line
    on stderr."""
    at, pixels, ended = len(PNG_SIGNATURE), [], False
    while at + 12 <= len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind = data[at + 4 : at + 8]
        end = at + 12 + length
        if end > len(data):
            break
        if zlib.crc32(data[at + 4 : end - 4]) != int.from_bytes(data[end - 4 : end], "big"):
            return f"it is damaged (the checksum of its {kind.decode('latin-1')!r} part fails)"
        if kind == b"IDAT":
            pixels.append(data[at + 8 : end - 4])
        at = end
        if kind == b"IEND":
            ended = True
            break
    if not ended:
        return "it is cut short (the file ends before the picture does)"
    unpack = zlib.decompressobj()
    most = height * (1 + width * 8)  # 16-bit RGBA, a filter byte a row: the most it can hold
    try:
        unpack.decompress(b"".join(pixels), most)
    except zlib.error:
        return "its pixel data is damaged"
    if not unpack.eof:
        return "its pixel data is cut short or larger than its size says"
    return None


def _load_sheet(path: Path, what: str) -> pygame.Surface:
    """Decode a sheet, refusing before decoding anything over the caps."""
    try:
        data = read_capped(path, MAX_SHEET_BYTES)
    except FileRefused as e:
        raise ThemeError(f"{what} it {e}") from None
    except OSError as e:
        raise ThemeError(f"{what} {e.strerror or e}") from None
    size = png_size(data)
    if size is None:
        raise ThemeError(f"{what} it is not a PNG image")
    w, h = size
    if not (0 < w <= MAX_SHEET_SIDE and 0 < h <= MAX_SHEET_SIDE):
        raise ThemeError(f"{what} its header says {w}x{h} pixels; a sheet is at most "
                         f"{MAX_SHEET_SIDE}x{MAX_SHEET_SIDE}")  # fmt: skip
    trouble = png_damage(data, w, h)
    if trouble is not None:  # said here: libpng would print a line of its own on stderr
        raise ThemeError(f"{what} {trouble}")
    try:
        return pygame.image.load(io.BytesIO(data), "sheet.png")
    except (pygame.error, ValueError) as e:
        raise ThemeError(f"{what} {e}") from None


def _font_rects(table: object, sheet: pygame.Surface, label: str) -> dict:
    if not isinstance(table, dict):
        raise ThemeError(f"{label}: the [font] table is missing")
    try:
        x, y = table["x"], table["y"]
        gw, gh = table["glyph"]
        columns, first, last = table["columns"], table["first"], table["last"]
    except (KeyError, TypeError, ValueError) as e:
        raise ThemeError(
            f"{label}: [font] needs x, y, glyph = [w, h], columns, first, last ({e})"
        ) from None
    for name, value in (("x", x), ("y", y), ("first", first), ("last", last)):
        if type(value) is not int or value < 0:
            raise ThemeError(f"{label}: [font] {name} must be a whole number (got {value!r})")
    gw, gh = _whole(gw, f"{label}: [font] glyph width"), _whole(gh, f"{label}: glyph height")
    columns = _whole(columns, f"{label}: [font] columns")
    if not (first <= ord(" ") and last >= ord("~")):
        raise ThemeError(f"{label}: [font] must cover the printable ASCII characters 32-126")
    if last > sys.maxunicode:
        raise ThemeError(f"{label}: [font] last is {last}, past the last character of Unicode "
                         f"({sys.maxunicode})")  # fmt: skip
    if last - first + 1 > MAX_GLYPHS:
        raise ThemeError(f"{label}: [font] holds {last - first + 1} characters; a font has at "
                         f"most {MAX_GLYPHS}")  # fmt: skip
    glyphs = {}
    sheet_w, sheet_h = sheet.get_size()
    for code in range(first, last + 1):
        k = code - first
        gx, gy = x + (k % columns) * gw, y + (k // columns) * gh
        if gx + gw > sheet_w or gy + gh > sheet_h:
            raise ThemeError(f"{label}: the font's glyph {chr(code)!r} reaches outside the sheet")
        glyphs[chr(code)] = (gx, gy, gw, gh)
    return glyphs
