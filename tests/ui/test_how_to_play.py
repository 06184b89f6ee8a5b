"""How to play (issue 39): the help's first page, which F1 opens, the key table a key or a
click away; its pictures drawn from the theme in use's own tiles; offered once at the first
start and never again; and in every language at the smallest window nothing is cut, the page
scrolling where it does not fit."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.session import ManualClock
from game.store.settings import Settings, SettingsFile
from game.ui import keys
from game.ui.assist import Assistant, RunAtOnce
from game.ui.chores import Chores
from game.ui.dialogs import HelpOverlay
from game.ui.dialogs.howto import TILE, Tiles, how_to_play
from game.ui.dialogs.notice import HOW_TO_PLAY, KEYS
from game.ui.layout import Box, smallest_canvas_size
from game.ui.widgets import Label, style_for
from game.ui.window import App
from tests.languages import PSEUDO, speaking
from tests.ui.conftest import Driver
from tests.ui.test_languages import (
    LAYOUT_LANGUAGES,
    Cuts,
    Drawn,
    allowed_words,
    theme_metrics,
    unmarked,
)


def help_up(d) -> HelpOverlay:
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, HelpOverlay), type(dialog).__name__
    return dialog


def words(dialog) -> str:
    return " ".join(dialog.texts())


# ---- the pages ----------------------------------------------------------------------------


def test_f1_opens_how_to_play_and_the_keys_are_a_key_or_a_click_away(drive):
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1)
    d.key(pygame.K_F1)
    dialog = help_up(d)
    assert dialog.page == HOW_TO_PLAY and dialog.form.title == "How to play"
    assert "Open every cell that is not a mine" in words(dialog)
    assert dialog.form.find("help") is None  # no key table on this page
    d.key(pygame.K_RIGHT)
    assert help_up(d) is dialog and dialog.page == KEYS
    assert dialog.form.title == "Keys and mouse" and dialog.form.find("help") is not None
    assert any(t.startswith("F2, N") and "New game" in t for t in dialog.texts())
    d.key(pygame.K_LEFT)
    assert dialog.page == HOW_TO_PLAY and dialog.form.find("help") is None
    d.press(KEYS)  # the buttons turn the page too, and the help stays up
    assert help_up(d) is dialog and dialog.page == KEYS
    d.press(HOW_TO_PLAY)
    assert help_up(d) is dialog and dialog.page == HOW_TO_PLAY


@pytest.mark.parametrize("how", ["escape", "enter", "button", "other key"])
def test_how_to_play_closes_by_esc_enter_its_button_or_any_other_key(drive, how):
    d = drive(scale=1)
    d.key(pygame.K_F1)
    help_up(d)
    d.key(pygame.K_PAGEDOWN)  # scrolling keeps it up
    help_up(d)
    if how == "escape":
        d.key(pygame.K_ESCAPE)
    elif how == "enter":
        d.key(pygame.K_RETURN, "\r")
    elif how == "button":
        d.press("close")
    else:
        d.key(pygame.K_a, "a")
    assert d.app.ctx.dialogs.dialog is None


def test_the_page_says_each_point_briefly_with_pictures():
    rows = how_to_play()
    said = " ".join(r.content for r in rows if isinstance(r, Label))
    for point in (
        "Open every cell that is not a mine",  # the goal
        "Click a cell to open it",
        "A number tells how many",
        "flag it",
        "both buttons",  # chording
        "With L chord on in Options",
        "first click is never a mine",
        "With Start: opening in Options",  # as the Options row says it
        "You win",
        "Opening a mine loses",
        "Undo (Ctrl+Z)",  # the key table's key
    ):
        assert point in said, point
    pictures = [r for r in rows if isinstance(r, Tiles)]
    assert len(pictures) >= 5
    assert not any("Welcome" in r.content for r in rows if isinstance(r, Label))
    welcome = how_to_play(welcome=True)[0]
    assert isinstance(welcome, Label) and welcome.content.startswith("Welcome")
    assert "F1" in welcome.content


def test_the_pictures_are_each_themes_own_tiles(drive):
    """Each picture is drawn with the sprites of the theme in use: a tile of the page on the
    canvas holds exactly the theme's sprite (on the panel's colour, at the text scale)."""
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    seen = set()
    for key in d.app.ctx.aids.themes.themes:
        d.app.options.set_theme(key)
        d.tick()
        assert d.app.ctx.frame.theme.key == key
        d.key(pygame.K_F1)
        dialog = help_up(d)
        theme, layout = d.app.ctx.frame.theme, d.app.ctx.frame.layout
        view = dialog.form.view
        shown = [
            w
            for w in dialog.form.rows
            if isinstance(w, Tiles) and (view is None or view.contains(w.box.x, w.box.bottom - 1))
        ]
        assert shown, "no picture in view"
        canvas = d.app.ctx.frame.renderer.canvas
        panel = style_for(theme).panel
        for picture in shown:
            for sprite, (x, y) in picture.pieces(theme.sprites):
                if sprite.get_width() != TILE:
                    continue  # a face: its own size
                box = layout.from_text(Box(x, y, TILE, TILE))
                expected = pygame.Surface((TILE, TILE))
                expected.fill(panel)
                expected.blit(sprite, (0, 0))
                expected = pygame.transform.scale(expected, (box.w, box.h))
                got = canvas.subsurface((box.x, box.y, box.w, box.h))
                assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB")
                seen.add((key, pygame.image.tobytes(expected, "RGB")))
        d.key(pygame.K_ESCAPE)
    themes = {key for key, _ in seen}
    assert len(themes) == len(d.app.ctx.aids.themes.themes)
    # the themes' tiles differ, so the pictures do: the check sees what it compares
    assert len({tiles for _, tiles in seen}) > len(seen) // len(themes)


def test_a_tile_of_another_size_is_drawn_at_the_pages_size():
    """A theme whose tiles are not the shipped size still fills each picture's cells."""
    pygame.display.init()
    try:
        big = pygame.Surface((32, 32), pygame.SRCALPHA)
        big.fill((200, 10, 10))
        picture = Tiles((("covered", "flag"),))
        picture.box = Box(0, 0, 2 * TILE, TILE + 4)
        pieces = picture.pieces({"covered": big, "flag": big})
        assert [s.get_size() for s, _ in pieces] == [(TILE, TILE), (TILE, TILE)]
        assert tuple(pieces[0][0].get_at((3, 3)))[:3] == (200, 10, 10)
        assert pieces[1][1][0] - pieces[0][1][0] == TILE
    finally:
        pygame.quit()


