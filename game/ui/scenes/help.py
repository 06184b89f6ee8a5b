"""The solver's help on a board: a hint asked for (its cell, its proof's marks, its words) and
the mine odds switched on, both worked out off the frame (game/ui/assist.py) and taken in each
tick. The game played owns one, and so does a replay watched (the odds only: a replay is not
played, so nothing there counts as assistance).
"""

from __future__ import annotations

from typing import Protocol

from ...engine import Game
from ...i18n import _
from ..hints import hint_cells, hint_marks, hint_words, odds_words
from .board import BoardView
from .context import Context

Cell = tuple[int, int]


class Helped(Protocol):
    game: Game
    view: BoardView


class Help:
    def __init__(self, ctx: Context, room: Helped, *, counts: bool, odds: bool = False) -> None:
        """`counts`: whether help taken is noted as assistance (the game played);
        `odds`: whether the odds start switched on."""
        self.ctx, self.room, self.counts = ctx, room, counts
        self.show_probabilities = odds
        self.reset()

    def reset(self) -> None:
        self.hint = None
        self.wants_hint = False
        self.probabilities: dict[Cell, float] | None = None

    @property
    def busy(self) -> bool:
        """An answer is awaited (the loop looks each tick)."""
        return self.wants_hint or (self.show_probabilities and self.ctx.aids.assistant.busy)

    def ask_hint(self) -> None:
        game, status = self.room.game, self.ctx.status
        if not self.counts or game.state.is_over:
            status.say(_("No hint: the game is over"))
        elif not game.is_laid:  # no mine anywhere yet: the first click lays them round it
            status.say(_("The first click is always safe"))
        else:
            self.wants_hint = True
            # a proof where the player is looking first: the view stays where it is
            self.ctx.aids.assistant.ask("hint", game.view(), game.mines, self.room.view.window)

    def toggle_probabilities(self) -> None:
        self.show_probabilities = not self.show_probabilities
        game = self.room.game
        if self.show_probabilities:
            if self.counts and not game.state.is_over:
                self.ctx.session.assist("odds")  # seeing the odds is help, like a hint
            self.ask_odds()
        self.ctx.status.say(_("Mine odds on") if self.show_probabilities else _("Mine odds off"))
        self.ctx.drawn.invalidate()

    def collect(self) -> None:
        """The answers that came, into the board."""
        view, assistant = None, self.ctx.aids.assistant
        if self.wants_hint:
            view = self.room.game.view()
            ready, hint = assistant.answer("hint", view)
            if ready:
                self.wants_hint = False
                self.show_hint(hint)
        if self.show_probabilities:
            view = view or self.room.game.view()
            ready, analysis = assistant.answer("probabilities", view)
            if ready:
                self.probabilities = analysis.probabilities
                self.ctx.drawn.invalidate()

    def show_hint(self, hint) -> None:
        if hint is None:
            self.ctx.status.say(_("Nothing is left to open"))
            return
        self.hint, view = hint, self.room.view
        if self.counts and not self.room.game.state.is_over:
            self.ctx.session.assist("hint")
        self.ctx.status.say(self.hint_words(hint))  # an estimated guess says so itself
        if not view.covered:  # else drawn with the rest when shown again
            self.ctx.drawn.pending.append(hint_cells(hint))
        if not view.in_view(hint.cell):
            view.cursor = hint.cell
            view.follow(hint.cell)

    def hint_words(self, hint) -> str:
        """Why the hint, in words that point at its marks and fit the status line."""
        game = self.room.game
        return hint_words(hint, game.cell, game.mines, self.room.view.status_room())

    def changed(self) -> None:
        """The board changed: the hint was for the board as it was (its marks and words go);
        the odds are asked for again."""
        ctx = self.ctx
        if self.hint is not None:
            if not self.room.view.covered:
                ctx.drawn.pending.append(hint_cells(self.hint))
            if ctx.status.saying() == self.hint_words(self.hint):
                ctx.status.clear()
            self.hint = None
        if self.show_probabilities:
            self.ask_odds()

    def ask_odds(self) -> None:
        game = self.room.game
        self.ctx.aids.assistant.ask("probabilities", game.view(), game.mines)

    def marks(self) -> tuple:
        """(the hint's cell, the odds shown, the hint's proof) for the board's looks: the odds
        are for a game in play (at the end they would hide the mines shown)."""
        showing = self.show_probabilities and not self.room.game.state.is_over
        cell = self.hint.cell if self.hint is not None else None
        return cell, self.probabilities if showing else None, hint_marks(self.hint)

    def words(self) -> str | None:
        """The line under the board at rest: the odds of the cell under the pointer, or the
        hint's words (its marks stay until the board changes: so do the words)."""
        view, odds = self.room.view, self.probabilities
        if self.show_probabilities and odds is not None and not self.room.game.state.is_over:
            cell = view.cell_at(view.mouse_pos)
            if cell is not None and cell in odds:
                return odds_words(odds[cell])
        return None if self.hint is None else self.hint_words(self.hint)
