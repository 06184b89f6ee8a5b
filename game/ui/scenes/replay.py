"""A replay watched over the game in play (which waits, its clock paused): its board view
(scrolled and zoomed as the game's), its keys, its clock (held while a dialog or a menu is
open), the odds if switched on, and its line under the board. A replay is watched, not played:
the board takes no click. Leaving or restarting it is games.py's.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Game, GameState
from ...engine.game import shown_seconds
from ...i18n import _, number, pgettext
from ...session import PAUSE_DIALOG, PAUSE_REPLAY
from .. import keys
from ..playback import Playback
from ..render import Looks
from .board import Watched
from .context import Context
from .help import Help


class ReplayScene(Watched):
    KEYS = keys.REPLAY_KEYS

    def __init__(
        self,
        ctx: Context,
        replay,
        game: Game,
        speed_index: int | None = None,
        *,
        restart: Callable[[], None],
        leave: Callable[[], None],
        odds: bool = False,
    ) -> None:
        """`restart`, `leave`: what R and Esc do (the games' to decide); `odds`: whether the
        mine odds are on (as they were over the game played)."""
        self.game = game
        self.playback = Playback(replay, ctx.aids.now())
        if speed_index is not None:
            self.playback.speed_index = speed_index
        self.restart, self.leave_it = restart, leave
        self.bbbv_done: int | None = None
        self.help = Help(ctx, self, counts=False, odds=odds)
        super().__init__(ctx)
        if odds:
            self.help.ask_odds()

    def act(self, action: str) -> None:
        pb = self.playback
        if action == "replay_pause":
            pb.toggle_pause(self.ctx.aids.now())
        elif action == "replay_step":
            move = pb.step()
            if move is not None:
                self.play(move)
        elif action == "replay_faster":
            pb.change_speed(1)
        elif action == "replay_slower":
            pb.change_speed(-1)
        elif action == "replay_restart":
            self.restart()
        elif action == "replay_leave":
            self.leave_it()
        self.ctx.drawn.status = None

    def update(self, now: int) -> None:
        self.help.collect()
        if not self.ctx.session.paused_by(PAUSE_DIALOG):
            for move in self.playback.tick(now):
                self.play(move)
        else:
            self.playback.hold(now)  # the replay's clock waits under a dialog or a menu

    def due(self, now: int) -> int | None:
        pb = self.playback
        held = pb.paused or pb.finished
        return None if held and not self.help.busy else now  # playing back: the fixed tick

    def play(self, move) -> None:
        changed = self.game.play_recorded(move)
        self.bbbv_done = None
        self.view.follow((move.row, move.col))  # the play in view, as it goes on a big board
        if changed:
            motion = self.ctx.settings.motion and self.ctx.aids.motion_allowed
            self.view.changed(changed, (move.row, move.col), motion)
            self.help.changed()

    def looks(self) -> Looks:
        hint, odds, _proof = self.help.marks()
        start = self.game.first_click if self.game.state is GameState.READY else None
        return Looks(hint=hint, probabilities=odds, start=start)

    def resting_status(self) -> str:
        return self.help.words() or self.status()

    def timer_value(self) -> int:
        pb = self.playback
        return shown_seconds(int(pb.position_ms) if pb.next else None)

    def status(self) -> str:
        pb, g = self.playback, self.game
        if pb.paused:
            state = pgettext("replay", "paused")
        elif pb.finished:
            state = pgettext("replay", "end")  # the replay is over
        else:
            # Translators: a replay's speed, shown in its line ("x2", "x0.5").
            state = _("x%(speed)s") % {"speed": _speed(pb.speed)}
        if self.bbbv_done is None:
            self.bbbv_done = g.bbbv_done()
        # Translators: a replay's line under the board: state is "paused", "end" or its speed
        # ("x2"); done/total the 3BV solved so far of the board's; clicks the moves played.
        words = _("%(state)s 3BV %(done)d/%(total)d clk %(clicks)d")
        return words % {
            "state": state,
            "done": self.bbbv_done,
            "total": g.bbbv or 0,
            "clicks": len(g.moves),
        }

    def leave(self) -> None:
        self.view.close()
        self.ctx.session.resume(PAUSE_REPLAY)


def _speed(speed: float) -> str:
    """A replay's speed as the language writes numbers (0.5, 2), its decimals as needed."""
    plain = f"{speed:g}"
    return number(speed, len(plain.partition(".")[2]))
