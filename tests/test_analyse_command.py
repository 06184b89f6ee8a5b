"""`pixel-mines --analyse REPLAY` (and `--json`): what it prints for good replays of either
version, and that a bad file gets exactly the one line `--replay` gives it."""

import json

from game import app
from game.analysis_text import move_line, summary
from game.engine.game_analysis import analyse_game
from game.engine.walk import move_events
from game.store.replays import load_replay
from tests.keeping import to_json
from tests.test_command_line import refused, replay_cases
from tests.ui.test_window import replay_file

KEYS = {
    "n",
    "kind",
    "row",
    "col",
    "t_ms",
    "proven",
    "p_mine",
    "lowest_p",
    "off_frontier_p",
    "verdict",
}


def saved(tmp_path, version=2):
    """The lost game of tests/ui/test_window.py's replay: an opening, two flags, a mine."""
    path, _ = replay_file(tmp_path)
    if version == 1:
        old = tmp_path / "old.json"
        old.write_text(to_json(load_replay(path)))
        return old
    return path


def expected(path):
    replay = load_replay(path)
    return analyse_game(replay.layout, move_events(replay.moves))


def test_it_prints_the_summary_then_a_line_per_guess_or_mistake(capsys, tmp_path):
    path = saved(tmp_path)
    assert app.main(["--analyse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    report = expected(path)
    plain = [summary(report), *(move_line(m) for m in report.moves if m.verdict.value != "sure")]
    assert lines[0] == "Cells are (row, column), counted from 0 at the top left."
    assert lines[1:] == [line.replace("\u00a0", " ") for line in plain]
    assert lines[1].startswith("1 guess (")
    assert lines[2].startswith("move 4 at (8, 8), 4.0 s: a guess, ")


def test_json_is_one_object_a_move_with_the_issues_keys_and_a_summary_last(capsys, tmp_path):
    path = saved(tmp_path)
    assert app.main(["--analyse", str(path), "--json"]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [set(o) for o in objects[:-1]] == [KEYS] * 4
    assert [(o["n"], o["kind"]) for o in objects[:-1]] == [
        (1, "open"),
        (2, "flag"),
        (3, "flag"),
        (4, "open"),
    ]
    assert [o["verdict"] for o in objects[:-1]] == ["sure", "sure", "sure", "guess"]
    assert objects[0]["proven"] == "safe" and objects[0]["p_mine"] is None
    report = expected(path)
    assert objects[3]["p_mine"] == report.moves[3].p_mine > 0
    assert objects[-1] == {
        "summary": True,
        "guesses": 1,
        "survival": report.survival,
        "avoidable": 0,
        "mistakes": 0,
    }


def test_a_version_1_replay_is_analysed_too(capsys, tmp_path):
    path = saved(tmp_path, version=1)
    assert app.main(["--analyse", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == summary(expected(path)).replace("\u00a0", " ")


def test_a_bad_file_gets_the_same_one_line_as_replay(capsys, monkeypatch, tmp_path):
    for value in replay_cases(tmp_path):
        if value == "":
            continue  # named by the option: "--analyse needs the name of a replay file"
        theirs = refused(capsys, ["--replay", value], monkeypatch, tmp_path)
        ours = refused(capsys, ["--analyse", value], monkeypatch, tmp_path)
        assert ours == theirs, value


def test_json_without_analyse_and_analyse_with_another_board_are_refused(
    capsys, monkeypatch, tmp_path
):
    assert "--json goes with --analyse" in refused(capsys, ["--json"], monkeypatch, tmp_path)
    line = refused(capsys, ["--analyse", "x.jsonl", "--daily"], monkeypatch, tmp_path)
    assert "choose one of" in line
    assert "--analyse needs" in refused(capsys, ["--analyse", ""], monkeypatch, tmp_path)
