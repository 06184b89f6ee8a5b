"""A hint and the odds as the window shows them: which cells carry a mark, and the words that
point at those marks instead of naming (row, col) coordinates.

Words only and sets of cells: no pygame, no drawing (the renderer draws the marks). The
terminal keeps the solver's own reasons, which name cells by coordinates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext, number
from ..words import apart, better_guess

if TYPE_CHECKING:  # the solver is loaded by the first hint, not at start
    from ..engine.solver import Hint

Cell = tuple[int, int]


@dataclass(frozen=True)
class HintMarks:
    """What a hint marks on the board besides its outlined cell."""

    numbers: frozenset[Cell] = frozenset()  # framed: the numbers the proof reads (a guess:
    # the safest cell, when the guess is riskier)
    mines: frozenset[Cell] = frozenset()  # a mine mark: cells the proof knows are mines
    safe: frozenset[Cell] = frozenset()  # a tick: cells the proof shows are safe

    def cells(self) -> set[Cell]:
        return set(self.numbers | self.mines | self.safe)


def hint_marks(hint: Hint | None) -> HintMarks | None:
    if hint is None:
        return None
    framed = (*hint.numbers, hint.safest) if hint.safest is not None else hint.numbers
    return HintMarks(frozenset(framed), frozenset(hint.proven_mines), frozenset(hint.proven_safe))


def hint_cells(hint: Hint) -> list[Cell]:
    """Every cell a hint draws on: redrawn when it comes and when it goes."""
    marks = hint_marks(hint)
    return [hint.cell, *sorted(marks.cells() - {hint.cell})]


def percent(p: float, places: int) -> str:
    """A chance as a player reads it, "12.5%", in the language's signs."""
    # Translators: a percentage; number holds the digits ("12.5", in German "12,5"). Write
    # the sign as %% (German "%(number)s %%").
    return _("%(number)s%%") % {"number": number(100 * p, places)}


def _percent(p: float) -> str:
    return percent(p, 1) if p < 0.1 else percent(p, 0)


def _apart(p: float, q: float) -> tuple[str, str]:
    """Two different chances as `_percent` says them, told apart (words.apart)."""
    return apart(
        p, q, lambda chance, places: _percent(chance) if places is None else percent(chance, places)
    )


# "the 2 framed numbers" reads as "the framed 2s": the count is said in words where it is small
_COUNT_WORDS = {
    # Translators: how many numbers a hint frames, as in "The two framed numbers leave no
    # room for a mine here".
    2: N_("two"),
    3: N_("three"),
    4: N_("four"),
}


def hint_wordings(hint: Hint, shown: Callable[[int, int], str], mines: int) -> list[str]:
    """Ways to say why the outlined cell is the one to open, longest first; the last is at
    most 26 characters (the status line of a Beginner board at zoom 1). `shown(row, col)` is
    the text-view character of a cell, `mines` the board's mine total. In the language in use."""
    from ..engine.solver import HintKind  # loaded already: a hint came from it

    kind = hint.kind
    if not hint.safe or kind is HintKind.GUESS:
        return _guess_wordings(hint)
    if kind is HintKind.ONE_NUMBER and hint.numbers:
        return _one_number_wordings(hint, shown(*hint.numbers[0]).replace(".", "0"))
    if kind is HintKind.NUMBERS:
        return _numbers_wordings(hint)
    if kind is HintKind.ALL_NUMBERS:
        return [
            # Translators: a hint: every way of placing mines that fits the framed numbers
            # leaves the outlined cell clear.
            _("No way to place mines around the framed numbers puts one in the outlined cell"),
            _("The framed numbers leave no way to put a mine here"),
            # Translators: a hint, at most 26 characters if you can.
            _("Safe by all the numbers"),
        ]
    if kind is HintKind.MINES_PLACED:
        return [
            # Translators: a hint; count is the board's number of mines, all of them next to
            # the numbers, so the ticked cells (away from the numbers) are safe.
            ngettext(
                "The numbers hold all %(count)d mine: none is left for the ticked cells",
                "The numbers hold all %(count)d mines: none is left for the ticked cells",
                mines,
            )
            % {"count": mines},
            _("The numbers hold every mine: the ticked cells are clear"),
            # Translators: a hint, at most 26 characters if you can.
            _("Safe: no mine is left"),
        ]
    if kind is HintKind.MINE_COUNT:
        return [
            # Translators: a hint; count is the board's number of mines.
            ngettext(
                "Every way to fit all %(count)d mine leaves the ticked cells clear",
                "Every way to fit all %(count)d mines leaves the ticked cells clear",
                mines,
            )
            % {"count": mines},
            # Translators: a hint, at most 26 characters if you can.
            _("Safe by the mine count"),
        ]
    if kind is HintKind.NO_MINES:
        return [_("The board has no mines: open the outlined cell"), _("Safe: there are no mines")]
    return [_("The outlined cell is certainly safe"), _("Safe: open the outline")]


