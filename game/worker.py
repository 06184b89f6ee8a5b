"""Work that grows with the board (a big board laid, a finished game's measures, the analysis
of a game) done in a process of its own, so it never holds the interpreter lock the window's
loop needs: a worker process, started when first asked (on the asking thread, never the
loop's) or ahead of need, fed plain data and answering plain data, one task at a time in the
order asked (`shared`: one for the measures, one for analyses, one for boards; a small board's
analysis goes to the measures' one). A task may send parts of its answer while it runs;
cancelling the task under way ends the process (a new one starts for what follows), and so
does a while with nothing to do (`linger`). The process is a plain Python started with
`subprocess` that loads only what its tasks need (`_command`), talking pickles over its
standard input and output: multiprocessing's start would load the program's main script, the
site module and multiprocessing itself in each process, and its own modules in this one.
A process steps aside for the window's loop (`step_aside`): the scheduler's batch class,
the analyses' further down (`NICE`), so that the loop takes a core back from them and a
machine kept busy by other programs still gives them their share.

A task is a function the worker can import by name, and its arguments. What it raises comes
back as the same exception with the worker's traceback as a note, raised to whoever waits: an
error of the program is never swallowed. A worker that dies is such an error too.
Standard library only: the terminal and the store use it as the window does.
"""

from __future__ import annotations

import atexit
import contextlib
import pickle
import struct
import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import i18n


class WorkerDied(RuntimeError):
    """The worker process ended under a task that was not cancelled (killed by a signal or
    the system's out-of-memory killer, or a crash in a library): not the task's fault, so
    whoever asked says so to the player and keeps what it can, and a next task gets a new
    process. `exit_code`: the process's (a negative number: the signal that ended it)."""

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        self.exit_code = exit_code

    def __reduce__(self):  # pickled whole, with its code
        return type(self), (str(self), self.exit_code)


class Cancelled(Exception):
    """The task was cancelled: it has no answer."""


class Task:
    """One piece of work: `wait` for its answer; `on_part` (if given) is called with each part
    the work sends, on the worker's reading thread, in order, before the answer."""

    def __init__(self, fn: Callable, args: tuple, on_part: Callable[[Any], None] | None) -> None:
        self.fn, self.args, self.on_part = fn, args, on_part
        self.finished = threading.Event()
        self.answer: Any = None
        self.error: BaseException | None = None
        self.cancelled = False

    @property
    def done(self) -> bool:
        return self.finished.is_set()

    def wait(self, timeout: float | None = None) -> Any:
        """The answer (blocking until it is there); raises what the work raised, Cancelled,
        or TimeoutError when `timeout` ran out."""
        if not self.finished.wait(timeout):
            raise TimeoutError("the worker has not answered yet")
        if self.cancelled:
            raise Cancelled
        if self.error is not None:
            raise self.error
        return self.answer

    def _end(self, answer: Any = None, error: BaseException | None = None) -> None:
        self.answer, self.error = answer, error
        self.finished.set()


