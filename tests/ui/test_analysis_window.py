"""The analysis in the real loop (dummy driver, work off the frame run a step a frame): a won
game's dialog says its summary line and the best-times list opens the analysis room."""

import pygame

from game.engine import GameState
from game.store.history import History
from game.store.stats import Stats
from game.ui.scenes.analysis import ARROWS, AnalysisScene

# Beginner: mines along the top and at (1,7), (1,8): one click opens all but (0,8), a 3 shut in
# by mines, which a second click opens.
WALL = ["********.", ".......**"] + ["........."] * 7


def test_the_win_dialog_and_the_best_times_open_the_analysis(drive, tmp_path):
    d = drive(layout=WALL, scale=1)  # the narrowest line: the analysis's shortest words
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"), replays=tmp_path)
    d.click((8, 8))
    d.tick(1500)
    d.click((0, 8))
    assert d.app.play.game.state is GameState.WON
    dialog = d.app.ctx.dialogs.dialog
    for _ in range(20):
        d.tick()
    assert "No guesses; no mistakes." in dialog.texts() and "Analyse" in dialog.texts()
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_s, "s")  # the statistics, on the Beginner page, one best time with a replay
    assert "Analyse" in d.app.ctx.dialogs.dialog.texts()
    d.key(pygame.K_a, "a")
    room = d.app.games.replay
    assert isinstance(room, AnalysisScene) and d.app.ctx.dialogs.dialog is None
    for _ in range(20):
        d.tick()
    assert room.ready and room.resting_status().startswith(ARROWS + "no guesses")
    d.key(pygame.K_HOME)
    assert room.index == 0 and room.game.cell(8, 8) == "#"
    d.key(pygame.K_ESCAPE)
    assert d.app.games.replay is None and d.app.play.game.state is GameState.WON  # as left


# A wall of mines down column 4, and one at (8, 0): after the opening at (0, 8) the left side
# is a guess, and (2, 4) is a mine the numbers show.
WALL_AND_ONE = ["....*...."] * 8 + ["*...*...."]


def test_a_loss_taken_back_and_lost_again_is_analysed_as_it_ended_the_second_time(drive):
    d = drive(layout=WALL_AND_ONE, scale=2)
    analyses = d.app.ctx.aids.analyses

    def ended() -> str:
        for _ in range(40):
            d.tick()
        return analyses.summary(d.app.ctx.session.game_id)

    d.click((0, 8))
    d.tick(1000)
    d.click((8, 0))  # a guess that loses
    assert d.app.play.game.state is GameState.LOST
    assert ended().startswith("1 guess")
    d.key(pygame.K_ESCAPE)  # the notice
    d.key(pygame.K_z, "", pygame.KMOD_CTRL)  # the loss taken back
    d.tick(1000)
    d.click((2, 4))  # a mine the numbers show: a mistake, no guess
    assert d.app.play.game.state is GameState.LOST
    said = ended()
    assert said == "No guesses; 1 mistake.", said
    assert "1 mistake" in " ".join(d.app.ctx.dialogs.dialog.texts())  # the notice says so too


def test_a_best_time_picked_with_the_arrows_is_watched_with_enter_from_another_page(
    drive, tmp_path
):
    """The statistics opened on a page with no best times focus its Close button; a best time
    picked with the arrows on another page takes the focus, so Enter watches it (it closed the
    dialog before, as a play-tester found)."""
    from game.engine import Game
    from game.ui.scenes.video import VideoScene

    d = drive(layout=WALL, scale=1)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"), replays=tmp_path)
    d.click((8, 8))
    d.tick(1500)
    d.click((0, 8))  # a Beginner win, with its replay
    d.key(pygame.K_ESCAPE)
    d.app.games.play_game(Game(16, 16, 40, seed=3))  # Intermediate: no best time there
    d.key(pygame.K_s, "s")
    d.key(pygame.K_1, "1")  # the Beginner page
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN, "\r")
    assert isinstance(d.app.games.replay, VideoScene) and d.app.ctx.dialogs.dialog is None
