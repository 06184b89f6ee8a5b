"""The statistics: a page a kind of board and one of the daily boards, the best times with
their replays, the recent games' chart; and the pages laid out ahead in the loop's spare frames
(`StatsPages`), so the dialog opens without laying them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pygame

from ...i18n import N_, NP_, _, language, ngettext, number, pgettext
from ...store.records import CHART_KEY, no_best_line
from ...store.stats import KINDS, Stats
from ..keys import binding
from ..layout import Box
from ..widgets import Button, Chart, ChartKey, Form, Label, ListBox, Metrics, Pairs, Widget
from .base import CLOSE, NOT_MINE, Dialog, figure, is_enter, list_chars, seconds
from .notice import Analyse, click_counts


@dataclass(frozen=True)
class WatchReplay:
    path: str
    back: object = None  # the dialog to come back to when the video is left (the Videos room)


CHART_H = 30


def daily_board_line() -> str:
    """Where today's board is played, from the key table (it has a menu row, not a key)."""
    menu, daily = binding("menu"), binding("daily")
    # Translators: menu is a menu's name ("Game"), key the key that opens the menus (F10),
    # row the menu's row ("Daily board").
    return _("Play today's board: %(menu)s menu (%(key)s) > %(row)s.") % {
        "menu": pgettext("menu", daily.menu),
        "key": menu.keys[0].label(),
        "row": _(daily.label),
    }


# The statistics' pages: one a kind of board, and the daily boards.
PAGE_TITLES = {
    "beginner": N_("Beginner"),
    "intermediate": N_("Intermediate"),
    "expert": N_("Expert"),
    "custom": N_("Custom"),
    # Translators: the statistics' page of the daily boards.
    "daily": N_("Daily"),
}
# Translators: a date without its year (a best time's day); keep both placeholders.
SHORT_DATE = NP_("date pattern without the year", "%(month)s-%(day)s")


def short_date(at: str) -> str:
    """The month and day of an ISO time (2026-12-01T20:35), as the language writes dates."""
    return pgettext(*SHORT_DATE) % {"month": at[5:7], "day": at[8:10]}


# Each statistics page's size for the figures it was laid out from (StatsDialog.placed): the
# dialog opened again lays out only the pages whose figures, room or words changed, and those
# are laid out ahead in the loop's spare frames (`StatsPages`)
_SIZES: dict[tuple, tuple[int, int]] = {}
KEPT_SIZES = 60
# The form of each page laid out ahead, by the same key: the dialog opened next shows it as it
# is, rather than build and lay it out again (once: a form shown keeps its focus and hover)
_AHEAD: dict[tuple, Form] = {}


def stats_today() -> str:
    """The day the daily boards' page counts up to (UTC), as the statistics take it."""
    return datetime.now(UTC).date().isoformat()


SIZE_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}  # the custom page's next size


def size_words(size: tuple[int, int, int]) -> str:
    """A custom board's size as the player reads it: "30x16, 99 mines"."""
    rows, cols, mines = size
    # Translators: a custom board's size (columns x rows) and its mines.
    return ngettext(
        "%(cols)dx%(rows)d, %(mines)d mine", "%(cols)dx%(rows)d, %(mines)d mines", mines
    ) % {"cols": cols, "rows": rows, "mines": mines}


