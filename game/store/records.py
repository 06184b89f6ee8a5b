"""Which wins may set a best, and why a win set none: the one rule behind the result notice,
the terminal's words, the statistics screen and `--stats` (docs/RULES.md, "Records").

A best (the best times, 3BV/s, IOE, and any measure that sets bests) is set only by an
unassisted win on a board the game laid at random. A board the player chose (a seed, a board
code, a replay's board played again by its code) and an assisted win (a hint, the odds, undo)
count in games and wins, never in bests or streaks. The daily board keeps its own best time.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import N_, _

# How the player chose a board (None: the game laid it at random). Kept in the journal's
# header and in the statistics row (`chosen`); a daily board is told by its date instead.
# Translators: how a chosen board was chosen, said as "No record. A chosen board (a seed)."
CHOSEN = {"seed": N_("a seed"), "code": N_("a board code")}


# What the statistics say of a kind of board that has wins but no best time (both front ends).
NO_BEST = N_("No best time yet: wins with help or on a chosen or daily board set none.")
NO_WINS = N_("No wins yet.")
# The statistics chart's key: (theme colour name, words), as its bars are drawn. A grey bar is
# a win too (one that could set no record); a lost bar is as tall as the time to the mine.
# Translators: the statistics chart's key, beside its bars' colours.
CHART_KEY = (("accent", N_("won")), ("shadow", N_("won, no record")), ("error", N_("lost")))


# Every best a win may set, as the statistics show them (the window's and `--stats`), in the
# order they are named: (the field of stats.NewRecords that says it was set, its name).
BESTS = (
    # Translators: the bests a win may set, as "New record: best 3BV/s!" says them.
    ("best_time", N_("best time")),
    ("best_rate", N_("best 3BV/s")),
    ("best_ioe", N_("best IOE")),
    ("nf_best_rate", N_("best NF 3BV/s")),
    ("nf_best_ioe", N_("best NF IOE")),
)
# The help a game took, as the journal names it, in the player's words.
# Translators: the help a game took, listed after "No record. Assisted:".
ASSISTS = {"hint": N_("hint"), "odds": N_("odds"), "undo": N_("undo")}


def bests_set(new: object, *, board: str = "") -> list[str]:
    """The bests a win set, named ("best time", "best 3BV/s", "best IOE", "best NF 3BV/s",
    "best NF IOE"): the one list the result notice and the terminal say, so neither leaves
    out a best the statistics then show. `new`: a stats.NewRecords, or None (not kept);
    `board`: said in the time's name ("best Beginner time", "best daily time")."""
    if new is None:
        return []
    if board == "daily":
        time = _("best daily time")
    elif board:
        # Translators: board names the board ("Beginner", "daily board").
        time = _("best %(board)s time") % {"board": board}
    else:
        time = _("best time")
    return [
        time if field == "best_time" else _(name)
        for field, name in BESTS
        if getattr(new, field, False)
    ]


def no_best_line(won: int) -> str:
    """The line where the best times would be, from the one count of wins the figures show
    ("Won 1/1" never stands beside "No wins yet")."""
    return _(NO_WINS) if won == 0 else _(NO_BEST)


def chosen_or_none(value: object) -> str | None:
    """A `chosen` value as read from a file: one of CHOSEN, else None."""
    return value if isinstance(value, str) and value in CHOSEN else None


def assists_of(events: Iterable[dict]) -> list[str]:
    """The help a game took ('hint', 'odds', 'undo'), each once, in the order first taken,
    from its journal lines."""
    names: list[str] = []
    for e in events:
        kind = e.get("e")
        what = e.get("what") if kind == "assist" else "undo" if kind == "undo" else None
        if isinstance(what, str) and what.isascii() and what.isalpha() and what not in names:
            names.append(what[:12])
    return names


def why_no_record(
    *,
    assisted: bool,
    assists: Iterable[str] = (),
    chosen: str | None = None,
    bbbv: int | None = None,
) -> str | None:
    """Why a win sets no best, in one line for the player (ASCII: the window's pixel font);
    None when it may set one."""
    if assisted:
        names = ", ".join(_(ASSISTS[a]) if a in ASSISTS else a for a in assists)
        return (
            # Translators: names lists the help taken ("hint, undo").
            _("No record. Assisted: %(names)s.") % {"names": names}
            if names
            else _("No record: assisted.")
        )
    if chosen is not None:
        how = _(CHOSEN[chosen]) if chosen in CHOSEN else chosen
        # Translators: how says how the board was chosen ("a seed", "a board code").
        return _("No record. A chosen board (%(how)s).") % {"how": how}
    if bbbv is None or bbbv <= 1:
        return _("No record: the first click cleared the board.")
    return None
