"""The player's language (game/i18n.py): chosen from --language, the setting and the
environment in gettext's order, English when nothing matches, switched while running; the
command line speaks it, argparse's own words too; plural forms as each language counts.

Catalogues are written by the tests (tests/catalogues.py) into a folder of their own, and the
pseudo-language qps wraps every message in [[...]]: text outside the markers did not come
through a catalogue."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import app, i18n
from game.store.settings import Settings, SettingsFile
from tests.catalogues import GERMANIC, ROOT, SLAVIC, catalogue, write_mo

WROTE = ("wrote %(count)d game to %(file)s", "wrote %(count)d games to %(file)s")


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A locale folder of test catalogues, where the game looks for its own: de and fr
    (every message behind "DE:" or "FR:") and the pseudo-language qps."""
    folder = tmp_path / "locale"
    catalogue(folder, "de", lambda text: f"DE:{text}")
    catalogue(folder, "fr", lambda text: f"FR:{text}")
    catalogue(folder, "qps")
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    return folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A config folder of this test's own, and nothing of gettext's environment."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = app.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# ---- the choice ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "environ, expected",
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_FR"}, "fr"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "fr_FR"}, "de"),
        ({"LANGUAGE": "fr:de", "LC_ALL": "de_DE.UTF-8"}, "fr"),
        ({"LANGUAGE": "ja:de_CH:fr", "LANG": "fr_FR"}, "de"),  # the list is tried in order
        ({"LANGUAGE": "", "LANG": "fr_FR"}, "fr"),  # set but empty: the next one decides
        ({"LANGUAGE": "ja", "LANG": "de_DE"}, "en"),  # gettext: the first one set decides
        ({"LANGUAGE": "en_GB:de"}, "en"),  # English first: the source strings
        ({"LANGUAGE": "C:de"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),  # nothing matches
        ({"LANG": "garbage!!"}, "en"),
    ],
)
def test_the_environment_is_read_in_gettexts_order(locale, environ, expected):
    assert i18n.choose(None, "", environ) == expected


def test_the_setting_comes_before_the_environment_and_a_language_asked_for_before_both(locale):
    environ = {"LANG": "de_DE.UTF-8"}
    assert i18n.choose(None, "fr", environ) == "fr"
    assert i18n.choose("de", "fr", environ) == "de"


def test_a_remembered_language_the_game_no_longer_speaks_gives_way_to_the_environment(locale):
    assert i18n.choose(None, "ja", {"LANG": "de_DE"}) == "de"
    assert i18n.choose(None, "ja", {}) == "en"


def test_the_languages_are_english_and_every_catalogue(locale):
    assert i18n.available() == ["de", "en", "fr", "qps"]


def test_the_shipped_languages_are_english_and_six_translations():
    assert i18n.available() == ["de", "en", "es", "fr", "it", "pl", "pt_BR"]


@pytest.mark.parametrize(
    "typed, code",
    [("de", "de"), ("de_AT", "de"), ("de-at", "de"), ("DE", "de"), ("en_US", "en"), ("en", "en")],
)
def test_a_language_asked_for_is_read_as_players_write_it(locale, typed, code):
    assert i18n.check_code(typed) == code


@pytest.mark.parametrize("typed", ["", "d", "deutsch", "de_", "de DE", "../de", "de_DE.UTF-8x"])
def test_what_is_not_a_language_code_is_refused(locale, typed):
    with pytest.raises(i18n.LanguageError, match="is not a language code"):
        i18n.check_code(typed)


def test_a_language_without_a_catalogue_is_refused_with_the_list(locale):
    with pytest.raises(i18n.LanguageError) as e:
        i18n.check_code("ja")
    assert str(e.value) == "there is no translation into ja; the languages are: de, en, fr, qps"


# ---- the command line speaks it ---------------------------------------------------------------


