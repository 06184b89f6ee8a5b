"""Damaged catalogues (issue 37, case 4; game/i18n.py): a catalogue that cannot be used leaves
the game in English with one line naming the file and why, and nothing that is not a regular
file is opened, nor more than a catalogue's worth read; a translation that does not keep the
placeholders of its English is shown in English alone, the rest of its catalogue in use.

The damage is done to copies of the shipped catalogues in a locale folder of the test's own
(the shipped files are never touched). What could hang or fill the memory (a FIFO, a link to
/dev/zero) is tried in a process of its own, with a timeout and a memory limit, so that a
regression fails the test instead of stopping the run."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from tests.badfiles import ROOT, env_for, unprivileged, unreadable
from tests.catalogues import write_mo

SHIPPED = ROOT / "game" / "locale"
MO = Path("LC_MESSAGES") / f"{i18n.DOMAIN}.mo"
# A message of the start, and its German in the shipped catalogue.
MINES_LEFT = "Mines left: %(mines)d   Time: %(seconds)s"
MINES_LEFT_DE = "Minen übrig: %(mines)d   Zeit: %(seconds)s"
MINES = ("%(count)d mine", "%(count)d mines")
# The shipped German catalogue's plural rule (Babel writes it so): damaged in place, at the
# same length, so the file's tables stay right and gettext reads as far as the rule.
GERMAN_RULE = b"plural=(n != 1);"
# A process of its own that installs German from a locale folder and says what it speaks:
# a memory limit, so that reading /dev/zero fails at once instead of filling the machine.
INSTALL = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from game import i18n
i18n.locale_dir = lambda: Path(sys.argv[1])
i18n.install("de")
print(i18n.language(), i18n._(sys.argv[2]))
"""
# A whole start with the catalogues of a folder of the test's own, as tools/pseudo.py starts
# one: the game's own entry point, its locale folder pointed elsewhere.
START = """
import sys
from pathlib import Path
from game import i18n
i18n.locale_dir = lambda: Path(sys.argv[1])
from game.app import main
raise SystemExit(main(sys.argv[2:]))
"""
# A regression that blocks (opening a FIFO) fails here rather than hanging the run; a good
# run takes a fraction of a second.
TIMEOUT_S = 20


@pytest.fixture
def locale(tmp_path, monkeypatch) -> Path:
    """Copies of the shipped catalogues in a locale folder of the test's own, where the game
    looks for its catalogues."""
    folder = tmp_path / "locale"
    for mo in SHIPPED.glob(f"*/{MO}"):
        copy = folder / mo.relative_to(SHIPPED)
        copy.parent.mkdir(parents=True)
        shutil.copyfile(mo, copy)
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    return folder


def german(locale: Path) -> Path:
    return locale / "de" / MO


def english_with_one_line(capsys, path: Path) -> str:
    """Install German: the game speaks English, and says so in one line naming `path`; the
    line."""
    i18n.install("de")
    out, err = capsys.readouterr()
    assert (i18n.language(), i18n._(MINES_LEFT)) == ("en", MINES_LEFT)
    assert i18n.ngettext(*MINES, 5) % {"count": 5} == "5 mines"
    assert out == "" and "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith(f"pixel-mines: {path}: the translation cannot be used (")
    assert line.endswith("); the game speaks English")
    return line


def damaged(path: Path, old: bytes, new: bytes) -> None:
    """The catalogue with `old` written as `new` (as long: its tables stay right)."""
    assert len(old) == len(new)
    data = path.read_bytes()
    assert data.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_bytes(data.replace(old, new))


# ---- the copies are good: what the damage changes ----------------------------------------------


def test_an_undamaged_copy_speaks_german_without_a_line(locale, capsys):
    i18n.install("de")
    assert (i18n.language(), i18n._(MINES_LEFT)) == ("de", MINES_LEFT_DE)
    assert capsys.readouterr() == ("", "")


def test_the_cap_is_far_above_every_shipped_catalogue():
    """A catalogue grows with the game: ten times the biggest shipped one still fits."""
    biggest = max(mo.stat().st_size for mo in SHIPPED.glob(f"*/{MO}"))
    assert 10 * biggest < i18n.MAX_CATALOGUE_BYTES


# ---- a catalogue that cannot be used: English, and one line --------------------------------------


@pytest.mark.parametrize(
    "keep, why",
    [
        (0, "the file is cut short"),
        (3, "the file is cut short"),
        (30, "the file is cut short"),
        (1000, "the file is cut short"),
        (0.5, "File is corrupt"),
        (-1, "File is corrupt"),
    ],
)
def test_a_truncated_catalogue_gives_english_and_says_why(locale, capsys, keep, why):
    path = german(locale)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep) if isinstance(keep, float) else keep])
    assert f"({why})" in english_with_one_line(capsys, path)


