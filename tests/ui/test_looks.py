"""How the shipped themes look where the game draws over them: the odds' tint in each theme's
own colours, flags that stay visible under it, a keyboard cursor unlike the start mark and the
hint, marks, flags and counters that stand out, distinct glyphs, a visible hover, scroll bars
that read. The figures: WCAG contrast (3:1 for marks and parts of the board, 4.5:1 for digits),
CIE76 colour differences under simulated colour blindness (tests/ui/test_theme.py)."""

import tomllib

import pygame
import pytest

from game.ui import marks, scrollbars
from game.ui.cellmarks import hint_colours, start_colours
from game.ui.layout import fit
from game.ui.render import Looks
from game.ui.theme import THEMES_DIR, load_theme
from game.ui.widgets import HOVER_CONTRAST, Style
from tests.ui.test_theme import CVD_MATRICES, MIN_DELTA_E, _lab, _simulate
from tests.ui.test_window import CHORD

THEMES = sorted(p.name for p in THEMES_DIR.iterdir() if p.is_dir())
VISIONS = [None, *CVD_MATRICES]
MARK_CONTRAST = 3.0  # WCAG 2.1, 1.4.11: parts of a picture a player must see
DIGIT_CONTRAST = 4.5  # the counters' digits are read as text
MOST_LIGHTER = 45  # L*: a tint lightens a covered tile at most this much (Night glared)
FLAG_CONTRAST = 4.5  # a flag's cloth, pole or ring: read at a glance over a whole board
FLAG_PIXELS = 20  # of them at least, so the flag's shape shows
MIN_TINT_STEP = 3.0  # CIE76 between neighbouring odds levels, in any vision (2.3: just seen;
# Handheld's 20 % and 56 % looked alike at steps of 2)


def ground(theme, tile):
    return tuple(theme.sprites[tile].get_at((8, 8)))[:3]


def composite(theme, level):
    """The middle of a covered tile under the tint of `level`, in the theme's colours."""
    base, colours = ground(theme, "covered"), theme.marks
    a = colours.alpha / 255
    tint = marks.tint_colour(level, colours)
    return tuple(round(b * (1 - a) + c * a) for b, c in zip(base, tint, strict=True))


def delta_e(a, b, vision=None):
    la, lb = (_lab(_simulate(c, CVD_MATRICES.get(vision))) for c in (a, b))
    return sum((x - y) ** 2 for x, y in zip(la, lb, strict=True)) ** 0.5


def best(colours, on):
    """A mark in two colours shows as well as the better of them does on `on`."""
    return max(marks.contrast(c, on) for c in colours)


# ---- the odds -------------------------------------------------------------------------------


def test_every_shipped_theme_names_its_own_odds_colours_in_its_manifest():
    ramps = {}
    for name in THEMES:
        table = tomllib.loads((THEMES_DIR / name / "theme.toml").read_text())["odds"]
        assert {"ramp", "safe", "mine", "alpha"} <= set(table), name
        ramps[name] = tuple(table["ramp"])
        assert load_theme(THEMES_DIR / name).marks.ramp != marks_default_ramp() or name == "classic"
    assert len(set(ramps.values())) == len(THEMES)  # no two themes share a ramp


def marks_default_ramp():
    from game.ui.theme import ODDS_RAMP

    return ODDS_RAMP


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", THEMES)
def test_every_odds_tint_stands_out_of_the_covered_tile_in_any_vision(name, vision):
    theme = load_theme(THEMES_DIR / name)
    covered = ground(theme, "covered")
    for level in range(marks.TINT_LEVELS + 1):
        apart = delta_e(composite(theme, level), covered, vision)
        assert apart >= MIN_DELTA_E, f"{name}, {vision}: level {level} only {apart:.1f} apart"


@pytest.mark.parametrize("name", THEMES)
def test_no_odds_tint_glares_over_the_covered_tiles(name):
    theme = load_theme(THEMES_DIR / name)
    covered = _lab(_simulate(ground(theme, "covered"), None))[0]
    for level in range(marks.TINT_LEVELS + 1):
        lighter = _lab(_simulate(composite(theme, level), None))[0] - covered
        assert lighter <= MOST_LIGHTER, f"{name}: level {level} is {lighter:.0f} L* lighter"


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", THEMES)
def test_neighbouring_odds_levels_are_told_apart_in_any_vision(name, vision):
    theme = load_theme(THEMES_DIR / name)
    for level in range(1, marks.TINT_LEVELS - 1):
        step = delta_e(composite(theme, level), composite(theme, level + 1), vision)
        assert step >= MIN_TINT_STEP, f"{name}, {vision}: levels {level}, {level + 1} {step:.1f}"


