"""Hints and odds on the board: the proof is marked, the words fit, certainties carry marks,
digits come with zoom, and the odds' colours stay apart for colour-blind players."""

import dataclasses
import random
import re

import pygame
import pytest

from game.engine import Game, GameState
from game.engine.boards import BoardChoice
from game.engine.solver import GuessWhy, Hint, HintKind, hint
from game.ui import marks
from game.ui.cellmarks import hint_colours
from game.ui.hints import (
    HintMarks,
    hint_cells,
    hint_marks,
    hint_wordings,
    hint_words,
    odds_words,
)
from game.ui.render import Looks
from game.ui.theme import THEMES_DIR, load_theme
from tests.ui.test_theme import CVD_MATRICES, MIN_DELTA_E, _lab, _simulate
from tests.ui.test_window import CHORD

COORDINATES = re.compile(r"\(\d+,\d+\)")
BEGINNER_ROOM = 26  # characters of the status line of a Beginner board at zoom 1


def first_ink(rows):
    """Where the first ink pixel of a rimmed glyph sits on a 16 px tile."""
    h, w = len(rows) + 2, len(rows[0]) + 2  # with the rim
    dx, dy = (16 - w) // 2, (16 - h) // 2
    y, row = next((y, row) for y, row in enumerate(rows) if "#" in row)
    return dx + 1 + row.index("#"), dy + 1 + y


def pixel(d, cell, xy):
    """The canvas pixel at `xy` of a 16 px tile, as the board draws it (scaled by the layout's
    factor)."""
    lay = d.app.ctx.frame.layout
    box = lay.cell_rect(*cell, d.app.play.view.top, d.app.play.view.left)
    f = lay.factor
    return tuple(d.app.ctx.frame.renderer.canvas.get_at((box.x + xy[0] * f, box.y + xy[1] * f)))[:3]


def one_number_hint_layout():
    """A Beginner layout whose hint after the first click reads one number with a known mine."""
    for seed in range(200):
        g = Game(9, 9, 10, seed=seed)
        g.reveal(4, 4)
        h = hint(g.view(), g.mines) if g.state is GameState.PLAYING else None
        if h is not None and h.kind is HintKind.ONE_NUMBER and h.proven_mines:
            return g.layout()
    raise AssertionError("no such layout in 200 seeds")


def test_a_hint_frames_its_number_and_marks_the_mine_and_the_safe_cells(drive):
    layout = one_number_hint_layout()
    d = drive(layout=layout, scale=1)
    d.click((4, 4))
    d.key(pygame.K_h, "h")
    h = d.app.play.help.hint
    accent, _ = hint_colours(d.app.ctx.frame.theme)
    (number,) = h.numbers
    assert pixel(d, number, (8, 0)) == accent  # the frame on the number's edge
    mine_at = first_ink(marks.MINE)
    assert all(pixel(d, m, mine_at) == marks.MINE_INK for m in h.proven_mines)
    tick_at = first_ink(marks.TICK)
    assert h.cell in h.proven_safe
    assert all(pixel(d, s, tick_at) == marks.INK for s in h.proven_safe)
    said = d.app.play.view.status_text()
    value = d.app.play.game.cell(*number)
    mine_word = "mine" if len(h.proven_mines) == 1 else "mines"
    assert said == f"Safe: the {value} has its {mine_word}"
    d.tick(10_000)  # long after the message: the words stay while the marks do
    assert d.app.play.view.status_text() == said
    d.click(h.cell)
    shown = d.app.play.game.cell(*number)
    assert d.cell_shows(number, f"open_{shown}")  # the board changed: the marks go
    assert d.app.play.view.status_text() != said


def test_a_hint_before_the_first_click_says_any_cell_is_safe_and_counts_as_no_help(drive):
    """A play-test: before the first click the hint named a 20 % guess, though the first
    click is always safe (the mines are laid round it). A board laid before, as a board
    code's, is another matter: its hint is worked out as always."""
    d = drive()
    d.key(pygame.K_h, "h")
    assert d.app.ctx.status.saying() == "The first click is always safe"
    assert d.app.play.help.hint is None and not d.app.play.help.wants_hint
    assert not d.app.play.game.assisted
    laid = drive(layout=one_number_hint_layout())
    laid.key(pygame.K_h, "h")
    assert laid.app.play.help.wants_hint or laid.app.play.help.hint is not None


