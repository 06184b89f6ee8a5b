"""Every file the game keeps or reads, broken every way we could think of.

Files the game owns (settings.json, window.json, stats.sqlite3, kept-game.json) are moved aside as
NAME.corrupt-... with their bytes intact, or, where they cannot be moved, left as they are and
never written over. Files it only reads (a replay, a player's theme) are refused and left as
they are. Either way the game starts and says one line naming the file.

The expected outcome of each pair is written out in EXPECTED, so a change of behaviour is a
change of this table. Broken bytes come from a random.Random seeded by the pair's name.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from game import app
from game.engine import Game
from game.store import replays as replays_module
from game.store import settings as settings_module
from game.store import window_state as window_module
from game.store.history import History
from game.store.replays import ReplayError, load_replay, new_game_id, replay_of
from game.store.settings import Settings, SettingsFile
from game.store.stats import KINDS, GameRecord, Stats
from game.store.window_state import WindowStateFile
from game.ui import theme as theme_module
from game.ui.theme import THEMES_DIR, load_library
from tests.badfiles import IS_ROOT, insert_row, png, read_only_folder, unreadable
from tests.keeping import to_json

CASES = (
    "empty",
    "truncated",
    "random bytes",
    "non-UTF-8",
    "wrong shape",
    "huge numbers",
    "NaN",
    "deep nesting",
    "oversized",
    "a folder",
    "a FIFO",
    "unreadable",
    "read-only folder",
    "broken in a read-only folder",
)

# What happens, per file and case:
#   aside    moved aside as NAME.corrupt-..., one line, a fresh one is used
#   stays    left where it is, one line, never written over
#   ignored  the file is used, one line names the values that were ignored
#   skipped  the database is used, one line counts the rows left out
#   refused  (files the game only reads) not used, one line, left as it is
#   fine     used as it is, no line (a later write may say once that it cannot be written)
OWNED = {
    "settings.json": dict.fromkeys(CASES, "aside")
    | {
        "huge numbers": "ignored",
        "NaN": "ignored",
        "read-only folder": "fine",
        "broken in a read-only folder": "stays",
    },
    "kept-game.json": dict.fromkeys(CASES, "aside")
    | {"read-only folder": "fine", "broken in a read-only folder": "stays"},
    # the window's size and place (issue 42): any value that is not one spoils the file
    "window.json": dict.fromkeys(CASES, "aside")
    | {"read-only folder": "fine", "broken in a read-only folder": "stays"},
    "stats.sqlite3": {
        "empty": "fine",
        "truncated": "aside",
        "random bytes": "aside",
        "non-UTF-8": "skipped",
        "wrong shape": "aside",
        "huge numbers": "skipped",
        "NaN": "skipped",
        # a read-only folder: sqlite cannot make its journal (or the log of a WAL database)
        # there, so the file is left as it is and games are not recorded, said once. Run
        # without root's capabilities to see it (as root chmod stops nothing: skipped).
        "a folder": "aside",
        "a FIFO": "aside",
        "unreadable": "stays",
        "read-only folder": "stays",
        "broken in a read-only folder": "stays",
    },
}
READ = {
    "replay": dict.fromkeys(CASES, "refused") | {"read-only folder": "fine"},
    "theme.toml": dict.fromkeys(CASES, "refused") | {"read-only folder": "fine"},
    # A sheet is not text and holds no numbers but its size: those cases do not apply.
    "sheet.png": {c: "refused" for c in CASES if c not in ("non-UTF-8", "NaN", "deep nesting")}
    | {"read-only folder": "fine"},
}
# The second round (issue 21): a symlink loop in a file's place, times no clock reaches (a
# kept game of 10**30 ms once made every later start crash), and an object where a list or a
# date goes.
LOOP, HUGE_TIMES, OBJECTS = "a symlink loop", "huge times", "objects for lists and dates"
ROUND_TWO = {
    "settings.json": {LOOP: "aside", HUGE_TIMES: "ignored"},
    "kept-game.json": {LOOP: "aside", HUGE_TIMES: "aside", OBJECTS: "aside"},
    "window.json": {LOOP: "aside", HUGE_TIMES: "aside", OBJECTS: "aside"},
    "stats.sqlite3": {LOOP: "aside", HUGE_TIMES: "fine"},
    "replay": {LOOP: "refused", HUGE_TIMES: "refused", OBJECTS: "refused"},
    "theme.toml": {LOOP: "refused"},
    "sheet.png": {LOOP: "refused"},
}
for _name, _cases in ROUND_TWO.items():
    (OWNED | READ)[_name].update(_cases)
EXPECTED = OWNED | READ
PAIRS = [(f, c) for f, cases in EXPECTED.items() for c in cases]
# sqlite opens its files in C: as root nothing stops it reading or writing them.
ROOT_CANNOT = {("stats.sqlite3", "unreadable"), ("stats.sqlite3", "read-only folder")}
SQLITE_ONLY_OUTSIDE_ROOT = (
    "sqlite opens files in C: as root chmod stops neither reads nor "
    "writes (run under `setpriv --bounding-set=-all` to test it)"
)


# ---- good files, and broken ones -----------------------------------------------------------


def game_in_progress() -> Game:
    g = Game(9, 9, 10, seed=3)
    g.reveal(4, 4, at_ms=0)
    covered = next((r, c) for r in range(9) for c in range(9) if g.cell(r, c) == "#")
    g.toggle_flag(*covered, at_ms=500)
    return g


def good_bytes(name: str, folder: Path) -> bytes:
    if name == "settings.json":
        return json.dumps(Settings(theme="night", scale=2).to_json()).encode()
    if name == "window.json":
        return json.dumps({"window_size": [800, 600], "window_position": [-10, 20]}).encode()
    if name in ("kept-game.json", "replay"):
        return to_json(replay_of(game_in_progress(), elapsed_ms=800, source="text")).encode()
    if name == "theme.toml":
        return (THEMES_DIR / "classic" / "theme.toml").read_bytes()
    if name == "sheet.png":
        return (THEMES_DIR / "classic" / "sheet.png").read_bytes()
    path = folder / "made.sqlite3"
    stats = Stats(path)
    stats.record(record())
    stats.close()
    data = path.read_bytes()
    path.unlink()
    return data


def record() -> GameRecord:
    return GameRecord(
        played_at="2026-11-29T12:00:00",
        kind="beginner",
        rows=9,
        cols=9,
        mines=10,
        seed="1",
        safe_zone="opening",
        won=True,
        time_ms=12_000,
        bbbv=20,
        clicks_left=20,
        clicks_right=0,
        clicks_chord=0,
        cleared=71,
        safe_cells=71,
        assisted=False,
        source="text",
    )


CAPS = {
    "settings.json": settings_module.MAX_BYTES,
    "window.json": window_module.MAX_BYTES,
    "kept-game.json": replays_module.MAX_BYTES,
    "replay": replays_module.MAX_BYTES,
    "theme.toml": theme_module.MAX_MANIFEST_BYTES,
    "sheet.png": theme_module.MAX_SHEET_BYTES,
}


def broken_json(name: str, case: str, good: bytes, rng: random.Random) -> bytes:
    if name == "window.json":
        return broken_window(case)
    data = json.loads(good)
    if case == "wrong shape":
        if name == "settings.json":
            return json.dumps(list(data.items())).encode()
        data["board"] = [data["board"]]
    elif case == "huge numbers":
        if name == "settings.json":
            return b'{"custom_rows": 1' + b"0" * 4000 + b', "scale": 1e999, "theme": "night"}'
        data["board"]["rows"] = 10**4000
    elif case == "NaN":
        if name == "settings.json":
            return b'{"scale": NaN, "custom_mines": Infinity, "theme": "night"}'
        data["elapsed_ms"] = float("nan")
    elif case == HUGE_TIMES:
        if name == "settings.json":
            return json.dumps({"window_size": [10**30, 10**30], "theme": "night"}).encode()
        data["elapsed_ms"] = 10**30
        data["moves"][-1]["t"] = 10**30
    elif case == OBJECTS:
        data["moves"] = {"0": data["moves"][0]}
        data["played_at"] = {"date": "2026-11-30"}
    elif case == "deep nesting":
        depth = 30_000 if name == "settings.json" else 100_000  # under and over the caps
        return b'{"x": ' + b"[" * depth + b"]" * depth + b"}"
    return json.dumps(data).encode()


def broken_window(case: str) -> bytes:
    """A window state file that is JSON, with what is not a size or a place in it."""
    if case == "wrong shape":
        return b'[["window_size", [800, 600]]]'
    if case == "huge numbers":
        return b'{"window_size": [1' + b"0" * 4000 + b', 600], "window_position": [1e999, 0]}'
    if case == "NaN":
        return b'{"window_size": [NaN, 600], "window_position": [0, Infinity]}'
    if case == HUGE_TIMES:
        return json.dumps({"window_size": [10**30, 10**30]}).encode()
    if case == OBJECTS:
        return json.dumps({"window_size": {"w": 800, "h": 600}}).encode()
    depth = 1_500  # deep nesting, under the cap
    return b'{"window_size": ' + b"[" * depth + b"]" * depth + b"}"


def broken_toml(case: str, good: bytes) -> bytes:
    text = good.decode()
    if case == "wrong shape":
        return text.replace("tile = 16", 'tile = "sixteen"', 1).encode()
    if case == "huge numbers":
        return text.replace("tile = 16", "tile = 1" + "0" * 5000, 1).encode()
    if case == "NaN":
        return text.replace("tile = 16", "tile = nan", 1).encode()
    return ("a = " + "[" * 30_000 + "]" * 30_000 + "\n").encode()  # deep nesting


def broken_png(case: str, good: bytes) -> bytes:
    if case == "wrong shape":  # a picture, but not a PNG
        return b"BM" + good[2:]
    return png(60_000, 60_000)  # huge numbers: a header far over the cap


def broken_sqlite(case: str, path: Path) -> None:
    """Write a database that is broken in this way to `path` (it holds one good game)."""
    if case == "wrong shape":
        path.unlink()
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE games (x TEXT)")
        conn.execute("PRAGMA user_version = 2")
        conn.commit()
        conn.close()
    elif case == "non-UTF-8":
        conn = sqlite3.connect(path)
        with conn:
            conn.execute("UPDATE games SET played_at = CAST(x'ff41' AS TEXT)")
        conn.close()
        insert_row(path, daily=b"\xff".decode("latin-1"))  # not a date once read back
    elif case == "huge numbers":
        insert_row(path, time_ms=9.9e300)
    elif case == "NaN":
        insert_row(path, time_ms="NaN")
    elif case == HUGE_TIMES:
        insert_row(path, time_ms=2**63 - 1, bbbv=2**63 - 1)


def make(name: str, case: str, folder: Path) -> Path:
    """The broken file in `folder` (a theme in folder/mytheme); its path."""
    rng = random.Random(f"{name}/{case}")
    good = good_bytes(name, folder)
    if name in ("theme.toml", "sheet.png"):
        theme = folder / "mytheme"
        shutil.copytree(THEMES_DIR / "classic", theme)
        path = theme / name
    else:
        path = folder / ("replay.json" if name == "replay" else name)
    if case == "a folder":
        path.unlink(missing_ok=True)
        path.mkdir()
        (path / "inside").write_text("something of the player's")
        return path
    if case == LOOP:  # opening it fails with ELOOP; Path.resolve() raises RuntimeError
        path.unlink(missing_ok=True)
        path.symlink_to(path.name)
        return path
    if case == "a FIFO":  # nobody writes to it: reading it must not wait
        path.unlink(missing_ok=True)
        os.mkfifo(path)
        return path
    if case in ("empty",):
        data = b""
    elif case == "truncated":
        data = good[: len(good) // 2]
    elif case in ("random bytes", "broken in a read-only folder"):
        data = rng.randbytes(4096)
    elif case == "non-UTF-8" and name != "stats.sqlite3":
        cut = good.index(b'"' if name != "theme.toml" else b"Classic")
        data = good[:cut] + b"\xff" + good[cut:]
    elif case == "oversized":
        filler = b"\n" if name != "sheet.png" else b"\0"
        data = good + filler * (CAPS[name] + 1 - len(good))
    elif case in ("wrong shape", "huge numbers", "NaN", "deep nesting", HUGE_TIMES, OBJECTS) and (
        name != "stats.sqlite3"
    ):
        if name == "theme.toml":
            data = broken_toml(case, good)
        elif name == "sheet.png":
            data = broken_png(case, good)
        else:
            data = broken_json(name, case, good, rng)
    else:
        data = good
    path.write_bytes(data)
    if name == "stats.sqlite3":
        broken_sqlite(case, path)
    return path


# ---- what the game does with each file ----------------------------------------------------


def use(name: str, path: Path, folder: Path) -> tuple[list[str], list[str]]:
    """Let the game read the file, then write what it writes; (lines on reading, on writing)."""
    if name == "settings.json":
        f = SettingsFile(path)
        settings, read = f.load()
        assert isinstance(settings, Settings)
        later = f.save(Settings(theme="handheld"))
        return read, [later] if later else []
    if name == "window.json":
        f = WindowStateFile(path)
        _remembered, read = f.load()
        later = f.save({"window_size": (640, 480), "window_position": (5, 5)})
        return read, [later] if later else []
    if name == "kept-game.json":  # the one kept game of versions before 2
        history = History(kept=path.parent / "kept", legacy=path)
        found, read = history.take_kept()
        for kept in found:
            kept.replay.final_game()
        playing = replay_of(
            game_in_progress(), elapsed_ms=900, source="text", game_id=new_game_id()
        )
        journal, later = history.open_journal(playing)
        if journal is not None:
            later += history.append(journal, {"t": 900, "e": "stop"})
        g, t = game_in_progress(), 900
        g.reveal(*next((r, c) for r in range(9) for c in range(9) if g.layout()[r][c] == "*"))
        history.finished(g, t, "text", game_id=new_game_id())  # this forgets the kept one
        return read, later
    if name == "stats.sqlite3":
        stats = Stats(path)
        read = stats.take_messages()
        for kind in KINDS:
            stats.summary(kind)
        stats.daily_summary("2026-11-30")
        read += stats.take_messages()
        stats.record(record())
        later = stats.take_messages()
        stats.close()
        return read, later
    if name == "replay":
        try:
            load_replay(path).final_game()
        except ReplayError as e:
            return [str(e)], []
        return [], []
    library = load_library(folder)
    assert "classic" in library.themes
    if "mytheme" in library.themes:
        return [], []
    return library.problems, []


def snapshot(folder: Path) -> dict[str, bytes | str | None]:
    """Every file and folder under `folder` (a folder's value is None, a FIFO's "fifo", a
    symbolic link's "-> target")."""
    return {
        str(p.relative_to(folder)): "-> " + os.readlink(p)
        if p.is_symlink()
        else None
        if p.is_dir()
        else "fifo"
        if p.is_fifo()
        else p.read_bytes()
        for p in folder.rglob("*")
    }


@pytest.mark.parametrize("name, case", PAIRS, ids=[f"{f}: {c}" for f, c in PAIRS])
def test_a_bad_file_is_said_once_and_nothing_is_lost(tmp_path, monkeypatch, name, case):
    if IS_ROOT and (name, case) in ROOT_CANNOT:
        pytest.skip(SQLITE_ONLY_OUTSIDE_ROOT)
    if case == "a FIFO" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    folder = tmp_path / "files"
    folder.mkdir()
    path = make(name, case, folder)
    before = snapshot(folder)
    expected = EXPECTED[name][case]
    if case == "unreadable":
        with unreadable(path, monkeypatch):
            read, later = use(name, path, folder)
    elif case in ("read-only folder", "broken in a read-only folder"):
        with read_only_folder(path.parent, monkeypatch):
            read, later = use(name, path, folder)
    else:
        read, later = use(name, path, folder)
    after = snapshot(folder)
    shown = "'mytheme'" if name in ("theme.toml", "sheet.png") else path.name

    if expected == "fine":
        assert read == [], read
        assert len(later) <= 1
    else:
        assert len(read) == 1, read
        assert shown in read[0] or str(path) in read[0], read[0]
        assert "\n" not in read[0]
        if expected != "stays":
            assert later == [], later  # the fresh file is written without trouble
    rel = str(path.relative_to(folder))
    if expected == "aside":
        aside = [k for k in after if k.startswith(f"{rel}.corrupt-") and "/" not in k[len(rel) :]]
        assert len(aside) == 1, sorted(after)
        assert after[aside[0]] == before[rel]  # the same bytes (None: the same folder)
        if before[rel] is None:
            assert after[f"{aside[0]}/inside"] == before[f"{rel}/inside"]
    elif expected in ("stays", "refused"):
        assert after.get(rel) == before[rel]
        assert not any(".corrupt-" in k for k in after)
    elif expected == "skipped":
        assert "skipped 1 game" in read[0]
    elif expected == "ignored":
        assert "ignored" in read[0]
        (tmp_path / "again").mkdir()
        again = make(name, case, tmp_path / "again")
        assert SettingsFile(again).load()[0].theme == "night"  # the rest of the file is used


OWNED_NAMES = {
    "settings.json": "config",
    "window.json": "state",
    "kept-game.json": "data",
    "stats.sqlite3": "data",
}


@pytest.mark.parametrize("name", list(OWNED_NAMES))
@pytest.mark.parametrize("case", ["random bytes", "a folder", "truncated"])
def test_the_game_starts_over_a_broken_file_and_says_one_line_on_stderr(
    tmp_path, monkeypatch, capsys, name, case
):
    """The whole start-up (the terminal front end, in this process): exit 0, one line."""
    folder = tmp_path / OWNED_NAMES[name] / "pixel-mines"
    folder.mkdir(parents=True)
    (tmp_path / "made").mkdir()
    shutil.move(make(name, case, tmp_path / "made"), folder / name)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr("sys.stdin", io.StringIO("r 4 4\nq\n"))
    assert app.main(["--text", "--seed", "3"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and name in err[0], err
    assert any(p.name.startswith(f"{name}.corrupt-") for p in folder.iterdir())


# ---- a theme's sounds (issue 21) ------------------------------------------------------------


def loop_at(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()
    path.symlink_to(path.name)


def fifo_at(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


SOUND_CASES = {
    "dud.wav a symlink loop": ("sounds/dud.wav", loop_at, ["dud"]),
    "sounds/ a symlink loop": ("sounds", loop_at, None),
    "open.wav a FIFO": ("sounds/open.wav", fifo_at, ["open"]),
    "dud.wav a folder": ("sounds/dud.wav", lambda p: (p.unlink(), p.mkdir()), ["dud"]),
}


@pytest.mark.parametrize("case", list(SOUND_CASES))
def test_a_broken_sound_costs_that_sound_and_one_line_never_the_theme(tmp_path, case):
    if "FIFO" in case and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    where, breaks, effects = SOUND_CASES[case]
    theme = tmp_path / "mytheme"
    shutil.copytree(THEMES_DIR / "classic", theme)
    breaks(theme / where)
    before = snapshot(tmp_path)
    library = load_library(tmp_path)  # a FIFO nobody writes to: never waited on
    assert "mytheme" in library.themes and "classic" in library.themes
    lost = set(effects or [e for e in library.themes["classic"].sounds])
    assert set(library.themes["mytheme"].sounds) == set(library.themes["classic"].sounds) - lost
    problems = [p for p in library.problems if "'mytheme'" in p]
    assert len(problems) == (len(lost) if effects else 1)  # a whole folder lost: one line
    assert all("\n" not in p and "sound" in p for p in problems)
    assert snapshot(tmp_path) == before


def cut_in_half(data: bytes) -> bytes:
    return data[: len(data) // 2]


def flip_a_pixel_byte(data: bytes) -> bytes:
    at = data.index(b"IDAT") + 20
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]


@pytest.mark.parametrize("damage", [cut_in_half, flip_a_pixel_byte])
def test_a_damaged_sheet_is_one_line_of_ours_and_nothing_from_libpng(tmp_path, capfd, damage):
    theme = tmp_path / "mytheme"
    shutil.copytree(THEMES_DIR / "classic", theme)
    sheet = theme / "sheet.png"
    sheet.write_bytes(damage(sheet.read_bytes()))
    capfd.readouterr()
    library = load_library(tmp_path)
    out, err = capfd.readouterr()  # the C library's own stderr too (file descriptor 2)
    assert "mytheme" not in library.themes and "classic" in library.themes
    assert len(library.problems) == 1 and "sheet.png" in library.problems[0]
    assert err == "" and out == ""


def test_two_thousand_folders_that_are_not_themes_are_one_line(tmp_path):
    for n in range(2000):
        (tmp_path / f"empty-{n:04}").mkdir()
    library = load_library(tmp_path)
    assert set(library.themes) == {"classic", "contrast", "handheld", "night"}
    assert len(library.problems) == 1, library.problems[:5]
    line = library.problems[0]
    assert line.startswith("2000 folders in ") and "empty-0000, empty-0001" in line
    assert "…" in line and "empty-1999" not in line and "theme.toml is missing" in line


def test_a_few_broken_themes_get_a_line_each(tmp_path):
    for n in range(3):
        (tmp_path / f"empty-{n}").mkdir()
    assert len(load_library(tmp_path).problems) == 3


# ---- sqlite's own files beside the statistics (issue 21) -----------------------------------


@pytest.mark.concurrent
@pytest.mark.parametrize("suffix", ["-journal", "-wal", "-shm"])
@pytest.mark.parametrize("what", ["a FIFO", "a folder", LOOP])
def test_a_side_file_of_the_statistics_that_is_not_a_file_is_set_aside_without_waiting(
    tmp_path, suffix, what
):
    if what == "a FIFO" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    stats.record(record())
    stats.close()
    side = tmp_path / f"stats.sqlite3{suffix}"
    for left in tmp_path.glob("stats.sqlite3-*"):
        left.unlink()
    if what == "a FIFO":
        os.mkfifo(side)  # sqlite reading a hot journal here would wait for ever
    elif what == "a folder":
        side.mkdir()
    else:
        side.symlink_to(side.name)
    outcome = []

    def open_it():
        s = Stats(path)
        outcome.append((s.summary("beginner").played, s.take_messages()))
        s.close()

    opener = threading.Thread(target=open_it, daemon=True)
    opener.start()
    opener.join(30)
    if opener.is_alive():
        with open(side, "wb"):  # let it go, then fail
            pass
        pytest.fail("opening the statistics waited on a FIFO")
    played, messages = outcome[0]
    assert played == 1  # the database itself is used as it is
    assert len(messages) == 1 and side.name in messages[0], messages
    assert [p.name.startswith(f"{side.name}.corrupt-") for p in tmp_path.iterdir()].count(True) == 1
