"""Invariants of the engine checked over many random boards and move sequences (hypothesis)."""

import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, GameState, SafeZone


@st.composite
def boards(draw):
    rows = draw(st.integers(5, 14))
    cols = draw(st.integers(5, 14))
    mines = draw(st.integers(1, rows * cols - 1))
    seed = draw(st.integers(0, 2**32))
    click = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    zone = draw(st.sampled_from(list(SafeZone)))
    return rows, cols, mines, seed, click, zone


def neighbours(rows, cols, r, c):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield r + dr, c + dc


def reference_flood(layout, start, flags=frozenset()):
    """The plain per-cell BFS every Minesweeper tutorial writes: what the engine must equal."""
    rows, cols = len(layout), len(layout[0])

    def count(r, c):
        return sum(layout[y][x] == "*" for y, x in neighbours(rows, cols, r, c))

    opened = {start}
    queue = deque([start]) if count(*start) == 0 else deque()
    while queue:
        r, c = queue.popleft()
        for y, x in neighbours(rows, cols, r, c):
            if (y, x) in opened or (y, x) in flags:
                continue
            opened.add((y, x))
            if count(y, x) == 0:
                queue.append((y, x))
    return opened


@given(boards())
def test_exactly_the_asked_number_of_mines_is_laid(board):
    rows, cols, mines, seed, click, zone = board
    g = Game(rows, cols, mines, seed=seed, safe_zone=zone)
    g.reveal(*click)
    assert sum(line.count("*") for line in g.layout()) == mines


@given(boards())
def test_the_safe_zone_holds(board):
    rows, cols, mines, seed, (r, c), zone = board
    g = Game(rows, cols, mines, seed=seed, safe_zone=zone)
    g.reveal(r, c)
    layout = g.layout()
    assert layout[r][c] == "."
    assert g.state is not GameState.LOST
    if zone is SafeZone.OPENING and mines <= rows * cols - 9:
        assert all(layout[y][x] == "." for y, x in neighbours(rows, cols, r, c))
        assert g.view()[r][c] == "."


@given(boards())
def test_same_seed_and_first_click_give_the_same_board(board):
    rows, cols, mines, seed, click, zone = board
    a = Game(rows, cols, mines, seed=seed, safe_zone=zone)
    b = Game(rows, cols, mines, seed=seed, safe_zone=zone)
    a.reveal(*click)
    b.reveal(*click)
    assert a.layout() == b.layout()


@settings(max_examples=150)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.floats(0, 0.35),
    st.integers(0, 2**32),
    st.data(),
)
def test_opened_cells_equal_a_plain_reference_flood_fill(rows, cols, density, seed, data):
    rng = random.Random(seed)
    layout = [
        "".join("*" if rng.random() < density else "." for _ in range(cols)) for _ in range(rows)
    ]
    safe = [(r, c) for r in range(rows) for c in range(cols) if layout[r][c] == "."]
    if not safe:
        return
    flags = frozenset(data.draw(st.sets(st.sampled_from(safe), max_size=4)))
    start = data.draw(st.sampled_from(safe))
    if start in flags:
        return
    g = Game.from_layout(layout)
    for cell in flags:
        g.toggle_flag(*cell)
    changed = g.reveal(*start)
    opened = {
        (r, c) for r, line in enumerate(g.view()) for c, ch in enumerate(line) if ch in ".12345678"
    }
    assert opened == reference_flood(layout, start, flags)
    if g.state is GameState.PLAYING:
        assert set(changed) == opened


@given(boards(), st.lists(st.tuples(st.integers(0, 2), st.integers(0, 13), st.integers(0, 13))))
def test_mines_remaining_is_mines_minus_flags_and_finished_games_stay_finished(board, moves):
    rows, cols, mines, seed, click, zone = board
    g = Game(rows, cols, mines, seed=seed, safe_zone=zone, question_marks=True)
    g.reveal(*click)
    final = None
    for kind, r, c in moves:
        r, c = r % rows, c % cols
        move = (g.reveal, g.toggle_flag, g.chord)[kind]
        changed = move(r, c)
        flags = sum(line.count("F") for line in g.view())
        if g.state is not GameState.LOST:
            assert g.mines_remaining == mines - flags
        if final is not None:
            assert not changed
            assert (g.state, g.view()) == final
        elif g.state.is_over:
            final = (g.state, g.view())
    if g.state is GameState.WON:
        assert g.mines_remaining == 0
        assert all(ch != "#" for line in g.view() for ch in line)


def test_every_cell_outside_the_safe_zone_is_equally_likely_to_hold_a_mine():
    counts = [0] * 25
    games = 3000
    for seed in range(games):
        g = Game(5, 5, 5, seed=seed, safe_zone=SafeZone.CELL)
        g.reveal(0, 0)
        for r, line in enumerate(g.layout()):
            for c, ch in enumerate(line):
                counts[r * 5 + c] += ch == "*"
    assert counts[0] == 0
    expected = games * 5 / 24
    # each count is binomial with sd ~ 22; 5 sd either way would fail by chance about never
    assert all(abs(n - expected) < 5 * (games * 5 / 24 * 19 / 24) ** 0.5 for n in counts[1:])
