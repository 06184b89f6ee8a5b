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

from ..i18n import NP_, _, ngettext, pgettext
from ..resources import themes_dir
from ..store.files import FileRefused, file_inside, read_capped
from .layout import LED_DIGITS, MIN_AREA_W, PANEL_PAD, TOOLBAR_HEIGHT, Sizes
from .sound import left_out, sound_table

THEMES_DIR = themes_dir()  # checkout, installed wheel or bundle: game/resources.py knows
DEFAULT_THEME = "classic"
# Limits checked before any work: the shipped manifests are 4 KB and the sheets 256x128.
MAX_MANIFEST_BYTES = 64 * 1024
MAX_SHEET_BYTES = 8 * 1024 * 1024
MAX_SHEET_SIDE = 2048  # pixels; a 2048x2048 sheet takes 16 MiB decoded
MAX_GLYPHS = 2048  # characters in a theme's font
MAX_BROKEN_LINES = 3  # more themes left out than this are said in one line
MAX_NAMES_SHOWN = 10  # folder names that line shows
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_KEPT_LINES = 1024  # lines of text a font keeps drawn

TILE_SPRITES = (
    "covered",
    "pressed",
    *(f"open_{n}" for n in range(9)),
    "flag",
    "question",
    "mine",
    "mine_red",
    "mine_wrong",
    "cursor",
)
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
# The shipped themes' names (`name` in their theme.toml), for the template: `Theme.title`.
SHIPPED_NAMES = (
    # Translators: the name of a shipped theme (the look of the game), in the menus and Options.
    NP_("theme", "Classic"),
    # Translators: the name of a shipped theme made to be easy to read (strong contrast).
    NP_("theme", "High contrast"),
    # Translators: the name of a shipped theme in the greens of an old handheld console.
    NP_("theme", "Handheld"),
    # Translators: the name of a shipped theme in dark colours.
    NP_("theme", "Night"),
)


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


def _refuse(message: str, **values: object) -> ThemeError:
    """A ThemeError of a message already looked up (`_("...")`), its placeholders filled."""
    return ThemeError(message % values)


def _theme_label(folder: Path) -> str:
    """How a problem names the theme: "theme 'retro'" (its folder)."""
    # Translators: names a theme in its problems, as in "theme 'retro': tile must be ...";
    # name is its folder's name, quoted.
    return _("theme %(name)s") % {"name": repr(folder.name)}


def _at(label: str, setting: str) -> str:
    """A setting of theme.toml, named with its theme: "theme 'retro': tile"."""
    # Translators: where a theme's problem is: theme is "theme 'name'", setting a name of
    # its theme.toml (written as it is there: tile, [odds] ramp).
    return _("%(theme)s: %(setting)s") % {"theme": label, "setting": setting}


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
            surf = self.glyphs[ch].copy() if ch in self.glyphs else self.missing()
            surf.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted[key] = surf
        return surf

    def missing(self) -> pygame.Surface:
        """What a character the font lacks is drawn as: a hollow box in the glyph's cell, but
        for its spacing column and top row, so it is seen (never skipped) and takes one cell
        as every character does (text_width measures it so)."""
        surf = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
        box = pygame.Rect(0, min(1, self.height - 1), max(1, self.width - 1), self.height)
        pygame.draw.rect(surf, (255, 255, 255, 255), box.clip(surf.get_rect()), 1)
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
    base: Theme | None = field(default=None, repr=False)  # a scaled copy's own theme (sheets.py)

    def __post_init__(self) -> None:
        self._cut()

    def title(self) -> str:
        """The name a player reads: a shipped theme's in the language in use (SHIPPED_NAMES), a
        player's own as its theme.toml writes it."""
        pair = ("theme", self.name)
        return pgettext(*pair) if pair in SHIPPED_NAMES else self.name

    def plain(self) -> Theme:
        """The theme at its own size: itself, or the one a scaled copy was made from."""
        return self.base or self

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
    each that loaded but is hard to read (its text contrast falls short). The themes not
    needed for the first frame may be left for later (`rest`, `load_rest`)."""

    themes: dict[str, Theme]
    problems: list[str]
    warnings: list[str] = field(default_factory=list)
    rest: list[Path] = field(default_factory=list)  # folders left to load, in their order
    order: list[str] = field(default_factory=list)  # every usable folder's name, in order
    _loading: _Loading | None = field(default=None, repr=False, compare=False)  # load_next's

    def names(self) -> list[str]:
        return list(self.themes)

    def get(self, key: str) -> Theme | None:
        return self.themes.get(key)

    def convert(self) -> None:
        for theme in self.themes.values():
            theme.convert()

    def load_rest(self) -> list[str]:
        """Load the themes left for later (no display needed); the lines about them, problems
        then warnings. The themes keep the folders' order (classic first, the shipped ones,
        the player's)."""
        while (lines := self.load_next()) is None:
            pass
        return lines

    def load_next(self) -> list[str] | None:
        """Load the next theme left for later (some 5 ms: one step of the window's idle
        time, game/ui/warm.py); None while others are left, then the lines about them all,
        as `load_rest` gives them."""
        if self._loading is None:
            self._loading = _Loading()
        if self.rest:
            self._loading.load(self.rest.pop(0))
        if self.rest:
            return None
        loaded, self._loading = self._loading, None
        merged = {**self.themes, **loaded.themes}
        self.themes.clear()  # in place: the menus and commands hold this dictionary
        self.themes.update((name, merged[name]) for name in self.order if name in merged)
        problems = loaded.problem_lines()
        self.problems += problems
        self.warnings += loaded.warnings
        return problems + loaded.warnings


