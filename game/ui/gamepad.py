"""Play with a game controller, through SDL's game-controller API (`pygame._sdl2.controller`,
which `pygame.init` does not start: `start_controllers` does, after the first frame).

The pad is a second keyboard: each button presses a key of the key table (game/ui/keys.py),
handed to the window as a key the player typed (`App.handle`), so the board, a replay, the
open menu and a dialog each take it as they take that key (the F1 help says what each button
does: `keys.PAD_RULES`). Which key depends on where the player is: B flags on the board played
but goes back (Esc) in a menu, a dialog or a replay; Start opens the menu, and in a dialog
presses Enter; Back asks for a new game (F2: "Leave this game?" first, over one in progress),
as Start's menu pauses already. A direction held (the d-pad, or the left stick out of its dead
zone) presses its arrow again after REPEAT_DELAY_MS, then every REPEAT_MS, on the loop's own
clock: `due` keeps the loop awake meanwhile (it sleeps when nothing is due: game/ui/pace.py).

Controllers come and go (hot-plugging): SDL posts CONTROLLERDEVICEADDED (for each one present
when the subsystem starts too) and CONTROLLERDEVICEREMOVED; the pad opens and lets go of them.
A device-added event a test posts names no device SDL can open, so `opener` is the seam: a
test gives a stand-in. A machine whose SDL has no controller support plays on without it,
silently (the player did nothing wrong); an error of the program itself is not caught.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import _
from .scenes.context import Context

PAD_EVENTS = (
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.CONTROLLERBUTTONUP,
    pygame.CONTROLLERAXISMOTION,
)

# The frame whose update starts SDL's controller subsystem (some 6 ms): not the first, which
# the start waits for, nor the second, which opens the sound device (game/ui/sound.py).
START_AT_UPDATE = 3
REPEAT_DELAY_MS = 300  # a direction held presses its arrow again after this...
REPEAT_MS = 80  # ...then this often (12 cells a second)
# The stick's axes run from -32768 to 32767. Past PRESS_AT it presses a direction, which stays
# held until the stick comes back within LET_GO_AT: a stick resting near the edge of the dead
# zone does not chatter.
PRESS_AT = 16000
LET_GO_AT = 12000

# Where the player is: what a button presses depends on it.
BOARD, WATCHED, MENU, DIALOG = "board", "watched", "menu", "dialog"

P = pygame
# The zoom keys of the keypad: the replay's own + and - change its speed, these zoom there too.
ZOOM_OUT, ZOOM_IN = P.K_KP_MINUS, P.K_KP_PLUS

# What each button presses on the board played, on a replay or an analysis, in the open menu,
# in a dialog (None: nothing there). Every key goes without a character typed (matched by its
# code: game/ui/keys.py), so a dialog's text field never types one.
BUTTON_KEYS: dict[int, tuple[int | None, int | None, int | None, int | None]] = {
    P.CONTROLLER_BUTTON_A: (P.K_SPACE, P.K_SPACE, P.K_SPACE, P.K_SPACE),
    P.CONTROLLER_BUTTON_B: (P.K_f, P.K_ESCAPE, P.K_ESCAPE, P.K_ESCAPE),
    P.CONTROLLER_BUTTON_X: (P.K_d, P.K_d, None, None),
    P.CONTROLLER_BUTTON_Y: (P.K_h, P.K_h, None, None),
    P.CONTROLLER_BUTTON_START: (P.K_F10, P.K_F10, P.K_F10, P.K_RETURN),
    P.CONTROLLER_BUTTON_BACK: (P.K_F2, P.K_F2, None, None),
    P.CONTROLLER_BUTTON_LEFTSHOULDER: (ZOOM_OUT, ZOOM_OUT, None, None),
    P.CONTROLLER_BUTTON_RIGHTSHOULDER: (ZOOM_IN, ZOOM_IN, None, None),
}
PLACES = (BOARD, WATCHED, MENU, DIALOG)  # the order of BUTTON_KEYS' columns

# The d-pad's buttons and the left stick's axes press the arrows, everywhere.
DPAD = {
    P.CONTROLLER_BUTTON_DPAD_UP: P.K_UP,
    P.CONTROLLER_BUTTON_DPAD_DOWN: P.K_DOWN,
    P.CONTROLLER_BUTTON_DPAD_LEFT: P.K_LEFT,
    P.CONTROLLER_BUTTON_DPAD_RIGHT: P.K_RIGHT,
}
STICK = {  # an axis: the arrow below the dead zone, the arrow above it
    P.CONTROLLER_AXIS_LEFTX: (P.K_LEFT, P.K_RIGHT),
    P.CONTROLLER_AXIS_LEFTY: (P.K_UP, P.K_DOWN),  # SDL's y grows downwards
}


def start_controllers() -> bool:
    """Start SDL's game-controller subsystem (controllers already plugged in are then posted
    as added); False where this pygame or SDL has none."""
    try:
        from pygame._sdl2 import controller
    except ImportError:  # a pygame built without it
        return False
    try:
        if controller.get_init() and not pygame.joystick.get_init():
            # pygame-ce 2.5 (seen with 2.5.8): after a second pygame.quit in one process (a
            # window opened again: the tests) the module still says it is started, though
            # the joystick subsystem under it was closed and no controller event comes: again
            controller.quit()
        controller.init()
    except pygame.error:  # an SDL without joystick support, or none it can reach
        return False
    return True


def open_controller(index: int):
    """SDL's controller at device `index` (a pygame.error if it cannot be opened)."""
    from pygame._sdl2 import controller

    return controller.Controller(index)


