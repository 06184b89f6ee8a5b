"""The play scene alone, built from a context (no App): what the player does on the board."""

import pygame
import pytest

from game.engine import GameState, Move, MoveKind
from game.engine.boards import BoardChoice
from game.session import PAUSE_DIALOG, PAUSE_KEY
from game.ui.scenes.play import PlayScene
from tests.ui.scenes.conftest import cell_pos, face_pos, key, map_cell_box, mouse

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
    assert play.pressed_cells() == set() and ctx.drawn.status == play.view.status_text()


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
    play.view.move_cursor(1, 0)  # the first press shows it in the middle
    assert play.view.cursor == (4, 4)
    for _ in range(20):
        play.view.move_cursor(-1, -1)
    assert play.view.cursor == (0, 0)
    play.view.cursor = (4, 4)
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
    assert ctx.status.saying() == "Redone: opened"  # not "Undone" still


def test_the_scroll_stays_on_the_board_and_follows_the_cursor(context):
    ctx = context(BoardChoice.of(200, 200, 100), scale=1)
    play = PlayScene(ctx)
    play.view.scroll_by(-5, -5)
    assert (play.view.top, play.view.left) == (0, 0)
    play.view.scroll_by(10_000, 10_000)
    lay = ctx.frame.layout
    assert (play.view.top, play.view.left) == (200 - lay.view_rows, 200 - lay.view_cols)
    play.view.cursor = (0, 0)
    play.view.keep_cursor_in_view()
    assert (play.view.top, play.view.left) == (0, 0)


@pytest.mark.parametrize("kind", [MoveKind.OPEN, MoveKind.FLAG, MoveKind.CHORD])
def test_a_key_on_a_cursor_scrolled_out_of_sight_shows_it_and_does_nothing_else(context, kind):
    ctx = context(BoardChoice.of(200, 200, 100), scale=1)
    play = PlayScene(ctx)
    play.view.move_cursor(0, 0)  # shown in the middle of the view at the top left
    cell = play.view.cursor
    play.view.scroll_by(120, 120)  # the wheel took the view away from it
    play.key_move(kind)
    assert play.game.cell(*cell) == "#" and play.game.moves == []  # nothing out of sight
    lay = ctx.frame.layout
    assert play.view.top <= cell[0] < play.view.top + lay.view_rows
    assert play.view.left <= cell[1] < play.view.left + lay.view_cols
    play.key_move(kind)  # now that it shows, the key acts
    assert play.game.moves or kind is MoveKind.CHORD


def test_a_new_layout_keeps_the_scroll_on_the_board(context):
    ctx = context(BoardChoice.of(200, 200, 100), scale=1)
    play = PlayScene(ctx)
    play.view.top = play.view.left = 10_000
    ctx.frame.relayout()
    assert play.view.top == 200 - ctx.frame.layout.view_rows


def test_a_hint_is_shown_with_its_words_and_goes_with_the_next_move(context):
    ctx = context()
    play = PlayScene(ctx)
    play.apply(Move(MoveKind.OPEN, 4, 4))
    play.help.ask_hint()
    play.update(ctx.aids.now())
    assert play.help.hint is not None and play.game.assisted
    assert ctx.status.saying() == play.help.hint_words(play.help.hint)
    play.apply(Move(MoveKind.OPEN, *play.help.hint.cell))
    assert play.help.hint is None and ctx.status.saying() is None


def test_the_odds_go_on_and_off_and_are_help(context):
    ctx = context()
    play = PlayScene(ctx)
    play.apply(Move(MoveKind.OPEN, 4, 4))
    play.help.toggle_probabilities()
    play.update(ctx.aids.now())
    assert play.help.show_probabilities and play.help.probabilities and play.game.assisted
    play.help.toggle_probabilities()
    assert not play.help.show_probabilities and ctx.status.saying() == "Mine odds off"


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


# ---- the view follows the play (issue 24) ---------------------------------------------------