def flag_under(theme, level):
    """A flag with the odds' ring of `level` on it, as the renderer lays them (at 1x)."""
    flag, covered = theme.sprites["flag"], theme.sprites["covered"]
    tint = (*marks.tint_colour(level, theme.marks), theme.marks.alpha)
    tile = pygame.Surface((16, 16), pygame.SRCALPHA)
    tile.blit(flag, (0, 0))
    ring = marks.flag_ring(flag, covered, tint, 2)
    tile.blit(ring, (0, 0))
    return tile, {(x, y) for x in range(16) for y in range(16) if ring.get_at((x, y))[3]}


@pytest.mark.parametrize("name", THEMES)
def test_a_flag_reads_on_every_odds_tint(name):
    """The flag's shape (its own pixels at 4.5:1 on the covered face) never touches the tint's ring
    at less than 3:1: the ring goes round the flag and its outline, never against it."""
    theme = load_theme(THEMES_DIR / name)
    face = ground(theme, "covered")
    flag = theme.sprites["flag"]
    covered = theme.sprites["covered"]
    shape = {
        (x, y)
        for x in range(16)
        for y in range(16)
        if flag.get_at((x, y)) != covered.get_at((x, y))
        and marks.contrast(tuple(flag.get_at((x, y)))[:3], face) >= FLAG_CONTRAST
    }
    assert len(shape) >= FLAG_PIXELS
    for level in range(marks.TINT_LEVELS + 1):
        tile, ring = flag_under(theme, level)
        assert tile.get_at((0, 8)) != flag.get_at((0, 8)), f"{name}: no ring at level {level}"
        for x, y in shape:
            ink = tuple(tile.get_at((x, y)))[:3]
            for at in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if at in ring:
                    shown = marks.contrast(ink, tuple(tile.get_at(at))[:3])
                    assert shown >= MARK_CONTRAST, f"{name}: flag at {(x, y)} on level {level}"


@pytest.mark.parametrize("name", THEMES)
def test_the_odds_digits_stand_out_of_every_tint(name):
    """White digits with a dark rim: the ink reads on the rim; the rim or the ink shows on
    the tint."""
    theme = load_theme(THEMES_DIR / name)
    for level in range(1, marks.TINT_LEVELS):
        shown = best((marks.INK, marks.RIM), composite(theme, level))
        assert shown >= MARK_CONTRAST, f"{name}: digits at {shown:.1f}:1 on level {level}"


def test_a_theme_without_odds_colours_gets_the_default_ones(tmp_path):
    import shutil

    folder = tmp_path / "mine"
    shutil.copytree(THEMES_DIR / "night", folder)
    text = (folder / "theme.toml").read_text()
    start, end = text.index("[marks]"), text.index("[sprites]")
    (folder / "theme.toml").write_text(text[:start] + text[end:])
    theme = load_theme(folder)
    assert theme.marks.ramp == marks_default_ramp() and theme.marks.hint is None


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("ramp = [", 'ramp = ["#fff", ', "ramp"),
        ("alpha = 200", "alpha = 300", "alpha"),
        ('start = "#', 'start = "x', "start"),
    ],
)
def test_bad_odds_and_mark_colours_give_a_message(tmp_path, old, new, words):
    import shutil

    from game.ui.theme import ThemeError

    folder = tmp_path / "mine"
    shutil.copytree(THEMES_DIR / "night", folder)
    path = folder / "theme.toml"
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(ThemeError, match=words):
        load_theme(folder)


def draw_odds(d, cell, p):
    r = d.app.ctx.frame.renderer
    r.draw_cells(
        d.app.play.game,
        d.app.play.view.top,
        d.app.play.view.left,
        [cell],
        Looks(probabilities={cell: p}),
    )
    box = d.app.ctx.frame.layout.cell_rect(*cell, d.app.play.view.top, d.app.play.view.left)
    # the tile at the theme's size: the board's sprites and marks are drawn scaled by the
    # layout's factor (game/ui/sheets.py), each of its pixels a square of that side
    return pygame.transform.scale(r.canvas.subsurface((box.x, box.y, box.w, box.h)), (16, 16))


