"""The measures of a game in the window: counted from the real loop's posted events, made off
the frame (on the writer's thread), shown in the result notice when they come ("..." until
then) and kept in the game's statistics row."""

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.stats import Stats
from tests.test_measures import LAYOUT


class HeldWriter:
    """The writer's thread, held: its jobs run when the test says (no timing in the test)."""

    def __init__(self):
        self.jobs = []

    def submit(self, job):
        self.jobs.append(job)

    def flush(self):
        while self.jobs:
            self.jobs.pop(0)()


def figures(d) -> dict:
    return dict(d.app.ctx.dialogs.dialog.table)


def play_with_wasted_clicks(d):
    """The 5x5 board of tests/test_measures.py by mouse: 5 clicks, 2 of them wasted."""
    d.click((0, 0))  # opens the opening: left, effective
    d.click((0, 0))  # open already: left, wasted
    d.click((2, 2), button=3)  # a right click on an open cell: right, wasted
    d.click((0, 3), button=3)  # a flag: right, effective
    d.click((1, 3), button=2)  # the middle button chords the rest open: chord, effective


@pytest.mark.concurrent
def test_a_window_game_counts_its_wasted_clicks_and_its_notice_shows_them_when_made(
    drive, tmp_path
):
    d = drive(layout=LAYOUT)
    writer = HeldWriter()
    stats = Stats(tmp_path / "stats.sqlite3")
    d.app.ctx.session.history = History(stats, replays=tmp_path, writer=writer)
    play_with_wasted_clicks(d)
    notice = d.app.ctx.dialogs.dialog
    assert notice.title == "You won!"
    shown = figures(d)
    assert shown["3BV"] == "4" and shown["Time"].endswith(" s")  # at once
    assert [shown[k] for k in ("Clicks", "IOE", "ZiNi", "Guesses", "NF")] == ["..."] * 5
    writer.flush()  # the writer's thread makes the measures and writes the row
    d.tick()
    assert d.app.ctx.dialogs.dialog is notice
    names = ("Clicks", "Effective", "IOE", "Throughput", "Correctness", "ZiNi", "Guesses", "NF")
    assert [figures(d)[k] for k in names] == [
        "5 (2 L, 2 R, 1 D)",  # the clicks as Metasweeper counts them
        "3 (1 L, 1 R, 1 D)",
        "0.800",
        "1.333",
        "0.600",
        "3",
        "0",
        "no",
    ]
    row = stats.conn.execute(
        "SELECT clicks_all, clicks_effective, clicks_wasted, ioe, zini,"
        " nf, guesses, measured, clicks_left, clicks_right, clicks_chord FROM games"
    ).fetchall()
    assert row == [(5, 3, 2, 0.8, 3, 0, 0, "all", 2, 2, 1)]


@pytest.mark.concurrent
def test_measures_made_late_come_to_the_notice_the_way_the_first_write_did(drive, tmp_path):
    """The finish's measures could not be made (their worker process died twice): the game is
    written without them and its notice says so ("-"); measured later from its replay, the
    row and the notice get them, through the same event (issue 38)."""
    from game.engine import Game
    from game.store.history import NotMeasured

    asked = []

    def measure(fn, *args):  # the first two tries die, the later one works
        asked.append(fn.__name__)
        if len(asked) <= 2:
            raise NotMeasured("the worker process ended (exit code -9)")
        return fn(*args)

    d = drive(layout=LAYOUT)
    writer = HeldWriter()
    stats = Stats(tmp_path / "stats.sqlite3")
    d.app.ctx.session.history = History(
        stats, tmp_path / "replays", tmp_path / "kept", writer=writer, measure=measure
    )  # a journal: the replay keeps the clicks
    d.app.games.play_game(Game.from_layout(LAYOUT))  # kept from its first move
    play_with_wasted_clicks(d)
    notice = d.app.ctx.dialogs.dialog
    writer.jobs.pop(0)()  # the finish: written unmeasured, its row measured later is asked
    d.tick()
    assert figures(d)["Clicks"] == "-" and writer.jobs
    writer.flush()  # measured from the replay, in "a new process"
    d.tick()
    assert d.app.ctx.dialogs.dialog is notice and figures(d)["Clicks"] == "5 (2 L, 2 R, 1 D)"
    assert asked[-1] == "measures_from_replay"
    [(measured,)] = stats.conn.execute("SELECT measured FROM games").fetchall()
    assert measured == "all"


