"""Keys at the pointer (Options): Space, F and D act on the cell under the mouse pointer, so a
game is played with one hand on the keys and the pointer moved by any device. The real loop,
fed mouse motion and key presses only."""

import json

import pygame

from game.engine import GameState
from game.store.settings import Settings, SettingsFile, parse
from game.ui import keys
from game.ui.dialogs import Change, SettingsDialog

# Beginner: 10 mines, a wall down column 4 and one in the corner; (1, 1) is a 1 whose mine is
# (0, 0). As in test_gamepad.py.
WALLED = ["*...*...."] + ["....*...."] * 8
AT_POINTER = Settings(motion=False, volume="off", keys_at_pointer=True)


def point(d, cell):
    """The pointer over `cell`, no button down."""
    d.move(d.at(cell), buttons=(0, 0, 0))


def test_a_beginner_game_is_won_with_the_pointer_and_keys_alone(drive):
    d = drive(layout=WALLED, settings=AT_POINTER)
    game = d.app.play.game
    assert (game.rows, game.cols, game.mines) == (9, 9, 10)
    point(d, (1, 1))
    d.key(pygame.K_SPACE, " ")
    assert game.cell(1, 1) == "1"
    assert d.app.play.view.cursor == (1, 1)  # the keyboard cursor follows
    point(d, (0, 0))
    d.key(pygame.K_f, "f")
    assert game.cell(0, 0) == "F"
    point(d, (1, 1))
    d.key(pygame.K_d, "d")  # chords: the left side opens
    assert game.cell(8, 0) == "." and game.state is GameState.PLAYING
    point(d, (4, 7))
    d.key(pygame.K_SPACE, " ")
    assert game.state is GameState.WON


def test_off_by_default_the_keys_act_on_the_keyboard_cursor(drive):
    d = drive(layout=WALLED)
    assert not d.app.ctx.settings.keys_at_pointer
    point(d, (1, 1))
    d.key(pygame.K_SPACE, " ")  # no cursor yet: it only shows, in the middle
    assert d.app.play.game.cell(1, 1) == "#"
    assert d.app.play.view.cursor == (4, 4)


def test_after_an_arrow_the_keys_act_at_the_cursor_until_the_pointer_moves(drive):
    d = drive(layout=WALLED, settings=AT_POINTER)
    game = d.app.play.game
    point(d, (1, 1))
    d.key(pygame.K_SPACE, " ")
    d.key(pygame.K_DOWN)  # the cursor to (2, 1), the pointer still over (1, 1)
    d.key(pygame.K_f, "f")
    assert game.cell(2, 1) == "F" and game.cell(1, 1) == "1"
    point(d, (3, 1))
    d.key(pygame.K_f, "f")
    assert game.cell(3, 1) == "F"


def test_with_the_pointer_off_the_board_the_keys_act_at_the_cursor(drive):
    d = drive(layout=WALLED, settings=AT_POINTER)
    game = d.app.play.game
    point(d, (1, 1))
    d.key(pygame.K_SPACE, " ")
    d.move(d.face_pos(), buttons=(0, 0, 0))  # over the face: no cell
    d.key(pygame.K_f, "f")
    assert game.cell(1, 1) == "1"  # a number takes no flag: it acted there, at the cursor
    d.key(pygame.K_UP)
    d.key(pygame.K_LEFT)
    d.key(pygame.K_f, "f")
    assert game.cell(0, 0) == "F"


def test_the_options_row_says_it_and_keeps_it(drive, tmp_path):
    d = drive(layout=WALLED)
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    d.app.options.open()
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, SettingsDialog)
    row = next(r for r in dialog.rows if r.name == "keys_at_pointer")
    assert row.current is False and "pointer" in row.about
    d.app.options.changed(Change("keys_at_pointer", True))
    assert d.app.ctx.settings.keys_at_pointer
    kept = json.loads((tmp_path / "settings.json").read_text())
    assert kept["keys_at_pointer"] is True


def test_the_setting_is_checked_as_the_others_are():
    assert parse({"keys_at_pointer": True})[0].keys_at_pointer is True
    settings, ignored = parse({"keys_at_pointer": "yes"})
    assert settings.keys_at_pointer is False and ignored == ["keys_at_pointer"]
    assert Settings().keys_at_pointer is False


def test_f1_says_it_and_lists_the_controllers_buttons():
    rows = keys.help_rows()
    assert ("Space, F, D", "act under the pointer (Options: Keys at)") in rows
    heading = rows.index(("Controller", ""))
    named = [k for k, _ in rows[heading + 1 :]]
    assert named == ["D-pad, stick", "A", "B", "X", "Y", "Start", "Back", "LB, RB"]
    said = dict(rows[heading + 1 :])
    assert said["A"].startswith("open") and said["X"] == "chord" and said["Y"] == "hint"