def test_random_bytes_in_place_of_a_catalogue_give_english(locale, capsys):
    path = german(locale)
    path.write_bytes(random.Random(37).randbytes(path.stat().st_size))
    assert "(Bad magic number)" in english_with_one_line(capsys, path)


def test_a_folder_in_place_of_a_catalogue_gives_english(locale, capsys):
    path = german(locale)
    path.unlink()
    path.mkdir()
    assert "(is a folder, not a file)" in english_with_one_line(capsys, path)


def test_an_unknown_charset_in_the_header_gives_english(locale, capsys):
    path = german(locale)
    damaged(path, b"charset=utf-8", b"charset=nope!")
    assert "(unknown encoding: nope!)" in english_with_one_line(capsys, path)


def test_a_header_without_its_charset_gives_english(locale, capsys):
    path = german(locale)
    damaged(path, b"charset=utf-8", b"utf-8        ")
    assert "without a charset" in english_with_one_line(capsys, path)


@pytest.mark.parametrize(
    "rule",
    [
        b"plural=(n $$ 1);",  # not a rule gettext can read: it says so as it loads
        b"plural=(n %  0);",  # read, but fails on every count: it would fail on a screen
    ],
)
def test_a_bad_plural_rule_gives_english(locale, capsys, rule):
    path = german(locale)
    damaged(path, GERMAN_RULE, rule)
    english_with_one_line(capsys, path)


def test_an_unreadable_catalogue_gives_english(locale, capsys, monkeypatch):
    path = german(locale)
    with unreadable(path, monkeypatch):
        assert "(Permission denied)" in english_with_one_line(capsys, path)


def test_a_catalogue_over_the_cap_is_not_read(locale, capsys, monkeypatch):
    path = german(locale)
    with path.open("r+b") as f:
        f.truncate(i18n.MAX_CATALOGUE_BYTES + 1)  # sparse: nothing is written
    assert "the most this game reads is 4 MiB" in english_with_one_line(capsys, path)


def test_a_catalogue_said_once_however_often_it_is_installed(locale, capsys):
    """The start installs the language twice when --language names it: one line."""
    path = german(locale)
    path.write_bytes(b"")
    english_with_one_line(capsys, path)
    i18n.install("de")
    assert i18n.language() == "en" and capsys.readouterr() == ("", "")


def test_one_damaged_catalogue_leaves_the_others_in_use(locale, capsys):
    german(locale).write_bytes(b"")
    english_with_one_line(capsys, german(locale))
    i18n.install("fr")
    assert i18n.language() == "fr" and i18n._(MINES_LEFT) != MINES_LEFT
    assert capsys.readouterr() == ("", "")


# ---- what is not a regular file is never opened, and never read to its end ----------------------


