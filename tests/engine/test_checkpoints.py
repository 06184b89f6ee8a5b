"""Undo restores a checkpoint and replays only the moves after it: the game must come out
exactly as a replay of every move from a covered board would make it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, GameState
from game.engine.game import CHECKPOINT_EVERY

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["open", "flag", "chord"]), st.integers(0, 7), st.integers(0, 7)),
        st.tuples(st.sampled_from(["undo", "redo"])),
    ),
    min_size=20,
    max_size=150,
)


def step(game: Game, action: tuple):
    if action[0] == "undo":
        return game.undo()
    if action[0] == "redo":
        return game.redo()
    kind, row, col = action
    row, col = row % game.rows, col % game.cols
    if kind == "open":
        return game.reveal(row, col)
    if kind == "flag":
        return game.toggle_flag(row, col)
    return game.chord(row, col)


def seen(game: Game) -> tuple:
    return (
        game.view(),
        game.mines_remaining,
        game.safe_opened,
        game.state,
        game.clicks,
        game.deaths,
        game.assisted,
        list(game.moves),
        game.can_redo,
        game.next_redo,
        game.first_click,
        bytes(game._spread),
    )


def twins(rows: int, cols: int, mines: int, seed: int, marks: bool, every: int):
    checked = Game(rows, cols, mines, seed=seed, question_marks=marks)
    checked.checkpoint_every = every
    plain = Game(rows, cols, mines, seed=seed, question_marks=marks)
    plain.checkpoint_every = 0  # every undo replays the whole game
    return checked, plain


@settings(max_examples=200, deadline=None)
@given(
    st.integers(5, 8),
    st.integers(5, 8),
    st.integers(1, 12),
    st.integers(0, 2**32),
    st.booleans(),
    st.integers(1, 4),
    ACTIONS,
)
def test_undo_and_redo_from_checkpoints_equal_a_full_replay(
    rows, cols, mines, seed, marks, every, actions
):
    checked, plain = twins(rows, cols, mines, seed, marks, every)
    for action in actions:
        assert step(checked, action) == step(plain, action), action
        assert seen(checked) == seen(plain), action
    assert plain._checkpoints == []


def test_checkpoints_are_taken_every_so_many_moves_once_the_mines_are_laid():
    g = Game(9, 9, 10, seed=4)
    g.checkpoint_every = 2
    g.toggle_flag(0, 0)
    g.toggle_flag(0, 0)  # two moves before the mines are laid: no snapshot yet
    assert [p.moves for p in g._checkpoints] == []
    g.reveal(4, 4)
    g.toggle_flag(8, 3)
    g.toggle_flag(8, 3)
    assert [p.moves for p in g._checkpoints] == [4]


def test_a_new_move_after_an_undo_drops_the_checkpoints_past_it():
    g = Game(9, 9, 10, seed=4)
    g.checkpoint_every = 1
    g.reveal(4, 4)
    for _ in range(4):
        g.toggle_flag(0, 0)
    assert [p.moves for p in g._checkpoints] == [1, 2, 3, 4, 5]
    g.undo()
    g.undo()
    assert [p.moves for p in g._checkpoints] == [1, 2, 3, 4, 5]  # a redo walks the same way
    g.toggle_flag(8, 3)
    assert [p.moves for p in g._checkpoints] == [1, 2, 3, 4]
    assert g.state is GameState.PLAYING


def test_a_long_game_undoes_from_its_last_checkpoint():
    g = Game(30, 30, 100, seed=9)
    g.reveal(15, 15)
    covered = [(r, c) for r in range(30) for c in range(30) if g.cell(r, c) == "#"]
    k = 0
    while len(g.moves) < 3 * CHECKPOINT_EVERY + 10:
        g.toggle_flag(*covered[k % len(covered)])
        k += 1
    assert [p.moves for p in g._checkpoints] == [
        CHECKPOINT_EVERY,
        2 * CHECKPOINT_EVERY,
        3 * CHECKPOINT_EVERY,
    ]
    replayed = []
    apply = g._apply
    g._apply = lambda move: (replayed.append(move), apply(move))
    before = g.view()
    g.undo()
    assert len(replayed) == 9  # the moves after the last checkpoint, not the whole game
    g.redo()
    assert g.view() == before


def test_a_game_started_from_a_view_never_uses_checkpoints():
    g = Game.from_layout(["*...", "....", "...."], view=["####", "####", "###."])
    assert g.checkpoint_every == 0
