"""Sound effects: which effects a move makes, and the one place that plays them.

Owns pygame's mixer: no audio device means a silent game and one line on stderr, never a crash
or a wait. Sounds are loaded once per theme; nothing here decides a move or draws.

The device is let go after QUIET_MS with nothing playing: SDL's audio thread otherwise wakes
every buffer (about 43 times a second) to mix silence, most of an idle window's CPU. Letting go
waits for SDL to drain (two to three buffers, 70-80 ms), so a thread of its own does it; opening
again takes well under a millisecond on the loop's thread, on the first input after a sleep
(`wake`) or else by the sound that needs it, so the first sound is neither lost nor late.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
import tempfile
import threading
import wave
from pathlib import Path

import pygame

from ..engine import GameState, MoveKind
from ..engine.cells import NUMBER_CHARS, ViewChar
from ..i18n import _, ngettext
from ..store.files import FileRefused, file_inside, read_capped
from ..store.history import to_stderr
from ..store.settings import VOLUMES

EFFECTS = ("open", "region", "flag", "unflag", "dud", "explode", "win", "tick")
REGION_STEPS = (10, 40, 150)  # a region this big plays the 2nd, 3rd, 4th variant
GAIN = dict(zip(VOLUMES, (0.0, 0.4, 1.0), strict=True))  # off, low, normal
MIN_GAP_MS = 60  # one effect never starts again sooner than this
FREQUENCY = 22050
BUFFER = 512  # samples: about 23 ms from a click to the speaker
QUIET_MS = 3000  # nothing played for this long: the audio device is let go until needed
MAX_SOUND_BYTES = 1024 * 1024  # 1 MiB: said as such when a file is refused
MAX_SOUND_SECONDS = 5
MAX_SOUND_LINES = 3  # more sounds of one theme left out than this are said in one line
WAV_HEADER_BYTES = 44  # RIFF, fmt and data chunk headers: the least a WAV file has
_NUMBERS = NUMBER_CHARS


def effects_for(
    kind: MoveKind, changed: int, before: GameState, after: GameState, cell_before: str
) -> list[str]:
    """The effects of one move: `changed` cells changed, the game went from `before` to
    `after`, and the cell the move was on showed `cell_before` (its text view character)."""
    if after is GameState.WON and before is not GameState.WON:
        return ["win"]
    if after is GameState.LOST and before is not GameState.LOST:
        return ["explode"]
    if changed == 0:
        # a chord on a number that opens nothing; a click that did nothing stays silent
        chord = kind is MoveKind.CHORD and cell_before in _NUMBERS and after is GameState.PLAYING
        return ["dud"] if chord else []
    if kind is MoveKind.FLAG:
        return ["flag"] if cell_before == ViewChar.COVERED else ["unflag"]
    return ["open"] if changed == 1 else ["region"]


def region_variant(size: int, variants: int) -> int:
    """Which of a theme's `variants` region sounds a region of `size` cells plays."""
    step = sum(size >= s for s in REGION_STEPS)
    return min(step, variants - 1)


def check_wav(path: Path) -> str | None:
    """What is wrong with a sound file (said after its name), or None if the game can play it.

    Only a regular file is read (a FIFO, a device or a loop of links is refused without
    waiting on it), and its bytes are read here: `wave` and pygame get them, never the path."""
    # Translators: the messages of this function are said after a sound file's name, as in
    # "theme 'retro': sound 'win' (win.wav) is missing".
    try:
        data = read_capped(path, MAX_SOUND_BYTES)
    except FileNotFoundError:
        return _("is missing")
    except FileRefused as e:
        return str(e)
    except OSError as e:
        if e.errno == errno.ELOOP:
            return _("is a loop of symbolic links")
        # Translators: said after a sound file's name; reason is the system's.
        return _("cannot be read (%(reason)s)") % {"reason": e.strerror or e}
    try:
        with wave.open(io.BytesIO(data), "rb") as w:  # reads the header only
            channels, width, rate, frames = (
                w.getnchannels(),
                w.getsampwidth(),
                w.getframerate(),
                w.getnframes(),
            )
    except (EOFError, wave.Error) as e:
        # Translators: said after a sound file's name; reason is Python's, in English.
        return _("is not a WAV file the game can play (%(reason)s)") % {"reason": e}
    if channels not in (1, 2) or width not in (1, 2) or not 8000 <= rate <= 48000:
        # Translators: said after a sound file's name.
        return _("must be 8- or 16-bit PCM, mono or stereo, 8000-48000 Hz")
    if frames == 0 or len(data) < WAV_HEADER_BYTES + frames * channels * width:
        # Translators: said after a sound file's name.
        return _("is empty or cut short")
    if frames > MAX_SOUND_SECONDS * rate:
        # Translators: said after a sound file's name; s is seconds.
        return _("is longer than %(seconds)d s") % {"seconds": MAX_SOUND_SECONDS}
    return None


