"""Input -> move: what the mouse buttons are doing on the board, and the moves they ask for.

Pure: it is told which cell is under the pointer (or None: off the board), what that cell
shows, and the time; it answers with moves (plain data) and "new game" for the face. It never
carries a move out, reads a clock or knows pixels (a middle-button drag says only that it is
one, `panning`: the play scene moves the board). The rules are in docs/RULES.md ("Opening
cells", "Marks", "Chording") and the README's mouse rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Move, MoveKind
from ..engine.cells import COVERED_CHARS, NUMBER_CHARS, Cell, ViewChar

LEFT, MIDDLE, RIGHT = 1, 2, 3
LONG_PRESS_MS = 350
DOUBLE_CLICK_MS = 500
PAN_CELLS = 2  # the middle button held alone and moved this many cells away drags the board
NEW_GAME = "new_game"  # the face was clicked (pressed and released on it)

COVERED_LOOKS = frozenset({ViewChar.COVERED, ViewChar.QUESTION})  # what a left click opens
HOLD_FLAG_LOOKS = COVERED_CHARS  # what a long press marks (covered, flagged or ?)
NUMBERS = NUMBER_CHARS


@dataclass
class Rules:
    """The player's options that change what a gesture means."""

    chord_on_left: bool = True
    long_press_flag: bool = False


def click_moves(cell: Cell, look: Callable[[Cell], str], rules: Rules) -> list[Move]:
    """A left click (or Space on the keyboard cursor): open a covered cell, or chord an open
    number when the option says so."""
    ch = look(cell)
    if ch in COVERED_LOOKS:
        return [Move(MoveKind.OPEN, *cell)]
    if ch in NUMBERS and rules.chord_on_left:
        return [Move(MoveKind.CHORD, *cell)]
    return []


