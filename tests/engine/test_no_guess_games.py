"""Game(no_guess=True): boards deduction alone clears, or a normal board that says so."""

import threading

import pytest

from game.engine import Game, GameState, Move, MoveKind, noguess
from game.engine.solver import hint


def clear_by_deduction(g: Game) -> bool:
    """Open only cells a hint proves safe; True if that wins."""
    while g.state is GameState.PLAYING:
        h = hint(g.view(), g.mines)
        if h is None or not h.safe:
            return False
        g.reveal(*h.cell)
    return g.state is GameState.WON


def test_a_no_guess_game_is_cleared_from_its_first_click_without_guessing():
    for seed in range(5):
        g = Game(9, 9, 10, seed=seed, no_guess=True)
        g.reveal(4, 4)
        assert not g.no_guess_failed
        assert clear_by_deduction(g)


def test_the_same_seed_gives_the_same_no_guess_board():
    a = Game(16, 16, 40, seed=3, no_guess=True)
    b = Game(16, 16, 40, seed=3, no_guess=True)
    a.reveal(7, 7)
    b.reveal(7, 7)
    assert a.layout() == b.layout()


def test_when_none_is_found_within_the_work_budget_the_board_is_normal_and_says_so(monkeypatch):
    monkeypatch.setattr(noguess, "WORK_BUDGET", 1_000)
    g = Game(9, 9, 60, seed=1, no_guess=True, safe_zone="cell")
    g.reveal(4, 4)
    assert g.no_guess_failed and not g.no_guess
    assert sum(line.count("*") for line in g.layout()) == 60


def test_lay_then_open_gives_the_board_the_first_click_would_have_laid():
    laid = Game(16, 30, 99, seed=21, no_guess=True)
    played = Game(16, 30, 99, seed=21, no_guess=True)
    assert laid.lay(8, 15) and laid.state is GameState.READY
    assert laid.is_laid and laid.first_click == (8, 15)
    laid.play(Move(MoveKind.OPEN, 8, 15))
    played.play(Move(MoveKind.OPEN, 8, 15))
    assert laid.layout() == played.layout()
    assert laid.view() == played.view()
    assert laid.state is GameState.PLAYING


@pytest.mark.concurrent
def test_lay_on_a_worker_thread_gives_the_same_board():
    laid = Game(50, 50, 450, seed=4, no_guess=True)
    worker = threading.Thread(target=laid.lay, args=(25, 25))
    worker.start()
    worker.join()
    assert laid.layout() == Game(50, 50, 450, seed=4, no_guess=True, first_click=(25, 25)).layout()


def test_lay_when_already_laid_changes_nothing():
    g = Game(9, 9, 10, seed=3, no_guess=True)
    g.reveal(4, 4)
    layout, view = g.layout(), g.view()
    assert g.lay(0, 0)
    assert g.layout() == layout and g.view() == view and g.first_click == (4, 4)


def test_a_cancelled_lay_leaves_the_game_ready_and_unlaid():
    g = Game(16, 30, 99, seed=21, no_guess=True)
    assert not g.lay(8, 15, cancel=lambda: True)
    assert g.state is GameState.READY and not g.is_laid
    assert g.layout() is None and g.first_click is None
    assert g.no_guess and not g.no_guess_failed
    g.reveal(8, 15)  # and it can still be played, on the board it would have had
    assert g.layout() == Game(16, 30, 99, seed=21, no_guess=True, first_click=(8, 15)).layout()