def sound_table(table: object, folder: Path, label: str) -> tuple[dict[str, list[Path]], list]:
    """A theme's [sounds] table as effect -> files; a line for each entry left out (`label`
    names the theme: "theme 'retro'")."""
    if table is None:
        return {}, []
    if not isinstance(table, dict):
        # Translators: a broken theme; keep [sounds] and the example as they are (they are
        # written so in theme.toml).
        return {}, [_in_theme(label, _('[sounds] must be a table of effect = "file.wav"'))]
    sounds: dict[str, list[Path]] = {}
    problems = []
    for effect, value in table.items():
        if effect not in EFFECTS:
            problems.append(
                # Translators: a broken theme; effect is what theme.toml names, effects the names
                # it may use (as written in theme.toml).
                _("%(effect)s in [sounds] is not an effect (the effects are %(effects)s)")
                % {"effect": repr(effect), "effects": ", ".join(EFFECTS)}
            )
            continue
        names = value if isinstance(value, list) else [value]
        if not names or not all(isinstance(n, str) for n in names):
            problems.append(
                # Translators: a broken theme; effect is a sound's name in theme.toml.
                _("sound %(effect)s must be a file name or a list of them")
                % {"effect": repr(effect)}
            )
            continue
        paths = []
        for name in names:
            try:
                path = file_inside(folder, name)
            except FileRefused as e:
                path, trouble = None, str(e)
            else:
                trouble = check_wav(path)
            if trouble:
                problems.append(
                    # Translators: a sound of a theme left out; effect is a sound's name, file its
                    # file; trouble says what is wrong with it ("is missing").
                    _("sound %(effect)s (%(file)s) %(trouble)s")
                    % {"effect": repr(effect), "file": name, "trouble": trouble}
                )
            else:
                paths.append(path)
        if paths:
            sounds[effect] = paths
    if len(problems) > MAX_SOUND_LINES:  # a whole folder broken: one line, not one a file
        # Translators: the sounds of a theme left out; first is the first one's problem.
        problems = [
            ngettext(
                "%(count)d sound cannot be played (the first: %(first)s); it is left out",
                "%(count)d sounds cannot be played (the first: %(first)s); they are left out",
                len(problems),
            )
            % {"count": len(problems), "first": problems[0]}
        ]
    else:
        problems = [left_out(p) for p in problems]
    return sounds, [_in_theme(label, p) for p in problems]


def left_out(problem: str) -> str:
    """A problem of a theme or a sound as the line that says so: what is wrong, then that the
    theme (or the sound) is left out."""
    # Translators: problem says what is wrong with a theme or one of its sounds.
    return _("%(problem)s; it is left out") % {"problem": problem}


def _in_theme(label: str, problem: str) -> str:
    """A theme's problem with the theme named first ("theme 'retro': ...")."""
    # Translators: a problem of a theme; theme is "theme 'name'", problem what is wrong.
    return _("%(theme)s: %(problem)s") % {"theme": label, "problem": problem}


def _say(line: str) -> None:
    to_stderr(line)


# SDL's mixer is one per process, so what guards it is too: a Sound letting the device go
# must be done before any Sound (another App's, in the tests) opens it again.
_MIXER = threading.Lock()
_closers: list[threading.Thread] = []