@dataclass
class Gestures:
    """The state of the buttons over the board (Tatham's `game_ui`: not the game, not the
    screen), and the rules that turn presses and releases into moves."""

    rules: Rules
    left: bool = False
    right: bool = False
    middle: bool = False
    cell: Cell | None = None  # the cell under the held buttons
    chord: bool = False  # both buttons or the middle one: chord on release
    chord_done: bool = False  # releasing both buttons acts once
    on_face: bool = False  # the left button went down on the face
    over_face: bool = False
    press_ms: int = 0
    long_done: bool = False  # a long press flagged: the release does nothing
    swallow: bool = False  # second press of a double click: does nothing
    last_open: tuple[Cell | None, int] = (None, -DOUBLE_CLICK_MS)  # cell and time
    middle_from: Cell | None = None  # where the middle button went down
    panning: bool = False  # the middle button drags the board: no chord on its release

    def reset(self) -> None:
        """Forget what is held (a dialog opened, a game started); the double click too."""
        rules = self.rules
        self.__init__(rules)

    def moved_on(self) -> None:
        """Any move but the opening click itself ends a double click."""
        self.last_open = (None, -DOUBLE_CLICK_MS)

    # ---- presses ------------------------------------------------------------------------

    def press(
        self, button: int, cell: Cell | None, now: int, *, on_face: bool = False
    ) -> list[Move]:
        if button == LEFT:
            if on_face:
                self.on_face = self.over_face = True
                return []
            self.left, self.cell, self.press_ms, self.long_done = True, cell, now, False
            last_cell, last_ms = self.last_open
            self.swallow = (
                cell is not None and cell == last_cell and now - last_ms < DOUBLE_CLICK_MS
            )
            if self.right:
                self.chord, self.chord_done, self.swallow = True, False, False
            return []
        if button == RIGHT:
            self.right = True
            if self.left:
                self.chord, self.chord_done, self.swallow = True, False, False
            elif cell is not None and not self.middle:
                self.moved_on()
                return [Move(MoveKind.FLAG, *cell)]
            return []
        self.middle, self.cell, self.middle_from = True, cell, cell
        self.chord, self.chord_done = True, False
        return []

    def motion(self, cell: Cell | None, now: int, *, on_face: bool = False) -> None:
        """The pointer moved (or the board scrolled under it) to `cell`."""
        if self.on_face:
            self.over_face = on_face
        elif self.panning:
            return
        elif self._starts_pan(cell):
            self.panning, self.chord, self.cell = True, False, None
        elif (self.left or self.middle or (self.right and self.chord)) and cell != self.cell:
            self.cell = cell
            self.press_ms = now  # a long press must stay on one cell
            self.swallow = False

    def release(
        self,
        button: int,
        cell: Cell | None,
        now: int,
        look: Callable[[Cell], str],
        *,
        on_face: bool = False,
    ) -> list[Move | str]:
        """A button came up over `cell`: the cell under the release acts, wherever the press
        went meanwhile. `look(cell)` is the text-view character the cell shows."""
        if self.on_face and button == LEFT:
            self.on_face = self.over_face = False
            return [NEW_GAME] if on_face else []
        if self.chord or self.left or self.middle:
            self.cell = cell
        if button == LEFT:
            if not self.left:
                return []
            self.left = False
            if self.chord:
                return self._release_chord(others_held=self.right or self.middle)
            moves: list[Move | str] = []
            held = self.cell
            if held is not None and not (self.long_done or self.swallow):
                moves = click_moves(held, look, self.rules)
                if moves and moves[0].kind is MoveKind.OPEN:
                    self.last_open = (held, now)  # a double click must not act on it again
                elif moves:
                    self.moved_on()
            if not self.right:
                self.cell = None
            return moves
        if button == RIGHT:
            self.right = False
            if self.chord:
                return self._release_chord(others_held=self.left or self.middle)
            return []
        self.middle = False
        if self.panning:
            self.panning = False
            return []
        if self.chord:
            return self._release_chord(others_held=self.left or self.right)
        return []

    def _starts_pan(self, cell: Cell | None) -> bool:
        """The middle button alone, moved PAN_CELLS from where it went down: a drag of the
        board, not a chord (a middle click, or a slide to the next cell, still chords)."""
        start = self.middle_from
        if not self.middle or self.left or self.right or start is None or cell is None:
            return False
        return max(abs(cell[0] - start[0]), abs(cell[1] - start[1])) >= PAN_CELLS

    def _release_chord(self, others_held: bool) -> list[Move | str]:
        moves: list[Move | str] = []
        if not self.chord_done and self.cell is not None:
            moves = [Move(MoveKind.CHORD, *self.cell)]
            self.moved_on()
        self.chord_done = True
        if not others_held:
            self.chord = self.chord_done = False
            self.cell = None
        return moves

    def tick(self, now: int, look: Callable[[Cell], str]) -> list[Move]:
        """Time passing with a button held: a long press on one cell flags it, once."""
        if (
            self.rules.long_press_flag
            and self.left
            and not self.chord
            and not self.long_done
            and not self.swallow
            and self.cell is not None
            and now - self.press_ms >= LONG_PRESS_MS
            and look(self.cell) in HOLD_FLAG_LOOKS
        ):
            self.long_done = True
            self.moved_on()
            return [Move(MoveKind.FLAG, *self.cell)]
        return []

    # ---- what the held buttons look like ------------------------------------------------

    def pressed_cells(
        self, look: Callable[[Cell], str], chord_targets: Callable[[Cell], list]
    ) -> set[Cell]:
        """The cells that show pressed: the one under a left press, or a chord's neighbours."""
        if self.cell is None or self.swallow or self.long_done:
            return set()
        ch = look(self.cell)
        if self.chord or (self.left and ch in NUMBERS and self.rules.chord_on_left):
            cells = set(chord_targets(self.cell))
            if ch in COVERED_LOOKS:
                cells.add(self.cell)
            return cells
        return {self.cell} if self.left and ch in COVERED_LOOKS else set()

    @property
    def face_pressed(self) -> bool:
        return self.on_face and self.over_face

    @property
    def holding_board(self) -> bool:
        """A button is down on the board (the face says "oh")."""
        return (self.left or self.middle) and self.cell is not None and not self.long_done