def installed_apart(locale: Path) -> subprocess.CompletedProcess:
    """Install German in a process of its own; a timeout stops one that blocks."""
    return subprocess.run(
        [sys.executable, "-c", INSTALL, str(locale), MINES_LEFT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_fifo(path: Path) -> None:
    os.mkfifo(path.with_name("elsewhere"))
    path.symlink_to(path.with_name("elsewhere"))


def link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


@pytest.mark.concurrent
@pytest.mark.skipif(not (hasattr(os, "mkfifo") and os.path.exists("/dev/zero")), reason="POSIX")
@pytest.mark.parametrize("make", [fifo, link_to_fifo, link_to_dev_zero])
def test_what_is_not_a_regular_file_is_refused_without_blocking(locale, make):
    path = german(locale)
    path.unlink()
    make(path)
    result = installed_apart(locale)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"en {MINES_LEFT}\n"
    [line] = result.stderr.splitlines()
    assert line == (
        f"pixel-mines: {path}: the translation cannot be used (is not a regular file); the "
        "game speaks English"
    )


# ---- a translation that does not keep its English's placeholders: that one in English ----------


@pytest.fixture
def own(tmp_path, monkeypatch):
    """A German catalogue written by the test: `own(translations)` installs it."""

    def install(translations: dict) -> Path:
        path = write_mo(tmp_path / "de" / MO, {"options": "Optionen", **translations})
        monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
        i18n.install("de")
        assert i18n.language() == "de" and i18n._("options") == "Optionen"
        return path

    return install


def said(capsys, path: Path, english: str) -> None:
    out, err = capsys.readouterr()
    assert out == ""
    [line] = err.splitlines()
    assert line.startswith(f"pixel-mines: {path}: ")
    assert line.endswith(f"are shown in English: {english!r}")


@pytest.mark.parametrize(
    "translation",
    [
        "Minen übrig: %(minen)d   Zeit: %(seconds)s",  # a name of its own
        "Minen übrig: %(mines)d",  # a placeholder left out
        "Minen übrig: %(mines)d   Zeit: %(seconds)d",  # a number where the English has text
        "Minen übrig: %(mines)d   Zeit: %(seconds)s %(more)s",  # one more
        "Minen übrig: %(mines)d % Zeit: %(seconds)s",  # a lone %: the % operator refuses it
        "Minen übrig: %(mines)d   Zeit: %(seconds",  # cut short
    ],
)
def test_a_translation_without_the_englishs_placeholders_is_shown_in_english_alone(
    own, capsys, translation
):
    path = own({MINES_LEFT: translation})
    assert i18n._(MINES_LEFT) % {"mines": 10, "seconds": "0"} == "Mines left: 10   Time: 0"
    said(capsys, path, MINES_LEFT)


def test_a_plural_with_a_form_of_other_placeholders_is_shown_in_english(own, capsys):
    path = own({MINES: ["%(count)d Mine", "%(anzahl)d Minen"], ("a", "b"): ["A", "B"]})
    assert [i18n.ngettext(*MINES, n) % {"count": n} for n in (1, 5)] == ["1 mine", "5 mines"]
    assert [i18n.ngettext("a", "b", n) for n in (1, 5)] == ["A", "B"]  # the rest in German
    said(capsys, path, MINES[0])


def test_a_message_with_a_context_is_checked_against_its_english(own, capsys):
    pattern = ("date pattern", "%(year)s-%(month)s-%(day)s")
    path = own({pattern: "%(tag)s.%(monat)s.%(jahr)s", ("decimal separator", "."): ","})
    assert i18n.date("2026-12-01") == "2026-12-01" and i18n.number(0.5, 1) == "0,5"
    said(capsys, path, pattern[1])


def test_an_unnamed_placeholder_of_another_kind_is_shown_in_english(own, capsys):
    """argparse's words have unnamed placeholders: their kinds, in order."""
    english = "unrecognized arguments: %s"
    path = own({english: "unbekannte Argumente: %d"})
    assert i18n._(english) % "--x" == "unrecognized arguments: --x"
    said(capsys, path, english)


def test_several_unfit_translations_are_one_line(own, capsys):
    path = own({MINES_LEFT: "%(x)s", "unrecognized arguments: %s": "%d %d"})
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"pixel-mines: {path}: ") and line.endswith(" and 1 more")


@pytest.mark.parametrize(
    "english, translation",
    [
        (MINES_LEFT, "Zeit: %(seconds)s, Minen übrig: %(mines)d"),  # in its own order
        ("Unknown command %(command)r.", "Commande inconnue : « %(command)s »."),  # as text
        ("%(percent)d%%", "%(percent)i %%"),  # d and i write alike; a %% is a sign
        ("print your statistics and exit", "100 % deiner Statistik"),  # never filled in
    ],
)
def test_a_translation_that_keeps_the_placeholders_is_used(own, capsys, english, translation):
    own({english: translation})
    assert i18n._(english) == translation and capsys.readouterr() == ("", "")


def test_a_singular_form_may_keep_the_placeholders_of_the_english_singular(own, capsys):
    one = ("one mine", "%(count)d mines")
    own({one: ["eine Mine", "%(count)d Minen"]})
    assert [i18n.ngettext(*one, n) % {"count": n} for n in (1, 5)] == ["eine Mine", "5 Minen"]
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(
    "translation, english, fits",
    [
        ("%(a)s %(b)d", "%(b)d %(a)s", True),
        ("%(a)s", "%(a)r", True),
        ("%(a)d", "%(a)s", False),
        ("%(a)x", "%(a)d", False),
        ("%s %d", "%s %d", True),
        ("%d %s", "%s %d", False),
        ("50 %", "50 %%", False),
        ("50 %", "fifty", True),
    ],
)
def test_the_placeholder_check(translation, english, fits):
    assert i18n.fits(translation, english) is fits


# ---- a whole start in a damaged language: it plays, in English -----------------------------------


def started(locale: Path, tmp_path: Path, *argv: str, prefix=()) -> subprocess.CompletedProcess:
    """A terminal game in German (the environment's language), one move, then q."""
    return subprocess.run(
        [*prefix, sys.executable, "-c", START, str(locale), "--text", "--seed", "7", *argv],
        cwd=ROOT,
        env=env_for(tmp_path, LANGUAGE="de"),
        input="r 4 4\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
    )


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:1000])


