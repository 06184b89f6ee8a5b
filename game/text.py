"""The terminal front end: the same engine, played by typing `r ROW COL` and friends.

Reads commands line by line from a stream and prints to another, so tests drive it through
stdin. A game's life (clock, keeping, undo, records) is game.session's; never touches pygame.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from . import i18n
from .engine import Game, GameState, Move, MoveKind
from .engine.boards import BoardChoice
from .engine.cells import NUMBER_CHARS, ViewChar
from .engine.codes import code_of
from .engine.game import SafeZone
from .i18n import N_, NP_, _, ngettext, pgettext
from .session import (
    LEAVE_QUESTION,
    LEAVE_WORDS,
    NO_GUESS_FAILED,
    Refusal,
    Session,
    describe_kept,
    monotonic_ms,
)
from .store.history import History, to_stderr
from .store.records import bests_set
from .store.replays import Replay
from .words import label, say

if TYPE_CHECKING:  # the solver loads when a game is measured, not at start
    from .engine.game_measures import Measures

# Translators: the terminal's help. The command letters (r, f, c, u, n, h, q) and ROW COL are
# typed as they are: keep them; the words after them are yours. Keep the lines short.
HELP = N_("""\
Commands (rows and columns count from 0 at the top-left):
  r ROW COL   open a cell (a 0 opens its whole region)
  f ROW COL   flag / unflag a cell
  c ROW COL   chord: on an open number with that many flags around it, open the rest
  u           undo the last move (the game then counts as assisted)
  n           new game      h   this help      q   quit (a game in progress is kept)""")

# The longest line read as one: far longer than any command ("c 199 199" is 9 characters),
# short enough that no input (`</dev/zero`, a binary file) can fill memory.
MAX_LINE = 256
# Lines refused in a row (each longer than MAX_LINE, or not text) after which input that is
# not a terminal is taken for something other than a player: the game is kept and ends.
MAX_REFUSED = 3
# Characters of one refused line skipped before it counts as refused again: a long paste is
# one refusal, a line that never ends is soon three.
MAX_SKIPPED = 64 * 1024
# Characters no keyboard types into a line: NUL (`</dev/zero`), and the mark a byte that is
# not UTF-8 is read as (game/app.py reads standard input so): binary input, not a player.
_NOT_TYPED = frozenset("\x00\ufffd")
EXIT_INPUT_REFUSED = 1  # see the README's exit statuses
EXIT_OUTPUT_LOST = 1
EXIT_INTERRUPTED = 130


def is_yes(word: str) -> bool:
    """Whether a typed answer says yes: y or yes, or the language's own ("o", "oui")."""
    # Translators: the words that answer yes in the terminal, comma-separated: a letter and
    # the word (French "o, oui"); y and yes are always taken too.
    return word in ("y", "yes") or word in _answers(pgettext("answer yes", "y, yes"))


def is_no(word: str) -> bool:
    """Whether a typed answer says no: n or no, or the language's own ("nein")."""
    # Translators: the words that answer no in the terminal, comma-separated (German
    # "n, nein"); n and no are always taken too.
    return word in ("n", "no") or word in _answers(pgettext("answer no", "n, no"))


def _answers(listed: str) -> set[str]:
    return {w.strip().lower() for w in listed.split(",") if w.strip()}


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
            raise OutputLost(_("standard output is closed"))
        try:
            return getattr(self.stream, what)(*args)
        except (OSError, ValueError) as e:  # ValueError: a stream closed under us
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise OutputLost(why) from None

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


class LineReader:
    """Lines of input, capped at MAX_LINE characters. A longer line, or one holding what no
    keyboard types (_NOT_TYPED), is refused with one line (a terminal's is skipped to its
    end); None means input ended (or there is none)."""

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
            whole = len(line) <= MAX_LINE or line.endswith("\n")
            if whole and _NOT_TYPED.isdisjoint(line):
                self.refused = 0
                return line
            if whole:  # a line, but not one a player typed
                self._refuse(_("That line is not text; it is ignored."))
                continue
            self._refuse(
                _(
                    "That line is longer than any command (more than %(most)d "
                    "characters); it is ignored."
                )
                % {"most": MAX_LINE}
            )
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
                self._refuse(_("That line is not text; it is ignored."))
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
            raise InputRefused(
                ngettext(
                    "%(count)d line in a row too long or not text",
                    "%(count)d lines in a row too long or not text",
                    self.refused,
                )
                % {"count": self.refused}
            )


