"""A video watched over the game in play (which waits, its clock paused): our own replays and
the community's videos alike (game/videos/). The board as it stood at the moment shown (the
board's view and drawing are the game's: board.py, drawstate), the pointer where the video
had it (a crisp arrow at the board's zoom, a fading trail of its last 300 ms, the buttons held
lit on a small mouse beside it), a timeline in the line under the board (widgets/timeline.py:
click or drag to any moment, the pauses marked), its keys (keys.REPLAY_KEYS: play and pause,
speed 0.1x to 10x, a step of one event or one board action either way, the start, the end),
and the counters of the moment in a panel over the board's corner, at the text scale.

The board at a moment is game/videos/seek.py's `Seeker`: a jump is worked out a slice a frame
(`STEP_MS`), so a long jump on a big board spreads over frames and the window keeps
answering; the board is drawn again once it is there, only the cells that differ. A video is
watched, not played: the board takes no click. Leaving it is games.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...engine import Game, GameState
from ...engine.cells import CellSet
from ...engine.game import shown_seconds
from ...session import PAUSE_DIALOG, PAUSE_REPLAY
from ...store.replays import ReplayError
from ...videos.model import Video, VideoError
from ...videos.seek import Seeker
from .. import keys
from ..gestures import LEFT
from ..render import Looks
from ..widgets.timeline import Timeline
from .board import Watched
from .context import Context
from .help import Help
from .video_drawing import VideoDrawing, VideoView

SPEEDS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 10.0)
NORMAL = SPEEDS.index(1.0)
STEP_MS = 6.0  # the most of a frame a jump may take (the frame's own drawing needs the rest)
AHEAD_MS = 3.0  # spare time in a frame the jump left: checkpoints laid ahead (seek.py)


class VideoScene(VideoDrawing, Watched):
    KEYS = keys.REPLAY_KEYS

    def __init__(
        self,
        ctx: Context,
        video: Video,
        played,
        new_game: Callable[[], Game] | None,
        speed_index: int | None = None,
        *,
        leave: Callable[[], None],
        odds: bool = False,
    ) -> None:
        """`played`: the counters' `Played` of the video; `new_game`: its board before any
        action (None: one from its layout); `leave`: what Esc does (the games' to decide);
        `odds`: whether the mine odds are on (as they were over the game played)."""
        self.ctx = ctx
        ctx.frame.set_watching(True)  # the counters of the moment: lines under the board
        self.video, self.played = video, played
        self.seeker = Seeker(video, played, new_game or partial(Game.from_layout, video.layout))
        self.speed_index = NORMAL if speed_index is None else speed_index
        self.position_ms = 0.0  # the video's clock: ms on the game's clock
        self.index = -1  # the event shown (-1: before the first)
        self.playing = True
        self.dragging: bool | None = None  # on the timeline: whether it played before
        # the counters of the moment are on the lines under the board; I shows them all in a
        # panel over the board's corner too
        self.counters_shown = False
        self.leave_it = leave
        self._last = ctx.aids.now()
        self._rows: list[str] = self.seeker.game.view()  # the board as last drawn
        self.under_overlay: list[tuple[int, int]] = []  # cells the pointer last covered
        self._overlay_key: tuple | None = None  # what the pointer last showed
        self.timeline = Timeline()
        self.timeline_drawn: tuple | None = None
        self.help = Help(ctx, self, counts=False, odds=odds)
        self.view = VideoView(ctx, self)
        if odds:
            self.help.ask_odds()

    @property
    def game(self) -> Game:
        return self.seeker.game

    # ---- the clock and the board ------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def finished(self) -> bool:
        return self.index >= self.seeker.last_index and not self.playing

    def update(self, now: int) -> None:
        self.help.collect()
        elapsed, self._last = now - self._last, now
        if self.playing and self.dragging is None and not self.ctx.session.paused_by(PAUSE_DIALOG):
            end = self.seeker.duration_ms
            self.position_ms = min(end, self.position_ms + elapsed * self.speed)
            self.index = self.seeker.index_at(self.position_ms)
            if self.position_ms >= end:
                self.playing = False  # the end: it waits there
        self.seeker.seek(self.index)
        if self.seeker.work(STEP_MS):
            self._show_changes()
            spare = STEP_MS - self.seeker.last.spent_ms
            if spare > AHEAD_MS:
                self.seeker.ahead(AHEAD_MS)

    def _show_changes(self) -> None:
        """The board reached the moment asked for: what changed is drawn again (each action's
        cells, turned over as a move's are while it plays at most at normal speed; after a
        jump, the cells in view that differ)."""
        moves = self.seeker.take_changes()
        if moves == []:
            return
        motion = (
            self.ctx.settings.motion
            and self.ctx.aids.motion_allowed
            and self.speed <= 1.0
            and moves is not None
            and len(moves) == 1
        )
        if moves is None:
            self._draw_difference()
        else:
            for changed, cell in moves:
                self.view.follow(cell)  # the play in view, as it goes on a big board
                self.view.changed(changed, cell, motion)
        self._rows = self.game.view()
        self.help.changed()

    def _draw_difference(self) -> None:
        rows, now = self._rows, self.game.view()
        top, left, high, wide = self.view.window
        runs = []
        for r in range(top, min(top + high, len(now))):
            old, new = rows[r], now[r]
            if old[left : left + wide] == new[left : left + wide]:
                continue
            c = left
            while c < min(left + wide, len(new)):
                if old[c] != new[c]:
                    first = c
                    while c < len(new) and old[c] != new[c]:
                        c += 1
                    runs.append((r, first, c))
                else:
                    c += 1
        if runs:
            self.ctx.drawn.pending.append(CellSet(runs))

    def go_to(self, index: int, *, playing: bool | None = None) -> None:
        """Show event `index` (-1: before the first), paused unless `playing` says."""
        seeker = self.seeker
        self.index = max(-1, min(index, seeker.last_index))
        self.position_ms = float(seeker.times[self.index]) if self.index >= 0 else 0.0
        if playing is not None:
            self.playing = playing
        seeker.seek(self.index)

    def go_to_time(self, t_ms: float) -> None:
        self.position_ms = max(0.0, min(float(t_ms), self.seeker.duration_ms))
        self.index = self.seeker.index_at(self.position_ms)
        self.seeker.seek(self.index)

    # ---- input ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN and event.button == LEFT:
            part = self._timeline_part(event.pos)
            if part == "play":
                self.act("replay_pause")
                return True
            if part == "bar":
                self.dragging = self.playing
                self._drag_to(event.pos)
                return True
        elif t == pygame.MOUSEMOTION and self.dragging is not None:
            self._drag_to(event.pos)
            return True
        elif t == pygame.MOUSEBUTTONUP and event.button == LEFT and self.dragging is not None:
            self._drag_to(event.pos)
            self.playing, self.dragging = self.dragging, None
            self._last = self.ctx.aids.now()
            return True
        return super().handle(event)

    def _timeline_part(self, pos: tuple[int, int]) -> str | None:
        lay = self.ctx.frame.layout
        point = lay.text_point(*pos)
        if point is None or self.ctx.status.message is not None:
            return None
        return self.timeline.part_at(point)

    def _drag_to(self, pos: tuple[int, int]) -> None:
        point = self.ctx.frame.layout.text_point(*pos)
        if point is not None:
            self.go_to_time(self.timeline.time_at(point[0]))

    def act(self, action: str) -> None:
        seeker = self.seeker
        if action == "replay_pause":
            if not self.playing and self.index >= seeker.last_index:
                self.go_to(-1)  # at the end: play from the start
            self.playing = not self.playing
            self._last = self.ctx.aids.now()
        elif action in ("replay_next", "replay_previous"):
            self.go_to(self.index + (1 if action == "replay_next" else -1), playing=False)
        elif action in ("replay_next_action", "replay_previous_action"):
            count = seeker.actions_at(self.index)
            if action == "replay_next_action" and count < len(seeker.actions):
                self.go_to(seeker.action_index(count + 1), playing=False)
            elif action == "replay_previous_action" and count > 0:
                # the moment before the last action shown
                self.go_to(seeker.action_index(count) - 1, playing=False)
        elif action in ("replay_faster", "replay_slower"):
            step = 1 if action == "replay_faster" else -1
            self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        elif action == "replay_first":
            self.go_to(-1)
        elif action == "replay_last":
            self.go_to(seeker.last_index, playing=False)
            self.position_ms = float(seeker.duration_ms)
        elif action == "replay_restart":
            self.go_to(-1, playing=True)
        elif action == "replay_counters":
            self.counters_shown = not self.counters_shown
            self.ctx.drawn.invalidate()  # the board under the panel comes back
        elif action == "replay_leave":
            self.leave_it()
        self.ctx.drawn.status = None

    def due(self, now: int) -> int | None:
        busy = self.playing or not self.seeker.settled or self.help.busy
        return now if busy or self.dragging is not None else None

    # ---- what the board shows ---------------------------------------------------------------

    def looks(self) -> Looks:
        hint, odds, _proof = self.help.marks()
        start = self.game.first_click if self.game.state is GameState.READY else None
        return Looks(hint=hint, probabilities=odds, start=start)

    def timer_value(self) -> int:
        return shown_seconds(int(self.position_ms) if self.index >= 0 else None)

    def resting_status(self) -> str:
        return self.help.words() or self.status()

    def status(self) -> str:
        """The timeline's words: the moment and the speed, "paused" or "end" (the timeline
        draws them with its bar; the line shows them alone only where a message was)."""
        return self.timeline_words()[1]

    def leave(self) -> None:
        self.view.close()
        self.ctx.frame.set_watching(False)
        self.ctx.session.resume(PAUSE_REPLAY)


def of_replay(replay) -> tuple:
    """One of our replays already read, as a video and its counters (a chore's work: the
    counters play every event)."""
    from ...videos.mouse import play
    from ...videos.ours import video_of_replay

    video = video_of_replay(replay)
    return video, play(video)


def read_file(analyses, path: str) -> tuple | VideoError | ReplayError:
    """A video file read, checked and its counters worked out in the analyses' worker
    process, as an analysis reads its replay (reading plays the whole game again: too long
    to hold the interpreter lock beside the frames); what is wrong with it, if anything."""
    from ...videos.files import load_for_watching  # its one call site
    from ...worker import WorkerDied  # the workers: not before the first frame

    try:
        if analyses.threaded:
            return analyses.worker.call(load_for_watching, path)
        return load_for_watching(path)
    except (VideoError, ReplayError) as e:
        return e
    except WorkerDied:  # killed (out of memory, a signal): the file is not read, say so
        from ...video_commands import stopped_reading

        return VideoError(stopped_reading(path))
