"""Minesweeper Clone's videos (.mvf) of version 0.97, the one version ms-toollib 1.5.20 reads
(the tests hold this reader to it; its other versions it takes for an empty video).

A 0.97 file starts with the bytes 0x11 0x4D and has "5" at byte 27; from byte 74: the date
(month, day, 2-byte year, hour, minute, second), level, mode, Clone's own score (seconds and
hundredths), the 3BV and the 3BV solved, the clicks (6 bytes), question marks, the board
(columns, rows, 2-byte mine count, each mine's column and row from 1), the player's name
(length-prefixed), 2 bytes that decide how every step's bits are shuffled, the count of steps
(3 bytes) and the steps, 5 bytes each. A step holds the three buttons' state, the pointer (9
bits each way, 16 pixels a cell from the board's corner), the hundredths (7 bits) and the
seconds (10 bits); the events are what changed from one step to the next (a move first, then
presses, then releases), and the first step's one button down, or a move. Other versions of
Clone's format (the same two first bytes, another digit at 27) are refused by name.

Times: Clone's clock starts at the first left release (ms-toollib takes the game's time so:
from that release to the last step), so the events' times are shifted to put that release at
t = 0, and the steps before it fall below 0. `time_ms` is the last event's t. Times are whole
hundredths of a second. A pointer off the board is moved to the board's bottom-right corner,
as ms-toollib moves it. `won`: the file's 3BV solved equals its 3BV.
"""

from __future__ import annotations

import math
from datetime import datetime

from .binary import (
    Reader,
    check_events,
    check_size,
    cut_short,
    layout_of,
    mine_board,
    no_events,
    not_a,
    text,
    unsupported,
)
from .model import MVF, UNIT, Event, Video

MAGIC = b"\x11\x4d"
VERSION_AT, V097 = 27, ord("5")
START = 74  # where a 0.97 file's game begins
STEP_BYTES = 5
RIGHT, MIDDLE, LEFT = 0, 1, 2  # a step's bits, in the file's shuffled order
Y_BITS, X_BITS, HUNDREDTHS_BITS, SECONDS_BITS = 3, 12, 21, 28
PRESS = {"l": "lc", "r": "rc", "m": "mc"}
RELEASE = {"l": "lr", "r": "rr", "m": "mr"}


def looks_like_mvf(head: bytes) -> bool:
    """Whether a file's first bytes are a Minesweeper Clone video's (0x11 0x4D), of any version
    (read_mvf names the version it cannot read)."""
    return head.startswith(MAGIC)


def read_mvf(data: bytes, name: str) -> Video:
    """The Minesweeper Clone 0.97 video in `data`; `name` is the file's, for the errors."""
    check_size(data, name)
    if not data.startswith(MAGIC):
        raise not_a(name, "MVF")
    if len(data) <= VERSION_AT:
        raise cut_short(name)
    if data[VERSION_AT] != V097:
        raise unsupported(name, "MVF", chr(data[VERSION_AT]) if data[VERSION_AT] < 128 else "?")
    reader = Reader(data, name, START)
    head = _head(reader)
    rows, cols, mines = mine_board(reader, first=1)  # MVF counts from 1
    player = text(reader.take(reader.u8()))
    places = permutation(reader.u16())
    raw = _steps(reader, places, rows * UNIT, cols * UNIT)
    start = next((e.t for e in raw if e.kind == "lr"), 0)
    events = [Event(e.t - start, e.kind, e.x, e.y) for e in raw]
    return Video(
        format=MVF,
        rows=rows,
        cols=cols,
        mines=len(mines),
        layout=layout_of(rows, cols, mines),
        events=events,
        software="Minesweeper Clone 0.97 beta",
        player=player,
        version="0.97",
        played_at=head["played_at"],
        time_ms=events[-1].t,
        won=head["bbbv"] == head["solved"],
        extra={k: head[k] for k in ("bbbv", "level", "mode", "score_ms", "question_marks")},
    )


