"""The widget kit: geometry, hit-testing, keyboard and mouse, text fields, lists, contrast in
every shipped theme, and pixels where a look says they are."""

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Difficulty
from game.ui.layout import MIN_AREA_H, MIN_AREA_W, Box, fit
from game.ui.theme import load_library
from game.ui.widgets import (
    MIN_CONTRAST,
    Button,
    Chart,
    Field,
    Form,
    Label,
    ListBox,
    Metrics,
    Pairs,
    Style,
    contrast,
    contrast_problems,
    contrast_warning,
    nice_ceiling,
    readable_on,
)

M = Metrics()  # the shipped themes' glyphs (6x10) and frame (8)
DIGITS = "0123456789"
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTWXYZ"
EXPERT_AREA = Box(8, 48, 480, 256)
CANVAS = Box(0, 0, 1000, 1000)


@pytest.fixture(scope="module")
def library():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    lib = load_library()
    lib.convert()
    yield lib
    pygame.display.quit()


def custom_form() -> Form:
    return Form(
        "Custom board",
        [
            Field("rows", "Rows", "9", allowed=DIGITS, max_len=3),
            Field("cols", "Columns", "9", allowed=DIGITS, max_len=3),
            Field("mines", "Mines", "10", allowed=DIGITS, max_len=5),
        ],
        [Button("ok", "OK"), Button("cancel", "Cancel")],
        default="ok",
        cancel="cancel",
    )


def code_form() -> Form:
    return Form(
        "Play a board code",
        [
            Label("Type or paste (Ctrl+V) a code of 24 letters and digits."),
            Field("code", "Code", "", allowed=CODE_ALPHABET, upper=True, max_len=24),
        ],
        [Button("play", "Play"), Button("cancel", "Cancel")],
        default="play",
        cancel="cancel",
    )


def stats_form(rows: int = 10) -> Form:
    return Form(
        "Beginner 1/5",
        [
            Pairs([("Won", "12/40 30%"), ("Streak", "3 (best 5)"), ("Best 3BV/s", "2.41")]),
            ListBox(
                "best", [(f"{n:>2}", f"{n * 1.5:7.3f}", "11-30") for n in range(rows)], shown=4
            ),
            Chart(
                [(12.0, "accent"), (30.0, "error"), (7.5, "shadow")],
                x_label="last 3 games",
                unit="s",
            ),
        ],
        [Button("watch", "Watch"), Button("close", "Close")],
        default="watch",
        cancel="close",
    )


def options_form() -> Form:
    return Form(
        "Options",
        [
            Pairs(
                [
                    ("Board", "Expert"),
                    ("Question marks", "on"),
                    ("First click", "safe opening"),
                    ("No guess", "off"),
                    ("Theme", "Classic"),
                ]
            )
        ],
        [Button("close", "Close")],
        default="close",
        cancel="close",
    )


def placed(form: Form, area: Box = EXPERT_AREA, bounds: Box = CANVAS) -> Form:
    form.layout(M, area, bounds)
    return form


