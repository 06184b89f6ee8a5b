"""Every dialog is a panel over the board whose buttons work with the mouse (hover, press,
release on it) and with the keyboard (Tab moves the focus ring, Enter acts, Esc cancels)."""

import dataclasses

import pygame

from game.engine import Difficulty, Game, GameState
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.stats import Stats
from game.ui.dialogs import NoticeDialog
from game.ui.scenes.dialogs import WARM_AFTER
from game.ui.widgets import Button, style_for

WALL = ["....*...."] * 9  # a click on (0, 0) opens the left side, (0, 8) the right: a win


def tab_to(d, id):
    """Tab round the focus ring to the button `id`."""
    form = d.app.ctx.dialogs.dialog.form
    for _ in range(len(form.focusables())):
        if getattr(form.focused, "id", None) == id:
            return
        d.key(pygame.K_TAB, "\t")
    raise AssertionError(f"Tab never reached {id!r}")


def test_the_leave_question_answers_by_button_with_mouse_and_keyboard(drive):
    d = drive()
    d.click((4, 4))
    first = d.app.play.game
    d.key(pygame.K_F2)
    d.press("no")  # Stay
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game is first
    d.key(pygame.K_F2)
    tab_to(d, "no")
    d.key(pygame.K_RETURN, "\r")  # Enter acts on the focused button, not the default
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game is first
    d.key(pygame.K_F2)
    d.press("yes")  # Leave
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game is not first


def test_a_button_shows_hover_and_press_and_acts_only_when_released_on_it(drive):
    d = drive()
    d.click((4, 4))
    d.key(pygame.K_F2)  # the leave question
    form = d.app.ctx.dialogs.dialog.form
    no = form.find("no")
    canvas = d.app.ctx.frame.renderer.canvas
    before = pygame.image.tobytes(canvas.subsurface(no.box.x, no.box.y, no.box.w, no.box.h), "RGB")
    pos = d.button_pos("no")
    d.move(pos, buttons=(0, 0, 0))
    assert no.hover and no.looks(False) == "hover"
    after = pygame.image.tobytes(canvas.subsurface(no.box.x, no.box.y, no.box.w, no.box.h), "RGB")
    assert after != before  # the hover look reached the canvas
    d.down(pos)
    assert no.looks(False) == "pressed"
    d.move(d.button_pos("yes"))  # dragged off: nothing happens on release
    d.up(d.button_pos("yes"))
    assert d.app.ctx.dialogs.dialog is not None and d.app.games.running
    assert not no.pressed


def test_the_resume_question_has_buttons(drive, tmp_path):
    from tests.keeping import keep

    g = Game(9, 9, 10, seed=3)
    g.reveal(4, 4, at_ms=0)
    keep(tmp_path / "kept", g, 5_000, "window")
    d = drive()
    d.app.ctx.session.history = History(kept=tmp_path / "kept")
    d.app.games.offer_kept_game(d.app.ctx.session.take_offer(), (), None)
    d.tick()
    assert [b.label for b in d.app.ctx.dialogs.dialog.form.buttons()] == ["Resume", "New game"]
    d.press("yes")
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game.view() == g.view()


def test_the_win_notice_offers_a_new_game_and_ok(drive, tmp_path):
    d = drive(layout=WALL)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.click((0, 0))
    d.click((0, 8))
    assert d.app.play.game.state is GameState.WON
    texts = d.app.ctx.dialogs.dialog.texts()
    assert any(t.startswith("Time ") for t in texts) and "You won!" in texts
    d.press("new_game")
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game.state is GameState.READY
    d.app.ctx.dialogs.open(NoticeDialog("Note", ["Read me."]))
    d.tick()
    assert d.app.ctx.dialogs.dialog.form.focused.id == "ok"
    d.key(pygame.K_RETURN, "\r")  # OK
    assert d.app.ctx.dialogs.dialog is None


def test_statistics_pages_turn_by_buttons_and_close(drive, tmp_path):
    d = drive()
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.key(pygame.K_s, "s")
    dialog = d.app.ctx.dialogs.dialog
    assert dialog.kind == "beginner"
    d.press("next")
    assert dialog.kind == "intermediate"
    tab_to(d, "prev")
    d.key(pygame.K_RETURN, "\r")
    d.key(pygame.K_RETURN, "\r")  # the focus stays on < as the page turns
    assert dialog.kind == "daily"
    assert "Days played 0" in dialog.texts()
    d.press("close")
    assert d.app.ctx.dialogs.dialog is None


