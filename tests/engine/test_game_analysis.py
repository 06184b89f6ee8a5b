"""The analysis of a game (docs/RULES.md, "The analysis of a game"): its chances checked
against every layout of small boards counted one by one, its verdicts on games drawn as ASCII
pictures with the values worked out by hand in the comments."""

import itertools
import json
import random
from dataclasses import replace

import pytest

from game.analysis_text import move_line, percent, summary, why_words
from game.engine import Game, Move, MoveKind
from game.engine.cells import ViewChar
from game.engine.game_analysis import Analyser, Mistake, Verdict, analyse_game
from game.engine.walk import Walk, move_events


def opened(kind, cell, mark=None, t=0):
    line = {"t": t, "e": "move", "kind": kind, "cell": list(cell), "did": "done"}
    if mark is not None:
        line["mark"] = mark
    return line


def events_of(game: Game) -> list[dict]:
    return move_events(game.moves)


# ---- brute force: every layout that fits the view, counted one by one -------------------


def enumerate_chances(view: list[str], mines: int):
    """Each covered cell's chance of a mine over every layout of `mines` mines that fits the
    open numbers (flags are covered cells), and the layouts themselves."""
    rows, cols = len(view), len(view[0])
    covered = [(r, c) for r in range(rows) for c in range(cols) if not ViewChar(view[r][c]).is_open]
    numbers = [
        ((r, c), ViewChar(view[r][c]).mines_around)
        for r in range(rows)
        for c in range(cols)
        if ViewChar(view[r][c]).is_open
    ]
    fits = []
    for chosen in itertools.combinations(covered, mines):
        mined = set(chosen)
        if all(
            sum((r + dr, c + dc) in mined for dr in (-1, 0, 1) for dc in (-1, 0, 1)) == v
            for (r, c), v in numbers
        ):
            fits.append(mined)
    assert fits, "the view fits no layout"
    return {cell: sum(cell in m for m in fits) / len(fits) for cell in covered}, fits


