"""EVF (game/videos/evf.py): what we write we read back unchanged; ms-toollib 1.5.20, the
community's reader, reads what we write as we meant it; we read what ms-toollib writes as it
reads it; damaged files raise VideoError, quickly. ms-toollib aborts its whole process on a
bad file, so it is only ever run in a subprocess here (tests/videos: RULES of issue 40)."""

from __future__ import annotations

import base64
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.videos.evf import looks_like_evf, read_evf, three_bv, write_evf
from game.videos.model import EVF, PAUSE, RESUME, UNIT, Event, Video, VideoError

NO_LITTER = tempfile.gettempdir()  # where ms-toollib's subprocesses run


def _has_toollib() -> bool:
    probe = [sys.executable, "-c", "import ms_toollib"]
    return subprocess.run(probe, capture_output=True, timeout=60, cwd=NO_LITTER).returncode == 0


needs_toollib = pytest.mark.skipif(not _has_toollib(), reason="ms-toollib is not installed")


# ---- videos to write --------------------------------------------------------------------


def _layout(rows: int, cols: int, mines: set[tuple[int, int]]) -> list[str]:
    return ["".join("*" if (r, c) in mines else "." for c in range(cols)) for r in range(rows)]


def _numbers(layout: list[str]) -> list[list[int]]:
    """The board as ms-toollib gives it: -1 a mine, else the mines around."""
    rows, cols = len(layout), len(layout[0])

    def count(r: int, c: int) -> int:
        return sum(
            layout[rr][cc] == "*"
            for rr in range(max(0, r - 1), min(rows, r + 2))
            for cc in range(max(0, c - 1), min(cols, c + 2))
        )

    return [[-1 if layout[r][c] == "*" else count(r, c) for c in range(cols)] for r in range(rows)]


def _centre(row: int, col: int) -> tuple[int, int]:
    return col * UNIT + UNIT // 2, row * UNIT + UNIT // 2


class _Script:
    """Builds a game's events: clicks on cells and moves between them, on a clock that the
    test sets going at the first opening (t = 0 there, as EVF counts)."""

    def __init__(self, start_ms: int) -> None:
        self.t = -start_ms
        self.events: list[Event] = []
        self.x, self.y = _centre(0, 0)

    def wait(self, ms: int) -> None:
        self.t += ms

    def move_to(self, row: int, col: int, steps: int = 4, gap: int = 12) -> None:
        x, y = _centre(row, col)
        for i in range(1, steps + 1):
            self.wait(gap)
            px = self.x + (x - self.x) * i // steps
            py = self.y + (y - self.y) * i // steps
            self.events.append(Event(self.t, "mv", px, py))
        self.x, self.y = x, y

    def click(self, button: str, row: int, col: int, hold: int = 60) -> None:
        self.move_to(row, col)
        self.wait(30)
        self.events.append(Event(self.t, button + "c", self.x, self.y))
        self.wait(hold)
        self.events.append(Event(self.t, button + "r", self.x, self.y))


def _video(rows, cols, mines, events, time_ms, won, **more) -> Video:
    layout = _layout(rows, cols, mines)
    return Video(
        format=EVF,
        rows=rows,
        cols=cols,
        mines=len(mines),
        layout=layout,
        events=events,
        player=more.pop("player", "Tester"),
        time_ms=time_ms,
        won=won,
        **more,
    )


def _small_game() -> tuple[Video, int, int]:
    """8x8, 6 mines: 2 flags placed before the game, then 4 left clicks that each open one
    numbered cell, then 1 more flag. Returns it with its left and right clicks."""
    mines = {(0, 0), (0, 7), (3, 3), (5, 1), (7, 4), (7, 7)}
    opens = [(1, 1), (2, 3), (4, 2), (6, 4)]  # each a number: opens that cell alone
    s = _Script(start_ms=400)
    s.click("r", 0, 0)
    s.click("r", 3, 3)
    # The clock starts at the first left release: t = 0 falls on it.
    s.move_to(*opens[0])
    s.wait(30)
    s.t = -60
    s.events.append(Event(s.t, "lc", s.x, s.y))
    s.t = 0
    s.events.append(Event(0, "lr", s.x, s.y))
    for cell in opens[1:]:
        s.click("l", *cell)
    s.click("r", 7, 7)
    video = _video(8, 8, mines, s.events, s.t, False, played_at="2026-11-30T12:40:00")
    return video, len(opens), 3


