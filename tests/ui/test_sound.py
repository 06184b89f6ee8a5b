"""Sound effects: what each move sounds like, played once, muted by V, never in the way."""

import array
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.engine import GameState, MoveKind
from game.engine.boards import BoardChoice
from game.store.settings import Settings, SettingsFile
from game.ui import pace
from game.ui.gestures import DOUBLE_CLICK_MS
from game.ui.sound import EFFECTS, MIN_GAP_MS, QUIET_MS, SoundBoard, effects_for, region_variant
from game.ui.theme import THEMES_DIR, available_themes, load_library, load_theme

ROOT = Path(__file__).resolve().parents[2]
OPEN, FLAG, CHORD = MoveKind.OPEN, MoveKind.FLAG, MoveKind.CHORD
READY, PLAYING, WON, LOST = GameState.READY, GameState.PLAYING, GameState.WON, GameState.LOST

# (1, 1) is a 1 whose only mine is (0, 0); (2, 2) is a 0; five mines.
BOARD = ["*...*....", ".........", ".........", ".........", "*...*....", "........."] + [
    ".........",
    ".........",
    "........*",
]
# A wall of mines down column 4: two openings, and the second one wins.
WALL = ["....*...."] * 9
# The wall and a mine at (0, 0): (1, 1) is a 1, (5, 1) opens the left side only.
SPLIT = ["*...*...."] + ["....*...."] * 8


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        ((OPEN, 1, READY, PLAYING, "#"), ["open"]),
        ((OPEN, 37, PLAYING, PLAYING, "?"), ["region"]),
        ((CHORD, 3, PLAYING, PLAYING, "2"), ["region"]),
        ((CHORD, 1, PLAYING, PLAYING, "1"), ["open"]),
        ((FLAG, 1, PLAYING, PLAYING, "#"), ["flag"]),
        ((FLAG, 1, PLAYING, PLAYING, "F"), ["unflag"]),  # to ? or back to covered
        ((FLAG, 1, READY, READY, "?"), ["unflag"]),
        ((CHORD, 0, PLAYING, PLAYING, "3"), ["dud"]),
        ((CHORD, 0, PLAYING, PLAYING, "#"), []),  # not a number: nothing to chord
        ((OPEN, 0, PLAYING, PLAYING, "2"), []),  # an open cell: nothing happens, no sound
        ((FLAG, 0, WON, WON, "#"), []),
        ((CHORD, 0, LOST, LOST, "1"), []),
        ((OPEN, 12, PLAYING, LOST, "#"), ["explode"]),
        ((CHORD, 4, PLAYING, LOST, "2"), ["explode"]),
        ((OPEN, 400, PLAYING, WON, "#"), ["win"]),
        ((OPEN, 1, READY, WON, "#"), ["win"]),
    ],
)
def test_each_move_maps_to_one_effect_and_a_move_that_does_nothing_to_none(move, expected):
    assert effects_for(*move) == expected


def test_a_regions_sound_grows_with_its_size_up_to_the_last_variant():
    sizes = [2, 9, 10, 39, 40, 149, 150, 40_000]
    assert [region_variant(n, 4) for n in sizes] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [region_variant(n, 2) for n in sizes] == [0, 0, 1, 1, 1, 1, 1, 1]
    assert region_variant(40_000, 1) == 0


@pytest.fixture
def mixer():
    pygame.mixer.init(22050, -16, 2, 512)
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("key", available_themes())
def test_every_shipped_theme_names_every_effect_and_each_loads_short_and_quiet(key, mixer):
    theme = load_theme(THEMES_DIR / key)
    assert theme.sound_problems == []
    assert set(theme.sounds) == set(EFFECTS)
    assert len(theme.sounds["region"]) == 4
    board = SoundBoard(Settings())
    board.use_theme(theme)
    board.load()
    assert set(board.sounds) == set(EFFECTS)
    for effect, sounds in board.sounds.items():
        for sound in sounds:
            assert 0.005 < sound.get_length() <= 0.7, effect
            samples = array.array("h", sound.get_raw())
            peak = max(abs(s) for s in samples)
            assert 1600 < peak <= 13107, effect  # from -26 to -8 dBFS
    region = [s.get_length() for s in board.sounds["region"]]
    assert region == sorted(region) and len(set(region)) == 4  # a bigger region, a longer run


