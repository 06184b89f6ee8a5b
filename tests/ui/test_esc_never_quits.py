"""Esc never closes the window (issue 39): it closes the dialog or the menu on top, or leaves a
replay, the analysis or the map, and otherwise does nothing. Ctrl+Q, Game → Quit and the
window's close button quit at once, a game in progress kept. Real key presses, the real loop."""

import pygame

from game.engine import GameState
from game.store.history import History
from game.ui import keys
from game.ui.scenes.analysis import AnalysisScene
from tests.ui.test_analysis_playtest import CORNER, analysed, lose

CTRL = pygame.KMOD_CTRL


def escapes(d, times=5):
    for _ in range(times):
        d.key(pygame.K_ESCAPE)
        assert d.app.games.running, "Esc closed the window"


def test_esc_five_times_on_the_ready_screen_leaves_the_window_open_and_ctrl_q_closes_it(drive):
    d = drive()
    assert d.app.play.game.state is GameState.READY
    escapes(d)
    assert d.app.ctx.dialogs.dialog is None and not d.app.menu.bar.is_open
    assert d.app.play.game.state is GameState.READY and d.app.play.game.moves == []
    d.key(pygame.K_q, "", mod=CTRL)
    assert not d.app.games.running


def test_esc_after_leaving_an_analysis_leaves_the_window_open_and_ctrl_q_closes_it(drive):
    d = drive(layout=CORNER)
    lose(d)
    d.key(pygame.K_ESCAPE)  # the notice closes
    assert d.app.ctx.dialogs.dialog is None
    assert isinstance(analysed(d), AnalysisScene)
    d.key(pygame.K_ESCAPE)  # leaves the analysis
    assert d.app.games.replay is None and d.app.play.game.state is GameState.LOST
    escapes(d)
    assert d.app.games.replay is None and d.app.ctx.dialogs.dialog is None
    d.key(pygame.K_q, "", mod=CTRL)
    assert not d.app.games.running


def test_esc_closes_what_is_on_top_one_at_a_time_and_then_nothing(drive):
    d = drive()
    d.key(pygame.K_o, "o")  # Options
    assert d.app.ctx.dialogs.dialog is not None
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None and d.app.games.running
    d.key(pygame.K_F10)  # the Game menu
    assert d.app.menu.bar.is_open
    d.key(pygame.K_ESCAPE)
    assert not d.app.menu.bar.is_open and d.app.games.running
    d.key(pygame.K_TAB)  # the map
    assert d.app.ctx.dialogs.dialog is not None
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None
    escapes(d)


def test_esc_during_a_game_asks_nothing_and_the_game_plays_on(drive):
    d = drive()
    d.click((4, 4))
    first = d.app.play.game
    assert first.state is GameState.PLAYING
    escapes(d)
    assert d.app.ctx.dialogs.dialog is None  # no quit question either
    assert d.app.play.game is first and first.state is GameState.PLAYING
    assert d.app.ctx.session.running  # the clock was never paused


def journal_stopped(folder) -> bool:
    """Whether a journal kept in `folder` ends with the clock's stop (the game kept)."""
    return any('"stop"' in p.read_text() for p in folder.rglob("*") if p.is_file())


def test_game_quit_in_the_menu_shows_ctrl_q_and_quits_at_once_keeping_the_game(drive, tmp_path):
    d = drive()
    d.app.ctx.session.history = History(kept=tmp_path)
    d.click((4, 4))
    assert d.app.play.game.state is GameState.PLAYING
    d.key(pygame.K_F10)  # the Game menu, its first row
    items = d.app.menu.bar.items()
    quit_row = next(i for i in items if i.label == "Quit")
    assert quit_row.key == "Ctrl+Q" and not any(i.key == "Esc" for i in items)
    assert d.app.ctx.commands.available(quit_row.action)
    for _ in range(items.index(quit_row)):
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN, "\r")
    assert not d.app.games.running and d.app.ctx.dialogs.dialog is None  # nothing asked
    assert journal_stopped(tmp_path)


def test_ctrl_q_during_a_game_quits_at_once_keeping_it_even_over_a_dialog(drive, tmp_path):
    d = drive()
    d.app.ctx.session.history = History(kept=tmp_path)
    d.click((4, 4))
    d.key(pygame.K_o, "o")  # the options over the game
    assert d.app.ctx.dialogs.dialog is not None
    d.key(pygame.K_q, "", mod=CTRL)
    assert not d.app.games.running and journal_stopped(tmp_path)


def test_the_close_button_quits(drive):
    d = drive()
    d.click((4, 4))
    d.post(pygame.QUIT)
    d.tick()
    assert not d.app.games.running


def test_the_help_and_the_tables_name_ctrl_q_for_quit_and_no_key_quits_with_esc():
    rows = keys.help_rows()
    assert ("Ctrl+Q", "Quit") in rows
    assert not any("Esc" in k and "Quit" in what for k, what in rows)
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0)
    assert keys.action_for(esc) is None  # Esc asks nothing of the game's table
    assert keys.action_for(esc, keys.REPLAY_KEYS) == "replay_leave"
    assert keys.action_for(esc, keys.ANALYSIS_KEYS) == "analysis_leave"
    ctrl_q = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, unicode="", mod=CTRL)
    quit_row = next(b for b in keys.menu(keys.MENU_GAME) if b.label == "Quit")
    assert keys.action_for(ctrl_q) == quit_row.action
