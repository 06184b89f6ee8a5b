"""Which board to play next: a standard difficulty or a custom size, and the seeds of a session.

Plain data for the front ends (`game.words.label` names a board); the randomness is a
`random.Random` of the stream's own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .game import Game
from .rules import Difficulty


@dataclass(frozen=True)
class BoardChoice:
    """The kind of board to play: a standard difficulty or a custom size."""

    rows: int
    cols: int
    mines: int
    difficulty: Difficulty | None = None

    @classmethod
    def standard(cls, difficulty: Difficulty) -> BoardChoice:
        return cls(difficulty.rows, difficulty.cols, difficulty.mines, difficulty)

    @classmethod
    def of(cls, rows: int, cols: int, mines: int) -> BoardChoice:
        """A board of this size, named by its difficulty when it is a standard one."""
        for d in Difficulty:
            if (d.rows, d.cols, d.mines) == (rows, cols, mines):
                return cls.standard(d)
        return cls(rows, cols, mines)

    @property
    def kind(self) -> str:
        """'beginner', 'intermediate', 'expert' or 'custom'."""
        return self.difficulty.name.lower() if self.difficulty is not None else "custom"

    def new_game(self, **options) -> Game:
        return Game(self.rows, self.cols, self.mines, **options)


class SeedStream:
    """Seeds for a session's boards: the given seed first, then seeds that follow from it, so
    a seeded session is repeatable game after game; fresh random boards without one."""

    def __init__(self, seed: int | None) -> None:
        self._first = seed
        self._rng = random.Random(seed) if seed is not None else None

    def next(self) -> int | None:
        if self._first is not None:
            seed, self._first = self._first, None
            return seed
        return self._rng.randrange(2**63) if self._rng is not None else None
