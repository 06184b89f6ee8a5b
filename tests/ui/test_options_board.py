"""The Options dialog shows the board being played, and its long labels where they fit."""

import pygame

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.settings import Settings


def rows_of(d) -> dict:
    return dict(d.app.ctx.dialogs.dialog.list.rows)


def test_options_show_the_board_played_not_the_one_remembered(drive):
    # started as `--difficulty expert` would: the settings still remember Beginner
    settings = Settings(motion=False, volume="off", board="beginner")
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1, settings=settings)
    d.key(pygame.K_o, "o")
    assert rows_of(d)["Board"] == "Expert"
    assert "Ask before leaving a game" in rows_of(d)  # there is room on Expert


def test_a_narrow_window_gets_the_short_label(drive):
    d = drive(scale=1)  # Beginner at zoom 1: 176 pixels wide
    d.key(pygame.K_o, "o")
    rows = rows_of(d)
    assert "Ask to leave" in rows and rows["Board"] == "Beginner"
    assert all(value.strip() for value in rows.values())


def test_the_theme_row_names_the_theme_chosen_while_it_is_made_ready(drive, monkeypatch):
    """A theme is made ready on a chore (game/ui/options.py `set_theme`): the Options row names
    the one chosen from the key on, not the one still shown, and a second Right goes on from
    it; when the chore is done the window draws with it and the row still names it."""
    d = drive(scale=1)
    chores = d.app.ctx.aids.chores
    held = []
    monkeypatch.setattr(chores, "start", lambda work, done, *a, **k: held.append((work, done)))
    themes = d.app.ctx.aids.themes
    names = {theme.title(): key for key, theme in themes.themes.items()}
    keys = list(themes.themes)
    d.key(pygame.K_o, "o")
    dialog = d.app.ctx.dialogs.dialog
    for _ in range([name for name, *_ in dialog.rows].index("theme")):
        d.key(pygame.K_DOWN)
    shown = d.app.ctx.frame.theme.key
    d.key(pygame.K_RIGHT)
    chosen = keys[(keys.index(shown) + 1) % len(keys)]
    assert d.app.ctx.frame.theme.key == shown and len(held) == 1  # being made ready
    assert names[rows_of(d)["Theme"]] == chosen
    d.key(pygame.K_RIGHT)
    after = keys[(keys.index(chosen) + 1) % len(keys)]
    assert names[rows_of(d)["Theme"]] == after
    for work, done in held:
        done(work())
    d.tick()
    assert d.app.ctx.frame.theme.key == after and d.app.ctx.settings.theme == after
    assert names[rows_of(d)["Theme"]] == after


def test_a_board_changed_in_options_during_a_game_asks_at_once_and_only_once(drive):
    """The play-test of issue 39: Change on the Board row mid-game seemed to do nothing; the
    "Leave this game?" question waited behind Options, one copy a press."""
    from game.ui.dialogs import ConfirmDialog, SettingsDialog

    d = drive(scale=1)
    d.click((0, 0))
    assert d.app.ctx.session.in_progress
    d.key(pygame.K_o, "o")
    assert isinstance(d.app.ctx.dialogs.dialog, SettingsDialog)
    first = d.app.play.game
    d.key(pygame.K_RETURN)  # Change on the Board row (picked first)
    assert isinstance(d.app.ctx.dialogs.dialog, ConfirmDialog)  # asked now, over the board
    assert d.app.ctx.dialogs.queued == []
    d.press("no")  # Stay
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game is first
    d.key(pygame.K_o, "o")
    d.key(pygame.K_RETURN)
    d.press("yes")  # Leave: the next board
    assert d.app.play.game is not first and d.app.play.game.rows == 16
