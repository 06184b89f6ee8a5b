"""The worker process (game/worker.py): work done in another process, its parts and answer
back in order, its errors raised to whoever waits, a cancel that ends the process, and the
measures and analyses it makes equal to those made here."""

import os
import random
import threading

import pytest

from game.engine import Game, Move, MoveKind
from game.engine.game_analysis import analyse_game, analyse_in_parts
from game.engine.game_measures import measures_of
from game.worker import Cancelled, Worker, WorkerDied, priority
from tests.engine.test_game_analysis import events_of, random_game


@pytest.fixture
def worker():
    made = Worker()
    yield made
    made.close()


def test_work_is_done_in_another_process(worker):
    assert worker.call(os.getpid) not in (None, os.getpid())
    assert worker.call(os.getpid) == worker.pid
    assert worker.starts == 1 and not worker.busy


def test_the_worker_runs_below_the_window_so_the_loop_never_waits_for_a_core(worker):
    policy, nice = worker.call(priority)
    here_policy, here_nice = priority()
    if hasattr(os, "SCHED_IDLE"):  # Linux: only what no one else wants of a core
        assert policy == os.SCHED_IDLE and here_policy != os.SCHED_IDLE
    else:
        assert nice is None or nice > (here_nice or 0)


def test_an_error_in_the_worker_is_raised_to_the_caller_as_itself(worker):
    with pytest.raises(ValueError, match="invalid literal") as raised:
        worker.call(int, "not a number")
    assert "in the worker process" in raised.value.__notes__[0]
    assert worker.call(int, "7") == 7  # and the worker goes on


def test_an_answer_that_cannot_be_sent_back_is_an_error(worker):
    with pytest.raises(RuntimeError, match="cannot be sent"):
        worker.call(threading.Lock)
    assert worker.call(int, "8") == 8


def test_a_worker_that_dies_under_a_task_raises_and_the_next_task_gets_a_new_one(worker):
    first = worker.call(os.getpid)
    with pytest.raises(WorkerDied, match="exit code 3"):
        worker.call(os._exit, 3)
    assert worker.call(os.getpid) not in (first, os.getpid())
    assert worker.starts == 2


def test_cancel_ends_the_process_under_way_and_drops_a_queued_task(worker):
    started = threading.Event()
    running = worker.submit(analyse_in_parts, *long_game(), on_part=lambda part: started.set())
    queued = worker.submit(os.getpid)
    later = worker.submit(os.getpid)
    process = worker._process
    while not started.wait(0.05):  # until the first part is back: the analysis is under way
        assert not running.done, running.wait()
    worker.cancel(queued)
    worker.cancel(running)
    process.join()
    assert process.exitcode is not None  # ended, long before the analysis would have
    for task in (running, queued):
        with pytest.raises(Cancelled):
            task.wait()
    assert later.wait() == worker.pid != process.pid  # a new process for what follows
    assert worker.starts == 2


def long_game():
    """A 30x30 game opened a covered safe cell at a time, row by row (an analysis of seconds)."""
    rng = random.Random(5)
    mines = set(rng.sample(range(900), 90))
    layout = ["".join("*" if r * 30 + c in mines else "." for c in range(30)) for r in range(30)]
    game = Game.from_layout(layout)
    for k in range(900):
        if k not in mines and game.cell(k // 30, k % 30) == "#":
            game.play(Move(MoveKind.OPEN, k // 30, k % 30))
    return layout, events_of(game)


def test_parts_come_in_order_before_the_answer_and_make_the_analysis_made_here(worker):
    rng = random.Random(3)
    for _ in range(3):
        game = random_game(rng, 9, 9, 10)
        layout, events = game.layout(), events_of(game)
        parts = []
        count = worker.submit(analyse_in_parts, layout, events, on_part=parts.append).wait()
        moves = [m for _, ms in parts for m in ms]
        assert len(moves) == count and parts[-1][0] == 1.0
        assert tuple(moves) == analyse_game(layout, events).moves


def test_the_measures_made_in_the_worker_are_those_made_here(worker):
    rng = random.Random(4)
    for _ in range(3):
        game = random_game(rng, 16, 16, 40)
        layout, events = game.layout(), events_of(game)
        assert worker.call(measures_of, layout, events, 12_345) == measures_of(
            layout, events, 12_345
        )
