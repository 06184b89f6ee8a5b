"""A menu row that would do nothing now is greyed (issue 39): Hint once the game is over, won
or lost; Undo after a win (a win is final) and Redo once the game is over. Their keys still
say why nothing happens. Real events through the real loop; the rows checked as drawn."""

import pygame

from game.engine import GameState
from game.ui.menubar import Colours
from game.ui.widgets import Metrics
from tests.ui.test_analysis_playtest import CORNER, lose
from tests.ui.test_commands import colours_in, row_box

# Beginner: mines along the top and at (1,7), (1,8): a click at (8, 8) opens all but (0, 8), a
# 3 shut in by mines, which a second click opens (a win).
WALL = ["********.", ".......**"] + ["........."] * 7
CTRL = pygame.KMOD_CTRL


def open_menu(d, title):
    """The menu `title` open (F10, then the arrows along the bar), as placed."""
    d.key(pygame.K_F10)
    while d.app.menu.bar.names()[d.app.menu.bar.open] != title:
        d.key(pygame.K_RIGHT)
    return d.app.menu.bar.placed(d.app.ctx.frame.layout, Metrics.of(d.app.ctx.frame.theme))


def greyed(d, title, action) -> bool:
    """Whether the row `action` of the menu `title` is drawn greyed (and it is so in the
    command table); the menu is closed again after."""
    placed = open_menu(d, title)
    bar = d.app.menu.bar
    while bar.items()[bar.focus].action == action:  # the focused row is drawn highlighted
        d.key(pygame.K_DOWN)
    col, box = Colours.of(d.app.ctx.frame.theme), row_box(d, placed, action)
    drawn_grey = col.text not in colours_in(d, box) and col.shadow in colours_in(d, box)
    drawn_live = col.text in colours_in(d, box)
    assert drawn_grey != drawn_live
    assert drawn_grey == (not d.app.ctx.commands.available(action))
    d.key(pygame.K_ESCAPE)
    assert not d.app.menu.bar.is_open
    return drawn_grey


def choose(d, title, action):
    """The row `action` of the menu `title` chosen with the keys."""
    open_menu(d, title)
    items = [i.action for i in d.app.menu.bar.items()]
    d.app.menu.bar.focus = items.index(action)
    d.key(pygame.K_RETURN, "\r")


def test_hint_is_greyed_once_a_game_is_lost_and_chosen_does_nothing(drive):
    d = drive(layout=CORNER)
    d.click((8, 8))
    assert not greyed(d, "Help", "hint")  # in play: a hint is there to ask for
    lose(d)
    d.key(pygame.K_ESCAPE)  # the notice
    assert d.app.play.game.state is GameState.LOST
    assert greyed(d, "Help", "hint")
    said = d.app.ctx.status.saying()  # "Boom! ...", still up
    choose(d, "Help", "hint")
    assert d.app.play.help.hint is None and not d.app.play.help.wants_hint
    assert d.app.ctx.status.saying() == said  # a greyed row does nothing at all
    d.key(pygame.K_h, "h")  # the key says why
    assert d.app.ctx.status.saying() == "No hint: the game is over"
    d.key(pygame.K_z, "", mod=CTRL)  # the loss taken back: in play again
    assert d.app.play.game.state is GameState.PLAYING and not greyed(d, "Help", "hint")


def test_hint_undo_and_redo_are_greyed_once_a_game_is_won(drive):
    d = drive(layout=WALL)
    d.click((8, 8))
    d.click((0, 8), button=3)  # a flag, taken back: a move to redo
    d.key(pygame.K_z, "", mod=CTRL)
    assert not greyed(d, "Game", "undo") and not greyed(d, "Game", "redo")
    d.click((0, 8))
    assert d.app.play.game.state is GameState.WON
    d.key(pygame.K_ESCAPE)  # the notice
    assert greyed(d, "Help", "hint")
    assert greyed(d, "Game", "undo")  # a win is final
    assert greyed(d, "Game", "redo")
    said = d.app.ctx.status.saying()
    choose(d, "Game", "undo")
    assert d.app.play.game.state is GameState.WON and d.app.ctx.status.saying() == said
    d.key(pygame.K_z, "", mod=CTRL)  # the key says why
    assert d.app.ctx.status.saying() == "A won game is final"
    assert d.app.play.game.state is GameState.WON