def test_the_audio_device_opens_after_the_first_frame_so_it_never_holds_it_up(drive):
    d = drive(settings=Settings(motion=False))  # one frame drawn
    assert d.app.ctx.aids.sounds.device is None and not pygame.mixer.get_init()
    d.tick()
    assert d.app.ctx.aids.sounds.device and pygame.mixer.get_init()
    assert set(d.app.ctx.aids.sounds.sounds) == set(EFFECTS)


def test_the_themes_sound_different():
    sounds = {
        key: (THEMES_DIR / key / "sounds" / "open.wav").read_bytes() for key in available_themes()
    }
    assert len(set(sounds.values())) == len(sounds)


def recording(app):
    """Wrap the one function that plays: every call is noted, and still plays."""
    calls = []
    play = app.ctx.aids.sounds.play

    def noting(effect, size=1):
        started = play(effect, size)
        calls.append((effect, started))
        return started

    app.ctx.aids.sounds.play = noting
    return calls


def test_each_game_event_in_the_real_loop_plays_its_effect_once(drive):
    d = drive(layout=SPLIT, settings=Settings(motion=False))
    calls = recording(d.app)
    steps = [
        (lambda: d.click((1, 1)), "open"),
        (lambda: d.click((0, 0), button=3), "flag"),
        (lambda: d.click((0, 0), button=3), "unflag"),
        (lambda: d.click((1, 1)), "dud"),  # a left click on a 1 with no flag by it
        (lambda: d.click((5, 1)), "region"),
        (lambda: d.click((8, 4)), "explode"),
    ]
    for act, effect in steps:
        d.tick(DOUBLE_CLICK_MS)  # a click of its own, and long past the last sound
        calls.clear()
        act()
        assert calls == [(effect, True)], effect
    assert d.app.play.game.state is GameState.LOST
    calls.clear()
    d.click((8, 0))  # the game is over: nothing happens, nothing sounds
    assert calls == []

    w = drive(layout=WALL, settings=Settings(motion=False))
    calls = recording(w.app)
    w.click((0, 0))
    w.tick(DOUBLE_CLICK_MS)
    w.click((0, 8))
    assert w.app.play.game.state is GameState.WON
    assert calls == [("region", True), ("win", True)]


@pytest.mark.concurrent
def test_a_200_by_200_cascade_is_one_sound(drive):
    d = drive(BoardChoice(200, 200, 1), settings=Settings(motion=True))
    calls = recording(d.app)
    d.click((0, 0))
    for _ in range(30):  # the cascade turns over for a while: it stays one sound
        d.tick()
    assert d.app.play.game.state is GameState.WON
    assert calls == [("win", True)]


def test_the_same_effect_never_starts_again_sooner_than_the_gap(drive):
    d = drive(layout=BOARD, settings=Settings(motion=False))
    calls = recording(d.app)
    d.click((8, 0), button=3)  # two clicks, 32 ms apart
    d.click((8, 1), button=3)
    d.tick(MIN_GAP_MS)
    d.click((8, 2), button=3)
    assert calls == [("flag", True), ("flag", False), ("flag", True)]
    assert d.app.play.game.cell(8, 1) == "F"  # the move itself always happens


def test_v_mutes_everything_at_once_and_v_again_brings_the_volume_back(drive, tmp_path):
    settings = Settings(motion=False, volume="normal")
    d = drive(layout=BOARD, settings=settings)
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    calls = recording(d.app)
    d.click((8, 0), button=3)
    assert pygame.mixer.get_busy()  # the flag sounds
    d.key(pygame.K_v, "v")
    assert not pygame.mixer.get_busy()  # cut short
    assert d.app.ctx.settings.volume == "off"
    assert json.loads((tmp_path / "settings.json").read_text())["volume"] == "off"
    assert "Sound off" in d.app.play.view.status_text()
    for act in (
        lambda: d.click((8, 1), button=3),
        lambda: d.click((1, 1)),
        lambda: d.click((4, 4)),
    ):
        d.tick(DOUBLE_CLICK_MS)
        act()
        assert not pygame.mixer.get_busy()
    assert [started for _, started in calls[1:]] == [False, False, False]
    d.key(pygame.K_ESCAPE)  # the loss's notice
    d.key(pygame.K_n, "n")
    d.key(pygame.K_v, "v")
    assert d.app.ctx.settings.volume == "normal"
    d.tick(DOUBLE_CLICK_MS)
    d.click((8, 0), button=3)
    assert calls[-1] == ("flag", True) and pygame.mixer.get_busy()


