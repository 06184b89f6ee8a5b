"""The real App on the dummy driver: the window stays on the usable screen through zoom and board
changes, never gets smaller than the toolbar, comes back where the player left it, wears the
theme's icon, and the mine counter has the digits the board needs."""

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.settings import Settings, SettingsFile
from game.ui import layout as geometry
from game.ui import screen as desktop

EXPERT = BoardChoice.standard(Difficulty.EXPERT)
CORNER = ["**......."] + ["*........"] + ["........."] * 7  # three mines


def counter_shows(d, text: str) -> bool:
    lay = d.app.ctx.frame.layout
    box, w, e = lay.counter, lay.sizes.led_w, lay.factor  # e: the rim
    if box.w != len(text) * w + 2 * e:
        return False
    return all(
        d.sprite_at(
            geometry.Box(box.x + e + i * w, box.y + e, w, lay.sizes.led_h),
            "led_minus" if ch == "-" else f"led_{ch}",
        )
        for i, ch in enumerate(text)
    )


def on_screen(app) -> bool:
    return desktop.wholly_on(
        app.ctx.frame.screen,
        pygame.display.get_surface().get_size(),
        desktop.window_position(),
        app.ctx.frame.edges,
    )


@pytest.mark.concurrent
def test_the_counter_shows_five_digits_for_39999_mines_and_three_for_beginner(drive):
    big = drive(BoardChoice(200, 200, 39_999), scale=1)
    assert counter_shows(big, "39999")
    beginner = drive()
    assert counter_shows(beginner, "010")


def test_an_over_flagged_counter_shows_a_minus(drive):
    d = drive(layout=CORNER)
    for cell in [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4)]:
        d.click(cell, button=3)
    assert d.app.play.game.mines_remaining == -2
    assert counter_shows(d, "-02")


def test_zooming_expert_up_past_the_whole_board_scrolls_and_the_window_stays_on_the_screen(drive):
    """The keys go past the most zoom that shows all of the board (issue 39: a 100 x 100 board
    that fits a 2160-line screen only at 1x could not be zoomed at all), up to the most whose
    frame the screen holds; the window stays on the screen, the frame whole."""
    d = drive(EXPERT, scale=1)
    frame = d.app.ctx.frame
    whole = geometry.most_scale(16, 30, frame.space, frame.theme.sizes, 3)
    most = geometry.most_zoom(16, 30, frame.space, frame.theme.sizes, 3)
    assert most > whole
    # near the corner, as a player might leave it: growing there would run off the screen
    desktop.move_window((frame.screen.right - 300, frame.screen.bottom - 200))
    for zoom in range(2, most + 1):
        d.key(pygame.K_EQUALS, "+")
        assert on_screen(d.app) and frame.scale == zoom
        lay = frame.layout
        shows_all = (lay.view_rows, lay.view_cols) == (16, 30)
        assert shows_all == (zoom <= whole)  # past it, a part, scrolled
        w, h = lay.canvas_size
        assert w <= frame.display.size[0] and h <= frame.display.size[1]  # the frame whole
    d.key(pygame.K_EQUALS, "+")
    assert frame.scale == most and "is the most" in d.app.ctx.status.message[0]


def test_a_window_that_still_fits_where_the_player_put_it_stays_there(drive):
    d = drive(scale=1)
    desktop.move_window((100, 40))
    d.key(pygame.K_EQUALS, "+")
    d.key(pygame.K_2, "2")
    assert d.app.ctx.frame.scale == 2 and desktop.window_position() == (100, 40)


def test_a_bigger_board_lowers_the_zoom_and_recentres_the_window(drive):
    d = drive(scale=3)
    desktop.move_window((d.app.ctx.frame.screen.right - 600, d.app.ctx.frame.screen.y + 40))
    d.key(pygame.K_3, "3")
    w, h = d.app.ctx.frame.layout.canvas_size
    assert d.app.ctx.frame.scale < 3 and w * d.app.ctx.frame.scale <= d.app.ctx.frame.space[0]
    assert (d.app.ctx.frame.layout.view_rows, d.app.ctx.frame.layout.view_cols) == (16, 30)
    assert on_screen(d.app)


def minimum_size() -> tuple[int, int] | None:
    """The smallest the player can make the window, or None where that cannot be asked."""
    window = desktop._window()
    return tuple(window.minimum_size) if window is not None else None


@pytest.mark.concurrent
def test_the_window_cannot_be_made_smaller_than_the_toolbar_needs(drive):
    d = drive(BoardChoice(200, 200, 39_999), scale=1)
    least = geometry.smallest_canvas_size(d.app.ctx.frame.theme.sizes, 5)
    assert minimum_size() == least
    d.app.options.toggle_fullscreen()
    d.app.options.toggle_fullscreen()  # set_mode forgets it: set again
    assert minimum_size() == least


