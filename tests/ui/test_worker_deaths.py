"""A worker process that dies (the out-of-memory killer, a signal, a crash in a library) under
a finished game's measures, its analysis or a board's laying: the window goes on, the game is
recorded all the same (its statistics row and replay), and what the worker could not make is
made later, in a new process, or at the next start (issue 37, cases 1 and 2).

The deaths are real: the task sent to the worker kills its own process with SIGKILL, as
`kill -9` from outside would, while the task is under way."""

import os
import signal
import sqlite3
import tempfile
import zlib
from pathlib import Path

import pytest

import game.engine.game_analysis as game_analysis
import game.engine.game_measures as game_measures
from game import worker as workers
from game.engine import GameState
from game.engine.boards import BoardChoice
from game.engine.game_measures import measures_of as real_measures_of
from game.measure import measure_elsewhere
from game.store.history import History
from game.store.stats import Stats
from game.store.writer import Writer
from game.ui import analyses as analyses_module
from game.ui.analyses import Analyses
from game.ui.chores import Chores
from game.ui.scenes import laying as laying_module
from tests.ui.test_result_measures import HeldWriter

pytestmark = [pytest.mark.concurrent, pytest.mark.skipif(os.name != "posix", reason="SIGKILL")]


def die(*args):
    """A task that is killed under way: `kill -9` of the worker process, by itself."""
    os.kill(os.getpid(), signal.SIGKILL)


def once_flag(layout) -> Path:
    """Where `die_once` notes that it died (the worker is another process: a file tells)."""
    return Path(tempfile.gettempdir()) / f"pixel-mines-die-once-{zlib.crc32(repr(layout).encode())}"


def die_once(layout, events, elapsed_ms):
    """The measures, killed the first time they are asked for this layout only."""
    flag = once_flag(layout)
    if not flag.exists():
        flag.touch()
        die()
    return real_measures_of(layout, events, elapsed_ms)


def rows(path) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT game_id, won, measured, clicks_all, replay FROM games").fetchall()


# A Beginner-sized board (a replay's smallest is 5x5): an opening at (4, 4), a loss at (0, 0).
LAYOUT = ["*" + "." * 8, *["." * 9] * 6, "." * 7 + "*.", "." * 8 + "*"]
OPENING, MINE = (4, 4), (0, 0)


def lose(d):
    d.click(OPENING)
    d.click(MINE)
    assert d.app.play.game.state is GameState.LOST


def on_disk(drive, tmp_path, analyses_worker):
    """A window on LAYOUT whose slow work runs as in the game (threads, the worker processes)
    and whose statistics, replays and kept games are on disk; its writer and statistics."""
    d = drive(layout=LAYOUT)
    aids = d.app.ctx.aids
    aids.chores = Chores()  # threaded, as in the window
    aids.analyses = Analyses(aids.chores, analyses_worker)
    stats_path = tmp_path / "stats.sqlite3"
    writer = Writer()
    history = History(
        Stats(stats_path),
        tmp_path / "replays",
        tmp_path / "kept",
        writer=writer,
        measure=measure_elsewhere,
    )
    d.app.ctx.session.history = history
    return d, writer, stats_path


@pytest.fixture
def analyses_worker():
    made = workers.Worker()
    yield made
    made.close()


def test_a_loss_whose_workers_are_killed_shows_its_notice_and_keeps_the_game(
    drive, tmp_path, analyses_worker, monkeypatch
):
    d, writer, stats_path = on_disk(drive, tmp_path, analyses_worker)
    aids = d.app.ctx.aids
    # both tasks die under way: the measures (the writer's job waits for them) and the analysis
    monkeypatch.setattr(game_measures, "measures_of", die)
    monkeypatch.setattr(game_analysis, "analyse_in_parts", die)
    lose(d)
    game_id = d.app.ctx.session.game_id
    writer.flush()  # raised here if the job had failed
    aids.analyses.wait()  # and here, on the loop's thread, for the analysis
    for _ in range(3):
        d.tick()  # the loop takes what came back: nothing is raised
    notice = d.app.ctx.dialogs.dialog
    assert notice is not None
    assert "No analysis: it was stopped before it finished; press Analyse" in notice.live_text
    # the measures made late, from the replay, come to the notice the way the first write did
    assert dict(notice.table)["Clicks"] not in ("...", "-")
    # the game is recorded, its replay written, and measured after all: in a new worker
    # process (here, the patched measures_of would have killed this very process)
    [(row_id, won, measured, clicks, replay)] = rows(stats_path)
    assert (row_id, won, measured) == (game_id, 0, "all") and clicks >= 2
    assert replay is not None and os.path.exists(replay)
    d.app.ctx.session.keep()  # the quit: a finished game's journal goes, after its writes
    writer.flush()
    assert not list((tmp_path / "kept").glob("*.jsonl")) and len(rows(stats_path)) == 1
    monkeypatch.undo()
    aids.analyses.ask(game_id, aids.analyses.last[2])  # asked again: it is worked out
    aids.analyses.wait()
    assert game_id in aids.analyses.done
    writer.close()


