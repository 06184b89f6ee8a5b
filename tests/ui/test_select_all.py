"""Ctrl+A in a text field selects all of it, through the real loop and real pygame events
(issue 39): the next character typed replaces it, Backspace or Delete clears it, Ctrl+C
copies it where the field can copy, an arrow drops the selection; and it is drawn
highlighted in the theme's selected colours."""

import pygame

from game.ui.dialogs import CodeDialog, CustomDialog
from game.ui.widgets import style_for

CTRL = pygame.KMOD_CTRL


def typed(d, text):
    """Each character as SDL sends it: the key press, then its text (the loop types from the
    key press; the text event after it adds nothing)."""
    for ch in text:
        d.post(pygame.KEYDOWN, key=ord(ch.lower()), unicode=ch, mod=0, scancode=0)
        d.post(pygame.TEXTINPUT, text=ch)
        d.tick()


def select_all(d):
    d.key(pygame.K_a, "\x01", mod=CTRL)  # what SDL gives as the text of Ctrl+A


def custom_dialog(d) -> CustomDialog:
    d.key(pygame.K_c, "c")
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, CustomDialog)
    return dialog


def shown_colour(d, point):
    canvas = d.app.ctx.frame.renderer.canvas
    return tuple(canvas.get_at(point))[:3]


def as_drawn(d, colour):
    canvas = d.app.ctx.frame.renderer.canvas
    return tuple(canvas.unmap_rgb(canvas.map_rgb(colour)))[:3]


def test_ctrl_a_selects_all_and_what_is_typed_replaces_it(drive):
    d = drive(scale=1)
    dialog = custom_dialog(d)
    rows = dialog.fields[0]
    d.key(pygame.K_END)  # the caret at the end: typing adds to the value
    typed(d, "5")
    assert rows.value == "95" and not rows.selected
    select_all(d)
    assert rows.selected and rows.value == "95"  # not an "a" typed, nothing else changed
    typed(d, "12")
    assert dialog.values == ["12", "9", "10"] and not rows.selected
    d.key(pygame.K_RETURN, "\r")
    g = d.app.play.game
    assert d.app.ctx.dialogs.dialog is None and (g.rows, g.cols) == (12, 9)


def test_backspace_or_delete_clears_what_ctrl_a_selected(drive):
    d = drive(scale=1)
    dialog = custom_dialog(d)
    field = dialog.fields[0]
    for key, before in ((pygame.K_BACKSPACE, "9"), (pygame.K_DELETE, "")):
        assert field.value == before
        d.key(pygame.K_END)
        typed(d, "12")
        assert field.value == before + "12"
        select_all(d)
        d.key(key)
        assert field.value == "" and field.caret == 0 and not field.selected
        typed(d, "7")
        assert field.value == "7"
        d.key(pygame.K_BACKSPACE)


def test_an_arrow_drops_the_selection_and_puts_the_caret_at_its_end(drive):
    d = drive(scale=1)
    dialog = custom_dialog(d)
    field = dialog.fields[2]
    d.key(pygame.K_TAB, "\t")
    d.key(pygame.K_TAB, "\t")
    assert dialog.form.focused is field
    d.key(pygame.K_END)
    select_all(d)
    d.key(pygame.K_LEFT)
    assert not field.selected and field.caret == 0
    typed(d, "3")
    assert field.value == "310"
    select_all(d)
    d.key(pygame.K_RIGHT)
    assert not field.selected and field.caret == 3
    typed(d, "0")
    assert field.value == "3100"


def test_ctrl_a_in_an_empty_field_selects_nothing(drive):
    d = drive(scale=1)
    d.key(pygame.K_b, "b")
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, CodeDialog) and dialog.text == ""
    select_all(d)
    assert not dialog.field.selected
    typed(d, "ab")
    assert dialog.text == "ab"


def test_ctrl_c_copies_the_selection_where_the_field_can_copy(drive):
    d = drive(scale=1)
    d.key(pygame.K_b, "b")
    field = d.app.ctx.dialogs.dialog.field
    copied = []
    field.copy = copied.append  # as a dialog hands it the clipboard
    typed(d, "abc")
    d.key(pygame.K_c, "\x03", mod=CTRL)
    assert copied == [] and field.value == "abc"  # nothing selected: nothing copied
    select_all(d)
    d.key(pygame.K_c, "\x03", mod=CTRL)
    assert copied == ["abc"] and field.value == "abc" and field.selected  # still selected
    field.copy = None
    d.key(pygame.K_c, "\x03", mod=CTRL)  # a field that cannot copy takes the key all the same
    assert d.app.ctx.dialogs.dialog is not None and field.value == "abc" and field.selected


def test_the_selection_is_drawn_in_the_selected_colours_and_goes_with_it(drive):
    d = drive(scale=1)
    dialog = custom_dialog(d)
    field = dialog.fields[0]
    style = style_for(d.app.ctx.frame.theme)
    d.key(pygame.K_END)
    d.tick()
    f = field.field
    corner = (f.x + 2, f.y + 2)  # the highlight's top-left; the well's own fill without one
    assert shown_colour(d, corner) == as_drawn(d, style.field_bg)
    select_all(d)
    d.tick()
    assert shown_colour(d, corner) == as_drawn(d, style.selected_bg)
    row = [shown_colour(d, (x, f.y + 3 + y)) for y in range(8) for x in range(f.x + 3, f.right)]
    assert as_drawn(d, style.selected_text) in row  # the text, in its colour on the highlight
    d.key(pygame.K_RIGHT)
    d.tick()
    assert shown_colour(d, corner) == as_drawn(d, style.field_bg)
