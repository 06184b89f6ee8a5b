"""The play scene alone, built from a context (no App): what the player does on the board."""

import pygame

from game.engine import GameState, Move, MoveKind
from game.engine.boards import BoardChoice
from game.session import PAUSE_DIALOG, PAUSE_KEY
from game.ui.scenes.play import PlayScene
from tests.ui.scenes.conftest import cell_pos, face_pos, key, mouse

DOWN, UP = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP


def test_a_left_click_opens_the_cell_and_the_frame_shows_it(context):
    ctx = context()
    play = PlayScene(ctx)
    pos = cell_pos(ctx, play, (4, 4))
    play.handle(mouse(DOWN, pos))
    assert play.pressed_cells() == {(4, 4)} and play.face() == "face_oh"
    play.handle(mouse(UP, pos))
    assert play.game.state is GameState.PLAYING and play.game.cell(4, 4) != "#"
    assert ctx.drawn.pending  # the changed cells wait for the next frame
    play.draw(full=True)
    assert play.pressed_cells() == set() and ctx.drawn.status == play.status_text()


def test_the_face_asks_the_command_table_for_a_new_game(context):
    ctx = context()
    asked = []
    ctx.commands.add("new_game", lambda: asked.append("new_game"))
    play = PlayScene(ctx)
    play.handle(mouse(DOWN, face_pos(ctx)))
    assert play.face() == "face_pressed"
    play.handle(mouse(UP, face_pos(ctx)))
    assert asked == ["new_game"]


def test_keys_run_their_commands_and_pause_plays_on_at_any_key(context):
    ctx = context()
    ran = []
    ctx.commands.add("hint", lambda: ran.append("hint"))
    play = PlayScene(ctx)
    play.apply(Move(MoveKind.OPEN, 4, 4))
    play.handle(key(pygame.K_F3))
    assert ctx.session.paused_by(PAUSE_KEY) and play.resting_status() == "Paused: click or F3"
    play.handle(key(pygame.K_h, "h"))  # the first key only plays on
    assert not ctx.session.paused_by(PAUSE_KEY) and ran == []
    play.handle(key(pygame.K_h, "h"))
    assert ran == ["hint"]


def test_the_cursor_moves_within_the_board_and_space_opens_its_cell(context):
    ctx = context()
    play = PlayScene(ctx)
    play.move_cursor(1, 0)  # the first press shows it in the middle
    assert play.cursor == (4, 4)
    for _ in range(20):
        play.move_cursor(-1, -1)
    assert play.cursor == (0, 0)
    play.cursor = (4, 4)
    play.key_move(MoveKind.OPEN)
    assert play.game.cell(4, 4) != "#"


def test_undo_and_redo_as_the_player_sees_them(context):
    ctx = context()
    play = PlayScene(ctx)
    assert not play.can_undo() and not play.can_redo()
    play.apply(Move(MoveKind.OPEN, 4, 4))
    play.undo()
    assert play.game.moves == [] and ctx.status.saying() == "Undone (now assisted)"
    assert play.can_redo()
    play.redo()
    assert play.game.cell(4, 4) != "#" and not play.can_redo()


def test_the_scroll_stays_on_the_board_and_follows_the_cursor(context):
    ctx = context(BoardChoice.of(200, 200, 100), scale=1)
    play = PlayScene(ctx)
    play.scroll_by(-5, -5)
    assert (play.top, play.left) == (0, 0)
    play.scroll_by(10_000, 10_000)
    lay = ctx.frame.layout
    assert (play.top, play.left) == (200 - lay.view_rows, 200 - lay.view_cols)
    play.cursor = (0, 0)
    play.keep_cursor_in_view()
    assert (play.top, play.left) == (0, 0)


def test_a_new_layout_keeps_the_scroll_on_the_board(context):
    ctx = context(BoardChoice.of(200, 200, 100), scale=1)
    play = PlayScene(ctx)
    play.top = play.left = 10_000
    ctx.frame.relayout()
    assert play.top == 200 - ctx.frame.layout.view_rows


def test_a_hint_is_shown_with_its_words_and_goes_with_the_next_move(context):
    ctx = context()
    play = PlayScene(ctx)
    play.apply(Move(MoveKind.OPEN, 4, 4))
    play.ask_hint()
    play.update(ctx.aids.now())
    assert play.hint is not None and play.game.assisted
    assert ctx.status.saying() == play.hint_words(play.hint)
    play.apply(Move(MoveKind.OPEN, *play.hint.cell))
    assert play.hint is None and ctx.status.saying() is None


def test_the_odds_go_on_and_off_and_are_help(context):
    ctx = context()
    play = PlayScene(ctx)
    play.apply(Move(MoveKind.OPEN, 4, 4))
    play.toggle_probabilities()
    play.update(ctx.aids.now())
    assert play.show_probabilities and play.probabilities and play.game.assisted
    play.toggle_probabilities()
    assert not play.show_probabilities and ctx.status.saying() == "Mine odds off"


def test_what_is_held_is_let_go_under_a_dialog(context):
    ctx = context()
    play = PlayScene(ctx)
    play.handle(mouse(DOWN, cell_pos(ctx, play, (4, 4))))
    assert play.pressed_cells()
    ctx.session.pause(PAUSE_DIALOG)
    play.update(ctx.aids.now())
    assert play.pressed_cells() == set() and play.face() == "face_smile"


def test_a_paused_game_is_drawn_veiled(context):
    ctx = context()
    play = PlayScene(ctx)
    play.apply(Move(MoveKind.OPEN, 4, 4))
    ctx.drawn.board_hidden = True
    calls = []
    ctx.frame.renderer.draw_board = lambda game, *a: calls.append(game.view())
    play.draw(full=True)
    assert calls and set("".join(calls[0])) == {"#"}
