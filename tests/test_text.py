"""The terminal game, driven through its input stream with a seed, bad lines included."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import BoardChoice
from game.engine import Difficulty, Game
from game.text import TextGame, board_lines, play

ROOT = Path(__file__).resolve().parents[1]
BEGINNER = BoardChoice.standard(Difficulty.BEGINNER)


class FakeClock:
    """Milliseconds, half a second more each time it is read."""

    def __init__(self):
        self.now = 100_000

    def __call__(self):
        self.now += 500
        return self.now


def run(lines, board=BEGINNER, seed=7):
    out = io.StringIO()
    status = play(
        board,
        seed=seed,
        stdin=io.StringIO("".join(f"{x}\n" for x in lines)),
        out=out,
        clock=FakeClock(),
    )
    return status, out.getvalue()


def solve(seed, board=BEGINNER, click=(4, 4)):
    """The commands that win the seeded game: open every safe cell."""
    g = board.new_game(seed=seed)
    g.reveal(*click)
    layout = g.layout()
    return [f"r {click[0]} {click[1]}"] + [
        f"r {r} {c}" for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "."
    ]


def test_a_seeded_game_is_won_through_stdin_and_reports_time_and_3bv():
    status, out = run(solve(7) + ["n"])
    assert status == 0
    assert "You won in" in out
    assert "3BV" in out
    assert "Play again? (y/n)" in out


def test_bad_lines_get_a_one_line_explanation_and_the_prompt_again():
    status, out = run(["hello", "r 3", "r x y", "r 9 0", "f -1 2", "r --3 4", "r 3 ²", "q"])
    assert status == 0
    assert "Unknown command 'hello'" in out
    assert out.count("needs a row and a column") == 4
    assert "(9, 0) is off the board: rows are 0-8, columns 0-8." in out
    assert "(-1, 2) is off the board" in out
    assert out.count("> ") == 8


def test_end_of_input_quits_with_status_zero_and_says_the_game_is_kept():
    status, out = run(["r 4 4"])
    assert status == 0
    assert out.rstrip().endswith("> \nYour game is kept: it is offered again next time.")


def test_the_terminal_words_the_sessions_refusal_of_an_undo(tmp_path):
    from game.session import Refusal
    from game.store.history import History
    from game.store.stats import Stats
    from game.words import say

    status, out = run(["u", "q"])
    assert status == 0 and "> Nothing to undo.\n" in out
    assert say(Refusal.NOTHING_TO_UNDO) == "Nothing to undo."
    out = io.StringIO()
    kept = History(Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays", tmp_path / "kept")
    text = TextGame(BEGINNER, seed=None, safe_zone=None, out=out, history=kept)
    text.start(Game.from_layout(["*........"] + ["........."] * 8))
    text.handle("r 4 4")
    assert text.game.state.is_over and not out.getvalue().count("Undone")
    text.undo()
    assert out.getvalue().endswith("A won game is final: there is nothing to undo.\n")


def test_a_mine_loses_and_the_final_board_shows_it():
    g = BEGINNER.new_game(seed=7)
    g.reveal(4, 4)
    r, c = next(
        (r, c) for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "*"
    )
    status, out = run(["r 4 4", f"r {r} {c}", "n"])
    assert "Boom! You lost" in out
    final_board = out.split("Boom!")[0].splitlines()[-9:]
    assert final_board[r].split()[1 + c] == "X"


def test_flag_and_chord_commands_work():
    status, out = run(["r 4 4", "f 0 0", "f 0 0", "c 4 4", "q"])
    assert "Mines left: 9" in out
    assert "Nothing to chord at (4, 4): chords work on open numbers." in out


def test_play_again_starts_a_new_board_and_n_quits():
    _, out = run(solve(7) + ["maybe", "y", "q"])
    assert "Please answer y or n." in out
    assert out.count("Mines left: 10") >= 2


def test_board_lines_number_rows_and_columns_from_zero():
    g = Game(12, 12, 5, seed=1)
    lines = board_lines(g)
    assert lines[0].split() == ["1", "1"]
    assert lines[1].split()[:3] == ["0", "1", "2"]
    assert lines[2].startswith(" 0  #")
    assert lines[-1].startswith("11  #")


@pytest.mark.concurrent
def test_the_terminal_game_runs_as_a_program():
    result = subprocess.run(
        [sys.executable, "main.py", "--text", "--seed", "7"],
        cwd=ROOT,
        input="\n".join(solve(7)) + "\nn\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "You won in" in result.stdout


def test_a_loss_can_be_undone_in_the_terminal_and_play_goes_on():
    g = BEGINNER.new_game(seed=7)
    g.reveal(4, 4)
    r, c = next(
        (r, c) for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "*"
    )
    status, out = run(["r 4 4", f"r {r} {c}", "u", f"f {r} {c}", "q"])
    assert "or u to undo the loss" in out
    assert "Undone (this game now counts as assisted)." in out
    assert "Mines hit: 1" in out and "Mines left: 9" in out


def test_after_a_loss_a_wrong_answer_names_u_too():
    g = BEGINNER.new_game(seed=7)
    g.reveal(4, 4)
    r, c = next(
        (r, c) for r, line in enumerate(g.layout()) for c, ch in enumerate(line) if ch == "*"
    )
    _, out = run(["r 4 4", f"r {r} {c}", "maybe", "n"])
    assert "Please answer y, n, or u to undo the loss." in out


def test_q_at_the_resume_question_quits_and_keeps_the_game(tmp_path):
    from game.store.history import History

    kept = tmp_path / "kept.json"
    history = History(kept=kept)
    out = io.StringIO()
    play(
        BEGINNER,
        seed=7,
        stdin=io.StringIO("r 4 4\nq\n"),
        out=out,
        clock=FakeClock(),
        history=history,
    )
    assert "Your game is kept" in out.getvalue() and kept.exists()
    out = io.StringIO()
    status = play(
        BEGINNER,
        seed=7,
        stdin=io.StringIO("q\n"),
        out=out,
        clock=FakeClock(),
        history=History(kept=kept),
    )
    assert status == 0 and kept.exists() and "Resume it?" in out.getvalue()


def test_n_in_a_game_in_progress_asks_first_and_no_keeps_the_game():
    _, out = run(["r 4 4", "n", "n", "q"])
    assert out.count("Leave this game?") == 1 and "not recorded" in out
    assert "Back to your game." in out
    assert "Your game is kept" in out  # the game played on and was still in progress


def test_n_answered_yes_starts_a_new_game():
    _, out = run(["r 4 4", "n", "y", "q"])
    assert "Leave this game?" in out
    assert "Back to your game." not in out
    assert "Your game is kept" not in out  # the new game has no move to keep


def test_n_before_any_move_starts_a_new_game_at_once():
    _, out = run(["n", "q"])
    assert "Leave this game?" not in out


def test_the_question_can_be_turned_off_in_the_terminal_too():
    out = io.StringIO()
    play(
        BEGINNER,
        seed=7,
        stdin=io.StringIO("r 4 4\nn\nq\n"),
        out=out,
        clock=FakeClock(),
        ask_before_leaving=False,
    )
    assert "Leave this game?" not in out.getvalue()


def test_a_flag_before_the_first_reveal_leaves_the_clock_at_0():
    """docs/RULES.md: the timer starts at the first opened cell; the clock here moves half a
    second at every reading, so a running clock would show more than 0."""
    status, out = run(["f 0 0", "f 0 1", "r 4 4", "q"])
    times = [line.split("Time: ")[1] for line in out.splitlines() if "Time: " in line]
    assert status == 0 and times[:3] == ["0", "0", "0"]  # the start, and after each flag
    assert times[3] != "0"  # after the first reveal


def test_a_seeded_win_in_the_terminal_says_why_it_set_no_record():
    status, out = run(solve(7) + ["n"])
    assert status == 0 and "You won in" in out
    assert "No record. A chosen board (a seed)." in out and "New record" not in out


def test_yes_and_no_take_the_languages_own_words_as_well_as_english(tmp_path, monkeypatch):
    """A play-test in French: "o" (oui) was read as no. The words that answer come from the
    catalogue (contexts "answer yes", "answer no"); y, yes, n and no always answer."""
    from game import i18n
    from game.text import is_no, is_yes
    from tests.catalogues import write_mo

    assert is_yes("y") and is_yes("yes") and is_no("n") and not is_yes("o") and not is_no("o")
    write_mo(
        tmp_path / "fr" / "LC_MESSAGES" / "pixel-mines.mo",
        {("answer yes", "y, yes"): "o, oui", ("answer no", "n, no"): "n, non"},
    )
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.install("fr")
    assert is_yes("o") and is_yes("oui") and is_yes("y") and is_no("non") and is_no("n")
    assert not is_yes("non") and not is_no("oui") and not is_yes("")