class _Loading:
    """Themes being loaded: those that loaded, the lines about those that did not."""

    def __init__(self) -> None:
        self.themes: dict[str, Theme] = {}
        self.problems: list[str] = []
        self.warnings: list[str] = []
        self.broken: list[tuple[Path, str]] = []  # the folders left out, and why

    def load(self, folder: Path) -> None:
        from .widgets import contrast_warning  # the widgets' styles say what is read where

        try:
            theme = self.themes[folder.name] = load_theme(folder)
        except ThemeError as e:
            if folder.name == DEFAULT_THEME and folder.parent == THEMES_DIR:
                raise
            self.broken.append((folder, str(e)))
            return
        self.problems += theme.sound_problems
        warning = contrast_warning(theme)
        if warning is not None:
            self.warnings.append(warning)

    def problem_lines(self) -> list[str]:
        """The problems, then a line for each folder left out (one line for many)."""
        broken = self.broken
        if len(broken) <= MAX_BROKEN_LINES:
            return self.problems + [left_out(why) for _, why in broken]
        # a folder of folders that are not themes: one line
        names = [folder.name for folder, _ in broken]
        shown = ", ".join(names[:MAX_NAMES_SHOWN]) + (", …" if len(names) > MAX_NAMES_SHOWN else "")
        where = broken[0][0].parent
        # Translators: count folders in the player's themes folder that are not themes;
        # folder is that folder, names some of their names, first the first one's problem.
        return self.problems + [
            ngettext(
                "%(count)d folder in %(folder)s is not a theme: %(names)s "
                "(the first: %(first)s); it is left out",
                "%(count)d folders in %(folder)s are not themes: %(names)s "
                "(the first: %(first)s); they are left out",
                len(broken),
            )
            % {"count": len(broken), "folder": where, "names": shown, "first": broken[0][1]}
        ]


def load_library(user_dir: Path | None = None, first: str | None = None) -> ThemeLibrary:
    """Load the shipped themes and the player's; a broken one is left out with its reason.
    With `first` (the theme the window starts with), only that one and the classic theme are
    loaded now, the others left for `ThemeLibrary.load_rest`: the window's first frame does
    not wait for themes it does not show (about 13 ms each here).

    The classic theme must load: it ships with the game, so its failure is a program error.
    """
    problems: list[str] = []
    if user_dir is not None and user_dir.is_dir():
        try:
            next(iter(user_dir.iterdir()), None)
        except OSError as e:
            # Translators: folder is the player's folder of themes, reason the system's.
            unread = _("the themes folder %(folder)s cannot be read (%(reason)s)")
            problems.append(left_out(unread % {"folder": user_dir, "reason": e.strerror or e}))
    loading, order, rest = _Loading(), [], []
    for folder in theme_folders(user_dir):
        if folder.name in order:
            problems.append(
                left_out(
                    # Translators: name is a theme folder's name, quoted; folder where it is.
                    _(
                        "theme %(name)s in %(folder)s: a theme of that name "
                        "ships with the game; rename the folder"
                    )
                    % {"name": repr(folder.name), "folder": folder.parent}
                )
            )
            continue
        order.append(folder.name)
        if first is None or folder.name in (first, DEFAULT_THEME):
            loading.load(folder)
        else:
            rest.append(folder)
    return ThemeLibrary(
        loading.themes, problems + loading.problem_lines(), loading.warnings, rest, order
    )


