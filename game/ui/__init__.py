"""The windowed front end on pygame-ce: the loop, layout, input, drawing and themes."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the player's terminal quiet