def test_measures_a_killed_worker_could_not_make_are_made_at_the_next_start(tmp_path, monkeypatch):
    from game.engine import Game, Move, MoveKind

    stats_path, replays, kept = tmp_path / "stats.sqlite3", tmp_path / "replays", tmp_path / "kept"
    first = History(
        Stats(stats_path), replays, kept, writer=HeldWriter(), measure=measure_elsewhere
    )
    game = Game.from_layout(LAYOUT)
    game.play(Move(MoveKind.OPEN, *OPENING))
    game.play(Move(MoveKind.OPEN, *MINE))
    monkeypatch.setattr(game_measures, "measures_of", die)
    first.finished(game, 4_000, "window", game_id="20261206-010203-0123456789ab")
    first.writer.jobs.pop(0)()  # the write; the program then ends before measuring again
    assert first.writer.jobs  # (it would have: once more, in a new process)
    [(_, _, measured, clicks, replay)] = rows(stats_path)
    assert measured is None and clicks is None and os.path.exists(replay)
    monkeypatch.undo()
    again = History(
        Stats(stats_path), replays, kept, writer=HeldWriter(), measure=measure_elsewhere
    )
    again.tidy()  # the next start
    again.writer.flush()
    [(_, _, measured, clicks, _)] = rows(stats_path)
    assert measured in ("all", "no clicks")  # from the replay written at the game's end


def test_a_big_boards_first_click_is_laid_when_its_worker_is_killed(drive, monkeypatch):
    d = drive(BoardChoice(64, 64, 400), scale=1)
    d.app.ctx.aids.chores = Chores()  # threaded: the board is laid in the worker process
    monkeypatch.setattr(laying_module, "lay_for", die)
    d.click((30, 30))
    chores = d.app.ctx.aids.chores
    chores.wait(timeout=60)
    for _ in range(3):
        d.tick()
    game = d.app.play.game
    assert game.state is GameState.PLAYING and game.is_laid
    assert game.cell(30, 30) not in ("#",)  # the click was played on the laid board


def test_the_words_for_a_killed_analysis_name_the_button_that_tries_again():
    died = workers.WorkerDied("the worker process ended (exit code -9) during x", -9)
    words = analyses_module.died(died)
    assert "press Analyse to try again" in words and "-9" not in words


def test_a_worker_death_pickles_with_its_exit_code():
    import pickle

    back = pickle.loads(pickle.dumps(workers.WorkerDied("ended", -9)))
    assert back.exit_code == -9 and str(back) == "ended"


def test_measures_killed_once_are_made_again_at_once_and_the_notice_shows_them(
    drive, tmp_path, analyses_worker, monkeypatch
):
    once_flag(LAYOUT).unlink(missing_ok=True)
    d, writer, stats_path = on_disk(drive, tmp_path, analyses_worker)
    aids = d.app.ctx.aids
    monkeypatch.setattr(game_measures, "measures_of", die_once)
    try:
        lose(d)
        writer.flush()
        aids.analyses.wait()
        for _ in range(3):
            d.tick()
        assert once_flag(LAYOUT).exists()  # it was killed once
        notice = d.app.ctx.dialogs.dialog
        assert dict(notice.table)["Clicks"] not in ("...", "-")  # the figures, after all
        [(_, _, measured, _, _)] = rows(stats_path)
        assert measured == "all"
    finally:
        once_flag(LAYOUT).unlink(missing_ok=True)
        writer.close()


def test_a_video_whose_reading_process_is_killed_gets_a_line_and_no_traceback(monkeypatch):
    """The Videos room, Statistics or --replay ask a worker to read a file; killed under it,
    the player is told the file could not be read, to try again (the fuzz saw a traceback)."""
    from types import SimpleNamespace

    from game import worker as workers
    from game.ui.scenes.video import read_file
    from game.videos import files
    from game.videos.model import VideoError

    monkeypatch.setattr(files, "load_for_watching", die)
    reader = workers.Worker("pixel-mines-test-reader")
    try:
        got = read_file(SimpleNamespace(threaded=True, worker=reader), "/some/video.evf")
    finally:
        reader.close()
    assert isinstance(got, VideoError)
    assert "/some/video.evf could not be read" in str(got) and "try again" in str(got)
