"""A game's end, in one place: its notice (won or lost, the figures, the records it set, the
board's code, the analysis's line worked out off the frame), and the measures and records that
come from the writer's thread a moment later. The store tells the loop when the game's replay
and row are on disk (`History.finished`'s `then`, posted to the loop as a WRITTEN event); the
notice, if still up, takes them in then, and the loop sleeps meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine import Game, GameState
from ...engine.walk import move_events
from ...i18n import _, ngettext, number
from ...store.records import bests_set
from ..analyses import longest
from ..dialogs import NoticeDialog, result_table
from .context import Context
from .laying import big

CODE_ROW_MIN_W = 240  # canvas pixels: a result notice this wide holds the code on one line
WRITTEN = pygame.event.custom_type()  # a finished game's replay and row are on disk: `done`


def post_written(done) -> None:
    """`History.finished`'s `then`, on the writer's thread: the loop is woken to take it in
    (SDL's queue takes events from any thread)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WRITTEN, done=done))


class GameEnd:
    def __init__(self, ctx: Context, game: Callable[[], Game], code: Callable[[], str]) -> None:
        """`game`, `code`: the game on the board and its board code, as the room knows them."""
        self.ctx, self.game, self.code = ctx, game, code
        self.result = None  # (the result notice, the game's Finished) until its measures come
        self.ending = None  # (a big game's Finished, whether it ended this frame): `update`

    def ended(self, done) -> None:
        """The game ended (the session has recorded it): its notice now, or for a big game
        over two frames (docs/DESIGN.md, "Threads"): the one of its last move turns its cells
        over (a loss's mines, 4-8 ms of the loop's own time on 200x200), the next opens the
        notice and hands the game to the analysis (2-3 ms more, and the threads that measure
        and analyse it woken beside that frame, not the first)."""
        if big(self.game()):
            self.ending = (done, True)
        else:
            self.over(done)

    @property
    def waiting(self) -> bool:
        """Something is due next frame (a big game's notice)."""
        return self.ending is not None

    def update(self) -> None:
        """A big game's notice, the frame after its end: taken back or left meanwhile, none."""
        if self.ending is None:
            return
        done, fresh = self.ending
        if fresh:
            self.ending = (done, False)
            return
        self.ending = None
        if done is self.ctx.session.finished:
            self.over(done)

    def over(self, done) -> None:
        """Tell the player how the game went: the measures come when the game is written
        (`written`), and, as soon as it is worked out off the frame, whether the guesses were
        bad luck."""
        g = self.game()
        analyses, key = self.ctx.aids.analyses, self.ctx.session.game_id
        layout, moves = g.layout(), list(g.moves)  # the moves that stand, as the game ended
        analyses.ask_last(key, layout, lambda: (layout, move_events(moves)))

        def summary() -> str | None:
            return analyses.summary(key)

        table = self._table(done)
        code = self.code()
        if code and self.ctx.frame.layout.canvas_size[0] >= CODE_ROW_MIN_W:
            # Translators: a row of the result notice: the board's code, to share the board.
            table.append((_("Code"), code))  # narrower, it would take two lines: the line under
            # the board shows the code anyway, and Ctrl+C copies it
        if g.state is GameState.WON:
            said, title = self._win_lines(done), _("You won!")
        else:
            cleared = g.safe_opened * 100 // max(g.safe_total, 1)
            # Translators: the line under the board after a lost game; cleared is a percentage.
            self.ctx.status.say(_("Boom! %(cleared)d%% cleared") % {"cleared": cleared})
            # Translators: in the notice of a lost game; cleared is a percentage.
            said = [_("%(cleared)d%% of the board cleared.") % {"cleared": cleared}]
            # Translators: the title of the notice of a lost game (a mine went off).
            title = _("Boom!")
        notice = NoticeDialog(
            title, said, table=table, new_game=True, live=summary, analyse=True, live_room=longest()
        )
        self.result = None if done.measured else (notice, done)
        self.ctx.dialogs.open(notice, over_board=True)  # the mines turn over under it

    @staticmethod
    def _win_lines(done) -> list[str]:
        """Under a win's figures: every best it set (records.bests_set), or why it set none;
        and how many times its clock was paused, once its measures say (a paused game counts
        for the records, and its best time is marked as paused in the statistics)."""
        board = "daily" if done.record.daily else ""
        # Translators: a record the win set; best names it ("best time", "best 3BV/s").
        said = [_("New %(best)s!") % {"best": best} for best in bests_set(done.new, board=board)]
        if done.record.why_no_record:  # one line: why this win set no record
            said.append(done.record.why_no_record)
        pauses = done.record.pauses
        if pauses:
            said.append(
                # Translators: in the notice of a won game: how many times its clock was
                # paused while it was played (its time still counts for the records).
                ngettext(
                    "The clock was paused %(count)s time.",
                    "The clock was paused %(count)s times.",
                    pauses,
                )
                % {"count": number(pauses)}
            )
        return said

    def _table(self, done) -> list[tuple[str, str]]:
        g = self.game()
        won = g.state is GameState.WON
        t = done.record.time_ms
        return result_table(t, g.bbbv or 0, g.bbbv_done(), won, done.measured, done.measures)

    def written(self, done) -> None:
        """The game `done` is on disk with its measures, or without them (said: "-"), which are
        then made later from its replay and come the same way: into its notice, if it is still
        the game ended and its notice is still the one shown for it."""
        if self.result is None or self.result[1] is not done:
            return
        notice = self.result[0]
        if done.measures is not None or done is not self.ctx.session.finished:
            self.result = None  # nothing more to come for it (or it was taken back)
        if done is not self.ctx.session.finished:
            return
        notice.table[: len(self._table(done))] = self._table(done)
        if self.game().state is GameState.WON:  # the bests of the measures are known now
            notice.paragraphs = self._win_lines(done)
        notice.refresh()
