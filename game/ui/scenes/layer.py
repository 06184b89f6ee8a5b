"""What every room is to the loop: it takes the events meant for it, moves on with time, draws
its part and says when it next changes by itself. Holds no state."""

from __future__ import annotations

import pygame

# The mouse the rooms take: the left, middle and right buttons (gestures.LEFT, MIDDLE, RIGHT;
# never the wheel's 4 and 5 or a side button), pressed, released or moved.
BUTTONS = (1, 2, 3)
MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class Layer:
    """One room: takes the events meant for it (True: taken), moves on with time, draws."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, now: int) -> None:
        pass

    def draw(self, full: bool) -> None:
        pass

    def due(self, now: int) -> int | None:
        """When this room next changes without input: `now` (or before) while it moves,
        a later time, or None (only input changes it). The loop sleeps until then."""
        return None