def big_game(size=200):
    """A size x size board with mines scattered (about one cell in eleven)."""
    from game.engine import Game

    rows = [
        "".join("*" if (r * 7 + c * 3) % 11 == 0 else "." for c in range(size)) for r in range(size)
    ]
    return Game.from_layout(rows)


def big_board(context, size=200, scale=1):
    from game.ui.view import centre_of

    ctx = context(BoardChoice.of(size, size, 100), scale=scale)
    ctx.session.start(big_game(size))
    play = PlayScene(ctx)

    def centre():
        return centre_of(play.view.top, play.view.left, ctx.frame.layout)

    return ctx, play, centre


def safe_cell_near(game, cell):
    r, c = cell
    return next(
        (r, c + k) for k in range(11) if game.cell(r, c + k) == "#" and (r * 7 + (c + k) * 3) % 11
    )


def test_a_resumed_game_opens_with_its_last_move_in_the_middle(context):
    ctx, play, centre = big_board(context)
    last = safe_cell_near(play.game, (150, 160))
    play.apply(Move(MoveKind.OPEN, *last))
    play.reset()  # the game put on the board again, as a resumed one is, at the top left
    assert (play.view.top, play.view.left) == (0, 0)
    play.show_where_play_is()
    assert centre() == last


def test_a_codes_start_cell_opens_in_the_middle(context):
    ctx, play, centre = big_board(context)
    game = play.game
    game.first_click = (170, 90)  # as a shared code marks it
    play.reset()
    play.show_where_play_is()
    assert centre() == (170, 90) and play.view.cursor == (170, 90)


def test_undo_and_redo_of_a_move_off_the_view_bring_it_to_the_middle(context):
    ctx, play, centre = big_board(context)
    cell = safe_cell_near(play.game, (120, 140))
    play.apply(Move(MoveKind.OPEN, *cell))
    play.view.view_to(0, 0)
    play.undo()
    assert centre() == cell
    play.view.view_to(0, 0)
    play.redo()
    assert centre() == cell
    near = (centre()[0] + 2, centre()[1] + 3)  # in view: the view stays
    play.apply(Move(MoveKind.FLAG, *near))
    before = (play.view.top, play.view.left)
    play.undo()
    assert (play.view.top, play.view.left) == before


def test_a_hint_off_the_view_comes_to_the_middle(context):
    from game.ui.view import centred

    ctx, play, centre = big_board(context, size=60, scale=3)
    play.apply(Move(MoveKind.OPEN, *safe_cell_near(play.game, (30, 30))))
    play.help.ask_hint()
    play.update(ctx.aids.now())
    hint, lay = play.help.hint, ctx.frame.layout
    far = (0 if hint.cell[0] >= 30 else 60, 0 if hint.cell[1] >= 30 else 60)
    play.view.view_to(*far)
    assert lay.cell_rect(*hint.cell, play.view.top, play.view.left) is None
    play.help.show_hint(hint)
    assert (play.view.top, play.view.left) == centred(hint.cell, lay)
    assert lay.cell_rect(*hint.cell, play.view.top, play.view.left) is not None


def zoom_commands(ctx):
    ctx.commands.add("zoom_in", lambda: ctx.frame.set_scale(ctx.frame.scale + 1))
    ctx.commands.add("zoom_out", lambda: ctx.frame.set_scale(ctx.frame.scale - 1))


def wheel(y, x=0):
    return pygame.event.Event(
        pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y)
    )


