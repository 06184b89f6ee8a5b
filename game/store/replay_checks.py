"""What a replay's entries must be, checked one by one (game/store/replays.py reads the files):
the error that names the first thing wrong, the checks both versions share, and a version 2
journal's events, one checker per kind of event (`read_events`).

Every message names the file and the entry or line, in the player's language; values from the
file are shown short (`_show`), whatever it held.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import Game, MoveKind
from ..engine.game import RecordedMove
from ..i18n import _

if TYPE_CHECKING:
    from .replays import Replay

# The longest a game's clock can read: 10**12 ms is about 31 years of play. A time past it is
# damage, and refused before it reaches the statistics (a database integer holds < 2**63).
MAX_TIME_MS = 10**12
_KINDS = {k.value: k for k in MoveKind}
_BUTTONS = ("left", "right", "middle", "both")
_DIDS = ("opened", "flagged", "marked", "unflagged", "chorded", "nothing")
_STATES = ("won", "lost")
_RESULT = ("state", "time_ms", "bbbv", "deaths", "assisted")  # an end line's, as Replay.result
# The pointer, in board units (16 a cell, docs/FORMATS.md): a point may lie off the board (the
# pointer over the frame around it), never further than a board's width beyond it.
UNIT = 16
MAX_UNITS = 2 * 200 * UNIT  # twice the widest board, either way
MAX_POINTS = 4096  # points on one path line: a frame's motion, at any mouse's rate


class ReplayError(Exception):
    """A replay or kept game that cannot be used; the message names the file and the entry."""


def _show(value: object) -> str:
    """A value for a message: short, whatever the file held."""
    if isinstance(value, dict):
        # Translators: a value of a file that is an object, as "(got an object)" says it.
        return _("an object")
    if isinstance(value, list):
        return _("a list")
    text = repr(value[:40] if isinstance(value, str) else value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_or_none(text: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _check_layout(name: str, what: str, layout: object, rows: int, cols: int, mines: int):
    if not (
        isinstance(layout, list)
        and len(layout) == rows
        and all(
            isinstance(line, str) and len(line) == cols and not set(line) - {"*", "."}
            for line in layout
        )
    ):
        raise ReplayError(
            # Translators: what names the entry ("board 'layout'"); '*' and '.' are written so.
            _("%(file)s: %(what)s must be %(rows)d rows of %(cols)d '*' or '.'")
            % {"file": name, "what": what, "rows": rows, "cols": cols}
        )
    if sum(line.count("*") for line in layout) != mines:
        raise ReplayError(
            _("%(file)s: %(what)s does not hold %(mines)d mines")
            % {"file": name, "what": what, "mines": mines}
        )


def _on_board(value: object, rows: int, cols: int) -> bool:
    """Whether a file's value is a cell [row, col] of a board of that size."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(v) is int for v in value)
        and 0 <= value[0] < rows
        and 0 <= value[1] < cols
    )


def _move_kind(where: str, raw: object) -> MoveKind:
    kind = _KINDS.get(raw) if isinstance(raw, str) else None
    if kind is None:
        raise ReplayError(
            # Translators: open, flag and chord are written so in the file: keep them.
            _("%(where)s: kind %(value)s is not open, flag or chord")
            % {"where": where, "value": _show(raw)}
        )
    return kind


def _mark_of(where: str, kind: MoveKind, mark: object) -> str | None:
    """A move's mark: a flag move's ('F', '?' or '#'), None for any other."""
    if kind is not MoveKind.FLAG:
        return None
    if mark not in ("F", "?", "#"):
        raise ReplayError(
            _("%(where)s: a flag move needs a mark 'F', '?' or '#'") % {"where": where}
        )
    return mark


def _impossible(where: str, move: RecordedMove) -> ReplayError:
    return ReplayError(
        # Translators: kind is the move as the file writes it (open, flag, chord).
        _("%(where)s (%(kind)s at (%(row)d, %(col)d)) is not possible at that point of the game")
        % {"where": where, "kind": move.kind.value, "row": move.row, "col": move.col}
    )


# ---- a version 2 journal's events -------------------------------------------------------------


@dataclass
class _Journal:
    """A version 2 journal as it is read: the game played so far (None until its mines are
    laid: flags before them are a list of their own), and what the lines said."""

    name: str
    replay: Replay
    game: Game | None
    line: int = 1
    last_t: int = 0
    before_laying: list[RecordedMove] = field(default_factory=list)  # flags, mines not laid
    undone_before: list[RecordedMove] = field(default_factory=list)  # and taken back
    assisted: bool = False
    result: dict = field(default_factory=dict)

    def cell(self, where: str, value: object, *, may_be_off: bool = False):
        if value is None and may_be_off:
            return None
        if not _on_board(value, self.replay.rows, self.replay.cols):
            raise ReplayError(
                _("%(where)s: cell %(value)s is not on the board")
                % {"where": where, "value": _show(value)}
            )
        return value[0], value[1]


