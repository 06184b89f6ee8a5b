"""The fixtures' shipped themes (tests/conftest.py): read once a run, yet each library is what a
new load gives and is a test's own."""

import dataclasses

import pygame

from game.ui.theme import load_library

PLAIN = (
    "key",
    "name",
    "sizes",
    "colours",
    "rects",
    "glyph_rects",
    "sounds",
    "sound_problems",
    "marks",
    "converted",
)


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def test_a_library_from_the_fixture_equals_a_new_load(shipped_themes):
    pygame.display.init()
    try:
        got, loaded = shipped_themes(), load_library()
        assert got.names() == loaded.names() and len(got.names()) >= 4
        assert (got.problems, got.warnings) == (loaded.problems, loaded.warnings)
        for key in loaded.names():
            mine, new = got.get(key), loaded.get(key)
            assert {f: getattr(mine, f) for f in PLAIN} == {f: getattr(new, f) for f in PLAIN}
            assert {f.name for f in dataclasses.fields(new)} >= set(PLAIN)
            assert pixels(mine.sheet) == pixels(new.sheet)
            assert mine.sprites.keys() == new.sprites.keys()
            assert all(pixels(mine.sprites[n]) == pixels(new.sprites[n]) for n in new.sprites)
            assert mine.font.glyphs.keys() == new.font.glyphs.keys()
    finally:
        pygame.quit()


def test_each_library_from_the_fixture_is_its_own(shipped_themes):
    pygame.display.init()
    try:
        pygame.display.set_mode((8, 8))
        one, other = shipped_themes(), shipped_themes()
        one.convert()
        one.get("classic").colours["text"] = (1, 2, 3)
        one.get("classic").sprites["mine"].fill((255, 0, 255))
        theirs = other.get("classic")
        assert one.get("classic").converted and not theirs.converted
        assert theirs.colours["text"] != (1, 2, 3)
        assert theirs.sheet is not one.get("classic").sheet
        assert pixels(theirs.sprites["mine"]) == pixels(
            load_library().get("classic").sprites["mine"]
        )
    finally:
        pygame.quit()
