"""`pixel-mines --analyse REPLAY`: the analysis of a replay (game/engine/game_analysis.py)
printed for the terminal: the summary line, then a line per guess or mistake; or, with
`--json`, one JSON object a move and a last one for the summary.

Prints only; reading the file and its errors are the command line's (game/app.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from .engine.game_analysis import Analyser, GameAnalysis
from .engine.walk import journal_of
from .i18n import N_, _
from .store.replays import Replay

HEADER = N_("Cells are (row, column), counted from 0 at the top left.")


def _plain(line: str) -> str:
    """The window's no-break spaces (a number kept beside its % sign) as plain spaces."""
    return line.replace("\u00a0", " ")


def print_analysis(replay: Replay, as_json: bool, out: Callable[[str], None] = print) -> int:
    """Print the analysis of a replay whose mines were laid; the exit status."""
    events = journal_of(replay.version, replay.events, replay.moves)
    report: GameAnalysis = Analyser(replay.layout, events).run()
    if as_json:
        for move in report.moves:
            out(json.dumps(move.as_json()))
        out(json.dumps(report.summary_json()))
        return 0
    out(_(HEADER))
    out(_plain(report.summary()))
    for move in report.moves:
        if move.verdict.value != "sure":
            out(_plain(move.line()))
    return 0