def test_options_a_click_picks_the_row_and_change_changes_it_once(drive, tmp_path):
    d = drive()
    d.key(pygame.K_o, "o")
    dialog = d.app.ctx.dialogs.dialog
    for _ in range(3):
        d.key(pygame.K_DOWN)
    d.press("change")  # ? marks: off -> on
    assert d.app.ctx.settings.question_marks
    rows = dialog.list.rows_box()
    line_h = dialog.list.m.line_h
    row = 7  # Motion
    lay = d.app.ctx.frame.layout
    point = lay.window_box(lay.from_text(rows))  # a dialog is in text pixels
    scale = lay.text
    pos = point.x + 10 * scale, point.y + (row * line_h + line_h // 2) * scale
    motion = d.app.ctx.settings.motion
    d.down(pos)
    d.up(pos)
    assert dialog.focus == 7 and d.app.ctx.settings.motion == motion  # picked, not changed
    d.press("change")
    assert d.app.ctx.settings.motion != motion  # one step, not two
    tab_to(d, "close")
    d.key(pygame.K_RETURN, "\r")
    assert d.app.ctx.dialogs.dialog is None


def test_the_theme_menu_uses_a_theme_by_button(drive):
    d = drive()
    d.key(pygame.K_m, "m")
    menu = d.app.ctx.dialogs.dialog
    d.key(pygame.K_DOWN)
    wanted = menu.entries[menu.focus][0]
    d.press("choose")
    assert d.app.ctx.dialogs.dialog is None and d.app.ctx.frame.theme.key == wanted
    d.key(pygame.K_m, "m")
    d.press("close")
    assert d.app.ctx.dialogs.dialog is None and d.app.ctx.frame.theme.key == wanted


def test_the_code_dialog_plays_by_button_and_cancels_by_keyboard(drive):
    d = drive()
    d.click((2, 3))
    code = d.app.play.board_code()
    e = drive()
    e.app.games.open_code_dialog()
    e.tick()
    for ch in code:
        e.key(pygame.K_a, ch)
    assert e.app.ctx.dialogs.dialog.text == code
    e.press("play")
    assert e.app.ctx.dialogs.dialog is None and e.app.play.game.layout() == d.app.play.game.layout()
    e.app.games.open_code_dialog()
    e.tick()
    tab_to(e, "cancel")
    e.key(pygame.K_RETURN, "\r")
    assert e.app.ctx.dialogs.dialog is None


def test_help_closes_by_its_button_by_enter_and_by_a_click_outside(drive):
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1)
    d.key(pygame.K_F1)
    d.press("close")
    assert d.app.ctx.dialogs.dialog is None
    d.key(pygame.K_F1)
    d.key(pygame.K_PAGEDOWN)
    assert d.app.ctx.dialogs.dialog is not None  # scrolling keeps it open
    d.key(pygame.K_RETURN, "\r")
    assert d.app.ctx.dialogs.dialog is None
    d.key(pygame.K_F1)
    d.down(d.at((0, 0)))  # the top-left cell is outside the panel on Expert
    assert d.app.ctx.dialogs.dialog is None


