"""Both front ends on the one session: the same scripted games leave the same records, and the
window's clock counts only what the player could play."""

import gzip
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import Difficulty, Game, GameState, Move, MoveKind
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.stats import Stats
from game.text import play
from game.ui.chores import Chores
from game.ui.dialogs import Question

ROOT = Path(__file__).resolve().parents[2]
# Five mines around (0, 1): (4, 4) opens every other safe cell; then (0, 1) wins, (0, 0) loses.
POCKET = ["*.*......", "***......"] + ["........."] * 7
SCRIPTS = {
    "flag then win": [("open", 4, 4, 0), ("flag", 0, 0, 1000), ("open", 0, 1, 2000)],
    "lose, undo, win": [
        ("open", 4, 4, 0),
        ("open", 0, 0, 1500),
        ("undo", 0, 0, 700),
        ("open", 0, 1, 2000),
    ],
    "lose": [("open", 4, 4, 0), ("flag", 3, 3, 500), ("open", 0, 0, 4321)],
}
COLUMNS = (
    "kind, rows, cols, mines, seed, safe_zone, won, time_ms, bbbv, clicks_left, "
    "clicks_right, clicks_chord, cleared, safe_cells, assisted, daily"
)


def history(folder: Path) -> History:
    return History(Stats(folder / "stats.sqlite3"), folder / "replays", folder / "kept")


def records(h: History) -> tuple[list, list]:
    """The rows, and what the replays say of each game. Not their every line: a window
    journals presses and releases where the terminal journals the commands typed."""
    from game.store.replays import load_replay

    rows = h.stats.conn.execute(f"SELECT {COLUMNS} FROM games ORDER BY id").fetchall()
    replays = []
    for path in sorted(h.replays.glob("*.jsonl.gz")):
        r = load_replay(path)
        replays.append(
            {
                "board": [r.rows, r.cols, r.mines, r.layout, r.first_click],
                "result": r.result,
                "deaths": r.deaths,
                "assisted": r.assisted,
                "moves": [[m.kind.value, m.row, m.col, m.at_ms, m.mark] for m in r.moves],
            }
        )
    return rows, sorted(replays, key=json.dumps)


def play_in_window(drive, script, h: History) -> None:
    d = drive(layout=POCKET)
    d.app.ctx.session.history = h
    last = d.clock.ms  # the clock when the last move was carried out
    for kind, row, col, dt in script:
        # ticks of 16 ms: a key and a flag act on the press, an open on the release
        ticks = 32 if kind == "open" else 16
        d.clock.ms = max(d.clock.ms, last + dt - ticks)
        if kind == "undo":
            d.key(pygame.K_z, "z", mod=pygame.KMOD_CTRL)
        else:
            d.click((row, col), button=3 if kind == "flag" else 1)
        last = d.clock.ms - (16 if kind == "flag" else 0)
        if d.app.ctx.dialogs.dialog is not None and d.app.play.game.state.is_over:
            d.key(pygame.K_ESCAPE)


class ScriptedInput(io.StringIO):
    """The terminal's input, moving the clock on by each line's time before it is read."""

    def __init__(self, lines, clock) -> None:
        super().__init__()
        self.lines = list(lines)
        self.clock = clock

    def readline(self, *args) -> str:
        if not self.lines:
            return ""
        dt, line = self.lines.pop(0)
        self.clock.ms += dt
        return line + "\n"


class Clock:
    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


def play_in_terminal(script, h: History) -> str:
    letters = {"open": "r", "flag": "f", "undo": "u"}
    clock = Clock()
    lines = [(dt, f"{letters[k]} {r} {c}" if k != "undo" else "u") for k, r, c, dt in script]
    out = io.StringIO()
    play(
        None,
        stdin=ScriptedInput(lines + [(0, "n")], clock),
        out=out,
        clock=clock,
        history=h,
        first_game=Game.from_layout(POCKET),
    )
    return out.getvalue()


def test_the_same_games_leave_the_same_rows_and_replays_in_both_front_ends(drive, tmp_path):
    for name, script in SCRIPTS.items():
        window, terminal = history(tmp_path / name / "w"), history(tmp_path / name / "t")
        play_in_window(drive, script, window)
        play_in_terminal(script, terminal)
        got_window, got_terminal = records(window), records(terminal)
        assert len(got_window[0]) == 1 and len(got_window[1]) == 1, name
        assert got_window == got_terminal, name