def test_the_timer_ticks_each_second_only_when_the_option_is_on(drive):
    for tick_on, expected in ((False, 0), (True, 3)):
        d = drive(layout=BOARD, settings=Settings(motion=False, timer_tick=tick_on))
        calls = recording(d.app)
        d.click((1, 1))  # the timer shows 1 at once
        for _ in range(2):
            d.tick(1000)
        d.key(pygame.K_v, "v")
        d.tick(1000)  # muted: no tick
        assert [c for c in calls if c[0] == "tick"] == [("tick", True)] * expected + (
            [("tick", False)] if tick_on else []
        )


@pytest.mark.concurrent
def test_the_audio_device_is_let_go_while_the_loop_sleeps_and_back_before_a_sound(
    drive, monkeypatch
):
    """SDL's audio thread wakes every buffer to mix silence while the device is open: in the
    real loop, with nothing playing it is let go; the first input after the sleep opens it
    again, before the sound that input makes."""
    d = drive(layout=BOARD, settings=Settings(motion=False, volume="normal"))
    d.tick()  # the device opens on the second frame
    sounds = d.app.ctx.aids.sounds
    assert sounds.device and pygame.mixer.get_init() and not sounds.asleep
    pos, seen, heard = d.at((0, 0)), [], []

    def wait(ms):  # the loop's sleep: the clock moves the whole time, input comes on cue
        d.clock.ms += ms
        sounds.settle()  # the closer has had its 80 ms
        seen.append((sounds.asleep, bool(pygame.mixer.get_init())))
        if len(seen) == 6:
            d.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
        elif len(seen) == 7:
            d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
            d.post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
        elif len(seen) == 8:
            d.app.games.running = False

    def play(effect, size=1):
        heard.append((effect, bool(pygame.mixer.get_init())))
        return real_play(effect, size)

    real_play, sounds.play = sounds.play, play
    monkeypatch.setattr(pace, "best_wait", lambda: wait)  # the App's own Pace, with its hook
    d.app.loop()
    asleep_at = (QUIET_MS + 999) // 1000  # waits of a second each; nothing played meanwhile
    assert seen[: asleep_at - 1] == [(False, True)] * (asleep_at - 1)
    assert seen[asleep_at:6] == [(True, False)] * (6 - asleep_at)  # let go: no audio thread
    assert seen[6] == (False, True)  # the pointer moved: back before any click
    assert heard == [("flag", True)] and d.app.play.game.cell(0, 0) == "F"
    assert pygame.mixer.get_busy()  # and it sounds


@pytest.mark.concurrent
def test_a_sound_asked_for_while_the_device_is_let_go_opens_it_and_plays(mixer):
    clock = [0]
    board = SoundBoard(Settings(volume="normal"), clock=lambda: clock[0])
    board.use_theme(load_theme(THEMES_DIR / "classic"))
    board.update(None)
    board.update(None)  # loaded, quiet from here
    clock[0] += QUIET_MS - 1
    board.update(None)
    assert not board.asleep
    clock[0] += 1
    board.update(None)
    board.settle()
    assert board.asleep and not pygame.mixer.get_init()
    for _ in range(3):  # asleep it stays while nothing happens
        clock[0] += 1000
        board.update(None)
    assert board.asleep
    assert board.play("explode") and pygame.mixer.get_init() and pygame.mixer.get_busy()
    assert not board.asleep


