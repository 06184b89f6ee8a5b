"""`History.finished(..., then=...)`: the store says when a finished game is on disk. `then` is
called once the replay and the statistics row are written (on the writer's thread; without a
writer before `finished` returns), `Finished.measured` turns True just before it, and measures
that could not be made at the end and are made later tell the same `Finished` again."""

import sqlite3
import threading

from game.engine import Game, Move, MoveKind
from game.engine.walk import move_events
from game.store.history import History, NotMeasured
from game.store.stats import Stats
from game.store.writer import Writer

OPEN = MoveKind.OPEN
# Five mines around (0, 1): (4, 4) opens every other safe cell; then (0, 1) wins, (0, 0) loses.
CORNER = ["*.*......", "***......"] + ["........."] * 7
GAME_ID = "20261206-010203-0123456789ab"


class HeldWriter:
    """The writer's thread, held: its jobs run when the test says."""

    def __init__(self):
        self.jobs = []

    def submit(self, job):
        self.jobs.append(job)

    def run_one(self):
        self.jobs.pop(0)()


def ended(last=(0, 1)) -> Game:
    """A game on CORNER played to its end: won by default, lost with `last=(0, 0)`."""
    game = Game.from_layout(CORNER)
    game.play(Move(OPEN, 4, 4))
    game.play(Move(OPEN, *last))
    assert game.state.is_over
    return game


def finish(history: History, game: Game, then) -> object:
    events = move_events(game.moves)
    return history.finished(game, 4_000, "text", game_id=GAME_ID, events=events, then=then)


def measured_column(folder) -> list:
    with sqlite3.connect(folder / "stats.sqlite3") as db:
        return [
            m for (m,) in db.execute("SELECT measured FROM games WHERE game_id = ?", (GAME_ID,))
        ]


def on_disk(folder, **kw) -> History:
    return History(Stats(folder / "stats.sqlite3"), folder / "replays", **kw)


def test_without_a_writer_then_comes_before_finished_returns_with_the_files_written(tmp_path):
    calls = []

    def then(done):
        assert done.measured and done.measures is not None
        assert done.replay.exists()  # the replay and the row are there already
        assert measured_column(tmp_path) == [done.record.measured] != [None]
        calls.append(done)

    done = finish(on_disk(tmp_path), ended(), then)
    assert calls == [done]  # once, before `finished` returned


def test_with_a_writer_then_comes_on_its_thread_once_the_replay_and_the_row_are_written(tmp_path):
    calls = []

    def then(done):
        assert threading.current_thread().name == "store-writer"
        assert done.measured and done.replay.exists()
        assert measured_column(tmp_path) == [done.record.measured] != [None]
        calls.append(done)

    writer = Writer()
    history = on_disk(tmp_path, writer=writer)
    done = finish(history, ended((0, 0)), then)
    history.flush()
    assert calls == [done]
    finish(history, ended((0, 0)), then)  # the same game recorded again: told again
    history.flush()
    assert len(calls) == 2 and len(measured_column(tmp_path)) == 1
    writer.close()


def test_measured_turns_true_only_once_the_files_are_written(tmp_path):
    writer = HeldWriter()
    done = finish(on_disk(tmp_path, writer=writer), ended(), None)
    assert not done.measured and not done.replay.exists()  # a reader that polls waits
    writer.run_one()
    assert done.measured and done.replay.exists()
    assert measured_column(tmp_path) == [done.record.measured] != [None]


def test_measures_made_late_update_the_finish_and_call_then_again(tmp_path):
    asked = []

    def measure(fn, *args):  # its process dies under the end's two tries, then works
        asked.append(fn.__name__)
        if len(asked) <= 2:
            raise NotMeasured("the worker process ended (exit code -9)")
        return fn(*args)

    calls = []

    def then(done):
        calls.append((done.measures, done.record.measured, done.new.nf_best_rate))
        assert done.replay.exists() and measured_column(tmp_path) == [done.record.measured]

    writer = HeldWriter()
    history = on_disk(tmp_path, writer=writer, measure=measure)
    done = finish(history, ended(), then)
    writer.run_one()  # the end: measures given up, the replay and the row written all the same
    assert calls == [(None, None, False)] and done.measured
    assert len(writer.jobs) == 1  # the row, measured again at once in a new process
    writer.run_one()
    assert asked == ["measures_of", "measures_of", "measures_from_replay"]
    assert len(calls) == 2 and calls[1][0] is done.measures is not None
    assert calls[1][1] == done.record.measured == "no clicks"  # (a replay of moves only)
    assert done.record.nf is True
    assert calls[1][2]  # the first win without flags of its kind: the best NF 3BV/s, known now
    assert not writer.jobs  # nothing left to measure
