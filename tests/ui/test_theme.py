"""Themes load and check themselves; a broken one gives a message, never a traceback."""

import shutil

import pygame
import pytest

from game.ui.theme import (
    FACE_SPRITES,
    FRAME_SPRITES,
    LED_SPRITES,
    THEMES_DIR,
    TILE_SPRITES,
    ThemeError,
    available_themes,
    load_library,
    load_theme,
)


@pytest.fixture
def broken(tmp_path):
    """A copy of the classic theme to break; returns (folder, manifest text)."""
    folder = tmp_path / "mytheme"
    shutil.copytree(THEMES_DIR / "classic", folder)
    return folder


def edit(folder, old, new):
    path = folder / "theme.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("key", available_themes())
def test_every_shipped_theme_loads_with_every_sprite_and_distinct_digits(key):
    theme = load_theme(THEMES_DIR / key)
    for name in TILE_SPRITES + FRAME_SPRITES + FACE_SPRITES + LED_SPRITES:
        assert name in theme.sprites
    digits = [pygame.image.tobytes(theme.sprites[f"open_{n}"], "RGBA") for n in range(1, 9)]
    assert len(set(digits)) == 8
    faces = [pygame.image.tobytes(theme.sprites[n], "RGBA") for n in FACE_SPRITES]
    assert len(set(faces)) == len(FACE_SPRITES)


def test_missing_manifest(broken):
    (broken / "theme.toml").unlink()
    with pytest.raises(ThemeError, match="theme.toml is missing"):
        load_theme(broken)


def test_bad_toml(broken):
    edit(broken, "tile = 16", "tile = = 16")
    with pytest.raises(ThemeError, match="not valid TOML"):
        load_theme(broken)


def test_missing_sprite(broken):
    edit(broken, "flag = [", "flagg = [")
    with pytest.raises(ThemeError, match="sprite 'flag' is missing"):
        load_theme(broken)


def test_sheet_smaller_than_the_manifest_says(broken):
    sheet = pygame.image.load(str(broken / "sheet.png"))
    pygame.image.save(sheet.subsurface((0, 0, 100, 40)).copy(), str(broken / "sheet.png"))
    with pytest.raises(ThemeError, match="reaches outside the 100x40 sheet"):
        load_theme(broken)


def test_sheet_path_that_leaves_the_theme_folder(broken):
    edit(broken, 'sheet = "sheet.png"', 'sheet = "../../sheet.png"')
    with pytest.raises(ThemeError, match="outside the theme folder"):
        load_theme(broken)


def test_missing_or_corrupt_sheet(broken):
    (broken / "sheet.png").write_bytes(b"not a png")
    with pytest.raises(ThemeError, match="cannot load the sheet"):
        load_theme(broken)


def test_bad_colour_and_wrong_sprite_size(broken):
    edit(broken, 'panel = "#c0c0c0"', 'panel = "grey"')
    with pytest.raises(ThemeError, match="colour 'panel'"):
        load_theme(broken)
    shutil.copy(THEMES_DIR / "classic" / "theme.toml", broken / "theme.toml")
    edit(broken, "covered = [0, 0, 16, 16]", "covered = [0, 0, 16, 15]")
    with pytest.raises(ThemeError, match="'covered' is 16x15, it must be 16x16"):
        load_theme(broken)


def test_a_broken_player_theme_is_left_out_with_its_reason(broken):
    edit(broken, "flag = [", "flagg = [")
    good = broken.parent / "mine2"
    shutil.copytree(THEMES_DIR / "classic", good)
    edit(good, 'name = "Classic"', 'name = "My Own"')
    library = load_library(broken.parent)
    assert "mine2" in library.themes and library.themes["mine2"].name == "My Own"
    assert "mytheme" not in library.themes
    assert len(library.problems) == 1 and "sprite 'flag' is missing" in library.problems[0]
    assert library.names()[0] == "classic"


def test_a_player_theme_with_hard_to_read_text_loads_with_one_warning(broken):
    edit(broken, 'text = "#000000"', 'text = "#b0b0b0"')  # light grey on the grey panel
    library = load_library(broken.parent)
    assert "mytheme" in library.themes and library.problems == []
    assert len(library.warnings) == 1
    assert "'mytheme'" in library.warnings[0] and "contrast" in library.warnings[0]
    assert load_library().warnings == []  # the shipped themes read well


def test_a_player_theme_cannot_take_a_shipped_name(tmp_path):
    shutil.copytree(THEMES_DIR / "classic", tmp_path / "classic")
    library = load_library(tmp_path)
    assert library.themes["classic"].sheet is not None
    assert "rename the folder" in library.problems[0]


def test_a_library_started_with_one_theme_loads_the_rest_later_in_order(broken):
    """The window's start loads the theme it shows (and the classic one); the others, a
    broken one's line too, come with `load_rest`, and keep the folders' order."""
    edit(broken, "flag = [", "flagg = [")
    good = broken.parent / "mine2"
    shutil.copytree(THEMES_DIR / "classic", good)
    everything = load_library(broken.parent)
    library = load_library(broken.parent, first="night")
    assert library.names() == ["classic", "night"] and library.problems == []
    lines = library.load_rest()
    assert library.names() == everything.names()
    assert lines == everything.problems and library.problems == everything.problems
    assert library.rest == [] and library.load_rest() == []


