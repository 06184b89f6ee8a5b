"""The stack of dialogs: the one shown and the ones waiting behind it (`DialogStack`, shared
through the context so any room can open one), and the room that gives it the input while one
is up and hands each typed answer to the handler wired for its type (`DialogScene`). It never
decides what an answer means.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...session import PAUSE_DIALOG, Session
from ..dialogs import Closed, Dialog, StatsDialog, StatsPages
from ..drawstate import DrawState
from ..frame import Frame
from ..render import dialog_room, draw_dialog
from ..widgets import Metrics
from .layer import BUTTONS, MOUSE, Layer

WARM_AFTER = 5  # frames: the first ones (the window's first frame, the sounds) go first


class DialogStack:
    """The dialog shown and the ones waiting; the game is paused while one is up."""

    def __init__(self, session: Session, frame: Frame) -> None:
        self.session = session
        self.frame = frame
        self.dialog: Dialog | None = None
        self.queued: list[Dialog] = []
        self.over_board = False  # the dialog shown is drawn over the board as it is drawn

    def open(self, dialog: Dialog, *, over_board: bool = False) -> None:
        """Show a dialog now, or after the one on screen closes. `over_board`: its panel goes
        over the canvas as it is, and cells that change under it are drawn with the panel
        again over them (the end of a big game: no redraw of the whole board, each frame
        of the mines' turning over), where a dialog otherwise has the board drawn afresh
        under it at each change."""
        if self.dialog is not None:
            self.queued.append(dialog)
            return
        self.dialog, self.over_board = dialog, over_board
        self.session.pause(PAUSE_DIALOG)
        if getattr(dialog, "covers_board", False):  # the map: the frame round it drawn too
            self.frame.drawn.invalidate()
        elif not over_board:  # the board again (veiled by the pause), the panel over it
            self.frame.drawn.redraw_board()

    def close(self) -> None:
        """The dialog shown is done: the next one waiting, or the game plays on."""
        self.over_board = False
        self.dialog = self.queued.pop(0) if self.queued else None
        if self.dialog is None:
            self.session.resume(PAUSE_DIALOG)
        self.frame.drawn.invalidate()


class DialogScene(Layer):
    """While a dialog is up it takes the keys and the mouse (the window keeps Ctrl+Q)."""

    def __init__(
        self, stack: DialogStack, drawn: DrawState, answers: dict[type, Callable[[object], None]]
    ) -> None:
        """`answers`: for each type of result a dialog can give, what is done with it."""
        self.stack = stack
        self.drawn = drawn
        self.answers = answers
        self.pages = StatsPages()  # the statistics laid out ahead, in spare frames
        self.frames = 0

    def handle(self, event: pygame.event.Event) -> bool:
        dialog, t = self.stack.dialog, event.type
        if dialog is None:
            return False
        if t == pygame.KEYDOWN:
            self.answer(dialog.key(event))
        elif t in MOUSE:
            if t != pygame.MOUSEMOTION and event.button not in BUTTONS:
                return True
            self.answer(dialog.mouse(event, self.stack.frame.layout.text_point))
        elif t == pygame.MOUSEWHEEL:
            dialog.wheel(event)
        else:
            return False
        return True

    def answer(self, result: object | None) -> None:
        """A dialog's result: None keeps it open (it redraws itself if it changed); a result
        that keeps it open (a setting changed) is handled with it still up; any other closes
        it first, then goes to its handler."""
        if result is None:
            return
        handler = self.answers.get(type(result))
        if handler is None:
            raise ValueError(f"unknown dialog result {result!r}")
        if getattr(result, "keeps_open", False):
            handler(result)
            return
        self.stack.close()
        if not isinstance(result, Closed):
            handler(result)

    def update(self, now: int) -> None:
        if self.stack.dialog is not None:
            self.stack.dialog.tick()
        self.frames += 1

    def _lay_out_ahead(self, full: bool) -> None:
        """A statistics page laid out ahead, in a spare frame: drawn after the board, so that
        a frame that had much to draw (everything, cells a chore's answer changed, a cascade's
        rings) is known and left alone; not in the first frames either."""
        drawn = self.drawn
        if self.frames <= WARM_AFTER or drawn.animation:
            return
        if isinstance(self.stack.dialog, StatsDialog):  # shown: nothing to lay out ahead
            self.pages.left = False
            return
        if full or drawn.pending:  # a dialog opened or closed, cells changed: look next frame
            self.pages.left = True
            return
        frame = self.stack.frame  # a page a spare frame
        self.pages.warm(
            self.stack.session.history.stats,
            frame.board.kind,
            Metrics.of(frame.theme),
            *dialog_room(frame.layout),
        )

    def due(self, now: int) -> int | None:
        return now if self.pages.left else None

    def place(self) -> None:
        """Lay the dialog out for this frame; draw what it uncovers when it shrank or cells
        changed under it."""
        dialog, frame = self.stack.dialog, self.stack.frame
        if dialog is None:
            return
        dialog.place(Metrics.of(frame.theme), *dialog_room(frame.layout))
        if not self.drawn.full and (
            self.drawn.pending
            and not self.stack.over_board
            or dialog.dirty
            and not dialog.covers_drawn()
        ):
            self.drawn.invalidate()

    def draw(self, full: bool) -> None:
        dialog = self.stack.dialog
        if dialog is not None and (full or dialog.dirty or self.drawn.board_anew):
            draw_dialog(self.stack.frame.renderer, dialog)
        self._lay_out_ahead(full)
