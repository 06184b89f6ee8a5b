"""A game controller in the real loop: SDL's controller events posted through pygame's queue
(the fields SDL gives them: `instance_id`, `button`, `axis`, `value`), a Beginner game won
with nothing else, the menus and dialogs moved with the d-pad, a direction held repeating on
the loop's clock, and controllers plugged and unplugged through the pad's opener."""

import pygame
import pytest

from game.engine import GameState
from game.ui import gamepad
from game.ui.dialogs import SettingsDialog
from game.ui.gamepad import LET_GO_AT, PRESS_AT, REPEAT_DELAY_MS, REPEAT_MS

P = pygame
PAD = 3  # the instance id SDL gave the controller
A, B, X, Y = (
    P.CONTROLLER_BUTTON_A,
    P.CONTROLLER_BUTTON_B,
    P.CONTROLLER_BUTTON_X,
    P.CONTROLLER_BUTTON_Y,
)
START, BACK = P.CONTROLLER_BUTTON_START, P.CONTROLLER_BUTTON_BACK
UP, DOWN = P.CONTROLLER_BUTTON_DPAD_UP, P.CONTROLLER_BUTTON_DPAD_DOWN
LEFT, RIGHT = P.CONTROLLER_BUTTON_DPAD_LEFT, P.CONTROLLER_BUTTON_DPAD_RIGHT
STICK_X, STICK_Y = P.CONTROLLER_AXIS_LEFTX, P.CONTROLLER_AXIS_LEFTY

# Beginner: 10 mines, a wall down column 4 and one in the corner. (1, 1) is a 1 whose mine is
# (0, 0): flagged, a chord there opens the left side; the right side opens from any cell of it.
WALLED = ["*...*...."] + ["....*...."] * 8


def button(d, which, instance=PAD):
    """A press and release of a controller's button, a tick each."""
    d.post(P.CONTROLLERBUTTONDOWN, instance_id=instance, button=which)
    d.tick()
    d.post(P.CONTROLLERBUTTONUP, instance_id=instance, button=which)
    d.tick()


