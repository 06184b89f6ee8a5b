"""What sound costs: opening and closing the audio device, loading and checking a theme's
sounds, one play call after a move, and idle CPU with the device open.

Run from the repo root: `python benchmarks/bench_sound.py [--quick]`; one JSON line a figure.
SDL's dummy audio driver unless SDL_AUDIODRIVER says otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.store.settings import Settings  # noqa: E402
from game.ui.sound import BUFFER, EFFECTS, FREQUENCY, SoundBoard, sound_table  # noqa: E402
from game.ui.theme import THEMES_DIR, available_themes, load_theme  # noqa: E402


def emit(name: str, samples_ms: list[float], **extra) -> None:
    line = {"name": name, "median_ms": round(statistics.median(samples_ms), 3)}
    line.update(runs=len(samples_ms), driver=os.environ["SDL_AUDIODRIVER"], **extra)
    print(json.dumps(line), flush=True)


def open_and_close(runs: int) -> None:
    opened, closed = [], []
    for _ in range(runs):
        t = time.perf_counter()
        pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
        pygame.mixer.set_num_channels(len(EFFECTS))
        t1 = time.perf_counter()
        time.sleep(0.05)
        t2 = time.perf_counter()
        pygame.mixer.quit()
        closed.append((time.perf_counter() - t2) * 1000)
        opened.append((t1 - t) * 1000)
    emit(
        "audio_device_open",
        opened,
        first_ms=round(opened[0], 3),
        note="on the second frame, and again after being let go",
    )
    emit(
        "audio_device_close",
        closed,
        note="after 3 s of quiet, on a thread: the audio thread finishes its buffers",
    )


def check_all_themes(runs: int) -> None:
    samples = []
    keys = available_themes()
    tables = {k: tomllib.loads((THEMES_DIR / k / "theme.toml").read_text())["sounds"] for k in keys}
    for _ in range(runs):
        t = time.perf_counter()
        for k in keys:
            sound_table(tables[k], THEMES_DIR / k, k)
        samples.append((time.perf_counter() - t) * 1000)
    emit("check_every_shipped_sound_file", samples, themes=len(keys), note="at theme loading")


def load_and_play(runs: int) -> None:
    themes = [load_theme(THEMES_DIR / k) for k in available_themes()]
    pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
    loads, plays, started = [], [], 0
    ms = [0]
    for _ in range(runs):
        board = SoundBoard(Settings(), clock=lambda: ms[0])
        for theme in themes:
            t = time.perf_counter()
            board.use_theme(theme)
            board.load()
            loads.append((time.perf_counter() - t) * 1000)
        for effect in EFFECTS:
            ms[0] += 1000
            t = time.perf_counter()
            started += board.play(effect, 60)
            plays.append((time.perf_counter() - t) * 1000)
    emit("theme_sounds_load", loads, note="once per theme, the frame after a start or a switch")
    emit("play_one_effect", plays, started=started, note="after a move")
    pygame.mixer.quit()


def idle_cpu(seconds: float) -> None:
    pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
    pygame.mixer.set_num_channels(len(EFFECTS))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    pygame.mixer.quit()
    print(
        json.dumps(
            {
                "name": "idle_cpu_percent_with_audio_device_open",
                "percent": round(100 * cpu / wall, 2),
                "seconds": round(wall, 1),
                "driver": os.environ["SDL_AUDIODRIVER"],
            }
        ),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    args = parser.parse_args()
    pygame.display.init()
    runs = 5 if args.quick else 20
    try:
        open_and_close(runs)
    except pygame.error as e:  # no device: the game is silent, there is nothing to measure
        print(json.dumps({"name": "audio_device_open", "error": str(e)}), flush=True)
        return
    check_all_themes(runs)
    load_and_play(runs)
    idle_cpu(1.0 if args.quick else 3.0)
    pygame.quit()


if __name__ == "__main__":
    main()