def _colour(value: object, where: str) -> tuple[int, int, int]:
    if isinstance(value, str) and len(value) == 7 and value.startswith("#"):
        try:
            return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)
        except ValueError:
            pass
    raise _refuse(
        # Translators: where is a theme's setting ("theme 'retro': colour 'panel'"), value what it
        # holds; keep "#c0c0c0".
        _('%(where)s must be a colour like "#c0c0c0" (got %(value)s)'),
        where=where,
        value=repr(value),
    )


def _mark_colours(odds: object, marks: object, label: str) -> MarkColours:
    """The optional [odds] and [marks] tables (a theme without them gets the defaults)."""
    found = {}
    for table, name in ((odds, "odds"), (marks, "marks")):
        if table is not None and not isinstance(table, dict):
            # Translators: theme is "theme 'name'"; table is [odds] or [marks], as written.
            raise _refuse(_("%(theme)s: %(table)s must be a table"), theme=label, table=f"[{name}]")
    odds, marks = odds or {}, marks or {}
    if "ramp" in odds:
        ramp = odds["ramp"]
        if not (isinstance(ramp, list) and 2 <= len(ramp) <= 8):
            raise _refuse(  # Translators: theme is "theme 'name'"; keep [odds] ramp and "#c0c0c0".
                _('%(theme)s: [odds] ramp must list 2 to 8 colours like "#c0c0c0"'), theme=label
            )
        found["ramp"] = tuple(_colour(c, _at(label, "[odds] ramp")) for c in ramp)
    for key in ("safe", "mine"):
        if key in odds:
            found[key] = _colour(odds[key], _at(label, f"[odds] {key}"))
    if "alpha" in odds:
        alpha = odds["alpha"]
        if not (type(alpha) is int and 64 <= alpha <= 255):
            raise _refuse(
                # Translators: theme is "theme 'name'"; keep [odds] alpha; value what it holds.
                _("%(theme)s: [odds] alpha must be a whole number from 64 to 255 (got %(value)s)"),
                theme=label,
                value=repr(alpha),
            )
        found["alpha"] = alpha
    for key in ("start", "hint"):
        if key in marks:
            found[key] = _colour(marks[key], _at(label, f"[marks] {key}"))
    return MarkColours(**found)


