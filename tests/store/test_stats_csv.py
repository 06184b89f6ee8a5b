"""The CSV export's columns of issue 42: `game_id` (its replay's name begins with it) and
`chosen`, read back with the csv module from games finished through the real store; and the
date and time as a spreadsheet reads them, proved by Gnumeric's own reading of the file
(`ssconvert`, skipped where it is not installed)."""

import csv
import dataclasses
import gzip
import io
import shutil
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ET
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Game, Move, MoveKind
from game.engine.walk import move_events
from game.store.history import History
from game.store.stats import Stats, export_csv, stats_csv
from tests.store.test_stats import record

# Five mines around (0, 1): (4, 4) opens every other safe cell, then (0, 1) wins.
CORNER = ["*.*......", "***......"] + ["........."] * 7
IDS = (
    "20261206-010203-0123456789ab",
    "20261206-020304-abcdef012345",
    "20261207-235959-0f0f0f0f0f0f",
)
# Central European time, summer time from the last Sunday of March to the last of October.
CET = "CET-1CEST,M3.5.0,M10.5.0/3"


@pytest.fixture
def central_europe(monkeypatch):
    monkeypatch.setenv("TZ", CET)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def won() -> Game:
    game = Game.from_layout(CORNER)
    game.play(Move(MoveKind.OPEN, 4, 4))
    game.play(Move(MoveKind.OPEN, 0, 1))
    assert game.state.is_over
    return game


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_each_games_id_and_how_its_board_was_chosen_read_back(tmp_path):
    history = History(Stats(tmp_path / "stats.sqlite3"), tmp_path / "replays")
    for game_id, chosen in zip(IDS, ("code", None, "seed"), strict=True):
        game = won()
        history.finished(
            game, 4_000, "text", game_id=game_id, events=move_events(game.moves), chosen=chosen
        )
    out = tmp_path / "games.csv"
    assert export_csv(history.stats, out) == 3
    with out.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["game_id"], r["chosen"]) for r in rows] == [
        (IDS[0], "code"),
        (IDS[1], ""),
        (IDS[2], "seed"),
    ]
    # the id is what names the game's replay
    names = {p.name for p in (tmp_path / "replays").iterdir()}
    assert {name.partition("-9x9.")[0] for name in names} == {r["game_id"] for r in rows}


def test_a_row_from_before_games_had_ids_takes_its_replays_and_a_bad_value_is_left_empty(
    tmp_path,
):
    stats = Stats(tmp_path / "stats.sqlite3")
    old = f"/somewhere/replays/{IDS[0]}-30x16.json"  # a replay of version 1
    stats.record(dataclasses.replace(record(), replay=old))
    stats.record(dataclasses.replace(record(), replay="/somewhere/replays/mine.json"))
    stats.record(dataclasses.replace(record(), game_id=IDS[1], chosen="code"))
    stats.record(dataclasses.replace(record(), game_id=IDS[2]))
    stats.conn.execute(  # edited by hand: an id that is none of ours, a choice there is not
        "UPDATE games SET game_id = '../../etc', chosen = 'luck' WHERE game_id = ?", (IDS[2],)
    )
    stats.conn.commit()
    text, count = stats_csv(stats)
    assert count == 4
    assert [(r["game_id"], r["chosen"]) for r in rows_of(text)] == [
        (IDS[0], ""),
        ("", ""),
        (IDS[1], "code"),
        ("", ""),
    ]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(2099, 12, 31)),
        min_size=1,
        max_size=5,
    )
)
def test_date_time_and_offset_together_are_the_moment_the_game_ended(moments):
    """Summer time's own hours included: the ended moment as local time, in three cells."""
    ended = [m.replace(microsecond=0) for m in moments]
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("TZ", CET)
        time.tzset()
        try:
            stats = Stats(Path(folder) / "stats.sqlite3")
            for when in ended:
                stats.record(dataclasses.replace(record(), played_at=when.isoformat()))
            rows = rows_of(stats_csv(stats)[0])
            stats.close()
            for when, row in zip(ended, rows, strict=True):
                assert len(row["date"]) == 10 and len(row["time"]) == 8
                assert len(row["utc_offset"]) == 6 and row["utc_offset"][0] in "+-"
                read = datetime.fromisoformat(f"{row['date']}T{row['time']}{row['utc_offset']}")
                assert read == when.astimezone()  # the local time it stood for, to the second
                assert read.replace(tzinfo=None) == when
        finally:
            patch.undo()
            time.tzset()


