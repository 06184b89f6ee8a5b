"""The command line's videos: `--video-info FILE [--json]`, `--export-evf REPLAY OUT`, and
`--replay`/`--analyse` of a video from elsewhere (EVF, AVF, RMV, MVF).

A file from outside is read in a worker process (game/worker.py): whatever it holds, the
reading cannot stop the program, and a reader that dies is one line and exit status 1. Each
answer is printed, or one line says why there is none.
"""

from __future__ import annotations

import json
import os
import stat
from functools import partial

from .i18n import _
from .store.history import to_stderr
from .store.replays import Replay
from .videos.model import OURS, Video, VideoError

EXIT_FILE = 2  # a file that cannot be read or written: as a bad replay (README, exit statuses)
EXIT_READER_DIED = 2  # the worker reading it died under it: it could not be read


def is_ours(path: str) -> bool:
    """Whether a file is to be read as one of our replays (as ever) rather than as a video from
    elsewhere: unless its first bytes are one of the community's formats, or its name ends as
    theirs do. A file that cannot be opened is ours to refuse with the replay's own words."""
    from .videos.files import community_format

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return True  # a folder, a FIFO, a device: refused as a replay is, never opened
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            head = f.read(64)
    except (OSError, ValueError):  # ValueError: a name with a NUL in it
        return True
    return community_format(path, head) is None


def _elsewhere(fn, *args):
    """`fn(*args)` in a worker process; (answer, None) or (None, exit status) with the line
    said."""
    from .worker import WorkerDied, elsewhere

    try:
        return elsewhere(fn, *args), None
    except (VideoError, ValueError) as e:
        to_stderr(_one_line(str(e)))
        return None, EXIT_FILE
    except WorkerDied:
        to_stderr(stopped_reading(args[0]))
        return None, EXIT_READER_DIED


def stopped_reading(path: str) -> str:
    """Why a file has no answer when the process reading it was ended under it (the system
    ran out of memory, something killed it): the player may try again."""
    # Translators: file is a replay's or video's name.
    return _("%(file)s could not be read: the process reading it was stopped; try again") % {
        "file": path
    }


def _one_line(text: str) -> str:
    return " ".join(text.split())


def video_info(path: str, as_json: bool) -> int:
    """--video-info: the figures of any replay or video, as one JSON object or as lines."""
    from .videos.files import video_info as info_of

    info, status = _elsewhere(info_of, path)
    if status is not None:
        return status
    if as_json:
        print(json.dumps(info, ensure_ascii=False))
        return 0
    for key, value in info.items():  # as the JSON writes them: for scripts as for people
        print(f"{key}: {value if isinstance(value, str) else json.dumps(value)}")
    return 0


def export_evf(replay: str, out: str, replace: bool = False) -> int:
    """--export-evf REPLAY OUT [--force]: one of our finished games written as EVF (a file
    that is there already is kept, as --export-stats keeps its own, unless --force)."""
    from .videos.files import export_evf as export

    written, status = _elsewhere(partial(export, replace=replace), replay, out)
    if status is not None:
        return status
    # Translators: said when a game was written as an EVF video; file is where.
    print(_("written %(file)s") % {"file": written})
    return 0


def replay_of_video(path: str) -> tuple[Replay | None, tuple | None, int | None]:
    """A video from elsewhere for --replay/--analyse: (a Replay holding its moves as journal
    lines, for the analysis and the terminal), (the Video and its counters, for the window),
    or an exit status with its line said."""
    from .videos.files import load_for_watching

    loaded, status = _elsewhere(load_for_watching, path)
    if status is not None:
        return None, None, status
    video, played = loaded
    return as_replay(video, played), loaded, None


def as_replay(video: Video, played) -> Replay:
    """A video's board and moves as one of our replays (no clicks of ours: its journal lines
    are its moves), for the analysis and the terminal's print."""
    from .engine import SafeZone
    from .engine.walk import Walk
    from .videos.files import journal_lines

    lines = journal_lines(video, played)
    replay = Replay(
        video.rows,
        video.cols,
        video.mines,
        None,
        SafeZone.CELL,  # laid already: the rule of a first click changes nothing
        False,
        None,
        video.layout,
        [],
        played_at=video.played_at[:40],
        source=video.format if video.format != OURS else "window",
        version=3,
        events=lines,
    )
    walk = Walk(video.layout, lines)
    for _turn in walk:
        pass
    replay.moves = list(walk.game.moves)
    if video.won is not None:
        state = "won" if video.won else "lost"
        replay.result = {"state": state, "time_ms": video.time_ms or 0, "bbbv": played.bbbv}
        replay.result |= {"deaths": 0, "assisted": False}
    replay.elapsed_ms = video.time_ms or 0
    return replay