class StatsDialog(Dialog):
    """Statistics of one kind of board at a time, and the daily boards; Left/Right or 1-5 (or
    the < and > buttons) switch pages, Up/Down pick one of the best times and Enter (or Watch)
    watches its replay, A (or Analyse) goes through it move by move. Custom boards keep best
    times by size: the page shows the size last played, and Page Down/Up (or Next size) the
    other sizes with a best time."""

    PAGES = (*KINDS, "daily")

    def __init__(self, stats: Stats, kind: str, today: str) -> None:
        self.stats = stats
        self.today = today
        self._page = self.PAGES.index(kind)
        self.pick = 0
        self.size = None  # the custom size chosen (None: the size last played)
        self._summary = None
        self._summary_of = None  # the (kind, size) it was read for
        self._times: ListBox | None = None  # the best times, when the page has any
        self.chars = 0  # the widest a row can be, once placed: the best times' measures
        self.least = (0, 0)  # the largest page's panel, once placed: every page keeps it
        super().__init__()

    @property
    def page(self) -> int:
        return self._page

    @page.setter
    def page(self, page: int) -> None:
        """Turn to another page (it wraps round) at its first best time."""
        self._page = page % len(self.PAGES)
        self.pick = 0
        self.refresh()

    @property
    def kind(self) -> str:
        return self.PAGES[self.page]

    @property
    def summary(self):
        if self.kind == "daily":
            return None
        size = self.size if self.kind == "custom" else None
        if self._summary is None or self._summary_of != (self.kind, size):
            self._summary = self.stats.summary(self.kind, size=size)
            self._summary_of = (self.kind, size)
        return self._summary

    def other_size(self, step: int) -> tuple[int, int, int] | None:
        """The custom size with a best time after the one shown (step 1) or before it, if it
        is another."""
        shown = self.summary.size
        beside = self.stats.custom_size_beside(shown, step)
        return None if beside == shown else beside

    def turn_size(self, step: int) -> None:
        """Show the best times of another custom size, at its first."""
        beside = self.other_size(step) if self.kind == "custom" else None
        if beside is not None:
            self.size, self.pick = beside, 0
            self.refresh()

    def build(self) -> Form:
        # Translators: the statistics' title: kind is the page's name ("Beginner"), then
        # which page of how many.
        title = _("%(kind)s %(page)d/%(pages)d") % {
            "kind": _(PAGE_TITLES[self.kind]),
            "page": self.page + 1,
            "pages": len(self.PAGES),
        }
        self._times = None
        rows: list[Widget] = []
        if not self.stats.usable:
            rows.append(Label(_("Not being recorded."), "error"))
        d = self.stats.daily_summary(self.today) if self.kind == "daily" else None
        s = self.summary  # read first, so rows it left out are counted below
        if self.stats.skipped:
            n = self.stats.skipped
            rows.append(
                Label(
                    ngettext(
                        "%(count)d broken game left out.", "%(count)d broken games left out.", n
                    )
                    % {"count": n},
                    "error",
                )
            )
        buttons = [Button("prev", "<"), Button("next", ">")]
        rows += self._daily_rows(d) if d is not None else self._kind_rows(s)
        if d is None and s.kind == "custom" and self.other_size(1) is not None:
            # Translators: a button of the statistics' Custom page: the best times of the
            # next size of board.
            buttons.append(Button("size", _("Next size")))
        if d is None and any(replay for _n, _at, replay in s.best_times):
            buttons += [Button("watch", _("Watch")), Button("analyse", _("Analyse"))]
        buttons.append(Button("close", _("Close")))
        form = Form(title, rows, buttons, default="close", cancel="close")
        form.least = self.least
        return form

    def _daily_rows(self, d) -> list[Widget]:
        best = "-" if d.best_ms is None else seconds(d.best_ms / 1000)
        if d.best_ms is not None and d.best_paused:
            # Translators: a best time whose clock was paused while it was played.
            best = _("%(time)s, paused") % {"time": best}
        return [
            Pairs(
                [
                    (_("Days played"), d.played),
                    (_("Days won"), d.won),
                    (_("Streak"), _streak(d.streak, d.best_streak)),
                    (_("Best time"), best),
                ]
            ),
            Label(daily_board_line()),
        ]

    def _kind_rows(self, s) -> list[Widget]:
        """A kind of board's page: its figures, its best times, its recent games."""
        # Translators: games won of games played, then the share won ("3/4 75%").
        won = _("%(won)d/%(played)d %(percent)s%%") % {
            "won": s.won,
            "played": s.played,
            "percent": number(s.win_rate * 100),
        }
        rows: list[Widget] = [
            Pairs(
                [
                    (_("Won"), won),
                    (_("Streak"), _streak(s.current_streak, s.best_streak)),
                    (_("Best 3BV/s"), _best(s.best_rate, s.nf_best_rate, 2)),
                    (_("Best IOE"), _best(s.best_ioe, s.nf_best_ioe, 3)),
                ]
            )
        ]
        if s.kind == "custom" and s.size is not None:
            # Translators: the statistics' Custom page: the size whose best times follow.
            rows.append(Label(_("Best times of %(size)s:") % {"size": size_words(s.size)}))
        if s.best_times:
            rows += self._best_times(s)
        elif s.kind == "custom" and s.won:
            rows.append(Label(_("No best time of this size yet.")))
        else:
            rows.append(Label(no_best_line(s.won)))
        if s.recent:
            rows += [self.chart(), ChartKey([(colour, _(words)) for colour, words in CHART_KEY])]
        return rows

    def _best_times(self, s) -> list[Widget]:
        """The best times, each with its game's measures where the row has room for them,
        else the picked game's under the list."""
        times = [
            (
                f"{n}.",
                seconds(ms / 1000),
                short_date(at),
                # Translators: a best time's mark in the list: it has a replay to watch.
                _("replay") if replay else "",
                # Translators: a best time's mark in the list: its clock was paused.
                _("paused") if paused else "",
            )
            for n, ((ms, at, replay), paused) in enumerate(
                zip(s.best_times, s.best_paused, strict=True), 1
            )
        ]
        self.pick = min(self.pick, len(times) - 1)
        measures = [
            (
                # Translators: a 3BV/s figure in the best times' list ("2.15/s").
                _("%(rate)s/s") % {"rate": figure(rate, 2)},
                _("IOE %(ioe)s") % {"ioe": figure(ioe, 3)},
            )
            for rate, ioe in s.best_measures
        ]
        wide = [(*t[:2], *m, *t[2:]) for t, m in zip(times, measures, strict=True)]
        roomy = max(len(t) for t in ListBox("", wide).texts()) <= self.chars
        self._times = ListBox(
            "times", wide if roomy else times, shown=min(len(times), 5), selected=self.pick
        )
        # the picked game's clicks under the list, in the room of the longest (none where no
        # best time's clicks were measured: the list keeps the room of a small window)
        clicks = [_picked_clicks(n, c) for n, c in enumerate(s.best_clicks, 1)]
        measured = any(c is not None for c in s.best_clicks)
        under = [Label(clicks[self.pick], reserve=max(clicks, key=len))] if measured else []
        if roomy:
            return [self._times, *under]
        rate, ioe = s.best_measures[self.pick]  # the picked game's measures under the list
        # Translators: the picked best time (its place in the list) and its measures.
        said = _("%(place)d: 3BV/s %(rate)s, IOE %(ioe)s")
        place = {"place": self.pick + 1, "rate": figure(rate, 2), "ioe": figure(ioe, 3)}
        return [self._times, Label(said % place), *under]

    def placed(self, m, area, bounds):
        # one size for every page (a play-test: the panel changed size from page to page):
        # each page is laid out here, at the opening and when the window changes, unless its
        # figures were laid out in the same room and words before (kept in `_SIZES`: after a
        # game only its own kind's page, and the daily one, are laid out again, and in the
        # frames before the opening at that: `StatsPages`)
        self.chars, self.least = list_chars(m, bounds), (0, 0)
        sizes = [self.page_size(k, m, area, bounds) for k in range(len(self.PAGES))]
        self.least = (max(w for w, _ in sizes), max(h for _, h in sizes))
        ahead = None
        if self._form is None and self.pick == 0:  # the opening, at the first best time
            ahead = _AHEAD.pop(self.page_key(self._page, m, area, bounds), None)
        if ahead is None:
            self.refresh()
            return
        self._times = ahead.find("times")
        self.form, ahead.least = ahead, self.least
        ahead.layout(m, area, bounds)  # the rows as measured ahead, the panel as large as all

    def page_key(self, k: int, m, area, bounds) -> tuple | None:
        """What page `k`'s size is kept by: its figures' version, the room and the words."""
        version = self.stats.version(self.PAGES[k])
        if version is None:
            return None  # then nothing is kept by it
        size = self.size if self.PAGES[k] == "custom" else None
        page = (self.PAGES[k], size)
        return (page, version, m, area, bounds, self.today, language(), self.stats.skipped)

    def page_size(self, k: int, m, area, bounds) -> tuple[int, int]:
        """Page `k`'s panel with nothing holding it in: as kept, else laid out now."""
        key = self.page_key(k, m, area, bounds)
        size = _SIZES.get(key) if key is not None else None
        return size if size is not None else self.lay_out(k, key, m, area, bounds)

    def lay_out(self, k: int, key: tuple | None, m, area, bounds) -> tuple[int, int]:
        """Build page `k` at its first best time and lay it out: its size, kept with its
        form by `key` (from `page_key`)."""
        page, pick, least, times = self._page, self.pick, self.least, self._times
        self._page, self.pick, self.least = k, 0, (0, 0)
        self.chars = list_chars(m, bounds)
        form = self.build()
        box = form.layout(m, area, bounds)
        self._page, self.pick, self.least, self._times = page, pick, least, times
        if key is not None:
            _SIZES[key] = (box.w, box.h)
            _AHEAD[key] = form
            for kept, most in ((_SIZES, KEPT_SIZES), (_AHEAD, len(self.PAGES))):
                while len(kept) > most:  # the oldest go first
                    del kept[next(iter(kept))]
        return box.w, box.h

    def chart(self) -> Chart:
        """The recent games, oldest first (the newest at the right): each bar as tall as the
        game's time, the axis in seconds: a win's (grey: it could set no record, see
        game/store/records.py), a loss's (checkered: the time to the mine); `CHART_KEY`
        says so."""
        recent = self.summary.recent
        colour = {(True, False): "accent", (True, True): "shadow"}
        bars = [(ms / 1000, colour.get((won, assisted), "error")) for won, ms, assisted in recent]
        n = len(recent)
        # Translators: under the chart of the recent games.
        last = ngettext("last %(count)d game", "last %(count)d games", n) % {"count": n}
        # Translators: the unit of the chart's axis: seconds.
        return Chart(bars, x_label=last, unit=pgettext("unit", "s"), height=CHART_H)

    def _watch(self, analyse: bool = False) -> object | None:
        s = self.summary
        if s and s.best_times:
            replay = s.best_times[self.pick][2]
            if replay:
                return Analyse(replay) if analyse else WatchReplay(replay)
        return None

    def button(self, id):
        if id in ("prev", "next"):
            self.page += 1 if id == "next" else -1
            return None
        if id in ("watch", "analyse"):
            return self._watch(analyse=id == "analyse")
        if id == "size":
            self.turn_size(1)
            return None
        return CLOSE

    def shortcut(self, event):
        k = event.key
        if k == pygame.K_RIGHT:
            self.page += 1
        elif k == pygame.K_LEFT:
            self.page -= 1
        elif event.unicode in tuple("12345"):
            self.page = int(event.unicode) - 1
        elif k == pygame.K_s:
            return CLOSE
        elif k == pygame.K_a:
            return self._watch(analyse=True)
        elif k in SIZE_KEYS and self.kind == "custom":
            self.turn_size(SIZE_KEYS[k])
        elif k in (pygame.K_UP, pygame.K_DOWN) and self.summary and self.summary.best_times:
            step = -1 if k == pygame.K_UP else 1
            self.pick = (self.pick + step) % len(self.summary.best_times)
            self._times.select(self.pick)
            self.refresh()  # the picked game's measures
            self.form.focused = self._times  # so Enter watches it (not the ringed Close)
        elif is_enter(event) and not isinstance(self.form.focused, Button):
            return self._watch()
        else:
            return NOT_MINE
        return None

    def mouse(self, event, to_canvas):
        result = super().mouse(event, to_canvas)
        self._picked()
        return result

    def wheel(self, event):
        super().wheel(event)
        self._picked()

    def _picked(self) -> None:
        """A click or the wheel picked a best time in the list."""
        if self._times is not None and self.pick != self._times.selected:
            self.pick = self._times.selected
            self.refresh()  # the picked game's measures