def _expert_game(seed: int, lose: bool) -> Video:
    """16x30 with 99 mines: opens numbered cells and flags mines, with gaps long enough to need
    EVF's pause records (over 255 ms, one over 65.5 s); a lost one ends on a mine."""
    rng = random.Random(seed)
    spots = [(r, c) for r in range(16) for c in range(30)]
    mines = set(rng.sample(spots, 99))
    numbers = _numbers(_layout(16, 30, mines))
    numbered = [(r, c) for r, c in spots if numbers[r][c] > 0]
    s = _Script(start_ms=200)
    first = numbered[0]
    s.move_to(*first)
    s.t = -40
    s.events.append(Event(s.t, "lc", s.x, s.y))
    s.t = 0
    s.events.append(Event(0, "lr", s.x, s.y))
    for i, cell in enumerate(rng.sample(numbered[1:], 25)):
        s.wait(70_000 if i == 7 else rng.choice([0, 5, 250, 256, 900, 3000]))
        s.click("l", *cell)
    for cell in rng.sample(sorted(mines), 12):
        s.click("r", *cell, hold=rng.randint(0, 400))
    if lose:
        s.click("l", *sorted(mines)[0])
    return _video(16, 30, mines, s.events, s.t, False if lose else None)


def _path_game() -> Video:
    """A long pointer path: 6,000 moves over a 9x9 board, gaps of 0 to 300 ms."""
    rng = random.Random(7)
    mines = {(4, 4), (0, 8)}
    events = [Event(-30, "lc", 8, 8), Event(0, "lr", 8, 8)]
    t, x, y = 0, 8, 8
    for _ in range(6000):
        t += rng.choice([0, 1, 8, 16, 300])
        x = min(9 * UNIT - 1, max(0, x + rng.randint(-9, 9)))
        y = min(9 * UNIT - 1, max(0, y + rng.randint(-9, 9)))
        events.append(Event(t, "mv", x, y))
    return _video(9, 9, mines, events, t, False)


def _all_videos() -> list[Video]:
    return [
        _small_game()[0],
        _expert_game(1, lose=False),
        _expert_game(2, lose=True),
        _path_game(),
    ]


# ---- 1. round trip ------------------------------------------------------------------------


@pytest.mark.parametrize("video", _all_videos(), ids=["8x8", "expert", "lost", "path"])
def test_what_we_write_we_read_back(video: Video) -> None:
    data = write_evf(video)
    back = read_evf(data, "game.evf")
    assert (back.rows, back.cols, back.mines) == (video.rows, video.cols, video.mines)
    assert back.layout == video.layout
    assert back.time_ms == video.time_ms
    assert back.won is bool(video.won)  # EVF says "completed" or not: no "not said"
    assert back.version == "4" and back.format == EVF
    assert back.player == video.player
    assert back.software.startswith("Pixel Mines ")
    assert back.played_at == video.played_at
    assert back.events == video.events
    assert looks_like_evf(data[:16])


def test_the_header_takes_the_summary_and_counts_3bv_without_one() -> None:
    video, _, _ = _small_game()
    bbbv = three_bv(video.layout)
    assert bbbv == _count_3bv_slowly(video.layout)
    plain = read_evf(write_evf(video), "a.evf")
    given_one = read_evf(write_evf(video, summary={"bbbv": 77, "rce": 0}), "b.evf")
    assert plain.extra["bbbv"] == bbbv and given_one.extra["bbbv"] == 77
    assert plain.extra["nf"] is False and given_one.extra["nf"] is True
    assert plain.extra["official"] is False and plain.extra["fair"] is False


def _count_3bv_slowly(layout: list[str]) -> int:
    """3BV by the clicks a perfect player makes: open a zero, flood it; then each number left."""
    numbers = _numbers(layout)
    rows, cols = len(layout), len(layout[0])
    opened: set[tuple[int, int]] = set()
    clicks = 0
    order = sorted((numbers[r][c] != 0, r, c) for r in range(rows) for c in range(cols))
    for _, r, c in order:
        if numbers[r][c] < 0 or (r, c) in opened:
            continue
        clicks += 1
        todo = [(r, c)]
        while todo:
            cr, cc = todo.pop()
            if (cr, cc) in opened:
                continue
            opened.add((cr, cc))
            if numbers[cr][cc] == 0:
                todo += [
                    (nr, nc)
                    for nr in range(max(0, cr - 1), min(rows, cr + 2))
                    for nc in range(max(0, cc - 1), min(cols, cc + 2))
                ]
    return clicks


