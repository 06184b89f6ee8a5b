"""The pixel font: Latin-1, Latin Extended-A and the typographic marks in every shipped theme,
as the tool draws them, the ASCII glyphs as they were, and a visible box, measured as one cell,
for a character a font lacks (tests/ui/test_looks.py checks that no two glyphs look alike)."""

import hashlib
import shutil

import pygame
import pytest

from game.ui.theme import THEMES_DIR, ThemeError, available_themes, load_theme
from game.ui.widgets import Metrics, text
from tests.catalogues import ROOT, messages_tool
from tests.test_packaging import load_tool
from tests.ui.test_looks import glyph_bits
from tests.ui.test_theme import broken, edit  # noqa: F401 (a fixture)

LATIN_1 = "".join(map(chr, range(0xA0, 0x100)))
MARKS = "‘’‚“”„–—…‹›€"  # the quotes, dashes and signs translations use
LETTERS = "".join(ch for ch in LATIN_1 if ch.isalpha())
EXTENDED_A = "".join(map(chr, range(0x100, 0x180)))  # Central European, Baltic, Turkish...
POLISH = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"  # ó and Ó are Latin-1's, the rest Latin Extended-A's
PANGRAM = "Zażółć gęślą jaźń. ZAŻÓŁĆ GĘŚLĄ JAŹŃ. Łódź"
PAST_EXTENDED_A = "\u0180"  # ƀ, the first of Latin Extended-B: no shipped font has it
# sha256 of the ASCII glyphs' pixels (32-126, a byte per pixel, row by row), read from the
# sheet before Latin-1 came: the new glyphs went in without moving one of them.
ASCII_DIGEST = "91b7022bedb8801de85e49b7941a118c5a053309aa3ea19d8cb0c8093e2753e8"
MISSING = "中"  # a character no shipped font has


def ascii_digest(theme):
    digest = hashlib.sha256()
    for code in range(32, 127):
        digest.update(bytes(glyph_bits(theme, chr(code))))
    return digest.hexdigest()


def ink_columns(surface):
    w, h = surface.get_size()
    return [x for x in range(w) if any(surface.get_at((x, y))[3] for y in range(h))]


@pytest.mark.parametrize("key", available_themes())
def test_every_latin_1_character_and_mark_is_in_every_shipped_font(key):
    glyphs = load_theme(THEMES_DIR / key).font.glyphs
    assert len(LATIN_1) == 96 and len(MARKS) == 12
    assert [ch for ch in LATIN_1 + MARKS if ch not in glyphs] == []


@pytest.mark.parametrize("key", available_themes())
def test_all_of_latin_extended_a_is_in_every_shipped_font(key):
    glyphs = load_theme(THEMES_DIR / key).font.glyphs
    assert len(EXTENDED_A) == 128 and set(POLISH) <= set(LATIN_1 + EXTENDED_A)
    assert [ch for ch in EXTENDED_A if ch not in glyphs] == []
    assert PAST_EXTENDED_A not in glyphs


@pytest.mark.parametrize("key", available_themes())
def test_the_ascii_glyphs_are_the_pixels_they_were(key):
    assert ascii_digest(load_theme(THEMES_DIR / key)) == ASCII_DIGEST


@pytest.mark.parametrize("key", available_themes())
def test_the_shipped_fonts_are_what_the_tool_draws(key):
    make_themes = load_tool("make_themes")
    drawn = make_themes.font_glyphs()
    font = load_theme(THEMES_DIR / key).font
    assert sorted(map(ord, font.glyphs)) == sorted(drawn)
    for code, rows in drawn.items():
        want = tuple(x < len(row) and row[x] == "#" for row in rows for x in range(font.width))
        assert glyph_bits_of(font, chr(code)) == want, f"{key}: {chr(code)!r}"


def glyph_bits_of(font, ch):
    surf = font.glyphs[ch]
    w, h = surf.get_size()
    return tuple(surf.get_at((x, y))[3] > 0 for y in range(h) for x in range(w))


def test_accented_letters_differ_from_their_base_where_the_accent_is():
    make_themes = load_tool("make_themes")
    glyphs = make_themes.font_glyphs()
    for a, b in ("éè", "éê", "éë", "èê", "èë", "êë", "ÉÈ", "ÉÊ", "ÉË", "ÊË", "äå", "âå"):
        assert glyphs[ord(a)] != glyphs[ord(b)]
        assert glyphs[ord(a)][3:] == glyphs[ord(b)][3:] or a.isupper()  # one letter under
    for ch in "ÀÉÎÕÜÑÝ":  # a capital's accent sits in rows 0-1, the letter in 2-7
        rows = glyphs[ord(ch)]
        assert "#" in rows[0] and "#" in rows[2] and "#" in rows[7]