def test_the_window_comes_back_at_the_size_and_place_it_was_left(drive, tmp_path):
    path = tmp_path / "settings.json"
    d = drive(settings=Settings(motion=False, volume="off"))
    d.app.ctx.aids.settings_file = SettingsFile(path)
    pygame.display.set_mode((500, 420), pygame.RESIZABLE)
    d.post(pygame.VIDEORESIZE, size=(500, 420), w=500, h=420)
    d.tick()
    desktop.move_window((40, 60))
    d.app.games.quit()
    saved, _ = SettingsFile(path).load()
    assert (saved.window_size, saved.window_position, saved.fullscreen) == (
        (500, 420),
        (40, 60),
        False,
    )
    pygame.quit()
    pygame.display.init()
    again = drive(settings=saved)
    assert pygame.display.get_surface().get_size() == (500, 420)
    assert desktop.window_position() == (40, 60)
    assert again.app.ctx.frame.scale == geometry.best_scale(9, 9, (500, 420))


def test_a_remembered_window_that_no_longer_fits_is_not_used(drive):
    d = drive(
        settings=Settings(
            motion=False, volume="off", window_size=(5000, 400), window_position=(9000, 9000)
        )
    )
    assert pygame.display.get_surface().get_size() == geometry.window_size(9, 9, 2)  # the board's
    assert on_screen(d.app)
    pygame.quit()
    pygame.display.init()
    e = drive(
        settings=Settings(
            motion=False, volume="off", window_size=(400, 400), window_position=(9000, 9000)
        )
    )
    assert pygame.display.get_surface().get_size() == (400, 400) and on_screen(e.app)


def test_fullscreen_is_remembered_and_leaving_it_gives_the_remembered_window(drive, tmp_path):
    settings = Settings(motion=False, volume="off", window_size=(480, 400), fullscreen=True)
    d = drive(settings=settings)
    assert pygame.display.is_fullscreen()
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    d.key(pygame.K_F11)
    assert not pygame.display.is_fullscreen()
    assert pygame.display.get_surface().get_size() == (480, 400)
    assert SettingsFile(tmp_path / "settings.json").load()[0].fullscreen is False


def test_the_icon_is_cut_from_the_theme_in_use(drive, monkeypatch):
    shown = []
    monkeypatch.setattr(pygame.display, "set_icon", shown.append)
    d = drive()
    d.key(pygame.K_t, "t")
    theme = d.app.ctx.frame.theme
    assert theme.key != "classic" and shown
    want = desktop.icon_of(theme.sprites[desktop.ICON_SPRITE])
    assert pygame.image.tobytes(shown[-1], "RGBA") == pygame.image.tobytes(want, "RGBA")
    assert pygame.image.tobytes(shown[0], "RGBA") != pygame.image.tobytes(want, "RGBA")


def test_a_board_from_the_command_line_leaves_the_remembered_size_alone(drive, tmp_path):
    settings = Settings(motion=False, volume="off", window_size=(480, 400))
    d = drive(BoardChoice(40, 40, 200), settings=settings, scale=1)
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    desktop.move_window((30, 50))
    d.app.games.quit()
    saved, _ = SettingsFile(tmp_path / "settings.json").load()
    assert saved.window_size == (480, 400) and saved.window_position == (30, 50)


def test_a_board_changed_in_fullscreen_remembers_the_window_to_come_back_to(drive, tmp_path):
    d = drive(settings=Settings(motion=False, volume="off", fullscreen=True), scale=1)
    d.app.ctx.aids.settings_file = SettingsFile(tmp_path / "settings.json")
    d.key(pygame.K_2, "2")
    w, h = geometry.window_size(16, 16, 1)
    saved, _ = SettingsFile(tmp_path / "settings.json").load()  # written at the change
    assert saved.fullscreen and saved.board == "intermediate"
    assert (
        saved.window_size
        == d.app.ctx.frame.display.windowed_size
        == (w * d.app.ctx.frame.scale, h * d.app.ctx.frame.scale)
    )
    d.key(pygame.K_F11)
    assert pygame.display.get_surface().get_size() == saved.window_size