def _button(j: _Journal, where: str, entry: dict) -> None:
    if entry.get("b") not in _BUTTONS:
        raise ReplayError(
            # Translators: buttons lists the buttons' names as the file writes them.
            _("%(where)s: button %(value)s is not one of %(buttons)s")
            % {"where": where, "value": _show(entry.get("b")), "buttons": ", ".join(_BUTTONS)}
        )
    j.cell(where, entry.get("cell"), may_be_off=True)
    pointed = "x" in entry or "y" in entry  # version 3: where the pointer was
    if pointed and not (_unit(entry.get("x")) and _unit(entry.get("y"))):
        raise _bad_point(where)


def _unit(value: object) -> bool:
    return type(value) is int and -MAX_UNITS <= value <= MAX_UNITS


def _bad_point(where: str) -> ReplayError:
    return ReplayError(
        # Translators: 'x' and 'y' are entries of the file (keep them); most is a number.
        _("%(where)s: the pointer's 'x' and 'y' must be whole numbers from -%(most)d to %(most)d")
        % {"where": where, "most": MAX_UNITS}
    )


def _path(j: _Journal, where: str, entry: dict) -> None:
    """The pointer's points since the last line: the first as it is, each next one as its
    step from the one before (docs/FORMATS.md)."""
    points = entry.get("p")
    if not (
        isinstance(points, list)
        and 0 < len(points) <= 2 * MAX_POINTS
        and len(points) % 2 == 0
        and all(type(v) is int for v in points)
    ):
        raise ReplayError(
            # Translators: 'p' is an entry of the file (keep it); most is a number.
            _("%(where)s: 'p' must be pairs of whole numbers, at most %(most)d pairs")
            % {"where": where, "most": MAX_POINTS}
        )
    x = y = 0
    for k in range(0, len(points), 2):
        x, y = (points[0], points[1]) if k == 0 else (x + points[k], y + points[k + 1])
        if not (-MAX_UNITS <= x <= MAX_UNITS and -MAX_UNITS <= y <= MAX_UNITS):
            raise _bad_point(where)


def _pause(j: _Journal, where: str, entry: dict) -> None:
    why = entry.get("why", "")
    if not (isinstance(why, str) and len(why) <= 20):
        raise ReplayError(_("%(where)s: 'why' must be a short word") % {"where": where})


def _key(j: _Journal, where: str, entry: dict) -> None:
    if not (isinstance(entry.get("k"), str) and 0 < len(entry["k"]) <= 20):
        raise ReplayError(
            _("%(where)s: key %(value)s is not a key's name")
            % {"where": where, "value": _show(entry.get("k"))}
        )
    j.cell(where, entry.get("cell"), may_be_off=True)


def _move(j: _Journal, where: str, entry: dict) -> None:
    kind = _move_kind(where, entry.get("kind"))
    r, c = j.cell(where, entry.get("cell"))
    did = entry.get("did")
    if did not in _DIDS:
        raise ReplayError(
            # Translators: 'did' is an entry of the file; words lists its values, as written.
            _("%(where)s: 'did' is %(value)s, not one of %(words)s")
            % {"where": where, "value": _show(did), "words": ", ".join(_DIDS)}
        )
    if did == "nothing":
        return  # a click that changed nothing: counted, not played
    move = RecordedMove(kind, r, c, entry["t"], _mark_of(where, kind, entry.get("mark")))
    if j.game is not None:
        if not j.game.play_recorded(move):
            raise _impossible(where, move)
        return
    if kind is not MoveKind.FLAG:
        raise ReplayError(
            # Translators: kind is the move as the file writes it (open, chord).
            _("%(where)s: a move of kind %(kind)s before the mines were laid")
            % {"where": where, "kind": kind.value}
        )
    j.before_laying.append(move)
    j.undone_before.clear()


def _laid(j: _Journal, where: str, entry: dict) -> None:
    layout, replay = entry.get("layout"), j.replay
    # Translators: a journal's line and its entry 'layout' (keep 'layout').
    what = _("line %(number)d: 'layout'") % {"number": j.line}
    _check_layout(j.name, what, layout, replay.rows, replay.cols, replay.mines)
    if replay.layout is not None and layout != replay.layout:
        raise ReplayError(_("%(where)s: the mines were laid twice, differently") % {"where": where})
    if j.game is None:
        replay.layout = layout
        j.game = replay.new_game()
        for move in j.before_laying:
            if not j.game.play_recorded(move):
                raise ReplayError(
                    _("%(where)s: a flag before it is not possible") % {"where": where}
                )


