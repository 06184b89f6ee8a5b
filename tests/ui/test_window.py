"""The real loop fed real pygame events: mouse, keys, dialogs, scrolling, the toolbar."""

import json
import re

import pygame
import pytest

from game.engine import Game, GameState
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.settings import Settings, SettingsFile
from game.store.stats import GameRecord, Stats
from game.ui import keys
from game.ui import layout as geometry
from game.ui.dialogs import Question
from game.ui.gestures import DOUBLE_CLICK_MS, LONG_PRESS_MS
from game.ui.menubar import Item
from game.ui.status import MESSAGE_MS
from game.ui.widgets import Metrics

MESSAGE_WAIT = MESSAGE_MS + 100

# A 9x9 board: mines in the top-left corner, the rest opens from the far corner.
CORNER = ["**......."] + ["*........"] + ["........."] * 7


def test_window_is_titled_and_starts_ready_with_a_smile(drive):
    d = drive()
    assert pygame.display.get_caption()[0] == "Pixel Mines"
    assert d.app.play.game.state is GameState.READY
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_smile")
    assert d.cell_shows((0, 0), "covered")


def test_left_press_shows_pressed_cell_and_oh_face_and_release_opens(drive):
    d = drive(layout=CORNER)
    pos = d.at((8, 8))
    d.down(pos)
    assert d.cell_shows((8, 8), "pressed")
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_oh")
    assert d.app.play.game.state is GameState.READY
    d.up(pos)
    assert d.app.play.game.cell(8, 8) == "."
    assert d.app.play.game.state is GameState.WON
    lines = d.app.ctx.dialogs.dialog.texts()
    assert lines[0] == "You won!" and any(t.startswith("3BV/s") for t in lines)
    d.key(pygame.K_SPACE, " ")  # closes the results; the board is there underneath
    assert d.app.ctx.dialogs.dialog is None
    assert d.cell_shows((8, 8), "open_0")
    assert d.cell_shows((0, 0), "flag")
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_win")


def test_dragging_moves_the_press_and_release_off_the_board_does_nothing(drive):
    d = drive(layout=CORNER)
    d.down(d.at((4, 4)))
    d.move(d.at((5, 6)))
    assert d.app.play.pressed_cells() == {(5, 6)}
    assert d.cell_shows((5, 6), "pressed") and d.cell_shows((4, 4), "covered")
    d.move(d.face_pos())
    assert d.app.play.pressed_cells() == set()
    d.up(d.face_pos())
    assert d.app.play.game.state is GameState.READY
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_smile")


def test_right_button_cycles_the_marks_with_question_marks_on_q(drive):
    d = drive(layout=CORNER)
    seen = []
    for _ in range(2):
        d.click((0, 0), button=3)
        seen.append(d.app.play.game.cell(0, 0))
    d.key(pygame.K_q, "q")
    for _ in range(3):
        d.click((0, 0), button=3)
        seen.append(d.app.play.game.cell(0, 0))
    assert seen == ["F", "#", "F", "?", "#"]
    d.click((0, 0), button=3)
    assert d.cell_shows((0, 0), "flag")
    assert d.app.play.game.mines_remaining == 2


# A wall of mines down column 4: two openings, 3BV 2.
WALL = ["....*...."] * 9

# (1, 1) is a 1 whose only mine is (0, 0).
CHORD = ["*...*....", ".........", ".........", ".........", "*...*....", "........."] + [
    ".........",
    ".........",
    "........*",
]


def open_number_with_flag(drive):
    d = drive(layout=CHORD)
    d.click((1, 1))  # a 1: its mine is (0, 0)
    assert d.app.play.game.cell(1, 1) == "1"
    d.click((0, 0), button=3)
    return d


def test_both_buttons_chord_once_and_show_pressed_neighbours(drive):
    d = open_number_with_flag(drive)
    pos = d.at((1, 1))
    d.down(pos, 1)
    d.down(pos, 3)
    assert d.app.play.pressed_cells() == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert d.cell_shows((2, 2), "pressed")
    d.up(pos, 1)
    assert d.app.play.game.cell(2, 2) != "#"
    assert d.app.play.game.clicks.chord == 1
    d.up(pos, 3)
    assert d.app.play.game.clicks.chord == 1  # releasing the second button does not chord again
    assert d.app.play.game.cell(0, 0) == "F"


def test_middle_button_chords(drive):
    d = open_number_with_flag(drive)
    pos = d.at((1, 1))
    d.down(pos, 2)
    assert (1, 2) in d.app.play.pressed_cells()
    d.up(pos, 2)
    assert d.app.play.game.cell(1, 2) != "#"
    assert d.app.play.game.clicks.chord == 1


def test_a_double_click_never_acts_twice(drive):
    d = drive(layout=CHORD)
    d.click((0, 0), button=3)  # flag first: the 1 at (1, 1) will be chordable at once
    d.click((1, 1))
    d.click((1, 1))  # the second click of a double click: no chord
    assert d.app.play.game.clicks.chord == 0
    assert d.app.play.game.cell(1, 2) == "#"
    d.tick(DOUBLE_CLICK_MS)
    d.click((1, 1))  # a deliberate later click on the number chords
    assert d.app.play.game.clicks.chord == 1
    assert d.app.play.game.cell(1, 2) != "#"


def test_pressing_the_face_shows_it_pressed_and_starts_a_new_game(drive):
    d = drive()
    d.click((4, 4))
    first = d.app.play.game
    assert first.state is GameState.PLAYING
    d.down(d.face_pos())
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_pressed")
    d.up(d.face_pos())
    assert d.app.ctx.dialogs.dialog.question is Question.LEAVE  # a game was in progress
    d.key(pygame.K_RETURN, "\r")
    assert d.app.play.game is not first
    assert d.app.play.game.state is GameState.READY
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_smile")
    assert d.app.play.timer_value() == 0


def test_face_press_released_elsewhere_does_nothing(drive):
    d = drive()
    d.click((4, 4))
    first = d.app.play.game
    d.down(d.face_pos())
    d.move(d.at((0, 0)))
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_smile")
    d.up(d.at((0, 0)))
    assert d.app.play.game is first


