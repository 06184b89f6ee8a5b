"""The menu bar's open menu: it takes the mouse and the keys while it is open, and a click on
the bar opens it (game/ui/menubar.py says what input does to it). Its rows are ticked and
greyed from the command table; a chosen row runs its command there.
"""

from __future__ import annotations

import pygame

from ...session import PAUSE_DIALOG
from ..menubar import Extra, MenuBar
from ..widgets import Metrics
from .context import Context
from .layer import BUTTONS, MOUSE, Layer


class MenuLayer(Layer):
    def __init__(self, ctx: Context, extra: Extra = None) -> None:
        """`extra`: rows beyond the key table's, by menu (one row a theme), or what makes them
        (so they follow a switch of language)."""
        self.ctx = ctx
        self.bar = MenuBar(extra)
        ctx.frame.relaid.append(self.relaid)

    def relaid(self) -> None:
        """A new layout (a theme, a zoom, a language): a closed bar's menus are built again
        from the key table, in the words of the language in use (an open one keeps its own
        until it closes; it is built again when it opens)."""
        if not self.bar.is_open:
            old, self.bar = self.bar, MenuBar(self.bar.extra)
            self.bar.eat_release = old.eat_release  # a press on the bar still owns its release

    def handle(self, event: pygame.event.Event) -> bool:
        bar, t, layout = self.bar, event.type, self.ctx.frame.layout
        no_dialog = self.ctx.dialogs.dialog is None
        if t == pygame.MOUSEWHEEL:
            return bar.is_open  # the board stays put under an open menu
        if t == pygame.KEYDOWN:
            if not (bar.is_open and no_dialog):
                return False
            if not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.take(lambda b, _: b.key(event))
                return True
            self.take(lambda b, _: b.close())  # Alt+Enter, Ctrl+Z...: close, then act
            return False
        if t not in MOUSE or (t != pygame.MOUSEMOTION and event.button not in BUTTONS):
            return False
        point = layout.text_point(*event.pos)
        if (
            t == pygame.MOUSEBUTTONDOWN
            and no_dialog
            and (bar.is_open or layout.on_menu_bar(*event.pos))
        ):
            self.take(lambda b, placed: b.press(point, placed))
            return True
        if t == pygame.MOUSEMOTION and no_dialog and bar.is_open:
            self.take(lambda b, placed: b.motion(point, placed))
            return True
        if t == pygame.MOUSEBUTTONUP and (bar.eat_release or bar.is_open):
            self.take(lambda b, placed: b.release(point, placed))
            return True
        return False

    def toggle(self) -> None:
        """G, F10, Alt alone: the Game menu, its first row highlighted (or the open menu
        closes)."""
        self.take(lambda bar, _: bar.close() if bar.is_open else bar.open_menu(0))

    def take(self, give) -> None:
        """Give the bar an input, then follow it: the game pauses while a menu is open, the
        bar is drawn again when it changed, and a row chosen runs its command (a greyed row
        does nothing)."""
        ctx, bar = self.ctx, self.bar
        was_open, before = bar.is_open, bar.look()
        action = give(bar, bar.placed(ctx.frame.layout, Metrics.of(ctx.frame.theme)))
        if bar.is_open and not was_open:
            ctx.session.pause(PAUSE_DIALOG)
        elif was_open and not bar.is_open and ctx.dialogs.dialog is None:
            ctx.session.resume(PAUSE_DIALOG)
        if bar.look() != before:
            ctx.drawn.invalidate()
        if action is not None and ctx.commands.available(action):
            ctx.commands.do(action)

    def marks(self) -> list[tuple[bool | None, bool]]:
        """For each row of the open menu: whether it is checked (None: not checkable), and
        whether it can be chosen now."""
        commands = self.ctx.commands
        return [
            (commands.checked(i.action), commands.available(i.action)) for i in self.bar.items()
        ]

    def draw(self, full: bool) -> None:
        ctx, bar = self.ctx, self.bar
        r = ctx.frame.renderer
        if bar.is_open and ctx.dialogs.dialog is not None:
            bar.close()  # a dialog came up (a file read off the frame...): it goes first
        if bar.is_open and (full or ctx.drawn.dirty):  # over whatever was drawn under it
            placed = bar.placed(ctx.frame.layout, Metrics.of(ctx.frame.theme))
            r.draw_menu_bar(placed, *bar.look(), self.marks())
