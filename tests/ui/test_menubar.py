"""The menu bar: made from the key table, placed on the smallest canvas, driven by the mouse and
the keys without a window (game/ui/menubar.py), then in the real loop."""

import pygame
import pytest

from game.engine import Difficulty, GameState
from game.engine.boards import BoardChoice
from game.session import PAUSE_DIALOG
from game.ui import keys
from game.ui.layout import Layout, Sizes, fit, smallest_canvas_size
from game.ui.menubar import (
    GROUP_STARTS,
    Colours,
    Item,
    MenuBar,
    place_drop_down,
    place_titles,
)
from game.ui.menubar import menus as bar_menus
from game.ui.render import Looks
from game.ui.theme import load_library
from game.ui.widgets import MIN_CONTRAST, Metrics, contrast

THEMES = sorted(load_library().themes)
M = Metrics()
BEGINNER = Layout(9, 9, 9, 9)  # the smallest canvas: Beginner at zoom 1


def centre(box):
    return box.x + box.w // 2, box.y + box.h // 2


def key_event(key, unicode="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)


def row_of(placed, action, bar):
    index = [i.action for i in bar.items()].index(action)
    return next(r for r in placed.rows if r.index == index)


# ---- made from the key table -------------------------------------------------------------


def test_the_menus_are_the_key_tables_menu_rows_with_their_first_shown_key():
    made = bar_menus()
    assert [name for name, _ in made] == list(keys.MENUS)
    for name, items in made:
        rows = keys.menu(name)
        assert [(i.action, i.label) for i in items] == [(b.action, b.label) for b in rows]
        for item, b in zip(items, rows, strict=True):
            assert item.key == (b.key_names().split(", ")[0] if b.key_names() else "")
    game = dict(made)["Game"]
    assert (game[0].label, game[0].key) == ("New game", "F2")


def test_a_binding_added_to_the_table_shows_in_its_menu(monkeypatch):
    extra = keys.Binding("odds", "Odds again", (keys.key(pygame.K_j),), "Game")
    monkeypatch.setattr(keys, "PLAY_KEYS", (*keys.PLAY_KEYS, extra))
    bar = MenuBar()
    bar.open_menu(0)
    assert bar.items()[-1].label == "Odds again" and bar.items()[-1].key == "J"


# ---- placed on the canvas ----------------------------------------------------------------


@pytest.mark.parametrize("theme", THEMES)
def test_the_bar_and_every_menu_fit_the_smallest_window_whole(theme):
    t = load_library().get(theme)
    m = Metrics.of(t)
    lay = fit(9, 9, smallest_canvas_size(t.sizes), 1, t.sizes)
    w, h = lay.canvas_size
    titles = place_titles(lay, m, list(keys.MENUS))
    assert [text for text, _ in titles] == list(keys.MENUS)  # not shortened
    for (_, a), (_, b) in zip(titles, titles[1:], strict=False):
        assert a.right <= b.x
    assert titles[-1][1].right <= w and all(lay.menu_bar.contains(b.x, b.y) for _, b in titles)
    for k, (name, items) in enumerate(bar_menus()):
        panel, rows, labels, shown, key_x = place_drop_down(lay, m, titles[k][1], items)
        assert shown == tuple(i.key for i in items)  # every key in its column
        assert panel.x >= 0 and panel.right <= w and panel.y == titles[k][1].bottom
        assert panel.bottom <= h, name
        assert list(labels) == [i.label for i in items]  # nothing cut
        items_rows = [r for r in rows if r.index is not None]
        assert [r.index for r in items_rows] == list(range(len(items)))
        for r, item in zip(items_rows, items, strict=True):
            assert r.box.h >= m.glyph_h and r.box.right <= panel.right
            label_end = r.box.x + 4 + len(item.label) * m.glyph_w
            assert label_end < key_x and key_x + len(item.key) * m.glyph_w <= panel.right
        for a, b in zip(rows, rows[1:], strict=False):
            assert a.box.bottom <= b.box.y
        separators = [rows[n + 1].index for n, r in enumerate(rows) if r.index is None]
        assert separators and all(items[i].action in GROUP_STARTS for i in separators)


def test_a_canvas_too_narrow_for_the_titles_shows_their_first_letters():
    wide_font = Metrics(glyph_w=12, glyph_h=10)
    titles = place_titles(BEGINNER, wide_font, ["Game", "Options", "Help"])
    assert [text for text, _ in titles] == ["G", "O", "H"]
    assert titles[-1][1].right <= BEGINNER.canvas_size[0]


def test_a_drop_down_stays_on_the_canvas_where_it_is_wide_or_long():
    long = [
        Item(f"a{n}", f"A rather long label, longer than any {n}", "Ctrl+Shift+X")
        for n in range(25)
    ]
    titles = place_titles(BEGINNER, M, ["Game", "Options", "Help"])
    panel, rows, labels, _, _ = place_drop_down(BEGINNER, M, titles[2][1], long)
    w, h = BEGINNER.canvas_size
    assert panel.x >= 0 and panel.right <= w and panel.bottom <= h
    assert all(len(text) < len(item.label) for text, item in zip(labels, long, strict=True))


def test_labels_too_long_beside_the_keys_take_the_whole_width_and_the_keys_give_way():
    """A long language at the smallest window: rows of 22 characters and keys of 6 do not fit
    the 26 of the canvas side by side; the keys' column goes (the whole menu's: F1 lists
    them) and no label is cut. A menu that fits keeps its keys."""
    long = [Item("a", "Longer words of a row x", "Ctrl+C"), Item("b", "Short", "F2")]
    titles = place_titles(BEGINNER, M, ["Game", "Options", "Help"])
    panel, rows, labels, shown, _ = place_drop_down(BEGINNER, M, titles[0][1], long)
    assert labels == ("Longer words of a row x", "Short") and shown == ("", "")
    assert panel.right <= BEGINNER.canvas_size[0]
    assert panel.w >= 2 * 2 + 2 * 4 + (1 + 23) * M.glyph_w
    short = [Item("a", "Longer words", "Ctrl+C"), Item("b", "Short", "F2")]
    _, _, labels, shown, _ = place_drop_down(BEGINNER, M, titles[0][1], short)
    assert labels == ("Longer words", "Short") and shown == ("Ctrl+C", "F2")


# ---- the mouse and the keys, without a window ------------------------------------------------


def test_keys_move_between_menus_and_rows_and_enter_chooses():
    bar = MenuBar()
    bar.open_menu(0)
    assert (bar.open, bar.focus) == (0, 0)
    bar.key(key_event(pygame.K_LEFT))
    assert bar.open == len(keys.MENUS) - 1 and bar.focus == 0  # round to the last menu
    bar.key(key_event(pygame.K_RIGHT))
    bar.key(key_event(pygame.K_RIGHT))
    assert bar.open == 1
    bar.key(key_event(pygame.K_UP))
    assert bar.focus == len(bar.items()) - 1  # round to the bottom
    bar.key(key_event(pygame.K_DOWN))
    bar.key(key_event(pygame.K_DOWN))
    assert bar.focus == 1
    bar.key(key_event(pygame.K_z, "z"))
    assert bar.items()[bar.focus].label == "Zoom in"
    bar.key(key_event(pygame.K_z, "z"))
    assert bar.items()[bar.focus].label == "Zoom out"
    assert bar.key(key_event(pygame.K_RETURN, "\r")) == "zoom_out" and not bar.is_open


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_F10, pygame.K_g])
def test_esc_or_the_key_that_opened_it_closes_the_menu_choosing_nothing(key):
    bar = MenuBar()
    bar.open_menu(2)
    assert bar.key(key_event(key)) is None and not bar.is_open


