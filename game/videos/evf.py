"""EVF, Metasweeper's video format: read every version ms-toollib 1.5.20 reads (0 to 4), write
version 4, the newest it reads.

The layout, learnt from the format's white paper ("evf标准.md" in ms-toollib's repository) and
checked against ms-toollib 1.5.20, is big-endian throughout:

- versions 0 to 3: a version byte, a byte of flags (won, official, fair, no flags), version 3
  a byte of settings more; rows, columns (a byte each), mines (2), the cell's size in pixels
  (1), the mode (2), 3BV (2), the time in ms (3); then strings ended by a zero byte: the
  software, the player, a race id, a uniqueness id, start and end times as digits, the country,
  and from version 2 a device id; the board a bit a cell, row by row; events of 7 bytes (a kind
  byte, the time in ms from the video's start (3), x and y in pixels (2 each)) until a kind
  byte 0 (32 bytes of checksum follow) or 255 (none).
- version 4: flags and settings, rows, columns, mines, cell size, mode, 3BV as above, the time
  in ms (4), the country (2 letters), start and end times (8 each, microseconds since 1970),
  strings ended by a zero byte (the software; when the "translated" flag is set the original
  software and its encoding; the player, race id, uniqueness id), the device id (a 2-byte
  length and its bytes), the board, a 2-byte count of custom figures (that many strings), then
  events: the first a kind byte, its time (1 byte) and x and y (2 each); each next one a kind,
  the ms since the one before (1 byte) and x and y as signed steps from the pointer's last
  place (2 each). A byte 255 and 2 bytes add a pause to the next event's step (long gaps are
  written so); kinds 81 to 99 are game states (a time byte, no place); 100 to 254 stand alone
  and are passed over; a byte 0 ends the events, and a 2-byte length and the checksum follow.

Event kinds 1 to 9 are mv, lc, lr, rc, rr, mc, mr, pf and cc ("a second button went down; the
mouse's state says which"): a reader turns cc into rc when the left button is down, lc when
the right one is, else mc. Kinds 10 to 12 (v3 and v4 name them "l", "r", "m" and nothing
writes them) and the game-state events are passed over: their times still count.

Times on the game's clock: the file's times run from the video's start (the first event that
mattered, a flag placed before the game for one), the game's from the first left release that
opens a cell, as ms-toollib counts it (its `video_start_time` is minus that moment). The reader
finds that release as ms-toollib does (a left release on a cell of the board not flagged, the
right button up and no chord since the left went down) and gives each event t = its time in the
file minus that moment, so events before the clock starts (flags placed first) have t < 0.
A video with no such release keeps the file's times less (last event - time), at least 0.
`time_ms` is the file's own time (ms-toollib's `rtime`, to the ms); `won` its "completed" flag.

Pointer places are stored in the file's pixels at its own cell size (16 for most, not all);
the reader gives board units (model.UNIT a cell), rounding down so a point stays in its cell.
The writer writes at 16 pixels a cell, so our units go in unchanged. EVF has one place for a
point off the board, (columns x cell size, rows x cell size): the writer puts every point off
the board there (ms-toollib then leaves it out of the path), and a reader gives that point back
as the units just past the board's right and bottom edges.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable
from datetime import datetime

from ..i18n import _
from ..version import version as game_version
from .binary import (
    MAX_EVENTS,
    Reader,
    check_board,
    check_events,
    cut_short,
    damaged,
    layout_of,
    text,
    unknown_event,
    unsupported,
)
from .model import (
    EVF,
    LEFT_DOWN,
    LEFT_UP,
    MIDDLE_DOWN,
    MIDDLE_UP,
    MOVE,
    PRE_FLAG,
    RIGHT_DOWN,
    RIGHT_UP,
    UNIT,
    Event,
    Video,
    VideoError,
)

MAX_BYTES = 64 * 1024 * 1024  # an EVF file this reader takes; hours of play are a few MB
WRITTEN_VERSION = 4  # the newest EVF version ms-toollib 1.5.20 reads
WRITTEN_CELL = UNIT  # pixels a cell in what we write: 16, the classic size

_KINDS = {1: MOVE, 2: LEFT_DOWN, 3: LEFT_UP, 4: RIGHT_DOWN, 5: RIGHT_UP}
_KINDS |= {6: MIDDLE_DOWN, 7: MIDDLE_UP, 8: PRE_FLAG, 9: "cc"}
_CODES = {kind: code for code, kind in _KINDS.items() if kind != "cc"}
_PASSED_OVER = (10, 11, 12)  # "l", "r", "m": kinds no software writes; kept out of our events
_FIRST_KINDS = (1, 2, 4, 8)  # what ms-toollib lets a v4 video begin with
_STEP = struct.Struct(">Bhh")  # a v4 event after its kind byte: ms since the last, dx, dy
_OLD_EVENT = struct.Struct(">BHHH")  # a v0-v3 event's 7 bytes, the time's high byte first
_BIG_PAUSE = 65535  # most ms one pause record of v4 holds
_LONE = re.compile(rb"[\x64-\xfe]*")  # v4 bytes 100 to 254: kinds that stand alone


def looks_like_evf(head: bytes) -> bool:
    """Whether a file's first bytes (8 at least) could begin an EVF video: EVF has no magic,
    so this checks that the header's first fields hold what the format writes there."""
    if len(head) < 8 or head[0] > WRITTEN_VERSION:
        return False
    # Versions 3 and 4 have a byte of settings after the flags; their unused low bits are 0.
    settings = 1 if head[0] >= 3 else 0
    if head[1] & 0b0000_0111 or (settings and head[2] & 0b0001_1111):
        return False
    rows, cols = head[2 + settings], head[3 + settings]
    mines = int.from_bytes(head[4 + settings : 6 + settings], "big")
    return rows > 0 and cols > 0 and mines <= rows * cols and head[6 + settings] > 0


