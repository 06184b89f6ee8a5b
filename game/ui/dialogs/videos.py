"""The Videos room: every finished game whose replay was kept, won and lost, a page at a time
(game/store/stats/videos.py reads them), to watch, analyse, export as EVF and delete.

A row shows the date, the board, the result, the time, the 3BV, the 3BV/s and the IOE (and a
mark where the clock was paused, when the statistics keep pauses). The list's heading names
the columns and marks the one sorted by; a click on a heading, or its number key (1-7), sorts
by it, and again reverses. B and R (or their buttons) step the board's and the result's
filters; Left/Right (and Up, Down or the wheel past a page's edge) turn the pages; Enter
watches, A analyses, E exports, Delete deletes (asked first, in the room itself: the
statistics row stays, only the replay goes); O (Open file) asks for a file's path, to watch or
analyse one of our replays or a video from elsewhere (EVF, AVF, RMV, MVF). A game whose
replay file is gone says so and offers only Delete. A list too narrow for every column shows
the board, the result and the time, and the picked game's date and figures under it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pygame

from ...i18n import N_, NP_, _, number, pgettext
from ...i18n import date as shown_date
from ...store.files import make_folder
from ...store.stats import KINDS, Stats
from ...store.stats import videos as store
from ...store.stats.videos import Query, VideoRow
from ..keys import binding
from ..widgets import Button, Field, Form, Label, ListBox, Widget, text
from ..widgets.base import inset, rect
from .base import CLOSE, NOT_MINE, Dialog, figure, is_enter, list_chars, upper_first
from .notice import Analyse
from .stats import WatchReplay, short_date

# The columns, in the order shown and numbered for the keys 1-7 (store.SORTS' order).
HEADINGS = {
    # Translators: the Videos room's column headings; keep them short (the narrowest window
    # shows a row in some 25 characters).
    "date": N_("Date"),
    "board": N_("Board"),
    # Translators: a column heading: won or lost.
    "result": N_("Result"),
    "time": N_("Time"),
    "bbbv": N_("3BV"),
    "rate": N_("3BV/s"),
    "ioe": N_("IOE"),
}
SHORT_BOARDS = {
    # Translators: a board's short name in the Videos room (the community's "Beg").
    "beginner": NP_("board, short", "Beg"),
    # Translators: a board's short name in the Videos room (the community's "Int").
    "intermediate": NP_("board, short", "Int"),
    # Translators: a board's short name in the Videos room (the community's "Exp").
    "expert": NP_("board, short", "Exp"),
}
FILTER_KINDS = (None, *KINDS)
FILTER_RESULTS = (None, True, False)
NUMERIC = ("time", "bbbv", "rate", "ioe")  # right-aligned
PAUSED_MARK = "*"
SORT_MARKS = {True: " v", False: " ^"}  # descending, ascending
SHOWN_ROWS = 8
NARROW = ("board", "result", "time")  # the columns of a list too narrow for them all
# The sorts that start largest first (the newest, the wins, the best figures); the board and
# the time start smallest (Beginner, the fastest).
FIRST_DOWN = frozenset({"date", "result", "bbbv", "rate", "ioe"})


def _board(row: VideoRow) -> str:
    pair = SHORT_BOARDS.get(row.kind)
    if pair is not None and row.kind != "custom":
        return pgettext(*pair)
    # Translators: a custom board in the Videos room: columns x rows / mines (plain "x").
    return _("%(cols)dx%(rows)d/%(mines)d") % {
        "cols": row.cols,
        "rows": row.rows,
        "mines": row.mines,
    }


def _date(played_at: str, this_year: str) -> str:
    """A game's date: month, day and time this year, the whole date before."""
    if played_at[:4] == this_year and len(played_at) >= 16:
        return f"{short_date(played_at)} {played_at[11:16]}"
    return shown_date(played_at[:10])


def cells(row: VideoRow, this_year: str) -> tuple[str, ...]:
    """A row's columns, as the room shows them (HEADINGS' order)."""
    # Translators: a game's result in the Videos room.
    result = _("won") if row.won else _("lost")
    time = number(row.time_ms / 1000, 3) + (PAUSED_MARK if row.paused else "")
    return (
        _date(row.played_at, this_year),
        _board(row),
        result,
        time,
        "-" if row.bbbv is None else str(row.bbbv),
        figure(row.bbbv_per_s, 2),
        figure(row.ioe, 3),
    )


