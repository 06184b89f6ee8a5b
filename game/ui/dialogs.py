"""Dialogs and overlays over the canvas: help, quit confirmation, custom board.

Each turns keys into a result and says what to show as lines of text; none draws or touches
the game itself. The window decides what a result means.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.game import MAX_SIDE, MIN_SIDE

Line = tuple[str, str]  # text, theme colour name

CLOSE = "close"
QUIT = "quit"

HELP_LINES = [
    "F2 N   new game",
    "1 2 3  difficulty",
    "C      custom board",
    "Q      question marks",
    "arrows move cursor",
    "Space  open",
    "F      flag",
    "D      chord",
    "wheel  scroll",
    "+ -    zoom",
    "F1 ?   this help",
    "Esc    close / quit",
    "Ctrl+Q quit now",
]


class Dialog:
    title = ""

    def lines(self) -> list[Line]:
        raise NotImplementedError

    def key(self, event: pygame.event.Event) -> object | None:
        """Handle a key press; return a result (CLOSE, QUIT, a board) or None to stay open."""
        raise NotImplementedError

    def click(self, line: int | None) -> object | None:
        """A click on line `line` of the dialog (None: outside the lines)."""
        return None


class HelpOverlay(Dialog):
    def lines(self) -> list[Line]:
        return [("Keys", "accent"), *((t, "text") for t in HELP_LINES), ("", "text"),
                ("any key closes", "text")]  # fmt: skip

    def key(self, event: pygame.event.Event) -> object | None:
        return CLOSE

    def click(self, line: int | None) -> object | None:
        return CLOSE


class ConfirmQuit(Dialog):
    def lines(self) -> list[Line]:
        return [
            ("Quit?", "accent"),
            ("", "text"),
            ("A game is on.", "text"),
            ("Quit anyway?", "text"),
            ("", "text"),
            ("Y Enter  quit", "text"),
            ("N Esc    keep playing", "text"),
        ]

    def key(self, event: pygame.event.Event) -> object | None:
        if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
            return QUIT
        if event.key in (pygame.K_n, pygame.K_ESCAPE):
            return CLOSE
        return None


@dataclass(frozen=True)
class CustomSize:
    rows: int
    cols: int
    mines: int


@dataclass
class CustomDialog(Dialog):
    """Rows, columns and mines, each checked against its limit and explained in place."""

    values: list[str] = field(default_factory=lambda: ["20", "30", "120"])
    focus: int = 0
    errors: list[str] = field(default_factory=lambda: ["", "", ""])

    FIELDS = ("Rows", "Columns", "Mines")
    FIRST_FIELD_LINE = 2  # the line of the first field in lines()

    def limits(self) -> list[tuple[int, int] | None]:
        side = (MIN_SIDE, MAX_SIDE)
        rows, cols = self._number(0), self._number(1)
        sides_ok = all(v is not None and side[0] <= v <= side[1] for v in (rows, cols))
        return [side, side, (1, rows * cols - 1) if sides_ok else None]

    def _number(self, k: int) -> int | None:
        return int(self.values[k]) if self.values[k].isdigit() else None

    def lines(self) -> list[Line]:
        out: list[Line] = [("Custom board", "accent"), ("", "text")]
        for k, (name, limit) in enumerate(zip(self.FIELDS, self.limits(), strict=True)):
            mark = ">" if k == self.focus else " "
            cursor = "_" if k == self.focus else " "
            shown = f"{self.values[k]}{cursor}"
            hint = f"{limit[0]}-{limit[1]}" if limit else "?"
            colour = "accent" if k == self.focus else "text"
            out.append((f"{mark}{name:<8}{shown:<5}{hint}", colour))
            out.append((f"  {self.errors[k]}" if self.errors[k] else "", "error"))
        out += [("Tab    next field", "text"), ("Enter  start", "text"), ("Esc    cancel", "text")]
        return out

    def check(self) -> CustomSize | None:
        """Explain every bad field next to it; the size if all are good."""
        limits = self.limits()
        self.errors = ["", "", ""]
        for k, name in enumerate(self.FIELDS):
            value = self._number(k)
            limit = limits[k]
            if value is None:
                self.errors[k] = "type a whole number"
            elif limit is None:
                self.errors[k] = "fix rows/cols first"
            elif not limit[0] <= value <= limit[1]:
                self.errors[k] = f"{name.lower()}: {limit[0]} to {limit[1]}"
        if any(self.errors):
            self.focus = next(k for k, e in enumerate(self.errors) if e)
            return None
        return CustomSize(self._number(0), self._number(1), self._number(2))

    def key(self, event: pygame.event.Event) -> object | None:
        k = event.key
        if k == pygame.K_ESCAPE:
            return CLOSE
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.check()
        if k in (pygame.K_TAB, pygame.K_DOWN) and not event.mod & pygame.KMOD_SHIFT:
            self.focus = (self.focus + 1) % 3
        elif k in (pygame.K_UP, pygame.K_TAB):
            self.focus = (self.focus - 1) % 3
        elif k == pygame.K_BACKSPACE:
            self.values[self.focus] = self.values[self.focus][:-1]
        elif event.unicode.isdigit() and len(self.values[self.focus]) < 5:
            self.values[self.focus] += event.unicode
            self.errors[self.focus] = ""
        return None

    def click(self, line: int | None) -> object | None:
        if line is not None:
            k = (line - self.FIRST_FIELD_LINE) // 2
            if 0 <= k < 3:
                self.focus = k
        return None
