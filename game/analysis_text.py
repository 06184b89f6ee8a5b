"""The analysis of a game (game/engine/game_analysis.py) in words, in the language in use: its
chances, its summary line and a line a guess or mistake, for every front end; and
`pixel-mines --analyse REPLAY` printed for the terminal: the summary line, then a line per guess
or mistake; or, with `--json`, one JSON object a move and a last one for the summary.

Prints only; reading the file and its errors are the command line's (game/app.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import i18n
from .engine.game_analysis import Analyser, GameAnalysis, Mistake, MoveReport, Verdict
from .engine.walk import journal_of
from .i18n import N_, _, ngettext
from .words import apart, better_guess

if TYPE_CHECKING:
    from .store.replays import Replay

HEADER = N_("Cells are (row, column), counted from 0 at the top left.")
# Why a move was a mistake, in a few words.
MISTAKES = {
    Mistake.FLAGGED_SAFE: N_("flagged a proven safe cell"),
    Mistake.CHORDED_WRONG_FLAG: N_("chorded around a wrong flag"),
    Mistake.OPENED_MINE: N_("opened a proven mine"),
}


def _plain(line: str) -> str:
    """The window's no-break spaces (a number kept beside its % sign) as plain spaces."""
    return line.replace("\u00a0", " ")


def print_analysis(replay: Replay, as_json: bool, out: Callable[[str], None] = print) -> int:
    """Print the analysis of a replay whose mines were laid; the exit status."""
    events = journal_of(replay.version, replay.events, replay.moves)
    report: GameAnalysis = Analyser(replay.layout, events).run()
    if as_json:
        for move in report.moves:
            out(json.dumps(move.as_json()))
        out(json.dumps(report.summary_json()))
        return 0
    out(_(HEADER))
    out(_plain(summary(report)))
    for move in report.moves:
        if move.verdict.value != "sure":
            out(_plain(move_line(move)))
    return 0


def percents_apart(p: float, q: float) -> tuple[str, str]:
    """Two different chances as `percent` writes them, told apart (words.apart)."""
    return apart(p, q, lambda chance, places: percent(chance, places or 0))


def why_words(why: Mistake | None) -> str:
    """A mistake's reason in the language in use ("opened a proven mine"); "" for none."""
    return _(MISTAKES[why]) if why is not None else ""


def move_line(move: MoveReport) -> str:
    """One line for a guess or a mistake (the command line prints them)."""
    # Translators: a move of the analysis: its number, its cell and its time in seconds.
    where = _("move %(number)d at (%(row)d, %(col)d), %(seconds)s s") % {
        "number": move.n,
        "row": move.row,
        "col": move.col,
        "seconds": i18n.number(move.t_ms / 1000, 1),
    }
    if move.verdict is Verdict.MISTAKE:
        # Translators: where is the move ("move 3 at (2, 4), 1.5 s"); why says what it did.
        return _("%(where)s: a mistake: %(why)s") % {"where": where, "why": why_words(move.why)}
    low = percent(move.lowest_p)
    better = move.better is not None and move.better_p is not None and move.better_why
    if better:  # a guess only: its better guess's chance and the safest, told apart
        better_risk, low = percents_apart(move.better_p, move.lowest_p)
    chance = {"chance": low}
    # Translators: the lowest chance of a mine anywhere when a guess was made.
    safest = _("the safest then %(chance)s") % chance
    if move.verdict is Verdict.AVOIDABLE:
        if move.lowest_cells:  # a cell proven safe then, to look for on the board
            # Translators: cell is the safest cell then, as (row, column).
            safest = _("the safest then %(chance)s: %(cell)s") % {
                **chance,
                "cell": move.lowest_cells[0],
            }
        elif move.lowest_off_frontier:
            safest = _("the safest then %(chance)s: any cell touching no number") % chance
        # Translators: risk is the chance the guess was a mine; safest is said above.
        return _("%(where)s: an avoidable guess, %(risk)s risk (%(safest)s)") % {
            "where": where,
            "risk": percent(move.p_mine),
            "safest": safest,
        }
    line = _("%(where)s: a guess, %(risk)s risk (%(safest)s)") % {
        "where": where,
        "risk": percent(move.p_mine),
        "safest": safest,
    }
    if not better:
        return line
    # Translators: guess is a guess's line (above); then the better guess then: cell is (row,
    # column), risk its chance of a mine, why follows "it" ("leaves fewer 50/50s").
    words = _(
        "%(guess)s; the better guess was %(cell)s, %(risk)s risk: riskier than the safest, "
        "but it %(why)s"
    )
    return words % {
        "guess": line,
        "cell": move.better,
        "risk": better_risk,
        "why": better_guess(move.better_why),
    }