def _closed_by_every_closer() -> None:
    while _closers:
        _closers.pop().join()


@contextlib.contextmanager
def _library_noise_dropped():
    """Standard error at the file-descriptor level goes nowhere for the block's duration.

    With no audio device, the C libraries SDL tries (libasound, PulseAudio's client) write a
    dozen lines of their own to fd 2 before SDL gives up; SDL's answer, which says the same in
    one line, reaches the player through `_say`. Python's own `sys.stderr` is flushed first so
    nothing of ours is caught. If fd 2 is closed there is nothing to protect.
    """
    sys.stderr.flush() if sys.stderr is not None else None
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


class SoundBoard:
    """Plays a theme's effects at the volume the settings hold, each on its own channel, so a
    repeat cuts the last one short instead of piling up. Reads `settings.volume` and
    `settings.timer_tick` as they are now; `update` once a frame notices a change."""

    def __init__(self, settings, clock=pygame.time.get_ticks) -> None:
        self.settings = settings
        self.now = clock
        self.device: bool | None = None  # None: not opened yet; False: none, silent
        self.theme = None
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._sounds_for = None  # the theme `sounds` belong to
        self._cache: dict[str, dict[str, list[pygame.mixer.Sound]]] = {}
        self._last_ms: dict[str, int] = {}
        self._volume = settings.volume
        self._unmuted = "low" if settings.volume == "off" else settings.volume
        self._second: int | None = None
        self._frames = 0
        self._format = None  # the mixer's (frequency, size, channels) the sounds were made for
        self._heard = 0  # when something last played (or the device opened, or input came)
        self.asleep = False  # the device is let go (or being let go) while all is quiet
        self._closer: threading.Thread | None = None
        self._quit_hooked = False
        self._mixer = _MIXER  # the closer against a chore making sounds

    def use_theme(self, theme) -> None:
        """Sound like `theme` from now on: its sounds are loaded (once per theme) at the next
        `update`, or by the first play, whichever comes first."""
        self.theme = theme

    def play(self, effect: str, size: int = 1) -> bool:
        """Start `effect` (a region of `size` cells picks its variant); True if it started."""
        gain = GAIN.get(self.settings.volume, 0.0)
        if not gain:
            return False
        self.load()
        variants = self.sounds.get(effect)
        if not variants:
            return False
        now = self.now()
        if now - self._last_ms.get(effect, now - MIN_GAP_MS) < MIN_GAP_MS:
            return False
        if self.asleep:  # let go while quiet: back now, before the sound
            self._wake_device()
            self.load()  # the sounds again if it came back in another format
            if not self.sounds.get(effect):
                return False
        variants = self.sounds[effect]
        self._last_ms[effect] = self._heard = now
        sound = variants[region_variant(size, len(variants)) if effect == "region" else 0]
        channel = pygame.mixer.Channel(EFFECTS.index(effect))
        channel.set_volume(gain)
        channel.play(sound)
        return True

    def play_move(
        self, kind: MoveKind, changed: int, before: GameState, after: GameState, cell_before: str
    ) -> None:
        """The effects of a move just applied (see `effects_for`)."""
        for effect in effects_for(kind, changed, before, after, cell_before):
            self.play(effect, changed)

    def update(self, timer_seconds: int | None) -> None:
        """Once a frame: load the theme's sounds (the audio device opens on the second frame,
        so a slow or missing device never holds up the first), follow a volume change, and
        tick when the running timer's second changes (None: no timer running) if the tick
        is switched on."""
        if self.settings.volume != self._volume:
            self._volume = self.settings.volume
            if self._volume == "off" and self.device and not self.asleep:
                pygame.mixer.stop()
            elif self._volume != "off":
                self._unmuted = self._volume
        if self._frames < 1:
            self._frames += 1
        elif self._volume != "off":
            self.load()
        if timer_seconds != self._second:
            self._second = timer_seconds
            if timer_seconds is not None and self.settings.timer_tick:
                self.play("tick")
        self._let_go_if_quiet()

    def wake(self) -> None:
        """Input came after a sleep: the device is back before the sound it may ask for."""
        self._heard = self.now()
        closing = self._closer is not None and self._closer.is_alive()
        if self.asleep and not closing and self.settings.volume != "off":
            self._wake_device()

    def _let_go_if_quiet(self) -> None:
        if not self.device or self.asleep:
            return
        if pygame.mixer.get_busy():
            self._heard = self.now()
        elif self.now() - self._heard >= QUIET_MS:
            self.asleep = True
            self._closer = threading.Thread(target=self._close, name="sound-closer", daemon=True)
            _closers.append(self._closer)
            self._closer.start()

    def _close(self) -> None:
        with self._mixer:
            pygame.mixer.quit()

    def settle(self) -> None:
        """Wait for the device to be let go, if it is being let go now."""
        closer = self._closer
        if closer is not None:
            closer.join()
            self._closer = None

    def _wake_device(self) -> None:
        """Open the device let go while quiet (if it cannot be, the game goes silent with one
        line, as with no device at all)."""
        self.settle()
        self.asleep = False
        self.device = None
        if not self._open_device():
            self.sounds = {}

    def toggled_volume(self) -> str:
        """The volume the mute key sets: off, or back to the level before it was off."""
        if self.settings.volume != "off":
            self._unmuted = self.settings.volume
            return "off"
        return self._unmuted

    def load(self) -> None:
        """Open the audio device if need be and load the theme's sounds, once per theme."""
        if self._sounds_for is self.theme or self.theme is None:
            return
        if self.asleep:
            self._wake_device()
        self._sounds_for = self.theme
        self.sounds = {}
        if not self._open_device():
            return
        self.sounds = self.preload(self.theme)

    def preload(self, theme) -> dict[str, list[pygame.mixer.Sound]]:
        """The theme's sounds, read from their files once (on a chore before a theme switch:
        then `load` finds them here). Nothing is read while the audio device is not open."""
        key = theme.key
        with self._mixer:  # never while the device is being let go
            if key not in self._cache and self.device and pygame.mixer.get_init():
                self._cache[key] = self._read_sounds(theme)
        return self._cache.get(key, {})

    def _read_sounds(self, theme) -> dict[str, list[pygame.mixer.Sound]]:
        key = theme.key
        loaded = {}
        for effect, paths in getattr(theme, "sounds", {}).items():
            sounds = []
            for path in paths:
                # the bytes read here, as checked (never a path handed to SDL, which
                # would wait on a FIFO put in the file's place since)
                try:
                    data = read_capped(path, MAX_SOUND_BYTES)
                    sounds.append(pygame.mixer.Sound(file=io.BytesIO(data)))
                except (OSError, FileRefused, pygame.error) as e:
                    why = e.strerror if isinstance(e, OSError) and e.strerror else e
                    _say(
                        # Translators: name is a theme's folder, effect a sound's name, file
                        # its file, reason the system's.
                        _(
                            "theme %(name)s: sound %(effect)s (%(file)s) cannot be played "
                            "(%(reason)s); it is left out"
                        )
                        % {
                            "name": repr(key),
                            "effect": repr(effect),
                            "file": path.name,
                            "reason": why,
                        }
                    )
            if sounds:
                loaded[effect] = sounds
        return loaded

    def _open_device(self) -> bool:
        if self.device is None:
            _closed_by_every_closer()
            try:
                if not pygame.mixer.get_init():
                    with _library_noise_dropped():
                        pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
                pygame.mixer.set_num_channels(len(EFFECTS))
                self.device = True
            except pygame.error as e:
                # Translators: said on the terminal; reason is SDL's, in English.
                _say(_("no sound: the audio device cannot be opened (%(reason)s)") % {"reason": e})
                self.device = False
                return False
            if not self._quit_hooked:  # pygame's own quit waits for a closer first
                pygame.register_quit(self.settle)
                self._quit_hooked = True
            if self._format not in (None, pygame.mixer.get_init()):  # back in another format
                self._cache.clear()
                self._sounds_for = None
            self._format = pygame.mixer.get_init()
            self._heard = self.now()
        return self.device
