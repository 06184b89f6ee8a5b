"""The terminal front end: the same engine, played by typing `r ROW COL` and friends.

Reads commands line by line from a stream and prints to another, so tests drive it through
stdin. A game's life (clock, keeping, undo, records) is game.session's; never touches pygame.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable
from typing import TextIO

from .engine import Game, GameState, Move, MoveKind
from .engine.boards import BoardChoice
from .engine.cells import NUMBER_CHARS, ViewChar
from .engine.codes import code_of
from .engine.game import SafeZone
from .engine.game_measures import Measures
from .session import (
    LEAVE_QUESTION,
    LEAVE_WORDS,
    NO_GUESS_FAILED,
    Session,
    describe_kept,
    monotonic_ms,
    plural,
)
from .store.history import History, to_stderr
from .store.records import bests_set
from .store.replays import Replay

HELP = """\
Commands (rows and columns count from 0 at the top-left):
  r ROW COL   open a cell (a 0 opens its whole region)
  f ROW COL   flag / unflag a cell
  c ROW COL   chord: on an open number with that many flags around it, open the rest
  u           undo the last move (the game then counts as assisted)
  n           new game      h   this help      q   quit (a game in progress is kept)"""

# The longest line read as one: far longer than any command ("c 199 199" is 9 characters),
# short enough that no input (`</dev/zero`, a binary file) can fill memory.
MAX_LINE = 256
# Lines refused in a row (each longer than MAX_LINE, or not text) after which input that is
# not a terminal is taken for something other than a player: the game is kept and ends.
MAX_REFUSED = 3
# Characters of one refused line skipped before it counts as refused again: a long paste is
# one refusal, a line that never ends is soon three.
MAX_SKIPPED = 64 * 1024
EXIT_INPUT_REFUSED = 1  # see the README's exit statuses
EXIT_OUTPUT_LOST = 1
EXIT_INTERRUPTED = 130


class OutputLost(Exception):
    """Standard output cannot be written (a full disk, a closed pipe, closed): the message
    says why. Raised by `GuardedOutput`; the front ends keep the game and stop."""


class InputRefused(Exception):
    """Input that is not a player typing: MAX_REFUSED refused lines in a row from a stream
    that is not a terminal."""


class GuardedOutput:
    """Standard output that turns a failed write into OutputLost (instead of an OSError a
    traceback would show, or a silent nothing when it is closed)."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self._do("write", text)

    def flush(self) -> None:
        if self.stream is not None:  # closed: nothing was written, nothing is lost
            self._do("flush")

    def _do(self, what: str, *args: str):
        if self.stream is None:
            raise OutputLost("standard output is closed")
        try:
            return getattr(self.stream, what)(*args)
        except (OSError, ValueError) as e:  # ValueError: a stream closed under us
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise OutputLost(why) from None

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


