"""The AVF, RMV and MVF readers (game/videos/avf.py, rmv.py, mvf.py) against ms-toollib 1.5.20's
readers of the same files, and under damage.

The files are written here (tests/videos/community_writers.py) from games played on seeded
boards: Beginner won by opening every safe cell, Intermediate lost, Expert with flags and both
kinds of chord, and each format's own turns (Arbiter's 8x8, a header time the events run past;
RMV 2's square size, short moves, flags before the start; Clone's pointer off the board).
ms-toollib aborts the whole process on a file it cannot take, so it reads them in a
subprocess, all at once, and prints what it found as JSON.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.videos.avf import looks_like_avf, read_avf
from game.videos.model import UNIT, Video, VideoError
from game.videos.mvf import looks_like_mvf, read_mvf
from game.videos.rmv import looks_like_rmv, read_rmv
from tests.videos.community_writers import write_avf, write_mvf, write_rmv

NO_LITTER = tempfile.gettempdir()  # where ms-toollib's subprocesses run
READERS = {"avf": read_avf, "rmv": read_rmv, "mvf": read_mvf}
SNIFFERS = {"avf": looks_like_avf, "rmv": looks_like_rmv, "mvf": looks_like_mvf}
HAVE_TOOLLIB = importlib.util.find_spec("ms_toollib") is not None
STEP_MS = 40  # between one event and the next in the games played here: whole hundredths

ORACLE = r"""
import json, sys
import ms_toollib
out = []
for item in json.load(sys.stdin):
    v = getattr(ms_toollib, item["cls"])(item["name"], list(bytes.fromhex(item["hex"])))
    v.parse()
    v.analyse()
    events = []
    for e in v.events:
        if e.event.is_mouse():
            m = e.event.unwrap_mouse()
            events.append([e.time, m.mouse, m.x, m.y])
    out.append({
        "rows": v.row, "cols": v.column, "mines": v.mine_num, "board": v.board,
        "rtime": v.rtime, "completed": v.is_completed, "player": v.player_identifier,
        "software": v.software, "events": events,
    })
