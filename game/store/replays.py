"""Replays and kept games: a finished (or interrupted) game as data on disk (docs/FORMATS.md).

Version 3 (written now) is a journal: a header line, then one JSON line per event (every
press, release, key, move, undo and redo with its time, the pointer's path, the pauses);
game.store.journal appends it as the game is played, and a finished game's replay is the same
lines, compressed (gzip). Version 2 (the same lines without the pointer and the pauses) and
version 1 (one JSON object: the board and the accepted moves) are still read and played. Each
holds the board's layout, so a replay never depends on how mines are laid. Reading checks every
entry and replays the moves on the engine; the first entry that is wrong is named in the
message. Files are data: never executed, and read only when they are regular files under their
size cap.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import zlib
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from .. import i18n
from ..engine import Game, MoveKind, SafeZone
from ..engine.codes import MAX_SEED
from ..engine.game import MAX_SIDE, RecordedMove, check_custom_size
from ..engine.rules import BoardSizeError
from ..i18n import _
from ..words import say
from .files import FileRefused, atomic_write, data_dir, read_capped
from .records import chosen_or_none
from .replay_checks import (
    MAX_TIME_MS,
    ReplayError,
    _check_layout,
    _impossible,
    _json_or_none,
    _mark_of,
    _move_kind,
    _on_board,
    _show,
    read_events,
)

FORMAT = "pixel-mines-replay"
VERSION = 3  # the newest this game reads and the one it writes
JOURNAL_VERSIONS = (2, 3)  # a journal, one JSON line an event (3: with the pointer and pauses)
REPLAY_SUFFIX = ".jsonl.gz"  # a finished game's replay: its journal, compressed
GZIP_MAGIC = b"\x1f\x8b"
KEPT_NAME = "kept-game.json"  # where versions before 2 kept the one game in play
KEPT_DIR = "kept"  # one journal per unfinished game, named by its id
# The most moves a real game reaches: every cell of the largest board (200 x 200) opened,
# flagged, unflagged and chorded once. Undone moves are not in the file (an undo takes the
# move out), so undo and redo add nothing. A larger file is refused before it is played.
MAX_CELLS = MAX_SIDE * MAX_SIDE
MAX_MOVES = 4 * MAX_CELLS  # 160,000
# A move is written in under 64 bytes and the largest layout in about 41 KB: MAX_MOVES moves
# fit in 10.3 MB, so 16 MiB leaves room for a replay written by hand with spaces.
MAX_BYTES = 16 * 1024 * 1024
# A journal also holds every press and release (some 170 bytes a click with its move): the
# most moves, each with a press, a release and a move line, fit in 32 MiB; 64 leaves room.
MAX_JOURNAL_BYTES = 64 * 1024 * 1024
MAX_EVENTS = 8 * MAX_MOVES  # lines after the header
MAX_SEED_TEXT = 100  # a seed written as text, longer than any seed this game makes
GAME_ID = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{12}")  # see new_game_id
MAX_PLAYED_AT = 40  # characters of "when it was played": an ISO date and time is 19-32


def new_game_id(now: datetime | None = None) -> str:
    """A game's id: when it started (so files sort by date) and 48 random bits (so two copies
    of the program starting games in the same second never share one)."""
    now = now or datetime.now()
    return f"{now:%Y%m%d-%H%M%S}-{os.urandom(6).hex()}"  # as secrets.token_hex(6)


def replays_dir() -> Path:
    return data_dir() / "replays"


def kept_game_path() -> Path:
    """Where versions before 2 kept the game in play (read once, then moved to KEPT_DIR)."""
    return data_dir() / KEPT_NAME


def kept_dir() -> Path:
    return data_dir() / KEPT_DIR


@dataclass
class Replay:
    rows: int
    cols: int
    mines: int
    seed: int | str | None
    safe_zone: SafeZone
    no_guess: bool
    first_click: tuple[int, int] | None
    layout: list[str] | None  # None: a journal cut short before its mines were laid
    moves: list[RecordedMove]
    played_at: str = ""
    source: str = ""
    elapsed_ms: int = 0  # a kept game: time on the clock when it was kept
    result: dict = field(default_factory=dict)
    deaths: int = 0  # mines hit, undone or not
    assisted: bool = False
    daily: str | None = None  # the date of a daily board
    game_id: str | None = None  # the game's id: its replay file and statistics row are keyed by it
    version: int = VERSION  # of the file it was read from
    chosen: str | None = None  # how the player chose the board (store.records.CHOSEN); None: random
    # Version 2: every line after the header, checked (presses, releases and keys too, for the
    # measures that count every click); version 1 files have only their moves.
    events: list[dict] = field(default_factory=list)

    def new_game(self, question_marks: bool = False) -> Game:
        """A fresh game on the same board, before any move, knowing where the board came from
        (its seed, first-click rule and, for a shared board, its first click)."""
        game = Game.from_layout(
            self.layout,
            seed=self.seed,
            safe_zone=self.safe_zone,
            question_marks=question_marks,
            first_click=self.first_click if self._shared() else None,
        )
        game.no_guess = self.no_guess
        return game

    def _shared(self) -> bool:
        """A board laid for its first click before anyone clicked (a code, the daily)."""
        return self.first_click is not None and not any(m.kind is MoveKind.OPEN for m in self.moves)

    def final_game(self, question_marks: bool = False) -> Game:
        """The game with every move played."""
        game = self.new_game(question_marks)
        for move in self.moves:
            game.play_recorded(move)
        game.deaths = max(game.deaths, self.deaths)
        game.assisted = game.assisted or self.assisted
        return game


def replay_of(
    game: Game,
    *,
    elapsed_ms: int,
    source: str,
    daily: str | None = None,
    game_id: str | None = None,
    played_at: str | None = None,
    chosen: str | None = None,
) -> Replay:
    if game.layout() is None:
        raise ValueError("a game before its first reveal has no board to keep")
    result = {}
    if game.state.is_over:
        result = {
            "state": game.state.value,
            "time_ms": elapsed_ms,
            "bbbv": game.bbbv,
            "deaths": game.deaths,
            "assisted": game.assisted,
        }
    return Replay(
        game.rows,
        game.cols,
        game.mines,
        game.seed,
        game.safe_zone,
        game.no_guess,
        game.first_click,
        game.layout(),
        list(game.moves),
        played_at or datetime.now().isoformat(timespec="seconds"),
        source,
        elapsed_ms,
        result,
        game.deaths,
        game.assisted,
        daily,
        game_id,
        chosen=chosen,
    )


def header_of(replay: Replay) -> dict:
    """A journal's first line: the game and its board (the layout once it is known), and how
    the player chose the board if they did ("chosen": "seed" or "code")."""
    header = {
        "format": FORMAT,
        "version": VERSION,
        "game_id": replay.game_id,
        "played_at": replay.played_at,
        "source": replay.source,
        "daily": replay.daily,
        "board": {
            "rows": replay.rows,
            "cols": replay.cols,
            "mines": replay.mines,
            "seed": replay.seed,
            "safe_zone": replay.safe_zone.value,
            "no_guess": replay.no_guess,
            "first_click": list(replay.first_click) if replay.first_click else None,
            "layout": replay.layout,
        },
    }
    if replay.chosen is not None:
        header["chosen"] = replay.chosen
    return header


def did_of(kind: MoveKind, changed: bool, mark: str | None) -> str:
    """What a move did, in a journal's words: opened, flagged, marked (a '?'), unflagged,
    chorded, or nothing."""
    if not changed:
        return "nothing"
    if kind is MoveKind.OPEN:
        return "opened"
    if kind is MoveKind.CHORD:
        return "chorded"
    return {"F": "flagged", "?": "marked"}.get(mark or "", "unflagged")


def move_entry(move: RecordedMove, did: str) -> dict:
    entry = {"t": move.at_ms, "e": "move", "kind": move.kind.value, "cell": [move.row, move.col]}
    if move.mark is not None:
        entry["mark"] = move.mark
    entry["did"] = did
    return entry


def end_entry(state: str, time_ms: int, bbbv: int | None, deaths: int, assisted: bool) -> dict:
    return {
        "t": time_ms,
        "e": "end",
        "state": state,
        "time_ms": time_ms,
        "bbbv": bbbv,
        "deaths": deaths,
        "assisted": assisted,
    }


def to_lines(replay: Replay) -> str:
    """A replay as a version 2 journal (header, moves, the end if it had one): how a game that
    was not journaled as it was played (a version 1 file, a store without a kept folder) is
    written now. The clicks it did not record are not invented."""
    from .journal import line_of  # the journal owns the line format

    lines = [line_of(header_of(replay))]
    for m in replay.moves:
        lines.append(line_of(move_entry(m, did_of(m.kind, True, m.mark))))
    if replay.assisted:  # its moves say no undo or hint: one line keeps the fact
        lines.append(line_of({"t": replay.elapsed_ms, "e": "assist", "what": "unknown"}))
    if replay.result:
        r = replay.result
        lines.append(
            line_of(
                end_entry(
                    r.get("state", ""),
                    r.get("time_ms", 0),
                    r.get("bbbv"),
                    r.get("deaths", 0),
                    bool(r.get("assisted")),
                )
            )
        )
    elif replay.elapsed_ms:
        lines.append(line_of({"t": replay.elapsed_ms, "e": "stop"}))
    return b"".join(lines).decode("ascii")


def replay_path(replay: Replay, folder: Path | None = None) -> Path:
    """Where a game's replay is written: named by its id, so writing it again replaces it and
    two games (two copies of the program) never share a name."""
    folder = folder if folder is not None else replays_dir()
    if replay.game_id is None:  # a replay from before games had ids: it gets one now
        replay.game_id = new_game_id()
    return folder / f"{replay.game_id}-{replay.cols}x{replay.rows}{REPLAY_SUFFIX}"


def save_replay(replay: Replay, folder: Path | None = None, lines: bytes | None = None) -> Path:
    """Write a finished game's replay (again: the same file), compressed; its path. `lines`:
    the game's journal as it was at the end; without, the replay is written from its moves.
    OSError if the folder cannot be written."""
    path = replay_path(replay, folder)
    data = lines if lines is not None else to_lines(replay).encode("ascii")
    # The pointer's path is most of a replay and repeats itself: a minute of Expert with the
    # whole path is some 100-120 KB of lines and 18-19 KB compressed (benchmarks/
    # bench_videos.py). mtime 0: the same game writes the same bytes.
    packed = gzip.compress(data, compresslevel=6, mtime=0)
    # no fsync: a kill cannot lose it (the OS has it), and waiting for the disk would stall
    # the frame that ends the game
    atomic_write(path, packed, durable=False)
    return path


def load_replay(path: Path) -> Replay:
    """Read and check a replay or kept game of either version; ReplayError naming the first
    thing wrong."""
    name = str(path)
    raw, text = _read(path, name)
    first = _json_or_none(text.partition("\n")[0])
    if (
        isinstance(first, dict)
        and first.get("format") == FORMAT
        and first.get("version") in JOURNAL_VERSIONS
    ):
        return _load_v2(name, text, first)
    if len(raw) > MAX_BYTES:
        raise ReplayError(
            _("%(file)s is over %(size)d MiB, the most a version 1 replay holds")
            % {"file": name, "size": MAX_BYTES // 2**20}
        )
    try:
        data = decode_json(text)
    except json.JSONDecodeError as e:
        raise ReplayError(
            # Translators: problem is JSON's own words (in English).
            _(
                "%(file)s is not complete or not JSON (line %(line)d, column "
                "%(column)d: %(problem)s)"
            )
            % {"file": name, "line": e.lineno, "column": e.colno, "problem": e.msg}
        ) from None
    except (ValueError, RecursionError) as e:  # a huge number, nesting too deep
        raise ReplayError(
            _("%(file)s is not a replay this game can read (%(problem)s)")
            % {"file": name, "problem": e}
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(_("%(file)s is not a Pixel Mines replay") % {"file": name})
    _check_version(name, data.get("version"))
    return _load_v1(name, data)


def _read(path: Path, name: str) -> tuple[bytes, str]:
    """A replay file's bytes and its text, within the cap; ReplayError if they cannot be."""
    try:
        raw = read_capped(path, MAX_JOURNAL_BYTES)
    except FileRefused as e:
        # Translators: file is a replay's name; problem is said after it ("is not a regular
        # file").
        raise ReplayError(_("%(file)s %(problem)s") % {"file": name, "problem": e}) from None
    except OSError as e:
        raise ReplayError(
            _("cannot read %(file)s: %(error)s") % {"file": name, "error": e.strerror or e}
        ) from None
    if raw.startswith(GZIP_MAGIC):
        raw = _unpacked(raw, name)
    try:
        return raw, raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReplayError(
            # Translators: byte is the place in the file, counted from 0.
            _("%(file)s is not a replay: byte %(byte)d is not UTF-8 text")
            % {"file": name, "byte": e.start}
        ) from None