class LineReader:
    """Lines of input, capped at MAX_LINE characters. A longer line is refused with one line
    (a terminal's is skipped to its end); None means input ended (or there is none)."""

    def __init__(self, stream: TextIO | None, say: Callable[[str], None]) -> None:
        self.stream = stream
        self.say = say
        self.refused = 0  # in a row
        try:
            self.terminal = stream is not None and stream.isatty()
        except (OSError, ValueError):
            self.terminal = False

    def read(self) -> str | None:
        while True:
            line = self._chunk()
            if line is None:
                return None
            if len(line) <= MAX_LINE or line.endswith("\n"):
                self.refused = 0
                return line
            self._refuse(f"That line is longer than any command (more than {MAX_LINE} "
                         "characters); it is ignored.")  # fmt: skip
            skipped = len(line)
            while not line.endswith("\n"):  # the rest of the line goes with it
                line = self._chunk()
                if line is None:
                    return None
                skipped += len(line)
                if skipped >= MAX_SKIPPED:  # a line with no end (</dev/zero): counts again
                    skipped = 0
                    self._count()

    def _chunk(self) -> str | None:
        if self.stream is None:  # standard input closed (`<&-`): no input at all
            return None
        while True:
            try:
                line = self.stream.readline(MAX_LINE + 1)
            except UnicodeDecodeError:
                self._refuse("That line is not text; it is ignored.")
                continue
            except (OSError, ValueError):  # a terminal hung up, a stream closed: input ended
                return None
            return line or None

    def _refuse(self, line: str) -> None:
        self.say(line)
        self._count()

    def _count(self) -> None:
        self.refused += 1
        if self.refused >= MAX_REFUSED and not self.terminal:
            raise InputRefused(f"{self.refused} lines in a row too long or not text")


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
    """The terminal's view of a session: reads commands, prints boards and results."""

    def __init__(
        self,
        board: BoardChoice,
        *,
        seed: int | None,
        safe_zone: SafeZone,
        out: TextIO,
        clock: Callable[[], int] = monotonic_ms,
        history: History | None = None,
        no_guess: bool = False,
        ask_before_leaving: bool = True,
    ) -> None:
        self.out = out
        self.ask_before_leaving = ask_before_leaving
        self.session = Session(history if history is not None else History(), "text",
                               clock=clock, seed=seed, safe_zone=safe_zone,
                               no_guess=no_guess)  # fmt: skip
        self.board = board
        self.leaving = False  # "Leave this game?" was asked and waits for its answer

    @property
    def game(self) -> Game:
        return self.session.game

    def new_game(self) -> None:
        self.session.new_game(self.board)

    def start(self, game: Game, daily: str | None = None) -> None:
        """Play a game made elsewhere (a board code, the daily board)."""
        self.session.start(game, daily=daily)
        self.board = self.session.board

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def say_messages(self) -> None:
        """Lines about the player's files: on stderr, once (a store that echoes has put them
        there already; the terminal shows stderr too)."""
        lines = self.session.take_messages()
        if self.session.history.echo is None:
            for line in lines:
                to_stderr(line)

    def code(self) -> str | None:
        return code_of(self.game)

    def show(self) -> None:
        g = self.game
        self.say()
        self.say(f"{self.board.label}: {g.cols}×{g.rows}, {g.mines} mines")
        self.say(f"Mines left: {g.mines_remaining}   Time: {self.session.timer_seconds()}")
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
        if self.leaving:
            self.leaving = False
            if words and words[0].lower() in ("y", "yes"):
                self.new_game()
                self.show()
            else:
                self.say("Back to your game.")
            return True
        if not words:
            return True
        command = words[0].lower()
        if command == "q":
            self.session.keep()
            if self.game.state is GameState.PLAYING:
                self.say("Your game is kept: it is offered again next time.")
            return False
        if command == "h":
            self.say(HELP)
            return True
        if (
            command == "n" and self.ask_before_leaving and self.session.in_progress
        ):  # the window's rule: ask first
            self.leaving = True
            self.say(f"{LEAVE_QUESTION} {LEAVE_WORDS} (y/n)")
            return True
        if command == "n":
            self.new_game()
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
        self.session.note("key", key=command, cell=(row, col))  # journaled as the click it is
        self.move(Move(_MOVES[command], row, col))
        return True

    def move(self, move: Move) -> None:
        g = self.game
        cell = g.cell(move.row, move.col)
        outcome = self.session.play(move)
        if outcome.refused:
            r, c = g.first_click
            self.say(f"{outcome.refused}: this shared board starts at ({r}, {c}): r {r} {c}")
            return
        if outcome.started and g.no_guess_failed:
            self.say(NO_GUESS_FAILED)
        self.say_messages()
        if not outcome:
            self.say(_why_nothing(g, move, cell))
            return
        self.show()
        if outcome.finished is not None:
            self.report_end()
            return
        if outcome.started and self.code():
            self.say(f"Board code: {self.code()}")

    def undo(self) -> None:
        if not self.game.moves:
            self.say("Nothing to undo.")
            return
        if not self.session.undo():
            self.say("A won game is final: there is nothing to undo.")
            return
        self.say_messages()
        self.show()
        self.say("Undone (this game now counts as assisted).")

    def report_end(self) -> None:
        g = self.game
        done = self.session.finished
        rec, new = done.record, done.new
        seconds = rec.time_ms / 1000
        if g.state is GameState.WON:
            rate = "-" if rec.bbbv_per_s is None else f"{rec.bbbv_per_s:.2f}"
            self.say(f"You won in {seconds:.3f} s. 3BV {g.bbbv}, {rate} 3BV/s.")
            board = "daily board" if rec.daily else self.board.label
            for best in bests_set(new, board=board):
                self.say(f"New record: {best}!")
            if rec.why_no_record:  # one line: why this win set no record
                self.say(rec.why_no_record)
        else:
            self.say(
                f"Boom! You lost after {seconds:.3f} s, with {g.safe_opened} of "
                f"{g.safe_total} safe cells open. 3BV {g.bbbv_done()}/{g.bbbv} solved, "
                f"{_rate(done.measures)} 3BV/s."
            )
        for line in measure_lines(done.measures):
            self.say(line)
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
        lost = self.game.state is GameState.LOST
        self.say("Please answer y, n, or u to undo the loss." if lost else "Please answer y or n.")
        return None