def folder_instead(path: Path) -> None:
    path.unlink()
    path.mkdir()


def unreadable_for_real(path: Path) -> None:
    path.chmod(0o000)  # run without root's powers (`unprivileged`): the refusal is real


@pytest.mark.concurrent
@pytest.mark.parametrize("damage", [truncate, folder_instead, unreadable_for_real])
@pytest.mark.parametrize("argv", [[], ["--language", "de"]], ids=["environment", "--language"])
def test_a_start_in_a_damaged_language_plays_in_english_with_one_line(
    locale, tmp_path, damage, argv
):
    path = german(locale)
    prefix = unprivileged() if damage is unreadable_for_real else []
    damage(path)
    result = started(locale, tmp_path, *argv, prefix=prefix)
    assert result.returncode == 0, result.stderr
    assert "Mines left: 10" in result.stdout and "Board code:" in result.stdout
    assert "Minen" not in result.stdout
    [line] = result.stderr.splitlines()
    assert line.startswith(f"pixel-mines: {path}: the translation cannot be used (")


@pytest.mark.concurrent
def test_a_start_with_one_unfit_translation_plays_in_german_with_that_one_in_english(
    locale, tmp_path
):
    path = german(locale)
    damaged(path, MINES_LEFT_DE.encode(), MINES_LEFT_DE.replace("mines", "minen").encode())
    result = started(locale, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Mines left: 10" in result.stdout and "Anfänger" in result.stdout
    [line] = result.stderr.splitlines()
    assert line.startswith(f"pixel-mines: {path}: ") and repr(MINES_LEFT) in line
