"""Video files by name: which format a file is, read into a `Video` with its counters, its
figures as one JSON object (`--video-info`), its moves as journal lines for the analysis, and a
finished game of ours written as EVF under the name the community gives such files.

A file from elsewhere is data from outside: whoever asks runs these in a worker process
(game/worker.py), so that no file, however made, can stop the game. Errors a file can cause are
`VideoError`, one line naming the file.
"""

from __future__ import annotations

import math
from pathlib import Path

from ..i18n import _
from ..store.files import FileRefused, atomic_write, read_capped
from ..store.replays import GZIP_MAGIC, Replay, ReplayError, load_replay
from . import avf, evf, mvf, rmv
from .model import AVF, EVF, MVF, OURS, RMV, Video, VideoError
from .mouse import Played, play, summary
from .ours import video_of_replay
from .packed import pack

MAX_VIDEO_BYTES = 64 * 1024 * 1024  # as the largest journal (game/store/replays.py)
# Sniffed by their first bytes, then by their names' endings.
_READERS = {EVF: evf.read_evf, AVF: avf.read_avf, RMV: rmv.read_rmv, MVF: mvf.read_mvf}
_SNIFF = ((EVF, evf.looks_like_evf), (RMV, rmv.looks_like_rmv), (AVF, avf.looks_like_avf))
_SNIFF += ((MVF, mvf.looks_like_mvf),)
_SUFFIX = {".evf": EVF, ".avf": AVF, ".rmv": RMV, ".mvf": MVF}
# The community's names of the standard boards, in a video file's name (Metasweeper's).
_BOARD_NAMES = {(8, 8, 10): "Beg", (9, 9, 10): "Beg", (16, 16, 40): "Int", (16, 30, 99): "Exp"}
INFO_KEYS = (
    "format",
    "software",
    "player",
    "rows",
    "cols",
    "mines",
    "won",
    "time_ms",
    "bbbv",
    "bbbv_solved",
    "left",
    "right",
    "double",
    "clicks",
    "effective_clicks",
    "ioe",
    "throughput",
    "correctness",
    "path",
)


def community_format(path: str, head: bytes) -> str | None:
    """The community's format a file is, by its first bytes (ours first: JSON lines,
    compressed or not, are never theirs), else by its name's ending; None if neither."""
    if head.startswith(GZIP_MAGIC) or head.lstrip()[:1] in (b"{", b"["):
        return None
    for name, looks in _SNIFF:
        if looks(head):
            return name
    return _SUFFIX.get(Path(path).suffix.lower())


def format_of(path: str, head: bytes) -> str:
    """Which format a file is: by its first bytes, else by its name's ending; OURS for a
    replay of ours (JSON lines, compressed or not)."""
    if head.startswith(GZIP_MAGIC) or head.lstrip()[:1] == b"{":
        return OURS
    for name, looks in _SNIFF:
        if looks(head):
            return name
    suffix = Path(path).suffix.lower()
    if suffix in _SUFFIX:
        return _SUFFIX[suffix]
    raise VideoError(
        # Translators: formats lists the formats' names ("EVF, AVF, RMV, MVF").
        _("%(file)s is not a replay or a video this game reads (Pixel Mines, %(formats)s)")
        % {"file": path, "formats": "EVF, AVF, RMV, MVF"}
    )


def read_video(path: str) -> Video:
    """The video in the file at `path`, whatever its format; VideoError if it cannot be."""
    try:
        data = read_capped(Path(path), MAX_VIDEO_BYTES)
    except FileRefused as e:
        raise VideoError(_("%(file)s %(problem)s") % {"file": path, "problem": e}) from None
    except OSError as e:
        raise VideoError(
            _("cannot read %(file)s: %(error)s") % {"file": path, "error": e.strerror or e}
        ) from None
    kind = format_of(path, data[:64])
    if kind == OURS:
        return video_of_replay(_our_replay(path))
    return _READERS[kind](data, path)


def _our_replay(path: str) -> Replay:
    try:
        replay = load_replay(Path(path))
    except ReplayError as e:
        raise VideoError(str(e)) from None
    if replay.layout is None:
        raise VideoError(
            _("%(file)s: the game ended before its mines were laid; there is nothing to show")
            % {"file": path}
        )
    return replay


def load_for_watching(path: str) -> tuple[Video, Played]:
    """A video and its counters at every event, for the player (in a worker process): packed
    into arrays for the trip to the window (game/videos/packed.py)."""
    video = read_video(path)
    return pack(video, play(video))


def info_of(video: Video, played: Played) -> dict:
    """The figures `--video-info --json` prints: the file's own board, result and time where
    it gives them, the counters as the community counts them."""
    figures = summary(video, played)
    info = {
        "format": video.format,
        "software": video.software,
        "player": video.player,
        "rows": video.rows,
        "cols": video.cols,
        "mines": video.mines,
        "won": video.won if video.won is not None else figures.get("won"),
        "time_ms": video.time_ms if video.time_ms is not None else figures.get("time_ms"),
        "bbbv": figures["bbbv"],
        "bbbv_solved": figures["bbbv_solved"],
        "left": figures["left"],
        "right": figures["right"],
        "double": figures["double"],
        "clicks": figures["clicks"],
        "effective_clicks": figures["ce"],
        "ioe": _finite(figures.get("ioe")),
        "throughput": _finite(figures.get("throughput")),
        "correctness": _finite(figures.get("correctness")),
        "path": round(figures["path"], 1),
    }
    return {key: info[key] for key in INFO_KEYS}


