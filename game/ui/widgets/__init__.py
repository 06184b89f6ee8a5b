"""A small pixel-art widget kit: a framed Form with a title bar, label/value pairs, text fields,
a scrolling list, a chart and a row of buttons, drawn at 1x in the theme's colours and frame.

Geometry is pure (canvas pixels, `Metrics` instead of a theme) so it is tested without drawing;
state (focus, hover, press, scroll, text) lives in the widget objects. Widgets never touch the
game: a Form turns events into a result (a button's id) and the caller decides what it means.

By kind: base.py (metrics, words, colours and contrast, drawing helpers, `Widget`),
controls.py (labels, pairs, buttons, text fields), lists.py (the scrolling list), chart.py
(the chart and its key), form.py (the panel that holds them).
"""

from .base import (
    ACTIVATE_KEYS,
    HOVER_CONTRAST,
    MIN_CONTRAST,
    PAD,
    SCROLLBAR_W,
    THIN,
    Colour,
    Metrics,
    Style,
    Widget,
    bevel,
    contrast,
    contrast_problems,
    contrast_warning,
    inset,
    outline,
    readable_on,
    shorten,
    style_for,
    text,
    wrap,
)
from .chart import Chart, ChartKey, nice_ceiling
from .controls import Button, Buttons, Field, Label, Pairs
from .form import TITLE_PAD, Form
from .lists import ListBox

__all__ = [
    "ACTIVATE_KEYS",
    "HOVER_CONTRAST",
    "MIN_CONTRAST",
    "PAD",
    "SCROLLBAR_W",
    "THIN",
    "TITLE_PAD",
    "Button",
    "Buttons",
    "Chart",
    "ChartKey",
    "Colour",
    "Field",
    "Form",
    "Label",
    "ListBox",
    "Metrics",
    "Pairs",
    "Style",
    "Widget",
    "bevel",
    "contrast",
    "contrast_problems",
    "contrast_warning",
    "inset",
    "nice_ceiling",
    "outline",
    "readable_on",
    "shorten",
    "style_for",
    "text",
    "wrap",
]