class Gamepad:
    """The controllers plugged in, and what their buttons and stick press."""

    def __init__(
        self,
        ctx: Context,
        dispatch: Callable[[pygame.event.Event], None],
        menu_open: Callable[[], bool],
        playing: Callable[[], bool],
        *,
        start: Callable[[], bool] = start_controllers,
        opener: Callable[[int], object] = open_controller,
    ) -> None:
        """`dispatch`: where a key it presses goes (the window's own handling of a key);
        `menu_open`: whether the menu bar has a menu open; `playing`: whether the board shown
        is the game played (not a replay or an analysis). `start` starts SDL's controller
        subsystem (True: it runs), `opener` opens a controller by its device index: both are
        seams for the tests."""
        self.ctx = ctx
        self.dispatch = dispatch
        self.menu_open, self.playing = menu_open, playing
        self.start, self.opener = start, opener
        self.updates = 0
        self.running = False  # SDL's controller subsystem started
        self.controllers: list = []  # those opened, in the order they came
        # each direction held: its source (instance, "button" or "axis", which) -> [key, when
        # it is next pressed again]
        self.held: dict[tuple[int, str, int], list[int]] = {}

    # ---- the loop's calls ---------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """One of PAD_EVENTS."""
        t, now = event.type, self.ctx.aids.now()
        if t == pygame.CONTROLLERDEVICEADDED:
            self.added(event.device_index)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            self.removed(event.instance_id)
        elif t == pygame.CONTROLLERBUTTONDOWN:
            self.button_down(event.instance_id, event.button, now)
        elif t == pygame.CONTROLLERBUTTONUP:
            self.held.pop((event.instance_id, "button", event.button), None)
        elif t == pygame.CONTROLLERAXISMOTION:
            self.axis(event.instance_id, event.axis, event.value, now)

    def update(self, now: int) -> None:
        """The subsystem started on the third frame (START_AT_UPDATE); the directions held
        pressed again when due, but not while the frame waits for its board (the keys typed
        wait then too: game/ui/inbox.py)."""
        self.updates += 1
        if self.updates == START_AT_UPDATE:
            self.running = self.start()
        if self.ctx.drawn.held:
            return
        for entry in list(self.held.values()):
            key, at = entry
            if now >= at:
                entry[1] = max(at + REPEAT_MS, now + 1)
                self.press(key)

    def due(self, now: int) -> int | None:
        """When a direction held presses again (the loop stays awake for it), else None."""
        return min((at for _key, at in self.held.values()), default=None)

    # ---- controllers coming and going -------------------------------------------------------

    def added(self, index: int) -> None:
        """A controller came (or was there when the subsystem started): open it and say so.
        One SDL cannot open (gone again already, or not a controller) is let be."""
        try:
            pad = self.opener(index)
        except pygame.error:
            return
        self.controllers.append(pad)
        name = getattr(pad, "name", "") or _("a controller")
        # Translators: said under the board when a game controller is plugged in; name is
        # the controller's own (often in English, from SDL).
        self.ctx.status.say(_("Controller connected: %(name)s") % {"name": name})

    def removed(self, instance: int) -> None:
        """A controller went: let go of those no longer attached, and of what it held."""
        gone = [pad for pad in self.controllers if not pad.attached()]
        for pad in gone:
            self.controllers.remove(pad)
            pad.quit()
        self.held = {source: e for source, e in self.held.items() if source[0] != instance}
        if gone:
            # Translators: said under the board when a game controller is unplugged.
            self.ctx.status.say(_("Controller disconnected"))

    # ---- buttons and the stick ------------------------------------------------------------

    def where(self) -> str:
        """Where the player is: a dialog, the open menu, the board played, or a replay's."""
        if self.ctx.dialogs.dialog is not None:
            return DIALOG
        if self.menu_open():
            return MENU
        return BOARD if self.playing() else WATCHED

    def button_down(self, instance: int, button: int, now: int) -> None:
        if button in DPAD:
            self.hold((instance, "button", button), DPAD[button], now)
            return
        keys = BUTTON_KEYS.get(button)
        if keys is not None:
            key = keys[PLACES.index(self.where())]
            if key is not None:
                self.press(key)

    def axis(self, instance: int, axis: int, value: int, now: int) -> None:
        """The left stick presses a direction past PRESS_AT and holds it until it comes
        back within LET_GO_AT; the other axes (the right stick, the triggers) do nothing."""
        arrows = STICK.get(axis)
        if arrows is None:
            return
        source = (instance, "axis", axis)
        held = self.held.get(source)
        now_held = held[0] if held else None
        side = arrows[1] if value > 0 else arrows[0]
        if abs(value) >= PRESS_AT:
            wanted = side
        elif abs(value) > LET_GO_AT and now_held == side:
            wanted = now_held  # still held: not yet back within LET_GO_AT
        else:
            wanted = None
        if wanted == now_held:
            return
        if wanted is None:
            del self.held[source]
        else:
            self.hold(source, wanted, now)

    def hold(self, source: tuple[int, str, int], key: int, now: int) -> None:
        """A direction pressed: its arrow now, and again while it is held."""
        self.held[source] = [key, now + REPEAT_DELAY_MS]
        self.press(key)

    def press(self, key: int) -> None:
        """A key pressed, as the keyboard would (no modifier held, no character typed). The
        sound wakes as for a key (game/ui/pace.py's INPUT names no controller event)."""
        self.ctx.aids.sounds.wake()
        self.dispatch(
            pygame.event.Event(
                pygame.KEYDOWN, key=key, mod=pygame.KMOD_NONE, unicode="", scancode=0
            )
        )
