"""The shipped desktop entry and metainfo are what tools/desktop_files.py makes of them: every
language with a catalogue translated from it, the releases NEWS.md's, the newest this version;
and the tool and the NEWS reader do what they say on files made here."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import desktop_text
from game.version import __version__
from tests.test_packaging import load_tool

tool = load_tool("desktop_files")
news = load_tool("news")
ROOT = Path(__file__).resolve().parents[1]
XML_LANG = tool.XML_LANG
MARKED = tool.messages.marked_in_source()  # every (context, message) marked in game/


def write_po(locale: Path, language: str, entries: str) -> None:
    po = locale / language / "LC_MESSAGES" / "pixel-mines.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: x\\n"\n\n' + entries, encoding="utf-8")


def a_translator(tmp_path: Path, **languages: str) -> object:
    """A Translator over catalogues written here, one a language, that knows the marks of
    game/ (the real ones)."""
    locale = tmp_path / "locale"
    for language, entries in languages.items():
        write_po(locale, language, entries)
    return tool.Translator(tool.load_catalogues(locale), MARKED)


NAME_IN = {
    "it": 'msgctxt "application name"\nmsgid "Pixel Mines"\nmsgstr "Mine di pixel"\n',
    "pl": 'msgctxt "application name"\nmsgid "Pixel Mines"\nmsgstr "Pikselowe miny"\n',
    "pt_BR": 'msgctxt "application name"\nmsgid "Pixel Mines"\nmsgstr "Minas de pixels"\n',
}


# ---- the committed files ----------------------------------------------------------------------


def test_the_shipped_desktop_files_are_what_the_tool_makes_now():
    for path, text in tool.made().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python tools/desktop_files.py"
        )


def test_the_metainfo_lists_news_md_s_releases_newest_first_the_newest_this_version():
    root = ET.fromstring((tool.METAINFO).read_text(encoding="utf-8"))
    shown = []
    for release in root.findall("releases/release"):
        texts = [e.text for e in release.find("description").iter() if e.tag in ("p", "li")]
        shown.append((release.get("version"), release.get("date"), tuple(texts)))
    releases = news.read_news()
    assert shown == [(r.version, r.date, r.items) for r in releases]
    assert shown[0][0] == __version__ == "0.2.0"
    assert 6 <= len(shown[0][2]) <= 12
    assert shown[-1][:1] == ("0.1.0",) and shown[-1][2] == ("The first release.",)


def test_every_text_of_game_desktop_text_is_in_the_shipped_files():
    """A mark left behind would have translators translate words nothing shows."""
    lines = tool.ENTRY.read_text(encoding="utf-8").splitlines()
    entry = dict(line.split("=", 1) for line in lines if "=" in line)
    assert (entry["Name"], entry["GenericName"]) == (
        desktop_text.NAME[1],
        desktop_text.GENERIC_NAME,
    )
    assert (entry["Comment"], entry["Keywords"]) == (desktop_text.SUMMARY, desktop_text.KEYWORDS)
    metainfo = ET.fromstring(tool.METAINFO.read_text(encoding="utf-8"))
    english = {_plain(e.text) for e in metainfo.iter() if XML_LANG not in e.attrib}
    marked = [desktop_text.NAME[1], desktop_text.SUMMARY, *desktop_text.DESCRIPTION]
    marked += [*desktop_text.FEATURES, *desktop_text.CAPTIONS]
    assert [text for text in marked if text not in english] == []
    keywords = metainfo.findall("keywords/keyword")
    words = [k.text for k in keywords if XML_LANG not in k.attrib]
    assert tool.as_list(";".join(words)) == desktop_text.KEYWORDS


def _plain(text: str | None) -> str:
    return " ".join((text or "").split())


# ---- the desktop entry ------------------------------------------------------------------------

ENTRY = """\
[Desktop Entry]
Type=Application
Name=Pixel Mines
Name[xx]=an old translation, dropped
Comment=Minesweeper done right, in crisp pixel art
Keywords=minesweeper;mines;puzzle;
Exec=pixel-mines
"""


def test_every_language_with_a_catalogue_gets_its_keys_in_the_order_of_the_codes(tmp_path):
    translator = a_translator(tmp_path, **NAME_IN)
    made = tool.desktop_entry(ENTRY, translator).splitlines()
    assert made[2:6] == [
        "Name=Pixel Mines",
        "Name[it]=Mine di pixel",
        "Name[pl]=Pikselowe miny",
        "Name[pt_BR]=Minas de pixels",
    ]
    assert "Name[xx]=an old translation, dropped" not in made
    # what no catalogue translates stays English alone, untouched
    assert made[6:] == ENTRY.splitlines()[4:]


def test_fuzzy_and_empty_translations_are_left_out(tmp_path):
    comment = 'msgid "Minesweeper done right, in crisp pixel art"\n'
    translator = a_translator(
        tmp_path,
        de='#, fuzzy\nmsgctxt "application name"\nmsgid "Pixel Mines"\nmsgstr "Falsch"\n\n'
        + comment
        + 'msgstr "Minesweeper, wie es sein soll"\n',
        fr=comment + 'msgstr ""\n',
    )
    made = tool.desktop_entry(ENTRY, translator)
    assert "Name[de]" not in made and "Comment[fr]" not in made
    assert "Comment[de]=Minesweeper, wie es sein soll\n" in made


def test_keywords_are_a_list_and_a_translation_is_escaped_as_the_spec_says(tmp_path):
    translator = a_translator(
        tmp_path,
        de='msgid "minesweeper;mines;puzzle;"\nmsgstr " Minen ; Rätsel"\n\n'
        'msgid "Minesweeper done right, in crisp pixel art"\nmsgstr "ein\\\\zwei\\ndrei"\n',
    )
    made = tool.desktop_entry(ENTRY, translator).splitlines()
    assert "Keywords[de]=Minen;Rätsel;" in made
    assert "Comment[de]=ein\\\\zwei\\ndrei" in made


def test_running_the_tool_on_its_own_output_changes_nothing(tmp_path):
    translator = a_translator(tmp_path, **NAME_IN)
    once = tool.desktop_entry(ENTRY, translator)
    assert tool.desktop_entry(once, translator) == once
    metainfo = tool.METAINFO.read_text(encoding="utf-8")
    releases = news.read_news()
    once = tool.metainfo(metainfo, translator, releases)
    assert tool.metainfo(once, translator, releases) == once


def test_an_english_text_not_marked_in_game_stops_the_tool(tmp_path):
    translator = a_translator(tmp_path)
    unmarked = ENTRY.replace("Comment=Minesweeper done right, in crisp pixel art", "Comment=New")
    with pytest.raises(tool.NotMarked, match="'New' is not marked in game/"):
        tool.desktop_entry(unmarked, translator)


# ---- the metainfo -----------------------------------------------------------------------------


def test_the_metainfo_gets_each_language_after_each_english_text(tmp_path):
    translator = a_translator(
        tmp_path,
        pt_BR='msgid "Board codes: share a code and anyone plays the same board"\n'
        'msgstr "Códigos: compartilhe"\n\n'
        'msgid "A hint, with its proof marked on the board"\nmsgstr "Uma dica"\n\n'
        'msgid "minesweeper;mines;puzzle;"\nmsgstr "campo minado;minas;"\n\n' + NAME_IN["pt_BR"],
    )
    root = ET.fromstring(tool.metainfo(tool.METAINFO.read_text("utf-8"), translator, []))
    names = root.findall("name")
    assert [(n.get(XML_LANG), n.text) for n in names] == [
        (None, "Pixel Mines"),
        ("pt_BR", "Minas de pixels"),
    ]
    items = [(li.get(XML_LANG), li.text) for li in root.find("description/ul")]
    at = items.index((None, "Board codes: share a code and anyone plays the same board"))
    assert items[at + 1] == ("pt_BR", "Códigos: compartilhe")
    assert all(language in (None, "pt_BR") for language, _ in items)
    captions = [(c.get(XML_LANG), c.text) for c in root.iter("caption")]
    assert ("pt_BR", "Uma dica") in captions
    keywords = [(k.get(XML_LANG), k.text) for k in root.find("keywords")]
    assert keywords[-2:] == [("pt_BR", "campo minado"), ("pt_BR", "minas")]
    # the developer's name is a name, not the application's
    assert root.find("developer/name").text == "The Pixel Mines authors"
    assert root.find("developer").get("id") and root.find("developer_name") is None


def test_releases_are_made_from_news_one_item_a_paragraph_several_a_list():
    releases = [
        news.Release("1.1.0", "2027-01-02", ("One `--flag` & more", "Two <b>")),
        news.Release("1.0.0", "2027-01-01", ("The first release.",)),
    ]
    element = tool.releases_element(releases)
    first, second = element.findall("release")
    assert (first.get("version"), first.get("date")) == ("1.1.0", "2027-01-02")
    assert [li.text for li in first.find("description/ul")] == ["One --flag & more", "Two <b>"]
    assert second.find("description/p").text == "The first release."
    assert "&amp; more" in ET.tostring(element, "unicode")


# ---- NEWS.md ----------------------------------------------------------------------------------


def read(tmp_path: Path, text: str) -> list:
    path = tmp_path / "NEWS.md"
    path.write_text(text, encoding="utf-8")
    return news.read_news(path)


def test_news_items_go_on_over_indented_lines(tmp_path):
    (release,) = read(
        tmp_path, "# News\n\nWords.\n\n## 1.0.0 — 2027-01-01\n\n- a long\n  item\n- b\n"
    )
    assert release == news.Release("1.0.0", "2027-01-01", ("a long item", "b"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("## 1.0.0 - 2027-01-01\n- a\n", "NEWS.md:1: a release's heading"),
        ("## 1.0.0 — 2027-02-30\n- a\n", "NEWS.md:1: 2027-02-30 is not a date"),
        ("## 1.0.0 — 2027-01-01\n* a\n", "NEWS.md:2: under a release, only '- ' items"),
        ("## 1.0.0 — 2027-01-01\n\n## 0.9.0 — 2026-01-01\n- a\n", "1.0.0 has no items"),
        ("## 1.0.0 — 2027-01-01\n- a\n## 1.1.0 — 2027-01-02\n- b\n", "newest first"),
        ("## 1.1.0 — 2027-01-01\n- a\n## 1.0.0 — 2027-01-02\n- b\n", "newest first"),
        ("## 1.0.0 — 2027-01-01\n- a\n## 1.0.0 — 2027-01-01\n- b\n", "each version once"),
        ("# News\n", "no release"),
    ],
)
def test_news_not_in_its_form_is_refused_naming_the_line(tmp_path, text, says):
    with pytest.raises(news.NewsError, match=says):
        read(tmp_path, text)


def test_the_check_says_which_file_is_out_of_date(monkeypatch, tmp_path, capsys):
    entry, metainfo = tmp_path / "x.desktop", tmp_path / "x.metainfo.xml"
    current = tool.made()  # as the tool makes them now, whatever is committed
    shipped = current[tool.ENTRY]
    entry.write_text(shipped.replace("\nName=", "\nName[xx]=stale\nName="), encoding="utf-8")
    metainfo.write_text(current[tool.METAINFO], encoding="utf-8")
    monkeypatch.setattr(tool, "ENTRY", entry)
    monkeypatch.setattr(tool, "METAINFO", metainfo)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["--check"]) == 1
    assert (
        capsys.readouterr().out == "x.desktop is out of date: run python tools/desktop_files.py\n"
    )
    assert tool.main([]) == 0 and entry.read_text("utf-8") == shipped
    assert tool.main(["--check"]) == 0


def test_the_sdist_carries_news_md_which_the_tools_and_these_tests_read():
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("include ") and "NEWS.md" in line.split() for line in lines)


@pytest.mark.concurrent
def test_the_validators_take_the_files_with_languages_to_come(tmp_path):
    """Italian, Polish and Brazilian Portuguese (codes with a region too) as the tool will
    write them once their catalogues come: both validators still pass."""
    import shutil
    import subprocess

    checks = {
        "desktop-file-validate": (tool.ENTRY, []),
        "appstreamcli": (tool.METAINFO, ["validate", "--no-net", "--pedantic"]),
    }
    translator = a_translator(tmp_path, **NAME_IN)
    made = tool.made(translator)
    ran = 0
    for program, (path, args) in checks.items():
        found = shutil.which(program)
        if found is None:
            continue
        written = tmp_path / path.name
        written.write_text(made[path], encoding="utf-8")
        assert "[pt_BR]" in made[path] or 'xml:lang="pt_BR"' in made[path]
        result = subprocess.run(
            [found, *args, str(written)], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stdout + result.stderr
        ran += 1
    if not ran:
        pytest.skip("neither desktop-file-validate nor appstreamcli is installed")
