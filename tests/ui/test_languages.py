"""The window in every language: each screen of the tour (tests/ui/tour.py) drawn in the
pseudo-language shows no word that bypassed the catalogue, caught where the renderer draws
text (`Font.render`: every text of the window goes through it); and in every shipped language,
and one longer than German, nothing is cut off or runs past its box at the smallest window.
Both find what is wrong by watching the game's own functions (monkeypatched), with no hook
in the game."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.session import ManualClock
from game.store.history import History
from game.store.settings import Settings
from game.store.stats import Stats
from game.ui.assist import Assistant, RunAtOnce
from game.ui.chores import Chores
from game.ui.theme import Font
from game.ui.window import App
from tests.catalogues import messages_tool
from tests.languages import LONG, PSEUDO, speaking, without, words_outside
from tests.ui.conftest import Driver
from tests.ui.tour import TYPED, Tour


class Drawn:
    """Every text the renderer draws, with the screen it was drawn on."""

    def __init__(self, monkeypatch) -> None:
        self.screen = "start"
        self.texts: list[tuple[str, str]] = []
        real = Font.render

        def render(font, text, colour):
            self.texts.append((self.screen, text))
            return real(font, text, colour)

        monkeypatch.setattr(Font, "render", render)

    def at(self, screen: str) -> None:
        self.screen = screen


@pytest.fixture
def window(shipped_themes, tmp_path):
    """A window of its own (statistics, replays and kept games in this test's folder), on a
    board laid at random so that a win sets a best time with its replay."""
    pygame.display.init()
    made = []

    def make(scale: int | None = 2, theme: str = "classic", board=Difficulty.BEGINNER) -> Driver:
        clock = ManualClock()
        history = History(
            Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays", tmp_path / "kept"
        )
        app = App(
            BoardChoice.standard(board),
            Settings(motion=False, volume="off", theme=theme),
            shipped_themes(),
            scale=scale,
            clock=clock,
            history=history,
            chores=Chores(threaded=False),
        )
        app.ctx.aids.assistant = Assistant(RunAtOnce())
        made.append(app)
        d = Driver(app, clock)
        d.tick()
        return d

    yield make
    for app in made:
        app.ctx.aids.assistant.close()
        app.ctx.session.history.stats.close()
    pygame.quit()


def allowed_words(app) -> list[str]:
    """What the window may draw outside the catalogue: the themes' names, the measures' names
    (tools/messages.py MAY_STAY_ENGLISH), the game's name and its licence's; and (`pieces`)
    what the tour typed and the player's folders."""
    themes = [t.name for t in app.ctx.aids.themes.themes.values()]
    return [*themes, *messages_tool().MAY_STAY_ENGLISH, "Pixel Mines", "MIT"]


def pieces() -> list[str]:
    """Texts that may be drawn in pieces (a folder wrapped over lines, a field showing part of
    what was typed): any piece of them without a blank is not words of the game."""
    from game.store.files import config_dir, data_dir

    return [*TYPED, "XYZ12", str(config_dir()), str(data_dir())]


def _is_piece(chunk: str) -> bool:
    return len(chunk) >= 2 and any(chunk in whole for whole in pieces())


def unmarked(texts: list[tuple[str, str]], allowed: list[str]) -> dict[str, list[str]]:
    """Each drawn text with words outside the marks, once, under the first screen that drew
    it. A letter key's name (B, Shift+T's T) and a function key's (F2) are as printed on every
    keyboard; a board code is not words."""
    import re

    first: dict[str, str] = {}
    for screen, text in texts:
        first.setdefault(text, screen)
    found: dict[str, list[str]] = {}
    for text, screen in first.items():
        rest = re.sub(r"\b[0-9A-Z]{24}\b", " ", text)  # a board code
        chunks = rest.split()
        # a line that scrolls (the status line's long words) is drawn a window at a time: its
        # first and last chunks may be marks cut at the edge ("e]]", "[[fir"), marked still
        if chunks and re.fullmatch(r"\[?[^\[\]]*\]\]?", chunks[0]):
            chunks[0] = ""
        if chunks and re.fullmatch(r"\[\[?[^\[\]]*\]?", chunks[-1]):
            chunks[-1] = ""
        rest = " ".join(chunk for chunk in chunks if chunk and not _is_piece(chunk))
        rest = re.sub(r"(?<![^\W_])(?:[A-Z]|F[0-9]{1,2})(?![^\W_])", " ", rest)  # a key
        if words_outside(without(rest, allowed)):
            found.setdefault(screen, []).append(text)
    return found


def report(found: dict[str, list[str]]) -> str:
    return "\n".join(
        f"{screen}:\n" + "\n".join(f"    {t!r}" for t in texts) for screen, texts in found.items()
    )


@pytest.mark.concurrent
def test_every_screen_in_the_pseudo_language_draws_nothing_outside_the_catalogue(
    window, monkeypatch, tmp_path
):
    drawn = Drawn(monkeypatch)
    with speaking(PSEUDO, tmp_path / "locale"):
        d = window()
        tour = Tour(d, drawn.at)
        try:
            tour.run(start_again=window)
            lost = ""
        except AssertionError as e:  # what was drawn so far is said first
            lost = f"\nand the tour lost its way: {e}"
        allowed = allowed_words(d.app)
    found = unmarked(drawn.texts, allowed)
    message = "text drawn without the catalogue, by screen:\n" + report(found) + lost
    assert found == {} and not lost, message
    assert len(tour.seen) >= 20 and len(drawn.texts) > 100
    assert any("[[" in text for _, text in drawn.texts)  # it spoke the pseudo-language


def test_the_screen_check_can_fail():
    texts = [
        ("menu Game", "[[New]] [[game]]"),
        ("menu Game", "New game"),
        ("Options", "[[Optio~"),
        ("Options", "ons]] [[more]]"),
        ("Options", "Zoom 2"),
        ("Options", "New game"),
        ("Options", "Classic F2, B"),
        ("status", "e]] [[first]] [[cli"),
        ("status", "The [[first]] [[cli"),
    ]
    assert unmarked(texts, ["Classic"]) == {
        "menu Game": ["New game"],
        "Options": ["Zoom 2"],
        "status": ["The [[first]] [[cli"],
    }


# ---- layouts that fit every language ------------------------------------------------------------


class Cuts:
    """Every text cut off or overflowing its box while the tour runs, with the screen: where
    the game shortens a text (`shorten`, with its "~"; the analysis line's last resort; the
    status line's last resort), and where a dialog's rows are drawn past its panel (the panel
    clips them) or the panel past the window. Measured with the font's own cell
    (`Metrics.text_w`, as the renderer draws)."""

    def __init__(self, monkeypatch) -> None:
        from game.ui import menubar, render, widgets
        from game.ui.scenes import analysis
        from game.ui.scenes import map as map_scene
        from game.ui.widgets import chart, controls, form, lists

        self.screen = "start"
        self.found: list[tuple[str, str]] = []
        real_shorten, real_fit = widgets.shorten, analysis.fit
        real_status, real_form = render.Renderer.draw_status, widgets.Form.draw

        def shorten(text, chars):
            if len(text) > chars:
                self.note(f"{text!r} cut to {chars} characters: {real_shorten(text, chars)!r}")
            return real_shorten(text, chars)

        def fit(wordings, room):
            if all(len(w) > room for w in wordings):
                self.note(f"{wordings[-1]!r} cut to the line's {room} characters")
            return real_fit(wordings, room)

        def draw_status(renderer, text, colour_name="text"):
            font, lay = renderer.theme.font, renderer.layout
            room = max(1, (lay.status.w // lay.text - 4) // font.width)  # in text pixels
            pieces = [(None, text)] if isinstance(text, str) else text
            used = sum(1 if icon else len(words) + 1 for icon, words in pieces) - 1
            if used > room:
                self.note(f"status line {text!r} cut to its {room} characters")
            return real_status(renderer, text, colour_name)

        def draw(form, surface, theme):
            box = real_form(form, surface, theme)
            for problem in form_problems(form, widgets.Metrics.of(theme), surface.get_size()):
                self.note(problem)
            return box

        for module in (widgets, controls, lists, chart, form, menubar, map_scene):
            monkeypatch.setattr(module, "shorten", shorten)
        monkeypatch.setattr(analysis, "fit", fit)
        monkeypatch.setattr(render.Renderer, "draw_status", draw_status)
        monkeypatch.setattr(widgets.Form, "draw", draw)

    def at(self, screen: str) -> None:
        self.screen = screen

    def note(self, problem: str) -> None:
        """A problem, once, under the first screen that showed it."""
        if all(problem != seen for _, seen in self.found):
            self.found.append((self.screen, problem))


def form_problems(form, m, canvas: tuple[int, int]) -> list[str]:
    """What of a placed dialog is past its box: the panel past the window, a row past the
    panel (drawn clipped) or, where the rows scroll (too tall for the window), past or
    under the scroll bar, a paragraph's line or a label wider than its row."""
    from game.ui.widgets import SCROLLBAR_W, THIN, Field, Label, Pairs

    out, b = [], form.box
    if b.x < 0 or b.y < 0 or b.right > canvas[0] or b.bottom > canvas[1]:
        out.append(f"dialog {form.title!r} ({b.w}x{b.h}) is past the window ({canvas})")
    edge = m.border if form.framed else THIN
    right, bottom = b.right - edge, b.bottom - edge
    v = form.view  # rows too tall for the window scroll in it: beside its bar, any height
    if v is not None and (v.x < b.x + edge or v.right > right or v.bottom > bottom):
        out.append(f"the scrolling rows of {form.title!r} are past the panel")
    for w in form.widgets():
        words = w_words(w)
        scrolled = v is not None and w is not form.button_row
        if scrolled and (w.box.right > v.right - SCROLLBAR_W or w.box.x < v.x):
            out.append(f"{type(w).__name__} {words!r} of {form.title!r} runs under its scroll bar")
        elif not scrolled and (w.box.right > right or w.box.bottom > bottom):
            out.append(
                f"{type(w).__name__} {words!r} of {form.title!r} runs past the panel "
                f"by {max(w.box.right - right, 0)}x{max(w.box.bottom - bottom, 0)} px"
            )
        if isinstance(w, Label):
            wide = [line for line in w.lines if m.text_w(line) > w.box.w]
            out += [f"line {line!r} of {form.title!r} is wider than its row" for line in wide]
        elif isinstance(w, Pairs):
            wide = [line for labels, _ in w.cells for line in labels if len(line) > w._label_chars]
            out += [f"label {line!r} of {form.title!r} is wider than its column" for line in wide]
        elif (
            isinstance(w, Field) and not w._label_above and w.box.x + m.text_w(w.label) > w.field.x
        ):
            out.append(f"field label {w.label!r} of {form.title!r} runs under its field")
    return out


def w_words(widget) -> str:
    for name in ("label", "content", "id"):
        if isinstance(getattr(widget, name, None), str):
            return getattr(widget, name)
    return ""


def theme_metrics():
    """One shipped theme for each set of measures a layout reads (glyph cell, frame)."""
    from game.ui.theme import THEMES_DIR, available_themes, load_theme
    from game.ui.widgets import Metrics

    kinds: dict = {}
    for key in available_themes():
        theme = load_theme(THEMES_DIR / key)
        kinds.setdefault((Metrics.of(theme), theme.sizes), key)
    return sorted(kinds.values())


LAYOUT_LANGUAGES = [*i18n.available(), LONG]


@pytest.mark.concurrent
@pytest.mark.parametrize("theme", theme_metrics())
@pytest.mark.parametrize("language", LAYOUT_LANGUAGES)
def test_every_dialog_menu_and_status_line_fits_the_smallest_window_in_every_language(
    window, monkeypatch, tmp_path, language, theme
):
    """Every shipped language, and qlg (each word half as long again, as German runs), at
    the smallest window the game allows (Beginner at zoom 1, kept there when the board
    changes): no text is cut off or runs past its box. The menu bar's titles shortening to
    their first letters is the README's rule, and a status message or resting line too long
    for the line scrolls (README); neither counts. Nor do a dialog's rows scrolled out of its
    view (a dialog taller than the window scrolls them; `form_problems` still checks them
    against its width and scroll bar)."""
    cuts = Cuts(monkeypatch)
    with speaking(language, tmp_path / "locale"):
        d = window(scale=1, theme=theme)
        tour = Tour(d, cuts.at, smallest=True)
        try:
            tour.run(start_again=lambda: window(scale=1, theme=theme))
            lost = ""
        except AssertionError as e:  # what was cut so far is said first: it may be why
            lost = f"\nand the tour lost its way: {e}"
    found: dict[str, list[str]] = {}
    for screen, problem in cuts.found:
        found.setdefault(screen, []).append(problem)
    message = f"{language}: text cut off at the smallest window:\n" + report(found) + lost
    assert found == {} and not lost, message
    assert len(tour.seen) >= 20


@pytest.mark.concurrent
@pytest.mark.parametrize("board", [Difficulty.BEGINNER, Difficulty.EXPERT])
@pytest.mark.parametrize("language", LAYOUT_LANGUAGES)
def test_every_dialog_menu_and_status_line_fits_the_default_windows_of_a_1080_line_screen(
    window, monkeypatch, tmp_path, language, board
):
    """Issue 39: on a 1920 x 1080 screen the text is at 2x, in the window Beginner and Expert
    open at when no zoom was chosen (3x and 2x): nothing is cut off there either."""
    from game.ui import frame as frame_module
    from game.ui import screen as desktop
    from game.ui.layout import Box
    from game.ui.screen import TASK_BAR_GUESS

    monkeypatch.setattr(frame_module, "screen_height", lambda: 1080)
    monkeypatch.setattr(desktop, "usable_screen", lambda: Box(0, 0, 1920, 1080 - TASK_BAR_GUESS))
    cuts = Cuts(monkeypatch)
    with speaking(language, tmp_path / "locale"):
        d = window(scale=None, board=board)
        assert d.app.ctx.frame.text_scale == 2
        tour = Tour(d, cuts.at)
        try:
            tour.run(start_again=lambda: window(scale=None, board=board))
            lost = ""
        except AssertionError as e:
            lost = f"\nand the tour lost its way: {e}"
    found: dict[str, list[str]] = {}
    for screen, problem in cuts.found:
        found.setdefault(screen, []).append(problem)
    message = f"{language}: text cut off at 2x on 1080 lines:\n" + report(found) + lost
    assert found == {} and not lost, message
    assert len(tour.seen) >= 20


def test_the_layout_check_sees_a_cut_button_and_a_dialog_past_the_window(monkeypatch):
    from game.ui.layout import Box
    from game.ui.widgets import Button, Form, Label, Metrics, shorten

    cuts = Cuts(monkeypatch)
    cuts.at("a test")
    from game.ui import widgets

    assert widgets.shorten("Abbrechen", 6) == shorten("Abbrechen", 6) == "Abbre~"
    form = Form("Title", [Label("A paragraph of words")], [Button("ok", "Abbrechen")])
    m = Metrics()
    form.layout(m, Box(0, 0, 60, 60))
    assert any("past the window" in p for p in form_problems(form, m, (50, 50)))
    assert cuts.found and cuts.found[0] == ("a test", "'Abbrechen' cut to 6 characters: 'Abbre~'")


def test_the_layout_check_lets_rows_scroll_but_not_run_under_their_bar():
    """Rows too tall for the window scroll (their boxes below the view are fine); a row wider
    than the view beside its scroll bar is still a problem."""
    from game.ui.layout import Box
    from game.ui.widgets import Button, Form, Label, Metrics, Pairs

    m = Metrics()
    form = Form(
        "Tall",
        [Pairs([(f"Row {k}", "value") for k in range(30)]), Label("Words")],
        [Button("ok", "OK")],
    )
    form.layout(m, Box(0, 0, 176, 228))
    assert form.view is not None and form_problems(form, m, (176, 228)) == []
    row = form.rows[1]
    row.box = Box(row.box.x, row.box.y, row.box.w + 4, row.box.h)
    assert [p for p in form_problems(form, m, (176, 228)) if "under its scroll bar" in p]
