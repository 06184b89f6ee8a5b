"""The window frame: its size and place on the usable screen, the zoom, the text size, full
screen, what of them the settings remember, and the layout and renderer made for them. It never
plays, never saves the settings (its caller does) and knows nothing of the rooms drawn in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from ..engine.boards import BoardChoice
from ..i18n import _
from ..store.settings import Settings
from . import layout as geometry
from . import screen as desktop
from . import sheets
from .display import Display
from .drawstate import DrawState
from .live import PANEL_LINES
from .render import Renderer
from .theme import Theme


def screen_height() -> int:
    """The screen's full height in pixels (its display mode, panels and all): what the text
    size follows (`layout.auto_text`)."""
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0][1] if sizes else 768


class Frame:
    def __init__(
        self,
        settings: Settings,
        theme: Theme,
        board: BoardChoice,
        scale: int | None = None,
        drawn: DrawState | None = None,
        copy: int = 0,
    ) -> None:
        """`copy`: which copy of the program this is: a later one's first window opens offset
        from where the first's does."""
        self.settings = settings
        self.watching = False  # a video is watched: its counters take the panel's lines
        self.copy = copy
        self.drawn = drawn if drawn is not None else DrawState()
        self.theme = theme
        self.board = board
        self.display = Display()
        self.window_size: tuple[int, int] = (0, 0)
        self.relaid: list[Callable[[], None]] = []  # told after each new layout
        self.space = self._usable_screen()
        self.text = self._text_on_screen()
        # the zoom wished for: the command line's or the player's, else the first start's; a
        # window too small for it lowers the zoom, and a larger one brings it back
        self.wish = scale or settings.scale or self.best_scale()
        self.scale = min(self.wish, geometry.largest_scale(self.space, self.sizes, text=self.text))
        self.open_window()
        # no layout yet: the renderer keeps the theme's sprites, so it is made (`relayout`)
        # once they are converted for this window, which needs the window first

    # ---- the screen and the window ----------------------------------------------------------

    def _usable_screen(self) -> tuple[int, int]:
        """The room a window's inside has on the usable screen (task bars and the window's
        frame left out); `self.screen` and `self.edges` are what it was worked out from."""
        self.screen = desktop.usable_screen()
        self.edges = desktop.window_frame()
        w, h = desktop.room_on(self.screen, self.edges)
        return max(320, w), max(240, h)

    def geometry(self) -> tuple:
        """What the layout needs to size this board: rows, cols, sprite sizes, counter digits."""
        b = self.board
        return b.rows, b.cols, self.sizes, geometry.led_digits_for(b.mines)

    @property
    def sizes(self) -> geometry.Sizes:
        """The theme's sprite sizes, with the lines under the board: the status line, and the
        live counters' panel when it is shown (game/ui/live.py)."""
        panel = self.settings.counters == "panel" or self.watching
        lines = 1 + PANEL_LINES if panel else 1
        sizes = self.theme.sizes
        return sizes if sizes.status_lines == lines else replace(sizes, status_lines=lines)

    def text_wanted(self) -> int:
        """The text scale asked for: the player's Text size, else the screen's
        (`layout.auto_text`); a window too small for dialogs at it gets a step less."""
        chosen = self.settings.text_size
        return chosen if chosen is not None else geometry.auto_text(screen_height())

    def _text_on_screen(self) -> int:
        """The text scale wanted, or the largest below it at which the usable screen holds a
        window at all (its smallest, at zoom 1): 6x on a 1080-line screen is 5x, and the
        window is made for that, not for 6x cut by the screen's edge."""
        _rows, _cols, sizes, digits = self.geometry()
        return geometry.text_for(self.space, 1, self.text_wanted(), sizes, digits)

    @property
    def text_scale(self) -> int:
        """The text scale in use (the layout's: lower than wanted in a small window)."""
        return self.layout.text

    def _size_for(self, scale: int) -> tuple[int, int]:
        rows, cols, sizes, digits = self.geometry()
        w, h = geometry.window_size(rows, cols, scale, sizes, digits, self.text)
        return min(w, self.space[0]), min(h, self.space[1])

    def open_window(self, asked: bool = False, scrolled: bool = False) -> None:
        """A window for the board at the zoom, wholly on the usable screen: the zoom is lowered
        when the board would not fit. The first one is the window the player left, if it
        still fits the screen, else centred. `asked`: the usable screen was asked for just
        now (each asking is two trips to the X server: 2-3 ms of a zoom's frame here).
        `scrolled`: a zoom the player asked for now may go past the board shown whole
        (`layout.most_zoom`); at a start or another board it is lowered to that."""
        first = pygame.display.get_surface() is None
        if not asked:
            self.space = self._usable_screen()
        rows, cols, sizes, digits = self.geometry()
        most = (geometry.most_zoom if scrolled else geometry.most_scale)(
            rows, cols, self.space, sizes, digits, self.text
        )
        self.scale = min(self.scale, most)
        size = self._size_for(self.scale)
        if first:
            self._open_first_window(size)
        else:
            self.window_size = self.display.open(size)
            if not self.display.fullscreen:
                self._keep_on_screen(desktop.window_position())
        desktop.set_minimum_size(geometry.smallest_canvas_size(sizes, digits))
        self.remember()

    def _open_first_window(self, size: tuple[int, int]) -> None:
        """The window at start: with the theme's icon, as the player left it (size, place,
        fullscreen) when that still fits, else centred at `size`."""
        pygame.display.set_icon(desktop.icon_of(self.theme.sprites[desktop.ICON_SPRITE]))
        self.display.fullscreen = self.settings.fullscreen
        kept_size = self._kept_size()
        if kept_size is not None:
            size = kept_size
            self.scale = self._zoom_for(size)
        place = self.settings.window_position
        if place is None or not desktop.wholly_on(self.screen, size, place):
            place = desktop.place_window(size, self.screen, None, self.edges)
        place = desktop.place_for_copy(place, size, self.screen, self.copy, self.edges)
        with desktop.opening_at(place):
            self.window_size = self.display.open(size)
        if not self.display.fullscreen:
            # A window manager may take the first place for its frame's, and the frame is known
            # only now the window is shown: placed again, the move says it exactly.
            self.space = self._usable_screen()
            desktop.move_window(
                desktop.place_window(self.window_size, self.screen, place, self.edges)
            )

    def _kept_size(self) -> tuple[int, int] | None:
        """The window size the settings remember, if it was for this board (see `remember`)
        and still fits the screen and the toolbar."""
        s = self.settings
        if s.window_size is None or self.board != s.board_choice():
            return None
        w, h = s.window_size
        least = geometry.smallest_canvas_size(*self.geometry()[2:])
        if least[0] <= w <= self.space[0] and least[1] <= h <= self.space[1]:
            return w, h
        return None

    def _keep_on_screen(self, position: tuple[int, int] | None) -> None:
        """Move the window where `desktop.place_window` says, from `position`."""
        self.space = self._usable_screen()  # the frame is known once the window is shown
        there = desktop.place_window(self.window_size, self.screen, position, self.edges)
        if there != desktop.window_position():
            desktop.move_window(there)

    def remember(self) -> None:
        """The window's size, place and fullscreen into the settings (written with them, and
        at quit). In fullscreen the window to come back to stays remembered; the size is kept
        for the board the settings start with, which it was made for."""
        s = self.settings
        s.fullscreen = self.display.fullscreen
        if not self.display.fullscreen:
            s.window_position = desktop.window_position()
        if self.board == s.board_choice():  # not a board from the command line or a code
            size = self.display.windowed_size if self.display.fullscreen else self.display.size
            s.window_size = tuple(size) if size else s.window_size

    def relayout(self) -> None:
        """A layout and a renderer for the window as it is now; the rooms are told. The
        renderer draws the board with the theme's sprites scaled to the board's zoom."""
        rows, cols, sizes, digits = self.geometry()
        self.layout = geometry.fit(
            rows, cols, self.display.size, self.scale, sizes, digits, self.text
        )
        self.renderer = Renderer(
            sheets.scaled(self.theme, self.layout.factor), self.layout, self.drawn
        )
        for told in self.relaid:
            told()

    # ---- what changes it ----------------------------------------------------------------

    def switch_board(self, board: BoardChoice) -> bool:
        """Another board: the scale the player chose, as far as the board lets it
        (`layout.most_scale`; the first start's unless they chose one), and a window to
        match; whether it was resized."""
        resize = (board.rows, board.cols) != (self.board.rows, self.board.cols)
        self.board = board
        if resize:
            chosen = self.settings.scale
            rows, cols, sizes, digits = self.geometry()
            # a board that scrolls keeps the chosen zoom too (a resumed 200 x 200 game opened
            # at 1x, as only the zooms that show the whole board were tried)
            most = geometry.most_scale(rows, cols, self.space, sizes, digits, self.text)
            self.wish = self.best_scale() if chosen is None else chosen
            self.scale = min(self.wish, most)
            self.open_window()
        self.relayout()
        return resize

    def best_scale(self) -> int:
        """The zoom when the player has chosen none: the first start's (`layout.first_zoom`)."""
        rows, cols, sizes, digits = self.geometry()
        return geometry.first_zoom(rows, cols, self.space, sizes, digits, self.text)

    def set_scale(self, scale: int) -> list[str]:
        """Zoom to `scale` (within what fits); what to tell the player. A window on a board
        it does not wholly show at this zoom or the new one keeps its size (only the view
        changes: the player may have sized it) while it holds the new zoom's frame; else it
        grows or shrinks with the board."""
        self.space = self._usable_screen()
        rows, cols, sizes, digits = self.geometry()
        most = geometry.most_zoom(rows, cols, self.space, sizes, digits, self.text)
        # Translators: the status line when the player zooms in further than fits the screen;
        # zoom is a whole number (3), x the sign for times.
        said = [_("Zoom %(zoom)dx is the most") % {"zoom": most}] if scale > most else []
        scale = max(1, min(most, scale))
        self.settings.scale = self.wish = scale  # chosen, even the zoom "auto" had: no more auto
        if scale == self.scale:
            return said
        self.scale = scale
        if not self._keeps_size(scale):
            self.open_window(asked=True, scrolled=True)
        self.relayout()
        # Translators: the status line after a zoom; zoom is a whole number (3).
        return [*said, _("Zoom %(zoom)dx") % {"zoom": scale}]

    def _keeps_size(self, scale: int) -> bool:
        """Whether a zoom to `scale` leaves the window's size alone: in a window (not full
        screen) that shows only part of the board now and would at `scale` too, and that
        holds the frame, toolbar and status line at `scale`; never for a board the screen
        shows whole at 1x (its window follows the zoom both ways, zoomed past the whole
        board or not: zooming out of 8x on Beginner kept 8x's window round 5x's board)."""
        if self.display.fullscreen:
            return False
        lay, size = self.layout, self.display.size
        rows, cols, sizes, digits = self.geometry()
        if geometry.fits(geometry.window_size(rows, cols, 1, sizes, digits, self.text), self.space):
            return False
        whole = geometry.window_size(rows, cols, scale, sizes, digits, self.text)
        partial_now = (lay.view_rows, lay.view_cols) != (lay.rows, lay.cols)
        if not partial_now or (whole[0] <= size[0] and whole[1] <= size[1]):
            return False
        return geometry.scroll_fits(rows, cols, size, scale, sizes, digits, self.text)

    def toggle_fullscreen(self) -> None:
        """Fullscreen and back, at the same whole scale, the board centred; back in a window,
        the window is where it was (if that is still on the screen)."""
        self.remember()
        back_to = self.settings.window_position
        self.window_size = self.display.toggle_fullscreen()
        if not self.display.fullscreen:
            rows, cols, sizes, digits = self.geometry()
            desktop.set_minimum_size(geometry.smallest_canvas_size(sizes, digits))
            self._into_the_room()
            self._keep_on_screen(back_to)
        self.remember()
        self.relayout()

    def _into_the_room(self) -> None:
        """A window back from fullscreen no larger than the usable screen holds it, frame and
        all (one came back 1920x1061, a pixel off the screen's right and bottom: the size it
        was given while the whole screen was the room)."""
        self.space = self._usable_screen()
        w, h = self.window_size
        room = (min(w, self.space[0]), min(h, self.space[1]))
        if room != (w, h):
            self.window_size = self.display.open(room)

    def resized(self, size: tuple[int, int]) -> None:
        """The window manager changed the window's size."""
        if tuple(size) == self.window_size:
            return  # our own set_mode: the scale was chosen already
        self.window_size = tuple(size)
        if not self.display.fullscreen:  # fullscreen keeps the scale the player had
            self.scale = self._zoom_for(self.window_size)
            self.remember()  # written with the next settings, or at quit
        self.relayout()

    def _zoom_for(self, size: tuple[int, int]) -> int:
        """The zoom a window of `size` gets: the wish, as far as the window holds it (with
        Zoom auto, the largest that shows the whole board)."""
        rows, cols, sizes, digits = self.geometry()
        auto = self.settings.scale is None
        return geometry.scale_for_window(
            rows, cols, size, self.wish, sizes, digits, self.text, auto=auto
        )

    def set_text_size(self, size: int | None) -> None:
        """The Text size (None: the screen's); a window that showed the whole board is made
        to fit the text's new height, one that scrolls keeps its size."""
        self.settings.text_size = size
        self.space = self._usable_screen()
        self.text = self._text_on_screen()
        lay = self.layout
        if (lay.view_rows, lay.view_cols) == (lay.rows, lay.cols) and not self.display.fullscreen:
            self.scale = self.wish  # lowered by the window where the text leaves no room
            self.open_window()
        self.relayout()

    def set_counters(self, shown: str) -> None:
        """The live counters: off, on the status line, or a panel under it (lines more under
        the board: a window that showed the whole board grows to keep showing it)."""
        self.settings.counters = shown
        self._lines_changed()

    def set_watching(self, watching: bool) -> None:
        """A video is watched (its counters take the panel's lines under the board, never a
        cell of it), or no longer."""
        if watching != self.watching:
            self.watching = watching
            self._lines_changed()

    def _lines_changed(self) -> None:
        lay = self.layout
        if (lay.view_rows, lay.view_cols) == (lay.rows, lay.cols) and not self.display.fullscreen:
            self.scale = self.wish
            self.open_window()
        self.relayout()

    def use_theme(self, theme: Theme) -> None:
        """Draw with another theme from the next frame on (its icon on the window too)."""
        self.theme = theme
        pygame.display.set_icon(desktop.icon_of(theme.sprites[desktop.ICON_SPRITE]))
        self.relayout()
