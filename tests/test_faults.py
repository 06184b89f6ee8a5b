"""The fault hunt of issue 15, one test per finding: what a hostile file or argument did to the
game, and what it must do instead (start, say one line naming the file, lose nothing)."""

import json
import os
import subprocess
import threading

import pytest

from game.engine import Game
from game.stats_text import stats_report
from game.store.files import read_capped
from game.store.history import History
from game.store.replays import (
    MAX_BYTES,
    MAX_MOVES,
    ReplayError,
    load_replay,
    new_game_id,
    replay_of,
)
from game.store.settings import Settings, SettingsFile
from game.store.stats import GameRecord, Stats
from game.ui import theme as theme_module
from game.ui.dialogs import StatsDialog
from game.ui.theme import MAX_SHEET_SIDE, load_library
from tests.badfiles import (
    ROOT,
    copy_theme,
    env_for,
    foreign_games_table,
    insert_row,
    png,
    python,
    read_only_folder,
)
from tests.keeping import to_json


def run(tmp_path, *args, stdin="q\n", timeout=60):
    return subprocess.run(
        [python(), "main.py", *args],
        cwd=ROOT,
        env=env_for(tmp_path),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_line_exit_2(result):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def finished_game(seed=5):
    g = Game(9, 9, 10, seed=seed)
    g.reveal(4, 4, at_ms=0)
    layout = g.layout()
    t = 100
    for r, line in enumerate(layout):
        for c, ch in enumerate(line):
            if ch == "." and g.cell(r, c) == "#":
                g.reveal(r, c, at_ms=t)
                t += 100
    return g, t


# ---- themes -------------------------------------------------------------------------------


def test_a_theme_toml_nested_100000_deep_leaves_the_theme_out_with_one_line(tmp_path):
    folder = copy_theme(tmp_path)
    (folder / "theme.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    library = load_library(tmp_path)
    assert "mytheme" not in library.themes and "classic" in library.themes
    assert len(library.problems) == 1
    assert "'mytheme'" in library.problems[0] and "64 KiB" in library.problems[0]


def test_a_theme_toml_nested_too_deep_under_the_size_cap_is_left_out_with_one_line(tmp_path):
    folder = copy_theme(tmp_path)
    (folder / "theme.toml").write_text("a = " + "[" * 30_000 + "]" * 30_000 + "\n")
    library = load_library(tmp_path)
    assert "mytheme" not in library.themes
    assert len(library.problems) == 1 and "nests too deeply" in library.problems[0]


def test_a_font_running_past_unicode_leaves_the_theme_out_with_one_line(tmp_path):
    folder = copy_theme(tmp_path)
    manifest = folder / "theme.toml"
    manifest.write_text(manifest.read_text().replace("last = 126", "last = 1200000"))
    library = load_library(tmp_path)
    assert "mytheme" not in library.themes
    assert len(library.problems) == 1 and "Unicode" in library.problems[0]


def test_a_sheet_claiming_60000_square_is_refused_before_decoding(tmp_path, monkeypatch):
    folder = copy_theme(tmp_path)
    (folder / "sheet.png").write_bytes(png(60_000, 60_000))
    decoded = []
    real = theme_module.pygame.image.load
    monkeypatch.setattr(
        theme_module.pygame.image,
        "load",
        lambda data, hint="": decoded.append(hint) or real(data, hint),
    )
    library = load_library(tmp_path)
    assert "mytheme" not in library.themes and len(library.problems) == 1
    problem = library.problems[0]
    assert "60000x60000" in problem and f"{MAX_SHEET_SIDE}x{MAX_SHEET_SIDE}" in problem
    assert len(decoded) == 4  # the four shipped sheets; never the one that claims 60000x60000


# ---- settings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [bytes(range(256)) * 4, b'{"theme": "night\xff"}'],
    ids=["random bytes", "one non-UTF-8 byte"],
)
def test_unreadable_settings_are_moved_aside_as_the_readme_says(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    f = SettingsFile(path)
    settings, messages = f.load()
    assert settings == Settings() and len(messages) == 1
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert aside[0].name in messages[0]
    stamp = aside[0].name.removeprefix("settings.json.corrupt-")
    assert len(stamp) == 15 and stamp[8] == "-" and (stamp[:8] + stamp[9:]).isdigit()
    f.save(Settings(theme="night"))  # the first change writes a new file, not over the old
    assert aside[0].read_bytes() == content


def test_unreadable_settings_in_a_folder_that_cannot_be_written_stay_and_are_not_overwritten(
    tmp_path, monkeypatch
):
    folder = tmp_path / "config"
    folder.mkdir()
    path = folder / "settings.json"
    path.write_bytes(b"\xff\xfe not settings")
    with read_only_folder(folder, monkeypatch):
        f = SettingsFile(path)
        settings, messages = f.load()
        assert settings == Settings() and len(messages) == 1
        assert "left as it is" in messages[0]
        assert f.save(Settings(theme="night")) is None
    assert f.save(Settings(theme="night")) is None  # even once the folder can be written
    assert [p.name for p in folder.iterdir()] == ["settings.json"]
    assert path.read_bytes() == b"\xff\xfe not settings"


# ---- statistics ---------------------------------------------------------------------------


def record(**kw):
    base = dict(
        played_at="2026-11-29T12:00:00",
        kind="beginner",
        rows=9,
        cols=9,
        mines=10,
        seed="1",
        safe_zone="opening",
        won=True,
        time_ms=10_000,
        bbbv=20,
        clicks_left=20,
        clicks_right=3,
        clicks_chord=2,
        cleared=71,
        safe_cells=71,
        assisted=False,
        source="window",
    )
    base.update(kw)
    return GameRecord(**base)


def test_a_database_with_a_foreign_games_table_is_set_aside_like_a_corrupt_one(tmp_path):
    path = tmp_path / "stats.sqlite3"
    foreign_games_table(path)
    before = path.read_bytes()
    stats = Stats(path)
    assert stats.usable
    messages = stats.take_messages()
    assert len(messages) == 1 and "not Pixel Mines statistics" in messages[0]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("stats.sqlite3.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == before
    assert stats.record(record()) is not None
    assert stats.summary("beginner").played == 1
    assert "played 1" in "\n".join(stats_report(stats, "2026-11-29"))


@pytest.mark.concurrent
def test_stats_with_a_foreign_games_table_runs_and_records_from_the_command_line(tmp_path):
    data = tmp_path / "data" / "pixel-mines"
    data.mkdir(parents=True)
    foreign_games_table(data / "stats.sqlite3")
    result = run(tmp_path, "--stats")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Beginner: played 0" in result.stdout
    assert len(result.stderr.strip().splitlines()) == 1 and "kept as" in result.stderr


def broken_rows(path):
    stats = Stats(path)
    stats.record(record(time_ms=30_000))
    stats.close()
    insert_row(path, time_ms="abc")
    insert_row(path, daily="not-a-date")
    insert_row(path, played_at=b"\x00")  # a blob where the date goes
    return path


def test_won_rows_with_a_bad_time_or_date_are_skipped_and_counted_in_one_message(tmp_path):
    path = broken_rows(tmp_path / "stats.sqlite3")
    stats = Stats(path)
    s = stats.summary("beginner")
    d = stats.daily_summary("2026-11-30")
    # 'abc' and the blob are left out; the row with a bad date is a good game but no daily,
    # and, marked as a daily board's, never a best of its kind (docs/RULES.md, "Records")
    assert (s.played, s.won, [ms for ms, _, _ in s.best_times]) == (2, 2, [30_000])
    assert d.played == 0
    assert stats.skipped == 3
    stats.summary("beginner")
    messages = stats.take_messages()
    assert len(messages) == 1 and "skipped 3 games" in messages[0]


@pytest.mark.concurrent
def test_stats_with_bad_rows_prints_the_rest_and_one_line_on_stderr(tmp_path):
    data = tmp_path / "data" / "pixel-mines"
    data.mkdir(parents=True)
    broken_rows(data / "stats.sqlite3")
    result = run(tmp_path, "--stats")
    assert result.returncode == 0, result.stderr
    assert "Beginner: played 2, won 2" in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "skipped 3 games" in lines[0]  # the bad date counts here too


def test_the_statistics_screen_shows_what_it_can_and_counts_the_rest(tmp_path):
    stats = Stats(broken_rows(tmp_path / "stats.sqlite3"))
    dialog = StatsDialog(stats, "beginner", "2026-11-30")
    lines = dialog.texts()
    assert "Won 2/2 100%" in lines and any("2 broken games left out" in t for t in lines)
    dialog.page = StatsDialog.PAGES.index("daily")
    lines = dialog.texts()
    assert "Days played 0" in lines and any("3 broken" in t for t in lines)


def test_the_end_of_a_game_records_it_past_bad_rows_and_says_so_once(tmp_path):
    stats = Stats(broken_rows(tmp_path / "stats.sqlite3"))
    history = History(stats)
    g, t = finished_game()
    done = history.finished(g, t, "window", game_id=new_game_id())
    assert done.new is not None
    assert sum("skipped" in m for m in done.messages) == 1
    assert stats.summary("beginner").played == 3


# ---- the kept game ------------------------------------------------------------------------


@pytest.mark.concurrent
def test_a_kept_game_set_aside_is_said_on_stderr(tmp_path):
    data = tmp_path / "data" / "pixel-mines"
    data.mkdir(parents=True)
    (data / "kept-game.json").write_text('{"format": "pixel-mines-replay", "version": 1}')
    result = run(tmp_path, "--text")
    assert result.returncode == 0, result.stderr
    lines = [x for x in result.stderr.splitlines() if "kept from last time" in x]
    assert len(lines) == 1 and "kept-game.json.corrupt-" in lines[0]
    assert any(p.name.startswith("kept-game.json.corrupt-") for p in data.iterdir())


# ---- replays on the command line ----------------------------------------------------------


@pytest.mark.concurrent
def test_replay_of_dev_zero_is_refused_by_the_size_cap(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    line = one_line_exit_2(run(tmp_path, "--replay", "/dev/zero"))
    assert "/dev/zero" in line and "not a regular file" in line


@pytest.mark.concurrent
def test_a_replay_larger_than_the_cap_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no time spent writing it
    line = one_line_exit_2(run(tmp_path, "--text", "--replay", str(path)))
    assert "16 MiB" in line and "big.json" in line


@pytest.mark.concurrent
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_of_a_fifo_nobody_writes_to_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    line = one_line_exit_2(run(tmp_path, "--text", "--replay", str(fifo), timeout=60))
    assert "not a regular file" in line


@pytest.mark.concurrent
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_reading_a_fifo_returns_at_once_in_process(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome = []
    reader = threading.Thread(target=lambda: outcome.append(_refused(fifo)), daemon=True)
    reader.start()
    reader.join(30)  # a blocked open would leave the thread waiting for a writer
    if reader.is_alive():  # unblock it so the suite can end, then fail
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO waited for a writer")
    assert outcome == ["refused"]


def _refused(path):
    from game.store.files import FileRefused

    try:
        read_capped(path, 100)
    except FileRefused:
        return "refused"
    return "read"


def many_moves(n):
    """A replay's JSON with `n` moves (the cap is checked before any move is)."""
    g, t = finished_game()
    data = json.loads(to_json(replay_of(g, elapsed_ms=t, source="text")))
    data["moves"] = [{}] * n
    return json.dumps(data, separators=(",", ":"))


def test_a_replay_with_a_million_moves_is_refused_at_once(tmp_path):
    path = tmp_path / "million.json"
    path.write_text(many_moves(1_000_000))
    with pytest.raises(ReplayError, match="1,000,000 moves; a game has at most 160,000"):
        load_replay(path)


def test_a_kept_game_with_too_many_moves_is_set_aside_and_not_played(tmp_path):
    path = tmp_path / "kept-game.json"
    path.write_text(many_moves(MAX_MOVES + 1))
    found, messages = History(kept=tmp_path / "kept", legacy=path).take_kept()
    assert found == [] and len(messages) == 1 and "160,001 moves" in messages[0]
    assert not path.exists()


def test_a_replay_at_the_move_cap_is_not_refused_for_its_length(tmp_path):
    path = tmp_path / "full.json"
    path.write_text(many_moves(MAX_MOVES))
    with pytest.raises(ReplayError, match="move 1 is not a move|move 1: kind"):
        load_replay(path)  # refused for what its first move is, not for how many there are


# ---- numbers on the command line ----------------------------------------------------------


@pytest.mark.concurrent
@pytest.mark.parametrize(
    "argv",
    [
        ["--scale", "٣"],
        ["--rows", "１２", "--cols", "9", "--mines", "10"],
        ["--rows", "1_0", "--cols", "9", "--mines", "10"],
    ],
    ids=["arabic-indic digit", "fullwidth digits", "underscore"],
)
def test_numbers_are_ascii_digits_only(tmp_path, argv):
    line = one_line_exit_2(run(tmp_path, "--text", *argv))
    assert argv[1] in line and "digits 0-9" in line
