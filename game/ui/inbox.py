"""The events each tick of the loop handles, in the order the player made them.

While a frame waits for its board (its blocks laid ahead over a few ticks, the window showing
the frame before: `Renderer.lay_ahead` in game/ui/render.py) no event is handled: SDL is kept
pumping and holds them in its queue, in order (taking only some types would put the rest back
grouped by type: a left and a right click would come back as both presses, then both
releases). The events are then handed over one by one, but for a press of a mouse button on
the board when the board is no longer where the last frame shown had it (a zoom or a jump in
the same tick, or while the frame waited): the player pressed on a cell of the frame they saw,
which is not the one under the pointer now. Such a press, and its release, are left out, and
the status line says so (`PlayScene.press_moved`); the player sees the board where it is now
and clicks again. What is queued when the frame that ends a wait goes to the screen was made
seeing the frame before; it is taken then (`shown`), so that what comes after is judged by the
new frame: a click a moment after it plays.

A Ctrl+wheel notch zooms and a Shift+wheel notch scrolls sideways, but SDL's wheel event does not
say which keys were down; asking SDL when it is handled tells the keys as they are then, which
after a wait may be long after the notch. Each wheel event gets `mod`, the modifier keys as
they were when it was made: worked back from the keys' state now through the key presses and
releases that came after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from .drawstate import DrawState

BOARD_BUTTONS = (1, 2, 3)  # left, middle, right: what presses on a cell
# the modifier each modifier key sets while it is down
_MOD_OF_KEY = {
    pygame.K_LCTRL: pygame.KMOD_LCTRL,
    pygame.K_RCTRL: pygame.KMOD_RCTRL,
    pygame.K_LSHIFT: pygame.KMOD_LSHIFT,
    pygame.K_RSHIFT: pygame.KMOD_RSHIFT,
    pygame.K_LALT: pygame.KMOD_LALT,
    pygame.K_RALT: pygame.KMOD_RALT,
    pygame.K_LGUI: pygame.KMOD_LGUI,
    pygame.K_RGUI: pygame.KMOD_RGUI,
}


class Inbox:
    def __init__(self, drawn: DrawState, moved: Callable[[tuple[int, int], tuple], bool]) -> None:
        """`moved(pos, shown)`: whether a press at window pixel `pos` is on the board while the
        board is not where the frame `shown` (`DrawState.board_at`) had it (saying so)."""
        self.drawn = drawn
        self.moved = moved
        self.waited_from: tuple | None = None  # where the board was shown when a wait began
        # what came before the frame that ended a wait was shown, and where the frame before
        # the wait had the board (`shown`)
        self.early: list[pygame.event.Event] = []
        self.early_shown: tuple | None = None

    def take(self) -> Iterator[pygame.event.Event]:
        """This tick's events, one by one as they are handled: none while the frame waits
        for its board (they stay queued), else all in order, each wheel event with its `mod`,
        without a press on a board that moved since the frame the player saw, nor its
        release. What came during a wait was made seeing the frame before the wait."""
        drawn = self.drawn
        if drawn.held:
            if self.waited_from is None:
                self.waited_from = drawn.board_at
            pygame.event.pump()  # the window stays alive; what the player does waits in order
            return
        if self.waited_from is not None:  # a wait ended without `shown` (no frame presented)
            self.shown()
        early, self.early = self.early, []
        events = pygame.event.get()
        with_mods(events, pygame.key.get_mods())
        dropped: set[int] = set()
        seen = [(event, self.early_shown) for event in early]
        seen += [(event, drawn.board_at) for event in events]
        for event, shown in seen:  # handled as they come: a press after a zoom in this tick too
            button = getattr(event, "button", None)
            if event.type == pygame.MOUSEBUTTONDOWN and button in BOARD_BUTTONS:
                if self.moved(event.pos, shown):
                    dropped.add(button)
                    continue
            elif event.type == pygame.MOUSEBUTTONUP and button in dropped:
                dropped.discard(button)
                continue
            yield event

    def shown(self) -> None:
        """A frame is on the screen. If it ended a wait, what is queued now was made seeing
        the frame before the wait, and what comes from now on seeing this one: the first are
        taken now, to be handled next tick as made seeing the board where it was then."""
        if self.waited_from is None:
            return
        events = pygame.event.get()
        with_mods(events, pygame.key.get_mods())
        self.early += events
        self.early_shown, self.waited_from = self.waited_from, None


def with_mods(events: list[pygame.event.Event], now: int) -> None:
    """Give each wheel event in `events` the modifier keys as they were when it was made, `now`
    being their state after the last of them (SDL's, when they are taken)."""
    mods = now
    for event in reversed(events):
        if event.type == pygame.MOUSEWHEEL:
            event.mod = mods
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
            bit = _MOD_OF_KEY.get(event.key, 0)
            # before a press the key was up; before a release it was down
            mods = mods & ~bit if event.type == pygame.KEYDOWN else mods | bit
