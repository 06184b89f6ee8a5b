"""The second fault hunt (issue 21), one test per finding: what a file, a pipe or an argument
did to the game, and what it does instead (ends without a traceback, loses nothing, and where
a file was at fault says one line naming it)."""

import json
import subprocess

from game.store.history import History
from game.store.replays import MAX_TIME_MS, new_game_id, replay_of, to_json
from game.store.stats import Stats
from tests.badfiles import ROOT, env_for, python
from tests.test_faults import finished_game, record


def run(tmp_path, *args, stdin="q\n", timeout=60, **kw):
    return subprocess.run([python(), "main.py", *args], cwd=ROOT, env=env_for(tmp_path),
                          input=stdin, capture_output=True, text=True, timeout=timeout,
                          **kw)  # fmt: skip


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
    history = History(Stats(tmp_path / "stats.sqlite3"), kept=kept)
    replay, messages = history.take_kept()
    assert replay is None and len(messages) == 1
    assert "kept-game.json" in messages[0] and "elapsed_ms" in messages[0]
    assert f"{MAX_TIME_MS:,}" in messages[0]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("kept-game.json.corrupt-")]
    assert len(aside) == 1 and json.loads(aside[0].read_text())["elapsed_ms"] == 10**30
    done = history.finished(g, t, "text", game_id=new_game_id())
    assert done.new is not None and history.stats.summary("beginner").played == 1


def test_the_issues_repro_of_a_kept_game_of_10_to_the_30_ms_starts_and_records(tmp_path):
    first = no_traceback(run(tmp_path, "--text", "--seed", "5", "--difficulty", "beginner",
                             stdin="r 4 4\nq\n"))  # fmt: skip
    assert first.returncode == 0
    kept = tmp_path / "data" / "pixel-mines" / "kept-game.json"
    data = json.loads(kept.read_text())
    data["elapsed_ms"] = 10**30
    data["moves"][-1]["t"] = 10**30
    kept.write_text(json.dumps(data))
    runs = [no_traceback(run(tmp_path, "--text", stdin="y\nq\n")) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0]  # this start and every later one
    said = runs[0].stderr.strip().splitlines()
    assert len(said) == 1 and "kept-game.json" in said[0] and "elapsed_ms" in said[0]
    assert runs[1].stderr == ""
    assert any(p.name.startswith("kept-game.json.corrupt-") for p in kept.parent.iterdir())
