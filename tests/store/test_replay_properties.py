"""Any bytes into the replay and kept-game readers: a clean error or a valid game, never anything
else. Derandomized, so a failure shows up on every run and reproduces as printed."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Game
from game.store import replays as replays_module
from game.store.history import History
from game.store.replays import MAX_MOVES, Replay, ReplayError, load_replay, replay_of
from tests.keeping import to_json

PROPERTY = settings(
    derandomize=True, max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _played() -> dict:
    g = Game(9, 9, 10, seed=8, question_marks=True)
    g.reveal(4, 4, at_ms=0)
    covered = [(r, c) for r in range(9) for c in range(9) if g.cell(r, c) == "#"]
    g.toggle_flag(*covered[0], at_ms=300)
    g.toggle_flag(*covered[0], at_ms=400)
    g.toggle_flag(*covered[1], at_ms=500)
    return json.loads(to_json(replay_of(g, elapsed_ms=900, source="window")))


GOOD = _played()

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [10**4000, -1, 0, 9, 200, 201, "open", "flag", "chord", "F", "?", "#", "*", ".", "opening"]
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(data: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a decoded JSON value (as a tuple of keys and indexes)."""
    found = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            found += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):
            found += paths(v, (*prefix, i))
    return found


@st.composite
def mutated_replays(draw) -> bytes:
    """A good replay with a few entries replaced, removed or added."""
    data = json.loads(json.dumps(GOOD))
    for _ in range(draw(st.integers(1, 4))):
        places = paths(data)
        place = draw(st.sampled_from(places[1:]))
        *parent_keys, key = place
        parent = data
        for k in parent_keys:
            parent = parent[k]
        action = draw(st.sampled_from(["replace", "remove", "duplicate"]))
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "remove" and isinstance(parent, dict):
            del parent[key]
        elif action == "remove":
            parent.pop(key)
        elif isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
    return json.dumps(data).encode()


@st.composite
def damaged_bytes(draw) -> bytes:
    """A good replay's bytes with a few bytes changed, cut out or put in."""
    raw = bytearray(json.dumps(GOOD).encode())
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(raw)))
        what = draw(st.sampled_from(["flip", "cut", "insert"]))
        if what == "flip" and at < len(raw):
            raw[at] = draw(st.integers(0, 255))
        elif what == "cut":
            del raw[at : at + draw(st.integers(1, 40))]
        else:
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
    return bytes(raw)


any_input = st.binary(max_size=3000) | mutated_replays() | damaged_bytes()


def check_valid(replay: Replay) -> None:
    """What a reader may hand back: a game that plays to its end and writes itself back."""
    assert len(replay.moves) <= MAX_MOVES
    game = replay.final_game()
    assert len(game.moves) == len(replay.moves)
    again = json.loads(to_json(replay))
    assert again["board"]["layout"] == replay.layout


@PROPERTY
@given(data=any_input)
def test_any_bytes_give_a_replay_error_or_a_valid_game(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "replay.json"
        path.write_bytes(data)
        try:
            replay = load_replay(path)
        except ReplayError as e:
            message = str(e)
            assert message and "\n" not in message and str(path) in message
            assert len(message) < 400 + len(str(path))
        else:
            check_valid(replay)
        assert path.read_bytes() == data  # a replay is only read


@PROPERTY
@given(data=any_input)
def test_any_bytes_as_a_kept_game_give_a_game_or_one_line_and_the_file_aside(data):
    """Either version: a kept journal or the one kept file of versions before 2."""
    for name in ("20261130-120000-0123456789ab.jsonl", "kept-game.json"):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / name
            path.write_bytes(data)
            legacy = path if name == "kept-game.json" else None
            found, messages = History(kept=Path(folder), legacy=legacy).take_kept()
            aside = list(Path(folder).glob(f"{name}.corrupt-*"))
            if found:
                assert messages == [] and len(found) == 1
                check_valid(found[0].replay)
                found[0].journal.close()
            elif messages:
                assert len(messages) == 1 and "\n" not in messages[0]
                assert len(aside) == 1 and aside[0].read_bytes() == data
                assert not path.exists()
            else:  # read, and nothing had been played on it: not kept
                assert not aside and not path.exists()


# ---- decoding piece by piece (issue 21) ------------------------------------------------------

JSON_SPACE = st.sampled_from(["", " ", "\n", "\t ", "\r\n  "])


@PROPERTY
@given(value=json_values, indent=st.sampled_from([None, 0, 1, 4]), space=JSON_SPACE)
def test_decoding_piece_by_piece_gives_what_json_gives(value, indent, space, monkeypatch_once):
    text = space + json.dumps(value, indent=indent) + space
    assert replays_module.decode_json(text) == json.loads(text)


@PROPERTY
@given(text=st.text(alphabet='[]{},:" \n0123456789.-eEtrufalsn\\x', max_size=40))
def test_decoding_piece_by_piece_refuses_what_json_refuses(text, monkeypatch_once):
    try:
        expected = json.loads(text)
    except (ValueError, RecursionError) as e:
        expected = type(e)
    try:
        got = replays_module.decode_json(text)
    except (ValueError, RecursionError) as e:
        got = type(e)
    assert got == expected or (expected is json.JSONDecodeError and got is json.JSONDecodeError)


@pytest.fixture(scope="module")
def monkeypatch_once():
    """Every text decoded piece by piece, however short (hypothesis runs many examples in one
    test, so the patch is made once for the module)."""
    patch = pytest.MonkeyPatch()
    patch.setattr(replays_module, "WHOLE_AT_ONCE", -1)
    yield
    patch.undo()