def feed(form: Form, *events: pygame.event.Event) -> list:
    """Post real pygame events, take them back from the queue, and hand them to the form."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    return [form.handle(e) for e in pygame.event.get()]


def key(k: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod, scancode=0)


def centre(box: Box) -> tuple[int, int]:
    return box.x + box.w // 2, box.y + box.h // 2


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


@pytest.fixture(autouse=True)
def events():
    pygame.display.init()
    yield


# ---- geometry ----------------------------------------------------------------------------


def test_a_small_form_is_centred_over_the_area_and_leaves_the_board_visible():
    form = placed(custom_form())
    b = form.box
    assert b.w < EXPERT_AREA.w and b.h < EXPERT_AREA.h
    assert abs((b.x + b.w / 2) - (EXPERT_AREA.x + EXPERT_AREA.w / 2)) <= 1
    assert abs((b.y + b.h / 2) - (EXPERT_AREA.y + EXPERT_AREA.h / 2)) <= 1
    assert form.framed  # room for the theme's frame sprites


def test_every_widget_lies_inside_the_panel_below_the_title_and_none_overlap():
    form = placed(stats_form())
    boxes = [w.box for w in form.rows] + [b.box for b in form.buttons()]
    for box in boxes:
        assert form.box.x < box.x and box.right < form.box.right
        assert form.title_box.bottom < box.y and box.bottom < form.box.bottom
    for a, b in zip(boxes, boxes[1:], strict=False):
        if a in [w.box for w in form.rows]:
            assert a.bottom <= b.y


def test_labels_of_pairs_and_fields_share_one_column_with_a_gap():
    form = placed(
        Form("T", [Pairs([("No guess", "off")]), Field("mines", "Mines", "10", max_len=5)])
    )
    pairs, field = form.rows
    assert pairs.value_x(M) == field.field.x
    assert pairs.value_x(M) - pairs.box.x >= (len("No guess") + 1) * M.glyph_w


def test_buttons_are_centred_in_one_row_and_wrap_when_narrow():
    form = placed(custom_form())
    ok, cancel = form.buttons()
    assert ok.box.y == cancel.box.y and ok.box.w == cancel.box.w
    row = form.button_row.box
    assert abs((ok.box.x - row.x) - (row.right - cancel.box.right)) <= 1
    narrow = Form("T", [], [Button(str(k), "Button") for k in range(4)])
    narrow.layout(M, Box(0, 0, 120, 200))
    assert len({b.box.y for b in narrow.buttons()}) > 1
    assert all(b.box.right <= narrow.box.right for b in narrow.buttons())


def test_a_long_paragraph_wraps_to_the_panel():
    form = placed(Form("T", [Label("word " * 60)]), Box(0, 0, 160, 144), Box(0, 0, 176, 214))
    label = form.rows[0]
    assert len(label.lines) > 1
    assert all(len(line) * M.glyph_w <= label.box.w for line in label.lines)


def test_a_form_too_tall_for_its_room_gives_up_list_rows():
    form = stats_form(rows=30)
    form.rows[1].shown_max = 12
    form.layout(M, Box(0, 0, 160, 144), Box(0, 0, 176, 214))
    assert form.box.h <= 214
    assert 1 <= form.rows[1].shown < 12


@pytest.mark.parametrize("make", [custom_form, code_form, stats_form, options_form])
def test_each_representative_form_fits_the_smallest_canvas_whole(make):
    layout = fit(*Difficulty.BEGINNER.value[:2], (1, 1), 1)
    assert (layout.area.w, layout.area.h) == (MIN_AREA_W, MIN_AREA_H)
    w, h = layout.canvas_size
    canvas = Box(0, 0, w, h)
    form = make()
    form.layout(M, layout.area, canvas)
    b = form.box
    assert canvas.x <= b.x and b.right <= canvas.right and canvas.y <= b.y and b.bottom <= h
    assert len(form.title) * M.glyph_w <= form.title_box.w  # the title is not cut
    for field in (w for w in form.rows if isinstance(w, Field)):
        assert field.field.right <= b.right
        assert field._shown_chars(M) >= field.max_len  # the whole value shows
    for pairs in (w for w in form.rows if isinstance(w, Pairs)):
        assert all(line for _, values in pairs.cells for line in values)
    for btn in form.buttons():
        assert len(btn.label) * M.glyph_w <= btn.box.w - 4


def test_the_custom_form_at_the_smallest_canvas_stays_over_the_board_area():
    layout = fit(9, 9, (1, 1), 1)
    form = custom_form()
    form.layout(M, layout.area, Box(0, 0, *layout.canvas_size))
    a, b = layout.area, form.box
    assert a.x <= b.x and b.right <= a.right and a.y <= b.y and b.bottom <= a.bottom


# ---- hit-testing -------------------------------------------------------------------------


def test_a_point_is_hit_tested_to_the_widget_under_it():
    form = placed(custom_form())
    ok = form.find("ok")
    assert form.widget_at(*centre(ok.box)) is ok
    mines = form.find("mines")
    assert form.widget_at(*centre(mines.field)) is mines
    assert form.widget_at(form.box.x + 1, form.box.y + 1) is None
    assert form.widget_at(form.box.right + 5, form.box.y) is None
    assert not form.contains(form.box.right, form.box.bottom)


# ---- keyboard ----------------------------------------------------------------------------


def test_focus_starts_on_the_first_field_and_tab_and_shift_tab_move_it_round():
    form = placed(custom_form())
    ids = lambda: form.focused.id  # noqa: E731
    assert ids() == "rows"
    feed(form, key(pygame.K_TAB))
    assert ids() == "cols"
    feed(form, key(pygame.K_TAB), key(pygame.K_TAB), key(pygame.K_TAB))
    assert ids() == "cancel"
    feed(form, key(pygame.K_TAB))
    assert ids() == "rows"  # round again
    feed(form, key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert ids() == "cancel"


def test_arrows_move_focus_between_buttons():
    form = placed(custom_form())
    form.focused = form.find("ok")
    feed(form, key(pygame.K_RIGHT))
    assert form.focused.id == "cancel"
    feed(form, key(pygame.K_LEFT))
    assert form.focused.id == "ok"


def test_enter_in_a_field_gives_the_default_button_and_on_a_button_that_button():
    form = placed(custom_form())
    assert feed(form, key(pygame.K_RETURN)) == ["ok"]
    form.focused = form.find("cancel")
    assert feed(form, key(pygame.K_KP_ENTER)) == ["cancel"]
    assert feed(form, key(pygame.K_SPACE, " ")) == ["cancel"]


def test_escape_gives_the_cancel_button_and_nothing_without_one():
    assert feed(placed(custom_form()), key(pygame.K_ESCAPE)) == ["cancel"]
    assert feed(placed(Form("T", [Label("x")], [Button("ok", "OK")])), key(pygame.K_ESCAPE)) == [
        None
    ]


def test_with_only_buttons_the_default_one_has_the_focus():
    form = Form(
        "Quit?",
        [Label("Sure?")],
        [Button("quit", "Quit"), Button("stay", "Stay")],
        default="stay",
        cancel="stay",
    )
    assert form.focused.id == "stay"


# ---- mouse -------------------------------------------------------------------------------


def test_the_mouse_over_a_button_hovers_it_and_leaving_clears_it():
    form = placed(custom_form())
    ok = form.find("ok")
    feed(form, mouse(pygame.MOUSEMOTION, centre(ok.box)))
    assert ok.hover and ok.looks(False) == "hover"
    feed(form, mouse(pygame.MOUSEMOTION, (0, 0)))
    assert not ok.hover


def test_press_and_release_on_the_same_button_acts():
    form = placed(custom_form())
    ok = form.find("ok")
    results = feed(
        form,
        mouse(pygame.MOUSEMOTION, centre(ok.box)),
        mouse(pygame.MOUSEBUTTONDOWN, centre(ok.box)),
    )
    assert results == [None, None]
    assert ok.looks(form.focused is ok) == "pressed" and form.focused is ok
    assert feed(form, mouse(pygame.MOUSEBUTTONUP, centre(ok.box))) == ["ok"]
    assert not ok.pressed


def test_releasing_off_the_pressed_button_does_nothing_and_looks_raised_while_off():
    form = placed(custom_form())
    ok, cancel = form.find("ok"), form.find("cancel")
    feed(
        form,
        mouse(pygame.MOUSEBUTTONDOWN, centre(ok.box)),
        mouse(pygame.MOUSEMOTION, centre(cancel.box)),
    )
    assert ok.pressed and ok.looks(True) == "focused"  # held, but the mouse is off it
    assert feed(form, mouse(pygame.MOUSEBUTTONUP, centre(cancel.box))) == [None]


def test_the_right_button_does_not_press_a_button():
    form = placed(custom_form())
    ok = form.find("ok")
    feed(form, mouse(pygame.MOUSEBUTTONDOWN, centre(ok.box), button=3))
    assert not ok.pressed
    assert feed(form, mouse(pygame.MOUSEBUTTONUP, centre(ok.box), button=3)) == [None]


def test_window_positions_are_turned_into_canvas_points():
    form = placed(custom_form())
    ok = form.find("ok")
    x, y = centre(ok.box)
    scale = 3
    pygame.event.post(mouse(pygame.MOUSEBUTTONDOWN, (x * scale + 1, y * scale + 2)))
    pygame.event.post(mouse(pygame.MOUSEBUTTONUP, (x * scale, y * scale)))
    to_canvas = lambda wx, wy: (wx // scale, wy // scale)  # noqa: E731
    assert [form.handle(e, to_canvas) for e in pygame.event.get()] == [None, "ok"]


def test_a_click_in_a_field_focuses_it_and_places_the_caret():
    form = placed(custom_form())
    mines = form.find("mines")
    assert mines.value == "10"
    feed(form, mouse(pygame.MOUSEBUTTONDOWN, (mines.field.x + 4, mines.field.y + 4)))
    assert form.focused is mines and mines.caret == 0
    feed(form, key(pygame.K_5, "5"))
    assert mines.value == "510"


# ---- text fields -------------------------------------------------------------------------


def test_typing_goes_into_the_focused_field_through_its_filter():
    form = placed(custom_form())
    rows = form.find("rows")
    feed(
        form,
        key(pygame.K_BACKSPACE),
        key(pygame.K_1, "1"),
        key(pygame.K_x, "x"),
        key(pygame.K_6, "6"),
        key(pygame.K_SPACE, " "),
    )
    assert rows.value == "16"
    assert form.values() == {"rows": "16", "cols": "9", "mines": "10"}


def test_a_field_stops_at_its_maximum_length():
    form = placed(custom_form())
    feed(form, *[key(pygame.K_9, "9")] * 6)
    assert form.find("rows").value == "999"


def test_caret_moves_and_backspace_and_delete_edit_at_it():
    field = Field("f", "", "abcd", max_len=10)
    feed_field = lambda *ev: [field.key(e) for e in ev]  # noqa: E731
    feed_field(key(pygame.K_END))  # the value it was given is selected: End keeps it
    feed_field(key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_BACKSPACE))
    assert (field.value, field.caret) == ("acd", 1)
    feed_field(key(pygame.K_DELETE))
    assert field.value == "ad"
    feed_field(key(pygame.K_HOME), key(pygame.K_z, "z"), key(pygame.K_END), key(pygame.K_y, "y"))
    assert field.value == "zady"


def test_a_given_value_is_selected_and_replaced_by_what_is_typed_or_pasted():
    field = Field("f", "", "abcd", max_len=10, paste=lambda: "xy", clean=str.upper)
    assert field.selected and field.caret == 4
    field.key(key(pygame.K_5, "5"))
    assert (field.value, field.caret, field.selected) == ("5", 1, False)
    field.select_all()
    field.key(key(pygame.K_v, "v", mod=pygame.KMOD_CTRL))
    assert field.value == "XY"  # pasted in place of the selection, cleaned first
    field.select_all()
    field.key(key(pygame.K_LEFT))  # the caret to the selection's start, nothing removed
    assert (field.value, field.caret, field.selected) == ("XY", 0, False)
    field.select_all()
    field.key(key(pygame.K_BACKSPACE))
    assert (field.value, field.caret) == ("", 0)
    digits = Field("d", "", "12", allowed="0123456789")
    digits.key(key(pygame.K_a, "a"))  # refused by the filter: the selection stays
    assert digits.value == "12" and digits.selected


def test_a_code_field_upper_cases_filters_and_pastes_with_ctrl_v():
    form = placed(code_form())
    code = form.find("code")
    code.paste = lambda: "ab-cd il\nEF"
    feed(form, key(pygame.K_k, "k"), key(pygame.K_v, "v", mod=pygame.KMOD_CTRL))
    assert code.value == "KABCDEF"  # I and L are not in the alphabet, nor '-', ' ', '\n'


def test_an_error_line_shows_under_its_field_and_goes_when_the_field_is_edited():
    form = placed(custom_form())
    cols = form.find("cols")
    height = form.box.h
    cols.error = "Columns: 5 to 200"
    form.layout(M, EXPERT_AREA, CANVAS)
    assert form.box.h == height + M.glyph_h
    assert form.find("mines").box.y > cols.field.bottom + M.glyph_h - 1
    form.focused = cols
    feed(form, key(pygame.K_1, "1"))
    assert cols.error == "" and form.box.h == height


def test_a_value_wider_than_its_field_scrolls_to_keep_the_caret_in_view():
    field = Field("f", "", "", max_len=40)
    field.measure(M, 60)
    field.place(M, Box(0, 0, 60, 40))
    field.insert("x" * 30)
    field._scroll(M)
    shown = field._shown_chars(M)
    assert field.first == 30 - shown
    field.key(key(pygame.K_HOME))
    field._scroll(M)
    assert field.first == 0


# ---- lists -------------------------------------------------------------------------------


def list_form(n: int = 20) -> tuple[Form, ListBox]:
    form = placed(
        Form(
            "Replays",
            [ListBox("r", [f"game {k}" for k in range(n)], shown=5)],
            [Button("ok", "Watch")],
            default="ok",
        )
    )
    return form, form.rows[0]


def test_arrow_keys_move_the_selection_and_the_view_follows():
    form, lst = list_form()
    feed(form, *[key(pygame.K_DOWN)] * 6)
    assert lst.selected == 6
    assert lst.top <= 6 < lst.top + lst.shown and lst.top == 2
    feed(form, key(pygame.K_UP))
    assert lst.selected == 5 and lst.top == 2


def test_page_keys_home_and_end_jump_and_stop_at_the_ends():
    form, lst = list_form()
    feed(form, key(pygame.K_PAGEDOWN))
    assert lst.selected == 5
    feed(form, key(pygame.K_END))
    assert lst.selected == 19 and lst.top == 15
    feed(form, key(pygame.K_PAGEDOWN), key(pygame.K_DOWN))
    assert lst.selected == 19
    feed(form, key(pygame.K_HOME))
    assert (lst.selected, lst.top) == (0, 0)
    feed(form, key(pygame.K_UP))
    assert lst.selected == 0


def test_the_wheel_moves_the_selection_of_the_list_under_the_mouse():
    form, lst = list_form()
    form.focused = form.find("ok")
    feed(
        form,
        mouse(pygame.MOUSEMOTION, centre(lst.box)),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False),
    )
    assert lst.selected == 3
    feed(form, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert lst.selected == 2


def test_a_click_selects_the_row_under_it_and_enter_gives_the_default_button():
    form, lst = list_form()
    rows = lst.rows_box()
    feed(form, mouse(pygame.MOUSEBUTTONDOWN, (rows.x + 3, rows.y + 2 * M.line_h + 1)))
    assert lst.selected == 2 and form.focused is lst
    assert feed(form, key(pygame.K_RETURN)) == ["ok"]


def test_a_click_on_the_scroll_bar_below_the_thumb_pages_down():
    form, lst = list_form()
    assert lst.scrolls
    bar, thumb = lst.bar_box(), lst.thumb_box()
    assert thumb.y == bar.y
    feed(form, mouse(pygame.MOUSEBUTTONDOWN, (bar.x + 2, bar.bottom - 1)))
    assert lst.selected == 5 and lst.thumb_box().y > bar.y


def test_a_short_list_has_no_scroll_bar():
    _, lst = list_form(3)
    assert not lst.scrolls and lst.rows_box().w == lst.box.w - 4


def test_columns_of_list_rows_line_up():
    lst = ListBox("x", [("1", "9.5", "a"), ("10", "12.25", "b")])
    first, second = lst.texts()
    assert first.index("a") == second.index("b") and first.index("9") == second.index("12")


# ---- chart -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "scale"), [(0.3, 0.5), (1, 1), (7.5, 10), (12, 20), (41, 50), (999, 1000), (0, 1)]
)
def test_the_chart_scale_is_the_next_round_number(value, scale):
    assert nice_ceiling(value) == pytest.approx(scale)


def test_chart_bars_are_in_proportion_and_share_a_base():
    form = placed(
        Form(
            "Times",
            [
                Chart(
                    [(10, "accent"), (20, "accent"), (40, "error")],
                    x_label="last 3 games",
                    unit="s",
                )
            ],
        )
    )
    chart = form.rows[0]
    assert chart.scale_label() == "50s"
    a, b, c = chart.bar_boxes(M)
    assert a.bottom == b.bottom == c.bottom
    assert b.h == pytest.approx(2 * a.h, abs=1) and c.h == pytest.approx(4 * a.h, abs=1)
    assert a.x < b.x < c.x


# ---- contrast ----------------------------------------------------------------------------


def test_contrast_matches_the_wcag_figures():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((255, 128, 0), (192, 192, 192)) == pytest.approx(1.38, abs=0.01)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("key", ["classic", "contrast", "handheld", "night"])
def test_every_text_pair_of_every_shipped_theme_reaches_4_5_to_1(library, key):
    theme = library.get(key)
    pairs = Style.of(theme.colours).text_pairs()
    assert len(pairs) >= 10
    for where, fg, bg in pairs:
        assert contrast(fg, bg) >= MIN_CONTRAST, f"{key}: {where} {contrast(fg, bg):.2f}"
    assert contrast_warning(theme) is None


def test_every_shipped_theme_is_checked(library):
    assert set(library.names()) == {"classic", "contrast", "handheld", "night"}


@pytest.mark.parametrize("grey", range(0, 256, 15))
def test_text_chosen_for_any_background_is_readable(grey):
    colours = {"text": (128, 128, 128), "panel": (120, 120, 120), "light": (140, 140, 140)}
    bg = (grey, grey // 2, 255 - grey)
    assert contrast(readable_on(bg, colours), bg) >= MIN_CONTRAST


def test_a_theme_with_hard_to_read_text_gets_one_warning_line(library):
    theme = library.get("classic")
    colours = dict(theme.colours, error=(150, 150, 150))
    assert [where for where, _ in contrast_problems(colours)] == ["an error line"]

    class Player:
        key = "mine"
        name = "Mine"

    Player.colours = colours
    warning = contrast_warning(Player)
    assert "\n" not in warning and "'mine'" in warning and "error line" in warning
    assert "4.5:1" in warning


# ---- drawing -----------------------------------------------------------------------------


def draw(form: Form, theme, size=(496, 360)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((1, 2, 3))
    form.layout(Metrics.of(theme), Box(8, 48, 480, 256), Box(0, 0, *size))
    form.draw(surface, theme)
    return surface


@pytest.mark.parametrize("key", ["classic", "night"])
def test_a_focused_button_has_an_accent_ring_and_the_others_do_not(library, key):
    theme = library.get(key)
    form = custom_form()
    form.focused = form.find("cancel")
    surface = draw(form, theme)
    accent = theme.colours["accent"]
    ring = form.find("cancel").box
    edge = [(x, ring.y) for x in range(ring.x, ring.right)]
    edge += [(ring.x, y) for y in range(ring.y, ring.bottom)]
    assert all(surface.get_at(p)[:3] == accent for p in edge)
    ok = form.find("ok").box
    assert surface.get_at((ok.x + ok.w // 2, ok.y))[:3] != accent


def test_the_title_bar_is_in_the_accent_with_readable_title_text(library):
    theme = library.get("classic")
    form = custom_form()
    surface = draw(form, theme)
    t = form.title_box
    assert surface.get_at((t.right - 2, t.y + 1))[:3] == theme.colours["accent"]
    title_text = Style.of(theme.colours).title_text
    row = [surface.get_at((x, y))[:3] for x in range(t.x, t.x + 40) for y in range(t.y, t.bottom)]
    assert title_text in row


def test_the_selected_list_row_is_filled_with_the_accent(library):
    theme = library.get("contrast")
    form, lst = list_form()
    lst.select(7)
    surface = draw(form, theme)
    rb = lst.rows_box()
    y = rb.y + (7 - lst.top) * M.line_h
    assert surface.get_at((rb.right - 1, y + 1))[:3] == theme.colours["accent"]
    assert surface.get_at((rb.right - 1, y - M.line_h + 1))[:3] != theme.colours["accent"]


def test_a_framed_panel_shows_the_themes_frame_sprite_at_its_corner(library):
    theme = library.get("classic")
    form = custom_form()
    surface = draw(form, theme)
    assert form.framed
    b = form.box
    corner = surface.subsurface((b.x + 1, b.y + 1, 7, 7))
    sprite = pygame.Surface((8, 8))
    sprite.blit(theme.sprites["frame_tl"], (0, 0))
    expected = sprite.subsurface((1, 1, 7, 7))
    assert pygame.image.tobytes(corner, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert surface.get_at((b.x - 1, b.y - 1))[:3] == (1, 2, 3)  # nothing drawn outside


def test_a_field_shows_its_caret_only_when_focused(library):
    theme = library.get("classic")
    form = custom_form()
    caret_colour = Style.of(theme.colours).field_text

    def caret_drawn(field):
        x = field.field.x + 3 + field.caret * M.glyph_w
        return surface.get_at((x, field.field.y + 3))[:3] == caret_colour

    surface = draw(form, theme)
    assert caret_drawn(form.find("rows")) and not caret_drawn(form.find("cols"))


def test_a_pressed_button_draws_its_label_one_pixel_down_and_right(library):
    theme = library.get("classic")
    form = custom_form()
    ok = form.find("ok")
    ink = Style.of(theme.colours).text

    def label_pixels(surface):
        b = ok.box
        return {
            (x, y)
            for x in range(b.x + 4, b.right - 4)
            for y in range(b.y + 4, b.bottom - 4)
            if surface.get_at((x, y))[:3] == ink
        }

    raised = label_pixels(draw(form, theme))
    ok.pressed = ok.hover = True
    sunk = label_pixels(draw(form, theme))
    assert raised and sunk == {(x + 1, y + 1) for x, y in raised}


def test_a_focused_button_has_a_dotted_rectangle_inside_where_accent_equals_text(library):
    theme = library.get("handheld")
    assert theme.colours["accent"] == theme.colours["text"]
    form = custom_form()
    form.focused = form.find("cancel")
    surface = draw(form, theme)
    ink = Style.of(theme.colours).text

    def dotted_top(button):
        b = button.box
        row = [surface.get_at((x, b.y + 3))[:3] == ink for x in range(b.x + 3, b.right - 5)]
        return row[0::2] == [True] * len(row[0::2]) and not any(row[1::2])

    assert dotted_top(form.find("cancel")) and not dotted_top(form.find("ok"))


def test_a_lost_game_bar_is_checkered_and_a_won_one_solid(library):
    theme = library.get("handheld")  # accent and error are the same colour here
    form = Form("T", [Chart([(40, "accent"), (40, "error")], x_label="x")])
    surface = draw(form, theme)
    won, lost = form.rows[0].bar_boxes(M)
    colour = theme.colours["accent"]

    def filled(box):
        return [
            surface.get_at((x, y))[:3] == colour
            for y in range(box.y, box.bottom)
            for x in range(box.x, box.right)
        ]

    assert all(filled(won))
    assert 0.4 < sum(filled(lost)) / len(filled(lost)) < 0.6


def test_a_lost_bar_is_checkered_from_its_top_left_pixel_at_any_size(library):
    """A loss's bar is one blit of a kept sheet: every other pixel from its box's top left,
    nothing outside the box, the same at any size (a sheet grows for a taller bar)."""
    from game.ui.widgets import style_for
    from game.ui.widgets.chart import _bar

    style = style_for(library.get("classic"))
    surface = pygame.Surface((130, 130))
    for box in (Box(3, 5, 2, 7), Box(10, 1, 40, 100), Box(60, 2, 3, 3), Box(70, 9, 50, 120)):
        surface.fill((1, 2, 3))
        _bar(surface, style, "error", box)
        for y in range(box.y - 1, min(130, box.bottom + 1)):
            for x in range(box.x - 1, min(130, box.right + 1)):
                inside = box.x <= x < box.right and box.y <= y < box.bottom
                want = style.error if inside and (x - box.x + y - box.y) % 2 == 0 else (1, 2, 3)
                assert surface.get_at((x, y))[:3] == tuple(want)[:3], (box, x, y)


def test_a_button_on_its_own_hovers_presses_and_acts_on_release_over_it():
    button = Button("ok", "OK")
    button.place(M, Box(10, 10, 40, 18))
    assert button.handle(mouse(pygame.MOUSEMOTION, (20, 15)), (20, 15)) is None
    assert button.hover
    button.handle(mouse(pygame.MOUSEBUTTONDOWN, (20, 15)), (20, 15))
    assert button.looks(False) == "pressed"
    assert button.handle(mouse(pygame.MOUSEBUTTONUP, (20, 15)), (20, 15)) == "ok"
    button.handle(mouse(pygame.MOUSEBUTTONDOWN, (20, 15)), (20, 15))
    assert button.handle(mouse(pygame.MOUSEBUTTONUP, (90, 15)), (90, 15)) is None
    assert button.handle(key(pygame.K_SPACE, " ")) == "ok"


def test_a_field_on_its_own_takes_keys_through_handle():
    field = Field("n", "N", "", allowed=DIGITS, max_len=3)
    for ch in "4a2":
        assert field.handle(key(pygame.K_0, ch)) is None
    assert field.value == "42"


def test_a_form_too_big_for_its_room_draws_nothing_outside_its_box(library):
    theme = library.get("classic")
    form = Form("T", [Pairs([(f"row {k}", "value") for k in range(40)])], [Button("ok", "OK")])
    surface = pygame.Surface((240, 600))
    surface.fill((1, 2, 3))
    form.layout(M, Box(8, 48, 160, 144), Box(0, 0, 176, 214))
    form.draw(surface, theme)
    b = form.box
    assert b.h <= 214
    outside = [
        surface.get_at((x, y))[:3] for x in range(240) for y in range(600) if not b.contains(x, y)
    ]
    assert set(outside) <= {(1, 2, 3)}


def test_drawing_a_form_that_was_never_laid_out_is_a_program_error(library):
    with pytest.raises(RuntimeError, match="layout"):
        custom_form().draw(pygame.Surface((10, 10)), library.get("classic"))


LIST_KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
]


@given(
    n=st.integers(0, 40),
    moves=st.lists(st.one_of(st.sampled_from(LIST_KEYS), st.integers(-5, 5)), max_size=30),
)
def test_the_selection_always_stays_in_the_list_and_in_view(n, moves):
    lst = ListBox("x", [str(k) for k in range(n)], shown=5)
    lst.place(M, Box(0, 0, 80, 5 * M.line_h + 4))
    for move in moves:
        if isinstance(move, int):
            lst.wheel(move)
        else:
            lst.key(key(move))
        if n:
            assert 0 <= lst.selected < n
            assert lst.top <= lst.selected < lst.top + lst.shown
        assert 0 <= lst.top <= max(0, n - lst.shown)


@given(
    typed=st.lists(st.one_of(st.text(max_size=4), st.sampled_from(["\b", "<", ">"])), max_size=30)
)
def test_a_field_keeps_only_allowed_characters_up_to_its_length(typed):
    field = Field("n", "N", "", allowed=DIGITS, max_len=5)
    for item in typed:
        if item == "\b":
            field.key(key(pygame.K_BACKSPACE))
        elif item in ("<", ">"):
            field.key(key(pygame.K_LEFT if item == "<" else pygame.K_RIGHT))
        else:
            field.insert(item)
        assert len(field.value) <= 5 and set(field.value) <= set(DIGITS)
        assert 0 <= field.caret <= len(field.value)


def test_text_on_an_accent_is_never_the_error_or_accent_colour():
    colours = {
        "text": (200, 200, 0),
        "panel": (210, 210, 210),
        "light": (255, 255, 255),
        "shadow": (120, 120, 120),
        "background": (90, 90, 90),
        "led_off": (100, 0, 0),
        "accent": (250, 220, 0),
        "error": (0, 0, 0),
    }
    chosen = readable_on(colours["accent"], colours)
    assert chosen not in (colours["error"], colours["accent"])
    assert contrast(chosen, colours["accent"]) >= MIN_CONTRAST


def test_a_chart_of_a_few_games_has_wide_bars_the_newest_at_the_right_end():
    """A play-test: two games were bars of 3 px crammed at the left of an empty chart."""
    pairs = Pairs([("Won", "1/2 50%"), ("Best IOE", "1.000, NF 1.000")])
    form = placed(Form("T", [pairs, Chart([(40, "accent"), (16, "shadow")], x_label="last 2")]))
    chart = form.rows[1]
    plot = chart.plot(M)
    old, new = chart.bar_boxes(M)
    assert old.w >= M.glyph_w and new.w == old.w and new.x > old.right  # wide, apart
    assert plot.right - new.right < M.glyph_w  # the newest stands at the right end...
    assert new.x + new.w // 2 > plot.right - M.text_w(Chart.NEWEST)  # ...over "newest"


def test_a_lost_bar_is_as_tall_as_its_time_on_the_seconds_axis(drive, tmp_path):
    """A play-test: a loss at 4.9 s stood nearly as tall as a 41 s win (a loss was drawn at
    the longest time shown)."""
    import dataclasses

    from game.store.stats import Stats
    from game.ui.dialogs import StatsDialog
    from tests.ui.test_window import record_of_a_win

    stats = Stats(tmp_path / "stats.sqlite3")
    win = record_of_a_win(1)
    stats.record(dataclasses.replace(win, time_ms=41_000, game_id="a"))
    stats.record(dataclasses.replace(win, won=False, time_ms=4_900, game_id="b"))
    dialog = StatsDialog(stats, win.kind, today="2026-12-01")
    chart = dialog.chart()
    chart.box = Box(0, 0, 200, chart.plot_h + M.glyph_h + 3)
    won, lost = chart.bar_boxes(M)
    assert chart.bars[1][1] == "error"
    assert lost.h / won.h == pytest.approx(4.9 / 41, abs=0.05)


# ---- measuring once ----------------------------------------------------------------------


def test_words_changed_in_place_draw_as_a_form_built_with_them(library):
    """Another language (or a new value) reaches a widget that stays: what each row keeps of
    its last measure is keyed on its words, so the panel is the one a new form draws. One
    change at a time, so no other row's new size hides a row that kept its old one."""
    theme = library.get("classic")
    words = {"title": "T", "label": "A short line.", "pair": ("Label", "1"), "error": ""}

    def form() -> Form:
        field = Field("f", "F", "1")
        field.error = words["error"]
        return Form(
            words["title"],
            [Label(words["label"]), Pairs([words["pair"]]), field],
            [Button("ok", "OK")],
        )

    def same(a: Form, b: Form) -> bool:
        return pygame.image.tobytes(draw(a, theme), "RGB") == pygame.image.tobytes(
            draw(b, theme), "RGB"
        )

    shown = form()
    draw(shown, theme)
    changes = [
        ("label", "Eine Zeile."),  # as long as before: the same width to wrap at
        ("label", "Ein viel längerer Satz, der über mehrere Zeilen umbrochen wird, oder?"),
        ("pair", ("Label", "9")),
        ("pair", ("Lbl", "9")),
        ("error", "eine Fehlermeldung"),
        ("title", "Ein Titel"),
    ]
    for what, value in changes:
        words[what] = value
        label, pairs, field = shown.rows
        label.content, pairs.rows, field.error, shown.title = (
            words["label"],
            [words["pair"]],
            words["error"],
            words["title"],
        )
        assert same(shown, form()), f"{what} changed to {value!r}"