def _finite(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else round(value, 4)


def video_info(path: str) -> dict:
    """`--video-info`: one object of figures for any replay or video file."""
    video = read_video(path)
    return info_of(video, play(video))


def journal_lines(video: Video, played: Played) -> list[dict]:
    """A video's board-changing moves as the move lines of a journal (docs/FORMATS.md), for the
    analysis (game/engine/game_analysis.py): our replays' own, or those the counters found."""
    actions = video.actions if video.actions is not None else played.actions
    lines: list[dict] = []
    flagged: set[tuple[int, int]] = set()
    for a in actions:
        if a.kind in ("undo", "redo"):
            lines.append({"t": max(a.t, 0), "e": a.kind})
            continue
        entry = {"t": max(a.t, 0), "e": "move", "kind": a.kind, "cell": [a.row, a.col]}
        if a.kind == "flag":
            cell = (a.row, a.col)
            entry["mark"] = "#" if cell in flagged else "F"
            flagged ^= {cell}
            entry["did"] = "unflagged" if entry["mark"] == "#" else "flagged"
        else:
            entry["did"] = "opened" if a.kind == "open" else "chorded"
        lines.append(entry)
    return _in_time_order(lines)


def _in_time_order(lines: list[dict]) -> list[dict]:
    """Times never go back in a journal: a file's clock that does is held at its last."""
    last = 0
    for line in lines:
        line["t"] = last = max(last, line["t"])
    return lines


def board_of_video(path: str) -> tuple[list[str], list[dict]]:
    """The layout and the journal lines of any replay or video, as the analysis reads them
    (game.store.replays.board_of_replay for every format); ValueError in a player's words."""
    try:
        video = read_video(path)
    except VideoError as e:
        raise ValueError(str(e)) from None
    if video.format == OURS:  # its own journal: every click, for the measures too
        from ..store.replays import board_of_replay

        return board_of_replay(path)
    return video.layout, journal_lines(video, play(video))


# ---- EVF out ----------------------------------------------------------------------------------


def exportable(video: Video) -> str | None:
    """Why a game of ours cannot be written as EVF, in a player's words; None if it can."""
    if video.won is None:
        return _("the game is not finished")
    if video.extra.get("undone"):
        # Translators: why a game cannot be exported as a video for other programs.
        return _("moves were taken back (undo), which EVF videos cannot show")
    return None


def exported_name(video: Video, played: Played) -> str:
    """The file name the community gives a video: board, time, 3BV and 3BV/s, then who played
    (the game's date and time when no name is known), e.g.
    `Exp_49.25_3BV=127_3BVs=2.57_20261206-101500.evf`."""
    figures = summary(video, played)
    board = _BOARD_NAMES.get((video.rows, video.cols, video.mines))
    board = board or f"{video.cols}x{video.rows}_{video.mines}"
    seconds = (video.time_ms or 0) / 1000
    solved, bbbv = figures["bbbv_solved"], figures["bbbv"]
    rate = solved / seconds if seconds > 0 else 0.0
    three = f"{bbbv}" if video.won else f"{solved}of{bbbv}"
    who = video.player or (video.game_id or "")[:15] or "pixel-mines"
    name = f"{board}_{seconds:.2f}_3BV={three}_3BVs={rate:.2f}_{who}"
    if video.won is False:
        name += "_lost"
    return "".join(ch if ch.isalnum() or ch in "._=-" else "_" for ch in name) + ".evf"


def export_evf(replay_path: str, out_path: str | None = None, *, replace: bool = False) -> str:
    """Write one of our finished games as EVF; the path written (`out_path`, or beside the
    replay under `exported_name` when it is a folder or None). VideoError in a player's words
    if the game cannot be (not ours, not finished, undone moves), the file is there already
    (unless `replace`) or cannot be written."""
    video = read_video(replay_path)
    if video.format != OURS:
        raise VideoError(
            _("%(file)s is a video already: only Pixel Mines replays are exported")
            % {"file": replay_path}
        )
    why = exportable(video)
    if why is not None:
        raise VideoError(
            # Translators: why is the reason, e.g. "the game is not finished".
            _("%(file)s cannot be exported: %(why)s") % {"file": replay_path, "why": why}
        )
    played = play(video)
    data = evf.write_evf(video, summary=summary(video, played))
    target = Path(out_path) if out_path else Path(replay_path).parent
    if target.is_dir():
        target = target / exported_name(video, played)
    if target.exists() and not replace:
        raise VideoError(
            _("%(file)s already exists (add --force to replace it)") % {"file": target}
        )
    try:
        atomic_write(target, data)
    except OSError as e:
        raise VideoError(
            _("cannot write %(file)s: %(error)s") % {"file": target, "error": e.strerror or e}
        ) from None
    return str(target)