def test_latin_extended_a_letters_keep_to_the_cell_as_latin_1s_do():
    """A capital with a mark over it is squeezed under the mark and stands on the baseline,
    nothing below it; a letter with a mark under it keeps its own rows and the mark takes 8-9."""
    make_themes = load_tool("make_themes")
    glyphs = make_themes.font_glyphs()
    composed = {ch: mark for ch, (_, mark) in make_themes.COMPOSED.items() if ch in EXTENDED_A}
    under = {*make_themes.BELOW, "ogonek"}
    assert set(POLISH) - set("óÓłŁ") <= set(composed)  # ł and Ł are drawn whole
    for ch, mark in composed.items():
        rows, base = glyphs[ord(ch)], glyphs[ord(make_themes.COMPOSED[ch][0])]
        if mark in under:
            assert rows[:8] == base[:8] and "#" in rows[8] + rows[9], ch
        elif ch.isupper():
            assert "#" in rows[0] + rows[1] and "#" in rows[2] and "#" in rows[7], ch
            assert "#" not in rows[8] + rows[9], ch
        else:  # a lowercase letter under its mark, a free row between
            assert "#" in rows[0] + rows[1] and "#" not in rows[2] and rows[3:] == base[3:], ch


def test_a_character_past_latin_extended_a_is_still_the_box():
    theme = load_theme(THEMES_DIR / "classic")
    box = pygame.image.tobytes(theme.font.missing(), "RGBA")
    line = theme.font.render(f"ł{PAST_EXTENDED_A}", (255, 255, 255))
    cells = [
        line.subsurface((i * theme.font.width, 0, theme.font.width, theme.font.height))
        for i in range(2)
    ]
    assert pygame.image.tobytes(cells[0], "RGBA") != box
    assert pygame.image.tobytes(cells[1], "RGBA") == box


def test_a_character_the_font_lacks_is_a_box_one_cell_wide():
    theme = load_theme(THEMES_DIR / "classic")
    font, m = theme.font, Metrics.of(theme)
    line = font.render(f"a{MISSING}b", (0, 0, 0))
    assert line.get_width() == m.text_w(f"a{MISSING}b") == 3 * font.width
    box = line.subsurface((font.width, 0, font.width, font.height))
    ink = {(x, y) for x in range(font.width) for y in range(font.height) if box.get_at((x, y))[3]}
    w, h = font.width - 1, font.height - 1  # the spacing column and the top row stay clear
    edge = {(x, y) for x in range(w) for y in range(1, h + 1) if x in (0, w - 1) or y in (1, h)}
    assert ink == edge
    assert glyph_bits_of(font, "?") != tuple(
        (x, y) in edge for y in range(font.height) for x in range(font.width)
    )


def test_a_missing_character_between_letters_is_drawn_not_skipped(broken):  # noqa: F811
    edit(broken, "\nmore = [", "\n# more = [")  # a player's theme with ASCII only
    theme = load_theme(broken)
    assert "é" not in theme.font.glyphs and "e" in theme.font.glyphs
    line = theme.font.render("née", (0, 0, 0))
    assert line.get_width() == Metrics.of(theme).text_w("née")
    cells = [
        line.subsurface((i * theme.font.width, 0, theme.font.width, theme.font.height))
        for i in range(3)
    ]
    assert all(ink_columns(cell) for cell in cells)
    assert ink_columns(cells[1]) == list(range(theme.font.width - 1))  # the box's full width


@pytest.mark.parametrize("key", available_themes())
def test_every_latin_1_letter_renders_at_its_measured_width(key):
    theme = load_theme(THEMES_DIR / key)
    m = Metrics.of(theme)
    canvas = pygame.Surface((m.text_w(LETTERS) + 20, m.glyph_h), pygame.SRCALPHA)
    text(canvas, theme, LETTERS, (0, 0, 0), 0, 0)
    ink = ink_columns(canvas)
    assert ink[0] == 0 and ink[-1] < m.text_w(LETTERS)  # nothing past the measure
    box = theme.font.missing()
    for i, ch in enumerate(LETTERS):  # each cell holds its own glyph, none is the box
        cell = canvas.subsurface((i * m.glyph_w, 0, m.glyph_w, m.glyph_h))
        assert ink_columns(cell), ch
        assert pygame.image.tobytes(cell, "RGBA") != pygame.image.tobytes(box, "RGBA"), ch


@pytest.mark.parametrize("key", available_themes())
def test_polish_and_every_latin_extended_a_letter_render_in_their_own_cells(key):
    theme = load_theme(THEMES_DIR / key)
    m = Metrics.of(theme)
    line = f"{PANGRAM} {EXTENDED_A}"
    canvas = pygame.Surface((m.text_w(line) + 20, m.glyph_h), pygame.SRCALPHA)
    text(canvas, theme, line, (0, 0, 0), 0, 0)
    assert ink_columns(canvas)[-1] < m.text_w(line)  # nothing past the measure
    box = ink_of(theme.font.missing())
    for i, ch in enumerate(line):  # each cell holds its own glyph, none is the box
        cell = ink_of(canvas.subsurface((i * m.glyph_w, 0, m.glyph_w, m.glyph_h)))
        assert cell == glyph_bits_of(theme.font, ch) and cell != box, ch