def test_help_follows_lang(capsys, locale, home, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    status, out, _ = run(capsys, "--help")
    assert status == 0 and out.startswith("DE:usage: pixel-mines")
    assert "DE:show this help message and exit" in out and "DE:options:" in out


def test_the_remembered_setting_overrides_the_environment(capsys, locale, home, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de")
    SettingsFile().save(Settings(language="fr"))
    assert run(capsys, "--help")[1].startswith("FR:usage: ")


def test_language_on_the_command_line_overrides_the_setting_and_the_environment(
    capsys, locale, home, monkeypatch
):
    monkeypatch.setenv("LANGUAGE", "fr")
    SettingsFile().save(Settings(language="fr"))
    for argv in (["--language", "de", "--help"], ["--help", "--language=de"]):
        assert run(capsys, *argv)[1].startswith("DE:usage: "), argv
    saved = json.loads((home / "config" / "pixel-mines" / "settings.json").read_text())
    assert saved["language"] == "fr"  # --language is this run's: nothing is remembered


def test_an_unknown_environment_language_gives_english(capsys, locale, home, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert run(capsys, "--help")[1].startswith("usage: pixel-mines")


@pytest.mark.parametrize("value", ["xx", "ja", "../de", "", "de de"])
def test_a_bad_language_is_one_line_with_exit_2_in_the_language_of_the_system(
    capsys, locale, home, monkeypatch, value
):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    status, out, err = run(capsys, "--text", "--language", value)
    assert status == app.EXIT_COMMAND_LINE and out == ""
    (line,) = err.splitlines()
    assert line.startswith("pixel-mines: DE:--language: DE:") and line.endswith("(see --help)")
    assert "%(" not in line and "Traceback" not in err


def test_language_without_a_value_is_refused_by_the_real_parser(capsys, locale, home):
    status, _, err = run(capsys, "--language")
    assert (
        status == 2
        and err == "pixel-mines: argument --language: expected one argument (see --help)\n"
    )


@pytest.mark.concurrent
def test_the_shipped_german_catalogue_speaks_on_the_command_line(home):
    env = {"LANGUAGE": "de", "XDG_CONFIG_HOME": str(home / "config")}
    result = subprocess.run(
        [sys.executable, "main.py", "--text=1"],
        cwd=ROOT,
        text=True,
        capture_output=True,
        env={**_environ(), **env},
    )
    assert result.returncode == 2
    assert result.stderr == (
        "pixel-mines: Argument --text: nimmt keinen Wert (angegeben: '1') (siehe --help)\n"
    )
    english = subprocess.run(
        [sys.executable, "main.py", "--language", "en", "--text=1"],
        cwd=ROOT,
        text=True,
        capture_output=True,
        env={**_environ(), **env},
    )
    assert english.stderr == "pixel-mines: argument --text: takes no value (got '1') (see --help)\n"


def _environ() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}


# ---- the pseudo-language: nothing bypasses the catalogue ------------------------------------


def outside_markers(text: str) -> str:
    """The text with every [[...]] taken out, innermost first (messages nest in messages)."""
    innermost = re.compile(r"\[\[(?!\[)(?:(?!\[\[|\]\]).)*\]\]", re.S)  # "[[[[a]]": the 2nd
    previous = None
    while previous != text:
        previous, text = text, innermost.sub(" ", text)
    return text


def words_left(text: str, *typed: str) -> list[str]:
    """What is left outside the markers but argparse's structure: the program's name, option
    names, the values options take ({beginner,...}), one-letter metavars (R, C, M, S, N),
    brackets and signs, and what the player typed."""
    rest = outside_markers(text)
    options = [o for a in app._parser()._actions for o in a.option_strings]
    choices = [str(c) for a in app._parser()._actions for c in (a.choices or ())]
    for token in sorted({"pixel-mines", *options, *choices, *typed} - {""}, key=len, reverse=True):
        rest = re.sub(rf"(?<![\w-]){re.escape(token)}(?![\w-])", " ", rest)
    rest = re.sub(r"\b[RCMSN]\b", " ", rest)
    return re.findall(r"[^\W\d_]+", rest)


def test_help_in_the_pseudo_language_has_no_word_outside_the_catalogue(capsys, locale, home):
    status, out, err = run(capsys, "--language", "qps", "--help")
    assert status == 0 and err == ""
    assert out.startswith("[[usage: ]]pixel-mines") and "[[options]]:" in out
    assert words_left(out) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["--rows", "x"],
        ["--difficulty", "hard"],
        ["--bogus"],
        ["--text=1"],
        ["--seed"],
        ["--rows", "9"],
        ["--rows", "9", "--cols", "9", "--mines", "9", "--difficulty", "expert"],
        ["--scale", "9"],
        ["--daily", "--board", "x"],
        ["--json"],
        ["--theme", "a/b"],
        ["--seed", "99999999999999999999"],
        ["--replay", ""],
        ["--language", "ja"],
        ["--install-desktop", "--uninstall-desktop"],
        ["x"] * 101,
    ],
)
def test_refusals_in_the_pseudo_language_have_no_word_outside_the_catalogue(
    capsys, locale, home, monkeypatch, argv
):
    monkeypatch.setenv("LANGUAGE", "qps")
    status, out, err = run(capsys, "--text", *argv)
    assert status == 2 and out == ""
    (line,) = err.splitlines()
    assert "[[" in line
    assert words_left(line, *argv, "ja", "qps") == []


