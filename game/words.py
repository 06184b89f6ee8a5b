"""The player's words for what the engine and the session report as data, in the language in
use: a board's name (`label`), and why something was refused (`say`: the engine's typed errors,
the session's refusals). The engine words nothing (tests/test_architecture.py keeps game.i18n
out of it); the front ends, and the store's messages, word it here. Imports only the engine
and game.i18n, so any module above the engine may use it.
"""

from __future__ import annotations

from enum import Enum

from .engine.boards import BoardChoice
from .engine.codes import CodeError, CodeProblem
from .engine.rules import BoardSizeError, Difficulty
from .i18n import N_, NP_, _, pgettext

# Translators: the three standard boards, as menus, the statistics and the terminal name them.
_DIFFICULTIES = {
    Difficulty.BEGINNER: NP_("difficulty", "Beginner"),
    Difficulty.INTERMEDIATE: NP_("difficulty", "Intermediate"),
    Difficulty.EXPERT: NP_("difficulty", "Expert"),
}
# A board outside the custom limits (BoardSizeError), by field: not a whole number...
_NOT_WHOLE = {
    # Translators: value is what was given, as the player wrote it.
    "rows": N_("rows must be a whole number (got %(value)r)"),
    "columns": N_("columns must be a whole number (got %(value)r)"),
    "mines": N_("mines must be a whole number (got %(value)r)"),
}
# ...or out of its limits.
_OUTSIDE = {
    "rows": N_("rows must be from %(low)d to %(high)d (got %(value)d)"),
    "columns": N_("columns must be from %(low)d to %(high)d (got %(value)d)"),
    "mines": N_("mines must be from 1 to %(most)d on %(rows)d×%(cols)d cells (got %(value)d)"),
}
_CODES = {
    # Translators: length is how long a board code is (24); count is how long it was.
    CodeProblem.LENGTH: N_("a board code has %(length)d characters (this one has %(count)d)"),
    # Translators: character is the one typed that board codes never use.
    CodeProblem.CHARACTER: N_(
        "%(character)r is not used in board codes; check for a typing mistake"
    ),
    CodeProblem.CHECK: N_("this code has a typing mistake (its check character does not match)"),
    CodeProblem.NOT_A_CODE: N_("this is not a board code of this game"),
    # Translators: prefix is the letter a seed's text starts with ('S').
    CodeProblem.SEED_PREFIX: N_("a seed written as text starts with %(prefix)r"),
    CodeProblem.SEED_LENGTH: N_(
        "a seed written as text has %(length)d characters after %(prefix)r (this one has %(count)d)"
    ),
    CodeProblem.SEED_CHARACTER: N_(
        "%(character)r is not used in seeds written as text; check for a typing mistake"
    ),
    CodeProblem.SEED_TOO_LARGE: N_("this is not a seed of this game (it is larger than 2**64 - 1)"),
}


def label(board: BoardChoice | Difficulty) -> str:
    """A board's name: a standard one's ("Beginner"), else "Custom 30×16"."""
    difficulty = board if isinstance(board, Difficulty) else board.difficulty
    if difficulty is not None:
        return pgettext(*_DIFFICULTIES[difficulty])
    # Translators: a board of the player's own size, columns×rows.
    return _("Custom %(cols)d×%(rows)d") % {"cols": board.cols, "rows": board.rows}


def say(problem: BoardSizeError | CodeError | Enum) -> str:
    """Why something was refused, as a player reads it: a board outside the custom limits, a
    board code or a seed's text that is not one (the engine's errors), or a session's
    `Refusal` (its value is its message)."""
    if isinstance(problem, BoardSizeError):
        words = _NOT_WHOLE if problem.high is None else _OUTSIDE
        return _(words[problem.field]) % {"most": problem.high, **vars(problem)}
    if isinstance(problem, CodeError):
        return _(_CODES[problem.problem]) % problem.data
    return _(problem.value)


# Why a guess riskier than the safest cell is the better one (the solver's GuessWhy, by its
# value: this module may not load the solver). Each follows "[the guess] ..." or "but it ...".
_BETTER_GUESS = {
    # Translators: follows "it" (the guess): it more often shows a number that proves the next
    # cell, so it opens up more of the board.
    "opens more": N_("is likelier to open up the board"),
    # Translators: follows "it" (the guess): a 50/50 is two cells that nothing can ever tell
    # apart, a coin toss left for later.
    "fewer 50/50s": N_("leaves fewer 50/50s"),
    # Translators: follows "it" (the guess): every way the mines can still lie was played to
    # the end, and this guess wins in the most of them.
    "wins most": N_("wins most often, played to the end"),
    # Translators: follows "it" (the guess): nothing opened elsewhere can ever tell the
    # layouts of its closed region apart, so a guess there must be made sooner or later, and
    # this one wins the region most often.
    "on its own": N_("is the best guess of a region that must be guessed sooner or later"),
}
# The same in a few words, for a narrow line.
_BETTER_GUESS_SHORT = {
    # Translators: at most 14 characters: "is likelier to open up the board".
    "opens more": N_("opens more"),
    # Translators: at most 14 characters: "leaves fewer 50/50s".
    "fewer 50/50s": N_("fewer 50/50s"),
    # Translators: at most 14 characters: "wins most often, played to the end".
    "wins most": N_("wins most"),
    # Translators: at most 14 characters: "a region that must be guessed sooner or later".
    "on its own": N_("unavoidable"),
}


def better_guess(why: str, short: bool = False) -> str:
    """Why a guess riskier than the safest cell is the better one, `why` a solver GuessWhy's
    value: "leaves fewer 50/50s" (`short`: "fewer 50/50s")."""
    return _((_BETTER_GUESS_SHORT if short else _BETTER_GUESS)[why])


def apart(p: float, q: float, say) -> tuple[str, str]:
    """Two different chances as `say(chance, places)` writes them (places None: its usual
    way), with a decimal more (two at most) while they would read alike: a guess at 14.4 % is
    not "riskier than 14 %" at 14.1 %."""
    first, second = say(p, None), say(q, None)
    for places in (1, 2):
        if first != second:
            break
        first, second = say(p, places), say(q, places)
    return first, second
