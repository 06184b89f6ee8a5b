"""Work whose cost grows with the board leaves the loop thread: a big board's first click (its
mines, 3BV and flood fill), a theme switch's files. Chores run on their threads here, as in the
game; each test records which thread did the work."""

import threading

import pygame

from game import worker as workers
from game.engine import GameState, fill, measures
from game.engine.boards import BoardChoice
from game.engine.game import Game, lay_for
from game.store.settings import Settings
from game.ui.chores import Chores


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


def test_a_first_click_on_a_200x200_board_lays_no_mines_on_the_loop_thread(drive, monkeypatch):
    d = drive(BoardChoice(200, 200, 2000), scale=1)
    chores = d.app.ctx.aids.chores = Chores()
    gate = threading.Event()
    asked = record_threads(monkeypatch, workers.Worker, "call", gate)
    here = [record_threads(monkeypatch, owner, name)
            for owner, name in ((Game, "_lay_mines"), (measures, "openings"),
                                (fill, "flood_open"))]  # fmt: skip
    cell = (d.app.play.top + 3, d.app.play.left + 3)
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
            there.bbbv, there.safe_opened, there.first_click)  # fmt: skip


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
    region = [(r, c) for r in range(60) for c in range(70)
              if plain.cell(r, c) == "." and (r, c) != (30, 35)]  # fmt: skip
    laid.toggle_flag(*region[0])  # the prepared opening is for a board without it
    laid.reveal(30, 35)
    assert laid.cell(*region[0]) == "F"


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