def test_a_dialog_is_centred_over_the_board_which_stays_visible_and_veiled(drive):
    # Expert's size; a click at (0, 0) opens all but a safe cell walled in by mines
    layout = ["." * 30] * 14 + ["." * 28 + "**", "." * 28 + "*."]
    d = drive(layout=layout, scale=1)
    d.click((0, 0))
    assert d.app.play.game.state is GameState.PLAYING and d.cell_shows((0, 0), "open_0")
    d.key(pygame.K_F2)  # the leave question over a game in play
    form = d.app.ctx.dialogs.dialog.form
    area = d.app.ctx.frame.layout.area
    assert area.x < form.box.x and form.box.right < area.right
    assert abs((form.box.x + form.box.w // 2) - (area.x + area.w // 2)) <= 1
    assert abs((form.box.y + form.box.h // 2) - (area.y + area.h // 2)) <= 1
    assert d.app.ctx.session.veiled
    assert d.cell_shows((0, 0), "covered")  # seen around the panel, veiled
    bar = form.title_box
    canvas = d.app.ctx.frame.renderer.canvas
    assert (
        tuple(canvas.get_at((bar.x + 1, bar.y + 1)))[:3]
        == style_for(d.app.ctx.frame.theme).title_bg
    )
    d.press("no")
    assert d.cell_shows((0, 0), "open_0")  # the game is back as it was


def test_every_button_of_every_dialog_is_reached_by_tab(drive, tmp_path):
    import importlib

    every_dialog = importlib.import_module("tests.ui.test_window").every_dialog
    d = drive()
    for dialog in every_dialog(d, tmp_path):
        d.app.ctx.dialogs.open(dialog)
        d.tick()
        form = dialog.form
        seen = set()
        for _ in range(len(form.focusables()) + 1):
            d.key(pygame.K_TAB, "\t")
            assert d.app.ctx.dialogs.dialog is dialog, type(dialog).__name__  # Tab never closes it
            seen.add(id(form.focused) if not isinstance(form.focused, Button) else form.focused.id)
            form = dialog.form
        assert {b.id for b in form.buttons()} <= seen, type(dialog).__name__
        d.key(pygame.K_ESCAPE)
        assert d.app.ctx.dialogs.dialog is None, type(dialog).__name__


def test_a_best_time_is_watched_by_enter_or_by_the_watch_button(drive, tmp_path):
    import dataclasses
    import importlib

    tw = importlib.import_module("tests.ui.test_window")
    path, _ = tw.replay_file(tmp_path)
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in (1, 2):  # wins, fastest first: the second one has the replay
        rec = tw.record_of_a_win(n)
        stats.record(dataclasses.replace(rec, replay=str(path) if n == 2 else None))
    d = drive()
    d.app.ctx.session.history = History(stats)
    d.key(pygame.K_s, "s")
    dialog = d.app.ctx.dialogs.dialog
    d.key(pygame.K_RETURN, "\r")  # the fastest has no replay: nothing to watch
    assert d.app.ctx.dialogs.dialog is dialog and d.app.games.replay is None
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN, "\r")
    assert d.app.ctx.dialogs.dialog is None and d.app.games.replay is not None
    d.key(pygame.K_ESCAPE)  # leave the replay
    d.key(pygame.K_s, "s")
    times = d.app.ctx.dialogs.dialog.form.find("times")
    lay = d.app.ctx.frame.layout
    rows = lay.window_box(lay.from_text(times.rows_box()))
    line_h = times.m.line_h * lay.text
    d.down((rows.x + 4, rows.y + line_h + line_h // 2))  # a click on the second row
    assert times.selected == 1 and d.app.ctx.dialogs.dialog.pick == 1
    d.press("watch")
    assert d.app.ctx.dialogs.dialog is None and d.app.games.replay is not None


def test_the_wheel_scrolls_the_list_under_the_mouse(drive):
    d = drive(scale=1)
    d.key(pygame.K_F1)
    d.key(pygame.K_RIGHT)  # the keys' page
    listing = d.app.ctx.dialogs.dialog.form.find("help")
    lay = d.app.ctx.frame.layout
    box = lay.window_box(lay.from_text(listing.box))
    d.move((box.x + 5, box.y + 5), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    d.tick()
    assert listing.selected == 3 and d.app.ctx.dialogs.dialog is not None
    d.post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    d.tick()
    assert listing.selected == 1


def test_what_a_dialog_redraws_by_itself_equals_a_full_redraw(drive, tmp_path):
    d = drive(scale=1)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.click((4, 4))

    def same_as_full():
        canvas = d.app.ctx.frame.renderer.canvas
        drawn = pygame.image.tobytes(canvas, "RGB")
        d.app.ctx.drawn.invalidate()
        d.tick()
        return drawn == pygame.image.tobytes(canvas, "RGB")

    d.app.games.open_code_dialog()
    d.tick()
    for ch in "12":
        d.key(pygame.K_a, ch)
        assert same_as_full()
    d.key(pygame.K_RETURN, "\r")  # an error line: the panel grows
    assert d.app.ctx.dialogs.dialog.error and same_as_full()
    d.key(pygame.K_BACKSPACE)  # the error goes: the panel shrinks, the board shows again
    assert not d.app.ctx.dialogs.dialog.error and same_as_full()
    d.move(d.button_pos("cancel"), buttons=(0, 0, 0))  # hover
    assert same_as_full()
    d.move((1, 1), buttons=(0, 0, 0))
    assert same_as_full()
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_s, "s")
    for _ in range(5):
        d.key(pygame.K_RIGHT)  # pages of other sizes
        assert same_as_full()


def test_the_daily_page_names_a_way_to_the_daily_board_that_works(drive, tmp_path):
    import re

    from game.ui.keys import action_for, menu

    d = drive()
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.key(pygame.K_s, "s")
    d.press("prev")
    dialog = d.app.ctx.dialogs.dialog
    assert dialog.kind == "daily"
    line = next(t for t in dialog.texts() if "today's board" in t)
    said = re.search(r": (\w+) menu \((\w)\) > (.+)\.$", line)
    assert said is not None, line
    name, letter, row = said.groups()
    press = pygame.event.Event(
        pygame.KEYDOWN, key=pygame.key.key_code(letter.lower()), mod=0, unicode=letter.lower()
    )
    assert action_for(press) == "menu"  # the key named opens the menus
    assert row in [b.label for b in menu(name)]  # and that menu has the daily board


def test_the_statistics_keep_one_size_from_page_to_page(drive, tmp_path):
    """A play-test: the panel grew and shrank as the pages turned (a page with best times and
    a chart, one with none, the daily page)."""
    from tests.ui.test_window import record_of_a_win

    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(4):
        stats.record(record_of_a_win(n))
    d = drive()
    d.app.ctx.session.history = History(stats)
    d.key(pygame.K_s, "s")
    dialog = d.app.ctx.dialogs.dialog
    boxes = set()
    for _ in dialog.PAGES:
        boxes.add(dialog.form.box)
        bottom = dialog.form.buttons()[-1].box.bottom
        assert dialog.form.box.bottom - bottom < 20  # the buttons stay at the bottom
        d.press("next")
    assert len(boxes) == 1, boxes


def rest(d, most: int = 30) -> int:
    """Run the loop's frames while it has something to do by itself (as `App.loop` ticks
    before it sleeps): how many ran."""
    from game.ui.pace import wake_at

    for n in range(most):
        now = d.app.ctx.aids.now()
        due = wake_at(d.app.ctx, d.app.layers(), now)
        if due is None or due > now:
            return n
        d.tick()
    raise AssertionError(f"the loop still had something to do after {most} frames")


def statistics_drive(drive, tmp_path, monkeypatch):
    """A window keeping its games in a statistics file (a Beginner win in it), and the kinds
    of the statistics pages built since `built` was last cleared."""
    from game.ui.dialogs import stats as dialogs
    from tests.ui.test_window import record_of_a_win

    monkeypatch.setattr(dialogs, "_SIZES", {})  # nothing kept from another test
    monkeypatch.setattr(dialogs, "_AHEAD", {})
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.record(record_of_a_win(0))
    d = drive()
    d.app.ctx.session.history = History(stats)
    built: list[str] = []
    real_build = dialogs.StatsDialog.build
    monkeypatch.setattr(
        dialogs.StatsDialog, "build", lambda self: built.append(self.kind) or real_build(self)
    )
    return d, stats, built


def open_statistics(d, built) -> tuple[list[str], object]:
    """Open the statistics with S and close them: the pages built meanwhile, and the panel."""
    built.clear()
    d.key(pygame.K_s, "s")
    box = d.app.ctx.dialogs.dialog.form.box
    d.key(pygame.K_ESCAPE, "")
    assert d.app.ctx.dialogs.dialog is None
    return list(built), box


def test_the_statistics_lay_out_every_page_again_only_when_the_figures_change(
    drive, tmp_path, monkeypatch
):
    """Opening the statistics finds the one size all five pages keep: each page is laid out
    once for the same figures, room and words (the page shown as it was laid out), and again
    only once its figures changed (a game stored here changes its own kind's page; one stored
    by another connection, all)."""
    from game.ui import dialogs
    from tests.ui.test_window import record_of_a_win

    d, stats, built = statistics_drive(drive, tmp_path, monkeypatch)
    first, box = open_statistics(d, built)  # straight away: nothing laid out ahead yet
    assert sorted(first) == sorted(dialogs.StatsDialog.PAGES)
    assert open_statistics(d, built) == (["beginner"], box)  # only the page shown is built
    stats.record(record_of_a_win(1))  # a Beginner game: its page alone is laid out again
    assert open_statistics(d, built)[0] == ["beginner"]
    other = Stats(tmp_path / "stats.sqlite3")  # another connection: the writer's, say
    other.record(record_of_a_win(2))
    other.close()
    assert sorted(open_statistics(d, built)[0]) == sorted(dialogs.StatsDialog.PAGES)


def test_a_frame_with_cells_to_draw_lays_out_no_page_ahead(drive, tmp_path, monkeypatch):
    """A page is laid out in a spare frame only: not in one that draws cells (a first click's
    opening come from the worker, a cascade's rings), whose own work may fill it."""
    d, stats, built = statistics_drive(drive, tmp_path, monkeypatch)
    while d.app.dialogs.frames < WARM_AFTER:
        d.tick()
    covered = next((r, c) for r in range(9) for c in range(9) if d.app.play.game.cell(r, c) == "#")
    pos = d.at(covered)
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
    d.tick()  # a flag: a cell to draw this frame
    assert d.app.play.game.cell(*covered) == "F" and built == []
    d.tick()  # a frame with nothing to draw: a page
    assert len(built) == 1


def test_after_a_game_the_pages_are_laid_out_before_the_statistics_open(
    drive, tmp_path, monkeypatch
):
    """A game stored on the writer's thread (its own connection: every page's figures may
    have changed) has the loop lay the pages out in the frames after it, one a frame, so the
    statistics opened then build nothing: the page shown is the one laid out ahead, and what
    it shows, and where, is what the page built anew shows (turned to again), as is every
    page's when nothing was laid out before the opening."""
    from game.ui.dialogs import stats as dialogs
    from tests.ui.test_window import record_of_a_win

    d, stats, built = statistics_drive(drive, tmp_path, monkeypatch)
    while d.app.dialogs.frames < WARM_AFTER:  # the window's first frames are left alone
        d.tick()
    assert built == []
    pages = len(dialogs.StatsDialog.PAGES)
    for n in range(1, pages + 1):  # the loop looks (input, or its look once a second):
        d.tick()  # then every page is laid out, one a frame
        assert len(built) == n
    assert rest(d) == 1 and len(built) == pages  # a frame finds them all kept: it sleeps
    for n in range(1, 4):
        writer = Stats(tmp_path / "stats.sqlite3")
        writer.record(dataclasses.replace(record_of_a_win(n), time_ms=1_000 * n))
        writer.close()
        built.clear()
        d.tick()  # the loop wakes (input, or its look once a second): the first page
        assert built == ["beginner"]
        assert rest(d) == pages and len(built) == pages
        assert open_statistics(d, built)[0] == []

    def shown() -> tuple:
        form = d.app.ctx.dialogs.dialog.form
        return form.box, d.app.ctx.dialogs.dialog.texts(), [w.box for w in form.widgets()]

    writer = Stats(tmp_path / "stats.sqlite3")
    writer.record(record_of_a_win(4))
    for n in range(8):  # a taller page than the Beginner one: it sets the panel's size
        writer.record(
            dataclasses.replace(record_of_a_win(3 * n + 1), kind="intermediate", game_id=f"i{n}")
        )
    writer.close()
    d.tick()
    rest(d)
    built.clear()
    d.key(pygame.K_s, "s")
    kept = [shown()]
    assert built == []
    d.key(pygame.K_DOWN)  # the list of best times shown is the dialog's own: a pick
    assert d.app.ctx.dialogs.dialog.form.find("times").selected == 1  # builds it again
    d.key(pygame.K_UP)
    assert built == ["beginner", "beginner"] and shown() == kept[0]
    built.clear()
    for _ in range(pages):  # round to the first page again: built anew
        d.key(pygame.K_RIGHT)
        kept.append(shown())
    assert built == [*dialogs.StatsDialog.PAGES[1:], "beginner"]
    assert kept[-1] == kept[0] and "Won 3/5 60%" in kept[0][1]  # every game seen
    d.key(pygame.K_ESCAPE, "")
    dialogs._SIZES.clear()  # laid out at the opening, nothing ahead
    dialogs._AHEAD.clear()
    d.key(pygame.K_s, "s")
    fresh = [shown()]
    for _ in range(pages):
        d.key(pygame.K_RIGHT)
        fresh.append(shown())
    assert fresh == kept


def test_the_pages_are_laid_out_again_ahead_for_a_new_room_and_nothing_when_all_are_kept(
    drive, tmp_path, monkeypatch
):
    """Another zoom is another room: the pages are laid out for it in the frames after; with
    every page kept the loop goes back to sleep at once, reading nothing; the page the
    statistics open on is laid out ahead again once they close."""
    from game.ui import dialogs

    d, stats, built = statistics_drive(drive, tmp_path, monkeypatch)
    while d.app.dialogs.frames <= WARM_AFTER:
        d.tick()
    rest(d)
    built.clear()
    d.app.options.zoom(-1)
    rest(d)
    assert sorted(built) == sorted(dialogs.StatsDialog.PAGES)
    built.clear()
    reads: list[str] = []
    stats.conn.set_trace_callback(reads.append)
    d.tick()
    assert rest(d) == 0 and built == [] and reads == ["PRAGMA data_version"]
    assert open_statistics(d, built)[0] == []  # the page as laid out ahead
    assert rest(d) == 2 and built == ["beginner"]  # after the closing's frame, laid out
    assert open_statistics(d, built)[0] == []  # ahead again for the next opening