def test_every_hint_wording_fits_a_beginner_status_line_and_names_no_coordinates():
    kinds = {
        HintKind.ONE_NUMBER: dict(numbers=((1, 1),), proven_mines=((0, 0),)),
        HintKind.NUMBERS: dict(numbers=((1, 1), (1, 2)), proven_mines=((0, 0),)),
        HintKind.ALL_NUMBERS: dict(numbers=((1, 1), (1, 2), (2, 2))),
        HintKind.MINES_PLACED: {},
        HintKind.MINE_COUNT: {},
        HintKind.NO_MINES: {},
    }
    hints = [Hint((0, 1), True, 0.0, "", kind=k, **ev) for k, ev in kinds.items()]
    hints += [
        Hint((0, 1), False, p, "", a, kind=HintKind.GUESS) for p in (0.015, 0.12) for a in (0, 1)
    ]
    hints.append(Hint((0, 1), True, 0.0, ""))  # made elsewhere, without evidence
    hints += [  # riskier than the safest cell on purpose
        Hint((0, 1), False, 0.125, "", a, GUESS, why=why, safest=(3, 3), safest_probability=0.015)
        for why in GuessWhy
        for a in (False, True)
    ]
    for h in hints:
        for room in (BEGINNER_ROOM, 40, 200):
            words = hint_words(h, lambda r, c: "1", 99, room)
            assert len(words) <= room, (h.kind, words)
            assert not COORDINATES.search(words)
        assert hint_wordings(h, lambda r, c: "1", 99)[0] == hint_words(h, lambda r, c: "1", 99, 200)


def test_the_beginner_status_line_at_zoom_1_holds_the_short_wordings(drive):
    d = drive(scale=1)
    room = (d.app.ctx.frame.layout.status.w - 4) // d.app.ctx.frame.theme.font.width
    assert room >= BEGINNER_ROOM


GUESS = HintKind.GUESS


def test_a_guess_riskier_than_the_safest_frames_it_and_says_why():
    h = Hint((0, 0), False, 0.17, "", kind=GUESS, why=GuessWhy.OPENS_MORE, safest=(4, 5))
    h = dataclasses.replace(h, safest_probability=0.14)
    assert hint_words(h, lambda r, c: "#", 99, 200) == (
        "A guess: 17% chance of a mine, riskier than the framed 14%, but it is likelier to "
        "open up the board"
    )
    assert hint_words(h, lambda r, c: "#", 99, BEGINNER_ROOM) == "Guess 17%: opens more"
    assert hint_marks(h).numbers == {(4, 5)}  # the safest cell is framed
    assert (4, 5) in hint_cells(h)
    fifty = dataclasses.replace(h, why=GuessWhy.FEWER_50_50S)
    assert hint_words(fifty, lambda r, c: "#", 99, 200).endswith("but it leaves fewer 50/50s")
    plain = Hint((0, 0), False, 0.14, "", kind=GUESS)
    assert hint_marks(plain).numbers == frozenset()


def test_a_guess_says_its_odds_in_words():
    h = Hint((0, 0), False, 0.12, "", kind=HintKind.GUESS)
    assert hint_words(h, lambda r, c: "#", 10, BEGINNER_ROOM) == "Guess: 12% mine, the best"
    assert hint_words(h, lambda r, c: "#", 10, 80) == (
        "A guess: 12% chance of a mine, the best there is"
    )


def tile_bytes(d, cell):
    box = d.app.ctx.frame.layout.cell_rect(*cell, d.app.play.view.top, d.app.play.view.left)
    return pygame.image.tobytes(
        d.app.ctx.frame.renderer.canvas.subsurface(box.x, box.y, box.w, box.h), "RGB"
    )


def odds_tiles(d, cell, probabilities):
    """How one covered cell looks at each probability, drawn by the real renderer."""
    out = {}
    for p in probabilities:
        d.app.ctx.frame.renderer.draw_cells(
            d.app.play.game,
            d.app.play.view.top,
            d.app.play.view.left,
            [cell],
            Looks(probabilities={cell: p}),
        )
        out[p] = tile_bytes(d, cell)
    return out


@pytest.mark.parametrize("scale", [1, 3])
def test_proven_safe_and_proven_mine_look_unlike_every_probability(drive, scale):
    d = drive(layout=CHORD, scale=scale)
    d.click((1, 1))
    ps = [0.0, 1.0, *(k / 100 for k in range(1, 100))]
    tiles = odds_tiles(d, (0, 0), ps)
    others = {tiles[p] for p in ps[2:]}
    assert tiles[0.0] not in others and tiles[1.0] not in others
    assert tiles[0.0] != tiles[1.0]
    odds_tiles(d, (0, 0), [0.0])
    assert pixel(d, (0, 0), first_ink(marks.TICK)) == marks.INK  # a mark, not only a tint


