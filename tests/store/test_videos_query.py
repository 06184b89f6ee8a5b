"""The Videos room's query (game/store/stats/videos.py): its filters, sorts and pages against
the same rows sorted in Python, the rows a file edited by hand holds, deleting a video (its
file and path only, never the statistics row, never a file not named as the game's replay),
and the query plans that keep 100,000 games fast."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store.stats import GameRecord, Stats
from game.store.stats import videos as store
from game.store.stats.videos import Query

KIND_SIZES = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "custom": (10, 12, 20),
}


def record(n: int, kind: str, won: bool, time_ms: int, bbbv, ioe, replay) -> GameRecord:
    rows, cols, mines = KIND_SIZES[kind]
    return GameRecord(
        played_at=f"2026-01-01T10:{n // 60 % 60:02d}:{n % 60:02d}", kind=kind, rows=rows,
        cols=cols, mines=mines, seed=None, safe_zone="zero", won=won, time_ms=time_ms,
        bbbv=bbbv, clicks_left=1, clicks_right=0, clicks_chord=0, cleared=1, safe_cells=71,
        assisted=False, source="window", replay=replay, game_id=f"20260101-100000-{n:012x}",
        ioe=ioe,
    )  # fmt: skip


GAMES = st.lists(
    st.tuples(
        st.sampled_from(list(KIND_SIZES)),
        st.booleans(),
        st.integers(0, 5000),
        st.one_of(st.none(), st.integers(1, 50)),
        st.one_of(st.none(), st.floats(0, 2, allow_nan=False)),
        st.booleans(),  # has a replay
    ),
    max_size=30,
)
QUERIES = st.builds(
    Query,
    kind=st.sampled_from([None, *KIND_SIZES]),
    won=st.sampled_from([None, True, False]),
    sort=st.sampled_from(store.SORTS),
    descending=st.booleans(),
)


def python_order(recs: list[tuple[int, GameRecord]], q: Query) -> list[int]:
    """The row ids the query should list, in its order, worked out without SQL."""
    kept = [
        (i, r)
        for i, r in recs
        if r.replay is not None
        and (q.kind is None or r.kind == q.kind)
        and (q.won is None or r.won == q.won)
    ]
    value = {
        "date": lambda r: (),
        "board": lambda r: (r.rows * r.cols, r.mines),
        "result": lambda r: (r.won, r.time_ms),
        "time": lambda r: (r.time_ms,),
        "bbbv": lambda r: (r.bbbv,),
        "rate": lambda r: (r.bbbv_per_s,),
        "ioe": lambda r: (r.ioe,),
    }[q.sort]

    def key(item):
        i, r = item
        # NULLS LAST either way: present values first, in the query's direction
        parts = value(r)
        nulls = tuple(p is None for p in parts)
        sign = -1 if q.descending else 1
        return (nulls, tuple(sign * (p or 0) for p in parts), sign * i)

    return [i for i, _ in sorted(kept, key=key)]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(games=GAMES, q=QUERIES, first=st.integers(0, 40))
def test_filters_sorts_and_pages_agree_with_python(tmp_path_factory, games, q, first):
    stats = Stats(tmp_path_factory.mktemp("v") / "stats.sqlite3")
    recs = []
    for n, (kind, won, ms, bbbv, ioe, has) in enumerate(games):
        rec = record(n, kind, won, ms, bbbv, ioe, f"/r/{n}.jsonl.gz" if has else None)
        assert stats.store(rec)
        recs.append((n + 1, rec))  # row ids from 1, in the order stored
    want = python_order(recs, q)
    assert store.count(stats.conn, q) == len(want)
    size = 7
    monkey_page = store.PAGE
    try:
        store.PAGE = size
        page = store.page(stats.conn, q, first)
    finally:
        store.PAGE = monkey_page
    start = min(first, max(0, len(want) - 1) // size * size)
    assert (page.first, page.total) == (start, len(want))
    assert [r.row_id for r in page.rows] == want[start : start + size]
    for place, row_id in enumerate(want):
        assert store.place_of(stats.conn, q, row_id) == place
    stats.close()


def test_a_row_that_is_not_a_game_or_has_no_replay_is_left_out(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(4):
        stats.store(record(n, "beginner", True, 1000, 5, 0.5, f"/r/{n}.jsonl.gz"))
    stats.store(record(9, "beginner", True, 1000, 5, 0.5, None))
    with stats.conn:
        stats.conn.execute("UPDATE games SET won = 'yes' WHERE id = 1")  # not a game
        stats.conn.execute("UPDATE games SET cols = 'wide', kind = '?' WHERE id = 2")
    assert store.count(stats.conn, Query()) == 3
    rows = {r.row_id: r for r in store.page(stats.conn, Query()).rows}
    assert set(rows) == {2, 3, 4}
    assert (rows[2].cols, rows[2].kind) == (0, "custom")  # shown safely, not raised


def test_pauses_are_read_where_the_file_keeps_them(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.store(record(0, "beginner", True, 1000, 5, 0.5, "/r/0.jsonl.gz"))
    columns = {c for (c,) in stats.conn.execute("SELECT name FROM pragma_table_info('games')")}
    (row,) = store.page(stats.conn, Query()).rows
    if "pauses" not in columns:
        assert row.paused is None
        return
    with stats.conn:
        stats.conn.execute("UPDATE games SET pauses = 2")
    (row,) = store.page(stats.conn, Query()).rows
    assert row.paused is True


def made_replay(folder: Path, game_id: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game_id}-9x9.jsonl.gz"
    path.write_bytes(b"x")
    return path


def test_deleting_a_video_removes_its_file_and_path_and_keeps_the_game(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    gid = "20260101-100000-000000000001"
    path = made_replay(tmp_path / "replays", gid)
    rec = record(1, "beginner", True, 1000, 5, 0.5, str(path))
    stats.store(rec)
    played = stats.summary("beginner").played
    (row,) = store.page(stats.conn, Query()).rows
    assert store.replay_exists(row)
    assert store.delete_video(stats.conn, row) is True
    assert not path.exists()
    assert store.count(stats.conn, Query()) == 0
    assert stats.summary("beginner").played == played == 1
    (kept,) = stats.conn.execute("SELECT replay, game_id FROM games").fetchall()
    assert kept == (None, gid)
    assert store.delete_video(stats.conn, row) is False  # already gone: nothing changes


def test_a_file_not_named_as_the_games_replay_is_never_deleted(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    precious = tmp_path / "notes.txt"
    precious.write_text("mine")
    other = made_replay(tmp_path / "replays", "20260101-100000-00000000ffff")
    stats.store(record(1, "beginner", True, 1000, 5, 0.5, str(precious)))
    stats.store(record(2, "beginner", True, 1000, 5, 0.5, str(other)))  # another game's file
    for row in store.page(stats.conn, Query()).rows:
        try:
            store.delete_video(stats.conn, row)
        except store.NotOurFile:
            continue
        raise AssertionError(f"{row.replay} was deleted")
    assert precious.read_text() == "mine" and other.exists()
    assert store.count(stats.conn, Query()) == 2


def test_a_replay_gone_is_told_apart(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    stats.store(record(1, "beginner", True, 1000, 5, 0.5, str(tmp_path / "gone.jsonl.gz")))
    stats.store(record(2, "beginner", True, 1000, 5, 0.5, "a\0b"))  # no file system holds it
    assert [store.replay_exists(r) for r in store.page(stats.conn, Query()).rows] == [False] * 2


def plan(conn: sqlite3.Connection, q: Query) -> str:
    where, args = q.where()
    sql = f"SELECT id FROM games WHERE {where} ORDER BY {q.order()} LIMIT 100"
    return " / ".join(row[-1] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", args))


def test_the_queries_use_an_index_and_the_newest_first_sorts_nothing(tmp_path):
    """What keeps 100,000 games fast: a board's rows come from an index of good rows, and the
    opening page (every board, newest first) walks the table backwards, no sort at all."""
    stats = Stats(tmp_path / "stats.sqlite3")
    for n in range(50):
        stats.store(record(n, "expert", n % 2 == 0, 1000 + n, 5, 0.5, f"/r/{n}.jsonl.gz"))
    opening = plan(stats.conn, Query())
    assert "TEMP B-TREE" not in opening, opening
    by_kind = plan(stats.conn, Query(kind="expert"))
    assert "USING INDEX" in by_kind and "TEMP B-TREE" not in by_kind, by_kind
    by_time = plan(stats.conn, Query(kind="expert", sort="time"))
    assert "USING INDEX" in by_time, by_time
    assert store.export_dir().name == store.EXPORT_FOLDER
