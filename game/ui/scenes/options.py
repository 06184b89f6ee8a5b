"""The settings as the window changes them: each applied at once (a theme, a zoom, a board,
sound...) and kept for the next start, and the rows of the Options dialog. It starts no game
itself (a board changed goes to the games' gate) and draws nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import i18n
from ...engine import Difficulty, SafeZone
from ...engine.boards import BoardChoice
from ...i18n import N_, _, pgettext
from ...store.settings import MAX_SCALE, MAX_TEXT_SIZE, VOLUMES
from ...words import label
from .. import keys, sheets
from .. import layout as geometry
from ..dialogs import Change, HelpOverlay, PickTheme, SettingRow, SettingsDialog, ThemeMenu
from .context import Context

# Each language by its own name in its own words, never translated (a player who cannot read
# the language in use still finds theirs); an unknown one is shown by its code.
LANGUAGE_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pl": "Polski",
    "pt_BR": "Português (Brasil)",
}
# The volumes as the Sound row says them (the setting keeps the English word).
VOLUME_WORDS = {"off": N_("off"), "low": N_("low"), "normal": N_("normal")}


def language_choices() -> list[tuple[str, str]]:
    """The Language row: the system's language ("" in the setting), then every language the
    game speaks, each by its own name."""
    # Translators: the Language row's first choice: the language the computer is set to.
    system = _("System")
    return [("", system), *((code, LANGUAGE_NAMES.get(code, code)) for code in i18n.available())]


class Options:
    def __init__(
        self,
        ctx: Context,
        new_game: Callable[[BoardChoice], None],
        *,
        safe_zone: SafeZone | None = None,
        no_guess: bool = False,
    ) -> None:
        """`new_game`: how a board chosen here is started; `safe_zone`, `no_guess`: the
        command line's, for this run (not saved)."""
        self.ctx = ctx
        self.new_game = new_game
        self.safe_zone, self.no_guess = safe_zone, no_guess
        self.wanted_theme = None  # a theme being made ready to switch to
        self.session_rules()

    def session_rules(self) -> None:
        """The rules new games follow: the settings, unless the command line said otherwise."""
        s, settings = self.ctx.session, self.ctx.settings
        s.safe_zone = self.safe_zone or settings.safe_zone
        s.no_guess = self.no_guess or settings.no_guess
        s.question_marks = settings.question_marks

    def rows(self) -> list[SettingRow]:
        """The Options rows as the settings and the window are now, each with the line that
        says what it does. The rows' names are short: Options is narrow at zoom 1."""
        return [*self._look_rows(), *self._play_rows(), *self._other_rows()]

    def _look_rows(self) -> list[SettingRow]:
        """Board, Theme, Zoom."""
        s = self.ctx.settings
        # the board being played (a --difficulty run's too), not only the one remembered
        board = self.ctx.frame.board
        custom = (
            board
            if board.kind == "custom"
            else BoardChoice(s.custom_rows, s.custom_cols, s.custom_mines)
        )
        boards = [(d.name.lower(), label(d)) for d in Difficulty]
        boards.append(("custom", f"{custom.cols}x{custom.rows}/{custom.mines}"))
        themes = [(key, theme.title()) for key, theme in self.ctx.aids.themes.themes.items()]
        # the theme chosen, while it is made ready on a chore too (`set_theme`)
        theme = (self.wanted_theme or self.ctx.frame.theme).key
        scales, used = self.zoom_choices()
        # Translators: under Options while its Board row is picked: what the row does.
        about_board = _("The board new games are played on.")
        # Translators: under Options while its Theme row is picked: what the row does.
        about_theme = _("How the board and dialogs look.")
        # Translators: under Options while its Zoom row is picked: what the row does.
        about_zoom = _("How large the board is drawn; auto: the most that fits.")
        return [
            SettingRow("board", _("Board"), boards, board.kind, about_board),
            SettingRow("theme", _("Theme"), themes, theme, about_theme),
            SettingRow("scale", _("Zoom"), scales, used, about_zoom),
        ]

    def _play_rows(self) -> list[SettingRow]:
        """? marks, Start, L chord, Hold, Motion, Text size, No guess, Keys at."""
        s = self.ctx.settings
        off = _("off")
        on_off = [(False, off), (True, _("on"))]
        # Translators: the Start row: the first click opens its 3x3 square, or only its cell.
        zones = [(SafeZone.OPENING, _("opening")), (SafeZone.CELL, _("one cell"))]
        hold = [(False, off), (True, _("flags"))]
        # Translators: under Options while its ? marks row is picked: what the row does.
        about_marks = _("A right click can also put a ? on a cell.")
        # Translators: under Options while its Start row is picked: what the row does.
        about_start = _("What the first click is sure to open: an area, or one cell.")
        # Translators: under Options while its L chord row is picked: what the row does.
        about_chord = _("A left click on a number with its mines flagged opens the rest.")
        # Translators: under Options while its Hold row is picked: what the row does.
        about_hold = _("Holding a cell down a moment flags it (touch screens).")
        # Translators: the Keys at row's choices: the keyboard cursor, or the mouse pointer.
        aims = [(False, _("cursor")), (True, _("pointer"))]
        # Translators: under Options while its Keys at row is picked: what the row does.
        about_aim = _(
            "Where Space, F and D act: at the cursor, or under the pointer until an arrow key."
        )
        # Translators: under Options while its Motion row is picked: what the row does.
        about_motion = _("Openings spread ring by ring; mines ripple at the end.")
        # Translators: under Options while its Text size row is picked: what the row does.
        about_text = _("How large the words are drawn; auto: as the screen suits.")
        # Translators: under Options while its No guess row is picked: what the row does.
        about_no_guess = _("New boards can be cleared by logic, never needing a guess.")
        return [
            # Translators: a short name of the question marks setting.
            SettingRow("question_marks", _("? marks"), on_off, s.question_marks, about_marks),
            SettingRow(
                "safe_zone", pgettext("the first click", "Start"), zones, s.safe_zone, about_start
            ),
            # Translators: short: chord with the left button too.
            SettingRow("chord_on_left", _("L chord"), on_off, s.chord_on_left, about_chord),
            # Translators: short: a long press places a flag.
            SettingRow("long_press_flag", _("Hold"), hold, s.long_press_flag, about_hold),
            SettingRow("motion", _("Motion"), on_off, s.motion, about_motion),
            SettingRow("text_size", _("Text size"), *self.text_choices(), about_text),
            SettingRow("no_guess", _("No guess"), on_off, s.no_guess, about_no_guess),
            # Translators: short: where the open, flag and chord keys act (cursor, pointer).
            SettingRow("keys_at_pointer", _("Keys at"), aims, s.keys_at_pointer, about_aim),
        ]

    def _other_rows(self) -> list[SettingRow]:
        """Sound, Tick, Ask to leave, Language."""
        s = self.ctx.settings
        on_off = [(False, _("off")), (True, _("on"))]
        volumes = [(v, _(VOLUME_WORDS.get(v, v))) for v in VOLUMES]
        leave = (_("Ask to leave"), _("Ask before leaving a game"))
        # Translators: under Options while its Sound row is picked: what the row does.
        about_sound = _("How loud the game's sounds are.")
        # Translators: under Options while its Tick row is picked: what the row does.
        about_tick = _("A tick sounds each second while the timer runs.")
        # Translators: under Options while its Ask to leave row is picked: what the row does.
        about_leave = _("A new game over one in progress asks you first.")
        # Translators: under Options while its Language row is picked: what the row does.
        about_language = _("The game's language; System: your computer's.")
        counters = [
            ("off", _("off")),
            # Translators: a choice of the Counters row: the counters on the line under the
            # board (the status line).
            ("line", _("a line")),
            # Translators: a choice of the Counters row: a panel of two lines of counters
            # under the status line.
            ("panel", _("a panel")),
        ]
        # Translators: under Options while its Counters row is picked: what the row does.
        about_counters = _("3BV/s, clicks and IOE as you play, under the board.")
        # Translators: under Options while its Speed row is picked: what the row does.
        about_speed = _("For speed: no motion, no question before a new game, counters on.")
        return [
            # Translators: short: live counters while playing (3BV/s, clicks, IOE).
            SettingRow("counters", _("Counters"), counters, s.counters, about_counters),
            # Translators: short: a preset of settings for playing fast.
            SettingRow("speed", _("Speed"), on_off, _speed_preset(s), about_speed),
            SettingRow("volume", _("Sound"), volumes, s.volume, about_sound),
            # Translators: short: the timer ticks each second.
            SettingRow("timer_tick", _("Tick"), on_off, s.timer_tick, about_tick),
            SettingRow("ask_before_leaving", leave, on_off, s.ask_before_leaving, about_leave),
            SettingRow("language", _("Language"), language_choices(), s.language, about_language),
        ]

    def text_choices(self) -> tuple[list[tuple[int | None, str]], int | None]:
        """The Text size row's choices (auto, saying the size in use, then 1x to the most) and
        the one chosen."""
        used, chosen = self.ctx.frame.text_scale, self.ctx.settings.text_size
        # Translators: the Text size row: the size chosen by the game; zoom is the one it uses.
        auto = _("auto (%(zoom)dx)") % {"zoom": used}
        sizes = dict((n, f"{n}x") for n in range(1, MAX_TEXT_SIZE + 1))
        if chosen is not None and chosen > used:  # the screen holds no window at that size
            said = _("%(used)dx (%(chosen)dx does not fit)")
            sizes[chosen] = said % {"used": used, "chosen": chosen}
        return [(None, auto), *sizes.items()], chosen

    def zoom_choices(self) -> tuple[list[tuple[int | None, str]], int | None]:
        """The zooms the Options row steps through (those that fit this board on this screen)
        and the one it shows: the zoom in use, never only the one remembered (a 4x
        remembered on an Expert board that fits at 3x is drawn at 3x, and says so)."""
        s, frame = self.ctx.settings, self.ctx.frame
        rows, cols, sizes, digits = frame.geometry()
        most = min(
            MAX_SCALE, geometry.most_scale(rows, cols, frame.space, sizes, digits, frame.text)
        )
        used = frame.scale
        shown = {n: f"{n}x" for n in range(1, max(most, used) + 1)}
        if s.scale is not None and s.scale > used:
            # Translators: the zoom in use, and the one chosen that does not fit the screen.
            said = _("%(used)dx (%(chosen)dx does not fit)")
            shown[used] = said % {"used": used, "chosen": s.scale}
        # Translators: the Zoom row: the zoom chosen by the game; zoom is the one it uses.
        auto = _("auto (%(zoom)dx)") % {"zoom": used} if s.scale is None else _("auto")
        choices = [(None, auto), *shown.items()]
        return choices, None if s.scale is None else used

    def open(self) -> None:
        self.ctx.dialogs.open(SettingsDialog(self.rows()))

    def offer_how_to_play(self) -> bool:
        """At the first start, the help's How to play, once: a player with no settings file yet
        (`Settings.shown_how_to_play` is False; one written before the setting reads True) and
        one to keep it in. Kept as offered at once, so it never comes again, however it is
        closed (Esc, Enter, its button, a click outside, a quit). Whether it was offered."""
        ctx = self.ctx
        if ctx.settings.shown_how_to_play or ctx.aids.settings_file is None:
            return False
        ctx.settings.shown_how_to_play = True
        ctx.dialogs.open(HelpOverlay(keys.help_rows(), welcome=True))
        ctx.save_settings()
        return True

    def _show_in_dialog(self) -> None:
        """The Options dialog's rows again, as the settings and the window are now (a zoom
        that did not fit, an auto zoom, a board changed)."""
        dialog = self.ctx.dialogs.dialog
        if isinstance(dialog, SettingsDialog):
            dialog.rows[:] = self.rows()
            dialog.refresh()

    def open_themes(self) -> None:
        self.ctx.dialogs.open(ThemeMenu(self.ctx.aids.themes, self.ctx.frame.theme.key))

    def changed(self, result: Change) -> None:
        """A row of the Options dialog changed (the dialog stays up; but for a board over a
        game in progress: Options closes, so "Leave this game?" shows now, not behind it)."""
        ctx = self.ctx
        leaving = ctx.settings.ask_before_leaving and ctx.session.in_progress
        if result.name == "board" and leaving and isinstance(ctx.dialogs.dialog, SettingsDialog):
            ctx.dialogs.close()
        self.change(result.name, result.value)
        self._show_in_dialog()
        self.ctx.drawn.invalidate()  # a theme, a zoom or a board may have come

    def picked_theme(self, result: PickTheme) -> None:
        self.set_theme(result.key)

    def change(self, name: str, value: object) -> None:
        """Apply one setting at once and keep it for the next start."""
        s = self.ctx.settings
        if name == "board":
            s.board = value
            self.new_game(s.board_choice())
        elif name == "scale":
            if value is None:
                s.scale = None
                self.set_scale(self.ctx.frame.best_scale())
                s.scale = None
            else:
                self.set_scale(value)
        elif name == "theme":
            self.set_theme(value)
        elif name == "text_size":
            self.ctx.frame.set_text_size(value)  # kept in the settings by the frame
        elif name == "counters":
            self.ctx.frame.set_counters(value)  # a panel takes lines under the board
        elif name == "speed":
            s.motion = s.ask_before_leaving = not value
            if value != (s.counters != "off"):
                self.ctx.frame.set_counters("line" if value else "off")
        elif name == "language":
            self.set_language(value)
        else:
            setattr(s, name, value)
            if name == "question_marks":
                self.ctx.session.game.question_marks = value
            # safe_zone and no_guess apply from the next game; the others are read when used
            self.session_rules()
        self.ctx.save_settings()

    def set_language(self, code: str) -> None:
        """Speak another language from this frame on ("": the system's, game/i18n.py
        `choose`); the command line's --language gives way to it. Words are looked up where
        they are drawn; what was built or measured from the old ones is made again: a new
        layout and renderer as for a theme (the rooms are told: the menus are built anew),
        this dialog's rows, and every dialog up or waiting, laid out from its new text."""
        ctx = self.ctx
        ctx.settings.language = code
        i18n.install(i18n.choose(None, code))
        ctx.frame.relayout()
        self._show_in_dialog()
        for dialog in (ctx.dialogs.dialog, *ctx.dialogs.queued):
            if dialog is not None:
                dialog.retranslate()
        ctx.drawn.invalidate()

    def set_scale(self, scale: int) -> None:
        for line in self.ctx.frame.set_scale(scale):
            self.ctx.status.say(line)
        self.ctx.save_settings()

    def zoom(self, step: int) -> None:
        self.set_scale(self.ctx.frame.scale + step)

    def toggle_fullscreen(self) -> None:
        self.ctx.frame.toggle_fullscreen()
        self.ctx.save_settings()

    def set_theme(self, key: str) -> None:
        """Draw with another theme once it is ready: its sheet is converted and scaled and its
        sounds read on a chore (play goes on meanwhile); then the switch lays the board's
        blocks in view with it over a few ticks while the window shows the old theme still
        (`Renderer.lay_ahead`), and shows the new one in a frame that only blits them. The
        game, timer, scroll and cursor stay."""
        ctx = self.ctx
        theme = ctx.aids.themes.get(key)
        if theme is None or theme is (self.wanted_theme or ctx.frame.theme):
            return
        self.wanted_theme = theme
        sounds, factor = ctx.aids.sounds, ctx.frame.layout.factor

        def prepare() -> None:
            theme.convert()
            sounds.preload(theme)
            sheets.scaled(theme, factor)  # kept: the switch's renderer takes it from there

        def switch(_: None) -> None:
            if self.wanted_theme is not theme:
                return  # another theme was chosen meanwhile: that one comes
            self.wanted_theme = None
            sounds.use_theme(theme)
            ctx.frame.use_theme(theme)
            ctx.settings.theme = key
            ctx.save_settings()

        ctx.aids.chores.start(prepare, switch, "", blocks=False)

    def wire_themes(self) -> None:
        """A command for each theme in the library not wired yet (`theme:NAME`: use it)."""
        ctx = self.ctx
        for key in ctx.aids.themes.themes:
            if f"theme:{key}" not in ctx.commands.table:
                ctx.commands.add(
                    f"theme:{key}",
                    lambda k=key: self.set_theme(k),
                    checked=lambda k=key: ctx.frame.theme.key == k,
                )

    def load_next_theme(self) -> bool:
        """One of the themes the first frame did not need, loaded (a step of the idle time's
        warming: game/ui/warm.py); after the last, their commands, and each line about one
        that is broken, to stderr as at the start. Whether any is left."""
        library = self.ctx.aids.themes
        if not library.rest:
            return False
        lines = library.load_next()
        if lines is None:
            return True
        from ...store.history import to_stderr

        for line in lines:
            to_stderr(line)
        self.wire_themes()
        return False

    def cycle_theme(self, step: int) -> None:
        names = self.ctx.aids.themes.names()
        key = (self.wanted_theme or self.ctx.frame.theme).key
        k = names.index(key) if key in names else 0
        chosen = names[(k + step) % len(names)]
        self.set_theme(chosen)
        self.ctx.status.say(self.ctx.aids.themes.get(chosen).title)

    def toggle_question_marks(self) -> None:
        self.change("question_marks", not self.ctx.settings.question_marks)
        on = self.ctx.settings.question_marks
        self.ctx.status.say(_("Question marks on") if on else _("Question marks off"))

    def toggle_sound(self) -> None:
        self.change("volume", self.ctx.aids.sounds.toggled_volume())
        volume = self.ctx.settings.volume
        # Translators: said when the sound is switched; volume is off, low or normal.
        self.ctx.status.say(_("Sound %(volume)s") % {"volume": _(VOLUME_WORDS.get(volume, volume))})


def _speed_preset(s) -> bool:
    """Whether the settings are the Speed preset's: no motion, no question before leaving a
    game in progress, and the counters shown."""
    return not s.motion and not s.ask_before_leaving and s.counters != "off"
