"""What the solver answers: a hint (the cell to open next and why) and an analysis (the mine
probability of every cell that is not open). Plain data; the work is done elsewhere in the package.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True)
class Hint:
    """The cell to open next and why. `safe` is True only when the cell is certainly safe."""

    cell: Cell
    safe: bool
    probability: float  # that the cell is a mine
    reason: str
    approximate: bool = False


@dataclass(frozen=True)
class Analysis:
    """Mine probability of every cell that is not open, and what is certain.

    `approximate` is True when some part of the frontier was too big to count within the budget
    and its probabilities are estimates; `safe` and `mines` are always proven, even then.
    """

    probabilities: dict[Cell, float]
    approximate: bool
    safe: frozenset[Cell]
    mines: frozenset[Cell]