@pytest.mark.concurrent
def test_a_sound_still_playing_keeps_the_device(mixer, monkeypatch):
    clock = [0]
    board = SoundBoard(Settings(volume="normal"), clock=lambda: clock[0])
    board.use_theme(load_theme(THEMES_DIR / "classic"))
    board.load()
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: True)  # a long sound, say
    for _ in range(2 * QUIET_MS // 1000):
        clock[0] += 1000
        board.update(None)
    assert not board.asleep
    monkeypatch.undo()
    clock[0] += QUIET_MS
    board.update(None)
    board.settle()
    assert board.asleep and not pygame.mixer.get_init()


@pytest.mark.concurrent
def test_a_device_let_go_by_one_board_is_closed_before_another_board_opens_it(mixer, monkeypatch):
    """The mixer is one per process: a second window's board (the tests make many) must not
    open it while the first one's closer is still to close it, or that close would pull the
    device from under the second ("mixer not initialized")."""
    import threading

    said, release, real_quit, real_init = (
        [],
        threading.Event(),
        pygame.mixer.quit,
        pygame.mixer.init,
    )

    def slow_quit():
        release.wait(5)
        said.append("quit")
        real_quit()

    def init(*args):
        said.append("init")
        real_init(*args)

    clock = [0]
    first = SoundBoard(Settings(volume="normal"), clock=lambda: clock[0])
    first.use_theme(load_theme(THEMES_DIR / "classic"))
    first.load()
    monkeypatch.setattr(pygame.mixer, "quit", slow_quit)
    monkeypatch.setattr(pygame.mixer, "init", init)
    clock[0] += QUIET_MS
    first.update(None)  # its closer starts, and waits in quit
    assert first.asleep
    second = SoundBoard(Settings(volume="normal"))
    second.use_theme(load_theme(THEMES_DIR / "classic"))
    opening = threading.Thread(target=second.load)
    opening.start()
    opening.join(0.2)  # time enough to open, if it did not wait for the closer
    release.set()
    opening.join()
    assert said == ["quit", "init"] and second.device and pygame.mixer.get_init()


def test_the_options_show_the_volume_and_change_it(drive, tmp_path):
    d = drive(settings=Settings(motion=False))
    d.key(pygame.K_o, "o")
    lines = d.app.ctx.dialogs.dialog.texts()
    assert any(t.split() == ["Sound", "low"] for t in lines)
    assert any(t.split() == ["Tick", "off"] for t in lines)
    row = next(k for k, t in enumerate(lines) if t.split()[:1] == ["Sound"])
    for _ in range(row - 1):  # the focus starts on the first row, under the title
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)
    assert d.app.ctx.settings.volume == "normal"
    d.key(pygame.K_RIGHT)
    assert d.app.ctx.settings.volume == "off"


def test_the_mute_key_is_in_the_help_and_the_readme(drive):
    d = drive()
    d.key(pygame.K_F1)
    d.key(pygame.K_RIGHT)  # the keys' page
    seen = []
    for _ in range(60):  # the help scrolls: read it all
        seen += d.app.ctx.dialogs.dialog.texts()
        d.key(pygame.K_DOWN)
    assert any(t.split()[:1] == ["V"] and "Sound" in t for t in seen)
    readme = (ROOT / "README.md").read_text()
    assert "| V | Sound on/off |" in readme


@pytest.fixture
def own_theme(tmp_path):
    """A player's copy of the classic theme, with its sounds, to break."""
    folder = tmp_path / "themes" / "mine"
    shutil.copytree(THEMES_DIR / "classic", folder)
    return folder


def test_a_broken_or_missing_sound_is_left_out_with_one_line_and_the_theme_plays_on(
    own_theme, drive
):
    (own_theme / "sounds" / "flag.wav").write_bytes(b"RIFF this is not a sound")
    (own_theme / "sounds" / "open.wav").unlink()
    library = load_library(own_theme.parent)
    assert "mine" in library.themes
    assert len(library.problems) == 2
    flag, opened = sorted(library.problems)
    assert "'mine'" in flag and "'flag'" in flag and "not a WAV file" in flag
    assert "'open'" in opened and "is missing" in opened
    theme = library.get("mine")
    assert set(theme.sounds) == set(EFFECTS) - {"flag", "open"}

    d = drive(layout=BOARD, settings=Settings(motion=False))
    d.app.ctx.aids.themes = library
    d.app.options.set_theme("mine")
    assert d.app.ctx.frame.theme is theme
    calls = recording(d.app)
    d.click((1, 1))
    d.tick(DOUBLE_CLICK_MS)
    d.click((0, 0), button=3)
    d.tick(DOUBLE_CLICK_MS)
    d.click((0, 0), button=3)
    assert calls == [("open", False), ("flag", False), ("unflag", True)]


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ('[sounds]\nboom = "sounds/explode.wav"', "'boom' in [sounds] is not an effect"),
        ('[sounds]\nwin = "../../classic/theme.toml"', "points outside the theme folder"),
        ("[sounds]\nwin = 3", "must be a file name or a list"),
        ('[sounds]\nwin = "sheet.png"', "not a WAV file"),
        ("sounds = 5", "[sounds] must be a table"),
    ],
)
def test_a_bad_sounds_table_entry_is_one_line_and_the_rest_loads(own_theme, table, words):
    manifest = own_theme / "theme.toml"
    text = manifest.read_text()
    cut = text.index("\n[sounds]")
    if table.startswith("[sounds]"):
        text = text[:cut] + "\n" + table + "\n"
    else:  # a key, not a table: it must come before the first table
        text = table + "\n" + text[:cut] + "\n"
    manifest.write_text(text)
    theme = load_theme(own_theme)
    assert len(theme.sound_problems) == 1 and words in theme.sound_problems[0]
    assert theme.sprites  # the theme itself is fine


