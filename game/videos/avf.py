"""Arbiter's videos (.avf), read as the community's tools read them (ms-toollib 1.5.20 is the
reference the tests hold this reader to).

The layout, as far as it matters here: a byte of version, 4 bytes of noise, the level (3, 4, 5:
Beginner 8x8, Intermediate, Expert; 6: custom, then columns - 1, rows - 1 and the mines as 2
bytes), each mine as its row and column counted from 1; bytes whose count depends on the board,
then the country; a text header "[level|W..H..M..|start|end|...B<3BV>T<time>]" (the byte two
before its "[" says whether question marks were on); the events, 8 bytes each; an 8-byte record
of second 0 ends them; then text lines, the one after "Skin:" followed by the player's name.

An event's time is (its second - 1) s plus its hundredths: Arbiter's clock reads 1 at the first
press, so the events run from t = 0 and never fall below it (a second of 0 would end the list).
Pointer places are the board's own pixels, 16 a cell, from the board's top-left corner, so they
are board units as they stand; nothing is subtracted and nothing off the board is moved.
`time_ms` is the header's time less the 1 s Arbiter counts from, unless the events run past
it (a header known to be wrong at times): then it is the last event's time less the first
left release's, as ms-toollib takes it. The file does not say whether the game was won, so
`won` is None (finding it needs the game played again: game/videos' counters do that).
"""

from __future__ import annotations

import re
from datetime import datetime

from .binary import (
    Reader,
    check_board,
    check_events,
    check_size,
    cut_short,
    damaged,
    layout_of,
    mine_outside,
    not_a,
    text,
    unknown_event,
)
from .model import AVF, Event, Video, VideoError

LEVELS = {3: (8, 8, 10), 4: (16, 16, 40), 5: (16, 30, 99)}
CUSTOM = 6
KINDS = {1: "mv", 3: "lc", 5: "lr", 9: "rc", 17: "rr", 33: "mc", 65: "mr", 145: "rr", 193: "mr"}
KINDS[21] = "lr"  # a left release written with another bit set, as some versions do
QUESTION_ON, QUESTION_OFF = 17, 127
COUNTRIES = {8: "CN", 37: "CN", 10: "GB", 12: "FR", 13: "DE", 23: "KR", 29: "PL", 31: "RU"}
COUNTRIES |= {41: "US", 69: "JP"}
_HEADER = re.compile(rb"\[[0-3]\|")
_FIRST_EVENT = re.compile(rb"[\x00\x01]\x01")
_STAMP = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})\.(\d{1,2}):(\d{1,2}):(\d{1,2})")


def looks_like_avf(head: bytes) -> bool:
    """Whether a file's first bytes (6 at least; the more the surer) are an Arbiter video's: a
    level byte of 3 to 6, mines inside the board, and the text header where it should be when
    the head reaches it."""
    if len(head) < 6 or head[5] not in (3, 4, 5, CUSTOM) or head.startswith(b"*rmv"):
        return False
    if head[5] == CUSTOM:
        if len(head) < 10:
            return True
        cols, rows, mines = head[6] + 1, head[7] + 1, int.from_bytes(head[8:10], "big")
        start = 10
    else:
        rows, cols, mines = LEVELS[head[5]]
        start = 6
    cells = head[start : start + 2 * mines]
    if any(not 1 <= v <= (rows if i % 2 == 0 else cols) for i, v in enumerate(cells)):
        return False
    rest = head[start + 2 * mines :]
    return len(rest) < 64 or _HEADER.search(rest[:64]) is not None


def read_avf(data: bytes, name: str) -> Video:
    """The Arbiter video in `data`; `name` is the file's, for the errors (VideoError)."""
    check_size(data, name)
    reader = Reader(data, name)
    version = reader.u8()
    reader.skip(4)
    level = reader.u8()
    rows, cols, mines = _board(reader, level)
    layout = layout_of(rows, cols, mines)
    reader.skip(_check_length(layout) + 4)
    extra: dict = {"country": COUNTRIES.get(reader.u8(), "")}
    head = _header(reader, level, extra)
    events = _events(reader)
    player = _player(reader)
    return Video(
        format=AVF,
        rows=rows,
        cols=cols,
        mines=len(mines),
        layout=layout,
        events=events,
        software="Arbiter",
        player=player,
        version=str(version),
        played_at=head["played_at"],
        time_ms=_time_ms(head["time_ms"], events),
        won=None,
        extra=extra,
    )


