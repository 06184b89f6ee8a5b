"""The leave question in the real loop: real key presses, the window as it is."""

import pygame

from game.engine import GameState
from game.store.settings import Settings, SettingsFile
from game.ui.dialogs import Change, Question


def test_2_during_a_game_asks_and_the_window_keeps_its_size(drive):
    d = drive()
    d.click((4, 4))
    size = pygame.display.get_surface().get_size()
    first = d.app.play.game
    d.key(pygame.K_2, "2")
    assert d.app.ctx.dialogs.dialog.question is Question.LEAVE
    assert pygame.display.get_surface().get_size() == size and d.app.play.game is first


def test_esc_returns_to_the_same_game_with_its_clock(drive):
    d = drive()
    d.click((4, 4))
    d.tick(2000)
    first, view, clock = d.app.play.game, d.app.play.game.view(), d.app.ctx.session.elapsed_ms()
    d.key(pygame.K_2, "2")
    d.tick(5000)
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game is first
    assert first.view() == view and first.state is GameState.PLAYING
    assert d.app.ctx.session.elapsed_ms() == clock + 16  # the Esc's own tick, not the 5 s


def test_2_then_enter_starts_intermediate(drive):
    d = drive()
    d.click((4, 4))
    d.key(pygame.K_2, "2")
    d.key(pygame.K_RETURN, "\r")
    g = d.app.play.game
    assert (g.rows, g.cols, g.mines) == (16, 16, 40) and g.moves == []


def test_before_any_move_2_starts_intermediate_at_once(drive):
    d = drive()
    d.key(pygame.K_2, "2")
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game.rows == 16


def test_the_options_row_turns_the_question_off_and_it_is_remembered(drive, tmp_path):
    d = drive()
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    d.key(pygame.K_o, "o")
    rows = [name for name, *_ in d.app.ctx.dialogs.dialog.rows]
    assert "ask_before_leaving" in rows
    d.app.dialogs.answer(Change("ask_before_leaving", False))
    d.key(pygame.K_ESCAPE)
    saved, _ = SettingsFile(tmp_path / "settings.json").load()
    assert saved.ask_before_leaving is False and Settings().ask_before_leaving is True
    d.click((4, 4))
    d.key(pygame.K_F2)
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game.moves == []
