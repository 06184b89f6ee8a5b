"""The board of a video at any moment (game/videos/seek.py): forward and back give the board
that playing every action from the start gives, a jump is done in slices that keep to their
budget, and the figures, pointer and buttons of each moment are the video's own."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, Move, MoveKind
from game.videos.model import (
    LEFT_DOWN,
    LEFT_UP,
    MOVE,
    PAUSE,
    RESUME,
    RIGHT_DOWN,
    RIGHT_UP,
    Action,
    Event,
    Video,
)
from game.videos.seek import LEFT, RIGHT, Seeker, play_action


class Played:
    """What game/videos/mouse.py's `play` gives, made here for a video written by hand."""

    def __init__(self, actions, events, bbbv=0):
        self.actions = actions
        self.counters = [f"after {k}" for k in range(len(events))]
        self.bbbv = bbbv


def layout_of(rows, cols, mines, seed):
    rng = random.Random(seed)
    cells = set(rng.sample(range(rows * cols), mines))
    return [
        "".join("*" if r * cols + c in cells else "." for c in range(cols)) for r in range(rows)
    ]


def video_of(rows, cols, mines, seed, *, limit=None, undo_every=0):
    """A video of a game that opens every safe cell and flags every mine in reading order
    (and, if asked, takes back and plays again every `undo_every`-th move), a pointer move
    before each click; its actions as our replays give them."""
    layout = layout_of(rows, cols, mines, seed)
    game = Game.from_layout(layout)
    events, actions, t = [], [], 0
    for r in range(rows):
        for c in range(cols):
            if game.state.is_over or (limit is not None and len(actions) >= limit):
                break
            if game.cell(r, c) != "#":
                continue
            t += 13
            kind = "flag" if layout[r][c] == "*" else "open"
            x, y = c * 16 + 8, r * 16 + 8
            down, up = (RIGHT_DOWN, RIGHT_UP) if kind == "flag" else (LEFT_DOWN, LEFT_UP)
            events += [Event(t - 5, MOVE, x, y), Event(t, down, x, y)]
            actions.append(Action(t, len(events) - 1, kind, r, c))
            game.play(Move(MoveKind(kind), r, c))
            events.append(Event(t + 2, up, x, y))
            if undo_every and len(actions) % undo_every == 0:
                actions.append(Action(t + 3, -1, "undo", 0, 0))  # a key: no event of its own
                actions.append(Action(t + 4, -1, "redo", 0, 0))
                t += 4
    video = Video("pixel-mines", rows, cols, mines, layout, events, actions=actions)
    return video, Played(actions, events, game.bbbv), layout


def board_at(video, layout, index, seeker):
    """The board at event `index` the plain way: every action up to it, from the start."""
    game = Game.from_layout(layout)
    for a, at in zip(video.actions, seeker.at, strict=True):
        if at <= index:
            play_action(game, a)
    return game


def seeker_of(video, played, layout, **options):
    return Seeker(video, played, lambda: Game.from_layout(layout), **options)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(-1, 400), min_size=1, max_size=12), st.integers(0, 3))
def test_any_jumps_give_the_board_played_from_the_start(jumps, undo):
    video, played, layout = video_of(16, 30, 99, 5, undo_every=[0, 3, 7, 11][undo])
    seeker = seeker_of(video, played, layout, every=16)
    for index in jumps:
        index = min(index, seeker.last_index)
        seeker.seek(index)
        seeker.settle()
        expected = board_at(video, layout, index, seeker)
        assert seeker.game.view() == expected.view()
        assert seeker.game.state is expected.state


def test_back_and_forth_to_the_same_moment_gives_the_same_board():
    video, played, layout = video_of(16, 30, 99, 8)
    seeker = seeker_of(video, played, layout, every=20)
    middle = seeker.last_index // 2
    seeker.seek(middle)
    seeker.settle()
    forward = seeker.game.view()
    seeker.seek(seeker.last_index)
    seeker.settle()
    assert seeker.game.view() != forward
    seeker.seek(middle)
    seeker.settle()
    assert seeker.last.restored  # back: from a checkpoint, not from the start
    assert seeker.game.view() == forward
    assert seeker.take_changes() is None  # a restore: the window compares what it shows


