"""The end of a game and its analysis leave the loop's process (game/worker.py): the guesses
of the result notice and the analysis are worked out in the worker, equal to what is worked
out here; a cancelled analysis ends the worker's process; an error there is raised on the
loop's thread, as any chore's."""

import os
import time

import pytest

import game.engine.game_analysis as game_analysis
import game.engine.game_measures as game_measures
import game.videos.files as video_files
from game import worker as workers
from game.analysis_text import summary
from game.engine.game_analysis import analyse_game
from game.engine.game_measures import measures_of
from game.engine.walk import move_events
from game.measure import measure_elsewhere
from game.store.history import History
from game.store.stats import Stats
from game.ui.analyses import Analyses
from game.ui.chores import Chores
from tests.engine.test_game_analysis import TWO_SIDES
from tests.test_worker import long_game
from tests.ui.test_result_measures import HeldWriter

pytestmark = pytest.mark.concurrent  # the worker's processes and the chores' threads


@pytest.fixture
def worker():
    made = workers.Worker()
    yield made
    made.close()


def not_here(*args, **kwargs):
    raise AssertionError("worked out in the loop's process")


def test_a_losses_guesses_and_analysis_are_worked_out_in_the_worker(
    drive, tmp_path, worker, monkeypatch
):
    d = drive(layout=TWO_SIDES)
    aids = d.app.ctx.aids
    aids.chores = Chores()  # threaded, as in the window
    aids.analyses = Analyses(aids.chores, worker)
    writer = HeldWriter()  # its jobs run when the test says
    history = History(
        Stats(tmp_path / "stats.sqlite3"),
        replays=tmp_path,
        writer=writer,
        measure=measure_elsewhere,
    )
    d.app.ctx.session.history = history
    d.click((0, 2))  # the opening: (0, 0) or (1, 0) is a mine, as good as a coin says
    d.click((0, 0))  # a guess, lost
    game = d.app.play.game
    assert game.state.is_over
    layout, events = game.layout(), move_events(game.moves)
    expected = analyse_game(layout, events)
    measures = measures_of(layout, events, d.app.ctx.session.finished.record.time_ms)
    assert expected.guesses and measures.guesses  # so the notice has something to show
    monkeypatch.setattr(game_analysis.Analyser, "step", not_here)
    monkeypatch.setattr(game_measures, "analyse", not_here)  # the solver, for the guesses
    notice = d.app.ctx.dialogs.dialog
    assert dict(notice.table)["Guesses"] == "..."  # at once, with what is known
    writer.flush()  # the writer's job: it waits for the worker's measures
    aids.analyses.wait()
    d.tick()
    assert dict(notice.table)["Guesses"] == str(measures.guesses)
    line = summary(expected, 5)
    assert notice.live_text == line[0].upper() + line[1:] + "."
    assert aids.analyses.done[d.app.ctx.session.game_id].report == expected
    assert os.getpid() not in (worker.pid, workers.shared(workers.MEASURES).pid, None)


def a_part_then_nothing(layout, events, send):
    """In the worker process: an analysis that sends a part and then never ends by itself, so
    only the cancel can end it. The real one of `long_game` now takes about 60 ms, its first
    part 30 ms before its end: the task could finish between the test seeing the part and
    its cancel, and then no process was ended (it failed so once in a full run)."""
    send((0.01, []))
    time.sleep(120)


def test_a_cancelled_analysis_ends_the_worker_process_and_keeps_nothing(worker, monkeypatch):
    monkeypatch.setattr(game_analysis, "analyse_in_parts", a_part_then_nothing)
    chores = Chores()
    analyses = Analyses(chores, worker)
    game = long_game()
    analyses.ask("long", lambda: game)
    job = analyses.job
    while not job.progress:  # until a part is back: the analysis is under way
        assert not (job.tasks and job.tasks[0].done), job.tasks[0].wait()
        time.sleep(0.02)
    process = worker._process
    analyses.cancel("long")
    # the worker's reading thread reaps it (a second waiter here would race it for the code)
    assert worker.exit_code(process.pid, timeout=30) is not None
    chores.wait()
    assert analyses.job is None and "long" not in analyses.done and not chores.working


def test_an_error_in_the_worker_is_raised_on_the_loop_thread(worker):
    chores = Chores()
    analyses = Analyses(chores, worker)
    layout, events = long_game()
    analyses.ask("other board", lambda: (["." * 30] * 30, events))  # its opening changes nothing
    with pytest.raises(ValueError, match="changes nothing") as raised:
        chores.wait()
    assert "in the worker process" in raised.value.__notes__[0]


def test_a_replay_to_analyse_is_read_in_the_worker(drive, tmp_path, worker, monkeypatch):
    """Reading a replay plays its game again to check it (some 60 ms on a 200x200 game): on
    the chore's thread that held the interpreter lock against the frame that opened the room
    (51 ms by the wall, 8 of them the frame's own work)."""
    from game.engine import Game, Move, MoveKind
    from game.store import replays
    from game.ui.dialogs import Analyse

    layout = ["*" + "." * 8, *["." * 9] * 6, "." * 7 + "*.", "." * 8 + "*"]
    played = Game.from_layout(layout)
    for cell in [(4, 4), (8, 7)]:  # the opening, then a guess that loses
        played.play(Move(MoveKind.OPEN, *cell))
    path = replays.save_replay(
        replays.replay_of(
            played, elapsed_ms=5_000, source="window", game_id="20261201-120000-0123456789ab"
        ),
        tmp_path,
    )
    d = drive(layout=layout)
    aids = d.app.ctx.aids
    aids.chores = Chores()  # threaded, as in the window
    aids.analyses = Analyses(aids.chores, worker)
    # not in this process (the videos' reader holds its own name for it: loaded here first,
    # it would keep this stand-in for the tests after this one)
    monkeypatch.setattr(replays, "load_replay", not_here)
    monkeypatch.setattr(video_files, "load_replay", not_here)
    d.app.games.analyse(Analyse(str(path)))
    aids.analyses.wait()
    d.tick()
    assert not aids.analyses.errors
    (report,) = [kept.report for kept in aids.analyses.done.values()]
    assert report == analyse_game(layout, move_events(played.moves))


def test_an_analysis_has_its_positions_made_and_played_to_its_first_guess_in_the_worker(
    worker, monkeypatch
):
    """Playing a 200x200 game on to its first guess is some 8 ms of Python: on the job's
    thread it held the interpreter lock beside the loop's frames."""
    from game.engine.walk import Positions

    monkeypatch.setattr(Positions, "show", not_here)
    monkeypatch.setattr(Positions, "__init__", not_here)
    chores = Chores()
    analyses = Analyses(chores, worker)
    layout, events = long_game()
    analyses.ask("long", lambda: (layout, events))
    analyses.wait()
    done = analyses.done["long"]
    assert done.positions.index == done.report.first_of_note() > 0
    assert done.report == analyse_game(layout, events)