def test_a_first_theme_that_is_not_there_leaves_the_classic_one(tmp_path):
    library = load_library(tmp_path, first="nowhere")
    assert library.names() == ["classic"]
    library.load_rest()
    assert library.names() == load_library(tmp_path).names()


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("columns = 32", "columns = 0", "columns"),
        ("first = 32", 'first = "a"', "first"),
        ("glyph = [6, 10]", "glyph = [0, 0]", "glyph width"),
        ("x = 0 ", "x = -6 ", "x must be"),
        ("led = [11, 21]", "led = [11]", "led must be"),
        ("face = 24", "face = 80", "fit the toolbar"),
        ("led = [11, 21]", "led = [30, 21]", "must fit in 160"),
    ],
)
def test_bad_font_and_size_values_give_messages(broken, old, new, words):
    edit(broken, old, new)
    with pytest.raises(ThemeError, match=words):
        load_theme(broken)


# Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB.
CVD_MATRICES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
MIN_DELTA_E = 15  # CIE76, between any two number colours, under every simulation


def _linear(c):
    c = c / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear):
    r, g, b = rgb_linear
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _simulate(rgb, matrix):
    lin = [_linear(v) for v in rgb]
    if matrix is None:
        return lin
    return [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix]


def number_colours(theme):
    """The ink of each number sprite: its most common colour where it differs from open_0."""
    blank = theme.sprites["open_0"]
    colours = []
    for n in range(1, 9):
        sprite = theme.sprites[f"open_{n}"]
        counts = {}
        for x in range(sprite.get_width()):
            for y in range(sprite.get_height()):
                c = tuple(sprite.get_at((x, y)))[:3]
                if c != tuple(blank.get_at((x, y)))[:3]:
                    counts[c] = counts.get(c, 0) + 1
        colours.append(max(counts, key=counts.get))
    return colours


@pytest.mark.parametrize("vision", [None, *CVD_MATRICES])
def test_contrast_theme_numbers_stay_apart_under_colour_blindness(vision):
    theme = load_theme(THEMES_DIR / "contrast")
    labs = [_lab(_simulate(c, CVD_MATRICES.get(vision))) for c in number_colours(theme)]
    closest = min(
        sum((a - b) ** 2 for a, b in zip(labs[i], labs[j], strict=True)) ** 0.5
        for i in range(8)
        for j in range(i + 1, 8)
    )
    assert closest >= MIN_DELTA_E, f"{vision}: two numbers only {closest:.1f} apart"


def test_switching_theme_mid_game_keeps_the_game_and_changes_the_pixels(drive):
    import pygame as pg

    d = drive(scale=1)
    d.click((4, 4))
    d.tick(3000)
    d.app.play.view.cursor = (0, 0)
    before = (
        d.app.play.game.view(),
        d.app.ctx.session.elapsed_ms(),
        d.app.play.view.cursor,
        d.app.play.view.top,
    )
    canvas_before = pg.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB")
    d.key(pg.K_t, "t")
    assert d.app.ctx.frame.theme.key != "classic"
    # the key's one tick of 16 ms is the only time that passed
    assert (
        d.app.play.game.view(),
        d.app.ctx.session.elapsed_ms() - 16,
        d.app.play.view.cursor,
        d.app.play.view.top,
    ) == before
    assert pg.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB") != canvas_before
    assert d.cell_shows((4, 4), "open_0")
    d.key(pg.K_t, "T", mod=pg.KMOD_SHIFT)
    assert d.app.ctx.frame.theme.key == "classic"


def test_the_window_loads_the_other_themes_after_its_first_frame(broken, capsys):
    """Started with one theme (as `python main.py` starts it), the loop loads the others once
    its first frame is drawn: their commands work, and a broken one's line goes to stderr."""
    from game.engine import Difficulty
    from game.engine.boards import BoardChoice
    from game.session import ManualClock
    from game.store.settings import Settings
    from game.ui.assist import Assistant, RunAtOnce
    from game.ui.chores import Chores
    from game.ui.window import App

    from .conftest import Driver
    from .test_pace import run_loop

    edit(broken, "flag = [", "flagg = [")
    library = load_library(broken.parent, first="classic")
    pygame.display.init()
    clock = ManualClock()
    app = App(
        BoardChoice.standard(Difficulty.BEGINNER),
        Settings(motion=False, volume="off"),
        library,
        clock=clock,
        chores=Chores(threaded=False),
    )
    app.ctx.aids.assistant = Assistant(RunAtOnce())
    try:
        assert library.names() == ["classic"] and "theme:night" not in app.ctx.commands.table
        # the idle time's warming runs a step after each frame within its budget, a theme a
        # step (game/ui/warm.py): every frame is within it here, whatever the machine's load
        app.warmer.now = lambda: app.began
        run_loop(Driver(app, clock), 10)
        assert library.names() == load_library(broken.parent).names()
        assert "sprite 'flag' is missing" in capsys.readouterr().err
        app.ctx.commands.do("theme:night")
        run_loop(Driver(app, clock), 2)
        assert app.ctx.frame.theme.key == "night"
    finally:
        app.ctx.aids.assistant.close()
        pygame.quit()
