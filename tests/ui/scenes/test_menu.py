"""The open menu alone, from a context and a command table (no App)."""

import pygame

from game.session import PAUSE_DIALOG
from game.ui.scenes.menu import MenuLayer
from tests.ui.scenes.conftest import key


def menu_with(ctx):
    ran = []
    for b in (
        "new_game",
        "beginner",
        "intermediate",
        "expert",
        "custom",
        "daily",
        "play_code",
        "copy_code",
        "undo",
        "redo",
        "pause",
        "stats",
        "videos",
        "analyse_last",
        "quit_now",
    ):
        ctx.commands.add(
            b,
            lambda b=b: ran.append(b),
            available=lambda b=b: b != "undo",
            checked=(lambda: True) if b == "beginner" else None,
        )
    return MenuLayer(ctx), ran


def test_the_menu_pauses_the_game_while_open(context):
    ctx = context()
    menu, _ = menu_with(ctx)
    menu.toggle()
    assert menu.bar.is_open and ctx.session.paused_by(PAUSE_DIALOG)
    menu.toggle()
    assert not menu.bar.is_open and not ctx.session.paused_by(PAUSE_DIALOG)


def test_a_row_chosen_runs_its_command_and_a_greyed_one_does_not(context):
    ctx = context()
    menu, ran = menu_with(ctx)
    menu.toggle()
    actions = [i.action for i in menu.bar.items()]
    menu.bar.focus = actions.index("undo")
    assert menu.handle(key(pygame.K_RETURN, "\r"))
    assert ran == [] and not menu.bar.is_open
    menu.toggle()
    menu.bar.focus = actions.index("stats")
    menu.handle(key(pygame.K_RETURN, "\r"))
    assert ran == ["stats"]


def test_the_rows_marks_come_from_the_command_table(context):
    ctx = context()
    menu, _ = menu_with(ctx)
    menu.toggle()
    marks = dict(zip([i.action for i in menu.bar.items()], menu.marks(), strict=True))
    assert marks["beginner"] == (True, True)
    assert marks["undo"] == (None, False)
    assert marks["stats"] == (None, True)


def test_a_closed_menu_takes_no_key(context):
    ctx = context()
    menu, _ = menu_with(ctx)
    assert not menu.handle(key(pygame.K_DOWN))