def test_a_row_measured_at_other_widths_keeps_what_it_measured_last():
    """A kept size gives back what measuring left on the widget (its wrapped lines) too."""
    label = Label("one two three four five six seven eight")
    wide = label.measured(M, 600)
    narrow = label.measured(M, 60)
    assert label.measured(M, 600) == wide and label.lines == [label.content]
    assert label.measured(M, 60) == narrow and len(label.lines) > 1


def count_measures(monkeypatch) -> dict:
    """Every call of a kit widget's `measure`, by widget."""
    import game.ui.widgets as kit

    counts: dict = {}

    def counting(measure):
        def counted(self, m, width):
            counts[self] = counts.get(self, 0) + 1
            return measure(self, m, width)

        return counted

    for cls in {c for c in vars(kit).values() if isinstance(c, type) and "measure" in vars(c)}:
        if issubclass(cls, kit.Widget):
            monkeypatch.setattr(cls, "measure", counting(vars(cls)["measure"]))
    return counts


@pytest.mark.parametrize(
    ("difficulty", "scale"), [(Difficulty.EXPERT, 2), (Difficulty.BEGINNER, 1)]
)
def test_each_row_of_a_dialog_is_measured_at_most_twice_as_it_opens(
    drive, tmp_path, monkeypatch, difficulty, scale
):
    """Once with nothing holding it in and once at the room's width: opening the help on
    Expert once measured each row 18 times (issue 22). (A statistics page laid out before,
    by the dialog opened before on the same figures, is shown as it was: none measured.)"""
    from game.engine.boards import BoardChoice
    from tests.ui.test_window import every_dialog

    d = drive(BoardChoice.standard(difficulty), scale=scale)
    counts = count_measures(monkeypatch)
    seen = 0
    for dialog in every_dialog(d, tmp_path):
        counts.clear()
        d.app.ctx.dialogs.open(dialog)
        d.tick()
        d.move((5, 5), buttons=(0, 0, 0))
        over = d.app.ctx.frame.layout.window_box(dialog.form.box)
        d.move((over.x + 4, over.y + 4), buttons=(0, 0, 0))
        seen += bool(counts)
        most = max(counts.values(), default=0)
        assert most <= 2, f"{type(dialog).__name__}: a row measured {most} times"
        d.app.ctx.dialogs.close()
        d.tick()
    assert seen > 10, "nothing was measured: the count sees nothing"