print(json.dumps(out))
"""
CLASSES = {"avf": "AvfVideo", "rmv": "RmvVideo", "mvf": "MvfVideo"}


# ---- games played on seeded boards -------------------------------------------------------


@dataclass
class Play:
    """A game's events in a file's pixels (`square` a cell), 40 ms apart."""

    layout: list[str]
    square: int = UNIT
    t: int = 0
    events: list = field(default_factory=list)
    opened: set = field(default_factory=set)

    def at(self, kind: str, row: int, col: int) -> None:
        half = self.square // 2
        self.events.append((self.t, kind, col * self.square + half, row * self.square + half))
        self.t += STEP_MS

    def click(self, row: int, col: int) -> None:
        self.at("mv", row, col)
        self.at("lc", row, col)
        self.at("lr", row, col)
        self.open(row, col)

    def flag(self, row: int, col: int) -> None:
        self.at("rc", row, col)
        self.at("rr", row, col)

    def chord(self, row: int, col: int, both: bool) -> None:
        kinds = ("lc", "rc", "lr", "rr") if both else ("mc", "mr")
        for kind in kinds:
            self.at(kind, row, col)
        for r, c in self.near(row, col):
            if self.layout[r][c] != "*":
                self.open(r, c)

    def near(self, row: int, col: int):
        rows, cols = len(self.layout), len(self.layout[0])
        return [
            (r, c)
            for r in range(max(0, row - 1), min(rows, row + 2))
            for c in range(max(0, col - 1), min(cols, col + 2))
        ]

    def number(self, row: int, col: int) -> int:
        return sum(self.layout[r][c] == "*" for r, c in self.near(row, col))

    def open(self, row: int, col: int) -> None:
        todo = [(row, col)]
        while todo:
            cell = todo.pop()
            if cell in self.opened:
                continue
            self.opened.add(cell)
            if self.number(*cell) == 0:
                todo.extend(n for n in self.near(*cell) if n not in self.opened)

    def safe_cells(self):
        return [
            (r, c) for r, line in enumerate(self.layout) for c, ch in enumerate(line) if ch == "."
        ]


def board(rows: int, cols: int, mines: int, seed: int) -> list[str]:
    """A seeded board whose centre cell is safe and opens a region."""
    rng = random.Random(seed)
    centre = (rows // 2, cols // 2)
    keep = {(centre[0] + dr, centre[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in keep]
    laid = set(rng.sample(cells, mines))
    return ["".join("*" if (r, c) in laid else "." for c in range(cols)) for r in range(rows)]


def won_game(layout: list[str], square: int = UNIT) -> Play:
    play = Play(layout, square)
    play.click(len(layout) // 2, len(layout[0]) // 2)
    for cell in play.safe_cells():
        if cell not in play.opened:
            play.click(*cell)
    return play


def lost_game(layout: list[str]) -> Play:
    play = Play(layout)
    play.click(len(layout) // 2, len(layout[0]) // 2)
    play.click(*next(c for c in play.safe_cells() if c not in play.opened))
    row, col = next(
        (r, c) for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*"
    )
    play.click(row, col)
    return play


def chords_game(layout: list[str]) -> Play:
    """Flags and chords, both-button and middle, round numbers by the opening; not won."""
    play = Play(layout)
    play.click(len(layout) // 2, len(layout[0]) // 2)
    numbers = sorted(c for c in play.opened if play.number(*c) > 0)
    for i, (row, col) in enumerate(numbers[:4]):
        for r, c in play.near(row, col):
            if layout[r][c] == "*":
                play.flag(r, c)
        play.chord(row, col, both=i % 2 == 0)
    return play


BEGINNER = board(9, 9, 10, seed=1)
INTERMEDIATE = board(16, 16, 40, seed=2)
EXPERT = board(16, 30, 99, seed=3)
SMALL = board(8, 8, 10, seed=4)


def cases() -> list[tuple[str, str, bytes, dict]]:
    """(format, name, file, what the game was) for every file the tests read."""
    won, lost, chords = won_game(BEGINNER), lost_game(INTERMEDIATE), chords_game(EXPERT)
    out = []
    for fmt in READERS:
        out.append((fmt, f"beginner-won.{fmt}", _write(fmt, won, True), {"won": True}))
        out.append((fmt, f"intermediate-lost.{fmt}", _write(fmt, lost, False), {"won": False}))
        out.append((fmt, f"expert-chords.{fmt}", _write(fmt, chords, False), {"won": False}))
    small = won_game(SMALL)
    out.append(
        ("avf", "small-won.avf", write_avf(SMALL, small.events[1:], player="Jänis"), {"won": True})
    )
    late = write_avf(BEGINNER, won.events[1:], header_time_ms=won.events[-1][0] // 2)
    out.append(("avf", "header-short.avf", late, {"won": True}))
    big = won_game(BEGINNER, square=24)
    events = big.events + [(big.t + i * 20, "mv", 100 + 3 * i, 90 - 2 * i) for i in range(6)]
    two = write_rmv(
        BEGINNER,
        events,
        version=2,
        square=24,
        relative=True,
        preflags=(_first_mine(BEGINNER)[::-1],),
        clone_id=0,
        clone_name="Test Clone",
        player="Łukasz",
    )
    out.append(("rmv", "version2.rmv", two, {"won": True, "square": 24}))
    off = (
        lost.events[:3] + [(lost.t, "mv", 300, 20), (lost.t + 40, "mv", 20, 300)] + lost.events[3:]
    )
    off = [(t if i < 3 else t + 80, k, x, y) for i, (t, k, x, y) in enumerate(off)]
    out.append(("rmv", "off-board.rmv", write_rmv(INTERMEDIATE, off, won=False), {"won": False}))
    out.append(
        ("mvf", "off-board.mvf", write_mvf(INTERMEDIATE, off, bbbv=9, solved=2), {"won": False})
    )
    return out


def _first_mine(layout: list[str]) -> tuple[int, int]:
    return next((r, c) for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*")


def _write(fmt: str, play: Play, won: bool) -> bytes:
    if fmt == "avf":
        return write_avf(play.layout, play.events[1:], player="Arbiter Tester")
    if fmt == "rmv":
        return write_rmv(play.layout, play.events, won=won, player="Vienna Tester")
    solved = 30 if won else 12
    return write_mvf(play.layout, play.events, bbbv=30, solved=solved, player="Clone Tester")


CASES = cases()


@pytest.fixture(scope="module")
def oracle() -> dict:
    """What ms-toollib reads of every case, by name."""
    if not HAVE_TOOLLIB:
        pytest.skip("ms-toollib is not installed")
    items = [{"cls": CLASSES[f], "name": n, "hex": d.hex()} for f, n, d, _ in CASES]
    done = subprocess.run(
        [sys.executable, "-c", ORACLE],
        cwd=NO_LITTER,  # ms-toollib writes crash.log where it runs when it panics
        input=json.dumps(items),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return {n: found for (_, n, _, _), found in zip(CASES, json.loads(done.stdout), strict=True)}


# ---- against ms-toollib ----------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "name", "data", "game"), CASES, ids=[c[1] for c in CASES])
def test_the_reader_reads_what_ms_toollib_reads(oracle, fmt, name, data, game):
    theirs, ours = oracle[name], READERS[fmt](data, name)
    assert (ours.rows, ours.cols, ours.mines) == (theirs["rows"], theirs["cols"], theirs["mines"])
    assert ours.layout == ["".join("*" if n == -1 else "." for n in row) for row in theirs["board"]]
    assert theirs["completed"] == game["won"]  # the file is the game it was meant to be
    assert ours.won == (None if fmt == "avf" else game["won"])
    assert ours.player == theirs["player"]
    assert theirs["software"] in ours.software
    assert abs(ours.time_ms - theirs["rtime"] * 1000) <= 10
    assert [e.kind for e in ours.events] == [e[1] for e in theirs["events"]]
    square = game.get("square", UNIT)
    assert [(e.x, e.y) for e in ours.events] == [
        (x * UNIT // square, y * UNIT // square) for _, _, x, y in theirs["events"]
    ]
    shift = _clock_start(theirs["events"]) if fmt == "mvf" else 0
    times = [round(t * 1000) - shift for t, _, _, _ in theirs["events"]]
    assert [e.t for e in ours.events] == times


def _clock_start(events: list) -> int:
    """Clone's clock starts at the first left release (ms), as ms-toollib takes its time."""
    return next((round(t * 1000) for t, kind, _, _ in events if kind == "lr"), 0)