def test_the_window_clock_stops_under_a_dialog_and_the_board_is_veiled(drive):
    d = drive(layout=POCKET)
    d.click((4, 4))
    d.tick(4000)
    d.key(pygame.K_F1)
    before = d.app.ctx.session.elapsed_ms()
    d.tick(6000)
    assert d.app.ctx.session.elapsed_ms() == before and d.app.ctx.session.veiled
    d.key(pygame.K_ESCAPE)
    assert not d.app.ctx.session.veiled and d.app.ctx.session.elapsed_ms() == before
    d.tick(1000)
    assert d.app.ctx.session.elapsed_ms() == before + 1000


def test_losing_the_focus_or_minimising_pauses_and_hides_the_board(drive):
    d = drive(layout=POCKET)
    d.post(pygame.WINDOWFOCUSGAINED)
    d.click((4, 4))
    d.tick(2000)
    d.post(pygame.WINDOWFOCUSLOST)
    d.tick()
    d.tick(9000)
    assert d.app.ctx.session.elapsed_ms() < 2100 and d.cell_shows(
        (8, 8), "covered"
    )  # the middle: "Paused"
    d.post(pygame.WINDOWFOCUSGAINED)
    d.tick()
    assert d.cell_shows((4, 4), "open_0")
    before = d.app.ctx.session.elapsed_ms()
    d.post(pygame.WINDOWMINIMIZED)
    d.tick()
    before = d.app.ctx.session.elapsed_ms()
    d.tick(9000)
    assert d.app.ctx.session.elapsed_ms() == before
    d.post(pygame.WINDOWRESTORED)
    d.tick()
    d.tick(100)
    assert d.app.ctx.session.elapsed_ms() == before + 100


def test_the_pause_key_hides_the_board_and_a_click_plays_on_without_acting(drive):
    d = drive(layout=POCKET)
    d.click((4, 4))
    d.tick(1000)
    d.key(pygame.K_PAUSE)
    assert d.cell_shows((8, 8), "covered") and "Paused" in d.app.play.view.status_text()
    d.tick(30_000)
    d.click((0, 0))  # would lose: it only lifts the pause
    assert d.app.play.game.state is GameState.PLAYING and d.app.ctx.session.elapsed_ms() < 1100
    d.key(pygame.K_F3)
    assert d.app.ctx.session.veiled
    d.key(pygame.K_F3)
    assert not d.app.ctx.session.veiled


def test_an_undo_after_a_loss_does_not_add_the_time_spent_looking_at_it(drive):
    d = drive(layout=POCKET)
    d.click((4, 4))
    d.tick(4000)
    d.click((0, 0))
    assert d.app.play.game.state is GameState.LOST
    shown = d.app.play.timer_value()
    d.tick(13_000)
    d.key(pygame.K_z, "z", mod=pygame.KMOD_CTRL)
    assert d.app.play.timer_value() == shown


def run_main(tmp_path, args, stdin=""):
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.concurrent
def test_a_terminal_loss_taken_back_and_lost_again_is_played_once(tmp_path):
    run_main(tmp_path, ["--text", "--seed", "5"], "r 4 4\nr 0 3\nu\nr 0 3\nn\n")
    stats = run_main(tmp_path, ["--stats"])
    assert "Beginner: played 1," in stats.stdout, stats.stdout


@pytest.mark.concurrent
def test_a_board_asked_for_while_a_game_is_kept_asks_which_naming_both(tmp_path):
    run_main(
        tmp_path, ["--text", "--rows", "100", "--cols", "100", "--mines", "100"], "r 50 50\nq\n"
    )
    asked = run_main(tmp_path, ["--text", "--difficulty", "expert"], "n\nq\n")
    assert "You left a custom 100x100, 100-mine game" in asked.stdout
    assert "or play the Expert board as asked (n)?" in asked.stdout
    assert "Expert: 30×16, 99 mines" in asked.stdout
    again = run_main(tmp_path, ["--text", "--difficulty", "beginner"], "q\n")
    assert "You left" not in again.stdout  # the declined game is gone


def test_a_chord_on_a_satisfied_number_says_what_is_really_wrong():
    out = io.StringIO()
    script = ["r 4 4", "f 0 0", "f 0 2", "f 1 0", "f 1 1", "f 1 2", "c 1 3", "c 2 2", "q"]
    clock = Clock()
    play(
        None,
        stdin=ScriptedInput([(0, x) for x in script], clock),
        out=out,
        clock=clock,
        first_game=Game.from_layout(POCKET),
    )
    text = out.getvalue()
    assert "Nothing to chord at (1, 3): every cell around it is already open or flagged." in text
    assert "needs exactly 1 flags" not in text


