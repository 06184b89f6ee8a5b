"""`pixel-mines --stats`: the statistics as lines of text for the terminal, in the player's
language (numbers and dates as it writes them); the store reads the figures, this words them."""

from __future__ import annotations

from .engine import Difficulty
from .i18n import N_, NP_, _, date, ngettext, number, pgettext
from .store.records import no_best_line
from .store.stats import KINDS, Stats, Summary
from .words import label

# The letters of `--stats`' last games, and its key.
# Translators: one letter each: a win, a win that set no record, a loss (--stats' last games).
_RECENT_MARKS = (
    NP_("last games: won", "W"),
    NP_("last games: won, no record", "a"),
    NP_("last games: lost", "L"),
)


def kind_label(kind: str) -> str:
    """A kind of board (KINDS) as the player reads it: "Beginner" ... "Custom"."""
    if kind == "custom":
        return pgettext("difficulty", "Custom")
    return label(Difficulty[kind.upper()])


def stats_report(stats: Stats, today: str) -> list[str]:
    """The statistics as lines of text (`--stats`); `today` is the UTC date. Numbers and
    dates as the language writes them (i18n.number, i18n.date); the CSV keeps Python's."""
    lines = [
        _("Pixel Mines statistics (%(file)s)") % {"file": stats.path},
        _daily_line(stats, today),
    ]
    for kind in KINDS:
        s = stats.summary(kind)
        lines += ["", *_kind_lines(kind, s, _custom_sizes(stats, s) if kind == "custom" else [])]
    return lines


# --stats lists the best times of the custom size last played, then of this many other sizes
# at most (each its fastest few), in the order of rows, columns and mines after it.
CUSTOM_SIZES = 8
OTHER_SIZE_TIMES = 3


def size_words(size: tuple[int, int, int]) -> str:
    """A custom board's size as the player reads it: "30x16, 99 mines"."""
    rows, cols, mines = size
    # Translators: a custom board's size (columns x rows) and its mines.
    return ngettext(
        "%(cols)dx%(rows)d, %(mines)d mine", "%(cols)dx%(rows)d, %(mines)d mines", mines
    ) % {"cols": cols, "rows": rows, "mines": mines}


def _custom_sizes(stats: Stats, last: Summary) -> list[str]:
    """The best times of each custom size, the size last played first (custom boards keep
    bests by size), the others after it; a few queries a size, however many games."""
    lines: list[str] = []
    size, summary, seen = last.size, last, set()
    while size is not None and size not in seen and len(seen) <= CUSTOM_SIZES:
        seen.add(size)
        if summary.best_times:
            # Translators: --stats, the Custom boards: the best times of one size follow.
            lines.append("  " + _("best times of %(size)s:") % {"size": size_words(size)})
            most = len(summary.best_times) if size == last.size else OTHER_SIZE_TIMES
            lines += _best_time_lines(summary.best_times[:most], summary.best_paused)
        size = stats.custom_size_beside(size, 1)
        if size is not None:
            summary = stats.summary("custom", size=size)
    return lines


def _best_time_lines(times: list, paused: list[bool]) -> list[str]:
    """The best times, one a line: place, seconds, date, and whether the clock was paused."""
    lines = []
    for n, ((ms, at, _row), was_paused) in enumerate(zip(times, paused, strict=False), 1):
        line = f"  {n:>2}. {number(ms / 1000, 3):>8} s  {date(at[:10])}"
        # Translators: --stats, after a best time whose clock was paused while it was played.
        lines.append(line + "  " + _("(paused)") if was_paused else line)
    return lines


def _daily_line(stats: Stats, today: str) -> str:
    d = stats.daily_summary(today)
    daily = {
        "played": number(d.played),
        "won": number(d.won),
        "streak": number(d.streak),
        "best_streak": number(d.best_streak),
    }
    if d.best_ms is None:
        # Translators: the daily boards in --stats: days played, of them won, the streak of
        # days won now and the best one.
        line = ngettext(
            "Daily boards: %(played)s day played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s",
            "Daily boards: %(played)s days played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s",
            d.played,
        )
    else:
        daily["seconds"] = number(d.best_ms / 1000, 3)
        # Translators: as above, and the best time of a daily board in seconds (3 decimals).
        line = ngettext(
            "Daily boards: %(played)s day played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s, best time %(seconds)s s",
            "Daily boards: %(played)s days played, %(won)s won, streak %(streak)s, "
            "best streak %(best_streak)s, best time %(seconds)s s",
            d.played,
        )
    return line % daily


def _figures(*figures: tuple[str, float | None, int]) -> str:
    """("best 3BV/s %(value)s", value, decimals)... as one line's words, those with a value."""
    return ", ".join(
        _(words) % {"value": number(value, places)}
        for words, value, places in figures
        if value is not None
    )


def _kind_lines(kind: str, s: Summary, sizes: list[str]) -> list[str]:
    """One kind of board in `--stats`: its games, streaks, bests, best times (custom boards:
    `sizes`, the lines of their sizes' best times) and last games."""
    lines = [
        # Translators: a kind of board in --stats (Beginner...): games played, won, and the
        # share won in per cent (%% is the per cent sign).
        _("%(kind)s: played %(played)s, won %(won)s (%(rate)s%%)")
        % {
            "kind": kind_label(kind),
            "played": number(s.played),
            "won": number(s.won),
            "rate": number(s.win_rate * 100),
        }
    ]
    # Translators: the games won in a row now, and the most ever.
    streaks = {"streak": number(s.current_streak), "best": number(s.best_streak)}
    lines.append("  " + _("streak %(streak)s, best streak %(best)s") % streaks)
    bests = _figures(
        (N_("best 3BV/s %(value)s"), s.best_rate, 2), (N_("best IOE %(value)s"), s.best_ioe, 3)
    )
    if bests:
        lines.append("  " + bests)
    nf = _figures(
        (N_("3BV/s %(value)s"), s.nf_best_rate, 2), (N_("IOE %(value)s"), s.nf_best_ioe, 3)
    )
    if nf:
        # Translators: the bests of games won without a flag; bests lists them
        # ("3BV/s 2.50, IOE 0.800").
        lines.append("  " + _("no flags (NF): best %(bests)s") % {"bests": nf})
    lines += sizes if kind == "custom" else _best_time_lines(s.best_times, s.best_paused)
    if not (sizes if kind == "custom" else s.best_times):
        lines.append("  " + no_best_line(s.won))
    if s.recent:
        lines.append("  " + _recent_line(s.recent))
    return lines


def _recent_line(recent: list[tuple[bool, int, bool]]) -> str:
    """The last games, a letter each, as the window's chart, and its key."""
    won_mark, other_mark, lost_mark = (pgettext(*m) for m in _RECENT_MARKS)
    marks = "".join(
        lost_mark if not won else other_mark if other else won_mark for won, _when, other in recent
    )
    # Translators: the last games in --stats, one letter each (count of them); keep the
    # three letters as you translated them.
    return _(
        "last %(count)s: %(marks)s  (%(won)s won, %(other)s won with no record, %(lost)s lost)"
    ) % {
        "count": number(len(recent)),
        "marks": marks,
        "won": won_mark,
        "other": other_mark,
        "lost": lost_mark,
    }
