"""The real loop under seeded random events (tools/fuzz.py): nothing raises and what must hold
holds after every step; and the fuzzer itself notices when it does not."""

import pygame
import pytest

from game.engine import Difficulty
from game.engine.boards import BoardChoice
from game.store.history import History
from game.store.settings import Settings
from game.store.stats import Stats
from game.ui.scenes.games import Games
from game.ui.theme import load_library
from game.ui.window import App
from tools.fuzz import FakeClock, Fuzzer

EVENTS = 1200  # a few seconds each in CI; tools/fuzz.py --events 50000 for long runs (README)
SCENES = {
    "play:ready",
    "play:playing",
    "SettingsDialog",
    "StatsDialog",
    "menu:Game",
    "menu:Options",
    "menu:Help",
    "CodeDialog",
    "CustomDialog",
    "HelpOverlay",
    "ConfirmDialog",
    "ThemeMenu",
    "NoticeDialog",
    "MapDialog",
}
# Seeds 1 and 31 reach every screen and menu in EVENTS events (alone and in the whole
# suite), seed 1 switching to German in Options on the way and losing a game, seed 31 also the
# offer to resume, a lost game and a replay. A run in the whole suite can take another path than
# alone (seed 13 reached a won game at event 784 alone, not at all in the suite), so only what
# comes early is asserted, and a run that has not seen it all by EVENTS goes on, up to three
# times as far. Another seed may be needed when the game changes what an event does (seed 13
# no longer reached the statistics once Options had a Language row; seed 11 stopped finishing
# a game in 3,600 events with this round's changes; seed 26 stopped reaching a replay once
# Options had a Text size row, issue 39).
SCENES_OF_SEED = {1: SCENES, 31: SCENES | {"ResumeDialog", "play:lost", "replay"}}


def run_until(fuzzer, seen, most):
    """Run the fuzzer a hundred events at a time until `seen()` holds or `most` events ran:
    a test of what the fuzzer notices stops once it has noticed."""
    figures = fuzzer.run(fuzzer.events)
    while fuzzer.events < most and not seen():
        figures = fuzzer.run(min(most, fuzzer.events + 100))
    return figures


@pytest.fixture
def fuzz(tmp_path):
    made = []

    def make(seed):
        folder = tmp_path / f"run-{len(made)}"
        folder.mkdir()
        made.append(Fuzzer(folder, seed))
        return made[-1]

    yield make
    for fuzzer in made:
        fuzzer.app.ctx.aids.assistant.close()
        fuzzer.stats.close()
    pygame.quit()


@pytest.mark.concurrent
@pytest.mark.parametrize("seed", sorted(SCENES_OF_SEED))
def test_random_events_over_every_screen_break_nothing(fuzz, seed):
    fuzzer = fuzz(seed)
    fuzzer.run(EVENTS)

    # in the whole suite a seed can take another path than alone (a chore's thread ends a
    # frame sooner or later): up to three times as many events, stopping once it has seen all
    def seen_all() -> bool:
        scenes = set(fuzzer.scenes)
        return scenes >= SCENES_OF_SEED[seed] and bool(scenes & {"play:won", "play:lost"})

    figures = run_until(fuzzer, seen_all, 3 * EVENTS)
    assert fuzzer.exceptions == []
    assert fuzzer.broken == []
    assert figures["events"] >= EVENTS
    covered = set(figures["scenes"])
    assert covered >= SCENES_OF_SEED[seed], SCENES_OF_SEED[seed] - covered
    assert len(covered) >= 10 and covered & {"play:won", "play:lost"}
    assert figures["finished_games"] > 0  # games were finished, so rows were checked
    assert figures["window_events"] > 0  # resizes, focus, minimise and expose among them


@pytest.mark.concurrent
def test_the_same_seed_runs_the_same_events(tmp_path):
    runs = []
    for n in range(2):
        (tmp_path / str(n)).mkdir()
        fuzzer = Fuzzer(tmp_path / str(n), 3)
        figures = fuzzer.run(300)
        fuzzer.app.ctx.aids.assistant.close()
        fuzzer.stats.close()
        pygame.quit()
        for name in (
            "seconds",
            "longest_step_ms",
            "longest_step_scene",
            "longest_step_after",
            "slowest_steps",
            "slowest_standard_step_ms",
            "slowest_standard_step_after",
        ):  # timings: never the same twice
            figures.pop(name)
        runs.append(figures)
    assert runs[0] == runs[1]


def test_the_fuzzer_notices_a_journal_that_falls_behind(fuzz, monkeypatch):
    real = History.append

    def drops_moves(self, journal, entry):  # a journal that misses what the game did
        return [] if entry.get("e") == "move" else real(self, journal, entry)

    monkeypatch.setattr(History, "append", drops_moves)
    fuzzer = fuzz(1)

    def noticed():
        return any("journal is not the game" in problem for problem in fuzzer.broken)

    run_until(fuzzer, noticed, 1500)
    assert noticed()


