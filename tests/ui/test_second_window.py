"""A second copy of the program running at once opens its window a title bar's height down
and right of where the first's opens, wholly on the usable screen, not exactly on top of it,
where it looked as if nothing had happened (issue 39); and a copy tells which it is by the
first copy-N.lock no running copy holds."""

from __future__ import annotations

import subprocess
import sys
from itertools import product

from game.ui.layout import Box
from game.ui.screen import (
    GUESSED_FRAME,
    Frame,
    copy_slot,
    place_for_copy,
    place_window,
    wholly_on,
)

SCREEN = Box(0, 27, 1920, 1053)  # a task bar along the top
FRAME = Frame(37, 2, 2, 2)
EXPERT = (480, 320)


def test_the_first_copy_opens_where_it_would_and_a_second_a_title_bar_down_and_right():
    first = place_window(EXPERT, SCREEN, None, FRAME)
    assert place_for_copy(first, EXPERT, SCREEN, 0, FRAME) == first
    second = place_for_copy(first, EXPERT, SCREEN, 1, FRAME)
    assert second == (first[0] + 37, first[1] + 37)
    third = place_for_copy(first, EXPERT, SCREEN, 2, FRAME)
    assert third == (first[0] + 74, first[1] + 74)
    for there in (second, third):
        assert wholly_on(SCREEN, EXPERT, there, FRAME)


def test_without_the_frame_known_the_step_is_the_guessed_title_bar():
    first = (300, 200)
    assert place_for_copy(first, EXPERT, SCREEN, 1, Frame()) == (
        300 + GUESSED_FRAME.top,
        200 + GUESSED_FRAME.top,
    )


def test_a_window_in_the_bottom_right_corner_has_its_second_up_and_left():
    corner = (SCREEN.right - FRAME.right - EXPERT[0], SCREEN.bottom - FRAME.bottom - EXPERT[1])
    assert wholly_on(SCREEN, EXPERT, corner, FRAME)
    second = place_for_copy(corner, EXPERT, SCREEN, 1, FRAME)
    assert second == (corner[0] - 37, corner[1] - 37)


def test_a_window_as_high_as_the_screen_goes_along_the_cascade_from_the_corner():
    tall = (600, SCREEN.h - FRAME.top - FRAME.bottom - 40)  # room for one step down, not two
    first = place_window(tall, SCREEN, None, FRAME)  # centred: no step either way fits
    second = place_for_copy(first, tall, SCREEN, 1, FRAME)
    assert second != first and wholly_on(SCREEN, tall, second, FRAME)
    assert second[1] == SCREEN.y + FRAME.top  # the cascade's first place, at the top


def test_a_window_that_fills_the_screen_stays_and_one_as_wide_moves_down():
    huge = (SCREEN.w, SCREEN.h)
    first = place_window(huge, SCREEN, None, FRAME)
    assert place_for_copy(first, huge, SCREEN, 1, FRAME) == first
    filling = (SCREEN.w - FRAME.left - FRAME.right, SCREEN.h - FRAME.top - FRAME.bottom)
    first = place_window(filling, SCREEN, None, FRAME)
    assert place_for_copy(first, filling, SCREEN, 1, FRAME) == first
    wide = (filling[0], 500)
    first = place_window(wide, SCREEN, None, FRAME)
    assert place_for_copy(first, wide, SCREEN, 1, FRAME) == (first[0], first[1] + 37)


def test_every_later_copy_is_wholly_on_the_screen_and_apart_from_the_first():
    screen = Box(0, 0, 1366, 728)
    sizes = [(160, 200), (480, 320), (900, 600), (1300, 640), (1362, 650)]
    for size, copy in product(sizes, range(1, 6)):
        xs = range(FRAME.left, screen.right - FRAME.right - size[0] + 1, 97)
        ys = range(FRAME.top, screen.bottom - FRAME.bottom - size[1] + 1, 61)
        for first in product(xs, ys):
            there = place_for_copy(first, size, screen, copy, FRAME)
            assert wholly_on(screen, size, there, FRAME), (size, copy, first, there)
            assert there != first, (size, copy, first)  # (the last size moves down only)


def test_copies_take_the_first_free_number_and_give_it_back(tmp_path):
    first, second = copy_slot(tmp_path), copy_slot(tmp_path)
    assert (first.number, second.number) == (0, 1)
    first.release()
    third = copy_slot(tmp_path)
    assert third.number == 0  # the first's window place is free again
    second.release()
    third.release()
    assert not list(tmp_path.glob("copy-*.lock"))


def test_a_second_copy_is_told_apart_from_a_running_one_and_a_dead_ones_number_is_free(tmp_path):
    holder = (
        "import sys; from game.ui.screen import copy_slot; "
        f"slot = copy_slot(__import__('pathlib').Path({str(tmp_path)!r})); "
        "print(slot.number, flush=True); sys.stdin.read()"
    )
    running = subprocess.Popen(
        [sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert running.stdout.readline().strip() == "0"
        here = copy_slot(tmp_path)
        assert here.number == 1  # another copy runs: this is the second
        here.release()
    finally:
        running.kill()  # dies holding its number: the system lets it go
        running.wait()
    again = copy_slot(tmp_path)
    assert again.number == 0
    again.release()


def test_a_folder_that_cannot_be_written_makes_the_first_copy(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert copy_slot(blocked).number == 0