def _rate(m: Measures | None) -> str:
    """3BV (solved) per second, "-" under a second, as the statistics have it."""
    return "-" if m is None or m.time_ms < 1000 else f"{m.bbbv_per_second:.2f}"


def measure_lines(m: Measures | None) -> list[str]:
    """The measures of a finished game (docs/RULES.md, "Measures of a game") in two lines."""
    if m is None:
        return []
    c = m.clicks
    if c is None:
        clicks = "Clicks not recorded"
    else:
        ioe = "-" if m.ioe is None else f"{m.ioe:.3f}"
        throughput = "-" if m.throughput is None else f"{m.throughput:.3f}"
        clicks = (f"Clicks {c.total} ({c.effective} effective, {c.wasted} wasted), IOE {ioe}, "
                  f"throughput {throughput}")  # fmt: skip
    rqp = "-" if m.time_ms < 1000 or m.rqp is None else f"{m.rqp:.2f}"
    return [
        f"{clicks}.",
        f"ZiNi {m.zini}, RQP {rqp}, guesses {m.guesses}, NF {'yes' if m.no_flag else 'no'}.",
    ]


def _why_nothing(game: Game, move: Move, cell: str) -> str:
    """Why a move changed nothing, in words that say what is really the matter."""
    where = f"({move.row}, {move.col})"
    if move.kind is MoveKind.OPEN and cell == ViewChar.FLAG:
        return f"{where} is flagged: unflag it first (f {move.row} {move.col})."
    if move.kind is MoveKind.OPEN:
        return f"{where} is already open."
    if move.kind is MoveKind.FLAG:
        return f"{where} is open: only covered cells take a flag."
    if cell not in NUMBER_CHARS:
        return f"Nothing to chord at {where}: chords work on open numbers."
    around = [
        game.cell(r, c)
        for r in range(move.row - 1, move.row + 2)
        for c in range(move.col - 1, move.col + 2)
        if (r, c) != (move.row, move.col) and 0 <= r < game.rows and 0 <= c < game.cols
    ]
    flags = around.count(ViewChar.FLAG)
    if flags == int(cell):
        return f"Nothing to chord at {where}: every cell around it is already open or flagged."
    return (f"Nothing to chord at {where}: it has {plural(flags, 'flag')} around it and needs "
            f"exactly {cell}.")  # fmt: skip