@pytest.mark.parametrize(("fmt", "name", "data", "game"), CASES, ids=[c[1] for c in CASES])
def test_each_file_is_known_by_its_own_sniffer_only(fmt, name, data, game):
    assert SNIFFERS[fmt](data[:512])
    assert [other for other, sniff in SNIFFERS.items() if sniff(data[:512])] == [fmt]


def test_the_games_keep_their_events_times_and_texts():
    """Without ms-toollib: what the writers were given comes back."""
    play = won_game(BEGINNER)
    avf = read_avf(write_avf(BEGINNER, play.events[1:], player="Jänis"), "x.avf")
    assert [(e.t, e.kind, e.x, e.y) for e in avf.events] == play.events[1:]
    assert (avf.player, avf.time_ms, avf.played_at) == (
        "Jänis",
        play.events[-1][0],
        "2022-10-26T23:13:27",
    )
    rmv = read_rmv(write_rmv(BEGINNER, play.events[1:], player="Łukasz", country="PL"), "x.rmv")
    # the file leaves out the first press: it is put back at the first release's time
    assert (rmv.events[0].t, rmv.events[0].kind) == (play.events[2][0], "lc")
    assert [(e.t, e.kind, e.x, e.y) for e in rmv.events[1:]] == play.events[2:]
    assert (rmv.player, rmv.extra["country"], rmv.won) == ("Łukasz", "PL", True)
    mvf = read_mvf(write_mvf(BEGINNER, play.events, bbbv=5, solved=5), "x.mvf")
    assert [e.kind for e in mvf.events if e.kind != "mv"] == [
        k for _, k, _, _ in play.events if k != "mv"
    ]
    assert mvf.time_ms == play.events[-1][0] - play.events[2][0]  # from the first release