def canvas_bytes(d) -> bytes:
    return pygame.image.tobytes(d.app.ctx.frame.renderer.canvas, "RGB")


def test_options_changed_while_open_draw_as_options_opened_afresh(drive):
    """A theme switch, a zoom change and a resize of the window with the Options up: the
    panel is the one a fresh Options dialog draws there."""
    from game.engine.boards import BoardChoice

    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    themes = list(d.app.ctx.aids.themes.themes)

    def reopened_at(row: int) -> bytes:
        d.key(pygame.K_ESCAPE)
        assert d.app.ctx.dialogs.dialog is None
        d.key(pygame.K_o, "o")
        for _ in range(row):
            d.key(pygame.K_DOWN)
        return canvas_bytes(d)

    d.key(pygame.K_o, "o")
    d.key(pygame.K_DOWN)  # Theme
    d.key(pygame.K_RIGHT)
    for _ in range(3):
        d.tick()
    assert d.app.ctx.frame.theme.key == themes[1]
    assert canvas_bytes(d) == reopened_at(1)
    d.key(pygame.K_DOWN)  # Zoom: from auto (2x) to 1x
    d.key(pygame.K_RIGHT)
    d.tick()
    assert d.app.ctx.frame.layout.zoom == 1
    assert canvas_bytes(d) == reopened_at(2)
    placed = d.app.ctx.dialogs.dialog.form.box
    size = (400, 300)  # smaller than the board at 1x: it scrolls, the canvas shrinks
    pygame.display.set_mode(size, pygame.RESIZABLE)  # as the window manager does
    d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.tick()
    assert d.app.ctx.dialogs.dialog.form.box != placed
    assert canvas_bytes(d) == reopened_at(2)


