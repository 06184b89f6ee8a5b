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
