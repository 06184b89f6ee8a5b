"""How the shipped themes look where the game draws over them: a visible hover, scroll bars
that read. The figures: WCAG contrast (3:1 for parts of a picture a player must see)."""

import pygame
import pytest

from game.ui import marks, scrollbars
from game.ui.layout import fit
from game.ui.theme import THEMES_DIR, load_theme
from game.ui.widgets import HOVER_CONTRAST, MIN_CONTRAST, Style

THEMES = sorted(p.name for p in THEMES_DIR.iterdir() if p.is_dir())
MARK_CONTRAST = 3.0  # WCAG 2.1, 1.4.11: parts of a picture a player must see
DIGIT_CONTRAST = MIN_CONTRAST


# ---- a button under the mouse ---------------------------------------------------------------


@pytest.mark.parametrize("name", THEMES)
def test_a_hovered_button_shows_in_every_theme(name):
    style = Style.of(load_theme(THEMES_DIR / name).colours)
    shown = marks.contrast(style.hover_bg, style.panel)
    assert shown >= HOVER_CONTRAST, f"{name}: hover at {shown:.2f}:1 on the panel"
    assert marks.contrast(style.hover_text, style.hover_bg) >= DIGIT_CONTRAST


# ---- scroll bars ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", THEMES)
def test_the_scroll_bar_thumb_stands_out_of_its_track(name):
    pygame.display.init()
    try:
        pygame.display.set_mode((1, 1))
        theme = load_theme(THEMES_DIR / name)
        lay = fit(200, 200, (1600, 1000), 1, theme.sizes)
        canvas = pygame.Surface(lay.canvas_size)
        scrollbars.draw(canvas, theme, lay, 0, 0)
        v = scrollbars.bars(lay, 0, 0)[0]
        thumb, track = v.thumb(), v.track
        well = {tuple(canvas.get_at((x, thumb.bottom + 4)))[:3]
                for x in range(track.x + 2, track.right - 1)}  # fmt: skip
        edge = tuple(canvas.get_at((thumb.x + scrollbars.GAP + 1, thumb.y + thumb.h // 3)))[:3]
        worst = min(marks.contrast(edge, c) for c in well)
        assert worst >= MARK_CONTRAST, f"{name}: the thumb's edge at {worst:.2f}:1 on the track"
    finally:
        pygame.quit()