# ---- as Gnumeric reads the file ------------------------------------------------------------------

GNUMERIC = "{http://www.gnumeric.org/v10.dtd}"
DATE_VALUE = "40"  # Gnumeric's VALUE_FLOAT: a number, shown through the cell's format
TEXT_VALUE = "60"  # VALUE_STRING


def gnumeric_cells(csv_path: Path, folder: Path) -> dict[tuple[int, int], ET.Element]:
    """The cells Gnumeric makes of the CSV, as its own file holds them, by (row, column)."""
    book = folder / "games.gnumeric"
    done = subprocess.run(
        ["ssconvert", str(csv_path), str(book)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(gzip.decompress(book.read_bytes()))
    return {
        (int(cell.get("Row")), int(cell.get("Col"))): cell for cell in root.iter(f"{GNUMERIC}Cell")
    }


def spreadsheet_day(day: date) -> int:
    """A date as a spreadsheet counts it (days from 1899-12-30: Lotus's and Excel's count,
    whose false 1900-02-29 is no matter after it)."""
    return (day - date(1899, 12, 30)).days


@pytest.mark.skipif(shutil.which("ssconvert") is None, reason="Gnumeric's ssconvert is missing")
@pytest.mark.concurrent
def test_gnumeric_reads_the_date_as_a_date_the_time_as_a_time_and_the_id_as_text(
    tmp_path, central_europe
):
    stats = Stats(tmp_path / "stats.sqlite3")
    ended = ("2026-07-01T21:45:30", "2026-01-05T08:05:09", "2026-03-01T09:30:00-05:00")
    for game_id, when in zip(IDS, ended, strict=True):
        stats.record(dataclasses.replace(record(), played_at=when, game_id=game_id))
    out = tmp_path / "games.csv"
    export_csv(stats, out)
    header = out.read_text(encoding="utf-8").splitlines()[0].split(",")
    at = {name: header.index(name) for name in ("date", "time", "utc_offset", "game_id")}
    cells = gnumeric_cells(out, tmp_path)
    for row, (game_id, when) in enumerate(zip(IDS, ended, strict=True), start=1):
        moment = datetime.fromisoformat(when)
        moment = moment if moment.tzinfo else moment.astimezone()
        day, clock = cells[row, at["date"]], cells[row, at["time"]]
        # a number with a date's format: a date, the day it was
        assert day.get("ValueType") == DATE_VALUE and day.get("ValueFormat") == "yyyy-mm-dd"
        assert float(day.text) == spreadsheet_day(moment.date())
        # a fraction of a day with a time's format: a time, to the second
        assert clock.get("ValueType") == DATE_VALUE and "h" in clock.get("ValueFormat")
        seconds = moment.hour * 3600 + moment.minute * 60 + moment.second
        assert round(float(clock.text) * 86_400) == seconds
        # the offset reads as a length of time, so date + time - utc_offset is the UTC time
        offset = cells[row, at["utc_offset"]]
        assert offset.get("ValueType") == DATE_VALUE
        utc = float(day.text) + float(clock.text) - float(offset.text)
        expected = moment.astimezone(UTC).replace(tzinfo=None) - datetime(1899, 12, 30)
        assert abs(timedelta(days=utc) - expected) < timedelta(seconds=1)
        # the game's id stays the text it is, never a number or a date
        game = cells[row, at["game_id"]]
        assert (game.get("ValueType"), game.text) == (TEXT_VALUE, game_id)