def _whole(value: object, where: str) -> int:
    """A size from theme.toml: a whole number that fits on a sheet (1 to MAX_SHEET_SIDE)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_SHEET_SIDE:
        return value
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise _refuse(
        # Translators: where is a theme's setting ("theme 'retro': tile"), value what it holds.
        _("%(where)s must be a whole number from 1 to %(most)d (got %(value)s)"),
        where=where,
        most=MAX_SHEET_SIDE,
        value=shown,
    )


def load_theme(folder: Path) -> Theme:
    """Load and check a theme folder (no display needed; call `convert` once there is one)."""
    label = _theme_label(folder)
    data = _manifest(folder / "theme.toml", label)
    sizes = _sizes(data, label)
    sheet = _sheet(data, folder, label)
    colours = _colours(data.get("colors"), label)
    rects = _sprite_rects(data.get("sprites"), sizes, sheet.get_size(), label)
    glyph_rects = _font_rects(data.get("font"), sheet, label)
    name = data.get("name", folder.name)
    sounds, sound_problems = sound_table(data.get("sounds"), folder, label)
    return Theme(
        folder.name,
        str(name),
        sizes,
        colours,
        sheet,
        rects,
        glyph_rects,
        sounds=sounds,
        sound_problems=sound_problems,
        marks=_mark_colours(data.get("odds"), data.get("marks"), label),
    )


def _manifest(manifest: Path, label: str) -> dict:
    """theme.toml read (capped) and parsed."""
    # Translators: the problems of a theme.toml below begin with theme, "theme 'name'"; file
    # is the theme.toml's path, reason Python's or the system's words (in English).
    try:
        return tomllib.loads(read_capped(manifest, MAX_MANIFEST_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise _refuse(_("%(theme)s: %(file)s is missing"), theme=label, file=manifest) from None
    except FileRefused as e:
        # Translators: trouble is said after the file's name ("is a folder, not a file").
        words = _("%(theme)s: %(file)s %(trouble)s")
        raise _refuse(words, theme=label, file=manifest, trouble=e) from None
    except (OSError, UnicodeDecodeError) as e:
        raise _refuse(
            _("%(theme)s: cannot read %(file)s: %(reason)s"), theme=label, file=manifest, reason=e
        ) from None
    except tomllib.TOMLDecodeError as e:
        raise _refuse(
            _("%(theme)s: theme.toml is not valid TOML: %(reason)s"), theme=label, reason=e
        ) from None
    except ValueError as e:  # a number too long to read
        raise _refuse(
            _("%(theme)s: theme.toml holds a value this game cannot read: %(reason)s"),
            theme=label,
            reason=e,
        ) from None
    except RecursionError:
        raise _refuse(_("%(theme)s: theme.toml nests too deeply"), theme=label) from None


def _sizes(data: dict, label: str) -> Sizes:
    """The tile, frame, face and LED digits' sizes, checked to fit the toolbar."""
    tile = _whole(data.get("tile"), _at(label, "tile"))
    border = _whole(data.get("border"), _at(label, "border"))
    face = _whole(data.get("face"), _at(label, "face"))
    led = data.get("led")
    if not (isinstance(led, list) and len(led) == 2):
        raise _refuse(
            # Translators: keep "led" (written so in theme.toml); value is what it holds.
            _("%(theme)s: led must be [width, height] (got %(value)s)"),
            theme=label,
            value=repr(led),
        )
    # Translators: where a theme's problem is: theme is "theme 'name'"; led as in theme.toml.
    led_w, led_h = _("%(theme)s: led width"), _("%(theme)s: led height")
    sizes = Sizes(
        tile,
        border,
        face,
        _whole(led[0], led_w % {"theme": label}),
        _whole(led[1], led_h % {"theme": label}),
    )
    if max(face, sizes.led_h + 2) > TOOLBAR_HEIGHT:
        raise _refuse(
            # Translators: a theme's problem; most is a number of pixels.
            _(
                "%(theme)s: the face and the LED digits (+2) must be at most "
                "%(most)d pixels tall to fit the toolbar"
            ),
            theme=label,
            most=TOOLBAR_HEIGHT,
        )
    if 2 * (LED_DIGITS * sizes.led_w + 2 + PANEL_PAD) + face > MIN_AREA_W:
        raise _refuse(
            # Translators: a theme's problem; most is a number of pixels.
            _("%(theme)s: two 3-digit LEDs and the face must fit in %(most)d pixels across"),
            theme=label,
            most=MIN_AREA_W,
        )
    return sizes


def _sheet(data: dict, folder: Path, label: str) -> pygame.Surface:
    """The sheet theme.toml names (sheet.png unless it says), inside the theme's folder."""
    sheet_name = data.get("sheet", "sheet.png")
    if not isinstance(sheet_name, str):
        raise _refuse(
            # Translators: keep "sheet" (written so in theme.toml); value is what it holds.
            _("%(theme)s: sheet must be a file name (got %(value)s)"),
            theme=label,
            value=repr(sheet_name),
        )
    try:
        sheet_path = file_inside(folder, sheet_name)
    except FileRefused as e:
        raise _refuse(
            # Translators: file is the sheet's name, quoted; trouble is said after it.
            _("%(theme)s: sheet %(file)s %(trouble)s"),
            theme=label,
            file=repr(sheet_name),
            trouble=e,
        ) from None
    # Translators: the start of a sheet's problem, which follows it ("it is not a PNG image").
    what = _("%(theme)s: cannot load the sheet %(file)s:") % {
        "theme": label,
        "file": repr(sheet_name),
    }
    return _load_sheet(sheet_path, what)


def _colours(table: object, label: str) -> dict[str, tuple[int, int, int]]:
    """The [colors] table: every colour the theme must name."""
    if not isinstance(table, dict):
        # Translators: keep [colors] (written so in theme.toml).
        raise _refuse(_("%(theme)s: the [colors] table is missing"), theme=label)
    colours = {}
    for name in COLOURS:
        # Translators: a colour of a theme; name is its name in theme.toml, quoted.
        where = _("%(theme)s: colour %(name)s") % {"theme": label, "name": repr(name)}
        if name not in table:
            # Translators: where is "theme 'name': colour 'panel'"; keep [colors].
            raise _refuse(_("%(where)s is missing from [colors]"), where=where)
        colours[name] = _colour(table[name], where)
    return colours


