"""The drawing half of the video player (video.py), as board_drawing.py is the board view's:
the pointer over the board (a crisp arrow at the board's zoom, the trail of its last 300 ms,
the buttons held lit on a small mouse beside it), the counters of the moment in a panel over
the board area's corner (text at the text scale, through the Lens, as a dialog), and the
timeline in the line under the board (a message, while one is up).

The pointer is drawn after the board's cells each frame it moves; the cells it covered are
drawn again under the next one (`VideoView._draw_board_parts`), and a scroll draws all anew
(`DrawState.board_shown`), so nothing of it is moved with the tiles.
"""

from __future__ import annotations

from functools import cache

import pygame

from ...i18n import _, number, pgettext
from ...videos.model import OURS, UNIT
from ...videos.seek import LEFT as HELD_LEFT
from ...videos.seek import MIDDLE as HELD_MIDDLE
from ...videos.seek import RIGHT as HELD_RIGHT
from .. import live
from ..layout import Box
from ..lens import Lens
from ..widgets import base as widgets
from ..widgets.timeline import Shown
from .board import BoardView

TRAIL_MS = 300  # the pointer's trail: its way over this long
TRAIL_POINTS = 24
TIMELINE = "\0timeline"  # DrawState.status while the timeline is drawn there
PANEL_PAD = 3  # text pixels inside the counters' panel
# The arrow (# its edge, o its inside) and the small mouse beside it (L, M, R: its buttons,
# lit while held), in theme pixels; both drawn at the board's zoom.
ARROW = (
    "#",
    "##",
    "#o#",
    "#oo#",
    "#ooo#",
    "#oooo#",
    "#ooooo#",
    "#oooooo#",
    "#oooo###",
    "#o##o#",
    "##  #o#",
    "    #o#",
    "     #",
)
MOUSE = (
    "#######",
    "#LL#RR#",
    "#LLMRR#",
    "#LL#RR#",
    "#######",
    "#ooooo#",
    "#ooooo#",
    " #####",
)
MOUSE_AT = (7, 9)  # where the mouse sits from the arrow's tip, theme pixels


class VideoView(BoardView):
    """The board view of a video: the game's drawing, then the pointer and the counters over
    the board, and the timeline in the line under it (a message, while one is up)."""

    def _draw_board_parts(self, full: bool) -> None:
        drawn, room = self.ctx.drawn, self.room
        anew = full or drawn.board_anew
        again = anew or bool(drawn.pending) or room.overlay_changed()
        if again and not anew:
            drawn.pending.append(room.under_overlay)  # the tiles the last pointer covered
        super()._draw_board_parts(full)
        if again and not drawn.board_hidden:
            room.draw_overlay()

    def _draw_line(self, full: bool) -> None:
        """The timeline in the status line's place (a message, while one is up)."""
        if self.ctx.status.message is not None:
            super()._draw_line(full)
            return
        drawn, room = self.ctx.drawn, self.room
        shown = room.timeline_shown()
        if full or drawn.status != TIMELINE or room.timeline_drawn != shown:
            room.draw_timeline(shown)
            drawn.status = TIMELINE


