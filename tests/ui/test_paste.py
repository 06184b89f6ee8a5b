"""Text fields and the clipboard, through the real loop and real pygame events: a value a
dialog opens with is selected, so typing or Ctrl+V replaces it, and a pasted board code is
cleaned of spaces, dashes and line ends before it is checked (issue 25)."""

import pygame

from game.engine import Difficulty, GameState
from game.engine.boards import BoardChoice
from game.ui.dialogs import CodeDialog, CustomDialog, clean_code

CTRL = pygame.KMOD_CTRL


def test_a_code_is_cleaned_of_spaces_dashes_and_line_ends():
    assert clean_code(" ABCD-EFGH EFGH\r\n-1234\u2013XY\t") == "ABCDEFGHEFGH1234XY"
    assert clean_code("") == ""


def test_the_paste_round_trip_plays_the_same_board(drive):
    """A first click on Expert, Ctrl+C, then B (the dialog opens filled from the clipboard),
    Ctrl+V as the dialog says, Enter, and yes to leaving the game: the same board."""
    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1)
    d.click((5, 7))
    code, layout = d.app.play.board_code(), d.app.play.game.layout()
    d.key(pygame.K_c, "c", mod=CTRL)
    assert pygame.scrap.get_text() == code
    d.key(pygame.K_b, "b")
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, CodeDialog) and dialog.text == code and dialog.field.selected
    d.key(pygame.K_v, "\x16", mod=CTRL)  # replaces the selected code: not two copies of it
    assert dialog.text == code and dialog.error == ""
    d.key(pygame.K_RETURN, "\r")
    assert d.app.ctx.dialogs.dialog is not dialog  # the leave question (a game is on)
    d.key(pygame.K_y, "y")
    assert d.app.ctx.dialogs.dialog is None
    g = d.app.play.game
    assert g.layout() == layout and g.state is GameState.READY and g.first_click == (5, 7)


def test_a_code_pasted_with_dashes_and_a_line_end_is_played(drive):
    d = drive(scale=1)
    d.click((2, 3))
    code, layout = d.app.play.board_code(), d.app.play.game.layout()
    pygame.scrap.put_text("wrong")
    d.key(pygame.K_b, "b")
    d.key(pygame.K_x, "x")  # typing replaces the prefilled text too
    assert d.app.ctx.dialogs.dialog.text == "x"
    d.key(pygame.K_BACKSPACE)
    spaced = "-".join(code[i : i + 4] for i in range(0, len(code), 4))
    pygame.scrap.put_text(f"  {spaced[:10]} \r\n{spaced[10:]}\n")
    d.key(pygame.K_v, "\x16", mod=CTRL)
    assert d.app.ctx.dialogs.dialog.text == code
    d.key(pygame.K_RETURN, "\r")
    d.key(pygame.K_y, "y")
    assert d.app.ctx.dialogs.dialog is None and d.app.play.game.layout() == layout


def test_the_custom_fields_are_replaced_by_what_is_typed(drive):
    d = drive(scale=1)
    d.key(pygame.K_c, "c")
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, CustomDialog) and dialog.values == ["9", "9", "10"]
    for ch in "12":
        d.key(pygame.K_0 + int(ch), ch)
    d.key(pygame.K_TAB)
    for ch in "15":
        d.key(pygame.K_0 + int(ch), ch)
    d.key(pygame.K_TAB)
    d.key(pygame.K_END)  # the caret at the end: what is typed now adds to the value
    d.key(pygame.K_0, "0")
    assert dialog.values == ["12", "15", "100"]
    d.key(pygame.K_RETURN, "\r")
    g = d.app.play.game
    assert d.app.ctx.dialogs.dialog is None and (g.rows, g.cols, g.mines) == (12, 15, 100)


def test_the_custom_dialog_keeps_its_layout_when_an_error_comes(drive):
    d = drive(scale=1)
    d.key(pygame.K_c, "c")
    dialog = d.app.ctx.dialogs.dialog
    before = [w.box for w in dialog.form.rows] + [b.box for b in dialog.form.buttons()]
    size = dialog.form.box
    d.key(pygame.K_1, "1")  # rows 1: below the smallest side
    d.key(pygame.K_RETURN, "\r")
    assert dialog.fields[0].error and d.app.ctx.dialogs.dialog is dialog
    d.tick()
    after = [w.box for w in dialog.form.rows] + [b.box for b in dialog.form.buttons()]
    assert after == before and dialog.form.box == size
    assert dialog.fields[0].selected  # the bad number, selected to be typed again


def test_the_code_dialog_keeps_its_place_and_a_margin_when_a_code_is_wrong(drive):
    """Every kind of wrong code is explained in the lines kept for it under the field: the
    panel neither grows nor moves, and it does not span the window (a play-test: it did)."""
    d = drive(scale=4)
    d.key(pygame.K_b, "b")
    dialog = d.app.ctx.dialogs.dialog
    first = dialog.form.box
    canvas_w = d.app.ctx.frame.renderer.canvas.get_width()
    m = dialog.form.rows[0].m
    assert first.x >= m.glyph_w and first.right <= canvas_w - m.glyph_w  # a margin each side
    wrong = ["x", "0" * 23 + "1", "1" * 24, "Z" * 23 + "0", "S" + "9" * 20, "S" + "Z" * 13, "S1!"]
    for text in wrong:
        d.key(pygame.K_a, "a", mod=CTRL)
        pygame.scrap.put_text(text)
        d.key(pygame.K_v, "\x16", mod=CTRL)
        d.key(pygame.K_RETURN, "\r")
        assert dialog.error, text
        assert dialog.form.box == first, (text, dialog.error)
