"""The rules of one game (docs/RULES.md): moves in, changed cells out, ready -> playing -> won/lost.

Holds what the player sees (the text view of docs/RULES.md, one byte per cell) on top of
a `Minefield` laid at the first reveal. No clock, no global random state, no screens: a
`random.Random` is made from the seed, and every move returns the cells whose view changed.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Callable
from typing import NamedTuple

from . import fill, measures, minefield
from .cells import NUMBER_CHARS, OPEN_CHARS, CellSet, ViewChar
from .minefield import MINE, ZERO, Minefield
from .rules import (  # noqa: F401 (MAX_SIDE, MIN_SIDE, Difficulty, shown_seconds: asked here too)
    MAX_SIDE,
    MIN_SIDE,
    Clicks,
    Difficulty,
    GameState,
    Move,
    MoveKind,
    RecordedMove,
    SafeZone,
    check_custom_size,
    shown_seconds,
)

# Undo restores the nearest checkpoint and replays only the moves after it, so its work is
# bounded by this many moves, not by the length of the game (benchmarks/bench_files.py).
CHECKPOINT_EVERY = 1000

# The view is kept as bytes: these are the `ViewChar`s as byte values.
COVERED = ord(ViewChar.COVERED)
FLAG = ord(ViewChar.FLAG)
QUESTION = ord(ViewChar.QUESTION)
EXPLODED = ord(ViewChar.EXPLODED)
SHOWN_MINE = ord(ViewChar.MINE)
WRONG_FLAG = ord(ViewChar.WRONG_FLAG)
_NUMBERS = frozenset(map(ord, NUMBER_CHARS))
_OPEN = frozenset(map(ord, OPEN_CHARS))
_MARKS = (ViewChar.FLAG, ViewChar.QUESTION, ViewChar.COVERED)  # what a mark move may set
_FLAG_RUN = re.compile(re.escape(ViewChar.FLAG.encode("ascii")))
_NOTHING = CellSet()
_NONZERO_RUN = re.compile(rb"[^\x00]+")
_CHAR = tuple(map(chr, range(256)))
_MINE_TO_FF = bytes(0xFF if b == MINE else 0 for b in range(256))
_HIDDEN_TO_FF = bytes(0xFF if b in (COVERED, QUESTION) else 0 for b in range(256))
_FLAG_TO_FF = bytes(0xFF if b == FLAG else 0 for b in range(256))


class _Checkpoint(NamedTuple):
    """What `Game._rebuild` works out after the first `moves` moves (view and spread
    compressed: a 200×200 board is 2 × 40,804 bytes before)."""

    moves: int
    view: bytes
    spread: bytes
    flags: int
    opened: int
    state: GameState


class Game:
    """One game of Minesweeper. Coordinates are (row, col) from 0 at the top-left."""

    def __init__(
        self,
        rows: int,
        cols: int,
        mines: int,
        *,
        seed: int | str | None = None,
        safe_zone: SafeZone = SafeZone.OPENING,
        question_marks: bool = False,
        first_click: tuple[int, int] | None = None,
        no_guess: bool = False,
    ) -> None:
        """`first_click`, if given, lays the mines at once as a first click there would (a
        shared board: everyone gets the same mines and starts there). `no_guess` lays a board
        that deduction alone clears from the first click; if none is found within the work
        budget (`game.engine.noguess.WORK_BUDGET` steps, the same on every machine) the board
        is a normal one and `no_guess_failed` says so."""
        check_custom_size(rows, cols, mines)
        self._setup(rows, cols, mines, question_marks)
        self.no_guess = no_guess
        # the operating system's randomness, as secrets.randbits (whose import loads OpenSSL)
        self.seed = random.SystemRandom().getrandbits(63) if seed is None else seed
        self.safe_zone = SafeZone(safe_zone)
        if first_click is not None:
            self.lay(*first_click)

    @classmethod
    def from_difficulty(cls, difficulty: Difficulty, **options) -> Game:
        return cls(difficulty.rows, difficulty.cols, difficulty.mines, **options)

    @classmethod
    def from_layout(
        cls,
        layout: list[str],
        *,
        view: list[str] | None = None,
        question_marks: bool = False,
        seed: int | str | None = None,
        safe_zone: SafeZone = SafeZone.CELL,
        first_click: tuple[int, int] | None = None,
    ) -> Game:
        """A game whose mines are fixed as drawn ('*' mine, '.' safe); any size of 1 cell or more.

        `view`, if given, is a starting text view of the same size ('#', 'F', '?' and the open
        cells' true characters); with an open cell in it the game is already playing. `seed`,
        `safe_zone` and `first_click` say where the layout came from (a kept game, a replay),
        so that its board code and records stay what they were.
        """
        field = minefield.from_layout(layout)
        game = cls.__new__(cls)
        game._setup(field.rows, field.cols, len(field.mines), question_marks)
        game.seed = seed
        game.safe_zone = SafeZone(safe_zone)
        game._set_field(field)
        if first_click is not None:
            game._cell_index(*first_click)
            game.first_click = tuple(first_click)
        if view is not None:
            game._load_view(view)
        return game

    def _setup(self, rows: int, cols: int, mines: int, question_marks: bool) -> None:
        self.rows = rows
        self.cols = cols
        self.mines = mines
        self.question_marks = question_marks
        self.state = GameState.READY
        self.clicks = Clicks()
        self._width = cols + 2
        self._offsets = minefield.neighbour_offsets(self._width)
        self._view = fill.covered_view(rows, cols)
        self._field: Minefield | None = None
        self._spread = bytearray()
        self._flags = 0
        self._opened = 0
        self._openings: measures.Openings | None = None
        self._prepared: tuple | None = None  # (cell, view before, view, spread, runs, count)
        self._layout: list[str] | None = None  # `layout()`, made once
        self._shown: tuple[bytes, list[str]] | None = None  # `view()` and the bytes it read
        self.first_click: tuple[int, int] | None = None
        self.moves: list[RecordedMove] = []
        self._undone: list[RecordedMove] = []
        self.deaths = 0  # mines hit, undone or not
        self.no_guess = False
        self.no_guess_failed = False
        self.assisted = False  # undo (and later hints) used
        # Snapshots of what `_rebuild` works out, every `checkpoint_every` moves (0: none).
        self.checkpoint_every = CHECKPOINT_EVERY
        self._checkpoints: list[_Checkpoint] = []

    def _set_field(self, field: Minefield) -> None:
        self._field, self._layout = field, None
        self._openings = measures.openings(field)  # once, here: never on a finishing move
        self._spread = fill.initial_spread(field)
        for m in _FLAG_RUN.finditer(self._view):  # flags placed before the mines were laid
            self._spread[m.start()] = 0

    def _load_view(self, view: list[str]) -> None:
        if len(view) != self.rows or any(len(line) != self.cols for line in view):
            raise ValueError(f"the view must be {self.rows} rows of {self.cols} cells")
        numbers = self._field.numbers
        for r, line in enumerate(view):
            for c, ch in enumerate(line.encode("ascii")):
                i = self._cell_index(r, c)
                if ch in _OPEN and ch != numbers[i]:
                    raise ValueError(
                        f"the view shows {chr(ch)!r} at ({r}, {c}), the board has "
                        f"{chr(numbers[i])!r}"
                    )
                if ch not in _OPEN and ch not in (COVERED, FLAG, QUESTION):
                    raise ValueError(f"the view may not hold {chr(ch)!r} (at ({r}, {c}))")
                self._view[i] = ch
                if ch in _OPEN:
                    self._opened += 1
                    self._spread[i] = 0
                elif ch == FLAG:
                    self._flags += 1
                    self._spread[i] = 0
        if self._opened:
            self.state = GameState.PLAYING
        # The game now differs from the covered board `_rebuild` starts from: no snapshot of
        # it may stand in for a rebuild.
        self.checkpoint_every = 0

    # ---- what the player sees -------------------------------------------------------------

    @property
    def mines_remaining(self) -> int:
        return self.mines - self._flags

    @property
    def safe_opened(self) -> int:
        """How many safe cells are open."""
        return self._opened

    @property
    def safe_total(self) -> int:
        return self.rows * self.cols - self.mines

    def view(self) -> list[str]:
        """The text view (docs/RULES.md, "The text view"), one string per row. Made again
        only when a cell changed: a big board's window asks for it several times a frame (on
        200x200 a view is 0.3 ms of decoding here, the bytes compared 0.01)."""
        v = self._view
        shown = self._shown
        if shown is None or shown[0] != v:
            w = self._width
            rows = [v[(r + 1) * w + 1 : (r + 2) * w - 1].decode("ascii") for r in range(self.rows)]
            self._shown = shown = (bytes(v), rows)
        return shown[1][:]  # the caller's own list: changing it changes nothing here

    def cell(self, row: int, col: int) -> str:
        """The text-view character of one cell."""
        if type(row) is int and type(col) is int and 0 <= row < self.rows and 0 <= col < self.cols:
            return _CHAR[self._view[(row + 1) * self._width + col + 1]]  # drawn per cell
        return chr(self._view[self._cell_index(row, col)])  # bools; or the error it is

    def layout(self) -> list[str] | None:
        """Where the mines are ('*' and '.'), or None before they are laid."""
        if self._field is None:
            return None
        if self._layout is None:  # asked for several times at a game's end: made once
            self._layout = self._field.layout()
        return list(self._layout)

    @property
    def bbbv(self) -> int | None:
        """3BV of the laid board (worked out when the mines were laid), or None before."""
        return None if self._openings is None else self._openings.bbbv

    def bbbv_done(self) -> int:
        """How much of the 3BV the open cells already account for."""
        return 0 if self._openings is None else self._openings.done(self._view)

    # ---- laying the mines -----------------------------------------------------------------

    @property
    def is_laid(self) -> bool:
        """Whether the mines are laid (at the first reveal, by `lay`, or from a layout)."""
        return self._field is not None

    def lay(self, row: int, col: int, cancel: Callable[[], bool] | None = None) -> bool:
        """Lay the mines for a first click at (row, col), as that click would; True once laid.

        If the mines are already laid it lays nothing (and returns True), but before the first
        opening it still works out the opening of (row, col) ahead. A following
        `play(Move(MoveKind.OPEN, row, col))` opens that cell on this board, and `first_click`
        says where the board was laid for, so its board code gives it back. A no-guess board
        can take a while (docs/RULES.md, "Laying the mines"), so a front end may call this on a
        worker thread: it only writes the game when it is done, so the game may be read (drawn)
        meanwhile, but no move may be played until it returns. `cancel` is called between work
        steps; when it returns True the search stops, nothing changes (the game stays READY
        and unlaid) and this returns False.
        """
        i = self._cell_index(row, col)
        if self._field is not None:
            if self.state is GameState.READY:
                self._prepare_opening(i)  # a board laid before (a layout, a code): its fill
            return True
        field = self._lay_mines(row, col, cancel)
        if field is None:
            return False
        self._set_field(field)
        self.first_click = (row, col)
        self._prepare_opening(i)
        return True

    def laying_args(self, row: int, col: int) -> tuple:
        """What `lay_for` needs to do what `lay(row, col)` does somewhere else (a worker
        process): plain data. Not for a no-guess board, whose search is stopped with `lay`'s
        `cancel`."""
        if self.no_guess:
            raise ValueError("a no-guess board is laid by `lay`, which can be stopped")
        self._cell_index(row, col)
        return (
            self.rows,
            self.cols,
            self.mines,
            self.seed,
            self.safe_zone.value,
            self.question_marks,
            bytes(self._view),
            row,
            col,
            self._field,
        )

    def take_laid(self, laid: Laid) -> bool:
        """Adopt what `lay_for` did for this game (True), as `lay` would have done it: the
        board it laid, or on a board laid before (a layout, a code) the opening it worked out.
        A game changed since the arguments were taken is left as it is (False: the move lays,
        or fills, as it plays)."""
        if self.state is not GameState.READY or bytes(self._view) != laid.view:
            return False
        if self._field is None:
            self._field, self._openings, self._spread = laid.field, laid.openings, laid.spread
            self._layout = laid.layout
            self.first_click = laid.first_click
        elif self._field.numbers != laid.field.numbers:
            return False
        self._prepared = laid.prepared
        return True

    def _prepare_opening(self, i: int) -> None:
        """Work out on copies what opening cell `i` opens, so that the move which follows
        `lay` only copies it in: on a big board the fill is done where the laying is (a
        front end's worker thread or process), not in the move. Used only if nothing changed
        between. The spans come as the runs a move returns, with the count they open."""
        if self._field.numbers[i] != ZERO:
            return
        view, spread = bytearray(self._view), bytearray(self._spread)
        spans = fill.flood_open(view, spread, self._field.numbers, i, self._width)
        self._prepared = (
            i,
            bytes(self._view),
            view,
            spread,
            self._runs(spans),
            sum(e - s for s, e in spans),
        )

    # ---- moves ----------------------------------------------------------------------------

    def play(self, move: Move, *, at_ms: int = 0) -> CellSet:
        """Carry out a move; the cells whose view changed."""
        if move.kind is MoveKind.OPEN:
            return self.reveal(move.row, move.col, at_ms=at_ms)
        if move.kind is MoveKind.FLAG:
            return self.toggle_flag(move.row, move.col, at_ms=at_ms)
        return self.chord(move.row, move.col, at_ms=at_ms)

    def reveal(self, row: int, col: int, *, at_ms: int = 0) -> CellSet:
        """Open a covered or '?' cell (a left click); a 0 opens its whole region."""
        changed = self._reveal(self._cell_index(row, col))
        if changed:
            self.clicks.left += 1
            self._record(RecordedMove(MoveKind.OPEN, row, col, at_ms))
        return changed

    def toggle_flag(self, row: int, col: int, *, at_ms: int = 0) -> CellSet:
        """Cycle the mark of a covered cell: covered -> flag (-> ?) -> covered."""
        i = self._cell_index(row, col)
        changed = self._toggle(i)
        if changed:
            self.clicks.right += 1
            self._record(RecordedMove(MoveKind.FLAG, row, col, at_ms, chr(self._view[i])))
        return changed

    def chord(self, row: int, col: int, *, at_ms: int = 0) -> CellSet:
        """On an open number with as many flags around it: open every other covered neighbour."""
        i = self._cell_index(row, col)
        if self._chord_applies(i):
            self.clicks.chord += 1  # a chord that applies counts even if nothing was left
        changed = self._chord(i)
        if changed:
            self._record(RecordedMove(MoveKind.CHORD, row, col, at_ms))
        return changed

    def play_recorded(self, move: RecordedMove) -> CellSet:
        """Play a move from a recording (a replay, a kept game) exactly as it went: a mark sets
        the mark it set then, whatever the question-mark setting is now."""
        if move.kind is not MoveKind.FLAG or move.mark is None:
            return self.play(Move(move.kind, move.row, move.col), at_ms=move.at_ms)
        if move.mark not in _MARKS:
            raise ValueError(
                f"a mark is {', '.join(map(repr, map(str, _MARKS)))} (got {move.mark!r})"
            )
        changed = self._toggle(self._cell_index(move.row, move.col), ord(move.mark))
        if changed:
            self.clicks.right += 1
            self._record(move)
        return changed

    def _record(self, move: RecordedMove) -> None:
        self.moves.append(move)
        if self._undone:  # a new history from here: later snapshots no longer describe it
            self._undone.clear()
            self._drop_checkpoints_after(len(self.moves) - 1)
        if self.state is GameState.LOST:
            self.deaths += 1
        self._checkpoint()

    def undo(self) -> CellSet:
        """Take back the last move, a losing one included; the game counts as assisted.

        Replays at most `checkpoint_every` moves from the nearest checkpoint, however long
        the game is."""
        if not self.moves:
            return _NOTHING
        self._undone.append(self.moves.pop())
        self.assisted = True
        return self._rebuild()

    def redo(self) -> CellSet:
        """Play the last undone move again."""
        if not self._undone:
            return _NOTHING
        move = self._undone.pop()
        before = bytes(self._view)
        self._apply(move)
        self.moves.append(move)  # a mine hit again is the same mine: deaths stay as they are
        return self._difference(before)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def next_redo(self) -> RecordedMove | None:
        """The move a redo would play."""
        return self._undone[-1] if self._undone else None

    def _apply(self, move: RecordedMove) -> None:
        """A recorded move again, exactly as it went (the mark it set, not today's setting)."""
        i = self._cell_index(move.row, move.col)
        if move.kind is MoveKind.OPEN:
            done = self._reveal(i)
        elif move.kind is MoveKind.FLAG:
            done = self._toggle(i, ord(move.mark) if move.mark else None)
        else:
            done = self._chord(i)
        if not done:
            raise ValueError(f"{move.kind.value} at ({move.row}, {move.col}) changes nothing here")

    def _rebuild(self) -> CellSet:
        """Replay the remaining moves from the nearest checkpoint (or a covered board); the
        cells that look different. The result is that of replaying every move."""
        before = bytes(self._view)
        done = self._restore_checkpoint(len(self.moves))
        if done == 0:
            self._view = fill.covered_view(self.rows, self.cols)
            self._flags = self._opened = 0
            self.state = GameState.READY
            if self._field is not None:
                self._spread = fill.initial_spread(self._field)
        for move in self.moves[done:]:
            self._apply(move)
        return self._difference(before)

    # Checkpoints. A snapshot is taken after every `checkpoint_every`-th recorded move, once
    # the mines are laid (before that the spread array does not exist, and a rebuild makes
    # it). Undo keeps the snapshots past the current move (a redo walks the same history);
    # a new move after an undo drops them.

    def _checkpoint(self) -> None:
        n = len(self.moves)
        every = self.checkpoint_every
        if not every or n % every or self._field is None:
            return
        if self._checkpoints and self._checkpoints[-1].moves >= n:
            return
        self._checkpoints.append(
            _Checkpoint(
                n,
                zlib.compress(self._view, 1),
                zlib.compress(self._spread, 1),
                self._flags,
                self._opened,
                self.state,
            )
        )

    def _drop_checkpoints_after(self, moves: int) -> None:
        points = self._checkpoints
        while points and points[-1].moves > moves:
            points.pop()

    def _restore_checkpoint(self, moves: int) -> int:
        """Restore the latest snapshot taken at `moves` moves or fewer; how many moves it
        holds (0: none, nothing restored)."""
        for point in reversed(self._checkpoints):
            if point.moves <= moves:
                self._view = bytearray(zlib.decompress(point.view))
                self._spread = bytearray(zlib.decompress(point.spread))
                self._flags, self._opened, self.state = point.flags, point.opened, point.state
                return point.moves
        return 0

    def _difference(self, before: bytes) -> CellSet:
        """The cells whose view differs from `before` (an undo, a redo: all of a loss's mines
        on a big board), counted at C speed; their runs made when asked (`CellSet.later`)."""
        size = len(before)
        diff = (int.from_bytes(before, "big") ^ int.from_bytes(self._view, "big")).to_bytes(
            size, "big"
        )
        return CellSet.later(
            size - diff.count(0), _runs_of(diff, self._width, self.rows, self.cols)
        )

    # The moves themselves, without counting or recording (undo and redo replay with these).

    def _reveal(self, i: int) -> CellSet:
        if self.state.is_over or self._view[i] not in (COVERED, QUESTION):
            return _NOTHING
        if self._field is None:
            self._set_field(self._lay_mines(*self._cell_of(i)))
        if self.first_click is None:
            self.first_click = self._cell_of(i)
        self.state = GameState.PLAYING
        spans: list[tuple[int, int]] = []
        exploded: list[int] = []
        self._open(i, spans, exploded)
        return self._settle(spans, exploded)

    def _toggle(self, i: int, mark: int | None = None) -> CellSet:
        ch = self._view[i]
        if self.state.is_over or ch not in (COVERED, FLAG, QUESTION):
            return _NOTHING
        if mark is None:
            if ch == COVERED:
                mark = FLAG
            else:
                mark = QUESTION if ch == FLAG and self.question_marks else COVERED
        if mark == ch:
            return _NOTHING
        self._flags += (mark == FLAG) - (ch == FLAG)
        self._view[i] = mark
        if self._spread:
            self._spread[i] = mark != FLAG and self._field.numbers[i] == ZERO
        row, col = self._cell_of(i)
        return CellSet([(row, col, col + 1)])

    def _chord_applies(self, i: int) -> bool:
        ch = self._view[i]
        if self.state is not GameState.PLAYING or ch not in _NUMBERS:
            return False
        return sum(self._view[i + d] == FLAG for d in self._offsets) == ch - ord("0")

    def _chord(self, i: int) -> CellSet:
        if not self._chord_applies(i):
            return _NOTHING
        view = self._view
        spans: list[tuple[int, int]] = []
        exploded: list[int] = []
        for j in [i + d for d in self._offsets]:
            if view[j] in (COVERED, QUESTION):
                self._open(j, spans, exploded)
        return self._settle(spans, exploded)

    def chord_targets(self, row: int, col: int) -> list[tuple[int, int]]:
        """The neighbours a chord here would open (for showing them pressed)."""
        i = self._cell_index(row, col)
        return [
            self._cell_of(i + d) for d in self._offsets if self._view[i + d] in (COVERED, QUESTION)
        ]

    # ---- inside ---------------------------------------------------------------------------

    def _cell_index(self, row: int, col: int) -> int:
        if not (
            isinstance(row, int)
            and isinstance(col, int)
            and 0 <= row < self.rows
            and 0 <= col < self.cols
        ):
            raise ValueError(f"({row}, {col}) is off the {self.rows}×{self.cols} board")
        return (row + 1) * self._width + col + 1

    def _cell_of(self, i: int) -> tuple[int, int]:
        r, c = divmod(i, self._width)
        return r - 1, c - 1

    def _lay_mines(
        self, row: int, col: int, cancel: Callable[[], bool] | None = None
    ) -> Minefield | None:
        """The mines for a first click at (row, col); None if `cancel` stopped the search."""
        safe = {(row, col)}
        if self.safe_zone is SafeZone.OPENING and self.mines <= self.rows * self.cols - 9:
            safe.update(
                (r, c)
                for r in range(max(row - 1, 0), min(row + 2, self.rows))
                for c in range(max(col - 1, 0), min(col + 2, self.cols))
            )
        rng = random.Random(self.seed)
        if self.no_guess:
            from .noguess import Cancelled, lay_no_guess  # the solver loads if asked

            try:
                field = lay_no_guess(
                    self.rows, self.cols, self.mines, rng, (row, col), safe, cancel=cancel
                )
            except Cancelled:
                return None
            if field is not None:
                return field
            # None found within the work budget: a normal board, and the game says so.
            self.no_guess, self.no_guess_failed = False, True
            rng = random.Random(self.seed)
        return minefield.lay(self.rows, self.cols, self.mines, rng, safe)

    def _open(self, i: int, spans: list, exploded: list[int]) -> None:
        """Open cell `i`: its spans of padded indices go to `spans`, or a prepared opening's
        (runs, count) as one item, already in the shape `_settle` makes."""
        numbers = self._field.numbers
        n = numbers[i]
        if n == MINE:
            exploded.append(i)
        elif n == ZERO:
            prepared, self._prepared = self._prepared, None
            if prepared is not None and prepared[0] == i and prepared[1] == self._view:
                self._view[:], self._spread[:] = prepared[2], prepared[3]
                spans.append((prepared[4], prepared[5]))
            else:
                spans.extend(fill.flood_open(self._view, self._spread, numbers, i, self._width))
        else:
            self._view[i] = n
            spans.append((i, i + 1))

    def _settle(self, spans: list[tuple[int, int]], exploded: list[int]) -> CellSet:
        """Count what opened, then end the game if a mine went off or every safe cell is open."""
        runs, plain = [], []
        for span in spans:
            if isinstance(span[0], list):  # a prepared opening: its runs and their count
                runs += span[0]
                self._opened += span[1]
            else:
                plain.append(span)
        self._opened += sum(e - s for s, e in plain)
        runs += self._runs(plain)
        if exploded:
            opened, (count, lost) = CellSet(runs), self._lose(exploded)

            def made(box):  # the runs opened (a chord's), then the loss's
                return (opened if box is None else opened.within(box)).runs() + lost(box)

            return CellSet.later(len(opened) + count, made)
        if self._opened == self.safe_total:
            opened, (count, won) = CellSet(runs), self._win()

            def flagged(box):  # the runs opened, then the mines flagged by the win
                return (opened if box is None else opened.within(box)).runs() + won(box)

            return CellSet.later(len(opened) + count, flagged)
        return CellSet(runs)

    def _runs(self, spans: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
        """Spans of padded indices as (row, first col, stop col) runs."""
        width, runs = self._width, []
        for s, e in spans:
            r, c = divmod(s, width)
            runs.append((r - 1, c - 1, c - 1 + e - s))
        return runs

    def _lose(self, exploded: list[int]) -> tuple[int, Callable]:
        """Show the board of a loss: how many cells changed, and a function that makes their
        runs (all, or those in a box: see `CellSet.later`). Whole-board byte arithmetic, as
        the fill's: every covered or '?' mine shows, every flag on a safe cell shows wrong,
        at C speed whatever the number of mines (8,000 on a 200x200 board); a front end
        that draws the view has only its runs made."""
        self.state = GameState.LOST
        view = self._view
        before = bytes(view)
        for i in exploded:
            view[i] = EXPLODED
        size = len(view)
        mines = int.from_bytes(self._field.numbers.translate(_MINE_TO_FF), "big")
        shown = mines & int.from_bytes(view.translate(_HIDDEN_TO_FF), "big")
        wrong = ~mines & int.from_bytes(view.translate(_FLAG_TO_FF), "big")
        kept = int.from_bytes(view, "big") & ~(shown | wrong)
        kept |= int.from_bytes(bytes([SHOWN_MINE]) * size, "big") & shown
        kept |= int.from_bytes(bytes([WRONG_FLAG]) * size, "big") & wrong
        view[:] = kept.to_bytes(size, "big")
        diff = (int.from_bytes(before, "big") ^ kept).to_bytes(size, "big")
        return size - diff.count(0), _runs_of(diff, self._width, self.rows, self.cols)

    def _win(self) -> tuple[int, Callable]:
        """Flag every mine: how many cells changed, and a function that makes their runs
        (`CellSet.later`). Whole-board byte arithmetic, as `_lose`'s: a win that flags 39,999
        mines (the largest board's most) took a 34 ms frame cell by cell."""
        self.state = GameState.WON
        view = self._view
        size = len(view)
        before = int.from_bytes(view, "big")
        mines = int.from_bytes(self._field.numbers.translate(_MINE_TO_FF), "big")
        after = (before & ~mines) | (int.from_bytes(bytes([FLAG]) * size, "big") & mines)
        view[:] = after.to_bytes(size, "big")
        self._flags = self.mines
        diff = (before ^ after).to_bytes(size, "big")
        return size - diff.count(0), _runs_of(diff, self._width, self.rows, self.cols)


def _runs_of(diff: bytes, width: int, rows: int, cols: int) -> Callable:
    """For `CellSet.later`: the runs of the cells whose byte in `diff` (a padded board's) is not
    0, all of them (`box` None) or those in a box (top, left, rows, cols)."""

    def runs(box: tuple[int, int, int, int] | None) -> list[tuple[int, int, int]]:
        top, left, high, wide = (0, 0, rows, cols) if box is None else box
        first, stop = max(left, 0) + 1, min(left + wide, cols) + 1
        made, find = [], _NONZERO_RUN.finditer
        for r in range(max(top, 0) + 1, min(top + high, rows) + 1):
            base = r * width
            made += [
                (r - 1, m.start() - base - 1, m.end() - base - 1)
                for m in find(diff, base + first, base + stop)
            ]
        return made

    return runs


class Laid(NamedTuple):
    """A board laid for a first click by `lay_for` (in a worker process): plain data that
    `Game.take_laid` adopts in a few assignments."""

    view: bytes  # the view it was laid for (flags placed before the first click)
    field: Minefield
    openings: measures.Openings
    spread: bytearray
    layout: list[str]
    first_click: tuple[int, int]
    prepared: tuple | None


def lay_for(
    rows: int,
    cols: int,
    mines: int,
    seed: int | str | None,
    safe_zone: str,
    question_marks: bool,
    view: bytes,
    row: int,
    col: int,
    field: Minefield | None = None,
) -> Laid:
    """What `Game.lay(row, col)` does for the game `Game.laying_args` describes: its board
    laid (unless `field` was laid before), its 3BV and its first opening worked out; the work
    the size of the board, done where this runs (docs/DESIGN.md, "Threads")."""
    game = Game.__new__(Game)  # a board from a layout may be outside the custom limits
    game._setup(rows, cols, mines, question_marks)
    game.seed, game.safe_zone = seed, SafeZone(safe_zone)
    game._view[:] = view
    if field is not None:
        game._set_field(field)
    game.lay(row, col)
    return Laid(
        view,
        game._field,
        game._openings,
        game._spread,
        game.layout(),
        game.first_click,
        game._prepared,
    )