def _unpacked(raw: bytes, name: str) -> bytes:
    """A compressed replay's lines, within the cap a journal has (a crafted file that would
    unpack to more is refused before it does)."""
    unpacker = zlib.decompressobj(wbits=31)  # gzip's header and trailer
    try:
        data = unpacker.decompress(raw, MAX_JOURNAL_BYTES + 1)
    except zlib.error as e:
        raise ReplayError(
            _("%(file)s is a damaged compressed replay (%(problem)s)")
            % {"file": name, "problem": e}
        ) from None
    if len(data) > MAX_JOURNAL_BYTES:
        raise ReplayError(
            _("%(file)s unpacks to over %(size)d MiB, the most a replay holds")
            % {"file": name, "size": MAX_JOURNAL_BYTES // 2**20}
        )
    if not unpacker.eof:
        # cut short (the end of a copy lost): its whole lines are still the game so far
        data += unpacker.flush()
    return data


def _check_version(name: str, version: object) -> None:
    """A file of one JSON object must say version 1."""
    if type(version) is not int or version < 1:
        raise ReplayError(
            # Translators: 'version' is the name of an entry in the file: keep it.
            _("%(file)s: 'version' must be a whole number (got %(value)s)")
            % {"file": name, "value": _show(version)}
        )
    if version > VERSION:
        raise ReplayError(
            _(
                "%(file)s was made by a newer Pixel Mines (format %(version)d; "
                "this one reads up to %(most)d)"
            )
            % {"file": name, "version": version, "most": VERSION}
        )
    if version != 1:
        raise ReplayError(
            _(
                "%(file)s: a version %(version)d replay is a journal, one JSON line "
                "each; this one is not"
            )
            % {"file": name, "version": version}
        )


def _load_v1(name: str, data: dict) -> Replay:
    """A version 1 replay: one JSON object holding the board, the result and the moves."""
    board = data.get("board")
    if not isinstance(board, dict):
        # Translators: 'board', 'result', 'moves' are names of entries in the file: keep them.
        raise ReplayError(_("%(file)s: the 'board' entry is missing") % {"file": name})
    replay = _board(name, board)
    replay.elapsed_ms = _whole(name, "'elapsed_ms'", data.get("elapsed_ms", 0), MAX_TIME_MS)
    replay.deaths = _whole(name, "'deaths'", data.get("deaths", 0), MAX_MOVES)
    replay.assisted = data.get("assisted") is True
    _header(name, replay, data)
    result = data.get("result", {})
    if not isinstance(result, dict):
        raise ReplayError(
            _("%(file)s: the 'result' entry is not a result of a game (got %(value)s)")
            % {"file": name, "value": _show(result)}
        )
    for key, most in (("time_ms", MAX_TIME_MS), ("deaths", MAX_MOVES), ("bbbv", MAX_CELLS)):
        if result.get(key) is not None:  # a game without a 3BV has None
            _whole(name, f"result {key!r}", result[key], most)
    replay.result = result
    replay.version = 1
    if "moves" not in data:
        raise ReplayError(_("%(file)s: the 'moves' entry is missing") % {"file": name})
    moves = data["moves"]
    if not isinstance(moves, list):
        raise ReplayError(
            _("%(file)s: 'moves' must be a list of moves (got %(value)s)")
            % {"file": name, "value": _show(moves)}
        )
    if len(moves) > MAX_MOVES:
        raise ReplayError(
            _("%(file)s holds %(count)s moves; a game has at most %(most)s")
            % {"file": name, "count": i18n.number(len(moves)), "most": i18n.number(MAX_MOVES)}
        )
    _moves(name, replay, moves)
    return replay


def _header(name: str, replay: Replay, data: dict) -> None:
    """What both versions write about the game beside its board: when and where it was
    played, its id and its daily board's date."""
    replay.played_at = _played_at(name, data.get("played_at", ""))
    source = data.get("source", "")
    replay.source = source[:40] if isinstance(source, str) else ""
    game_id = data.get("game_id")
    replay.game_id = game_id if isinstance(game_id, str) and GAME_ID.fullmatch(game_id) else None
    replay.daily = _date_or_none(data.get("daily"))


def board_of_replay(path: str) -> tuple[list[str], list[dict]]:
    """The layout and the journal events of the replay at `path`, as the analysis reads them
    (a version 1 replay's moves as events); ValueError, in a player's words, when it cannot be
    read or its mines were never laid. It replays the game to check it (some 60 ms for a
    200x200 game of 2,000 moves), so the window asks its analysis worker to do it."""
    try:
        replay = load_replay(Path(path))
    except ReplayError as e:
        raise ValueError(str(e)) from None
    if replay.layout is None:
        raise ValueError(_("the game ended before its mines were laid"))
    from ..engine.walk import journal_of  # with the analysis, not at start

    return replay.layout, journal_of(replay.version, replay.events, replay.moves)


def _whole(name: str, what: str, value: object, most: int) -> int:
    """A whole number from the file in 0..most, else ReplayError naming the file and field."""
    if type(value) is not int:
        raise ReplayError(
            # Translators: what names an entry of the file, as it is written there ('deaths').
            _("%(file)s: %(what)s must be a whole number (got %(value)s)")
            % {"file": name, "what": what, "value": _show(value)}
        )
    if not 0 <= value <= most:
        raise ReplayError(
            _("%(file)s: %(what)s is %(value)s; it must be from 0 to %(most)s")
            % {"file": name, "what": what, "value": _show(value), "most": i18n.number(most)}
        )
    return value


def _played_at(name: str, value: object) -> str:
    """When the game was played, as written (ISO 8601 date and time); "" if not written."""
    if value == "":
        return ""
    if isinstance(value, str) and len(value) <= MAX_PLAYED_AT:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return value
    raise ReplayError(
        # Translators: 'played_at' is an entry of the file; the example is written as files do.
        _("%(file)s: 'played_at' must be a date and time like 2026-11-30T12:40:00 (got %(value)s)")
        % {"file": name, "value": _show(value)}
    )


# Text up to this long is decoded in one call (about 5 ms); longer text piece by piece.
WHOLE_AT_ONCE = 64 * 1024
_SPACE = re.compile(r"[ \t\n\r]*")


def decode_json(text: str) -> object:
    """`json.loads(text)`, with the arrays and objects of the two outer levels (a replay's
    moves, its board) decoded one element at a time.

    json's C decoder holds the interpreter lock for a whole call: a kept game at the move cap
    took 0.6 s, during which the window's loop could not draw though the reading was on a
    thread of its own. Between elements the lock changes hands as usual. Errors are json's
    own (JSONDecodeError with the place, ValueError, RecursionError)."""
    if len(text) <= WHOLE_AT_ONCE:
        return json.loads(text)
    decoder = json.JSONDecoder()
    end, value = _decode_value(decoder, text, _SPACE.match(text).end(), 0)
    end = _SPACE.match(text, end).end()
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def _decode_value(decoder: json.JSONDecoder, text: str, at: int, depth: int) -> tuple[int, object]:
    if depth >= 2 or at >= len(text) or text[at] not in "[{":
        value, end = decoder.raw_decode(text, at)
        return end, value
    closing = "]" if text[at] == "[" else "}"
    items: list | dict = [] if closing == "]" else {}
    at = _SPACE.match(text, at + 1).end()
    if text.startswith(closing, at):
        return at + 1, items
    while True:
        if isinstance(items, dict):
            if not text.startswith('"', at):
                raise json.JSONDecodeError(
                    "Expecting property name enclosed in double quotes", text, at
                )
            key, at = decoder.raw_decode(text, at)
            at = _SPACE.match(text, at).end()
            if not text.startswith(":", at):
                raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
            at, items[key] = _decode_value(
                decoder, text, _SPACE.match(text, at + 1).end(), depth + 1
            )
        else:
            at, value = _decode_value(decoder, text, at, depth + 1)
            items.append(value)
        at = _SPACE.match(text, at).end()
        if text.startswith(",", at):
            at = _SPACE.match(text, at + 1).end()
        elif text.startswith(closing, at):
            return at + 1, items
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)


