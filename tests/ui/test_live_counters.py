"""Live counters in play (Options → Counters: off, a line, a panel) and the Speed preset,
through the real loop with real pygame events (game/ui/live.py)."""

import pygame

from game.store.settings import Settings
from game.ui.dialogs.lists import Change
from game.videos.model import Video
from game.videos.mouse import Machine, play
from game.videos.ours import events_of_journal
from tests.ui.test_journal_as_video import LAYOUT  # an 8 x 8 board with 10 mines


def settings(**kw):
    return Settings(motion=False, volume="off", **kw)


def counted(d):
    """The counters the community's rules give the journal so far (the whole of it)."""
    events, actions = events_of_journal(d.app.ctx.session.events)
    video = Video("pixel-mines", 8, 8, 10, LAYOUT, events, actions=actions)
    return play(video).counters[-1]


def test_a_line_shows_3bv_and_clicks_as_they_happen_and_agrees_with_the_replay(drive):
    d = drive(layout=LAYOUT, settings=settings(counters="line"))
    assert "3BV" not in d.app.play.view.status_text()  # no click yet: the line at rest
    d.click((7, 0))
    d.click((0, 0), 3)  # a flag
    d.click((0, 2))  # a covered 2: it opens
    d.click((0, 2))  # a left click on the open 2 without its two flags: a wasted click
    c = counted(d)
    line = d.app.play.view.status_text()
    assert f"3BV {c.bbbv_solved}/" in line and f"Clicks {c.clicks}" in line, line
    assert c.clicks == 4 and c.right == 1
    # the click under way (its move may still come) is counted at once
    d.click((5, 0))
    assert f"Clicks {c.clicks + 1}" in d.app.play.view.status_text()


def test_a_panel_takes_two_lines_under_the_status_line_and_shows_every_counter(drive):
    d = drive(layout=LAYOUT, settings=settings())
    before = d.app.ctx.frame.layout
    assert before.panel.h == 0
    d.app.options.changed(Change("counters", "panel"))
    d.tick()
    lay = d.app.ctx.frame.layout
    assert lay.panel.h == 2 * lay.status.h and lay.panel.y == lay.status.bottom
    assert lay.canvas_size[1] == before.canvas_size[1] + lay.panel.h  # the window grew
    d.click((7, 0))
    d.click((0, 0), 3)
    d.tick()
    shown = d.app.ctx.drawn.panel
    c = counted(d)
    assert shown[0].startswith(f"3BV {c.bbbv_solved}/")
    assert f"L/R/D {c.left}/{c.right}/{c.double}" in shown[1] and f"Effective {c.ce}" in shown[1]
    # the panel's pixels are drawn: text in the panel's colour box
    canvas = d.app.ctx.frame.renderer.canvas
    box = pygame.Rect(lay.panel.x, lay.panel.y, lay.panel.w, lay.panel.h)
    colours = {
        canvas.get_at((x, y))[:3]
        for x in range(box.x, box.right, 2)
        for y in (box.y + lay.text * 7,)
    }
    assert len(colours) > 1  # not a blank strip
    d.app.options.changed(Change("counters", "off"))
    d.tick()
    assert d.app.ctx.frame.layout.panel.h == 0


def test_a_frame_with_nothing_new_steps_no_counter(drive, monkeypatch):
    d = drive(layout=LAYOUT, settings=settings(counters="line"))
    d.click((7, 0))
    steps = []
    real = Machine.step
    monkeypatch.setattr(Machine, "step", lambda self, e: steps.append(e) or real(self, e))
    for _ in range(5):
        d.app.play.view.status_text()
        d.step(1000)  # the seconds go by: 3BV/s changes, nothing is stepped again
    assert steps == []
    d.click((0, 0), 3)
    d.app.play.view.status_text()
    assert steps  # a click: its lines are stepped once


def test_the_speed_preset_is_one_choice_for_motion_the_question_and_the_counters(drive):
    d = drive(layout=LAYOUT, settings=Settings(volume="off"))
    s = d.app.ctx.settings
    assert s.motion and s.ask_before_leaving and s.counters == "off"
    rows = {row.name: row for row in d.app.options.rows()}
    assert rows["speed"].current is False
    d.app.options.changed(Change("speed", True))
    assert not s.motion and not s.ask_before_leaving and s.counters == "line"
    assert {row.name: row for row in d.app.options.rows()}["speed"].current is True
    d.app.options.changed(Change("speed", False))
    assert s.motion and s.ask_before_leaving and s.counters == "off"


def test_a_big_board_s_tables_are_made_over_frames_and_the_line_says_so_meanwhile(drive):
    import random

    rng = random.Random(3)
    cells = ["*"] * 6000 + ["."] * (200 * 200 - 6000)
    rng.shuffle(cells)
    big = ["".join(cells[r * 200 : (r + 1) * 200]) for r in range(200)]
    d = drive(layout=big, settings=settings(counters="line"), scale=1)
    safe = next((r, c) for r in range(4) for c in range(4) if big[r][c] == ".")
    d.click(safe)
    live = d.app.play.live
    line = d.app.play.view.status_text()
    frames = 0
    while live.building:
        assert line == "...", line  # the counters wait for their tables, the frame does not
        d.tick()
        line = d.app.play.view.status_text()
        frames += 1
    assert frames >= 2  # made over several frames, a piece each
    assert line.startswith("3BV ") and "Clicks 1" in line


def test_the_pointer_moving_after_a_click_counts_the_click_once_not_each_frame(drive, monkeypatch):
    """The click under way is counted on a copy of the counters once; the pointer's moves that
    follow (a frame each) copy nothing more (review: a minute of motion made a frame 87 ms)."""
    d = drive(layout=LAYOUT, settings=settings(counters="line"))
    d.click((7, 0))
    d.click((0, 0), 3)
    d.app.play.view.status_text()
    copies = []
    real = Machine.copy
    monkeypatch.setattr(Machine, "copy", lambda self: copies.append(1) or real(self))
    for k in range(40):  # the pointer wanders: a path line a frame
        d.move(d.at((k % 8, (k * 3) % 8)), buttons=(0, 0, 0))
        assert "Clicks 2" in d.app.play.view.status_text()
    assert copies == []
    d.click((5, 0))
    # counted again at its press and at its release (a frame each), not between
    assert "Clicks 3" in d.app.play.view.status_text() and len(copies) == 2
