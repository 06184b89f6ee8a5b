"""Mine probabilities and hints from what the player sees: the text view and the mine total.

Only the open numbers and the board's mine total are trusted; flags and '?' count as covered,
because a player's flag may be wrong. Standard library only: no Game, no clock, no randomness,
so the same view always gives the same answer.

How the probabilities are exact: the covered cells next to open numbers (the frontier) split into
independent parts linked by shared numbers. Each part's solutions are counted by mine count with
a branch-and-split search over "boxes" (cells that touch exactly the same numbers), and the parts
are weighed together with the number of ways to put the remaining mines in the covered cells that
touch no number. A part too big for the work budget is estimated instead, and the answer says so.

The package, one file a step: `position` (reading a view), `counting` (one part of the frontier),
`probabilities` (the whole board), `deduction` (what one, two or three numbers prove, and the
reasons), `guess` (the guess policy) and `endgame` (searching the last layouts to the end).
What other code may use is imported here: the answers (`hint` with its `HintKind`,
`analyse`, `mine_probabilities`) and, for the engine's no-guess generation, the core on flat cells
(`neighbours`, `solve_constraints`, `Solution`, `Inconsistent`).
"""

from __future__ import annotations

import dataclasses

from .answers import Analysis, Cell, GuessWhy, Hint, HintKind
from .deduction import Deduction, explain_global
from .endgame import GUESS_WORK, Work
from .guess import TODAY, Strategy, choose_guess, guess_hint
from .position import Inconsistent, neighbours, parse
from .probabilities import (
    DEFAULT_BUDGET,
    Solution,
    solve_constraints,
    solve_position,
)

__all__ = [
    "DEFAULT_BUDGET",
    "GUESS_WORK",
    "Analysis",
    "Cell",
    "GuessWhy",
    "Hint",
    "HintKind",
    "Inconsistent",
    "Solution",
    "Strategy",
    "analyse",
    "hint",
    "hint_near",
    "hint_with_steps",
    "mine_probabilities",
    "neighbours",
    "solve_constraints",
]


def analyse(view: list[str], mines: int, *, budget: int = DEFAULT_BUDGET) -> Analysis:
    """Probabilities and certainties for `view` on a board with `mines` mines in all.

    Raises ValueError for a malformed view or one that no layout of `mines` mines fits.
    '*', 'X' and '!' (an ended game) count as covered cells.
    """
    pos = parse(view, mines)
    sol = solve_position(pos, budget, {})
    cols = pos.cols
    probabilities = {}
    safe = []
    certain_mines = []
    rest_p = sol.rest_prob
    for k in pos.unknown:
        p = sol.prob.get(k, rest_p)
        cell = divmod(k, cols)
        probabilities[cell] = p
        if p == 0.0:
            safe.append(cell)
        elif p == 1.0:
            certain_mines.append(cell)
    return Analysis(probabilities, sol.approximate, frozenset(safe), frozenset(certain_mines))


def mine_probabilities(
    view: list[str], mines: int, *, budget: int = DEFAULT_BUDGET
) -> dict[Cell, float]:
    """The mine probability of every cell that is not open ('#', 'F' and '?' are all unknown).

    Exact unless the frontier is too big for `budget`; `analyse` says which.
    A probability is exactly 0.0 or 1.0 only when it is certain.
    """
    return analyse(view, mines, budget=budget).probabilities


Box = tuple[int, int, int, int]  # top, left, rows, cols: the part of the board a player sees


def hint(
    view: list[str],
    mines: int,
    *,
    budget: int = DEFAULT_BUDGET,
    lookahead: bool = True,
    near: Box | None = None,
    strategy: Strategy = TODAY,
) -> Hint | None:
    """The cell to open next: a proven safe cell if there is one, else the best guess (see
    `hint_with_steps`)."""
    return hint_with_steps(
        view, mines, budget=budget, lookahead=lookahead, near=near, strategy=strategy
    )[0]


