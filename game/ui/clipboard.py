"""The system clipboard's text, for the fields that take a paste (a board code, a video's
path) and the board code that is copied: nothing, quietly, where there is no clipboard."""

from __future__ import annotations

import contextlib

import pygame


def text() -> str:
    """What the clipboard holds as text ("" when nothing or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


def put(words: str) -> bool:
    """Put text on the clipboard; whether there was one to take it."""
    with contextlib.suppress(pygame.error):
        pygame.scrap.put_text(words)
        return True
    return False