def _sprite_rects(
    table: object, sizes: Sizes, sheet_size: tuple[int, int], label: str
) -> dict[str, tuple[int, int, int, int]]:
    """The [sprites] table: every sprite's place on the sheet, each of its kind's size."""
    if not isinstance(table, dict):
        # Translators: keep [sprites] (written so in theme.toml).
        raise _refuse(_("%(theme)s: the [sprites] table is missing"), theme=label)
    expected = (
        [(n, (sizes.tile, sizes.tile)) for n in TILE_SPRITES]
        + [(n, (sizes.border, sizes.border)) for n in FRAME_SPRITES]
        + [(n, (sizes.face, sizes.face)) for n in FACE_SPRITES]
        + [(n, (sizes.led_w, sizes.led_h)) for n in LED_SPRITES]
    )
    sheet_w, sheet_h = sheet_size
    rects = {}
    for name, size in expected:
        rect = table.get(name)
        # Translators: a picture of a theme; name is its name in theme.toml, quoted.
        where = _("%(theme)s: sprite %(name)s") % {"theme": label, "name": repr(name)}
        if rect is None:
            # Translators: where is "theme 'name': sprite 'flag'"; keep [sprites].
            raise _refuse(_("%(where)s is missing from [sprites]"), where=where)
        if not (isinstance(rect, list) and len(rect) == 4 and all(type(v) is int for v in rect)):
            # Translators: where is "theme 'name': sprite 'flag'".
            raise _refuse(_("%(where)s must be [x, y, width, height]"), where=where)
        x, y, w, h = rect
        if (w, h) != size:
            raise _refuse(
                # Translators: where is "theme 'name': sprite 'flag'"; sizes in pixels, 16x16.
                _("%(where)s is %(size)s, it must be %(right)s"),
                where=where,
                size=f"{w}x{h}",
                right=f"{size[0]}x{size[1]}",
            )
        if x < 0 or y < 0 or x + w > sheet_w or y + h > sheet_h:
            raise _refuse(
                # Translators: where is "theme 'name': sprite 'flag'", place its [x, y, w, h],
                # size the sheet's (256x128).
                _("%(where)s at %(place)s reaches outside the %(size)s sheet"),
                where=where,
                place=rect,
                size=f"{sheet_w}x{sheet_h}",
            )
        rects[name] = (x, y, w, h)
    return rects


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
            # Translators: of a picture file; part is a PNG chunk's name ('IDAT').
            return _("it is damaged (the checksum of its %(part)s part fails)") % {
                "part": repr(kind.decode("latin-1"))
            }
        if kind == b"IDAT":
            pixels.append(data[at + 8 : end - 4])
        at = end
        if kind == b"IEND":
            ended = True
            break
    if not ended:
        return _("it is cut short (the file ends before the picture does)")
    unpack = zlib.decompressobj()
    most = height * (1 + width * 8)  # 16-bit RGBA, a filter byte a row: the most it can hold
    try:
        unpack.decompress(b"".join(pixels), most)
    except zlib.error:
        return _("its pixel data is damaged")
    if not unpack.eof:
        return _("its pixel data is cut short or larger than its size says")
    return None


def _load_sheet(path: Path, what: str) -> pygame.Surface:
    """Decode a sheet, refusing before decoding anything over the caps."""
    # Translators: what is "theme 'name': cannot load the sheet 'sheet.png':"; the rest says
    # why; reason is the system's or the PNG reader's words (in English).
    try:
        data = read_capped(path, MAX_SHEET_BYTES)
    except FileRefused as e:
        # Translators: trouble is said after a file's name ("is a folder, not a file").
        raise _refuse(_("%(what)s it %(trouble)s"), what=what, trouble=e) from None
    except OSError as e:
        raise _refuse(_("%(what)s %(reason)s"), what=what, reason=e.strerror or e) from None
    size = png_size(data)
    if size is None:
        raise _refuse(_("%(what)s it is not a PNG image"), what=what)
    w, h = size
    if not (0 < w <= MAX_SHEET_SIDE and 0 < h <= MAX_SHEET_SIDE):
        raise _refuse(
            # Translators: size and most in pixels, as 4000x300.
            _("%(what)s its header says %(size)s pixels; a sheet is at most %(most)s"),
            what=what,
            size=f"{w}x{h}",
            most=f"{MAX_SHEET_SIDE}x{MAX_SHEET_SIDE}",
        )
    trouble = png_damage(data, w, h)
    if trouble is not None:  # said here: libpng would print a line of its own on stderr
        raise _refuse(_("%(what)s %(reason)s"), what=what, reason=trouble)
    try:
        return pygame.image.load(io.BytesIO(data), "sheet.png")
    except (pygame.error, ValueError) as e:
        raise _refuse(_("%(what)s %(reason)s"), what=what, reason=e) from None


