"""The community's measures in the window, through the real loop: a won game paused says so in
its notice, and its best time is marked as paused in the statistics; the statistics show each
best time's clicks (left, right, double, effective, throughput, correctness); the Custom page
shows the best times of the size last played and turns to the other sizes."""

import dataclasses

import pygame

from game.engine import Game
from game.store.history import History
from game.store.stats import Stats
from tests.store.test_stats import record
from tests.store.test_stats_community_store import COUNTERS, measures, sizes_file
from tests.test_measures import LAYOUT
from tests.ui.test_result_measures import HeldWriter


def texts(d) -> list[str]:
    return d.app.ctx.dialogs.dialog.texts()


def open_page(d, page: str) -> None:
    d.key(pygame.K_s, "s")
    d.key(getattr(pygame, f"K_{page}"), page)


def test_a_win_paused_once_says_so_and_its_best_time_is_marked_paused(drive, tmp_path):
    d = drive(layout=LAYOUT)
    writer = HeldWriter()
    stats = Stats(tmp_path / "stats.sqlite3")
    d.app.ctx.session.history = History(
        stats, tmp_path / "replays", tmp_path / "kept", writer=writer
    )
    d.app.games.play_game(Game.from_layout(LAYOUT))  # journaled from its first move
    d.click((0, 0))
    d.key(pygame.K_F3)  # paused, then played on
    d.tick(500)
    d.key(pygame.K_F3)
    for cell in [(0, 4), (1, 4), (2, 4)]:
        d.click(cell)
    notice = d.app.ctx.dialogs.dialog
    assert notice.title == "You won!" and not any("paused" in p for p in notice.paragraphs)
    writer.flush()  # measured: the pause is known now
    d.tick()
    assert "The clock was paused 1 time." in notice.paragraphs
    assert "New best time!" in notice.paragraphs  # it counts all the same
    assert stats.conn.execute("SELECT pauses FROM games").fetchone() == (1,)
    d.key(pygame.K_ESCAPE)
    open_page(d, "4")  # Custom: the 5x5 board just played
    assert "Best times of 5x5, 3 mines:" in texts(d)
    (row,) = d.app.ctx.dialogs.dialog.form.find("times").texts()
    time_ms = stats.conn.execute("SELECT time_ms FROM games").fetchone()[0]
    assert row.split()[:3] == ["1.", f"{time_ms / 1000:.3f}", "s"]
    assert row.split()[-1] == "paused"


def test_a_best_times_clicks_show_under_the_list_as_the_community_counts_them(drive, tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record(time_ms=10_000).measured_as(measures(counters=COUNTERS)))
    stats.record(record(time_ms=12_000))  # not measured: its clicks are not shown
    d = drive()
    d.app.ctx.session.history = History(stats)
    open_page(d, "1")
    said = "1: clicks 30 (20 L, 6 R, 4 D), effective 24, throughput 0.833, correctness 0.800"
    assert said in texts(d)
    d.key(pygame.K_DOWN)
    said = "2: clicks -, effective -, throughput -, correctness -"
    assert said in texts(d)


def test_the_custom_page_shows_the_size_last_played_and_turns_to_the_others(drive, tmp_path):
    d = drive()
    d.app.ctx.session.history = History(sizes_file(tmp_path))
    open_page(d, "4")
    dialog = d.app.ctx.dialogs.dialog
    assert "Best times of 12x10, 20 mines:" in texts(d)  # the size last won, played last
    times = dialog.form.find("times").texts()
    assert [t.split()[1] for t in times] == ["9.000"]
    d.key(pygame.K_PAGEDOWN)
    assert "Best times of 20x20, 50 mines:" in texts(d)
    times = dialog.form.find("times").texts()
    assert [t.split()[1] for t in times] == ["25.000", "30.000"]
    assert times[0].split()[-1] == "paused" and "paused" not in times[1]
    d.press("size")  # the Next size button
    assert "Best times of 12x10, 20 mines:" in texts(d)  # round to the first
    d.key(pygame.K_PAGEUP)
    assert "Best times of 20x20, 50 mines:" in texts(d)
    d.key(pygame.K_LEFT)  # the Intermediate page: no size there
    assert not any(t.startswith("Best times of") for t in texts(d))


def test_a_custom_size_not_won_says_so_and_the_daily_best_time_says_it_was_paused(drive, tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(dataclasses.replace(record(kind="custom"), rows=8, cols=8, mines=10))
    lost = dataclasses.replace(record(kind="custom", won=False), rows=7, cols=8)
    stats.record(dataclasses.replace(lost, mines=10))  # played last
    day = dataclasses.replace(record(kind="expert", time_ms=40_000), daily="2026-11-29")
    stats.record(dataclasses.replace(day, pauses=2))
    d = drive()
    d.app.ctx.session.history = History(stats)
    open_page(d, "4")
    assert "Best times of 8x7, 10 mines:" in texts(d)
    assert "No best time of this size yet." in texts(d)
    d.key(pygame.K_PAGEDOWN)  # the one size with a best time
    assert "Best times of 8x8, 10 mines:" in texts(d)
    d.key(pygame.K_5, "5")
    assert any("40.000 s, paused" in t for t in texts(d))