def test_a_custom_board_typed_into_draws_as_one_built_with_those_numbers(drive):
    from game.engine.boards import BoardChoice
    from game.ui.dialogs import CustomDialog

    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    d.app.games.open_custom_dialog()
    d.tick()
    for ch in "300":  # too many rows: the mines' limit line changes, then an error line
        d.key(pygame.K_0, ch)
    d.key(pygame.K_RETURN, "\r")
    typed = d.app.ctx.dialogs.dialog
    assert typed.errors[0] and [f.value for f in typed.fields] == ["300", "30", "99"]
    shown = canvas_bytes(d)
    fresh = CustomDialog(["300", "30", "99"])
    fresh.check()
    d.app.ctx.dialogs.dialog = fresh
    d.app.ctx.drawn.invalidate()
    d.tick()
    assert fresh.form.box == typed.form.box
    assert canvas_bytes(d) == shown


def test_a_chart_kept_over_a_change_of_language_draws_as_one_made_in_it(library):
    """The word under the newest bar is looked up where it is drawn, and the chart's kept
    size is keyed on that word: after a switch to German the panel is a German one."""
    from game import i18n

    theme = library.get("classic")

    def form() -> Form:
        bars = [(40, "accent"), (16, "shadow"), (30, "error")]
        return Form("T", [Chart(bars, x_label="x")], [Button("ok", "OK")])

    kept = form()
    english = draw(kept, theme)
    try:
        i18n.install("de")
        assert kept.rows[0].newest() != Chart.NEWEST  # the shipped catalogue has the word
        german = draw(kept, theme)
        assert pygame.image.tobytes(german, "RGB") == pygame.image.tobytes(
            draw(form(), theme), "RGB"
        )
        assert pygame.image.tobytes(german, "RGB") != pygame.image.tobytes(english, "RGB")
    finally:
        i18n.install(i18n.ENGLISH)


