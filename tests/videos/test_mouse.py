"""The click counters (game/videos/mouse.py) against ms-toollib 1.5.20, the community's oracle.

ms-toollib aborts the whole process on some input (a Rust panic: a right press while the right
button is already down before the first opening, a middle release off the board, a pre-flag
after the first opening...), so it runs in a subprocess of its own for this module, and that
process runs each game in a forked child: a game that makes ms-toollib abort is compared up to
the event before the one it aborted on. The child steps both `MinesweeperBoard` (the counters
after every event) and `BaseVideo(board, 16)` (the path, and the figures read once the game
ended, as ms-toollib allows only then).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Game
from game.engine.rules import Move, MoveKind
from game.videos.model import Event, Video
from game.videos.mouse import Counters, Machine, play, summary

NO_LITTER = tempfile.gettempdir()  # where ms-toollib's subprocesses run

ORACLE = r"""
import json, os, sys
os.dup2(os.open(os.devnull, os.O_WRONLY), 2)  # the panics' messages
try:
    import ms_toollib as ms
except ImportError:
    print("missing", flush=True)
    sys.exit(0)
print("ready", flush=True)

def numbers(layout):
    rows, cols = len(layout), len(layout[0])
    return [[-1 if layout[r][c] == "*" else sum(
        layout[i][j] == "*" for i in range(max(r - 1, 0), min(r + 2, rows))
        for j in range(max(c - 1, 0), min(c + 2, cols))) for c in range(cols)]
        for r in range(rows)]

