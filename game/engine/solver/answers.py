"""What the solver answers: a hint (the cell to open next and why) and an analysis (the mine
probability of every cell that is not open). Plain data; the work is done elsewhere in the package.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

Cell = tuple[int, int]


class HintKind(Enum):
    """What proves a hint, so a front end can word it its own way."""

    ONE_NUMBER = "one number"  # every mine around one number is known (or it has none)
    NUMBERS = "numbers together"  # two or three numbers together
    ALL_NUMBERS = "all the numbers"  # only the whole frontier proves it
    MINES_PLACED = "mines placed"  # the numbers hold every mine: none is left away from them
    MINE_COUNT = "mine count"  # every way to fit the board's mine total leaves it clear
    NO_MINES = "no mines"  # the board has no mines
    GUESS = "guess"  # nothing is certain: the best guess


class GuessWhy(Enum):
    """Why a guess is not simply the safest cell, so a front end can word it its own way."""

    OPENS_MORE = "opens more"  # likelier to survive the next move too: it opens up the board
    FEWER_50_50S = "fewer 50/50s"  # the safest would more often close a 50/50 to win on its own
    WINS_MOST = "wins most"  # over every layout left, searched to the end, it wins most often
    ON_ITS_OWN = "on its own"  # a region nothing else can tell apart: its best guess, first
    # (the region must be guessed sooner or later; what it shows then helps the rest)


@dataclass(frozen=True)
class Hint:
    """The cell to open next and why. `safe` is True only when the cell is certainly safe.

    `reason` names cells by (row, col), for the terminal. The evidence behind it, for a front end
    that shows the proof on the board: `kind`, the open `numbers` the proof reads, the cells it
    knows are mines (`proven_mines`) and the cells it proves safe with `cell` (`proven_safe`,
    `cell` among them when safe). Two hints are equal when they give the same answer: the
    evidence does not take part.
    """

    cell: Cell
    safe: bool
    probability: float  # that the cell is a mine
    reason: str
    approximate: bool = False
    kind: HintKind | None = field(default=None, compare=False)
    numbers: tuple[Cell, ...] = field(default=(), compare=False)
    proven_mines: tuple[Cell, ...] = field(default=(), compare=False)
    proven_safe: tuple[Cell, ...] = field(default=(), compare=False)
    why: GuessWhy | None = field(default=None, compare=False)
    safest: Cell | None = field(default=None, compare=False)
    safest_probability: float | None = field(default=None, compare=False)


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