def _date_or_none(value: object) -> str | None:
    """A daily board's date as written (YYYY-MM-DD), or None if it is not one."""
    if not (isinstance(value, str) and len(value) == 10):
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def _board(name: str, board: dict, *, layout_optional: bool = False) -> Replay:
    def whole(key: str) -> int:
        value = board.get(key)
        if type(value) is not int or value < 1:
            raise ReplayError(
                # Translators: key is an entry of the file's board ('rows'), as written there.
                _("%(file)s: board %(key)r must be a whole number (got %(value)s)")
                % {"file": name, "key": key, "value": _show(value)}
            )
        if value > MAX_SIDE * MAX_SIDE:  # far off any board: not worth writing out in full
            raise ReplayError(
                _("%(file)s: board %(key)r is %(value)s, larger than any board")
                % {"file": name, "key": key, "value": _show(value)}
            )
        return value

    rows, cols, mines = whole("rows"), whole("cols"), whole("mines")
    try:
        check_custom_size(rows, cols, mines)
    except BoardSizeError as e:
        raise ReplayError(
            _("%(file)s: board: %(problem)s") % {"file": name, "problem": say(e)}
        ) from None
    layout = board.get("layout")
    if layout is not None or not layout_optional:
        _check_layout(name, "board 'layout'", layout, rows, cols, mines)
    zone = board.get("safe_zone", "opening")
    if zone not in [z.value for z in SafeZone]:
        raise ReplayError(
            _("%(file)s: board 'safe_zone' is %(value)s") % {"file": name, "value": _show(zone)}
        )
    zone = SafeZone(zone)
    seed = board.get("seed")
    if seed is not None and not (type(seed) is int or isinstance(seed, str)):
        raise ReplayError(_("%(file)s: board 'seed' must be a number or text") % {"file": name})
    if type(seed) is int and not 0 <= seed < MAX_SEED:
        raise ReplayError(
            _("%(file)s: board 'seed' is %(value)s; a seed is from 0 to %(most)d")
            % {"file": name, "value": _show(seed), "most": MAX_SEED - 1}
        )
    if isinstance(seed, str) and len(seed) > MAX_SEED_TEXT:
        raise ReplayError(
            _("%(file)s: board 'seed' is longer than %(most)d characters")
            % {"file": name, "most": MAX_SEED_TEXT}
        )
    click = board.get("first_click")
    if click is not None:
        if not _on_board(click, rows, cols):
            raise ReplayError(
                _("%(file)s: board 'first_click' is not a cell of the board") % {"file": name}
            )
        click = (click[0], click[1])
    return Replay(
        rows, cols, mines, seed, zone, bool(board.get("no_guess", False)), click, layout, []
    )


