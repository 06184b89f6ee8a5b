"""Viennasweeper's videos (.rmv), formats 1 and 2, read as ms-toollib 1.5.20 reads them (the
tests hold this reader to it).

The layout: "*rmv", the format (2 bytes), in 2 the clone's id and version; sizes of the parts
that follow; in 1 a result string ("...3BV:<n>#NF:..#TIMESTAMP:..#"); the clone's version text;
up to 4 length-prefixed texts (name, nickname, country, token); the board: when it was laid (Unix
seconds), columns, rows, the mines as (column, row) from 0; flags placed before the start; the
properties (question marks, NF, mode, level; in 2 the 3BV and the square's pixel size, in 1
whether the texts are UTF-8); in 2 named extension properties ("clone_name"); then the events.

An event is a byte of kind: 1 to 7 a mouse event (3 bytes of ms, a byte unused, x and y in
pixels; format 1 counts them from the window, 12 and 56 pixels off the board's corner, and we
take those off as ms-toollib does); 28 in format 2 a short move (ms since the last event, and
a byte of two signed 4-bit steps); 0 (format 1) a 4-byte record, 9 to 14 and 18 to 27 2-byte
records, none of them the mouse's; 15 to 17 the end, 16 a won game.

The file leaves out the first left press (Viennasweeper's clock starts as it is let go), so a
left press is put back before the first mouse event, at its time and place. Times are the
file's ms: the clock starts at 0 on that release, so no event falls before it; flags placed
before the start come first, at t = 0, as model.PRE_FLAG. A pointer off the board is moved to
the board's bottom-right corner as ms-toollib moves it. `time_ms` is the last event's time;
`won` is the end's record (16 or not).
"""

from __future__ import annotations

from datetime import UTC, datetime

from .binary import (
    Reader,
    check_events,
    check_size,
    cut_short,
    damaged,
    layout_of,
    mine_board,
    no_events,
    not_a,
    text,
    to_units,
    unknown_event,
    unsupported,
)
from .model import PRE_FLAG, RMV, UNIT, Event, Video

MAGIC = b"*rmv"
KINDS = {1: "mv", 2: "lc", 3: "lr", 4: "rc", 5: "rr", 6: "mc", 7: "mr"}
SHORT_MOVE = 28  # format 2
WON, ENDS = 16, (15, 16, 17)
WINDOW_OFFSET = (12, 56)  # format 1: the board's corner in the window's pixels
CLONES = {1: "Viennasweeper"}


def looks_like_rmv(head: bytes) -> bool:
    """Whether a file's first bytes are a Viennasweeper video's (its magic "*rmv")."""
    return head.startswith(MAGIC)


def read_rmv(data: bytes, name: str) -> Video:
    """The Viennasweeper video in `data`; `name` is the file's, for the errors (VideoError)."""
    check_size(data, name)
    reader = Reader(data, name)
    if reader.left < 6 or reader.take(4) != MAGIC:
        raise not_a(name, "RMV")
    head = _head(reader)
    people = _people(reader)
    stamp = reader.uint(4)
    rows, cols, mines = mine_board(reader, first=0)
    flags = _preflags(reader, head["preflags"])
    props = _properties(reader, head)
    events = _pre_flag_events(flags)
    won = _events(reader, head["format"], (rows, cols, props["square"]), events)
    if not events:
        raise no_events(name)
    strings = _texts(name, people, props["utf8"])
    return Video(
        format=RMV,
        rows=rows,
        cols=cols,
        mines=len(mines),
        layout=layout_of(rows, cols, mines),
        events=events,
        software=_software(name, head, props),
        player=strings[0],
        version=str(head["format"]),
        played_at=datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%dT%H:%M:%S"),
        time_ms=events[-1].t,
        won=won,
        extra={"country": strings[2], "nickname": strings[1]} | props["extra"],
    )


def _head(reader: Reader) -> dict:
    """The fixed header, and format 1's result string (read past; only its 3BV is kept)."""
    fmt = reader.u16()
    if fmt not in (1, 2):
        raise unsupported(reader.name, "RMV", str(fmt))
    clone = reader.take(2) if fmt == 2 else b"\0\0"
    reader.skip(4)  # the file's size
    result = reader.u16() if fmt == 1 else 0
    version_text = reader.u16()
    reader.skip(4)  # the sizes of the players' texts and of the board
    head = {"format": fmt, "clone": clone[0], "preflags": reader.u16(), "props": reader.u16()}
    head["extensions"] = reader.u16() if fmt == 2 else 0
    reader.skip(6)  # the events' size, the checksum's
    if fmt == 1:
        string = reader.take(max(result, 3))
        digits = string[-31:-28] if result > 35 else b""  # where "3BV:<n>" ends in a full one
        head["bbbv"] = "".join(ch for ch in digits.decode("latin-1") if ch.isdigit())
    reader.skip(version_text)
    return head