# What a printed replay calls each kind of move.
_MOVE_WORDS = {
    MoveKind.OPEN: NP_("replay move", "open"),
    MoveKind.FLAG: NP_("replay move", "flag"),
    MoveKind.CHORD: NP_("replay move", "chord"),
}
# The terminal's words for a refused undo (the window's are the refusal's own).
_UNDO_REFUSED = {Refusal.WON_IS_FINAL: N_("A won game is final: there is nothing to undo.")}
# The end of a printed replay, by the game's state.
_RESULTS = {
    # Translators: the end of a printed replay; seconds has 3 decimals.
    GameState.WON: N_("Result: won in %(seconds)s s, 3BV %(bbbv)d."),
    GameState.LOST: N_("Result: lost in %(seconds)s s, 3BV %(bbbv)d."),
}
_NOT_FINISHED = N_("Result: not finished in %(seconds)s s, 3BV %(bbbv)d.")
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
        self.session = Session(
            history if history is not None else History(),
            "text",
            clock=clock,
            seed=seed,
            safe_zone=safe_zone,
            no_guess=no_guess,
        )
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
        # Translators: the line above the terminal's board: the board's name, its size
        # (columns×rows) and its mines.
        self.say(
            ngettext(
                "%(board)s: %(cols)d×%(rows)d, %(mines)d mine",
                "%(board)s: %(cols)d×%(rows)d, %(mines)d mines",
                g.mines,
            )
            % {"board": label(self.board), "cols": g.cols, "rows": g.rows, "mines": g.mines}
        )
        # Translators: the terminal's counters above the board; seconds is the clock.
        counters = {"mines": g.mines_remaining, "seconds": self.session.timer_seconds()}
        self.say(_("Mines left: %(mines)d   Time: %(seconds)s") % counters)
        if g.deaths:
            self.say(_("Mines hit: %(count)d") % {"count": g.deaths})
        for line in board_lines(g):
            self.say(line)
        if g.state is GameState.READY and g.first_click is not None:
            r, c = g.first_click
            self.say(
                # Translators: "r ROW COL" is the command that opens the cell: keep it.
                _("This shared board starts at (%(row)d, %(col)d): r %(row)d %(col)d")
                % {"row": r, "col": c}
            )

    def handle(self, line: str) -> bool:
        """Carry out one line of input; False means quit."""
        words = line.split()
        if self.leaving:
            self.leaving = False
            if words and is_yes(words[0].lower()):
                self.new_game()
                self.show()
            else:
                self.say(_("Back to your game."))
            return True
        if not words:
            return True
        command = words[0].lower()
        if command == "q":
            self.session.keep()
            if self.game.state is GameState.PLAYING:
                self.say(_("Your game is kept: it is offered again next time."))
            return False
        if command == "h":
            self.say(_(HELP))
            return True
        if (
            command == "n" and self.ask_before_leaving and self.session.in_progress
        ):  # the window's rule: ask first
            self.leaving = True
            self.say(
                # Translators: the terminal asks before a new game replaces one in progress: the
                # question and why it matters; y and n are typed as they are.
                _("%(question)s %(why)s (y/n)")
                % {"question": _(LEAVE_QUESTION), "why": _(LEAVE_WORDS)}
            )
            return True
        if command == "n":
            self.new_game()
            self.show()
            return True
        if command == "u":
            self.undo()
            return True
        if command not in _MOVES:
            # Translators: command is what the player typed; h is the help command's letter.
            self.say(_("Unknown command %(command)r. Type h for help.") % {"command": words[0]})
            return True
        if len(words) != 3 or not all(_WHOLE_NUMBER.fullmatch(w) for w in words[1:]):
            self.say(
                # Translators: command is a command's letter, as typed (r, f, c).
                _("%(command)s needs a row and a column, for example: %(command)s 3 4")
                % {"command": command}
            )
            return True
        row, col = int(words[1]), int(words[2])
        g = self.game
        if not (0 <= row < g.rows and 0 <= col < g.cols):
            self.say(
                _(
                    "(%(row)d, %(col)d) is off the board: rows are 0-%(last_row)d, columns "
                    "0-%(last_col)d."
                )
                % {"row": row, "col": col, "last_row": g.rows - 1, "last_col": g.cols - 1}
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
            # Translators: refusal says why the move was refused; "r ROW COL" is the command
            # that opens the cell: keep it.
            self.say(
                _("%(refusal)s: this shared board starts at (%(row)d, %(col)d): r %(row)d %(col)d")
                % {"refusal": say(outcome.refused), "row": r, "col": c}
            )
            return
        if outcome.started and g.no_guess_failed:
            self.say(_(NO_GUESS_FAILED))
        self.say_messages()
        if not outcome:
            self.say(_why_nothing(g, move, cell))
            return
        self.show()
        if outcome.finished is not None:
            self.report_end()
            return
        if outcome.started and self.code():
            self.say(_("Board code: %(code)s") % {"code": self.code()})

    def undo(self) -> None:
        refused = self.session.undo().refused
        if refused is not None:
            self.say(_(_UNDO_REFUSED[refused]) if refused in _UNDO_REFUSED else say(refused))
            return
        self.say_messages()
        self.show()
        self.say(_("Undone (this game now counts as assisted)."))

    def report_end(self) -> None:
        g = self.game
        done = self.session.finished
        rec, new = done.record, done.new
        seconds = rec.time_ms / 1000
        if g.state is GameState.WON:
            rate = "-" if rec.bbbv_per_s is None else i18n.number(rec.bbbv_per_s, 2)
            # Translators: seconds is the time with 3 decimals; rate is 3BV per second.
            won = {"seconds": i18n.number(seconds, 3), "bbbv": g.bbbv, "rate": rate}
            self.say(_("You won in %(seconds)s s. 3BV %(bbbv)d, %(rate)s 3BV/s.") % won)
            # Translators: said as "best daily board time" of a win on the daily board.
            board = _("daily board") if rec.daily else label(self.board)
            for best in bests_set(new, board=board):
                # Translators: best is the record set, such as "best Beginner time".
                self.say(_("New record: %(best)s!") % {"best": best})
            if rec.why_no_record:  # one line: why this win set no record
                self.say(rec.why_no_record)
        else:
            # Translators: seconds has 3 decimals; done/bbbv is the 3BV solved of the board's;
            # rate is 3BV per second.
            self.say(
                _(
                    "Boom! You lost after %(seconds)s s, with %(opened)d of %(total)d safe cells "
                    "open. 3BV %(done)d/%(bbbv)d solved, %(rate)s 3BV/s."
                )
                % {
                    "seconds": i18n.number(seconds, 3),
                    "opened": g.safe_opened,
                    "total": g.safe_total,
                    "done": g.bbbv_done(),
                    "bbbv": g.bbbv,
                    "rate": _rate(done.measures),
                }
            )
        for line in measure_lines(done.measures):
            self.say(line)
        if self.code():
            self.say(_("Board code: %(code)s") % {"code": self.code()})
        if done.replay is not None:
            # Translators: file is where the game's replay was saved.
            self.say(_("Replay: %(file)s") % {"file": done.replay})
        self.say(
            # Translators: y, n and u are typed as they are.
            _("Play again? (y/n, or u to undo the loss)")
            if g.state is GameState.LOST
            else _("Play again? (y/n)")
        )

    def answer_play_again(self, line: str) -> bool | None:
        """True: new game; False: quit; None: ask again."""
        word = line.strip().lower()
        if is_yes(word):
            return True
        if is_no(word) or word == "q":
            return False
        lost = self.game.state is GameState.LOST
        self.say(
            # Translators: y, n and u are typed as they are.
            _("Please answer y, n, or u to undo the loss.") if lost else _("Please answer y or n.")
        )
        return None


def _rate(m: Measures | None) -> str:
    """3BV (solved) per second, "-" under a second, as the statistics have it."""
    return "-" if m is None or m.time_ms < 1000 else i18n.number(m.bbbv_per_second, 2)


def measure_lines(m: Measures | None) -> list[str]:
    """The measures of a finished game (docs/RULES.md, "Measures of a game") in two lines."""
    if m is None:
        return []
    c = m.counters
    if c is None:
        clicks = _("Clicks not recorded.")
    else:

        def shown(value: float | None) -> str:
            return "-" if value is None else i18n.number(value, 3)

        # Translators: a finished game's clicks as the community counts them: all of them
        # (left, right, double), the effective ones; IOE, throughput and correctness are
        # measures with 3 decimals.
        clicks = _(
            "Clicks %(total)d (%(left)d L, %(right)d R, %(double)d D), %(effective)d "
            "effective, IOE %(ioe)s, throughput %(throughput)s, correctness %(correctness)s."
        ) % {
            "total": c.clicks,
            "left": c.left,
            "right": c.right,
            "double": c.double,
            "effective": c.ce,
            "ioe": shown(m.ioe),
            "throughput": shown(m.throughput),
            "correctness": shown(m.correctness),
        }
    rqp = "-" if m.time_ms < 1000 or m.rqp is None else i18n.number(m.rqp, 2)
    # Translators: NF (no flags) is answered yes or no.
    no_flag = pgettext("NF", "yes") if m.no_flag else pgettext("NF", "no")
    return [
        clicks,
        # Translators: measures of a finished game; guesses counts the guesses it needed.
        _("ZiNi %(zini)d, RQP %(rqp)s, guesses %(guesses)d, NF %(nf)s.")
        % {"zini": m.zini, "rqp": rqp, "guesses": m.guesses, "nf": no_flag},
    ]


def _why_nothing(game: Game, move: Move, cell: str) -> str:
    """Why a move changed nothing, in words that say what is really the matter."""
    where = {"row": move.row, "col": move.col}
    if move.kind is MoveKind.OPEN and cell == ViewChar.FLAG:
        # Translators: "f ROW COL" is the command that unflags it: keep it.
        return _("(%(row)d, %(col)d) is flagged: unflag it first (f %(row)d %(col)d).") % where
    if move.kind is MoveKind.OPEN:
        return _("(%(row)d, %(col)d) is already open.") % where
    if move.kind is MoveKind.FLAG:
        return _("(%(row)d, %(col)d) is open: only covered cells take a flag.") % where
    if cell not in NUMBER_CHARS:
        return _("Nothing to chord at (%(row)d, %(col)d): chords work on open numbers.") % where
    around = [
        game.cell(r, c)
        for r in range(move.row - 1, move.row + 2)
        for c in range(move.col - 1, move.col + 2)
        if (r, c) != (move.row, move.col) and 0 <= r < game.rows and 0 <= c < game.cols
    ]
    flags = around.count(ViewChar.FLAG)
    if flags == int(cell):
        return (
            _(
                "Nothing to chord at (%(row)d, %(col)d): every cell around it is already open "
                "or flagged."
            )
            % where
        )
    # Translators: count is the flags around the number; needed is the number itself.
    return ngettext(
        "Nothing to chord at (%(row)d, %(col)d): it has %(count)d flag around it "
        "and needs exactly %(needed)s.",
        "Nothing to chord at (%(row)d, %(col)d): it has %(count)d flags around it "
        "and needs exactly %(needed)s.",
        flags,
    ) % {**where, "count": flags, "needed": cell}


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
    text = TextGame(
        board,
        seed=seed,
        safe_zone=safe_zone,
        out=out,
        clock=clock,
        history=history,
        no_guess=no_guess,
        ask_before_leaving=ask_before_leaving,
    )
    session = text.session
    reader = LineReader(stdin, text.say)
    try:
        return _play(text, reader, first_game, daily, asked_for)
    except KeyboardInterrupt:  # Ctrl+C at a prompt: leave quietly, keeping the game
        _keep_all(session)
        with contextlib.suppress(OutputLost):
            text.say()
        return EXIT_INTERRUPTED
    except InputRefused as e:
        # refused at the start's question, no game is in play yet: the games left are kept
        unanswered = len(session.offers)
        playing = session.game is not None and session.game.state is GameState.PLAYING
        _keep_all(session)
        if unanswered:
            # Translators: why says what was wrong with the input; count is the number of
            # unfinished games offered at the start.
            to_stderr(
                ngettext(
                    "the input is not commands (%(why)s); %(count)d unfinished "
                    "game is kept for next time; stopping.",
                    "the input is not commands (%(why)s); %(count)d unfinished "
                    "games are kept for next time; stopping.",
                    unanswered,
                )
                % {"why": e, "count": unanswered}
            )
        elif playing:
            to_stderr(
                # Translators: why says what was wrong with the input.
                _("the input is not commands (%(why)s); the game is kept; stopping.") % {"why": e}
            )
        else:
            to_stderr(_("the input is not commands (%(why)s); stopping.") % {"why": e})
        return EXIT_INPUT_REFUSED
    except OutputLost:
        _keep_all(session)  # the caller says what was lost, once
        raise


def _keep_all(session: Session) -> None:
    """The program stops: the game in play, and the games left before that were offered at
    the start and not answered yet, stay for next time."""
    session.keep_offers()
    session.keep()


def _play(
    text: TextGame,
    reader: LineReader,
    first_game: Game | None,
    daily: str | None,
    asked_for: str | None,
) -> int:
    session = text.session
    # Translators: h is the help command's letter, typed as it is.
    text.say(_("Pixel Mines in the terminal. Type h for help."))
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
                text.say(_("Your game is kept: it is offered again next time."))
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
    if len(offers) == 1:
        named = {"game": describe_kept(offers[0]), "board": asked_for}
        # Translators: game describes the kept game ("a Beginner game from ..."); y and n are
        # typed as they are.
        if asked_for is None:
            text.say(_("You left %(game)s. Resume it? (y/n)") % named)
        else:
            # Translators: board is the board the command line asked for ("the 9x9/10 board").
            text.say(_("You left %(game)s. Resume it (y), or play %(board)s as asked (n)?") % named)
        choices = {"y": 0, "yes": 0}
        # Translators: y, n and q are typed as they are.
        again = _("Please answer y or n (q quits and keeps it for next time).")
    else:
        count = len(offers)
        named = {"count": count, "board": asked_for}
        text.say(
            ngettext(
                "You left %(count)d unfinished game:", "You left %(count)d unfinished games:", count
            )
            % named
        )
        for k, replay in enumerate(offers, 1):
            text.say(f"  {k}  {describe_kept(replay)}")
        text.say(
            # Translators: count is the number of kept games, chosen by their numbers; n is typed.
            _("Resume one (1-%(count)d), or play a new game and drop them all (n)?") % named
            if asked_for is None
            else _("Resume one (1-%(count)d), or play %(board)s as asked and drop them all (n)?")
            % named
        )
        choices = {str(k): k - 1 for k in range(1, len(offers) + 1)}
        # Translators: n and q are typed as they are.
        again = _("Please answer 1-%(count)d or n (q quits and keeps them for next time).") % named
    while True:
        print("> ", end="", file=text.out, flush=True)
        answer = reader.read()
        if answer is None:
            session.keep_offers()
            return None
        word = answer.strip().lower()
        if word in choices or ("y" in choices and is_yes(word)):  # one kept game: yes takes it
            session.accept_offer(index=choices.get(word, 0))
            text.board = session.board
            text.say_messages()
            return True
        if is_no(word):
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
    played = replay.played_at
    print(
        # Translators: the head of a printed replay: the board's size (columns×rows), its mines
        # and moves ("10 mines", "12 moves"), and when it was played (date and time).
        _("Replay: %(cols)d×%(rows)d, %(mines)s, %(moves)s, played %(when)s")
        % {
            "cols": replay.cols,
            "rows": replay.rows,
            "mines": ngettext("%(count)d mine", "%(count)d mines", replay.mines)
            % {"count": replay.mines},
            "moves": ngettext("%(count)d move", "%(count)d moves", len(replay.moves))
            % {"count": len(replay.moves)},
            "when": f"{i18n.date(played[:10])} {played[11:16]}".strip(),
        },
        file=out,
    )
    for k, move in enumerate(replay.moves, 1):
        game.play_recorded(move)
        what = (
            pgettext(*_MOVE_WORDS[move.kind])
            if move.mark is None
            else _("mark %(mark)s") % {"mark": move.mark}
        )
        print(
            "\n"
            # Translators: a move of a printed replay: its number, its time in seconds (3
            # decimals), what it did ("open", "flag", "chord", "mark F") and its cell.
            + _("Move %(number)d at %(seconds)s s: %(what)s (%(row)d, %(col)d)")
            % {
                "number": k,
                "seconds": i18n.number(move.at_ms / 1000, 3),
                "what": what,
                "row": move.row,
                "col": move.col,
            },
            file=out,
        )
        for line in board_lines(game):
            print(line, file=out)
    time_ms = replay.result.get("time_ms", replay.moves[-1].at_ms if replay.moves else 0)
    named = {"seconds": i18n.number(time_ms / 1000, 3), "bbbv": game.bbbv}
    print("\n" + _(_RESULTS.get(game.state, _NOT_FINISHED)) % named, file=out)
    return 0