def test_rows_and_entries_given_as_lists_are_kept_by_their_words():
    """A dialog may hand a widget lists where the kit makes tuples; the kept size's key is
    made of the words all the same (a list cannot be a key)."""
    from game.ui.widgets import ChartKey

    pairs = Pairs([])
    pairs.rows = [["Won", "1/2"]]
    assert pairs.measured(M, 200) == pairs.measure(M, 200)
    key = ChartKey([["accent", "won"], ["error", "lost"]])
    assert key.measured(M, 200) == key.measure(M, 200)


def test_every_theme_loaded_has_its_style_ready_for_its_first_frame(monkeypatch):
    """The loader checks each theme's contrast with its Style; that Style is kept, so the
    frame that first draws a theme (a theme switch's) does not work it out."""
    import game.ui.widgets.base as kit

    monkeypatch.setattr(kit, "_styles", {})
    library = load_library()

    def worked_out(colours):
        raise AssertionError("a Style worked out after loading")

    monkeypatch.setattr(kit.Style, "of", staticmethod(worked_out))
    for theme in library.themes.values():
        assert kit.style_for(theme).panel == theme.colours["panel"]


# ---- rows too tall for the window scroll; rows too wide for a list take two lines ---------------

SMALLEST = Box(0, 0, 176, 228)  # Beginner at zoom 1: the least canvas