def test_f2_and_n_start_new_games_and_1_2_3_switch_difficulty(drive):
    d = drive()
    d.click((4, 4))
    first = d.app.play.game
    d.key(pygame.K_F2)
    assert d.app.play.game is first  # a game in progress: asked first
    d.key(pygame.K_RETURN, "\r")
    assert d.app.play.game is not first and d.app.play.game.state is GameState.READY
    d.key(pygame.K_3, "3")  # no move made: at once
    assert (d.app.play.game.rows, d.app.play.game.cols, d.app.play.game.mines) == (16, 30, 99)
    d.key(pygame.K_2, "2")
    assert (d.app.play.game.rows, d.app.play.game.cols, d.app.play.game.mines) == (16, 16, 40)
    d.key(pygame.K_n, "n")
    assert d.app.play.game.rows == 16


def test_keyboard_play_with_a_visible_cursor(drive):
    d = drive(layout=CHORD)
    d.key(pygame.K_DOWN)  # the first arrow shows the cursor in the middle
    start = d.app.play.view.cursor
    d.key(pygame.K_LEFT)
    assert d.app.play.view.cursor == (start[0], start[1] - 1)
    d.app.play.view.cursor = (1, 1)
    d.key(pygame.K_UP)
    d.key(pygame.K_DOWN)
    assert d.app.play.view.cursor == (1, 1)
    d.key(pygame.K_SPACE, " ")
    assert d.app.play.game.cell(1, 1) == "1"
    d.key(pygame.K_UP)
    d.key(pygame.K_LEFT)
    d.key(pygame.K_f, "f")
    assert d.app.play.game.cell(0, 0) == "F"
    canvas = d.app.ctx.frame.renderer.canvas
    box = d.app.ctx.frame.layout.cell_rect(0, 0)
    accent = d.app.ctx.frame.theme.colours["accent"]
    assert canvas.get_at((box.x, box.y))[:3] == accent  # the cursor outline is drawn
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_d, "d")
    assert d.app.play.game.cell(2, 2) != "#"


def test_custom_dialog_explains_bad_values_and_starts_good_ones(drive):
    d = drive()
    d.key(pygame.K_c, "c")
    dialog = d.app.ctx.dialogs.dialog
    assert dialog is not None
    for _ in range(3):
        d.key(pygame.K_BACKSPACE)
    d.key(pygame.K_4, "4")  # rows 4: below the minimum
    d.key(pygame.K_TAB)
    for _ in range(3):
        d.key(pygame.K_BACKSPACE)
    for ch in "300":
        d.key(getattr(pygame, f"K_{ch}"), ch)  # columns 300: above the maximum
    d.key(pygame.K_RETURN)
    assert d.app.ctx.dialogs.dialog is dialog
    assert dialog.errors[0] == "rows: 5 to 200"
    assert dialog.errors[1] == "columns: 5 to 200"
    assert dialog.errors[2] == "fix rows/cols first"
    assert "rows: 5 to 200" in dialog.texts()
    assert d.app.play.game.rows == 9
    assert dialog.focus == 0  # the first bad field has the focus
    # fix them: rows 12, columns 20, mines 300 (too many for 240 cells), then 30
    for value in ("12", "20", "300"):
        for _ in range(5):
            d.key(pygame.K_BACKSPACE)
        for ch in value:
            d.key(getattr(pygame, f"K_{ch}"), ch)
        d.key(pygame.K_TAB)
    assert dialog.values == ["12", "20", "300"]
    d.press("ok")  # the OK button, with the mouse
    assert dialog.errors == ["", "", "mines: 1 to 239"]
    assert dialog.focus == 2 and dialog.fields[2].selected  # to be typed again
    d.key(pygame.K_3, "3")
    d.key(pygame.K_0, "0")
    assert dialog.values[2] == "30"
    d.key(pygame.K_RETURN)
    assert d.app.ctx.dialogs.dialog is None
    assert (d.app.play.game.rows, d.app.play.game.cols, d.app.play.game.mines) == (12, 20, 30)


def test_custom_dialog_escape_cancels(drive):
    d = drive()
    d.key(pygame.K_c, "c")
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None and d.app.games.running
    assert d.app.play.game.rows == 9
    d.key(pygame.K_c, "c")
    d.key(pygame.K_BACKSPACE)
    d.press("cancel")
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game.rows == 9


