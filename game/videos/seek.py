"""The board of a video at any moment, reached in small steps: what the video player shows.

A video's board at event `i` is its layout with every action up to that event played on it
(our own replays: the moves our engine played, undo and redo included, `Video.actions`; a
video from elsewhere: the actions the counters found in its events, `Played.actions`). Going
forward plays the actions in between; going back starts again from a copy of the game kept
on the way (a checkpoint, every `every` actions), so a jump anywhere costs at most `every`
actions and one copy. The work is done by `work(budget_ms)`, a slice at a time, so a window
spreads a long seek over its frames (docs/DESIGN.md, "The loop's pace"): a slice starts no
action once its budget is spent, and none it expects to overrun it.

Pure: the engine only, no pygame; the clock it measures its slices with is given.
"""

from __future__ import annotations

import copy
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field, is_dataclass, replace

from ..engine import Game, Move, MoveKind
from ..engine.cells import CellSet
from ..engine.game import RecordedMove
from .model import (
    BUTTON_KINDS,
    LEFT_DOWN,
    LEFT_UP,
    MIDDLE_DOWN,
    MIDDLE_UP,
    MOVE,
    PAUSE,
    RIGHT_DOWN,
    RIGHT_UP,
    UNIT,
    Action,
    Event,
    Video,
)

# Checkpoints: at least every MIN_EVERY actions, and at most MOST_POINTS of them (a 200x200
# game's copy is some 80 KB of view and spread, and its list of moves).
MIN_EVERY = 64
MOST_POINTS = 96
# Undo in our own replays rebuilds from the engine's own snapshots: this many moves apart, an
# undo replays at most this many (the engine's default, 1,000, is some 10 ms on 200x200).
ENGINE_EVERY = 128
FIRST_GUESS_MS = 0.05  # what an action is expected to cost before one was measured
LEFT, RIGHT, MIDDLE = 1, 2, 4  # the buttons held, as bits (`held`)
_BUTTON = {
    LEFT_DOWN: (LEFT, True),
    LEFT_UP: (LEFT, False),
    RIGHT_DOWN: (RIGHT, True),
    RIGHT_UP: (RIGHT, False),
    MIDDLE_DOWN: (MIDDLE, True),
    MIDDLE_UP: (MIDDLE, False),
}
_KINDS = {"open": MoveKind.OPEN, "flag": MoveKind.FLAG, "chord": MoveKind.CHORD}


@dataclass
class Slice:
    """What one `work` call did, by the seeker's own clock: the actions it played, whether it
    went back to a checkpoint, the ms it had spent when it began its last action (never the
    budget or more) and in all."""

    played: int = 0
    restored: bool = False
    before_last_ms: float = 0.0
    spent_ms: float = 0.0
    budget_ms: float = 0.0


@dataclass
class _Changes:
    """The cells changed since the board was last drawn: each action's, with its cell (for a
    turning cascade), or None once they are not known (a checkpoint restored: the window
    compares what it shows with the board instead)."""

    moves: list[tuple[CellSet, tuple[int, int]]] | None = field(default_factory=list)


