"""The stack of dialogs and the room that hands their typed answers on, without an App."""

import pygame
import pytest

from game.session import PAUSE_DIALOG
from game.ui.dialogs import (
    CLOSE,
    Answer,
    Change,
    MenuChoice,
    NoticeDialog,
    Question,
    confirm_leave,
)
from game.ui.scenes.dialogs import DialogScene
from tests.ui.scenes.conftest import key


def test_a_dialog_pauses_the_game_and_the_next_waits_its_turn(context):
    ctx = context()
    first, second = NoticeDialog("One", []), NoticeDialog("Two", [])
    ctx.dialogs.open(first)
    ctx.dialogs.open(second)
    assert ctx.dialogs.dialog is first and ctx.session.paused_by(PAUSE_DIALOG)
    ctx.dialogs.close()
    assert ctx.dialogs.dialog is second and ctx.session.paused_by(PAUSE_DIALOG)
    ctx.dialogs.close()
    assert ctx.dialogs.dialog is None and not ctx.session.paused_by(PAUSE_DIALOG)


def scene_with(ctx):
    got = []
    answers = {
        Answer: got.append,
        Change: got.append,
        MenuChoice: got.append,
        type(CLOSE): got.append,
    }
    return DialogScene(ctx.dialogs, ctx.drawn, answers), got


def test_each_question_answers_with_its_own_type_not_a_string(context):
    ctx = context()
    scene, got = scene_with(ctx)
    ctx.dialogs.open(confirm_leave("Intermediate"))
    scene.handle(key(pygame.K_ESCAPE))
    ctx.dialogs.open(confirm_leave("Expert"))
    scene.handle(key(pygame.K_y, "y"))
    assert got == [Answer(Question.LEAVE, False), Answer(Question.LEAVE, True)]
    assert ctx.dialogs.dialog is None


def test_the_leave_question_says_what_happens_to_the_game(context):
    texts = " ".join(confirm_leave("Intermediate").paragraphs)
    assert "not recorded" in texts and "Intermediate" in texts
    assert confirm_leave("x").title == "Leave this game?"


def test_a_change_keeps_the_dialog_up_and_a_close_needs_no_handler(context):
    ctx = context()
    scene, got = scene_with(ctx)
    ctx.dialogs.open(NoticeDialog("Note", ["a"]))
    scene.answer(Change("motion", True))
    assert ctx.dialogs.dialog is not None and got == [Change("motion", True)]
    scene.answer(CLOSE)
    assert ctx.dialogs.dialog is None and got == [Change("motion", True)]


def test_a_result_no_handler_knows_is_a_fault_of_the_program(context):
    ctx = context()
    scene, _ = scene_with(ctx)
    ctx.dialogs.open(NoticeDialog("Note", []))
    with pytest.raises(ValueError):
        scene.answer("close")  # a plain string is no answer any more


def test_no_dialog_takes_nothing(context):
    ctx = context()
    scene, _ = scene_with(ctx)
    assert not scene.handle(key(pygame.K_ESCAPE))