def play(
    board: BoardChoice,
    *,
    seed: int | None = None,
    safe_zone: SafeZone = SafeZone.OPENING,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    clock: Callable[[], int] = monotonic_ms,
    history: History | None = None,
    first_game: Game | None = None,
    daily: str | None = None,
    no_guess: bool = False,
    asked_for: str | None = None,
    ask_before_leaving: bool = True,
) -> int:
    """Run terminal games until the player quits or input ends; the exit status.

    `first_game` replaces the first fresh board (a board code or the daily board);
    `asked_for` names the board the command line asked for, if it did.
    """
    stdin = stdin if stdin is not None else sys.stdin
    out = out if out is not None else sys.stdout
    text = TextGame(board, seed=seed, safe_zone=safe_zone, out=out, clock=clock,
                    history=history, no_guess=no_guess,
                    ask_before_leaving=ask_before_leaving)  # fmt: skip
    session = text.session
    reader = LineReader(stdin, text.say)
    try:
        return _play(text, reader, first_game, daily, asked_for)
    except KeyboardInterrupt:  # Ctrl+C at a prompt: leave quietly, keeping the game
        session.keep()
        with contextlib.suppress(OutputLost):
            text.say()
        return EXIT_INTERRUPTED
    except InputRefused as e:
        session.keep()
        to_stderr(f"the input is not commands ({e}); {_kept_words(session)}stopping.")
        return EXIT_INPUT_REFUSED
    except OutputLost:
        session.keep()  # the caller says what was lost, once
        raise


def _kept_words(session: Session) -> str:
    return "the game is kept; " if session.game.state is GameState.PLAYING else ""


def _play(text: TextGame, reader: LineReader, first_game: Game | None, daily: str | None,
          asked_for: str | None) -> int:  # fmt: skip
    session = text.session
    text.say("Pixel Mines in the terminal. Type h for help.")
    resumed = _offer_kept_game(text, reader, asked_for)  # asked first: never written over
    if resumed is None:
        return 0
    if not resumed:
        if first_game is not None:
            text.start(first_game, daily=daily)
        else:
            text.new_game()
    text.show()
    while True:
        print("> ", end="", file=text.out, flush=True)
        line = reader.read()
        if line is None:  # end of input, or none at all: the game is kept
            in_progress = session.in_progress
            session.keep()
            text.say()
            if in_progress:
                text.say("Your game is kept: it is offered again next time.")
            return 0
        if session.game.state is GameState.LOST and line.strip().lower() == "u":
            text.undo()  # a loss can be taken back, as in the window
            continue
        if session.game.state.is_over:
            again = text.answer_play_again(line)
            if again is False:
                return 0
            if again:
                text.new_game()
                text.show()
            continue
        if not text.handle(line):
            return 0


def _offer_kept_game(text: TextGame, reader: LineReader, asked_for: str | None) -> bool | None:
    """Ask whether to resume a game kept from before: True if one was, None if input ended
    (or q was typed) before an answer. When the command line asked for a board, the question
    names both; with several kept games, each is named with a number to choose it by."""
    session = text.session
    session.take_offer()
    text.say_messages()
    offers = [kept.replay for kept in session.offers]
    if not offers:
        return False
    instead = "a new game" if asked_for is None else f"{asked_for} as asked"
    if len(offers) == 1:
        if asked_for is None:
            text.say(f"You left {describe_kept(offers[0])}. Resume it? (y/n)")
        else:
            text.say(f"You left {describe_kept(offers[0])}. Resume it (y), or play {instead} "
                     "(n)?")  # fmt: skip
        choices = {"y": 0, "yes": 0}
        again = "Please answer y or n (q quits and keeps it for next time)."
    else:
        text.say(f"You left {len(offers)} unfinished games:")
        for k, replay in enumerate(offers, 1):
            text.say(f"  {k}  {describe_kept(replay)}")
        text.say(f"Resume one (1-{len(offers)}), or play {instead} and drop them all (n)?")
        choices = {str(k): k - 1 for k in range(1, len(offers) + 1)}
        again = (f"Please answer 1-{len(offers)} or n (q quits and keeps them for next "
                 "time).")  # fmt: skip
    while True:
        print("> ", end="", file=text.out, flush=True)
        answer = reader.read()
        if answer is None:
            session.keep_offers()
            return None
        word = answer.strip().lower()
        if word in choices:
            session.accept_offer(index=choices[word])
            text.board = session.board
            text.say_messages()
            return True
        if word in ("n", "no"):
            session.decline_offer()
            return False
        if word == "q":  # quit before answering: the kept games stay for next time
            session.keep_offers()
            return None
        text.say(again)


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
