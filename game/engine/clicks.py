"""Clicks as players count them, read from a game's journal events (docs/RULES.md, "Clicks").

Owns the rule that turns press, release, key and move lines into left, right and chord clicks,
each effective or wasted. Reads plain dicts as the journal holds them (docs/FORMATS.md); it
checks nothing the reader already checked and never reads a file, a clock or the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum


class ClickKind(Enum):
    LEFT = "left"
    RIGHT = "right"
    CHORD = "chord"  # both buttons, the middle button, or a chord key


# The click a move stands for, by its kind; and a key, by its name (the window's Space, F, D
# and the terminal's r, f, c).
_MOVE_CLICKS = {"open": ClickKind.LEFT, "flag": ClickKind.RIGHT, "chord": ClickKind.CHORD}
KEY_CLICKS = {
    "space": ClickKind.LEFT,
    "r": ClickKind.LEFT,
    "f": ClickKind.RIGHT,
    "d": ClickKind.CHORD,
    "c": ClickKind.CHORD,
}
_BOTH = frozenset(("left", "right"))
INPUT_EVENTS = frozenset(("press", "release", "key"))


@dataclass(frozen=True)
class Tally:
    """The clicks of one kind: those that changed the board and those that did not."""

    effective: int = 0
    wasted: int = 0


@dataclass(frozen=True)
class ClickCounts:
    """Every click of a game, by kind; all clicks are their sum."""

    left: Tally = Tally()
    right: Tally = Tally()
    chord: Tally = Tally()

    @property
    def effective(self) -> int:
        return self.left.effective + self.right.effective + self.chord.effective

    @property
    def wasted(self) -> int:
        return self.left.wasted + self.right.wasted + self.chord.wasted

    @property
    def total(self) -> int:
        return self.effective + self.wasted


class _Input:
    """One input on the board: a key, or a gesture (from the first button down to the last
    one up), with whether any move line came of it."""

    def __init__(self, kind: ClickKind | None) -> None:
        self.kind = kind
        self.buttons: set[str] = set()
        self.moved = False

    def press(self, button: str) -> None:
        self.buttons |= _BOTH if button == "both" else {button}
        if "middle" in self.buttons or self.buttons >= _BOTH:
            self.kind = ClickKind.CHORD
        elif self.buttons == {"right"}:
            self.kind = ClickKind.RIGHT
        else:
            self.kind = ClickKind.LEFT


def count_clicks(events: Iterable[Mapping]) -> ClickCounts | None:
    """The clicks of a game from its journal events, in order; None when the events record no
    input (a version 1 replay): its clicks were not recorded.

    Each move line is one click of the kind its move stands for (open: left, flag: right, chord:
    chord), effective unless it did nothing (`did` "nothing"). Each input that led to no move
    line (a press released off the board, a double click's second click, a left click on an
    open cell, a key that did not act) is one wasted click of its own kind: a gesture that held
    the middle button, or the left and right buttons together, is a chord; else the button it
    held. A gesture lasts from a button going down while none is held until a new input starts
    (a left click's move line follows its release).
    """
    events = list(events)
    # Only press, release and key lines record the player's input: version 1 replays hold
    # only the moves the game accepted.
    if not any(e.get("e") in INPUT_EVENTS for e in events):
        return None
    counts = {kind: [0, 0] for kind in ClickKind}  # [effective, wasted]
    held: set[str] = set()
    current: _Input | None = None

    def finish(done: _Input | None) -> None:
        if done is not None and not done.moved and done.kind is not None:
            counts[done.kind][1] += 1

    for event in events:
        kind = event.get("e")
        if kind == "press":
            button = event["b"]
            if not held:  # a new gesture
                finish(current)
                current = _Input(None)
            current.press(button)
            held |= _BOTH if button == "both" else {button}
        elif kind == "release":
            button = event["b"]
            held -= _BOTH if button == "both" else {button}
        elif kind == "key":
            finish(current)
            held.clear()
            current = _Input(KEY_CLICKS.get(event.get("k")))  # an unknown key is no click
        elif kind == "move":
            if current is not None:
                current.moved = True
            wasted = event.get("did") == "nothing"
            counts[_MOVE_CLICKS[event["kind"]]][1 if wasted else 0] += 1
    finish(current)
    return ClickCounts(*(Tally(*counts[kind]) for kind in ClickKind))
