"""Options says what each row does (issue 39): a line under the list for the row picked, part
of every row's definition; and the Text size row: auto (saying the size in use) or 1x to 6x,
applied at once and kept like the other settings."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.settings import MAX_TEXT_SIZE, Settings, SettingsFile
from game.ui.dialogs import SettingRow, SettingsDialog
from tests.ui.test_languages import Drawn


def open_options(d) -> SettingsDialog:
    d.key(pygame.K_o, "o")
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, SettingsDialog)
    return dialog


def to_row(d, dialog: SettingsDialog, name: str) -> None:
    d.key(pygame.K_HOME)
    for _ in range([row.name for row in dialog.rows].index(name)):
        d.key(pygame.K_DOWN)
    assert dialog.rows[dialog.focus].name == name


def shown(dialog: SettingsDialog, name: str) -> str:
    """What the row `name` shows as its value."""
    row = next(row for row in dialog.rows if row.name == name)
    return next(text for value, text in row.choices if value == row.current)


# ---- what each row does -------------------------------------------------------------------


def test_every_row_says_in_a_line_of_its_own_what_it_does(drive):
    d = drive()
    dialog = open_options(d)
    rows = dialog.rows
    assert rows == d.app.options.rows() and all(isinstance(row, SettingRow) for row in rows)
    abouts = [row.about for row in rows]
    assert all(about.strip() and about.endswith(".") for about in abouts), abouts
    assert len(set(abouts)) == len(rows)  # each its own, not one line for all
    names = {row.name for row in rows}
    assert {"safe_zone", "long_press_flag", "chord_on_left", "timer_tick", "scale"} <= names
    assert {"no_guess", "motion", "volume", "language", "theme", "text_size"} <= names
    assert "ask_before_leaving" in names


def test_a_row_cannot_be_made_without_its_line():
    with pytest.raises(TypeError):
        SettingRow("new_option", "New", [(False, "off"), (True, "on")], False)


def test_the_line_under_the_list_follows_the_row_picked_and_is_drawn(drive, monkeypatch):
    drawn = Drawn(monkeypatch)
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1)
    dialog = open_options(d)
    box = dialog.form.box
    for k, row in enumerate(dialog.rows):
        if k:
            drawn.texts.clear()
            d.key(pygame.K_DOWN)
        assert dialog.focus == k and dialog.about.content == row.about
        assert row.about in dialog.texts()
        said = {text for _, text in drawn.texts}
        assert dialog.about.lines and all(line in said for line in dialog.about.lines), row.name
        assert dialog.form.box == box  # the panel keeps its size as the pick moves
    d.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)
    d.tick()  # the wheel picks a row too
    assert dialog.about.content == dialog.rows[len(dialog.rows) - 4].about


def test_the_start_row_says_what_the_first_click_gives(drive):
    d = drive()
    dialog = open_options(d)
    to_row(d, dialog, "safe_zone")
    assert "first click" in dialog.about.content
    d.key(pygame.K_RIGHT)  # opening -> one cell: the line stays the row's
    assert shown(dialog, "safe_zone") == "one cell" and "first click" in dialog.about.content


# ---- Text size ----------------------------------------------------------------------------


def test_text_size_offers_auto_with_the_size_in_use_then_one_to_six(drive):
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    dialog = open_options(d)
    row = next(row for row in dialog.rows if row.name == "text_size")
    used = d.app.ctx.frame.text_scale
    assert row.label == "Text size" and row.current is None
    assert row.choices == [(None, f"auto ({used}x)")] + [
        (n, f"{n}x") for n in range(1, MAX_TEXT_SIZE + 1)
    ]


def test_choosing_a_text_size_applies_it_at_once_and_keeps_it(drive, tmp_path):
    path = tmp_path / "settings.json"
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    d.app.ctx.aids.settings_file = SettingsFile(path)
    dialog = open_options(d)
    to_row(d, dialog, "text_size")
    d.key(pygame.K_RIGHT)  # auto -> 1x
    d.key(pygame.K_RIGHT)  # -> 2x
    assert d.app.ctx.dialogs.dialog is dialog  # Options stay up
    assert d.app.ctx.settings.text_size == 2 and d.app.ctx.frame.text_scale == 2
    assert shown(dialog, "text_size") == "2x"
    assert json.loads(path.read_text())["text_size"] == 2
    assert SettingsFile(path).load()[0].text_size == 2
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)  # back to auto
    assert d.app.ctx.settings.text_size is None and shown(dialog, "text_size") == (
        f"auto ({d.app.ctx.frame.text_scale}x)"
    )
    assert json.loads(path.read_text())["text_size"] is None


@pytest.mark.parametrize("bad", [0, 7, -1, "2", 2.5, True, [2], {"x": 1}])
def test_a_bad_text_size_in_the_file_reads_as_auto_and_is_said(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"text_size": bad, "board": "expert"}))
    settings, messages = SettingsFile(path).load()
    assert settings.text_size is None and settings.board == "expert"
    assert len(messages) == 1 and "text_size" in messages[0]


@pytest.mark.parametrize("good", [None, *range(1, MAX_TEXT_SIZE + 1)])
def test_each_text_size_the_row_offers_is_kept(tmp_path, good):
    path = tmp_path / "settings.json"
    assert SettingsFile(path).save(Settings(text_size=good)) is None
    assert SettingsFile(path).load() == (Settings(text_size=good), [])


def test_a_settings_file_from_before_these_settings_loads(tmp_path):
    path = tmp_path / "settings.json"
    old = {"board": "intermediate", "scale": 3, "theme": "night", "question_marks": True}
    path.write_text(json.dumps(old))
    settings, messages = SettingsFile(path).load()
    assert messages == [] and settings.text_size is None
    assert (settings.board, settings.scale, settings.theme) == ("intermediate", 3, "night")
    assert settings.shown_how_to_play  # its player has played: How to play is not offered


def test_the_line_is_as_tall_as_the_one_that_wraps_to_the_most_lines_not_the_longest():
    from game.ui.dialogs.lists import AboutLine
    from game.ui.widgets import Metrics

    m = Metrics()
    longest, tallest = "abcdefghij abcdefghij", "abcdef abcdef abcdef"  # 21 and 20 characters
    line = AboutLine(longest, (longest, tallest), chars=10)
    assert line.measure(m, 1000) == (10 * m.glyph_w, 3 * m.glyph_h)
    assert len(line.lines) == 2  # its own words: two lines, with room kept for three