def step_aside(nice: int | None = None) -> str:
    """Lower this process's priority, so that the window's loop gets a core back from it: a
    process of its own frees the loop from the interpreter lock, not from the cores. How it
    did: "idle", "batch", "nice", "below normal" (Windows) or "" (none).

    `nice` None: as far as the system lets it (Linux's SCHED_IDLE, else the lowest nice): it
    runs only on a core nothing else wants, so a thread that wakes always takes the core from
    it. But beside programs that keep the cores busy, such a process gets almost nothing:
    about 5 % of a core beside two busy processes on two cores here, 400 s for a lost 200x200
    game's measures (benchmarks/bench_workers_load.py), and seconds to end when its program
    was killed. So the program's own workers (`shared`) run in Linux's SCHED_BATCH class
    instead, `nice` steps below the loop: their share of a busy machine, never preempting the
    loop as they wake (bench_render's `losing_click_*` frames are the same as when they were
    idle). Where there is no batch class, nice alone; Windows: below normal."""
    import os

    if nice is None:
        with contextlib.suppress(OSError, AttributeError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return "idle"
    else:
        with contextlib.suppress(OSError, AttributeError):
            os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
            if nice:
                os.nice(nice)
            return "batch"
    with contextlib.suppress(OSError, AttributeError):
        os.nice(19 if nice is None else max(nice, 2))
        return "nice"
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
        if kernel.SetPriorityClass(kernel.GetCurrentProcess(), 0x4000):  # BELOW_NORMAL
            return "below normal"
    return ""


def priority() -> tuple[int | None, int | None]:
    """This process's scheduling policy and nice value where the system says them (tests)."""
    import os

    policy = os.sched_getscheduler(0) if hasattr(os, "sched_getscheduler") else None
    nice = os.getpriority(os.PRIO_PROCESS, 0) if hasattr(os, "getpriority") else None
    return policy, nice


# The frozen bundle's executable is the game: this first argument makes it the worker instead
# (main.py and tools/bundle_entry.py look for it before anything else is loaded).
WORKER_ARGUMENT = "--pixel-mines-worker"
_LENGTH = struct.Struct("<Q")  # each message: its pickle's length, then the pickle


def _send(out, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_LENGTH.pack(len(data)) + data)
    out.flush()


def _receive_bytes(stream) -> bytes | None:
    """One message's pickle from `stream`, None at its end (a buffered read of a pipe returns
    what was asked for, or less only at the end)."""
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    data = stream.read(_LENGTH.unpack(head)[0])
    return data if len(data) == _LENGTH.unpack(head)[0] else None


def serve(nice: int | None = 0) -> None:
    """The worker process (started as `_command` says): take a task, answer it, for as long
    as the program that started it lives. Tasks come on standard input and answers go out on
    the standard output the process was given; anything printed goes to standard error, so
    it cannot break a message. A thread reads the input as it comes: when it ends, the
    program is gone or has let this process go (its pipe is closed however it ends, a kill -9
    included), and this process ends at once, even under a task."""
    import os
    import queue

    global in_worker
    in_worker = True
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    inbox: queue.SimpleQueue[bytes] = queue.SimpleQueue()

    def read() -> None:
        stream = sys.stdin.buffer
        while (data := _receive_bytes(stream)) is not None:
            inbox.put(data)
        os._exit(0)  # nothing of a task left to keep: its asker is gone

    threading.Thread(target=read, name="tasks", daemon=True).start()
    step_aside(nice)
    speaking = None
    while True:
        data = inbox.get()
        try:
            fn, args, parts, speech = pickle.loads(data)
            if speech != speaking:  # words made here (a replay's faults) as the asker speaks
                speaking = speech
                folder = Path(speech[1])
                i18n.locale_dir = lambda folder=folder: folder
                i18n.install(speech[0])
            sending = (lambda part: _send(out, ("part", part)),) if parts else ()
            message = ("done", fn(*args, *sending))
        except BaseException as e:  # sent to the asker, raised there
            message = ("error", _portable(e), traceback.format_exc())
        try:
            _send(out, message)
        except BrokenPipeError:
            return
        except Exception as e:  # an answer that cannot be pickled: said as the error it is
            failure = RuntimeError(f"the answer cannot be sent: {e}")
            _send(out, ("error", failure, traceback.format_exc()))


in_worker = False  # True in a worker process (i18n says nothing there: its asker has)


def _command(nice: int | None) -> list[str]:
    """How a worker process starts: the bundle's executable with WORKER_ARGUMENT, else this
    Python without the site module (-S: no site-packages scan and .pth files, some 4 MB and
    20 ms a process here) on this process's module path, so it finds what the asker finds.
    It loads this module and the standard library's few it needs, then only what its tasks
    import: about 8 MB at rest, where a multiprocessing child started with the program's
    main script and site took 21 (docs/DESIGN.md, "Worker processes")."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_ARGUMENT, repr(nice)]
    package = __name__.rpartition(".")[0]
    code = (
        f"import sys; sys.path[:0] = {[p for p in sys.path if p]!r}; "
        f"from {package}.worker import serve; serve({nice!r})"
    )
    import subprocess

    return [sys.executable, *subprocess._args_from_interpreter_flags(), "-S", "-c", code]


def serve_from_arguments(argv: list[str]) -> None:
    """The bundle's entry, given the arguments after WORKER_ARGUMENT."""
    import ast

    serve(ast.literal_eval(argv[0]) if argv else 0)


class _Pipe:
    """The asker's end of a worker's input: whole messages, one writer at a time (the
    worker's lock is held)."""

    def __init__(self, stream) -> None:
        self.stream = stream

    def send(self, message: Any) -> None:
        _send(self.stream, message)


def _portable(e: BaseException) -> BaseException:
    """`e` if it survives the trip through a pipe, else a RuntimeError saying what it was."""
    import pickle

    try:
        pickle.loads(pickle.dumps(e))
        return e
    except Exception:
        return RuntimeError(f"{type(e).__name__}: {e}")


class Worker:
    """The worker process and its queue of tasks. Thread-safe: any thread may submit."""

    def __init__(
        self,
        name: str = "pixel-mines-worker",
        *,
        nice: int | None = 0,
        linger: float | None = None,
    ) -> None:
        """`nice`: how far below the loop the process runs, in the batch class (`step_aside`;
        None: only on a core nothing else wants). `linger`: the seconds a process with
        nothing to do is kept (None: until `close`); the next task starts a new one."""
        self.name = name
        self.nice = nice
        self.linger = linger
        self._idle: threading.Timer | None = None
        self.lingered = 0  # processes ended for having nothing to do
        self._lock = threading.Lock()
        self._queue: deque[Task] = deque()
        self._current: Task | None = None
        self._process = None
        self._conn = None
        self.starts = 0  # processes started (a cancel ends one)
        # The exit codes of the processes this worker's reading threads reaped, by pid: only
        # that thread reaps a process (two waiters on one child race, and the loser reads no
        # exit code), so whoever wants to know how one ended asks `exit_code`.
        self._reaped: dict[int, int | None] = {}
        self._reaping = threading.Condition()

    @property
    def pid(self) -> int | None:
        process = self._process
        return None if process is None else process.pid

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._current is not None or bool(self._queue)

    def exit_code(self, pid: int, timeout: float | None = None) -> int | None:
        """How the process `pid` of this worker ended, once its reading thread has reaped it
        (a negative number: the signal that ended it); None if `timeout` ran out first."""
        with self._reaping:
            self._reaping.wait_for(lambda: pid in self._reaped, timeout)
            return self._reaped.get(pid)

    def start(self) -> None:
        """Start the process now if it is not running (ahead of need): the new Python starts
        on its own core; here it costs a fork and an exec, some 3 ms, most of it waiting."""
        with self._lock:
            self._ensure_process()

    def start_soon(self) -> None:
        """`start` on a thread of its own, when the process is not running: no frame waits
        for the exec."""
        if self._process is None:
            threading.Thread(target=self.start, name=f"{self.name}-start", daemon=True).start()

    def submit(self, fn: Callable, *args, on_part: Callable[[Any], None] | None = None) -> Task:
        """Queue `fn(*args)` for the worker; with `on_part`, fn gets one more argument, a
        function that sends a part of the answer (plain data) back while it works."""
        task = Task(fn, args, on_part)
        with self._lock:
            self._queue.append(task)
            self._next()
        return task

    def call(self, fn: Callable, *args) -> Any:
        """`fn(*args)` in the worker; this thread waits (without the interpreter lock)."""
        return self.submit(fn, *args).wait()

    def cancel(self, task: Task) -> None:
        """Drop `task`: one still queued is never sent; the one under way ends with the
        process, and the next task gets a new process."""
        with self._lock:
            if task.done:
                return
            task.cancelled = True
            if task in self._queue:
                self._queue.remove(task)
            elif task is self._current:
                self._stop_process()
                self._current = None
                if self._queue:  # a new process for them, started off this (the loop's) thread
                    name = f"{self.name}-restart"
                    threading.Thread(target=self._resume, name=name, daemon=True).start()
            task._end()

    def _resume(self) -> None:
        with self._lock:
            self._next()

    def close(self) -> None:
        """End the process (queued tasks are dropped as cancelled)."""
        with self._lock:
            for task in [*self._queue, *([self._current] if self._current else [])]:
                task.cancelled = True
                task._end()
            self._queue.clear()
            self._current = None
            self._stop_process()

    # ---- with the lock held -----------------------------------------------------------------

    def _ensure_process(self) -> None:
        if self._process is not None:
            return
        import subprocess

        process = subprocess.Popen(
            _command(self.nice),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # no console (Windows)
        )
        self._process, self._conn = process, _Pipe(process.stdin)
        self.starts += 1
        reader = threading.Thread(
            target=self._read, args=(process,), name=f"{self.name}-reader", daemon=True
        )
        reader.start()
        self._rest()

    def _next(self) -> None:
        if self._current is not None:
            return
        if not self._queue:
            self._rest()
            return
        task = self._current = self._queue.popleft()
        speech = (i18n.language(), str(i18n.locale_dir()))  # as the asker speaks now
        message = (task.fn, task.args, task.on_part is not None, speech)
        try:
            for retry in (True, False):
                self._ensure_process()
                try:
                    self._conn.send(message)
                    return
                except OSError as e:  # the pipe: the process died before the task reached it
                    self._stop_process()  # (its reading thread has yet to see it); a new one
                    if not retry:
                        raise WorkerDied(f"no worker process takes {task.fn.__name__}") from e
        except BaseException as e:  # arguments that cannot be sent: the program's error
            self._current = None
            task._end(error=e)
            self._next()

    def _stop_process(self) -> None:
        """End the process; its reading thread sees its output close and reaps it."""
        process = self._process
        self._process = self._conn = None
        if process is not None:
            with contextlib.suppress(OSError):
                process.terminate()  # first: a closed input alone would end it with code 0
            with contextlib.suppress(OSError):
                process.stdin.close()

    def _rest(self) -> None:
        """With nothing to do: the process ends `linger` seconds from now unless a task comes
        (a timer's thread ends it; a task that comes first cancels the timer)."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self.linger is None or self._process is None or self._current or self._queue:
            return
        self._idle = threading.Timer(self.linger, self._end_if_idle, (self._process,))
        self._idle.daemon = True
        self._idle.start()

    def _end_if_idle(self, process) -> None:
        with self._lock:
            if self._process is process and self._current is None and not self._queue:
                self._stop_process()
                self.lingered += 1

    def _ended(self, process) -> None:
        """The process's output closed: it ended, on purpose (a cancel, a close, its time
        without work) or not (the task under way fails with WorkerDied, and the next task gets
        a new process)."""
        code = process.wait()
        with self._reaping:
            self._reaped[process.pid] = code
            self._reaping.notify_all()
        with contextlib.suppress(OSError):
            process.stdout.close()
        with self._lock:
            if self._process is not process:
                return
            with contextlib.suppress(OSError):
                process.stdin.close()
            self._process = self._conn = None
            task, self._current = self._current, None
            if task is not None:
                why = f"the worker process ended (exit code {code}) during {task.fn.__name__}"
                task._end(error=WorkerDied(why, code))
            self._next()

    # ---- the reading thread -----------------------------------------------------------------

    def _read(self, process) -> None:
        """Hand each message of this process to its task; a task's answer sends the next."""
        while True:
            try:
                data = _receive_bytes(process.stdout)
            except (OSError, ValueError):  # closed under the read
                data = None
            if data is None:
                self._ended(process)
                return
            with self._lock:
                if self._process is not process:
                    continue  # ended on purpose: read on to the pipe's close, then reap it
                task = self._current
            if task is None:  # pragma: no cover (the process speaks only when asked)
                continue
            message = pickle.loads(data)
            kind = message[0]
            if kind == "part":
                task.on_part(message[1])
                continue
            with self._lock:
                if self._process is not process or self._current is not task:
                    continue
                self._current = None
                if kind == "done":
                    task._end(answer=message[1])
                else:
                    error = message[1]
                    error.add_note(f"in the worker process:\n{message[2]}")
                    task._end(error=error)
                self._next()