def _undo_redo(j: _Journal, where: str, entry: dict) -> None:
    undo = entry["e"] == "undo"
    if j.game is not None:
        if not (j.game.undo() if undo else j.game.redo()):
            raise _nothing_to(where, undo)
        j.result = {}  # a loss taken back: the game goes on
        return
    # flags before the mines: a list
    source, target = (
        (j.before_laying, j.undone_before) if undo else (j.undone_before, j.before_laying)
    )
    if not source:
        raise _nothing_to(where, undo)
    target.append(source.pop())
    j.assisted = j.assisted or undo


def _nothing_to(where: str, undo: bool) -> ReplayError:
    """An undo or redo of a journal with nothing to take back or play again."""
    if undo:
        return ReplayError(
            _("%(where)s: nothing to undo at that point of the game") % {"where": where}
        )
    return ReplayError(_("%(where)s: nothing to redo at that point of the game") % {"where": where})


def _assist(j: _Journal, where: str, entry: dict) -> None:
    if not (isinstance(entry.get("what"), str) and len(entry["what"]) <= 20):
        raise ReplayError(_("%(where)s: 'what' must be a short word") % {"where": where})
    j.assisted = True


def _end(j: _Journal, where: str, entry: dict) -> None:
    numbers = [entry.get(f) for f in ("time_ms", "deaths")]
    bbbv = entry.get("bbbv")
    if (
        entry.get("state") not in _STATES
        or not all(type(n) is int and 0 <= n <= MAX_TIME_MS for n in numbers)
        or not (bbbv is None or type(bbbv) is int and 0 <= bbbv <= j.replay.rows * j.replay.cols)
        or type(entry.get("assisted")) is not bool
    ):
        raise ReplayError(
            _("%(where)s: the end of the game is not written as one") % {"where": where}
        )
    j.result = {key: entry.get(key) for key in _RESULT}


_EVENTS: dict[str, Callable[[_Journal, str, dict], None]] = {
    "press": _button,
    "release": _button,
    "key": _key,
    "move": _move,
    "laid": _laid,
    "undo": _undo_redo,
    "redo": _undo_redo,
    "assist": _assist,
    "end": _end,
    "stop": lambda j, where, entry: None,  # the clock stopped (kept): its time is the line's
    # version 3
    "path": _path,
    "pause": _pause,
    "resume": _pause,
}


def read_events(name: str, replay: Replay, lines: list[str]) -> None:
    """Check each event line and play what the game did; fills the replay's moves (as they
    stand after undo and redo), events, time, deaths, help taken and result."""
    j = _Journal(name, replay, replay.new_game() if replay.layout is not None else None)
    # A line a call: json's C decoder holds the interpreter lock for a whole call, so the
    # window's loop gets it back between lines while a long journal is read on a chore.
    for k, entry in enumerate(map(_json_or_none, lines), 2):
        j.line = k
        # Translators: where a journal is wrong: the file, and the line's number in it.
        where = _("%(file)s: line %(number)d") % {"file": name, "number": j.line}
        if not isinstance(entry, dict):
            raise ReplayError(
                _(
                    "%(where)s is damaged (not one JSON object); the lines after it "
                    "cannot be trusted"
                )
                % {"where": where}
            )
        t, kind = entry.get("t"), entry.get("e")
        if type(t) is not int or not j.last_t <= t <= MAX_TIME_MS:
            raise ReplayError(
                _(
                    "%(where)s: time %(value)s is not a whole number of ms from "
                    "%(least)d to %(most)d"
                )
                % {"where": where, "value": _show(t), "least": j.last_t, "most": MAX_TIME_MS}
            )
        j.last_t = t
        check = _EVENTS.get(kind) if isinstance(kind, str) else None
        if check is None:
            raise ReplayError(
                _("%(where)s: event %(value)s is not one this game writes")
                % {"where": where, "value": _show(kind)}
            )
        check(j, where, entry)
        replay.events.append(entry)
    _close(j)


def _close(j: _Journal) -> None:
    """The replay as the journal leaves it: its moves, time, deaths, help and result."""
    replay, game = j.replay, j.game
    replay.elapsed_ms = j.last_t
    if game is None:
        replay.moves = j.before_laying
        replay.assisted = j.assisted
        return
    replay.moves = list(game.moves)
    replay.deaths = game.deaths
    replay.assisted = j.assisted or game.assisted
    result = j.result
    if game.state.is_over and not result:
        # The moves ended the game but its end line never came (the program was killed
        # between the two): a finished game all the same, its time the last line's.
        values = (game.state.value, j.last_t, game.bbbv, game.deaths, replay.assisted)
        result = dict(zip(_RESULT, values, strict=True))
    if game.state.is_over and result and result["state"] == game.state.value:
        replay.result = result
