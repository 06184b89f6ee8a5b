"""A video and its counters packed into arrays, for the trip from the worker process that
reads them to the window that shows them.

A 200 x 200 game holds some 240,000 events, as many counters and 26,000 actions: as objects,
unpickling them took the window's reading thread 2 s with the interpreter lock held (the loop
stood still). As arrays they cross in a few copies of bytes. Each packed list is a sequence
of the objects it holds (`Event`, `Counters`, `Action`), made as they are read, so its users
index and iterate it as a list; what the player walks over whole (the times, the buttons held,
the pauses, each action's event) is worked out once in the worker and sent along.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import overload

from .model import KINDS, PAUSE, Action, Event, Video
from .mouse import Counters, Played
from .seek import held_states, positions

_KIND_LIST = sorted(KINDS)
_KIND_CODE = {kind: k for k, kind in enumerate(_KIND_LIST)}
_ACTION_KINDS = ["open", "flag", "chord", "undo", "redo"]
_MARKS = [None, "F", "?", "#"]


class _Packed(Sequence):
    """A sequence made from arrays: `_one(k)` makes the k-th item."""

    def __len__(self) -> int:
        return len(self.times)

    @overload
    def __getitem__(self, k: int) -> object: ...
    @overload
    def __getitem__(self, k: slice) -> list: ...
    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self._one(i) for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        return self._one(k)

    def __iter__(self) -> Iterator:
        return (self._one(k) for k in range(len(self)))

    def _one(self, k: int):
        raise NotImplementedError


class Events(_Packed):
    """A video's events: times, kinds, places; and, worked out once, the buttons held after
    each button event (`held`: their indices and the bits) and the times of the pauses."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.times = array("q", (e.t for e in events))
        self.kinds = bytes(_KIND_CODE[e.kind] for e in events)
        self.xs = array("i", (e.x for e in events))
        self.ys = array("i", (e.y for e in events))
        at, states = held_states(events)
        self.held = (array("i", at), array("b", states))
        self.pauses = [e.t for e in events if e.kind == PAUSE]

    def _one(self, k: int) -> Event:
        return Event(self.times[k], _KIND_LIST[self.kinds[k]], self.xs[k], self.ys[k])


class CounterList(_Packed):
    """The counters after each event. The clicks change at a button's event only (a tenth of
    them): they are kept where they change, the path (which every move changes) at each."""

    _FIELDS = ("left", "right", "double", "lce", "rce", "dce", "flags", "bbbv_solved")

    def __init__(self, counters: Sequence[Counters]) -> None:
        self.changes = array("l")  # the events after which the clicks changed
        self.clicks = array("i")  # their figures there, _FIELDS at a time
        last = None
        for k, c in enumerate(counters):
            figures = tuple(getattr(c, name) for name in self._FIELDS)
            if figures != last:
                self.changes.append(k)
                self.clicks.extend(figures)
                last = figures
        self.path = array("f", (c.path for c in counters))  # board units: a float's 7 digits
        self.times = self.path  # its length

    def _one(self, k: int) -> Counters:
        j = bisect_right(self.changes, k) - 1
        n = len(self._FIELDS)
        figures = self.clicks[j * n : (j + 1) * n] if j >= 0 else [0] * n
        return Counters(*figures, self.path[k])


class Actions(_Packed):
    """The actions, and each one's event in the video (`at`: never before the one before it;
    an action of no event of its own, or naming one later than itself, at the last event at or
    before its time)."""

    def __init__(self, actions: Sequence[Action], times: Sequence[int]) -> None:
        self.times = array("q", (a.t for a in actions))
        self.index = array("i", (a.index for a in actions))
        self.kind = bytes(_ACTION_KINDS.index(a.kind) for a in actions)
        self.row = array("i", (a.row for a in actions))
        self.col = array("i", (a.col for a in actions))
        self.mark = bytes(_MARKS.index(a.mark) for a in actions)
        self.at = array("i", positions(actions, times))

    def _one(self, k: int) -> Action:
        kind, mark = _ACTION_KINDS[self.kind[k]], _MARKS[self.mark[k]]
        return Action(self.times[k], self.index[k], kind, self.row[k], self.col[k], mark)


def pack(video: Video, played: Played) -> tuple[Video, Played]:
    """The video and its counters with their long lists packed (the same figures)."""
    events = Events(video.events)
    if video.actions is not None:
        video.actions = Actions(video.actions, events.times)
    played.actions = Actions(played.actions, events.times)
    video.events = events
    played.counters = CounterList(played.counters)
    return video, played
