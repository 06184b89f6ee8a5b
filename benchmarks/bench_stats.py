"""How long the statistics take with a huge number of games: a database with 1,000,000 rows of
one kind (a very old or hostile file), read by the S screen, the end of a game and `--stats`.

Run from the repo root: `python benchmarks/bench_stats.py [--rows N]`; one JSON line a figure.
The database is written as schema version 3 (before the indexes and tallies), so the first
open also shows the one-time upgrade.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.timing import emit, timed  # noqa: E402
from game.stats_text import stats_report  # noqa: E402
from game.store.stats import MIGRATIONS, GameRecord, Stats  # noqa: E402

TODAY = "2026-11-30"


def old_database(path: Path, rows: int) -> None:
    """A version-3 statistics file holding `rows` beginner games, 1 in 100 a daily board."""
    conn = sqlite3.connect(path)
    for version in (1, 2, 3):
        conn.executescript(f"BEGIN; {MIGRATIONS[version]} PRAGMA user_version = {version}; COMMIT;")
    rng = random.Random(1)
    first_day = date(2026, 11, 30) - timedelta(days=rows // 100)

    def games():
        for n in range(rows):
            won = rng.random() < 0.6
            bbbv = rng.randint(1, 60)
            time_ms = rng.randint(1000, 300_000)
            daily = (first_day + timedelta(days=n // 100)).isoformat() if n % 100 == 0 else None
            yield (
                f"2020-01-01T00:00:{n:07d}",
                "beginner",
                9,
                9,
                10,
                None,
                "opening",
                int(won),
                time_ms,
                bbbv,
                bbbv / time_ms * 1000 if won else None,
                10,
                1,
                1,
                None,
                71,
                71,
                int(rng.random() < 0.05),
                "window",
                None,
                daily,
                None,
            )

    with conn:
        conn.executemany(f"INSERT INTO games VALUES (NULL, {', '.join('?' * 22)})", games())
    conn.close()


def a_game(n: int) -> GameRecord:
    return GameRecord(
        played_at="2026-11-30T12:00:00",
        kind="beginner",
        rows=9,
        cols=9,
        mines=10,
        seed="1",
        safe_zone="opening",
        won=True,
        time_ms=20_000 + n,
        bbbv=20,
        clicks_left=20,
        clicks_right=0,
        clicks_chord=0,
        cleared=71,
        safe_cells=71,
        assisted=False,
        source="window",
        game_id=f"bench-{n}",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    rows = parser.parse_args().rows
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        path = data / "pixel-mines" / "stats.sqlite3"
        path.parent.mkdir(parents=True)
        old_database(path, rows)
        size = path.stat().st_size
        emit(
            "open statistics the first time (upgrades an old file once)",
            timed(lambda: Stats(path).close(), 1),
            rows=rows,
            bytes_before=size,
            bytes_after=path.stat().st_size,
        )
        emit("open statistics", timed(lambda: Stats(path).close()), rows=rows)
        stats = Stats(path)
        emit(
            "summary of one kind, the first time",
            timed(lambda: stats.summary("beginner"), 1),
            rows=rows,
        )
        emit(
            "summary of one kind (the S screen)",
            timed(lambda: stats.summary("beginner")),
            rows=rows,
        )
        games = iter(range(10**6))
        emit(
            "record a finished game (the end of a game)",
            timed(lambda: stats.record(a_game(next(games)))),
            rows=rows,
        )
        emit(
            "summary after one more game",
            timed(lambda: (stats.record(a_game(next(games))), stats.summary("beginner"))),
            rows=rows,
            note="includes recording the game",
        )
        emit(
            "daily summary",
            timed(lambda: stats.daily_summary(TODAY)),
            rows=rows,
            daily_rows=(rows + 99) // 100,
        )
        emit(
            "statistics report of every kind (--stats, in process)",
            timed(lambda: stats_report(stats, TODAY)),
            rows=rows,
        )
        stats.close()
        conn = sqlite3.connect(path)
        with conn:  # a hostile file: every game broken (and every tally forgotten)
            conn.execute("UPDATE games SET time_ms = 'abc'")
        conn.close()
        stats = Stats(path)
        emit(
            "summary of one kind when every row is broken, the first time",
            timed(lambda: stats.summary("beginner"), 1),
            rows=rows,
        )
        emit(
            "summary of one kind when every row is broken",
            timed(lambda: stats.summary("beginner")),
            rows=rows,
            skipped=stats.skipped,
        )
        stats.close()
        env = {
            **os.environ,
            "XDG_DATA_HOME": str(data),
            "XDG_CONFIG_HOME": str(data / "c"),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }
        command = [sys.executable, str(ROOT / "main.py"), "--stats"]

        def whole_command() -> None:
            subprocess.run(command, env=env, check=True, capture_output=True)

        emit("pixel-mines --stats, the whole command", timed(whole_command), rows=rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
