"""A cascade veils the changed cells in view and turns them over ring by ring outward from
the click: a cell's ring is how far it lies from the clicked cell, in rows or columns,
whichever is more (`DrawState.cascade`, game/ui/drawstate.py)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cells import CellSet
from game.ui.drawstate import DrawState


@st.composite
def cascades(draw):
    rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    runs = []
    for row in range(rows):
        col = 0
        while col < cols:
            first = draw(st.integers(col, cols))
            stop = draw(st.integers(first, cols))
            if stop > first:
                runs.append((row, first, stop))
            col = stop + 1
    top, left = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
    view = (top, left, draw(st.integers(1, rows - top)), draw(st.integers(1, cols - left)))
    origin = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    return runs, view, origin


@settings(max_examples=300, deadline=None)
@given(cascades())
def test_each_changed_cell_in_view_turns_on_its_ring_once(case):
    runs, (top, left, rows, cols), origin = case
    drawn = DrawState()
    changed = {(r, c) for r, first, stop in runs for c in range(first, stop)}
    in_view = {(r, c) for r, c in changed if (r, c) != origin
               and top <= r < top + rows and left <= c < left + cols}  # fmt: skip
    veiled = drawn.cascade(CellSet(runs), origin, (top, left, rows, cols), 1000)
    assert veiled == bool(in_view)
    assert set(drawn.veiled) == in_view
    turned = [(ring, cell) for _, _, ring, cells in drawn.animation for cell in cells]
    assert sorted(cell for _, cell in turned) == sorted(in_view)  # each once
    for ring, (r, c) in turned:
        assert ring == max(abs(r - origin[0]), abs(c - origin[1]))
    due = {ring: at for at, _, ring, _ in drawn.animation}
    assert all(due[a] <= due[b] for a in due for b in due if a < b)  # outward