@pytest.mark.concurrent
def test_scrolling_a_100_by_100_board(drive):
    d = drive(BoardChoice(100, 100, 500), scale=1)
    lay = d.app.ctx.frame.layout
    assert lay.view_rows < 100 and lay.view_cols < 100
    d.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    d.tick()
    assert d.app.play.view.top == 6
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    d.tick()
    pygame.key.set_mods(0)
    assert d.app.play.view.left == 3
    d.click((6, 3))  # the top-left cell in view is (6, 3) now
    assert d.app.play.game.cell(6, 3) != "#"
    d.post(pygame.MOUSEWHEEL, x=0, y=-1000, flipped=False, precise_x=0.0, precise_y=-1000.0)
    d.tick()
    assert d.app.play.view.top == 100 - lay.view_rows
    # the keyboard cursor keeps itself in view: a step off the top edge brings it to the middle
    d.app.play.view.cursor = (d.app.play.view.top, 50)
    d.key(pygame.K_UP)
    top = d.app.play.view.top
    assert d.app.play.view.cursor[0] == top + lay.view_rows // 2
    for _ in range(lay.view_rows // 2):  # within the view, the view stays
        d.key(pygame.K_UP)
    assert d.app.play.view.top == top and d.app.play.view.cursor[0] == top


def test_timer_shows_1_at_the_first_click_stops_at_the_end_and_caps_at_999(drive):
    d = drive(layout=CHORD)
    assert d.app.play.timer_value() == 0
    d.click((1, 1))
    assert d.app.play.timer_value() == 1
    d.tick(2500)
    assert d.app.play.timer_value() == 3
    d.click((0, 0))  # a mine
    assert d.app.play.game.state is GameState.LOST
    d.key(pygame.K_ESCAPE)  # the loss's notice, over the board
    frozen = d.app.play.timer_value()
    d.tick(5000)
    assert d.app.play.timer_value() == frozen
    assert d.sprite_at(d.app.ctx.frame.layout.face, "face_lose")
    assert d.cell_shows((0, 0), "mine_red")
    assert d.cell_shows((0, 4), "mine")
    e = drive(layout=CHORD)
    e.click((1, 1))
    e.tick(2_000_000)
    assert e.app.play.timer_value() == 999


def test_counter_goes_negative_on_screen(drive):
    d = drive(layout=["*........"] + ["........."] * 8)
    for col in range(1, 4):
        d.click((5, col), button=3)
    assert d.app.play.game.mines_remaining == -2
    assert d.app.ctx.drawn.toolbar[0] == -2


def test_escape_never_quits_and_ctrl_q_quits_at_once_playing_or_not(drive):
    """Issue 39: Esc closes or leaves what is on top, else nothing (tests/ui/
    test_esc_never_quits.py has the rest)."""
    d = drive()
    d.click((4, 4))
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None and d.app.games.running
    d.key(pygame.K_q, "q", mod=pygame.KMOD_CTRL)
    assert not d.app.games.running
    e = drive()
    e.key(pygame.K_ESCAPE)
    assert e.app.games.running
    e.key(pygame.K_q, "q", mod=pygame.KMOD_CTRL)
    assert not e.app.games.running


def test_help_overlay_opens_with_f1_and_closes_with_any_key(drive):
    d = drive()
    d.key(pygame.K_F1)
    assert d.app.ctx.dialogs.dialog is not None
    d.key(pygame.K_a, "a")
    assert d.app.ctx.dialogs.dialog is None
    d.key(pygame.K_SLASH, "?")
    assert d.app.ctx.dialogs.dialog is not None


def test_long_press_flags_when_the_setting_is_on_and_never_opens(drive):
    d = drive(layout=CHORD, settings=Settings(long_press_flag=True, motion=False))
    pos = d.at((3, 3))
    d.down(pos)
    d.tick(LONG_PRESS_MS)
    assert d.app.play.game.cell(3, 3) == "F"
    d.up(pos)
    assert d.app.play.game.cell(3, 3) == "F"
    assert d.app.play.game.state is GameState.READY
    off = drive(layout=CHORD)
    off.down(off.at((3, 3)))
    off.tick(LONG_PRESS_MS * 2)
    off.up(off.at((3, 3)))
    assert off.app.play.game.cell(3, 3) != "F"


@pytest.mark.parametrize("board, zoom", [((9, 9, 10), 3), ((16, 16, 40), 2)])
def test_the_window_shows_the_face_scaled_by_whole_pixels(drive, board, zoom):
    d = drive(BoardChoice(*board), scale=zoom)
    lay = d.app.ctx.frame.layout
    assert lay.zoom == zoom
    face = lay.window_box(lay.face)
    window = pygame.display.get_surface()
    sprite = d.app.ctx.frame.theme.plain().sprites[d.app.play.face()]
    for sx, sy in [(5, 5), (12, 9), (0, 0), (23, 23)]:
        colour = window.get_at((face.x + sx * zoom, face.y + sy * zoom))
        if sprite.get_at((sx, sy)).a == 255:
            assert colour[:3] == sprite.get_at((sx, sy))[:3]
        for dx in range(zoom):
            for dy in range(zoom):
                assert window.get_at((face.x + sx * zoom + dx, face.y + sy * zoom + dy)) == colour


def test_zoom_keys_change_the_whole_number_scale(drive):
    d = drive(scale=2)
    d.key(pygame.K_EQUALS, "+")
    assert d.app.ctx.frame.scale == 3
    d.key(pygame.K_MINUS, "-")
    d.key(pygame.K_MINUS, "-")
    assert d.app.ctx.frame.scale == 1
    assert pygame.display.get_surface().get_size() == d.app.ctx.frame.layout.canvas_size


def test_resizing_the_window_picks_the_largest_whole_scale_that_fits(drive):
    d = drive(scale=1)
    w, h = d.app.ctx.frame.layout.canvas_size
    pygame.display.set_mode((2 * w + 7, 2 * h + 30), pygame.RESIZABLE)
    d.post(pygame.VIDEORESIZE, size=(2 * w + 7, 2 * h + 30), w=2 * w + 7, h=2 * h + 30)
    d.tick()
    assert d.app.ctx.frame.scale == 2
    ww, wh = geometry.window_size(9, 9, 2)  # text at 1x: a lower menu bar and status line
    lay = d.app.ctx.frame.layout
    assert (lay.origin_x, lay.origin_y) == ((2 * w + 7 - ww) // 2, (2 * h + 30 - wh) // 2)


def record_of_a_win(n, kind="beginner"):
    return GameRecord(
        played_at=f"2026-11-{n + 1:02d}T12:00:00",
        kind=kind,
        rows=9,
        cols=9,
        mines=10,
        seed=str(n),
        safe_zone="opening",
        won=n % 3 != 0,
        time_ms=9_000 + 997 * n,
        bbbv=20,
        clicks_left=20,
        clicks_right=2,
        clicks_chord=1,
        cleared=71,
        safe_cells=71,
        assisted=n == 5,
        source="window",
    )


def every_dialog(d, tmp_path) -> list:
    """One of each dialog, in its fullest state: errors shown, long lists, long values."""
    from game.ui import keys
    from game.ui.dialogs import (
        CodeDialog,
        ConfirmDialog,
        CustomDialog,
        HelpOverlay,
        NoticeDialog,
        SettingsDialog,
        StatsDialog,
        ThemeMenu,
        confirm_leave,
    )

    custom = CustomDialog(["4", "99999", "99999"])
    custom.check()
    wide = CustomDialog(["200", "200", "39999"])
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(12):
        stats.record(record_of_a_win(n))
    d.app.ctx.settings.board = "intermediate"
    d.app.ctx.settings.custom_rows = d.app.ctx.settings.custom_cols = 200
    d.app.ctx.settings.custom_mines = 39999
    help_end = HelpOverlay(keys.help_rows(), "keys")
    help_end.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    code = CodeDialog("0" * 30)
    code.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert code.error
    (tmp_path / "file").write_text("")
    resume = ConfirmDialog(
        "resume",
        "Resume?",
        ["You left an Expert game at 123 s.", "Or play 200x200/39999?"],
        yes="resume",
        no="play that",
    )
    won = NoticeDialog(
        "You won!",
        ["New best time!", "New best 3BV/s!"],
        table=[
            ("Time", "999.999 s"),
            ("3BV", "9999"),
            ("3BV/s", "12.34"),
            ("Clicks", "12345"),
            ("Efficiency", "100%"),
            ("Code", "7K3QW9ZX2M4N8PT6RB5HJ0AB"),
        ],
        new_game=True,
    )
    note = NoticeDialog(
        "Note",
        [
            "The settings file was not valid; kept it as "
            "/home/someone/.config/pixel-mines/settings.json.corrupt-1."
        ],
    )
    return [
        HelpOverlay(keys.help_rows(), "keys"),
        help_end,
        confirm_leave("Expert"),
        resume,
        custom,
        wide,
        SettingsDialog(d.app.options.rows()),
        *[StatsDialog(stats, kind, "2026-11-29") for kind in ("beginner", "custom", "daily")],
        StatsDialog(Stats(tmp_path / "file" / "stats.sqlite3"), "beginner", "x"),
        code,
        ThemeMenu(d.app.ctx.aids.themes, "classic"),
        won,
        note,
    ]


def test_every_dialog_panel_fits_the_smallest_canvas_with_nothing_clipped(drive, tmp_path):
    from game.ui.widgets import TITLE_PAD, Field, Label, ListBox, Pairs, style_for

    d = drive(BoardChoice(5, 5, 3), scale=1)
    w, h = d.app.ctx.frame.layout.canvas_size
    gw = d.app.ctx.frame.theme.font.width
    for dialog in every_dialog(d, tmp_path):
        d.app.ctx.dialogs.open(dialog)
        d.tick()
        form = dialog.form
        name = type(dialog).__name__
        box = form.box
        assert box.x >= 0 and box.y >= 0 and box.right <= w and box.bottom <= h, name
        assert box.y >= d.app.ctx.frame.layout.frame.y, name  # the menu bar above stays in sight
        assert len(form.title) * gw <= form.title_box.w - 2 * TITLE_PAD, form.title
        for widget in form.widgets():
            b = widget.box
            inside = box.x < b.x and box.y < b.y and b.right < box.right and b.bottom < box.bottom
            assert inside, (name, type(widget).__name__)
            if isinstance(widget, Label):
                assert all(len(line) * gw <= b.w for line in widget.lines), widget.content
                assert "".join(widget.lines).replace(" ", "") == widget.content.replace(" ", "")
            elif isinstance(widget, Pairs):
                for _, values in widget.cells:
                    assert all(widget.value_x(widget.m) + len(v) * gw <= b.right for v in values)
            elif isinstance(widget, ListBox):
                room = (widget.rows_box().w - 2) // gw
                assert all(len(t) <= room for t in widget.texts()), (name, widget.texts())
            elif isinstance(widget, Field):
                assert widget.field.x >= b.x and widget.field.right <= b.right
        for button in form.buttons():
            assert (button.box.w - 6) // gw >= len(button.label), button.label
            assert box.contains(button.box.x, button.box.y)
            assert box.contains(button.box.right - 1, button.box.bottom - 1)
        # drawn over the board, with the title bar in the theme's title colour
        bar = form.title_box
        title_bg = style_for(d.app.ctx.frame.theme).title_bg
        assert (
            tuple(d.app.ctx.frame.renderer.canvas.get_at((bar.right - 2, bar.y + 1)))[:3]
            == title_bg
        )
        d.key(pygame.K_ESCAPE)
        assert d.app.ctx.dialogs.dialog is None, name


def test_a_finished_game_is_recorded_and_s_shows_the_statistics(drive, tmp_path):
    d = drive(layout=WALL)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.click((0, 0))
    d.tick(2000)
    d.click((0, 8))
    assert d.app.play.game.state is GameState.WON and d.app.play.game.bbbv > 1
    texts = d.app.ctx.dialogs.dialog.texts()
    assert "New best 3BV/s!" in texts and "New best time!" in texts  # custom: of its size
    d.key(pygame.K_ESCAPE)
    summary = d.app.ctx.session.history.stats.summary("custom")
    assert (summary.played, summary.won) == (1, 1)
    d.key(pygame.K_s, "s")
    assert d.app.ctx.dialogs.dialog.summary.kind == "custom"
    assert any("Won 1/1" in t for t in d.app.ctx.dialogs.dialog.texts())
    d.key(pygame.K_RIGHT)
    assert d.app.ctx.dialogs.dialog.kind == "daily"
    d.key(pygame.K_RIGHT)
    assert d.app.ctx.dialogs.dialog.summary.kind == "beginner"
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None


def test_a_loss_says_how_much_was_cleared(drive, tmp_path):
    d = drive(layout=CHORD)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.click((1, 1))
    d.click((0, 0))
    assert d.app.ctx.status.message[0] == "Boom! 1% cleared"
    assert d.app.ctx.session.history.stats.summary("custom").played == 1


def test_the_options_screen_applies_each_setting_at_once_and_saves_it(drive, tmp_path):
    d = drive()
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    d.key(pygame.K_o, "o")
    dialog = d.app.ctx.dialogs.dialog
    d.key(pygame.K_RIGHT)  # board: beginner -> intermediate, a new game at once
    assert (d.app.play.game.rows, d.app.play.game.cols) == (16, 16)
    assert d.app.ctx.dialogs.dialog is dialog
    for _ in range(3):
        d.key(pygame.K_DOWN)
    d.key(pygame.K_SPACE, " ")  # question marks on
    assert d.app.play.game.question_marks and d.app.ctx.settings.question_marks
    saved, _ = SettingsFile(tmp_path / "settings.json").load()
    assert saved.board == "intermediate" and saved.question_marks
    d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None


def test_start_up_notes_are_shown_until_a_key(drive):
    d = drive()
    d.app.ctx.dialogs.open(
        __import__("game.ui.dialogs", fromlist=["NoticeDialog"]).NoticeDialog(
            "Note", ["The settings file was not valid; kept it as settings.json.corrupt-1."]
        )
    )
    d.tick()
    texts = d.app.ctx.dialogs.dialog.texts()
    assert "Note" in texts and any("settings.json.corrupt-1" in t for t in texts)
    d.key(pygame.K_a, "a")
    assert d.app.ctx.dialogs.dialog is None


def test_a_quick_click_after_flagging_still_chords(drive):
    d = drive(layout=CHORD)
    d.click((1, 1))
    d.tick(100)
    d.click((0, 0), button=3)
    d.click((1, 1))  # within the double-click time, but a flag came in between
    assert d.app.play.game.clicks.chord == 1


def test_the_release_decides_the_cell_even_without_motion(drive):
    d = drive(layout=CORNER)
    d.down(d.at((8, 8)))
    d.up((1, 1))  # released on the window's edge: nothing opens
    assert d.app.play.game.state is GameState.READY
    d.down(d.at((8, 8)))
    d.up(d.at((4, 4)))
    assert d.app.play.game.cell(4, 4) == "." and d.app.play.game.state is GameState.WON


def test_holding_left_on_an_open_number_shows_its_covered_neighbours_pressed(drive):
    d = drive(layout=CHORD)
    d.click((1, 1))
    d.tick(1000)
    d.down(d.at((1, 1)))
    assert d.app.play.pressed_cells() == {
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    }
    d.up(d.at((1, 1)))


def test_ctrl_q_quits_even_over_a_dialog(drive):
    d = drive()
    d.key(pygame.K_c, "c")
    d.key(pygame.K_q, "q", mod=pygame.KMOD_CTRL)
    assert not d.app.games.running


def test_zooming_past_the_screen_stops_at_what_fits_and_tiny_windows_do_not_crash(drive):
    d = drive(scale=1)
    for _ in range(10):
        d.key(pygame.K_EQUALS, "+")
    w, h = pygame.display.get_surface().get_size()
    cw, ch = d.app.ctx.frame.layout.canvas_size
    assert cw <= w and ch <= h
    assert d.app.ctx.status.message is not None and "is the most" in d.app.ctx.status.message[0]
    for size in [(50, 50), (159, 400), (1, 1)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        d.tick()
        assert d.app.ctx.frame.scale == 1


def test_the_custom_dialog_takes_only_ascii_digits(drive):
    d = drive()
    d.key(pygame.K_c, "c")
    d.key(pygame.K_BACKSPACE)
    d.key(pygame.K_BACKSPACE)
    d.key(178, "²")
    d.key(pygame.K_1, "٣")
    assert d.app.ctx.dialogs.dialog.values[0] == ""


def test_motion_turns_a_region_over_outward_without_delaying_the_game(drive):
    from game.ui.drawstate import CASCADE_MS

    d = drive(layout=CORNER, settings=Settings(motion=True))
    d.click((8, 8))
    assert d.app.play.game.state is GameState.WON  # the engine is final at once
    d.key(pygame.K_ESCAPE)  # close the results
    assert d.cell_shows((8, 8), "open_0")
    assert d.cell_shows((2, 2), "covered")  # far from the click: not turned yet
    d.tick(CASCADE_MS)
    assert d.cell_shows((2, 2), "open_0") and d.cell_shows((0, 0), "flag")
    assert d.app.ctx.drawn.animation == [] and d.app.ctx.drawn.veiled == {}


def test_a_lost_games_mines_ripple_out_from_the_one_that_went_off(drive):
    d = drive(layout=CHORD, settings=Settings(motion=True))
    d.click((1, 1))
    d.tick(1000)
    d.click((8, 8))  # a mine in the far corner
    assert d.app.play.game.state is GameState.LOST
    d.key(pygame.K_ESCAPE)  # the loss's notice, over the board
    assert d.cell_shows((8, 8), "mine_red")
    assert d.cell_shows((0, 4), "covered")
    d.tick(300)
    assert d.cell_shows((0, 4), "mine")


def test_no_motion_shows_everything_at_once(drive):
    d = drive(layout=CHORD, settings=Settings(motion=True))
    d.app.ctx.aids.motion_allowed = False  # what --no-motion does
    d.click((1, 1))
    d.click((8, 8))
    d.key(pygame.K_ESCAPE)  # the loss's notice, over the board
    assert d.cell_shows((0, 4), "mine") and d.app.ctx.drawn.animation == []


def test_the_theme_menu_lists_themes_and_picks_one(drive):
    d = drive()
    d.key(pygame.K_m, "m")
    menu = d.app.ctx.dialogs.dialog
    texts = menu.texts()
    assert "Classic" in texts and menu.entries[menu.focus][0] == "classic"
    preview = next(w for w in menu.form.rows if type(w).__name__ == "Picture")
    assert preview.image() is menu.entries[menu.focus][2]  # the selected theme's own tiles
    d.key(pygame.K_DOWN)
    assert preview.image() is menu.entries[menu.focus][2] and menu.focus == 1
    d.key(pygame.K_UP)
    d.key(pygame.K_RETURN)
    assert d.app.ctx.dialogs.dialog is None and d.app.ctx.frame.theme.key == "classic"


def test_undo_after_a_loss_plays_on_counts_the_mine_and_redo_loses_again(drive):
    d = drive(layout=CHORD)
    d.click((1, 1))
    d.tick(2000)
    d.click((0, 0))
    assert d.app.play.game.state is GameState.LOST
    frozen = d.app.play.timer_value()
    d.key(pygame.K_ESCAPE)  # the loss's notice
    d.key(pygame.K_z, "z", mod=pygame.KMOD_CTRL)
    assert d.app.play.game.state is GameState.PLAYING and d.app.play.game.assisted
    assert d.cell_shows((0, 0), "covered")
    d.tick(3000)
    assert d.app.play.timer_value() > frozen  # the clock runs on
    d.tick(3000)
    assert d.app.play.resting_status() == "Mines hit: 1"
    d.key(pygame.K_y, "y", mod=pygame.KMOD_CTRL)
    assert d.app.play.game.state is GameState.LOST and d.app.play.game.deaths == 1  # the same mine


def test_the_board_code_shows_after_the_first_click_and_can_be_copied(drive):
    d = drive()
    assert "F1 help" in d.app.play.resting_status()  # before the first click: where help is
    d.click((4, 4))
    code = d.app.play.board_code()
    assert code and d.app.play.resting_status() in (f"Code {code}", f"[code] {code}")
    assert len(code) <= 26  # fits the status line of the smallest board
    d.key(pygame.K_c, "c", mod=pygame.KMOD_CTRL)
    assert pygame.scrap.get_text() == code


def test_playing_a_code_gives_the_same_board_with_the_start_marked(drive):
    d = drive(scale=1)
    d.click((2, 3))
    code, layout = d.app.play.board_code(), d.app.play.game.layout()
    e = drive(scale=1)
    e.key(pygame.K_b, "b")
    for ch in code[:-1] + ("Z" if code[-1] != "Z" else "Y"):  # a typo in the last character
        e.key(pygame.K_a, ch)
    e.key(pygame.K_RETURN)
    assert "typing mistake" in e.app.ctx.dialogs.dialog.error
    e.key(pygame.K_BACKSPACE)
    e.key(pygame.K_a, code[-1])
    e.key(pygame.K_RETURN)
    assert e.app.ctx.dialogs.dialog is None
    assert e.app.play.game.layout() == layout and e.app.play.view.cursor == (2, 3)
    assert e.app.play.game.cell(2, 3) == "#"  # marked by the cursor outline, still covered
    canvas = e.app.ctx.frame.renderer.canvas
    box = e.app.ctx.frame.layout.cell_rect(2, 3, e.app.play.view.top, e.app.play.view.left)
    assert canvas.get_at((box.x, box.y))[:3] == e.app.ctx.frame.theme.colours["accent"]


def test_the_daily_board_from_the_game_menu_is_expert_and_recorded_by_date(drive, tmp_path):
    d = drive(scale=1)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.key(pygame.K_g, "g")
    while d.app.menu.bar.items()[d.app.menu.bar.focus].action != "daily":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert not d.app.menu.bar.is_open
    g = d.app.play.game
    assert (g.rows, g.cols, g.mines) == (16, 30, 99) and d.app.ctx.session.daily
    d.click(g.first_click)
    mine = next(
        (r, c) for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "*"
    )
    d.click(mine)
    assert d.app.ctx.session.history.stats.daily_summary(d.app.ctx.session.daily).played == 1


def replay_file(tmp_path):
    from game.store.replays import replay_of, save_replay

    g = Game.from_layout(CHORD)
    g.reveal(1, 1, at_ms=0)
    g.toggle_flag(0, 0, at_ms=1000)
    g.toggle_flag(0, 4, at_ms=2000)
    g.reveal(8, 8, at_ms=4000)
    assert len(g.moves) == 4 and g.state is GameState.LOST
    return save_replay(replay_of(g, elapsed_ms=4000, source="window"), tmp_path), g


def test_a_replay_plays_back_in_real_time_with_pause_step_and_speed(drive, tmp_path):
    from game.store.replays import load_replay

    path, played = replay_file(tmp_path)
    d = drive(scale=1)
    d.app.games.watch(load_replay(path))
    d.tick()
    shown = d.app.games.shown
    assert shown().game.cell(1, 1) == "1" and shown().game.cell(0, 0) == "#"
    d.tick(1000)
    assert shown().game.cell(0, 0) == "F"
    d.key(pygame.K_SPACE, " ")  # pause
    d.tick(5000)
    assert shown().game.cell(0, 4) == "#" and "paused" in shown().resting_status()
    d.key(pygame.K_RIGHT, mod=pygame.KMOD_CTRL)  # one board change: the second flag
    assert shown().game.cell(0, 4) == "F" and shown().game.state is GameState.PLAYING
    d.key(pygame.K_SPACE, " ")
    d.key(pygame.K_RIGHTBRACKET, "]")  # x2
    assert "x2" in shown().resting_status()
    d.tick(1000)  # 2 s of replay time: the last move is at 4 s
    assert shown().game.state is GameState.LOST
    assert shown().game.view() == played.view()
    assert dict(shown().panel_rows()[1])["3BV"].endswith(f"/{played.bbbv}")  # the counters
    d.key(pygame.K_r, "r")  # from the start: only the first move (at 0 s) has been played
    assert shown().game.cell(0, 0) == "#" and shown().game.cell(1, 1) == "1"
    assert shown().game.state is GameState.PLAYING


def test_a_kept_game_is_offered_at_start_and_resumed_exactly(drive, tmp_path):
    from tests.keeping import keep

    g = Game(9, 9, 10, seed=3)
    g.reveal(4, 4, at_ms=0)
    g.toggle_flag(0, 0, at_ms=500)
    kept = keep(tmp_path / "kept", g, 12_345, "window")
    d = drive()
    d.app.ctx.session.history = History(kept=tmp_path / "kept")
    d.app.games.offer_kept_game(d.app.ctx.session.take_offer(), (), None)
    d.tick()
    assert "Resume?" in d.app.ctx.dialogs.dialog.texts()
    d.key(pygame.K_y, "y")
    assert d.app.play.game.view() == g.view() and d.app.play.game.moves == g.moves
    assert d.app.ctx.session.elapsed_ms() == 12_345
    d.tick(100)
    assert d.app.ctx.session.elapsed_ms() == 12_445  # the clock goes on from where it was kept
    d.click((8, 8), button=3)
    lines = kept.read_text().splitlines()  # every click is journaled, the same file goes on
    # a right button flags as it goes down (classic), so the move comes before the release
    assert [json.loads(x)["e"] for x in lines[-3:]] == ["press", "move", "release"]
    assert json.loads(lines[-2])["did"] == "flagged"


def test_two_kept_games_are_named_and_the_one_picked_is_resumed_the_other_kept(drive, tmp_path):
    from tests.keeping import journals, keep

    older, newer = Game(9, 9, 10, seed=3), Game(16, 16, 40, seed=4)
    older.reveal(4, 4, at_ms=0)
    newer.reveal(8, 8, at_ms=0)
    keep(
        tmp_path / "kept",
        older,
        2_000,
        "window",
        game_id="20261130-120000-00000000000a",
        played_at="2020-11-30T12:00:00",
    )
    keep(
        tmp_path / "kept",
        newer,
        7_000,
        "window",
        game_id="20261201-120000-00000000000b",
        played_at="2020-12-01T12:00:00",
    )
    d = drive()
    d.app.ctx.session.history = History(kept=tmp_path / "kept")
    d.app.games.offer_kept_game(d.app.ctx.session.take_offer(), (), None)
    d.tick()
    dialog = d.app.ctx.dialogs.dialog
    rows = [row[0] for row in dialog.list.rows]
    assert dialog.title == "Resume a game?" and len(rows) == 2
    assert rows == ["Intermediate 12-01, 7 s", "Beginner 11-30, 2 s"]
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN, "\r")
    d.app.ctx.aids.chores.wait(10)
    d.tick()
    assert d.app.play.game.view() == older.view()
    assert d.app.ctx.session.game_id == "20261130-120000-00000000000a"
    assert 2_000 <= d.app.ctx.session.elapsed_ms() < 2_100  # the clock goes on from there
    # the other stays kept, and is free for the next start
    assert len(journals(tmp_path / "kept")) == 2
    later = History(kept=tmp_path / "kept")
    found, _ = later.take_kept()
    assert [k.replay.game_id for k in found] == ["20261201-120000-00000000000b"]


@pytest.mark.parametrize("count", [1, 2])
def test_esc_at_the_resume_question_keeps_the_games_and_new_game_drops_them(drive, tmp_path, count):
    from tests.keeping import journals, keep

    for k in range(count):
        g = Game(9, 9, 10, seed=3 + k)
        g.reveal(4, 4, at_ms=0)
        keep(tmp_path / "kept", g, 1_000, "window")
    for key, left in ((pygame.K_ESCAPE, count), (pygame.K_n, 0)):
        d = drive()
        d.app.ctx.session.history = History(kept=tmp_path / "kept")
        d.app.games.offer_kept_game(d.app.ctx.session.take_offer(), (), None)
        d.tick()
        assert "Esc keeps" in " ".join(d.app.ctx.dialogs.dialog.texts())
        if key == pygame.K_n and count > 1:
            d.press("drop")
        else:
            d.key(key, "n" if key == pygame.K_n else "")
        d.tick()
        assert d.app.ctx.dialogs.dialog is None and d.app.play.game.moves == []
        assert len(journals(tmp_path / "kept")) == left
        d.app.ctx.session.keep_offers()


def test_changing_board_size_picks_the_scale_that_fits_again(drive):
    d = drive(scale=None)
    start = d.app.ctx.frame.scale
    d.key(pygame.K_3, "3")
    w, h = d.app.ctx.frame.layout.canvas_size
    assert (d.app.ctx.frame.layout.view_rows, d.app.ctx.frame.layout.view_cols) == (
        16,
        30,
    )  # all of Expert shows
    assert (
        w * d.app.ctx.frame.scale <= d.app.ctx.frame.space[0]
        and h * d.app.ctx.frame.scale <= d.app.ctx.frame.space[1]
    )
    d.key(pygame.K_1, "1")
    assert d.app.ctx.frame.scale == start
    d.app.games.play_game(
        __import__("game.engine.codes", fromlist=["daily"])
        .daily(__import__("datetime").date(2026, 11, 29))
        .game()
    )
    assert (d.app.ctx.frame.layout.view_rows, d.app.ctx.frame.layout.view_cols) == (16, 30)


def test_an_undone_loss_is_one_row_replaced_at_the_real_end_and_a_win_is_final(drive, tmp_path):
    d = drive(layout=CHORD)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"), replays=tmp_path)
    d.click((1, 1))
    d.click((0, 0))
    stats = d.app.ctx.session.history.stats
    assert stats.summary("custom").played == 1 and len(list(tmp_path.glob("*.jsonl.gz"))) == 1
    d.key(pygame.K_ESCAPE)  # the loss's notice
    d.key(pygame.K_z, "z", mod=pygame.KMOD_CTRL)
    assert d.app.play.game.state is GameState.PLAYING
    # the loss stays recorded until the game ends again and its row is replaced
    assert stats.summary("custom").played == 1 and len(list(tmp_path.glob("*.jsonl.gz"))) == 1
    for r, line in enumerate(CHORD):
        for c, ch in enumerate(line):
            if ch == "." and d.app.play.game.cell(r, c) == "#":
                d.click((r, c))
    assert d.app.play.game.state is GameState.WON
    s = stats.summary("custom")
    assert (s.played, s.won, s.recent[-1][2]) == (1, 1, True)  # once, and assisted
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_z, "z", mod=pygame.KMOD_CTRL)
    assert (
        d.app.play.game.state is GameState.WON
        and d.app.ctx.status.message[0] == "A won game is final"
    )


def test_leaving_a_replay_brings_back_the_game_in_progress(drive, tmp_path):
    from game.store.replays import load_replay

    path, _ = replay_file(tmp_path)
    d = drive(scale=1)
    d.click((4, 4))
    d.tick(5000)
    game, elapsed = d.app.play.game, d.app.ctx.session.elapsed_ms()
    d.app.games.watch(load_replay(path))
    d.click((5, 5))  # clicks do not change a replay
    shown = d.app.games.shown().game
    assert shown is not game and (shown.moves == [] or shown.moves[0].row == 1)
    d.key(pygame.K_ESCAPE)
    assert d.app.play.game is game and d.app.games.replay is None
    assert d.app.ctx.session.elapsed_ms() == elapsed


def test_h_outlines_a_safe_cell_explains_it_and_marks_the_game_assisted(drive):
    from game.engine.solver import hint as solver_hint

    def safe_hint_after_first_click(seed):
        g = Game(9, 9, 10, seed=seed)
        g.reveal(4, 4)
        h = solver_hint(g.view(), g.mines)
        return g.layout() if g.state is GameState.PLAYING and h and h.safe else None

    layout = next(lay for lay in map(safe_hint_after_first_click, range(50)) if lay)
    d = drive(layout=layout, scale=1)
    d.click((4, 4))
    d.key(pygame.K_h, "h")
    hint = d.app.play.help.hint
    assert hint is not None and hint.safe
    assert layout[hint.cell[0]][hint.cell[1]] == "."
    assert d.app.play.game.assisted
    said = d.app.ctx.status.message[
        0
    ]  # words that point at the marks, not coordinates the window hides
    assert said and not re.search(r"\(\d+,\d+\)", said)
    assert d.app.play.view.status_text() == said  # it fits: no ticker
    box = d.app.ctx.frame.layout.cell_rect(*hint.cell, d.app.play.view.top, d.app.play.view.left)
    corner = d.app.ctx.frame.renderer.canvas.get_at((box.x + 1, box.y + 1))[:3]
    assert corner == d.app.ctx.frame.theme.marks.hint  # the hint's own colour, not the cursor's
    d.click(hint.cell)
    assert d.app.play.help.hint is None  # the board changed: the outline goes


def test_p_tints_covered_cells_by_their_odds_and_shows_the_one_under_the_mouse(drive):
    d = drive(layout=CHORD, scale=1)
    d.click((1, 1))
    plain = d.app.ctx.frame.renderer.canvas.copy()
    d.key(pygame.K_p, "p")
    probs = d.app.play.help.probabilities
    assert probs is not None and (0, 0) in probs and (1, 1) not in probs
    box = d.app.ctx.frame.layout.cell_rect(0, 0)
    assert d.app.ctx.frame.renderer.canvas.get_at((box.x + 8, box.y + 8)) != plain.get_at(
        (box.x + 8, box.y + 8)
    )
    d.move(d.at((0, 0)), (0, 0, 0))
    d.tick(MESSAGE_WAIT * 2)
    assert d.app.play.view.status_text() == f"Mine odds here: {probs[(0, 0)]:.1%}"
    d.click((8, 4))  # the odds follow the game
    assert (8, 4) not in d.app.play.help.probabilities
    assert d.app.play.game.assisted


def test_a_key_added_to_the_table_works_and_shows_in_the_help_and_the_menu(drive, monkeypatch):
    from game.ui import keys

    extra = keys.Binding("hint", "Hint again", (keys.key(pygame.K_j),), "Game")
    monkeypatch.setattr(keys, "PLAY_KEYS", (*keys.PLAY_KEYS, extra))
    d = drive()
    d.click((4, 4))
    d.key(pygame.K_j, "j")
    assert d.app.play.game.assisted  # J asked for a hint, as the table says
    d.key(pygame.K_F1)
    d.key(pygame.K_RIGHT)  # the keys' page
    seen = []
    for _ in range(80):
        seen += d.app.ctx.dialogs.dialog.texts()
        d.key(pygame.K_DOWN)
    assert any(t.startswith("J ") and "Hint again" in t for t in seen)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_g, "g")  # the Game menu of the bar lists it with its key, last
    bar = d.app.menu.bar
    assert bar.items()[-1] == Item("hint", "Hint again", "J")
    placed = bar.placed(d.app.ctx.frame.layout, Metrics.of(d.app.ctx.frame.theme))
    assert placed.labels[-1] == "Hint again" and placed.keys[-1] == "J"
    d.app.play.help.hint = None
    d.key(pygame.K_END)
    d.key(pygame.K_RETURN)
    assert not bar.is_open and d.app.ctx.dialogs.dialog is None and d.app.play.help.hint is not None


