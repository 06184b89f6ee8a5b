"""Yes/no questions: quit, leave the game in progress, resume the game kept last time."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

from ...i18n import N_, _
from ...session import LEAVE_QUESTION, LEAVE_WORDS
from ..widgets import Button, Form, Label
from .base import NOT_MINE, Dialog, upper_first


class Question(Enum):
    """What a yes/no dialog asks; its answer names it, so answers are told apart by kind."""

    RESUME = "resume"
    LEAVE = "leave"


@dataclass(frozen=True)
class Answer:
    """The reply to a ConfirmDialog: which question, and yes or no."""

    question: Question
    yes: bool


class ConfirmDialog(Dialog):
    """A yes/no question with two buttons: Y (or Enter on the yes button) for yes, N or Esc
    for no. Its words come translated (the buttons' get a capital first letter)."""

    def __init__(
        self, question: Question, title: str, paragraphs: list[str], *, yes: str, no: str
    ) -> None:
        self.question = question
        self.title = title
        self.paragraphs = paragraphs
        self.yes_text, self.no_text = yes, no
        super().__init__()

    def build(self) -> Form:
        return Form(
            self.title,
            [Label(p) for p in self.paragraphs],
            [Button("yes", upper_first(self.yes_text)), Button("no", upper_first(self.no_text))],
            default="yes",
            cancel="no",
        )

    def button(self, id):
        return self.answer(id == "yes")

    def answer(self, yes: bool) -> object:
        """The result of a yes or a no (the button's, or Y's and N's)."""
        return Answer(self.question, yes)

    def shortcut(self, event):
        if event.key in (pygame.K_y, pygame.K_n):
            return self.answer(event.key == pygame.K_y)
        return NOT_MINE


def confirm_leave(what: str) -> ConfirmDialog:
    """The one question before a game in progress is replaced by `what` ("Intermediate")."""
    # Translators: the last line of "Leave this game?"; board is what comes instead
    # ("Intermediate", "the board of the code"...).
    start = _("Start %(board)s?") % {"board": what}
    return ConfirmDialog(
        Question.LEAVE, _(LEAVE_QUESTION), [_(LEAVE_WORDS), start], yes=_("Leave"), no=_("Stay")
    )


@dataclass(frozen=True)
class ResumeKept:
    """The answer to the resume question: the kept game to play on (its place in the list);
    or none, with `drop` saying whether they go (New game) or stay kept for later (Esc)."""

    index: int | None
    drop: bool = False


# Translators: under the resume question; button is the other button's label ("New game").
KEEP_NOTE = N_("%(button)s drops it; Esc keeps it for later.")
# Translators: as above, of more than one kept game.
KEEP_NOTE_MANY = N_("%(button)s drops them; Esc keeps them for later.")


class ResumeDialog(ConfirmDialog):
    """One kept game: Resume (Y, Enter) plays it on; New game (N) drops it (unfinished games
    are not recorded); Esc decides nothing: it stays kept for the next start."""

    def __init__(self, paragraphs: list[str], no: str) -> None:
        note = _(KEEP_NOTE) % {"button": upper_first(no)}
        super().__init__(Question.RESUME, _("Resume?"), [*paragraphs, note], yes=_("Resume"), no=no)

    def answer(self, yes):
        return ResumeKept(0) if yes else ResumeKept(None, drop=True)

    def shortcut(self, event):
        return ResumeKept(None) if event.key == pygame.K_ESCAPE else super().shortcut(event)