def _head(reader: Reader) -> dict:
    month, day = reader.u8(), reader.u8()
    year = reader.u16()
    hour, minute, second, level, mode = reader.take(5)
    try:
        played_at = datetime(year, month, day, hour, minute, second).isoformat()
    except ValueError:
        played_at = ""
    score_ms = reader.u16() * 1000 + reader.u8() * 10
    bbbv, solved = reader.u16(), reader.u16()
    reader.skip(6)  # left, double and right clicks
    question = reader.u8()
    return {
        "played_at": played_at,
        "level": level + 2,
        "mode": mode,
        "score_ms": score_ms,
        "bbbv": bbbv,
        "solved": solved,
        "question_marks": question != 0,
    }


def _half_up(value: float) -> int:
    """`value` (not negative) to the nearest whole number, halves away from zero (as the C and
    Rust readers round; Python's round() takes halves to even)."""
    whole = math.floor(value)
    return whole + 1 if value - whole >= 0.5 else whole


def permutation(leading: int) -> list[tuple[int, int]]:
    """Where each of a step's 40 bits lies (byte, mask), from the file's 2 leading bytes: five
    8-digit numbers made of square roots, sines and cosines give 40 digits, and the bits go in
    the order of their digits (0s first, then by place)."""
    root = math.sqrt(leading)
    root_far = math.sqrt(leading + 1000.0)
    root_root = math.sqrt(root + 1000.0)
    values = (
        math.cos(root_root + 1000.0),
        math.sin(math.sqrt(root_far)),
        math.cos(root_root),
        math.sin(math.sqrt(root) + 1000.0),
        math.cos(math.sqrt(root_far + 1000.0)),
    )
    digits = "".join(f"{_half_up(abs(v) * 100000000.0):08d}"[:8] for v in values)
    order = sorted(range(40), key=lambda place: (digits[place], place))
    return [(place // 8, 1 << (place % 8)) for place in order]


def _field(step: bytes, places: list[tuple[int, int]], first: int, count: int) -> int:
    value = 0
    for i in range(count):
        byte, mask = places[first + i]
        if step[byte] & mask:
            value |= 1 << i
    return value


def _steps(reader: Reader, places, bottom: int, right: int) -> list[Event]:
    """The events of every step, with the file's own times (ms)."""
    count = reader.uint(3)
    if count == 0:
        raise no_events(reader.name)
    if count * STEP_BYTES > reader.left:
        raise cut_short(reader.name)
    check_events(reader.name, count)
    events: list[Event] = []
    before = None  # the last step's buttons and raw place
    for _ in range(count):
        step = reader.take(STEP_BYTES)
        buttons = {
            key: _field(step, places, bit, 1)
            for key, bit in (("r", RIGHT), ("m", MIDDLE), ("l", LEFT))
        }
        x, y = _field(step, places, X_BITS, 9), _field(step, places, Y_BITS, 9)
        t = (
            _field(step, places, SECONDS_BITS, 10) * 1000
            + _field(step, places, HUNDREDTHS_BITS, 7) * 10
        )
        shown = (right, bottom) if x >= right or y >= bottom else (x, y)
        for kind in _changes(before, buttons, (x, y)):
            events.append(Event(t, kind, *shown))
        # ms-toollib compares the second step's place with (0, 0), not with the first's
        before = (buttons, (x, y) if before is not None else (0, 0))
        check_events(reader.name, len(events))
    return events


def _changes(before, buttons: dict, place: tuple[int, int]) -> list[str]:
    """What a step changed: a move, presses (left, right, middle), releases. The first step is
    one event: the first button down of middle, right, left, else a move."""
    if before is None:
        down = [key for key in "mrl" if buttons[key]]
        return [PRESS[down[0]]] if down else ["mv"]
    was, where = before
    kinds = ["mv"] if place != where else []
    kinds += [PRESS[key] for key in "lrm" if buttons[key] and not was[key]]
    kinds += [RELEASE[key] for key in "lrm" if was[key] and not buttons[key]]
    return kinds