@pytest.mark.parametrize("p", [0.0, 0.3, 0.9, 1.0])
def test_a_flag_shows_as_the_player_put_it_under_the_odds(drive, p):
    d = drive(layout=CHORD, scale=2)
    d.click((1, 1))
    d.click((0, 0), button=3)
    assert d.app.play.game.cell(0, 0) == "F"
    tile = draw_odds(d, (0, 0), p)
    flag = d.app.ctx.frame.theme.sprites["flag"]
    middle = [(x, y) for x in range(3, 13) for y in range(3, 13)]
    changed = [xy for xy in middle if tile.get_at(xy) != flag.get_at(xy)]
    assert len(changed) <= (len(marks.TICK) + 2) ** 2 * (p == 0.0)  # at most the tick's corner
    assert tile.get_at((0, 8)) != flag.get_at((0, 8))  # the tint's ring is there


def test_the_odds_digits_carry_a_percent_sign_from_zoom_2(drive):
    d = drive(layout=CHORD, scale=2)
    d.click((1, 1))
    tile = draw_odds(d, (0, 0), 0.2)
    width = marks.digits_width("20%")
    x0 = (16 - width) // 2 + 1  # the first ink column, inside the rim
    y0 = (16 - 7) // 2 + 1
    percent = marks.digit_rows("20%")
    ink = {
        (x0 + x, y0 + y) for y, row in enumerate(percent) for x, ch in enumerate(row) if ch == "#"
    }
    assert all(tuple(tile.get_at(xy))[:3] == marks.INK for xy in ink)


