"""The window: one fixed-tick loop, the window's own events, the order of the rooms, and the
wiring of the rooms to the command table. What the rooms do is theirs (game/ui/scenes/): the
App builds them from a small context, hands each event to the top-most room that takes it,
and lets each draw its part. It plays no move and sizes no window itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pygame

from .. import i18n
from ..engine import Difficulty, Game, MoveKind, SafeZone
from ..engine.boards import BoardChoice
from ..i18n import _
from ..session import PAUSE_AWAY, KeptRead, Session, monotonic_ms
from ..store.files import config_dir, data_dir
from ..store.history import History
from ..store.replays import Replay
from ..store.settings import VOLUMES, Settings, SettingsFile
from ..version import version
from . import keys
from . import screen as desktop
from .assist import Assistant
from .chores import Chores
from .commands import Commands
from .dialogs import (
    Analyse,
    Answer,
    Change,
    Closed,
    CustomSize,
    HelpOverlay,
    MenuChoice,
    PickTheme,
    PlayCode,
    ResumeKept,
    WatchReplay,
    about_dialog,
)
from .drawstate import DrawState
from .frame import Frame
from .gamepad import PAD_EVENTS, Gamepad
from .inbox import Inbox
from .menubar import theme_rows
from .pace import Collector, Pace, SwitchInterval, wake_at
from .scenes import Aids, Context, Layer
from .scenes.dialogs import DialogScene, DialogStack
from .scenes.games import Games
from .scenes.map import GoTo
from .scenes.menu import MenuLayer
from .scenes.options import Options
from .scenes.play import PlayScene
from .scenes.result import WRITTEN, post_written
from .sound import SoundBoard
from .status import StatusLine
from .theme import DEFAULT_THEME, ThemeLibrary
from .warm import Warmer, startup_steps

TITLE = "Pixel Mines"


class App:
    """The loop and the wiring; everything else is a room's or the context's."""

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
        replay: Replay | tuple | None = None,
        asked_for: str | None = None,
        chores: Chores | None = None,
        assistant: Assistant | None = None,
        copy: int = 0,
    ) -> None:
        """`copy`: which copy of the program this is (0 the first): a later one's window
        opens offset from the first's (`screen.place_for_copy`)."""
        self.focused = False  # the window had the focus at least once (Xvfb may never give it)
        self.alt_alone = False  # Alt is down and nothing else was pressed with it
        session = Session(
            history if history is not None else History(), "window", clock=clock, seed=seed
        )
        pygame.display.set_caption(TITLE)
        theme = themes.get(settings.theme) or themes.get(DEFAULT_THEME)
        drawn = DrawState()
        frame = Frame(settings, theme, board, scale, drawn, copy=copy)
        theme.convert()  # for the window just opened, before a renderer keeps the sprites
        frame.relayout()
        sounds = SoundBoard(settings, clock)
        sounds.use_theme(theme)
        aids = Aids(
            clock,
            sounds,
            assistant or Assistant(),
            chores if chores is not None else Chores(),
            themes,
            settings_file,
            motion,
        )
        self.ctx = Context(
            session,
            settings,
            frame,
            drawn,
            Commands(),
            StatusLine(clock, drawn.status_changed),
            DialogStack(session, frame),
            aids,
        )
        # the rooms: the board under everything, dialogs over it, the open menu on top
        self.play = PlayScene(self.ctx)
        self.games = Games(self.ctx, self.play)
        self.options = Options(
            self.ctx, self.games.new_game, safe_zone=safe_zone, no_guess=no_guess
        )
        self.menu = MenuLayer(self.ctx, partial(theme_rows, self.ctx.aids.themes))
        self.dialogs = DialogScene(self.ctx.dialogs, drawn, self._answers())
        self.inbox = Inbox(drawn, self.games.press_moved)  # each tick's events, in order
        playing = lambda: self.games.replay is None  # noqa: E731  (not a replay's board)
        self.pad = Gamepad(self.ctx, self.handle, lambda: self.menu.bar.is_open, playing)
        ahead = self.options.load_next_theme, self.play.view.map_canvas_ahead
        self.warmer = Warmer(startup_steps(*ahead))  # after the first frame
        self.began = 0.0  # when the frame under way began (perf_counter seconds)
        self._wire_commands()
        self._begin(board, replay, first_game, daily, messages, asked_for)
        self.options.offer_how_to_play()  # the first start: How to play, once

    def _begin(self, board, replay, first_game, daily, messages, asked_for) -> None:
        """The first game: the one asked for, or a replay; the kept game's offer is expected
        before any game starts, so a kept game is never written over unasked, and read off
        the frame (a long one takes a while), the board waiting meanwhile."""
        session = self.ctx.session
        session.written = post_written  # a game's end on disk wakes the loop (scenes/result.py)
        session.expect_offer()
        session.new_game(board)
        self.play.reset()
        if isinstance(replay, tuple):  # a video from elsewhere, read (game/video_commands.py)
            self.games.watch_video(*replay)
        elif replay is not None:
            self.games.watch(replay)
        elif first_game is not None:
            self.games.play_game(first_game, daily=daily)

        games = self.games  # not self: what the chore holds must not reach the App

        def offer(read: KeptRead) -> None:
            games.offer_kept_game(session.receive_offer(read), messages, asked_for)

        self.ctx.aids.chores.start(session.read_offer, offer, _("Reading the game you left..."))

    def _answers(self) -> dict:
        """What each type of dialog result does."""
        g, o, commands = self.games, self.options, self.ctx.commands
        return {
            Change: o.changed,
            Closed: lambda _: None,
            Answer: g.answer,
            PlayCode: g.play_code,
            MenuChoice: lambda c: commands.do(c.action),
            WatchReplay: g.watch_file,
            PickTheme: o.picked_theme,
            CustomSize: g.custom,
            ResumeKept: g.resume_chosen,
            GoTo: lambda answer: g.shown().view.go_to(answer),
            Analyse: g.analyse,
        }

    def _wire_commands(self) -> None:
        """The command table: what each action of the key table does, when it can be done,
        and for on/off and one-of-many commands, when it is checked."""
        ctx, play, games, options = self.ctx, self.play, self.games, self.options
        add, s = ctx.commands.add, ctx.settings
        free = lambda: games.replay is None  # noqa: E731  (the game played is on the board)
        started = lambda: free() and bool(play.board_code())  # noqa: E731

        def on_play(act: Callable) -> Callable:
            """What acts on the game played: over a replay or an analysis, Esc leaves first."""
            return lambda *a: act(*a) if free() else ctx.status.say(_("Esc leaves this first"))

        for d in Difficulty:
            add(
                d.name.lower(),
                lambda d=d: games.standard(d),
                checked=lambda d=d: ctx.frame.board == BoardChoice.standard(d),
            )
        add("new_game", games.new_game)
        add("custom", games.open_custom_dialog, checked=lambda: ctx.frame.board.kind == "custom")
        add("daily", games.play_daily, checked=lambda: ctx.session.daily is not None)
        add("play_code", lambda: games.open_code_dialog(paste=True))
        add("copy_code", games.copy_code, started)
        add("undo", on_play(play.undo), lambda: free() and play.can_undo())
        add("redo", on_play(play.redo), lambda: free() and play.can_redo())
        add("pause", on_play(play.toggle_pause), lambda: free() and play.can_pause())
        add("stats", games.open_stats)
        add("quit_now", games.quit)
        add("hint", on_play(play.help.ask_hint), lambda: free() and not play.game.state.is_over)
        helped = lambda: getattr(games.shown(), "help", play.help)  # noqa: E731  (none: analysis)
        odds_on = lambda: helped().show_probabilities  # noqa: E731
        add("odds", lambda: helped().toggle_probabilities(), checked=odds_on)
        add("options", options.open)
        add("question_marks", options.toggle_question_marks, checked=lambda: s.question_marks)
        add("mute", options.toggle_sound, checked=lambda: s.volume != VOLUMES[0])
        add("next_theme", lambda: options.cycle_theme(1))
        add("previous_theme", lambda: options.cycle_theme(-1))
        add("themes", options.open_themes)
        options.wire_themes()
        add("zoom_in", lambda: options.zoom(1))
        add("zoom_out", lambda: options.zoom(-1))
        add("fullscreen", options.toggle_fullscreen, checked=lambda: ctx.frame.display.fullscreen)
        add("map", lambda: games.shown().view.open_map())
        add("help", lambda: ctx.dialogs.open(HelpOverlay(keys.help_rows())))
        add("about", lambda: ctx.dialogs.open(about_dialog(version(), config_dir(), data_dir())))
        add("menu", self.menu.toggle)
        for name, (drow, dcol) in {
            "up": (-1, 0),
            "down": (1, 0),
            "left": (0, -1),
            "right": (0, 1),
        }.items():
            add(f"cursor_{name}", lambda r=drow, c=dcol: games.shown().view.move_cursor(r, c))
        for name, kind in (
            ("open", MoveKind.OPEN),
            ("flag", MoveKind.FLAG),
            ("chord", MoveKind.CHORD),
        ):
            add(f"cursor_{name}", on_play(lambda k=kind: play.key_move(k)))

    # ---- the rooms, top first ---------------------------------------------------------------

    def layers(self) -> list[Layer]:
        """Top first: the open menu, the dialogs, the replay watched, the board."""
        return [self.menu, self.dialogs, self.games.shown()]

    # ---- the loop ---------------------------------------------------------------------------

    def loop(self, pace: Pace | None = None) -> int:
        """Tick at the fixed rate while anything changes by itself, else sleep until input or
        until something is due (game/ui/pace.py)."""
        with Collector() as collector, SwitchInterval():
            pace = pace or Pace(woke=self.ctx.aids.sounds.wake, collector=collector)
            while self.games.running:
                self.step()
                self.after_frame()
                now = self.ctx.aids.now()
                pace.rest(self.due(now), now)
        return 0

    def after_frame(self) -> None:
        """The frame is on the screen: a little of what a first click, loss, hint, map or
        dialog will need, while this frame's time lasts (game/ui/warm.py)."""
        self.warmer.watch(self.ctx.session.game)
        busy = self.ctx.drawn.animation or self.ctx.aids.chores.working
        self.warmer.after_frame(self.began, busy=bool(busy))

    def due(self, now: int) -> int | None:
        """When the loop next has something to do (game/ui/pace.py `wake_at`): at once while
        the inbox holds input taken out of SDL's queue (`Inbox.shown`), which the loop's sleep,
        woken by SDL's queue only, would leave waiting."""
        rooms = [*self.layers(), self.pad]  # the pad: a direction held presses again
        early = self.inbox.early or self.warmer.due  # (or warming left to do)
        return now if early else wake_at(self.ctx, rooms, now)

    def step(self) -> None:
        """One tick: handle events, update, draw, present."""
        self.began = time.perf_counter()
        for event in self.inbox.take():
            self.handle(event)
            if not self.games.running:
                return
        self.ctx.session.flush_pointer()  # the frame's one write of the pointer's way
        self.update()
        self.draw()

    def handle(self, event: pygame.event.Event) -> None:
        """The window's own events here; the rest to the top-most room that takes them."""
        t, session = event.type, self.ctx.session
        if t == pygame.QUIT:
            self.games.quit()
        elif t == pygame.KEYDOWN and event.key in (pygame.K_LALT, pygame.K_RALT):
            # Alt opens the menu when pressed and released by itself (Alt+Enter stays full
            # screen), as desktop programs do
            self.alt_alone = True
        elif t == pygame.KEYUP and event.key in (pygame.K_LALT, pygame.K_RALT):
            if self.alt_alone and self.ctx.dialogs.dialog is None:
                self.menu.toggle()
            self.alt_alone = False
        elif t == WRITTEN:
            self.play.end.written(event.done)
        elif t == pygame.VIDEORESIZE:
            self.ctx.frame.resized(event.size)
        elif t == pygame.WINDOWFOCUSGAINED:
            self.focused = True
            session.resume(PAUSE_AWAY)
        elif t == pygame.WINDOWFOCUSLOST and self.focused or t == pygame.WINDOWMINIMIZED:
            session.pause(PAUSE_AWAY)
        elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            if t == pygame.WINDOWRESTORED:
                session.resume(PAUSE_AWAY)
            self.ctx.drawn.invalidate(lost=True)
        elif t in PAD_EVENTS:  # a controller: its buttons come back here as keys
            self.pad.handle(event)
        else:
            rooms = self.layers()
            if t == pygame.KEYDOWN:
                self.alt_alone = False
                if self.menu.handle(event):
                    return
                if keys.action_for(event) == "quit_now":
                    self.games.quit()  # at once, even over a dialog
                    return
                rooms = rooms[1:]  # the menu has had it
            for room in rooms:
                if room.handle(event):
                    return

    def update(self) -> None:
        ctx, now = self.ctx, self.ctx.aids.now()
        for layer in self.layers():
            layer.update(now)
        self.pad.update(now)  # a controller's direction held presses again
        ctx.status.expire(now)
        ctx.aids.chores.poll()
        ctx.aids.analyses.poll()
        if ctx.session.history.late or i18n.has_unshown():
            self.play.take_session_messages()  # the writer's thread, or a catalogue, spoke
        ctx.drawn.advance(now)
        playing = ctx.session.running and self.games.replay is None  # no tick while paused
        ctx.aids.sounds.update(self.play.timer_value() if playing else None)

    def draw(self) -> None:
        """Each room draws its part, the board first; then what changed goes to the screen."""
        ctx = self.ctx
        r = ctx.frame.renderer
        veiled = self.games.replay is None and ctx.session.veiled
        if veiled != ctx.drawn.board_hidden:
            ctx.drawn.redraw_board()
            ctx.drawn.board_hidden = veiled
        self.dialogs.place()
        if not self.games.shown().view.ready():
            return  # the board's blocks are laid ahead: the window shows the last frame still
        full = ctx.drawn.full
        for layer in reversed(self.layers()):
            layer.draw(full)
        ctx.drawn.pending.clear()
        r.present(ctx.frame.display)
        self.play.laying.shown()  # a big board's workers, after the start's frame
        self.inbox.shown()  # what came while the frame waited was made seeing the one before


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
    slot = desktop.copy_slot(data_dir() / "copies")  # a second copy opens beside the first
    try:
        app = App(
            board,
            settings,
            themes,
            settings_file=settings_file,
            history=history,
            copy=slot.number,
            **options,
        )
        return app.loop()
    finally:
        slot.release()
        pygame.quit()