def tall_notice() -> Form:
    """A result notice as a long language at the smallest window makes it: figures, lines, and
    three buttons in two rows, taller than the canvas."""
    table = Pairs([(f"Measure {k}", f"{k}.5 s") for k in range(16)])
    return Form(
        "You won!",
        [table, Label("A line under the figures, long enough to wrap.")],
        [Button("new", "New game"), Button("more", "Analyse"), Button("ok", "OK")],
        default="ok",
        cancel="ok",
    )


def test_rows_too_tall_for_the_window_scroll_above_the_buttons_in_the_panel():
    form = placed(tall_notice(), Box(16, 62, 144, 144), SMALLEST)
    b, v = form.box, form.view
    assert v is not None and b.bottom <= SMALLEST.bottom and b.right <= SMALLEST.right
    buttons = [x.box for x in form.buttons()]
    assert all(v.bottom < x.y and x.bottom <= b.bottom - 3 for x in buttons)  # under the view
    assert form.scroll == 0 and form.scroll_h > v.h
    assert all(w.box.right <= form.scroll_bar().x for w in form.rows)  # beside the bar
    assert form.rows[-1].box.bottom > v.bottom  # the line is scrolled out of view...
    assert form.widget_at(v.x + 2, v.bottom + 1) is not form.rows[-1]
    feed(form, key(pygame.K_END))  # ...and End brings it in, with the table's top out
    assert form.scroll == form.scroll_h - v.h and form.rows[-1].box.bottom <= v.bottom
    assert form.rows[0].box.y < v.y and form.find("ok").box == buttons[2]  # buttons stay
    feed(form, key(pygame.K_PAGEUP), key(pygame.K_UP))
    assert form.scroll == max(0, form.scroll_h - v.h - (v.h - M.line_h) - M.line_h)
    feed(
        form,
        mouse(pygame.MOUSEMOTION, centre(v)),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False),
    )
    assert form.scroll > 0
    feed(form, key(pygame.K_HOME))
    assert form.scroll == 0
    bar = form.scroll_bar()
    feed(form, mouse(pygame.MOUSEBUTTONDOWN, (bar.x + 2, bar.bottom - 1)))
    assert form.scroll == min(v.h - M.line_h, form.scroll_h - v.h)  # a page down (or the end)
    assert feed(form, key(pygame.K_RETURN)) == ["ok"]  # the buttons act as ever


