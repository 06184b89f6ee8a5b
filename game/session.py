"""One game's life from its start (or resume) to its record, the same for every front end.

Owns the game's clock (injected; it counts only time the player could play), its moves, undo
and redo (a loss too), its journal (every press, release, key, move, undo and redo on its way
to disk before the front end shows it, the pointer's path once a frame, the pauses:
game.store.journal), and its finish: one statistics row
and one replay, both keyed by the game's id. The window and the terminal turn input into calls
here and draw what it reports; neither keeps a copy of these rules. Knows no pygame, no terminal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from . import i18n
from .engine import Game, GameState, Move, MoveKind
from .engine.boards import BoardChoice, SeedStream
from .engine.cells import CellSet
from .engine.game import Difficulty, RecordedMove, SafeZone, shown_seconds
from .i18n import N_, _, ngettext, pgettext
from .store.history import Finished, History, Kept
from .store.journal import Journal
from .store.replays import Replay, did_of, end_entry, move_entry, new_game_id
from .words import label

# Why the clock may be paused; any one of them pauses it.
PAUSE_KEY = "key"  # the player pressed the pause key
PAUSE_DIALOG = "dialog"  # a dialog or menu covers the board
PAUSE_AWAY = "away"  # the window is minimised or lost the focus
PAUSE_REPLAY = "replay"  # a replay is being watched instead

# Why-words in the order a pause line names the first that holds (docs/FORMATS.md).
PAUSE_ORDER = (PAUSE_KEY, PAUSE_AWAY, PAUSE_DIALOG, PAUSE_REPLAY)
# Points of the pointer's path on one journal line, and kept before the journal is opened (the
# pointer over a fresh board, before its first click: its last points are the video's start).
PATH_POINTS = 4096

NO_GUESS_FAILED = N_(
    "No no-guess board could be made for this size and number of mines: this is a normal board."
)


# The one question asked before a game in progress is replaced, and what happens to it.
LEAVE_QUESTION = N_("Leave this game?")
LEAVE_WORDS = N_("It is not finished, so it is not recorded.")
# A kept game of a standard board, as the question about it names it.
_KEPT_GAME = {
    Difficulty.BEGINNER: N_("a Beginner game"),
    Difficulty.INTERMEDIATE: N_("an Intermediate game"),
    Difficulty.EXPERT: N_("an Expert game"),
}


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class ManualClock:
    """A clock in milliseconds that moves only when told (`ms += ...`): for tests, seeded fuzz
    runs and anything that must repeat exactly."""

    def __init__(self, ms: int = 10_000) -> None:
        self.ms = ms

    def __call__(self) -> int:
        return self.ms


def describe_kept(kept: Replay) -> str:
    """The kept game in a few words, e.g. 'a 9×9 game from 2026-11-30 12:40 (12 s, 1 move)'."""
    when = f"{i18n.date(kept.played_at[:10])} {kept.played_at[11:16]}".strip()
    board = BoardChoice.of(kept.rows, kept.cols, kept.mines)
    if kept.daily is not None:
        what = _("the daily board of %(day)s") % {"day": i18n.date(kept.daily)}
    elif board.difficulty is not None:
        what = _(_KEPT_GAME[board.difficulty])
    else:
        # Translators: a kept game of a custom board; plain "x" (columns x rows) for now.
        what = ngettext(
            "a custom %(cols)dx%(rows)d, %(mines)d-mine game",
            "a custom %(cols)dx%(rows)d, %(mines)d-mine game",
            kept.mines,
        ) % {"cols": kept.cols, "rows": kept.rows, "mines": kept.mines}
    moves = len(kept.moves)
    # Translators: a kept game ("a Beginner game"), when it was started, how long it was
    # played (seconds) and its moves.
    return ngettext(
        "%(what)s from %(when)s (%(seconds)d s, %(moves)d move)",
        "%(what)s from %(when)s (%(seconds)d s, %(moves)d moves)",
        moves,
    ) % {"what": what, "when": when, "seconds": kept.elapsed_ms // 1000, "moves": moves}


def name_kept(kept: Replay, today: str | None = None) -> str:
    """A kept game in a list row's few words: when it was started (the time today, else the
    date) and how long it has been played, e.g. 'Beginner 16:10, 12 s' or
    'custom 30x16/99 11-29, 1 s'."""
    board = BoardChoice.of(kept.rows, kept.cols, kept.mines)
    name = (
        label(board)
        if board.difficulty is not None
        else _("custom %(cols)dx%(rows)d/%(mines)d")
        % {"cols": kept.cols, "rows": kept.rows, "mines": kept.mines}
    )
    if kept.daily is not None:
        name = pgettext("kept game", "daily")
    today = today or datetime.now().date().isoformat()
    day, _sep, clock = kept.played_at.partition("T")
    when = clock[:5] if day == today else day[5:10]
    # Translators: a kept game in a list: its board, when it was started (a time today, else
    # month-day) and seconds played.
    named = {"name": name, "when": when, "seconds": kept.elapsed_ms // 1000}
    return _("%(name)s %(when)s, %(seconds)d s") % named


@dataclass
class KeptRead:
    """What reading the kept games found: them (held by this copy), lines for the player, and
    for each that had ended (by its place in `kept`) the game played to its end."""

    kept: list[Kept]
    lines: list[str]
    final: dict[int, Game] = field(default_factory=dict)


class Refusal(StrEnum):
    """Why a move, an undo or a redo was not carried out (`Outcome.refused`): the rule is the
    session's, the words the front ends' (a value is the window's words, `game.words.say`)."""

    START_AT_MARK = N_("Start at the marked cell")  # a shared board opened elsewhere first
    NOTHING_TO_UNDO = N_("Nothing to undo.")
    WON_IS_FINAL = N_("A won game is final")
    NOTHING_TO_REDO = "nothing to redo"  # no front end offers a redo then: never said


@dataclass
class Outcome:
    """What a move, an undo or a redo did."""

    changed: CellSet | frozenset = field(default_factory=frozenset)
    started: bool = False  # the first reveal: the clock runs from here
    finished: Finished | None = None  # the game ended and was recorded
    refused: Refusal | None = None  # why nothing was carried out (the player's move, undo...)

    def __bool__(self) -> bool:
        return bool(self.changed)


class Session:
    """The game being played in one front end, and everything that happens to it."""

    def __init__(
        self,
        history: History,
        source: str,
        *,
        clock: Callable[[], int] = monotonic_ms,
        seed: int | None = None,
        safe_zone: SafeZone = SafeZone.OPENING,
        no_guess: bool = False,
        question_marks: bool = False,
    ) -> None:
        self.history = history
        self.source = source  # "window" or "text": where the records say it was played
        # told (on the writer's thread) when a game that ended here is on disk: the window's
        # notice takes its measures then (`History.finished`'s `then`)
        self.written: Callable[[Finished], None] | None = None
        self.clock = clock
        self.seeds = SeedStream(seed)
        self.safe_zone = safe_zone
        self.no_guess = no_guess
        self.question_marks = question_marks
        self.messages: list[str] = []  # lines for the player, taken by the front end
        self.offers: list[Kept] = []  # unfinished games kept from before, until answered
        self.offer_pending = False  # the kept games are being read
        self.game: Game | None = None
        self.game_id = new_game_id()
        self.daily: str | None = None
        self.chosen: str | None = None  # how the player chose the board; None: laid at random
        self.seeded = seed is not None  # every board of this session follows from `seed`
        self.finished: Finished | None = None
        self.journal: Journal | None = None  # the game in play's, from its first event
        self.events: list[dict] = []  # the journal's event lines of the game in play, kept or not
        self._unjournaled = False  # the journal could not be written: play goes on without
        self._laid_journaled = False  # the layout is in the journal (its header or a line)
        self._started_at = ""
        self._pauses: set[str] = set()
        self._pause_journaled = False  # a pause line was written and no resume line yet
        self._path: list[tuple[int, int]] = []  # the pointer's points not yet journaled
        self._pointer_at: tuple[int, int] | None = None  # the last point kept
        self._played_ms = 0  # time on the clock before the current stretch
        self._since: int | None = None  # when the current stretch began; None: stopped

    # ---- the kept games ------------------------------------------------------------------

    @property
    def offer(self) -> Replay | None:
        """The first kept game offered (the newest), or None."""
        return self.offers[0].replay if self.offers else None

    def take_offer(self) -> Replay | None:
        """At start: the unfinished games kept from before that no live copy is playing, to
        offer for resuming (the newest first; all are in `offers`).

        A kept game that had already ended (the program was stopped while recording it) is
        recorded now instead; writing its row and replay again changes nothing. Old temporary
        files of killed writes are removed."""
        self.expect_offer()
        return self.receive_offer(self.read_offer())

    def expect_offer(self) -> None:
        """The kept games are being read (on another thread): until they are received, the
        offer is not settled."""
        self.offer_pending = True

    def read_offer(self) -> KeptRead:
        """The slow part of taking the offer, for a worker thread: it reads files and builds
        games, and touches nothing of the session's."""
        self.history.tidy()
        kept, lines = self.history.take_kept()
        final = {i: k.replay.final_game() for i, k in enumerate(kept) if k.replay.result}
        return KeptRead(kept, lines, final)

    def receive_offer(self, read: KeptRead) -> Replay | None:
        """What `read_offer` found: games to offer (the first returned), ended ones recorded."""
        self.offer_pending = False
        self.messages += read.lines
        offers = []
        for i, kept in enumerate(read.kept):
            final = read.final.get(i)
            if final is not None and final.state.is_over:
                r = kept.replay
                done = self.history.finished(
                    final,
                    r.elapsed_ms,
                    r.source or self.source,
                    game_id=r.game_id,
                    daily=r.daily,
                    played_at=r.played_at,
                    journal=kept.journal,
                    events=r.events,
                    chosen=r.chosen,
                )
                self.messages += done.messages
                self.history.drop(kept.journal)
            else:
                offers.append(kept)
        self.offers = offers
        return self.offer

    def resumed_game(self, index: int = 0) -> Game | None:
        """A kept game with every move played (slow for a long one: a worker may do it)."""
        if not 0 <= index < len(self.offers):
            return None
        return self.offers[index].replay.final_game(self.question_marks)

    def accept_offer(self, game: Game | None = None, index: int = 0) -> None:
        """Play a kept game on, with its clock, moves and marks as they were (`game`: the one
        `resumed_game` built, if it was built elsewhere); the others stay kept for next time."""
        if not 0 <= index < len(self.offers):
            return
        chosen = self.offers.pop(index)
        self.keep_offers()
        kept = chosen.replay
        game = game if game is not None else kept.final_game(self.question_marks)
        self.start(
            game,
            daily=kept.daily,
            elapsed_ms=kept.elapsed_ms,
            game_id=kept.game_id,
            journal=chosen.journal,
            events=kept.events,
            chosen=kept.chosen,
        )

    def decline_offer(self) -> None:
        """The kept games are not wanted: they go (unfinished games are not recorded)."""
        for kept in self.offers:
            self.history.drop(kept.journal)
        self.offers = []

    def keep_offers(self) -> None:
        """No answer (the player quit at the question): the kept games stay for next time."""
        for kept in self.offers:
            self.history.let_go(kept.journal)
        self.offers = []

    # ---- starting games -----------------------------------------------------------------

    def new_game(self, board: BoardChoice) -> Game:
        """A fresh game of this kind of board (the next seed, the session's rules), started.
        A session given a seed (`--seed`) plays chosen boards: each follows from that seed."""
        game = board.new_game(
            seed=self.seeds.next(),
            safe_zone=self.safe_zone,
            no_guess=self.no_guess,
            question_marks=self.question_marks,
        )
        self.start(game, chosen="seed" if self.seeded else None)
        return game

    def start(
        self,
        game: Game,
        *,
        daily: str | None = None,
        elapsed_ms: int = 0,
        game_id: str | None = None,
        journal: Journal | None = None,
        events: list[dict] | None = None,
        chosen: str | None = None,
    ) -> None:
        """Play this game from now on: a fresh one, a shared board, or a kept one resumed
        (with its `journal`, which goes on where it stopped, and the `events` it holds).

        `chosen` says how the player chose the board (store.records.CHOSEN); a board laid for
        its marked first cell before any move (a board code, a replay's board played again by
        its code) that is not the daily board is a chosen one ("code") unless said otherwise.
        A chosen board counts in games and wins, never in bests (docs/RULES.md, "Records").

        The game that was being played is left: an unfinished game is not recorded, and it is
        no longer kept. Kept games still waiting for an answer are left alone."""
        if self.journal is not None:
            self.history.drop(self.journal)
        self.game = game
        self.game_id = game_id or new_game_id()
        self.daily = daily
        shared = daily is None and game.first_click is not None and not game.moves
        self.chosen = chosen if chosen is not None else "code" if shared else None
        self.finished = None
        self.journal = journal
        self.events = list(events or ())
        self._unjournaled = False
        self._laid_journaled = journal is not None or game.layout() is not None
        self._started_at = datetime.now().isoformat(timespec="seconds")
        self._played_ms = elapsed_ms
        self._since = None
        self._pause_journaled = False
        self._path, self._pointer_at = [], None
        self._run()

    @property
    def in_progress(self) -> bool:
        """A game is in progress: at least one move made and not over. Replacing it (a new
        game, another board, a replay) asks first, in both front ends: see `LEAVE_WORDS`."""
        return bool(self.game.moves) and not self.game.state.is_over

    @property
    def board(self) -> BoardChoice:
        g = self.game
        return BoardChoice.of(g.rows, g.cols, g.mines)

    # ---- the clock ----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """The clock runs while the game is being played and nothing pauses it."""
        return self.game.state is GameState.PLAYING and not self._pauses

    def _run(self) -> None:
        """Start or stop the clock to match the game and the pauses; a pause in play, and
        play going on after it, are journaled (a video shows them on its timeline)."""
        if self.running and self._since is None:
            self._since = self.clock()
            if self._pause_journaled:
                self._pause_journaled = False
                self._line({"t": self.elapsed_ms(), "e": "resume"})
        elif not self.running and self._since is not None:
            self._played_ms += self.clock() - self._since
            self._since = None
            if self._pauses and self.game.state is GameState.PLAYING:
                why = next(
                    w for w in PAUSE_ORDER + tuple(sorted(self._pauses)) if w in self._pauses
                )
                self._pause_journaled = True
                self._line({"t": self._played_ms, "e": "pause", "why": why})

    def elapsed_ms(self) -> int:
        """Time played: from the first reveal, without pauses or the time spent looking at a
        loss that was then taken back."""
        if self._since is None:
            return self._played_ms
        return self._played_ms + self.clock() - self._since

    @property
    def started(self) -> bool:
        """Whether the clock has anything to show: the first reveal was made (flags placed
        before it leave it at 0, as docs/RULES.md says), or time was played before (a first
        reveal taken back)."""
        return self.game.state is not GameState.READY or self._played_ms > 0

    def timer_seconds(self) -> int:
        """What the toolbar's timer shows."""
        return shown_seconds(self.elapsed_ms() if self.started else None)

    def pause(self, why: str) -> None:
        self._pauses.add(why)
        self._run()

    def resume(self, why: str) -> None:
        self._pauses.discard(why)
        self._run()

    def paused_by(self, why: str) -> bool:
        return why in self._pauses

    @property
    def veiled(self) -> bool:
        """The board is hidden while a game in play is paused, so pausing gains nothing."""
        return bool(self._pauses) and self.game.state is GameState.PLAYING

    # ---- moves --------------------------------------------------------------------------

    def needs_laying(self, move: Move) -> bool:
        """Whether this move is the first reveal of a no-guess board not laid yet: laying it
        can take a while, so a window does `game.lay` on a worker thread before playing it
        (the terminal just plays it and waits)."""
        g = self.game
        return (
            move.kind is MoveKind.OPEN
            and g.state is GameState.READY
            and g.no_guess
            and not g.is_laid
        )

    def play(self, move: Move) -> Outcome:
        """Carry out a move; a game that ends with it is recorded.

        A shared board (a code, the daily board) was laid for its marked first cell, so it is
        safe there and only there: the first opening must be that cell (flags may come first);
        another is refused, with `Outcome.refused` saying why."""
        g = self.game
        if g.state.is_over:
            return Outcome()
        start = g.first_click
        if (
            g.state is GameState.READY
            and start is not None
            and move.kind is not MoveKind.FLAG
            and (move.row, move.col) != start
        ):
            refused = RecordedMove(move.kind, move.row, move.col, self.elapsed_ms())
            self._line(move_entry(refused, "nothing"))
            return Outcome(refused=Refusal.START_AT_MARK)
        was_ready = g.state is GameState.READY
        at_ms = self.elapsed_ms()
        changed = g.play(move, at_ms=at_ms)
        if not self._laid_journaled and g.layout() is not None:
            self._line({"t": at_ms, "e": "laid", "layout": g.layout()})
            self._laid_journaled = True
        mark = g.moves[-1].mark if changed and move.kind is MoveKind.FLAG else None
        done = RecordedMove(move.kind, move.row, move.col, at_ms, mark)
        self._line(move_entry(done, did_of(move.kind, bool(changed), mark)))
        self._run()
        started = was_ready and g.state is not GameState.READY
        return self._after(changed, started=started)

    def undo(self) -> Outcome:
        """Take back the last move, a loss too: its row stays until the game ends again and
        replaces it. A won game is final (refused, as nothing to undo is: `Outcome.refused`).
        The game then counts as assisted."""
        g = self.game
        if not g.moves or g.state is GameState.WON:
            return Outcome(refused=Refusal.WON_IS_FINAL if g.moves else Refusal.NOTHING_TO_UNDO)
        self.finished = None  # a loss taken back: the game ends again later, replacing its row
        return self._again("undo", g.undo())

    def redo(self) -> Outcome:
        """Play the last move undone again; refused when there is none (or the game is over)."""
        g = self.game
        if not g.can_redo or g.state.is_over:
            return Outcome(refused=Refusal.NOTHING_TO_REDO)
        return self._again("redo", g.redo())

    def _again(self, event: str, changed: CellSet) -> Outcome:
        """After an undo or a redo: journaled if it changed anything, the clock, an end."""
        if changed:
            self._line({"t": self.elapsed_ms(), "e": event})
        self._run()
        return self._after(changed)

    def _after(self, changed: CellSet, *, started: bool = False) -> Outcome:
        g = self.game
        outcome = Outcome(changed, started=started)
        if not changed:
            return outcome
        if g.state.is_over and self.finished is None:
            elapsed = self.elapsed_ms()
            self._line(end_entry(g.state.value, elapsed, g.bbbv, g.deaths, g.assisted))
            self.finished = self.history.finished(
                g,
                elapsed,
                self.source,
                game_id=self.game_id,
                daily=self.daily,
                journal=self.journal,
                events=self.events,
                chosen=self.chosen,
                then=self.written,
            )
            self.messages += self.finished.messages
            outcome.finished = self.finished
        return outcome

    def note(
        self,
        event: str,
        *,
        button: str | None = None,
        key: str | None = None,
        cell: tuple[int, int] | None = None,
        at: tuple[int, int] | None = None,
    ) -> None:
        """A press or release of a mouse button, or a key, on the board (`cell` None: off the
        board; `at` the pointer in board units, for a button), journaled before the front end
        shows what it does: the measures count every click, the ones that did nothing too."""
        if self.game is None or self.game.state.is_over and self.finished is not None:
            return
        entry: dict = {"t": self.elapsed_ms(), "e": event}
        if button is not None:
            entry["b"] = button
        if key is not None:
            entry["k"] = key
        entry["cell"] = None if cell is None else [cell[0], cell[1]]
        if at is not None:
            entry["x"], entry["y"] = at
            self.pointer(*at)  # the way to the click ends where it is
        self._line(entry)

    def pointer(self, x: int, y: int) -> None:
        """The pointer moved over the board to (x, y) in board units (16 a cell, from the
        board's top-left corner: docs/FORMATS.md). Kept until the frame's one write
        (`flush_pointer`) or the next line; before the game's first line, its last points."""
        if self.game is None or self.game.state.is_over and self.finished is not None:
            return
        if self._pointer_at == (x, y):
            return
        self._pointer_at = path_end = (x, y)
        path = self._path
        path.append(path_end)
        if self.journal is None and len(path) > PATH_POINTS:
            del path[: len(path) - PATH_POINTS]

    def flush_pointer(self) -> None:
        """The pointer's points since the last write, as one line (once a frame): motion
        needs no write of its own before the frame that shows it, as a click does."""
        if self._path and self.journal is not None:
            self._line_path()

    def _line_path(self, before: int | None = None) -> None:
        """The points kept, as path lines; `before`: the time of the line they come before
        (the clock may have turned a millisecond since that line took its time, and times
        never go back in a journal)."""
        path, self._path = self._path, []
        t = self.elapsed_ms() if before is None else min(self.elapsed_ms(), before)
        for at in range(0, len(path), PATH_POINTS):
            part = path[at : at + PATH_POINTS]
            points = [part[0][0], part[0][1]]
            for (x0, y0), (x1, y1) in zip(part, part[1:], strict=False):
                points += (x1 - x0, y1 - y0)
            self._line({"t": t, "e": "path", "p": points})

    def assist(self, what: str) -> None:
        """The player took help (a hint, the odds): the game counts as assisted."""
        self.game.assisted = True
        self._line({"t": self.elapsed_ms(), "e": "assist", "what": what})

    def _line(self, entry: dict) -> None:
        """One journal line, on its way to disk before this returns; the journal is opened
        with its header at the game's first line. The session keeps the lines too: the
        game's measures are made from them at its end."""
        if self._path and entry.get("e") != "path":
            self._line_path(entry.get("t"))  # the pointer's way to this click comes before it
        self.events.append(entry)
        if self._unjournaled:
            return
        if self.journal is None:
            g = self.game
            header = Replay(
                g.rows,
                g.cols,
                g.mines,
                g.seed,
                g.safe_zone,
                g.no_guess,
                g.first_click,
                g.layout(),
                [],
                self._started_at,
                self.source,
                daily=self.daily,
                game_id=self.game_id,
                chosen=self.chosen,
            )
            self.journal, lines = self.history.open_journal(header)
            self.messages += lines
            if self.journal is None:
                self._unjournaled = True
                return
        if not self.journal.open:
            return
        self.messages += self.history.append(self.journal, entry)

    def keep(self) -> None:
        """The program stops: a game in progress stays kept (its journal ends with the clock),
        and the journal of one that ended or had no move goes."""
        journal, self.journal = self.journal, None
        if journal is None:
            return
        g = self.game
        if g.moves and not g.state.is_over:
            if journal.open:
                self.messages += self.history.append(journal, {"t": self.elapsed_ms(), "e": "stop"})
            self.history.let_go(journal)
        else:
            self.history.drop(journal)

    def take_messages(self) -> list[str]:
        """Lines for the player: from this session, and from writes finished meanwhile."""
        taken, self.messages = self.messages + self.history.take_late(), []
        return taken
