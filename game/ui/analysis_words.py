"""The analysis room's words (game/ui/scenes/analysis.py): the line under the board about a
move, or after the last, longest first, and the longest that fits.
"""

from __future__ import annotations

from ..analysis_text import guesses_words, mistakes_words, percent, percents_apart, why_words
from ..analysis_text import summary as summaries
from ..engine.game_analysis import GameAnalysis, MoveReport, Verdict
from ..i18n import _
from ..words import better_guess


def end_words(report: GameAnalysis) -> list[str]:
    """What the line says after the last move, longest first."""
    summary = summaries(report, listed=3)
    guesses = guesses_words(len(report.guesses))
    odds = percent(report.survival)
    values = {
        "summary": summary,
        "short": summaries(report, listed=0),
        "odds": odds,
        "guesses": guesses,
        "avoidable": report.avoidable,
        "mistakes": mistakes_words(report.mistakes),
    }
    wordings = [
        # Translators: the line under the board after the last move of an analysed game,
        # longest first: summary is the analysis's summary; guesses "3 guesses" or "no
        # guesses"; odds the chance to survive them ("29 %"); mistakes "no mistakes" or "1
        # mistake"; avoidable a number.
        _("End: %(summary)s"),
        "%(summary)s",
        _("End: %(short)s"),
        _("End: %(guesses)s, %(odds)s to survive; %(avoidable)d avoidable; %(mistakes)s"),
        _("End: %(guesses)s, %(odds)s to survive"),
        _("%(guesses)s, %(odds)s"),
        "%(guesses)s",
        _("End"),
    ]
    return [w % values for w in wordings]


def move_words(move: MoveReport, head: str, at: str) -> list[str]:
    """The move's words, longest first: the first led by `head` ("Move 3/12"), the
    others by `at` ("3/12")."""
    why = why_words(move.why)
    values = {
        "move": head,
        "at": at,
        "risk": percent(move.p_mine),
        "low": percent(move.lowest_p),
        "why": why,
    }
    # Translators: (and all of a move's words) move is "Move 3/12" (or with what it did, "Move
    # 3/12 (open)"); at is "3/12" (or "3/12 lost", "Move 3/12 (the losing open):"); risk
    # the chance it was a mine, low the safest cell's then ("12 %"); why the mistake.
    if move.verdict is Verdict.MISTAKE:
        wordings = [
            _("%(move)s: a mistake: %(why)s"),
            _("%(at)s mistake: %(why)s"),
            _("%(at)s mistake"),
            "%(at)s",
        ]
    elif move.verdict is Verdict.AVOIDABLE:
        wordings = [
            _("%(move)s: avoidable guess, %(risk)s risk; a safe cell was proven"),
            _("%(at)s avoidable %(risk)s, safe cell proven"),
            _("%(at)s avoidable %(risk)s"),
            "%(at)s %(risk)s",  # the narrowest line: the outlined cell says the rest
        ]
    elif move.verdict is Verdict.GUESS and move.better_why is not None:
        values["better"], _low = percents_apart(move.better_p, move.lowest_p)
        values["why"] = better_guess(move.better_why)
        values["short"] = better_guess(move.better_why, short=True)
        wordings = [
            # Translators: a guess, and a better one then, framed: better is its chance of a
            # mine ("12 %"), why follows "it" ("leaves fewer 50/50s"), short is why in a few
            # words ("fewer 50/50s").
            _("%(move)s: a guess, %(risk)s risk; the framed cell, %(better)s, %(why)s"),
            _("%(move)s: a guess, %(risk)s risk; framed %(better)s: %(short)s"),
            _("%(at)s guess %(risk)s, framed %(better)s: %(short)s"),
            _("%(at)s guess %(risk)s, framed: %(short)s"),
            _("%(at)s %(risk)s, framed: %(short)s"),
            _("%(at)s guess %(risk)s"),
            "%(at)s %(risk)s",
        ]
    elif move.verdict is Verdict.GUESS:
        wordings = [
            _("%(move)s: a guess, %(risk)s risk; the safest then %(low)s"),
            _("%(at)s guess %(risk)s, safest %(low)s"),
            _("%(at)s guess %(risk)s"),
            "%(at)s %(risk)s",
        ]
    elif move.first_opening:
        wordings = [_("%(move)s: sure (first click)"), _("%(at)s sure"), "%(at)s"]
    elif move.proven:
        wordings = [_("%(move)s: sure (proven)"), _("%(at)s sure"), "%(at)s"]
    else:
        wordings = [_("%(move)s: sure (no risk)"), _("%(at)s sure"), "%(at)s"]
    return [w % values for w in wordings]


def fit(wordings: list[str], room: int) -> str:
    """The longest of `wordings` (longest first) that fits `room` characters; else the last,
    cut."""
    for words in wordings:
        if len(words) <= room:
            return words
    return wordings[-1][: max(room, 0)]