def test_pauses_are_left_out_and_points_off_the_board_go_to_evf_s_one_place() -> None:
    video, _, _ = _small_game()
    off = [Event(video.events[3].t, "mv", -40, 20), Event(video.events[3].t, "mv", 500, -3)]
    extra = [Event(5, PAUSE, 0, 0), Event(5, RESUME, 0, 0)]
    video.events = video.events[:3] + off + video.events[3:] + extra
    back = read_evf(write_evf(video), "off.evf")
    kept = [e for e in video.events if e.kind not in (PAUSE, RESUME)]
    edge = (8 * UNIT, 8 * UNIT)
    assert [(e.x, e.y) for e in back.events[3:5]] == [edge, edge]
    assert back.events[:3] + back.events[5:] == kept[:3] + kept[5:]


def test_a_video_beginning_with_a_release_gets_a_move_first() -> None:
    video = _video(4, 4, {(0, 0)}, [Event(0, "lr", 40, 40), Event(90, "mv", 41, 40)], 90, True)
    back = read_evf(write_evf(video), "release.evf")
    assert [(e.kind, e.x, e.y) for e in back.events] == [
        ("mv", 40, 40),
        ("lr", 40, 40),
        ("mv", 41, 40),
    ]


# ---- 2. ms-toollib reads what we write --------------------------------------------------

_READ_OURS = """
import json, sys, ms_toollib as ms
data = sys.stdin.buffer.read()
v = ms.EvfVideo("ours.evf", list(data))
v.parse()
v.analyse()
start = v.video_start_time
v.current_time = 1e9  # the counters are counted up to the video's current time: its end
events = []
for e in v.events:
    if e.event.is_mouse():
        m = e.event.unwrap_mouse()
        events.append([round(e.time * 1000), m.mouse, m.x, m.y])
print(json.dumps({"board": v.board, "rtime": v.rtime, "rtime_ms": v.rtime_ms, "start": start,
    "left": v.left, "right": v.right, "path": v.path, "bbbv": v.bbbv, "mines": v.mine_num,
    "software": v.software, "player": v.player_identifier, "completed": v.is_completed,
    "events": events}))
"""


def _toollib_reads(data: bytes) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _READ_OURS], input=data, capture_output=True, timeout=120
    )
    assert done.returncode == 0, f"ms-toollib failed ({done.returncode}): {done.stderr[-800:]}"
    return json.loads(done.stdout)


@needs_toollib
def test_ms_toollib_reads_what_we_write() -> None:
    video, lefts, rights = _small_game()
    got = _toollib_reads(write_evf(video))
    shown = {key: value for key, value in got.items() if key != "events"}
    assert got["board"] == _numbers(video.layout), shown
    assert abs(got["rtime"] * 1000 - video.time_ms) <= 5, shown
    assert (got["left"], got["right"]) == (lefts, rights), shown
    assert got["path"] > 0, shown
    assert got["player"] == "Tester" and got["software"].startswith("Pixel Mines"), shown
    start = round(got["start"] * 1000)
    theirs = [(t + start, kind, x, y) for t, kind, x, y in got["events"]]
    assert theirs == [(e.t, e.kind, e.x, e.y) for e in video.events], shown


@needs_toollib
@pytest.mark.parametrize("lose", [False, True], ids=["expert", "lost"])
def test_ms_toollib_reads_a_long_game_we_write(lose: bool) -> None:
    video = _expert_game(3, lose)
    got = _toollib_reads(write_evf(video, summary={"bbbv": 120, "rce": 12}))
    shown = {key: value for key, value in got.items() if key != "events"}
    assert got["board"] == _numbers(video.layout), shown
    assert got["rtime_ms"] == video.time_ms, shown
    assert got["bbbv"] == 120 and got["mines"] == 99, shown
    start = round(got["start"] * 1000)
    assert [(t + start, k) for t, k, _, _ in got["events"]] == [
        (e.t, e.kind) for e in video.events
    ], shown


# ---- 3. we read what ms-toollib writes ------------------------------------------------

_WRITE_THEIRS = """
import base64, json, sys, time, ms_toollib as ms
job = json.loads(sys.stdin.read())
px = job["px"]
game = ms.BaseVideo(job["board"], px)
for kind, row, col in job["steps"]:
    game.step(kind, (int((row + 0.5) * px), int((col + 0.5) * px)))
    time.sleep(0.015)
game.player_identifier = "Them"
game.generate_evf_v4_raw_data()
data = bytes(game.raw_data)
v = ms.EvfVideo("theirs.evf", list(data))
v.parse()
v.analyse()
events = [[round(e.time * 1000), e.event.unwrap_mouse().mouse, e.event.unwrap_mouse().x,
           e.event.unwrap_mouse().y] for e in v.events if e.event.is_mouse()]
print(json.dumps({"data": base64.b64encode(data).decode(), "rtime": v.rtime,
    "state": game.game_board_state, "start": v.video_start_time, "events": events}))
"""