def stick(d, axis, value, ms=16):
    d.post(P.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
    d.tick(ms)


def cursor(d):
    return d.app.play.view.cursor


def go(d, cell):
    """The keyboard cursor to `cell` with the d-pad alone (its first press shows it)."""
    if cursor(d) is None:
        button(d, UP)
    for _ in range(40):
        row, col = cursor(d)
        if (row, col) == cell:
            return
        if row != cell[0]:
            button(d, DOWN if cell[0] > row else UP)
        else:
            button(d, RIGHT if cell[1] > col else LEFT)
    raise AssertionError(f"the cursor never reached {cell}: it is at {cursor(d)}")


def test_a_beginner_game_is_won_with_the_controller_alone(drive):
    d = drive(layout=WALLED)
    game = d.app.play.game
    assert (game.rows, game.cols, game.mines) == (9, 9, 10)
    go(d, (1, 1))
    button(d, A)  # opens
    assert game.cell(1, 1) == "1"
    go(d, (0, 0))
    button(d, B)  # flags
    assert game.cell(0, 0) == "F"
    go(d, (1, 1))
    button(d, X)  # chords: the left side opens
    assert game.cell(8, 0) == "." and game.state is GameState.PLAYING  # a 0, open
    stick(d, STICK_X, 32767)  # the stick to the right, held: (1, 2) at once...
    assert cursor(d) == (1, 2)
    d.tick(REPEAT_DELAY_MS)  # ...(1, 3) after the delay, then a cell every REPEAT_MS
    assert cursor(d) == (1, 3)
    for col in (4, 5, 6):
        d.tick(REPEAT_MS)
        assert cursor(d) == (1, col)
    stick(d, STICK_X, 0)
    button(d, A)  # a 0 on the right side
    assert game.state is GameState.WON
    assert d.app.ctx.dialogs.dialog is not None  # the notice of the win
    button(d, B)  # back out of it
    assert d.app.ctx.dialogs.dialog is None
    assert game.state is GameState.WON


def test_y_asks_a_hint_and_the_shoulders_zoom(drive):
    d = drive(layout=WALLED)
    go(d, (1, 1))
    button(d, A)
    button(d, Y)
    assert d.app.play.help.words() is not None  # the hint is said under the board
    scale = d.app.ctx.frame.scale
    button(d, P.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert d.app.ctx.frame.scale == scale + 1
    button(d, P.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert d.app.ctx.frame.scale == scale


def test_a_direction_held_repeats_on_the_loops_clock_and_stops_when_let_go(drive):
    d = drive(layout=WALLED)
    stick(d, STICK_Y, PRESS_AT - 1)  # within the dead zone: nothing
    assert cursor(d) is None
    stick(d, STICK_Y, -32768)  # up: the cursor shows in the middle
    first = cursor(d)
    assert first is not None
    stick(d, STICK_Y, 32767)  # down, held
    start = cursor(d)
    assert start == (first[0] + 1, first[1])
    now = d.app.ctx.aids.now()
    assert d.app.due(now) == now + REPEAT_DELAY_MS  # the loop wakes for the repeat
    d.tick(REPEAT_DELAY_MS - 1)
    assert cursor(d) == start
    d.tick(1)
    assert cursor(d) == (start[0] + 1, start[1])
    stick(d, STICK_Y, LET_GO_AT + 1, ms=REPEAT_MS)  # back a little: still held
    assert cursor(d) == (start[0] + 2, start[1])
    stick(d, STICK_Y, LET_GO_AT)  # back within the dead zone: let go
    d.tick(REPEAT_DELAY_MS * 3)
    assert cursor(d) == (start[0] + 2, start[1])
    assert d.app.pad.due(d.app.ctx.aids.now()) is None


def test_a_dpad_button_held_repeats_until_released(drive):
    d = drive(layout=WALLED)
    button(d, UP)
    first = cursor(d)
    d.post(P.CONTROLLERBUTTONDOWN, instance_id=PAD, button=LEFT)
    d.tick()
    d.tick(REPEAT_DELAY_MS)
    assert cursor(d) == (first[0], first[1] - 2)
    d.post(P.CONTROLLERBUTTONUP, instance_id=PAD, button=LEFT)
    d.tick(REPEAT_DELAY_MS)
    assert cursor(d) == (first[0], first[1] - 2)


def test_the_menus_and_the_options_move_with_the_dpad(drive):
    d = drive(layout=WALLED)
    bar = d.app.menu.bar
    button(d, START)
    assert d.app.menu.bar.is_open and d.app.menu.bar.open == 0
    button(d, RIGHT)  # the next menu: Options
    bar = d.app.menu.bar
    assert bar.names()[bar.open] == "Options"
    while bar.items()[bar.focus].action != "options":
        button(d, DOWN)
    button(d, A)  # chooses the row: the Options dialog
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, SettingsDialog) and not d.app.menu.bar.is_open
    names = [row.name for row in dialog.rows]
    while names[dialog.list.selected] != "keys_at_pointer":
        button(d, DOWN)
    assert not d.app.ctx.settings.keys_at_pointer
    button(d, RIGHT)  # changes the row picked
    assert d.app.ctx.settings.keys_at_pointer
    button(d, B)  # closes
    assert d.app.ctx.dialogs.dialog is None


def test_start_closes_the_menu_it_opened_and_b_does_too(drive):
    d = drive(layout=WALLED)
    button(d, START)
    assert d.app.menu.bar.is_open
    button(d, START)
    assert not d.app.menu.bar.is_open
    button(d, START)
    button(d, B)
    assert not d.app.menu.bar.is_open
    assert d.app.play.game.state is GameState.READY  # B in the menu flagged nothing
    assert cursor(d) is None


def test_back_asks_for_a_new_game_b_keeps_this_one_and_start_says_yes(drive):
    d = drive(layout=WALLED)
    go(d, (1, 1))
    button(d, A)
    game = d.app.play.game
    button(d, BACK)  # a new game, over one in progress: asked first
    assert d.app.ctx.dialogs.dialog is not None
    button(d, B)
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game is game
    button(d, BACK)
    button(d, START)  # Enter: the dialog's default, Leave
    assert d.app.ctx.dialogs.dialog is None
    assert d.app.play.game is not game and d.app.play.game.state is GameState.READY


def test_on_a_replay_a_pauses_the_shoulders_zoom_and_b_leaves(drive, tmp_path):
    from game.store.replays import load_replay
    from tests.ui.test_window import replay_file

    d = drive()
    path, _ = replay_file(tmp_path)
    d.app.games.watch(load_replay(path))
    replay = d.app.games.replay
    assert replay is not None and replay.playing
    button(d, A)  # the replay's Space
    assert not replay.playing
    speed, scale = replay.speed_index, d.app.ctx.frame.scale
    button(d, P.CONTROLLER_BUTTON_RIGHTSHOULDER)  # a zoom, not the replay's + (faster)
    assert d.app.ctx.frame.scale == scale + 1 and replay.speed_index == speed
    button(d, B)  # Esc: leaves the replay, flags nothing
    assert d.app.games.replay is None
    assert d.app.play.game.state is GameState.READY


class FakeController:
    """What the pad keeps of a controller SDL opened."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.name = "Test Pad"
        self.plugged = True
        self.closed = False

    def attached(self) -> bool:
        return self.plugged

    def quit(self) -> None:
        self.closed = True


def test_a_controller_plugged_in_and_out_is_opened_and_let_go(drive):
    d = drive(layout=WALLED)
    opened = []

    def opener(index):
        opened.append(FakeController(index))
        return opened[-1]

    d.app.pad.opener = opener  # the seam: a posted event names no device SDL can open
    d.post(P.CONTROLLERDEVICEADDED, device_index=0)
    d.tick()
    assert [c.index for c in opened] == [0] and d.app.pad.controllers == opened
    assert d.app.ctx.status.saying() == "Controller connected: Test Pad"
    d.post(P.CONTROLLERBUTTONDOWN, instance_id=PAD, button=DOWN)  # held as it goes
    d.tick()
    moved = cursor(d)
    opened[0].plugged = False
    d.post(P.CONTROLLERDEVICEREMOVED, instance_id=PAD)
    d.tick()
    assert opened[0].closed and d.app.pad.controllers == []
    assert d.app.ctx.status.saying() == "Controller disconnected"
    d.tick(REPEAT_DELAY_MS * 2)
    assert cursor(d) == moved  # what it held is let go


def test_a_device_sdl_cannot_open_is_let_be(drive):
    d = drive(layout=WALLED)
    d.post(P.CONTROLLERDEVICEADDED, device_index=99)  # the real opener: no such device
    d.tick()
    assert d.app.pad.controllers == []
    assert d.app.ctx.status.saying() is None


def test_without_controller_support_the_game_plays_on_silently(drive, monkeypatch):
    from pygame._sdl2 import controller

    def refused():
        raise pygame.error("no joystick support")

    monkeypatch.setattr(controller, "init", refused)
    assert gamepad.start_controllers() is False
    d = drive(layout=WALLED)
    for _ in range(gamepad.START_AT_UPDATE):
        d.tick()
    assert d.app.pad.updates >= gamepad.START_AT_UPDATE and d.app.pad.running is False
    go(d, (1, 1))  # posted events still play
    button(d, A)
    assert d.app.play.game.cell(1, 1) == "1"


def test_a_pygame_without_the_controller_module_plays_on(monkeypatch):
    import sys

    import pygame._sdl2

    monkeypatch.delattr(pygame._sdl2, "controller")
    monkeypatch.setitem(sys.modules, "pygame._sdl2.controller", None)
    assert gamepad.start_controllers() is False


def test_an_error_of_the_program_is_not_swallowed(monkeypatch):
    from pygame._sdl2 import controller

    def broken():
        raise TypeError("a bug")

    monkeypatch.setattr(controller, "init", broken)
    with pytest.raises(TypeError):
        gamepad.start_controllers()


def test_the_subsystem_starts_after_the_first_frame(drive):
    d = drive(layout=WALLED)
    started = []
    pad = d.app.pad
    pad.updates, pad.running = 0, False
    pad.start = lambda: started.append(pad.updates) or True
    d.tick()
    d.tick()
    assert started == []  # the first frames' updates (the start, the sound): not yet
    d.tick()
    d.tick()
    assert started == [gamepad.START_AT_UPDATE] and pad.running


class VirtualController:
    """A controller SDL itself makes (SDL_JoystickAttachVirtual, SDL 2.0.14 on), plugged in
    and out, its buttons and stick set: SDL posts its events as for a real one, so the real
    opener is tried too. Reached through ctypes in the SDL library pygame loaded."""

    def __init__(self) -> None:
        import ctypes

        from game.ui.pace import sdl_paths

        paths = sdl_paths()
        if len(paths) != 1:
            pytest.skip("the SDL library pygame loaded is not found here")
        sdl = ctypes.CDLL(paths[0])
        if not hasattr(sdl, "SDL_JoystickAttachVirtual"):
            pytest.skip("this SDL makes no virtual controller")
        sdl.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        sdl.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int]
        sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        self.sdl = sdl
        self.index: int | None = None

    def plug(self) -> None:
        game_controller = 1  # SDL_JOYSTICK_TYPE_GAMECONTROLLER: SDL maps it as one
        index = self.sdl.SDL_JoystickAttachVirtual(game_controller, 6, 15, 0)
        assert index >= 0
        self.index = index

    def unplug(self) -> None:
        if self.index is not None:
            self.sdl.SDL_JoystickDetachVirtual(self.index)
            self.index = None

    def set_button(self, instance: int, which: int, down: bool) -> None:
        stick = self.sdl.SDL_JoystickFromInstanceID(instance)
        assert stick
        self.sdl.SDL_JoystickSetVirtualButton(stick, which, int(down))


def test_a_controller_sdl_makes_is_opened_played_and_let_go(drive):
    d = drive(layout=WALLED)
    for _ in range(gamepad.START_AT_UPDATE + 1):  # the pad started SDL's controller
        d.tick()  # subsystem after the first frames (and opened any real controller here)
    assert d.app.pad.running
    there = list(d.app.pad.controllers)
    virtual = VirtualController()
    try:
        virtual.plug()
        d.tick()  # SDL posts it as added: opened by the real opener
        came = [pad for pad in d.app.pad.controllers if pad not in there]
        assert len(came) == 1
        pad = came[0]
        assert pad.attached()
        assert d.app.ctx.status.saying().startswith("Controller connected: ")
        instance = pad.as_joystick().get_instance_id()
        for which in (UP, A):  # the cursor shows; A on its cell, (4, 4): a mine
            virtual.set_button(instance, which, True)
            d.tick()
            virtual.set_button(instance, which, False)
            d.tick()
        assert d.app.play.game.state is GameState.LOST
        virtual.unplug()
        d.tick()
        assert d.app.pad.controllers == there  # and let go (SDL says it is no longer open)
        with pytest.raises(pygame.error):
            pad.attached()
        assert d.app.ctx.status.saying() == "Controller disconnected"
    finally:
        virtual.unplug()
