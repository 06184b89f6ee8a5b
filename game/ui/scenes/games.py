"""Which game is on the board, and how it is replaced: a new game, another board, a board made
elsewhere (a code, the daily board), a kept game resumed, a replay watched and left, quitting.
Everything that replaces a game in progress passes `leave_then`, the one gate that asks
"Leave this game?" first. It draws nothing and sizes no window itself (the frame does).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ...engine import Difficulty, Game
from ...engine.boards import BoardChoice
from ...engine.codes import daily
from ...i18n import _, pgettext
from ...i18n import date as shown_date
from ...session import PAUSE_REPLAY, describe_kept, name_kept
from ...store.replays import GAME_ID, Replay, ReplayError
from ...videos.model import Video, VideoError
from ...words import label
from .. import clipboard
from ..dialogs import (
    Analyse,
    Answer,
    CodeDialog,
    CustomDialog,
    CustomSize,
    KeptGamesDialog,
    NoticeDialog,
    PlayCode,
    Question,
    ResumeDialog,
    ResumeKept,
    StatsDialog,
    WatchReplay,
    confirm_leave,
    stats_today,
)
from ..dialogs.videos import VideosDialog
from .context import Context
from .play import PlayScene
from .video import VideoScene, of_replay, read_file

if TYPE_CHECKING:  # the analysis and the solver load when a game is gone through
    from .analysis import AnalysisScene


class Games:
    def __init__(self, ctx: Context, play: PlayScene) -> None:
        self.ctx = ctx
        self.play = play
        # a replay watched, or a game analysed, over the game in play
        self.replay: VideoScene | AnalysisScene | None = None
        self.back = None  # the dialog a video or an analysis was opened from, to come back to
        self.videos_room: VideosDialog | None = None  # kept: it opens again as it was left
        self.leaving: Callable[[], None] | None = None  # what the leave question would do
        self.running = True
        ctx.commands.add("analyse_last", self.analyse_last, self.can_analyse_last)
        ctx.commands.add("videos", self.open_videos)
        # a message goes with the state it was said in (StatusLine.follow): the room on the
        # board, the game played, how it stands (ready, in play, won, lost), a pause veiling it
        ctx.status.follow(lambda: (self.shown(), play.game, play.game.state, play.veiling_pause()))

    # ---- the gate ---------------------------------------------------------------------------

    def leave_then(self, what: str, then: Callable[[], None]) -> None:
        """Replace the game with `what` by `then`: at once when no game is in progress (or
        the player turned the question off), else after asking "Leave this game?"."""
        if self.ctx.settings.ask_before_leaving and self.ctx.session.in_progress:
            self.leaving = then
            self.ctx.dialogs.open(confirm_leave(what))
        else:
            then()

    def answer(self, answer: Answer) -> None:
        """A yes/no question's answer (typed by its question)."""
        if answer.question is Question.LEAVE:
            then, self.leaving = self.leaving, None
            if answer.yes and then is not None:
                then()

    # ---- new games --------------------------------------------------------------------------

    def new_game(self, board: BoardChoice | None = None) -> None:
        """F2, the face, 1/2/3, a custom board: through the gate."""
        if board is None:
            # Translators: completes the question "Start %(what)s?" asked before a game in
            # play is left (as do "the daily board", "the replay" and the like).
            what = _("a new game")
        elif board.difficulty is not None:
            what = label(board.difficulty)
        else:
            # Translators: as "a new game"; a custom board's columns x rows (plain "x").
            what = _("a new %(cols)dx%(rows)d board") % {"cols": board.cols, "rows": board.rows}
        self.leave_then(what, lambda: self._new_game(board))

    def standard(self, difficulty: Difficulty) -> None:
        self.new_game(BoardChoice.standard(difficulty))

    def _new_game(self, board: BoardChoice | None = None) -> None:
        ctx = self.ctx
        self._stop_watching()
        self.play.laying.halt()
        if board is not None and board != ctx.frame.board:
            ctx.settings.remember_board(board)
            ctx.save_settings()
            self._switch_board(board)
        ctx.session.new_game(ctx.frame.board)
        self.play.reset()

    def _switch_board(self, board: BoardChoice) -> None:
        if self.ctx.frame.switch_board(board):
            self.ctx.save_settings()  # the window it now has

    def play_game(self, game: Game, *, daily: str | None = None) -> None:
        """Play a game made elsewhere (a shared board, the daily board, a fixed layout) in this
        window, without asking (the start, tests); `play_code` and `play_daily` ask."""
        self._stop_watching()
        self.play.laying.halt()
        self.ctx.session.start(game, daily=daily)
        self.show_game()

    def show_game(self) -> None:
        """The session's game on the board, in a window of its size."""
        game = self.ctx.session.game
        self._switch_board(BoardChoice.of(game.rows, game.cols, game.mines))
        self.play.reset()
        self.play.show_where_play_is()

    def play_code(self, result: PlayCode) -> None:
        game = result.code.game(question_marks=self.ctx.settings.question_marks)
        self.leave_then(_("the board of that code"), lambda: self.play_game(game))

    def play_daily(self) -> None:
        today = datetime.now(UTC).date()

        def start() -> None:
            board = daily(today).game(question_marks=self.ctx.settings.question_marks)
            self.play_game(board, daily=today.isoformat())
            # Translators: the line under the board as the daily board begins; date is today's.
            said = _("Daily %(date)s: start at the mark") % {"date": shown_date(today)}
            self.ctx.status.say(said, lasting=True)

        self.leave_then(_("the daily board"), start)

    def custom(self, result: CustomSize) -> None:
        self.new_game(BoardChoice.of(result.rows, result.cols, result.mines))

    def open_custom_dialog(self) -> None:
        b = self.ctx.frame.board
        self.ctx.dialogs.open(CustomDialog([str(b.rows), str(b.cols), str(b.mines)]))

    def open_code_dialog(self, paste: bool = False) -> None:
        first = clipboard.text() if paste else ""
        self.ctx.dialogs.open(CodeDialog(first, paste=clipboard.text, copy=clipboard.put))

    def copy_code(self) -> None:
        code = self.play.board_code()
        if code is None:
            self.ctx.status.say(_("No code before the first click"))
        elif not clipboard.put(code):
            self.ctx.status.say(_("No clipboard here"))
        else:
            self.ctx.status.say(_("Board code copied"))

    # ---- the game kept from last time -----------------------------------------------------

    def offer_kept_game(
        self, kept: Replay | None, notes: list[str] | tuple[str, ...], asked_for: str | None
    ) -> None:
        """Ask about the game (or games) kept from last time (naming the board the command
        line asked for, if it did), and show the start-up notes."""
        offers = [k.replay for k in self.ctx.session.offers]
        if len(offers) > 1:
            no = _new_game_button() if asked_for is None else _play_that_button()
            names = [name_kept(r) for r in offers]  # short: rows fit the narrowest window
            self.ctx.dialogs.open(KeptGamesDialog(names, no))
        elif kept is not None:
            if asked_for is None:
                lines, no = [_left(kept)], _new_game_button()
            else:
                # Translators: offered beside the game kept; board is the one the command
                # line asked for ("Intermediate").
                lines = [_left(kept), _("Or play %(board)s?") % {"board": asked_for}]
                no = _play_that_button()
            self.ctx.dialogs.open(ResumeDialog(lines, no))
        trouble = self.ctx.session.take_messages()
        if trouble or notes:
            self.ctx.dialogs.open(NoticeDialog(_("Note"), trouble + list(notes)))

    def resume_chosen(self, chosen: ResumeKept) -> None:
        """Play on the kept game chosen (the others stay kept), drop them all, or (Esc) keep
        them all for a later start."""
        session, index = self.ctx.session, chosen.index
        if index is None:
            session.decline_offer() if chosen.drop else session.keep_offers()
            return

        def resume(game: Game | None) -> None:
            def over() -> None:
                self._stop_watching()
                self.play.laying.halt()
                session.accept_offer(game, index)
                self.show_game()

            self.leave_then(_("the game you left"), over)

        # every move is played again: a long game takes a while, so not on the frame
        self.ctx.aids.chores.start(
            lambda: session.resumed_game(index), resume, _("Resuming your game...")
        )

    # ---- replays ----------------------------------------------------------------------------

    def watch_file(self, result: WatchReplay) -> None:
        """Watch a video file (from the statistics, the Videos room), read off the frame."""

        def show(found: tuple | VideoError | ReplayError) -> None:
            if isinstance(found, tuple):
                return self.watch_video(*found)
            self.ctx.dialogs.open(NoticeDialog(pgettext("title", "Replay"), [str(found)]))

        self.back = result.back
        read = partial(read_file, self.ctx.aids.analyses, str(result.path))
        start = partial(self.ctx.aids.chores.start, read, show, _("Reading the replay..."))
        self.leave_then(_("the replay"), start)

    def watch(self, replay: Replay, speed_index: int | None = None) -> None:
        """Watch one of our replays read already (the command line's): a video made off it."""

        def show(found: tuple) -> None:
            self.watch_video(*found, replay.new_game, speed_index)

        self.ctx.aids.chores.start(partial(of_replay, replay), show, _("Reading the replay..."))

    def watch_video(self, video: Video, played, new_game=None, speed: int | None = None) -> None:
        """Play a video back over the game played, which waits (its clock paused) until Esc.
        `played`: its counters (videos/mouse.py); `new_game`: its board before any action."""
        self._stop_watching()  # a video started again
        self.ctx.session.pause(PAUSE_REPLAY)
        self._cover_play()
        self._switch_board(BoardChoice.of(video.rows, video.cols, video.mines))
        odds = self.play.help.show_probabilities
        self.replay = VideoScene(
            self.ctx, video, played, new_game, speed, leave=self.leave_replay, odds=odds
        )

    def analyse(self, result: Analyse) -> None:
        """Go through a game move by move (the one just played, or a replay from the
        statistics) over the game in play, which waits as under a replay. The analysis is
        worked out off the frame, or taken from memory when it was already."""
        ctx = self.ctx
        self.back = result.back
        if result.path is None:  # the game that ended last (its notice may be up)
            if ctx.aids.analyses.last is None:
                ctx.status.say(_("No game has ended yet: nothing to analyse"))
                return
            key, layout, read = ctx.aids.analyses.last
            shown = Game.from_layout(layout)
        else:
            path = result.path
            key = replay_key(path)

            analyses = ctx.aids.analyses

            def read() -> tuple[list[str], list[dict]]:
                from ...videos.files import board_of_video  # any replay or video

                # reading checks the game by playing it again (some 60 ms on a 200x200 game):
                # in the worker, as its analysis, never on a thread that holds the interpreter
                # lock against the frames
                if analyses.threaded:
                    return analyses.worker.call(board_of_video, str(path))
                return board_of_video(str(path))

            board = ctx.frame.board
            shown = Game(board.rows, board.cols, board.mines)  # until the replay is read
        self._stop_watching()
        ctx.session.pause(PAUSE_REPLAY)
        ctx.aids.analyses.ask(key, read)
        self._cover_play()

        def resize(game: Game) -> None:
            self._switch_board(BoardChoice.of(game.rows, game.cols, game.mines))

        from .analysis import AnalysisScene

        self.replay = AnalysisScene(ctx, key, shown, leave=self.leave_replay, resize=resize)
        ctx.drawn.invalidate()

    def analyse_last(self) -> None:
        """Game → Analyse last game (A): the game that ended last, after its notice closed."""
        if self.replay is not None:
            self.ctx.status.say(_("Esc leaves this first"))
        elif self.ctx.aids.analyses.last is None:
            self.ctx.status.say(_("No game has ended yet: nothing to analyse"))
        else:
            self.analyse(Analyse())

    def can_analyse_last(self) -> bool:
        return self.replay is None and self.ctx.aids.analyses.last is not None

    def leave_replay(self) -> None:
        """Back to where the player came from: the game in play, or the board of the game
        that ended (a new game is a key away)."""
        self._stop_watching()
        game = self.ctx.session.game
        self._switch_board(BoardChoice.of(game.rows, game.cols, game.mines))
        self.play.view.shown_again()  # where the player left it
        self.ctx.status.clear()
        back, self.back = self.back, None
        if back is not None:  # watched from the Videos room: the room again, as it was
            self.ctx.dialogs.open(back)

    def _cover_play(self) -> None:
        """A replay or an analysis comes over the game played, which keeps its place: nothing
        held on it, no message of its own left, a big game's notice not shown after."""
        self.play.gestures.reset()
        self.play.end.ending = None
        self.play.view.close()  # its place kept for `shown_again`
        self.ctx.status.clear()

    def shown(self) -> PlayScene | VideoScene | AnalysisScene:
        """The room whose board is on the screen."""
        return self.replay or self.play

    def press_moved(self, pos: tuple[int, int], shown: tuple | None) -> bool:
        return self.shown().view.press_moved(pos, shown)  # game/ui/inbox.py

    def _stop_watching(self) -> None:
        if self.replay is not None:
            self.replay.leave()
            self.replay = None

    # ---- the rest of the Game menu ----------------------------------------------------------

    def open_stats(self) -> None:
        stats = self.ctx.session.history.stats
        if stats is None:
            self.ctx.status.say(_("No statistics kept here"))
            return
        self.ctx.dialogs.open(StatsDialog(stats, self.ctx.frame.board.kind, stats_today()))

    def open_videos(self) -> None:
        """Game → Videos (F4): every finished game's video, to watch, analyse, export, delete;
        an export is written off the frame (a chore that holds no move back)."""
        stats = self.ctx.session.history.stats
        if stats is None:
            self.ctx.status.say(_("No statistics kept here"))
            return
        chores = self.ctx.aids.chores

        def run(work, then) -> None:
            chores.start(work, then, _("Exporting the video..."), blocks=False)

        room = self.videos_room
        if room is None or room.stats is not stats:
            room = self.videos_room = VideosDialog(stats, run=run, paste=clipboard.text)
        else:  # as the player left it (filters, order, the game picked), with the games since
            room.reopened()
        self.ctx.dialogs.open(room)

    def quit(self) -> None:
        """Stop; a game in progress is kept with the time on its clock."""
        ctx = self.ctx
        self.play.laying.halt()
        ctx.session.keep()
        ctx.session.history.flush()  # what the writer's thread has yet to write is written now
        ctx.aids.assistant.close()
        ctx.frame.remember()
        ctx.save_settings()
        self.running = False


def replay_key(path: str) -> str:
    """The id of the game a replay file holds, read from its name (ID-COLSxROWS.jsonl), so a
    game analysed at its end is known again from the statistics; the path if it is not so
    named."""
    found = GAME_ID.match(Path(path).name)
    return found.group(0) if found else path


def _left(kept: Replay) -> str:
    # Translators: the question about the game kept from last time; game describes it ("a
    # Beginner game from 2026-11-30 12:40 (12 s, 1 move)").
    return _("You left %(game)s.") % {"game": describe_kept(kept)}


def _new_game_button() -> str:
    # Translators: a button's label (capitalised there): drop the kept game, start a new one.
    return pgettext("button", "new game")


def _play_that_button() -> str:
    # Translators: a button's label (capitalised there): drop the kept game, play the board
    # the command line asked for.
    return pgettext("button", "play that")