def test_a_chord_short_of_flags_counts_them():
    out = io.StringIO()
    clock = Clock()
    play(
        None,
        stdin=ScriptedInput([(0, "r 4 4"), (0, "c 2 1"), (0, "q")], clock),
        out=out,
        clock=clock,
        first_game=Game.from_layout(POCKET),
    )
    assert "it has 0 flags around it and needs exactly 3." in out.getvalue()


@pytest.mark.concurrent
def test_output_into_a_closed_pipe_ends_quietly(tmp_path):
    run_main(tmp_path, ["--text", "--seed", "5"], "r 4 4\nr 0 3\nn\n")
    replay = next((tmp_path / "data" / "pixel-mines" / "replays").glob("*.jsonl.gz"))
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    for args in (["--text", "--replay", str(replay)], ["--stats"]):
        piped = subprocess.run(
            f"{sys.executable} main.py {' '.join(args)} | head -1",
            shell=True,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "Traceback" not in piped.stderr and "BrokenPipe" not in piped.stderr, piped.stderr
        assert len(piped.stdout.splitlines()) == 1


@pytest.mark.concurrent
def test_a_no_guess_board_is_laid_off_the_frame_and_the_window_keeps_answering(drive, monkeypatch):
    import threading

    release = threading.Event()
    real_lay = Game.lay

    def slow_lay(game, row, col, cancel=None):
        release.wait(10)  # the test decides when the search is over
        return real_lay(game, row, col, cancel)

    monkeypatch.setattr(Game, "lay", slow_lay)
    d = drive()
    d.app.ctx.aids.chores = Chores()  # off the frame for real, as in the game
    d.app.ctx.session.no_guess = True
    d.key(pygame.K_n, "n")
    d.click((4, 4))
    for _ in range(5):
        d.tick()  # the loop goes on: frames are drawn, the board waits
    assert d.app.play.game.state is GameState.READY and "no-guess" in d.app.play.view.status_text()
    d.click((0, 0))  # ignored while laying
    release.set()
    d.app.ctx.aids.chores.wait(10)
    d.tick()
    assert d.app.play.game.state is not GameState.READY and d.app.play.game.cell(4, 4) != "#"
    assert len(d.app.play.game.moves) == 1  # the click while laying did nothing


@pytest.mark.concurrent
def test_a_new_game_while_a_no_guess_board_is_laid_stops_the_search(drive, monkeypatch):
    import threading

    started, stopped = threading.Event(), threading.Event()

    def endless_lay(game, row, col, cancel=None):
        started.set()
        while not cancel():
            started.wait(0.001)
        stopped.set()
        return False

    monkeypatch.setattr(Game, "lay", endless_lay)
    d = drive()
    d.app.ctx.aids.chores = Chores()  # off the frame for real, as in the game
    d.app.ctx.session.no_guess = True
    d.key(pygame.K_n, "n")
    d.click((4, 4))
    assert started.wait(10)
    d.key(pygame.K_n, "n")
    assert stopped.wait(10) and d.app.play.laying.stop is None
    d.app.ctx.aids.chores.wait(10)
    assert d.app.play.game.state is GameState.READY and not d.app.play.game.moves


@pytest.mark.concurrent
def test_keeping_and_recording_wait_on_the_writer_thread_never_on_the_frame(
    drive, tmp_path, monkeypatch
):
    import threading

    import game.store.history as history_module
    from game.store.writer import Writer

    release = threading.Event()
    real_save = history_module.save_replay

    def slow_save(replay, folder, lines=None):
        release.wait(10)  # a disk that takes as long as the test says
        return real_save(replay, folder, lines)

    monkeypatch.setattr(history_module, "save_replay", slow_save)
    h = History(
        Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays", tmp_path / "kept", writer=Writer()
    )
    d = drive(layout=POCKET)
    d.app.ctx.session.history = h
    d.click((4, 4))
    d.click((0, 1))  # the win: its replay is being written, slowly
    assert (
        d.app.play.game.state is GameState.WON and d.app.ctx.dialogs.dialog is not None
    )  # shown at once
    for _ in range(10):
        d.tick()  # the loop goes on while the writer waits
    assert not h.writer.idle and not list((tmp_path / "replays").glob("*.jsonl.gz"))
    # the end is journaled already, on the frame that showed it
    (journal,) = (tmp_path / "kept").glob("*.jsonl")
    assert json.loads(journal.read_text().splitlines()[-1])["e"] == "end"
    release.set()
    h.flush()
    (replay,) = (tmp_path / "replays").glob("*.jsonl.gz")
    assert gzip.decompress(replay.read_bytes()) == journal.read_bytes()  # the journal is the replay
    assert h.stats.summary("custom").played == 1


@pytest.mark.concurrent
def test_a_bug_in_a_background_write_is_raised_not_swallowed(tmp_path):
    import pytest

    from game.store.writer import Writer

    def broken():
        raise ZeroDivisionError("a fault of the program")

    w = Writer()
    w.submit(broken)
    with pytest.raises(ZeroDivisionError):
        w.flush()
    w.submit(lambda: None)
    assert w.flush()


@pytest.mark.concurrent
def test_a_long_kept_game_is_read_and_resumed_off_the_frame(tmp_path, monkeypatch):
    """The loop keeps ticking while the kept game is read and while it is played back to
    where it was; the board waits, and the resume question comes when the reading is done."""
    import threading

    from game.session import Session
    from game.ui.theme import load_library
    from game.ui.window import App
    from tests.keeping import keep

    g = Game.from_layout(POCKET)
    g.reveal(4, 4, at_ms=0)
    g.toggle_flag(0, 0, at_ms=700)
    kept = tmp_path / "kept"
    game_id = "20261130-120000-00000000000c"
    keep(kept, g, 9000, "window", game_id=game_id)
    gates = {"read": threading.Event(), "resume": threading.Event()}
    real_read, real_resumed = Session.read_offer, Session.resumed_game

    def slow_read(self):
        gates["read"].wait(10)
        return real_read(self)

    def slow_resumed(self, index=0):
        gates["resume"].wait(10)
        return real_resumed(self, index)

    monkeypatch.setattr(Session, "read_offer", slow_read)
    monkeypatch.setattr(Session, "resumed_game", slow_resumed)
    pygame.display.init()
    try:
        from game.store.settings import Settings

        app = App(
            BoardChoice.standard(Difficulty.BEGINNER),
            Settings(motion=False),
            load_library(),
            scale=1,
            history=History(kept=kept),
            clock=lambda: 5000,
        )
        for _ in range(5):
            app.step()  # frames go on while the file is read
        assert app.ctx.dialogs.dialog is None and "Reading" in app.play.view.status_text()
        app.play.apply(Move(MoveKind.OPEN, 4, 4))  # the board waits meanwhile
        assert app.play.game.state is GameState.READY
        gates["read"].set()
        app.ctx.aids.chores.wait(10)
        assert (
            app.ctx.dialogs.dialog is not None
            and app.ctx.dialogs.dialog.question is Question.RESUME
        )
        app.dialogs.answer(
            app.ctx.dialogs.dialog.key(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y")
            )
        )
        for _ in range(5):
            app.step()  # and while its moves are played again
        assert "Resuming" in app.play.view.status_text() and app.play.game.moves == []
        gates["resume"].set()
        app.ctx.aids.chores.wait(10)
        assert app.play.game.view() == g.view() and app.ctx.session.elapsed_ms() == 9000
    finally:
        pygame.quit()


def test_the_daily_board_in_the_window_waits_for_the_marked_cell(drive):
    from datetime import date

    from game.engine.codes import daily

    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=1)
    d.app.games.play_game(daily(date(2026, 11, 30)).game(), daily="2026-11-30")
    start = d.app.play.game.first_click
    d.click(((start[0] + 5) % 16, (start[1] + 9) % 30))
    assert (
        d.app.play.game.state is GameState.READY and "marked cell" in d.app.play.view.status_text()
    )
    d.click(start)
    assert d.app.play.game.state is not GameState.READY