def lined_up(
    heads: tuple[str, ...], rows: list[tuple[str, ...]], keys: tuple[str, ...]
) -> list[tuple[str, ...]]:
    """The heading and the rows (of the columns `keys`), each column as wide as its widest
    cell (numbers to the right), so the list's own columns line up with the heading's."""
    widths = [max(len(r[c]) for r in [heads, *rows]) for c in range(len(heads))]
    right = [key in NUMERIC for key in keys]
    return [
        tuple(
            cell.rjust(w) if r else cell.ljust(w)
            for cell, w, r in zip(row, widths, right, strict=True)
        )
        for row in [heads, *rows]
    ]


class VideoList(ListBox):
    """The games, under a heading of the columns (one line, or two where a row takes two);
    a press on a heading's column says which in `heading_pressed`."""

    def __init__(self, heads: tuple[str, ...], rows, *, shown: int, selected: int) -> None:
        super().__init__("videos", rows, shown=shown, selected=selected)
        self.heads = heads
        self.heading_pressed: int | None = None

    def head_h(self, m) -> int:
        return self.row_h(m) + 1  # and a rule under it

    def measure_key(self):
        return (*super().measure_key(), self.heads)

    def measure(self, m, width):
        w, h = super().measure(m, width)
        return w, h + self.head_h(m)

    def place(self, m, box):
        self.m, self.box = m, box
        self.shown = max(1, (box.h - 4 - self.head_h(m)) // self.row_h(m))
        self._follow()

    def rows_box(self):
        b = super().rows_box()
        head = self.head_h(self.m)
        return type(b)(b.x, b.y + head, b.w, b.h - head)

    def bar_box(self):
        b = super().bar_box()
        head = self.head_h(self.m)
        return type(b)(b.x, b.y + head, b.w, b.h - head)

    def _spans(self, chars: int) -> list[list[tuple[int, int, int]]]:
        """Each heading line's columns: (column, first character, past its last)."""
        widths = [len(h) for h in self.heads]
        first = len(widths)
        if self.lines == 2:  # as ListBox.row_lines splits a row
            first = 1
            while first < len(widths) and sum(widths[: first + 1]) + first <= chars:
                first += 1
        lines, x = [[], []], 0
        for c, w in enumerate(widths):
            line = 0 if c < first else 1
            if c == first:
                x = 2
            lines[line].append((c, x, x + w))
            x += w + 1
        return lines

    def heading_at(self, point) -> int | None:
        top = inset(self.box, 2)
        m = self.m
        if not (top.x <= point[0] < top.right and top.y <= point[1] < top.y + self.row_h(m)):
            return None
        line = (point[1] - top.y) // m.line_h
        at = (point[0] - top.x - 2) // m.glyph_w
        spans = self._spans((top.w - 2) // m.glyph_w)
        return next((c for c, a, b in spans[min(line, 1)] if a <= at < b + 1), None)

    def press(self, point):
        self.heading_pressed = self.heading_at(point)
        if self.heading_pressed is None:
            super().press(point)

    def paint(self, surface, theme, style, focused):
        super().paint(surface, theme, style, focused)
        top = inset(self.box, 2)
        m = self.m
        chars = (top.w - 2) // m.glyph_w
        for k, line in enumerate(self._spans(chars)):
            for c, a, _b in line:
                if a < chars:
                    head = self.heads[c][: chars - a]
                    text(
                        surface,
                        theme,
                        head,
                        style.text,
                        top.x + 2 + a * m.glyph_w,
                        top.y + 1 + k * m.line_h,
                    )
        rect(surface, style.shadow, top.x, top.y + self.row_h(m), top.w, 1)


def export_video(row: VideoRow, folder: Path) -> Path:
    """Write the game's video as EVF into `folder` (made if need be), named as the community
    names videos (game/videos/files.py `exported_name`: board, time, 3BV, 3BV/s, who; the
    game's id makes it the game's own, so exporting it again writes the same file); its path.
    VideoError (in a player's words) where the game cannot be exported or the file not
    written, OSError where the folder cannot be made. Runs off the frame."""
    from ...videos.files import export_evf  # the writer and the counters: with an export

    make_folder(folder)
    return Path(export_evf(row.replay, str(folder), replace=True))


class VideosDialog(Dialog):
    """The Videos room (see the module's docstring for its keys)."""

    title = N_("Videos")

    def __init__(
        self,
        stats: Stats,
        *,
        run: Callable[[Callable[[], object], Callable[[object], None]], None] | None = None,
        folder: Path | None = None,
        this_year: str | None = None,
        paste: Callable[[], str] | None = None,
    ) -> None:
        """`run(work, then)`: does `work` off the frame and `then(its result)` on the loop
        (the window's chores; None: at once); `folder`: where exports go."""
        self.stats = stats
        self.run = run or (lambda work, then: then(work()))
        self.folder = folder or store.export_dir()
        self.this_year = this_year or str(datetime.now().year)
        self.can_export = True
        self.query = Query()
        self.first = 0  # the page's first row among all
        self.pick = 0  # the row picked on the page
        self.rows: list[VideoRow] = []
        self.there: list[bool] = []  # each row's replay is a file still there
        self.total = 0
        self._counts: dict[tuple, int] = {}
        self.asking: VideoRow | None = None  # the game whose deletion is asked
        self.paste = paste  # the clipboard's text, for a file's path (Ctrl+V)
        self.opening: Field | None = None  # a file's path asked for (Open file, O)
        self.exported = ""  # the last video exported from the room: O offers it
        self.note: tuple[str, str] | None = None  # the last action's words, and their colour
        self.busy = False  # an export is under way
        self.least = (0, 0)  # the largest panel yet: it never shrinks as the pick moves
        self._list: VideoList | None = None
        self.chars = 0  # the widest a list row can be, once placed
        self.shown_keys = tuple(HEADINGS)  # the columns the list shows (NARROW where narrow)
        super().__init__()
        self.load()

    # ---- the rows ---------------------------------------------------------------------------

    def load(self, keep: int | None = None) -> None:
        """Read the page (of the row `keep`, if given and still among the query's)."""
        conn = self.stats.conn
        if conn is None:
            self.rows, self.there, self.total = [], [], 0
            return
        key = (self.query.kind, self.query.won, self.stats.version())
        total = self._counts.get(key)
        if total is None:
            total = self._counts[key] = store.count(conn, self.query)
        if keep is not None:
            place = store.place_of(conn, self.query, keep)
            if place is not None:
                self.first, self.pick = place - place % store.PAGE, place % store.PAGE
        page = store.page(conn, self.query, self.first, total)
        self.first, self.total, self.rows = page.first, page.total, page.rows
        self.there = [store.replay_exists(r) for r in self.rows]
        self.pick = max(0, min(self.pick, len(self.rows) - 1))

    def reopened(self) -> None:
        """Shown again (F4): the same filters, order and game picked, the games since read."""
        self.asking, self.opening, self.note = None, None, None
        self.load(self.row.row_id if self.row else None)
        self.refresh()

    @property
    def row(self) -> VideoRow | None:
        return self.rows[self.pick] if self.rows else None

    def _requery(self, **changes) -> None:
        """Another filter or order: the same game stays picked where it is still listed."""
        keep = self.row.row_id if self.row else None
        self.query = replace(self.query, **changes)
        self.first, self.pick, self.note = 0, 0, None
        self.load(keep)
        self.refresh()

    def sort_by(self, column: int) -> None:
        key = store.SORTS[column]
        same = key == self.query.sort
        self._requery(sort=key, descending=not self.query.descending if same else key in FIRST_DOWN)

    def step_filter(self, which: str) -> None:
        if which == "kind":
            k = FILTER_KINDS.index(self.query.kind)
            self._requery(kind=FILTER_KINDS[(k + 1) % len(FILTER_KINDS)])
        else:
            k = FILTER_RESULTS.index(self.query.won)
            self._requery(won=FILTER_RESULTS[(k + 1) % len(FILTER_RESULTS)])

    def turn(self, step: int, pick: int = 0) -> None:
        """To the next (1) or the previous (-1) page, at its row `pick` (-1: its last)."""
        first = self.first + step * store.PAGE
        if self.total and 0 <= first < self.total:
            self.first, self.note = first, None
            self.load()
            self.pick = pick % len(self.rows) if self.rows else 0
            self.refresh()

    # ---- the form ---------------------------------------------------------------------------

    def build(self) -> Form:
        if self.asking is not None:
            return self._asking_form()
        if self.opening is not None:
            return self._opening_form()
        self._list = None
        rows: list[Widget] = []
        if self.stats.conn is None:
            rows.append(Label(_("Not being recorded."), "error"))
        elif not self.rows:
            rows.append(Label(self._empty_line()))
        else:
            self._list = self._video_list()
            rows.append(self._list)
            rows.append(Label(*self._note_line()))
        form = Form(self._title(), rows, self._buttons(), default=self._default(), cancel="close")
        form.least = self.least
        if self._list is not None:
            form.focused = self._list
        return form

    def _video_list(self) -> VideoList:
        """Every column where a row fits the list's width on one line; else the board, the
        result and the time, and the picked game's date and figures under the list (as the
        statistics' best times do)."""
        every = [cells(r, self.this_year) for r in self.rows]
        lined = lined_up(self._heads(HEADINGS), every, tuple(HEADINGS))
        self.shown_keys = tuple(HEADINGS)
        if self.chars and len(" ".join(lined[0])) + 1 > self.chars:
            self.shown_keys = NARROW
            picked = [tuple(row[store.SORTS.index(k)] for k in NARROW) for row in every]
            lined = lined_up(self._heads(NARROW), picked, NARROW)
        shown = min(len(self.rows), SHOWN_ROWS)
        return VideoList(lined[0], lined[1:], shown=shown, selected=self.pick)

    def _heads(self, keys) -> tuple[str, ...]:
        marks = {self.query.sort: SORT_MARKS[self.query.descending]}
        return tuple(_(HEADINGS[key]) + marks.get(key, "") for key in keys)

    def _figures(self) -> str:
        """The picked game's date and the figures a narrow list leaves out."""
        row = cells(self.row, self.this_year)
        # Translators: under a narrow Videos list: the picked game's date, its 3BV, 3BV/s
        # and IOE.
        return _("%(date)s: 3BV %(bbbv)s, %(rate)s/s, IOE %(ioe)s") % {
            "date": row[0],
            "bbbv": row[4],
            "rate": row[5],
            "ioe": row[6],
        }

    def _title(self) -> str:
        if self.total <= store.PAGE:
            # Translators: the Videos room's title and how many games it lists.
            return _("Videos (%(count)s)") % {"count": number(self.total)}
        # Translators: the Videos room's title when it lists its games a page at a time.
        return _("Videos %(first)s-%(last)s of %(count)s") % {
            "first": number(self.first + 1),
            "last": number(self.first + len(self.rows)),
            "count": number(self.total),
        }

    def _empty_line(self) -> str:
        if self.query.kind is None and self.query.won is None:
            # Translators: the Videos room with no game in it yet.
            return _(
                "No videos yet. Every game you finish, won or lost, is kept here to watch, "
                "analyse and export."
            )
        return _("No game matches these filters.")

    def _note_line(self) -> tuple[str, str]:
        """The line under the list: the last action's words, else what is true of the game
        picked, else where exports go."""
        if self.note is not None:
            return self.note
        if self.shown_keys is NARROW and self.there[self.pick]:
            return self._figures(), "text"
        if not self.there[self.pick]:
            return _("This game's replay is gone: it can only be deleted."), "error"
        if self.row.paused:
            # Translators: the mark is the one after a paused game's time in the list ("*").
            return _("%(mark)s The clock was paused in this game.") % {"mark": PAUSED_MARK}, "text"
        if self.can_export:
            return _("Export saves to %(folder)s") % {"folder": self.folder}, "text"
        return "", "text"

    def _buttons(self) -> list[Button]:
        kinds = {None: _("All boards"), "custom": _("Custom")}
        kind = kinds.get(self.query.kind) or pgettext(*SHORT_BOARDS[self.query.kind])
        won = {None: _("Won, lost"), True: _("Won"), False: _("Lost")}[self.query.won]
        out = [Button("kind", kind), Button("result", won)]
        if self.rows and self.there[self.pick]:
            out += [Button("watch", _("Watch")), Button("analyse", _("Analyse"))]
            if self.can_export:
                out.append(Button("export", _("Export")))
        if self.rows:
            out.append(Button("delete", _("Delete")))
        # Translators: a button of the Videos room: watch a replay or video file by its path.
        return [*out, Button("open", _("Open file")), Button("close", _("Close"))]

    def _opening_form(self) -> Form:
        """A file's path, typed or pasted, to watch or analyse: one of our replays, or a video
        from Arbiter, Viennasweeper, Metasweeper or Minesweeper Clone."""
        return Form(
            # Translators: the title while the Videos room asks for a file's path.
            _("Open a replay or video"),
            [
                # Translators: Ctrl+V as your keyboards print it (German Strg+V).
                Label(_("Type or paste (Ctrl+V) its path: a replay, EVF, AVF, RMV or MVF.")),
                self.opening,
            ],
            [
                Button("watch_file", _("Watch")),
                Button("analyse_file", _("Analyse")),
                Button("back", _("Back")),
            ],
            default="watch_file",
            cancel="back",
        )

    def _opened(self, id: str) -> object | None:
        """The path asked for: watched or analysed (read in a worker, where a bad file gets
        its line), or back to the list."""
        path = self.opening.value.strip()
        if id == "back" or not path:
            self.opening = None if id == "back" else self.opening
            self.refresh()
            return None
        self.opening = None  # back from the file, the list (laid out again: shown again so)
        self.refresh()
        return WatchReplay(path, back=self) if id == "watch_file" else Analyse(path, back=self)

    def open_file(self) -> None:
        """Ask for a file's path: the last video exported here is offered (selected, so a
        paste or a key replaces it)."""
        self.opening = Field("path", "", self.exported, max_len=4096, paste=self.paste)
        self.opening.select_all()
        self.refresh()

    def _default(self) -> str:
        return "watch" if self.rows and self.there[self.pick] else "close"

    def _asking_form(self) -> Form:
        row = self.asking
        game = " ".join(c.strip() for c in cells(row, self.this_year)[:4])
        said = [
            # Translators: asked before a video is deleted; game is its row in the list.
            _("Delete the video of %(game)s?") % {"game": game},
            _("Its replay file goes; the game still counts in the statistics."),
        ]
        return Form(
            _("Delete video?"),
            [Label(s) for s in said],
            [Button("yes", _("Delete")), Button("no", _("Keep"))],
            default="no",
            cancel="no",
        )

    def placed(self, m, area, bounds):
        self.least, self.chars = (0, 0), list_chars(m, bounds)
        self.refresh()

    def draw(self, surface, theme):
        box = super().draw(surface, theme)
        if self.asking is None:
            self.least = (max(self.least[0], box.w), max(self.least[1], box.h))
        return box

    # ---- what the player does ---------------------------------------------------------------

    def button(self, id):
        if self.asking is not None:
            return self._answer(id == "yes")
        if self.opening is not None:
            return self._opened(id)
        if id == "open":
            self.open_file()
            return None
        if id in ("kind", "result"):
            self.step_filter(id)
        elif id == "close":
            return CLOSE
        else:
            return self.act(id)
        return None

    def act(self, what: str) -> object | None:
        """Watch, analyse, export or delete the game picked (what its replay allows)."""
        row = self.row
        if row is None or what != "delete" and not self.there[self.pick]:
            return None
        if what == "watch":
            return WatchReplay(row.replay, back=self)  # left, the room comes back as it was
        if what == "analyse":
            return Analyse(row.replay, back=self)
        if what == "export" and self.can_export and not self.busy:
            self._export(row)
        elif what == "delete":
            self.asking = row
            self.refresh()
        return None

    def _export(self, row: VideoRow) -> None:
        self.busy = True
        self.note = (_("Exporting..."), "text")
        self.refresh()

        def work() -> Path | str:
            from ...videos.model import VideoError

            try:
                return export_video(row, self.folder)
            except VideoError as e:
                return str(e)
            except OSError as e:
                # Translators: folder is where exported videos go; error says why not.
                return _("cannot write in %(folder)s (%(error)s)") % {
                    "folder": self.folder,
                    "error": e.strerror or e,
                }

        self.run(work, self._exported)

    def _exported(self, result: object) -> None:
        self.busy = False
        if isinstance(result, Path):
            self.exported = str(result)
            # Translators: file is the exported video's name, folder where it is; O opens a
            # file by its path (the room's key), and offers this one.
            said = _("Saved %(file)s in %(folder)s (O opens it)")
            self.note = (said % {"file": result.name, "folder": result.parent}, "text")
        else:
            self.note = (upper_first(str(result)), "error")
        self.refresh()

    def _answer(self, yes: bool) -> None:
        row, self.asking = self.asking, None
        if yes:
            self.note = self._delete(row)
            self.load()
        self.refresh()
        return None

    def _delete(self, row: VideoRow) -> tuple[str, str]:
        try:
            store.delete_video(self.stats.conn, row)
        except store.NotOurFile:
            # Translators: file is the path a game's row names as its replay.
            said = _("%(file)s is not this game's replay; it was left as it is.")
            return said % {"file": row.replay}, "error"
        except OSError as e:
            said = _("cannot delete %(file)s (%(error)s)")
            return upper_first(said % {"file": row.replay, "error": e.strerror or e}), "error"
        return _("Video deleted; the game still counts in the statistics."), "text"

    def shortcut(self, event):
        if self.asking is not None:
            if event.key in (pygame.K_y, pygame.K_n):
                return self._answer(event.key == pygame.K_y)
            return NOT_MINE
        if self.opening is not None:
            return NOT_MINE  # the field takes the keys; Enter watches, Esc goes back
        k = event.key
        if k == pygame.K_o:
            self.open_file()
            return None
        if any(key.matches(event) for key in binding("videos").keys):  # the key that opened it
            return CLOSE
        if event.unicode and event.unicode in "1234567":
            self.sort_by(int(event.unicode) - 1)
        elif k in (pygame.K_b, pygame.K_r):
            self.step_filter("kind" if k == pygame.K_b else "result")
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.total > store.PAGE:
            self.turn(1 if k == pygame.K_RIGHT else -1)
        elif k in (pygame.K_a, pygame.K_e, pygame.K_DELETE):
            return self.act({pygame.K_a: "analyse", pygame.K_e: "export"}.get(k, "delete"))
        elif is_enter(event) and not isinstance(self.form.focused, Button):
            return self.act("watch")
        elif k in (pygame.K_UP, pygame.K_DOWN) and self._list is not None:
            return self._move(-1 if k == pygame.K_UP else 1)
        else:
            return NOT_MINE
        return None

    def _move(self, step: int) -> object:
        """Up and Down: the next row, over a page's edge onto the next page."""
        pick = self.pick + step
        if pick < 0 and self.first > 0:
            self.turn(-1, -1)
        elif pick >= len(self.rows) and self.first + len(self.rows) < self.total:
            self.turn(1, 0)
        else:
            self._list.select(pick)
            self._picked()
        return None

    def key(self, event):
        result = super().key(event)
        self._picked()  # PageUp/PageDown, Home/End: the list's own keys
        return result

    def mouse(self, event, to_canvas):
        result = super().mouse(event, to_canvas)
        if self._list is not None and self._list.heading_pressed is not None:
            column, self._list.heading_pressed = self._list.heading_pressed, None
            self.sort_by(store.SORTS.index(self.shown_keys[column]))
        self._picked()
        return result

    def wheel(self, event):
        """The wheel moves the pick, over a page's edge onto the next page (the room has no
        page buttons: the smallest window has no row to spare for them)."""
        if self._list is not None and event.y:
            edge = 0 if event.y > 0 else len(self.rows) - 1
            if self.pick == edge:
                self._move(-1 if event.y > 0 else 1)
                return
        super().wheel(event)
        self._picked()

    def _picked(self) -> None:
        """A key, a click or the wheel picked another game: its buttons and its line."""
        if self._list is not None and self.pick != self._list.selected:
            self.pick, self.note = self._list.selected, None
            self.refresh()
