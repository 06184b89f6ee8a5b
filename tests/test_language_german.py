"""`LANGUAGE=de pixel-mines --text` plays a whole game in German (issue 29): the terminal
runs of tests/test_language_text.py, in German from the environment, say the same lines as
in the pseudo-language, and none of them is left in English. It fails until the German
catalogue holds every message of the terminal."""

from __future__ import annotations

import re

import pytest

from game import i18n
from tests.test_language_text import TYPED, board_line, play_in_terminal, tool


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.install(i18n.ENGLISH)


def left_in_english(said: list[str], pseudo: list[str]) -> list[str]:
    """The lines of a translated run that are English: compared line by line with the
    pseudo-language's run of the same script, a line is English when it is the pseudo line
    without its marks (a message bypassing the catalogue, or left untranslated), when two
    marked words in a row stand in it as in English ("Mines left"), or three words of the
    English line in a row (a message put together outside the catalogue)."""
    from tests.languages import OPEN, without

    allowed = [*TYPED, *tool.MAY_STAY_ENGLISH, "Pixel Mines"]

    def plain(text: str) -> str:  # the numbers, folders and codes of a run are its own
        text = re.sub(r"~/\S*|\b[0-9A-Z]{24}\b", "~", without(text, allowed))
        return re.sub(r"\d+", "0", text)

    def runs(text: str, n: int) -> set[tuple[str, ...]]:
        words = re.findall(r"[^\W\d_]+", text)
        return {tuple(words[k : k + n]) for k in range(len(words) - n + 1)}

    bad = []
    for line, marked in zip(said, pseudo, strict=True):
        if board_line(line):
            continue
        english = plain(marked.replace(OPEN, "").replace("]]", ""))
        words = re.findall(r"\[\[([^\W\d_]+)[^\s\]]*\]\]", marked)
        pairs = [
            (a, b)
            for a, b in zip(words, words[1:], strict=False)
            if re.search(rf"(?<!\w){re.escape(a)}\W+{re.escape(b)}(?!\w)", without(line, allowed))
        ]
        same = plain(line) == english and re.search(r"[^\W\d_]{2,}", english)
        three = runs(plain(line), 3) & runs(english, 3)
        if same or pairs or three:
            why = pairs[0] if pairs else sorted(three)[0] if three else ()
            bad.append(f"{line!r}" + (f" ({' '.join(why)})" if why else ""))
    return list(dict.fromkeys(bad))


def test_language_de_plays_a_whole_terminal_game_in_german(monkeypatch, capsys, tmp_path):
    """`LANGUAGE=de pixel-mines --text`: the runs above, in German from the environment, say
    the same lines as in the pseudo-language, none of them in English."""
    from tests.languages import PSEUDO, speaking

    with speaking(PSEUDO, tmp_path / "locale"):
        pseudo = play_in_terminal(monkeypatch, capsys, tmp_path / "qps-home", PSEUDO)
    german = play_in_terminal(monkeypatch, capsys, tmp_path / "de-home", "de")
    assert i18n.language() == "de"
    assert len(german) == len(pseudo), "the German run said other lines than the pseudo run"
    left = left_in_english(german, pseudo)
    assert left == [], "lines of the German game left in English:\n" + "\n".join(left)


def test_the_german_check_can_fail():
    pseudo = ["[[Mines]] [[left:]] 10", "[[Boom!]]", "Beginner: 9×9", "[[OK]]", " 0  # F"]
    german = ["Minen übrig: 10", "Bumm!", "Beginner: 9×9", "OK", " 0  # F"]
    assert left_in_english(german, pseudo) == ["'Beginner: 9×9'"]
    assert left_in_english(["Mines left: 9"], ["[[Mines]] [[left:]] 9"]) == [
        "'Mines left: 9' (Mines left)"
    ]