def _won_steps() -> tuple[list[list[int]], list]:
    """8x8: three mines shut (0, 0) in, so the game is won by an opening at (4, 4) and a click
    on (0, 0); a flag is placed on a mine first and a move made on the way."""
    mines = {(0, 1), (1, 0), (1, 1), (7, 7)}
    steps = [("mv", 3, 3), ("rc", 7, 7), ("rr", 7, 7), ("mv", 4, 4), ("lc", 4, 4)]
    steps += [("lr", 4, 4), ("mv", 2, 2), ("mv", 0, 0), ("lc", 0, 0), ("lr", 0, 0)]
    return _numbers(_layout(8, 8, mines)), steps


def _lost_steps() -> tuple[list[list[int]], list]:
    mines = {(0, 0), (0, 7), (3, 3), (5, 1), (7, 4), (7, 7)}
    steps = [("lc", 1, 1), ("lr", 1, 1), ("mv", 2, 2), ("rc", 3, 3), ("rr", 3, 3)]
    steps += [("lc", 2, 3), ("lr", 2, 3), ("mv", 5, 2), ("lc", 5, 1), ("lr", 5, 1)]
    return _numbers(_layout(8, 8, mines)), steps


@needs_toollib
@pytest.mark.parametrize("px", [16, 24])
@pytest.mark.parametrize("game", [_won_steps, _lost_steps], ids=["won", "lost"])
def test_we_read_what_ms_toollib_writes(px: int, game) -> None:
    board, steps = game()
    job = json.dumps({"board": board, "px": px, "steps": steps})
    done = subprocess.run(
        [sys.executable, "-c", _WRITE_THEIRS],
        cwd=NO_LITTER,  # ms-toollib writes crash.log where it runs when it panics
        input=job,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-800:]
    got = json.loads(done.stdout)
    shown = {key: value for key, value in got.items() if key != "data"}
    video = read_evf(base64.b64decode(got["data"]), "theirs.evf")
    assert _numbers(video.layout) == board, shown
    assert video.won is (game is _won_steps), shown
    assert abs(video.time_ms - got["rtime"] * 1000) <= 10, shown
    assert Counter(e.kind for e in video.events) == Counter(e[1] for e in got["events"]), shown
    start = round(got["start"] * 1000)
    theirs = [(t + start, k, x * UNIT // px, y * UNIT // px) for t, k, x, y in got["events"]]
    assert [(e.t, e.kind, e.x, e.y) for e in video.events] == theirs, shown
    assert video.player == "Them"


# ---- 4. damaged files ------------------------------------------------------------------

_SMALL = write_evf(_small_game()[0])


def _reads_or_refuses(data: bytes) -> None:
    try:
        video = read_evf(data, "fuzz.evf")
    except VideoError as error:
        message = str(error)
        assert message.startswith("fuzz.evf: ") and "\n" not in message
    else:
        assert len(video.layout) == video.rows and all(e.kind for e in video.events)


def test_every_truncation_is_refused_by_name() -> None:
    for end in range(len(_SMALL)):
        with pytest.raises(VideoError, match="^cut.evf: "):
            read_evf(_SMALL[:end], "cut.evf")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_SMALL) - 1), st.integers(1, 255)), max_size=6))
def test_flipped_bytes_read_or_refuse(flips: list[tuple[int, int]]) -> None:
    data = bytearray(_SMALL)
    for at, mask in flips:
        data[at] ^= mask
    _reads_or_refuses(bytes(data))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 4), st.binary(max_size=400))
def test_random_bytes_after_a_version_read_or_refuse(version: int, rest: bytes) -> None:
    _reads_or_refuses(bytes([version]) + rest)


@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=0, max_size=300))
def test_random_bytes_after_a_real_header_read_or_refuse(rest: bytes) -> None:
    _reads_or_refuses(_SMALL[:80] + rest)


def test_versions_past_4_and_huge_files_are_refused() -> None:
    with pytest.raises(VideoError, match="^new.evf: .*version 5"):
        read_evf(bytes([5]) + _SMALL[1:], "new.evf")
    with pytest.raises(VideoError, match="^big.evf: .*too big"):
        read_evf(bytes(64 * 1024 * 1024 + 1), "big.evf")
    assert not looks_like_evf(b"*rmv\x00\x01\x02\x03") and not looks_like_evf(b"\x04")