def test_a_percent_sign_in_a_translated_help_is_shown_as_it_is(capsys, tmp_path, monkeypatch, home):
    help_text = "print your statistics and exit"
    write_mo(
        tmp_path / "de" / "LC_MESSAGES" / "pixel-mines.mo",
        {help_text: "100 % deiner Statistik ausgeben"},
    )
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    status, out, err = run(capsys, "--language", "de", "--help")
    assert status == 0 and "100 % deiner Statistik ausgeben" in out and err == ""


def test_the_words_left_check_can_fail(capsys, locale, home):
    """The marker check sees an English word that did not come through the catalogue."""
    left = words_left("[[usage: ]]pixel-mines --text [[play]] in a window")
    assert left == ["in", "a", "window"]


# ---- switching while the game runs -----------------------------------------------------------


def test_install_switches_the_language_at_run_time_and_argparse_follows(locale):
    message = "show this help message and exit"
    i18n.install("de")
    assert i18n.language() == "de" and i18n._(message) == f"DE:{message}"
    assert app._parser().format_help().startswith("DE:usage: ")
    i18n.install("qps")
    assert i18n._(message) == f"[[{message}]]"
    assert app._parser().format_help().startswith("[[usage: ]]")
    i18n.install("en")
    assert i18n.language() == "en" and i18n._(message) == message
    assert app._parser().format_help().startswith("usage: ")


def test_installing_a_language_without_a_catalogue_gives_english(locale):
    i18n.install("ja")
    assert i18n.language() == "en" and i18n._("options") == "options"


def test_a_message_marked_at_import_time_is_translated_where_it_is_shown(locale):
    marked = i18n.N_("options")
    assert marked == "options"
    i18n.install("fr")
    assert i18n._(marked) == "FR:options"


def test_pgettext_tells_short_words_apart_by_their_context(tmp_path, monkeypatch):
    write_mo(
        tmp_path / "de" / "LC_MESSAGES" / "pixel-mines.mo",
        {("metavar of --board", "CODE"): "CODE", ("metavar of --language", "CODE"): "SPRACHE"},
    )
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.install("de")
    assert i18n.pgettext("metavar of --language", "CODE") == "SPRACHE"
    assert i18n.pgettext("metavar of --board", "CODE") == "CODE"
    assert i18n._("CODE") == "CODE"


def test_numbers_and_dates_follow_the_catalogue_not_the_system_locale(tmp_path, monkeypatch):
    assert (i18n.number(1234.567, 2), i18n.number(-5)) == ("1,234.57", "-5")
    assert i18n.date("2026-12-01T20:35:00") == "2026-12-01"
    pattern = ("date pattern", "%(year)s-%(month)s-%(day)s")
    write_mo(
        tmp_path / "de" / "LC_MESSAGES" / "pixel-mines.mo",
        {
            ("decimal separator", "."): ",",
            ("thousands separator", ","): ".",
            pattern: "%(day)s.%(month)s.%(year)s",
        },
    )
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.install("de")
    assert (i18n.number(1234567.891, 1), i18n.number(0.5, 2)) == ("1.234.567,9", "0,50")
    assert i18n.date("2026-12-01") == "01.12.2026"
    assert i18n.date("not a date") == "not a date"
    assert i18n.NP_("date pattern", "x") == ("date pattern", "x")


# ---- plural forms ------------------------------------------------------------------------------


def plural_catalogue(tmp_path, monkeypatch, language: str, rule: str, forms: list[str]):
    write_mo(tmp_path / language / "LC_MESSAGES" / "pixel-mines.mo", {WROTE: forms}, rule)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.install(language)


@pytest.mark.parametrize("n, form", [(0, 1), (1, 0), (2, 1), (5, 1), (21, 1)])
def test_plural_forms_of_a_german_style_rule(tmp_path, monkeypatch, n, form):
    forms = ["%(count)d Spiel nach %(file)s", "%(count)d Spiele nach %(file)s"]
    plural_catalogue(tmp_path, monkeypatch, "de", GERMANIC, forms)
    assert i18n.ngettext(*WROTE, n) == forms[form]


