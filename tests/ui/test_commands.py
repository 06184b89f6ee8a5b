"""The command table: every key and menu row has a command; what can be done now and what is
checked now, as the menus show them (ticks and greyed rows)."""

import pygame

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.settings import Settings
from game.ui import keys
from game.ui.menubar import Colours, menus
from game.ui.widgets import Metrics

CTRL = pygame.KMOD_CTRL


def test_every_key_of_the_table_and_every_menu_row_has_a_command(drive):
    d = drive()
    names = d.app.ctx.commands.names()
    assert {b.action for b in keys.PLAY_KEYS} <= names
    rows = {i.action for _, items in menus(extra=d.app.menu.bar.extra) for i in items}
    assert rows <= names
    assert {f"theme:{k}" for k in d.app.ctx.aids.themes.themes} <= rows  # one row a theme


def test_undo_and_redo_are_available_only_with_something_to_take_back(drive):
    d = drive()
    c = d.app.ctx.commands
    assert not c.available("undo") and not c.available("redo")
    d.click((4, 4))
    assert c.available("undo") and not c.available("redo")
    d.key(pygame.K_z, "z", mod=CTRL)
    assert c.available("redo")


def test_copy_code_is_greyed_before_the_board_exists(drive):
    d = drive()
    c = d.app.ctx.commands
    assert not c.available("copy_code")
    d.click((4, 4))
    assert c.available("copy_code")


def test_pause_is_greyed_when_no_game_is_running(drive):
    d = drive()
    c = d.app.ctx.commands
    assert not c.available("pause")
    d.click((4, 4))
    assert c.available("pause")
    d.key(pygame.K_F3)
    assert c.available("pause")  # paused: it plays on


def test_the_difficulty_tick_follows_the_board(drive):
    d = drive()
    c = d.app.ctx.commands
    assert c.checked("beginner") and not c.checked("intermediate") and not c.checked("expert")
    d.key(pygame.K_2, "2")
    assert c.checked("intermediate") and not c.checked("beginner")
    assert c.checked("new_game") is None  # not a command that can be checked


def test_theme_sound_question_marks_odds_and_fullscreen_are_ticked_as_they_are(drive):
    d = drive(settings=Settings(motion=False, volume="off", theme="classic"))
    c = d.app.ctx.commands
    assert c.checked("theme:classic") and not c.checked("theme:night")
    assert not c.checked("mute") and not c.checked("question_marks") and not c.checked("odds")
    assert not c.checked("fullscreen")
    d.key(pygame.K_t, "t")
    assert c.checked(f"theme:{d.app.ctx.frame.theme.key}") and not c.checked("theme:classic")
    d.key(pygame.K_v, "v")
    d.key(pygame.K_q, "q")
    d.key(pygame.K_p, "p")
    d.key(pygame.K_F11)
    assert c.checked("mute") and c.checked("question_marks") and c.checked("odds")
    assert c.checked("fullscreen")


def open_game_menu(d):
    d.key(pygame.K_F10)
    assert d.app.menu.bar.is_open
    return d.app.menu.bar.placed(d.app.ctx.frame.layout, Metrics.of(d.app.ctx.frame.theme))


def colours_in(d, box):
    canvas = d.app.ctx.frame.renderer.canvas
    return {
        tuple(canvas.get_at((x, y)))[:3]
        for x in range(box.x, box.right)
        for y in range(box.y, box.bottom)
    }


def row_box(d, placed, action):
    index = [i.action for i in d.app.menu.bar.items()].index(action)
    return next(r.box for r in placed.rows if r.index == index)


def test_the_open_menu_draws_greyed_rows_grey_and_ticked_rows_with_a_tick(drive):
    d = drive()
    placed = open_game_menu(d)
    col = Colours.of(d.app.ctx.frame.theme)
    undo, stats = row_box(d, placed, "undo"), row_box(d, placed, "stats")
    assert col.text not in colours_in(d, undo) and col.shadow in colours_in(d, undo)
    assert col.text in colours_in(d, stats)
    glyph_w = d.app.ctx.frame.theme.font.width
    beginner, expert = row_box(d, placed, "beginner"), row_box(d, placed, "expert")

    def tick_cell(box):
        return type(box)(box.x + 4, box.y, glyph_w, box.h)

    assert col.text in colours_in(d, tick_cell(beginner))
    assert colours_in(d, tick_cell(expert)) == {col.bar}


def test_a_greyed_row_chosen_does_nothing(drive):
    d = drive()
    open_game_menu(d)
    items = [i.action for i in d.app.menu.bar.items()]
    d.app.menu.bar.focus = items.index("copy_code")
    d.key(pygame.K_RETURN, "\r")
    assert not d.app.menu.bar.is_open
    assert d.app.ctx.status.message is None  # not even "No code before the first click"


def test_a_theme_row_of_the_options_menu_sets_the_theme(drive):
    d = drive(settings=Settings(motion=False, volume="off", theme="classic"))
    d.key(pygame.K_F10)
    d.key(pygame.K_RIGHT)
    items = [i.action for i in d.app.menu.bar.items()]
    d.app.menu.bar.focus = items.index("theme:night")
    d.key(pygame.K_RETURN, "\r")
    assert d.app.ctx.frame.theme.key == "night"
    assert d.app.ctx.frame.board == BoardChoice.standard(Difficulty.BEGINNER)


def test_a_key_press_finds_the_first_binding_that_matches_it_in_each_table():
    """`keys.action_for` looks keys up by code and by character: it answers as going down the
    table binding by binding would, for every key of every table and with each modifier."""
    mods = [
        0,
        pygame.KMOD_LCTRL,
        pygame.KMOD_LSHIFT,
        pygame.KMOD_LALT,
        pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
    ]
    for table in (keys.PLAY_KEYS, keys.REPLAY_KEYS, keys.ANALYSIS_KEYS):
        codes = {k.code for b in table for k in b.keys if k.code is not None}
        chars = {k.char for b in table for k in b.keys if k.char is not None}
        presses = [(code, "") for code in codes] + [(pygame.K_UNKNOWN, ch) for ch in chars]
        presses += [(pygame.K_a, "a"), (pygame.K_F12, ""), (pygame.K_KP_PLUS, "+")]
        asked = 0
        for code, char in presses:
            for mod in mods:
                event = pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char, mod=mod)
                scan = next(
                    (b.action for b in table if any(k.matches(event) for k in b.keys)), None
                )
                assert keys.action_for(event, table) == scan, (code, char, mod)
                asked += scan is not None
        assert asked >= len(table)  # every binding was found by some press


def test_of_two_bindings_with_the_same_key_the_first_in_the_table_wins():
    by_code = keys.Binding("by code", "", (keys.Key(code=pygame.K_x),))
    by_char = keys.Binding("by char", "", (keys.Key(char="x"),))
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, unicode="x", mod=0)
    assert keys.action_for(press, (by_code, by_char)) == "by code"
    assert keys.action_for(press, (by_char, by_code)) == "by char"
