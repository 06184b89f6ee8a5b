"""The solver gives the same hints as before its speed work (issue 22), on seeded boards.

tests/engine/data/golden_hints.json was written by the solver of commit ab485e7: per board, the
hints of a bot that opens every hinted cell from the first click on (all of them, or the first
few on 200x200 boards), each as (row, col, safe, probability, digest of the reason and evidence).
A hint that changes, however slightly, fails here. Issue 43 changed the words of two guesses'
reasons (a guess riskier than the safest cell names it), not their cells nor their chances:
those two digests were written again.
"""

import hashlib
import json
import random
from pathlib import Path

import pytest

from game.engine import Game, GameState, SafeZone
from game.engine.solver import hint

CASES = json.loads((Path(__file__).parent / "data" / "golden_hints.json").read_text())


def digest(h) -> list:
    text = repr((h.reason, h.kind, h.numbers, h.proven_mines, h.proven_safe, h.approximate))
    return [
        h.cell[0],
        h.cell[1],
        h.safe,
        h.probability,
        hashlib.sha1(text.encode()).hexdigest()[:16],
    ]


def play(rows, cols, mines, seed, click, count) -> list:
    game = Game(rows, cols, mines, seed=seed, safe_zone=SafeZone.OPENING, question_marks=True)
    game.reveal(*click)
    out = []
    while game.state is GameState.PLAYING and (not count or len(out) < count):
        h = hint(game.view(), mines)
        out.append(digest(h))
        game.reveal(*h.cell)
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: "x".join(map(str, c["board"])))
def test_the_same_position_gives_the_same_hint_as_before(case):
    rows, cols, mines, seed = case["board"]
    assert play(rows, cols, mines, seed, case["click"], case["hints"]) == case["expected"]


def test_the_check_sees_a_changed_hint():
    case = CASES[0]
    changed = [list(x) for x in case["expected"]]
    changed[0][4] = "0" * 16
    rows, cols, mines, seed = case["board"]
    assert play(rows, cols, mines, seed, case["click"], case["hints"]) != changed


def test_single_numbers_stopped_early_choose_what_the_whole_sweep_chooses():
    # hint stops the single-number sweep once nothing later can rank above its best safe cell
    from game.engine.solver.deduction import Deduction
    from game.engine.solver.position import parse

    rng = random.Random(22)
    compared = 0
    for _ in range(150):
        rows, cols = rng.randint(5, 40), rng.randint(5, 40)
        game = Game(rows, cols, rng.randint(1, rows * cols // 4), seed=rng.randrange(2**32))
        game.reveal(rng.randrange(rows), rng.randrange(cols))
        for _ in range(rng.randint(0, 30)):
            if game.state is not GameState.PLAYING:
                break
            h = hint(game.view(), game.mines, lookahead=False)
            game.reveal(*h.cell)
        if game.state is not GameState.PLAYING:
            continue
        pos = parse(game.view(), game.mines)
        whole, early = Deduction(pos), Deduction(pos)
        found, quick = whole.run(max_level=2), early.run(max_level=2, best_only=True)
        assert bool(found) == bool(quick)
        if found:
            compared += 1
            assert whole.explain(found) == early.explain(quick)
            assert set(quick) <= set(found)
    assert compared > 50
