"""The loop's pace: the fixed tick while something changes by itself, a wait for input or for
the next thing due otherwise. The real loop runs with a wait and a tick that only record (and
move the test's clock), so nothing here sleeps."""

import threading

import pygame
import pytest

from game.engine import Difficulty, GameState
from game.engine.boards import BoardChoice
from game.store.settings import Settings
from game.ui.chores import Chores
from game.ui.pace import FPS, MOST_ASLEEP_MS, WARM_UP_TICKS, Pace, best_wait

LAYOUT = [  # opening the middle leaves the top rows covered: the game goes on
    ".........",
    ".........",
    "*********",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
]


def run_loop(d, turns, *, on_wait=None, on_tick=None):
    """The real `App.loop` for `turns` rests after the warm-up; what each rest was: ('tick',)
    for a fixed tick, ('wait', ms) for a sleep. The clock moves 16 ms a tick and the whole
    wait (nothing woke it early) unless `on_wait` says otherwise."""
    seen = []

    def done():
        if len(seen) >= WARM_UP_TICKS + turns:
            d.app.games.running = False

    def tick(fps):
        if fps:  # tick(0) after a wait only restarts the fixed tick's count
            seen.append(("tick",))
            d.clock.ms += 16
            if on_tick is not None:
                on_tick(len(seen))
            done()

    def wait(ms):
        seen.append(("wait", ms))
        d.clock.ms += ms if on_wait is None else on_wait(ms)
        done()

    d.app.loop(Pace(wait, tick))
    return seen[WARM_UP_TICKS:]


def test_at_rest_the_loop_waits_for_input_instead_of_ticking(drive):
    d = drive()
    assert run_loop(d, 5) == [("wait", MOST_ASLEEP_MS)] * 5


def test_input_wakes_the_waiting_loop_and_is_answered(drive):
    d = drive()
    pos = d.at((4, 4))

    def arrives(ms):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        return 5  # it woke the wait 5 ms in

    rests = run_loop(d, 3, on_wait=arrives)
    assert d.app.play.view.mouse_pos == pos
    assert all(rest[0] == "wait" for rest in rests)


def test_in_play_the_loop_wakes_for_each_second_of_the_clock(drive):
    d = drive(layout=LAYOUT)
    d.click((4, 4))
    assert d.app.play.game.state is GameState.PLAYING
    d.clock.ms += 300  # a third of a second into the game's first second
    shown = []
    rests = run_loop(d, 4, on_wait=lambda ms: (shown.append(d.app.ctx.drawn.toolbar[2]), ms)[1])
    waits = [rest[1] for rest in rests]
    assert all(0 < ms <= 1000 for ms in waits)
    assert waits[1:] == [1000, 1000, 1000]  # from one second's start to the next
    assert shown == sorted(shown) and len(set(shown)) == len(shown)  # a new second each time


def test_a_message_wakes_the_loop_when_it_ends(drive):
    d = drive()
    d.app.ctx.status.say("Zoom 2x")
    ends = d.app.ctx.status.message[1]
    woke = []
    rests = run_loop(d, 6, on_wait=lambda ms: (woke.append(d.clock.ms + ms), ms)[1])
    assert all(rest[0] == "wait" for rest in rests)
    assert ends in woke  # one wait ended just as the message did (the others: once a second)
    assert d.app.ctx.status.message is None


@pytest.mark.concurrent
def test_the_loop_ticks_while_a_chore_runs_and_rests_after_its_answer(drive):
    d = drive()
    chores = d.app.ctx.aids.chores = Chores()  # on a thread, as in the game
    gate, answers = threading.Event(), []
    chores.start(gate.wait, answers.append, "Reading...")

    def answer_at(turn):
        if turn == WARM_UP_TICKS + 3:
            gate.set()
            chores.running[0].thread.join(5)

    rests = run_loop(d, 6, on_tick=answer_at)
    assert rests[:3] == [("tick",)] * 3
    assert answers == [True]
    assert rests[-1] == ("wait", MOST_ASLEEP_MS)


def test_the_fixed_tick_resumes_while_an_animation_runs(drive):
    d = drive(settings=Settings(motion=True, volume="off"), layout=LAYOUT)
    assert run_loop(d, 1) == [("wait", MOST_ASLEEP_MS)]
    d.app.games.running = True
    pos = d.at((4, 4))
    d.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    d.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    rests = run_loop(d, 30, on_wait=lambda ms: 0)
    ticks = [k for k, rest in enumerate(rests) if rest == ("tick",)]
    assert ticks and ticks == list(range(len(ticks)))  # ticking from the click on...
    assert rests[len(ticks)][0] == "wait"  # ...until the region has turned over
    assert not d.app.ctx.drawn.animation


