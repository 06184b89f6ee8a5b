"""The community's click counters: a video's mouse events played on its known board, counted
as Metasweeper and ms-toollib (1.5.20, its `MinesweeperBoard` and `BaseVideo`) count them, and
the moves that changed the board found on the way. Our own games are measured our own way
(docs/RULES.md, "Measures of a game"); these are the figures players compare videos by.

The events are those of `model.py`: the pointer in board units (16 a cell), the buttons going
down and up. A press or a release off the board (any coordinate below 0 or beyond the last
cell) is one off the board for every purpose, as ms-toollib's readers make it.

The rules are ms-toollib's, some of them surprising; each is kept where it is said:

- Buttons are a small state machine (`_UP_UP` ...). A left release alone opens; both buttons
  down make a chord, which happens at the first of them to come up; the middle button chords
  when it comes up, whatever the other buttons do (once the video has begun, so before the
  first opening too, though not before anything was pressed on the board).
- A click counts when it is made, useful or not: a left click at its release, a right click as
  it goes down, a chord at its release. A left release off the board counts a left click; a
  right press off the board counts a right click; a chord released off the board counts none.
- A right press on an open cell is counted, and if the left button then joins it to chord, that
  right click is taken back: the gesture is one chord (and its `double`), not a right click too.
- The effective clicks (ce): a left click that opened a covered cell, except one on a mine; a
  chord that opened anything, a losing one included; a flag placed on a mine, but only the first
  time that mine is flagged (flagging it again after taking the flag off is no ce).
- A chord opens the covered neighbours of an open number with as many flags around it, and
  also those of an open 0 with no flag around it (a 0 a flag kept from spreading).
- Flags placed before the first opening (pre-flags, by the right button or EVF's "pf") count
  as right clicks. Taking the last of them off again starts the count over (left, right,
  chords and flags, and which mines were flagged), but not the effective clicks already made.
  A left release on a flag before the first opening counts a left click and opens nothing.
- A piece of the 3BV is solved when a click opens it: an isolated number (no 0 around it)
  when it is opened; an opening when a left click opens one of its 0-cells while none of its
  0-cells is flagged, or when a chord does and ms-toollib's search for such a flag misses it
  (`_search_finds_no_flag`), so that an opening can be solved twice and the 3BV solved exceed
  the 3BV. A chord that loses still solves what it opened.
- Once the game is won or lost, nothing more is counted: the path and the counters stop.
- The path is the pointer's way on the board from the first opening on; a point off the board
  adds nothing, and the next point on it is measured from the last one on it.
- Where ms-toollib aborts (a right press while the right button is down before the first
  opening, a middle release off the board, a pre-flag after the first opening or on a flag),
  this machine does nothing.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterator
from dataclasses import dataclass

from .model import (
    LEFT_DOWN,
    LEFT_UP,
    MIDDLE_UP,
    MOVE,
    POINTER_KINDS,
    PRE_FLAG,
    RIGHT_DOWN,
    RIGHT_UP,
    UNIT,
    Action,
    Event,
    Video,
)

# What a cell shows, in ms-toollib's own numbers (0-8 an open cell's number), so the board
# this machine keeps can be set beside ms-toollib's game_board as it is.
COVERED, FLAGGED, WRONG_FLAG, EXPLODED = 10, 11, 14, 15
_MINE = -1

# The phases of a game. Before the first opening a video may already be recording flags
# (ms-toollib's "PreFlaging"); the players see both as "ready".
_READY, _PRE_FLAGS, _PLAYING, _WON, _LOST = range(5)
_STATE = ("ready", "ready", "playing", "won", "lost")

# The buttons, as ms-toollib's MouseState: which of left and right are down, and how they got so.
_UP_UP = 1  # both up
_UP_DOWN = 2  # the right button down (it flagged or could have)
_UP_DOWN_NO_FLAG = 3  # the right button down on an open cell or off the board
_DOWN_UP = 4  # the left button down
_CHORDING = 5  # both down
_CHORDING_NO_FLAG = 6  # both down, the right first, where it could not flag
_DOWN_UP_AFTER_CHORD = 7  # the left still down after a chord ended by the right coming up


@dataclass(frozen=True, slots=True)
class Counters:
    """The counters after some events, as ms-toollib counts them."""

    left: int = 0
    right: int = 0
    double: int = 0
    lce: int = 0
    rce: int = 0
    dce: int = 0
    flags: int = 0
    bbbv_solved: int = 0
    path: float = 0.0  # board units, 16 a cell

    @property
    def clicks(self) -> int:
        return self.left + self.right + self.double

    @property
    def ce(self) -> int:
        return self.lce + self.rce + self.dce

    @property
    def ioe(self) -> float | None:
        """Efficiency: 3BV solved a click."""
        clicks = self.clicks
        return self.bbbv_solved / clicks if clicks else None

    @property
    def throughput(self) -> float | None:
        """3BV solved an effective click (ms-toollib's thrp)."""
        ce = self.ce
        return self.bbbv_solved / ce if ce else None

    @property
    def correctness(self) -> float | None:
        """The share of the clicks that were effective (ms-toollib's corr)."""
        clicks = self.clicks
        return self.ce / clicks if clicks else None


_ZERO_COUNTERS = Counters()


ROWS_A_STEP = 12  # rows of the board's tables made between two yields of `Machine.building`


def _neighbours(rows: int, cols: int, first: int, last: int) -> list[tuple[int, ...]]:
    """The neighbours (flat indices) of each cell of rows first..last-1: an inner cell's as
    eight offsets at once, an edge cell's one by one."""
    out: list[tuple[int, ...]] = []
    w = cols
    for r in range(first, last):
        base = r * w
        if 0 < r < rows - 1 and cols > 2:
            out.append(_edge_neighbours(rows, cols, r, 0))
            out += [
                (i - w - 1, i - w, i - w + 1, i - 1, i + 1, i + w - 1, i + w, i + w + 1)
                for i in range(base + 1, base + cols - 1)
            ]
            out.append(_edge_neighbours(rows, cols, r, cols - 1))
        else:
            out += [_edge_neighbours(rows, cols, r, c) for c in range(cols)]
    return out


def _edge_neighbours(rows: int, cols: int, r: int, c: int) -> tuple[int, ...]:
    r0, r1, c0, c1 = max(r - 1, 0), min(r + 2, rows), max(c - 1, 0), min(c + 2, cols)
    return tuple(
        rr * cols + cc for rr in range(r0, r1) for cc in range(c0, c1) if rr != r or cc != c
    )


def _numbers(mines: list[list[int]], first: int, last: int) -> list[int]:
    """Each cell's number for rows first..last-1 (-1 a mine): the mines of the three rows
    round it summed three columns at a time."""
    rows, cols = len(mines), len(mines[0])
    zero = [0] * (cols + 2)
    out: list[int] = []
    for r in range(first, last):
        up = [0, *mines[r - 1], 0] if r > 0 else zero
        mid = [0, *mines[r], 0]
        down = [0, *mines[r + 1], 0] if r + 1 < rows else zero
        column = [a + b + c for a, b, c in zip(up, mid, down, strict=True)]
        row = mines[r]
        out += [
            _MINE if row[c] else column[c] + column[c + 1] + column[c + 2] - mid[c + 1]
            for c in range(cols)
        ]
    return out


def _openings(numbers: list[int], nbrs: list[tuple[int, ...]]):
    """Which opening (connected 0-cells) each 0-cell belongs to (-1 for any other cell), and
    whether each number is isolated (no 0 round it: a piece of the 3BV by itself); yields
    None between pieces of the work, then (op, count, isolated)."""
    op = [-1] * len(numbers)
    near_zero = bytearray(len(numbers))
    count = done = 0
    for start, n in enumerate(numbers):
        if n != 0 or op[start] >= 0:
            continue
        op[start] = count
        stack = [start]
        while stack:
            i = stack.pop()
            for j in nbrs[i]:
                near_zero[j] = 1
                if numbers[j] == 0 and op[j] < 0:
                    op[j] = count
                    stack.append(j)
            done += 1
            if done % 4096 == 0:
                yield None
        count += 1
    isolated = [n > 0 and not z for n, z in zip(numbers, near_zero, strict=True)]
    yield op, count, isolated


class Machine:
    """One game's counters, stepped an event at a time (live while a game is played, or over
    a video). `counters` is what ms-toollib's figures are after the events so far; `step`
    says which moves changed the board."""

    def __init__(self, layout: list[str]) -> None:
        for _part in self._build(layout):
            pass

    @classmethod
    def building(cls, layout: list[str]) -> Iterator[Machine | None]:
        """The machine made a piece at a time: None after each piece (some ROWS_A_STEP rows
        of its tables, a few ms on any board), the machine last. The window's live counters
        make a 200 x 200 board's so, over frames (game/ui/live.py)."""
        machine = cls.__new__(cls)
        yield from machine._build(layout)
        yield machine

    def _build(self, layout: list[str]) -> Iterator[None]:
        rows, cols = len(layout), len(layout[0]) if layout else 0
        if rows == 0 or cols == 0 or any(len(row) != cols for row in layout):
            raise ValueError("a layout is a non-empty rectangle of '*' and '.'")
        self.rows, self.cols = rows, cols
        mines = [[1 if ch == "*" else 0 for ch in row] for row in layout]
        nbrs: list[tuple[int, ...]] = []
        num: list[int] = []
        for first in range(0, rows, ROWS_A_STEP):
            last = min(rows, first + ROWS_A_STEP)
            nbrs += _neighbours(rows, cols, first, last)
            num += _numbers(mines, first, last)
            yield None
        self._nbrs, self._num = nbrs, num
        for made in _openings(num, nbrs):
            if made is None:
                yield None
        self._op, ops, self._isolated = made
        self._start(ops)

    def _start(self, ops: int) -> None:
        """The game before its first event, once the tables are made."""
        rows, cols, num = self.rows, self.cols, self._num
        self.bbbv = ops + sum(self._isolated)
        self._flagged_zeros = [0] * ops  # flags standing on each opening's 0-cells
        self._safe_covered = sum(n != _MINE for n in num)
        self._view = bytearray([COVERED]) * (rows * cols)
        self._phase = _READY
        self._buttons = _UP_UP
        self._pre_flags = 0  # flags placed before the first opening, standing
        self._flagged_mines: set[int] = set()  # mines flagged once: no ce when flagged again
        self.left = self.right = self.double = 0
        self.lce = self.rce = self.dce = 0
        self.flags = self.bbbv_solved = 0
        self.path = 0.0
        self._last_on_board: tuple[int, int] | None = None
        self._index = 0  # the next event's place in the video
        self._event: tuple[int, int] = (0, 0)  # (t, index) of the event being stepped
        self._actions: list[Action] = []
        self._counters: Counters | None = _ZERO_COUNTERS

    def copy(self) -> Machine:
        """A machine in the same state that steps on by itself (the board's fixed tables are
        shared): the live counters count the click under way on a copy (game/ui/live.py)."""
        other = copy.copy(self)
        other._view = bytearray(self._view)
        other._flagged_zeros = list(self._flagged_zeros)
        other._flagged_mines = set(self._flagged_mines)
        other._actions = []
        return other

    # ---- what the others read -------------------------------------------------------------

    @property
    def state(self) -> str:
        return _STATE[self._phase]

    @property
    def counters(self) -> Counters:
        """The counters now (made again only after an event that may have changed them)."""
        if self._counters is None:
            self._counters = Counters(
                self.left,
                self.right,
                self.double,
                self.lce,
                self.rce,
                self.dce,
                self.flags,
                self.bbbv_solved,
                self.path,
            )
        return self._counters

    def view(self) -> list[str]:
        """The board as the engine's text view shows it (docs/RULES.md, "The text view"):
        '#', 'F', '.', '1'-'8', 'X' a mine opened, '!' a wrong flag after a loss."""
        chars = {COVERED: "#", FLAGGED: "F", WRONG_FLAG: "!", EXPLODED: "X", 0: "."}
        cells = [chars.get(v, str(v)) for v in self._view]
        return ["".join(cells[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]

    def cell_codes(self) -> list[list[int]]:
        """The board in ms-toollib's numbers (its game_board): 10 covered, 11 flagged, 14 a
        wrong flag after a loss, 15 a mine opened, else the open cell's number."""
        v = self._view
        return [list(v[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]

    # ---- stepping -------------------------------------------------------------------------

    def step(self, event: Event) -> list[Action]:
        """Play one event; the moves it made that changed the board (none for most)."""
        index = self._index
        self._index += 1
        kind = event.kind
        if self._phase >= _WON or kind not in POINTER_KINDS:
            return []  # after the end, and pauses: nothing changes
        cell = self._cell_at(event.x, event.y)
        self._event = (event.t, index)
        self._actions = actions = []
        if kind != MOVE or self._phase >= _PLAYING:
            self._counters = None
        if self._phase == _READY:
            self._ready(kind, cell)
        elif self._phase == _PRE_FLAGS:
            self._before_opening(kind, cell)
        else:
            self._playing(kind, cell)
        # ms-toollib rejects a pre-flag once playing, so that event is not on its path.
        if self._phase >= _PLAYING and kind != PRE_FLAG:
            self._walk(event.x, event.y, cell)
        return actions

    def _cell_at(self, x: int, y: int) -> int:
        """The flat index of the cell under a point; -1 off the board."""
        if x < 0 or y < 0:
            return -1
        row, col = y // UNIT, x // UNIT
        if row >= self.rows or col >= self.cols:
            return -1
        return row * self.cols + col

    def _walk(self, x: int, y: int, cell: int) -> None:
        """The path, from the first point of the game on (a point off the board adds none)."""
        if cell < 0:
            return
        last = self._last_on_board
        if last is not None:
            dx, dy = x - last[0], y - last[1]
            if dx or dy:
                self.path += math.sqrt(dx * dx + dy * dy)
        self._last_on_board = (x, y)

    def _act(self, kind: str, cell: int) -> None:
        t, index = self._event
        row, col = divmod(cell, self.cols)
        self._actions.append(Action(t, index, kind, row, col))

    # ---- the three phases -----------------------------------------------------------------

    def _ready(self, kind: str, cell: int) -> None:
        """Before anything on the board: a left press on it starts the video; a right press
        on it or a pre-flag places the first pre-flag."""
        b = self._buttons
        if kind == LEFT_DOWN:
            if b == _UP_UP:
                self._buttons = _DOWN_UP
                if cell >= 0:
                    self._phase = _PRE_FLAGS
            elif b == _UP_DOWN:
                self._buttons = _CHORDING
            elif b == _UP_DOWN_NO_FLAG:
                self._buttons = _CHORDING_NO_FLAG
        elif kind == PRE_FLAG:
            self._pre_flag(cell)
        elif kind == RIGHT_DOWN:
            if b == _UP_UP:
                self._buttons = _UP_DOWN
                if cell >= 0:
                    self._pre_flags = 1
                    self._phase = _PRE_FLAGS
                    self._right_click(cell)
            elif b in (_DOWN_UP, _DOWN_UP_AFTER_CHORD):
                self._buttons = _CHORDING
        elif kind == LEFT_UP:
            if b in (_CHORDING, _CHORDING_NO_FLAG):
                self._buttons = _UP_DOWN
            elif b in (_DOWN_UP_AFTER_CHORD, _DOWN_UP):
                self._buttons = _UP_UP
        elif kind == RIGHT_UP:
            if b == _UP_DOWN:
                self._buttons = _UP_UP
            elif b == _CHORDING:
                self._buttons = _DOWN_UP_AFTER_CHORD
        # the middle button and moves do nothing before the game

    def _pre_flag(self, cell: int) -> None:
        """A flag the file says was placed before the clock (EVF's "pf"); ms-toollib aborts on
        one off the board or on a flag, so those are passed over here."""
        if cell < 0 or self._view[cell] != COVERED:
            return
        self._pre_flags += 1
        self._phase = _PRE_FLAGS
        self._right_click(cell)

    def _before_opening(self, kind: str, cell: int) -> None:
        """Between the video's start and the first opening: flags may be placed and taken
        off; the first left release on a covered cell opens it and starts the game."""
        b = self._buttons
        if kind == LEFT_UP and b == _DOWN_UP:
            self._first_left_release(cell)
        elif kind == PRE_FLAG:
            self._pre_flag(cell)
        elif kind == RIGHT_DOWN:
            if b == _UP_UP:
                self._pre_flag_press(cell)
            elif b == _DOWN_UP:
                self._buttons = _CHORDING
                if cell >= 0 and self._pre_flags == 0:
                    self._phase = _READY  # both buttons on a board with no flag: start over
            elif b == _DOWN_UP_AFTER_CHORD:
                self._buttons = _CHORDING
        elif kind in (LEFT_DOWN, LEFT_UP, RIGHT_UP, MIDDLE_UP):
            self._playing(kind, cell)  # counted as in a game (chords that open nothing)
        # a right press with the right button already down: ms-toollib aborts; nothing here

    def _first_left_release(self, cell: int) -> None:
        if cell < 0:
            self._buttons = _UP_UP
            if self._pre_flags == 0:
                self._phase = _READY
                self._start_over()
            else:
                self.left += 1
        elif self._view[cell] == COVERED:
            self._phase = _PLAYING
            self._buttons = _UP_UP
            self._left_click(cell)
        else:
            self.left += 1  # on a pre-flag: a click, and the left button still counts as down

    def _pre_flag_press(self, cell: int) -> None:
        """A right press before the first opening: flags or takes a flag off; taking off the
        last one starts the count over."""
        if cell < 0:
            self._buttons = _UP_DOWN_NO_FLAG
            self.right += 1
            return
        self._buttons = _UP_DOWN
        if self._view[cell] == COVERED:
            self._pre_flags += 1
        else:
            self._pre_flags -= 1
            if self._pre_flags == 0:
                self._phase = _READY
                self._start_over()
                self._set_flag(cell, False)
                self._act("flag", cell)
                return
        self._right_click(cell)

    def _start_over(self) -> None:
        """ms-toollib's count from zero when the video goes back to waiting: the clicks and
        the flags, not the effective clicks nor the 3BV solved."""
        self.left = self.right = self.double = 0
        self.flags = 0
        self._flagged_mines.clear()

    def _playing(self, kind: str, cell: int) -> None:
        b = self._buttons
        if kind == LEFT_DOWN:
            if b == _UP_UP:
                self._buttons = _DOWN_UP
            elif b == _UP_DOWN:
                self._buttons = _CHORDING
            elif b == _UP_DOWN_NO_FLAG:
                self._buttons = _CHORDING_NO_FLAG
        elif kind == LEFT_UP:
            self._left_up(b, cell)
        elif kind == RIGHT_DOWN:
            if b == _UP_UP:
                if cell < 0:
                    self._buttons = _UP_DOWN_NO_FLAG
                    self.right += 1
                else:
                    self._buttons = _UP_DOWN_NO_FLAG if self._view[cell] < 10 else _UP_DOWN
                    self._right_click(cell)
            elif b in (_DOWN_UP, _DOWN_UP_AFTER_CHORD):
                self._buttons = _CHORDING
        elif kind == RIGHT_UP:
            self._right_up(b, cell)
        elif kind == MIDDLE_UP and cell >= 0:
            # ms-toollib aborts on a middle release off the board; here it is nothing.
            self._chord(cell)

    def _left_up(self, b: int, cell: int) -> None:
        if b == _DOWN_UP:
            self._buttons = _UP_UP
            if cell < 0:
                self.left += 1
            else:
                self._left_click(cell)
        elif b in (_CHORDING, _CHORDING_NO_FLAG):
            self._buttons = _UP_DOWN
            if b == _CHORDING_NO_FLAG:
                self.right -= 1  # that right press was the start of a chord, not a click
            if cell >= 0:
                self._chord(cell)
        elif b == _DOWN_UP_AFTER_CHORD:
            self._buttons = _UP_UP

    def _right_up(self, b: int, cell: int) -> None:
        if b in (_UP_DOWN, _UP_DOWN_NO_FLAG):
            self._buttons = _UP_UP
        elif b in (_CHORDING, _CHORDING_NO_FLAG):
            self._buttons = _DOWN_UP_AFTER_CHORD
            if b == _CHORDING_NO_FLAG:
                self.right -= 1
            if cell >= 0:
                self._chord(cell)

    # ---- the clicks -----------------------------------------------------------------------

    def _left_click(self, cell: int) -> None:
        self.left += 1
        if self._view[cell] != COVERED:
            return
        self._act("open", cell)
        n = self._num[cell]
        if n == _MINE:
            self._open([cell])
            return
        if n == 0:
            if self._flagged_zeros[self._op[cell]] == 0:
                self.bbbv_solved += 1
        elif self._isolated[cell]:
            self.bbbv_solved += 1
        self.lce += 1
        self._open([cell])

    def _right_click(self, cell: int) -> None:
        self.right += 1
        v = self._view[cell]
        if v < 10:
            return
        placing = v == COVERED
        self._set_flag(cell, placing)
        self.flags += 1 if placing else -1
        if placing and self._num[cell] == _MINE and cell not in self._flagged_mines:
            self.rce += 1  # only the first time this mine is flagged
            self._flagged_mines.add(cell)
        self._act("flag", cell)

    def _set_flag(self, cell: int, placing: bool) -> None:
        self._view[cell] = FLAGGED if placing else COVERED
        op = self._op[cell]
        if op >= 0:
            self._flagged_zeros[op] += 1 if placing else -1

    def _chord(self, cell: int) -> None:
        """A chord on a cell: counted always; it opens the covered neighbours of an open
        number with exactly its number of flags around it (of an open 0 with none)."""
        self.double += 1
        n = self._view[cell]
        if n >= 8:  # covered or flagged (or an 8, which has nothing to open)
            return
        view = self._view
        around = self._nbrs[cell]
        covered = [j for j in around if view[j] == COVERED]
        if not covered or sum(view[j] == FLAGGED for j in around) != n:
            return
        self.dce += 1
        self.bbbv_solved += self._openings_solved(covered) + sum(self._isolated[j] for j in covered)
        if n:
            self._act("chord", cell)
            self._open(covered)
            return
        # ms-toollib chords an open 0 too (one a flag kept from spreading, the flag since taken
        # off); the engine does not, so the board is told of the openings it made, one by one.
        for j in covered:
            if self._view[j] == COVERED:
                self._act("open", j)
                self._open([j])

    def _openings_solved(self, covered: list[int]) -> int:
        """How many openings a chord solves: those of its covered 0-cells with no flag on any
        of their 0-cells, and, by a quirk of ms-toollib's search, sometimes one with a flag
        (`_search_finds_no_flag`), looked into only when a flag stands on a 0-cell."""
        num, op, flagged = self._num, self._op, self._flagged_zeros
        solved: set[int] = set()
        seen: set[int] = set()  # ms-toollib's marks, shared by its searches of one chord
        for j in covered:
            k = op[j]
            if num[j] != 0 or k in solved:
                continue
            if flagged[k] == 0 or (j not in seen and self._search_finds_no_flag(j, seen)):
                solved.add(k)
        return len(solved)

    def _search_finds_no_flag(self, start: int, seen: set[int]) -> bool:
        """ms-toollib's search of an opening for a flag, step for step: depth first, a 0-cell
        marked when it is taken from the stack, and the marks kept from the chord's earlier
        searches, so that a search after one that stopped at a flag may miss the flag."""
        num, view, nbrs = self._num, self._view, self._nbrs
        stack = [start]
        while stack:
            i = stack.pop()
            if num[i] != 0:
                continue
            if view[i] == FLAGGED:
                return False
            seen.add(i)
            stack.extend(j for j in nbrs[i] if j not in seen)
        return True

    def _open(self, cells: list[int]) -> None:
        """Open cells as ms-toollib does: a 0 opens its covered neighbours, a flag stays;
        a mine opened loses, and then the wrong flags show."""
        view, num, nbrs = self._view, self._num, self._nbrs
        lost = False
        stack = cells
        while stack:
            i = stack.pop()
            if view[i] != COVERED:
                continue
            n = num[i]
            if n == _MINE:
                view[i] = EXPLODED
                lost = True
                continue
            view[i] = n
            self._safe_covered -= 1
            if n == 0:
                stack.extend(j for j in nbrs[i] if view[j] == COVERED)
        if lost:
            self._phase = _LOST
            for i, v in enumerate(view):
                if v == FLAGGED and num[i] != _MINE:
                    view[i] = WRONG_FLAG
        elif self._safe_covered == 0:
            self._phase = _WON


@dataclass
class Played:
    """A whole video played on its board."""

    counters: list[Counters]  # one per event, after it
    actions: list[Action]
    bbbv: int
    state: str  # the machine's at the end
    end_index: int  # the event that ended the game, else the last event's index


_RELEASES = frozenset((LEFT_UP, RIGHT_UP, MIDDLE_UP))  # where a click acts, and a loss comes
# What only grows, and so survives a loss taken back: the clicks and the pointer's way.
_CARRIED = ("left", "right", "double", "lce", "rce", "dce", "path", "_last_on_board", "_index")


def stepped(
    layout: list[str], events, taken_back: bool = False
) -> Iterator[tuple[Machine, list[Action]]]:
    """The machine after each event, and the moves the event made. `taken_back`: the game had
    an undo (ours have; the community's files do not): a loss is then a click that counts,
    after which counting goes on from the board before it, as the game did."""
    machine = Machine(layout)
    for event in events:
        before = machine.copy() if taken_back and event.kind in _RELEASES else None
        made = machine.step(event)
        if before is not None and machine.state == "lost":
            for name in _CARRIED:
                setattr(before, name, getattr(machine, name))
            before._counters = None
            machine = before
        yield machine, made


def play(video: Video) -> Played:
    """Play every event of a video on its board (a loss our game took back, taken back)."""
    taken_back = video.actions is not None and any(a.kind == "undo" for a in video.actions)
    counters: list[Counters] = []
    actions: list[Action] = []
    end = -1
    machine = None
    for machine, made in stepped(video.layout, video.events, taken_back):
        if made:
            actions.extend(made)
        counters.append(machine.counters)
        if end < 0 and machine._phase >= _WON:
            end = len(counters) - 1
    if end < 0:
        end = len(counters) - 1
    if machine is None:  # a video without events
        machine = Machine(video.layout)
    return Played(counters, actions, machine.bbbv, machine.state, end)


def summary(video: Video, played: Played) -> dict:
    """The figures a video's information shows, at its end. The time is the file's own when
    it gives one, else the clock from the first opening to the end (0 if nothing opened)."""
    end = played.end_index
    c = played.counters[end] if end >= 0 else _ZERO_COUNTERS
    time_ms = video.time_ms
    if time_ms is None:
        time_ms = _played_ms(video, played)
    return {
        "bbbv": played.bbbv,
        "bbbv_solved": c.bbbv_solved,
        "left": c.left,
        "right": c.right,
        "double": c.double,
        "lce": c.lce,
        "rce": c.rce,
        "dce": c.dce,
        "ce": c.ce,
        "clicks": c.clicks,
        "flags": c.flags,
        "path": c.path,
        "ioe": c.ioe,
        "throughput": c.throughput,
        "correctness": c.correctness,
        "time_ms": time_ms,
        "won": played.state == "won",
    }


def _played_ms(video: Video, played: Played) -> int:
    """From the event of the first opening to the end event, on the video's clock."""
    first = next((a for a in played.actions if a.kind == "open"), None)
    end = played.end_index
    if first is None or end < 0 or first.index < 0:
        return 0
    return max(0, video.events[end].t - video.events[first.index].t)
