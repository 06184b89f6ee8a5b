"""The line under the board at rest: labelled parts (the board code, the daily board, no-guess
mode, where to find help) that shorten to small pixel icons when the line is too narrow, and
are dropped whole from the end rather than cut. Pure: no pygame, no game.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    label: str  # e.g. "Code"
    icon: str  # the icon that stands for the label when room is short (see ICONS)
    content: str = ""  # e.g. the 24-character code; empty: the label says it all


Piece = tuple[str | None, str]  # (icon name or None, text)

# 5 x 7 bitmaps, drawn in the text colour inside one character cell.
ICONS: dict[str, tuple[str, ...]] = {
    "code": (".#.#.", "#####", ".#.#.", ".#.#.", "#####", ".#.#.", "....."),
    "daily": ("#####", "#.#.#", "#####", "#...#", "#.#.#", "#...#", "#####"),
    "noguess": (".....", "....#", "...#.", "#.#..", ".#...", ".....", "....."),
    "help": (".###.", "#...#", "...#.", "..#..", "..#..", ".....", "..#.."),
}


def fit(parts: list[Part], room: int) -> list[Piece]:
    """The pieces to draw in `room` character cells: every part labelled if they all fit,
    else with icons for labels, else content alone (icons only for parts without content),
    else as many whole parts as fit, the first ones first."""
    labelled: list[Piece] = [(None, " | ".join(f"{p.label} {p.content}".strip() for p in parts))]
    if _width(labelled) <= room:
        return labelled
    iconic: list[Piece] = []
    for p in parts:
        iconic.append((p.icon, ""))
        if p.content:
            iconic.append((None, p.content))
    if _width(iconic) > room:
        # content before icons: a part with content keeps it and loses its icon
        bare = [(None, p.content) if p.content else (p.icon, "") for p in parts]
        if _width(bare) <= room:
            return bare
    while iconic and _width(iconic) > room:
        # drop the last part whole: its content and its icon
        if iconic[-1][0] is None and len(iconic) > 1 and iconic[-2][0] is not None:
            iconic.pop()
        iconic.pop()
    return iconic


def _width(pieces: list[Piece]) -> int:
    """Character cells: an icon is one, text its length, one space after each but the last."""
    cells = sum(1 if icon else len(text) for icon, text in pieces)
    return cells + max(0, len(pieces) - 1)


def text_of(pieces: list[Piece]) -> str:
    """The pieces as plain text (icons by their name in brackets), for tests and stderr."""
    return " ".join(f"[{icon}]" if icon else text for icon, text in pieces)
