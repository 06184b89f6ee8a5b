"""The man page (assets/man/pixel-mines.6, where the wheel and the bundle take it from) is what
tools/manpage.py makes now: every option of the command line, every key of the key table, the
player's files; and its roff is escaped so that nothing in those tables can break it."""

from __future__ import annotations

import re

import pytest

from game import app
from game.resources import man_dir
from game.ui import keys
from game.version import __version__
from tests.test_packaging import load_tool

tool = load_tool("manpage")
news = load_tool("news")


@pytest.fixture(scope="module")
def page() -> str:
    return tool.page()


def section(text: str, name: str) -> str:
    found = re.search(rf"^\.SH {name}\n(.*?)(?=^\.SH |\Z)", text, re.S | re.M)
    assert found, name
    return found[1]


def test_the_shipped_page_is_what_the_tool_makes_now(page):
    assert man_dir() / "pixel-mines.6" == tool.PAGE
    assert tool.PAGE.read_text(encoding="utf-8") == page, (
        "assets/man/pixel-mines.6 is out of date: run python tools/manpage.py"
    )


def test_the_page_is_dated_by_the_newest_release_and_names_this_version(page):
    head = next(line for line in page.splitlines() if line.startswith(".TH "))
    day = news.read_news()[0].date.replace("-", "\\-")
    assert head == f'.TH PIXEL\\-MINES 6 {day} "Pixel Mines {__version__}" Games'


def test_options_names_every_option_of_the_parser_with_its_value_and_help(page):
    options = section(page, "OPTIONS")
    parser = app._parser()
    for action in parser._actions:
        if not action.option_strings:
            continue
        tags = [tool.bold(name) for name in action.option_strings]
        tag_line = next((line for line in options.splitlines() if line.startswith(tags[0])), "")
        assert all(tag in tag_line for tag in tags), action.option_strings
        if action.metavar and action.nargs != 0:
            metavars = action.metavar if isinstance(action.metavar, tuple) else (action.metavar,)
            assert all(tool.italic(m) in tag_line for m in metavars), tag_line
        for choice in action.choices or ():
            assert tool.bold(choice) in tag_line, (choice, tag_line)
        assert tool.roff(action.help) in options, action.help


def test_keys_lists_every_keyed_row_of_the_key_table_and_the_mouse(page):
    listed = section(page, "KEYS")
    for table in (keys.PLAY_KEYS, keys.REPLAY_KEYS, keys.ANALYSIS_KEYS):
        for binding in table:
            if any(k.shown for k in binding.keys):
                first = next(k for k in binding.keys if k.shown)
                row = f"{tool.bold(first.label(english=True))}"
                assert f"\n{tool.roff(binding.label)}\n" in listed, binding.label
                assert row in listed, binding.label
    for (_context, where), what in keys.MOUSE_RULES:
        assert f".TP\n{tool.bold(where)}\n{tool.roff(what)}\n" in listed
    for name, what in keys.PAD_RULES:
        button = name[1] if isinstance(name, tuple) else name
        assert f".TP\n{tool.bold(button)}\n{tool.roff(what)}\n" in listed


def test_files_says_where_settings_statistics_and_replays_live(page):
    files = section(page, "FILES")
    for name in ("settings.json", "stats.sqlite3", "replays/", "kept/", "man6/pixel\\-mines.6"):
        assert name in files, name
    assert section(page, "NAME").strip() == (
        "pixel\\-mines \\- Minesweeper done right, in crisp pixel art"
    )
    assert "SEE ALSO" in page and "DESCRIPTION" in page and "SYNOPSIS" in page


@pytest.mark.parametrize(
    ("text", "roff"),
    [
        ("--force", "\\-\\-force"),
        (".hidden request", "\\&.hidden request"),
        ("'quoted", "\\&'quoted"),
        ("a\\b", "a\\eb"),
        ("9×9 → ok", "9\\[u00D7]9 \\[u2192] ok"),
    ],
)
def test_text_is_escaped_so_that_roff_reads_it_as_written(text, roff):
    assert tool.roff(text) == roff


def test_the_check_says_the_page_is_out_of_date(monkeypatch, tmp_path, capsys, page):
    stale = tmp_path / "man" / "pixel-mines.6"
    monkeypatch.setattr(tool, "PAGE", stale)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "page", lambda: page)
    assert tool.main(["--check"]) == 1 and not stale.exists()
    assert "man/pixel-mines.6 is out of date" in capsys.readouterr().out
    assert tool.main([]) == 0 and stale.read_text(encoding="utf-8") == page
    assert tool.main(["--check"]) == 0
