"""The windowed game: one fixed-tick loop that turns pygame events into moves on the engine.

Input is interpreted into a `Move` (plain data) and the move is executed on the game; pointer,
cursor, scroll and dialogs are UI state kept here; what is on screen belongs to `Renderer`.
Nothing is drawn when nothing changed.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pygame

from game.engine import Difficulty, Game, GameState, Move, MoveKind, SafeZone
from game.engine.boards import BoardChoice, SeedStream
from game.engine.cells import CellSet
from game.engine.codes import code_of, daily
from game.engine.game import shown_seconds
from game.store.history import History
from game.store.replays import Replay, ReplayError, load_replay
from game.store.settings import MAX_SCALE, Settings, SettingsFile
from game.ui import layout as geometry
from game.ui.assist import Assistant
from game.ui.dialogs import (
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
    MenuDialog,
    NoticeDialog,
    PickTheme,
    PlayCode,
    SettingsDialog,
    StatsDialog,
    ThemeMenu,
    WatchReplay,
    confirm_quit,
)
from game.ui.display import Display
from game.ui.playback import Playback
from game.ui.render import Looks, Renderer, dialog_line_at, dialog_room, draw_dialog
from game.ui.theme import DEFAULT_THEME, ThemeLibrary

TITLE = "Pixel Mines"
FPS = 60
LONG_PRESS_MS = 350
DOUBLE_CLICK_MS = 500
WHEEL_CELLS = 3
MESSAGE_MS = 2500
SCROLL_MS = 120  # a long status line moves one character this often
CASCADE_MS = 250  # a whole region has turned over within this
FLIP_MS = 40  # how long each tile shows pressed while it turns
SCREEN_RESERVE = (40, 80)  # leave room for window decorations and task bars
START_MAX_SCALE = 3

LEFT, MIDDLE, RIGHT = 1, 2, 3


@dataclass
class Pointer:
    """What the mouse buttons are doing on the board."""

    left: bool = False
    right: bool = False
    middle: bool = False
    cell: tuple[int, int] | None = None  # the cell under the held buttons
    chord: bool = False  # both buttons or the middle one: chord on release
    chord_done: bool = False  # releasing both buttons acts once
    on_face: bool = False  # the left button went down on the face
    over_face: bool = False
    press_ms: int = 0
    long_done: bool = False  # a long press flagged: the release does nothing
    swallow: bool = False  # second press of a double click: does nothing


class App:
    def __init__(
        self,
        board: BoardChoice,
        settings: Settings,
        themes: ThemeLibrary,
        *,
        seed: int | None = None,
        scale: int | None = None,
        clock=pygame.time.get_ticks,
        settings_file: SettingsFile | None = None,
        history: History | None = None,
        messages: list[str] | tuple[str, ...] = (),
        motion: bool = True,
        safe_zone: SafeZone | None = None,
        no_guess: bool = False,
        first_game: Game | None = None,
        daily: str | None = None,
        replay: Replay | None = None,
    ) -> None:
        self.settings = settings
        self.motion_allowed = motion
        self.safe_zone = safe_zone  # from the command line: for this run, not saved
        self.no_guess = no_guess  # likewise
        self.settings_file = settings_file
        self.history = history if history is not None else History()
        self.daily: str | None = None
        self.playback: Playback | None = None
        self.kept: Replay | None = None
        self.queued: list[Dialog] = []
        self.finished = None  # the record of the game's end, while it can be undone
        self.before_replay: tuple[Game, int, str | None] | None = None
        self.themes = themes
        theme = themes.get(settings.theme) or themes.get(DEFAULT_THEME)
        self.theme = theme
        self.now = clock
        self.seeds = SeedStream(seed)
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
        self.game = self._new_game_object()
        self.dialog: Dialog | None = None
        self.message: tuple[str, int, int] | None = None  # text, until when, since when
        self.assistant = Assistant()
        self.show_probabilities = False
        self.drawn_status: str | None = None
        self._start()
        if replay is not None:
            self.watch(replay)
        elif first_game is not None:
            self.play_game(first_game, daily=daily)
        # Asked whatever else starts, so a kept game is never written over unasked.
        self._offer_kept_game(messages)

    # ---- set-up --------------------------------------------------------------------------

    def _usable_screen(self) -> tuple[int, int]:
        sizes = pygame.display.get_desktop_sizes()
        w, h = sizes[0] if sizes else (1024, 768)
        return max(320, w - SCREEN_RESERVE[0]), max(240, h - SCREEN_RESERVE[1])

    def _window_size_for(self, scale: int) -> tuple[int, int]:
        w, h = geometry.full_canvas_size(self.board.rows, self.board.cols, self.theme.sizes)
        return min(w * scale, self.space[0]), min(h * scale, self.space[1])

    def _open_window(self) -> None:
        self.window_size = self.display.open(self._window_size_for(self.scale))

    def _new_game_object(self) -> Game:
        return self.board.new_game(
            seed=self.seeds.next(),
            safe_zone=self.safe_zone or self.settings.safe_zone,
            no_guess=self.no_guess or self.settings.no_guess,
            question_marks=self.settings.question_marks,
        )

    def _start(self) -> None:
        """Fresh UI state for the current game and window."""
        self.finished = None
        self.bbbv_done: int | None = None
        self.pointer = Pointer()
        self.message = None
        self.cursor: tuple[int, int] | None = None
        self.top = self.left = 0
        self.started_ms: int | None = None
        self.ended_ms: int | None = None
        self.last_left: tuple[tuple[int, int] | None, int] = (None, -DOUBLE_CLICK_MS)
        self.mouse_pos = (-1, -1)
        self.pending: list = []
        self.drawn_pressed: set[tuple[int, int]] = set()
        self.animation: list[tuple[int, int, int, list]] = []  # (due ms, stage, ring, cells)
        self.hint = None
        self.wants_hint = False
        self.probabilities: dict[tuple[int, int], float] | None = None
        self.veiled: dict[tuple[int, int], str] = {}
        self.drawn_cursor: tuple[int, int] | None = None
        self._relayout()

    def _relayout(self) -> None:
        self.layout = geometry.fit(
            self.board.rows, self.board.cols, self.display.size, self.scale, self.theme.sizes
        )
        self._clamp_scroll()
        self.renderer = Renderer(self.theme, self.layout)

    # ---- games ---------------------------------------------------------------------------

    def new_game(self, board: BoardChoice | None = None) -> None:
        self.playback = None
        self.daily = None
        if board is not None and board != self.board:
            self.settings.remember_board(board)
            self.save_settings()
            self._switch_board(board)
        self.game = self._new_game_object()
        self._start()

    def _switch_board(self, board: BoardChoice) -> None:
        """Another size of board: the scale the player chose if it fits, else the largest
        that fits (at most 3 unless they chose more), and a window to match."""
        resize = (board.rows, board.cols) != (self.board.rows, self.board.cols)
        self.board = board
        if not resize:
            return
        chosen = self.settings.scale
        most = START_MAX_SCALE if chosen is None else chosen
        self.scale = geometry.best_scale(board.rows, board.cols, self.space, most, self.theme.sizes)
        self._open_window()

    def play_game(self, game: Game, *, daily: str | None = None, elapsed_ms: int | None = None,
                  ) -> None:  # fmt: skip
        """Play a game made elsewhere (a shared board, the daily board, a kept game, a fixed
        layout) in this window; a board laid for its first click shows that cell marked."""
        self.playback = None
        self._switch_board(BoardChoice.of(game.rows, game.cols, game.mines))
        self.game = game
        self._start()
        self.daily = daily
        if elapsed_ms is not None:
            self.started_ms = self.now() - elapsed_ms
        if game.state is GameState.READY and game.first_click is not None:
            self.cursor = game.first_click
            self._keep_cursor_in_view()
            self.say("Start at the marked cell", lasting=True)

    def _offer_kept_game(self, notes: list[str] | tuple[str, ...]) -> None:
        """Ask about the game kept from last time, and show the start-up notes."""
        kept, trouble = self.history.take_kept()
        if kept is not None:
            self.kept = kept
            when = kept.played_at[5:16].replace("T", " ")
            self.open_dialog(ConfirmDialog(
                "resume", "Resume?", [f"A game from {when} was kept: {kept.cols}x{kept.rows}, "
                            f"{kept.elapsed_ms // 1000} s, {len(kept.moves)} moves."],
                yes="resume", no="new game"))  # fmt: skip
        if trouble or notes:
            self.open_dialog(NoticeDialog("Note", trouble + list(notes)))

    def _resume_kept(self, yes: bool) -> None:
        kept, self.kept = self.kept, None
        if yes:
            game = kept.final_game(self.settings.question_marks)
            self.play_game(game, elapsed_ms=kept.elapsed_ms, daily=kept.daily)
        else:
            self.history.forget_kept()

    def apply(self, move: Move) -> None:
        """Execute a move on the game and note what to redraw."""
        g = self.game
        was_ready = g.state is GameState.READY
        self.last_left = (None, -DOUBLE_CLICK_MS)  # any move in between ends a double click
        changed = g.play(move, at_ms=self.elapsed_ms())
        self._after_move(changed, (move.row, move.col), was_ready)

    def _after_move(self, changed: CellSet, origin: tuple[int, int], was_ready: bool) -> None:
        """Timer, redraw, motion, the kept copy and the end of the game, after any change."""
        g = self.game
        if was_ready and g.state is not GameState.READY and self.started_ms is None:
            self.started_ms = self.now()
            self.message = None  # "start at the marked cell" has been done
            if g.no_guess_failed:
                self.say("No no-guess board in 2 s: this is a normal one")
        if not changed:
            return
        self.bbbv_done = None
        self.pending.append(changed)
        if self.hint is not None:  # the hint was for the board as it was
            self.pending.append([self.hint.cell])
            self.hint = None
        if self.show_probabilities:
            self.assistant.ask("probabilities", g.view(), g.mines)
        if self.motion and len(changed) > 1:
            self._animate(changed, origin)
        if g.state.is_over and self.ended_ms is None:
            self.ended_ms = self.now()
            self._game_over()
        elif not g.state.is_over:
            self.ended_ms = None  # after an undo of the end, the clock runs on
            if self.playback is None:
                for line in self.history.keep(g, self.elapsed_ms(), "window", daily=self.daily):
                    self.say(line)

    def undo(self) -> None:
        """Take back the last move, a loss too (its record goes: the game is recorded again
        at its real end, as assisted). A win is final."""
        g = self.game
        if self.playback is not None or not g.moves:
            return
        if g.state is GameState.WON:
            self.say("A won game is final")
            return
        if g.state is GameState.LOST and self.finished is not None:
            self.history.retract(self.finished)
            self.finished = None
        self._after_move(g.undo(), g.first_click or (0, 0), False)
        self.say("Undone: the game counts as assisted")

    def redo(self) -> None:
        if self.playback is not None or not self.game.can_redo:
            return
        move = self.game.next_redo
        self._after_move(self.game.redo(), (move.row, move.col), False)

    def board_code(self) -> str | None:
        return code_of(self.game)

    def _game_over(self) -> None:
        """Record the finished game and tell the player how it went."""
        g = self.game
        if self.playback is not None:
            return  # a replay is watched, not played
        done = self.history.finished(g, self.elapsed_ms(), "window", daily=self.daily)
        self.finished = done
        rec, new, trouble = done.record, done.new, done.messages
        if g.state is GameState.LOST:
            cleared = g.safe_opened * 100 // max(g.safe_total, 1)
            self.say(f"Boom! {cleared}% cleared")
        else:
            lines = [
                f"Time   {rec.time_ms / 1000:.3f} s",
                f"3BV    {rec.bbbv}",
                f"3BV/s  {'-' if rec.bbbv_per_s is None else f'{rec.bbbv_per_s:.2f}'}",
                f"Clicks {rec.clicks}",
                f"Eff.   {rec.efficiency:.0%}",
            ]
            if new is not None and new.best_time:
                lines.append("New best time!")
            if new is not None and new.best_rate:
                lines.append("New best 3BV/s!")
            code = self.board_code()
            if code:
                lines += ["", "Board code", code]
            self.open_dialog(NoticeDialog("You won!", trouble, table=lines))
            return
        if trouble:
            self.open_dialog(NoticeDialog("Note", trouble))

    # ---- motion --------------------------------------------------------------------------

    @property
    def motion(self) -> bool:
        return self.settings.motion and self.motion_allowed

    def _animate(self, changed: CellSet, origin: tuple[int, int]) -> None:
        """Turn the visible changed tiles over in a wave outward from `origin`, all within
        CASCADE_MS. Only the look waits: the game is already in its final state."""
        lay = self.layout
        top, left = self.top, self.left
        bottom, right = top + lay.view_rows, left + lay.view_cols
        r0, c0 = origin
        rings: dict[int, list[tuple[int, int]]] = {}  # distance from the origin -> cells
        for row, first, stop in changed.runs():
            if top <= row < bottom:
                dr = abs(row - r0)
                for col in range(max(first, left), min(stop, right)):
                    rings.setdefault(max(dr, abs(col - c0)), []).append((row, col))
        rings.pop(0, None)  # the clicked cell shows what it is at once
        if not rings:
            return
        lost = self.game.state is GameState.LOST
        farthest = max(rings)
        now = self.now()
        spread = CASCADE_MS - FLIP_MS
        for d, cells in rings.items():
            for cell in cells:
                wrong_flag = lost and self.game.cell(*cell) == "!"
                self.veiled.setdefault(cell, "flag" if wrong_flag else "covered")
            heapq.heappush(self.animation, (now + d * spread // farthest, 0, d, cells))

    def _advance_animation(self, now: int) -> None:
        """Each ring of veiled tiles shows pressed for a moment, then its true look."""
        while self.animation and self.animation[0][0] <= now:
            due, stage, d, cells = heapq.heappop(self.animation)
            if stage == 0:
                for cell in cells:
                    self.veiled[cell] = "pressed"
                heapq.heappush(self.animation, (due + FLIP_MS, 1, d, cells))
            else:
                for cell in cells:
                    self.veiled.pop(cell, None)
            self.pending.append(cells)

    def elapsed_ms(self) -> int:
        if self.started_ms is None:
            return 0
        end = self.ended_ms if self.ended_ms is not None else self.now()
        return end - self.started_ms

    def timer_value(self) -> int:
        if self.playback is not None:
            return shown_seconds(int(self.playback.position_ms) if self.playback.next else None)
        return shown_seconds(None if self.started_ms is None else self.elapsed_ms())

    def face(self) -> str:
        p = self.pointer
        if p.on_face and p.over_face:
            return "face_pressed"
        if self.game.state is GameState.WON:
            return "face_win"
        if self.game.state is GameState.LOST:
            return "face_lose"
        if (p.left or p.middle) and p.cell is not None and not p.long_done:
            return "face_oh"
        return "face_smile"

    def pressed_cells(self) -> set[tuple[int, int]]:
        p = self.pointer
        g = self.game
        if g.state.is_over or p.cell is None or p.swallow or p.long_done:
            return set()
        ch = g.cell(*p.cell)
        if p.chord or (p.left and ch in "12345678" and self.settings.chord_on_left):
            cells = set(g.chord_targets(*p.cell))
            if ch in "#?":
                cells.add(p.cell)
            return cells
        if p.left and ch in "#?":
            return {p.cell}
        return set()

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
                self.game.assisted = True  # seeing the odds is help, like a hint
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
            self.game.assisted = True
        self.say(hint.reason)  # an estimated guess says so in its own reason
        self.pending.append([hint.cell])
        if self.layout.cell_rect(*hint.cell, self.top, self.left) is None:
            self.cursor = hint.cell
            self._keep_cursor_in_view()

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
            return self.playback_status()
        if self.show_probabilities and self.probabilities is not None:
            cell = self.layout.cell_at(*self.mouse_pos, self.top, self.left)
            if cell is not None and cell in self.probabilities:
                return f"({cell[0]},{cell[1]}) mine {self.probabilities[cell]:.1%}"
        if self.game.deaths and not self.game.state.is_over:
            return f"Mines hit: {self.game.deaths}"
        if self.game.state is not GameState.READY:
            return self.board_code() or ""
        return ""

    def say(self, text: str, lasting: bool = False) -> None:
        """A line under the board for a moment, or until the next game when `lasting`."""
        now = self.now()
        # a long line scrolls through the status line, so it stays up long enough to read
        shown_for = max(MESSAGE_MS, len(text) * SCROLL_MS + MESSAGE_MS)
        self.message = (text, now + shown_for if not lasting else 2**62, now)
        self.drawn_status = None

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
        t = event.type
        if t == pygame.QUIT:
            self.quit()
        elif t == pygame.KEYDOWN:
            self.on_key(event)
        elif t == pygame.MOUSEBUTTONDOWN and event.button in (LEFT, MIDDLE, RIGHT):
            self.on_button_down(event.button, event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button in (LEFT, MIDDLE, RIGHT):
            self.on_button_up(event.button, event.pos)
        elif t == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
        elif t == pygame.MOUSEWHEEL:
            self.on_wheel(event)
        elif t == pygame.VIDEORESIZE:
            self.on_resize(event.size)
        elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.renderer.invalidate()

    def update(self) -> None:
        p = self.pointer
        now = self.now()
        if self.playback is not None:
            if self.dialog is None:
                for move in self.playback.tick(now):
                    self._play_back(move)
            else:
                self.playback.hold(now)  # the replay's clock waits while a dialog is up
        if (
            self.settings.long_press_flag
            and p.left
            and not p.chord
            and not p.long_done
            and not p.swallow
            and p.cell is not None
            and now - p.press_ms >= LONG_PRESS_MS
            and self.game.cell(*p.cell) in "#F?"
        ):
            self.apply(Move(MoveKind.FLAG, *p.cell))
            p.long_done = True
        if self.message is not None and now >= self.message[1]:
            self.message = None
        self._advance_animation(now)
        self._collect_assistance()

    def draw(self) -> None:
        r = self.renderer
        full = r.full
        if self.dialog is not None:
            if full:
                r.draw_frame()
                draw_dialog(r, self.dialog)
        else:
            pressed = self.pressed_cells()
            hint_cell = self.hint.cell if self.hint is not None else None
            probs = self.probabilities if self.show_probabilities else None
            looks = Looks(pressed, self.cursor, self.veiled, hint_cell, probs)
            args = (self.game, self.top, self.left)
            if full:
                r.draw_frame()
                r.draw_board(*args, looks)
            else:
                for cells in self.pending:
                    r.draw_cells(*args, cells, looks)
                touched = pressed ^ self.drawn_pressed
                if self.cursor != self.drawn_cursor:
                    touched |= {c for c in (self.cursor, self.drawn_cursor) if c is not None}
                if touched:
                    r.draw_cells(*args, touched, looks)
            self.drawn_pressed = pressed
            self.drawn_cursor = self.cursor
            r.draw_toolbar(self.game.mines_remaining, self.face(), self.timer_value())
            status = self.status_text()
            if full or status != self.drawn_status:
                r.draw_status(status)
                self.drawn_status = status
        self.pending.clear()
        r.present(self.display)

    # ---- mouse ---------------------------------------------------------------------------

    def on_button_down(self, button: int, pos: tuple[int, int]) -> None:
        if self.dialog is not None:
            if button == LEFT:
                point = self.layout.canvas_point(*pos)
                line = dialog_line_at(self.layout, self.theme.font.height, point)
                self._dialog_result(self.dialog.click(line))
            return
        p = self.pointer
        self.mouse_pos = pos
        if self.playback is not None:
            return  # a replay is watched, not played
        cell = self.layout.cell_at(*pos, self.top, self.left)
        now = self.now()
        if button == LEFT:
            if self.layout.on_face(*pos):
                p.on_face = p.over_face = True
                return
            self.cursor = None
            p.left, p.cell, p.press_ms, p.long_done = True, cell, now, False
            last_cell, last_ms = self.last_left
            p.swallow = cell is not None and cell == last_cell and now - last_ms < DOUBLE_CLICK_MS
            if p.right:
                p.chord, p.chord_done, p.swallow = True, False, False
        elif button == RIGHT:
            p.right = True
            if p.left:
                p.chord, p.chord_done, p.swallow = True, False, False
            elif cell is not None and not p.middle:
                self.apply(Move(MoveKind.FLAG, *cell))
        else:
            p.middle, p.cell = True, cell
            p.chord, p.chord_done = True, False

    def on_motion(self, pos: tuple[int, int]) -> None:
        if self.dialog is not None:
            return
        p = self.pointer
        self.mouse_pos = pos
        if p.on_face:
            p.over_face = self.layout.on_face(*pos)
        elif p.left or p.middle or (p.right and p.chord):
            self._follow_pointer()

    def _follow_pointer(self) -> None:
        """Move the press to the cell under the mouse (after a motion or a scroll)."""
        p = self.pointer
        cell = self.layout.cell_at(*self.mouse_pos, self.top, self.left)
        if cell != p.cell:
            p.cell = cell
            p.press_ms = self.now()  # a long press must stay on one cell
            p.swallow = False

    def on_button_up(self, button: int, pos: tuple[int, int]) -> None:
        if self.dialog is not None:
            return
        p = self.pointer
        self.mouse_pos = pos
        if p.on_face and button == LEFT:
            if self.layout.on_face(*pos):
                self.new_game()
            p.on_face = p.over_face = False
            return
        # The cell under the release acts, wherever the press went meanwhile.
        released_on = self.layout.cell_at(*pos, self.top, self.left)
        if p.chord or p.left or p.middle:
            p.cell = released_on
        if button == LEFT:
            if not p.left:
                return
            p.left = False
            if p.chord:
                self._release_chord(others_held=p.right or p.middle)
                return
            cell = p.cell
            if cell is not None and not (p.long_done or p.swallow) and self._left_click(cell):
                self.last_left = (cell, self.now())  # a double click must not act on it again
            if not p.right:
                p.cell = None
        elif button == RIGHT:
            p.right = False
            if p.chord:
                self._release_chord(others_held=p.left or p.middle)
        else:
            p.middle = False
            if p.chord:
                self._release_chord(others_held=p.left or p.right)

    def _release_chord(self, others_held: bool) -> None:
        p = self.pointer
        if not p.chord_done and p.cell is not None:
            self.apply(Move(MoveKind.CHORD, *p.cell))
        p.chord_done = True
        if not others_held:
            p.chord = p.chord_done = False
            p.cell = None

    def _left_click(self, cell: tuple[int, int]) -> bool:
        """Open a covered cell, or chord an open number; True if a cell was opened."""
        ch = self.game.cell(*cell)
        if ch in "#?":
            self.apply(Move(MoveKind.OPEN, *cell))
            return True
        if ch in "12345678" and self.settings.chord_on_left:
            self.apply(Move(MoveKind.CHORD, *cell))
        return False

    def on_wheel(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            return
        dx, dy = event.x, event.y
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:
            dx, dy = -dy, 0
        self.scroll_by(-dy * WHEEL_CELLS, dx * WHEEL_CELLS)

    def scroll_by(self, rows: int, cols: int) -> None:
        old = (self.top, self.left)
        self.top += rows
        self.left += cols
        self._clamp_scroll()
        if (self.top, self.left) != old:
            moved = (self.top - old[0], self.left - old[1])
            self.pending.extend(self.renderer.scroll(*moved, self.top, self.left))
            p = self.pointer
            if p.left or p.middle or p.chord:
                self._follow_pointer()

    def _clamp_scroll(self) -> None:
        lay = self.layout
        self.top = max(0, min(self.top, lay.rows - lay.view_rows))
        self.left = max(0, min(self.left, lay.cols - lay.view_cols))

    def on_resize(self, size: tuple[int, int]) -> None:
        if tuple(size) == self.window_size:
            return  # our own set_mode: the scale was chosen already
        self.window_size = tuple(size)
        if not self.display.fullscreen:  # fullscreen keeps the scale the player had
            self.scale = geometry.best_scale(
                self.board.rows, self.board.cols, self.window_size, sizes=self.theme.sizes
            )
        self._relayout()

    def set_scale(self, scale: int) -> None:
        most = geometry.largest_scale(self.space, self.theme.sizes)
        if scale > most:
            self.say(f"Zoom {most}x is the most")
        scale = max(1, min(most, scale))
        if scale == self.scale:
            return
        self.scale = scale
        self.settings.scale = scale
        self.save_settings()
        self._open_window()
        self._relayout()
        self.say(f"Zoom {scale}x")

    def toggle_fullscreen(self) -> None:
        """Fullscreen and back, at the same whole scale, the board centred."""
        self.window_size = self.display.toggle_fullscreen()
        self._relayout()

    # ---- keyboard ------------------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> None:
        k, mods, ch = event.key, event.mod, event.unicode
        ctrl = mods & pygame.KMOD_CTRL
        if k == pygame.K_q and ctrl:
            self.quit()  # at once, even over a dialog
        elif self.dialog is not None:
            self._dialog_result(self.dialog.key(event))
        elif self.playback is not None and self.on_playback_key(k, ch):
            pass
        elif k == pygame.K_ESCAPE:
            if self.game.state is GameState.PLAYING:
                self.open_dialog(confirm_quit())
            else:
                self.quit()
        elif ctrl and k == pygame.K_z:
            self.undo()
        elif ctrl and k == pygame.K_y:
            self.redo()
        elif ctrl and k == pygame.K_c:
            self.copy_code()
        elif (ctrl and k == pygame.K_v) or k == pygame.K_b:
            self.open_code_dialog(paste=bool(ctrl))
        elif k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_p:
            self.toggle_probabilities()
        elif k == pygame.K_g:
            self.open_dialog(MenuDialog("Game", self._menu_entries()))
        elif k in (pygame.K_F2, pygame.K_n):
            self.new_game()
        elif k in (pygame.K_1, pygame.K_KP1):
            self.new_game(BoardChoice.standard(Difficulty.BEGINNER))
        elif k in (pygame.K_2, pygame.K_KP2):
            self.new_game(BoardChoice.standard(Difficulty.INTERMEDIATE))
        elif k in (pygame.K_3, pygame.K_KP3):
            self.new_game(BoardChoice.standard(Difficulty.EXPERT))
        elif k == pygame.K_c:
            b = self.board
            self.open_dialog(CustomDialog([str(b.rows), str(b.cols), str(b.mines)]))
        elif k == pygame.K_F1 or ch == "?":
            self.open_dialog(HelpOverlay())
        elif k == pygame.K_t:
            self.cycle_theme(-1 if mods & pygame.KMOD_SHIFT else 1)
        elif k == pygame.K_m:
            self.open_theme_menu()
        elif k == pygame.K_s:
            self.open_stats()
        elif k == pygame.K_o:
            self.open_dialog(SettingsDialog(self._settings_rows()))
        elif k == pygame.K_q:
            self.change_setting("question_marks", not self.settings.question_marks)
            self.say("Question marks " + ("on" if self.settings.question_marks else "off"))
        elif ch in ("+", "=") or k == pygame.K_KP_PLUS:
            self.set_scale(self.scale + 1)
        elif ch == "-" or k == pygame.K_KP_MINUS:
            self.set_scale(self.scale - 1)
        elif k in _ARROWS:
            self.move_cursor(*_ARROWS[k])
        elif k in (pygame.K_SPACE, pygame.K_f, pygame.K_d):
            self.key_move(k)

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

    def key_move(self, key: int) -> None:
        if self.playback is not None:
            return
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        if key == pygame.K_SPACE:
            self._left_click(self.cursor)
        elif key == pygame.K_f:
            self.apply(Move(MoveKind.FLAG, *self.cursor))
        else:
            self.apply(Move(MoveKind.CHORD, *self.cursor))

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
        ]

    def set_theme(self, key: str) -> None:
        """Draw with another theme from the next frame on; the game, timer, scroll and cursor
        stay. Themes were loaded and converted at start, so this costs one full redraw."""
        theme = self.themes.get(key)
        if theme is None or theme is self.theme:
            return
        self.theme = theme
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
            # safe_zone applies from the next game; the others are read when used
        self.save_settings()

    # ---- dialogs -------------------------------------------------------------------------

    def open_dialog(self, dialog: Dialog) -> None:
        """Show a dialog now, or after the one on screen closes."""
        if self.dialog is not None:
            self.queued.append(dialog)
            return
        self.dialog = dialog
        self.pointer = Pointer()
        self.renderer.invalidate()

    def quit(self) -> None:
        """Stop; a game in progress is kept with the time on its clock."""
        if self.playback is not None and self.before_replay is not None:
            self.game, self.daily = self.before_replay[0], self.before_replay[2]
            self.started_ms = self.now() - self.before_replay[1]
            self.playback = None
        if self.playback is None:
            self.history.keep(self.game, self.elapsed_ms(), "window", daily=self.daily)
        self.assistant.close()
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
            self.say("The clipboard is not available")
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

    def _menu_entries(self) -> list[tuple[str, str]]:
        return [("daily", "Daily board"), ("code", "Play a code"), ("copy", "Copy board code"),
                ("undo", "Undo   Ctrl+Z"), ("redo", "Redo   Ctrl+Y"), ("stats", "Statistics"),
                ("options", "Options"), ("themes", "Themes"), ("help", "Keys")]  # fmt: skip

    def do_menu(self, action: str) -> None:
        {
            "daily": self.play_daily,
            "code": self.open_code_dialog,
            "copy": self.copy_code,
            "undo": self.undo,
            "redo": self.redo,
            "stats": self.open_stats,
            "options": lambda: self.open_dialog(SettingsDialog(self._settings_rows())),
            "themes": self.open_theme_menu,
            "help": lambda: self.open_dialog(HelpOverlay()),
        }[action]()

    def open_theme_menu(self) -> None:
        font = self.theme.font
        _, rows = dialog_room(self.layout, font.width, font.height)
        self.open_dialog(ThemeMenu(self.themes, self.theme.key, rows))

    def open_stats(self) -> None:
        stats = self.history.stats
        if stats is None:
            self.say("Statistics are not kept here")
            return
        today = datetime.now(UTC).date().isoformat()
        self.open_dialog(StatsDialog(stats, self.board.kind, today))

    def watch_file(self, path: str) -> None:
        try:
            replay = load_replay(Path(path))
        except ReplayError as e:
            self.open_dialog(NoticeDialog("Replay", [str(e)]))
            return
        self.watch(replay)

    def watch(self, replay: Replay, speed_index: int | None = None) -> None:
        """Play a replay back in this window, in real time; a game in progress waits and comes
        back when the replay is left (Esc)."""
        if self.playback is None and self.game.state is GameState.PLAYING:
            self.before_replay = (self.game, self.elapsed_ms(), self.daily)
        self.play_game(replay.new_game())
        self.message = None
        self.cursor = None
        self.playback = Playback(replay, self.now())
        if speed_index is not None:
            self.playback.speed_index = speed_index

    def leave_replay(self) -> None:
        saved, self.before_replay = self.before_replay, None
        if saved is None:
            self.new_game()
            return
        game, elapsed, day = saved
        self.play_game(game, elapsed_ms=elapsed, daily=day)

    def on_playback_key(self, k: int, ch: str) -> bool:
        """Space pause, Right step, [ ] or - + speed, R restart, Esc leave; True if used."""
        pb = self.playback
        if k == pygame.K_SPACE:
            pb.toggle_pause(self.now())
        elif k == pygame.K_RIGHT:
            move = pb.step()
            if move is not None:
                self._play_back(move)
        elif ch in ("]", "+", "=") or k == pygame.K_UP:
            pb.change_speed(1)
        elif ch in ("[", "-") or k == pygame.K_DOWN:
            pb.change_speed(-1)
        elif k == pygame.K_r:
            self.watch(pb.replay, pb.speed_index)
        elif k == pygame.K_ESCAPE:
            self.leave_replay()
        else:
            return False
        self.drawn_status = None
        return True

    def _play_back(self, move) -> None:
        was_ready = self.game.state is GameState.READY
        changed = self.game.play_recorded(move)
        self._after_move(changed, (move.row, move.col), was_ready)

    def playback_status(self) -> str:
        pb = self.playback
        g = self.game
        state = "paused" if pb.paused else ("end" if pb.finished else f"x{pb.speed:g}")
        if self.bbbv_done is None:
            self.bbbv_done = g.bbbv_done()
        return f"{state} 3BV {self.bbbv_done}/{g.bbbv or 0} clk {len(g.moves)}"

    def _dialog_result(self, result: object | None) -> None:
        if isinstance(result, Change):
            self.change_setting(result.name, result.value)
            self.renderer.invalidate()
            return
        if result is None:
            self.renderer.invalidate()  # the dialog's text changed
            return
        self.dialog = self.queued.pop(0) if self.queued else None
        self.renderer.invalidate()
        if isinstance(result, Answer):
            if result.question == "quit" and result.yes:
                self.quit()
            elif result.question == "resume":
                self._resume_kept(result.yes)
        elif isinstance(result, PlayCode):
            self.play_game(result.code.game(question_marks=self.settings.question_marks))
        elif isinstance(result, MenuChoice):
            self.do_menu(result.action)
        elif isinstance(result, WatchReplay):
            self.watch_file(result.path)
        elif isinstance(result, PickTheme):
            self.set_theme(result.key)
        elif isinstance(result, CustomSize):
            self.new_game(BoardChoice.of(result.rows, result.cols, result.mines))
        elif result != CLOSE:
            raise ValueError(f"unknown dialog result {result!r}")


_ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}


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
