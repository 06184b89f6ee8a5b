"""Watching a replay: the replay's own clock, its speed, pause and step.

Owns only time and position in the move list; the window applies the moves it hands out to a
game of its own and draws them like any other move.
"""

from __future__ import annotations

from ..engine.game import RecordedMove
from ..store.replays import Replay

SPEEDS = (0.5, 1.0, 2.0, 4.0)


class Playback:
    def __init__(self, replay: Replay, now_ms: int) -> None:
        self.replay = replay
        self.speed_index = 1
        self.paused = False
        self.restart(now_ms)

    def restart(self, now_ms: int) -> None:
        self.position_ms = 0.0  # the replay's clock: ms since its first click
        self.next = 0  # index of the next move to hand out
        self._last = now_ms

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def finished(self) -> bool:
        return self.next >= len(self.replay.moves)

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))

    def toggle_pause(self, now_ms: int) -> None:
        self.tick(now_ms)
        self.paused = not self.paused

    def hold(self, now_ms: int) -> None:
        """Let time pass without the replay's clock moving (a dialog is open)."""
        self._last = now_ms

    def tick(self, now_ms: int) -> list[RecordedMove]:
        """The moves whose time has come since the last tick."""
        if not self.paused and not self.finished:
            self.position_ms += (now_ms - self._last) * self.speed
        self._last = now_ms
        due = []
        moves = self.replay.moves
        while self.next < len(moves) and moves[self.next].at_ms <= self.position_ms:
            due.append(moves[self.next])
            self.next += 1
        return due

    def step(self) -> RecordedMove | None:
        """Pause, and hand out the next move at once."""
        self.paused = True
        if self.finished:
            return None
        move = self.replay.moves[self.next]
        self.next += 1
        self.position_ms = max(self.position_ms, move.at_ms)
        return move