def _guess_wordings(hint: Hint) -> list[str]:
    said = {"odds": ("~" if hint.approximate else "") + _percent(hint.probability)}  # ~: estimated
    if hint.safest is not None and hint.why is not None:
        return _better_guess_wordings(hint)
    return [
        # Translators: a hint that has to guess; odds is the chance that the outlined cell
        # is a mine ("12%", "~1.5%": ~ means estimated). Four ways, longest first: the
        # status line shows the longest that fits.
        _("A guess: %(odds)s chance of a mine, the best there is") % said,
        _("A guess: %(odds)s chance of a mine, the best") % said,
        # Translators: at most 26 characters with the odds, if you can.
        _("Guess: %(odds)s mine, the best") % said,
        _("Guess: %(odds)s mine") % said,
    ]


def _better_guess_wordings(hint: Hint) -> list[str]:
    """A guess riskier than the safest cell, which is framed: why it is the better one."""
    odds, safest = _apart(hint.probability, hint.safest_probability)
    said = {
        "odds": ("~" if hint.approximate else "") + odds,
        "why": better_guess(hint.why.value),
        "short": better_guess(hint.why.value, short=True),
        "safest": safest,
    }
    return [
        # Translators: a hint that has to guess, and not at the safest cell, which is framed;
        # odds is the outlined cell's chance of a mine, safest the framed cell's ("11%"); why
        # follows "it": "leaves fewer 50/50s". Longest first.
        _("A guess: %(odds)s chance of a mine, riskier than the framed %(safest)s, but it %(why)s")
        % said,
        # Translators: short is why in a few words ("fewer 50/50s").
        _("A guess: %(odds)s mine, riskier than framed %(safest)s, but %(short)s") % said,
        _("Guess %(odds)s, framed is %(safest)s: %(short)s") % said,
        # Translators: at most 26 characters with the odds and short, if you can.
        _("Guess %(odds)s: %(short)s") % said,
    ]


def _one_number_wordings(hint: Hint, number: str) -> list[str]:
    """The framed number (`number`, its digit) has no mine left around it, or all marked."""
    said = {"number": number}
    if not hint.proven_mines:
        return [
            # Translators: a hint; number is the digit shown on the framed cell (1 to 8).
            _("The framed %(number)s has no mine left around it: open the outlined cell") % said,
            _("The framed %(number)s has no mine left: open the outline") % said,
            # Translators: at most 26 characters, if you can.
            _("Safe: the %(number)s has no mine") % said,
        ]
    marked = len(hint.proven_mines)
    return [
        # Translators: a hint; number is the digit shown on the framed cell (1 to 8).
        _("Every mine around the framed %(number)s is marked: open the outlined cell") % said,
        # Translators: a hint; number is the digit on the framed cell; the marked mines
        # are its neighbours the hint marks as mines.
        ngettext(
            "The framed %(number)s has its mine marked: open the outline",
            "The framed %(number)s has its mines marked: open the outline",
            marked,
        )
        % said,
        # Translators: at most 26 characters, if you can.
        ngettext("Safe: the %(number)s has its mine", "Safe: the %(number)s has its mines", marked)
        % said,
    ]


def _numbers_wordings(hint: Hint) -> list[str]:
    """The framed numbers together leave no room for a mine in the outlined cell."""
    count = len(hint.numbers)
    word = _COUNT_WORDS.get(count)
    said = {"count": _(word) if word else str(count)}
    if hint.proven_mines:
        # Translators: a hint; count is how many numbers are framed, in words ("two",
        # "three", "four") or digits (5 and more).
        longest = ngettext(
            "The %(count)s framed number leaves no room for a mine in the outlined cell, "
            "counting the marked mines",
            "The %(count)s framed numbers leave no room for a mine in the outlined cell, "
            "counting the marked mines",
            count,
        )
    else:
        # Translators: a hint; count is how many numbers are framed, in words ("two",
        # "three", "four") or digits (5 and more).
        longest = ngettext(
            "The %(count)s framed number leaves no room for a mine in the outlined cell",
            "The %(count)s framed numbers leave no room for a mine in the outlined cell",
            count,
        )
    return [
        longest % said,
        # Translators: a hint; count is how many numbers are framed, as above.
        ngettext(
            "The %(count)s framed number leaves no room for a mine here",
            "The %(count)s framed numbers leave no room for a mine here",
            count,
        )
        % said,
        # Translators: a hint, at most 26 characters if you can.
        _("Safe by the framed numbers"),
    ]


def hint_words(hint: Hint, shown: Callable[[int, int], str], mines: int, room: int) -> str:
    """The longest wording that fits `room` characters (the shortest when none does)."""
    wordings = hint_wordings(hint, shown, mines)
    return next((w for w in wordings if len(w) <= room), wordings[-1])


def odds_words(probability: float) -> str:
    """The exact odds of the cell under the mouse, for the status line."""
    if probability <= 0.0:
        # Translators: the status line over a cell the mine odds show as certainly safe.
        return _("Proven: no mine here")
    if probability >= 1.0:
        return _("Proven: a mine is here")
    # Translators: the status line over a cell; odds is its chance of a mine ("12.5%").
    return _("Mine odds here: %(odds)s") % {"odds": percent(probability, 1)}