@pytest.mark.parametrize("n, form", [(0, 2), (1, 0), (2, 1), (5, 2), (21, 0), (11, 2), (22, 1)])
def test_plural_forms_of_a_slavic_rule(tmp_path, monkeypatch, n, form):
    forms = ["%(count)d igra v %(file)s", "%(count)d igry v %(file)s", "%(count)d igr v %(file)s"]
    plural_catalogue(tmp_path, monkeypatch, "ru", SLAVIC, forms)
    assert i18n.ngettext(*WROTE, n) == forms[form]


@pytest.mark.parametrize(
    "n, expected", [(0, "0 games"), (1, "1 game"), (2, "2 games"), (5, "5 games"), (21, "21 games")]
)
def test_english_plurals_without_a_catalogue(n, expected):
    i18n.install("en")
    assert i18n.ngettext(*WROTE, n) % {"count": n, "file": "f"} == f"wrote {expected} to f"


def test_the_shipped_german_catalogue_counts_games(monkeypatch):
    i18n.install("de")
    said = [i18n.ngettext(*WROTE, n) % {"count": n, "file": "x.csv"} for n in (0, 1, 2, 5, 21)]
    assert said == [
        "0 Spiele nach x.csv geschrieben",
        "1 Spiel nach x.csv geschrieben",
        "2 Spiele nach x.csv geschrieben",
        "5 Spiele nach x.csv geschrieben",
        "21 Spiele nach x.csv geschrieben",
    ]


@pytest.mark.parametrize("language", [code for code in i18n.available() if code != "en"])
def test_no_shipped_translation_is_left_in_english_by_the_placeholder_check(capsys, language):
    """The check as a catalogue loads (tests/test_damaged_catalogues.py) takes no message of
    a shipped one: the French « %(command)s » for %(command)r included."""
    i18n.install(language)
    assert i18n.language() == language and i18n._translation.unfit == []
    assert capsys.readouterr().err == ""


# ---- the rule: nothing is translated at import time --------------------------------------------

LOOKUPS = {"_", "ngettext", "pgettext"}


def import_time_lookups(tree: ast.Module) -> list[int]:
    """Lines where a module calls a lookup while it is imported: in its body, a class body, a
    default value or a decorator (function bodies run later, and may)."""
    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo += [d for d in (*node.args.defaults, *node.args.kw_defaults) if d is not None]
            todo += getattr(node, "decorator_list", [])
            continue
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in LOOKUPS
        ):
            found.append(node.lineno)
        todo += list(ast.iter_child_nodes(node))
    return found


def test_no_module_translates_while_it_is_imported():
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{path.relative_to(ROOT)}:{n}" for n in import_time_lookups(tree)]
    assert offenders == []


def test_the_import_time_check_can_fail():
    code = "A = _('x')\nclass B:\n    c = ngettext('a', 'b', 2)\ndef f(d=_('y')):\n    _('fine')\n"
    assert sorted(import_time_lookups(ast.parse(code))) == [1, 3, 4]


def test_every_mark_is_given_a_literal_not_a_formatted_string():
    """`_(f"...")` or `_("..." % x)` would look up text no catalogue holds."""
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in LOOKUPS | {"N_"}
            ):
                bad = [a for a in node.args if isinstance(a, ast.JoinedStr | ast.BinOp)]
                offenders += [f"{path.relative_to(ROOT)}:{node.lineno}" for _ in bad[:1]]
    assert offenders == []


# ---- the settings keep the language -------------------------------------------------------------


def test_the_language_setting_is_kept_and_empty_means_the_system(tmp_path):
    f = SettingsFile(tmp_path / "settings.json")
    assert Settings().language == ""
    f.save(Settings(language="pt_BR"))
    assert f.load()[0].language == "pt_BR" and f.remembered_language() == "pt_BR"


@pytest.mark.parametrize("value", [1, None, "../de", "de DE", "x" * 100, ["de"]])
def test_a_bad_language_setting_falls_back_to_the_system_with_a_line(tmp_path, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": value, "theme": "night"}))
    assert SettingsFile(path).remembered_language() == ""
    settings, messages = SettingsFile(path).load()
    assert settings.language == "" and settings.theme == "night"
    assert len(messages) == 1 and "language" in messages[0]


def test_reading_the_language_early_changes_nothing_on_disk(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    assert SettingsFile(path).remembered_language() == ""
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # load() sets it aside


def test_the_games_own_words_are_english_in_the_tests_whatever_the_machine_speaks():
    assert i18n.from_environment() == [] and i18n.language() == "en"


def test_the_catalogues_are_found_inside_the_package():
    assert i18n.locale_dir() == Path(i18n.__file__).parent / "locale"
