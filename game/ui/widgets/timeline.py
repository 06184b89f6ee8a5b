"""A video's timeline, in the line under its board: a play/pause button, the bar of the whole
video (the part played filled, a mark where each pause was, a knob at the moment shown) and
the time and speed as words. Drawn in text pixels through a Lens (game/ui/lens.py), as the
status line it stands in for; its geometry is pure (boxes of text pixels), so a click is
mapped back to a moment exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..layout import Box
from .base import Style, bevel, rect

BUTTON_W = 10  # the play/pause button, text pixels
GAP = 4  # between the button, the bar and the words
BAR_H = 6  # the bar's well
MIN_BAR = 24  # narrower than this, the words give way


@dataclass(frozen=True)
class Shown:
    """What the timeline shows: the moment, the video's length, whether it plays, where the
    pauses were (ms), and its words, longest first (the first that fits is drawn)."""

    at_ms: float
    length_ms: int
    playing: bool
    pauses: tuple[int, ...]
    words: tuple[str, ...]


@dataclass(frozen=True)
class Placed:
    button: Box
    bar: Box
    words: str
    words_x: int


class Timeline:
    def __init__(self) -> None:
        self.placed: Placed | None = None
        self.length_ms = 0

    def place(self, box: Box, font_w: int, words: tuple[str, ...]) -> Placed:
        """The parts in `box` (text pixels), with the longest of `words` that leaves the bar
        MIN_BAR wide (none if none does)."""
        button = Box(box.x + 2, box.y + (box.h - BUTTON_W) // 2, BUTTON_W, BUTTON_W)
        first = button.right + GAP
        shown = ""
        for w in words:
            if box.right - 2 - len(w) * font_w - GAP - first >= MIN_BAR:
                shown = w
                break
        words_x = box.right - 2 - len(shown) * font_w
        end = words_x - GAP if shown else box.right - 2
        bar = Box(first, box.y + (box.h - BAR_H) // 2, max(1, end - first), BAR_H)
        self.placed = Placed(button, bar, shown, words_x)
        return self.placed

    def part_at(self, point: tuple[int, int]) -> str | None:
        """ "play" (the button), "bar" (the bar, a little above and under it too), or None."""
        p = self.placed
        if p is None:
            return None
        x, y = point
        if p.button.contains(x, y):
            return "play"
        grab = Box(p.bar.x - 2, p.bar.y - 4, p.bar.w + 4, p.bar.h + 8)
        return "bar" if grab.contains(x, y) else None

    def time_at(self, x: int) -> int:
        """The moment under text pixel column `x` of the bar (the ends beyond it: its ends)."""
        p = self.placed
        if p is None or self.length_ms <= 0:
            return 0
        share = (x - p.bar.x) / max(1, p.bar.w - 1)
        return round(min(1.0, max(0.0, share)) * self.length_ms)

    def x_of(self, t_ms: float) -> int:
        p = self.placed
        share = 0.0 if self.length_ms <= 0 else min(1.0, max(0.0, t_ms / self.length_ms))
        return p.bar.x + round(share * (p.bar.w - 1))

    def draw(self, c, font, style: Style, box: Box, shown: Shown) -> None:
        """The timeline on Lens `c`, in `box` (text pixels; the box's panel already filled)."""
        self.length_ms = shown.length_ms
        p = self.place(box, font.width, shown.words)
        _button(c, p.button, style, shown.playing)
        bar = p.bar
        rect(c, style.field_bg, bar.x, bar.y, bar.w, bar.h)
        played = self.x_of(shown.at_ms) - bar.x
        rect(c, style.accent, bar.x + 1, bar.y + 1, played, bar.h - 2)
        bevel(c, bar, style.shadow, style.light)
        for t in shown.pauses:  # a pause: a line across the bar, above and under it
            rect(c, style.error, self.x_of(t), bar.y - 3, 1, bar.h + 6)
        knob = self.x_of(shown.at_ms)
        rect(c, style.text, knob - 1, bar.y - 2, 3, bar.h + 4)
        if p.words:
            c.blit(
                font.render(p.words, style.text),
                (p.words_x, box.y + (box.h - font.height) // 2 + 1),
            )


def _button(c, box: Box, style: Style, playing: bool) -> None:
    """A raised square with a play triangle, or the two bars of a pause while it plays."""
    rect(c, style.panel, box.x, box.y, box.w, box.h)
    bevel(c, box, style.light, style.shadow)
    ink = style.text
    if playing:
        rect(c, ink, box.x + 2, box.y + 2, 2, box.h - 4)
        rect(c, ink, box.x + box.w - 4, box.y + 2, 2, box.h - 4)
        return
    high = box.h - 4
    for k in range(high // 2 + high % 2):  # a triangle pointing right, row pairs from the tip
        width = k + 1
        rect(c, ink, box.x + 3, box.y + 2 + k, width, 1)
        rect(c, ink, box.x + 3, box.y + 2 + high - 1 - k, width, 1)
