"""The Videos room (game/ui/dialogs/videos.py) through the real loop and real pygame events:
F4 and the Game menu open it, it lists every finished game won and lost, filters and sorts
them by keys and clicks, watches and analyses a game, deletes a video only when asked (its
statistics row stays), says when a replay is gone or the room is empty, exports through the
EVF writer, turns pages of 100 and fits the smallest window at each text scale."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from game.engine import Game, GameState
from game.store.history import History
from game.store.replays import new_game_id, replay_of, save_replay
from game.store.settings import Settings
from game.store.stats import GameRecord, Stats
from game.store.stats import videos as store
from game.ui import keys
from game.ui.dialogs import videos as room
from game.ui.dialogs.videos import VideosDialog
from game.ui.layout import smallest_canvas_size
from game.ui.widgets import Metrics
from tests.ui.test_languages import form_problems

K = pygame
# A 9x9 board: the first click at (1, 1) shows a 1; (0, 0) is a mine.
CHORD = ["*...*....", ".........", ".........", ".........", "*...*....", "........."] + [
    ".........",
    ".........",
    "........*",
]


@pytest.fixture
def room_window(drive, tmp_path):
    """A window whose statistics and replays are this test's."""

    def make(**kw):
        d = drive(layout=CHORD, **kw)
        history = History(Stats(tmp_path / "stats.sqlite3"), replays=tmp_path / "replays")
        d.app.ctx.session.history = history
        return d

    yield make


def lose(d) -> None:
    """Play the board to a loss with real clicks, and close the notice."""
    d.click((1, 1))
    d.click((0, 0))
    assert d.app.play.game.state is GameState.LOST
    d.key(K.K_ESCAPE)


def win(d) -> None:
    """A new game of the same board, won with real clicks."""
    d.app.games.play_game(Game.from_layout(CHORD))
    d.tick()
    for r, line in enumerate(CHORD):
        for c, ch in enumerate(line):
            if ch == "." and d.app.play.game.cell(r, c) == "#":
                d.click((r, c))
    assert d.app.play.game.state is GameState.WON
    d.key(K.K_ESCAPE)


def stored(stats: Stats, folder: Path, **rec) -> GameRecord:
    """A game written as the session writes one: its replay, then its row."""
    g = Game.from_layout(CHORD)
    g.reveal(1, 1, at_ms=0)
    g.reveal(0, 0, at_ms=1000)
    replay = replay_of(g, elapsed_ms=1000, source="window")
    replay.game_id = new_game_id()
    path = save_replay(replay, folder)
    fields = dict(
        played_at="2026-03-01T10:00:00", kind="beginner", rows=9, cols=9, mines=10,
        seed=None, safe_zone="zero", won=False, time_ms=1000, bbbv=10, clicks_left=2,
        clicks_right=0, clicks_chord=0, cleared=1, safe_cells=71, assisted=False,
        source="window", replay=str(path), game_id=replay.game_id,
    )  # fmt: skip
    record = GameRecord(**{**fields, **rec})
    assert stats.store(record)
    return record


def open_room(d) -> VideosDialog:
    d.key(K.K_F4)
    dialog = d.app.ctx.dialogs.dialog
    assert isinstance(dialog, VideosDialog)
    return dialog


def listed(dialog: VideosDialog) -> list[str]:
    return dialog._list.texts() if dialog._list is not None else []


def heads(dialog: VideosDialog) -> dict[str, str]:
    """The list's headings by column (a narrow list shows only some)."""
    return dict(zip(dialog.shown_keys, [h.strip() for h in dialog._list.heads], strict=True))


# ---- opening, listing --------------------------------------------------------------------


def test_f4_and_the_game_menu_open_the_room_of_every_game_won_and_lost(room_window):
    d = room_window()
    lose(d)
    win(d)
    dialog = open_room(d)
    rows = listed(dialog)
    assert len(rows) == 2
    assert "won" in rows[0] and "lost" in rows[1]  # the newest first
    assert all("9x9/5" in r for r in rows)  # CHORD: a custom board of 5 mines
    assert dialog.form.title == "Videos (2)"
    shown = heads(dialog)
    assert shown["board"] == "Board" and shown["time"] == "Time"
    assert shown.get("date", "Date v") == "Date v"  # the newest first
    if "date" not in shown:  # narrow: the picked game's date and figures under the list
        assert any(t.startswith(dialog._figures()) for t in dialog.texts())
    d.key(K.K_F4)  # its own key closes it
    assert d.app.ctx.dialogs.dialog is None
    assert "videos" in [b.action for b in keys.menu(keys.MENU_GAME)]
    d.app.ctx.commands.do("videos")  # the menu row runs the command
    assert isinstance(d.app.ctx.dialogs.dialog, VideosDialog)