class Seeker:
    def __init__(
        self,
        video: Video,
        played,
        new_game: Callable[[], Game],
        *,
        every: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """`played`: the counters' `Played` of the video (one `Counters` an event, the
        actions found, the 3BV); `new_game`: the video's board before any action."""
        self.video, self.played = video, played
        actions = video.actions if video.actions is not None else played.actions
        self.events = video.events
        if hasattr(self.events, "held"):  # packed by a worker (packed.py): walked over there
            self.actions = actions
            self.times, self.held_at, self.pauses = (
                self.events.times,
                self.events.held,
                self.events.pauses,
            )
            self.at = actions.at  # each action's event index
        else:
            self._walk(list(actions))
        self.clock = clock
        n = len(self.actions)
        self.every = every or max(MIN_EVERY, -(-n // MOST_POINTS))
        self.undoes = any(a.kind == "undo" for a in self.actions)
        self.game = self._fresh(new_game)
        self.done = 0  # actions played on `game`
        self.target = 0  # actions the board should show
        self.points: dict[int, Game] = {0: _copy(self.game)}
        self.changes = _Changes()
        self.cost_ms = FIRST_GUESS_MS  # what an action costs, as measured lately
        self.last = Slice()
        self._ahead: tuple[int, Game] | None = None  # (actions, a game) laying checkpoints

    def _walk(self, actions: list[Action]) -> None:
        """The times, the buttons held, the pauses and each action's event, worked out here
        for a video that was not packed (game/videos/packed.py does it in the worker)."""
        self.actions = actions
        if not self.events and actions:  # moves alone, no pointer: a moment a move
            self.events = [Event(a.t, MOVE, *_centre(a.row, a.col)) for a in actions]
            self.actions = [replace(a, index=k) for k, a in enumerate(actions)]
        self.times = [e.t for e in self.events]
        self.at = positions(self.actions, self.times)
        self.held_at = held_states(self.events)
        self.pauses = [e.t for e in self.events if e.kind == PAUSE]

    def _fresh(self, new_game: Callable[[], Game]) -> Game:
        """The board before any action. The engine's own snapshots serve only undo: a video
        without one keeps none (compressing them was a fifth of playing a 200x200 game)."""
        game = new_game()
        if game.checkpoint_every:  # 0: a game started from a view, which keeps none
            game.checkpoint_every = ENGINE_EVERY if self.undoes else 0
        return game

    # ---- where in the video -----------------------------------------------------------------

    @property
    def last_index(self) -> int:
        return len(self.times) - 1

    @property
    def duration_ms(self) -> int:
        """The video's length: its last event, or the time the file gives if later."""
        last = self.times[-1] if self.times else 0
        return max(last, self.video.time_ms or 0)

    def index_at(self, t_ms: float) -> int:
        """The last event at or before `t_ms` on the game's clock; -1 before the first."""
        return bisect_right(self.times, t_ms) - 1

    def actions_at(self, index: int) -> int:
        """How many actions the board shows at event `index` (-1: none)."""
        return bisect_right(self.at, index)

    def action_index(self, count: int) -> int:
        """The event the `count`-th action came with (-1 for none)."""
        return -1 if count <= 0 else self.at[min(count, len(self.at)) - 1]

    def figures(self, index: int):
        """The counters at event `index` (`Counters`), None before the first event."""
        counters = self.played.counters
        return counters[index] if 0 <= index < len(counters) else None

    def pointer(self, index: int) -> tuple[int, int] | None:
        """The pointer at event `index`, in board units; None before the first event."""
        if not 0 <= index < len(self.times):
            return None
        e = self.events[index]
        return e.x, e.y

    def held(self, index: int) -> int:
        """The buttons down after event `index`: LEFT, RIGHT and MIDDLE as bits."""
        at, states = self.held_at
        k = bisect_right(at, index) - 1
        return states[k] if k >= 0 else 0

    def trail(self, index: int, ms: int, most: int) -> list[tuple[int, int]]:
        """The pointer's places over the `ms` before event `index` (oldest first, the
        pointer's own last), at most `most` of them (evenly picked)."""
        if not 0 <= index < len(self.times):
            return []
        first = max(0, bisect_right(self.times, self.times[index] - ms))
        events = self.events
        step = max(1, -(-(index + 1 - first) // most))
        picked = range(index, first - 1, -step)
        return [(events[k].x, events[k].y) for k in reversed(picked)]

    # ---- the board --------------------------------------------------------------------------

    def seek(self, index: int) -> None:
        """Ask for the board at event `index`; `work` gets it there."""
        self.target = self.actions_at(index)

    @property
    def settled(self) -> bool:
        return self.done == self.target

    def work(self, budget_ms: float) -> bool:
        """Go towards the board asked for, for at most about `budget_ms`; whether it is
        there. Back (or far on, past a checkpoint already made) starts from the nearest
        checkpoint at or before it."""
        start = self.clock()
        piece = self.last = Slice(budget_ms=budget_ms)
        if self.done != self.target:
            self._restore_nearest(piece)
        while self.done < self.target:
            spent = (self.clock() - start) * 1000
            if piece.played and spent + self.cost_ms > budget_ms:
                break
            piece.before_last_ms = spent
            self._step()
            piece.played += 1
        piece.spent_ms = (self.clock() - start) * 1000
        if piece.played:  # measured lately: a slice's own actions, weighed with the past
            self.cost_ms = (self.cost_ms + piece.spent_ms / piece.played) / 2
        return self.done == self.target

    def settle(self) -> None:
        """The board asked for, now, however long it takes (a small board, a test)."""
        while not self.work(1e9):
            pass

    def take_changes(self) -> list[tuple[CellSet, tuple[int, int]]] | None:
        """The cells changed since the last call (each action's, with its cell), or None
        when a checkpoint was restored meanwhile: then compare the board with what is shown."""
        moves, self.changes = self.changes.moves, _Changes()
        return moves

    def _restore_nearest(self, piece: Slice) -> None:
        if self.done <= self.target <= self.done + self.every:
            return  # on from here: no more than a checkpoint's span
        best = max(k for k in self.points if k <= self.target)
        if self.done <= self.target and best <= self.done:
            return  # no checkpoint between: on from here
        self.game = _copy(self.points[best])
        self.done = best
        self.changes.moves = None
        piece.restored = True

    def _step(self) -> None:
        action = self.actions[self.done]
        changed = play_action(self.game, action)
        self.done += 1
        if self.changes.moves is not None and changed:
            self.changes.moves.append((changed, (action.row, action.col)))
        if self.done % self.every == 0 and self.done not in self.points:
            self.points[self.done] = _copy(self.game)

    def ahead(self, budget_ms: float) -> bool:
        """Spare time: lay the checkpoints still missing, on a game of their own, so a later
        jump anywhere costs little; whether all are laid."""
        n = len(self.actions)
        last = n // self.every * self.every
        if last in self.points:
            self._ahead = None
            return True
        if self._ahead is None:
            k = max(self.points)
            self._ahead = (k, _copy(self.points[k]))
        k, game = self._ahead
        start = self.clock()
        while k < n and (self.clock() - start) * 1000 + self.cost_ms <= budget_ms:
            play_action(game, self.actions[k])
            k += 1
            if k % self.every == 0 and k not in self.points:
                self.points[k] = _copy(game)
        self._ahead = (k, game)
        return last in self.points


def play_action(game: Game, action: Action) -> CellSet:
    """One action on the game as the engine plays it; the cells it changed. An action off
    the board (a file's, not ours) changes nothing, as a click there would."""
    if action.kind == "undo":
        return game.undo()
    if action.kind == "redo":
        return game.redo()
    kind = _KINDS.get(action.kind)
    if kind is None or not (0 <= action.row < game.rows and 0 <= action.col < game.cols):
        return CellSet()
    mark = getattr(action, "mark", None)  # the mark a flag left, when the video says it
    if kind is MoveKind.FLAG and mark is not None:
        return game.play_recorded(RecordedMove(kind, action.row, action.col, action.t, mark))
    return game.play(Move(kind, action.row, action.col), at_ms=action.t)


def _centre(row: int, col: int) -> tuple[int, int]:
    return col * UNIT + UNIT // 2, row * UNIT + UNIT // 2


def positions(actions: list[Action], times: list[int]) -> list[int]:
    """Each action's event index, never before the one before it: its own event, or for an
    action that came with none (a key press), or names one later than itself, the last event
    at or before its time (the first event, if it came before them all)."""
    found, last = [], -1
    for a in actions:
        own = 0 <= a.index < len(times) and times[a.index] <= a.t
        at = a.index if own else max(0, bisect_right(times, a.t) - 1)
        last = max(last, at)
        found.append(last)
    return found


def held_states(events) -> tuple[list[int], list[int]]:
    """The index of each button event and the buttons held after it (bits)."""
    at, states, held = [], [], 0
    for k, e in enumerate(events):
        if e.kind in BUTTON_KINDS:
            bit, down = _BUTTON[e.kind]
            held = held | bit if down else held & ~bit
            at.append(k)
            states.append(held)
    return at, states


def _copy(game: Game) -> Game:
    """A copy of a game that shares nothing that changes: its containers copied, the board's
    mines and openings (which never change) shared."""
    twin = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, bytearray | list | dict | set):
            setattr(twin, name, value.copy())
        elif is_dataclass(value) and not isinstance(value, type):
            setattr(twin, name, copy.copy(value))
    return twin
