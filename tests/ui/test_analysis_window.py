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