def test_options_shows_the_zoom_in_use_when_the_remembered_one_does_not_fit(drive):
    d = drive(EXPERT, scale=None, settings=Settings(motion=False, volume="off", scale=4))
    frame = d.app.ctx.frame
    assert frame.scale < 4  # the dummy screen has no room for Expert at 4x
    d.key(pygame.K_o, "o")
    dialog = d.app.ctx.dialogs.dialog
    zoom = dict(dialog.list.rows)["Zoom"]
    assert zoom == f"{frame.scale}x (4x does not fit)"
    rows = [name for name, *_ in dialog.rows]
    for _ in range(rows.index("scale")):
        d.key(pygame.K_DOWN)
    d.press("change")  # the next zoom that fits, round to auto: never one that cannot be
    assert dict(dialog.list.rows)["Zoom"] == f"auto ({frame.scale}x)"
    d.press("change")
    assert dict(dialog.list.rows)["Zoom"] == "1x" and frame.scale == 1


@pytest.mark.concurrent
def test_zooming_a_board_larger_than_the_window_keeps_the_window_the_player_sized(drive):
    """Issue 24's play-test: the first Ctrl+wheel notch grew a 1000x700 window on a 200x200
    board to nearly the whole screen. A board the window shows only part of at both zooms
    changes its view, not the window."""
    d = drive(BoardChoice(200, 200, 8000), scale=1)
    size = (1000, 700)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.tick()
    for key, name, zoom in (
        (pygame.K_EQUALS, "+", 2),
        (pygame.K_EQUALS, "+", 3),
        (pygame.K_MINUS, "-", 2),
    ):
        d.key(key, name)
        assert d.app.ctx.frame.scale == zoom
        assert pygame.display.get_surface().get_size() == size
        lay = d.app.ctx.frame.layout
        w, h = lay.canvas_size
        assert w <= size[0] and h <= size[1]  # nothing cut off


def test_a_board_that_shows_whole_still_grows_its_window_with_the_zoom(drive):
    d = drive(scale=1)
    before = pygame.display.get_surface().get_size()
    d.key(pygame.K_EQUALS, "+")
    after = pygame.display.get_surface().get_size()
    assert after[0] > before[0] and after[1] > before[1]


def test_a_resumed_200x200_game_keeps_the_remembered_zoom(drive):
    """Issue 24's play-test: quit at zoom 2 (and 3), settings.json said so, yet the kept
    200x200 game came back at zoom 1. The game is put on a beginner window as a resume puts
    it; the remembered zoom wins, and the view centres its last move."""
    from game.engine import Game, Move, MoveKind

    rows = [
        "".join("*" if (r * 7 + c * 3) % 11 == 0 else "." for c in range(200)) for r in range(200)
    ]
    game = Game.from_layout(rows)
    game.play(Move(MoveKind.OPEN, 150, 161))
    for scale in (2, 3):
        pygame.quit()
        pygame.display.init()
        d = drive(scale=None, settings=Settings(motion=False, volume="off", scale=scale))
        d.app.games.play_game(game)
        frame, play = d.app.ctx.frame, d.app.play
        assert frame.scale == scale
        lay = frame.layout
        assert (
            lay.view_rows < 200
            and lay.cell_rect(150, 161, play.view.top, play.view.left) is not None
        )
        assert abs(play.view.top + lay.view_rows // 2 - 150) <= 1
        assert abs(play.view.left + lay.view_cols // 2 - 161) <= 1


@pytest.mark.concurrent
def test_leaving_fullscreen_brings_the_window_back_inside_the_usable_screen(drive):
    """Issue 24's play-test: the window came back 1920x1061 at +1+20, a pixel off the
    screen's right and bottom (the size it was given while the whole screen was its room)."""
    d = drive(BoardChoice(200, 200, 8000), scale=2)
    d.app.options.toggle_fullscreen()
    space = d.app.ctx.frame.space
    d.app.ctx.frame.display.windowed_size = (space[0] + 4, space[1] + 6)
    d.app.options.toggle_fullscreen()
    assert not pygame.display.is_fullscreen()
    w, h = pygame.display.get_surface().get_size()
    assert w <= space[0] and h <= space[1]
    assert on_screen(d.app)


def test_a_board_the_screen_shows_whole_has_the_same_window_at_a_zoom_going_up_or_down(drive):
    """The second play-test of issue 39: zooming Beginner out of 8x kept 8x's window (wide
    margins) round 6x's and 5x's board, where zooming in had made 5x's window smaller."""
    d = drive(scale=1)
    frame = d.app.ctx.frame
    most = geometry.most_zoom(9, 9, frame.space, frame.theme.sizes, 3)
    assert most > geometry.most_scale(9, 9, frame.space, frame.theme.sizes, 3)  # past whole
    going_up = {}
    for zoom in range(2, most + 1):
        d.key(pygame.K_EQUALS, "+")
        going_up[zoom] = pygame.display.get_surface().get_size()
    for zoom in range(most - 1, 1, -1):
        d.key(pygame.K_MINUS, "-")
        assert frame.scale == zoom
        assert pygame.display.get_surface().get_size() == going_up[zoom], zoom