def test_a_form_that_fits_does_not_scroll_and_is_placed_as_before():
    form = placed(tall_notice())
    assert form.view is None and all(w.box.bottom <= form.box.bottom for w in form.widgets())


def test_the_view_moves_to_show_a_row_the_focus_moves_to():
    rows = [Label(f"Paragraph {k} of words that wrap onto two lines here.") for k in range(9)]
    form = placed(
        Form(
            "Custom",
            [*rows, Field("n", "Number", "5", max_len=3)],
            [Button("ok", "OK")],
            default="ok",
        ),
        SMALLEST,
        SMALLEST,
    )
    assert form.view is not None and form.focused is form.rows[-1]
    assert form.rows[-1].box.bottom <= form.view.bottom and form.scroll > 0
    feed(form, key(pygame.K_TAB))  # to OK: the view stays where it is
    assert form.focused is form.find("ok") and form.scroll > 0


def test_a_scrolling_form_draws_its_rows_only_in_the_view(library):
    theme = library.get("classic")
    form = tall_notice()
    surface = pygame.Surface((176, 228))
    surface.fill((1, 2, 3))
    form.layout(Metrics.of(theme), Box(16, 62, 144, 144), SMALLEST)
    form.draw(surface, theme)
    v = form.view
    below = [surface.get_at((x, v.bottom + 1))[:3] for x in range(v.x, form.scroll_bar().x)]
    assert set(below) == {theme.colours["panel"]}  # the table's rows under the view: not drawn
    thumb = form.scroll_thumb()
    assert thumb.y == v.y and thumb.h < v.h


def test_a_list_row_too_wide_takes_two_lines_the_value_under_its_name():
    lst = ListBox("settings", [("Language", "System"), ("Question marks", "on")], shown=2)
    form = placed(Form("Options", [lst], [Button("close", "Close")]), SMALLEST, SMALLEST)
    assert lst.lines == 1  # fits: one line a row
    lst = ListBox(
        "settings",
        [("Language of the window", "System"), ("Question marks", "on, shown in the menu")],
        shown=2,
    )
    form = placed(Form("Options", [lst], [Button("close", "Close")]), SMALLEST, SMALLEST)
    chars = (lst.rows_box().w - 2) // M.glyph_w
    assert lst.lines == 2 and lst.box.h == 2 * 2 * M.line_h + 4 and form.view is None
    assert lst.row_lines(0, chars) == ["Language of the window", "  System"]
    assert lst.row_lines(1, chars) == ["Question marks", "  on, shown in the menu"]
    rows = lst.rows_box()
    assert lst.row_at((rows.x + 2, rows.y + 2 * M.line_h + 1), M) == 1  # the second row
    kept = ListBox("kept", ["custom 100x100/100 21:20, 0 s", "Beginner 16:10, 12 s"], shown=2)
    placed(Form("Resume?", [kept], [Button("ok", "Resume")]), SMALLEST, SMALLEST)
    chars = (kept.rows_box().w - 2) // M.glyph_w
    assert kept.lines == 2 and kept.row_lines(0, chars) == ["custom 100x100/100 21:20,", "0 s"]


def test_columns_that_fit_stay_on_a_two_line_rows_first_line():
    lst = ListBox("t", [("1.", "0.544 s", "12-01", "replay of it"), ("2.", "9.1 s", "", "")])
    lst.lines = 2
    assert lst.row_lines(0, 18) == ["1. 0.544 s 12-01", "  replay of it"]


def test_a_chart_too_narrow_for_its_words_side_by_side_puts_its_label_under():
    chart = Chart([(1.0, "accent")], x_label="the last game played")
    w, h = chart.measure(M, 120)
    assert chart.label_lines == 2 and h == chart.plot_h + 2 * M.glyph_h + 3 and w == 120
    _, h = chart.measure(M, 1000)
    assert chart.label_lines == 1 and h == chart.plot_h + M.glyph_h + 3