def read_evf(data: bytes, name: str) -> Video:
    """The video an EVF file holds; a damaged or foreign file raises VideoError naming `name`."""
    if len(data) > MAX_BYTES:
        raise VideoError(
            _("%(file)s: the file is too big for a video (%(size)d bytes, at most %(most)d)")
            % {"file": name, "size": len(data), "most": MAX_BYTES}
        )
    reader = Reader(bytes(data), name)
    version = reader.u8()
    if version > WRITTEN_VERSION:
        raise unsupported(name, "EVF", str(version))
    head = _header_v4(reader) if version == 4 else _header_old(reader, version)
    rows, cols, cell = head["rows"], head["cols"], head["cell"]
    check_board(name, rows, cols)
    if cell == 0:
        raise damaged(name)
    mines = _board(reader, rows, cols)
    if head["header_mines"] != len(mines):  # ms-toollib believes the header; the board is truth
        head["extra"]["mines_in_header"] = head["header_mines"]
    raw = _events_v4(reader) if version == 4 else _events_old(reader)
    _trailer(reader, version)
    start = _clock_start(raw, rows, cols, cell)
    if start is None:  # no opening: the file's times less (last event - time), at least 0
        start = max(0, raw[-1][0] - head["time_ms"]) if raw else 0
    # to_units inline: x * UNIT // cell, rounding down so a point stays in its cell
    events = [Event(t - start, kind, x * UNIT // cell, y * UNIT // cell) for t, kind, x, y in raw]
    return Video(
        format=EVF,
        rows=rows,
        cols=cols,
        mines=len(mines),
        layout=layout_of(rows, cols, mines),
        events=events,
        software=head["software"],
        player=head["player"],
        version=str(version),
        played_at=head["played_at"],
        time_ms=head["time_ms"],
        won=head["won"],
        extra=head["extra"],
    )


def _flags(head: dict, flags: int) -> None:
    head["won"] = bool(flags & 0b1000_0000)
    head["extra"] = {
        "official": bool(flags & 0b0100_0000),
        "fair": bool(flags & 0b0010_0000),
        "nf": bool(flags & 0b0001_0000),
    }


def _sizes(reader: Reader, head: dict, time_bytes: int) -> None:
    """Rows to time: the fields every version has in one order."""
    head["rows"], head["cols"] = reader.u8(), reader.u8()
    head["header_mines"] = reader.u16()
    head["cell"] = reader.u8()
    head["extra"]["mode"] = reader.u16()
    head["extra"]["bbbv"] = reader.u16()
    head["time_ms"] = reader.uint(time_bytes)


def _header_old(reader: Reader, version: int) -> dict:
    """Versions 0 to 3 after the version byte."""
    head: dict = {}
    _flags(head, reader.u8())
    if version == 3:
        reader.u8()  # settings (question marks, a pointer kept in, restart on a mine)
    _sizes(reader, head, 3)
    head["software"] = text(reader.until(b"\0"))
    head["player"] = text(reader.until(b"\0"))
    race = text(reader.until(b"\0"))
    reader.until(b"\0")  # the uniqueness id: the player asks that it not be shown
    start = reader.until(b"\0").decode("latin-1")
    reader.until(b"\0")  # the end time: the start and the time say it
    country = text(reader.until(b"\0"))
    if version >= 2:
        reader.until(b"\0")  # the device id: nothing a player needs, and private
    head["played_at"] = _when_text(start)
    _keep(head["extra"], race=race, country=country)
    return head


def _header_v4(reader: Reader) -> dict:
    head: dict = {}
    flags = reader.u8()
    _flags(head, flags)
    reader.u8()  # settings
    _sizes(reader, head, 4)
    country = text(reader.take(2))
    start = reader.uint(8)
    reader.uint(8)  # the end time
    head["software"] = text(reader.until(b"\0"))
    if flags & 0b0000_1000:  # translated from another format: by what, from which encoding
        head["extra"]["translated_by"] = text(reader.until(b"\0"))
        reader.until(b"\0")
    head["player"] = text(reader.until(b"\0"))
    race = text(reader.until(b"\0"))
    reader.until(b"\0")  # the uniqueness id
    reader.skip(reader.u16())  # the device id
    head["played_at"] = _when(start / 1_000_000) if start else ""
    _keep(head["extra"], race=race, country="" if country == "XX" else country)
    return head


def _keep(extra: dict, **fields: str) -> None:
    extra.update((key, value) for key, value in fields.items() if value)


def _when_text(stamp: str) -> str:
    """A v0-v3 start time: digits (microseconds from Metasweeper, seconds from Viennasweeper,
    milliseconds seen elsewhere), or Arbiter's "day.month.year.hh:mm:ss:xxxx"."""
    stamp = stamp.strip()
    if stamp.isdigit() and len(stamp) <= 20:
        number = int(stamp)
        scale = 1_000_000 if number >= 10**14 else 1000 if number >= 10**11 else 1
        return _when(number / scale) if number else ""
    parts = stamp.replace(":", ".").split(".")
    if len(parts) >= 6 and all(part.isdigit() and len(part) <= 4 for part in parts[:6]):
        day, month, year, hour, minute, second = (int(part) for part in parts[:6])
        try:
            return datetime(year, month, day, hour, minute, second).isoformat()
        except ValueError:  # a date no calendar has: the file is odd, its date is left out
            return ""
    return ""


def _when(seconds: float) -> str:
    """Seconds since 1970 as the local date and time our replays write (docs/FORMATS.md)."""
    try:
        return datetime.fromtimestamp(int(seconds)).isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):  # a time out of any calendar's reach
        return ""


def _board(reader: Reader, rows: int, cols: int) -> set[tuple[int, int]]:
    bits = reader.take((rows * cols + 7) // 8)
    return {
        divmod(index, cols)
        for index in range(rows * cols)
        if bits[index >> 3] & (0x80 >> (index & 7))
    }


def _events_old(reader: Reader) -> list[tuple[int, str, int, int]]:
    """v0-v3 events: absolute times and places, until a kind byte 0 or 255."""
    data, name, kinds = reader.data, reader.name, _KINDS
    raw: list[tuple[int, str, int, int]] = []
    pos, end = reader.pos, len(data)
    while pos < end:
        code = data[pos]
        if code in (0, 255):
            reader.pos = pos  # the trailer reads it
            return raw
        if pos + 8 > end:
            break
        high, low, x, y = _OLD_EVENT.unpack_from(data, pos + 1)
        pos += 8
        kind = kinds.get(code)
        if kind is None:
            if code in _PASSED_OVER:
                continue
            raise unknown_event(name, code)
        raw.append(((high << 16) | low, kind, x, y))
        if len(raw) > MAX_EVENTS:
            check_events(name, len(raw))
    raise cut_short(name)


def _events_v4(reader: Reader) -> list[tuple[int, str, int, int]]:
    """v4 events: steps of time and place from the event before, until a kind byte 0."""
    data, name, kinds = reader.data, reader.name, _KINDS
    for _index in range(reader.u16()):  # custom figures: names no reader uses yet
        reader.until(b"\0")
    code = reader.u8()
    if code not in _FIRST_KINDS:
        raise unknown_event(name, code)
    t, x, y = reader.u8(), reader.u16(), reader.u16()
    raw = [(t, kinds[code], x, y)]
    pos, end, pause = reader.pos, len(data), 0
    while pos < end:
        code = data[pos]
        pos += 1
        if code == 0:
            reader.pos = pos - 1  # the trailer reads it
            return raw
        if code <= 80:
            if pos + 5 > end:
                break
            step, dx, dy = _STEP.unpack_from(data, pos)
            pos += 5
            t, x, y, pause = t + pause + step, (x + dx) & 0xFFFF, (y + dy) & 0xFFFF, 0
            kind = kinds.get(code)
            if kind is not None:
                raw.append((t, kind, x, y))
                if len(raw) > MAX_EVENTS:
                    check_events(name, len(raw))
            elif code not in _PASSED_OVER:
                raise unknown_event(name, code)
        elif code == 255:  # a pause: 2 bytes of ms added to the next event's step
            pause += int.from_bytes(data[pos : pos + 2], "big")
            pos += 2
        elif code <= 99:  # a game state (a win, a loss...): its time counts
            t, pause = t + pause + (data[pos] if pos < end else 0), 0
            pos += 1
        else:  # 100 to 254 stand alone: a run of them is passed over at once
            pos = _LONE.match(data, pos).end()
    raise cut_short(name)


def _trailer(reader: Reader, version: int) -> None:
    """What follows the events: a checksum, whose content we do not check (we hold no key)."""
    end = reader.u8()
    if version == 4:
        reader.skip(reader.u16())
    elif end == 0:
        reader.skip(32)


def _clock_start(
    raw: list[tuple[int, str, int, int]], rows: int, cols: int, cell: int
) -> int | None:
    """When the game's clock started, in the file's times (see the module's docstring), None
    if no left release opened a cell; and turn each "cc" into the button it must have been
    (the list is changed in place)."""
    left = right = chord = False
    flags: set[tuple[int, int]] = set()
    start = None
    chords_to_name = any(kind == "cc" for _, kind, _, _ in raw)
    for index, (t, kind, x, y) in enumerate(raw):
        if start is not None and not chords_to_name:
            break
        spot = (y // cell, x // cell) if x < cols * cell and y < rows * cell else None
        if kind == "cc":
            kind = RIGHT_DOWN if left and not right else LEFT_DOWN if right else MIDDLE_DOWN
            raw[index] = (t, kind, x, y)
        if kind == LEFT_DOWN:
            left, chord = True, chord or right
        elif kind == RIGHT_DOWN:
            right, chord = True, chord or left
            if not left and spot is not None and start is None:
                flags ^= {spot}
        elif kind == PRE_FLAG and spot is not None:
            flags.add(spot)
        elif kind == LEFT_UP:
            if left and not right and not chord and spot is not None and spot not in flags:
                start = t if start is None else start
            left, chord = False, chord and right
        elif kind == RIGHT_UP:
            right, chord = False, chord and left
    return start


def write_evf(video: Video, *, summary: dict | None = None) -> bytes:
    """An EVF file of version 4 for `video`, whose events are ours (board units, ms on the
    game's clock, t = 0 at the first left release that opens a cell).

    Header fields, and why: "completed" is `video.won`; "official" and "fair" are not set (a
    Pixel Mines game is neither: no ranking site's rules are proven); "no flags" is set when
    the game had no right-button effective clicks (`summary["rce"]`; without a summary, when
    it has no right press or pre-flag at all); the settings byte is 0; the mode is
    an EVF video's own (`video.extra["mode"]`), else 0 (standard); 3BV is
    `summary["bbbv"]`, else counted here from the board; the time is `video.time_ms`, else
    `summary["time_ms"]`, else the last event's time. The country is "XX" (ms-toollib's word
    for "not said": v4 has two fixed letters); the start and end times come from
    `video.played_at` (local time) and the game's time, 0 without one; the software is
    "Pixel Mines <version>"; race id, uniqueness id and device id are empty; there is no
    checksum (length 0, which ms-toollib accepts). The other counters of `summary` (left,
    right, ce, path...) have no field in EVF: readers count them from the events.

    Pause and resume events are left out (their time is already cut from the events'); the
    events go in time order (one earlier than the one before is written at that one's time);
    a video that begins with a button release gets a pointer move at that place first, as
    EVF must begin with a move, a press or a pre-flag.
    """
    summary = summary or {}
    _check_writable(video)
    time_ms = video.time_ms if video.time_ms is not None else summary.get("time_ms")
    events = [event for event in video.events if event.kind in _CODES]
    if time_ms is None:
        time_ms = max((event.t for event in events), default=0)
    out = bytearray(_header_bytes(video, summary, events, max(0, int(time_ms))))
    out += _board_bytes(video.layout, video.rows, video.cols)
    out += b"\0\0"  # no custom figures
    out += _event_bytes(events, video.rows, video.cols)
    out += b"\0\0\0"  # the end of the events, and a checksum of length 0
    return bytes(out)


def _check_writable(video: Video) -> None:
    rows, cols = video.rows, video.cols
    if not (0 < rows <= 255 and 0 < cols <= 255):  # a byte each
        raise ValueError(f"EVF holds boards of 1 to 255 rows and columns, not {rows} x {cols}")
    if len(video.layout) != rows or any(len(line) != cols for line in video.layout):
        raise ValueError(f"the layout is not {rows} rows of {cols} cells")


def _header_bytes(video: Video, summary: dict, events: list[Event], time_ms: int) -> bytes:
    flags = 0b1000_0000 if video.won else 0
    if "rce" in summary:
        no_flags = summary["rce"] == 0
    else:
        no_flags = not any(event.kind in (RIGHT_DOWN, PRE_FLAG) for event in events)
    flags |= 0b0001_0000 if no_flags else 0
    mode = video.extra.get("mode") if video.format == EVF else None  # other formats' differ
    mode = mode if isinstance(mode, int) and 0 <= mode <= 65535 else 0
    bbbv = summary.get("bbbv")
    bbbv = bbbv if isinstance(bbbv, int) else three_bv(video.layout)
    start = _micros(video.played_at)
    end = start + time_ms * 1000 if start else 0
    fields = struct.pack(
        ">BBBBBHBHHI",
        WRITTEN_VERSION,
        flags,
        0,
        video.rows,
        video.cols,
        sum(line.count("*") for line in video.layout),
        WRITTEN_CELL,
        mode,
        min(bbbv, 65535),
        min(time_ms, 0xFFFFFFFF),
    )
    strings = b"".join(
        part.encode("utf-8").replace(b"\0", b"") + b"\0"
        for part in (f"Pixel Mines {game_version()}", video.player, "", "")
    )
    return fields + b"XX" + struct.pack(">QQ", start, end) + strings + b"\0\0"


def _micros(played_at: str) -> int:
    """`played_at` (local time, docs/FORMATS.md) as microseconds since 1970; 0 if none."""
    try:
        return max(0, int(datetime.fromisoformat(played_at).timestamp() * 1_000_000))
    except (ValueError, OverflowError, OSError):  # absent or no date: EVF's 0, "not said"
        return 0


def _board_bytes(layout: list[str], rows: int, cols: int) -> bytes:
    bits = bytearray((rows * cols + 7) // 8)
    for index, cell in enumerate("".join(layout)):
        if cell == "*":
            bits[index >> 3] |= 0x80 >> (index & 7)
    return bytes(bits)


def _event_bytes(events: list[Event], rows: int, cols: int) -> bytes:
    """The events after the header: the first with its place, the rest as steps."""
    if not events:
        events = [Event(0, MOVE, cols * UNIT, rows * UNIT)]
    if _CODES[events[0].kind] not in _FIRST_KINDS:
        events = [Event(events[0].t, MOVE, events[0].x, events[0].y), *events]
    out = bytearray()
    last_t, last_x, last_y = events[0].t, 0, 0
    for event in events:
        x, y = _on_board(event.x, event.y, rows, cols)
        gap = max(0, event.t - last_t)
        last_t += gap
        while gap > 255:
            pause = min(gap, _BIG_PAUSE)
            out += struct.pack(">BH", 255, pause)
            gap -= pause
        out += struct.pack(">BBhh", _CODES[event.kind], gap, x - last_x, y - last_y)
        last_x, last_y = x, y
    return bytes(out)


def _on_board(x: int, y: int, rows: int, cols: int) -> tuple[int, int]:
    """A point in EVF's pixels at 16 a cell: off the board, EVF's one place for that."""
    if 0 <= x < cols * UNIT and 0 <= y < rows * UNIT:
        return x, y
    return cols * UNIT, rows * UNIT


def three_bv(layout: Iterable[str]) -> int:
    """The board's 3BV: its openings (regions of cells with no mine around) and its numbered
    safe cells that touch no opening, each one click (docs/RULES.md, "Measures of a game")."""
    grid = list(layout)
    rows, cols = len(grid), len(grid[0]) if grid else 0

    def around(r: int, c: int) -> Iterable[tuple[int, int]]:
        for rr in range(max(0, r - 1), min(rows, r + 2)):
            for cc in range(max(0, c - 1), min(cols, c + 2)):
                if (rr, cc) != (r, c):
                    yield rr, cc

    safe = {(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != "*"}
    empty = {spot for spot in safe if all(grid[rr][cc] != "*" for rr, cc in around(*spot))}
    reached: set[tuple[int, int]] = set()
    count = 0
    for spot in empty:
        if spot in reached:
            continue
        count += 1
        todo = [spot]
        reached.add(spot)
        while todo:
            for near in around(*todo.pop()):
                if near not in reached and near in safe:
                    reached.add(near)
                    if near in empty:
                        todo.append(near)
    return count + len(safe - reached)
