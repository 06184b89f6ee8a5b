"""The line under the board at rest: labels when they fit, icons when they do not, never a
part cut in the middle."""

import pygame

from game.engine import Game
from game.engine.boards import BoardChoice
from game.ui.status import ICONS, Part, fit, text_of

CODE = "0" * 24


def test_labels_when_everything_fits():
    parts = [Part("Code", "code", CODE), Part("No guess", "noguess")]
    assert fit(parts, 80) == [(None, f"Code {CODE} | No guess")]


def test_labels_turn_into_icons_rather_than_cutting_the_code():
    parts = [Part("Code", "code", CODE), Part("No guess", "noguess")]
    pieces = fit(parts, 28)  # a Beginner line at zoom 1 holds about 26
    assert pieces == [("code", ""), (None, CODE), ("noguess", "")]
    assert all(len(text) in (0, 24) for _, text in pieces)


def test_content_keeps_its_place_before_icons():
    parts = [Part("Code", "code", CODE), Part("No guess", "noguess")]
    assert fit(parts, 26) == [(None, CODE), ("noguess", "")]


def test_parts_that_do_not_fit_even_as_icons_go_whole_from_the_end():
    parts = [Part("Code", "code", CODE), Part("Daily", "daily", "2026-11-30")]
    assert fit(parts, 27) == [("code", ""), (None, CODE)]
    assert text_of(fit(parts, 27)) == f"[code] {CODE}"


def test_every_icon_is_five_by_seven():
    for rows in ICONS.values():
        assert len(rows) == 7 and all(len(line) == 5 for line in rows)


def test_the_idle_line_says_where_help_is_and_the_code_is_labelled(drive):
    d = drive()
    assert "F1" in d.app.play.resting_status()
    d.click((4, 4))
    code = d.app.play.board_code()
    assert (
        d.app.play.resting_status() == f"Code {code}"
        or d.app.play.resting_status() == f"[code] {code}"
    )


def test_a_no_guess_board_and_the_daily_board_say_so_under_the_board(drive):
    from datetime import date

    from game.engine.codes import daily

    d = drive(
        BoardChoice.standard(__import__("game.engine", fromlist=["Difficulty"]).Difficulty.EXPERT)
    )
    d.app.games.play_game(daily(date(2026, 11, 30)).game(), daily="2026-11-30")
    d.app.ctx.status.message = None
    line = d.app.play.resting_status()
    assert "Daily 2026-11-30" in line and "No guess" in line


def test_the_icons_are_drawn_when_the_line_is_narrow(drive):
    d = drive(BoardChoice.of(9, 9, 10), scale=1)
    d.app.games.play_game(Game(9, 9, 10, seed=3))
    d.app.play.game.no_guess = True  # as a no-guess board says of itself
    d.click((4, 4))
    pieces = d.app.play.resting_pieces()
    assert ("noguess", "") in pieces and (None, d.app.play.board_code()) in pieces
    box = d.app.ctx.frame.layout.status
    canvas = d.app.ctx.frame.renderer.canvas
    text = d.app.ctx.frame.theme.colours["text"]
    font_w = d.app.ctx.frame.theme.font.width
    x0 = box.x + 2 + 25 * font_w  # the icon's cell, after the code and a space
    strip = canvas.subsurface(pygame.Rect(x0, box.y, font_w, box.h))
    assert any(strip.get_at((x, y))[:3] == text for x in range(font_w) for y in range(box.h))


def test_a_line_at_rest_too_long_for_the_window_scrolls_as_a_message_does():
    """A long language's "Paused: click or F3" at the narrowest window: the line at rest moves
    along as a long message does, evenly through a change of its figures (a replay's
    counters), says when it moves next, and starts again from its beginning after a
    message; a line that fits stands still."""
    from game.ui.status import SCROLL_MS, StatusLine

    clock = [1000]
    line = StatusLine(lambda: clock[0], lambda: None)
    rest = "Paused: click here or press F3"
    assert line.text(40, lambda: rest) == rest and line.next_step(clock[0]) is None
    assert line.text(10, lambda: rest) == rest[:10]
    assert line.next_step(clock[0]) == clock[0] + SCROLL_MS
    clock[0] += 3 * SCROLL_MS + 5
    assert line.text(10, lambda: rest) == rest[3:13]
    assert line.next_step(clock[0]) == clock[0] + SCROLL_MS - 5
    assert line.text(10, lambda: rest.replace("F3", "F4")) == rest[3:13]  # no jump back
    line.say("Zoom 2x")
    assert line.text(10, lambda: rest) == "Zoom 2x" and line.next_step(clock[0]) is None
    line.clear()
    assert line.text(10, lambda: rest) == rest[:10]


def test_a_line_at_rest_of_icons_that_fits_stands_still():
    """The resting line's icons are one cell each where drawn ("[code]" in its text): a code
    with its icon fits the narrowest line and does not scroll."""
    from game.ui.status import StatusLine, cells

    pieces = fit([Part("Code", "code", CODE), Part("Daily", "daily", "2026-12-01")], 26)
    assert cells(text_of(pieces)) == 26 and len(text_of(pieces)) > 26
    line = StatusLine(lambda: 5000, lambda: None)
    assert line.text(26, lambda: text_of(pieces)) == text_of(pieces)
    assert line.next_step(5000) is None
