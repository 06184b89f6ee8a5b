"""The second fault hunt (issue 21), one test per finding: what a file, a pipe or an argument
did to the game, and what it does instead (ends without a traceback, loses nothing, and where
a file was at fault says one line naming it)."""

import json
import os
import subprocess

import pytest

from game.store.history import History
from game.store.replays import MAX_TIME_MS, load_replay, new_game_id, replay_of
from game.store.stats import Stats
from tests.badfiles import ROOT, env_for, python
from tests.keeping import journals, to_json
from tests.test_faults import finished_game, record


def run(tmp_path, *args, stdin="q\n", timeout=60, **kw):
    return subprocess.run(
        [python(), "main.py", *args],
        cwd=ROOT,
        env=env_for(tmp_path),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        **kw,
    )


def no_traceback(result):
    assert "Traceback" not in result.stderr, result.stderr
    return result


# ---- F1: a number read from a file never makes a later write fail ---------------------------


def test_a_row_with_a_number_no_database_holds_is_refused_with_a_line_not_a_crash(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    assert stats.store(record(time_ms=10**30)) is False
    messages = stats.take_messages()
    assert len(messages) == 1 and "time_ms" in messages[0] and "not recorded" in messages[0]
    assert stats.usable and stats.store(record()) is True  # later games are still recorded
    assert stats.summary("beginner").played == 1


def test_a_kept_game_of_10_to_the_30_ms_is_set_aside_and_play_goes_on(tmp_path):
    kept = tmp_path / "kept-game.json"
    g, t = finished_game()
    data = json.loads(to_json(replay_of(g, elapsed_ms=t, source="text")))
    data["elapsed_ms"] = 10**30
    data["moves"][-1]["t"] = 10**30
    kept.write_text(json.dumps(data))
    history = History(Stats(tmp_path / "stats.sqlite3"), kept=tmp_path / "kept", legacy=kept)
    found, messages = history.take_kept()
    assert found == [] and len(messages) == 1
    assert "kept-game.json" in messages[0] and "elapsed_ms" in messages[0]
    assert f"{MAX_TIME_MS:,}" in messages[0]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("kept-game.json.corrupt-")]
    assert len(aside) == 1 and json.loads(aside[0].read_text())["elapsed_ms"] == 10**30
    done = history.finished(g, t, "text", game_id=new_game_id())
    assert done.new is not None and history.stats.summary("beginner").played == 1


@pytest.mark.concurrent
def test_the_issues_repro_of_a_kept_game_of_10_to_the_30_ms_starts_and_records(tmp_path):
    """The issue's steps on today's format: the kept game is a journal (docs/FORMATS.md), and
    its last move's time and the clock at the quit are set to 10**30."""
    first = no_traceback(
        run(tmp_path, "--text", "--seed", "5", "--difficulty", "beginner", stdin="r 4 4\nq\n")
    )
    assert first.returncode == 0
    (kept,) = (tmp_path / "data" / "pixel-mines" / "kept").glob("*.jsonl")
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    for entry in lines[1:]:
        if entry["e"] in ("move", "stop"):
            entry["t"] = 10**30
    kept.write_text("".join(json.dumps(e) + "\n" for e in lines))
    runs = [no_traceback(run(tmp_path, "--text", stdin="y\nq\n")) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0]  # this start and every later one
    said = runs[0].stderr.strip().splitlines()
    assert len(said) == 1 and kept.name in said[0] and "time" in said[0]
    assert runs[1].stderr == ""
    assert any(p.name.startswith(f"{kept.name}.corrupt-") for p in kept.parent.iterdir())


@pytest.mark.concurrent
def test_a_kept_game_of_version_1_with_10_to_the_30_ms_is_set_aside_at_start(tmp_path):
    first = no_traceback(
        run(tmp_path, "--text", "--seed", "5", "--difficulty", "beginner", stdin="r 4 4\nq\n")
    )
    assert first.returncode == 0
    data_dir = tmp_path / "data" / "pixel-mines"
    (journal,) = (data_dir / "kept").glob("*.jsonl")
    replay = load_replay(journal)
    journal.unlink()
    data = json.loads(to_json(replay))
    data["elapsed_ms"] = 10**30
    data["moves"][-1]["t"] = 10**30
    legacy = data_dir / "kept-game.json"
    legacy.write_text(json.dumps(data))
    runs = [no_traceback(run(tmp_path, "--text", stdin="y\nq\n")) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0]
    said = runs[0].stderr.strip().splitlines()
    assert len(said) == 1 and "kept-game.json" in said[0] and "elapsed_ms" in said[0]
    assert runs[1].stderr == ""
    assert any(p.name.startswith("kept-game.json.corrupt-") for p in data_dir.iterdir())


# ---- smaller findings ----------------------------------------------------------------------


def test_settings_that_cannot_be_saved_are_said_on_stderr_too(tmp_path, monkeypatch):
    from game.store.settings import Settings, SettingsFile
    from tests.badfiles import read_only_folder

    folder = tmp_path / "config"
    folder.mkdir()
    echoed = []
    with read_only_folder(folder, monkeypatch):
        f = SettingsFile(folder / "settings.json", echo=echoed.append)
        assert f.load() == (Settings(), [])
        note = f.save(Settings(theme="night"))
        assert f.save(Settings(theme="classic")) is None  # said once
    assert note is not None and echoed == [note] and "cannot be saved" in note


