"""A pause says so at once, and a message never outlives the state it describes (issue 39):
F3 right after an undo showed "Undone (now assisted)" for five seconds over a blank board. A
message goes when the game on the board, how it stands or a pause that veils it changes.
Real events through the real loop; the line checked is the one drawn."""

import pygame

from game.engine import GameState

# Beginner: mines along the top and at (1,7), (1,8): a click at (8, 8) opens all but (0, 8), a
# 3 shut in by mines, which a second click opens (a win).
WALL = ["********.", ".......**"] + ["........."] * 7
CTRL = pygame.KMOD_CTRL
UNDONE = "Undone (now assisted)"


def line(d) -> str:
    """The line under the board as last drawn."""
    return d.app.ctx.drawn.status


def flag_then_undo(d):
    d.click((8, 8))
    d.click((0, 8), button=3)  # a flag: a second move, so the undo leaves the game in play
    d.key(pygame.K_z, "", mod=CTRL)
    assert line(d) == UNDONE and d.app.play.game.state is GameState.PLAYING


def test_f3_right_after_an_undo_says_paused_at_once_and_the_undo_does_not_come_back(drive):
    d = drive(layout=WALL)
    flag_then_undo(d)
    d.key(pygame.K_F3)  # the same frame shows the pause
    assert d.app.ctx.session.veiled and line(d) == "Paused: click or F3"
    d.tick(1000)
    assert line(d) == "Paused: click or F3"
    d.key(pygame.K_F3)  # plays on, well within the undo's five seconds
    assert not d.app.ctx.session.veiled
    assert line(d) not in (UNDONE, "Paused: click or F3") and d.app.ctx.status.saying() is None


def test_losing_the_focus_right_after_an_undo_says_paused_at_once(drive):
    d = drive(layout=WALL)
    d.post(pygame.WINDOWFOCUSGAINED)
    flag_then_undo(d)
    d.post(pygame.WINDOWFOCUSLOST)
    d.tick()
    assert line(d) == "Paused: click to play on"
    d.post(pygame.WINDOWFOCUSGAINED)
    d.tick()
    assert line(d) != UNDONE and "Paused" not in line(d)


def test_a_message_goes_when_the_game_ends(drive):
    d = drive(layout=WALL)
    flag_then_undo(d)
    d.click((0, 8))  # the win, within the undo's five seconds
    assert d.app.play.game.state is GameState.WON
    assert d.app.ctx.status.saying() is None and line(d) != UNDONE


def test_a_message_said_over_an_analysis_goes_when_it_is_left(drive):
    from tests.ui.test_analysis_playtest import CORNER, analysed, lose

    d = drive(layout=CORNER)
    lose(d)
    d.key(pygame.K_ESCAPE)  # the notice
    analysed(d)
    d.key(pygame.K_z, "", mod=CTRL)  # the game's keys over the analysis
    assert line(d) == "Esc leaves this first"
    d.key(pygame.K_ESCAPE)
    assert d.app.games.replay is None and line(d) != "Esc leaves this first"


def test_a_lasting_message_goes_with_the_game_it_was_said_for(drive):
    d = drive()
    d.key(pygame.K_F10)  # Game → Daily board (no key)
    bar = d.app.menu.bar
    bar.focus = [i.action for i in bar.items()].index("daily")
    d.key(pygame.K_RETURN, "\r")
    said = d.app.ctx.status.saying()
    assert said and said.startswith("Daily") and line(d) == said  # until the mark is opened
    d.tick(60_000)
    assert line(d) == said
    d.key(pygame.K_n, "n")  # a new game, before any move: no question
    assert d.app.ctx.session.daily is None
    assert line(d) != said and d.app.ctx.status.saying() is None


def test_the_status_line_drops_a_message_once_the_state_it_was_said_in_changes():
    from game.ui.status import StatusLine

    now, state, redrawn = [0], ["playing"], []
    line_ = StatusLine(lambda: now[0], lambda: redrawn.append(now[0]))
    line_.follow(lambda: state[0])
    line_.say("Undone")
    assert line_.text(40, lambda: "at rest") == "Undone"
    now[0] = 100
    state[0] = "paused"  # long before the message's own end
    redrawn.clear()
    assert line_.message is None and line_.text(40, lambda: "Paused") == "Paused"
    assert redrawn  # the line is drawn again
    state[0] = "playing"  # back in the state it was said in: it does not come back
    assert line_.saying() is None
    line_.say("Lasting", lasting=True)
    now[0] = 10**9
    line_.expire(now[0])
    assert line_.saying() == "Lasting"  # the state is the same: it stays
    state[0] = "over"
    line_.expire(now[0])
    assert line_.saying() is None


def test_a_paused_board_says_paused_over_its_middle_and_the_plate_goes_with_the_pause(
    drive, monkeypatch
):
    """The play-test: a paused board (every cell covered) looked like a new game; the words
    on the line under it were easy to miss on a big screen."""
    from game.ui.theme import Font

    said = []
    real = Font.render
    monkeypatch.setattr(Font, "render", lambda f, text, c: said.append(text) or real(f, text, c))
    d = drive(layout=WALL)
    d.click((8, 8))
    lay = d.app.ctx.frame.layout
    middle = lay.window_box(lay.area)
    spot = (middle.x + middle.w // 2, middle.y + middle.h // 2)
    before = pygame.display.get_surface().get_at(spot)
    d.key(pygame.K_F3)
    assert "Paused" in said
    plate = pygame.display.get_surface().get_at(spot)
    assert plate != before  # the plate's words or panel over the middle cell
    said.clear()
    d.key(pygame.K_F3)  # plays on: the board drawn again, no plate
    assert "Paused" not in said
    assert pygame.display.get_surface().get_at(spot) == before
