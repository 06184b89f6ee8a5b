"""The map alone (game/ui/scenes/map.py), built without an App: its cell <-> pixel mapping,
its colours in every theme, a click answering where to go, Esc closing it."""

import pygame
import pytest

from game.engine import Game, Move, MoveKind
from game.engine.cells import ViewChar
from game.ui.dialogs import CLOSE
from game.ui.layout import Box
from game.ui.scenes.map import (
    DISTINCT,
    MAX_CELL_PX,
    GoTo,
    MapDialog,
    map_colours,
    map_geometry,
)
from game.ui.theme import load_library
from game.ui.widgets import Metrics, style_for
from tests.ui.scenes.conftest import key, map_cell_box, mouse


def test_every_pixel_of_the_map_is_the_cell_it_shows():
    g = map_geometry(Box(10, 20, 500, 430), 200, 200, (100, 100))
    assert g.cell_px == 2 and (g.rows, g.cols) == (200, 200)
    for cell in ((0, 0), (0, 199), (199, 0), (123, 45), (199, 199)):
        box = map_cell_box(g, *cell)
        for x in range(box.x, box.right):
            for y in range(box.y, box.bottom):
                assert g.cell_at(x, y) == cell
    b = g.box
    assert g.cell_at(b.x - 1, b.y) is None and g.cell_at(b.right, b.bottom - 1) is None
    assert map_cell_box(g, 200, 0) is None


def test_the_map_is_as_big_as_fits_in_whole_pixels_and_at_least_one_a_cell():
    assert map_geometry(Box(0, 0, 400, 300), 9, 9, (4, 4)).cell_px == MAX_CELL_PX
    assert map_geometry(Box(0, 0, 640, 420), 200, 200, (0, 0)).cell_px == 2
    tight = map_geometry(Box(0, 0, 150, 120), 200, 200, (190, 5))
    assert tight.cell_px == 1 and (tight.rows, tight.cols) == (120, 150)
    assert map_cell_box(tight, 190, 5) is not None  # the part shown is around the view


def test_the_views_frame_goes_round_the_views_cells():
    g = map_geometry(Box(0, 0, 400, 400), 200, 200, (0, 0))
    frame = g.frame_of(10, 20, 30, 40)
    inside = map_cell_box(g, 10, 20)
    assert (frame.x, frame.y) == (inside.x - 1, inside.y - 1)
    assert frame.right == map_cell_box(g, 10, 59).right + 1
    assert frame.bottom == map_cell_box(g, 39, 20).bottom + 1


@pytest.mark.parametrize("name", ["classic", "night", "contrast", "handheld"])
def test_covered_open_flagged_and_mines_are_told_apart_in_every_theme(name):
    pygame.display.init()
    try:
        pygame.display.set_mode((1, 1))
        colours = map_colours(load_library().get(name))
        V = ViewChar
        kinds = [colours[c.value] for c in (V.COVERED, V.ZERO, V.FLAG, V.MINE)]
        pairs = [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :]]
        if name == "handheld":  # four shades: a mine shown at the end takes the flag's
            pairs.remove((colours[V.FLAG.value], colours[V.MINE.value]))
        for a, b in pairs:
            assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 >= DISTINCT
        assert colours[V.THREE.value] == colours[V.ZERO.value]
        for end in (V.EXPLODED, V.WRONG_FLAG):  # never mistaken for a cell still covered
            assert colours[end.value] != colours[V.COVERED.value]
        # the board's extent shows against the panel round the map (issue 24's play-test:
        # Handheld's covered board was the panel's green, its edge only a thin bevel)
        panel = style_for(load_library().get(name)).panel
        for kind in (V.COVERED, V.FLAG):
            assert (
                sum((x - y) ** 2 for x, y in zip(colours[kind.value], panel, strict=True)) ** 0.5
                >= DISTINCT
            ), kind
    finally:
        pygame.quit()


def opened_game() -> Game:
    layout = ["*" + "." * 39] + ["." * 40] * 29
    game = Game.from_layout(layout)
    game.play(Move(MoveKind.OPEN, 20, 20))
    game.play(Move(MoveKind.FLAG, 0, 0))
    return game


def placed_map(game, view=(5, 5, 10, 12)):
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    theme = load_library().get("classic")
    dialog = MapDialog(game, view)
    dialog.place(Metrics.of(theme), Box(8, 60, 300, 200), Box(0, 14, 316, 280))
    return dialog, theme


def test_the_map_shows_the_board_in_the_themes_colours_with_the_views_frame():
    game = opened_game()
    dialog, theme = placed_map(game)
    try:
        canvas = pygame.Surface((316, 300))
        box = dialog.draw(canvas, theme)
        assert box == Box(8, 22, 300, 264)  # the inside of the frame
        colours, g = map_colours(theme), dialog.geometry
        assert (g.rows, g.cols) == (30, 40)
        for cell, ch in (((0, 0), "F"), ((29, 39), "."), ((25, 3), ".")):
            inner = map_cell_box(g, *cell)
            assert tuple(canvas.get_at((inner.x + 1, inner.y + 1)))[:3] == colours[ch]
        frame = g.frame_of(5, 5, 10, 12)
        assert tuple(canvas.get_at((frame.x + 2, frame.y)))[:3] == theme.colours["accent"]
    finally:
        pygame.quit()


def test_a_click_on_the_map_answers_the_cell_and_esc_or_tab_close_it():
    dialog, _ = placed_map(opened_game())
    try:
        g = dialog.geometry
        box = map_cell_box(g, 17, 33)
        assert dialog.mouse(
            mouse(pygame.MOUSEBUTTONDOWN, (box.x + 1, box.y + 1)), lambda x, y: (x, y)
        ) == GoTo((17, 33))
        outside = (g.box.x - 2, g.box.y - 2)
        assert dialog.mouse(mouse(pygame.MOUSEBUTTONDOWN, outside), lambda x, y: (x, y)) is None
        assert dialog.key(key(pygame.K_ESCAPE)) is CLOSE
        assert dialog.key(key(pygame.K_TAB)) is CLOSE
        assert dialog.key(key(pygame.K_h, "h")) is None
    finally:
        pygame.quit()


def test_at_the_end_the_map_shows_the_mines():
    game = Game.from_layout(["*...", "....", "...*", "...."])
    game.play(Move(MoveKind.OPEN, 3, 0))
    game.play(Move(MoveKind.OPEN, 0, 0))  # the mine: lost
    dialog, theme = placed_map(game, (0, 0, 4, 4))
    try:
        canvas = pygame.Surface((316, 300))
        dialog.draw(canvas, theme)
        colours, g = map_colours(theme), dialog.geometry
        for cell, ch in (((0, 0), "X"), ((2, 3), "*")):
            box = map_cell_box(g, *cell)
            middle = (box.x + box.w // 2, box.y + box.h // 2)
            assert tuple(canvas.get_at(middle))[:3] == colours[ch] != colours["#"]
    finally:
        pygame.quit()
