"""The Language row of Options (game/ui/options.py): a pick switches the words at once, the
window drawn again in them (the open dialog laid out from its new text, those waiting too), is
kept in the settings for the next start, and "System" gives the choice back to the
environment. Test catalogues (tests/catalogues.py) put "DE:" or "FR:" before every message."""

from __future__ import annotations

import pygame
import pytest

from game import app, i18n
from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.settings import Settings, SettingsFile
from game.ui.dialogs import CustomDialog, SettingsDialog
from game.ui.scenes.options import LANGUAGE_NAMES
from tests.catalogues import catalogue


@pytest.fixture
def locale(tmp_path, monkeypatch):
    folder = tmp_path / "locale"
    catalogue(folder, "de", lambda text: f"DE:{text}")
    catalogue(folder, "fr", lambda text: f"FR:{text}")
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    return folder


def open_options(d) -> SettingsDialog:
    d.key(pygame.K_o, "o")
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, SettingsDialog)
    return dialog


def to_language_row(d, dialog: SettingsDialog) -> None:
    names = [name for name, *_ in dialog.rows]
    for _ in range(names.index("language")):
        d.key(pygame.K_DOWN)
    assert dialog.rows[dialog.focus][0] == "language"


def panel_pixels(d, box) -> bytes:
    canvas = d.app.ctx.frame.renderer.canvas
    return pygame.image.tobytes(canvas.subsurface((box.x, box.y, box.w, box.h)), "RGB")


def test_the_row_offers_the_system_and_each_language_by_its_own_name(drive, locale):
    d = drive()
    dialog = open_options(d)
    name, label, choices, current, _about = dialog.rows[-1]
    assert (name, label, current) == ("language", "Language", "")
    assert choices == [("", "System"), ("de", "Deutsch"), ("en", "English"), ("fr", "Français")]
    assert LANGUAGE_NAMES.get("qps", "qps") == "qps"  # an unknown one is shown by its code


def test_picking_a_language_redraws_the_window_in_it_at_once(drive, locale, tmp_path):
    d = drive()
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    dialog = open_options(d)
    to_language_row(d, dialog)
    before_box, before_texts = dialog.form.box, dialog.texts()
    before = panel_pixels(d, before_box)
    assert "Options" in before_texts and "Change" in before_texts
    d.key(pygame.K_RIGHT)  # System -> Deutsch
    assert i18n.language() == "de" and d.app.ctx.settings.language == "de"
    assert d.app.ctx.dialogs.dialog is dialog  # the options stay up
    texts = dialog.texts()
    assert "DE:Options" in texts and "DE:Change" in texts and "DE:Close" in texts
    assert any(t.startswith("DE:Language") and t.endswith("Deutsch") for t in texts)
    # laid out again from the longer words, and drawn so in the same frame
    assert dialog.form.box.w > before_box.w
    assert not dialog.dirty and dialog.drawn_box == dialog.form.box
    assert panel_pixels(d, dialog.form.box) != before
    saved, _ = SettingsFile(tmp_path / "settings.json").load()
    assert saved.language == "de"
    d.key(pygame.K_LEFT)  # back to System: English, as nothing in the environment asks
    assert i18n.language() == "en" and "Options" in dialog.texts()
    assert dialog.form.box == before_box


def test_the_language_picked_is_the_one_spoken_at_the_next_start(
    drive, locale, tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # the setting comes before the environment
    d = drive()
    d.app.ctx.aids.settings_file = SettingsFile()
    dialog = open_options(d)
    to_language_row(d, dialog)
    d.key(pygame.K_RIGHT)  # System (French, from LANG) -> Deutsch
    assert i18n.language() == "de"
    d.key(pygame.K_ESCAPE)
    i18n.install(i18n.ENGLISH)  # as a new process starts
    assert app.settle_language([]) is None and i18n.language() == "de"
    settings, _ = SettingsFile().load()
    again = drive(settings=settings)
    dialog = open_options(again)
    assert "DE:Options" in dialog.texts() and dialog.rows[-1][3] == "de"
    assert app.settle_language(["--language", "fr"]) is None  # --language: this run only
    assert i18n.language() == "fr" and SettingsFile().remembered_language() == "de"


def test_system_follows_the_environment(drive, locale, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr:de")
    i18n.install("de")
    d = drive(settings=Settings(motion=False, volume="off", language="de"))
    dialog = open_options(d)
    assert "DE:Options" in dialog.texts()
    to_language_row(d, dialog)
    d.key(pygame.K_LEFT)  # Deutsch -> System: the environment's first language, French
    assert d.app.ctx.settings.language == "" and i18n.language() == "fr"
    texts = dialog.texts()
    assert "FR:Options" in texts
    assert any(t.startswith("FR:Language") and t.endswith("FR:System") for t in texts)


def test_the_open_dialog_is_laid_out_again_from_its_new_words(drive, locale):
    """Options shows its long row names where every row fits with them: words twice as long
    no longer fit, and the short names come (what fits is decided again, not only drawn)."""
    catalogue(locale, "es", lambda text: f"{text} {text}")  # System, de, en, es, fr
    d = drive(BoardChoice.standard(Difficulty.INTERMEDIATE), scale=1)
    dialog = open_options(d)
    assert dialog.long and "Ask before leaving a game" in dialog.list.texts()[-2]
    to_language_row(d, dialog)
    for _ in range(3):
        d.key(pygame.K_RIGHT)
    assert i18n.language() == "es" and not dialog.long
    assert dialog.list.texts()[-2].startswith("Ask to leave Ask to leave")
    assert dialog.form.box.w <= d.app.ctx.frame.layout.frame.w


def test_a_dialog_waiting_behind_options_comes_in_the_new_language(drive, locale):
    d = drive()
    dialog = open_options(d)
    waiting = CustomDialog()
    d.app.ctx.dialogs.open(waiting)  # waits until Options closes
    to_language_row(d, dialog)
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is waiting
    d.tick()
    texts = waiting.texts()
    assert texts[0] == "DE:Custom board" and texts[1].startswith("DE:Rows")
    assert "DE:OK" in texts and "DE:Cancel" in texts


def test_the_menus_are_made_again_in_the_new_words(drive, locale, monkeypatch):
    """The bar's titles and rows are kept from when they were made (where a click lands is
    measured from them): a switch makes them again. Here the menus' names are translated
    where they are made, as a catalogue would have them."""
    from game.i18n import _
    from game.ui import menubar

    made = menubar.menus
    monkeypatch.setattr(
        menubar,
        "menus",
        lambda table=None, extra=None: [(_(name), items) for name, items in made(table, extra)],
    )
    d = drive()
    assert d.app.menu.bar.names()[1] == "Options"
    dialog = open_options(d)
    to_language_row(d, dialog)
    d.key(pygame.K_RIGHT)
    assert d.app.menu.bar.names()[1] == "DE:Options"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F10)  # the Game menu opens, then Right: the Options menu
    d.key(pygame.K_RIGHT)
    assert d.app.menu.bar.is_open and d.app.menu.bar.names()[1] == "DE:Options"