def test_a_click_on_a_title_opens_and_one_on_a_row_chooses_it():
    bar = MenuBar()
    closed = bar.placed(BEGINNER, M)
    bar.press(centre(closed.titles[1][1]), closed)
    assert (bar.open, bar.focus) == (1, None) and bar.eat_release
    assert bar.release(centre(closed.titles[1][1]), bar.placed(BEGINNER, M)) is None
    assert bar.is_open and not bar.eat_release  # let go on the title: it stays open
    placed = bar.placed(BEGINNER, M)
    row = row_of(placed, "mute", bar)
    bar.motion(centre(row.box), placed)
    assert bar.items()[bar.focus].action == "mute"
    bar.press(centre(row.box), placed)
    assert bar.release(centre(row.box), placed) == "mute" and not bar.is_open


def test_pressing_a_title_and_letting_go_on_a_row_chooses_it_and_off_the_menu_nothing():
    bar = MenuBar()
    closed = bar.placed(BEGINNER, M)
    bar.press(centre(closed.titles[0][1]), closed)
    placed = bar.placed(BEGINNER, M)
    row = row_of(placed, "expert", bar)
    bar.motion(centre(row.box), placed)
    assert bar.release(centre(row.box), placed) == "expert"
    bar.press(centre(closed.titles[0][1]), closed)
    bar.motion((placed.panel.right + 5, placed.panel.bottom + 5), placed)
    assert bar.focus is None
    assert bar.release((placed.panel.right + 5, placed.panel.bottom + 5), placed) is None
    assert not bar.is_open


