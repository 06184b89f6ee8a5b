"""What every room is to the loop: it takes the events meant for it, moves on with time, and
draws its part. Holds no state."""

from __future__ import annotations

import pygame


class Layer:
    """One room: takes the events meant for it (True: taken), moves on with time, draws."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, now: int) -> None:
        pass

    def draw(self, full: bool) -> None:
        pass