class StatsPages:
    """The statistics pages laid out ahead, in the loop's spare frames: after a game is
    stored (by the writer's thread: every page's figures may have changed), the window or the
    words changed, each page not kept in `_SIZES` is laid out, one a frame, and then the page
    the dialog opens on (the board's kind) if its form was shown since, so that the dialog
    opened next finds every size kept and its page laid out."""

    def __init__(self) -> None:
        self.left = False  # a page is left to lay out: the loop ticks on (Layer.due)
        # what every page was last found kept for, and the key of the page opened on
        self._kept_for: tuple | None = None
        self._opened_on: tuple | None = None

    def warm(self, stats: Stats | None, kind: str, m: Metrics, area: Box, bounds: Box) -> None:
        """Lay out the first page not kept, if any (one page: a step counted in work)."""
        self.left = False
        if stats is None:
            return
        version, today = stats.version(), stats_today()
        if version is None:
            return
        said = (version, kind, m, area, bounds, today, language(), stats.skipped)
        if said == self._kept_for and self._opened_on in _AHEAD:
            return  # nothing changed since every page was found kept: one query a frame
        pages = StatsDialog(stats, kind, today)  # not built until wanted
        for k in range(len(pages.PAGES)):
            key = pages.page_key(k, m, area, bounds)
            if key is None:
                return  # the file went: nothing can be kept by it
            if key not in _SIZES or k == pages.page and key not in _AHEAD:
                pages.lay_out(k, key, m, area, bounds)
                self.left = True  # this one, and maybe more: looked at next frame
                return
        self._kept_for, self._opened_on = said, pages.page_key(pages.page, m, area, bounds)