def test_an_empty_room_says_how_to_fill_it(room_window):
    d = room_window()
    dialog = open_room(d)
    assert dialog._list is None
    said = " ".join(dialog.texts())
    assert "No videos yet" in said and "Every game you finish" in said
    # nothing to watch: filters, a file from elsewhere (Open file), Close
    assert [b.id for b in dialog.form.buttons()] == ["kind", "result", "open", "close"]


# ---- filters and sorting ------------------------------------------------------------------


def many(d, tmp_path) -> Stats:
    stats = d.app.ctx.session.history.stats
    folder = tmp_path / "replays"
    stored(stats, folder, kind="beginner", won=True, time_ms=5000, bbbv=7)
    stored(stats, folder, kind="expert", rows=16, cols=30, mines=99, won=False, time_ms=9000)
    stored(stats, folder, kind="expert", rows=16, cols=30, mines=99, won=True, time_ms=80000)
    stored(stats, folder, kind="custom", rows=10, cols=12, mines=20, won=True, time_ms=2000)
    return stats


def test_b_and_r_and_their_buttons_filter_by_board_and_result(room_window, tmp_path):
    d = room_window()
    many(d, tmp_path)
    dialog = open_room(d)
    assert len(listed(dialog)) == 4
    d.key(K.K_b, "b")  # Beginner
    assert [r.kind for r in dialog.rows] == ["beginner"]
    d.key(K.K_b, "b")  # Intermediate: none
    assert dialog.rows == [] and "No game matches" in " ".join(dialog.texts())
    d.press("kind")  # Expert, by the mouse
    assert {r.kind for r in dialog.rows} == {"expert"} and len(dialog.rows) == 2
    d.key(K.K_r, "r")  # won only
    assert [(r.kind, r.won) for r in dialog.rows] == [("expert", True)]
    d.press("result")  # lost only
    assert [(r.kind, r.won) for r in dialog.rows] == [("expert", False)]
    d.press("kind")  # custom
    d.press("kind")  # every board again
    d.press("result")  # won and lost
    assert len(dialog.rows) == 4
    assert "30x16/99" not in " ".join(listed(dialog))  # Expert shows by its name
    assert "12x10/20" in " ".join(listed(dialog))