def test_a_loss_has_a_notice_with_the_measures_of_what_was_solved(drive):
    d = drive(layout=LAYOUT)
    d.click((0, 0))
    d.click((0, 0))  # wasted
    d.click((0, 3))  # the mine
    notice = d.app.ctx.dialogs.dialog
    assert notice.title == "Boom!"
    shown = figures(d)  # without a writer the measures are made at once
    assert shown["3BV"] == "1/4"  # the opening was solved, the three numbers were not
    assert shown["Clicks"] == "3 (3 L, 0 R, 0 D)" and shown["IOE"] == f"{1 / 3:.3f}"
    # the opening alone was effective: a click on a mine is not, as ms-toollib counts
    assert shown["Effective"] == "1 (1 L, 0 R, 0 D)" and shown["Correctness"] == f"{1 / 3:.3f}"
    assert shown["3BV/s"] == "-"  # under a second: none, as the statistics
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None


def test_the_statistics_show_the_bests_nf_apart_and_each_best_times_measures(drive, tmp_path):
    from tests.store.test_stats_measures import bests_file

    d = drive(scale=1)  # Beginner at zoom 1: the best times list has no room for the measures
    d.app.ctx.session.history = History(bests_file(tmp_path))
    d.key(pygame.K_s, "s")
    dialog = d.app.ctx.dialogs.dialog
    texts = dialog.texts()
    assert "Best 3BV/s 4.00, NF 2.50" in texts and "Best IOE 0.900, NF 0.700" in texts
    assert "1: 3BV/s 4.00, IOE 0.900" in texts  # the picked one's, under the list
    d.key(pygame.K_DOWN)
    assert "2: 3BV/s 2.50, IOE 0.700" in d.app.ctx.dialogs.dialog.texts()
    wide = drive(BoardChoice.standard(Difficulty.EXPERT))  # room enough: in each row
    wide.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    wide.key(pygame.K_s, "s")
    wide.key(pygame.K_1, "1")  # the Beginner page
    rows = wide.app.ctx.dialogs.dialog.form.find("times").texts()
    assert rows[0].split() == ["1.", "5.000", "s", "4.00/s", "IOE", "0.900", "11-29"]


@pytest.mark.concurrent
def test_a_win_names_every_best_it_set_that_the_statistics_then_show(drive, tmp_path):
    """A clean win with no flag on a fresh file sets every best; the notice names each of
    them once the measures come (a play-test: it named the time and 3BV/s, not the IOE, and
    the statistics then showed IOE and NF bests from that game)."""
    d = drive(layout=LAYOUT)
    writer = HeldWriter()
    stats = Stats(tmp_path / "stats.sqlite3")
    d.app.ctx.session.history = History(stats, replays=tmp_path, writer=writer)
    d.click((0, 0))
    d.tick(3000)  # a few seconds: a 3BV/s
    for cell in [(0, 4), (1, 4), (2, 4)]:
        d.click(cell)
    notice = d.app.ctx.dialogs.dialog
    assert notice.title == "You won!"
    writer.flush()
    d.tick()
    s = stats.summary("custom")  # 5x5: a custom board (no best times)
    shown = {
        "best time": s.best_times,
        "best 3BV/s": s.best_rate,
        "best IOE": s.best_ioe,
        "best NF 3BV/s": s.nf_best_rate,
        "best NF IOE": s.nf_best_ioe,
    }
    set_by_it = [name for name, best in shown.items() if best]
    assert "best IOE" in set_by_it and "best NF IOE" in set_by_it
    said = [p for p in notice.paragraphs if p.startswith("New ")]
    assert said == [f"New {name}!" for name in set_by_it]
    from game.store.records import bests_set

    assert bests_set(d.app.ctx.session.finished.new) == set_by_it  # the terminal's list too
