"""Kept games and replays made for tests: a game written as the journal a copy of the program
would have left in the kept folder (game/store/journal.py), without playing it through a
session; a replay written in version 1, as games before version 2 wrote it."""

import json
from pathlib import Path

from game.engine import Game
from game.store.replays import FORMAT, Replay, header_of, new_game_id, replay_of, to_lines


def keep(
    folder: Path,
    game: Game,
    elapsed_ms: int,
    source: str = "text",
    *,
    game_id: str | None = None,
    daily: str | None = None,
    played_at: str | None = None,
) -> Path:
    """Write `game` (played, its mines laid) as a kept journal in `folder`; its path."""
    replay = replay_of(
        game,
        elapsed_ms=elapsed_ms,
        source=source,
        daily=daily,
        game_id=game_id or new_game_id(),
        played_at=played_at,
    )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{replay.game_id}.jsonl"
    path.write_text(to_lines(replay), encoding="ascii")
    return path


def journals(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.jsonl")) if folder.exists() else []


def to_json(replay: Replay) -> str:
    """A replay in version 1, as games before version 2 wrote it: the game no longer writes
    it, but reads it."""
    moves = []
    for m in replay.moves:
        entry = {"t": m.at_ms, "kind": m.kind.value, "cell": [m.row, m.col]}
        if m.mark is not None:
            entry["mark"] = m.mark
        moves.append(entry)
    data = {
        "format": FORMAT,
        "version": 1,
        "game_id": replay.game_id,
        "played_at": replay.played_at,
        "source": replay.source,
        "board": header_of(replay)["board"],  # the same board entry in both versions
        "elapsed_ms": replay.elapsed_ms,
        "deaths": replay.deaths,
        "assisted": replay.assisted,
        "daily": replay.daily,
        "result": replay.result,
        "moves": moves,
    }
    # no indent: the C encoder, and small files (a kept game is written after every move)
    return json.dumps(data, separators=(",", ":")) + "\n"