def test_alt_alone_opens_the_menu_and_alt_with_a_key_does_not(drive):
    d = drive()
    d.post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    d.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT, unicode="\r", scancode=0)
    d.post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
    d.tick()
    assert not d.app.menu.bar.is_open and d.app.ctx.dialogs.dialog is None
    assert d.app.ctx.frame.display.fullscreen  # Alt+Enter is full screen
    d.post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    d.post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
    d.tick()
    assert d.app.menu.bar.is_open and d.app.menu.bar.names()[d.app.menu.bar.open] == "Game"
    assert d.app.ctx.dialogs.dialog is None


def readme_table() -> str:
    """The README's key tables, as the README must show them, made from game/ui/keys.py's
    tables: in English, whatever the language in use."""

    def table(rows: list[tuple[str, str]]) -> list[str]:
        return ["| key | action |", "|---|---|"] + [f"| {k} | {what} |" for k, what in rows]

    def of(bindings: tuple[keys.Binding, ...]) -> list[tuple[str, str]]:
        return [(b.key_names(english=True), b.label) for b in bindings if b.keys]

    mouse = [(where[1], what) for where, what in keys.MOUSE_RULES]
    return "\n".join(
        [
            *table(of(keys.PLAY_KEYS)),
            "",
            "While a replay is watched:",
            "",
            *table(of(keys.REPLAY_KEYS)),
            "",
            "While a game is analysed:",
            "",
            *table(of(keys.ANALYSIS_KEYS)),
            "",
            "Mouse on the board:",
            "",
            *table(mouse),
        ]
    )


