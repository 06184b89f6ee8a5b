"""Work whose cost grows with the board leaves the loop thread: a big board's first click (its
mines, 3BV and flood fill), a theme switch's files. Chores run on their threads here, as in the
game; each test records which thread did the work."""

import random
import threading
import time

import pygame
import pytest

from game import worker as workers
from game.engine import GameState, fill, measures
from game.engine.boards import BoardChoice
from game.engine.game import Game, lay_for
from game.measure import measure_elsewhere
from game.session import ManualClock
from game.store.history import History
from game.store.settings import Settings
from game.store.stats import Stats
from game.ui.analyses import Analyses
from game.ui.assist import Assistant, RunAtOnce
from game.ui.chores import Chores
from game.ui.dialogs import NoticeDialog
from game.ui.render import Renderer
from game.ui.window import App

from .conftest import Driver


def record_threads(monkeypatch, owner, name, gate=None):
    """Which threads call `owner.name`; with `gate`, each call waits for it first."""
    real, seen = getattr(owner, name), []

    def recorded(*args, **kwargs):
        seen.append(threading.current_thread())
        if gate is not None:
            assert gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, recorded)
    return seen


@pytest.mark.concurrent
def test_a_first_click_on_a_200x200_board_lays_no_mines_on_the_loop_thread(drive, monkeypatch):
    d = drive(BoardChoice(200, 200, 2000), scale=1)
    chores = d.app.ctx.aids.chores = Chores()
    gate = threading.Event()
    asked = record_threads(monkeypatch, workers.Worker, "call", gate)
    here = [
        record_threads(monkeypatch, owner, name)
        for owner, name in ((Game, "_lay_mines"), (measures, "openings"), (fill, "flood_open"))
    ]
    cell = (d.app.play.view.top + 3, d.app.play.view.left + 3)
    d.click(cell)
    assert d.app.play.game.state is GameState.READY  # the board is being laid...
    assert d.app.play.pressed_cells() == {cell}  # ...and the cell shows pressed meanwhile
    assert d.app.ctx.drawn.pressed == {cell}
    gate.set()
    chores.running[0].thread.join(60)
    d.tick()  # the answer comes back on the loop thread: the move is played
    assert d.app.play.game.state is GameState.PLAYING
    assert d.app.play.game.cell(*cell) == "."  # an opening, as the first click's safe zone
    # the laying, the 3BV and the fill were asked of the worker process by the chore's
    # thread; none of them ran in this process, on any thread
    assert asked and threading.main_thread() not in asked
    assert here == [[], [], []]


def test_a_board_laid_in_the_worker_plays_as_one_laid_here():
    for seed in range(3):
        here, there = Game(60, 70, 400, seed=seed), Game(60, 70, 400, seed=seed)
        for g in (here, there):
            g.toggle_flag(5, 5)  # a flag before the first click stops the opening there too
        assert there.take_laid(lay_for(*there.laying_args(30, 35)))
        assert here.reveal(30, 35) == there.reveal(30, 35)
        assert here.view() == there.view() and here.layout() == there.layout()
        assert (here.bbbv, here.safe_opened, here.first_click) == (
            there.bbbv,
            there.safe_opened,
            there.first_click,
        )


def test_a_board_laid_before_has_its_first_opening_worked_out_in_the_worker():
    layout = layout_with_a_big_opening()
    here, there = Game.from_layout(layout), Game.from_layout(layout)
    laid = lay_for(*there.laying_args(20, 30))
    assert not Game.from_layout(layout[::-1]).take_laid(laid)  # another board's
    assert there.take_laid(laid)
    assert there._prepared is not None  # the fill is done: the move only copies it in
    assert here.reveal(20, 30) == there.reveal(20, 30) and here.view() == there.view()


def test_a_board_laid_elsewhere_is_not_taken_by_a_game_changed_meanwhile():
    g = Game(60, 70, 400, seed=1)
    laid = lay_for(*g.laying_args(30, 35))
    g.toggle_flag(0, 0)
    assert not g.take_laid(laid) and not g.is_laid
    g.reveal(30, 35)  # the move lays the board itself
    assert g.state is GameState.PLAYING


def test_the_move_after_laying_opens_what_a_plain_first_click_opens():
    for seed in range(5):
        plain, laid = Game(60, 70, 400, seed=seed), Game(60, 70, 400, seed=seed)
        assert laid.lay(30, 35)
        assert laid.reveal(30, 35) == plain.reveal(30, 35)
        assert laid.view() == plain.view() and laid.safe_opened == plain.safe_opened


