"""The window in every language: each screen of the tour (tests/ui/tour.py) drawn in the
pseudo-language shows no word that bypassed the catalogue, caught where the renderer draws
text (`Font.render`: every text of the window goes through it)."""

from __future__ import annotations

import pygame
import pytest

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
from tests.languages import PSEUDO, speaking, without, words_outside
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

    def make(scale: int = 2) -> Driver:
        clock = ManualClock()
        history = History(Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays",
                          tmp_path / "kept")  # fmt: skip
        app = App(BoardChoice.standard(Difficulty.BEGINNER),
                  Settings(motion=False, volume="off"), shipped_themes(), scale=scale,
                  clock=clock, history=history, chores=Chores(threaded=False))  # fmt: skip
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
        rest = " ".join(chunk for chunk in rest.split() if not _is_piece(chunk))
        rest = re.sub(r"(?<![^\W_])(?:[A-Z]|F[0-9]{1,2})(?![^\W_])", " ", rest)  # a key
        if words_outside(without(rest, allowed)):
            found.setdefault(screen, []).append(text)
    return found


def report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{screen}:\n" + "\n".join(f"    {t!r}" for t in texts)
                     for screen, texts in found.items())  # fmt: skip


def test_every_screen_in_the_pseudo_language_draws_nothing_outside_the_catalogue(
    window, monkeypatch, tmp_path
):
    drawn = Drawn(monkeypatch)
    with speaking(PSEUDO, tmp_path / "locale"):
        d = window()
        seen = Tour(d, drawn.at).run()
        allowed = allowed_words(d.app)
    assert len(seen) >= 20 and len(drawn.texts) > 100
    found = unmarked(drawn.texts, allowed)
    assert found == {}, "text drawn without the catalogue, by screen:\n" + report(found)
    assert any("[[" in text for _, text in drawn.texts)  # it spoke the pseudo-language


def test_the_screen_check_can_fail():
    texts = [("menu Game", "[[New]] [[game]]"), ("menu Game", "New game"),
             ("Options", "[[Optio~"), ("Options", "ons]] [[more]]"), ("Options", "Zoom 2"),
             ("Options", "New game"), ("Options", "Classic F2, B")]  # fmt: skip
    assert unmarked(texts, ["Classic"]) == {"menu Game": ["New game"], "Options": ["Zoom 2"]}