def test_ctrl_wheel_zooms_about_the_cell_under_the_pointer(context):
    ctx, play, centre = big_board(context)
    zoom_commands(ctx)
    play.view.view_to(80, 90)
    lay = ctx.frame.layout
    pos = cell_pos(ctx, play, (80 + lay.view_rows // 3, 90 + lay.view_cols // 4))
    play.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    cell = lay.cell_at(*pos, play.view.top, play.view.left)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        for step, scale in ((1, 2), (1, 3), (-1, 2), (-1, 1)):
            play.handle(wheel(step))
            assert ctx.frame.scale == scale
            assert ctx.frame.layout.cell_at(*pos, play.view.top, play.view.left) == cell
    finally:
        pygame.key.set_mods(0)


def test_ctrl_wheel_keeps_the_cell_under_a_still_pointer_when_the_window_moves_and_resizes(
    context, monkeypatch
):
    """As in a real window (openbox): the window manager resizes the window a frame after a
    zoom, a little off, and may move it (as the frame moves a grown window to keep it on the
    screen), so the pointer, still on the desktop, is elsewhere in the window and no motion
    event says so."""
    from game.ui import screen as desktop

    where = [(451, 220)]  # the window's inside on the desktop, as the window manager has it
    monkeypatch.setattr(desktop, "window_position", lambda: where[0])
    monkeypatch.setattr(desktop, "move_window", lambda to: where.__setitem__(0, tuple(to)))
    ctx, play, centre = big_board(context)
    zoom_commands(ctx)
    play.view.view_to(80, 90)
    pos = cell_pos(ctx, play, (80 + ctx.frame.layout.view_rows // 3, 90 + 5))
    play.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    cell = ctx.frame.layout.cell_at(*pos, play.view.top, play.view.left)
    first = spot_under(ctx, play, pos)
    on_desktop = (where[0][0] + pos[0], where[0][1] + pos[1])

    def under_pointer():
        x, y = on_desktop[0] - where[0][0], on_desktop[1] - where[0][1]
        return ctx.frame.layout.cell_at(x, y, play.view.top, play.view.left), (x, y)

    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        for step, scale in ((1, 2), (1, 3), (-1, 2), (-1, 1), (1, 2)):
            play.handle(wheel(step))
            assert ctx.frame.scale == scale
            got, now = under_pointer()
            assert got == cell and play.view.mouse_pos == now, (step, scale, where[0])
            w, h = ctx.frame.display.size  # the window manager's own size, a frame later
            ctx.frame.display.open((w - 6, h - 11))
            ctx.frame.resized((w - 6, h - 11))
            where[0] = (where[0][0] - 13, where[0][1] + 9)
            play.handle(pygame.event.Event(pygame.WINDOWMOVED, x=where[0][0], y=where[0][1]))
            # the view moves in whole cells: the spot stays within half a cell of the pointer
            # (a few pixels of resize can tip it onto a neighbour's edge)
            there = spot_under(ctx, play, under_pointer()[1])
            assert max(abs(there[0] - first[0]), abs(there[1] - first[1])) <= 0.5
    finally:
        pygame.key.set_mods(0)
    play.handle(
        mouse(DOWN, play.view.mouse_pos)
    )  # the player acts: a later resize keeps the middle
    assert play.view.anchor is None


def spot_under(ctx, play, pos):
    """The board point under a window pixel, in cells from the board's corner (floats)."""
    lay = ctx.frame.layout
    b, t = lay.board, lay.sizes.tile
    y = (pos[1] + 0.5 - lay.origin_y - b.y) / t
    x = (pos[0] + 0.5 - lay.origin_x - b.x) / t
    return play.view.top + y, play.view.left + x


def test_a_zoom_gesture_with_a_still_pointer_comes_back_where_it_started(context):
    """Issue 24's play-test: at the most zoom (3 on the test screen), the pointer near the
    board's top; notch by notch out to 1 and back in. The view hits the top edge on the way
    out, yet the same spot of the same cell comes back under the pointer (to within half a
    cell at every notch the edge does not hold)."""
    ctx, play, centre = big_board(context, scale=3)
    zoom_commands(ctx)
    assert ctx.frame.scale == 3
    lay = ctx.frame.layout
    play.view.view_to(2, 90)
    box = lay.cell_rect(3, 95, play.view.top, play.view.left)
    pos = (lay.origin_x + box.x + 3 * lay.zoom, lay.origin_y + box.y + 13 * lay.zoom)
    play.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    start, view = spot_under(ctx, play, pos), (play.view.top, play.view.left)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        for step, scale in ((-1, 2), (-1, 1), (1, 2), (1, 3)):
            ctx.aids.now.ms += 1500  # notch by notch, slower than the window's second
            # as SDL sends a notch: Ctrl pressed again, the wheel's button, then the wheel
            play.handle(
                pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0
                )
            )
            button = 4 if step > 0 else 5
            play.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            play.handle(wheel(step))
            assert ctx.frame.scale == scale
            now = spot_under(ctx, play, pos)
            if play.view.top > 0:  # the top edge holds the view on the way out
                assert abs(now[0] - start[0]) <= 0.5, (scale, now, start)
            assert abs(now[1] - start[1]) <= 0.5, (scale, now, start)
    finally:
        pygame.key.set_mods(0)
    assert (play.view.top, play.view.left) == view and spot_under(ctx, play, pos) == start


def test_a_pointer_moved_between_notches_anchors_the_next_zoom_where_it_is(context):
    ctx, play, centre = big_board(context, scale=3)
    zoom_commands(ctx)
    play.view.view_to(80, 90)
    first = cell_pos(ctx, play, (83, 95))
    play.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=first, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        play.handle(wheel(-1))
        lay = ctx.frame.layout
        there = (play.view.top + lay.view_rows // 2, play.view.left + lay.view_cols // 2)
        pos = cell_pos(ctx, play, there)
        play.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        play.handle(wheel(-1))
        assert ctx.frame.layout.cell_at(*pos, play.view.top, play.view.left) == there
    finally:
        pygame.key.set_mods(0)


def test_zoom_from_the_keys_and_a_resize_keep_the_middle_of_the_view(context):
    ctx, play, centre = big_board(context)
    zoom_commands(ctx)
    play.view.view_to(100, 70)
    middle = centre()
    ctx.commands.do("zoom_in")
    assert ctx.frame.scale == 2 and centre() == middle
    ctx.commands.do("zoom_out")
    assert centre() == middle
    ctx.frame.display.open((700, 500))
    ctx.frame.resized((700, 500))
    assert ctx.frame.layout.view_cols < 60 and centre() == middle


def bar_pos(ctx, point):
    lay = ctx.frame.layout
    return lay.origin_x + point[0], lay.origin_y + point[1]


def test_dragging_a_thumb_scrolls_and_a_press_on_the_track_pages(context):
    from game.ui.scrollbars import bars

    ctx, play, centre = big_board(context)
    v = bars(ctx.frame.layout, 0, 0)[0]
    thumb = v.thumb()
    grab = (thumb.x + 2, thumb.y + 3)
    play.handle(mouse(DOWN, bar_pos(ctx, grab)))
    to = (grab[0], grab[1] + v.offset_of(57))
    play.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=bar_pos(ctx, to), rel=(0, 0), buttons=(1, 0, 0))
    )
    play.handle(mouse(UP, bar_pos(ctx, to)))
    assert play.view.top == 57 and play.view.left == 0 and play.game.moves == []
    v = bars(ctx.frame.layout, play.view.top, 0)[0]
    below = (v.track.x + 2, v.track.bottom - 2)
    play.handle(mouse(DOWN, bar_pos(ctx, below)))
    play.handle(mouse(UP, bar_pos(ctx, below)))
    assert play.view.top == 57 + v.page_cells
    h = bars(ctx.frame.layout, play.view.top, 0)[1]
    right = (h.track.right - 2, h.track.y + 2)
    play.handle(mouse(DOWN, bar_pos(ctx, right)))
    play.handle(mouse(UP, bar_pos(ctx, right)))
    assert play.view.left == h.page_cells and play.game.moves == []


def test_the_wheel_scrolls_down_and_sideways(context):
    ctx, play, centre = big_board(context)
    play.handle(wheel(-1))
    assert (play.view.top, play.view.left) == (3, 0)
    play.handle(wheel(0, x=2))  # a tilted wheel or a touchpad sideways
    assert (play.view.top, play.view.left) == (3, 6)


def test_dragging_with_the_middle_button_moves_the_board_and_chords_nothing(context):
    from game.ui.gestures import MIDDLE

    ctx, play, centre = big_board(context)
    play.view.view_to(50, 50)
    start = cell_pos(ctx, play, (60, 60))
    play.handle(mouse(DOWN, start, MIDDLE))
    tile = ctx.frame.layout.sizes.tile
    end = (start[0] - 5 * tile, start[1] - 4 * tile)  # the board pulled up and left
    play.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(0, 1, 0)))
    assert (play.view.top, play.view.left) == (54, 55) and play.pressed_cells() == set()
    play.handle(mouse(UP, end, MIDDLE))
    assert play.game.moves == []
    assert ctx.frame.layout.cell_at(*end, play.view.top, play.view.left) == (60, 60)


