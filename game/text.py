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

from game.engine import Game, GameState, Move, MoveKind
from game.engine.boards import BoardChoice, SeedStream
from game.engine.codes import code_of
from game.engine.game import SafeZone, shown_seconds
from game.store.history import History
from game.store.replays import Replay

HELP = """\
Commands (rows and columns count from 0 at the top-left):
  r ROW COL   open a cell (a 0 opens its whole region)
  f ROW COL   flag / unflag a cell
  c ROW COL   chord: on an open number with that many flags around it, open the rest
  u           undo the last move (the game then counts as assisted)
  n           new game      h   this help      q   quit (a game in progress is kept)"""

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
        history: History | None = None,
        no_guess: bool = False,
    ) -> None:
        self.history = history if history is not None else History()
        self.no_guess = no_guess
        self.board = board
        self.safe_zone = safe_zone
        self.out = out
        self.clock = clock
        self._seeds = SeedStream(seed)
        self.daily: str | None = None
        self.start(self._fresh_game())

    def _fresh_game(self) -> Game:
        return self.board.new_game(seed=self._seeds.next(), safe_zone=self.safe_zone,
                                   no_guess=self.no_guess)  # fmt: skip

    def start(self, game: Game, elapsed_ms: int | None = None, daily: str | None = None) -> None:
        """Play this game from here on (a fresh one, a shared board, or a kept one resumed)."""
        self.game = game
        self.daily = daily
        self.board = BoardChoice.of(game.rows, game.cols, game.mines)
        self.finished: float | None = None
        self.started: float | None = None
        if elapsed_ms is not None:
            self.started = self.clock() - elapsed_ms / 1000

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def elapsed(self) -> float | None:
        """Seconds since the first reveal, frozen at the end; None before it."""
        if self.started is None:
            return None
        end = self.finished if self.finished is not None else self.clock()
        return end - self.started

    def elapsed_ms(self) -> int:
        seconds = self.elapsed()
        return 0 if seconds is None else round(seconds * 1000)

    def code(self) -> str | None:
        return code_of(self.game)

    def show(self) -> None:
        g = self.game
        elapsed = self.elapsed()
        seconds = shown_seconds(None if elapsed is None else int(elapsed * 1000))
        self.say()
        self.say(f"{self.board.label}: {g.cols}×{g.rows}, {g.mines} mines")
        self.say(f"Mines left: {g.mines_remaining}   Time: {seconds}")
        if g.deaths:
            self.say(f"Mines hit: {g.deaths}")
        for line in board_lines(g):
            self.say(line)
        if g.state is GameState.READY and g.first_click is not None:
            r, c = g.first_click
            self.say(f"This shared board starts at ({r}, {c}): r {r} {c}")

    def handle(self, line: str) -> bool:
        """Carry out one line of input; False means quit."""
        words = line.split()
        if not words:
            return True
        command = words[0].lower()
        if command == "q":
            self.keep()
            return False
        if command == "h":
            self.say(HELP)
            return True
        if command == "n":
            self.start(self._fresh_game())
            self.show()
            return True
        if command == "u":
            self.undo()
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
        changed = g.play(move, at_ms=self.elapsed_ms())
        if was_ready and g.state is not GameState.READY:
            self.started = self.clock()
            if g.no_guess_failed:
                self.say("No no-guess board was found in 2 s, so this is a normal board.")
        if not changed:
            self.say(_why_nothing(move, cell))
            return
        if g.state.is_over:
            self.finished = self.clock()
            self.show()
            self.report_end()
            return
        self.show()
        if was_ready and self.code():
            self.say(f"Board code: {self.code()}")
        self.keep()

    def keep(self) -> None:
        """Keep the game in progress on disk (after every move, and when quitting)."""
        for line in self.history.keep(self.game, self.elapsed_ms(), "text", daily=self.daily):
            self.say(line)

    def undo(self) -> None:
        g = self.game
        if not g.moves:
            self.say("Nothing to undo.")
            return
        g.undo()
        self.finished = None  # the clock runs on after a loss is taken back
        self.show()
        self.say("Undone (this game now counts as assisted).")
        self.keep()

    def report_end(self) -> None:
        g = self.game
        seconds = self.elapsed() or 0.0
        done = self.history.finished(g, round(seconds * 1000), "text", daily=self.daily)
        rec, new = done.record, done.new
        for line in done.messages:
            self.say(line)
        if g.state is GameState.WON:
            rate = "-" if rec.bbbv_per_s is None else f"{rec.bbbv_per_s:.2f}"
            self.say(f"You won in {seconds:.3f} s. 3BV {g.bbbv}, {rate} 3BV/s, "
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
        if self.code():
            self.say(f"Board code: {self.code()}")
        if done.replay is not None:
            self.say(f"Replay: {done.replay}")
        self.say("Play again? (y/n" + (", or u to undo the loss)" if g.state is GameState.LOST
                                        else ")"))  # fmt: skip

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
    history: History | None = None,
    first_game: Game | None = None,
    daily: str | None = None,
    no_guess: bool = False,
) -> int:
    """Run terminal games until the player quits or input ends; the exit status.

    `first_game` replaces the first fresh board (a board code or the daily board).
    """
    stdin = stdin if stdin is not None else sys.stdin
    out = out if out is not None else sys.stdout
    session = TextGame(board, seed=seed, safe_zone=safe_zone, out=out, clock=clock,
                       history=history, no_guess=no_guess)  # fmt: skip
    session.say("Pixel Mines in the terminal. Type h for help.")
    resumed = _offer_kept_game(session, stdin)  # asked first, so it is never written over
    if resumed is None:
        return 0
    if first_game is not None and not resumed:
        session.start(first_game, daily=daily)
    session.show()
    while True:
        print("> ", end="", file=out, flush=True)
        try:
            line = stdin.readline()
        except KeyboardInterrupt:  # Ctrl+C at the prompt: leave quietly, keeping the game
            session.keep()
            session.say()
            return 130
        if not line:
            session.keep()
            session.say()
            return 0
        if session.game.state is GameState.LOST and line.strip().lower() == "u":
            session.undo()  # a loss can be taken back, as in the window
            continue
        if session.game.state.is_over:
            again = session.answer_play_again(line)
            if again is False:
                return 0
            if again:
                session.start(session._fresh_game())
                session.show()
            continue
        if not session.handle(line):
            return 0