def test_a_player_theme_brings_its_own_sound(own_theme, mixer):
    shutil.rmtree(own_theme / "sounds")
    with wave.open(str(own_theme / "pop.wav"), "wb") as w:  # 8-bit stereo, 11025 Hz
        w.setnchannels(2)
        w.setsampwidth(1)
        w.setframerate(11025)
        w.writeframes(bytes([128, 128, 200, 56] * 500))
    text = (own_theme / "theme.toml").read_text()
    text = text[: text.index("\n[sounds]")] + '\n[sounds]\nopen = "pop.wav"\n'
    (own_theme / "theme.toml").write_text(text)
    theme = load_theme(own_theme)
    assert theme.sound_problems == [] and list(theme.sounds) == ["open"]
    board = SoundBoard(Settings(), clock=lambda: 0)
    board.use_theme(theme)
    assert board.play("open") and not board.play("flag")


def test_a_sound_the_mixer_refuses_is_left_out_with_one_line(mixer, monkeypatch, capsys):
    real = pygame.mixer.Sound
    theme = load_theme(THEMES_DIR / "classic")
    win = theme.sounds["win"][0].read_bytes()

    def picky(file):
        if file.getvalue() == win:  # the game hands the mixer bytes, never a path
            raise pygame.error("Unrecognized audio format")
        return real(file=file)

    monkeypatch.setattr(pygame.mixer, "Sound", picky)
    board = SoundBoard(Settings(), clock=lambda: 0)
    board.use_theme(theme)
    board.load()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "'win'" in lines[0] and "left out" in lines[0]
    assert not board.play("win") and board.play("explode")


def test_without_an_audio_device_the_game_is_silent_with_one_line(monkeypatch, capsys):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    board = SoundBoard(Settings(), clock=lambda: 0)
    board.use_theme(load_theme(THEMES_DIR / "classic"))
    board.use_theme(load_theme(THEMES_DIR / "night"))
    assert not board.play("open") and not board.play("win")
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "pixel-mines: no sound: the audio device cannot be opened (No available audio device)"
    ]


def test_sound_off_at_start_never_opens_the_audio_device(monkeypatch):
    def must_not(*args, **kwargs):
        raise AssertionError("the mixer was opened")

    monkeypatch.setattr(pygame.mixer, "init", must_not)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    board = SoundBoard(Settings(volume="off"), clock=lambda: 0)
    board.use_theme(load_theme(THEMES_DIR / "classic"))
    assert not board.play("open")
    for _ in range(3):
        board.update(None)