def summary(report: GameAnalysis, listed: int | None = None) -> str:
    """ "3 guesses (50 %, 12 %, 33 %): 29 % chance to survive them; 1 avoidable; no
    mistakes", in the language in use. `listed`: name at most that many guesses' risks
    (0: none; past them, how many more)."""
    risks = [percent(m.p_mine) for m in report.guesses]
    if listed is not None and len(risks) > listed:
        more = len(risks) - listed
        # Translators: after the risks of the guesses named: how many more there were.
        rest = ngettext("%(count)d more", "%(count)d more", more) % {"count": more}
        risks = risks[:listed] + [rest] if listed else []
    return summary_words(
        len(report.guesses),
        risks,
        percent(report.survival),
        report.avoidable,
        report.mistakes,
        report.approximate,
    )


def percent(p: float | None, places: int = 0) -> str:
    """A chance as the analysis writes it, in the language's signs: whole percent (or to
    `places` decimals), closer only where that would read as certain."""
    if p is None:
        return "-"
    rounded = round(p * 100, places)
    if 0 < rounded < 100 or p in (0.0, 1.0):
        value = i18n.number(rounded, places) if places else i18n.number(round(rounded))
    elif 0 < round(p * 100, 1) < 100:
        value = i18n.number(round(p * 100, 1), 1)
    else:
        value = ("<" if p < 0.5 else ">") + i18n.number(0.1 if p < 0.5 else 99.9, 1)
    # Translators: a chance in percent; value is the number ("50", "0.1", "<0.1"). A no-break
    # space stands before the sign: keep it, or drop it where the language writes "50%".
    return _("%(value)s\u00a0%%") % {"value": value}


def guesses_words(count: int) -> str:
    """ "no guesses", "1 guess", "3 guesses"."""
    if not count:
        return _("no guesses")
    return ngettext("%(count)d guess", "%(count)d guesses", count) % {"count": count}


def mistakes_words(count: int) -> str:
    """ "no mistakes", "1 mistake", "3 mistakes"."""
    if not count:
        return _("no mistakes")
    return ngettext("%(count)d mistake", "%(count)d mistakes", count) % {"count": count}


def summary_words(
    count: int,
    risks: list[str],
    odds: str,
    avoidable: int,
    mistakes: int,
    approximate: bool = False,
) -> str:
    """ "3 guesses (50 %, 12 %, 33 %): 29 % chance to survive them; 1 avoidable; no
    mistakes" (`summary`'s words): `count` guesses with the `risks` named (none: not named),
    `odds` the chance to survive them all."""
    if not count:
        # Translators: an analysis's summary; guesses is "no guesses", mistakes "no mistakes"
        # or "2 mistakes".
        text = _("%(guesses)s; %(mistakes)s")
    else:
        if risks:
            # Translators: an analysis's summary: count guesses, their risks ("50 %, 12 %"),
            # odds the chance to survive them all ("29 %"); then avoidable and mistakes, as
            # "1 avoidable" or "none avoidable" and "no mistakes" or "2 mistakes".
            text = ngettext(
                "%(count)d guess (%(risks)s): %(odds)s chance to survive it; %(avoidable)s;"
                " %(mistakes)s",
                "%(count)d guesses (%(risks)s): %(odds)s chance to survive them;"
                " %(avoidable)s; %(mistakes)s",
                count,
            )
        else:
            # Translators: as the summary with the risks named, without them.
            text = ngettext(
                "%(count)d guess: %(odds)s chance to survive it; %(avoidable)s; %(mistakes)s",
                "%(count)d guesses: %(odds)s chance to survive them; %(avoidable)s; %(mistakes)s",
                count,
            )
    if avoidable:
        # Translators: in an analysis's summary: how many guesses could have been avoided.
        shown = ngettext("%(count)d avoidable", "%(count)d avoidable", avoidable)
        shown %= {"count": avoidable}
    else:
        # Translators: in an analysis's summary: none of the guesses could have been avoided.
        shown = _("none avoidable")
    words = {
        "count": count,
        "risks": _list(risks),
        "odds": odds,
        "avoidable": shown,
        "guesses": guesses_words(count),
        "mistakes": mistakes_words(mistakes),
    }
    return ("~" if approximate else "") + text % words


def _list(items: list[str]) -> str:
    # Translators: what stands between the items of a list ("50 %, 12 %").
    return _(", ").join(items)
