"""The menus, the key names, the F1 help, the hints and the status line speak the language in
use, and follow a switch of it without a restart (game/ui/keys.py, menubar.py, hints.py,
status.py): nothing of theirs keeps words from before the switch."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.solver import Hint, HintKind
from game.ui import keys, menubar
from game.ui.hints import hint_wordings, odds_words
from game.ui.layout import Layout
from game.ui.status import StatusLine
from game.ui.widgets import Metrics
from tests.catalogues import catalogue, write_mo
from tests.ui.test_window import readme_table


@pytest.fixture
def german(tmp_path, monkeypatch):
    """A catalogue "de" with every message behind "DE:", key names as a German keyboard
    prints them, and a German decimal sign; English again afterwards."""
    folder = tmp_path / "locale"
    catalogue(folder, "de", lambda text: f"DE:{text}")
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    yield folder
    i18n.install(i18n.ENGLISH)


def keyboard(folder):
    """A German catalogue of a few words, as a translator writes them."""
    write_mo(
        folder / "de" / "LC_MESSAGES" / "pixel-mines.mo",
        {
            ("key", "Ctrl"): "Strg",
            ("key", "Esc"): "Esc",
            ("key", "Space"): "Leertaste",
            ("menu", "Game"): "Spiel",
            "Undo": "Rückgängig",
            ("decimal separator", "."): ",",
            "%(number)s%%": "%(number)s %%",
            "Mine odds here: %(odds)s": "Minenchance hier: %(odds)s",
        },
    )


def test_key_names_are_translated_and_key_letters_are_not(german):
    keyboard(german)
    undo = keys.binding("undo")
    assert undo.key_names() == "Ctrl+Z"
    i18n.install("de")
    assert undo.key_names() == "Strg+Z" and undo.text() == "Rückgängig"
    assert keys.binding("cursor_open").key_names() == "Leertaste"
    assert undo.key_names(english=True) == "Ctrl+Z"  # the README's table stays English


def test_the_readme_table_is_english_whatever_the_language(german):
    english = readme_table()
    i18n.install("de")
    assert readme_table() == english


def test_the_menus_and_the_help_follow_a_switch_of_language(german):
    bar = menubar.MenuBar()
    bar.open_menu(0)
    assert bar.items()[0].label == "New game"
    bar.close()
    i18n.install("de")
    bar.open_menu(0)  # made again at the opening: no restart needed
    assert bar.items()[0].label == "DE:New game"
    assert bar.items()[0].key == "F2"
    rows = keys.help_rows()
    assert ("DE:Replay", "") in rows and ("DE:Mouse", "") in rows
    assert all(what.startswith("DE:") for k, what in rows if k and what)


def test_the_menu_titles_are_placed_from_the_words_in_use(german):
    keyboard(german)
    layout = Layout(9, 9, 9, 9)  # Beginner at zoom 1
    metrics = Metrics(6, 10, 8)
    before = menubar.place_titles(layout, metrics, list(keys.MENUS))
    i18n.install("de")
    after = menubar.place_titles(layout, metrics, list(keys.MENUS))
    assert [t for t, _ in before][0] == "Game" and [t for t, _ in after][0] == "Spiel"
    assert after[0][1].w == before[0][1].w + metrics.glyph_w  # "Spiel" is a letter longer


def test_hints_speak_the_language(german):
    i18n.install("de")
    hint = Hint((0, 1), True, 0.0, "", kind=HintKind.NUMBERS, numbers=((1, 1), (1, 2)))
    wordings = hint_wordings(hint, lambda r, c: "1", 10)
    assert wordings[0] == (
        "DE:The DE:two framed numbers leave no room for a mine in the outlined cell"
    )
    assert all(w.startswith("DE:") for w in wordings)


def test_the_odds_speak_the_language_with_its_numbers(german):
    keyboard(german)
    i18n.install("de")
    assert odds_words(0.125) == "Minenchance hier: 12,5 %"


def test_a_message_given_as_words_to_make_follows_a_switch(german):
    line = StatusLine(lambda: 0, lambda: None)
    line.say(lambda: i18n._("Safe by the mine count"), lasting=True)
    assert line.saying() == "Safe by the mine count"
    i18n.install("de")
    assert line.saying() == "DE:Safe by the mine count"
    assert line.text(80, lambda: "") == "DE:Safe by the mine count"


def test_no_key_name_of_the_table_is_left_out_of_the_catalogue():
    """Every name the key table prints that is a word (not a letter, digit, F-key or sign)
    goes through pgettext("key", ...)."""
    pygame.init()
    tables = keys.PLAY_KEYS + keys.REPLAY_KEYS + keys.ANALYSIS_KEYS
    for binding in tables:
        for k in (k for k in binding.keys if k.shown):
            for part in k.label(english=True).split("+"):
                word = len(part) > 1 and not (part[0] == "F" and part[1:].isdigit())
                assert not word or part in keys._KEY_WORDS, (binding.action, part)


def test_rows_beyond_the_key_table_made_by_a_function_are_made_again_at_each_opening(german):
    bar = menubar.MenuBar(lambda: {"Options": [menubar.Item("theme:x", i18n._("Themes"), "")]})
    bar.open_menu(1)
    assert bar.items()[-1].label == "Themes"
    bar.close()
    i18n.install("de")
    bar.open_menu(1)
    assert bar.items()[-1].label == "DE:Themes"