def test_the_sounds_script_makes_the_shipped_files_byte_for_byte_every_time(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools/make_sounds.py")
    tool = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_sounds", tool)  # its dataclasses look it up there
    spec.loader.exec_module(tool)
    for run in ("first", "second"):
        for voice in tool.VOICES:
            (tmp_path / run / voice.key).mkdir(parents=True)
            shutil.copy(THEMES_DIR / voice.key / "theme.toml", tmp_path / run / voice.key)
            tool.write_theme_sounds(voice, tmp_path / run)
    for voice in tool.VOICES:
        shipped = THEMES_DIR / voice.key
        for run in ("first", "second"):
            made = tmp_path / run / voice.key
            names = sorted(p.name for p in (made / "sounds").iterdir())
            assert names == sorted(p.name for p in (shipped / "sounds").iterdir())
            for name in names:
                assert (made / "sounds" / name).read_bytes() == (
                    shipped / "sounds" / name
                ).read_bytes(), name
            # the [sounds] table is replaced, not added again
            assert (made / "theme.toml").read_text() == (shipped / "theme.toml").read_text()


# ---- the real loop on SDL's file-writing audio driver, in a process of its own -------------

LOOP = """
import json, os, sys, time
sys.path.insert(0, {root!r})
import pygame
from game.engine import Game
from game.engine.boards import BoardChoice
from game.store.settings import Settings
from game.ui.theme import load_library
from game.ui.window import App

pygame.display.init()
layout = {layout!r}
app = App(BoardChoice.of(9, 9, 5), Settings(motion=False), load_library(), seed=1, scale=2)
app.games.play_game(Game.from_layout(layout))
while app.ctx.aids.sounds.device is None:  # the audio device opens on the second frame
    app.step()


def written():
    # where the audio stream is, in bytes of the file the disk driver writes: the stream's own
    # clock, which a busy machine slows with it (the wall clock would not be)
    path = os.environ["SDL_DISKAUDIOFILE"]
    return os.path.getsize(path) if os.path.exists(path) else 0  # no device: no stream


sounds, play, started = app.ctx.aids.sounds, app.ctx.aids.sounds.play, []
# where the stream was as each sound was started (what comes after, a slow frame's drawing
# on a busy machine, is not the sound's delay)
sounds.play = lambda *a: started.append((play(*a), written())) or started[-1][0]


def run_for(ms):
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        app.step()
        time.sleep(0.004)


def click(cell):
    lay = app.ctx.frame.layout
    box = lay.cell_rect(*cell, app.play.view.top, app.play.view.left)
    pos = (lay.origin_x + box.x + box.w // 2, lay.origin_y + box.y + box.h // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    at, before = written(), len(started)
    app.step()  # the click's own frame starts its sound
    return [at, started[before:]]


run_for(150)
first = click((1, 1))
run_for(300)
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, unicode="v", mod=0,
                                     scancode=0))
run_for(60)
muted = click((2, 2))
run_for(300)
out = {{"format": pygame.mixer.get_init(), "first": first, "muted": muted,
        "cells": [app.play.game.cell(1, 1), app.play.game.cell(2, 2)],
        "volume": app.ctx.settings.volume}}
pygame.quit()
print(json.dumps(out))
"""


def run_loop(tmp_path, driver, code=LOOP):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER=driver,
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SDL_DISKAUDIOFILE=str(tmp_path / "out.raw"),
    )
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    code = code.format(root=str(ROOT), layout=BOARD)
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1]), done.stderr