# ---- offered once ---------------------------------------------------------------------------


def first_start(drive, path):
    """A window started as the app starts it: the settings read from `path` (missing at a
    first start) and kept there, How to play offered as the window offers it."""
    file = SettingsFile(path)
    settings, _ = file.load()
    settings.motion, settings.volume = False, "off"
    d = drive(settings=settings)
    d.app.ctx.aids.settings_file = file
    offered = d.app.options.offer_how_to_play()
    d.tick()
    return d, offered


@pytest.mark.parametrize("how", ["escape", "enter", "button"])
def test_how_to_play_is_offered_at_the_first_start_and_never_again(drive, tmp_path, how):
    path = tmp_path / "settings.json"
    d, offered = first_start(drive, path)
    dialog = help_up(d)
    assert offered and dialog.page == HOW_TO_PLAY and words(dialog).startswith("How to play")
    assert "Welcome to Pixel Mines! F1 shows this page again." in dialog.texts()
    assert json.loads(path.read_text())["shown_how_to_play"] is True  # kept at once
    {"escape": lambda: d.key(pygame.K_ESCAPE), "enter": lambda: d.key(pygame.K_RETURN, "\r")}.get(
        how, lambda: d.press("close")
    )()
    assert d.app.ctx.dialogs.dialog is None
    again, offered = first_start(drive, path)
    assert not offered and again.app.ctx.dialogs.dialog is None
    assert not again.app.options.offer_how_to_play()  # not twice in a run either
    again.key(pygame.K_F1)  # F1 still shows it, without the welcome
    assert not any(t.startswith("Welcome") for t in help_up(again).texts())


