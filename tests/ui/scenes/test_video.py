"""The video room alone, with its own board view, built from a context (no App): what the
replay room's tests checked, on the player that replaced it."""

import pygame

from game.session import PAUSE_DIALOG, PAUSE_REPLAY
from game.store.replays import load_replay
from game.ui.scenes.video import VideoScene, of_replay
from tests.ui.scenes.conftest import key, mouse
from tests.ui.test_window import replay_file


def watching(context, tmp_path):
    ctx = context()
    replay = load_replay(replay_file(tmp_path)[0])
    told = []
    ctx.session.pause(PAUSE_REPLAY)
    video, played = of_replay(replay)
    scene = VideoScene(ctx, video, played, replay.new_game, leave=lambda: told.append("leave"))
    return ctx, scene, told


def test_the_video_plays_in_real_time_on_the_board_it_is_shown_on(context, tmp_path):
    ctx, scene, _ = watching(context, tmp_path)
    scene.update(ctx.aids.now())
    assert scene.view.room is scene and scene.game.cell(1, 1) == "1"
    ctx.aids.now.ms += 1000
    scene.update(ctx.aids.now())
    assert scene.game.cell(0, 0) == "F" and ctx.drawn.pending
    assert scene.timer_value() > 0


def test_its_keys_pause_step_and_change_speed_and_the_line_says_so(context, tmp_path):
    ctx, scene, _ = watching(context, tmp_path)
    scene.update(ctx.aids.now())  # the first move, at 0 ms
    assert scene.handle(key(pygame.K_SPACE, " "))
    assert not scene.playing and "paused" in scene.resting_status()
    ctx.aids.now.ms += 5000
    scene.update(ctx.aids.now())
    assert scene.game.cell(0, 0) == "#"
    scene.handle(key(pygame.K_RIGHT, mod=pygame.KMOD_CTRL))  # one board change: the flag
    scene.update(ctx.aids.now())
    assert scene.game.cell(0, 0) == "F" and scene.game.cell(0, 4) == "#"
    scene.handle(key(pygame.K_SPACE, " "))
    scene.handle(key(pygame.K_RIGHTBRACKET, "]"))
    assert "x2" in scene.status()


def test_restart_plays_from_the_start_and_leave_is_handed_to_whoever_made_it(context, tmp_path):
    ctx, scene, told = watching(context, tmp_path)
    ctx.aids.now.ms += 3000
    scene.update(ctx.aids.now())
    assert scene.game.cell(0, 4) == "F"
    scene.handle(key(pygame.K_r, "r"))
    scene.update(ctx.aids.now())
    assert scene.playing and scene.game.cell(0, 4) == "#" and scene.game.cell(1, 1) == "1"
    scene.handle(key(pygame.K_ESCAPE))
    assert told == ["leave"]


def test_other_keys_and_clicks_do_not_play_the_board(context, tmp_path):
    ctx, scene, _ = watching(context, tmp_path)
    helped = []
    ctx.commands.add("help", lambda: helped.append(1))
    assert scene.handle(key(pygame.K_F1)) and helped  # the game's keys still work
    assert not scene.handle(key(pygame.K_F15))  # a key that is nothing is left alone
    assert scene.handle(mouse(pygame.MOUSEBUTTONDOWN, (5, 5)))
    assert scene.view.mouse_pos == (5, 5) and scene.game.moves == []


def test_its_clock_waits_under_a_dialog_or_a_menu(context, tmp_path):
    ctx, scene, _ = watching(context, tmp_path)
    ctx.session.pause(PAUSE_DIALOG)
    ctx.aids.now.ms += 5000
    scene.update(ctx.aids.now())
    assert scene.game.moves == []
    ctx.session.resume(PAUSE_DIALOG)
    scene.update(ctx.aids.now())
    assert len(scene.game.moves) == 1  # only the first move: the 5 s under the dialog waited


def test_leaving_resumes_the_game_that_waited(context, tmp_path):
    ctx, scene, _ = watching(context, tmp_path)
    scene.leave()
    assert not ctx.session.paused_by(PAUSE_REPLAY)


def test_on_a_board_larger_than_the_window_the_view_follows_the_play(context, tmp_path):
    from game.engine import Game
    from game.engine.boards import BoardChoice
    from game.store.replays import replay_of, save_replay

    layout = ["." * 120 for _ in range(120)]
    layout[0] = "*" + "." * 119
    played = Game.from_layout(layout)
    played.toggle_flag(110, 110, at_ms=0)  # far from the top-left corner the view starts at
    played.toggle_flag(110, 110, at_ms=500)
    path = save_replay(replay_of(played, elapsed_ms=500, source="window"), tmp_path)
    ctx = context(BoardChoice.of(120, 120, 1))  # the window sized for the replay's board
    replay = load_replay(path)
    scene = VideoScene(ctx, *of_replay(replay), replay.new_game, leave=list)
    view = scene.view
    assert not view.in_view((110, 110))  # the window shows a part of the board
    scene.update(ctx.aids.now())
    assert scene.game.cell(110, 110) == "F" and view.in_view((110, 110))
