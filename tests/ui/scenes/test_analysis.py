"""The analysis room alone, over a play scene, built from a context (no App): the analysis
worked out a step at a time (no threads), then the game gone through move by move."""

import pygame
import pytest

from game.engine import Game, GameState, Move, MoveKind
from game.session import PAUSE_REPLAY
from game.store.settings import Settings
from game.ui.dialogs import Analyse
from game.ui.scenes.analysis import ARROWS, BUTTONS, AnalysisScene
from game.ui.scenes.games import Games, replay_key
from game.ui.scenes.play import PlayScene
from tests.ui.scenes.conftest import key, mouse
from tests.ui.test_window import CHORD, replay_file

# The game of replay_file: the first opening (1,1), flags on (0,0) and (0,4), then (8,8), a
# guess (nothing proves it) that hits a mine.
GUESS = 3


def analysing(context, tmp_path, theme="classic"):
    ctx = context(settings=Settings(motion=False, volume="off", theme=theme))
    play = PlayScene(ctx)
    games = Games(ctx, play)
    path, played = replay_file(tmp_path)
    games.analyse(Analyse(str(path)))
    return ctx, play, games, games.replay, played


def finish(ctx, scene):
    ctx.aids.analyses.wait()
    scene.update(ctx.aids.now())
    assert scene.ready


def test_while_it_is_worked_out_the_line_shows_how_far_and_the_game_waits(context, tmp_path):
    ctx, play, games, scene, _ = analysing(context, tmp_path)
    assert isinstance(scene, AnalysisScene) and games.shown() is scene
    assert ctx.session.paused_by(PAUSE_REPLAY)
    ctx.aids.analyses.poll()  # reads the replay
    ctx.aids.analyses.poll()  # the first move
    assert scene.resting_status().startswith("Analysing ")
    assert ctx.aids.analyses.progress(scene.key) > 0
    scene.update(ctx.aids.now())
    assert not scene.ready


def test_esc_stops_the_analysis_and_leaves_keeping_nothing(context, tmp_path):
    ctx, _, games, scene, _ = analysing(context, tmp_path)
    ctx.aids.analyses.poll()
    assert scene.handle(key(pygame.K_ESCAPE))
    assert games.replay is None and ctx.aids.analyses.job is None
    assert scene.key not in ctx.aids.analyses.done
    assert not ctx.session.paused_by(PAUSE_REPLAY)


def test_it_opens_at_the_first_guess_with_the_board_as_it_stood_before_it(context, tmp_path):
    ctx, play, _, scene, played = analysing(context, tmp_path)
    finish(ctx, scene)
    assert scene.index == GUESS and scene.view.room is scene
    assert scene.game.cell(1, 1) == "1" and scene.game.cell(0, 0) == "F"
    assert scene.game.cell(8, 8) == "#" and scene.game.state is GameState.PLAYING
    line = scene.resting_status()
    assert line.startswith(ARROWS + "Move 4/4 (the losing open): ")  # a guess that hit a mine


def test_keys_step_and_jump_between_guesses_and_mistakes(context, tmp_path):
    ctx, _, _, scene, _ = analysing(context, tmp_path)
    finish(ctx, scene)
    scene.handle(key(pygame.K_LEFT))
    assert scene.index == GUESS - 1 and scene.game.cell(0, 4) == "#"
    scene.handle(key(pygame.K_HOME))
    assert scene.index == 0 and scene.game.cell(1, 1) == "#"
    scene.handle(key(pygame.K_DOWN))  # the next guess or mistake
    assert scene.index == GUESS
    scene.handle(key(pygame.K_RIGHT))  # past the last move: the end
    assert scene.index == 4 and scene.game.state is GameState.LOST
    assert "1 guess, " in scene.status()
    scene.handle(key(pygame.K_UP))
    assert scene.index == GUESS
    helped = []
    ctx.commands.add("help", lambda: helped.append(1))
    assert scene.handle(key(pygame.K_F1)) and helped  # the game's keys still work