def test_a_refused_space_leaves_the_keyboard_cursor_where_it_was(drive):
    from game.engine.codes import BoardCode, SafeZone

    d = drive(scale=1)
    code = BoardCode(9, 9, 10, SafeZone.OPENING, False, 5, (4, 4))
    d.app.games.play_game(code.game())
    assert d.app.play.view.cursor == (4, 4)  # on the mark
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_SPACE, " ")  # (4, 6) is not the marked cell: refused
    assert (
        d.app.play.game.state is GameState.READY and "marked cell" in d.app.play.view.status_text()
    )
    assert d.app.play.view.cursor == (4, 6)  # not moved to the mark
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)  # two steps back from where it was: the mark
    d.key(pygame.K_SPACE, " ")
    assert d.app.play.game.state is not GameState.READY


def test_a_flag_before_the_first_reveal_leaves_the_window_timer_at_000(drive):
    d = drive(scale=1)
    d.click((0, 0), button=3)
    assert d.app.play.game.cell(0, 0) == "F"
    d.tick(3000)
    assert d.app.play.timer_value() == 0 and d.app.ctx.session.elapsed_ms() == 0
    d.click((4, 4))
    d.tick(1500)
    assert d.app.play.timer_value() == 2  # from the first reveal: 1 at once, 2 after 1.5 s


