"""Our own replays as videos: a journal's lines (docs/FORMATS.md) turned into the pointer and
button events the community's tools read (game/videos/model.py), and the moves our engine
played as the video's actions.

The events are what the player did, as they did it, wherever the community's rules
(game/videos/mouse.py, as Metasweeper and ms-toollib count) read them as the same move: a left
click that opened a cell, a right click that flagged one, both buttons that chorded. Where our
game reads a gesture otherwise, the gesture is written as the click those tools know for the
move it made, at the move's cell and time, so the board they replay is ours:

- a left click on an open number that chorded ("chord on left click", docs/RULES.md) is a
  chord of both buttons there;
- a long left press that flagged is a right click;
- a key (Space, F, D on the keyboard cursor; r, f, c in the terminal) is the pointer moved to
  its cell and the click it stands for;
- the middle button dragged to move the board (no move) is no click at all;
- a left click on a flag before the first opening (it did nothing; a key's too) is no click: their
  rules hold the left button as down after it, and would read the next right click as a chord.

A click that did nothing stays as it was (a wasted click for them too). A version 2 journal
has no pointer: each button is placed on the middle of its cell. A version 1 replay has only
its moves: each is written as its click.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .model import (
    BUTTON_KINDS,
    LEFT_DOWN,
    LEFT_UP,
    MIDDLE_DOWN,
    MIDDLE_UP,
    MOVE,
    OURS,
    PAUSE,
    RESUME,
    RIGHT_DOWN,
    RIGHT_UP,
    UNIT,
    Action,
    Event,
    Video,
)

_DOWN = {"left": (LEFT_DOWN,), "right": (RIGHT_DOWN,), "middle": (MIDDLE_DOWN,)}
_DOWN["both"] = (LEFT_DOWN, RIGHT_DOWN)
_UP = {"left": (LEFT_UP,), "right": (RIGHT_UP,), "middle": (MIDDLE_UP,)}
_UP["both"] = (LEFT_UP, RIGHT_UP)
# The click each move is written as when the gesture that made it is not one the community's
# rules read so (and for keys and version 1 moves).
CLICKS = {
    "open": (LEFT_DOWN, LEFT_UP),
    "flag": (RIGHT_DOWN, RIGHT_UP),
    "chord": (LEFT_DOWN, RIGHT_DOWN, LEFT_UP, RIGHT_UP),
}
_KEY_MOVES = {"space": "open", "r": "open", "f": "flag", "d": "chord", "c": "chord"}
_SERIALS = itertools.count()
PAN_UNITS = 2 * UNIT  # the middle button dragged this far moved the board (gestures.PAN_CELLS)


def centre(row: int, col: int) -> tuple[int, int]:
    """The middle of a cell in board units."""
    return col * UNIT + UNIT // 2, row * UNIT + UNIT // 2


@dataclass
class _Gesture:
    """One input: from a button going down with none held (or a key) to the next input; its
    raw lines, the pointer's moves among them, and the moves the game made of it."""

    key: str | None = None
    cell: tuple[int, int] | None = None  # a key's cell
    raw: list[Event] = field(default_factory=list)  # buttons and moves, as they came
    buttons: set[str] = field(default_factory=set)
    moves: list[Mapping] = field(default_factory=list)  # move lines, did "nothing" too
    held: set[str] = field(default_factory=set)
    presses: int = 0  # its button events so far: what changes its clicks (not the way)
    serial: int = field(default_factory=lambda: next(_SERIALS))  # which input it is