def test_the_fuzzer_notices_a_finished_game_without_its_row(fuzz, monkeypatch):
    monkeypatch.setattr(Stats, "store", lambda self, rec: False)
    fuzzer = fuzz(1)

    def noticed():
        return any("rows for" in problem for problem in fuzzer.broken)

    run_until(fuzzer, noticed, 3000)
    assert noticed()


@pytest.mark.concurrent
def test_the_fuzzer_counts_an_exception_and_goes_on(fuzz, monkeypatch):
    def broken_stats(self):
        raise RuntimeError("a fault of the program")

    monkeypatch.setattr(Games, "open_stats", broken_stats)
    fuzzer = fuzz(1)
    run_until(fuzzer, lambda: fuzzer.exceptions, 1500)
    assert fuzzer.exceptions and "a fault of the program" in fuzzer.exceptions[0]
    at = fuzzer.events
    figures = fuzzer.run(at + 200)  # and goes on, in a game started again
    assert figures["events"] >= at + 200 and figures["starts"] > 1


@pytest.mark.concurrent
def test_a_kept_game_set_aside_is_shown_in_the_window_and_echoed(tmp_path):
    kept = tmp_path / "kept-game.json"
    kept.write_text("[1, 2")
    echoed = []
    pygame.display.init()
    try:
        app = App(
            BoardChoice.standard(Difficulty.BEGINNER),
            Settings(motion=False),
            load_library(),
            clock=FakeClock(),
            history=History(kept=tmp_path / "kept", legacy=kept, echo=echoed.append),
        )
        app.ctx.aids.chores.wait(10)  # the kept game is read off the frame
        app.step()
        lines = app.ctx.dialogs.dialog.texts()
        app.ctx.aids.assistant.close()
    finally:
        pygame.quit()
    assert any("kept from last time" in t for t in lines)
    assert len(echoed) == 1 and "kept-game.json" in echoed[0]
    assert any(p.name.startswith("kept-game.json.corrupt-") for p in tmp_path.iterdir())


@pytest.mark.concurrent
@pytest.mark.parametrize("seed", [3, 4])
def test_the_extreme_boards_one_mine_and_one_safe_cell_on_200x200_break_nothing(fuzz, seed):
    fuzzer = fuzz(seed)
    fuzzer.large_boards, fuzzer.extreme_boards = 0.0, 1.0  # every start after the first
    figures = fuzzer.run(400)  # several 200x200 starts a seed
    assert fuzzer.exceptions == [] and fuzzer.broken == []
    assert figures["starts"] > 1 and sum(fuzzer.extreme_starts.values()) == figures["starts"] - 1


@pytest.mark.concurrent
def test_every_kind_of_window_event_is_posted(fuzz):
    from tools.fuzz import WINDOW_EVENTS

    fuzzer = fuzz(6)
    posted = []
    real = fuzzer.post
    fuzzer.post = lambda kind, **attrs: posted.append(kind) or real(kind, **attrs)
    for _ in range(300):
        fuzzer.window_event()
        fuzzer.step_once()
    assert set(posted) == set(WINDOW_EVENTS)
    assert fuzzer.exceptions == [] and fuzzer.broken == []


@pytest.mark.concurrent
def test_workers_killed_at_random_cost_no_finished_game_its_row_or_replay(tmp_path):
    """The fuzzer's worker kills (tools/fuzz.py --kill-workers): the window's slow work on its
    threads and processes, as in the game, each event likely to SIGKILL one of them."""
    fuzzer = Fuzzer(tmp_path, 3, threaded=True, kill_workers=0.02)
    try:
        # Threads make the path another each run: most see a kill and a finished game by event
        # 900-2,100, but one in a whole suite reversed had finished none by 2,500 (its kills
        # then cost nothing to check), so such a run goes on until it has.
        figures = fuzzer.run(2500)
        figures = run_until(fuzzer, lambda: fuzzer.worker_kills and fuzzer.finished, 4 * 2500)
        fuzzer.history.flush()
    finally:
        fuzzer.app.ctx.aids.assistant.close()
        fuzzer.stats.close()
        pygame.quit()
    assert figures["worker_kills"] > 0 and figures["finished_games"] > 0, figures
    assert fuzzer.exceptions == [] and fuzzer.broken == []


def test_the_fuzzer_notices_a_finished_game_without_its_replay(fuzz, monkeypatch):
    from game.store import history as history_module

    monkeypatch.setattr(history_module, "save_replay", lambda *args: None)  # written nowhere
    fuzzer = fuzz(1)

    def noticed():
        return any("has no replay" in problem for problem in fuzzer.broken)

    run_until(fuzzer, noticed, 3000)
    assert noticed()
