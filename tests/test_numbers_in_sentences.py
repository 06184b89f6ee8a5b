"""No English message puts an article right before a placeholder: "a %(odds)s chance" reads
"a 85 % chance", and "a %(cols)dx%(rows)d board" "a 8x8 board", since the article depends on
what is filled in (issue 39). Every message marked in game/, its plural too, is scanned."""

from __future__ import annotations

import ast
import re

import pytest

from game import i18n
from game.analysis_text import summary_words
from game.engine.rules import BoardSizeError, check_custom_size
from game.words import say
from tests.catalogues import messages_tool

tool = messages_tool()
ARTICLE_BEFORE = re.compile(r"(?<![\w%])(?:a|an)\s+(?=" + tool.PLACEHOLDER.pattern + ")", re.I)


def articled(text: str) -> list[str]:
    """The places in a message where an article stands right before a placeholder."""
    return [text[m.start() : m.start() + 16] for m in ARTICLE_BEFORE.finditer(text)]


def messages_in_source() -> list[tuple[str, int, str]]:
    """(file, line, message) of every message given to a mark in game/ (singular and plural,
    not the context), by the marks' argument positions of tools/messages.py."""
    found = []
    for path in sorted(tool.SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in tool.KEYWORDS:
                continue
            spec = tool.KEYWORDS[name]
            positions = [1] if spec is None else [p for p in spec if isinstance(p, int)]
            for p in positions:
                if p - 1 < len(node.args):
                    arg = node.args[p - 1]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        where = path.relative_to(tool.ROOT).as_posix()
                        found.append((where, node.lineno, arg.value))
    return found


def test_the_check_finds_an_article_before_a_placeholder_and_nothing_else():
    assert articled("%(count)d guess: a %(odds)s chance to survive it")
    assert articled("An %d board") and articled("on a %(rows)d×%(cols)d board")
    assert articled("start a\u00a0%(what)s")
    for fine in (
        "%(odds)s chance to survive it",
        "Start a new %(cols)dx%(rows)d board?",
        "the safest then %(chance)s",
        "data %(x)s",  # "a" ends a word here: not an article
        "%(where)s: an avoidable guess, %(risk)s risk",
        "%a %(x)s",  # a placeholder's own letter
    ):
        assert not articled(fine), fine


def test_the_scan_reads_plural_forms_and_contexts_too():
    messages = {m for _, _, m in messages_in_source()}
    assert "%(count)d guesses" in messages  # ngettext's plural
    assert "Intermediate" in messages  # NP_("difficulty", "Intermediate"): the message
    assert "difficulty" not in messages  # not its context
    assert len(messages) > 300


def test_no_message_has_an_article_right_before_a_placeholder():
    bad = [
        f"{where}:{line}: {text!r}" for where, line, text in messages_in_source() if articled(text)
    ]
    assert not bad, "rewrite so no article depends on the number:\n" + "\n".join(bad)


def test_the_analysis_summary_and_the_mines_limit_read_right_with_any_number():
    i18n.install(i18n.ENGLISH)
    for odds in ("8\u00a0%", "11\u00a0%", "18\u00a0%", "85\u00a0%", "<0.1\u00a0%"):
        for count, risks in ((1, [odds]), (1, []), (3, [odds, odds, odds])):
            text = summary_words(count, risks, odds, 0, 0)
            assert f"{odds} chance to survive" in text
            assert not re.search(r"\ban?\s+[<>~]?\d", text), text
    for rows in (8, 11, 18, 9):
        with pytest.raises(BoardSizeError) as raised:
            check_custom_size(rows, rows, rows * rows)
        text = say(raised.value)
        assert text.startswith("mines must be from 1 to"), text
        assert not re.search(r"\ban?\s+\d", text), text