MEASURES, ANALYSES, BOARDS = "measures", "analyses", "boards"
# How far below the loop each runs (`step_aside`, in the batch class): a notice, a row and a
# first click wait for the measures and the boards, so they get their fair share of a busy
# machine (a lost 200x200 game's measures in 40 s beside two busy programs, goal 60); an
# analysis is looked at later, and gives way (about a tenth of a core beside them).
NICE = {MEASURES: 0, BOARDS: 0, ANALYSES: 10}
# A process of the program's with nothing to do ends after this many seconds: none is held
# between games for long (a next game's end starts one again, in some 3 ms of this process).
LINGER_S = 30.0
# A board of at most this many cells (Expert has 480) has its game's analysis made by the
# measures' process after its measures: two processes' memory for work of a few hundred
# milliseconds is not worth it (benchmarks/bench_render.py `rss_expert_after_a_loss_mb`).
SHARED_UP_TO = 1024
_shared: dict[str, Worker] = {}
_shared_lock = threading.Lock()


def shared(role: str = MEASURES) -> Worker:
    """The program's worker for `role` (made, not started, on first use): one for a finished
    game's measures, one for analyses, so the measures (a notice waits for them, and a quit)
    never wait behind an analysis of seconds, and cancelling an analysis never ends them; one
    for laying big boards, so a new game's first click never waits behind the last game's
    measures or analysis (seconds on 200x200)."""
    with _shared_lock:
        worker = _shared.get(role)
        if worker is None:
            name = f"pixel-mines-{role}"
            worker = _shared[role] = Worker(name, nice=NICE[role], linger=LINGER_S)
            atexit.register(worker.close)
        return worker


def for_board(role: str, cells: int) -> Worker:
    """The worker for `role`'s work on a board of `cells` cells: a small board's analysis
    waits behind its measures in their process (SHARED_UP_TO)."""
    return shared(MEASURES if role == ANALYSES and cells <= SHARED_UP_TO else role)


def pids() -> list[int]:
    """The processes of the program's workers running now (a fuzzer kills them at random)."""
    with _shared_lock:
        workers = list(_shared.values())
    return [pid for pid in (worker.pid for worker in workers) if pid is not None]


def elsewhere(fn: Callable, *args) -> Any:
    """`fn(*args)` in the measures' worker process; the calling thread waits for it."""
    return shared(MEASURES).call(fn, *args)