def _offer_kept_game(session: TextGame, stdin: TextIO) -> bool | None:
    """Ask whether to resume the game kept from last time: True if it was, None if input
    ended before an answer."""
    kept, messages = session.history.take_kept()
    for line in messages:
        session.say(line)
    if kept is None:
        return False
    session.say(f"A {kept.cols}×{kept.rows} game from {kept.played_at[:16].replace('T', ' ')} "
                f"was kept ({kept.elapsed_ms // 1000} s, {len(kept.moves)} moves). "
                "Resume it? (y/n)")  # fmt: skip
    while True:
        print("> ", end="", file=session.out, flush=True)
        answer = stdin.readline()
        if not answer:
            return None
        word = answer.strip().lower()
        if word in ("y", "yes"):
            session.start(kept.final_game(), elapsed_ms=kept.elapsed_ms, daily=kept.daily)
            return True
        if word in ("n", "no"):
            session.history.forget_kept()
            return False
        session.say("Please answer y or n.")


def print_replay(replay: Replay, out: TextIO | None = None) -> int:
    """`--text --replay`: every move and the board after it, then the result."""
    out = out if out is not None else sys.stdout
    game = replay.new_game()
    print(f"Replay: {replay.cols}×{replay.rows}, {replay.mines} mines, {len(replay.moves)} "
          f"moves, played {replay.played_at[:16].replace('T', ' ')}", file=out)  # fmt: skip
    for k, move in enumerate(replay.moves, 1):
        game.play_recorded(move)
        what = move.kind.value if move.mark is None else f"mark {move.mark}"
        print(f"\nMove {k} at {move.at_ms / 1000:.3f} s: {what} ({move.row}, {move.col})",
              file=out)  # fmt: skip
        for line in board_lines(game):
            print(line, file=out)
    result = {GameState.WON: "won", GameState.LOST: "lost"}.get(game.state, "not finished")
    time_ms = replay.result.get("time_ms", replay.moves[-1].at_ms if replay.moves else 0)
    print(f"\nResult: {result} in {time_ms / 1000:.3f} s, 3BV {game.bbbv}.", file=out)
    return 0