@pytest.mark.concurrent
@pytest.mark.skipif(
    not os.path.isdir("/sys/kernel"), reason="needs a folder even root cannot write (sysfs)"
)
def test_the_window_quitting_with_a_config_folder_it_cannot_write_says_so_on_stderr(tmp_path):
    env = env_for(tmp_path, XDG_CONFIG_HOME="/sys", PIXEL_MINES_QUIT_AFTER_MS="1000")
    result = subprocess.run(
        [python(), "main.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    lines = no_traceback(result).stderr.strip().splitlines()
    assert len(lines) == 1 and "Settings cannot be saved" in lines[0]


@pytest.mark.concurrent
def test_a_data_folder_that_is_a_symlink_loop_is_said_as_one(tmp_path):
    folder = tmp_path / "data" / "pixel-mines"
    folder.parent.mkdir()
    folder.symlink_to("pixel-mines")
    result = no_traceback(run(tmp_path, "--stats"))
    assert result.returncode == 0
    assert "loop of symbolic links" in result.stderr and "File exists" not in result.stderr
    assert folder.is_symlink()  # left as it is


def crafted_replay(tmp_path, change):
    g, t = finished_game()
    data = json.loads(to_json(replay_of(g, elapsed_ms=t, source="text")))
    change(data)
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(data))
    return path


def set_move_time(data):
    data["moves"][-1]["t"] = 10**30


CRAFTED = {
    "moves an object": (
        lambda d: d.update(moves={"0": d["moves"][0]}),
        "'moves' must be a list of moves (got an object)",
    ),
    "moves missing": (lambda d: d.pop("moves"), "the 'moves' entry is missing"),
    "a move time of 10**30": (set_move_time, "time 1000000000000000000000000000000 is not"),
    "played_at an object": (
        lambda d: d.update(played_at={"y": 2026}),
        "'played_at' must be a date and time",
    ),
    "played_at not a date": (lambda d: d.update(played_at="yesterday"), "'played_at'"),
    "a seed past 2**64": (lambda d: d["board"].update(seed=2**64), "board 'seed' is"),
    "result time 10**30": (lambda d: d["result"].update(time_ms=10**30), "result 'time_ms' is"),
    "deaths of 10**30": (lambda d: d.update(deaths=10**30), "'deaths' is"),
}


@pytest.mark.concurrent
@pytest.mark.parametrize("case", list(CRAFTED))
def test_a_crafted_replay_is_refused_naming_the_field(tmp_path, case):
    change, words = CRAFTED[case]
    path = crafted_replay(tmp_path, change)
    result = no_traceback(run(tmp_path, "--text", "--replay", str(path)))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "crafted.json" in lines[0] and words in lines[0], lines


# ---- F4, F5: input that is not a player, or no input at all --------------------------------


def play_text(tmp_path, stdin):
    import io

    from game.engine import Difficulty
    from game.engine.boards import BoardChoice
    from game.text import play

    out = io.StringIO()
    history = History(kept=tmp_path / "kept")
    status = play(
        BoardChoice.standard(Difficulty.BEGINNER), seed=3, stdin=stdin, out=out, history=history
    )
    return status, out.getvalue()


class FakeTerminal:
    """Lines as a terminal gives them (isatty is True)."""

    def __init__(self, text):
        import io

        self._text = io.StringIO(text)

    def readline(self, limit=-1):
        return self._text.readline(limit)

    def isatty(self):
        return True


def test_one_line_longer_than_any_command_is_refused_and_play_goes_on(tmp_path):
    import io

    status, out = play_text(tmp_path, io.StringIO("r 4 4\n" + "x" * 5000 + "\nf 0 0\nq\n"))
    assert status == 0 and out.count("longer than any command") == 1
    assert "Your game is kept" in out  # the moves after the long line were played


def test_three_long_lines_in_a_row_from_a_pipe_keep_the_game_and_end_with_1(tmp_path, capsys):
    import io

    status, out = play_text(tmp_path, io.StringIO("r 4 4\n" + ("x" * 300 + "\n") * 3 + "q\n"))
    assert status == 1 and out.count("longer than any command") == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the game is kept" in err[0]
    assert journals(tmp_path / "kept")


def test_a_line_without_end_is_refused_in_bounded_memory_and_ends_with_1(tmp_path, capsys):
    import io

    status, out = play_text(tmp_path, io.StringIO("r 4 4\n" + "\0" * 1_000_000))
    assert status == 1 and out.count("longer than any command") == 1
    assert journals(tmp_path / "kept")


def test_at_a_terminal_long_lines_are_refused_and_play_goes_on(tmp_path):
    status, out = play_text(tmp_path, FakeTerminal("r 4 4\n" + ("x" * 300 + "\n") * 5 + "q\n"))
    assert status == 0 and out.count("longer than any command") == 5


def test_no_standard_input_at_all_is_the_end_of_input(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.stdin", None)  # as Python has it when started with `<&-`
    status, out = play_text(tmp_path, None)
    assert status == 0 and out.endswith("> \n")


def test_output_that_fails_keeps_the_game_and_is_said_once(tmp_path, monkeypatch, capsys):
    from game import app

    class Full:  # a disk that fills up once the first move is on its way
        writes = 0

        def write(self, text):
            Full.writes += 1
            if Full.writes > 40:
                raise OSError(28, "No space left on device")

        def flush(self):
            self.write("")

    import io

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", io.StringIO("r 4 4\nq\n"))
    monkeypatch.setattr("sys.stdout", Full())
    assert app.main(["--text", "--seed", "3"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["pixel-mines: cannot write the output (No space left on device); stopping."]
    assert journals(tmp_path / "data" / "pixel-mines" / "kept")


@pytest.mark.concurrent
@pytest.mark.skipif(not hasattr(os, "fork"), reason="closes the child's stdout before it starts")
def test_the_window_with_stdout_closed_plays_and_quits_with_0(tmp_path):
    env = env_for(tmp_path, PIXEL_MINES_QUIT_AFTER_MS="1000")
    result = subprocess.run(
        [python(), "main.py"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(1),
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and no_traceback(result).stderr == ""
