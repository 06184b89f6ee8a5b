"""The terminal front end: the same engine, played by typing `r ROW COL` and friends.

Reads commands line by line from a stream and prints to another, so tests drive it through
stdin. Owns the wall clock of a terminal game; never touches pygame.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from typing import TextIO

from game.engine import Game, GameState, Move, MoveKind, SafeZone
from game.engine.boards import BoardChoice, SeedStream
from game.engine.game import shown_seconds
from game.store.stats import GameRecord, Stats

HELP = """\
Commands (rows and columns count from 0 at the top-left):
  r ROW COL   open a cell (a 0 opens its whole region)
  f ROW COL   flag / unflag a cell
  c ROW COL   chord: on an open number with that many flags around it, open the rest
  n           new game      h   this help      q   quit"""

_MOVES = {"r": MoveKind.OPEN, "o": MoveKind.OPEN, "f": MoveKind.FLAG, "c": MoveKind.CHORD}
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def board_lines(game: Game) -> list[str]:
    """The text view with row and column numbers around it (numbers from 0, as everywhere)."""
    sep = " " if game.cols <= 40 else ""
    label = len(str(game.rows - 1))
    digits = len(str(game.cols - 1))
    lines = []
    for place in range(digits - 1, -1, -1):  # one header line per digit of the column number
        row = [
            str(c // 10**place % 10) if c >= 10**place or place == 0 else " "
            for c in range(game.cols)
        ]
        lines.append(" " * (label + 2) + sep.join(row))
    for r, text in enumerate(game.view()):
        lines.append(f"{r:>{label}}  " + sep.join(text))
    return lines


class TextGame:
    """One terminal session: games, the prompt, the clock."""

    def __init__(
        self,
        board: BoardChoice,
        *,
        seed: int | None,
        safe_zone: SafeZone,
        out: TextIO,
        clock: Callable[[], float] = time.monotonic,
        stats: Stats | None = None,
    ) -> None:
        self.stats = stats
        self.board = board
        self.safe_zone = safe_zone
        self.out = out
        self.clock = clock
        self._seeds = SeedStream(seed)
        self.game = self._new_game()
        self.started: float | None = None
        self.finished: float | None = None

    def _new_game(self) -> Game:
        self.started = self.finished = None
        return self.board.new_game(seed=self._seeds.next(), safe_zone=self.safe_zone)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def elapsed(self) -> float | None:
        """Seconds since the first reveal, frozen at the end; None before it."""
        if self.started is None:
            return None
        end = self.finished if self.finished is not None else self.clock()
        return end - self.started

    def show(self) -> None:
        g = self.game
        elapsed = self.elapsed()
        seconds = shown_seconds(None if elapsed is None else int(elapsed * 1000))
        self.say()
        self.say(f"{self.board.label}: {g.cols}×{g.rows}, {g.mines} mines")
        self.say(f"Mines left: {g.mines_remaining}   Time: {seconds}")
        for line in board_lines(g):
            self.say(line)

    def handle(self, line: str) -> bool:
        """Carry out one line of input; False means quit."""
        words = line.split()
        if not words:
            return True
        command = words[0].lower()
        if command == "q":
            return False
        if command == "h":
            self.say(HELP)
            return True
        if command == "n":
            self.game = self._new_game()
            self.show()
            return True
        if command not in _MOVES:
            self.say(f"Unknown command {words[0]!r}. Type h for help.")
            return True
        if len(words) != 3 or not all(_WHOLE_NUMBER.fullmatch(w) for w in words[1:]):
            self.say(f"{command} needs a row and a column, for example: {command} 3 4")
            return True
        row, col = int(words[1]), int(words[2])
        g = self.game
        if not (0 <= row < g.rows and 0 <= col < g.cols):
            self.say(
                f"({row}, {col}) is off the board: rows are 0-{g.rows - 1}, columns 0-{g.cols - 1}."
            )
            return True
        self.move(Move(_MOVES[command], row, col))
        return True

    def move(self, move: Move) -> None:
        g = self.game
        was_ready = g.state is GameState.READY
        cell = g.cell(move.row, move.col)
        changed = g.play(move)
        if was_ready and g.state is not GameState.READY:
            self.started = self.clock()
        if not changed:
            self.say(_why_nothing(move, cell))
            return
        if g.state.is_over:
            self.finished = self.clock()
            self.show()
            self.report_end()
        else:
            self.show()

    def report_end(self) -> None:
        g = self.game
        seconds = self.elapsed() or 0.0
        rec = GameRecord.of(g, round(seconds * 1000), source="text")
        new = self.stats.record(rec) if self.stats is not None else None
        if self.stats is not None:
            for line in self.stats.take_messages():
                self.say(line)
        if g.state is GameState.WON:
            self.say(f"You won in {seconds:.3f} s. 3BV {g.bbbv}, {rec.bbbv_per_s:.2f} 3BV/s, "
                     f"{rec.clicks} clicks, efficiency {rec.efficiency:.0%}.")  # fmt: skip
            if new is not None and new.best_time:
                self.say(f"New record: best {self.board.label} time!")
            if new is not None and new.best_rate:
                self.say("New record: best 3BV/s!")
        else:
            self.say(
                f"Boom! You lost after {seconds:.3f} s, with {g.safe_opened} of "
                f"{g.safe_total} safe cells open. 3BV {g.bbbv}."
            )
        self.say("Play again? (y/n)")

    def answer_play_again(self, line: str) -> bool | None:
        """True: new game; False: quit; None: ask again."""
        word = line.strip().lower()
        if word in ("y", "yes"):
            return True
        if word in ("n", "no", "q"):
            return False
        self.say("Please answer y or n.")
        return None


def _why_nothing(move: Move, cell: str) -> str:
    where = f"({move.row}, {move.col})"
    if move.kind is MoveKind.OPEN and cell == "F":
        return f"{where} is flagged: unflag it first (f {move.row} {move.col})."
    if move.kind is MoveKind.OPEN:
        return f"{where} is already open."
    if move.kind is MoveKind.FLAG:
        return f"{where} is open: only covered cells take a flag."
    if cell in "12345678":
        return f"Nothing to chord at {where}: it needs exactly {cell} flags around it."
    return f"Nothing to chord at {where}: chords work on open numbers."


def play(
    board: BoardChoice,
    *,
    seed: int | None = None,
    safe_zone: SafeZone = SafeZone.OPENING,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    stats: Stats | None = None,
) -> int:
    """Run terminal games until the player quits or input ends; the exit status."""
    stdin = stdin if stdin is not None else sys.stdin
    out = out if out is not None else sys.stdout
    session = TextGame(board, seed=seed, safe_zone=safe_zone, out=out, clock=clock, stats=stats)
    session.say("Pixel Mines in the terminal. Type h for help.")
    session.show()
    while True:
        print("> ", end="", file=out, flush=True)
        try:
            line = stdin.readline()
        except KeyboardInterrupt:  # Ctrl+C at the prompt: leave quietly, like q
            session.say()
            return 130
        if not line:
            session.say()
            return 0
        if session.game.state.is_over:
            again = session.answer_play_again(line)
            if again is False:
                return 0
            if again:
                session.game = session._new_game()
                session.show()
            continue
        if not session.handle(line):
            return 0
