"""The shipped languages in the terminal: each catalogue's plural forms right for 0, 1, 2, 5
and 21; a whole terminal game in the pseudo-language with every line it prints come through
the catalogue (tests/catalogues.py, each word marked).

The window's screens have the same check in tests/ui/test_languages.py."""

from __future__ import annotations

import gettext
import re

import pytest

from game import i18n
from tests.catalogues import ROOT, messages_tool

tool = messages_tool()
SHIPPED = sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/pixel-mines.po"))
COUNTS = (0, 1, 2, 5, 21)
# The form each language uses for COUNTS: 0 the singular (the "one" of CLDR), 1 the plural
# ("other"). CLDR gives French and Spanish a third form, "many", for round millions (1000000
# and up): none of COUNTS is one, so a catalogue with nplurals=3 uses the same two here.
EXPECTED_FORMS = {
    "de": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1},  # singular for 1 alone
    "fr": {0: 0, 1: 0, 2: 1, 5: 1, 21: 1},  # singular for 0 and 1
    "es": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1},  # singular for 1 alone
    "it": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1},  # singular for 1 alone
    "pt_BR": {0: 0, 1: 0, 2: 1, 5: 1, 21: 1},  # singular for 0 and 1, as French
    "pl": {0: 2, 1: 0, 2: 1, 5: 2, 21: 2},  # 1; 2-4 (not 12-14) and 22-24...; the rest
}
# Polish's own second and third forms, besides COUNTS: 22-24 take the second, 12-14 the third
POLISH_MORE = {12: 2, 14: 2, 22: 1, 24: 1, 112: 2, 1_000_000: 2}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.install(i18n.ENGLISH)


def language_of(po) -> str:
    return po.parents[1].name


def plural_rule(po):
    """The catalogue's own Plural-Forms: (nplurals, the function of n it declares)."""
    header = tool.header_fields(tool.read_po(po)).get("Plural-Forms", "")
    count = re.search(r"nplurals\s*=\s*(\d+)", header)
    rule = re.search(r"plural\s*=\s*(.+?);?\s*$", header)
    assert count and rule, f"{po}: no Plural-Forms in the header"
    return int(count[1]), gettext.c2py(rule[1])


# ---- plural forms -------------------------------------------------------------------------------


def test_there_is_a_shipped_catalogue_and_each_language_has_its_expected_forms():
    assert SHIPPED
    unknown = sorted({language_of(p) for p in SHIPPED} - set(EXPECTED_FORMS))
    assert unknown == [], f"add the forms of {unknown} for 0, 1, 2, 5, 21 to EXPECTED_FORMS"


@pytest.mark.parametrize("po", SHIPPED, ids=language_of)
def test_each_catalogues_plural_rule_picks_the_right_form_for_0_1_2_5_21(po):
    count, rule = plural_rule(po)
    expected = EXPECTED_FORMS.get(language_of(po))
    if expected is None:
        pytest.fail(f"no expected forms for {language_of(po)}")
    assert count in (2, 3)
    assert {n: rule(n) for n in COUNTS} == expected
    if language_of(po) == "pl":
        assert {n: rule(n) for n in POLISH_MORE} == POLISH_MORE
    elif count == 3:  # CLDR's "many" (fr, es): round millions only
        assert rule(1_000_000) == 2 and rule(1_000_001) == 1


@pytest.mark.parametrize("po", SHIPPED, ids=language_of)
def test_ngettext_gives_each_counted_message_in_the_form_of_its_count(po):
    """Every counted message of the catalogue, through the game's own ngettext (the compiled
    .mo, installed as the game installs it)."""
    language = language_of(po)
    expected = EXPECTED_FORMS.get(language)
    if expected is None:
        pytest.fail(f"no expected forms for {language}")
    counted = [e for e in tool.read_po(po) if e.plural is not None and all(e.strings)]
    assert counted, f"{language}: no counted message is translated"
    i18n.install(language)
    assert i18n.language() == language
    wrong = [
        f"{e.id!r} for {n}: {i18n.ngettext(e.id, e.plural, n)!r}, not {e.strings[expected[n]]!r}"
        for e in counted
        for n in COUNTS
        if i18n.ngettext(e.id, e.plural, n) != e.strings[expected[n]]
    ]
    assert wrong == []


def test_the_plural_check_can_fail_on_a_rule_that_counts_zero_as_one(tmp_path):
    po = tmp_path / "de" / "LC_MESSAGES" / "pixel-mines.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n', encoding="utf-8"
    )
    count, rule = plural_rule(po)
    assert count == 2 and {n: rule(n) for n in COUNTS} != EXPECTED_FORMS["de"]