def random_game(rng: random.Random, rows: int, cols: int, mines: int) -> Game:
    """A game played at random from a safe first opening: openings mostly of safe cells (so it
    goes on), some anywhere, flags right and wrong, and chords."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    layout_cells = set(rng.sample(cells, mines))
    layout = [
        "".join("*" if (r, c) in layout_cells else "." for c in range(cols)) for r in range(rows)
    ]
    game = Game.from_layout(layout)
    game.play(Move(MoveKind.OPEN, *rng.choice([c for c in cells if c not in layout_cells])))
    while not game.state.is_over and len(game.moves) < 40:
        view = game.view()
        covered = [c for c in cells if view[c[0]][c[1]] in "#F?"]
        numbers = [c for c in cells if view[c[0]][c[1]] in "12345678"]
        roll = rng.random()
        if roll < 0.55:
            safe = [c for c in covered if c not in layout_cells and view[c[0]][c[1]] != "F"]
            if safe:
                game.play(Move(MoveKind.OPEN, *rng.choice(safe)))
            else:  # every safe cell left is flagged: take a flag off
                game.play(Move(MoveKind.FLAG, *rng.choice(covered)))
        elif roll < 0.7:
            game.play(Move(MoveKind.OPEN, *rng.choice(covered)))
        elif roll < 0.85:
            game.play(Move(MoveKind.FLAG, *rng.choice(covered)))
        elif numbers:
            game.play(Move(MoveKind.CHORD, *rng.choice(numbers)))
    return game


def turns_and_views(layout, events):
    walk = Walk(layout, events)
    for turn in walk:
        yield turn, walk.game.view()


BOARDS = [(4, 4, 3), (4, 5, 4), (5, 5, 3), (3, 6, 4)]


@pytest.mark.parametrize("rows,cols,mines", BOARDS)
def test_every_chance_equals_the_count_of_every_layout(rows, cols, mines):
    rng = random.Random(f"brute {rows}x{cols}")
    checked = 0
    for _ in range(12):
        game = random_game(rng, rows, cols, mines)
        events = events_of(game)
        report = analyse_game(game.layout(), events)
        for (turn, view), move in zip(
            turns_and_views(game.layout(), events), report.moves, strict=True
        ):
            if turn.first_opening:
                continue
            chances, fits = enumerate_chances(view, mines)
            low = min(chances.values())
            assert move.lowest_p == pytest.approx(low, abs=1e-12)
            off = [
                c
                for c in chances
                if not any(
                    ViewChar(view[r][k]).is_open
                    for r in range(max(0, c[0] - 1), c[0] + 2)
                    for k in range(max(0, c[1] - 1), c[1] + 2)
                    if r < rows and k < cols
                )
            ]
            if off:
                assert move.off_frontier_p == pytest.approx(chances[off[0]], abs=1e-12)
            else:
                assert move.off_frontier_p is None
            targets = turn.targets or ((move.row, move.col),)
            some_mine = sum(any(t in m for t in targets) for m in fits) / len(fits)
            if move.proven is None:
                assert move.p_mine == pytest.approx(some_mine, abs=1e-12)
            else:
                assert move.p_mine is None
                if move.kind in ("open", "chord"):
                    assert some_mine == (1.0 if move.proven == "mine" else 0.0)
            checked += 1
    assert checked > 60


@pytest.mark.parametrize("rows,cols,mines", BOARDS)
def test_a_reveal_every_layout_keeps_safe_is_never_a_guess(rows, cols, mines):
    rng = random.Random(f"never a guess {rows}x{cols}")
    sure = 0
    for _ in range(12):
        game = random_game(rng, rows, cols, mines)
        events = events_of(game)
        report = analyse_game(game.layout(), events)
        for (turn, view), move in zip(
            turns_and_views(game.layout(), events), report.moves, strict=True
        ):
            if turn.first_opening or not turn.targets:
                continue
            _, fits = enumerate_chances(view, mines)
            if not any(t in m for m in fits for t in turn.targets):
                assert move.verdict is not Verdict.GUESS and move.verdict is not Verdict.AVOIDABLE
                assert move.proven == "safe"
                sure += 1
    assert sure > 10


# ---- games drawn by hand ----------------------------------------------------------------

# Mines at (0,0) and (1,4). Opening (0,2), a 0, opens the middle:
#   # 1 . 1 # #      the 1s on the left share (0,0) and (1,0): one mine, 50/50;
#   # 1 . 1 # #      those on the right share (0,4) and (1,4): one mine, 50/50.
# Two mines in all, both there: (0,5) and (1,5) are proven safe by the count.
TWO_SIDES = ["*.....", "....*."]
TWO_SIDES_GAME = [
    opened("open", (0, 2)),  # the first opening: sure
    opened("open", (1, 0), t=1000),  # 50 %, while (0,5) and (1,5) are proven safe: avoidable
    opened("open", (0, 5), t=2000),  # sure (the count)
    opened("open", (1, 5), t=3000),  # sure
    opened("open", (0, 4), t=4000),  # 50 %, nothing proven safe: a guess; it wins
]


def test_a_game_with_one_50_50_guess_and_one_avoidable_guess_gets_that_summary():
    report = analyse_game(TWO_SIDES, TWO_SIDES_GAME)
    assert [m.verdict for m in report.moves] == [
        Verdict.SURE,
        Verdict.AVOIDABLE,
        Verdict.SURE,
        Verdict.SURE,
        Verdict.GUESS,
    ]
    assert summary(report) == (
        "2 guesses (50\u00a0%, 50\u00a0%): 25\u00a0% chance to survive them; "
        "1 avoidable; no mistakes"
    )


def test_the_safest_cells_and_the_cells_off_the_frontier_are_named():
    report = analyse_game(TWO_SIDES, TWO_SIDES_GAME)
    avoidable = report.moves[1]
    assert avoidable.p_mine == pytest.approx(0.5)
    assert avoidable.lowest_p == 0.0
    assert avoidable.lowest_cells == ()  # (0,5) and (1,5) touch no number:
    assert avoidable.lowest_off_frontier and avoidable.off_frontier_p == 0.0
    # its line says where a safe cell was (the count proves every cell off the frontier safe)
    assert move_line(avoidable).endswith("(the safest then 0\u00a0%: any cell touching no number)")
    line = move_line(replace(avoidable, lowest_cells=((3, 4), (5, 6))))
    assert line.endswith("(the safest then 0\u00a0%: (3, 4))")


def test_the_survival_is_the_product_over_the_guesses():
    report = analyse_game(TWO_SIDES, TWO_SIDES_GAME)
    assert report.survival == pytest.approx(0.25)
    assert report.summary_json() == {
        "summary": True,
        "guesses": 2,
        "survival": 0.25,
        "avoidable": 1,
        "mistakes": 0,
    }


# Mines at (1,1) and (2,3). Opening (0,3), a 0, opens (0,2) 1, (1,2) 2 and (1,3) 1:
#   # # 1 .      (0,2)'s 1: one mine in (0,1), (1,1); (1,3)'s 1: one in (2,2), (2,3).
#   # * 2 1      Two mines in all: (0,0), (1,0), (2,0) and (2,1) are proven safe by the
#   # # # *      count, and each pair is a 50/50.
CORNER = ["....", ".*..", "...*"]


def test_a_flag_on_a_proven_safe_cell_and_a_chord_around_it_are_mistakes():
    events = [
        opened("open", (0, 3)),
        opened("flag", (2, 1), "F"),  # (2,1) is proven safe
        opened("flag", (1, 1), "F"),  # right, but a 50/50: no mistake
        opened("chord", (1, 2)),
    ]  # two flags round the 2, one wrong: a mine opens
    report = analyse_game(CORNER, events)
    kinds = [(m.kind, m.verdict) for m in report.moves]
    assert kinds == [
        ("open", Verdict.SURE),
        ("flag", Verdict.MISTAKE),
        ("flag", Verdict.SURE),
        ("chord", Verdict.MISTAKE),
    ]
    assert report.moves[2].p_mine == pytest.approx(0.5)
    assert report.moves[3].why is Mistake.CHORDED_WRONG_FLAG
    assert why_words(report.moves[3].why) == "chorded around a wrong flag"
    assert summary(report) == "no guesses; 2 mistakes"


def test_opening_a_proven_mine_is_a_mistake_not_a_guess():
    # (2,0) opens a 1 that sees (1,0), (1,1), (2,1): only (1,1) is not proven safe
    events = [opened("open", (0, 3)), opened("open", (2, 0)), opened("open", (1, 1))]
    report = analyse_game(CORNER, events)
    last = report.moves[-1]
    assert (last.proven, last.p_mine, last.verdict) == ("mine", None, Verdict.MISTAKE)
    assert summary(report) == "no guesses; 1 mistake"


def test_a_chord_on_unproven_flags_risks_any_of_the_cells_it_opens():
    # flags on (1,1) and (2,3), both right, neither proven; the chord of the 2 opens (0,1),
    # (2,1) and (2,2): all safe only in 1 of the 4 ways the two pairs can hold their mines
    events = [
        opened("open", (0, 3)),
        opened("flag", (1, 1), "F"),
        opened("flag", (2, 3), "F"),
        opened("chord", (1, 2)),
    ]
    chord = analyse_game(CORNER, events).moves[-1]
    assert chord.verdict is Verdict.AVOIDABLE  # (0,0), (1,0) and (2,0) were proven safe
    assert chord.p_mine == pytest.approx(3 / 4)


def test_undo_takes_back_what_was_proven():
    undo = {"t": 0, "e": "undo"}
    events = [opened("open", (0, 2)), opened("open", (0, 5)), undo, undo, opened("open", (0, 5))]
    report = analyse_game(TWO_SIDES, events)
    assert [m.verdict for m in report.moves] == [Verdict.SURE, Verdict.SURE, Verdict.GUESS]
    assert report.moves[-1].p_mine == pytest.approx(2 / 12)  # all covered again


def test_a_version_1_replay_is_analysed_from_its_moves():
    game = Game.from_layout(TWO_SIDES)
    for cell in [(0, 2), (1, 0), (0, 5), (1, 5), (0, 4)]:
        game.play(Move(MoveKind.OPEN, *cell))
    assert summary(analyse_game(TWO_SIDES, move_events(game.moves))).startswith("2 guesses")


def test_the_analysis_runs_in_steps_and_says_how_far_it_is():
    analyser = Analyser(TWO_SIDES, TWO_SIDES_GAME)
    seen = [analyser.progress]
    while analyser.step():
        seen.append(analyser.progress)
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)
    assert len(analyser.result().moves) == 5


def test_each_move_as_json_has_exactly_the_keys_of_the_issue():
    line = json.loads(json.dumps(analyse_game(TWO_SIDES, TWO_SIDES_GAME).moves[1].as_json()))
    assert set(line) == {
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
    assert (line["n"], line["kind"], line["t_ms"], line["verdict"]) == (
        2,
        "open",
        1000,
        "avoidable",
    )


def test_next_of_note_jumps_over_sure_moves():
    report = analyse_game(TWO_SIDES, TWO_SIDES_GAME)
    assert report.next_of_note(0) == 1
    assert report.next_of_note(1) == 4
    assert report.next_of_note(4) is None
    assert report.next_of_note(4, -1) == 1


def test_chances_are_written_in_whole_percent_unless_that_reads_as_certain():
    assert [percent(p) for p in (0.5, 0.123, 0.004, 0.0004, 0.996, 0.0, 1.0)] == [
        "50\u00a0%",
        "12\u00a0%",
        "0.4\u00a0%",
        "<0.1\u00a0%",
        "99.6\u00a0%",
        "0\u00a0%",
        "100\u00a0%",
    ]


def test_no_guesses_and_no_mistakes_says_so():
    events = [opened("open", (0, 3)), opened("open", (2, 0)), opened("flag", (1, 1), "F")]
    assert summary(analyse_game(CORNER, events)) == "no guesses; no mistakes"


def test_positions_show_the_game_before_each_move_forwards_and_backwards(monkeypatch):
    import game.engine.walk as walk

    monkeypatch.setattr(walk, "SNAPSHOT_EVERY", 2)
    undo = {"t": 0, "e": "undo"}
    events = [
        opened("open", (0, 2)),
        opened("open", (0, 5)),
        undo,
        opened("open", (1, 5)),
        opened("open", (1, 0)),
    ]
    views = [view for _, view in turns_and_views(TWO_SIDES, events)]
    positions = walk.Positions(TWO_SIDES, events)
    assert len(positions) == 4
    for i in [0, 1, 2, 3, 1, 0, 3, 2]:
        assert positions.show(i).view() == views[i], i
    assert positions.show(4).cell(1, 0) == "1"


@pytest.mark.parametrize("every, trail", [(1, 1), (2, 1), (3, 2), (50, 64)])
def test_positions_in_any_order_are_the_game_played_to_them(monkeypatch, every, trail):
    """Steps back taken from the positions just walked through, from a copy kept, or played
    again from one: each is the game as a fresh walk has it, undo and redo included."""
    import game.engine.walk as walk

    monkeypatch.setattr(walk, "SNAPSHOT_EVERY", every)
    monkeypatch.setattr(walk, "TRAIL", trail)
    undo, redo = {"t": 0, "e": "undo"}, {"t": 0, "e": "redo"}
    events = [
        opened("open", (0, 2)),
        opened("flag", (0, 0), "F"),
        undo,
        redo,
        opened("open", (0, 5)),
        undo,
        opened("open", (1, 5)),
        opened("flag", (0, 0), "#"),
        opened("open", (1, 0)),
    ]
    views = [view for _, view in turns_and_views(TWO_SIDES, events)]
    positions = walk.Positions(TWO_SIDES, events)
    order = random.Random(7).choices(range(len(views)), k=60)
    for i in order + [0, 1, 2, 3, 4, 3, 2, 1, 0]:
        assert positions.show(i).view() == views[i], i


def test_a_short_summary_names_fewer_risks():
    report = analyse_game(TWO_SIDES, TWO_SIDES_GAME)
    assert summary(report, listed=1).startswith("2 guesses (50\u00a0%, 1 more): 25\u00a0% chance")
    assert summary(report, listed=0).startswith("2 guesses: 25\u00a0% chance to survive them;")


def test_the_measures_count_the_same_guesses_as_the_analysis():
    # the result notice shows both: a mistake (a proven mine opened, a chord round a wrong
    # flag) is no guess in either, so its table and its summary line never disagree
    from game.engine.game_measures import measures_of

    games = [
        (CORNER, [opened("open", (0, 3)), opened("open", (2, 0)), opened("open", (1, 1))]),
        (
            CORNER,
            [
                opened("open", (0, 3)),
                opened("flag", (2, 1), "F"),
                opened("flag", (1, 1), "F"),
                opened("chord", (1, 2)),
            ],
        ),
        (TWO_SIDES, TWO_SIDES_GAME),
    ]
    rng = random.Random(7)
    for _ in range(25):
        game = random_game(rng, 5, 6, 7)
        games.append((game.layout(), events_of(game)))
    for layout, events in games:
        report = analyse_game(layout, events)
        assert measures_of(layout, events, 1_000).guesses == len(report.guesses), (layout, events)


def test_a_guess_elsewhere_than_the_hints_better_guess_names_it():
    # Expert game 5 as the hints play it, to its 72nd move: the hints then guess (0, 11) at 17%,
    # riskier than the safest cell (12, 15) at 14%, as likelier to open up the board
    # (tests/engine/test_guess_policy.py). The player opens (12, 15) instead.
    from game.engine import Difficulty
    from game.engine.solver import hint
    from game.ui.analysis_words import move_words

    game = Game.from_difficulty(Difficulty.EXPERT, seed=5)
    game.reveal(3, 3)
    for _ in range(72):
        game.reveal(*hint(game.view(), game.mines).cell)
    game.reveal(12, 15)
    report = analyse_game(game.layout(), events_of(game))
    last = report.moves[-1]
    assert (last.row, last.col, last.verdict) == (12, 15, Verdict.GUESS)
    assert (last.better, last.better_why) == ((0, 11), "opens more")
    assert last.better_p == pytest.approx(1 / 6)
    assert move_line(last).endswith(
        "the better guess was (0, 11), 17\u00a0% risk: riskier than the safest, but it is likelier "
        "to open up the board"
    )
    assert json.loads(json.dumps(last.as_json()))["better"] == [0, 11]
    assert move_words(last, "Move 74/74", "74/74")[0].endswith(
        "the framed cell, 17\u00a0%, is likelier to open up the board"
    )
    # the hints' own guesses before it name no better guess
    assert all(m.better is None for m in report.moves[:-1])


def test_chances_that_read_alike_get_a_decimal_more():
    from game.analysis_text import percents_apart

    assert percents_apart(0.17, 0.14) == ("17\u00a0%", "14\u00a0%")
    assert percents_apart(0.144, 0.141) == ("14.4\u00a0%", "14.1\u00a0%")
    assert percents_apart(0.1412, 0.1408) == ("14.12\u00a0%", "14.08\u00a0%")