def test_the_readme_key_tables_are_the_code_key_table():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert readme_table() in readme, "README: paste this file's readme_table() into Keys (window)"


def test_each_room_takes_its_own_input_top_first(drive, tmp_path):
    from game.ui.scenes.dialogs import DialogScene as DialogStack
    from game.ui.scenes.menu import MenuLayer
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.video import VideoScene

    d = drive()
    rooms = d.app.layers()
    assert [type(r) for r in rooms] == [MenuLayer, DialogStack, PlayScene]
    d.key(pygame.K_F1)  # a dialog over the board takes the next key, the board does not
    d.key(pygame.K_SPACE, " ")
    assert d.app.play.view.cursor is None and d.app.play.game.state is GameState.READY
    if d.app.ctx.dialogs.dialog is not None:
        d.key(pygame.K_ESCAPE)
    assert d.app.ctx.dialogs.dialog is None
    path, _ = replay_file(tmp_path)
    from game.store.replays import load_replay

    d.app.games.watch(load_replay(path))
    # the replay's board is on the screen, not the game's (which waits)
    assert [type(r) for r in d.app.layers()] == [MenuLayer, DialogStack, VideoScene]
    d.key(pygame.K_SPACE, " ")  # the replay's key: pause, not the board's Space
    assert not d.app.games.replay.playing
    d.key(pygame.K_ESCAPE)  # leaves the replay: the board is on top again
    assert [type(r) for r in d.app.layers()] == [MenuLayer, DialogStack, PlayScene]
