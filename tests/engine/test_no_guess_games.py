"""Game(no_guess=True): boards deduction alone clears, or a normal board that says so."""

from game.engine import Game, GameState
from game.engine import game as game_module
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


def test_when_none_is_found_in_time_the_board_is_normal_and_says_so(monkeypatch):
    monkeypatch.setattr(game_module, "NO_GUESS_BUDGET_S", 0.01)
    g = Game(9, 9, 60, seed=1, no_guess=True, safe_zone="cell")
    g.reveal(4, 4)
    assert g.no_guess_failed and not g.no_guess
    assert sum(line.count("*") for line in g.layout()) == 60
