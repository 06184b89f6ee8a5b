"""Where the view of a board larger than its window starts (top, left) when the play moves, the
window is resized or zoomed: the rules that keep the player from losing their place. Pure: a
layout and cells in, a (top, left) out; it holds no state and draws nothing.
"""

from __future__ import annotations

from .layout import Layout

Cell = tuple[int, int]


def clamp(top: int, left: int, lay: Layout) -> Cell:
    """The nearest view that stays on the board (0, 0 when the whole board shows)."""
    return (max(0, min(top, lay.rows - lay.view_rows)),
            max(0, min(left, lay.cols - lay.view_cols)))  # fmt: skip


def in_view(cell: Cell, top: int, left: int, lay: Layout) -> bool:
    return lay.cell_rect(*cell, top, left) is not None


def centre_of(top: int, left: int, lay: Layout) -> Cell:
    """The cell in the middle of the view."""
    return top + lay.view_rows // 2, left + lay.view_cols // 2


def centred(cell: Cell, lay: Layout) -> Cell:
    """The view with `cell` in its middle, as far as the board's edges allow."""
    return clamp(cell[0] - lay.view_rows // 2, cell[1] - lay.view_cols // 2, lay)


def follow(cell: Cell, top: int, left: int, lay: Layout) -> Cell:
    """The view after the play went to `cell`: as it is when the cell shows, else the cell
    comes to the middle (a step off the edge turns half a view, so what lies ahead shows)."""
    return (top, left) if in_view(cell, top, left, lay) else centred(cell, lay)


def kept_centre(top: int, left: int, old: Layout, new: Layout) -> Cell:
    """The view in a new layout (the window resized, zoomed) with the old view's middle cell
    in its middle."""
    return centred(centre_of(top, left, old), new)


def anchored(cell: Cell, pos: tuple[int, int], lay: Layout) -> Cell:
    """The view that shows `cell` under the window pixel `pos` (zooming about the pointer),
    as close as the board's edges allow; a pointer off the board holds the nearest view
    row and column to it."""
    point = lay.canvas_point(*pos)
    if point is None:
        return centred(cell, lay)
    b, t = lay.board, lay.sizes.tile
    row = max(0, min(lay.view_rows - 1, (point[1] - b.y) // t))
    col = max(0, min(lay.view_cols - 1, (point[0] - b.x) // t))
    return clamp(cell[0] - row, cell[1] - col, lay)


def pointer_after_move(pos: Cell, before: Cell | None, after: Cell | None) -> Cell:
    """Where a pointer that stayed still on the desktop is in the window after the window's
    inside moved from `before` to `after` (desktop positions; None where not known: `pos`).
    A window that grows with a zoom is moved to stay on the screen, and no motion event says
    where the pointer now is in it."""
    if before is None or after is None:
        return pos
    return pos[0] + before[0] - after[0], pos[1] + before[1] - after[1]
