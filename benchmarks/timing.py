"""What the file benchmarks share: time a call a few times, print one figure as a JSON line."""

from __future__ import annotations

import json
import statistics
import time


def timed(fn, runs: int = 3) -> list[float]:
    """Milliseconds of each of `runs` calls of `fn`."""
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - began) * 1000)
    return samples


def emit(name: str, samples: list[float], **extra) -> None:
    print(json.dumps({"name": name, "median_ms": round(statistics.median(samples), 1),
                      "max_ms": round(max(samples), 1), "runs": len(samples), **extra}),
          flush=True)  # fmt: skip


def cpu_name() -> str:
    """The CPU's model, for the first line a benchmark prints."""
    try:
        with open("/proc/cpuinfo") as f:
            return next(line.split(":", 1)[1].strip() for line in f
                        if line.startswith("model name"))  # fmt: skip
    except (OSError, StopIteration):
        import platform

        return platform.processor() or platform.machine()