def test_moving_over_another_title_opens_its_menu_and_its_own_title_closes_it():
    bar = MenuBar()
    closed = bar.placed(BEGINNER, M)
    bar.press(centre(closed.titles[0][1]), closed)
    bar.release(centre(closed.titles[0][1]), closed)
    bar.motion(centre(closed.titles[2][1]), bar.placed(BEGINNER, M))
    assert bar.open == 2
    bar.press(centre(closed.titles[2][1]), bar.placed(BEGINNER, M))
    assert not bar.is_open


def test_a_click_outside_the_menu_closes_it_and_chooses_nothing():
    bar = MenuBar()
    bar.open_menu(0)
    placed = bar.placed(BEGINNER, M)
    outside = (placed.panel.right + 3, BEGINNER.board.bottom - 2)
    bar.press(outside, placed)
    assert not bar.is_open and bar.eat_release
    assert bar.release(outside, placed) is None and not bar.eat_release


@pytest.mark.parametrize("theme", THEMES)
def test_the_bar_text_reads_at_least_4_5_to_1_in_every_shipped_theme(theme):
    colours = Colours.of(load_library().get(theme))
    for where, fg, bg in colours.text_pairs():
        assert contrast(fg, bg) >= MIN_CONTRAST, (theme, where)


# ---- in the real loop ----------------------------------------------------------------------


def window_point(lay, box):
    x, y = centre(box)
    return lay.origin_x + x * lay.text, lay.origin_y + y * lay.text  # menus: text pixels


def placed_of(app):
    return app.menu.bar.placed(app.ctx.frame.layout, Metrics.of(app.ctx.frame.theme))


def test_a_click_on_game_opens_it_pauses_the_game_and_a_click_on_a_row_runs_it(drive):
    d = drive(scale=2)
    d.click((0, 0))
    assert d.app.play.game.state is GameState.PLAYING and d.app.ctx.session.running
    lay = d.app.ctx.frame.layout
    title = window_point(lay, placed_of(d.app).titles[0][1])
    d.down(title)
    d.up(title)
    assert d.app.menu.bar.is_open and d.app.ctx.session.paused_by(PAUSE_DIALOG)
    assert not d.app.ctx.session.running
    row = row_of(placed_of(d.app), "intermediate", d.app.menu.bar)
    d.move(window_point(lay, row.box), (0, 0, 0))
    canvas = d.app.ctx.frame.renderer.canvas
    highlight = Colours.of(d.app.ctx.frame.theme).highlight
    assert canvas.get_at((row.box.x + 1, row.box.y + 1))[:3] == highlight
    d.down(window_point(lay, row.box))
    d.up(window_point(lay, row.box))
    assert not d.app.menu.bar.is_open
    d.key(pygame.K_RETURN, "\r")  # the game in progress is left when the player says so
    assert (d.app.play.game.rows, d.app.play.game.cols) == (16, 16)
    assert not d.app.ctx.session.paused_by(PAUSE_DIALOG)


def test_f10_opens_the_game_menu_and_the_keys_choose_a_row(drive):
    d = drive()
    marks = d.app.ctx.settings.question_marks
    d.key(pygame.K_F10)
    assert d.app.menu.bar.open == 0 and d.app.menu.bar.focus == 0
    d.key(pygame.K_RIGHT)
    while d.app.menu.bar.items()[d.app.menu.bar.focus].action != "question_marks":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN, "\r")
    assert not d.app.menu.bar.is_open and d.app.ctx.settings.question_marks is not marks
    d.key(pygame.K_F10)
    d.key(pygame.K_F10)
    assert not d.app.menu.bar.is_open


def test_keys_do_not_reach_the_board_while_a_menu_is_open_and_ctrl_keys_close_it(drive):
    d = drive()
    d.key(pygame.K_g, "g")
    d.key(pygame.K_3, "3")  # not Expert: the menu has the keys
    assert d.app.ctx.frame.board.cols == 9 and d.app.menu.bar.is_open
    d.key(pygame.K_q, "", pygame.KMOD_LCTRL)
    assert not d.app.games.running  # Ctrl+Q quits at once, menu or not