def _picked_clicks(place: int, clicks: tuple | None) -> str:
    """The clicks of a best time (its place in the list), as the community counts them."""
    left = right = double = effective = throughput = correctness = None
    if clicks is not None:
        left, right, double, effective, throughput, correctness = clicks
    # Translators: a best time (its place in the list) and its clicks: all of them with the
    # left, right and double ones, the effective ones, 3BV per effective click
    # (throughput) and the share of the clicks that were effective (correctness).
    return _(
        "%(place)d: clicks %(clicks)s, effective %(effective)s, throughput %(throughput)s, "
        "correctness %(correctness)s"
    ) % {
        "place": place,
        "clicks": "-"
        if clicks is None
        else click_counts(left + right + double, left, right, double),
        "effective": "-" if effective is None else str(effective),
        "throughput": figure(throughput, 3),
        "correctness": figure(correctness, 3),
    }


def _best(best: float | None, no_flags: float | None, places: int) -> str:
    """A best and, apart, the best of the games where no flag was placed (NF)."""
    # Translators: a best, then the best of the games played without a flag (NF).
    return _("%(best)s, NF %(no_flags)s") % {
        "best": figure(best, places),
        "no_flags": figure(no_flags, places),
    }


def _streak(streak: int, best: int) -> str:
    # Translators: the wins in a row now, then the most ever.
    return _("%(streak)d, best %(best)d") % {"streak": streak, "best": best}