# ---- refusals -----------------------------------------------------------------------------


def test_a_board_larger_than_the_game_plays_is_refused_by_name():
    wide = ["." * 201] * 3
    for fmt, data in (
        ("avf", write_avf(wide, [(0, "lc", 8, 8), (40, "lr", 8, 8)])),
        ("rmv", write_rmv(wide, [(0, "lc", 8, 8), (40, "lr", 8, 8)])),
        ("mvf", write_mvf(wide, [(0, "lc", 8, 8), (40, "lr", 8, 8)])),
    ):
        with pytest.raises(VideoError, match=r"^big\.\w+: the board is 201 by 3 cells") as caught:
            READERS[fmt](data, f"big.{fmt}")
        assert "\n" not in str(caught.value)


def test_other_versions_of_clones_format_are_refused_by_name():
    data = bytearray(write_mvf(BEGINNER, won_game(BEGINNER).events))
    data[27] = ord("7")
    with pytest.raises(VideoError, match="version 7"):
        read_mvf(bytes(data), "new.mvf")


def test_files_of_another_kind_are_not_taken():
    rmv = write_rmv(BEGINNER, won_game(BEGINNER).events)
    with pytest.raises(VideoError, match="not a video in the MVF format"):
        read_mvf(rmv, "x.mvf")
    with pytest.raises(VideoError, match="not a video in the RMV format"):
        read_rmv(b"*rmX" + rmv[4:], "x.rmv")
    with pytest.raises(VideoError, match="^x.avf: "):
        read_avf(rmv, "x.avf")


# ---- damage -------------------------------------------------------------------------------

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAMPLES = {fmt: [c[2] for c in CASES if c[0] == fmt][:2] for fmt in READERS}


def _read_or_refuse(fmt: str, data: bytes) -> None:
    try:
        video = READERS[fmt](data, f"fuzz.{fmt}")
    except VideoError as error:
        message = str(error)
        assert message.startswith(f"fuzz.{fmt}: ") and "\n" not in message
    else:
        assert isinstance(video, Video) and video.events
        assert len(video.layout) == video.rows and all(len(r) == video.cols for r in video.layout)


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(data=st.data())
def test_a_cut_short_file_is_read_or_refused(fmt, data):
    sample = data.draw(st.sampled_from(SAMPLES[fmt]))
    _read_or_refuse(fmt, sample[: data.draw(st.integers(0, len(sample)))])


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(data=st.data())
def test_a_file_with_bytes_changed_is_read_or_refused(fmt, data):
    sample = bytearray(data.draw(st.sampled_from(SAMPLES[fmt])))
    for _ in range(data.draw(st.integers(1, 6))):
        sample[data.draw(st.integers(0, len(sample) - 1))] ^= data.draw(st.integers(1, 255))
    _read_or_refuse(fmt, bytes(sample))


@pytest.mark.parametrize("fmt", list(READERS))
@FUZZ
@given(tail=st.binary(max_size=600), keep=st.integers(2, 120))
def test_random_bytes_after_a_real_start_are_read_or_refused(fmt, tail, keep):
    _read_or_refuse(fmt, SAMPLES[fmt][0][:keep] + tail)