def ink_of(surface):
    w, h = surface.get_size()
    return tuple(surface.get_at((x, y))[3] > 0 for y in range(h) for x in range(w))


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("more = [[0x00a0", 'more = "a" # [[0x00a0', "list of"),
        ("more = [[0x00a0, 0x00ff]", "more = [[0x00a0]", "two whole numbers"),
        ("more = [[0x00a0", "more = [[0x0041", "past the codes before it"),
        ("[0x2013, 0x2014]", "[0x00f0, 0x2014]", "past the codes before it"),
        ("[0x20ac, 0x20ac]", "[0x20ac, 0x10ffff]", "a font has at most"),
        ("[0x20ac, 0x20ac]", "[0x20ac, 0x20ff]", "reaches outside the sheet"),
    ],
)
def test_bad_font_ranges_give_messages(broken, old, new, words):  # noqa: F811
    edit(broken, old, new)
    with pytest.raises(ThemeError, match=words):
        load_theme(broken)


def test_an_ascii_only_theme_folder_keeps_working(tmp_path):
    """A player's theme made before Latin-1: the old manifest and a sheet cut to its font."""
    folder = tmp_path / "old"
    shutil.copytree(THEMES_DIR / "classic", folder)
    edit(folder, "\nmore = [", "\n# more = [")
    sheet = pygame.image.load(folder / "sheet.png")
    pygame.image.save(sheet.subsurface((0, 0, 256, 88)).copy(), folder / "sheet.png")
    theme = load_theme(folder)
    assert len(theme.font.glyphs) == 95 and ascii_digest(theme) == ASCII_DIGEST
    assert theme.font.render("Größe", (0, 0, 0)).get_width() == 5 * theme.font.width


# ---- every character a shipped catalogue uses --------------------------------------------------


def catalogue_characters(paths) -> dict[str, set[str]]:
    """Each character of the translations (every msgstr, every plural form) of these .po files,
    with the files that use it; line ends are not drawn, so they are left out."""
    tool = messages_tool()
    found: dict[str, set[str]] = {}
    for path in paths:
        for entry in tool.read_po(path):
            if not entry.id:
                continue  # the header: read by gettext, never drawn
            for translated in entry.strings:
                for ch in set(translated) - {"\n"}:
                    found.setdefault(ch, set()).add(path.parents[1].name)
    return found


def missing_from(font, characters: dict[str, set[str]]) -> list[str]:
    return [
        f"{ch!r} (U+{ord(ch):04X}, in {', '.join(sorted(where))})"
        for ch, where in sorted(characters.items())
        if ch not in font.glyphs
    ]


SHIPPED_CATALOGUES = sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("key", available_themes())
def test_every_character_of_every_shipped_catalogue_is_in_every_shipped_font(key):
    """A character a font lacks is drawn as a box: a translation must not need one."""
    assert SHIPPED_CATALOGUES, "no catalogue found under game/locale"
    font = load_theme(THEMES_DIR / key).font
    assert missing_from(font, catalogue_characters(SHIPPED_CATALOGUES)) == []


def test_the_catalogue_character_check_can_fail(tmp_path):
    po = tmp_path / "xx" / "LC_MESSAGES" / "pixel-mines.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        f'msgid ""\nmsgstr ""\n\nmsgid "Flag"\nmsgstr "F{MISSING}g"\n\n'
        'msgid "%(n)d mine"\nmsgid_plural "%(n)d mines"\nmsgstr[0] "%(n)d m"\n'
        'msgstr[1] "%(n)d \u2603"\n',
        encoding="utf-8",
    )
    font = load_theme(THEMES_DIR / "classic").font
    assert missing_from(font, catalogue_characters([po])) == [
        "'\u2603' (U+2603, in xx)",
        f"{MISSING!r} (U+{ord(MISSING):04X}, in xx)",
    ]


def polish_catalogue(folder):
    """A Polish catalogue's worth of its letters: the pangram, and the three plural forms."""
    po = folder / "pl" / "LC_MESSAGES" / "pixel-mines.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        f'msgid ""\nmsgstr ""\n\nmsgid "New game"\nmsgstr "{PANGRAM}"\n\n'
        'msgid "%(n)d mine"\nmsgid_plural "%(n)d mines"\nmsgstr[0] "%(n)d mina"\n'
        'msgstr[1] "%(n)d miny"\nmsgstr[2] "%(n)d min – źdźbło"\n',
        encoding="utf-8",
    )
    return po


@pytest.mark.parametrize("key", available_themes())
def test_a_polish_catalogue_needs_no_box_in_any_shipped_font(tmp_path, key):
    characters = catalogue_characters([polish_catalogue(tmp_path)])
    assert set(POLISH) <= set(characters)
    assert missing_from(load_theme(THEMES_DIR / key).font, characters) == []


def test_a_font_without_latin_extended_a_draws_polish_as_boxes(broken):  # noqa: F811
    edit(broken, "[0x0100, 0x017f], ", "")  # a player's theme made before Latin Extended-A
    font = load_theme(broken).font
    characters = catalogue_characters([polish_catalogue(broken.parent)])
    lacking = sorted(set(POLISH) - set("óÓ"))
    assert missing_from(font, characters) == [f"{ch!r} (U+{ord(ch):04X}, in pl)" for ch in lacking]
    assert ink_of(font.render("ł", (0, 0, 0))) == ink_of(font.missing())
