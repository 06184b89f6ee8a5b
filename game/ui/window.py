"""The window: one fixed-tick loop, the display, and the rooms it hands events to.

The rooms are in game/ui/scenes.py: the board (play), a replay watched over it, the stack of
dialogs over either, the open menu on top; each takes its own input and draws its part. Input
becomes a `Move` (plain data, by game/ui/gestures.py for the mouse, game/ui/keys.py for keys)
executed on the game's session; what is on the canvas is game/ui/drawstate.py's. Nothing is
drawn when nothing changed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pygame

from ..engine import Difficulty, Game, GameState, Move, MoveKind, SafeZone
from ..engine.boards import BoardChoice
from ..engine.cells import CellSet, ViewChar
from ..engine.codes import code_of, daily
from ..engine.game import shown_seconds
from ..session import (
    NO_GUESS_FAILED,
    PAUSE_AWAY,
    PAUSE_KEY,
    PAUSE_REPLAY,
    KeptRead,
    Outcome,
    Session,
    describe_kept,
    monotonic_ms,
)
from ..store.files import config_dir, data_dir
from ..store.history import History
from ..store.replays import Replay, ReplayError, load_replay
from ..store.settings import MAX_SCALE, VOLUMES, Settings, SettingsFile
from ..version import version
from . import keys, status
from . import layout as geometry
from . import screen as desktop
from .assist import Assistant
from .chores import Chores
from .dialogs import (
    CLOSE,
    Answer,
    Change,
    CodeDialog,
    ConfirmDialog,
    CustomDialog,
    CustomSize,
    Dialog,
    HelpOverlay,
    MenuChoice,
    NoticeDialog,
    PickTheme,
    PlayCode,
    SettingsDialog,
    StatsDialog,
    ThemeMenu,
    WatchReplay,
    about_dialog,
    confirm_quit,
)
from .display import Display
from .drawstate import DrawState
from .gestures import NEW_GAME, Gestures, click_moves
from .hints import hint_cells, hint_words, odds_words
from .menubar import MenuBar, menus
from .playback import Playback
from .render import Renderer
from .scenes import DialogStack, Layer, MenuLayer, PlayScene, ReplayScene
from .sound import SoundBoard
from .theme import DEFAULT_THEME, ThemeLibrary

TITLE = "Pixel Mines"
FPS = 60
MESSAGE_MS = 2500
SCROLL_MS = 120  # a long status line moves one character this often
START_MAX_SCALE = 3


class App:
    def __init__(
        self,
        board: BoardChoice,
        settings: Settings,
        themes: ThemeLibrary,
        *,
        seed: int | None = None,
        scale: int | None = None,
        clock=monotonic_ms,  # not get_ticks: it reads 0 until pygame.init, which opens audio
        settings_file: SettingsFile | None = None,
        history: History | None = None,
        messages: list[str] | tuple[str, ...] = (),
        motion: bool = True,
        safe_zone: SafeZone | None = None,
        no_guess: bool = False,
        first_game: Game | None = None,
        daily: str | None = None,
        replay: Replay | None = None,
        asked_for: str | None = None,
        chores: Chores | None = None,
    ) -> None:
        self.settings = settings
        self.motion_allowed = motion
        self.safe_zone = safe_zone  # from the command line: for this run, not saved
        self.no_guess = no_guess  # likewise
        self.settings_file = settings_file
        history = history if history is not None else History()
        self.session = Session(history, "window", clock=clock, seed=seed)
        self._session_rules()
        self.replay: ReplayScene | None = None  # a replay watched over the game in play
        self.themes = themes
        theme = themes.get(settings.theme) or themes.get(DEFAULT_THEME)
        self.theme = theme
        self.now = clock
        self.focused = False  # the window had the focus at least once (Xvfb may never give it)
        self.stop_laying: threading.Event | None = None  # stops a no-guess board being laid
        self.alt_alone = False  # Alt is down and nothing else was pressed with it
        # what the mouse buttons are doing; the settings are its rules (chord on left, hold)
        self.gestures = Gestures(settings)
        self.running = True
        self.space = self._usable_screen()
        pygame.display.set_caption(TITLE)
        self.board = board
        wanted = scale or settings.scale
        if wanted is None:
            wanted = geometry.best_scale(
                board.rows, board.cols, self.space, START_MAX_SCALE, theme.sizes
            )
        self.scale = min(wanted, geometry.largest_scale(self.space, theme.sizes))
        self.display = Display()
        self._open_window()
        themes.convert()
        self.sounds = SoundBoard(settings, clock)
        self.sounds.use_theme(theme)
        # the rooms: the board under everything, dialogs over it, the open menu on top
        self.play_scene = PlayScene(self)
        self.dialogs = DialogStack(self)
        self.menu = MenuLayer(self)
        self.message: tuple[str, int, int] | None = None  # text, until when, since when
        self.assistant = Assistant()
        self.show_probabilities = False
        self.chores = chores if chores is not None else Chores()
        # Expected before any game starts, so a kept game is never written over unasked; read
        # off the frame (a long one takes a while), the board waiting meanwhile.
        self.session.expect_offer()
        self.session.new_game(self.board)
        self._start()
        if replay is not None:
            self.watch(replay)
        elif first_game is not None:
            self.play_game(first_game, daily=daily)

        def offer(read: KeptRead) -> None:
            self._offer_kept_game(self.session.receive_offer(read), messages, asked_for)

        self.chores.start(self.session.read_offer, offer, "Reading the game you left...")

    # ---- set-up --------------------------------------------------------------------------

    def _usable_screen(self) -> tuple[int, int]:
        """The room a window's inside has on the usable screen (task bars and the window's
        frame left out); `self.screen` and `self.frame` are what it was worked out from."""
        self.screen = desktop.usable_screen()
        self.frame = desktop.window_frame()
        w, h = desktop.room_on(self.screen, self.frame)
        return max(320, w), max(240, h)

    def _board_geometry(self) -> tuple:
        """What the layout needs to size this board: rows, cols, sprite sizes, counter digits."""
        b = self.board
        return b.rows, b.cols, self.theme.sizes, geometry.led_digits_for(b.mines)

    def _window_size_for(self, scale: int) -> tuple[int, int]:
        rows, cols, sizes, digits = self._board_geometry()
        w, h = geometry.full_canvas_size(rows, cols, sizes, digits)
        return min(w * scale, self.space[0]), min(h * scale, self.space[1])

    def _open_window(self) -> None:
        """A window for the board at the zoom, wholly on the usable screen: the zoom is lowered
        when the board would not fit. The first one is the window the player left, if it
        still fits the screen, else centred."""
        first = pygame.display.get_surface() is None
        self.space = self._usable_screen()
        rows, cols, sizes, digits = self._board_geometry()
        self.scale = min(self.scale, geometry.most_scale(rows, cols, self.space, sizes, digits))
        size = self._window_size_for(self.scale)
        if first:
            self._open_first_window(size)
        else:
            self.window_size = self.display.open(size)
            if not self.display.fullscreen:
                self._keep_on_screen(desktop.window_position())
        desktop.set_minimum_size(geometry.smallest_canvas_size(sizes, digits))
        self._remember_window()

    def _open_first_window(self, size: tuple[int, int]) -> None:
        """The window at start: with the theme's icon, as the player left it (size, place,
        fullscreen) when that still fits, else centred at `size`."""
        pygame.display.set_icon(desktop.icon_of(self.theme.sprites[desktop.ICON_SPRITE]))
        self.display.fullscreen = self.settings.fullscreen
        kept_size = self._kept_size()
        if kept_size is not None:
            size = kept_size
            rows, cols, sizes, digits = self._board_geometry()
            self.scale = geometry.scale_for_window(rows, cols, size, self.scale, sizes, digits)
        place = self.settings.window_position
        if place is None or not desktop.wholly_on(self.screen, size, place):
            place = desktop.place_window(size, self.screen, None, self.frame)
        with desktop.opening_at(place):
            self.window_size = self.display.open(size)
        if not self.display.fullscreen:
            # A window manager may take the first place for its frame's, and the frame is known
            # only now the window is shown: placed again, the move says it exactly.
            self.space = self._usable_screen()
            desktop.move_window(
                desktop.place_window(self.window_size, self.screen, place, self.frame)
            )

    def _kept_size(self) -> tuple[int, int] | None:
        """The window size the settings remember, if it was for this board (see
        `_remember_window`) and still fits the screen and the toolbar."""
        s = self.settings
        if s.window_size is None or self.board != s.board_choice():
            return None
        w, h = s.window_size
        least = geometry.smallest_canvas_size(*self._board_geometry()[2:])
        if least[0] <= w <= self.space[0] and least[1] <= h <= self.space[1]:
            return w, h
        return None

    def _keep_on_screen(self, position: tuple[int, int] | None) -> None:
        """Move the window where `desktop.place_window` says, from `position`."""
        self.space = self._usable_screen()  # the frame is known once the window is shown
        there = desktop.place_window(self.window_size, self.screen, position, self.frame)
        if there != desktop.window_position():
            desktop.move_window(there)

    def _remember_window(self) -> None:
        """The window's size, place and fullscreen into the settings (written with them, and
        at quit). In fullscreen the window to come back to stays remembered; the size is kept
        for the board the settings start with, which it was made for."""
        s = self.settings
        s.fullscreen = self.display.fullscreen
        if not self.display.fullscreen:
            s.window_position = desktop.window_position()
        if self.board == s.board_choice():  # not a board from the command line or a code
            size = self.display.windowed_size if self.display.fullscreen else self.display.size
            s.window_size = tuple(size) if size else s.window_size

    def _session_rules(self) -> None:
        """The rules new games follow: the settings, unless the command line said otherwise."""
        s = self.session
        s.safe_zone = self.safe_zone or self.settings.safe_zone
        s.no_guess = self.no_guess or self.settings.no_guess
        s.question_marks = self.settings.question_marks

    @property
    def history(self) -> History:
        return self.session.history

    @history.setter
    def history(self, history: History) -> None:
        self.session.history = history

    @property
    def daily(self) -> str | None:
        return self.session.daily

    @property
    def game(self) -> Game:
        """The game on the board: the session's, or the one a replay plays back."""
        return self.replay.game if self.replay is not None else self.session.game

    @property
    def dialog(self) -> Dialog | None:
        """The dialog shown, if any (the stack's top)."""
        return self.dialogs.dialog

    @property
    def playback(self) -> Playback | None:
        """The replay being watched, if any."""
        return None if self.replay is None else self.replay.playback

    @property
    def menubar(self) -> MenuBar:
        return self.menu.bar

    def layers(self) -> list[Layer]:
        """Top first: the open menu, the dialogs, the replay watched, the board."""
        return [self.menu, self.dialogs, *([self.replay] if self.replay else []),
                self.play_scene]  # fmt: skip

    def _start(self) -> None:
        """Fresh UI state for the current game and window."""
        self.bbbv_done: int | None = None
        self.gestures.reset()
        self.message = None
        self.cursor: tuple[int, int] | None = None
        self.top = self.left = 0
        self.mouse_pos = (-1, -1)
        self.drawn = DrawState()  # a new game's canvas is drawn anew
        self.hint = None
        self.wants_hint = False
        self.probabilities: dict[tuple[int, int], float] | None = None
        self._relayout()

    def _relayout(self) -> None:
        rows, cols, sizes, digits = self._board_geometry()
        self.layout = geometry.fit(rows, cols, self.display.size, self.scale, sizes, digits)
        self._clamp_scroll()
        self.renderer = Renderer(self.theme, self.layout)

    # ---- games ---------------------------------------------------------------------------

    def new_game(self, board: BoardChoice | None = None) -> None:
        self._stop_watching()
        self._stop_laying()
        if board is not None and board != self.board:
            self.settings.remember_board(board)
            self.save_settings()
            self._switch_board(board)
        self.session.new_game(self.board)
        self._start()

    def _stop_watching(self) -> None:
        if self.replay is not None:
            self.replay.leave()
            self.replay = None

    def _switch_board(self, board: BoardChoice) -> None:
        """Another size of board: the scale the player chose if it fits, else the largest
        that fits (at most 3 unless they chose more), and a window to match."""
        resize = (board.rows, board.cols) != (self.board.rows, self.board.cols)
        self.board = board
        if not resize:
            return
        chosen = self.settings.scale
        most = START_MAX_SCALE if chosen is None else chosen
        rows, cols, sizes, digits = self._board_geometry()
        self.scale = geometry.best_scale(rows, cols, self.space, most, sizes, digits)
        self._open_window()
        self.save_settings()  # the window it now has

    def play_game(self, game: Game, *, daily: str | None = None) -> None:
        """Play a game made elsewhere (a shared board, the daily board, a fixed layout) in this
        window; a board laid for its first click shows that cell marked."""
        self._stop_watching()
        self._stop_laying()
        self.session.start(game, daily=daily)
        self._show_game()

    def _show_game(self) -> None:
        """The session's game on the board, in a window of its size."""
        game = self.session.game
        self._switch_board(BoardChoice.of(game.rows, game.cols, game.mines))
        self._start()
        if game.state is GameState.READY and game.first_click is not None:
            self.cursor = game.first_click
            self._keep_cursor_in_view()
            self.say("Start at the marked cell", lasting=True)

    def _offer_kept_game(self, kept: Replay | None, notes: list[str] | tuple[str, ...],
                         asked_for: str | None) -> None:  # fmt: skip
        """Ask about the game kept from last time (naming the board the command line asked
        for, if it did), and show the start-up notes."""
        if kept is not None:
            if asked_for is None:
                lines, no = [f"You left {describe_kept(kept)}."], "new game"
            else:
                lines = [f"You left {describe_kept(kept)}.", f"Or play {asked_for}?"]
                no = "play that"
            self.open_dialog(ConfirmDialog("resume", "Resume?", lines, yes="resume", no=no))
        trouble = self.session.take_messages()
        if trouble or notes:
            self.open_dialog(NoticeDialog("Note", trouble + list(notes)))

    def _resume_kept(self, yes: bool) -> None:
        if not yes:
            self.session.decline_offer()
            return

        def resume(game: Game | None) -> None:
            self._stop_watching()
            self._stop_laying()
            self.session.accept_offer(game)
            self._show_game()

        # every move is played again: a long game takes a while, so not on the frame
        self.chores.start(self.session.resumed_game, resume, "Resuming your game...")

    def apply(self, move: Move) -> None:
        """Execute a move made some other way than the mouse (keys, tests)."""
        self.gestures.moved_on()  # it ends a double click
        self._play(move)

    def _play(self, move: Move) -> None:
        """Execute a move on the game and note what to redraw."""
        if self.playback is not None or self.chores.busy:
            return  # a replay is watched, not played; a board being laid, or a file read, waits
        if self.session.needs_laying(move):
            self._lay_then(move)
            return
        g = self.game
        before, cell_before = g.state, g.cell(move.row, move.col)
        outcome = self.session.play(move)
        if outcome.refused:
            self.say(outcome.refused, lasting=True)
            self.cursor = self.game.first_click  # the mark, in view
            self._keep_cursor_in_view()
            return
        self.sounds.play_move(move.kind, len(outcome.changed), before, g.state, cell_before)
        if outcome.started:
            self.message = None  # "start at the marked cell" has been done
            if self.game.no_guess_failed:
                self.say(NO_GUESS_FAILED)
        self.after_move(outcome.changed, (move.row, move.col), outcome)

    def after_move(self, changed: CellSet, origin: tuple[int, int],
                    outcome: Outcome | None = None) -> None:  # fmt: skip
        """Redraw, motion, hints and the end of the game, after any change (`outcome`: what
        the session did; None while a replay plays back)."""
        g = self.game
        self._take_session_messages()
        if not changed:
            return
        self.bbbv_done = None
        if self.motion and len(changed) > 1 and self._animate(changed, origin):
            # the veiled tiles look as they did until their ring turns: only the clicked
            # cell is drawn now (a 200x200 cascade would otherwise redraw the whole view)
            self.drawn.pending.append([origin])
        else:
            self.drawn.pending.append(changed)
        if self.hint is not None:  # the hint was for the board as it was: marks and words go
            self.drawn.pending.append(hint_cells(self.hint))
            if self.message is not None and self.message[0] == self._hint_words(self.hint):
                self.message = None
            self.hint = None
        if self.show_probabilities:
            self.assistant.ask("probabilities", g.view(), g.mines)
        if outcome is not None and outcome.finished is not None:
            self._game_over(outcome.finished)

    def _lay_then(self, move: Move) -> None:
        """Lay a no-guess board off the frame (a chore), and play `move` once it is laid;
        the window goes on answering (and can start another game or quit) meanwhile."""
        game, stop = self.game, threading.Event()
        self.stop_laying = stop

        def then(laid: bool) -> None:
            if self.stop_laying is stop:
                self.stop_laying = None
            if laid and game is self.session.game:
                self.apply(move)

        self.chores.start(lambda: game.lay(move.row, move.col, stop.is_set), then,
                          "Laying a no-guess board...")  # fmt: skip

    def _stop_laying(self) -> None:
        """Another game or quitting: the search stops at its next step; nothing is laid."""
        if self.stop_laying is not None:
            self.stop_laying.set()
            self.stop_laying = None

    def _take_session_messages(self) -> None:
        """Lines the session has for the player (a folder that cannot be written...): said
        once, in a dialog (the store has put them on stderr too)."""
        lines = self.session.take_messages()
        if lines:
            self.open_dialog(NoticeDialog("Note", lines))

    def undo(self) -> None:
        """Take back the last move, a loss too (its row is replaced when the game ends again,
        as assisted). A win is final."""
        g = self.game
        if self.playback is not None or not g.moves:
            return
        if g.state is GameState.WON:
            self.say("A won game is final")
            return
        self.after_move(self.session.undo().changed, g.first_click or (0, 0))
        self.say("Undone (now assisted)")

    def redo(self) -> None:
        if self.playback is not None or not self.game.can_redo:
            return
        move = self.game.next_redo
        self.after_move(self.session.redo().changed, (move.row, move.col))

    def board_code(self) -> str | None:
        return code_of(self.game)

    def _game_over(self, done) -> None:
        """Tell the player how the game went (the session has recorded it)."""
        g = self.game
        rec, new = done.record, done.new
        if g.state is GameState.LOST:
            cleared = g.safe_opened * 100 // max(g.safe_total, 1)
            self.say(f"Boom! {cleared}% cleared")
        else:
            table = [
                ("Time", f"{rec.time_ms / 1000:.3f} s"),
                ("3BV", rec.bbbv),
                ("3BV/s", "-" if rec.bbbv_per_s is None else f"{rec.bbbv_per_s:.2f}"),
                ("Clicks", rec.clicks),
                ("Efficiency", f"{rec.efficiency:.0%}"),
            ]
            code = self.board_code()
            if code:
                table.append(("Code", code))
            news = []
            if new is not None and new.best_time:
                news.append("New best time!")
            if new is not None and new.best_rate:
                news.append("New best 3BV/s!")
            self.open_dialog(NoticeDialog("You won!", news, table=table, new_game=True))

    # ---- motion --------------------------------------------------------------------------

    @property
    def motion(self) -> bool:
        return self.settings.motion and self.motion_allowed

    def _animate(self, changed: CellSet, origin: tuple[int, int]) -> bool:
        """Turn the visible changed tiles over from `origin` (see DrawState.cascade)."""
        g = self.game
        wrong = None
        if g.state is GameState.LOST:

            def wrong(cell):
                return g.cell(*cell) == ViewChar.WRONG_FLAG

        view = (self.top, self.left, self.layout.view_rows, self.layout.view_cols)
        return self.drawn.cascade(changed, origin, view, self.now(), wrong)

    def elapsed_ms(self) -> int:
        return self.session.elapsed_ms()

    def timer_value(self) -> int:
        if self.playback is not None:
            return shown_seconds(int(self.playback.position_ms) if self.playback.next else None)
        return self.session.timer_seconds()

    def face(self) -> str:
        if self.gestures.face_pressed:
            return "face_pressed"
        if self.game.state is GameState.WON:
            return "face_win"
        if self.game.state is GameState.LOST:
            return "face_lose"
        if self.gestures.holding_board:
            return "face_oh"
        return "face_smile"

    def pressed_cells(self) -> set[tuple[int, int]]:
        g = self.game
        if g.state.is_over or self.playback is not None:
            return set()
        return self.gestures.pressed_cells(self.look, lambda cell: g.chord_targets(*cell))

    # ---- the solver's help -----------------------------------------------------------------

    def ask_hint(self) -> None:
        if self.playback is not None or self.game.state.is_over:
            self.say("No hint: the game is over")
            return
        self.wants_hint = True
        self.assistant.ask("hint", self.game.view(), self.game.mines)

    def toggle_probabilities(self) -> None:
        self.show_probabilities = not self.show_probabilities
        if self.show_probabilities:
            if self.playback is None and not self.game.state.is_over:
                self.session.assist("odds")  # seeing the odds is help, like a hint
            self.assistant.ask("probabilities", self.game.view(), self.game.mines)
        self.say("Mine odds on" if self.show_probabilities else "Mine odds off")
        self.renderer.invalidate()

    def _collect_assistance(self) -> None:
        view = None
        if self.wants_hint:
            view = self.game.view()
            ready, hint = self.assistant.answer("hint", view)
            if ready:
                self.wants_hint = False
                self.show_hint(hint)
        if self.show_probabilities:
            view = view or self.game.view()
            ready, analysis = self.assistant.answer("probabilities", view)
            if ready:
                self.probabilities = analysis.probabilities
                self.renderer.invalidate()

    def show_hint(self, hint) -> None:
        if hint is None:
            self.say("Nothing is left to open")
            return
        self.hint = hint
        if self.playback is None and not self.game.state.is_over:
            self.session.assist("hint")
        self.say(self._hint_words(hint))  # an estimated guess says so in its own words
        self.drawn.pending.append(hint_cells(hint))
        if self.layout.cell_rect(*hint.cell, self.top, self.left) is None:
            self.cursor = hint.cell
            self._keep_cursor_in_view()

    def _hint_words(self, hint) -> str:
        """Why the hint, in words that point at its marks and fit the status line."""
        room = max(1, (self.layout.status.w - 4) // self.theme.font.width)
        return hint_words(hint, self.game.cell, self.game.mines, room)

    def status_text(self) -> str:
        """What the line under the board shows now; a line too long for it scrolls."""
        if self.message is None:
            return self.resting_status()
        text, _, since = self.message
        font = self.theme.font
        room = max(1, (self.layout.status.w - 4) // font.width)
        if len(text) <= room:
            return text
        loop = text + "   " + text
        start = (self.now() - since) // SCROLL_MS % (len(text) + 3)
        return loop[start : start + room]

    def resting_status(self) -> str:
        """The line under the board when no message is up: replay counters, mines hit, or
        the board code once there is one."""
        if self.playback is not None:
            return self.replay.status()
        if self.chores.busy:
            return self.chores.status
        if self.session.paused_by(PAUSE_KEY) and self.session.veiled:
            return "Paused: click or F3"  # fits the narrowest line (26)
        if (
            self.show_probabilities
            and self.probabilities is not None
            and not self.game.state.is_over
        ):
            cell = self.layout.cell_at(*self.mouse_pos, self.top, self.left)
            if cell is not None and cell in self.probabilities:
                return odds_words(self.probabilities[cell])
        if self.hint is not None:  # the marks stay until the board changes: so do the words
            return self._hint_words(self.hint)
        if self.game.deaths and not self.game.state.is_over:
            return f"Mines hit: {self.game.deaths}"
        return status.text_of(self.resting_pieces())

    def resting_pieces(self) -> list[status.Piece]:
        """At rest: the board code once there is one (else where to find help), the daily
        board and no-guess mode, labelled, or as icons where the line is narrow."""
        parts = []
        code = self.board_code() if self.game.state is not GameState.READY else None
        if code:
            parts.append(status.Part("Code", "code", code))
        else:
            parts.append(status.Part("F1 keys, Alt menu", "help"))
        if self.daily is not None and self.playback is None:
            parts.append(status.Part("Daily", "daily", self.daily))
        if self.game.no_guess:
            parts.append(status.Part("No guess", "noguess"))
        return status.fit(parts, self.status_room())

    def status_room(self) -> int:
        """How many characters the line under the board holds."""
        return max(1, (self.layout.status.w - 4) // self.theme.font.width)

    def say(self, text: str, lasting: bool = False) -> None:
        """A line under the board for a moment, or until the next game when `lasting`."""
        now = self.now()
        # a long line scrolls through the status line, so it stays up long enough to read
        shown_for = max(MESSAGE_MS, len(text) * SCROLL_MS + MESSAGE_MS)
        self.message = (text, now + shown_for if not lasting else 2**62, now)
        self.drawn.status = None

    # ---- the loop ------------------------------------------------------------------------

    def loop(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            self.step()
            clock.tick(FPS)
        return 0

    def step(self) -> None:
        """One tick: handle events, update, draw, present."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self.update()
        self.draw()

    def handle(self, event: pygame.event.Event) -> None:
        """The window's own events here; the rest to the top-most room that takes them."""
        t = event.type
        if t == pygame.QUIT:
            self.quit()
        elif t == pygame.KEYDOWN and event.key in (pygame.K_LALT, pygame.K_RALT):
            # Alt opens the menu when pressed and released by itself (Alt+Enter stays full
            # screen), as desktop programs do
            self.alt_alone = True
        elif t == pygame.KEYUP and event.key in (pygame.K_LALT, pygame.K_RALT):
            if self.alt_alone and self.dialog is None:
                self.open_menu()
            self.alt_alone = False
        elif t == pygame.VIDEORESIZE:
            self.on_resize(event.size)
        elif t == pygame.WINDOWFOCUSGAINED:
            self.focused = True
            self.session.resume(PAUSE_AWAY)
        elif t == pygame.WINDOWFOCUSLOST and self.focused or t == pygame.WINDOWMINIMIZED:
            self.session.pause(PAUSE_AWAY)
        elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            if t == pygame.WINDOWRESTORED:
                self.session.resume(PAUSE_AWAY)
            self.renderer.invalidate()
        else:
            rooms = self.layers()
            if t == pygame.KEYDOWN:
                self.alt_alone = False
                if self.menu.handle(event):
                    return
                if keys.action_for(event) == "quit_now":
                    self.quit()  # at once, even over a dialog
                    return
                rooms = rooms[1:]  # the menu has had it
            for room in rooms:
                if room.handle(event):
                    return

    def update(self) -> None:
        now = self.now()
        for layer in self.layers():
            layer.update(now)
        if self.message is not None and now >= self.message[1]:
            self.message = None
        self.chores.poll()
        if self.history.late:  # a write on the writer's thread had something to say
            self._take_session_messages()
        self.drawn.advance(now)
        self._collect_assistance()
        playing = self.session.running and self.playback is None  # no tick while paused
        self.sounds.update(self.timer_value() if playing else None)

    def draw(self) -> None:
        """Each room draws its part, the board first; then what changed goes to the screen."""
        r = self.renderer
        veiled = self.playback is None and self.session.veiled
        if veiled != self.drawn.board_hidden:
            r.invalidate()
            self.drawn.board_hidden = veiled
        self.dialogs.place()
        full = r.full
        self.play_scene.draw(full)
        self.dialogs.draw(full)
        self.menu.draw(full)
        self.drawn.pending.clear()
        r.present(self.display)

    # ---- mouse ---------------------------------------------------------------------------

    def follow_pointer(self) -> None:
        """The held buttons follow the mouse (after a motion or a scroll)."""
        pos = self.mouse_pos
        cell = self.layout.cell_at(*pos, self.top, self.left)
        self.gestures.motion(cell, self.now(), on_face=self.layout.on_face(*pos))

    def look(self, cell: tuple[int, int]) -> str:
        """What a cell shows (the text view's character)."""
        return self.game.cell(*cell)

    def play_all(self, moves: list) -> None:
        """Carry out what a gesture asked for: moves, or a new game (the face)."""
        for move in moves:
            if move == NEW_GAME:
                self.new_game()
            else:
                self._play(move)

    def _left_click(self, cell: tuple[int, int]) -> None:
        """Space on the keyboard cursor: what a left click there would do."""
        for move in click_moves(cell, self.look, self.settings):
            self.apply(move)

    def scroll_by(self, rows: int, cols: int) -> None:
        old = (self.top, self.left)
        self.top += rows
        self.left += cols
        self._clamp_scroll()
        if (self.top, self.left) != old:
            moved = (self.top - old[0], self.left - old[1])
            self.drawn.pending.extend(self.renderer.scroll(*moved, self.top, self.left))
            self.follow_pointer()

    def _clamp_scroll(self) -> None:
        lay = self.layout
        self.top = max(0, min(self.top, lay.rows - lay.view_rows))
        self.left = max(0, min(self.left, lay.cols - lay.view_cols))

    def on_resize(self, size: tuple[int, int]) -> None:
        if tuple(size) == self.window_size:
            return  # our own set_mode: the scale was chosen already
        self.window_size = tuple(size)
        if not self.display.fullscreen:  # fullscreen keeps the scale the player had
            rows, cols, sizes, digits = self._board_geometry()
            self.scale = geometry.scale_for_window(
                rows, cols, self.window_size, self.scale, sizes, digits
            )
            self._remember_window()  # written with the next settings, or at quit
        self._relayout()

    def set_scale(self, scale: int) -> None:
        self.space = self._usable_screen()
        rows, cols, sizes, digits = self._board_geometry()
        most = geometry.most_scale(rows, cols, self.space, sizes, digits)
        if scale > most:
            self.say(f"Zoom {most}x is the most")
        scale = max(1, min(most, scale))
        if scale == self.scale:
            return
        self.scale = scale
        self.settings.scale = scale
        self._open_window()
        self.save_settings()
        self._relayout()
        self.say(f"Zoom {scale}x")

    def toggle_fullscreen(self) -> None:
        """Fullscreen and back, at the same whole scale, the board centred; back in a window,
        the window is where it was (if that is still on the screen)."""
        self._remember_window()
        back_to = self.settings.window_position
        self.window_size = self.display.toggle_fullscreen()
        if not self.display.fullscreen:
            rows, cols, sizes, digits = self._board_geometry()
            desktop.set_minimum_size(geometry.smallest_canvas_size(sizes, digits))
            self._keep_on_screen(back_to)
        self._remember_window()
        self.save_settings()
        self._relayout()

    # ---- keyboard ------------------------------------------------------------------------

    def actions(self) -> dict[str, Callable[[], None]]:
        """What each action of the key table does (menus use the same names)."""
        standard = BoardChoice.standard
        return {
            "new_game": self.new_game,
            "beginner": lambda: self.new_game(standard(Difficulty.BEGINNER)),
            "intermediate": lambda: self.new_game(standard(Difficulty.INTERMEDIATE)),
            "expert": lambda: self.new_game(standard(Difficulty.EXPERT)),
            "custom": self.open_custom_dialog,
            "daily": self.play_daily,
            "play_code": lambda: self.open_code_dialog(paste=True),
            "copy_code": self.copy_code,
            "undo": self.undo,
            "redo": self.redo,
            "pause": self.toggle_pause,
            "stats": self.open_stats,
            "quit": self.ask_to_quit,
            "quit_now": self.quit,
            "hint": self.ask_hint,
            "odds": self.toggle_probabilities,
            "options": lambda: self.open_dialog(SettingsDialog(self._settings_rows())),
            "question_marks": self.toggle_question_marks,
            "mute": self.toggle_sound,
            "next_theme": lambda: self.cycle_theme(1),
            "previous_theme": lambda: self.cycle_theme(-1),
            "themes": self.open_theme_menu,
            "zoom_in": lambda: self.set_scale(self.scale + 1),
            "zoom_out": lambda: self.set_scale(self.scale - 1),
            "fullscreen": self.toggle_fullscreen,
            "help": self.open_help,
            "about": self.open_about,
            "menu": self.open_menu,
            "cursor_up": lambda: self.move_cursor(-1, 0),
            "cursor_down": lambda: self.move_cursor(1, 0),
            "cursor_left": lambda: self.move_cursor(0, -1),
            "cursor_right": lambda: self.move_cursor(0, 1),
            "cursor_open": lambda: self.key_move(MoveKind.OPEN),
            "cursor_flag": lambda: self.key_move(MoveKind.FLAG),
            "cursor_chord": lambda: self.key_move(MoveKind.CHORD),
        }

    def do(self, action: str) -> None:
        self.actions()[action]()

    def ask_to_quit(self) -> None:
        """Esc: quit, asking first while a game is being played."""
        if self.game.state is GameState.PLAYING:
            self.open_dialog(confirm_quit())
        else:
            self.quit()

    def open_custom_dialog(self) -> None:
        b = self.board
        self.open_dialog(CustomDialog([str(b.rows), str(b.cols), str(b.mines)]))

    def toggle_question_marks(self) -> None:
        self.change_setting("question_marks", not self.settings.question_marks)
        self.say("Question marks " + ("on" if self.settings.question_marks else "off"))

    def toggle_sound(self) -> None:
        self.change_setting("volume", self.sounds.toggled_volume())
        self.say("Sound " + self.settings.volume)

    def open_help(self) -> None:
        self.open_dialog(HelpOverlay(keys.help_rows()))

    def open_about(self) -> None:
        self.open_dialog(about_dialog(version(), config_dir(), data_dir()))

    # ---- the menu bar (game/ui/menubar.py) -------------------------------------------------

    def open_menu(self) -> None:
        """G, F10, Alt alone: the Game menu, its first row highlighted (or the open menu
        closes)."""
        self.menu.take(lambda bar, _: bar.close() if bar.is_open else bar.open_menu(0))

    def toggle_pause(self) -> None:
        """The pause key: the clock stops and the board is hidden until play goes on."""
        s = self.session
        if s.paused_by(PAUSE_KEY):
            s.resume(PAUSE_KEY)
        elif s.game.state is GameState.PLAYING and self.playback is None:
            s.pause(PAUSE_KEY)
            self.gestures.reset()
        else:
            self.say("Nothing to pause yet")
        self.drawn.status = None

    def move_cursor(self, drow: int, dcol: int) -> None:
        if self.cursor is None:
            self.cursor = (
                self.top + self.layout.view_rows // 2,
                self.left + self.layout.view_cols // 2,
            )
        else:
            row = max(0, min(self.board.rows - 1, self.cursor[0] + drow))
            col = max(0, min(self.board.cols - 1, self.cursor[1] + dcol))
            self.cursor = (row, col)
        self._keep_cursor_in_view()

    def _keep_cursor_in_view(self) -> None:
        row, col = self.cursor
        lay = self.layout
        top = min(max(self.top, row - lay.view_rows + 1), row)
        left = min(max(self.left, col - lay.view_cols + 1), col)
        self.scroll_by(top - self.top, left - self.left)

    def key_move(self, kind: MoveKind) -> None:
        """Space, F, D on the keyboard cursor (the first press shows the cursor)."""
        if self.playback is not None:
            return
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        key = {MoveKind.OPEN: "space", MoveKind.FLAG: "f", MoveKind.CHORD: "d"}[kind]
        self.session.note("key", key=key, cell=self.cursor)  # journaled as the click it is
        if kind is MoveKind.OPEN:
            self._left_click(self.cursor)
        else:
            self.apply(Move(kind, *self.cursor))

    # ---- settings ------------------------------------------------------------------------

    def save_settings(self) -> None:
        if self.settings_file is not None:
            trouble = self.settings_file.save(self.settings)
            if trouble:
                self.open_dialog(NoticeDialog("Note", [trouble]))

    def _settings_rows(self) -> list:
        s = self.settings
        custom = BoardChoice(s.custom_rows, s.custom_cols, s.custom_mines)
        boards = [(d.name.lower(), d.label) for d in Difficulty]
        boards.append(("custom", f"{custom.cols}x{custom.rows}/{custom.mines}"))
        themes = [(key, theme.name) for key, theme in self.themes.themes.items()]
        scales = [(None, "auto")] + [(n, f"{n}x") for n in range(1, MAX_SCALE + 1)]
        on_off = [(False, "off"), (True, "on")]
        zones = [(SafeZone.OPENING, "opening"), (SafeZone.CELL, "one cell")]
        return [
            ("board", "Board", boards, s.board),
            ("theme", "Theme", themes, s.theme),
            ("scale", "Zoom", scales, s.scale),
            ("question_marks", "? marks", on_off, s.question_marks),
            ("safe_zone", "Start", zones, s.safe_zone),
            ("chord_on_left", "L chord", on_off, s.chord_on_left),
            ("long_press_flag", "Hold", [(False, "off"), (True, "flags")], s.long_press_flag),
            ("motion", "Motion", on_off, s.motion),
            ("no_guess", "No guess", on_off, s.no_guess),
            ("volume", "Sound", [(v, v) for v in VOLUMES], s.volume),
            ("timer_tick", "Tick", on_off, s.timer_tick),
        ]

    def set_theme(self, key: str) -> None:
        """Draw with another theme from the next frame on; the game, timer, scroll and cursor
        stay. Themes were loaded and converted at start, so this costs one full redraw."""
        theme = self.themes.get(key)
        if theme is None or theme is self.theme:
            return
        self.theme = theme
        self.sounds.use_theme(theme)
        pygame.display.set_icon(desktop.icon_of(theme.sprites[desktop.ICON_SPRITE]))
        self.settings.theme = key
        self._relayout()
        self.save_settings()

    def cycle_theme(self, step: int) -> None:
        keys = self.themes.names()
        k = keys.index(self.theme.key) if self.theme.key in keys else 0
        self.set_theme(keys[(k + step) % len(keys)])
        self.say(self.theme.name)

    def change_setting(self, name: str, value: object) -> None:
        """Apply one setting at once and keep it for the next start."""
        s = self.settings
        if name == "board":
            s.board = value
            self.new_game(s.board_choice())
        elif name == "scale":
            if value is None:
                s.scale = None
                best = geometry.best_scale(self.board.rows, self.board.cols, self.space,
                                           START_MAX_SCALE, self.theme.sizes)  # fmt: skip
                self.set_scale(best)
                s.scale = None
            else:
                self.set_scale(value)
        elif name == "theme":
            self.set_theme(value)
        else:
            setattr(s, name, value)
            if name == "question_marks":
                self.game.question_marks = value
            # safe_zone and no_guess apply from the next game; the others are read when used
            self._session_rules()
        self.save_settings()

    # ---- dialogs -------------------------------------------------------------------------

    def open_dialog(self, dialog: Dialog) -> None:
        """Show a dialog now, or after the one on screen closes."""
        self.dialogs.open(dialog)

    def quit(self) -> None:
        """Stop; a game in progress is kept with the time on its clock."""
        self._stop_laying()
        self.session.keep()
        self.history.flush()  # what the writer's thread has yet to write is written now
        self.assistant.close()
        self._remember_window()
        self.save_settings()
        self.running = False

    # ---- codes, the daily board, replays -------------------------------------------------

    def copy_code(self) -> None:
        code = self.board_code()
        if code is None:
            self.say("No code before the first click")
            return
        try:
            pygame.scrap.put_text(code)
        except pygame.error:
            self.say("No clipboard here")
            return
        self.say("Board code copied")

    def open_code_dialog(self, paste: bool = False) -> None:
        def clipboard() -> str:
            try:
                return pygame.scrap.get_text() or ""
            except pygame.error:
                return ""

        self.open_dialog(CodeDialog(clipboard() if paste else "", paste=clipboard))

    def play_daily(self) -> None:
        today = datetime.now(UTC).date()
        board = daily(today).game(question_marks=self.settings.question_marks)
        self.play_game(board, daily=today.isoformat())
        self.say(f"Daily {today.isoformat()}: start at the mark", lasting=True)

    def _menu_entries(self) -> list[tuple[str, str, str]]:
        """Every row of the menu bar, in its menus' order: (action, label, key)."""
        return [(i.action, i.label, i.key) for _, items in menus() for i in items]

    def open_theme_menu(self) -> None:
        self.open_dialog(ThemeMenu(self.themes, self.theme.key))

    def open_stats(self) -> None:
        stats = self.history.stats
        if stats is None:
            self.say("No statistics kept here")
            return
        today = datetime.now(UTC).date().isoformat()
        self.open_dialog(StatsDialog(stats, self.board.kind, today))

    def watch_file(self, path: str) -> None:
        """Watch a replay from the statistics: read (and checked) off the frame."""

        def read() -> Replay | ReplayError:
            try:
                return load_replay(Path(path))
            except ReplayError as e:
                return e

        def show(replay: Replay | ReplayError) -> None:
            if isinstance(replay, ReplayError):
                self.open_dialog(NoticeDialog("Replay", [str(replay)]))
            else:
                self.watch(replay)

        self.chores.start(read, show, "Reading the replay...")

    def watch(self, replay: Replay, speed_index: int | None = None) -> None:
        """Play a replay back in this window, in real time; the game being played waits (its
        clock paused) and comes back when the replay is left (Esc)."""
        self.session.pause(PAUSE_REPLAY)
        game = replay.new_game()
        self._switch_board(BoardChoice.of(game.rows, game.cols, game.mines))
        self._start()
        self.replay = ReplayScene(self, replay, game, speed_index)

    def leave_replay(self) -> None:
        """Back to the game that was being played, or a new one if it had ended."""
        self._stop_watching()
        if self.session.game.state.is_over:
            self.new_game()
        else:
            self._show_game()

    def dialog_result(self, result: object | None) -> None:
        if isinstance(result, Change):
            self.change_setting(result.name, result.value)
            self.renderer.invalidate()  # a theme, a zoom or a board may have come with it
            return
        if result is None:
            return  # the dialog redraws itself if it changed (dialog.dirty)
        self.dialogs.close()
        if isinstance(result, Answer):
            if result.question == "quit" and result.yes:
                self.quit()
            elif result.question == "resume":
                self._resume_kept(result.yes)
        elif isinstance(result, PlayCode):
            self.play_game(result.code.game(question_marks=self.settings.question_marks))
        elif isinstance(result, MenuChoice):
            self.do(result.action)
        elif isinstance(result, WatchReplay):
            self.watch_file(result.path)
        elif isinstance(result, PickTheme):
            self.set_theme(result.key)
        elif isinstance(result, CustomSize):
            self.new_game(BoardChoice.of(result.rows, result.cols, result.mines))
        elif result != CLOSE:
            raise ValueError(f"unknown dialog result {result!r}")


def run(
    themes: ThemeLibrary,
    board: BoardChoice,
    settings: Settings,
    settings_file: SettingsFile | None = None,
    history: History | None = None,
    **options,
) -> int:
    """Open the window and play until the player quits; `options` go to `App`."""
    pygame.display.init()
    try:
        app = App(board, settings, themes, settings_file=settings_file, history=history,
                  **options)  # fmt: skip
        return app.loop()
    finally:
        pygame.quit()
