"""The rules' plain data (docs/RULES.md): a game's states, moves and their records, what the
first reveal keeps free, the standard boards and the custom limits. Words nothing: a limit
broken is a `BoardSizeError` carrying its figures, which the front ends word (game.words).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

MIN_SIDE = 5
MAX_SIDE = 200


class GameState(Enum):
    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    @property
    def is_over(self) -> bool:
        return self is GameState.WON or self is GameState.LOST


class MoveKind(Enum):
    OPEN = "open"
    FLAG = "flag"  # cycles the mark: flag, then '?' when question marks are on
    CHORD = "chord"


class Move(NamedTuple):
    """A move as plain data: what a front end turns input into, and what replays are made of."""

    kind: MoveKind
    row: int
    col: int


def shown_seconds(elapsed_ms: int | None) -> int:
    """The timer on screen: 0 before the first reveal, 1 at once, never above 999."""
    return 0 if elapsed_ms is None else min(999, elapsed_ms // 1000 + 1)


class RecordedMove(NamedTuple):
    """A move the game accepted: what it was, where, when (ms since the first click, as the
    caller said), and for a mark the mark it set ('F', '?' or '#')."""

    kind: MoveKind
    row: int
    col: int
    at_ms: int = 0
    mark: str | None = None


class SafeZone(Enum):
    """What the first reveal keeps free of mines."""

    OPENING = "opening"  # the clicked cell and its neighbours
    CELL = "cell"  # the clicked cell only


class Difficulty(Enum):
    BEGINNER = (9, 9, 10)
    INTERMEDIATE = (16, 16, 40)
    EXPERT = (16, 30, 99)

    def __init__(self, rows: int, cols: int, mines: int) -> None:
        self.rows = rows
        self.cols = cols
        self.mines = mines


@dataclass
class Clicks:
    """Actions that changed something or tried to (docs/RULES.md, "Measures of a board")."""

    left: int = 0
    right: int = 0
    chord: int = 0


class BoardSizeError(ValueError):
    """A board outside the custom limits: its `field` ("rows", "columns" or "mines") is
    `value`, which is not a whole number (`high` None) or not from `low` to `high` (the mines:
    on a board of `rows` and `cols`). `game.words.say` words it for a player; str() is the
    English."""

    def __init__(
        self,
        field: str,
        value: object,
        low: int | None = None,
        high: int | None = None,
        rows: int | None = None,
        cols: int | None = None,
    ) -> None:
        self.field, self.value, self.low, self.high = field, value, low, high
        self.rows, self.cols = rows, cols
        if high is None:
            super().__init__(f"{field} must be a whole number (got {value!r})")
        else:
            super().__init__(f"{field} must be from {low} to {high} (got {value})")


def check_custom_size(rows: int, cols: int, mines: int) -> None:
    """Raise BoardSizeError naming the broken limit for a board outside the custom limits."""
    named = (("rows", rows), ("columns", cols), ("mines", mines))
    for field, value in named:
        if not isinstance(value, int) or isinstance(value, bool):
            raise BoardSizeError(field, value)
    for field, value in named[:2]:
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise BoardSizeError(field, value, MIN_SIDE, MAX_SIDE)
    if not 1 <= mines <= rows * cols - 1:
        raise BoardSizeError("mines", mines, 1, rows * cols - 1, rows, cols)