def test_going_back_costs_at_most_a_checkpoints_span_of_actions():
    video, played, layout = video_of(30, 30, 150, 2)
    seeker = seeker_of(video, played, layout, every=25)
    seeker.seek(seeker.last_index)
    seeker.settle()
    for index in range(seeker.last_index, -1, -37):
        seeker.seek(index)
        seeker.work(1e9)
        assert seeker.last.played <= 25


def test_playing_forward_hands_each_actions_cells_and_its_cell():
    video, played, layout = video_of(9, 9, 10, 1)
    seeker = seeker_of(video, played, layout)
    first = video.actions[0]
    seeker.seek(first.index)
    seeker.settle()
    moves = seeker.take_changes()
    assert len(moves) == 1 and moves[0][1] == (first.row, first.col)
    assert (first.row, first.col) in set(moves[0][0])
    assert seeker.take_changes() == []  # nothing more since


def test_a_200_by_200_jump_is_spread_over_slices_that_keep_their_budget():
    video, played, layout = video_of(200, 200, 8000, 4, limit=6000)
    ticks = iter(range(10**9))
    # a clock of its own: each reading is 0.01 ms later, so the slices are the same each run
    seeker = seeker_of(video, played, layout, clock=lambda: next(ticks) / 100_000)
    seeker.seek(seeker.last_index)
    slices = 0
    while not seeker.work(6.0):
        slices += 1
        assert seeker.last.played >= 1
        assert seeker.last.before_last_ms < 6.0  # no action begun once the budget was spent
    assert slices > 5
    expected = board_at(video, layout, seeker.last_index, seeker)
    assert seeker.game.view() == expected.view()


def test_checkpoints_laid_ahead_make_a_later_jump_short():
    video, played, layout = video_of(40, 40, 300, 6)
    seeker = seeker_of(video, played, layout, every=30)
    while not seeker.ahead(1e9):
        pass
    seeker.seek(seeker.last_index)
    seeker.work(1e9)
    assert seeker.last.restored and seeker.last.played < 30


def test_index_at_finds_the_last_event_at_or_before_a_moment():
    events = [Event(t, MOVE, 0, 0) for t in (0, 10, 10, 25)]
    video = Video("evf", 2, 2, 1, ["*.", ".."], events)
    seeker = Seeker(video, Played([], events), lambda: Game.from_layout(video.layout))
    assert [seeker.index_at(t) for t in (-1, 0, 9, 10, 24, 25, 99)] == [-1, 0, 0, 2, 2, 3, 3]
    assert seeker.duration_ms == 25


def test_figures_pointer_buttons_and_pauses_at_a_moment():
    events = [
        Event(0, MOVE, 5, 6),
        Event(10, LEFT_DOWN, 7, 8),
        Event(20, RIGHT_DOWN, 7, 8),
        Event(30, PAUSE, 7, 8),
        Event(30, RESUME, 7, 8),
        Event(40, LEFT_UP, 9, 8),
        Event(50, RIGHT_UP, 9, 8),
    ]
    video = Video("evf", 2, 2, 1, ["*.", ".."], events, time_ms=60)
    played = Played([], events)
    seeker = Seeker(video, played, lambda: Game.from_layout(video.layout))
    assert seeker.figures(-1) is None and seeker.figures(3) == "after 3"
    assert seeker.pointer(-1) is None and seeker.pointer(5) == (9, 8)
    assert [seeker.held(i) for i in range(-1, 7)] == [0, 0, LEFT, LEFT | RIGHT, 3, 3, RIGHT, 0]
    assert seeker.pauses == [30] and seeker.duration_ms == 60
    assert seeker.trail(6, 25, 10) == [(7, 8), (7, 8), (9, 8), (9, 8)]


def test_an_action_with_no_event_goes_with_the_last_event_before_it():
    events = [Event(0, LEFT_DOWN, 8, 8), Event(5, LEFT_UP, 8, 8), Event(50, MOVE, 20, 8)]
    actions = [Action(5, 1, "open", 0, 1), Action(20, -1, "flag", 0, 0)]
    video = Video("pixel-mines", 1, 3, 1, ["*.."], events, actions=actions)
    seeker = Seeker(video, Played(actions, events), lambda: Game.from_layout(video.layout))
    assert seeker.at == [1, 1]
    seeker.seek(1)
    seeker.settle()
    assert seeker.game.cell(0, 0) == "F"
