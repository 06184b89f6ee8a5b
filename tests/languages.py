"""Languages made by the tests from the template, for the checks of every screen
(tests/ui/test_languages.py) and of the terminal (tests/test_language_text.py):

- `qps`, the pseudo-language with each word of every message marked, [[New]] [[game]], so a
  line wrapped, cut ("[[Optio~") or scrolled still shows which words came through the
  catalogue (tests/catalogues.py's qps marks whole messages, which a wrapped paragraph splits
  across lines);
- `qlg`, every word about half as long again with Latin-1 letters (ÀÉÎÕÜß...), the whole
  message some 40 % longer, as German runs, for the layout check.

Placeholders are left as they are, so a value put in a message keeps its own marks (or shows
that it has none), and the signs of numbers and dates (messages of a context) stay the
English ones."""

from __future__ import annotations

import contextlib
import math
import re
from pathlib import Path

from game import i18n
from tests.catalogues import GERMANIC, messages_tool, write_mo

PSEUDO, LONG = "qps", "qlg"
OPEN, CLOSE = "[[", "]]"
PADDING = "ÀÉÎÕÜßàéîõüçñÄÖ"
_PLACEHOLDER = messages_tool().PLACEHOLDER
_WORD = re.compile(r"[^\W\d_]+")


def _literal_parts(text: str, change) -> str:
    """`text` with `change` applied to what lies between its placeholders."""
    out, at = [], 0
    for found in _PLACEHOLDER.finditer(text):
        out += [change(text[at : found.start()]), found[0]]
        at = found.end()
    return "".join(out + [change(text[at:])])


def each_word(text: str) -> str:
    """Every run of non-blank characters that holds a letter, marked: "New game (F2)" ->
    "[[New]] [[game]] [[(F2)]]"."""
    mark = lambda part: re.sub(r"\S*[^\W\d_]\S*", lambda m: OPEN + m[0] + CLOSE, part)  # noqa: E731
    return _literal_parts(text, mark)


def lengthened(text: str) -> str:
    """Every word half as long again, with Latin-1 letters: "Options" -> "OptionsÀÉÎÕ"."""

    def longer(part: str) -> str:
        return _WORD.sub(lambda m: m[0] + PADDING[: math.ceil(len(m[0]) / 2)], part)

    return _literal_parts(text, longer)


def build(folder: Path, language: str, translate) -> Path:
    """A compiled catalogue of the whole template under `folder`; messages with a context
    that carry the signs of numbers and dates are kept as the English."""
    found = {}
    for e in messages_tool().read_po(messages_tool().TEMPLATE):
        if not e.id:
            continue
        signs = e.context in ("decimal separator", "thousands separator", "date pattern")
        if e.plural is not None:
            found[(e.id, e.plural)] = [translate(e.id), translate(e.plural)]
        else:
            found[(e.context, e.id)] = e.id if signs else translate(e.id)
    path = folder / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    return write_mo(path, found, GERMANIC)


@contextlib.contextmanager
def speaking(language: str, folder: Path):
    """The game speaks `language`: the shipped ones as shipped, qps and qlg built in `folder`
    beside copies of the shipped catalogues; English again afterwards."""
    shipped = i18n.locale_dir
    if language in (PSEUDO, LONG):
        build(folder, language, each_word if language == PSEUDO else lengthened)
        i18n.locale_dir = lambda: folder
    try:
        i18n.install(language)
        assert i18n.language() == language, f"the game does not speak {language}"
        yield
    finally:
        i18n.locale_dir = shipped
        i18n.install(i18n.ENGLISH)


def words_outside(text: str) -> list[str]:
    """The words of a drawn or printed text that are outside the marks: a marked word cut at
    the end ("[[Optio~") or scrolled in at the start ("ons]] [[next") counts as marked."""
    rest = re.sub(r"\[\[.*?\]\]", " ", text)
    rest = re.sub(r"\[\[.*$", " ", rest)  # cut: the mark's end is not drawn
    rest = re.sub(r"^[^\[]*?\]\]", " ", rest)  # scrolled: the mark's start is not drawn
    return _WORD.findall(rest)


def without(text: str, allowed) -> str:
    """`text` with every allowed token (a name, a code, what was typed) taken out whole."""
    for token in sorted({a for a in allowed if a}, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(token)}(?!\w)", " ", text)
    return text