def test_the_percent_sign_is_two_dots_beside_an_unbroken_slash():
    rows = marks.DIGITS["%"]
    ink = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"}
    assert (0, 0) in ink and (2, 4) in ink  # the dots, in opposite corners
    slash = ink - {(0, 0), (2, 4)}
    assert (2, 0) in slash and (0, 4) in slash  # from the top right to the bottom left
    reached, todo = set(), [(2, 0)]
    while todo:  # unbroken: each pixel touches the next, sides or corners
        x, y = todo.pop()
        if (x, y) in slash and (x, y) not in reached:
            reached.add((x, y))
            todo += [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert reached == slash
    assert all(rows != glyph for ch, glyph in marks.DIGITS.items() if ch != "%")


# ---- the cursor, the start mark and the hint ------------------------------------------------


def centred(tile: int, mark: pygame.Surface) -> tuple[int, int]:
    """Where a mark sits on a tile: in the middle (as cellmarks draws it)."""
    return (tile - mark.get_width()) // 2, (tile - mark.get_height()) // 2


def mark_pictures(theme):
    cursor = theme.sprites["cursor"]
    start = pygame.Surface((16, 16), pygame.SRCALPHA)
    picture = marks.start_mark(*start_colours(theme))
    start.blit(picture, centred(16, picture))
    hint = marks.brackets(16, *hint_colours(theme))
    return {"cursor": cursor, "start": start, "hint": hint}


def inked(surface):
    return {(x, y) for x in range(16) for y in range(16) if surface.get_at((x, y))[3]}


@pytest.mark.parametrize("name", THEMES)
def test_the_cursor_the_start_mark_and_the_hint_differ_in_shape(name):
    pictures = {k: inked(v) for k, v in mark_pictures(load_theme(THEMES_DIR / name)).items()}
    for a, b in (("cursor", "start"), ("cursor", "hint"), ("start", "hint")):
        assert len(pictures[a] ^ pictures[b]) >= 40, f"{name}: {a} and {b} look alike"
    edge = {(x, y) for x in range(16) for y in range(16) if min(x, y, 15 - x, 15 - y) == 0}
    assert edge <= pictures["cursor"] and not edge & pictures["start"]  # a box; a ring inside


@pytest.mark.parametrize("name", THEMES)
def test_the_cursor_start_mark_and_hint_differ_in_colour(name):
    theme = load_theme(THEMES_DIR / name)
    cursor = tuple(theme.sprites["cursor"].get_at((0, 8)))[:3]
    start = start_colours(theme)[0]
    hint = hint_colours(theme)[0]
    assert cursor == theme.colours["accent"]
    assert delta_e(cursor, start) >= 2 * MIN_DELTA_E, f"{name}: cursor and start mark"
    assert delta_e(cursor, hint) >= 2 * MIN_DELTA_E, f"{name}: cursor and hint"


@pytest.mark.parametrize("name", THEMES)
def test_the_cursor_start_mark_and_hint_read_on_their_tiles(name):
    theme = load_theme(THEMES_DIR / name)
    covered, opened = ground(theme, "covered"), ground(theme, "open_0")
    cursor = theme.sprites["cursor"]
    lines = {tuple(cursor.get_at((x, 8)))[:3] for x in range(3)}
    for tile in (covered, opened):
        assert best(lines, tile) >= MARK_CONTRAST, f"{name}: the cursor"
        assert best(hint_colours(theme), tile) >= MARK_CONTRAST, f"{name}: the hint"
    assert best(start_colours(theme), covered) >= MARK_CONTRAST, f"{name}: the start mark"
    # the hint's cell is covered: its outline's own colour or its lining shows there at 3:1
    # on both sides (lined inside and out)
    outline = marks.brackets(16, *hint_colours(theme))
    assert outline.get_at((0, 0)) == outline.get_at((3, 3)) != outline.get_at((1, 1))


def ring_of(inset):
    return [(x, y) for x in range(16) for y in range(16) if min(x, y, 15 - x, 15 - y) == inset]


@pytest.mark.parametrize("name", THEMES)
def test_the_cursor_stands_out_of_the_tile_it_sits_on(name):
    """One of the cursor's lines, all the way round, at 3:1 to the pixels of the tile it lies
    on, covered and open: a line the tile's own bevel has already is no box (Handheld's dark
    box lay on its dark edge, its pale line on the light face like the bevel)."""
    theme = load_theme(THEMES_DIR / name)
    cursor = theme.sprites["cursor"]
    for tile in ("covered", "open_0"):
        under = theme.sprites[tile]
        shown = max(
            min(
                marks.contrast(tuple(cursor.get_at(p))[:3], tuple(under.get_at(p))[:3])
                for p in ring_of(inset)
            )
            for inset in range(3)
        )
        assert shown >= MARK_CONTRAST, f"{name}: the cursor at {shown:.2f}:1 on {tile}"


def test_the_cursor_on_the_start_cell_shows_the_covered_tile_between_box_and_ring(drive):
    d = drive(layout=CHORD, scale=2)
    play, theme = d.app.play, d.app.ctx.frame.theme
    play.game.first_click = (4, 4)  # as a board code's game: laid, not begun
    play.view.cursor = (4, 4)
    d.app.ctx.drawn.invalidate()
    d.tick()
    r, lay = d.app.ctx.frame.renderer, d.app.ctx.frame.layout
    box = lay.cell_rect(4, 4, play.view.top, play.view.left)
    tile = pygame.transform.scale(r.canvas.subsurface((box.x, box.y, box.w, box.h)), (16, 16))
    face = ground(theme, "covered")
    colour = lambda xy: tuple(tile.get_at(xy))[:3]  # noqa: E731
    assert all(colour(p) == face for p in ring_of(3))  # the face between box and ring
    assert colour((7, 7)) == face  # and in the ring's middle
    assert colour((0, 8)) == theme.colours["accent"]  # the box
    assert start_colours(theme)[0] in {colour(p) for p in ring_of(5)}  # the ring


def test_a_board_codes_start_cell_carries_the_start_mark_beside_the_cursor(drive):
    d = drive(layout=CHORD, scale=2)
    play = d.app.play
    play.game.first_click = (4, 4)  # as a board code's game: laid, not begun
    play.view.cursor = (4, 5)
    d.app.ctx.drawn.invalidate()
    d.tick()
    r, lay = d.app.ctx.frame.renderer, d.app.ctx.frame.layout
    box = lay.cell_rect(4, 4, play.view.top, play.view.left)
    picture = marks.start_mark(*start_colours(d.app.ctx.frame.theme))
    dx, dy = centred(16, picture)
    ink = next((x, y) for y, row in enumerate(marks.START) for x, ch in enumerate(row) if ch == "#")
    f = lay.factor  # the mark is scaled as the board's sprites are
    at = (box.x + (dx + 1 + ink[0]) * f, box.y + (dy + 1 + ink[1]) * f)
    assert tuple(r.canvas.get_at(at))[:3] == start_colours(d.app.ctx.frame.theme)[0]


# ---- flags and counters ---------------------------------------------------------------------


@pytest.mark.parametrize("name", THEMES)
def test_flags_stand_out_of_the_covered_tile(name):
    theme = load_theme(THEMES_DIR / name)
    flag, covered = theme.sprites["flag"], ground(theme, "covered")
    shown = [
        marks.contrast(tuple(flag.get_at((x, y)))[:3], covered)
        for x in range(16)
        for y in range(16)
    ]
    standing = sum(c >= FLAG_CONTRAST for c in shown)
    assert standing >= FLAG_PIXELS, f"{name}: {standing} pixels of the flag at 4.5:1"


@pytest.mark.parametrize("name", THEMES)
def test_the_counters_digits_read_lit_against_unlit_and_background(name):
    theme = load_theme(THEMES_DIR / name)
    eight, one = theme.sprites["led_8"], theme.sprites["led_1"]
    lit = tuple(eight.get_at((5, 1)))[:3]  # the top segment: lit in 8, not in 1
    unlit = tuple(one.get_at((5, 1)))[:3]
    off = theme.colours["led_off"]
    assert marks.contrast(lit, off) >= DIGIT_CONTRAST, f"{name}: lit on the panel"
    assert marks.contrast(lit, unlit) >= MARK_CONTRAST, f"{name}: lit against unlit"


# ---- glyphs ---------------------------------------------------------------------------------

SAME_GLYPHS = {frozenset(" \u00a0"), frozenset("-\u00ad")}  # space and no-break space, hyphen
# and soft hyphen: drawn alike on purpose; every other glyph, ASCII or past it, is its own


def glyph_bits(theme, ch):
    surf = theme.font.glyphs[ch]
    w, h = surf.get_size()
    return tuple(surf.get_at((x, y))[3] > 0 for y in range(h) for x in range(w))


@pytest.mark.parametrize("name", THEMES)
def test_no_two_glyphs_of_a_font_are_drawn_the_same(name):
    theme = load_theme(THEMES_DIR / name)
    seen = {}
    for ch in theme.font.glyphs:
        bits = glyph_bits(theme, ch)
        twin = seen.get(bits)
        assert twin is None or frozenset((twin, ch)) in SAME_GLYPHS, f"{name}: {twin!r} = {ch!r}"
        seen.setdefault(bits, ch)


@pytest.mark.parametrize("name", THEMES)
def test_the_glyphs_named_alike_are_drawn_alike(name):
    theme = load_theme(THEMES_DIR / name)  # the allowance above names real twins, no others
    for pair in SAME_GLYPHS:
        a, b = sorted(pair)
        assert glyph_bits(theme, a) == glyph_bits(theme, b), f"{name}: {a!r} and {b!r}"


@pytest.mark.parametrize("name", THEMES)
def test_letters_and_digits_differ_by_more_than_a_pixel(name):
    theme = load_theme(THEMES_DIR / name)
    chars = [ch for ch in theme.font.glyphs if ch.isalnum()]
    bits = {ch: glyph_bits(theme, ch) for ch in chars}
    for i, a in enumerate(chars):
        for b in chars[i + 1 :]:
            apart = sum(x != y for x, y in zip(bits[a], bits[b], strict=True))
            assert apart >= 2, f"{name}: {a!r} and {b!r} differ by {apart} pixel"


def test_v_and_u_differ_where_they_end():
    theme = load_theme(THEMES_DIR / "classic")
    v, u = glyph_bits(theme, "V"), glyph_bits(theme, "U")
    apart = sum(x != y for x, y in zip(v, u, strict=True))
    assert apart >= 8  # a V narrows to a point; a U is round


# ---- a button under the mouse ---------------------------------------------------------------


@pytest.mark.parametrize("name", THEMES)
def test_a_hovered_button_shows_in_every_theme(name):
    style = Style.of(load_theme(THEMES_DIR / name).colours)
    shown = marks.contrast(style.hover_bg, style.panel)
    assert shown >= HOVER_CONTRAST, f"{name}: hover at {shown:.2f}:1 on the panel"
    assert marks.contrast(style.hover_text, style.hover_bg) >= DIGIT_CONTRAST


# ---- scroll bars ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", THEMES)
def test_the_scroll_bar_thumb_stands_out_of_its_track(name):
    pygame.display.init()
    try:
        pygame.display.set_mode((1, 1))
        theme = load_theme(THEMES_DIR / name)
        lay = fit(200, 200, (1600, 1000), 1, theme.sizes)
        canvas = pygame.Surface(lay.canvas_size)
        scrollbars.draw(canvas, theme, lay, 0, 0)
        v = scrollbars.bars(lay, 0, 0)[0]
        thumb, track = v.thumb(), v.track
        well = {
            tuple(canvas.get_at((x, thumb.bottom + 4)))[:3]
            for x in range(track.x + 2, track.right - 1)
        }
        edge = tuple(canvas.get_at((thumb.x + scrollbars.GAP + 1, thumb.y + thumb.h // 3)))[:3]
        worst = min(marks.contrast(edge, c) for c in well)
        assert worst >= MARK_CONTRAST, f"{name}: the thumb's edge at {worst:.2f}:1 on the track"
    finally:
        pygame.quit()