def hint_near(view: list[str], mines: int, near: Box) -> Hint | None:
    """A cell inside `near` that one or two numbers prove safe, the simplest proof and then
    the one nearest the middle of `near`; None if there is none (or `near` is all the board).

    The numbers are read in `near` and one cell round it; every cell further out is taken as
    covered. A number that counts an open cell among its covered ones still says how many
    mines lie round it, so what it proves is true of the board; the proof is only shorter to
    find, and the cell it names is where the player is looking (a 200x200 board's first
    proof in reading order is in its top-left corner)."""
    pos = parse(view, mines)
    top, left, rows, cols = near
    height, width = pos.rows, pos.cols
    r0, r1 = max(0, top - 1), min(height, top + rows + 1)
    c0, c1 = max(0, left - 1), min(width, left + cols + 1)
    if pos.ended or (r0, r1, c0, c1) == (0, height, 0, width) or r0 >= r1 or c0 >= c1:
        return None
    covered = "#" * width
    masked = [
        covered[:c0] + line[c0:c1] + covered[c1:] if r0 <= r < r1 else covered
        for r, line in enumerate(view)
    ]
    deduction = Deduction(parse(masked, mines))
    bottom, right = top + rows, left + cols
    inside: list[int] = []
    for _ in range(NEAR_STEPS):  # a step that proves only cells further out goes on
        found = deduction.run(max_level=2)
        if not found:
            return None
        # those further out may be open on the board
        inside = [k for k in found if top <= k // width < bottom and left <= k % width < right]
        if inside:
            break
    if not inside:
        return None
    middle_r, middle_c = 2 * top + rows - 1, 2 * left + cols - 1  # twice the middle

    def rank(k: int) -> tuple:
        fact, (r, c) = deduction.facts[k], divmod(k, width)
        far = max(abs(2 * r - middle_r), abs(2 * c - middle_c))
        return fact.level, len(fact.mines_used), far, k

    proof = deduction.explain([min(inside, key=rank)])
    # the cells its step proves safe, less those open on the board (taken as covered here)
    safe = tuple(cell for cell in proof.proven_safe if view[cell[0]][cell[1]] in COVERED)
    return dataclasses.replace(proof, proven_safe=safe)


NEAR_STEPS = 64  # `hint_near`'s deduction steps at most, then the usual hint
COVERED = "#?F"  # not open: flags and question marks count as covered


def hint_with_steps(
    view: list[str],
    mines: int,
    *,
    budget: int = DEFAULT_BUDGET,
    lookahead: bool = True,
    cap: int | None = None,
    near: Box | None = None,
    strategy: Strategy = TODAY,
) -> tuple[Hint | None, int]:
    """The cell to open next: a proven safe cell if there is one, else the best guess;
    with `near`, first a proof inside it (`hint_near`).

    Prefers a cell one number proves safe, then two or three numbers together, then more numbers
    or the mine total, and only then a guess (with `lookahead`, weighed by what opening it would
    probably reveal). None when nothing is left to open: no covered cell that may be safe, or
    an ended game ('*', 'X' or '!' in the view).

    With it, the work steps the guess's searches spent (0 when no guess was needed): at most
    `cap` (None: the strategy's, GUESS_WORK), past which the guess falls back to what was
    weighed so far, or the safest cell; and, where the strategy gives the endgame steps of its
    own (the hints' policy does), those too, scaled as `cap` is to GUESS_WORK. The same view
    always spends the same steps and gets the same hint, on any machine.
    `strategy`: the guess policy's levers (guess.Strategy), for measuring them.
    """
    if near is not None:
        found = hint_near(view, mines, near)
        if found is not None:
            return found, 0
    pos = parse(view, mines)
    if pos.ended or not pos.unknown:
        return None, 0
    if len(pos.unknown) == pos.mines:
        return None, 0  # every cell left is a mine: the game is won
    deduction = Deduction(pos)
    found = deduction.run(max_level=2, best_only=True)
    if found:
        return deduction.explain(found), 0
    cache: dict = {}
    sol = solve_position(pos, budget, cache)
    certain = sol.certain_cells(pos)
    targets = {k for k in certain if k not in deduction.facts}
    if any(not mine for mine in certain.values()):
        found = deduction.run(max_level=3, targets=targets)
        if found:
            return deduction.explain(found), 0
        return explain_global(pos, sol, certain), 0
    if all(certain.get(k) for k in pos.unknown):
        return None, 0
    if cap is None:
        cap = strategy.work
    work = Work(cap)
    choice = choose_guess(pos, sol, cache, lookahead, work, strategy)
    return guess_hint(pos, sol, choice), work.spent