def test_a_number_key_or_a_click_on_a_heading_sorts_and_again_reverses(room_window, tmp_path):
    d = room_window()
    many(d, tmp_path)
    dialog = open_room(d)
    d.key(K.K_4, "4")  # time: the fastest first
    assert [r.time_ms for r in dialog.rows] == [2000, 5000, 9000, 80000]
    assert heads(dialog)["time"] == "Time ^"
    d.key(K.K_4, "4")
    assert [r.time_ms for r in dialog.rows] == [80000, 9000, 5000, 2000]
    assert heads(dialog)["time"] == "Time v"
    # a click on the heading of the board's column: smallest boards first
    lst = dialog._list
    lay = d.app.ctx.frame.layout
    spans = lst._spans((lst.box.w - 6) // lst.m.glyph_w)
    board = dialog.shown_keys.index("board")
    column, first, _end = next(span for line in spans for span in line if span[0] == board)
    line = next(k for k, spans_ in enumerate(spans) if any(s[0] == board for s in spans_))
    point = (
        lst.box.x + 2 + 2 + first * lst.m.glyph_w + 1,
        lst.box.y + 2 + line * lst.m.line_h + 2,
    )
    assert lst.heading_at(point) == board
    box = lay.window_box(lay.from_text(type(lst.box)(point[0], point[1], 1, 1)))
    d.move((box.x, box.y), buttons=(0, 0, 0))
    d.down((box.x, box.y))
    d.up((box.x, box.y))
    assert dialog.query.sort == "board" and not dialog.query.descending
    assert [r.kind for r in dialog.rows][:2] == ["beginner", "custom"]
    assert dialog.rows[-1].kind == "expert"


# ---- watch, analyse ------------------------------------------------------------------------


def test_enter_watches_the_picked_game_and_a_analyses_it(room_window):
    d = room_window()
    lose(d)
    win(d)
    dialog = open_room(d)
    d.key(K.K_DOWN)  # the loss
    assert dialog.row.won is False
    d.key(K.K_RETURN)
    assert d.app.ctx.dialogs.dialog is None
    watched = d.app.games.replay
    assert watched is not None and type(watched).__name__ == "VideoScene"
    d.key(K.K_ESCAPE)
    assert d.app.games.replay is None
    # left, the room is back as it was: the same game picked
    assert d.app.ctx.dialogs.dialog is dialog and dialog.row.won is False
    d.key(K.K_ESCAPE)
    open_room(d)
    d.key(K.K_a, "a")
    assert type(d.app.games.replay).__name__ == "AnalysisScene"


# ---- delete ---------------------------------------------------------------------------------


def test_delete_asks_first_then_removes_the_file_and_keeps_the_statistics(room_window):
    d = room_window()
    lose(d)
    win(d)
    stats = d.app.ctx.session.history.stats
    dialog = open_room(d)
    row = dialog.row
    assert Path(row.replay).is_file()
    d.key(K.K_DELETE)
    assert "Delete the video of" in " ".join(dialog.texts())
    d.key(K.K_n, "n")  # no: nothing goes
    assert Path(row.replay).is_file() and len(dialog.rows) == 2
    d.press("delete")
    assert dialog.asking == row
    d.key(K.K_RETURN)  # Enter answers the ringed Keep
    assert Path(row.replay).is_file() and dialog.asking is None
    d.key(K.K_DELETE)
    d.press("yes")
    assert not Path(row.replay).exists()
    assert [r.row_id for r in dialog.rows] != [row.row_id] and len(dialog.rows) == 1
    assert "Video deleted" in " ".join(dialog.texts())
    (replay,) = stats.conn.execute(
        "SELECT replay FROM games WHERE id = ?", (row.row_id,)
    ).fetchone()
    assert replay is None
    assert stats.summary("custom").played + stats.summary("beginner").played == 2  # both count


def test_a_game_whose_replay_is_gone_says_so_and_offers_only_delete(room_window):
    d = room_window()
    lose(d)
    (path,) = [
        p for (p,) in d.app.ctx.session.history.stats.conn.execute("SELECT replay FROM games")
    ]
    Path(path).unlink()
    dialog = open_room(d)
    ids = [b.id for b in dialog.form.buttons()]
    assert "watch" not in ids and "analyse" not in ids and "export" not in ids
    assert "delete" in ids
    assert "replay is gone" in " ".join(dialog.texts())
    for key, typed in ((K.K_RETURN, ""), (K.K_a, "a"), (K.K_e, "e")):  # nothing to watch
        d.key(key, typed)
        assert d.app.ctx.dialogs.dialog is dialog and d.app.games.replay is None
    d.key(K.K_DELETE)
    d.key(K.K_y, "y")
    assert d.app.ctx.dialogs.dialog.rows == []


# ---- export ---------------------------------------------------------------------------------


def test_export_writes_an_evf_where_the_room_says(room_window, tmp_path, monkeypatch):
    """The real EVF writer (game/videos/files.py), a real loss: the file lands in the folder
    the room names, under the community's name, and the room says where."""
    folder = tmp_path / "Videos" / "Pixel Mines"
    monkeypatch.setattr(store, "export_dir", lambda: folder)
    d = room_window()
    lose(d)
    dialog = open_room(d)
    assert f"Export saves to {folder}" in dialog.texts()
    d.key(K.K_e, "e")
    (written,) = folder.iterdir()
    assert written.name.startswith("9x9_5_0.03_3BV=") and written.suffix == ".evf"
    assert written.read_bytes()[:1] in (b"\x04", b"\x03", b"\x00")  # an EVF's version byte
    assert f"Saved {written.name} in {folder} (O opens it)" in dialog.texts()
    d.key(K.K_o, "o")  # O offers the file just written
    assert dialog.opening is not None and dialog.opening.value == str(written)
    d.key(K.K_ESCAPE)
    d.press("export")  # again: the same game, the same name, written over
    assert list(folder.iterdir()) == [written]


def test_an_export_the_writer_refuses_says_why(room_window, monkeypatch, tmp_path):
    """A loss taken back and lost again: its journal has an undo, which EVF cannot show; the
    room says so, in the player's words, and writes nothing."""
    monkeypatch.setattr(store, "export_dir", lambda: tmp_path / "out")
    d = room_window()
    (tmp_path / "kept").mkdir()  # journaled as it is played, so its replay has every line
    history = History(
        Stats(tmp_path / "journaled.sqlite3"), replays=tmp_path / "replays", kept=tmp_path / "kept"
    )
    d.app.ctx.session.history = history
    lose(d)
    d.key(K.K_z, "z", mod=pygame.KMOD_CTRL)  # the loss taken back
    d.click((0, 0))  # and lost again
    d.key(K.K_ESCAPE)
    dialog = open_room(d)
    d.key(K.K_e, "e")
    for _ in range(5):  # the export is a chore (at once here)
        d.tick()
    assert "taken back (undo)" in " ".join(dialog.texts())
    assert not list((tmp_path / "out").glob("*.evf"))


# ---- pages ----------------------------------------------------------------------------------


def test_pages_of_100_turn_with_the_keys_and_the_wheel(room_window, tmp_path):
    d = room_window()
    stats = d.app.ctx.session.history.stats
    stored(stats, tmp_path / "replays", time_ms=1)
    (row,) = stats.conn.execute("SELECT * FROM games").fetchall()
    columns = [c for (c,) in stats.conn.execute("SELECT name FROM pragma_table_info('games')")]
    copies = []
    for n in range(2, 251):
        values = dict(zip(columns, row, strict=True))
        values.update(id=None, game_id=f"{values['game_id'][:16]}{n:012x}", time_ms=n)
        copies.append(tuple(values.values()))
    with stats.conn:
        stats.conn.executemany(
            f"INSERT INTO games VALUES ({', '.join('?' * len(columns))})", copies
        )
    dialog = open_room(d)
    assert dialog.form.title == "Videos 1-100 of 250"
    d.key(K.K_RIGHT)
    assert dialog.form.title == "Videos 101-200 of 250"
    d.key(K.K_END)
    d.post(K.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    d.tick()  # the wheel down past the page's last row
    assert dialog.form.title == "Videos 201-250 of 250" and len(dialog.rows) == 50
    d.key(K.K_UP)  # off the page's top: the last row of the page before
    assert dialog.form.title == "Videos 101-200 of 250" and dialog.pick == 99
    d.key(K.K_DOWN)
    assert dialog.form.title == "Videos 201-250 of 250" and dialog.pick == 0
    d.post(K.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    d.tick()  # the wheel up past the first row: the page before
    assert dialog.form.title == "Videos 101-200 of 250" and dialog.pick == 99
    d.key(K.K_LEFT)
    assert dialog.form.title == "Videos 1-100 of 250"


# ---- fitting ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [1, 2, 3])
def test_the_room_fits_the_smallest_window_at_each_text_scale(room_window, text):
    d = room_window(settings=Settings(motion=False, volume="off", text_size=text), scale=1)
    lose(d)
    win(d)
    frame = d.app.ctx.frame
    size = smallest_canvas_size(frame.theme.sizes, frame.layout.led_digits, text=text)
    d.post(K.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.tick()
    d.tick()
    assert frame.layout.text == text
    for step in (None, K.K_DELETE):  # the list, then the question
        if step is None:
            dialog = open_room(d)
        else:
            d.key(step)
        d.tick()
        m = Metrics.of(frame.theme)
        problems = form_problems(dialog.form, m, frame.layout.text_size)
        assert problems == []
        assert [b.box.w > 0 for b in dialog.form.buttons()]
    assert dialog.asking is not None


def test_the_statistics_file_closed_says_not_recorded(room_window):
    d = room_window()
    d.app.ctx.session.history.stats.close()
    dialog = open_room(d)
    assert "Not being recorded." in dialog.texts()


def test_a_file_edited_by_hand_shows_its_odd_rows_safely(room_window, tmp_path):
    d = room_window()
    stats = d.app.ctx.session.history.stats
    stored(stats, tmp_path / "replays")
    with stats.conn:
        stats.conn.execute("UPDATE games SET rows = 'x', kind = 'huge', ioe = 'bad'")
    dialog = open_room(d)
    (row,) = dialog.rows
    assert (row.kind, row.rows, row.ioe) == ("custom", 0, None)
    assert "9x0/10" in listed(dialog)[0]


def test_no_sqlite_error_is_left_for_a_deleted_row(room_window, tmp_path):
    """A row removed by another program while the room is up: deleting it changes nothing."""
    d = room_window()
    stats = d.app.ctx.session.history.stats
    stored(stats, tmp_path / "replays")
    dialog = open_room(d)
    other = sqlite3.connect(stats.path)
    with other:
        other.execute("DELETE FROM games")
    other.close()
    d.key(K.K_DELETE)
    d.key(K.K_y, "y")
    assert dialog.rows == [] and not Path(dialog.asking or "x").exists()


def test_a_wide_window_shows_every_column_on_one_line(drive, tmp_path):
    from game.engine import Difficulty
    from game.engine.boards import BoardChoice

    d = drive(BoardChoice.standard(Difficulty.EXPERT), scale=2)
    d.app.ctx.session.history = History(Stats(tmp_path / "stats.sqlite3"))
    stored(d.app.ctx.session.history.stats, tmp_path / "replays", won=True, ioe=0.5)
    dialog = open_room(d)
    assert list(heads(dialog)) == list(room.HEADINGS) and dialog._list.lines == 1
    assert "won" in listed(dialog)[0] and "0.500" in listed(dialog)[0]


def test_o_opens_a_video_from_elsewhere_by_its_path_and_watches_it(room_window, tmp_path):
    """A file of another program's (here an EVF written from a game of ours) is opened from
    the room by its path, typed in: read off the frame, then watched in the player."""
    from game.videos.files import export_evf

    d = room_window()
    win(d)
    replay = next((tmp_path / "replays").glob("*.jsonl.gz"))
    evf = Path(export_evf(str(replay), str(tmp_path / "won.evf")))
    dialog = open_room(d)
    d.key(K.K_o, "o")
    assert dialog.opening is not None and "EVF" in " ".join(dialog.texts())
    for ch in str(evf):
        d.key(K.K_a, ch)  # the key's character is what the field takes
    d.key(K.K_RETURN)
    for _ in range(20):  # read off the frame, then shown
        if d.app.games.replay is not None:
            break
        d.tick()
    watched = d.app.games.replay
    assert type(watched).__name__ == "VideoScene"
    assert watched.video.format == "evf" and watched.video.layout == CHORD
    d.key(K.K_ESCAPE)  # left: the room again, its list shown (not the path asked before)
    assert d.app.ctx.dialogs.dialog is dialog and dialog.opening is None
    assert "open" in [b.id for b in dialog.form.buttons()]
    d.key(K.K_o, "o")
    d.key(K.K_ESCAPE)  # Back: the list again, the room still up
    assert dialog.opening is None and d.app.ctx.dialogs.dialog is dialog
    d.key(K.K_ESCAPE)  # and Esc closes it (a play-tester was kept in the path's form)
    assert d.app.ctx.dialogs.dialog is None


def test_the_room_opens_again_as_it_was_left_with_the_games_since(room_window):
    d = room_window()
    lose(d)
    win(d)
    dialog = open_room(d)
    d.key(K.K_r, "r")  # won only
    assert [r.won for r in dialog.rows] == [True]
    d.key(K.K_ESCAPE)
    d.app.games.play_game(Game.from_layout(CHORD))
    d.tick()
    lose(d)  # a game more, lost: filtered out, but listed once the filter steps on
    again = open_room(d)
    assert again is dialog and again.query.won is True and [r.won for r in again.rows] == [True]
    d.key(K.K_r, "r")  # lost only
    assert [r.won for r in again.rows] == [False, False]