def _moves(name: str, replay: Replay, entries: list) -> None:
    """Check each move and play it; the first one that is malformed or impossible is named."""
    game = replay.new_game()
    last_t = 0
    for k, entry in enumerate(entries, 1):
        # Translators: where a replay is wrong: the file, and the move's number in it.
        where = _("%(file)s: move %(number)d") % {"file": name, "number": k}
        if not isinstance(entry, dict):
            # Translators: where is "FILE: move 3" or "FILE: line 3".
            raise ReplayError(_("%(where)s is not a move") % {"where": where})
        kind = _move_kind(where, entry.get("kind"))
        cell, t = entry.get("cell"), entry.get("t")
        if not _on_board(cell, replay.rows, replay.cols):
            plain = (
                isinstance(cell, list)
                and len(cell) <= 4
                and not any(isinstance(v, list | dict) for v in cell)
            )
            shown = repr(cell)[:40] if plain else _show(cell)
            raise ReplayError(
                _("%(where)s: cell %(value)s is not on the board")
                % {"where": where, "value": shown}
            )
        if type(t) is not int or not last_t <= t <= MAX_TIME_MS:
            raise ReplayError(
                _(
                    "%(where)s: time %(value)s is not a whole number of ms after "
                    "the last, up to %(most)s"
                )
                % {"where": where, "value": _show(t), "most": i18n.number(MAX_TIME_MS)}
            )
        move = RecordedMove(kind, cell[0], cell[1], t, _mark_of(where, kind, entry.get("mark")))
        if not game.play_recorded(move):
            raise _impossible(where, move)
        replay.moves.append(move)
        last_t = t


