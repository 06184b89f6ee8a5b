"""Kept games made for tests: a game written as the journal a copy of the program would have
left in the kept folder (game/store/journal.py), without playing it through a session."""

from pathlib import Path

from game.engine import Game
from game.store.replays import new_game_id, replay_of, to_lines


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
