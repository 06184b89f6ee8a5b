"""Take the screenshots the AppStream metainfo shows, from the real window on an X display.

    python tools/make_screenshots.py [--out assets/screenshots] [--display :98]

Each shot starts the game (`main.py`) with its own empty settings and statistics, on a board
code, so every run plays the same board; the engine works out which cells to open and flag,
xdotool clicks them in the window and presses the keys, and ImageMagick's `import` takes the
window. Without $DISPLAY (or with --display) it starts its own Xvfb and stops it after. Needs
Xvfb, xdotool and imagemagick (Debian: apt-get install xvfb xdotool imagemagick). The PNGs are
committed in assets/screenshots/ (each under 100 KB, as a software centre loads them).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's game package, not an installed copy

from game.engine import Difficulty, GameState, SafeZone  # noqa: E402
from game.engine.codes import BoardCode, encode  # noqa: E402
from game.engine.solver import analyse, hint  # noqa: E402
from game.resources import themes_dir  # noqa: E402
from game.ui.layout import Sizes, fit, led_digits_for  # noqa: E402

SCALE = 2
MAX_BYTES = 100_000
SETTLE_S = 1.0  # for the window to draw what it was sent (a tool may wait; tests never do)


@dataclass(frozen=True)
class Shot:
    name: str  # the file name, without .png
    theme: str
    board: Difficulty
    seed: int
    steps: int  # safe cells opened after the first click
    flags: int  # proven mines flagged
    keys: tuple[str, ...] = ()  # pressed last (xdotool key names)


SHOTS = (
    Shot(
        "expert-classic", "classic", Difficulty.EXPERT, seed=0x9E3779B97F4A7C15, steps=60, flags=12
    ),
    Shot("hint-night", "night", Difficulty.INTERMEDIATE, seed=7, steps=12, flags=5, keys=("h",)),
    Shot(
        "odds-contrast",
        "contrast",
        Difficulty.INTERMEDIATE,
        seed=8196165,
        steps=4,
        flags=0,
        keys=("p",),
    ),
)


def code_of_shot(shot: Shot) -> BoardCode:
    d = shot.board
    return BoardCode(
        d.rows, d.cols, d.mines, SafeZone.OPENING, False, shot.seed, (d.rows // 2, d.cols // 2)
    )


def moves(shot: Shot) -> list[tuple[str, tuple[int, int]]]:
    """("open" | "flag", cell) in order: the first click, then cells the solver proves safe
    (a guess never: the shot shows play that could be reasoned), then proven mines flagged."""
    code = code_of_shot(shot)
    game = code.game()
    done = [("open", code.first_click)]
    game.reveal(*code.first_click)
    for _ in range(shot.steps):
        found = hint(game.view(), game.mines)
        if found is None or not found.safe or game.state is not GameState.PLAYING:
            break
        game.reveal(*found.cell)
        done.append(("open", found.cell))
    mines = sorted(analyse(game.view(), game.mines).mines)
    done += [("flag", cell) for cell in mines[: shot.flags]]
    return done


def sizes_of(theme: str) -> Sizes:
    t = tomllib.loads((themes_dir() / theme / "theme.toml").read_text(encoding="utf-8"))
    return Sizes(t["tile"], t["border"], t["face"], *t["led"])


def xdotool(*args: str, env: dict[str, str]) -> str:
    return subprocess.run(
        ["xdotool", *args], env=env, check=True, capture_output=True, text=True, timeout=30
    ).stdout.strip()


def window_of(process: subprocess.Popen, env: dict[str, str]) -> str:
    """The id of the game's window (its class is pixel-mines), once it is mapped."""
    for _ in range(100):
        if process.poll() is not None:
            raise SystemExit(f"the game stopped before its window showed ({process.returncode})")
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", "pixel-mines"],
            env=env,
            capture_output=True,
            text=True,
        ).stdout.split()
        if found:
            return found[-1]
        time.sleep(0.1)
    raise SystemExit("the game's window did not show within 10 s")


def take(shot: Shot, out: Path, env: dict[str, str]) -> Path:
    code = code_of_shot(shot)
    with tempfile.TemporaryDirectory(prefix="pixel-mines-shot-") as home:
        game_env = {
            **env,
            "HOME": home,
            "XDG_CONFIG_HOME": f"{home}/config",
            "XDG_DATA_HOME": f"{home}/data",
            "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy",
        }
        process = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--board",
                encode(code),
                "--theme",
                shot.theme,
                "--scale",
                str(SCALE),
                "--no-motion",
            ],
            env=game_env,
            cwd=home,
        )
        try:
            window = window_of(process, env)
            time.sleep(SETTLE_S)
            geometry = dict(
                line.split("=", 1)
                for line in xdotool("getwindowgeometry", "--shell", window, env=env).splitlines()
            )
            width, height = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
            d = shot.board
            layout = fit(
                d.rows,
                d.cols,
                (width, height),
                SCALE,
                sizes_of(shot.theme),
                led_digits_for(d.mines),
            )
            for kind, (row, col) in moves(shot):
                box = layout.window_box(layout.cell_rect(row, col))
                x, y = box.x + box.w // 2, box.y + box.h // 2
                xdotool("mousemove", "--window", window, str(x), str(y), env=env)
                xdotool("click", "1" if kind == "open" else "3", env=env)
                time.sleep(0.05)
            xdotool("mousemove", "--window", window, str(width - 1), str(height - 1), env=env)
            for key in shot.keys:
                xdotool("key", "--window", window, key, env=env)
            time.sleep(SETTLE_S * 2)  # hints and odds are worked out on a thread
            target = out / f"{shot.name}.png"
            subprocess.run(
                ["import", "-window", window, "-strip", f"png:{target}"],
                env=env,
                check=True,
                timeout=60,
            )
        finally:
            process.terminate()
            process.wait(timeout=30)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "screenshots")
    parser.add_argument("--display", help="an X display to use (default: $DISPLAY, else Xvfb)")
    args = parser.parse_args(argv)
    for tool in ("xdotool", "import"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is not installed (apt-get install xdotool imagemagick)")
    display = args.display or os.environ.get("DISPLAY")
    xvfb = None
    if not display:
        display = ":97"
        xvfb = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", "1600x1000x24"], stderr=subprocess.DEVNULL
        )
        time.sleep(1.0)
    env = {**os.environ, "DISPLAY": display}
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        for shot in SHOTS:
            path = take(shot, args.out, env)
            size = path.stat().st_size
            print(f"wrote {path} ({size} bytes)")
            if size >= MAX_BYTES:
                print(
                    f"  {path.name} is {size} bytes, over the {MAX_BYTES} a shot may have",
                    file=sys.stderr,
                )
                return 1
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
