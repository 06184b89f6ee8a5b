"""What the file benchmarks share: time a call a few times, print one figure as a JSON line."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time


def window_bench_env() -> tuple[bool, str]:
    """Set up before pygame is imported: SDL's dummy video driver unless a display is there
    (and no driver was chosen), no audio device, and the game's settings, statistics and
    replays in a throwaway folder, never the player's. Whether the window is real, and that
    folder."""
    real = bool(os.environ.get("DISPLAY")) and "SDL_VIDEODRIVER" not in os.environ
    if not real:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = tempfile.mkdtemp(prefix="pixel-mines-bench-")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = os.path.join(home, name.lower())
    return real, home


def timed(fn, runs: int = 3) -> list[float]:
    """Milliseconds of each of `runs` calls of `fn`."""
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - began) * 1000)
    return samples


def emit(name: str, samples: list[float], **extra) -> None:
    print(
        json.dumps(
            {
                "name": name,
                "median_ms": round(statistics.median(samples), 1),
                "max_ms": round(max(samples), 1),
                "runs": len(samples),
                **extra,
            }
        ),
        flush=True,
    )


def cpu_name() -> str:
    """The CPU's model, for the first line a benchmark prints."""
    try:
        with open("/proc/cpuinfo") as f:
            return next(
                line.split(":", 1)[1].strip() for line in f if line.startswith("model name")
            )
    except (OSError, StopIteration):
        import platform

        return platform.processor() or platform.machine()


_STOLEN: list = []  # the /proc/stat counters when `stolen_percent` last started counting


def stolen_percent(again: bool = True) -> float | None:
    """The share of the machine's CPU time the hypervisor took for other guests since the last
    call that started counting (`again`; the first call does), in percent, from Linux's
    /proc/stat ("steal"); None elsewhere. A figure measured while it was high waited for a
    core the machine did not have."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    before = _STOLEN[:] or fields
    if again or not _STOLEN:
        _STOLEN[:] = fields
    total = sum(fields) - sum(before)
    return round(100 * (fields[7] - before[7]) / total, 1) if total > 0 else 0.0


def say(line: dict) -> None:
    """Print a figure's line, with the share of the CPU time the hypervisor stole from this
    machine since its figure began (`host_steal_percent`: wall times measured then waited)."""
    stolen = stolen_percent(again=False)
    if stolen is not None:
        line["host_steal_percent"] = stolen
    print(json.dumps(line), flush=True)
