"""Reading the community's binary video files (AVF, RMV, MVF) a field at a time, with every
read checked against the data's end, and the errors the three readers share.

Each reader walks its file with one `Reader`; a read past the end raises `VideoError` naming
the file, so a cut-short or damaged file never leaks an IndexError or a struct.error. Numbers
are big-endian, as all three formats write them. The messages here are the ones a player reads
of a damaged video (docs/FORMATS.md says which files the game reads).
"""

from __future__ import annotations

from ..i18n import _
from .model import UNIT, VideoError

# What a reader takes: a long Expert game is a few hundred KB in any of these formats, so 16 MiB
# leaves room for hours of play and stops a disk image before it fills the memory.
MAX_BYTES = 16 * 1024 * 1024
MAX_EVENTS = 2_000_000  # about 9 hours of steady mouse moves at 60 a second
MAX_SIDE = 200  # the largest board this game plays, rows or columns


class Reader:
    """The bytes of one file and where reading has got to."""

    __slots__ = ("data", "name", "pos")

    def __init__(self, data: bytes, name: str, pos: int = 0) -> None:
        self.data = data
        self.name = name
        self.pos = pos

    @property
    def left(self) -> int:
        """How many bytes are still to read."""
        return len(self.data) - self.pos

    def take(self, count: int) -> bytes:
        if count < 0 or count > self.left:
            raise cut_short(self.name)
        start = self.pos
        self.pos += count
        return self.data[start : self.pos]

    def skip(self, count: int) -> None:
        self.take(count)

    def uint(self, size: int) -> int:
        """An unsigned big-endian number of `size` bytes."""
        return int.from_bytes(self.take(size), "big")

    def u8(self) -> int:
        if self.pos >= len(self.data):
            raise cut_short(self.name)
        self.pos += 1
        return self.data[self.pos - 1]

    def u16(self) -> int:
        return self.uint(2)

    def until(self, stop: bytes) -> bytes:
        """The bytes before the next `stop` (one byte), read past it."""
        end = self.data.find(stop, self.pos)
        if end < 0:
            raise cut_short(self.name)
        found = self.data[self.pos : end]
        self.pos = end + 1
        return found

    def past(self, pattern: bytes) -> None:
        """Read on until just past the next `pattern`."""
        end = self.data.find(pattern, self.pos)
        if end < 0:
            raise cut_short(self.name)
        self.pos = end + len(pattern)


def text(raw: bytes) -> str:
    """A name the file keeps in no stated encoding: UTF-8 if it is, else the Chinese code page
    (GB18030, what Chinese players' tools write), else Windows Latin-1, as the community's
    readers guess; the result is never an error."""
    for encoding in ("utf-8", "gb18030", "cp1252"):
        try:
            return raw.decode(encoding).strip()
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1").strip()


def to_units(pixels: int, cell_pixels: int) -> int:
    """A pointer's place in a file's own pixels as board units (model.UNIT a cell)."""
    return pixels * UNIT // cell_pixels


def layout_of(rows: int, cols: int, mines: set[tuple[int, int]]) -> list[str]:
    """model.Video's layout: rows of '*' and '.'."""
    return ["".join("*" if (r, c) in mines else "." for c in range(cols)) for r in range(rows)]


def check_size(data: bytes, name: str) -> None:
    if len(data) > MAX_BYTES:
        raise VideoError(
            _("%(file)s: the file is too big for a video (%(size)d bytes, at most %(most)d)")
            % {"file": name, "size": len(data), "most": MAX_BYTES}
        )


def check_board(name: str, rows: int, cols: int) -> None:
    if rows < 1 or cols < 1:
        raise VideoError(_("%(file)s: the video's board has no cells") % {"file": name})
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise VideoError(
            _(
                "%(file)s: the board is %(cols)d by %(rows)d cells, larger than this game plays"
                " (%(most)d by %(most)d at most)"
            )
            % {"file": name, "cols": cols, "rows": rows, "most": MAX_SIDE}
        )


def check_events(name: str, count: int) -> None:
    if count > MAX_EVENTS:
        raise VideoError(
            _("%(file)s: the video has more events than this game reads (at most %(most)d)")
            % {"file": name, "most": MAX_EVENTS}
        )


def cut_short(name: str) -> VideoError:
    return VideoError(
        _("%(file)s: the video ends too soon (the file is cut short or damaged)") % {"file": name}
    )


def not_a(name: str, kind: str) -> VideoError:
    return VideoError(
        _("%(file)s: this is not a video in the %(format)s format") % {"file": name, "format": kind}
    )


def damaged(name: str) -> VideoError:
    """A field that holds what the format never writes there."""
    return VideoError(
        _("%(file)s: the video is damaged (a value in it makes no sense)") % {"file": name}
    )


def mine_outside(name: str) -> VideoError:
    return VideoError(_("%(file)s: the video puts a mine outside its board") % {"file": name})


def unknown_event(name: str, code: int) -> VideoError:
    return VideoError(
        _("%(file)s: the video holds an event of a kind it cannot have (%(code)d)")
        % {"file": name, "code": code}
    )


def no_events(name: str) -> VideoError:
    return VideoError(_("%(file)s: the video holds no moves") % {"file": name})


def unsupported(name: str, kind: str, version: str) -> VideoError:
    return VideoError(
        _("%(file)s: %(format)s videos of version %(version)s cannot be read")
        % {"file": name, "format": kind, "version": version}
    )


def mine_board(reader: Reader, first: int) -> tuple[int, int, set[tuple[int, int]]]:
    """A board written as RMV and MVF write it: columns and rows (a byte each), the mines'
    count (two bytes), then each mine's column and row (a byte each, counted from `first`);
    rows, cols and the mines as (row, col) from 0."""
    cols, rows, count = reader.u8(), reader.u8(), reader.u16()
    check_board(reader.name, rows, cols)
    if 2 * count > reader.left:
        raise cut_short(reader.name)
    mines = set()
    for _mine in range(count):
        col, row = reader.u8() - first, reader.u8() - first
        if not (0 <= col < cols and 0 <= row < rows):
            raise mine_outside(reader.name)
        mines.add((row, col))
    return rows, cols, mines