def _people(reader: Reader) -> list[bytes]:
    count = reader.u16()
    return [reader.take(reader.u8()) for _ in range(min(count, 4))]


def _preflags(reader: Reader, size: int) -> list[tuple[int, int]]:
    if size == 0:
        return []
    count = reader.u16()
    if 2 * count > reader.left:
        raise cut_short(reader.name)
    return [(reader.u8(), reader.u8()) for _ in range(count)]


def _properties(reader: Reader, head: dict) -> dict:
    """Question marks, NF, mode, level; then format 2's 3BV and square size, or format 1's
    UTF-8 flag; then format 2's extension properties."""
    start = reader.pos
    question, nf, mode, level = reader.take(4)
    extra = {"question_marks": question == 1, "nf": nf == 1, "mode": mode, "level": level + 3}
    props = {"square": UNIT, "utf8": head["format"] == 2, "extra": extra, "clone_name": None}
    if head["format"] == 2:
        low, high, square = reader.take(3)
        extra["bbbv"], props["square"] = low | high << 8, square
        if square == 0:
            raise damaged(reader.name)
    else:
        if head["bbbv"]:
            extra["bbbv"] = int(head["bbbv"])
        if head["props"] > 4:
            props["utf8"] = reader.u8() == 1
    read = reader.pos - start
    if head["props"] < read:
        raise damaged(reader.name)
    reader.skip(head["props"] - read)
    if head["format"] == 2:
        for _ in range(reader.u16()):
            key = reader.take(reader.u8())
            value = reader.take(reader.u8())
            if key == b"clone_name":
                props["clone_name"] = value
    return props


def _pre_flag_events(flags: list[tuple[int, int]]) -> list[Event]:
    """Flags placed before the start, at their cells' top-left corners (column, row)."""
    return [Event(0, PRE_FLAG, c * UNIT, r * UNIT) for c, r in flags]


def _events(reader: Reader, fmt: int, board: tuple[int, int, int], events: list[Event]) -> bool:
    """Read the events into `events`; whether the end says the game was won."""
    rows, cols, square = board
    right, bottom = cols * square, rows * square
    x = y = t = 0
    first = True
    while True:
        code = reader.u8()
        if code in ENDS:
            return code == WON
        if code == 0 and fmt == 1:
            reader.skip(4)
            continue
        if 9 <= code <= 14 or 18 <= code <= 27:
            reader.skip(2)
            continue
        if code == SHORT_MOVE and fmt == 2 and not first:
            t += reader.u8()
            step = reader.u8()
            x = (x + _signed4(step >> 4)) & 0xFFFF
            y = (y + _signed4(step & 15)) & 0xFFFF
        elif 1 <= code <= 7:
            t = reader.uint(4) >> 8
            dx, dy = WINDOW_OFFSET if fmt == 1 else (0, 0)
            x, y = (reader.u16() - dx) & 0xFFFF, (reader.u16() - dy) & 0xFFFF
        else:
            raise unknown_event(reader.name, code)
        if x >= right or y >= bottom:
            x, y = right, bottom
        kind = KINDS.get(code, "mv")
        if first:
            first = False
            events.append(Event(t, "lc", to_units(x, square), to_units(y, square)))
        events.append(Event(t, kind, to_units(x, square), to_units(y, square)))
        check_events(reader.name, len(events))


def _signed4(nibble: int) -> int:
    return (nibble & 7) - (nibble & 8)


def _texts(name: str, people: list[bytes], utf8: bool) -> list[str]:
    """The name, nickname and country: UTF-8 when the file says so (then anything else is
    damage), else in the code page a player's Windows wrote them in."""
    people = people + [b""] * (3 - len(people))
    if not utf8:
        return [text(raw) for raw in people[:3]]
    try:
        return [raw.decode("utf-8").strip() for raw in people[:3]]
    except UnicodeDecodeError:
        raise damaged(name) from None


def _software(name: str, head: dict, props: dict) -> str:
    if head["format"] == 1:
        return "Viennasweeper"
    if head["clone"] == 0:
        if props["clone_name"] is None:
            raise damaged(name)
        try:
            return props["clone_name"].decode("utf-8")
        except UnicodeDecodeError:
            raise damaged(name) from None
    return CLONES.get(head["clone"], "Unknown")