@pytest.fixture(scope="module")
def disk_run(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("disk")
    result, stderr = run_loop(tmp_path, "disk")
    return result, stderr, (tmp_path / "out.raw").read_bytes()


def frame_peaks(raw: bytes, channels: int) -> list[int]:
    samples = array.array("h", raw)
    if sys.byteorder == "big":
        samples.byteswap()
    return [
        max(abs(s) for s in samples[i : i + channels]) for i in range(0, len(samples), channels)
    ]


MINUS_30_DBFS = 1036  # 32768 * 10 ** (-30 / 20)


@pytest.mark.concurrent
def test_a_click_in_the_real_loop_is_heard_at_least_at_minus_30_dbfs_within_100_ms(disk_run):
    """Timed on the stream itself (where the file the driver writes had got to), so a busy
    machine, which slows the stream and the loop alike, moves nothing: the click's frame
    starts its sound, which is in the stream within 100 ms of where the stream was as it was
    started."""
    result, stderr, raw = disk_run
    freq, size, channels = result["format"]
    assert size == -16 and result["cells"][0] == "1"
    assert stderr.strip() == ""  # the disk driver's own lines are library noise, dropped
    peaks = frame_peaks(raw, channels)
    before, [(playing, at)] = result["first"]  # the click's frame started one sound
    frame = 2 * channels  # bytes a frame of 16-bit samples
    assert playing and max(peaks[: before // frame]) == 0  # silent until the click
    at //= frame  # the file lags the stream by at most stdio's buffer
    assert max(peaks[at : at + freq // 10]) >= MINUS_30_DBFS


@pytest.mark.concurrent
def test_muted_play_in_the_real_loop_is_silence(disk_run):
    result, _, raw = disk_run
    freq, _, channels = result["format"]
    assert result["volume"] == "off" and result["cells"][1] == "."  # the region did open
    peaks = frame_peaks(raw, channels)
    muted = result["muted"][0] // (2 * channels)
    assert len(peaks) > muted + freq // 10  # the stream ran on after the click
    assert not any(playing for playing, _ in result["muted"][1]) and max(peaks[muted:]) == 0


AFTER_A_SLEEP = """
import json, os, sys, time
sys.path.insert(0, {root!r})
import pygame
from game.engine import Game
from game.engine.boards import BoardChoice
from game.store.settings import Settings
from game.ui import sound
from game.ui.theme import load_library
from game.ui.window import App

sound.QUIET_MS = 200  # the quiet that lets the device go, short for the test
pygame.display.init()
app = App(BoardChoice.of(9, 9, 5), Settings(motion=False), load_library(), seed=1, scale=2)
app.games.play_game(Game.from_layout({layout!r}))
opened, init = [], pygame.mixer.init
pygame.mixer.init = lambda *a: (init(*a), opened.append(time.perf_counter()))
end = time.perf_counter() + 0.6
while time.perf_counter() < end:
    app.step()
    time.sleep(0.004)
app.ctx.aids.sounds.settle()
let_go = pygame.mixer.get_init() is None and len(opened) == 1
lay = app.ctx.frame.layout
box = lay.cell_rect(1, 1, app.play.view.top, app.play.view.left)
pos = (lay.origin_x + box.x + box.w // 2, lay.origin_y + box.y + box.h // 2)
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
sounds, play, started = app.ctx.aids.sounds, app.ctx.aids.sounds.play, []
# where the new stream was as the sound was started (the file the disk driver writes: the
# stream's own clock; what comes after, a slow frame's drawing, is not the sound's delay)
path = os.environ["SDL_DISKAUDIOFILE"]
sounds.play = lambda *a: started.append((play(*a), os.path.getsize(path))) or started[-1][0]
app.step()  # the click's own frame opens the device again and starts its sound
form = pygame.mixer.get_init()
end = time.perf_counter() + 0.15
while time.perf_counter() < end:
    app.step()
    time.sleep(0.004)
out = {{"format": form, "let_go": let_go, "opens": len(opened), "started": started,
        "cells": [app.play.game.cell(1, 1)]}}
pygame.quit()
print(json.dumps(out))
"""


@pytest.mark.concurrent
def test_the_first_sound_after_the_device_was_let_go_is_heard_within_100_ms(tmp_path):
    """On SDL's file-writing driver (the file starts again when the device opens again),
    timed on the stream itself: the click's frame opens the device and starts its sound, which
    is in the new stream within 100 ms of where the stream was as it was started."""
    result, stderr = run_loop(tmp_path, "disk", AFTER_A_SLEEP)
    assert result["let_go"] and result["opens"] == 2 and result["cells"] == ["1"]
    [(playing, at)] = result["started"]  # the click's frame started one sound
    freq, _, channels = result["format"]
    peaks = frame_peaks((tmp_path / "out.raw").read_bytes(), channels)
    at //= 2 * channels
    assert playing and max(peaks[at : at + freq // 10]) >= MINUS_30_DBFS


@pytest.mark.concurrent
def test_no_audio_device_means_a_silent_game_and_one_line(tmp_path):
    result, stderr = run_loop(tmp_path, "nosuchdriver")
    assert result["format"] is None and result["cells"] == ["1", "."]
    assert stderr.splitlines() == [
        "pixel-mines: no sound: the audio device cannot be opened "
        "(Audio target 'nosuchdriver' not available)"
    ]


def test_a_sound_file_cut_short_is_left_out_with_one_line(own_theme):
    win = own_theme / "sounds" / "win.wav"
    win.write_bytes(win.read_bytes()[:-100])
    theme = load_theme(own_theme)
    assert len(theme.sound_problems) == 1 and "'win'" in theme.sound_problems[0]
    assert "cut short" in theme.sound_problems[0] and "win" not in theme.sounds


@pytest.mark.concurrent
def test_no_audio_device_prints_the_games_one_line_and_no_library_noise():
    """With no device, libasound and PulseAudio's client write lines of their own to fd 2 while
    SDL tries them; the player sees only the game's line. (Where a device does open, nothing
    is printed at all, which passes too.)"""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_AUDIODRIVER="alsa", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("XDG_RUNTIME_DIR", None)
    code = (
        "import pygame; pygame.display.init()\n"
        "from types import SimpleNamespace\n"
        "from game.ui.sound import SoundBoard\n"
        "board = SoundBoard(SimpleNamespace(volume='normal', timer_tick=False))\n"
        "print(board._open_device())\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    if result.stdout.strip() == "False":
        assert len(lines) == 1 and lines[0].startswith("pixel-mines: no sound:"), lines
    else:
        assert lines == []