def run(game, out):
    layout = game["layout"]
    rows, cols = len(layout), len(layout[0])
    board = numbers(layout)
    mb, bv = ms.MinesweeperBoard(board), ms.BaseVideo(board, 16)
    for kind, x, y in game["events"]:
        if kind not in ("pause", "resume"):
            off = x < 0 or y < 0 or x >= cols * 16 or y >= rows * 16
            mb.step(kind, (rows, cols) if off else (y // 16, x // 16))
            bv.step(kind, (rows * 16, cols * 16) if off else (y, x))
        out.write(json.dumps([mb.left, mb.right, mb.double, mb.lce, mb.rce, mb.dce, mb.flag,
                              mb.bbbv_solved, mb.game_board_state, bv.path]) + "\n")
        out.flush()
    end = {"board": mb.game_board, "state": bv.game_board_state}
    if bv.game_board_state in (3, 4):  # won, lost: the figures may be read
        for name in ("left", "right", "double", "lce", "rce", "dce", "ce", "bbbv_solved",
                     "flag", "path", "ioe", "thrp", "corr", "bbbv", "cl", "game_board"):
            end[name] = getattr(bv, name)
    out.write(json.dumps({"end": end}) + "\n")

for line in sys.stdin:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        with os.fdopen(w, "w") as out:
            run(json.loads(line), out)
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as inp:
        rows = [json.loads(x) for x in inp.read().splitlines()]
    os.waitpid(pid, 0)
    end = rows.pop()["end"] if rows and isinstance(rows[-1], dict) else None
    print(json.dumps({"per": rows, "end": end}), flush=True)
"""

STATES = {1: "ready", 5: "ready", 2: "playing", 3: "won", 4: "lost"}  # ms-toollib's numbers


class Oracle:
    """ms-toollib in its subprocess: one game a line in, its figures a line out."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", ORACLE],
            cwd=NO_LITTER,  # ms-toollib writes crash.log where it runs when it panics
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.ready = self.proc.stdout.readline().strip() == "ready"

    def game(self, layout: list[str], events: list[tuple[str, int, int]]) -> dict:
        self.proc.stdin.write(json.dumps({"layout": layout, "events": events}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def oracle():
    o = Oracle()
    if not o.ready:
        o.close()
        pytest.skip("ms-toollib is not installed")
    yield o
    o.close()


def _video(layout: list[str], events: list[tuple[str, int, int]], step_ms: int = 10) -> Video:
    evs = [Event(i * step_ms, kind, x, y) for i, (kind, x, y) in enumerate(events)]
    return Video("evf", len(layout), len(layout[0]), 0, layout, evs)


def _as_row(c: Counters, state: str) -> list:
    return [c.left, c.right, c.double, c.lce, c.rce, c.dce, c.flags, c.bbbv_solved, state]


def _engine_board(layout: list[str], played) -> list[str]:
    """Our actions played by the engine on a fresh board, in ms-toollib's terms: mines shown
    after a loss are covered again, and after a win every mine counts as covered (the engine
    flags them all, ms-toollib leaves them as they were)."""
    game = Game.from_layout(layout)
    for a in played.actions:
        game.play(Move(MoveKind(a.kind), a.row, a.col))
    assert game.state.name.lower() == played.state or played.state in ("ready", "playing")
    return [
        "".join(
            "#" if ch == "*" or (played.state == "won" and layout[r][c] == "*") else ch
            for c, ch in enumerate(row)
        )
        for r, row in enumerate(game.view())
    ]


def _ms_board(layout: list[str], board: list[list[int]], won: bool) -> list[str]:
    chars = {10: "#", 11: "F", 14: "!", 15: "X", 0: "."}
    return [
        "".join(
            "#" if won and layout[r][c] == "*" else chars.get(v, str(v)) for c, v in enumerate(row)
        )
        for r, row in enumerate(board)
    ]


def check_against(oracle: Oracle, layout: list[str], events: list[tuple[str, int, int]]) -> None:
    """Every event's counters and path as ms-toollib's, up to where it aborted if it did; at
    a game's end its figures; and the board, ours and the engine's from our actions."""
    theirs = oracle.game(layout, events)
    video = _video(layout, events)
    played = play(video)
    machine = Machine(layout)
    for i, (event, row) in enumerate(zip(video.events, theirs["per"], strict=False)):
        machine.step(event)
        mine = played.counters[i]
        assert machine.counters == mine
        want = row[:8] + [STATES[row[8]]]
        assert _as_row(mine, machine.state) == want, (i, event)
        assert math.isclose(mine.path, row[9], rel_tol=1e-9, abs_tol=1e-9), (i, event)
    end = theirs["end"]
    if end is None:
        return  # ms-toollib aborted: compared up to there
    assert machine.cell_codes() == end["board"]
    won = played.state == "won"
    assert _engine_board(layout, played) == _ms_board(layout, end["board"], won)
    if "ioe" in end:
        _check_end_figures(video, played, end)


def _check_end_figures(video: Video, played, end: dict) -> None:
    s = summary(video, played)
    at_end = played.counters[played.end_index]
    assert all(c is at_end for c in played.counters[played.end_index :])  # nothing after it
    pairs = {
        "left": "left",
        "right": "right",
        "double": "double",
        "lce": "lce",
        "rce": "rce",
        "dce": "dce",
        "ce": "ce",
        "bbbv_solved": "bbbv_solved",
        "flags": "flag",
        "bbbv": "bbbv",
        "clicks": "cl",
    }
    assert {k: s[k] for k in pairs} == {k: end[v] for k, v in pairs.items()}
    for ours, theirs in (("ioe", "ioe"), ("throughput", "thrp"), ("correctness", "corr")):
        # ms-toollib gives 0 where the divisor is 0; we give None
        assert math.isclose(s[ours] or 0.0, end[theirs], abs_tol=1e-12), ours
    assert math.isclose(s["path"], end["path"], rel_tol=1e-9, abs_tol=1e-9)
    assert s["won"] == (end["state"] == 3)


# ---- generated games ---------------------------------------------------------------------


@st.composite
def layouts(draw, most_rows: int = 6, most_cols: int = 6) -> list[str]:
    rows = draw(st.integers(1, most_rows))
    cols = draw(st.integers(2, most_cols))
    mines = draw(st.sets(st.integers(0, rows * cols - 1), max_size=rows * cols // 3))
    return [
        "".join("*" if r * cols + c in mines else "." for c in range(cols)) for r in range(rows)
    ]


def _off_points(layout: list[str]) -> list[tuple[int, int]]:
    """Points off the board: left of it, right of it, below it, beyond both corners."""
    w, h = len(layout[0]) * 16, len(layout) * 16
    return [(-1, 3), (3, -5), (w, 5), (w + 30, 2), (4, h), (w, h), (w + 40, h + 40)]


@st.composite
def sloppy_games(draw):
    """Buttons pressed and released at random anywhere, moves, pauses: whatever order."""
    layout = draw(layouts())
    w, h = len(layout[0]) * 16, len(layout) * 16
    on_board = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))
    point = st.one_of(on_board, on_board, on_board, st.sampled_from(_off_points(layout)))
    kinds = st.sampled_from(["lc", "lr", "rc", "rr", "mc", "mr", "mv", "mv", "pause", "resume"])
    events = []
    for kind, (x, y) in draw(st.lists(st.tuples(kinds, point), min_size=1, max_size=70)):
        if kind == "mr" and not (0 <= x < w and 0 <= y < h):
            x, y = 0, 0  # a middle release off the board aborts ms-toollib once playing
        events.append((kind, x, y))
    return layout, events


@st.composite
def gestures(draw):
    """Games as a player makes them, sloppily: clicks mostly on safe cells, flags mostly on
    mines, chords with both buttons in any order or the middle button, releases elsewhere or
    off the board, pre-flags (EVF's "pf") first; run to a win, a loss, or cut short."""
    layout = draw(layouts(7, 7))
    cols, n = len(layout[0]), len(layout) * len(layout[0])
    cells = [ch for row in layout for ch in row]
    safe = [i for i in range(n) if cells[i] == "."] or list(range(n))
    mines = [i for i in range(n) if cells[i] == "*"] or list(range(n))
    off = _off_points(layout)

    def at(i: int) -> tuple[int, int]:
        return (i % cols) * 16 + draw(st.integers(0, 15)), (i // cols) * 16 + draw(
            st.integers(0, 15)
        )

    def cell() -> int:
        return draw(st.one_of(st.sampled_from(safe), st.sampled_from(safe), st.integers(0, n - 1)))

    events = [("pf", *at(i)) for i in draw(st.sets(st.sampled_from(mines), max_size=2))]
    for what in draw(st.lists(st.integers(0, 9), min_size=1, max_size=45)):
        p = at(cell())
        if draw(st.booleans()):
            events.append(("mv", *p))
        if what <= 3:  # a left click, now and then released elsewhere
            q = draw(st.sampled_from([p, p, p, at(cell()), draw(st.sampled_from(off))]))
            events += [("lc", *p), ("mv", *q), ("lr", *q)]
        elif what <= 5:  # a right click: a flag, or one taken off, or on an open cell
            q = at(draw(st.one_of(st.sampled_from(mines), st.integers(0, n - 1))))
            events += [("rc", *q), ("rr", *q)]
        elif what <= 7:  # both buttons, either first, either up first
            first = draw(st.sampled_from([("lc", "rc"), ("rc", "lc")]))
            last = draw(st.sampled_from([("lr", "rr"), ("rr", "lr")]))
            q = draw(st.sampled_from([p, p, p, draw(st.sampled_from(off))]))
            events += [(first[0], *p), (first[1], *p), (last[0], *q), (last[1], *q)]
        elif what == 8:  # the middle button
            events += [("mc", *p), ("mr", *p)]
        else:
            events += [("pause", 0, 0), ("resume", 0, 0)]
    return layout, events


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(game=sloppy_games())
def test_sloppy_streams_count_as_ms_toollib(oracle, game):
    check_against(oracle, *game)


@SETTINGS
@given(game=gestures())
def test_played_games_count_as_ms_toollib(oracle, game):
    check_against(oracle, *game)


# ---- hand-written games ------------------------------------------------------------------

# "*.." / "..." / "...": the mine at the top-left; (0,1), (1,0) and (1,1) show 1, the other
# five cells are one opening. Every number touches the opening, so the 3BV is 1.
CORNER = ["*..", "...", "..."]


def _c(row: int, col: int) -> tuple[int, int]:
    """The middle of a cell, in board units."""
    return col * 16 + 8, row * 16 + 8


SLOPPY_WIN = [
    ("lc", *_c(1, 1)),
    ("lr", *_c(1, 1)),  # opens the 1 at (1,1): left 1, lce 1; the path starts here
    ("lc", *_c(1, 1)),
    ("lr", *_c(1, 1)),  # a left click on an open number: left 2, no ce
    ("mv", 100, 8),  # off the board: no path
    ("rc", *_c(0, 0)),  # flag on the mine: right 1, rce 1, flags 1; path +16*sqrt(2)
    ("rr", *_c(0, 0)),
    ("rc", *_c(0, 0)),  # flag off: right 2, flags 0
    ("rr", *_c(0, 0)),
    ("rc", *_c(0, 0)),  # flag on again: right 3, flags 1, but no ce: that mine was flagged
    ("rr", *_c(0, 0)),
    ("pause", 0, 0),
    ("resume", 0, 0),
    ("rc", *_c(1, 1)),  # a right press on an open cell: right 4; path +16*sqrt(2)
    ("lc", *_c(1, 1)),  # the left joins it: a chord on the way
    ("lr", *_c(1, 1)),  # chord: that right press taken back (right 3), double 1, dce 1; the
    # 1 has its flag, so its seven covered neighbours open: the opening solved (3BV 1 of 1), won
    ("rr", *_c(1, 1)),  # after the end: nothing
]


def test_a_sloppy_win_counts_as_derived():
    played = play(_video(CORNER, SLOPPY_WIN))
    assert (played.bbbv, played.state, played.end_index) == (1, "won", 15)
    c = played.counters[-1]
    assert _as_row(c, played.state) == [2, 3, 1, 1, 1, 1, 1, 1, "won"]
    assert math.isclose(c.path, 2 * 16 * math.sqrt(2))
    # clicks 2 + 3 + 1 = 6, ce 1 + 1 + 1 = 3: IOE 1/6, throughput 1/3, correctness 3/6
    assert (c.clicks, c.ce) == (6, 3)
    assert math.isclose(c.ioe, 1 / 6) and math.isclose(c.throughput, 1 / 3)
    assert c.correctness == 0.5
    kinds = [(a.kind, a.row, a.col, a.index) for a in played.actions]
    assert kinds == [
        ("open", 1, 1, 1),
        ("flag", 0, 0, 5),
        ("flag", 0, 0, 7),
        ("flag", 0, 0, 9),
        ("chord", 1, 1, 15),
    ]
    assert [a.t for a in played.actions] == [10, 50, 70, 90, 150]


# "..*" / "...": (0,0) and (1,0) are one opening; (0,1) and (1,1) touch it; (1,2) shows 1 with
# no 0 around it, a piece by itself. 3BV 2.
EDGE = ["..*", "..."]

PRE_FLAGS_THEN_A_LOSS = [
    ("pf", *_c(0, 2)),  # a pre-flag on the mine: right 1, rce 1, flags 1
    ("rc", *_c(0, 2)),  # the last pre-flag off: the count starts over (right 0, flags 0)...
    ("rr", *_c(0, 2)),  # ...but not the ce: rce stays 1
    ("rc", *_c(0, 2)),  # flagged again: right 1, flags 1, and rce 2 (the list of flagged
    ("rr", *_c(0, 2)),  # mines was started over too)
    ("lc", *_c(0, 0)),
    ("lr", -1, 8),  # released off the board before the first opening: left 1, nothing opens
    ("lc", *_c(1, 2)),
    ("lr", *_c(1, 2)),  # opens the lone 1: left 2, lce 1, 3BV solved 1
    ("mc", *_c(1, 1)),
    ("mr", *_c(1, 1)),  # the middle button on a covered cell: double 1, nothing
    ("rc", *_c(0, 2)),  # flag off: right 2, flags 0
    ("rr", *_c(0, 2)),
    ("mc", *_c(1, 2)),
    ("mr", *_c(1, 2)),  # a chord on the 1 without its flag: double 2, nothing
    ("lc", *_c(0, 2)),
    ("lr", *_c(0, 2)),  # opens the mine: left 3, no ce, lost
]


def test_pre_flags_and_a_loss_count_as_derived():
    played = play(_video(EDGE, PRE_FLAGS_THEN_A_LOSS))
    assert (played.bbbv, played.state, played.end_index) == (2, "lost", 16)
    c = played.counters[-1]
    assert _as_row(c, played.state) == [3, 2, 2, 1, 2, 0, 0, 1, "lost"]
    assert _as_row(played.counters[1], "ready") == [0, 0, 0, 0, 1, 0, 0, 0, "ready"]
    assert [a.kind for a in played.actions] == ["flag", "flag", "flag", "open", "flag", "open"]


# "..." / ".*." / "...": every cell around the mine shows 1 and touches no 0: 3BV 8.
RING = ["...", ".*.", "..."]

LOSING_CHORD = [
    ("lc", *_c(0, 0)),
    ("lr", *_c(0, 0)),  # opens (0,0): left 1, lce 1, 3BV solved 1
    ("rc", *_c(0, 1)),  # a flag on a safe cell: right 1, flags 1, no ce
    ("rr", *_c(0, 1)),
    ("lc", *_c(0, 0)),
    ("rc", *_c(0, 0)),  # both buttons: no right click counted
    ("rr", *_c(0, 0)),  # the chord, as the right comes up: double 1; (0,0)'s one flag is
    # there, so (1,0) and the mine (1,1) open: lost, and still dce 1 and 3BV solved 2 (the 1
    # at (1,0) is a piece by itself)
    ("lr", *_c(0, 0)),  # after the end: nothing
]


def test_a_losing_chord_counts_as_derived():
    played = play(_video(RING, LOSING_CHORD))
    assert (played.bbbv, played.state, played.end_index) == (8, "lost", 6)
    assert _as_row(played.counters[-1], "lost") == [1, 1, 1, 1, 0, 1, 1, 2, "lost"]
    machine = Machine(RING)
    for e in _video(RING, LOSING_CHORD).events:
        machine.step(e)
    assert machine.view() == ["1!#", "1X#", "###"]


# ".*." over four rows of "...": the two top corners show 1 beside the mine with no 0 around
# them (a piece each); the 1s of the second row touch the opening below them. 3BV 1 + 2 = 3.
TOP_MINE = [".*.", "...", "...", "...", "..."]

FLAG_IN_AN_OPENING = [
    ("pf", *_c(4, 2)),  # a pre-flag on a 0-cell of the opening: right 1, flags 1, no ce
    ("lc", *_c(1, 1)),
    ("lr", *_c(1, 1)),  # opens the 1 at (1,1): left 1, lce 1, nothing solved
    ("rc", *_c(0, 1)),  # the mine flagged: right 2, rce 1, flags 2
    ("rr", *_c(0, 1)),
    ("mc", *_c(1, 1)),
    ("mr", *_c(1, 1)),  # chord: double 1, dce 1. Its covered neighbours, in ms-toollib's
    # order: (0,0), (0,2), (1,0), (1,2), (2,0), (2,1), (2,2); the two corners are solved
    # (2). For the opening it searches from (2,0) for a flag: (2,0), then (3,1), then
    # (4,2), the flag, so no; again from (2,1): (2,1), (3,2), (4,2), no; again from (2,2),
    # whose 0-neighbours are all marked from the searches before, so no flag is met: solved
    # (3 of 3), though (4,2) is still covered under its flag.
    ("rc", *_c(4, 2)),  # flag off: right 3, flags 1
    ("rr", *_c(4, 2)),
    ("lc", *_c(4, 2)),
    ("lr", *_c(4, 2)),  # opens (4,2), a 0 of an opening with no flag now: solved again (4
    # of 3), left 2, lce 2; every safe cell is open: won
]


def test_a_flag_on_an_opening_and_ms_toollibs_search():
    played = play(_video(TOP_MINE, FLAG_IN_AN_OPENING))
    assert (played.bbbv, played.state) == (3, "won")
    assert _as_row(played.counters[6], "playing") == [1, 2, 1, 1, 1, 1, 2, 3, "playing"]
    assert _as_row(played.counters[-1], "won") == [2, 3, 1, 2, 1, 1, 1, 4, "won"]


@pytest.mark.parametrize(
    "layout, events",
    [
        (CORNER, SLOPPY_WIN),
        (EDGE, PRE_FLAGS_THEN_A_LOSS),
        (RING, LOSING_CHORD),
        (TOP_MINE, FLAG_IN_AN_OPENING),
    ],
    ids=["sloppy win", "pre-flags", "losing chord", "flag in an opening"],
)
def test_the_hand_written_games_are_ms_toollibs_too(oracle, layout, events):
    check_against(oracle, layout, events)


def test_the_summary_is_the_end_of_the_game():
    video = _video(CORNER, SLOPPY_WIN + [("lc", *_c(2, 2)), ("lr", *_c(2, 2))])
    s = summary(video, play(video))
    assert set(s) == {
        "bbbv", "bbbv_solved", "left", "right", "double", "lce", "rce", "dce", "ce", "clicks",
        "flags", "path", "ioe", "throughput", "correctness", "time_ms", "won",
    }  # fmt: skip
    assert (s["bbbv"], s["bbbv_solved"], s["left"], s["right"], s["double"]) == (1, 1, 2, 3, 1)
    assert (s["ce"], s["clicks"], s["flags"], s["won"]) == (3, 6, 1, True)
    # from the first opening (event 1, 10 ms) to the winning chord (event 15, 150 ms)
    assert s["time_ms"] == 140
    video.time_ms = 2024  # the file's own time is the one shown
    assert summary(video, play(video))["time_ms"] == 2024


def test_a_video_with_no_event_or_no_opening():
    empty = play(_video(CORNER, []))
    assert (empty.counters, empty.actions, empty.state, empty.end_index) == ([], [], "ready", -1)
    s = summary(_video(CORNER, []), empty)
    assert (s["clicks"], s["ioe"], s["time_ms"], s["won"]) == (0, None, 0, False)
    cut = play(_video(CORNER, [("rc", *_c(0, 0)), ("mv", 3, 3)]))
    assert (cut.state, cut.end_index, cut.counters[-1].right) == ("ready", 1, 1)
    assert summary(_video(CORNER, []), cut)["time_ms"] == 0


def test_pauses_change_nothing_but_take_their_place():
    machine = Machine(CORNER)
    machine.step(Event(0, "lc", *_c(1, 1)))
    before = machine.counters
    assert machine.step(Event(5, "pause", 0, 0)) == [] and machine.counters is before
    assert machine.step(Event(5, "resume", 0, 0)) == []
    (opened,) = machine.step(Event(9, "lr", *_c(1, 1)))
    assert (opened.index, opened.t, opened.kind) == (3, 9, "open")


def test_points_off_the_board_on_any_side_are_off_the_board():
    for x, y in [(-1, 8), (8, -1), (48, 8), (8, 48), (-100, -100)]:
        machine = Machine(CORNER)
        machine.step(Event(0, "lc", *_c(1, 1)))
        machine.step(Event(1, "lr", *_c(1, 1)))
        assert machine.step(Event(2, "lc", *_c(2, 2))) == []
        assert machine.step(Event(3, "lr", x, y)) == []  # a left click, on nothing
        assert (machine.counters.left, machine.counters.lce) == (2, 1)
        assert machine.counters.path == pytest.approx(16 * math.sqrt(2))  # off adds nothing


def test_ratios_are_none_without_a_divisor():
    assert (Counters().ioe, Counters().throughput, Counters().correctness) == (None, None, None)
    c = Counters(left=4, lce=2, bbbv_solved=3)
    assert (c.ioe, c.throughput, c.correctness) == (0.75, 1.5, 0.5)


def test_a_layout_must_be_a_rectangle():
    for bad in ([], [""], ["..", "."]):
        with pytest.raises(ValueError):
            Machine(bad)