class VideoDrawing:
    """What the video room draws beside its board (mixed into `VideoScene`)."""

    _panel_wide: tuple = (None, 0)  # (layout and theme, characters) the panel was drawn

    def timeline_words(self) -> tuple[str, ...]:
        """The timeline's words, longest first: the moment, the length, the state or speed."""
        if self.playing:
            # Translators: a video's speed, shown beside its timeline ("x2", "x0.5").
            state = _("x%(speed)s") % {"speed": _speed(self.speed)}
        elif self.index >= self.seeker.last_index:
            state = pgettext("replay", "end")  # the video is over
        else:
            state = pgettext("replay", "paused")
        at, length = _clock(self.position_ms), _clock(self.seeker.duration_ms)
        # as wide whatever the moment and the state, so the bar keeps its length (and a drag
        # its place under the pointer) when "x1" becomes "end"
        states = (
            pgettext("replay", "end"),
            pgettext("replay", "paused"),
            _("x%(speed)s") % {"speed": _speed(0.25)},
        )
        state = state.ljust(max(len(w) for w in (*states, state)))
        at = at.rjust(len(length))
        return (f"{at}/{length} {state}", f"{at} {state}", state, "")

    def timeline_shown(self) -> tuple:
        s = self.seeker
        return (
            round(self.position_ms / 50),
            self.playing,
            self.speed_index,
            self.index >= s.last_index,
            self.ctx.frame.layout,
            self.ctx.frame.theme.key,
        )

    def draw_timeline(self, key: tuple) -> None:
        frame = self.ctx.frame
        r, lay, theme = frame.renderer, frame.layout, frame.theme.plain()
        box = lay.status
        style = widgets.style_for(theme)
        r.canvas.fill(theme.colours["panel"], (box.x, box.y, box.w, box.h))
        lens = Lens(r.canvas, lay.text)
        inside = lay.in_text(box)
        shown = Shown(
            self.position_ms,
            self.seeker.duration_ms,
            self.playing,
            tuple(self.seeker.pauses),
            self.timeline_words(),
        )
        self.timeline.draw(lens, theme.font, style, inside, shown)
        self.ctx.drawn.dirty.append(box)
        self.timeline_drawn = key

    # ---- over the board: the pointer and the counters --------------------------------------
    def _overlay_now(self) -> tuple:
        s, i = self.seeker, self.index
        # the panel's time moves between events: drawn again each 50 ms while it is shown
        clock = round(self.position_ms / 50) if self.counters_shown else None
        return (i, s.held(i), self.counters_shown, clock, self.view.top, self.view.left)

    def overlay_changed(self) -> bool:
        return self._overlay_now() != self._overlay_key

    def draw_overlay(self) -> None:
        """The pointer, its trail and its buttons, then the counters' panel, over the board
        just drawn; the cells under the pointer are noted, to be drawn again under the next."""
        r, lay = self.ctx.frame.renderer, self.ctx.frame.layout
        canvas = r.canvas
        board = lay.board
        clip = canvas.get_clip()
        canvas.set_clip(pygame.Rect(board.x, board.y, board.w, board.h))
        covered = self._draw_pointer(canvas, lay)
        canvas.set_clip(clip)
        self.under_overlay = self._cells_under(covered, lay)
        if covered is not None:
            self.ctx.drawn.dirty.append(covered)
        if self.counters_shown:
            self._draw_panel()
        self._overlay_key = self._overlay_now()
        self.ctx.drawn.board_shown = False  # a scroll must not move them with the tiles

    def _to_canvas(self, x: int, y: int, lay) -> tuple[int, int]:
        tile, b = lay.sizes.tile, lay.board
        return (
            b.x + (x * tile) // UNIT - self.view.left * tile,
            b.y + (y * tile) // UNIT - self.view.top * tile,
        )

    def _draw_pointer(self, canvas: pygame.Surface, lay) -> Box | None:
        place = self.seeker.pointer(self.index)
        if place is None:
            return None
        colours = self.ctx.frame.theme.colours
        z = lay.factor
        points = [
            self._to_canvas(x, y, lay)
            for x, y in self.seeker.trail(self.index, TRAIL_MS, TRAIL_POINTS)
        ]
        for k in range(1, len(points)):  # older: nearer the panel's colour
            share = k / len(points)
            ink = (
                widgets.mix(colours["panel"], colours["accent"])
                if share < 0.5
                else colours["accent"]
            )
            pygame.draw.line(canvas, ink, points[k - 1], points[k], max(1, z))
        tip = self._to_canvas(*place, lay)
        arrow = _arrow(z)
        canvas.blit(arrow, tip)
        mouse = _mouse(z, self.seeker.held(self.index), tuple(colours["accent"]))
        canvas.blit(mouse, (tip[0] + MOUSE_AT[0] * z, tip[1] + MOUSE_AT[1] * z))
        xs = [p[0] for p in points] + [tip[0], tip[0] + (MOUSE_AT[0] + 7) * z]
        ys = [p[1] for p in points] + [tip[1], tip[1] + (MOUSE_AT[1] + 8) * z]
        pad = z + 1
        return Box(
            min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        )

    def _cells_under(self, box: Box | None, lay) -> list[tuple[int, int]]:
        if box is None:
            return []
        b, tile = lay.board, lay.sizes.tile
        top, left = self.view.top, self.view.left
        r0 = max(0, (box.y - b.y) // tile)
        r1 = min(lay.view_rows - 1, (box.bottom - 1 - b.y) // tile)
        c0 = max(0, (box.x - b.x) // tile)
        c1 = min(lay.view_cols - 1, (box.right - 1 - b.x) // tile)
        return [(top + r, left + c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]

    def panel_lines(self, chars: int) -> list[str]:
        """The counters of the moment on the lines under the board, as many as fit (I shows
        them all in a panel over the board)."""
        _title, rows = self.panel_rows()
        return live.pack([f"{name} {value}" for name, value in rows], chars)

    def panel_rows(self) -> tuple[str, list[tuple[str, str]]]:
        """The counters' panel: its title (who played, with what, in which format) and its
        rows (a name, a value) at the moment shown."""
        v, s = self.video, self.seeker
        c = s.figures(self.index)
        # the video's clock as it plays, not its last event's: time and 3BV/s move between
        # events as the toolbar's timer does
        secs = max(0.0, min(self.position_ms, s.duration_ms)) / 1000
        solved = c.bbbv_solved if c else 0
        bbbv = getattr(self.played, "bbbv", None) or self.game.bbbv or 0
        what = "Pixel Mines" if v.format == OURS else v.format.upper()  # names: not translated
        title = ", ".join(p for p in (v.player, v.software or what) if p)
        if v.software and v.format != OURS:
            title = f"{title} ({what})"

        def ratio(value) -> str:
            return number(value, 2) if value is not None else "-"

        rows = [
            (_("Time"), number(secs, 2)),
            # Translators: the 3BV solved so far and the board's, as "12/40".
            (_("3BV"), f"{solved}/{bbbv}"),
            (_("3BV/s"), number(solved / secs, 2) if secs >= 1 else "-"),
            (_("Left"), str(c.left if c else 0)),
            (_("Right"), str(c.right if c else 0)),
            (_("Double"), str(c.double if c else 0)),
            # Translators: effective clicks: those that changed the board (the counters' CE).
            (_("Effective"), str(c.ce if c else 0)),
            (_("IOE"), ratio(c.ioe if c else None)),
            (_("Throughput"), ratio(c.throughput if c else None)),
            (_("Correctness"), ratio(c.correctness if c else None)),
            # Translators: how far the pointer went, in board pixels (16 a cell).
            (_("Path"), number(c.path if c else 0, 0)),
        ]
        return title, rows

    def _draw_panel(self) -> None:
        frame = self.ctx.frame
        lay, theme = frame.layout, frame.theme.plain()
        font, style = theme.font, widgets.style_for(theme)
        title, rows = self.panel_rows()
        area = lay.in_text(lay.area)
        label_w = max(len(k) for k, _v in rows)
        value_w = max(len(v) for _k, v in rows)
        # never narrower than drawn before on this layout: a narrower panel would leave the
        # last one's edge showing (the board under it is not drawn again for it)
        wide = max(label_w + 1 + value_w, len(title))  # the title whole: it never grows
        if self._panel_wide[0] == (lay, theme.key):
            wide = max(wide, self._panel_wide[1])
        self._panel_wide = ((lay, theme.key), wide)
        chars = max(1, min((area.w - 2 * PANEL_PAD - 4) // font.width, wide))
        line = font.height + 1
        w = chars * font.width + 2 * PANEL_PAD
        h = (len(rows) + 1) * line + 2 * PANEL_PAD + 1
        h = min(h, area.h - 2)
        box = Box(area.right - w - 2, area.y + 2, w, h)
        c = Lens(frame.renderer.canvas, lay.text)
        c.fill(style.panel, (box.x, box.y, box.w, box.h))
        widgets.outline(c, box, style.edge)
        x, y = box.x + PANEL_PAD, box.y + PANEL_PAD
        c.fill(style.title_bg, (box.x + 1, box.y + 1, box.w - 2, line + PANEL_PAD - 1))
        widgets.text(c, theme, widgets.shorten(title, chars), style.title_text, x, y)
        y += line + 1
        for name, value in rows:
            if y + line > box.bottom:
                break
            room = max(0, chars - len(value) - 1)
            widgets.text(c, theme, name[:room], style.text, x, y)
            widgets.text(c, theme, value, style.text, x + (chars - len(value)) * font.width, y)
            y += line
        self.ctx.drawn.dirty.append(c.box(box))


@cache
def _arrow(z: int) -> pygame.Surface:
    return _picture(ARROW, z, {"#": (0, 0, 0), "o": (255, 255, 255)})


@cache
def _mouse(z: int, held: int, lit: tuple) -> pygame.Surface:
    white, dark = (255, 255, 255), (0, 0, 0)
    inks = {
        "#": dark,
        "o": white,
        "L": lit if held & HELD_LEFT else white,
        "M": lit if held & HELD_MIDDLE else white,
        "R": lit if held & HELD_RIGHT else white,
    }
    return _picture(MOUSE, z, inks)


def _picture(rows: tuple[str, ...], z: int, inks: dict) -> pygame.Surface:
    """A picture of characters, each a square of `z` pixels (blank: see-through)."""
    w = max(len(row) for row in rows)
    surface = pygame.Surface((w * z, len(rows) * z), pygame.SRCALPHA)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in inks:
                surface.fill(inks[ch], (x * z, y * z, z, z))
    return surface


def _speed(speed: float) -> str:
    """A speed as the language writes numbers (0.25, 2), its decimals as needed."""
    plain = f"{speed:g}"
    return number(speed, len(plain.partition(".")[2]))


def _clock(ms: float) -> str:
    """A moment of a video: seconds with a tenth ("12.3"), or minutes and seconds past one
    minute ("2:05.4")."""
    tenths = round(ms / 100)  # rounded, as the panel's time is
    secs, tenth = divmod(tenths, 10)
    if secs < 60:
        return number(secs + tenth / 10, 1)
    mins, secs = divmod(secs, 60)
    return f"{mins}:{secs:02d}{number(tenth / 10, 1)[1:]}"