def _load_v2(name: str, text: str, header: dict) -> Replay:
    """A version 2 journal: the header, then its events, each checked and played
    (game/store/replay_checks.py).

    A last line without its line break is a write the program did not finish (it was killed):
    it is left out, never an error. A damaged line before it is an error like any other."""
    lines = text.split("\n")
    tail = lines.pop()  # what follows the last line break: "" when the file ends with one
    if tail.strip():
        whole = _json_or_none(tail)
        if isinstance(whole, dict):  # complete, only its line break missing (written by hand)
            lines.append(tail)
    if len(lines) - 1 > MAX_EVENTS:
        raise ReplayError(
            _("%(file)s holds %(count)s events; a game has at most %(most)s")
            % {"file": name, "count": i18n.number(len(lines) - 1), "most": i18n.number(MAX_EVENTS)}
        )
    board = header.get("board")
    if not isinstance(board, dict):
        raise ReplayError(
            _("%(file)s: the 'board' entry is missing") % {"file": name}
            if board is None
            else _("%(file)s: the 'board' entry is %(value)s, not a board")
            % {"file": name, "value": _show(board)}
        )
    replay = _board(name, board, layout_optional=True)
    replay.version = header["version"]
    _header(name, replay, header)
    replay.chosen = chosen_or_none(header.get("chosen"))
    read_events(name, replay, lines[1:])
    return replay