def test_the_focus_loss_pause_says_paused_as_f3_does(drive):
    d = drive(scale=1)
    d.click((4, 4))
    d.post(pygame.WINDOWFOCUSLOST)
    d.tick()
    assert d.app.ctx.session.veiled
    assert d.app.play.view.status_text() == "Paused: click to play on"
    assert d.app.ctx.drawn.status == "Paused: click to play on"  # drawn, not only known
    d.post(pygame.WINDOWFOCUSGAINED)
    d.tick()
    assert not d.app.ctx.session.veiled and "Paused" not in d.app.play.view.status_text()


def win_in_the_window(d) -> None:
    """Open every safe cell with real clicks (the first at (4, 4))."""
    d.click((4, 4))
    g = d.app.play.game
    for r, line in enumerate(g.layout()):
        for c, ch in enumerate(line):
            if ch == "." and not g.state.is_over and g.cell(r, c) == "#":
                d.click((r, c))
    assert g.state is GameState.WON


def test_the_window_says_why_an_assisted_win_set_no_record(drive, tmp_path):
    d = drive(scale=1)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.app.games.play_game(Game(9, 9, 10, seed=3))  # laid at random: not a chosen board
    d.click((4, 4))
    d.key(pygame.K_h, "h")
    win_in_the_window(d)
    notice = d.app.ctx.dialogs.dialog
    assert notice.title == "You won!" and "No record. Assisted: hint." in notice.paragraphs
    assert not any(p.startswith("New best") for p in notice.paragraphs)


def test_the_window_says_a_seeded_board_is_chosen_and_sets_no_record(drive, tmp_path):
    d = drive(scale=1)  # the window's session is given a seed, as `--seed 7` does
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.key(pygame.K_F2)
    win_in_the_window(d)
    assert "No record. A chosen board (a seed)." in d.app.ctx.dialogs.dialog.paragraphs
    summary = d.app.ctx.session.history.stats.summary("beginner")
    assert (summary.played, summary.won, summary.best_times) == (1, 1, [])


def test_an_unassisted_win_on_a_random_board_is_a_new_best_in_the_window(drive, tmp_path):
    d = drive(scale=1)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.app.games.play_game(Game(9, 9, 10, seed=3))
    win_in_the_window(d)
    paragraphs = d.app.ctx.dialogs.dialog.paragraphs
    assert "New best time!" in paragraphs and not any("No record" in p for p in paragraphs)


def test_statistics_after_one_assisted_win_agree_with_themselves_and_key_their_chart(
    drive, tmp_path
):
    from game.store.records import NO_BEST, NO_WINS
    from game.ui.widgets import ChartKey, Style

    d = drive(scale=1)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    d.app.games.play_game(Game(9, 9, 10, seed=3))
    d.click((4, 4))
    d.key(pygame.K_h, "h")
    win_in_the_window(d)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_s, "s")
    texts = d.app.ctx.dialogs.dialog.texts()
    assert "Won 1/1 100%" in texts and NO_BEST in texts and NO_WINS not in texts
    assert {"won", "won, no record", "lost", "newest"} <= set(texts)
    key = next(w for w in d.app.ctx.dialogs.dialog.form.rows if isinstance(w, ChartKey))
    canvas = d.app.ctx.frame.renderer.canvas
    style = Style.of(d.app.ctx.frame.theme.colours)
    # the first swatch is drawn in a win's colour, as the chart's bars are
    assert canvas.get_at((key.box.x, key.box.y + 2))[:3] == tuple(style.accent)[:3]
