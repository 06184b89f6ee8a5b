"""Synthesise each shipped theme's sound effects from square, triangle and noise channels.

Owns assets/themes/<theme>/sounds/*.wav and the [sounds] table at the end of each theme.toml;
run ``python tools/make_sounds.py``. Standard library only, and only arithmetic that every
machine rounds alike (no sin, exp or pow), with seeded noise: two runs give identical bytes.
"""

from __future__ import annotations

import array
import random
import sys
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# Import this checkout's game package (not an installed copy), so the files land in its assets/.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.resources import themes_dir  # noqa: E402

THEMES_DIR = themes_dir()
RATE = 22050  # samples a second, mono, 16-bit
FULL = 32767

# Note frequencies in Hz, written out so no machine's pow() is involved.
NOTE = {
    "A2": 110.0,
    "C3": 130.81,
    "E3": 164.81,
    "G3": 196.0,
    "A3": 220.0,
    "C4": 261.63,
    "E4": 329.63,
    "G4": 392.0,
    "A4": 440.0,
    "C5": 523.25,
    "D5": 587.33,
    "E5": 659.26,
    "G5": 783.99,
    "A5": 880.0,
    "C6": 1046.5,
    "E6": 1318.51,
    "G6": 1567.98,
    "A6": 1760.0,
    "C7": 2093.0,
}

# Peaks as a fraction of full scale: about -12 dBFS for a click, never above -8 dBFS.
PEAK = {
    "open": 0.25,
    "region": 0.25,
    "flag": 0.22,
    "unflag": 0.18,
    "dud": 0.2,
    "explode": 0.4,
    "win": 0.3,
    "tick": 0.1,
}
REGION_NOTES = (2, 3, 4, 5)  # notes in each region variant, smallest region first

Samples = list[float]


# ---- channels and envelopes -----------------------------------------------------------------


def count(ms: float) -> int:
    return int(RATE * ms / 1000)


def square(freq: float, ms: float, duty: float = 0.5, to_freq: float | None = None) -> Samples:
    """A square wave with the given duty cycle, sliding linearly to `to_freq`."""
    n = count(ms)
    out, phase = [], 0.0
    for i in range(n):
        f = freq if to_freq is None else freq + (to_freq - freq) * i / n
        out.append(1.0 if phase < duty else -1.0)
        phase = (phase + f / RATE) % 1.0
    return out


def triangle(freq: float, ms: float, to_freq: float | None = None) -> Samples:
    n = count(ms)
    out, phase = [], 0.0
    for i in range(n):
        f = freq if to_freq is None else freq + (to_freq - freq) * i / n
        out.append(4.0 * phase - 1.0 if phase < 0.5 else 3.0 - 4.0 * phase)
        phase = (phase + f / RATE) % 1.0
    return out


def noise(rng: random.Random, ms: float, rate: float, to_rate: float | None = None) -> Samples:
    """Random levels held for 1/`rate` s each, like a chip's noise channel; a falling rate
    rumbles."""
    n = count(ms)
    out, held, phase = [], rng.uniform(-1.0, 1.0), 0.0
    for i in range(n):
        r = rate if to_rate is None else rate + (to_rate - rate) * i / n
        phase += r / RATE
        if phase >= 1.0:
            phase -= int(phase)
            held = rng.uniform(-1.0, 1.0)
        out.append(held)
    return out


def envelope(samples: Samples, attack_ms: float = 1.0, curve: int = 2) -> Samples:
    """A straight attack, then a decay to silence shaped by (1 - t) ** curve."""
    n = len(samples)
    a = max(1, count(attack_ms))
    out = []
    for i, s in enumerate(samples):
        if i < a:
            g = i / a
        else:
            rest = 1.0 - (i - a) / max(1, n - a)
            g = 1.0
            for _ in range(curve):
                g *= rest
        out.append(s * g)
    return out


def lowpass(samples: Samples, k: float) -> Samples:
    """A one-pole low-pass filter: `k` near 1 keeps everything, near 0 only the rumble."""
    out, y = [], 0.0
    for s in samples:
        y += k * (s - y)
        out.append(y)
    return out