class Converter:
    def __init__(self) -> None:
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.at = (-1, -1)  # the pointer, off the board until it is seen
        self.gesture: _Gesture | None = None
        self.started = False  # a cell was opened
        self.flags_before: set[tuple[int, int]] = set()

    def add(self, t: int, kind: str, x: int, y: int) -> None:
        """A point of the pointer's way: with the input under way, if any (written with it)."""
        self.at = (x, y)
        target = self.gesture.raw if self.gesture is not None else self.events
        target.append(Event(t, kind, x, y))

    def line(self, entry: Mapping) -> None:
        kind, t = entry.get("e"), entry.get("t", 0)
        if kind == "path":
            points = entry["p"]
            x, y = points[0], points[1]
            self.add(t, MOVE, x, y)
            for k in range(2, len(points), 2):
                x, y = x + points[k], y + points[k + 1]
                self.add(t, MOVE, x, y)
        elif kind in ("press", "release"):
            self.button(t, kind == "press", entry)
        elif kind == "key":
            self.finish()
            cell = entry.get("cell")
            self.gesture = _Gesture(key=entry.get("k"), cell=tuple(cell) if cell else None)
        elif kind == "move":
            g = self.gesture
            if g is None or g.key is None and not g.buttons:
                # a move of no input of its own (a version 1 replay, a board laid off the
                # frame): an input by itself
                self.finish()
                self.gesture = _Gesture()
            self.gesture.moves.append(entry)
            if entry.get("did") != "nothing":
                self.act(t, entry["kind"], *entry["cell"], entry.get("mark"))
        elif kind in ("undo", "redo"):
            self.finish()
            self.actions.append(Action(t, len(self.events) - 1, kind, -1, -1))
        elif kind in ("pause", "resume"):
            self.add(t, PAUSE if kind == "pause" else RESUME, *self.at)

    def button(self, t: int, down: bool, entry: Mapping) -> None:
        name = entry["b"]
        if "x" in entry:
            x, y = entry["x"], entry["y"]
        elif entry.get("cell") is not None:  # version 2: the middle of its cell
            x, y = centre(*entry["cell"])
        else:  # version 2, off the board: beyond its left edge
            x, y = -UNIT, -UNIT
        g = self.gesture
        if down and (g is None or not g.held):
            self.finish()
            g = self.gesture = _Gesture()
        if g is None or g.key is not None:  # a release with no press (the press was a key's)
            return
        for kind in (_DOWN if down else _UP)[name]:
            g.raw.append(Event(t, kind, x, y))
            g.presses += 1
        self.at = (x, y)
        both = {"left", "right"} if name == "both" else {name}
        if down:
            g.held |= both
            g.buttons |= both
        else:
            g.held -= both

    def act(self, t: int, kind: str, row: int, col: int, mark: str | None = None) -> None:
        if kind in ("open", "chord"):
            self.started = True
        elif kind == "flag":  # the flags standing before the first opening (`_on_a_flag`)
            if mark == "F":
                self.flags_before.add((row, col))
            else:
                self.flags_before.discard((row, col))
        # its event: set when the input is written (`finish`)
        self.actions.append(Action(t, -1, kind, row, col, mark))

    def pending(self) -> list[Event]:
        """The buttons the input under way would be written as if it ended now (the live
        counters count the last click before the next input comes), leaving it under way; the
        pointer's way is left out (the clicks do not need it, and it grows while the pointer
        moves)."""
        g = self.gesture
        if g is None:
            return []
        other = Converter()
        other.at = self.at
        other.events = self.events[-1:]  # a key's time may be taken from it
        buttons = [e for e in g.raw if e.kind in BUTTON_KINDS]
        other.gesture = _Gesture(g.key, g.cell, buttons, set(g.buttons), list(g.moves), set(g.held))
        other.actions = [Action(0, -1, "open", 0, 0)] * sum(
            m.get("did") != "nothing" for m in g.moves
        )
        other.finish()
        return other.events[1:] if self.events else other.events

    def pending_key(self) -> tuple | None:
        """What the input under way's clicks depend on: the same key, the same `pending`."""
        g = self.gesture
        return None if g is None else (g.serial, g.presses, len(g.moves))

    def finish(self) -> None:
        """Write the input that ended: as it was, or as the click of the move it made."""
        g, self.gesture = self.gesture, None
        if g is None:
            return
        done = [m for m in g.moves if m.get("did") != "nothing"]
        first_action = len(self.actions) - len(done)
        if not done and self._on_a_flag(g):
            # a left click on a flag before the first opening did nothing here; ms-toollib
            # takes its left button as still held after it (a flag taken off next would be
            # read as a chord, docs/RULES.md): no click, that the board they replay is ours
            self.events.extend(e for e in g.raw if e.kind not in BUTTON_KINDS)
        elif g.key is None and (not done and not _panned(g) or _reads_the_same(g, done)):
            self.events.extend(g.raw)  # as it was
            self._index_actions(first_action, len(self.actions), len(self.events) - 1)
        else:
            self._rewritten(g, done, first_action)
        if self.events:
            last = self.events[-1]
            self.at = (last.x, last.y)

    def _on_a_flag(self, g: _Gesture) -> bool:
        """A left click released on a flag before any cell was opened."""
        if self.started or g.key is not None or g.buttons != {"left"}:
            return False
        ups = [e for e in g.raw if e.kind == LEFT_UP]
        return bool(ups) and (ups[-1].y // UNIT, ups[-1].x // UNIT) in self.flags_before

    def _rewritten(self, g: _Gesture, done: list[Mapping], first_action: int) -> None:
        """An input written as the clicks of the moves it made, each at its move's time, in
        time order with the pointer's way (the way first where times are equal)."""
        way = [e for e in g.raw if e.kind not in BUTTON_KINDS]  # the pointer's way, pauses
        at = 0
        clicks = [_click(m["t"], m["kind"], *m["cell"], g.raw) for m in done]
        if g.key is not None and not done and g.cell is not None and g.key in _KEY_MOVES:
            kind = _KEY_MOVES[g.key]
            # a key that did nothing, as its click; but not a left click on a flag before the
            # first opening (as `_on_a_flag`'s: ms-toollib would hold its left button after it)
            if kind != "open" or self.started or tuple(g.cell) not in self.flags_before:
                t = g.moves[-1]["t"] if g.moves else self.events[-1].t if self.events else 0
                clicks.append(_click(t, kind, *g.cell, []))
        for k, click in enumerate(clicks):
            while at < len(way) and way[at].t <= click[0].t:
                self.events.append(way[at])
                at += 1
            self.events.extend(click)
            self._index_actions(first_action + k, first_action + k + 1, len(self.events) - 1)
        self.events.extend(way[at:])

    def _index_actions(self, first: int, end: int, index: int) -> None:
        """Actions first..end-1 happened with event `index` (their input's last event)."""
        for k in range(max(first, 0), min(end, len(self.actions))):
            a = self.actions[k]
            if a.index == -1:
                self.actions[k] = Action(a.t, max(index, 0), a.kind, a.row, a.col, a.mark)


def _panned(g: _Gesture) -> bool:
    """The middle button, held alone, dragged the board (our game's, docs/RULES.md): no
    click. The drag counts from the button going down to its coming up, not the pointer's
    moves after it."""
    if g.buttons != {"middle"}:
        return False
    down = None
    for e in g.raw:
        if e.kind == MIDDLE_DOWN:
            down = e
        elif down is not None and max(abs(e.x - down.x), abs(e.y - down.y)) >= PAN_UNITS:
            return True
        if e.kind == MIDDLE_UP:
            return False
    return False


def _click(t: int, kind: str, row: int, col: int, raw: list[Event]) -> list[Event]:
    """The click the community knows for a move, at its cell: where the gesture's buttons
    came up if that is in the cell, else the cell's middle, the pointer brought there first."""
    ups = [e for e in raw if e.kind in (LEFT_UP, RIGHT_UP, MIDDLE_UP)]
    x, y = (ups[-1].x, ups[-1].y) if ups else (-1, -1)
    if x < 0 or y < 0 or (y // UNIT, x // UNIT) != (row, col):
        x, y = centre(row, col)
    return [Event(t, MOVE, x, y)] + [Event(t, button, x, y) for button in CLICKS[kind]]


def _reads_the_same(g: _Gesture, done: list[Mapping]) -> bool:
    """Whether the community's rules read the gesture as the one move it made: a left click
    that opened the cell it came up on, a right click that flagged the cell it went down on,
    both buttons or the middle one that chorded where they came up."""
    if len(done) != 1:
        return False
    move = done[0]
    row, col = move["cell"]
    buttons = [e for e in g.raw if e.kind in BUTTON_KINDS]
    if not buttons:
        return False
    kind = move["kind"]
    if kind == "open" and g.buttons == {"left"}:
        up = buttons[-1]
    elif kind == "flag" and g.buttons == {"right"}:
        up = buttons[0]
    elif kind == "chord" and (g.buttons >= {"left", "right"} or g.buttons == {"middle"}):
        up = next(e for e in buttons if e.kind in (LEFT_UP, RIGHT_UP, MIDDLE_UP))
    else:
        return False
    return up.x >= 0 and up.y >= 0 and (up.y // UNIT, up.x // UNIT) == (row, col)


def events_of_journal(lines: Iterable[Mapping]) -> tuple[list[Event], list[Action]]:
    """A journal's event lines (after its header) as a video's events and the actions our
    engine played (the board's truth: undo and redo too)."""
    c = Converter()
    for entry in lines:
        c.line(entry)
    c.finish()
    return c.events, c.actions


def move_lines(moves: Iterable) -> list[dict]:
    """A version 1 replay's moves as the move lines a journal would hold (no input: each is
    written as its click)."""
    lines = []
    for m in moves:
        lines.append({"t": m.at_ms, "e": "move", "kind": m.kind.value, "cell": [m.row, m.col]})
        lines[-1]["did"] = "opened"  # played: it changed the board
    return lines


def video_of_replay(replay, software: str = "") -> Video:
    """One of our replays (game.store.replays.Replay, mines laid) as a video."""
    if replay.layout is None:
        raise ValueError("a game before its mines were laid has no board to show")
    lines = replay.events if replay.version >= 2 else move_lines(replay.moves)
    events, actions = events_of_journal(lines)
    result = replay.result or {}
    won = None if not result else result.get("state") == "won"
    time_ms = result.get("time_ms", replay.elapsed_ms) if result else replay.elapsed_ms
    if not software:
        from ..version import __version__

        software = f"Pixel Mines {__version__}"
    return Video(
        OURS,
        replay.rows,
        replay.cols,
        replay.mines,
        list(replay.layout),
        events,
        software=software,
        version=str(replay.version),
        played_at=replay.played_at,
        time_ms=time_ms,
        won=won,
        game_id=replay.game_id,
        actions=actions,
        extra={"undone": any(a.kind in ("undo", "redo") for a in actions)},
    )