def _board(reader: Reader, level: int) -> tuple[int, int, set[tuple[int, int]]]:
    if level in LEVELS:
        rows, cols, count = LEVELS[level]
    elif level == CUSTOM:
        cols, rows, count = reader.u8() + 1, reader.u8() + 1, reader.u16()
    else:
        raise not_a(reader.name, "AVF")
    check_board(reader.name, rows, cols)
    if 2 * count > reader.left:
        raise cut_short(reader.name)
    mines = set()
    for _ in range(count):
        row, col = reader.u8(), reader.u8()
        if not (1 <= row <= rows and 1 <= col <= cols):
            raise mine_outside(reader.name)
        mines.add((row - 1, col - 1))
    return rows, cols, mines


def _check_length(layout: list[str]) -> int:
    """How many digits the board's check figure has: Arbiter writes one byte a digit after the
    mines (and 4 more), before the country; the figure weighs each cell (a mine 10, else its
    number + 1) by its column times its row + 1."""
    rows, cols = len(layout), len(layout[0])
    total = 0
    for y in range(rows):
        for x in range(cols):
            if layout[y][x] == "*":
                weight = 10
            else:
                near = [line[max(0, x - 1) : x + 2] for line in layout[max(0, y - 1) : y + 2]]
                weight = sum(part.count("*") for part in near) + 1
            total += weight * x * (y + 1)
    return len(str(total))


def _header(reader: Reader, level: int, extra: dict) -> dict:
    """The text header: the times, the 3BV, the game's time; question marks from the byte two
    before it."""
    found = _HEADER.search(reader.data, reader.pos)
    if found is None:
        raise cut_short(reader.name)
    mark = found.start() - 2
    if mark < reader.pos or reader.data[mark] not in (QUESTION_ON, QUESTION_OFF):
        raise damaged(reader.name)
    extra["question_marks"] = reader.data[mark] == QUESTION_ON
    reader.pos = found.end()
    if level == CUSTOM:
        reader.until(b"|")
    start = reader.until(b"|").decode("latin-1")
    while reader.u8() not in b"|B":
        pass
    if reader.data[reader.pos - 1] == ord("|"):
        reader.pos -= 1
        reader.past(b"|B")
    bbbv = reader.until(b"T").decode("latin-1")
    if bbbv.isdigit():
        extra["bbbv"] = int(bbbv)
    return {"played_at": _stamp(start), "time_ms": _seconds(reader)}


def _seconds(reader: Reader) -> int:
    """The header's time in ms, less the second Arbiter's clock starts at (some write a comma
    for the point)."""
    raw = reader.until(b"]").decode("latin-1").replace(",", ".")
    if not re.fullmatch(r"\d{1,6}(\.\d{0,6})?", raw):
        raise damaged(reader.name)
    return round(float(raw) * 1000) - 1000


def _stamp(start: str) -> str:
    """ "26.10.2022.23:13:27:2236" (day first; no time zone) as ISO; "" when it is garbled."""
    found = _STAMP.match(start)
    if found is None:
        return ""
    day, month, year, hour, minute, second = (int(v) for v in found.groups())
    try:
        return datetime(year, month, day, hour, minute, second).isoformat()
    except ValueError:
        return ""


def _events(reader: Reader) -> list[Event]:
    """The 8-byte records: kind, x high, second low, x low, hundredths, y high, second high, y
    low. The first is found as ms-toollib finds it: the first second-low byte of 1 after a
    byte of 0 or 1 (the first event falls in Arbiter's second 1)."""
    data, pos = reader.data, reader.pos
    if pos < len(data) and data[pos] == 1:
        second = pos
    else:
        found = _FIRST_EVENT.search(data, pos)
        if found is None:
            raise cut_short(reader.name)
        second = found.end() - 1
    if second - 2 < pos:
        raise unknown_event(reader.name, 0)  # the kind would be a byte before the events
    reader.pos = second - 2
    events: list[Event] = []
    record = reader.take(8)
    while True:
        kind = KINDS.get(record[0])
        if kind is None:
            raise unknown_event(reader.name, record[0])
        t = ((record[6] << 8 | record[2]) - 1) * 1000 + record[4] * 10
        events.append(Event(t, kind, record[1] << 8 | record[3], record[5] << 8 | record[7]))
        check_events(reader.name, len(events))
        record = reader.take(8)
        if record[2] == 0 and record[6] == 0:
            return events


def _player(reader: Reader) -> str:
    """The name on the line after "Skin:"; "" when the file ends before it."""
    try:
        for letter in (b"S", b"k", b"i", b"n", b":", b"\r"):
            reader.until(letter)
        return text(reader.until(b"\r"))
    except VideoError:  # the lines are cut short; the game itself is all there
        return ""


def _time_ms(header_ms: int, events: list[Event]) -> int:
    last = events[-1].t
    if header_ms >= last:
        return header_ms
    first_release = next((e.t for e in events if e.kind == "lr"), 0)
    return last - first_release
