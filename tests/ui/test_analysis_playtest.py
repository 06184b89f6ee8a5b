"""A new player's play-test of the analysis (issue 27): a lost game's guess drawn whole, the
outline seen in every theme, the game reachable after its notice, the words of the losing move."""

import pygame
import pytest

from game.analysis_text import summary
from game.engine import GameState
from game.engine.game_analysis import analyse_game
from game.ui import marks
from game.ui.cellmarks import outline_colours_on_covered
from game.ui.scenes.analysis import ARROWS, AnalysisScene
from game.ui.theme import THEMES_DIR, load_theme
from game.ui.widgets import wrap
from tests.engine.test_game_analysis import opened

THEMES = sorted(p.name for p in THEMES_DIR.iterdir() if (p / "theme.toml").exists())

# 9 x 9, 20 mines: a first click at (8, 8) opens the corner below a wall of six mines; (0, 0) is
# then a guess off the frontier (14 mines in 69 cells: 20 %), and a mine.
CORNER = [
    "*...*....",
    "..*....*.",
    "*.*.*.*.*",
    ".*.*.*.*.",
    "*...*....",
    "....*....",
    ".....****",
    ".....*...",
    ".....*...",
]


def lose(d):
    d.click((8, 8))
    d.tick(1500)
    d.click((0, 0))
    assert d.app.play.game.state is GameState.LOST
    for _ in range(30):
        d.tick()


def analysed(d):
    d.key(pygame.K_a, "a")
    room = d.app.games.replay
    assert isinstance(room, AnalysisScene)
    for _ in range(60):
        d.tick()
    assert room.ready
    return room


@pytest.mark.parametrize("zoom", [2, 3])
def test_the_moves_risk_label_is_drawn_whole_over_its_outline(drive, zoom):
    d = drive(layout=CORNER, scale=zoom)
    lose(d)
    room = analysed(d)
    move = room.move
    assert (move.row, move.col) == (0, 0) and move.n == 2
    text = marks.percent_text(move.p_mine)
    assert len(text) == 2  # the play-test's "16 %" read "6%"
    renderer, lay = d.app.ctx.frame.renderer, d.app.ctx.frame.layout
    name = text + "%" if (text + "%") in renderer._marks else text
    box = lay.cell_rect(0, 0, d.app.games.shown().view.top, d.app.games.shown().view.left)
    label, (x, y) = renderer._centred(name, box.x, box.y)
    assert box.x <= x and x + label.get_width() <= box.x + box.w  # inside the cell
    canvas = renderer.canvas
    for px in range(label.get_width()):
        for py in range(label.get_height()):
            ink = label.get_at((px, py))
            if ink.a == 255:  # every pixel of the label shows: nothing is drawn over it
                assert canvas.get_at((x + px, y + py))[:3] == ink[:3], (px, py)


@pytest.mark.parametrize("name", THEMES)
def test_the_outline_of_a_covered_cell_shows_thick_on_it_in_every_theme(name):
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    theme = load_theme(THEMES_DIR / name)
    outline = marks.brackets(16, *outline_colours_on_covered(theme))
    covered = theme.sprites["covered"].get_at((8, 8))
    thick = outline.get_at((1, 1))  # the two-pixel part, not its one-pixel lining
    assert outline.get_at((2, 2)) == thick
    shown = marks.contrast(thick, covered)
    assert shown >= marks.SHOWS, f"{name}: the move's outline shows {shown:.2f}:1 on covered"


def test_the_losing_move_is_called_so_with_its_kind(drive):
    d = drive(layout=CORNER, scale=3)  # Beginner at 3: the line's room for the longest words
    lose(d)
    room = analysed(d)
    line = d.app.games.shown().resting_status()
    assert room.words()[0].startswith("Move 2/2 (the losing open): a guess, 23\u00a0% risk; ")
    assert "Move 2/2 (the losing open): guess 23\u00a0%" in line, line
    d.key(pygame.K_HOME)
    assert room.words()[0] == "Move 1/2 (open): sure (first click)"


def test_the_lost_game_is_analysed_after_its_notice_closed_and_esc_goes_back_to_it(drive):
    d = drive(layout=CORNER, scale=2)
    commands = d.app.ctx.commands
    assert not commands.available("analyse_last")  # no game has ended
    lose(d)
    key = d.app.ctx.session.game_id
    d.key(pygame.K_ESCAPE)  # the notice closes
    assert d.app.ctx.dialogs.dialog is None and commands.available("analyse_last")
    room = analysed(d)  # A: Game → Analyse last game
    assert room.key == key and room.move.n == 2
    d.key(pygame.K_ESCAPE)
    assert d.app.games.replay is None
    assert d.app.play.game.state is GameState.LOST  # back to the lost board, not a new one
    d.key(pygame.K_n, "n")  # a new game: the last one can still be gone through
    assert d.app.play.game.state is not GameState.LOST
    assert analysed(d).key == key


def test_a_game_key_in_the_loss_notice_does_what_it_says(drive):
    d = drive(layout=CORNER, scale=2)
    lose(d)
    assert d.app.ctx.dialogs.dialog is not None
    theme = d.app.ctx.frame.theme.key
    d.key(pygame.K_t, "t")
    assert d.app.ctx.dialogs.dialog is None and d.app.ctx.frame.theme.key != theme


def test_a_pressed_while_the_notice_works_it_out_shows_one_progress_going_forward(drive):
    d = drive(layout=CORNER, scale=3)
    d.click((8, 8))
    for cell in ((0, 1), (0, 2), (0, 3), (0, 5), (0, 6), (0, 7), (0, 8), (1, 0), (1, 1)):
        d.click(cell)
    d.click((0, 0))
    assert d.app.play.game.state is GameState.LOST
    d.tick()
    analyses = d.app.ctx.aids.analyses
    key = d.app.ctx.session.game_id
    assert 0 < analyses.progress(key) < 1  # the notice's analysis is under way
    d.key(pygame.K_a, "a")
    room = d.app.games.replay
    seen = []
    while not room.ready:
        seen.append(room.status())
        d.tick()
    shown = [float(line.split("... ")[1].split("%")[0]) for line in seen]
    assert shown == sorted(shown) and shown[0] > 0, "; ".join(seen)  # the same work, forward


def test_the_loss_notice_keeps_the_summarys_room_from_the_start(drive):
    d = drive(layout=CORNER, scale=1)  # the narrowest notice: the summary takes lines
    d.click((8, 8))
    d.tick(1500)
    d.click((0, 0))
    notice = d.app.ctx.dialogs.dialog
    before = notice.form.box
    assert any("Looking at your guesses" in t for t in notice.texts())
    for _ in range(30):
        d.tick()
    assert any("chance to survive" in t for t in notice.texts())
    assert notice.form.box == before  # it did not jump up a line when the verdict came


def test_a_wrapped_summary_keeps_each_number_beside_its_percent_sign():
    report = analyse_game(CORNER, [opened("open", (8, 8)), opened("open", (0, 0), t=900)])
    line = summary(report)
    assert "23\u00a0%" in line
    for width in range(8, len(line) + 1):
        assert not any(part.startswith("%") for part in wrap(line, width)), width


def test_the_narrowest_line_shows_whole_words_beside_its_buttons(drive):
    d = drive(layout=CORNER, scale=1)  # Beginner at zoom 1: some 11 characters after them
    lose(d)
    room = analysed(d)
    for index in (0, 1, 2):  # the first opening, the losing guess, the end
        room.show(index)
        line = room.status()
        assert line.startswith(ARROWS) and line[len(ARROWS) :] in room.words(), line