def test_the_map_opens_over_a_paused_game_and_a_click_on_it_centres_the_view(context):
    from game.ui.dialogs import Closed
    from game.ui.scenes.dialogs import DialogScene
    from game.ui.scenes.map import GoTo, MapDialog

    ctx, play, centre = big_board(context)
    play.apply(Move(MoveKind.OPEN, *safe_cell_near(play.game, (5, 5))))
    room = DialogScene(ctx.dialogs, ctx.drawn, {GoTo: play.view.go_to, Closed: lambda _: None})
    play.view.open_map()
    assert isinstance(ctx.dialogs.dialog, MapDialog) and ctx.session.paused_by(PAUSE_DIALOG)
    room.place()
    box = ctx.frame.layout.window_box(map_cell_box(ctx.dialogs.dialog.geometry, 150, 120))
    room.handle(mouse(DOWN, (box.x, box.y)))
    assert ctx.dialogs.dialog is None and not ctx.session.paused_by(PAUSE_DIALOG)
    assert centre() == (150, 120)
    play.view.open_map()
    room.handle(key(pygame.K_ESCAPE))
    assert ctx.dialogs.dialog is None and centre() == (150, 120)


def test_closing_the_map_puts_back_the_board_it_covered_without_drawing_it_again(context):
    from game.ui.dialogs import Closed
    from game.ui.scenes.dialogs import DialogScene
    from game.ui.scenes.map import GoTo, outside

    ctx, play, centre = big_board(context, size=100)
    play.apply(Move(MoveKind.OPEN, *safe_cell_near(play.game, (40, 40))))
    play.view.centre_on((40, 40))
    r = ctx.frame.renderer
    room = DialogScene(ctx.dialogs, ctx.drawn, {GoTo: play.view.go_to, Closed: lambda _: None})

    def frame():
        ctx.drawn.board_hidden = ctx.session.veiled
        full = ctx.drawn.full
        room.place()
        play.draw(full)
        room.draw(full)
        ctx.drawn.pending.clear()
        r.present(ctx.frame.display)
        return pygame.image.tobytes(ctx.frame.display.surface, "RGB")

    shown = frame()
    before = pygame.image.tobytes(r.canvas, "RGB")
    boards = []
    real = r.draw_board
    r.draw_board = lambda *a: (boards.append(a), real(*a))
    under = r.canvas.copy()
    for _ in range(2):  # the second map is drawn on the canvas kept from the first
        play.view.open_map()
        assert frame() != shown  # the map shows, and round its panel the frame as it was
        for part in outside(ctx.dialogs.dialog.panel, under.get_size()):
            rect = (part.x, part.y, part.w, part.h)
            assert pygame.image.tobytes(r.canvas.subsurface(rect), "RGB") == (
                pygame.image.tobytes(under.subsurface(rect), "RGB")
            ), part
        room.handle(key(pygame.K_ESCAPE))
        assert frame() == shown  # and the board it covered, as it was
        assert boards == [] and pygame.image.tobytes(r.canvas, "RGB") == before
    play.view.open_map()  # a place chosen on the map: the view moved, so the board is drawn
    frame()
    room.place()
    box = ctx.frame.layout.window_box(map_cell_box(ctx.dialogs.dialog.geometry, 90, 90))
    room.handle(mouse(DOWN, (box.x, box.y)))
    frame()
    assert len(boards) == 1