def _font_rects(table: object, sheet: pygame.Surface, label: str) -> dict:
    # Translators: the problems of a theme's [font] table (keep [font] and its settings' names:
    # x, y, glyph, columns, first, last, more); theme is "theme 'name'".
    if not isinstance(table, dict):
        raise _refuse(_("%(theme)s: the [font] table is missing"), theme=label)
    try:
        x, y = table["x"], table["y"]
        gw, gh = table["glyph"]
        columns, first, last = table["columns"], table["first"], table["last"]
    except (KeyError, TypeError, ValueError) as e:
        raise _refuse(
            # Translators: reason is Python's words (the setting missing, quoted).
            _("%(theme)s: [font] needs x, y, glyph = [w, h], columns, first, last (%(reason)s)"),
            theme=label,
            reason=e,
        ) from None
    for name, value in (("x", x), ("y", y), ("first", first), ("last", last)):
        if type(value) is not int or value < 0:
            raise _refuse(
                # Translators: setting is x, y, first or last; value what it holds.
                _("%(theme)s: [font] %(setting)s must be a whole number (got %(value)s)"),
                theme=label,
                setting=name,
                value=repr(value),
            )
    # Translators: where a theme's problem is: theme is "theme 'name'"; keep [font] and glyph.
    glyph_w, glyph_h = _("%(theme)s: [font] glyph width"), _("%(theme)s: glyph height")
    gw, gh = _whole(gw, glyph_w % {"theme": label}), _whole(gh, glyph_h % {"theme": label})
    columns = _whole(columns, _at(label, "[font] columns"))
    if not (first <= ord(" ") and last >= ord("~")):
        raise _refuse(
            _("%(theme)s: [font] must cover the printable ASCII characters 32-126"), theme=label
        )
    if last > sys.maxunicode:
        raise _refuse(
            # Translators: last and most are character codes.
            _("%(theme)s: [font] last is %(last)d, past the last character of Unicode (%(most)d)"),
            theme=label,
            last=last,
            most=sys.maxunicode,
        )
    codes = [*range(first, last + 1), *_more_codes(table.get("more", []), last, label)]
    if len(codes) > MAX_GLYPHS:
        raise _refuse(
            ngettext(
                "%(theme)s: [font] holds %(count)d character; a font has at most %(most)d",
                "%(theme)s: [font] holds %(count)d characters; a font has at most %(most)d",
                len(codes),
            ),
            theme=label,
            count=len(codes),
            most=MAX_GLYPHS,
        )
    glyphs = {}
    sheet_w, sheet_h = sheet.get_size()
    for k, code in enumerate(codes):
        gx, gy = x + (k % columns) * gw, y + (k // columns) * gh
        if gx + gw > sheet_w or gy + gh > sheet_h:
            raise _refuse(
                # Translators: glyph is a character of the theme's font, quoted.
                _("%(theme)s: the font's glyph %(glyph)s reaches outside the sheet"),
                theme=label,
                glyph=repr(chr(code)),
            )
        glyphs[chr(code)] = (gx, gy, gw, gh)
    return glyphs


def _more_codes(more: object, last: int, label: str) -> list[int]:
    """The codes of [font] more: ranges [first, last] past the ASCII block, each above the one
    before, whose glyphs follow on the sheet in that order (an ASCII-only font has none)."""
    where = _at(label, "[font] more")
    # Translators: where is "theme 'name': [font] more"; keep first and last (as written in
    # theme.toml); value is what it holds, range one of its [first, last] pairs.
    if not isinstance(more, list):
        raise _refuse(
            _("%(where)s must be a list of [first, last] code ranges (got %(value)s)"),
            where=where,
            value=repr(more),
        )
    codes: list[int] = []
    for pair in more:
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(c) is int for c in pair)):
            raise _refuse(
                _("%(where)s: each range is [first, last], two whole numbers (got %(value)s)"),
                where=where,
                value=repr(pair),
            )
        a, b = pair
        if not (last < a <= b <= sys.maxunicode) or (codes and a <= codes[-1]):
            raise _refuse(
                _(
                    "%(where)s: the range %(range)s must lie past the codes before "
                    "it, first <= last, within Unicode"
                ),
                where=where,
                range=pair,
            )
        codes += range(a, min(b, a + MAX_GLYPHS) + 1)  # a huge range is refused by its count
        last = b
    return codes
