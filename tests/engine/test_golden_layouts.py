"""The same board code is the same board everywhere and in every version: layouts recorded once.

tests/engine/data/golden_layouts.json holds the layouts that board codes and daily boards gave
when no-guess boards were still laid against a clock (so the change to counted work is checked
to keep them): standard and large no-guess boards, daily boards, and one request too dense to be
made no-guess, which falls back to a plain board. Large layouts are kept as a SHA-256 of their
rows joined by newlines.
"""

import hashlib
import json
from datetime import date
from pathlib import Path

import pytest

from game.engine.codes import daily, decode, encode

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_layouts.json").read_text())
BOARDS = GOLDEN["boards"]


def digest(layout: list[str]) -> str:
    return hashlib.sha256("\n".join(layout).encode()).hexdigest()


@pytest.mark.parametrize("board", BOARDS, ids=[b["code"] for b in BOARDS])
def test_a_board_code_still_lays_its_recorded_board(board):
    game = decode(board["code"]).game()
    layout = game.layout()
    if "layout" in board:
        assert layout == board["layout"]
    else:
        assert digest(layout) == board["layout_sha256"]
    assert game.no_guess_failed == board["no_guess_failed"]


@pytest.mark.parametrize("board", [b for b in BOARDS if "daily" in b], ids=lambda b: b["daily"])
def test_a_daily_board_still_has_its_recorded_code(board):
    assert encode(daily(date.fromisoformat(board["daily"]))) == board["code"]


def test_the_recorded_boards_include_a_fallback_and_a_large_board():
    assert any(b["no_guess_failed"] for b in BOARDS)
    assert any(decode(b["code"]).rows * decode(b["code"]).cols >= 40_000 for b in BOARDS)
