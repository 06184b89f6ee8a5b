"""How long the game's own files take to read at their caps, and how fast a bad one is refused.

Run from the repo root: `python benchmarks/bench_files.py`; one JSON line a figure. The largest
replay or kept game is the work the window must do off its frame (see benchmarks/RESULTS.md).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.timing import emit, timed  # noqa: E402
from game.engine import Game  # noqa: E402
from game.store.replays import (  # noqa: E402
    MAX_JOURNAL_BYTES,
    MAX_MOVES,
    ReplayError,
    load_replay,
    replay_of,
    to_lines,
)
from game.store.settings import SettingsFile  # noqa: E402
from game.store.stats import Stats  # noqa: E402
from game.ui.theme import load_library  # noqa: E402


def largest_game(moves: int) -> Game:
    """A 200x200 game with `moves` moves: one opening, then marks toggled at random."""
    g = Game(200, 200, 8000, seed=3)
    g.reveal(100, 100, at_ms=0)
    covered = [(r, c) for r in range(200) for c in range(200) if g.cell(r, c) == "#"]
    rng = random.Random(1)
    t = 1
    while len(g.moves) < moves:
        g.toggle_flag(*rng.choice(covered), at_ms=t)
        t += 1
    return g


def opened_game(moves: int) -> Game:
    """A 200x200 game of `moves` reveals of safe cells in a random order (each replayed move
    opens cells: the dearest kind of move to replay)."""
    g = Game(200, 200, 8000, seed=3)
    g.reveal(100, 100, at_ms=0)
    layout = g.layout()
    safe = [(r, c) for r in range(200) for c in range(200) if layout[r][c] == "."]
    random.Random(2).shuffle(safe)
    for t, (r, c) in enumerate(safe, 1):
        if len(g.moves) >= moves or g.safe_opened == g.safe_total - 1:
            break
        g.reveal(r, c, at_ms=t)
    return g


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        big = folder / "largest.jsonl"
        game = largest_game(MAX_MOVES)
        big.write_text(to_lines(replay_of(game, elapsed_ms=10**7, source="window")))
        size = big.stat().st_size
        emit(
            "read and check a replay at the move cap",
            timed(lambda: load_replay(big)),
            moves=MAX_MOVES,
            bytes=size,
            cap_bytes=MAX_JOURNAL_BYTES,
        )
        replay = load_replay(big)
        emit(
            "play a kept game at the move cap to its end", timed(replay.final_game), moves=MAX_MOVES
        )

        # keeping the game after a move is one journal line now: benchmarks/bench_journal.py
        for moves in (2_000, 20_000, MAX_MOVES):
            game = largest_game(moves)
            points = game._checkpoints
            emit(
                "undo one move (the engine replays the rest)",
                timed(lambda g=game: (g.undo(), g.redo())),
                moves=moves,
                checkpoints=len(points),
                checkpoint_every=game.checkpoint_every,
                checkpoint_bytes=sum(len(p.view) + len(p.spread) for p in points),
                uncompressed_bytes=2 * len(game._view) * len(points),
            )
            game.checkpoint_every = 0
            game._checkpoints.clear()
            emit(
                "undo one move without checkpoints (the engine replays every move)",
                timed(lambda g=game: (g.undo(), g.redo())),
                moves=moves,
            )

        game = opened_game(16_000)  # an undo replays 999 reveals from the last checkpoint
        emit(
            "undo one reveal of a game of reveals",
            timed(lambda: (game.undo(), game.redo())),
            moves=len(game.moves),
            checkpoints=len(game._checkpoints),
        )
        game.checkpoint_every = 0
        game._checkpoints.clear()
        emit(
            "undo one reveal of a game of reveals without checkpoints",
            timed(lambda: (game.undo(), game.redo())),
            moves=len(game.moves),
        )

        over = folder / "over.json"
        with open(over, "wb") as f:
            f.truncate(MAX_JOURNAL_BYTES + 1)

        def refuse() -> None:
            try:
                load_replay(over)
            except ReplayError:
                return
            raise AssertionError("an oversized replay was read")

        emit("refuse a replay over the size cap", timed(refuse, 20), bytes=MAX_JOURNAL_BYTES + 1)

        settings = folder / "settings.json"
        settings.write_text('{"theme": "night"}')
        emit("read settings", timed(lambda: SettingsFile(settings).load(), 20))
        stats_path = folder / "stats.sqlite3"
        emit("open statistics (schema checked)", timed(lambda: Stats(stats_path).close(), 10))
        emit("load the shipped themes", timed(load_library, 5))
    return 0


if __name__ == "__main__":
    sys.exit(main())