def test_a_flag_placed_while_laying_is_kept_by_the_first_opening():
    plain, laid = Game(60, 70, 400, seed=3), Game(60, 70, 400, seed=3)
    assert laid.lay(30, 35)
    plain.reveal(30, 35)
    region = [
        (r, c)
        for r in range(60)
        for c in range(70)
        if plain.cell(r, c) == "." and (r, c) != (30, 35)
    ]
    laid.toggle_flag(*region[0])  # the prepared opening is for a board without it
    laid.reveal(30, 35)
    assert laid.cell(*region[0]) == "F"


@pytest.mark.concurrent
def test_a_theme_switch_reads_no_files_on_the_loop_thread(drive, monkeypatch):
    d = drive(settings=Settings(motion=False, volume="low"))
    for _ in range(3):
        d.tick()  # the audio device opens and the first theme's sounds load
    assert d.app.ctx.aids.sounds.device
    chores = d.app.ctx.aids.chores = Chores()
    gate = threading.Event()
    sounds = record_threads(monkeypatch, pygame.mixer, "Sound", gate)
    images = record_threads(monkeypatch, pygame.image, "load")
    other = next(k for k in d.app.ctx.aids.themes.names() if k != d.app.ctx.frame.theme.key)
    d.app.options.set_theme(other)
    d.tick()
    assert d.app.ctx.frame.theme.key != other  # being made ready; the old one draws meanwhile
    gate.set()
    chores.running[0].thread.join(10)
    d.tick()
    d.tick()
    assert d.app.ctx.frame.theme.key == other
    assert d.app.ctx.aids.sounds.sounds  # its sounds, loaded ahead
    main = threading.main_thread()
    assert sounds and main not in sounds + images


