"""Test-only writers of small AVF, RMV and MVF videos, so the readers' tests have files without
keeping anyone's games in the repository. Each writes what ms-toollib 1.5.20's reader takes as a
valid video (tests/videos/test_community_formats.py checks that in a subprocess).

Every writer takes a layout (rows of '*' and '.') and events as (t_ms, kind, x, y): kind one of
model.py's button and move kinds, x and y the file's own pixels from the board's top-left
corner (16 a cell, but an RMV 2 of another square size).
"""

from __future__ import annotations

import math
import struct
from datetime import UTC, datetime

AVF_KINDS = {"mv": 1, "lc": 3, "lr": 5, "rc": 9, "rr": 17, "mc": 33, "mr": 65}
RMV_KINDS = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7}
RMV_WON, RMV_LOST = 16, 15


def _mines(layout: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*"]


def _numbers(layout: list[str]) -> list[list[int]]:
    rows, cols = len(layout), len(layout[0])
    board = [[0] * cols for _ in range(rows)]
    for r, c in _mines(layout):
        board[r][c] = -1
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != -1:
                board[r][c] = sum(
                    layout[i][j] == "*"
                    for i in range(max(0, r - 1), min(rows, r + 2))
                    for j in range(max(0, c - 1), min(cols, c + 2))
                )
    return board


# ---- AVF (Arbiter) -------------------------------------------------------------------------

AVF_LEVELS = {(8, 8, 10): 3, (16, 16, 40): 4, (16, 30, 99): 5}


def write_avf(
    layout: list[str],
    events: list[tuple[int, str, int, int]],
    *,
    player: str = "Tester",
    header_time_ms: int | None = None,
    bbbv: int = 0,
    when: datetime = datetime(2022, 10, 26, 23, 13, 27, 236000),
    question: bool = False,
    country: int = 41,
) -> bytes:
    """An Arbiter video. Its events start with a press (readers find the first event by its
    second, 1, after a byte of 0 or 1: a move just after the header would be taken for the
    end of a record) before t = 1000 and never fall below t = 0 (Arbiter's clock counts from
    1 s, and an event of second 0 would read as the end); the header's time is
    `header_time_ms` (the last event's time if None)."""
    if not events or events[0][1] not in ("lc", "rc", "mc") or not 0 <= events[0][0] < 1000:
        raise ValueError("an AVF's events start with a press in its first second")
    rows, cols = len(layout), len(layout[0])
    mines = _mines(layout)
    level = AVF_LEVELS.get((rows, cols, len(mines)), 6)
    out = bytearray([34, 7, 7, 7, 7, level])
    if level == 6:
        out += bytes([cols - 1, rows - 1]) + struct.pack(">H", len(mines))
    for r, c in mines:
        out += bytes([r + 1, c + 1])
    out += _avf_check(layout) + bytes([country])
    out += bytes([17 if question else 127]) + b"9["
    out += str(min(level - 3, 3)).encode() + b"|"
    if level == 6:
        out += f"W{cols}H{rows}M{len(mines)}|".encode()
    end = when.timestamp() + (events[-1][0] if events else 0) / 1000
    stop = datetime.fromtimestamp(end)
    start = f"{when.day}.{when.month}.{when.year}.{when:%H:%M:%S}:2{when.microsecond // 1000:03d}"
    out += start.encode() + b"|"
    out += f"{stop.day}.{stop:%H:%M:%S}:7{stop.microsecond // 1000:03d}|".encode()
    header = events[-1][0] if header_time_ms is None else header_time_ms
    out += f"B{bbbv}T{header / 1000 + 1:.2f}]".encode()
    for t, kind, x, y in events:
        sec, hundredths = t // 1000 + 1, t % 1000 // 10
        out += bytes([AVF_KINDS[kind], x >> 8, sec & 255, x & 255, hundredths, y >> 8, sec >> 8])
        out += bytes([y & 255])
    out += bytes(8) + b"RealTime\rSkin: Classic\r" + player.encode() + b"\rArbiter 0.52.3\r"
    return bytes(out)


def _avf_check(layout: list[str]) -> bytes:
    """The bytes Arbiter writes after the mines, of a length its board decides (readers skip
    them to find the country)."""
    board = _numbers(layout)
    total = sum(
        (10 if board[y][x] == -1 else board[y][x] + 1) * (x + x * y)
        for x in range(len(layout[0]))
        for y in range(len(layout))
    )
    return bytes(ord(ch) - 45 for ch in str(total)) + b"\x05\x05\x05\x05"


# ---- RMV (Viennasweeper) -------------------------------------------------------------------


def write_rmv(
    layout: list[str],
    events: list[tuple[int, str, int, int]],
    *,
    version: int = 1,
    player: str = "Tester",
    country: str = "Austria",
    won: bool = True,
    stamp: int = 1666800000,
    square: int = 16,
    bbbv: int = 0,
    preflags: tuple[tuple[int, int], ...] = (),
    relative: bool = False,
    clone_id: int = 1,
    clone_name: str | None = None,
) -> bytes:
    """A Viennasweeper video of format `version` 1 or 2. The file leaves out the first left
    press (readers put it back before the first event), so a first "lc" is not written.
    `relative`: a move by less than 8 pixels each way is written in the short form of 2."""
    if events and events[0][1] == "lc":
        events = events[1:]
    rows, cols = len(layout), len(layout[0])
    mines = _mines(layout)
    result = f"\nPlayer#{events[-1][0] / 1000:.3f}#3BV:{bbbv}#NF:0#TIMESTAMP:{stamp:010d}#\n"
    info = b"Viennasweeper 3.1"
    people = [player.encode(), b"", country.encode(), b""]
    players = struct.pack(">H", 4) + b"".join(bytes([len(p)]) + p for p in people)
    board = struct.pack(">IBBH", stamp, cols, rows, len(mines))
    board += b"".join(bytes([c, r]) for r, c in mines)
    flags = struct.pack(">H", len(preflags)) + b"".join(bytes(p) for p in preflags)
    level = {(9, 9): 0, (16, 16): 1, (16, 30): 2}.get((rows, cols), 3)
    props = bytes([0, 0, 1, level])
    props += bytes([bbbv & 255, bbbv >> 8, square]) if version == 2 else b"\x01"
    ext = b""
    if version == 2:
        pairs = [(b"clone_name", clone_name.encode())] if clone_name is not None else []
        ext = struct.pack(">H", len(pairs))
        ext += b"".join(bytes([len(k)]) + k + bytes([len(v)]) + v for k, v in pairs)
    body = _rmv_events(events, version, relative) + bytes([RMV_WON if won else RMV_LOST])
    head = b"*rmv" + struct.pack(">H", version)
    if version == 2:
        head += bytes([clone_id, 3])
    head += struct.pack(">I", 0)
    if version == 1:
        head += struct.pack(">H", len(result))
    head += struct.pack(
        ">HHHHH", len(info), len(players), len(board), len(flags) * (len(preflags) > 0), len(props)
    )
    if version == 2:
        head += struct.pack(">H", len(ext))
    head += struct.pack(">IH", len(body), 0)
    text = result.encode() if version == 1 else b""
    flags = flags if preflags else b""
    return head + text + info + players + board + flags + props + ext + body


def _rmv_events(events, version: int, relative: bool) -> bytes:
    out = bytearray()
    offset = (12, 56) if version == 1 else (0, 0)
    last = None
    for t, kind, x, y in events:
        if relative and version == 2 and kind == "mv" and last is not None:
            dt, dx, dy = t - last[0], x - last[1], y - last[2]
            if 0 <= dt < 256 and -8 <= dx < 8 and -8 <= dy < 8:
                out += bytes([28, dt, (dx & 15) << 4 | (dy & 15)])
                last = (t, x, y)
                continue
        out += bytes([RMV_KINDS[kind]]) + struct.pack(">IHH", t << 8, x + offset[0], y + offset[1])
        last = (t, x, y)
    return bytes(out)


# ---- MVF (Minesweeper Clone 0.97) ----------------------------------------------------------


def write_mvf(
    layout: list[str],
    events: list[tuple[int, str, int, int]],
    *,
    player: str = "Tester",
    bbbv: int = 0,
    solved: int = 0,
    when: datetime = datetime(2007, 5, 4, 12, 30, 15),
    leading: int = 4321,
) -> bytes:
    """A Minesweeper Clone 0.97 video. Clone keeps the buttons' state at each step, so each
    event becomes one step: the buttons as they are after it, the pointer where it is (a button
    event at a new place reads back as a move and the button). Times are kept to 10 ms."""
    rows, cols = len(layout), len(layout[0])
    mines = _mines(layout)
    level = {(8, 8, 10): 1, (16, 16, 40): 2, (16, 30, 99): 3}.get((rows, cols, len(mines)), 4)
    out = bytearray(b"\x11M" + b"Minesweeper Clone ".ljust(25, b" ") + b"5" + bytes(46))
    out += bytes([when.month, when.day]) + struct.pack(">H", when.year)
    out += bytes([when.hour, when.minute, when.second, level, 1])
    score = events[-1][0] if events else 0
    out += struct.pack(">HB", score // 1000, score % 1000 // 10)
    out += struct.pack(">HHHHHB", bbbv, solved, 0, 0, 0, 0)
    out += struct.pack(">BBH", cols, rows, len(mines))
    out += b"".join(bytes([c + 1, r + 1]) for r, c in mines)
    name = player.encode()
    out += bytes([len(name)]) + name + struct.pack(">H", leading)
    out += len(events).to_bytes(3, "big")
    places = mvf_permutation(leading)
    buttons = {"l": 0, "r": 0, "m": 0}
    for t, kind, x, y in events:
        if kind != "mv":
            buttons[kind[0]] = 1 if kind[1] == "c" else 0
        fields = [buttons["r"], buttons["m"], buttons["l"]]
        fields += _bits(y, 9) + _bits(x, 9) + _bits(t % 1000 // 10, 7) + _bits(t // 1000, 10)
        record = bytearray(5)
        for value, (byte, bit) in zip(fields, places, strict=False):
            if value:
                record[byte] |= bit
        out += record
    return bytes(out)


def _bits(value: int, count: int) -> list[int]:
    return [value >> i & 1 for i in range(count)]


def mvf_permutation(leading: int) -> list[tuple[int, int]]:
    """Where Clone 0.97 puts each of a step's 40 bits (byte, mask), from the file's 2 leading
    bytes: 5 numbers of 8 digits from square roots, sines and cosines, the bits in the order
    of their digits. Found independently of the reader under test, from the format's sources."""
    one = math.sqrt(leading)
    two = math.sqrt(leading + 1000)
    three = math.sqrt(one + 1000)
    values = [
        math.cos(three + 1000),
        math.sin(math.sqrt(two)),
        math.cos(three),
        math.sin(math.sqrt(one) + 1000),
        math.cos(math.sqrt(two + 1000)),
    ]
    digits = "".join(f"{math.floor(abs(v) * 100000000 + 0.5):08d}"[:8] for v in values)
    order = sorted(range(40), key=lambda j: (digits[j], j))
    return [(j // 8, 1 << (j % 8)) for j in order]


def utc(stamp: int) -> str:
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%dT%H:%M:%S")