def mix(*parts: Samples) -> Samples:
    out = [0.0] * max(len(p) for p in parts)
    for p in parts:
        for i, s in enumerate(p):
            out[i] += s
    return out


def then(*parts: Samples) -> Samples:
    out: Samples = []
    for p in parts:
        out += p
    return out


def rest(ms: float) -> Samples:
    return [0.0] * count(ms)


def scaled(samples: Samples, peak: float) -> Samples:
    top = max(abs(s) for s in samples)
    return [s * peak / top for s in samples]


# ---- the themes' voices ---------------------------------------------------------------------


@dataclass(frozen=True)
class Voice:
    """How one theme sounds: its tone channel, its noise, its pitch and its softness."""

    key: str
    tone: str  # "square" or "triangle"
    duty: float  # square waves only
    octave: float  # 1.0, or 0.5 an octave lower
    attack_ms: float  # longer is softer
    noise_k: float  # low-pass on the noise: lower is duller
    loudness: float  # times PEAK
    click: str  # "noise" (a soft tap) or "tone" (a beep)


CLASSIC = Voice("classic", "triangle", 0.5, 1.0, 0.5, 0.35, 1.0, "noise")
HANDHELD = Voice("handheld", "square", 0.25, 1.0, 0.3, 0.9, 1.0, "tone")
NIGHT = Voice("night", "triangle", 0.5, 0.5, 4.0, 0.12, 0.63, "noise")
CONTRAST = Voice("contrast", "triangle", 0.5, 1.0, 0.5, 0.6, 1.0, "tone")  # pure, clear tones
VOICES = (CLASSIC, NIGHT, CONTRAST, HANDHELD)


def beep(v: Voice, note: str, ms: float, to_note: str | None = None, curve: int = 2) -> Samples:
    f = NOTE[note] * v.octave
    to = NOTE[to_note] * v.octave if to_note else None
    wave_ = square(f, ms, v.duty, to) if v.tone == "square" else triangle(f, ms, to)
    return envelope(wave_, v.attack_ms, curve)


def tap(v: Voice, rng: random.Random, ms: float, rate: float) -> Samples:
    return envelope(lowpass(noise(rng, ms, rate), v.noise_k), v.attack_ms, 3)


def effect_open(v: Voice, rng: random.Random) -> Samples:
    if v.click == "noise":
        return mix(tap(v, rng, 28, 9000), [s * 0.5 for s in beep(v, "A3", 28, "A2", 3)])
    return beep(v, "C6" if v.key == "handheld" else "A5", 30, curve=3)


def effect_region(v: Voice, rng: random.Random, notes: int) -> Samples:
    scale = ("C5", "E5", "G5", "C6", "E6")
    parts = []
    for k in range(notes):
        step = beep(v, scale[k], 34, curve=2)
        if v.click == "noise":
            step = mix(step, [s * 0.6 for s in tap(v, rng, 20, 9000)])
        parts.append(step)
    parts[-1] = then(parts[-1], beep(v, scale[notes - 1], 60, curve=3))
    return then(*parts)


def effect_flag(v: Voice, rng: random.Random) -> Samples:
    return then(beep(v, "E5", 30, curve=1), beep(v, "A5", 45, curve=2))


def effect_unflag(v: Voice, rng: random.Random) -> Samples:
    return then(beep(v, "A5", 30, curve=1), beep(v, "E5", 45, curve=2))


def effect_dud(v: Voice, rng: random.Random) -> Samples:
    low = (
        square(NOTE["C3"] * v.octave, 90, 0.125)
        if v.tone == "square"
        else triangle(NOTE["E3"] * v.octave, 90, NOTE["C3"] * v.octave)
    )
    return envelope(mix(low, [s * 0.3 for s in tap(v, rng, 40, 3000)]), v.attack_ms, 2)