def layout_with_a_big_opening(rows=40, cols=60):
    """A board whose middle is free of mines, with mines round its edges and a few inside."""
    rng = random.Random(5)
    return [
        "".join(
            "*"
            if (r in (0, rows - 1) or c in (0, cols - 1) or r == rows // 4) and rng.random() < 0.5
            else "."
            for c in range(cols)
        )
        for r in range(rows)
    ]


def settle(d, most=200):
    """Frames until the tiles have turned over and no chore runs. A chore on a real thread
    (the kept game read at start) takes real time, however fast the frames tick: while one
    runs, each frame waits a millisecond, up to ten seconds in all."""
    waited = 0
    for _ in range(most + 10_000):
        working = d.app.ctx.aids.chores.working
        if not d.app.ctx.drawn.animation and not working:
            return
        if working:
            time.sleep(0.001)
            waited += 1
        elif waited >= most:
            break
        d.tick()
    raise AssertionError("still turning over")


def canvas_bytes(d):
    return pygame.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB")


def drawn_afresh(d):
    """The canvas as a full redraw makes it now."""
    d.app.ctx.drawn.invalidate()
    d.tick()
    return canvas_bytes(d)


def a_mine_in_view(d, layout):
    lay, play = d.app.ctx.frame.layout, d.app.play
    return next(
        (r, c)
        for r in range(play.view.top, play.view.top + lay.view_rows)
        for c in range(play.view.left, play.view.left + lay.view_cols)
        if layout[r][c] == "*"
    )


@pytest.mark.concurrent
def test_the_board_after_a_first_click_cascade_is_the_board_drawn_afresh(drive):
    d = drive(BoardChoice(200, 200, 2000), scale=1, settings=Settings(motion=True, volume="off"))
    d.click((d.app.play.view.top + 20, d.app.play.view.left + 20))
    assert d.app.ctx.drawn.animation  # the region turns over, ring by ring
    settle(d)
    assert canvas_bytes(d) == drawn_afresh(d)


def test_a_loss_turns_its_mines_over_under_the_notice_without_drawing_the_whole_board(
    drive, monkeypatch
):
    layout = layout_with_a_big_opening()
    d = drive(layout=layout, scale=1, settings=Settings(motion=True, volume="off"))
    d.click((20, 30))
    settle(d)
    real, boards = Renderer.draw_board, []

    def draw_board(*args, **kwargs):  # whether the notice had changed its size or place then
        notice = d.app.ctx.dialogs.dialog
        boards.append(notice is not None and notice.drawn_box not in (None, notice.form.box))
        return real(*args, **kwargs)

    monkeypatch.setattr(Renderer, "draw_board", draw_board)
    d.click(a_mine_in_view(d, layout))
    assert d.app.play.game.state is GameState.LOST  # lost at once
    assert isinstance(d.app.ctx.dialogs.dialog, NoticeDialog)  # and said at once
    assert d.app.ctx.drawn.animation  # the mines turn over under the notice...
    settle(d)
    # ...drawn tile by tile, the notice again over them: the whole board is drawn only where
    # the notice changed its size (its measures came), as under any dialog
    assert all(boards)
    assert canvas_bytes(d) == drawn_afresh(d)  # what a full redraw shows, notice and all


@pytest.mark.concurrent
def test_a_loss_leaves_its_measures_replay_and_analysis_off_the_loop_thread(
    shipped_themes, monkeypatch
):
    import game.store.history as history_module

    pygame.display.init()
    layout = layout_with_a_big_opening()
    history = History.on_disk(Stats(), background=True, measure=measure_elsewhere)
    clock = ManualClock()
    app = App(
        BoardChoice(40, 60, 1),
        Settings(motion=True, volume="off"),
        shipped_themes(),
        seed=1,
        scale=1,
        clock=clock,
        chores=Chores(),
        history=history,
    )
    app.ctx.aids.assistant = Assistant(RunAtOnce())
    app.games.play_game(Game.from_layout(layout))
    d = Driver(app, clock)
    measured = record_threads(monkeypatch, workers, "elsewhere")  # history loads it when asked
    saved = record_threads(monkeypatch, history_module, "save_replay")
    analysed = record_threads(monkeypatch, Analyses, "_work")
    d.click((20, 30))
    settle(d)
    d.click(a_mine_in_view(d, layout))
    assert d.app.play.game.state is GameState.LOST
    history.writer.flush()
    app.ctx.aids.analyses.wait()
    main = threading.main_thread()
    assert measured and saved and analysed
    assert main not in measured + saved + analysed
    pygame.quit()


def test_a_big_games_end_shows_its_notice_and_asks_its_analysis_the_frame_after(drive, monkeypatch):
    layout = layout_with_a_big_opening(70, 70)  # over LAY_OFF_FRAME_CELLS
    d = drive(layout=layout, scale=1, settings=Settings(motion=True, volume="off"))
    asked = []
    real_ask = d.app.ctx.aids.analyses.ask_last
    monkeypatch.setattr(
        d.app.ctx.aids.analyses, "ask_last", lambda *a: asked.append(a[0]) or real_ask(*a)
    )
    d.click(a_safe_open_cell_in_view(d, layout))
    settle(d)
    d.click(a_mine_in_view(d, layout))
    assert d.app.play.game.state is GameState.LOST  # lost at once, its mines turning over...
    assert d.app.ctx.drawn.animation
    assert d.app.ctx.dialogs.dialog is None and asked == []  # ...and nothing more this frame
    assert d.app.play.due(d.clock.ms) == d.clock.ms  # the loop ticks on to the next
    d.tick()
    assert isinstance(d.app.ctx.dialogs.dialog, NoticeDialog)
    assert asked == [d.app.ctx.session.game_id]
    assert d.app.ctx.session.finished is not None


def test_a_big_games_end_taken_back_before_its_notice_shows_none(drive):
    layout = layout_with_a_big_opening(70, 70)
    d = drive(layout=layout, scale=1, settings=Settings(motion=False, volume="off"))
    d.click(a_safe_open_cell_in_view(d, layout))
    d.click(a_mine_in_view(d, layout))
    assert d.app.play.game.state is GameState.LOST
    d.post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="\x1a")
    d.tick()  # the loss is taken back in the frame the notice would have opened in
    assert d.app.play.game.state is GameState.PLAYING
    d.tick()
    assert d.app.ctx.dialogs.dialog is None and d.app.play.end.ending is None


def a_safe_open_cell_in_view(d, layout):
    """A cell in view with no mine round it (a first click there opens a region)."""
    lay, play = d.app.ctx.frame.layout, d.app.play
    rows, cols = len(layout), len(layout[0])
    return next(
        (r, c)
        for r in range(play.view.top + 1, play.view.top + lay.view_rows - 1)
        for c in range(play.view.left + 1, play.view.left + lay.view_cols - 1)
        if all(
            layout[rr][cc] == "."
            for rr in range(max(r - 1, 0), min(r + 2, rows))
            for cc in range(max(c - 1, 0), min(c + 2, cols))
        )
    )