def test_a_held_button_keeps_the_tick_so_a_long_press_flags(drive):
    d = drive(settings=Settings(motion=False, volume="off", long_press_flag=True), layout=LAYOUT)
    d.click((4, 4))
    d.post(pygame.MOUSEBUTTONDOWN, pos=d.at((0, 0)), button=1)  # held, never released
    rests = run_loop(d, 40, on_wait=lambda ms: 0)
    assert rests[:30] == [("tick",)] * 30
    assert d.app.play.game.cell(0, 0) == "F"


def test_the_wait_leaves_the_event_that_woke_it_for_the_loop():
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        pygame.event.get()
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, which="woke"))
        best_wait()(MOST_ASLEEP_MS)
        assert [e.which for e in pygame.event.get(pygame.USEREVENT)] == ["woke"]
    finally:
        pygame.quit()


def test_the_ready_screen_of_a_board_waits_however_big(drive):
    d = drive(BoardChoice.standard(Difficulty.EXPERT))
    assert run_loop(d, 2) == [("wait", MOST_ASLEEP_MS)] * 2
    assert FPS == 60


def test_the_sdl_library_pygame_loaded_is_found_for_its_wait():
    import sys

    from game.ui.pace import _SDL_NAME, sdl_wait

    assert _SDL_NAME.match("libSDL2-2.0.so.0")
    assert _SDL_NAME.match("libSDL2-2-50d19f93.0.so.0.3200.10")
    assert not _SDL_NAME.match("libSDL2_mixer-2-6719e6f6.0.so.0.800.2")
    if sys.platform.startswith("linux"):
        pygame.display.init()
        try:
            assert sdl_wait() is not None
        finally:
            pygame.quit()


def test_a_line_at_rest_too_long_for_the_window_wakes_the_loop_for_each_step(drive):
    """A paused game's words in a long language at the narrowest window scroll: the loop
    wakes for each step of them, and sleeps on once the line fits again."""
    from game.ui.pace import wake_at
    from game.ui.status import SCROLL_MS

    d = drive()
    ctx = d.app.ctx
    rest = "A line at rest far too long for the line under the board to hold at all"
    assert ctx.status.text(26, lambda: rest) == rest[:26]
    now = d.clock.ms
    assert now < wake_at(ctx, d.app.layers(), now) <= now + SCROLL_MS
    ctx.status.text(26, lambda: "Short")
    assert wake_at(ctx, d.app.layers(), now) is None


def test_the_full_garbage_collection_runs_as_the_loop_sleeps_never_inside_a_busy_frame(monkeypatch):
    """A first click's frame on 200x200 took 45 ms: Python's automatic full collection fell in
    it. While the loop runs, that collection runs as the loop goes to sleep instead."""
    import gc

    from game.ui.pace import COLLECT_ASLEEP_MS, COLLECT_AT_LATEST_MS, Collector

    collected = []
    monkeypatch.setattr(gc, "collect", lambda *a: collected.append(a))
    before = gc.get_threshold()
    with Collector() as c:
        assert gc.get_threshold()[2] > 10**8 and gc.get_freeze_count() > 0
        pace = Pace(wait=lambda ms: None, tick=lambda fps: None, collector=c)
        now = 0
        for _ in range(WARM_UP_TICKS):
            pace.rest(now, now)
        while now < COLLECT_ASLEEP_MS + 5_000:  # busy: a frame due at once, every frame
            now += 16
            pace.rest(now, now)
        assert collected == []
        pace.rest(None, now)  # nothing due: it goes to sleep, and collects first
        assert len(collected) == 1
        pace.rest(None, now + 1_000)
        assert len(collected) == 1  # at most every COLLECT_ASLEEP_MS
        now += COLLECT_AT_LATEST_MS
        pace.rest(now, now)  # a loop that never sleeps still collects, this seldom
        assert len(collected) == 2
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_loop_hands_the_interpreter_lock_over_every_millisecond_while_it_runs(drive):
    """A thread working in Python beside the loop (the solver's hint) gives the lock back to
    the loop within SWITCH_S, not Python's 5 ms; the interval is Python's again after."""
    import sys

    from game.ui.pace import SwitchInterval

    d = drive()
    before, seen = sys.getswitchinterval(), []
    run_loop(d, 1, on_tick=lambda n: seen.append(sys.getswitchinterval()))
    assert seen and all(s == SwitchInterval.SWITCH_S for s in seen)
    assert sys.getswitchinterval() == before != SwitchInterval.SWITCH_S