def test_a_settings_file_from_before_the_offer_means_a_player_who_has_played(drive, tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"board": "expert", "theme": "night"}))  # an older version's
    settings, messages = SettingsFile(path).load()
    assert settings.shown_how_to_play and messages == [] and settings.board == "expert"
    d, offered = first_start(drive, path)
    assert not offered and d.app.ctx.dialogs.dialog is None
    path.write_text(json.dumps({"board": "expert", "shown_how_to_play": False}))
    d, offered = first_start(drive, path)
    assert offered and isinstance(d.app.ctx.dialogs.dialog, HelpOverlay)


def test_nothing_is_offered_where_nothing_could_be_kept(drive):
    d = drive(settings=Settings(motion=False, volume="off", shown_how_to_play=False))
    assert d.app.ctx.aids.settings_file is None
    assert not d.app.options.offer_how_to_play() and d.app.ctx.dialogs.dialog is None


# ---- every language, the smallest window ---------------------------------------------------


@pytest.fixture
def window(shipped_themes):
    pygame.display.init()
    made = []

    def make(theme: str = "classic") -> Driver:
        clock = ManualClock()
        app = App(
            BoardChoice.standard(Difficulty.BEGINNER),
            Settings(motion=False, volume="off", theme=theme),
            shipped_themes(),
            scale=1,
            clock=clock,
            chores=Chores(threaded=False),
        )
        app.ctx.aids.assistant = Assistant(RunAtOnce())
        made.append(app)
        d = Driver(app, clock)
        d.tick()
        return d

    yield make
    for app in made:
        app.ctx.aids.assistant.close()
    pygame.quit()


def read_both_pages(d, at) -> None:
    """At the smallest window: the first start's help, read to its end, the keys' page too,
    and back; `at` names each step."""
    frame = d.app.ctx.frame
    size = smallest_canvas_size(frame.theme.sizes, frame.layout.led_digits)
    d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.tick()
    d.app.ctx.dialogs.open(HelpOverlay(keys.help_rows(), welcome=True))
    at("How to play")
    d.tick()
    dialog = help_up(d)
    form = dialog.form
    assert form.view is not None  # too tall for the smallest window: it scrolls
    for picture in (w for w in form.rows if isinstance(w, Tiles)):  # never cut
        assert picture.measured(form.placing[0], 10_000)[0] <= picture.box.w
    for _ in range(40):
        d.key(pygame.K_PAGEDOWN)
    assert form.scroll == form.scroll_h - form.view.h > 0  # its end is reached
    at("the keys' page")
    d.key(pygame.K_RIGHT)
    for _ in range(30):
        d.key(pygame.K_PAGEDOWN)
    at("How to play again")
    d.key(pygame.K_LEFT)
    d.key(pygame.K_END)
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None


@pytest.mark.concurrent
@pytest.mark.parametrize("theme", theme_metrics())
@pytest.mark.parametrize("language", LAYOUT_LANGUAGES)
def test_both_pages_fit_the_smallest_window_in_every_language(
    window, monkeypatch, tmp_path, language, theme
):
    cuts = Cuts(monkeypatch)
    with speaking(language, tmp_path / "locale"):
        read_both_pages(window(theme), cuts.at)
    assert cuts.found == [], f"{language}, {theme}: {cuts.found}"


def test_every_word_of_both_pages_comes_through_the_catalogue(window, monkeypatch, tmp_path):
    drawn = Drawn(monkeypatch)
    with speaking(PSEUDO, tmp_path / "locale"):
        d = window()
        read_both_pages(d, drawn.at)
        allowed = allowed_words(d.app)
    assert unmarked(drawn.texts, allowed) == {}
    screens = {screen for screen, _ in drawn.texts}
    assert {"How to play", "the keys' page"} <= screens
    assert any("[[Welcome]]" in text for _, text in drawn.texts)
