"""What every video is once read, whatever file it came from: a board and a list of events.

A video's events are the pointer's moves and the mouse buttons going down and up, each with
its time on the game's clock (ms, pauses cut out) and the pointer's place in board units: 16 a
cell at every zoom, from the board's top-left corner, so a video plays at any zoom, scroll or
window size. The names of the kinds are the community's (as ms-toollib and Metasweeper write
them), so a reader of their files and the counters (game/videos/mouse.py) speak one language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

UNIT = 16  # board units a cell, on both axes

MOVE = "mv"  # the pointer moved
LEFT_DOWN, LEFT_UP = "lc", "lr"
RIGHT_DOWN, RIGHT_UP = "rc", "rr"
MIDDLE_DOWN, MIDDLE_UP = "mc", "mr"
PRE_FLAG = "pf"  # a flag placed before the game's clock started (EVF writes these)
PAUSE, RESUME = "pause", "resume"  # the clock stopped (a pause, the window lost focus) and went on

BUTTON_KINDS = frozenset((LEFT_DOWN, LEFT_UP, RIGHT_DOWN, RIGHT_UP, MIDDLE_DOWN, MIDDLE_UP))
POINTER_KINDS = BUTTON_KINDS | {MOVE, PRE_FLAG}
KINDS = POINTER_KINDS | {PAUSE, RESUME}

# Where a video came from: our own replay, or one of the community's formats.
OURS, EVF, AVF, RMV, MVF = "pixel-mines", "evf", "avf", "rmv", "mvf"
FORMATS = (OURS, EVF, AVF, RMV, MVF)


class VideoError(ValueError):
    """A file that is not a video this game can read, or is damaged: its message is one line
    a player understands, naming the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class Event:
    t: int  # ms on the game's clock
    kind: str  # one of KINDS
    x: int  # the pointer, board units from the board's left edge (off the board: < 0 or beyond)
    y: int  # from its top edge


@dataclass(frozen=True, slots=True)
class Action:
    """A move that changed the board, as the engine plays it: the board shown at any moment of
    a video is the layout with the actions up to then played on it."""

    t: int
    index: int  # the event it came with (its place in Video.events); -1: none (a key press)
    kind: str  # "open", "flag" or "chord" (game.engine.MoveKind's values); "undo", "redo"
    row: int
    col: int
    mark: str | None = None  # a flag move of ours: the mark it left ("F", "?", "#")


@dataclass
class Video:
    format: str  # one of FORMATS
    rows: int
    cols: int
    mines: int
    layout: list[str]  # rows of '*' (a mine) and '.', as a replay's header writes them
    events: list[Event]
    software: str = ""  # what made the file, as it says ("Arbiter 0.52.3", "Pixel Mines 0.2.0")
    player: str = ""
    version: str = ""  # the format's version, as the file says
    played_at: str = ""  # ISO date and time when the file says it, else ""
    time_ms: int | None = None  # the time the file gives for the game; None: it gives none
    won: bool | None = None  # what the file says; None: it does not say
    game_id: str | None = None  # our own replays: the game's id
    # Our own replays: the moves our engine played (the board's truth, undo and redo included);
    # None for a video from elsewhere, whose actions the counters find from its events.
    actions: list[Action] | None = None
    extra: dict = field(default_factory=dict)  # more the file says (country, mode, ...)