def test_a_click_outside_an_open_menu_closes_it_without_touching_the_board(drive):
    d = drive()
    game = d.app.play.game
    d.key(pygame.K_F10)
    d.key(pygame.K_LEFT)  # Help: a narrow menu
    corner = (8, 0)
    assert not placed_of(d.app).panel.contains(*centre(d.app.ctx.frame.layout.cell_rect(*corner)))
    d.click(corner)
    assert not d.app.menu.bar.is_open and d.app.play.game is game
    assert game.state is GameState.READY and not game.moves
    d.click(corner)
    assert game.state is not GameState.READY


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_clicks_on_the_board_land_on_their_cell_and_clicks_on_the_bar_open_it(drive, scale):
    d = drive(BoardChoice.standard(Difficulty.BEGINNER), scale=scale)
    assert d.app.ctx.frame.layout.zoom == scale
    for cell in [(0, 0), (0, 8), (8, 0)]:
        d.click(cell, button=3)
        assert d.app.play.game.cell(*cell) == "F"
    lay = d.app.ctx.frame.layout
    bar = lay.window_box(lay.menu_bar)
    far_end = (bar.x + bar.w - 2, bar.y + bar.h - 1)  # on the bar, past the titles
    d.down(far_end)
    d.up(far_end)
    assert not d.app.menu.bar.is_open and d.app.play.game.state is GameState.READY
    help_title = window_point(lay, placed_of(d.app).titles[2][1])
    d.down(help_title)
    d.up(help_title)
    assert d.app.menu.bar.open == 2


def test_the_bar_is_drawn_crisp_with_the_themes_text_and_panel(drive):
    d = drive(scale=1)
    canvas = d.app.ctx.frame.renderer.canvas
    bar = d.app.ctx.frame.layout.menu_bar
    colours = Colours.of(d.app.ctx.frame.theme)
    seen = {tuple(canvas.get_at((x, y)))[:3] for x in range(bar.w) for y in range(bar.h)}
    assert seen == {colours.bar, colours.text}  # text in one colour: no blended edges
    d.key(pygame.K_F10)
    seen = {tuple(canvas.get_at((x, y)))[:3] for x in range(bar.w) for y in range(bar.h)}
    assert colours.highlight in seen and colours.highlight_text in seen


def test_the_open_menu_stays_drawn_over_what_is_drawn_under_it(drive):
    d = drive(scale=1)
    d.key(pygame.K_g, "g")
    panel = placed_of(d.app).panel
    before = d.app.ctx.frame.renderer.canvas.subsurface((panel.x, panel.y, panel.w, panel.h)).copy()
    d.app.ctx.status.say("A message under the menu")
    d.app.ctx.frame.renderer.draw_cells(
        d.app.play.game, 0, 0, [(0, 0), (1, 1)], Looks()
    )  # under it
    d.tick()
    after = d.app.ctx.frame.renderer.canvas.subsurface((panel.x, panel.y, panel.w, panel.h))
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")


def test_a_dialog_holds_the_bar_and_a_dialog_that_comes_up_closes_the_menu(drive):
    d = drive()
    d.key(pygame.K_F1)
    assert d.app.ctx.dialogs.dialog is not None
    title = window_point(d.app.ctx.frame.layout, placed_of(d.app).titles[0][1])
    d.down(title)
    d.up(title)
    assert not d.app.menu.bar.is_open
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F10)
    from game.ui.dialogs import NoticeDialog

    d.app.ctx.dialogs.open(NoticeDialog("Note", ["a file could not be read"]))
    d.tick()
    assert not d.app.menu.bar.is_open and d.app.ctx.session.paused_by(PAUSE_DIALOG)


def test_the_smallest_layout_is_a_beginner_at_zoom_one():
    assert smallest_canvas_size(Sizes()) == BEGINNER.canvas_size


def test_help_about_names_the_version_the_licence_and_where_the_players_files_are(drive):
    from game.store.files import config_dir, data_dir
    from game.version import __version__

    d = drive(scale=3)
    d.key(pygame.K_F10)
    d.key(pygame.K_LEFT)  # round to the last menu: Help
    assert keys.MENUS[d.app.menu.bar.open] == "Help"
    while d.app.menu.bar.items()[d.app.menu.bar.focus].action != "about":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN, "\r")
    about = d.app.ctx.dialogs.dialog
    assert about is not None and about.title == "About Pixel Mines"
    assert ("Version", __version__) in about.table and ("Licence", "MIT") in about.table
    said = " ".join(about.paragraphs)
    assert str(config_dir()) in said and str(data_dir()) in said
    d.key(pygame.K_RETURN, "\r")
    assert d.app.ctx.dialogs.dialog is None
