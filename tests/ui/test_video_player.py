"""The video player in the real loop, fed real pygame events (game/ui/scenes/video.py): the
timeline clicked and dragged, its keys, the pointer and the counters drawn at the moment
shown, and a long jump on a big board spread over frames."""

import pygame
import pytest

from game.engine import Difficulty, GameState
from game.engine.boards import BoardChoice
from game.ui.layout import Box
from game.ui.scenes.video import SPEEDS, STEP_MS, VideoScene
from game.videos.model import PAUSE, RESUME, Event
from game.videos.mouse import play
from tests.videos.test_seek import video_of

INTERMEDIATE = BoardChoice.standard(Difficulty.INTERMEDIATE)


def watching(drive, rows=16, cols=16, mines=40, seed=3, *, scale=1, limit=None, video=None):
    d = drive(INTERMEDIATE, scale=scale)
    if video is None:
        video, _played, _layout = video_of(rows, cols, mines, seed, limit=limit)
    played = play(video)
    d.app.games.watch_video(video, played)
    d.tick()
    scene = d.app.games.replay
    assert isinstance(scene, VideoScene)
    return d, scene, video, played


def settle(d, scene, most=500):
    for _ in range(most):
        d.tick()
        if scene.seeker.settled:
            d.tick()  # the frame that draws the board reached
            return
    raise AssertionError("the jump never ended")


def window_at(d, text_x, text_y):
    """The window pixel of a text pixel (the timeline is placed in text pixels)."""
    lay = d.app.ctx.frame.layout
    box = lay.window_box(lay.from_text(Box(text_x, text_y, 1, 1)))
    return box.x, box.y


