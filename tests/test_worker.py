"""The worker process (game/worker.py): work done in another process, its parts and answer
back in order, its errors raised to whoever waits, a cancel that ends the process, and the
measures and analyses it makes equal to those made here."""

import contextlib
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from game import worker as workers
from game.engine import Game, Move, MoveKind
from game.engine.game_analysis import analyse_game, analyse_in_parts
from game.engine.game_measures import measures_of
from game.worker import Cancelled, Worker, WorkerDied, priority
from tests.engine.test_game_analysis import events_of, random_game

pytestmark = (
    pytest.mark.concurrent
)  # processes and threads: run under load too (tools/under_load.py)


@pytest.fixture
def worker():
    made = Worker()
    yield made
    made.close()


def test_work_is_done_in_another_process(worker):
    assert worker.call(os.getpid) not in (None, os.getpid())
    assert worker.call(os.getpid) == worker.pid
    assert worker.starts == 1 and not worker.busy


def test_an_idle_worker_runs_only_where_no_one_wants_a_core():
    idle = Worker(nice=None)
    try:
        policy, nice = idle.call(priority)
    finally:
        idle.close()
    here_policy, here_nice = priority()
    if hasattr(os, "SCHED_IDLE"):  # Linux: only what no one else wants of a core
        assert policy == os.SCHED_IDLE and here_policy != os.SCHED_IDLE
    else:
        assert nice is None or nice > (here_nice or 0)


def test_the_programs_workers_keep_their_share_of_a_busy_machine():
    """Beside programs that keep the cores busy, an idle worker gets almost nothing (a lost
    200x200 game's measures: 400 s, benchmarks/bench_workers_load.py): the program's workers
    run in the batch class (never preempting the loop as they wake), the measures' and the
    boards' at the loop's nice value, the analyses' 10 below."""
    here_policy, here_nice = priority()
    for role, below in ((workers.MEASURES, 0), (workers.BOARDS, 0), (workers.ANALYSES, 10)):
        made = Worker(nice=workers.NICE[role])
        try:
            policy, nice = made.call(priority)
        finally:
            made.close()
        if hasattr(os, "SCHED_BATCH"):
            assert policy == os.SCHED_BATCH and nice == min(here_nice + below, 19), role
        else:
            assert nice is None or nice > (here_nice or 0)
        assert workers.NICE[role] == below


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


def test_a_task_sent_to_a_process_that_died_meanwhile_goes_to_a_new_one(worker):
    """Killed while idle, a process may be gone before its reading thread has seen it: the
    next task meets a broken pipe, and a new process takes it (the fuzzer's worker kills
    found this as a BrokenPipeError raised to the window)."""
    first = worker.call(os.getpid)

    class Broken:
        def send(self, message):
            raise BrokenPipeError(32, "Broken pipe")

    worker._conn = Broken()  # the pipe of a process killed a moment ago
    assert worker.call(os.getpid) not in (first, os.getpid())
    assert worker.starts == 2


def a_part_then_nothing(send) -> None:
    """In the worker process: a task that sends a part and then never ends by itself, so only a
    cancel ends it (a real analysis of `long_game` now takes about 60 ms, its first part 30 ms
    before its end: it could finish before the cancel, and then no process was ended)."""
    send(0.5)
    time.sleep(120)


def test_cancel_ends_the_process_under_way_and_drops_a_queued_task(worker):
    started = threading.Event()
    running = worker.submit(a_part_then_nothing, on_part=lambda part: started.set())
    queued = worker.submit(os.getpid)
    later = worker.submit(os.getpid)
    process = worker._process
    while not started.wait(0.05):  # until the first part is back: the analysis is under way
        assert not running.done, running.wait()
    worker.cancel(queued)
    worker.cancel(running)
    # the worker's reading thread reaps it; a second waiter here would race it for the code
    assert worker.exit_code(process.pid, timeout=30) == -signal.SIGTERM  # ended, not finished
    for task in (running, queued):
        with pytest.raises(Cancelled):
            task.wait()
    assert later.wait() == worker.pid != process.pid  # a new process for what follows
    assert worker.starts == 2


def long_game():
    """A 30x30 game opened a covered safe cell at a time, row by row (an analysis of some 60 ms
    on a warm worker, its parts coming from about half way)."""
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


def test_a_worker_ends_within_a_second_of_its_program_however_the_program_ends(tmp_path):
    """A killed window runs no atexit, and a worker busy with a task reads no pipe: it watches
    its parent instead (a kill -9 left 14 workers running for seconds)."""
    program = textwrap.dedent(
        """
        import os, sys, time
        from game.worker import Worker

        from game.worker import NICE, ANALYSES, MEASURES
        busy, idle = Worker("busy", nice=NICE[MEASURES]), Worker("idle", nice=NICE[ANALYSES])
        idle.start()
        busy.submit(time.sleep, 60)  # a task that sends nothing back until it is done
        while busy.pid is None or idle.pid is None:
            time.sleep(0.01)
        print(busy.pid, idle.pid, flush=True)
        time.sleep(60)
        """
    )
    root = Path(__file__).resolve().parents[1]
    parent = subprocess.Popen(
        [sys.executable, "-c", program], cwd=root, stdout=subprocess.PIPE, text=True
    )
    try:
        pids = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(pids) == 2 and all(alive(pid) for pid in pids)
        time.sleep(0.5)  # the busy one is under way with its task
        parent.kill()
        parent.wait()
        ended_at = time.monotonic() + 1.0
        while any(alive(pid) for pid in pids) and time.monotonic() < ended_at + 9:
            time.sleep(0.02)
        assert time.monotonic() <= ended_at, [pid for pid in pids if alive(pid)]
    finally:
        parent.kill()
        for pid in pids if "pids" in locals() else ():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def alive(pid: int) -> bool:
    """Whether `pid` is a running process (an ended one nobody has reaped yet is a zombie: not
    running)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")
