"""The translations' tools (tools/messages.py) without Babel: the template holds every marked
message, each shipped catalogue is complete, keeps its placeholders and plural forms and is
compiled; and the check fails on each kind of fault."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.catalogues import ROOT, messages_tool, write_mo

tool = messages_tool()

HEADER = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
TEMPLATE = (
    HEADER
    + """\
#. Translators: a comment
#: game/app.py:1
#, python-format
msgid "wrote %(count)d game to %(file)s"
msgid_plural "wrote %(count)d games to %(file)s"
msgstr[0] ""
msgstr[1] ""

msgctxt "metavar of --board"
msgid "CODE"
msgstr ""

msgid "options"
msgstr ""

msgid "--board: %(problem)s"
msgstr ""
"""
)
GOOD = (
    HEADER
    + """\
msgid "wrote %(count)d game to %(file)s"
msgid_plural "wrote %(count)d games to %(file)s"
msgstr[0] "%(count)d Spiel nach %(file)s"
msgstr[1] "%(count)d Spiele nach %(file)s"

msgctxt "metavar of --board"
msgid "CODE"
msgstr "CODE"

msgid "options"
msgstr "Optionen"

msgid "--board: %(problem)s"
msgstr "--board: %(problem)s"

#~ msgid "gone"
#~ msgstr "weg"
"""
)


def problems(tmp_path: Path, catalogue: str, template: str = TEMPLATE) -> list[str]:
    (tmp_path / "t.pot").write_text(template, encoding="utf-8")
    (tmp_path / "de.po").write_text(catalogue, encoding="utf-8")
    return tool.check_catalogue(
        tool.read_po(tmp_path / "t.pot"), tool.read_po(tmp_path / "de.po"), "de"
    )


def test_a_key_name_or_a_word_a_language_shares_may_stay_and_nothing_else(tmp_path, monkeypatch):
    key = '\nmsgctxt "key"\nmsgid "Tab"\nmsgstr "%s"\n'
    (tmp_path / "t.pot").write_text(TEMPLATE + key % "", encoding="utf-8")
    (tmp_path / "fr.po").write_text(
        GOOD.replace('"Optionen"', '"options"') + key % "Tab", encoding="utf-8"
    )

    def check():
        return tool.check_catalogue(
            tool.read_po(tmp_path / "t.pot"), tool.read_po(tmp_path / "fr.po"), "fr"
        )

    assert [p for p in check() if "left in English" in p] == [
        "fr: 'options' is left in English (only "
        + repr(sorted(tool.MAY_STAY_ENGLISH | tool.SAME_IN_LANGUAGE["fr"]))
        + " and the keys' names may be)"
    ]
    monkeypatch.setitem(tool.SAME_IN_LANGUAGE, "fr", frozenset({"options"}))
    assert [p for p in check() if "left in English" in p] == []


# ---- what is shipped ----------------------------------------------------------------------------


def test_the_template_holds_every_marked_message_and_no_other():
    """Extraction is Babel's; this finds the marks with ast, so a message marked since the last
    `python tools/messages.py extract` (or one taken out) is caught without Babel."""
    in_template = {e.key for e in tool.read_po(tool.TEMPLATE) if e.id}
    assert tool.marked_in_source() == in_template


def test_the_template_holds_the_translators_comments_the_source_gives():
    """A `# Translators:` comment reaches the template only if it ends on the line just above
    its mark's call (Babel's rule), so a reformatting that moves the call down drops it
    silently; comments_in_source applies that rule with tokenize, without Babel."""
    lines = tool.TEMPLATE.read_text(encoding="utf-8").splitlines()
    in_template = {}
    for entry in tool.read_po(tool.TEMPLATE):
        if not entry.id:
            continue
        above = []
        for line in reversed(lines[: entry.line - 1]):
            if not line.startswith("#"):
                break
            if line.startswith("#."):
                above.insert(0, line[2:].strip())
        in_template[entry.key] = above
    in_source = tool.comments_in_source()
    assert in_source.keys() == in_template.keys()
    differ = {k: (v, in_source[k]) for k, v in in_template.items() if v != in_source[k]}
    assert differ == {}, "(template, source) of each; move the comment or run extract"


def test_every_shipped_catalogue_passes_the_check():
    assert tool.catalogues(), "no catalogue is shipped"
    assert tool.check() == []


def test_every_shipped_catalogue_is_for_every_plural_rule_in_its_header_and_compiled():
    import gettext

    for language, po in tool.catalogues().items():
        with po.with_suffix(".mo").open("rb") as f:
            compiled = gettext.GNUTranslations(f)
        assert compiled.info()["language"] == language
        assert tool.plural_count(tool.read_po(po)) == 1 + max(
            compiled.plural(n) for n in range(200)
        )


def test_babel_is_a_development_tool_only():
    def lines(name: str) -> list[str]:
        text = (ROOT / name).read_text(encoding="utf-8").lower()
        return [line for line in text.splitlines() if line and not line.startswith("#")]

    assert lines("requirements-dev.txt") == ["-r requirements-test.txt", "babel>=2.14,<3"]
    for name in ("requirements.txt", "requirements-test.txt", "pyproject.toml"):
        assert "babel" not in " ".join(lines(name)), name
    assert not re.search(
        r"^\s*(import babel|from babel)", (ROOT / "game").joinpath("i18n.py").read_text(), re.M
    )


# ---- the check -------------------------------------------------------------------------------


def test_a_good_catalogue_passes(tmp_path):
    assert problems(tmp_path, GOOD) == []


@pytest.mark.parametrize(
    "change, said",
    [
        (('msgstr "Optionen"', 'msgstr ""'), "'options' is not translated"),
        (('msgstr "Optionen"', 'msgstr "options"'), "'options' is left in English"),
        (('msgid "options"\nmsgstr "Optionen"\n', ""), "'options' is missing"),
        (('msgid "options"', '#, fuzzy\nmsgid "options"'), "'options' is marked fuzzy"),
        (
            ('"%(count)d Spiel nach %(file)s"', '"%(count)d Spiel nach %(datei)s"'),
            "(form 0): the placeholders differ",
        ),
        (
            ('"%(count)d Spiele nach %(file)s"', '"Spiele nach %(file)s"'),
            "(form 1): the placeholders differ",
        ),
        (('msgstr "--board: %(problem)s"', 'msgstr "--board: %s"'), "placeholders differ"),
        (('msgstr[1] "%(count)d Spiele nach %(file)s"\n', ""), "has 1 plural forms"),
        (("nplurals=2", "nplurals=3"), "has 2 plural forms, the header says 3"),
        (
            ('msgstr "--board: %(problem)s"', 'msgstr "--board: %(problem)s 100%"'),
            "cannot be filled in",
        ),
        (("Plural-Forms: nplurals=2; plural=(n != 1);", "X: y"), "no Plural-Forms"),
        (
            ('#~ msgid "gone"\n#~ msgstr "weg"\n', 'msgid "gone"\nmsgstr "weg"\n'),
            "'gone' is not in the template",
        ),
    ],
)
def test_the_check_finds_each_fault(tmp_path, change, said):
    old, new = change
    assert old in GOOD
    found = problems(tmp_path, GOOD.replace(old, new, 1))
    assert found and all(line.startswith("de: ") for line in found)
    assert any(said in line for line in found), found


def test_only_the_short_list_and_signs_may_stay_english(tmp_path):
    assert {"OK", "3BV"} <= tool.MAY_STAY_ENGLISH and len(tool.MAY_STAY_ENGLISH) <= 12
    assert all(len(words) <= 6 for words in tool.SAME_IN_LANGUAGE.values())
    assert not tool._has_words("--board: %(problem)s") and not tool._has_words("%(a)s: %(b)s")
    assert tool._has_words("options") and tool._has_words("--json goes with --analyse")


def test_placeholders_are_named_or_in_order_and_percent_signs_are_neither():
    assert tool.placeholders("%(count)d of %(file)s, 50%% %r") == ({"count", "file"}, ["r"])


# ---- the .po reader and the compiled catalogues ------------------------------------------------


def test_the_po_reader_reads_escapes_continued_lines_contexts_and_plurals(tmp_path):
    path = tmp_path / "x.po"
    path.write_text(
        HEADER + 'msgctxt "c"\nmsgid ""\n"two "\n"lines\\n"\n'
        'msgstr "a \\"b\\"\\t\\\\"\n\nmsgid "one"\nmsgid_plural "many"\n'
        'msgstr[0] "1"\nmsgstr[1] "n"\n'
        '#~ msgid "old"\n#~ msgstr "alt"\n',
        encoding="utf-8",
    )
    header, context, plural = tool.read_po(path)
    assert header.id == "" and tool.header_fields([header])["Plural-Forms"].startswith("npl")
    assert (context.context, context.id, context.strings) == ("c", "two lines\n", ['a "b"\t\\'])
    assert (plural.id, plural.plural, plural.strings) == ("one", "many", ["1", "n"])


def test_the_po_reader_refuses_what_is_not_a_po_file(tmp_path):
    path = tmp_path / "x.po"
    path.write_text('msgid "a"\nmsgstrr "b"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="x.po:2"):
        tool.read_po(path)


def test_a_compiled_catalogue_that_says_something_else_than_its_po_is_stale(tmp_path):
    (tmp_path / "de.po").write_text(GOOD, encoding="utf-8")
    entries = tool.read_po(tmp_path / "de.po")
    mo = tmp_path / "de.mo"
    good = {
        ("metavar of --board", "CODE"): "CODE",
        (None, "options"): "Optionen",
        (None, "--board: %(problem)s"): "--board: %(problem)s",
        ("wrote %(count)d game to %(file)s", "wrote %(count)d games to %(file)s"): [
            "%(count)d Spiel nach %(file)s",
            "%(count)d Spiele nach %(file)s",
        ],
    }
    write_mo(mo, good)
    assert tool.stale_mo(entries, mo, "de") == []
    write_mo(mo, {**good, (None, "options"): "Einstellungen"})
    (line,) = tool.stale_mo(entries, mo, "de")
    assert "differs from the .po at 'options'" in line
    assert "no de.mo" in tool.stale_mo(entries, tmp_path / "nothing" / "de.mo", "de")[0]


def test_the_tool_without_babel_says_how_to_get_it(monkeypatch):
    import builtins

    real = builtins.__import__

    def no_babel(name, *args, **kwargs):
        if name.split(".")[0] == "babel":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_babel)
    with pytest.raises(SystemExit, match="requirements-dev.txt"):
        tool.extract()