def test_the_arrows_under_the_board_are_buttons(context, tmp_path):
    ctx, play, _, scene, _ = analysing(context, tmp_path)
    finish(ctx, scene)
    lay, font = ctx.frame.layout, ctx.frame.theme.font
    box = lay.status

    def click(char):
        t = lay.text  # the status line's text is at the text scale
        x = box.x + (2 + char * font.width + font.width // 2) * t
        y = box.y + box.h // 2
        return mouse(pygame.MOUSEBUTTONDOWN, (lay.origin_x + x, lay.origin_y + y))

    def spans(action):
        return [at for at, name in BUTTONS.items() if name == action]

    for action in set(BUTTONS.values()):  # a comfortable target at the least zoom
        assert len(spans(action)) * font.width >= 18, action
    scene.handle(click(spans("analysis_previous")[0]))  # "[<]", at its left edge
    assert scene.index == GUESS - 1
    scene.handle(click(spans("analysis_next")[-1]))  # "[>]", at its right edge
    assert scene.index == GUESS
    scene.handle(click(spans("analysis_previous_note")[1]))  # "[<<]": no guess before
    assert scene.index == 0


def test_the_guess_shows_its_risk_and_the_safest_cells_of_that_moment(context, tmp_path):
    ctx, play, _, scene, _ = analysing(context, tmp_path)
    finish(ctx, scene)
    move = scene.move
    looks = scene.looks()
    assert looks.hint == (8, 8)
    assert looks.probabilities[(8, 8)] == pytest.approx(move.p_mine)
    safest = [c for c, p in looks.probabilities.items() if c != (8, 8)]
    assert safest and all(looks.probabilities[c] == pytest.approx(move.lowest_p) for c in safest)
    assert move.lowest_p < move.p_mine or move.lowest_p == pytest.approx(move.p_mine)


@pytest.mark.parametrize("theme", ["classic", "night", "contrast", "handheld"])
def test_the_marks_are_drawn_in_every_theme(context, tmp_path, theme):
    ctx, play, _, scene, _ = analysing(context, tmp_path, theme)
    finish(ctx, scene)
    scene.draw(True)
    canvas = ctx.frame.renderer.canvas
    box = ctx.frame.layout.cell_rect(8, 8, scene.view.top, scene.view.left)
    covered = ctx.frame.theme.sprites["covered"]
    got = canvas.subsurface((box.x, box.y, box.w, box.h))
    assert pygame.image.tobytes(got, "RGB") != pygame.image.tobytes(covered, "RGB")


def test_an_analysis_is_kept_by_the_games_id_and_opens_at_once_again(context, tmp_path):
    ctx, _, games, scene, _ = analysing(context, tmp_path)
    finish(ctx, scene)
    scene.handle(key(pygame.K_ESCAPE))
    path = next(tmp_path.glob("*.jsonl.gz"))
    assert replay_key(str(path)) in ctx.aids.analyses.done
    games.analyse(Analyse(str(path)))
    games.replay.update(ctx.aids.now())
    assert games.replay.ready and ctx.aids.analyses.job is None


def test_a_replay_that_cannot_be_read_is_said_and_the_room_goes(context, tmp_path):
    ctx = context()
    play = PlayScene(ctx)
    games = Games(ctx, play)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello")
    games.analyse(Analyse(str(bad)))
    ctx.aids.analyses.wait()
    games.replay.update(ctx.aids.now())
    assert games.replay is None and "not" in " ".join(ctx.dialogs.dialog.texts())


def test_the_loss_dialog_says_whether_it_was_bad_luck_once_worked_out(context):
    ctx = context()
    play = PlayScene(ctx)
    games = Games(ctx, play)
    games.play_game(Game.from_layout(CHORD))
    play.apply(Move(MoveKind.OPEN, 1, 1))
    play.apply(Move(MoveKind.OPEN, 8, 8))  # a guess, and a mine
    dialog = ctx.dialogs.dialog
    assert dialog.title == "Boom!" and "Analyse" in dialog.texts()
    assert any(t.startswith("Looking at your guesses") for t in dialog.texts())
    ctx.aids.analyses.wait()
    dialog.tick()
    summary = [t for t in dialog.texts() if "guess" in t]
    assert summary and summary[0].startswith("1 guess (") and summary[0].endswith("no mistakes.")
    assert dialog.key(key(pygame.K_a, "a")) == Analyse()
    games.analyse(Analyse())
    games.replay.update(ctx.aids.now())
    assert games.replay.ready and games.replay.index == 1