# ---- a whole terminal game in the pseudo-language ---------------------------------------------


def winning_moves(seed: int = 7) -> list[str]:
    """The commands that win Beginner of `seed` from (4, 4): the cells its opening leaves."""
    from game.engine import Difficulty
    from game.engine.boards import BoardChoice

    game = BoardChoice.standard(Difficulty.BEGINNER).new_game(seed=seed)
    game.reveal(4, 4)
    left = [
        (r, c)
        for r, line in enumerate(game.layout())
        for c, ch in enumerate(line)
        if ch == "." and game.cell(r, c) == "#"
    ]
    return ["r 4 4"] + [f"r {r} {c}" for r, c in left]


WIN = winning_moves()
# Every kind of line the terminal says: bad commands, help, a flag on an open cell, nothing to
# chord, undo, a win and a bad answer after it; a loss, its undo, a new game asked and refused,
# a kept game; the offer of the kept game against a board asked for, answered wrong first;
# the statistics.
RUNS = [
    (
        ["--seed", "7"],
        [
            "hello",
            "r 3",
            "r 99 0",
            "h",
            "u",
            "f 0 7",
            "f 0 7",
            "r 4 4",
            "r 4 4",
            "f 4 4",
            "c 4 4",
            "c 7 1",
            "u",
            *WIN,
            "maybe",
            "n",
        ],
    ),
    (
        ["--seed", "7"],
        ["r 4 4", "f 1 0", "c 2 0", "r 0 7", "x", "u", "n", "no", "n", "y", "r 4 4", "q"],
    ),
    (["--seed", "8", "--difficulty", "expert"], ["perhaps", "y", "q"]),
    (["--stats"], []),
]
TYPED = {"hello", "perhaps", "maybe", "r", "f", "c"}  # and the commands' letters


def board_line(line: str) -> bool:
    """A line of the board or its column numbers: digits, blanks and the cells' signs."""
    from game.engine.cells import ViewChar

    return bool(line.strip()) and set(line) <= set("0123456789 ") | {v.value for v in ViewChar}


def play_in_terminal(monkeypatch, capsys, home, language: str) -> list[str]:
    """Every line the runs print, stdout and stderr, with LANGUAGE set as a player sets it."""
    import io

    from game import app

    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    monkeypatch.setenv("LANGUAGE", language)
    lines = []
    for argv, typed in RUNS:
        monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{t}\n" for t in typed)))
        status = app.main(["--text", *argv])
        out, err = capsys.readouterr()
        assert status == 0, err
        lines += [
            line.replace(str(home), "~") for line in (out + err).splitlines() if line.strip("> ")
        ]
    return lines


def unmarked(lines: list[str]) -> list[str]:
    """The lines (each once) with words outside the marks, and those words; the board, board
    codes, the measures' names (tools/messages.py MAY_STAY_ENGLISH), what was typed and the
    player's own folders are not words of the game."""
    from tests.languages import without, words_outside

    bad = []
    lines = lines[::-1]  # the first of each kind is kept: the dict below keeps the last
    # each kind of line once ("(0, 5) is already open." as "(4, 4) is already open.")
    for line in {re.sub(r"\d+", "0", line): line for line in reversed(lines)}.values():
        if board_line(line):
            continue
        rest = re.sub(r"\b[0-9A-Z]{24}\b", " ", line)  # a board code
        rest = re.sub(r"~/\S*", " ", rest)  # the player's folders
        rest = without(rest, [*TYPED, *tool.MAY_STAY_ENGLISH])
        if words_outside(rest):
            bad.append(f"{line!r}: {' '.join(words_outside(rest))}")
    return bad


def test_a_whole_terminal_game_in_the_pseudo_language_prints_nothing_outside_the_catalogue(
    monkeypatch, capsys, tmp_path
):
    from tests.languages import PSEUDO, speaking

    with speaking(PSEUDO, tmp_path / "locale"):  # where the environment's choice finds it
        lines = play_in_terminal(monkeypatch, capsys, tmp_path, PSEUDO)
    said = "\n".join(lines)
    assert "[[" in said and sum(map(board_line, lines)) > 20  # it spoke, and played
    left = unmarked(lines)
    assert left == [], "lines of the terminal that bypass the catalogue:\n" + "\n".join(left)


def test_the_terminal_check_can_fail():
    assert unmarked(
        ["[[Mines]] [[left:]] 10", " 0  # # F", "Board code: 00000000000000007ZQX1CBR"]
    ) == ["'Board code: 00000000000000007ZQX1CBR': Board code"]
