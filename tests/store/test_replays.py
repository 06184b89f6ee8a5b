"""Replays and kept games: written as data, read back exactly, broken ones named precisely."""

import gzip
import json

import pytest

from game.engine import Game, GameState, Move, MoveKind
from game.store.history import History
from game.store.replays import (
    ReplayError,
    load_replay,
    replay_of,
    save_replay,
)
from tests.keeping import keep, to_json


def played_game():
    g = Game(9, 9, 10, seed=21, question_marks=True)
    g.reveal(4, 4, at_ms=0)
    layout = g.layout()
    mine = next((r, c) for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*")
    g.toggle_flag(*mine, at_ms=700)
    g.toggle_flag(*mine, at_ms=900)  # a question mark
    g.toggle_flag(*mine, at_ms=1100)  # covered again
    g.toggle_flag(*mine, at_ms=1200)
    t = 1500
    for r, line in enumerate(layout):
        for c, ch in enumerate(line):
            if ch == "." and g.cell(r, c) == "#":
                g.reveal(r, c, at_ms=t)
                t += 250
    return g, t


def test_a_saved_replay_reads_back_to_the_same_moves_and_final_board(tmp_path):
    g, t = played_game()
    assert g.state is GameState.WON
    path = save_replay(replay_of(g, elapsed_ms=t, source="window"), tmp_path)
    replay = load_replay(path)
    assert replay.moves == g.moves
    assert replay.final_game().view() == g.view()
    assert replay.result["state"] == "won" and replay.first_click == (4, 4)
    # written compressed, named by its id and board, as a version 3 journal
    assert path.name.endswith("-9x9.jsonl.gz")
    lines = gzip.decompress(path.read_bytes()).decode("ascii").splitlines()
    assert json.loads(lines[0])["version"] == 3


def test_a_damaged_or_cut_compressed_replay_is_refused_or_read_as_far_as_it_goes(tmp_path):
    g, t = played_game()
    path = save_replay(replay_of(g, elapsed_ms=t, source="window"), tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-12])  # its last bytes lost: the lines it still holds are the game
    assert load_replay(path).moves == g.moves
    path.write_bytes(data[:10] + bytes(b ^ 0xFF for b in data[10:30]) + data[30:])
    with pytest.raises(ReplayError, match="damaged compressed replay"):
        load_replay(path)
    bomb = gzip.compress(b" " * (70 * 2**20))  # unpacks past the cap: refused, not unpacked
    path.write_bytes(bomb)
    with pytest.raises(ReplayError, match="unpacks to over 64 MiB"):
        load_replay(path)


def broken(tmp_path, edit):
    g, t = played_game()
    data = json.loads(to_json(replay_of(g, elapsed_ms=t, source="text")))
    edit(data)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return path


def test_a_truncated_file_is_named(tmp_path):
    g, t = played_game()
    path = tmp_path / "cut.json"
    path.write_text(to_json(replay_of(g, elapsed_ms=t, source="text"))[:300])
    with pytest.raises(ReplayError, match=f"{path} is not complete"):
        load_replay(path)


def test_a_future_version_is_refused_with_its_number(tmp_path):
    path = broken(tmp_path, lambda d: d.update(version=7))
    with pytest.raises(ReplayError, match="newer Pixel Mines \\(format 7"):
        load_replay(path)


def test_an_impossible_move_is_named_by_its_number(tmp_path):
    def edit(d):
        d["moves"][3]["cell"] = d["moves"][0]["cell"]  # open the first cell again
        d["moves"][3]["kind"] = "open"
        d["moves"][3].pop("mark", None)

    with pytest.raises(ReplayError, match="move 4 \\(open at \\(4, 4\\)\\) is not possible"):
        load_replay(broken(tmp_path, edit))


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda d: d["moves"][1].update(kind="explode"), "move 2: kind 'explode'"),
        (lambda d: d["moves"][1].update(cell=[99, 0]), "move 2: cell [99, 0] is not on the board"),
        (lambda d: d["moves"][2].update(t=-5), "move 3: time -5"),
        (lambda d: d["moves"][1].pop("mark"), "move 2: a flag move needs a mark"),
        (lambda d: d["board"].update(layout=["*"]), "board 'layout' must be 9 rows"),
        (lambda d: d.update(format="something else"), "is not a Pixel Mines replay"),
        (lambda d: d.pop("moves"), "'moves' entry is missing"),
    ],
)
def test_each_kind_of_bad_entry_gets_its_message(tmp_path, edit, words):
    with pytest.raises(ReplayError, match=words.replace("[", "\\[").replace("(", "\\(")):
        load_replay(broken(tmp_path, edit))


def test_a_kept_game_comes_back_exactly_and_a_broken_one_is_set_aside(tmp_path):
    g = Game(16, 30, 99, seed=5)
    g.play(Move(MoveKind.OPEN, 8, 8), at_ms=0)
    g.play(Move(MoveKind.FLAG, 0, 0), at_ms=400)
    path = keep(tmp_path, g, 4321, "window")
    (kept,), messages = History(kept=tmp_path).take_kept()
    assert messages == [] and kept.replay.elapsed_ms == 4321
    assert kept.replay.final_game().view() == g.view()
    kept.journal.close()
    # damaged in its whole first line (one with no whole line had no move: tests/store/
    # test_kept_edges.py)
    path.write_text('{"format": "pixel-mines-replay", "version": 2, "board": \n{"t": 0}\n')
    found, messages = History(kept=tmp_path).take_kept()
    assert found == [] and not path.exists()
    assert f"moved to {path.name}.corrupt-" in messages[0]
    assert History(kept=tmp_path).take_kept() == ([], [])
