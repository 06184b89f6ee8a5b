"""The measures of a game from the player's side: a scripted terminal game on a seeded board,
its end text, and `--export-stats` with every measure's column worked out by hand
(docs/RULES.md, "Measures of a game")."""

import csv
import io

from game import app
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.replays import load_replay
from game.store.stats import Stats
from game.text import play

# The 5x5 board with 3 mines that seed 15 lays for a first click at (0, 0):
#   . . 1 * 1      one opening (every 0, top left), its border numbers, and the three
#   . . 1 1 1      numbers of the right column it does not touch: 3BV 1 + 3 = 4.
#   . . . 1 1      ZiNi 3: the opening; a flag on (0, 3); a chord on (1, 3) opens
#   . . . 2 *      (0, 4), (1, 4) and (2, 4).
#   . . . 2 *
LAYOUT = ["...*.", ".....", ".....", "....*", "....*"]
BOARD = BoardChoice.of(5, 5, 3)
SEED = 15
# Keyboard only: r is a left click, f a right click, c both buttons (docs/RULES.md, "Clicks").
SCRIPT = [
    "r 0 0",  # opens the opening: left, effective (the first opening is never a guess)
    "r 0 0",  # it is open already: left, not effective
    "c 2 2",  # a 0 with nothing around it to open: double, not effective
    "f 0 3",  # right, effective (a mine flagged the first time): a flag, so not NF
    "c 1 3",  # double, effective: opens the rest, each proven safe by (0, 2) and (1, 3)
    "n",
]


class Clock:
    """A second more each time it is read: the game lasts some whole seconds."""

    def __init__(self):
        self.ms = 50_000

    def __call__(self):
        self.ms += 1000
        return self.ms


def played(tmp_path, monkeypatch) -> str:
    """Play the script in the terminal with the statistics on disk; what it printed."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    out = io.StringIO()
    stdin = io.StringIO("".join(f"{line}\n" for line in SCRIPT))
    history = History.on_disk(Stats())
    status = play(BOARD, seed=SEED, stdin=stdin, out=out, clock=Clock(), history=history)
    assert status == 0
    history.stats.close()
    return out.getvalue()


def test_a_keyboard_only_terminal_game_counts_its_wasted_clicks_in_the_end_text(
    tmp_path, monkeypatch
):
    out = played(tmp_path, monkeypatch)
    assert "You won in" in out
    assert (
        "Clicks 5 (2 L, 1 R, 2 D), 3 effective, IOE 0.800, throughput 1.333, "
        "correctness 0.600." in out
    )
    assert "ZiNi 3, " in out and "guesses 0, NF no." in out


def test_the_export_of_a_scripted_seeded_game_holds_every_measure_worked_out_by_hand(
    tmp_path, monkeypatch, capsys
):
    played(tmp_path, monkeypatch)
    (replay,) = (tmp_path / "data").rglob("replays/*.jsonl.gz")
    assert load_replay(replay).layout == LAYOUT  # the board worked out above
    capsys.readouterr()
    assert app.main(["--export-stats", "-"]) == 0
    (row,) = csv.DictReader(io.StringIO(capsys.readouterr().out))
    seconds = int(row["time_ms"]) / 1000
    assert seconds >= 1
    bbbv, clicks, effective = 4, 5, 3
    rate = bbbv / seconds
    assert row["3bv"] == "4" and row["won"] == "1"
    assert {
        k: row[k]
        for k in (
            "clicks",
            "effective_clicks",
            "wasted_clicks",
            "ioe",
            "throughput",
            "zini",
            "rqp",
            "nf",
            "guesses",
            "3bv_per_s",
        )
    } == {
        "clicks": "5",
        "effective_clicks": "3",
        "wasted_clicks": "2",
        "ioe": f"{bbbv / clicks:.3f}",  # 0.800
        "throughput": f"{bbbv / effective:.3f}",  # 1.333
        "zini": "3",
        "rqp": f"{seconds / rate:.2f}",
        "nf": "0",
        "guesses": "0",
        "3bv_per_s": f"{rate:.3f}",
    }