def effect_explode(v: Voice, rng: random.Random) -> Samples:
    start = 6000 if v.tone == "square" else 4000
    boom = lowpass(noise(rng, 650, start, 150), max(v.noise_k, 0.25))
    thud = triangle(NOTE["A2"] * v.octave, 300, NOTE["A2"] * v.octave / 2)
    return envelope(mix(boom, [s * 0.5 for s in thud]), 2.0, 2)


def effect_win(v: Voice, rng: random.Random) -> Samples:
    tune = ("C5", "E5", "G5", "C6")
    notes = [beep(v, n, 85, curve=1) for n in tune[:-1]]
    return then(*notes, beep(v, tune[-1], 320, curve=2))


def effect_tick(v: Voice, rng: random.Random) -> Samples:
    if v.click == "noise":
        return tap(v, rng, 12, 11000)
    return beep(v, "C7" if v.key == "handheld" else "G6", 10, curve=3)


EFFECT_MAKERS: dict[str, Callable[[Voice, random.Random], Samples]] = {
    "open": effect_open,
    "flag": effect_flag,
    "unflag": effect_unflag,
    "dud": effect_dud,
    "explode": effect_explode,
    "win": effect_win,
    "tick": effect_tick,
}

COMMENTS = {
    "open": "one cell opens",
    "region": "a region opens: 2-9, 10-39, 40-149, 150+ cells",
    "flag": "a flag goes on",
    "unflag": "a flag comes off (or turns to ?)",
    "dud": "a chord that opens nothing",
    "explode": "a mine goes off",
    "win": "the game is won",
    "tick": "each second of the timer (off unless the option is on)",
}


def theme_sounds(v: Voice) -> dict[str, Samples]:
    """File stem -> samples (scaled to the effect's peak) for one theme."""
    out = {}
    for effect, make in EFFECT_MAKERS.items():
        out[effect] = scaled(make(v, random.Random(f"{v.key}/{effect}")), PEAK[effect] * v.loudness)
    for k, notes in enumerate(REGION_NOTES, 1):
        rng = random.Random(f"{v.key}/region/{notes}")
        out[f"region_{k}"] = scaled(effect_region(v, rng, notes), PEAK["region"] * v.loudness)
    return out


def wav_bytes(samples: Samples) -> bytes:
    data = array.array("h", (max(-FULL, min(FULL, round(s * FULL))) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()  # WAV is little-endian
    return data.tobytes()


def write_wav(path: Path, samples: Samples) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(wav_bytes(samples))


def sounds_table() -> str:
    """The [sounds] table of a shipped theme.toml (the last table in the file)."""

    def line(body: str, comment: str) -> str:
        return f"{body:<25} # {comment}"

    rows = ["[sounds]                  # effect = WAV file(s) in this folder; tools/make_sounds.py"]
    for effect in COMMENTS:
        if effect == "region":
            files = ", ".join(f'"sounds/region_{k}.wav"' for k in range(1, len(REGION_NOTES) + 1))
            rows += [f"# region: {COMMENTS['region']}", f"region = [{files}]"]
        else:
            rows.append(line(f'{effect} = "sounds/{effect}.wav"', COMMENTS[effect]))
    return "\n".join(rows) + "\n"


def with_sounds_table(manifest: str) -> str:
    """The manifest with its [sounds] table replaced (or added) at the end."""
    at = manifest.find("\n[sounds]")
    head = manifest if at < 0 else manifest[: at + 1]
    return head.rstrip("\n") + "\n\n" + sounds_table()


def write_theme_sounds(v: Voice, themes_dir: Path = THEMES_DIR) -> Path:
    folder = themes_dir / v.key / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    for stem, samples in theme_sounds(v).items():
        write_wav(folder / f"{stem}.wav", samples)
    manifest = themes_dir / v.key / "theme.toml"
    if manifest.exists():
        text = with_sounds_table(manifest.read_text(encoding="utf-8"))
        manifest.write_text(text, encoding="utf-8", newline="\n")
    return folder


def main() -> None:
    for v in VOICES:
        out = write_theme_sounds(v)
        print(f"wrote {out.relative_to(THEMES_DIR.parent.parent)}")


if __name__ == "__main__":
    main()
