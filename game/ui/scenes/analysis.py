"""A game gone through move by move over the game in play (which waits, its clock paused): the
board as it stood before each move, the move's cell outlined, its risk tinted on it and the
safest cells of that moment tinted too (a tick where proven safe), in whatever theme is on;
its keys, the clickable arrows in the line under the board, and the analysis worked out off
the frame meanwhile (its progress in that line; Esc stops it). Leaving is games.py's.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Game
from ...engine.game import shown_seconds
from ...engine.game_analysis import GameAnalysis, MoveReport
from ...i18n import N_, _
from ...session import PAUSE_REPLAY
from .. import keys
from ..analyses import whole
from ..analysis_words import end_words, fit, move_words
from ..dialogs import NoticeDialog
from ..hints import HintMarks
from ..marks import percent_text, tint_level
from ..render import Looks
from .board import Watched
from .context import Context

Cell = tuple[int, int]
# The line under the board starts with buttons, bracketed and three or four characters wide
# (18 pixels and more at the least zoom): one-character arrows, some 6 pixels, missed first
# clicks. BUTTONS: the action of each character they cover.
ARROW_BUTTONS = (
    ("[<<]", "analysis_previous_note"),
    ("[<]", "analysis_previous"),
    ("[>]", "analysis_next"),
    ("[>>]", "analysis_next_note"),
)
ARROWS = "".join(label for label, _action in ARROW_BUTTONS) + " "
# What a move did (MoveReport.kind), as the line under the board names it, and the move that
# lost the game (only an opening or a chord can).
KINDS = {
    "open": N_("open"),
    "chord": N_("chord"),
    "flag": N_("flag"),
    "unflag": N_("unflag"),
    "mark": N_("mark"),
}
LOSING = {"open": N_("the losing open"), "chord": N_("the losing chord")}


def _buttons() -> dict[int, str]:
    at, found = 0, {}
    for label, action in ARROW_BUTTONS:
        found.update(dict.fromkeys(range(at, at + len(label)), action))
        at += len(label)
    return found


BUTTONS = _buttons()


class AnalysisScene(Watched):
    KEYS = keys.ANALYSIS_KEYS

    def __init__(
        self,
        ctx: Context,
        key: str,
        game: Game,
        *,
        leave: Callable[[], None],
        resize: Callable[[Game], None],
    ) -> None:
        """`key`: the game's id, whose analysis the context's analyses work out (asked for
        already); `game`: what to show meanwhile; `leave`: what Esc does; `resize`: fits the
        window to the game once it is read (the games' to decide)."""
        self.key = key
        self.game = game
        self.leave_it, self.resize = leave, resize
        self.positions = None  # engine/walk.Positions, once the analysis is ready
        self.report: GameAnalysis | None = None
        self.layout: list[str] | None = None  # where the mines were, once the analysis is in
        self.index = 0  # the move shown: the board as it stood before it
        self.progress = 0.0  # the most of the analysis shown done while it is worked out
        self._looks: dict[tuple, tuple[Cell | None, dict[Cell, float]]] = {}  # the last drawn
        super().__init__(ctx)

    # ---- the analysis arriving --------------------------------------------------------------

    @property
    def ready(self) -> bool:
        return self.report is not None

    def update(self, now: int) -> None:
        if self.ready:
            return
        analyses = self.ctx.aids.analyses
        done = analyses.done.get(self.key)
        if done is not None:
            self.positions, self.report, self.layout = done.positions, done.report, done.layout
            self.game = self.positions.game
            self.resize(self.game)
            self.show(self.report.first_of_note())
            self.ctx.drawn.invalidate()
        elif self.key in analyses.errors:
            title = _("Analysis")  # a notice's title: the analysis of a game failed
            self.ctx.dialogs.open(NoticeDialog(title, [analyses.errors[self.key]]))
            self.leave_it()

    # ---- input ------------------------------------------------------------------------------

    def clicked(self, pos: Cell) -> None:
        action = self.button_at(pos)
        if action is not None:
            self.act(action)

    def button_at(self, pos: tuple[int, int]) -> str | None:
        """The arrow of the line under the board at a window position, if any."""
        frame = self.ctx.frame
        point = frame.layout.canvas_point(*pos)
        box = frame.layout.status
        if point is None or not box.contains(*point):
            return None
        column = ((point[0] - box.x) // frame.layout.text - 2) // frame.theme.font.width
        return BUTTONS.get(column)

    def act(self, action: str) -> None:
        if action == "analysis_leave":
            self.leave_it()
            return
        if not self.ready:
            return
        last = len(self.report.moves)
        target = {
            "analysis_next": self.index + 1,
            "analysis_previous": self.index - 1,
            "analysis_first": 0,
            "analysis_last": last,
        }.get(action)
        if action == "analysis_next_note":
            target = self.report.next_of_note(self.index)
            target = last if target is None else target
        elif action == "analysis_previous_note":
            target = self.report.next_of_note(self.index, -1)
            target = 0 if target is None else target
        self.show(target)

    def show(self, index: int) -> None:
        """The board before move `index` (the end after the last), its cell in view; only the
        cells that look different are drawn again."""
        before, marked = self.game.view(), self.mark_looks()
        self.index = max(0, min(index, len(self.report.moves)))
        self.game = self.positions.show(self.index)
        move = self.move
        if move is not None:
            self.scroll_to(move.row, move.col)
        after = self.game.view()
        cells = [
            (r, c)
            for r, (old, new) in enumerate(zip(before, after, strict=True))
            if old != new
            for c in range(len(new))
            if old[c] != new[c]
        ]
        marks = self.mark_looks()  # a mark that looks the same is not drawn again
        cells += [cell for cell, look in marked.items() if marks.get(cell) != look]
        cells += [cell for cell, look in marks.items() if marked.get(cell) != look]
        lay = self.view.layout
        if len(cells) > lay.view_rows * lay.view_cols:
            self.ctx.drawn.invalidate()
        else:
            self.ctx.drawn.pending.append(cells)

    def mark_looks(self) -> dict[Cell, tuple]:
        """Each marked cell in view and how its mark looks (its tint, its odds, the outline of
        the move's cell)."""
        cell, marks = self.marks()
        looks = {c: (tint_level(p), percent_text(p)) for c, p in marks.items()}
        if cell is not None:
            looks[cell] = (*looks.get(cell, ()), "move")
        return looks

    def scroll_to(self, row: int, col: int) -> None:
        """The cell in view: where it is out of view, the view moves to put it in the middle
        (a step to the next cell then rarely moves the view, which costs the whole board)."""
        b, lay = self.view, self.view.layout
        top, left = b.top, b.left
        if not top <= row < top + lay.view_rows:
            top = row - lay.view_rows // 2
        if not left <= col < left + lay.view_cols:
            left = col - lay.view_cols // 2
        b.scroll_by(top - b.top, left - b.left)

    @property
    def move(self) -> MoveReport | None:
        if self.report is None or self.index >= len(self.report.moves):
            return None
        return self.report.moves[self.index]

    # ---- what the board shows ---------------------------------------------------------------

    def looks(self) -> Looks:
        """The move's cell outlined, its risk and the safest cells of the moment tinted, and a
        better guess framed and tinted."""
        cell, marks = self.marks()
        move = self.move
        better = move.better if move is not None else None
        framed = HintMarks(numbers=frozenset({better})) if better is not None else None
        return Looks(hint=cell, probabilities=marks, hint_marks=framed)

    def marks(self) -> tuple[Cell | None, dict[Cell, float]]:
        move = self.move
        if move is None:
            return None, {}
        b, lay = self.view, self.view.layout
        shown = (self.index, b.top, b.left, lay.view_rows, lay.view_cols)
        known = self._looks.get(shown)
        if known is not None:
            return known
        rows = range(b.top, min(b.top + lay.view_rows, self.game.rows))
        cols = range(b.left, min(b.left + lay.view_cols, self.game.cols))
        marks: dict[Cell, float] = {}
        if not move.first_opening:
            for cell in move.lowest_cells:
                if cell[0] in rows and cell[1] in cols:
                    marks[cell] = move.lowest_p
            if move.lowest_off_frontier:
                marks.update(dict.fromkeys(self.off_frontier(rows, cols), move.lowest_p))
        if move.better is not None and move.better_p is not None:
            marks[move.better] = move.better_p
        risk = move.p_mine
        if risk is None:
            risk = 1.0 if move.proven == "mine" else 0.0
        for cell in move.targets or ((move.row, move.col),):
            marks[cell] = risk
        self._looks = {shown: ((move.row, move.col), marks)}
        return self._looks[shown]

    def off_frontier(self, rows: range, cols: range) -> list[Cell]:
        """The covered cells in view that touch no open number."""
        view, covered = self.game.view(), "#F?"
        near: set[Cell] = set()  # cells next to an open one
        for r in range(max(rows.start - 1, 0), min(rows.stop + 1, self.game.rows)):
            line = view[r]
            for c in range(max(cols.start - 1, 0), min(cols.stop + 1, self.game.cols)):
                if line[c] not in covered:
                    near.update((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
        return [(r, c) for r in rows for c in cols if view[r][c] in covered and (r, c) not in near]

    # ---- the toolbar and the line under the board ------------------------------------------

    def timer_value(self) -> int:
        move = self.move
        if move is not None:
            return shown_seconds(move.t_ms)
        if self.report is not None and self.report.moves:
            return shown_seconds(self.report.moves[-1].t_ms)
        return 0

    def status(self) -> str:
        room = self.view.status_room()
        if not self.ready:
            # one progress, only forward: the work the notice began goes on here
            now = self.ctx.aids.analyses.progress(self.key) or 0.0
            progress = self.progress = max(self.progress, now)
            done = {"percent": whole(progress)}
            wordings = [
                # Translators: the line under the board while the analysis is worked out, longest
                # first; percent: how far it is.
                _("Analysing your game... %(percent)d%% (Esc stops)"),
                _("Analysing %(percent)d%%, Esc stops"),
                "%(percent)d%%",
            ]
            return fit([w % done for w in wordings], room)
        return ARROWS + fit(self.words(), room - len(ARROWS))

    def words(self) -> list[str]:
        """What the line says about the move shown, longest first."""
        report, move = self.report, self.move
        total = len(report.moves)
        if move is None:
            return end_words(report)
        at = f"{move.n}/{total}"
        plain = _("Move %(at)s") % {"at": at}
        lost = self.lost_by(move)
        kind = _(LOSING[move.kind]) if lost else _(KINDS.get(move.kind, move.kind))
        # Translators: the head of the line about a move: at is "3/12" (the move, of all);
        # kind is what it did ("open", "the losing open").
        head = _("Move %(at)s (%(kind)s)") % {"at": at, "kind": kind}
        words = move_words(move, plain, at)
        longest = move_words(move, head, at)[0]
        if not lost:
            return [longest, *words]
        # the shorter words say it too: first in full, then short
        # Translators: as "Move %(at)s (%(kind)s)", leading the short words of the move that
        # lost the game ("Move 3/12 (the losing open): guess 50 %").
        full = _("Move %(at)s (%(kind)s):") % {"at": at, "kind": kind}
        losing = move_words(move, "", full)[1:]
        # Translators: the move that lost the game, in the shortest words: at is "3/12".
        lost_words = move_words(move, "", _("%(at)s lost") % {"at": at})[1:]
        return [longest, *losing, *lost_words, words[-1]]  # the narrowest: as any move

    def lost_by(self, move: MoveReport) -> bool:
        """Whether the move opened a mine: the move that lost the game."""
        if self.layout is None or move.kind not in ("open", "chord"):
            return False
        return any(self.layout[r][c] == "*" for r, c in move.targets or ((move.row, move.col),))

    def leave(self) -> None:
        """The room goes: the analysis stops if it is still being worked out."""
        self.view.close()
        self.ctx.aids.analyses.cancel(self.key)
        self.ctx.session.resume(PAUSE_REPLAY)
