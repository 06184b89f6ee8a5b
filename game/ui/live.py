"""The community's counters of the game in play, as it is played (Options → Counters: off, on
the status line, or a panel of two lines under it): 3BV solved of the board's, 3BV/s, left,
right and double clicks, effective clicks, IOE, throughput, correctness, as Metasweeper and
ms-toollib count them (game/videos/mouse.py) from the journal's lines (game/videos/ours.py).

Costs no frame: the counters are stepped only when the journal has new lines (a click, a
key), each line once; the frame that draws them reads what was counted. The input under way
(the last click, whose move may still come) is counted on a copy, so the line is right at
once and right again when the next input comes. The board's tables, made when its mines are
laid, are made a piece a frame (`Machine.building`: some 40 ms on 200 x 200, a few ms a
piece); the line says "..." meanwhile.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ..i18n import _, number
from .layout import STATUS_HEIGHT
from .lens import Lens

if TYPE_CHECKING:
    from ..videos.mouse import Counters

PANEL_LINES = 2  # the panel's lines under the status line


class LiveCounters:
    """The counters of one game's journal lines (`Session.events`), read as they grow."""

    def __init__(self) -> None:
        self._lines: list | None = None  # the list being read (a new game's is another)
        self._building = None  # the machine being made, a piece a frame

    def _start(self, lines: list) -> None:
        """Count another game's lines from their start."""
        # the counters' modules, loaded with the first game counted (not at the start)
        from ..videos.mouse import Counters, Machine
        from ..videos.ours import Converter

        self._Machine = Machine
        self._lines = lines
        self._read = 0
        self._converter = Converter()
        self._machine = None
        self._building = None
        self._stepped = 0
        self._counted: tuple[int, int] | None = None
        self._counters = Counters()
        self._pending: tuple | None = None  # (the input under way's key, its counters)

    @property
    def building(self) -> bool:
        """The board's tables are being made: the loop ticks until they are."""
        return self._building is not None

    def counters(self, lines: list[dict], layout: list[str] | None) -> Counters | None:
        """The counters after `lines` (the game's journal lines so far) on its board (zero
        before its mines are laid); None while the board's tables are still being made."""
        if lines is not self._lines:
            self._start(lines)
        if layout is None:
            return self._counters
        if (id(lines), len(lines)) == self._counted:
            return self._counters
        for entry in lines[self._read :]:
            self._converter.line(entry)
        self._read = len(lines)
        if self._machine is None and not self._build(layout):
            return None
        events = self._converter.events
        for event in events[self._stepped :]:
            self._machine.step(event)
        self._stepped = len(events)
        self._counters = self._with_input_under_way()
        self._counted = (id(lines), len(lines))
        return self._counters

    def _build(self, layout: list[str], budget_ms: float = 4.0) -> bool:
        """Make the board's tables a piece at a time, for up to `budget_ms`; whether they are
        made."""
        if self._building is None:
            self._building = self._Machine.building(layout)
        until = time.perf_counter() + budget_ms / 1000
        for made in self._building:
            if made is not None:
                self._machine, self._building = made, None
                return True
            if time.perf_counter() >= until:
                return False
        return False

    def _with_input_under_way(self) -> Counters:
        """The counters with the click under way counted, on a copy: again only when its
        buttons or its moves changed (the pointer's way alone changes no count shown)."""
        key = self._converter.pending_key()
        if key is None:
            return self._machine.counters
        if self._pending is not None and self._pending[0] == key:
            return self._pending[1]
        machine = self._machine.copy()
        for event in self._converter.pending():
            machine.step(event)
        self._pending = (key, machine.counters)
        return machine.counters


def lines(c: Counters, bbbv: int | None, seconds: float, room: int, *, panel: bool) -> list[str]:
    """The counters as text: one line for the status line, two for the panel, each within
    `room` characters (the parts that do not fit are left out from the end)."""
    # under a second a rate says nothing (1 3BV in 16 ms is "62.5"): as the statistics, "-"
    rate = number(c.bbbv_solved / seconds, 2) if seconds >= 1 else "-"

    def ratio(value: float | None) -> str:
        return "-" if value is None else number(value, 2)

    first = [
        # Translators: live counters, short: 3BV solved of the board's.
        _("3BV %(done)d/%(all)d") % {"done": c.bbbv_solved, "all": bbbv or 0},
        # Translators: live counters, short: 3BV solved per second.
        _("3BV/s %(rate)s") % {"rate": rate},
        # Translators: live counters, short: the index of efficiency (3BV per click).
        _("IOE %(ioe)s") % {"ioe": ratio(c.ioe)},
    ]
    if not panel:
        # Translators: live counters, short: all clicks so far.
        return [_fit(first + [_("Clicks %(count)d") % {"count": c.clicks}], room)]
    second = [
        # Translators: live counters, short: left, right and double (chord) clicks.
        _("L/R/D %(left)d/%(right)d/%(double)d")
        % {"left": c.left, "right": c.right, "double": c.double},
        # Translators: live counters: effective clicks (those that changed the board), as the
        # video's counters name them.
        _("Effective %(count)d") % {"count": c.ce},
        # Translators: live counters, short: throughput (3BV per effective click).
        _("Thr %(value)s") % {"value": ratio(c.throughput)},
        # Translators: live counters, short: correctness (effective clicks per click).
        _("Corr %(value)s") % {"value": ratio(c.correctness)},
    ]
    return [_fit(first, room), _fit(second, room)]


def pack(parts: list[str], room: int, count: int = PANEL_LINES) -> list[str]:
    """Parts in order on `count` lines of `room` characters, two spaces apart, each line as
    full as it goes; those left over are left out."""
    out: list[str] = []
    line = ""
    for part in parts:
        joined = f"{line}  {part}" if line else part
        if len(joined) <= room:
            line = joined
            continue
        if line:
            out.append(line)
        if len(out) == count:
            return out
        line = part[:room]
    if line and len(out) < count:
        out.append(line)
    return out


def _fit(parts: list[str], room: int) -> str:
    """As many whole parts as fit `room` characters, two spaces apart, the first ones first."""
    while len(parts) > 1 and len("  ".join(parts)) > room:
        parts = parts[:-1]
    return "  ".join(parts)[:room]


def shown_lines(ctx, live: LiveCounters, room: int, *, panel: bool) -> list[str] | None:
    """The game in play's counters as the Counters option shows them here (`panel`: the
    panel's lines, else the status line's), or None: not shown here, or no click yet."""
    mode = ctx.settings.counters
    if mode == "off" or (mode == "panel") != panel:
        return None
    session = ctx.session
    game = session.game
    if game is None or not session.events:
        return None
    c = live.counters(session.events, game.layout())
    if c is None:
        return ["..."] * (PANEL_LINES if panel else 1)
    seconds = session.elapsed_ms() / 1000 if session.started else 0.0
    return lines(c, game.bbbv, seconds, room, panel=panel)


def draw_panel(r, lines: list[str], colour_name: str = "text") -> None:
    """The counters' panel under the status line on renderer `r`'s canvas: a line of text
    each, at the text scale."""
    box = r.layout.panel
    col, font = r.theme.colours, r.theme.font
    r.canvas.fill(col["panel"], pygame.Rect(box.x, box.y, box.w, box.h))
    c = Lens(r.canvas, r.layout.text, (box.x, box.y))
    for k, line in enumerate(lines):
        y = k * STATUS_HEIGHT + (STATUS_HEIGHT - font.height) // 2 + 1
        c.blit(font.render(line, col[colour_name]), (2, y))
    r.drawn.dirty.append(box)
