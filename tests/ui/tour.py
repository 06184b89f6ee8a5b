"""A tour of every screen of the window through the real loop, fed real pygame events: the
board ready, playing, won and lost; every menu; every dialog (help, Options, custom board, a
board code, themes, statistics, about, the map, questions, results); the status line's
messages (hints, odds, undo, pause...); a replay and the analysis room. The language checks
(tests/ui/test_languages.py) watch what it draws at each step; `at` names the screen."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import keys
from game.ui.layout import smallest_canvas_size
from tests.ui.conftest import Driver
from tests.ui.test_session_front_ends import win_in_the_window

K = pygame
TYPED = ("0", "XYZ", "12", "100")  # what the tour types into fields


def up(d: Driver) -> str:
    """What is on top now: an open menu, a dialog, a replay or analysis room, or the board."""
    app = d.app
    if app.menu.bar.is_open:
        return f"menu {keys.MENUS[app.menu.bar.open]}"  # in English whatever it speaks
    if app.ctx.dialogs.dialog is not None:
        return type(app.ctx.dialogs.dialog).__name__
    if app.games.replay is not None:
        return type(app.games.replay).__name__
    return f"board {app.play.game.state.name.lower()}"


class Tour:
    """Goes round the window; `at(name)` is called before each screen's steps, and
    `smallest` keeps the window at the least size the game allows (the layout check)."""

    def __init__(self, d: Driver, at: Callable[[str], None], smallest: bool = False) -> None:
        self.d, self.at, self.smallest = d, at, smallest
        self.seen: list[str] = []

    # ---- the steps' tools ----

    def key(self, code: int, text: str = "", mod: int = 0) -> None:
        self.d.key(code, text, mod)

    def ticks(self, n: int = 3, ms: int = 16) -> None:
        for _ in range(n):
            self.d.tick(ms)

    def type(self, text: str) -> None:
        for ch in text:
            self.key(pygame.key.key_code(ch.lower()) if ch.isalnum() else 0, ch)

    def expect(self, name: str) -> None:
        """The tour is where it means to be (a tour that silently missed a screen would check
        nothing there)."""
        self.ticks(2)
        assert up(self.d) == name, f"the tour expected {name}, the window shows {up(self.d)}"
        self.seen.append(name)

    def fit(self) -> None:
        """At the least window the game allows for the board (as a window manager gives it
        when the player drags the window as small as it goes)."""
        if self.smallest:
            frame = self.d.app.ctx.frame
            size = smallest_canvas_size(frame.theme.sizes, frame.layout.led_digits)
            self.d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            self.ticks(2)

    def menu_row(self, menu: str, action: str) -> None:
        """Choose a row of a menu with the keyboard: F10, to the menu, down to the row, Enter."""
        self.key(K.K_F10)
        for _ in range(keys.MENUS.index(menu)):
            self.key(K.K_RIGHT)
        for _ in range([b.action for b in keys.menu(menu)].index(action)):
            self.key(K.K_DOWN)
        self.key(K.K_RETURN)

    def close(self) -> None:
        self.key(K.K_ESCAPE)
        self.ticks(2)

    # ---- the tour ----

    def run(self, start_again: Callable[[], Driver] | None = None) -> list[str]:
        """The tour; with `start_again` (a new window on the same folders) it also quits with
        a game on and starts again, to be offered the kept games."""
        self.fit()
        self.ready_board_and_its_menus()
        self.dialogs_of_the_keys()
        self.playing()
        self.won_and_its_statistics()
        self.lost_and_its_analysis()
        self.a_big_board_and_its_map()
        if start_again is not None:
            self.kept_games(start_again)
        return self.seen

    def ready_board_and_its_menus(self) -> None:
        self.at("board ready")
        self.expect("board ready")
        self.at("board ready: a hint asked before the first click")
        self.key(K.K_h, "h")
        self.ticks(2)
        self.at("board ready: Redo with nothing to redo")
        self.key(K.K_y, "", K.KMOD_CTRL)
        self.ticks(2)
        for k, name in enumerate(keys.MENUS):
            self.at(f"menu {name}")
            self.key(K.K_RIGHT if k else K.K_F10)
            self.expect(f"menu {name}")
            for _ in keys.menu(name):
                self.key(K.K_DOWN)
        self.close()

    def dialogs_of_the_keys(self) -> None:
        self.at("help (F1)")
        self.key(K.K_F1)
        self.expect("HelpOverlay")
        for _ in range(30):
            self.key(K.K_PAGEDOWN)
        self.at("help: the keys' page (Right)")
        self.key(K.K_RIGHT)
        for _ in range(30):
            self.key(K.K_PAGEDOWN)
        self.close()
        self.at("Options")
        self.key(K.K_o, "o")
        self.expect("SettingsDialog")
        for _ in range(20):
            self.key(K.K_DOWN)
        self.close()
        self.at("custom board: a bad size")
        self.key(K.K_c, "c")
        self.expect("CustomDialog")
        self.type("0")
        self.key(K.K_RETURN)
        self.key(K.K_TAB)
        self.type("XYZ12")
        self.key(K.K_RETURN)
        self.close()
        self.at("play a board code: a bad code")
        self.key(K.K_b, "b")
        self.expect("CodeDialog")
        self.type("XYZ")
        self.key(K.K_RETURN)
        self.close()
        self.at("themes")
        self.key(K.K_m, "m")
        self.expect("ThemeMenu")
        self.key(K.K_DOWN)
        self.close()
        self.at("statistics, no games yet")
        self.key(K.K_s, "s")
        self.expect("StatsDialog")
        for _ in range(6):
            self.key(K.K_RIGHT)
        self.close()
        self.at("about")
        self.menu_row("Help", "about")
        self.expect("NoticeDialog")
        self.close()

    def playing(self) -> None:
        d = self.d
        self.at("board playing")
        d.click((4, 4))
        self.expect("board playing")
        steps = [
            ("status: hint", K.K_h, "h", 0),
            ("status: mine odds", K.K_p, "p", 0),
            ("status: copy the board code", K.K_c, "", K.KMOD_CTRL),
            ("status: question marks", K.K_q, "q", 0),
            ("status: sound", K.K_v, "v", 0),
            ("status: next theme", K.K_t, "t", 0),
            ("status: zoom in", 0, "+", 0),
            ("status: zoom out", 0, "-", 0),
            ("status: paused", K.K_F3, "", 0),
            ("status: playing on", K.K_F3, "", 0),
        ]
        for name, code, text, mod in steps:
            self.at(name)
            self.key(code, text, mod)
            d.move(d.at((0, 0)), buttons=(0, 0, 0))  # the odds of the cell under the mouse
            self.ticks(3)
            self.ticks(2, 1500)  # the message has gone: the line at rest
        self.key(K.K_p, "p")  # odds off again
        self.fit()
        self.at("status: undo and redo")
        self.key(K.K_z, "", K.KMOD_CTRL)
        self.key(K.K_y, "", K.KMOD_CTRL)
        self.ticks(2)
        self.at("leave this game? (F2 during a game)")
        self.key(K.K_F2)
        self.expect("ConfirmDialog")
        self.close()

    def _win(self) -> None:
        win_in_the_window(self.d)

    def won_and_its_statistics(self) -> None:
        self.at("a new game (F2, then yes)")
        self.key(K.K_F2)
        if up(self.d) == "ConfirmDialog":
            self.key(K.K_RETURN)
        self.at("won: the result")
        self._win()
        self.expect("NoticeDialog")
        self.ticks(10)
        self.close()
        self.at("board won")
        self.expect("board won")
        self.at("statistics with a best time")
        self.key(K.K_s, "s")
        self.expect("StatsDialog")
        self.at("a replay of the best time")
        self.key(K.K_RETURN)  # the best time picked: watch it (a button may be off the panel)
        self.expect("VideoScene")
        self.key(K.K_SPACE)
        self.ticks(5, 200)
        self.key(K.K_RIGHT)
        self.ticks(3)
        self.close()

    def lost_and_its_analysis(self) -> None:
        d = self.d
        self.at("lost: the result")
        self.key(K.K_F2)
        d.click((4, 4))
        g = d.app.play.game
        mine = next(
            (r, c)
            for r, line in enumerate(g.layout())
            for c, ch in enumerate(line)
            if ch == "*" and g.cell(r, c) == "#"
        )
        d.click(mine)
        self.expect("NoticeDialog")
        self.ticks(10)
        self.at("the analysis room")
        self.key(K.K_a, "a")  # as the Analyse button
        self.expect("AnalysisScene")
        for _ in range(60):
            self.ticks(1)
            if d.app.games.replay.ready:
                break
        for code in (K.K_RIGHT, K.K_DOWN, K.K_DOWN, K.K_END, K.K_LEFT):
            self.key(code)
        self.close()
        self.at("board lost")
        self.expect("board lost")
        self.at("mines hit (undo the loss)")
        self.key(K.K_z, "", K.KMOD_CTRL)
        self.ticks(2)
        self.at("daily board")
        self.menu_row("Game", "daily")
        if up(self.d) == "ConfirmDialog":
            self.key(K.K_RETURN)
        self.ticks(3)

    def a_big_board_and_its_map(self) -> None:
        self.at("custom board: 100 x 100")
        self.key(K.K_c, "c")
        self.expect("CustomDialog")
        for value in ("100", "100", "100"):
            self.type(value)
            self.key(K.K_TAB)
        self.key(K.K_RETURN)
        if up(self.d) == "ConfirmDialog":
            self.key(K.K_RETURN)
        self.fit()
        self.at("board ready, 100 x 100")
        self.expect("board ready")
        self.at("the map (Tab)")
        self.key(K.K_TAB)
        self.expect("MapDialog")
        self.close()

    def _quit_with_a_game_on(self) -> None:
        d = self.d
        play = d.app.play
        if not d.app.play.game.moves:
            d.click((play.view.top, play.view.left))  # the first cell in view
        self.key(K.K_q, "", K.KMOD_CTRL)
        assert not d.app.games.running

    def kept_games(self, start_again: Callable[[], Driver]) -> None:
        """Quit at once with a game on (it is kept), start again: the offer to resume it;
        resumed and quit again, with a second kept game beside it (a copy of its journal, as
        another window would leave): the list of kept games."""
        self._quit_with_a_game_on()
        self.at("resume the kept game?")
        self.d = start_again()
        self.fit()
        self.expect("ResumeDialog")
        self.key(K.K_RETURN)
        self.expect("board playing")
        self._quit_with_a_game_on()
        kept = self.d.app.ctx.session.history.kept
        journal = max(kept.glob("*.jsonl"))
        other = journal.with_name(journal.stem[:-1] + ("0" if journal.stem[-1] != "0" else "1"))
        other.with_suffix(".jsonl").write_bytes(journal.read_bytes())
        self.at("the kept games")
        self.d = start_again()
        self.fit()
        self.expect("KeptGamesDialog")
        self.key(K.K_DOWN)
        self.ticks(2)
