"""The line under the board: a message said for a while (scrolling when too long), else the
line at rest, of labelled parts (the board code, the daily board, no-guess mode, where to find
help) that shorten to small pixel icons when the line is too narrow and are dropped whole from
the end rather than cut. A message goes with the state it was said in (`StatusLine.follow`):
a new game, a pause, the game's end, a replay left. Pure: no pygame, no game; the play scene
says what rests there, the rooms what the state is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MESSAGE_MS = 2500
SCROLL_MS = 120  # a long status line moves one character this often
FOREVER = 2**62


# What is said: the words, or a function that words them (asked each time the line is drawn,
# so a message said before the language changed is read in the new one).
Said = str | Callable[[], str]


def _words(said: Said) -> str:
    return said() if callable(said) else said


class StatusLine:
    """The message on the line, until when and since when; `drawn_again` is told of each."""

    def __init__(self, now: Callable[[], int], drawn_again: Callable[[], None]) -> None:
        self.now = now
        self.drawn_again = drawn_again
        self._message: tuple[Said, int, int] | None = None  # text, until when, since when
        self.state: Callable[[], object] = _no_state  # what a message is about: `follow`
        self._said_in: object = None  # the state the message was said in
        # since when the line at rest has been too long for it (it scrolls), else None
        self.resting_since: int | None = None

    def follow(self, state: Callable[[], object]) -> None:
        """What the messages are about: `state()` (compared with ==) as the rooms see it (the
        game on the board, how it stands, a pause that veils it). A message goes as soon as
        the state is no longer the one it was said in, whatever it was and however long it
        was to stay: "Undone" is gone the moment a pause hides the board, so the line says
        it is paused at once; "Start at the marked cell", with the game it was said for."""
        self.state = state

    @property
    def message(self) -> tuple[Said, int, int] | None:
        """(what is said, until when, since when), or None: the line is at rest."""
        if self._message is not None and self.state() != self._said_in:
            self.message = None  # the state it described is gone: so is the message
            self.drawn_again()
        return self._message

    @message.setter
    def message(self, message: tuple[Said, int, int] | None) -> None:
        self._message = message
        # the state it is said in (not kept past the message: it holds a game)
        self._said_in = None if message is None else self.state()

    def say(self, text: Said, lasting: bool = False) -> None:
        """A line under the board for a moment, or while the state lasts when `lasting` (the
        game it was said for, not paused, not over...). Say it once the state it describes is
        there: a message said before, say, a move that ends the game goes with the move. A
        message that stays up long (`lasting`) is best given as a function that words it
        (`lambda: _("...") % {...}`): it then follows a switch of language."""
        now = self.now()
        # a long line scrolls through the status line, so it stays up long enough to read
        shown_for = max(MESSAGE_MS, len(_words(text)) * SCROLL_MS + MESSAGE_MS)
        self.message = (text, now + shown_for if not lasting else FOREVER, now)
        self.resting_since = None  # the line at rest scrolls from its start again after it
        self.drawn_again()

    def saying(self) -> str | None:
        message = self.message
        return None if message is None else _words(message[0])

    def clear(self) -> None:
        self.message = None

    def expire(self, now: int) -> None:
        message = self.message
        if message is not None and now >= message[1]:
            self.message = None

    def text(self, room: int, resting: Callable[[], str]) -> str:
        """What the line shows now in `room` characters; a message too long for it scrolls,
        and so does the line at rest (a long language's words, a paused game's at the
        narrowest window): from where it began to be too long, on through changes of its
        figures (a replay's counters), so it moves on evenly."""
        message = self.message
        if message is None:
            text = resting()
            if cells(text) <= room:
                self.resting_since = None
                return text
            if self.resting_since is None:
                self.resting_since = self.now()
            return self._scrolled(text, room, self.resting_since)
        said, _, since = message
        text = _words(said)
        return text if len(text) <= room else self._scrolled(text, room, since)

    def _scrolled(self, text: str, room: int, since: int) -> str:
        loop = text + "   " + text
        start = (self.now() - since) // SCROLL_MS % (len(text) + 3)
        return loop[start : start + room]

    def next_step(self, now: int) -> int | None:
        """When the line at rest, scrolling, moves next (None: it does not scroll); a message
        that scrolls keeps its room awake itself."""
        if self.message is not None or self.resting_since is None:
            return None
        return now + SCROLL_MS - (now - self.resting_since) % SCROLL_MS


def _no_state() -> None:
    """Until a room says what the messages are about (`StatusLine.follow`): one state."""
    return None


@dataclass(frozen=True)
class Part:
    label: str  # e.g. "Code"
    icon: str  # the icon that stands for the label when room is short (see ICONS)
    content: str = ""  # e.g. the 24-character code; empty: the label says it all


Piece = tuple[str | None, str]  # (icon name or None, text)

# 5 x 7 bitmaps, drawn in the text colour inside one character cell.
ICONS: dict[str, tuple[str, ...]] = {
    "code": (".#.#.", "#####", ".#.#.", ".#.#.", "#####", ".#.#.", "....."),
    "daily": ("#####", "#.#.#", "#####", "#...#", "#.#.#", "#...#", "#####"),
    "noguess": (".....", "....#", "...#.", "#.#..", ".#...", ".....", "....."),
    "help": (".###.", "#...#", "...#.", "..#..", "..#..", ".....", "..#.."),
}


def fit(parts: list[Part], room: int) -> list[Piece]:
    """The pieces to draw in `room` character cells: every part labelled if they all fit,
    else with icons for labels, else content alone (icons only for parts without content),
    else as many whole parts as fit, the first ones first."""
    labelled: list[Piece] = [(None, " | ".join(f"{p.label} {p.content}".strip() for p in parts))]
    if _width(labelled) <= room:
        return labelled
    iconic: list[Piece] = []
    for p in parts:
        iconic.append((p.icon, ""))
        if p.content:
            iconic.append((None, p.content))
    if _width(iconic) > room:
        # content before icons: a part with content keeps it and loses its icon
        bare = [(None, p.content) if p.content else (p.icon, "") for p in parts]
        if _width(bare) <= room:
            return bare
    while iconic and _width(iconic) > room:
        # drop the last part whole: its content and its icon
        if iconic[-1][0] is None and len(iconic) > 1 and iconic[-2][0] is not None:
            iconic.pop()
        iconic.pop()
    return iconic


def _width(pieces: list[Piece]) -> int:
    """Character cells: an icon is one, text its length, one space after each but the last."""
    cells = sum(1 if icon else len(text) for icon, text in pieces)
    return cells + max(0, len(pieces) - 1)


def text_of(pieces: list[Piece]) -> str:
    """The pieces as plain text (icons by their name in brackets), for tests and stderr."""
    return " ".join(f"[{icon}]" if icon else text for icon, text in pieces)


def cells(text: str) -> int:
    """The character cells a line takes where it is drawn: an icon (`text_of`'s "[code]")
    takes one."""
    return len(text) - sum(text.count(f"[{icon}]") * (len(icon) + 1) for icon in ICONS)
