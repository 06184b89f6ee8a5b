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


def test_a_player_theme_cannot_take_a_shipped_name(tmp_path):
    shutil.copytree(THEMES_DIR / "classic", tmp_path / "classic")
    library = load_library(tmp_path)
    assert library.themes["classic"].sheet is not None
    assert "rename the folder" in library.problems[0]


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("columns = 32", "columns = 0", "columns"),
        ("first = 32", 'first = "a"', "first"),
        ("glyph = [6, 10]", "glyph = [0, 0]", "glyph width"),
        ("x = 0 ", "x = -6 ", "x must be"),
        ("led = [11, 21]", "led = [11]", "led must be"),
    ],
)
def test_bad_font_and_size_values_give_messages(broken, old, new, words):
    edit(broken, old, new)
    with pytest.raises(ThemeError, match=words):
        load_theme(broken)