def test_odds_digits_show_from_zoom_2_and_not_at_zoom_1(drive):
    seen = {}
    for scale in (1, 2):
        d = drive(layout=CHORD, scale=scale)
        d.click((1, 1))
        tiles = odds_tiles(d, (0, 0), [0.18, 0.2])
        seen[scale] = tiles
        odds_tiles(d, (0, 0), [0.2])
        digit = pixel(d, (0, 0), first_ink(marks.digit_rows("20")))
        assert (digit == marks.INK) == (scale >= marks.DIGIT_ZOOM)
    assert seen[1][0.18] == seen[1][0.2]  # same tint level, nothing else drawn
    assert seen[2][0.18] != seen[2][0.2]  # "18" and "20"


def test_the_digit_font_draws_every_digit_differently_and_fits_two_on_a_tile():
    pictures = {ch: pygame.image.tobytes(marks.digits(ch), "RGBA") for ch in "0123456789"}
    assert len(set(pictures.values())) == 10
    assert marks.digits("99").get_size() == (9, 7)
    assert [marks.percent_text(p) for p in (0.001, 0.07, 0.2, 0.999)] == ["1", "7", "20", "99"]


def test_the_odds_under_the_mouse_are_said_exactly_in_words():
    assert odds_words(0.125) == "Mine odds here: 12.5%"
    assert odds_words(0.0) != odds_words(1.0)
    assert all(len(odds_words(p)) <= BEGINNER_ROOM for p in (0.0, 0.123, 1.0))


def composite(theme, level):
    """The middle of a covered tile under the tint of `level`, in the theme's odds colours."""
    base = tuple(theme.sprites["covered"].get_at((8, 8)))[:3]
    a = theme.marks.alpha / 255
    tint = marks.tint_colour(level, theme.marks)
    return tuple(round(b * (1 - a) + c * a) for b, c in zip(base, tint, strict=True))


THEMES = sorted(p.name for p in THEMES_DIR.iterdir() if p.is_dir())


@pytest.mark.parametrize("vision", [None, *CVD_MATRICES])
@pytest.mark.parametrize("name", THEMES)
def test_the_odds_ramp_keeps_0_and_20_percent_apart_under_colour_blindness(name, vision):
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    theme = load_theme(THEMES_DIR / name)
    matrix = CVD_MATRICES.get(vision)
    lab = [_lab(_simulate(composite(theme, lv), matrix)) for lv in range(marks.TINT_LEVELS + 1)]
    zero, twenty = lab[marks.tint_level(0.0)], lab[marks.tint_level(0.2)]
    apart = sum((x - y) ** 2 for x, y in zip(zero, twenty, strict=True)) ** 0.5
    assert apart >= 2 * MIN_DELTA_E, f"{name}, {vision}: 0% and 20% only {apart:.1f} apart"
    lightness = [lab[lv][0] for lv in range(1, marks.TINT_LEVELS)]
    assert lightness == sorted(lightness, reverse=True)  # likelier is darker, in any vision


def test_tint_levels_keep_certainty_apart():
    assert marks.tint_level(0.0) == 0 and marks.tint_level(1.0) == marks.TINT_LEVELS
    assert marks.tint_level(0.001) == 1 and marks.tint_level(0.999) == marks.TINT_LEVELS - 1


def test_hint_evidence_reaches_the_marks_of_real_games():
    rng = random.Random(5)
    framed = 0
    for _ in range(60):
        g = Game(9, 9, 10, seed=rng.randrange(2**32))
        g.reveal(4, 4)
        if g.state is not GameState.PLAYING:
            continue
        h = hint(g.view(), g.mines)
        words = hint_words(h, g.cell, g.mines, BEGINNER_ROOM)
        assert len(words) <= BEGINNER_ROOM and not COORDINATES.search(words)
        framed += bool(h.numbers)
    assert framed > 20


@pytest.mark.parametrize("name", THEMES)
def test_the_hint_outlines_show_on_covered_and_open_tiles_in_every_theme(name):
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    theme = load_theme(THEMES_DIR / name)
    accent, inner = hint_colours(theme)
    for tile in ("covered", "open_0"):
        ground = theme.sprites[tile].get_at((8, 8))
        best = max(marks.contrast(accent, ground), marks.contrast(inner, ground))
        assert best >= 3, f"{name}: the outline shows {best:.2f}:1 on {tile}"
    frame = marks.number_frame(16, accent, inner)
    assert frame.get_at((8, 0))[:3] == accent and frame.get_at((8, 1))[:3] == inner
    outline = marks.brackets(16, accent, inner)
    assert outline.get_at((1, 1))[:3] == accent and outline.get_at((0, 0))[:3] == inner
    assert outline.get_at((3, 3))[:3] == inner  # lined inside and out
    assert outline.get_at((8, 8))[3] == 0  # the cell itself shows through