def bar_pos(d, scene, t_ms):
    """Where on the timeline's bar moment `t_ms` is, in the window."""
    tl = scene.timeline
    return window_at(d, tl.x_of(t_ms), tl.placed.bar.y + tl.placed.bar.h // 2)


def board_pixels(d):
    lay = d.app.ctx.frame.layout
    b = lay.board
    canvas = d.app.ctx.frame.renderer.canvas
    return pygame.image.tobytes(canvas.subsurface((b.x, b.y, b.w, b.h)), "RGB")


def pause(d, scene):
    if scene.playing:
        d.key(pygame.K_SPACE, " ")
    assert not scene.playing


def test_a_jump_back_and_one_forward_to_the_same_moment_draw_the_same_board(drive):
    d, scene, video, _ = watching(drive)
    pause(d, scene)
    middle = video.events[len(video.events) // 2].t
    d.down(bar_pos(d, scene, middle))
    d.up(bar_pos(d, scene, middle))
    settle(d, scene)
    at, cells, pixels = scene.index, scene.game.view(), board_pixels(d)
    assert scene.seeker.actions_at(at) > 0 and scene.game.state is GameState.PLAYING
    d.key(pygame.K_END)
    settle(d, scene)
    assert scene.game.view() != cells and board_pixels(d) != pixels
    d.down(bar_pos(d, scene, middle))  # back, dragged there from the start of the bar
    d.move(bar_pos(d, scene, 0))
    d.move(bar_pos(d, scene, middle))
    d.up(bar_pos(d, scene, middle))
    settle(d, scene)
    assert scene.index == at
    assert scene.game.view() == cells and board_pixels(d) == pixels
    d.key(pygame.K_HOME)  # from the start, forward to it again
    settle(d, scene)
    d.down(bar_pos(d, scene, middle))
    d.up(bar_pos(d, scene, middle))
    settle(d, scene)
    assert scene.game.view() == cells and board_pixels(d) == pixels


def test_the_pointer_is_drawn_where_the_path_has_it(drive):
    d, scene, video, _ = watching(drive, scale=2)
    pause(d, scene)
    for _ in range(7):
        d.key(pygame.K_RIGHT)
    event = video.events[scene.index]
    lay = d.app.ctx.frame.layout
    tile, b, z = lay.sizes.tile, lay.board, lay.factor
    tip = (b.x + event.x * tile // 16, b.y + event.y * tile // 16)  # the whole board shows
    canvas = d.app.ctx.frame.renderer.canvas
    assert canvas.get_at(tip)[:3] == (0, 0, 0)  # the arrow's tip, its edge
    assert canvas.get_at((tip[0] + z, tip[1] + 2 * z))[:3] == (255, 255, 255)  # inside it
    d.key(pygame.K_RIGHT)  # the next event, elsewhere: the arrow goes with it
    moved = video.events[scene.index]
    if (moved.x, moved.y) != (event.x, event.y):
        assert canvas.get_at((tip[0] + z, tip[1] + 2 * z))[:3] != (255, 255, 255)


def test_the_counters_shown_are_those_of_the_moment(drive):
    d, scene, video, played = watching(drive)
    pause(d, scene)
    for _ in range(30):
        d.key(pygame.K_RIGHT)
    counters = played.counters[scene.index]
    _title, rows = scene.panel_rows()
    shown = dict(rows)
    assert shown["Left"] == str(counters.left) and shown["Right"] == str(counters.right)
    assert shown["3BV"] == f"{counters.bbbv_solved}/{played.bbbv}"
    assert shown["Effective"] == str(counters.ce)
    assert counters.left + counters.right > 0
    # I shows them all in a panel over the board's corner, and hides it again
    before = board_pixels(d)
    d.key(pygame.K_i, "i")
    assert board_pixels(d) != before
    d.key(pygame.K_i, "i")  # hidden: the board under it comes back
    assert board_pixels(d) == before


def test_the_counters_of_the_moment_take_lines_under_the_board_never_a_cell(drive):
    d = drive(INTERMEDIATE, scale=1)
    plain = d.app.ctx.frame.layout
    assert plain.panel.h == 0
    d, scene, video, played = watching(drive)
    lay = d.app.ctx.frame.layout
    assert lay.panel.h == 2 * lay.status.h and lay.board.h == plain.board.h
    pause(d, scene)
    for _ in range(30):
        d.key(pygame.K_RIGHT)
    c = played.counters[scene.index]
    shown = " ".join(d.app.ctx.drawn.panel)
    assert f"3BV {c.bbbv_solved}/{played.bbbv}" in shown and f"Left {c.left}" in shown
    # the time is the video's clock as it plays, between events too
    _title, rows = scene.panel_rows()
    assert dict(rows)["Time"] == f"{min(scene.position_ms, scene.seeker.duration_ms) / 1000:.2f}"
    d.key(pygame.K_ESCAPE)  # left: the lines go, the window is as it was
    assert d.app.games.replay is None and d.app.ctx.frame.layout.panel.h == 0


def test_faster_and_slower_change_how_far_a_second_goes(drive):
    d, scene, _video, _ = watching(drive)
    pause(d, scene)
    d.key(pygame.K_HOME)
    d.key(pygame.K_RIGHTBRACKET, "]")  # x2
    assert scene.speed == 2.0
    d.key(pygame.K_SPACE, " ")
    start = scene.position_ms
    d.tick(500)
    assert scene.position_ms - start == 1000
    d.key(pygame.K_LEFTBRACKET, "[")
    d.key(pygame.K_LEFTBRACKET, "[")
    d.key(pygame.K_LEFTBRACKET, "[")  # x0.25
    start = scene.position_ms
    d.tick(1000)
    assert scene.position_ms - start == 250 and scene.speed == 0.25
    for _ in range(10):
        d.key(pygame.K_LEFTBRACKET, "[")
    assert scene.speed == SPEEDS[0] == 0.1
    assert "x0.1" in scene.timeline_words()[0]


def test_the_pauses_are_marked_on_the_timeline(drive):
    video, _, _ = video_of(16, 16, 40, 3)
    half = len(video.events) // 2
    t = video.events[half].t
    video.events[half:half] = [Event(t, PAUSE, 0, 0), Event(t, RESUME, 0, 0)]
    video.actions = [
        a if a.index < half else a.__class__(a.t, a.index + 2, a.kind, a.row, a.col)
        for a in video.actions
    ]
    d, scene, _, _ = watching(drive, video=video)
    pause(d, scene)
    d.key(pygame.K_HOME)
    lay = d.app.ctx.frame.layout
    tl = scene.timeline
    canvas = d.app.ctx.frame.renderer.canvas
    colour = scene.ctx.frame.theme.colours["error"]

    def marked(x):
        point = lay.from_text(Box(x, tl.placed.bar.y - 2, 1, 1))
        return tuple(canvas.get_at((point.x, point.y)))[:3] == tuple(colour)[:3]

    assert marked(tl.x_of(t))
    assert not marked(tl.x_of(t) + 5) and not marked(tl.x_of(t) - 5)


def test_one_event_or_one_board_change_either_way(drive):
    d, scene, video, _ = watching(drive)
    pause(d, scene)
    d.key(pygame.K_HOME)
    assert scene.index == -1
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    assert scene.index == 1
    d.key(pygame.K_LEFT)
    assert scene.index == 0
    d.key(pygame.K_RIGHT, mod=pygame.KMOD_CTRL)  # the first board change
    settle(d, scene)
    first = video.actions[0]
    assert scene.index == first.index and scene.game.cell(first.row, first.col) != "#"
    d.key(pygame.K_RIGHT, mod=pygame.KMOD_CTRL)
    settle(d, scene)
    second = video.actions[1]
    assert scene.index == second.index and scene.seeker.actions_at(scene.index) == 2
    d.key(pygame.K_LEFT, mod=pygame.KMOD_CTRL)  # before the second change again
    settle(d, scene)
    assert scene.seeker.actions_at(scene.index) == 1
    assert scene.game.cell(second.row, second.col) == "#"


def test_a_200_by_200_jump_is_spread_over_frames_each_within_its_budget(drive):
    d, scene, video, _ = watching(drive, 200, 200, 8000, 4, limit=4000)
    ticks = iter(range(10**9))
    scene.seeker.clock = lambda: next(ticks) / 100_000  # 0.01 ms a reading: the same each run
    pause(d, scene)
    d.key(pygame.K_END)
    frames = 0
    while not scene.seeker.settled:
        d.tick()
        frames += 1
        piece = scene.seeker.last
        assert piece.budget_ms == STEP_MS and piece.before_last_ms < STEP_MS
        assert frames < 1000
    assert frames > 3
    last = video.actions[-1]
    assert scene.game.cell(last.row, last.col) == "F" or scene.game.cell(last.row, last.col) != "#"


def test_the_window_keeps_working_while_watching(drive):
    d, scene, _video, _ = watching(drive)
    d.key(pygame.K_F1)  # the help opens over the video; its clock waits meanwhile
    assert d.app.ctx.dialogs.dialog is not None
    at = scene.position_ms
    d.tick(2000)
    assert scene.position_ms == at
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None and d.app.games.replay is scene
    d.key(pygame.K_ESCAPE)  # leaves the video: the game played is back
    assert d.app.games.replay is None and d.app.games.shown() is d.app.play


@pytest.mark.parametrize("room", ["video", "analysis"])
def test_the_game_under_a_video_draws_nothing_over_it(drive, tmp_path, room):
    """What the covered game is told while a video or an analysis of a smaller board is shown
    (a hint's answer from its worker, a move of a board laid off the frame) waits for it to be
    shown again: its cells are not drawn over the other board (the fuzz, under load: "(0, 14)
    is off the 9x9 board")."""
    from game.engine import Move, MoveKind
    from game.engine.solver import hint
    from game.ui.dialogs import Analyse
    from tests.ui.test_window import replay_file

    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1)
    d.app.play.apply(Move(MoveKind.OPEN, 8, 15))
    game = d.app.play.game
    if room == "video":
        video, _played, _layout = video_of(9, 9, 10, 3)
        d.app.games.watch_video(video, play(video))
    else:
        path, _lost = replay_file(tmp_path)  # a 9 x 9 game
        d.app.games.analyse(Analyse(str(path)))
    for _ in range(60):  # the other board, read (an analysis: off the frame), drawn whole
        d.tick()
        if d.app.games.replay.game.cols == 9:
            break
    d.tick()
    assert d.app.games.replay is not None and d.app.games.replay.game.cols == 9
    answer = hint(game.view(), game.mines)
    assert answer is not None and max(answer.cell) >= 9  # a cell the 9 x 9 board has not
    d.app.play.apply(Move(MoveKind.FLAG, 0, 14))  # a move of the game under it
    d.app.play.help.show_hint(answer)  # and the hint asked before, answered now
    for _ in range(3):
        d.tick()  # drawn: the other board, nothing of the game's
    assert game.cell(0, 14) == "F"
    d.key(pygame.K_ESCAPE)  # back: the game's board, its hint and move, drawn whole
    d.tick()
    assert d.app.games.replay is None and d.app.play.help.hint is answer
