"""The replay scene alone, with its own board view, built from a context (no App)."""

import pygame

from game.session import PAUSE_DIALOG, PAUSE_REPLAY
from game.store.replays import load_replay
from game.ui.scenes.replay import ReplayScene
from tests.ui.scenes.conftest import key, mouse
from tests.ui.test_window import replay_file


def watching(context, tmp_path):
    ctx = context()
    replay = load_replay(replay_file(tmp_path)[0])
    told = []
    ctx.session.pause(PAUSE_REPLAY)
    scene = ReplayScene(
        ctx,
        replay,
        replay.new_game(),
        restart=lambda: told.append("restart"),
        leave=lambda: told.append("leave"),
    )
    return ctx, scene, scene, told


def test_the_replay_plays_in_real_time_on_the_board_it_is_shown_on(context, tmp_path):
    ctx, play, scene, _ = watching(context, tmp_path)
    scene.update(ctx.aids.now())
    assert scene.view.room is scene and play.game.cell(1, 1) == "1"
    ctx.aids.now.ms += 1000
    scene.update(ctx.aids.now())
    assert play.game.cell(0, 0) == "F" and ctx.drawn.pending
    assert play.timer_value() > 0


def test_its_keys_pause_step_and_change_speed_and_the_line_says_so(context, tmp_path):
    ctx, play, scene, _ = watching(context, tmp_path)
    scene.update(ctx.aids.now())  # the first move, at 0 ms
    assert scene.handle(key(pygame.K_SPACE, " "))
    assert scene.playback.paused and play.resting_status().startswith("paused")
    ctx.aids.now.ms += 5000
    scene.update(ctx.aids.now())
    assert scene.game.cell(0, 0) == "#"
    scene.handle(key(pygame.K_RIGHT))
    assert scene.game.cell(0, 0) == "F"
    scene.handle(key(pygame.K_SPACE, " "))
    scene.handle(key(pygame.K_RIGHTBRACKET, "]"))
    assert scene.status().startswith("x2")


def test_restart_and_leave_are_handed_to_whoever_made_it(context, tmp_path):
    _, _, scene, told = watching(context, tmp_path)
    scene.handle(key(pygame.K_r, "r"))
    scene.handle(key(pygame.K_ESCAPE))
    assert told == ["restart", "leave"]


def test_other_keys_and_clicks_do_not_play_the_board(context, tmp_path):
    ctx, play, scene, _ = watching(context, tmp_path)
    helped = []
    ctx.commands.add("help", lambda: helped.append(1))
    assert scene.handle(key(pygame.K_F1)) and helped  # the game's keys still work
    assert not scene.handle(key(pygame.K_F15))  # a key that is nothing is left alone
    assert scene.handle(mouse(pygame.MOUSEBUTTONDOWN, (5, 5)))
    assert play.view.mouse_pos == (5, 5) and scene.game.moves == []


def test_its_clock_waits_under_a_dialog_or_a_menu(context, tmp_path):
    ctx, _, scene, _ = watching(context, tmp_path)
    ctx.session.pause(PAUSE_DIALOG)
    ctx.aids.now.ms += 5000
    scene.update(ctx.aids.now())
    assert scene.game.moves == []
    ctx.session.resume(PAUSE_DIALOG)
    scene.update(ctx.aids.now())
    assert len(scene.game.moves) == 1  # only the first move: the 5 s under the dialog waited


def test_leaving_resumes_the_game_that_waited(context, tmp_path):
    ctx, _, scene, _ = watching(context, tmp_path)
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
    scene = ReplayScene(ctx, load_replay(path), Game.from_layout(layout), restart=list, leave=list)
    view = scene.view
    assert not view.in_view((110, 110))  # the window shows a part of the board
    scene.update(ctx.aids.now())
    assert scene.game.cell(110, 110) == "F" and view.in_view((110, 110))
