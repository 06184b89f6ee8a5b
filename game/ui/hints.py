"""A hint and the odds as the window shows them: which cells carry a mark, and the words that
point at those marks instead of naming (row, col) coordinates.

Words only and sets of cells: no pygame, no drawing (the renderer draws the marks). The
terminal keeps the solver's own reasons, which name cells by coordinates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.solver import Hint, HintKind

Cell = tuple[int, int]


@dataclass(frozen=True)
class HintMarks:
    """What a hint marks on the board besides its outlined cell."""

    numbers: frozenset[Cell] = frozenset()  # framed: the numbers the proof reads
    mines: frozenset[Cell] = frozenset()  # a mine mark: cells the proof knows are mines
    safe: frozenset[Cell] = frozenset()  # a tick: cells the proof shows are safe

    def cells(self) -> set[Cell]:
        return set(self.numbers | self.mines | self.safe)


def hint_marks(hint: Hint | None) -> HintMarks | None:
    if hint is None:
        return None
    return HintMarks(
        frozenset(hint.numbers), frozenset(hint.proven_mines), frozenset(hint.proven_safe)
    )


def hint_cells(hint: Hint) -> list[Cell]:
    """Every cell a hint draws on: redrawn when it comes and when it goes."""
    marks = hint_marks(hint)
    return [hint.cell, *sorted(marks.cells() - {hint.cell})]


def _percent(p: float) -> str:
    return f"{p:.1%}" if p < 0.1 else f"{p:.0%}"


def hint_wordings(hint: Hint, shown: Callable[[int, int], str], mines: int) -> list[str]:
    """Ways to say why the outlined cell is the one to open, longest first; the last is at
    most 26 characters (the status line of a Beginner board at zoom 1). `shown(row, col)` is
    the text-view character of a cell, `mines` the board's mine total."""
    kind = hint.kind
    if not hint.safe or kind is HintKind.GUESS:
        odds = ("~" if hint.approximate else "") + _percent(hint.probability)  # ~: estimated
        return [
            f"A guess: {odds} chance of a mine, the best there is",
            f"A guess: {odds} chance of a mine, the best",
            f"Guess: {odds} mine, the best",
            f"Guess: {odds} mine",
        ]
    if kind is HintKind.ONE_NUMBER and hint.numbers:
        value = shown(*hint.numbers[0]).replace(".", "0")
        if not hint.proven_mines:
            return [
                f"The framed {value} has no mine left around it: open the outlined cell",
                f"The framed {value} has no mine left: open the outline",
                f"Safe: the {value} has no mine",
            ]
        its = "its mine" if len(hint.proven_mines) == 1 else "its mines"
        return [
            f"Every mine around the framed {value} is marked: open the outlined cell",
            f"The framed {value} has {its} marked: open the outline",
            f"Safe: the {value} has {its}",
        ]
    if kind is HintKind.NUMBERS:
        counting = ", counting the marked mines" if hint.proven_mines else ""
        # in words, not a digit: "the 2 framed numbers" reads as "the framed 2s"
        count = len(hint.numbers)
        many = {2: "two", 3: "three", 4: "four"}.get(count, str(count))
        return [
            f"The {many} framed numbers leave no room for a mine in the outlined cell{counting}",
            f"The {many} framed numbers leave no room for a mine here",
            "Safe by the framed numbers",
        ]
    if kind is HintKind.ALL_NUMBERS:
        return [
            "No way to place mines around the framed numbers puts one in the outlined cell",
            "The framed numbers leave no way to put a mine here",
            "Safe by all the numbers",
        ]
    if kind is HintKind.MINES_PLACED:
        return [
            f"The numbers hold all {mines} mines: none is left for the ticked cells",
            "The numbers hold every mine: the ticked cells are clear",
            "Safe: no mine is left",
        ]
    if kind is HintKind.MINE_COUNT:
        return [
            f"Every way to fit all {mines} mines leaves the ticked cells clear",
            "Safe by the mine count",
        ]
    if kind is HintKind.NO_MINES:
        return ["The board has no mines: open the outlined cell", "Safe: there are no mines"]
    return ["The outlined cell is certainly safe", "Safe: open the outline"]


def hint_words(hint: Hint, shown: Callable[[int, int], str], mines: int, room: int) -> str:
    """The longest wording that fits `room` characters (the shortest when none does)."""
    wordings = hint_wordings(hint, shown, mines)
    return next((w for w in wordings if len(w) <= room), wordings[-1])


def odds_words(probability: float) -> str:
    """The exact odds of the cell under the mouse, for the status line."""
    if probability <= 0.0:
        return "Proven: no mine here"
    if probability >= 1.0:
        return "Proven: a mine is here"
    return f"Mine odds here: {probability:.1%}"
