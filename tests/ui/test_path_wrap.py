"""A path too long for a line wraps at a "/" or a "\\", never mid-name ("~/.local/s" over
"hare") unless one name alone is longer than the line; the About dialog's folders at a narrow
width (issue 39). Other words wrap as textwrap wraps them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.ui.dialogs.notice import about_dialog
from game.ui.layout import Box
from game.ui.widgets import Label, Metrics
from game.ui.widgets.base import wrap

SEPARATORS = "/\\"
SETTINGS = "/home/someone-with-a-long-name/.config/pixel-mines"
DATA = "/home/someone-with-a-long-name/.local/share/pixel-mines"
WINDOWS = "C:\\Users\\Jane Doe\\AppData\\Local\\pixel-mines\\pixel-mines"


def name_around(text: str, at: int) -> str:
    """The part of `text` between separators (or spaces) that holds position `at`."""
    start = max(text.rfind(c, 0, at) for c in SEPARATORS + " ") + 1
    ends = [i for i in (text.find(c, at) for c in SEPARATORS + " ") if i >= 0]
    return text[start : min(ends, default=len(text))]


def bad_breaks(text: str, lines: list[str], width: int) -> list[str]:
    """Each line break of `lines` (the wrapped `text`) inside a path that is between two
    letters of a name that fits on a line; `lines` must give `text` back."""
    bad, at = [], 0
    for line, after in zip(lines, lines[1:] + [None], strict=True):
        assert len(line) <= width, (line, width)
        at = text.index(line, at) + len(line)
        if after is None or not text.startswith(after, at):
            continue  # the break took a space: between words
        start, end = text.rfind(" ", 0, at) + 1, text.find(" ", at)
        in_path = any(c in text[start : end if end >= 0 else len(text)] for c in SEPARATORS)
        mid_name = line[-1] not in SEPARATORS and after[0] not in SEPARATORS
        if in_path and mid_name and len(name_around(text, at)) <= width:
            bad.append(f"{line!r} | {after!r}")
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    return bad


@pytest.mark.parametrize("path", [SETTINGS, DATA, WINDOWS, "~/.local/share/pixel-mines"])
@pytest.mark.parametrize("before", ["", "Statistics, replays and your themes: "])
def test_a_path_breaks_after_a_separator_at_every_width(path, before):
    text = before + path
    for width in range(4, len(text) + 2):
        lines = wrap(text, width)
        assert not bad_breaks(text, lines, width), (width, lines)


def test_the_play_testers_path_is_not_broken_mid_name():
    """The play-test: ".local/s" over "hare"; now the line ends at a separator."""
    text = "Statistics, replays and your themes: /home/player/.local/share/pixel-mines"
    assert textwrap.wrap(text, 29, break_long_words=True)[1].endswith(".local/s")  # the bug
    assert wrap(text, 29) == [
        "Statistics, replays and your",
        "themes: /home/player/.local/",
        "share/pixel-mines",
    ]


def test_a_name_longer_than_the_line_is_broken_and_other_words_as_before():
    assert wrap("/a/averyveryverylongname/b", 10) == ["/a/", "averyveryv", "erylongnam", "e/b"]
    prose = "A no-guess board is well-known to everyone who plays Minesweeperalot, surely."
    for width in range(4, 40):
        assert wrap(prose, width) == textwrap.wrap(prose, width, break_long_words=True)


@pytest.mark.parametrize("chars", [14, 20, 26, 33])
def test_the_about_dialog_shows_its_folders_broken_at_separators_at_a_narrow_width(chars):
    m = Metrics()
    dialog = about_dialog("1.2.3", Path(SETTINGS), Path(DATA))
    room = Box(0, 0, chars * m.glyph_w + 2 * m.border + 20, 400)
    dialog.form.layout(m, room)
    labels = [w for w in dialog.form.rows if isinstance(w, Label) and "/" in w.content]
    assert len(labels) == 2
    for label in labels:
        width = label.box.w // m.glyph_w
        assert len(label.lines) > 1  # narrow enough to wrap the path
        assert not bad_breaks(label.content, label.lines, width), label.lines
