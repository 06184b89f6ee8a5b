"""Drawing speed of the widget kit: laying out and drawing a dialog on the 1x canvas.

Run from the repo root: `python benchmarks/bench_widgets.py [--quick]`; one JSON line a figure.
Only the panel is timed (no scaling to the window): the part of a dialog frame the kit owns.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui.layout import Box, fit  # noqa: E402
from game.ui.theme import load_library  # noqa: E402
from game.ui.widgets import Button, Chart, Field, Form, ListBox, Metrics, Pairs  # noqa: E402

DIALOG_FRAME_GOAL_MS = 4.0  # issue 13: a dialog's open/close frame


def custom() -> Form:
    fields = [
        Field(k, k.capitalize(), "10", allowed="0123456789", max_len=3)
        for k in ("rows", "columns", "mines")
    ]
    return Form(
        "Custom board",
        fields,
        [Button("ok", "OK"), Button("cancel", "Cancel")],
        default="ok",
        cancel="cancel",
    )


def stats() -> Form:
    rows = [(f"{n:>2}", f"{n * 1.37:7.3f}", "11-30") for n in range(1, 11)]
    bars = [(float(n % 17 + 3), "error" if n % 5 == 0 else "accent") for n in range(50)]
    return Form(
        "Expert 3/5",
        [
            Pairs([("Won", "12/40 30%"), ("Streak", "3 (best 5)")]),
            ListBox("best", rows, shown=5),
            Chart(bars, x_label="last 50 games", unit="s"),
        ],
        [Button("watch", "Watch"), Button("close", "Close")],
        default="watch",
        cancel="close",
    )


def emit(name: str, samples_ms: list[float], goal_ms: float | None = None) -> None:
    line = {
        "name": name,
        "median_ms": round(statistics.median(samples_ms), 3),
        "max_ms": round(max(samples_ms), 3),
        "runs": len(samples_ms),
    }
    if goal_ms is not None:
        line["goal_ms"] = goal_ms
        line["pass"] = line["median_ms"] <= goal_ms
    print(json.dumps(line), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    runs = 20 if parser.parse_args().quick else 200
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    library = load_library()
    library.convert()
    theme = library.get("classic")
    layout = fit(16, 30, (10_000, 10_000), 1)
    canvas = pygame.Surface(layout.canvas_size).convert()
    bounds = Box(0, 0, *layout.canvas_size)
    m = Metrics.of(theme)
    for name, make in (("custom", custom), ("stats", stats)):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            form = make()
            form.layout(m, layout.area, bounds)
            form.draw(canvas, theme)
            times.append((time.perf_counter() - start) * 1000)
        emit(f"widgets_{name}_build_layout_draw_expert", times, DIALOG_FRAME_GOAL_MS)
        form = make()
        form.layout(m, layout.area, bounds)
        tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="", mod=0)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            form.handle(tab)
            form.draw(canvas, theme)
            times.append((time.perf_counter() - start) * 1000)
        emit(f"widgets_{name}_key_and_redraw_expert", times, DIALOG_FRAME_GOAL_MS)


if __name__ == "__main__":
    main()
