"""Render a sample of every widget in each shipped theme to PNGs, scaled x3, to look at.

    python tools/widget_gallery.py OUTPUT_FOLDER

Each theme gives one PNG per sample dialog, drawn over a Beginner board's canvas at its
smallest (the board shows around the panel), and one over an Expert-sized canvas.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.engine import Difficulty, Game  # noqa: E402
from game.ui.layout import Box, Layout, fit  # noqa: E402
from game.ui.render import Looks, Renderer  # noqa: E402
from game.ui.theme import load_library  # noqa: E402
from game.ui.widgets import (  # noqa: E402
    Button,
    Chart,
    Field,
    Form,
    Label,
    ListBox,
    Metrics,
    Pairs,
)

DIGITS = "0123456789"
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTWXYZ"
SCALE = 3


def samples() -> dict[str, Form]:
    """Sample dialogs, some with their state changed so every look shows somewhere."""
    custom = Form(
        "Custom board",
        [
            Field("rows", "Rows", "20", allowed=DIGITS, max_len=3),
            Field("cols", "Columns", "300", allowed=DIGITS, max_len=3),
            Field("mines", "Mines", "120", allowed=DIGITS, max_len=5),
        ],
        [Button("ok", "OK"), Button("cancel", "Cancel")],
        default="ok",
        cancel="cancel",
    )
    custom.find("cols").error = "Columns: 5 to 200"
    code = Form(
        "Play a board code",
        [
            Label("Type or paste (Ctrl+V) a code of 24 letters and digits."),
            Field("code", "", "7K3QW9ZX2M4N8PT6RB5HJ", allowed=CODE_ALPHABET, upper=True),
        ],
        [Button("play", "Play"), Button("cancel", "Cancel")],
        default="play",
        cancel="cancel",
    )
    code.find("code").error = "That code has a mistyped character."
    rows = [(f"{n:>2}", f"{10 + n * 1.37:7.3f}", f"11-{n:02d}") for n in range(1, 11)]
    stats = Form(
        "Beginner 1/5",
        [
            Pairs([("Won", "12/40 30%"), ("Streak", "3 (best 5)"), ("Best 3BV/s", "2.41")]),
            ListBox("best", rows, shown=4, selected=5),
            Chart(
                [
                    (v, "error" if v == 40 else "shadow" if v == 31 else "accent")
                    for v in (12, 25, 18, 40, 9, 31, 22, 14, 27, 19, 40, 16, 11, 24)
                ],
                x_label="last 14 games",
                unit="s",
            ),
        ],
        [Button("watch", "Watch"), Button("close", "Close")],
        default="watch",
        cancel="close",
    )
    stats.focused = stats.find("close")
    stats.find("watch").hover = True
    quit_ = Form(
        "Quit?",
        [Label("A game is on. It is kept for next time.")],
        [Button("quit", "Quit"), Button("stay", "Keep playing")],
        default="stay",
        cancel="stay",
    )
    quit_.find("quit").pressed = quit_.find("quit").hover = True
    options = Form(
        "Options",
        [
            Pairs(
                [
                    ("Board", "Expert"),
                    ("Theme", "Classic"),
                    ("Zoom", "3"),
                    ("Question marks", "on"),
                    ("First click", "safe opening"),
                    ("No guess", "off"),
                ]
            )
        ],
        [Button("close", "Close")],
        default="close",
        cancel="close",
    )
    return {"custom": custom, "code": code, "stats": stats, "quit": quit_, "options": options}


def board_canvas(theme, difficulty: Difficulty) -> tuple[pygame.Surface, Layout]:
    """The canvas of a game a few moves in, whole board showing, at 1x."""
    game = Game.from_difficulty(difficulty, seed=3)
    game.reveal(difficulty.rows // 2, difficulty.cols // 2)
    layout = fit(difficulty.rows, difficulty.cols, (10_000, 10_000), 1, theme.sizes)
    renderer = Renderer(theme, layout)
    renderer.draw_frame()
    renderer.draw_toolbar(game.mines_remaining, "face_smile", 12)
    renderer.draw_board(game, 0, 0, Looks())
    return renderer.canvas, layout


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/widget_gallery.py OUTPUT_FOLDER", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    library = load_library()
    library.convert()
    for key, theme in library.themes.items():
        for size in (Difficulty.BEGINNER, Difficulty.EXPERT):
            for name, form in samples().items():
                canvas, layout = board_canvas(theme, size)
                w, h = layout.canvas_size
                form.layout(Metrics.of(theme), layout.area, Box(0, 0, w, h))
                form.draw(canvas, theme)
                big = pygame.transform.scale_by(canvas, SCALE)  # nearest neighbour
                path = out / f"{key}-{size.name.lower()}-{name}.png"
                pygame.image.save(big, str(path))
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
