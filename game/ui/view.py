"""Where the view of a board larger than its window starts (top, left) when the play moves, the
window is resized or zoomed: the rules that keep the player from losing their place. Pure: a
layout and cells in, a (top, left) out; it holds no state and draws nothing.
"""

from __future__ import annotations

import math

from .layout import Layout

Cell = tuple[int, int]
Spot = tuple[float, float]  # a point inside a cell, as fractions of its height and width


def clamp(top: int, left: int, lay: Layout) -> Cell:
    """The nearest view that stays on the board (0, 0 when the whole board shows)."""
    return (max(0, min(top, lay.rows - lay.view_rows)), max(0, min(left, lay.cols - lay.view_cols)))


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


def pointed(pos: tuple[int, int], top: int, left: int, lay: Layout) -> tuple[Cell, Spot] | None:
    """The cell under the window pixel `pos` and the spot in it the pixel's middle is at, as
    fractions of the cell (0 at its top or left edge, towards 1 at the other); None off the
    board. A zoom about the pointer keeps both (`anchored`)."""
    cell = lay.cell_at(*pos, top, left)
    if cell is None:
        return None
    y, x = _in_cells(pos, lay)
    return cell, (y - (cell[0] - top), x - (cell[1] - left))


def _in_cells(pos: tuple[int, int], lay: Layout) -> tuple[float, float]:
    """The middle of window pixel `pos` in cells from the view's top-left corner."""
    b, t = lay.board, lay.sizes.tile
    y = (pos[1] + 0.5 - lay.origin_y - b.y) / t
    x = (pos[0] + 0.5 - lay.origin_x - b.x) / t
    return y, x


def _nearest_start(cell: int, spot: float, at: float) -> int:
    """The whole view start that puts `spot` of `cell` nearest to `at` cells into the view:
    the one that keeps the cell under `at` while that is at most half a cell off, else the
    nearest (less than half a cell off, the spot then shown in a neighbour's edge)."""
    exact = cell + spot - at
    keeps = math.ceil(cell - at)  # the start that shows `cell` under `at`
    return keeps if abs(keeps - exact) <= 0.5 else round(exact)


def anchored(cell: Cell, pos: tuple[int, int], lay: Layout, spot: Spot = (0.5, 0.5)) -> Cell:
    """The view that shows `spot` of `cell` (see `pointed`) under the window pixel `pos`
    (zooming about the pointer), as close as the board's edges allow. The view starts on a
    whole cell, so the spot lands within half a cell of the pointer; on the board, the
    pointed cell stays under it whenever the spot is not nearer a neighbour. A pointer off
    the board holds the nearest view row and column to it."""
    if lay.canvas_point(*pos) is None:
        return centred(cell, lay)
    y, x = _in_cells(pos, lay)
    y = max(0.0, min(float(lay.view_rows), y))
    x = max(0.0, min(float(lay.view_cols), x))
    return clamp(_nearest_start(cell[0], spot[0], y), _nearest_start(cell[1], spot[1], x), lay)


def pointer_after_move(pos: Cell, before: Cell | None, after: Cell | None) -> Cell:
    """Where a pointer that stayed still on the desktop is in the window after the window's
    inside moved from `before` to `after` (desktop positions; None where not known: `pos`).
    A window that grows with a zoom is moved to stay on the screen, and no motion event says
    where the pointer now is in it."""
    if before is None or after is None:
        return pos
    return pos[0] + before[0] - after[0], pos[1] + before[1] - after[1]
