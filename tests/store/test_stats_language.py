"""The statistics in the player's language (issue 29): `--stats` writes numbers and dates as
the language does (German "4,00" and "29.11.2026"), while the CSV export and the files stay in
Python's own spelling whatever the language; words made in the worker process follow too."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.stats_text import stats_report
from game.store.replays import board_of_replay
from game.store.stats import stats_csv
from game.worker import elsewhere
from tests.catalogues import catalogue, write_mo
from tests.store.test_stats_measures import bests_file

GERMAN = {
    ("decimal separator", "."): ",",
    ("thousands separator", ","): ".",
    ("date pattern", "%(year)s-%(month)s-%(day)s"): "%(day)s.%(month)s.%(year)s",
    ("difficulty", "Beginner"): "Anfänger",
    "%(kind)s: played %(played)s, won %(won)s (%(rate)s%%)": (
        "%(kind)s: %(played)s gespielt, %(won)s gewonnen (%(rate)s %%)"
    ),
    "best 3BV/s %(value)s": "beste 3BV/s %(value)s",
    "best IOE %(value)s": "bester IOE %(value)s",
}


@pytest.fixture
def german(tmp_path, monkeypatch):
    folder = tmp_path / "locale"
    write_mo(folder / "de" / "LC_MESSAGES" / "pixel-mines.mo", GERMAN)
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    return folder


def test_a_statistics_line_is_written_with_german_signs(tmp_path, german):
    stats = bests_file(tmp_path)
    i18n.install("de")
    lines = stats_report(stats, "2026-11-30")
    at = lines.index("Anfänger: 5 gespielt, 4 gewonnen (80 %)")
    assert "  beste 3BV/s 4,00, bester IOE 0,900" in lines[at:]
    assert "   1.    5,000 s  29.11.2026" in lines[at:]  # the best time and its date
    i18n.install(i18n.ENGLISH)
    english = stats_report(stats, "2026-11-30")
    assert "  best 3BV/s 4.00, best IOE 0.900" in english
    assert "   1.    5.000 s  2026-11-29" in english


def test_the_csv_export_is_the_same_whatever_the_language(tmp_path, german):
    stats = bests_file(tmp_path)
    english, count = stats_csv(stats)
    i18n.install("de")
    assert i18n.number(0.9, 3) == "0,900"  # German is in use
    assert stats_csv(stats) == (english, count)
    assert "0.900" in english and "0,900" not in english


@pytest.mark.concurrent
def test_words_the_worker_process_makes_are_in_the_askers_language(tmp_path, monkeypatch):
    folder = tmp_path / "locale"
    catalogue(folder, "qps")  # every message wrapped in [[...]]
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    with pytest.raises(ValueError) as english:
        elsewhere(board_of_replay, str(broken))
    assert "[[" not in str(english.value)
    i18n.install("qps")
    with pytest.raises(ValueError) as pseudo:
        elsewhere(board_of_replay, str(broken))
    assert str(pseudo.value) == f"[[{english.value}]]"  # said in the worker, in qps