@pytest.mark.concurrent
def test_a_hint_out_of_view_scrolls_into_view_with_its_outline(drive):
    d = drive(BoardChoice(100, 100, 500), scale=1)
    d.click((5, 5))
    d.post(pygame.MOUSEWHEEL, x=0, y=-1000, flipped=False, precise_x=0.0, precise_y=-1000.0)
    d.tick()
    assert d.app.play.view.top > 20  # the opened area is out of view
    d.key(pygame.K_h, "h")
    h = d.app.play.help.hint
    box = d.app.ctx.frame.layout.cell_rect(*h.cell, d.app.play.view.top, d.app.play.view.left)
    assert box is not None
    accent, _ = hint_colours(d.app.ctx.frame.theme)
    assert tuple(d.app.ctx.frame.renderer.canvas.get_at((box.x + 1, box.y + 1)))[:3] == accent


def test_the_hint_words_go_with_its_marks_when_the_board_changes(drive):
    d = drive()
    d.click((4, 4))
    d.key(pygame.K_h, "h")
    hint = d.app.play.help.hint
    assert hint is not None and d.app.ctx.status.message is not None
    said = d.app.ctx.status.message[0]
    covered = next(
        (r, c)
        for r in range(9)
        for c in range(9)
        if d.app.play.game.cell(r, c) == "#" and (r, c) != hint.cell
    )
    d.click(covered, button=3)  # a flag changes the board
    assert d.app.play.help.hint is None and said not in d.app.play.view.status_text()


def test_the_odds_step_aside_at_the_end_so_the_mines_show(drive):
    from tests.ui.test_window import CHORD

    d = drive(layout=CHORD)
    d.click((1, 1))
    d.key(pygame.K_p, "p")
    d.tick()
    assert d.app.play.help.probabilities
    d.click((0, 0))  # a mine
    d.key(pygame.K_ESCAPE)  # the loss's notice, over the board
    d.tick()
    assert d.app.play.game.state is GameState.LOST and d.cell_shows((0, 0), "mine_red")
    assert d.cell_shows((0, 4), "mine")


def test_a_hint_on_a_big_board_is_one_in_view_and_the_view_stays(drive):
    """A play-test: the first hint on 200x200 took the view from the middle of the board to
    its top-left corner, where the first proof in reading order was. A proof in view comes
    first (`solver.hint_near`)."""
    layout = ["." * 120 for _ in range(120)]
    layout = [list(row) for row in layout]
    for r, c in [(3, 3), (3, 5), (5, 4), (60, 60), (60, 62), (62, 61), (100, 7), (7, 100)]:
        layout[r][c] = "*"
    d = drive(layout=["".join(row) for row in layout], scale=1)
    d.click((0, 0))  # opens all but round the mines: proofs by the top-left and the middle
    d.app.play.view.centre_on((61, 61))
    d.tick()
    where = (d.app.play.view.top, d.app.play.view.left)
    assert where[0] > 10 and where[1] > 10  # the top-left corner out of view
    d.key(pygame.K_h, "h")
    h = d.app.play.help.hint
    assert (d.app.play.view.top, d.app.play.view.left) == where
    assert d.app.ctx.frame.layout.cell_rect(*h.cell, *where) is not None
    assert abs(h.cell[0] - 61) <= 2 and abs(h.cell[1] - 61) <= 2


def test_the_odds_label_reads_whole_over_a_framed_cell(drive):
    # A guess's safest cell (or the analysis's better guess) is framed and may carry the odds'
    # label: the label is drawn last, over the frame, as over every other mark.
    d = drive(scale=3)
    renderer = d.app.ctx.frame.renderer
    cell = (2, 2)
    looks = Looks(probabilities={cell: 0.17}, hint_marks=HintMarks(numbers=frozenset({cell})))
    pieces = renderer._marks_on(cell, 0, 0, False, looks)
    surfaces = [surf for surf, _ in pieces]
    frame, label = renderer._mark("frame"), renderer._mark("17%")
    assert surfaces.index(frame) < surfaces.index(label) == len(surfaces) - 1
    assert surfaces[0] is renderer._tint(0.17)  # the tint under them both


def test_a_guess_and_the_safest_that_round_alike_are_told_apart():
    h = Hint((0, 0), False, 0.144, "", kind=GUESS, why=GuessWhy.OPENS_MORE, safest=(4, 5))
    h = dataclasses.replace(h, safest_probability=0.141)
    words = hint_words(h, lambda r, c: "#", 99, 200)
    assert words.startswith("A guess: 14.4% chance") and "the framed 14.1%" in words
