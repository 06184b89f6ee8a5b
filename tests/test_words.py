"""The words for what the engine reports as data (game/words.py): its typed errors, the boards'
names and the session's refusals say in English what the engine said before it words nothing
(issue 38), and in every shipped language what the catalogue says (their messages unchanged)."""

from __future__ import annotations

import pytest

from game import i18n
from game.analysis_text import MISTAKES
from game.engine.boards import BoardChoice
from game.engine.codes import CodeError, decode, seed_of_text
from game.engine.rules import BoardSizeError, Difficulty, check_custom_size
from game.session import Refusal
from game.words import label, say
from tests.catalogues import ROOT, messages_tool

tool = messages_tool()
SHIPPED = sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/pixel-mines.po"))


def size_error(rows, cols, mines) -> BoardSizeError:
    with pytest.raises(BoardSizeError) as raised:
        check_custom_size(rows, cols, mines)
    return raised.value


def code_error(read, text) -> CodeError:
    with pytest.raises(CodeError) as raised:
        read(text)
    return raised.value


# What the engine said before, word for word, for each way a size, a code or a seed is wrong.
ENGLISH = [
    (lambda: size_error(4, 9, 5), "rows must be from 5 to 200 (got 4)"),
    (lambda: size_error(9, 201, 5), "columns must be from 5 to 200 (got 201)"),
    (lambda: size_error(9, 9, 81), "mines must be from 1 to 80 on 9×9 cells (got 81)"),
    (lambda: size_error(9, 9, 0), "mines must be from 1 to 80 on 9×9 cells (got 0)"),
    (lambda: size_error("9", 9, 10), "rows must be a whole number (got '9')"),
    (lambda: size_error(9, True, 10), "columns must be a whole number (got True)"),
    (lambda: size_error(9, 9, 1.5), "mines must be a whole number (got 1.5)"),
    (
        lambda: code_error(decode, "ABC"),
        "a board code has 24 characters (this one has 3)",
    ),
    (
        lambda: code_error(decode, "U" * 24),
        "'U' is not used in board codes; check for a typing mistake",
    ),
    (
        lambda: code_error(decode, "Z" * 23 + "0"),
        "this code has a typing mistake (its check character does not match)",
    ),
    (lambda: code_error(decode, "Z" * 23 + "3"), "this is not a board code of this game"),
    (lambda: code_error(seed_of_text, "X1"), "a seed written as text starts with 'S'"),
    (
        lambda: code_error(seed_of_text, "S" + "0" * 14),
        "a seed written as text has 13 characters after 'S' (this one has 14)",
    ),
    (
        lambda: code_error(seed_of_text, "SU"),
        "'U' is not used in seeds written as text; check for a typing mistake",
    ),
    (
        lambda: code_error(seed_of_text, "S" + "Z" * 13),
        "this is not a seed of this game (it is larger than 2**64 - 1)",
    ),
]


@pytest.mark.parametrize(("error", "words"), ENGLISH, ids=[w for _, w in ENGLISH])
def test_each_error_is_worded_as_the_engine_worded_it(error, words):
    problem = error()
    assert isinstance(problem, ValueError)  # callers that catch ValueError still do
    assert say(problem) == words


def test_the_boards_and_the_refusals_are_named_as_before():
    assert [label(d) for d in Difficulty] == ["Beginner", "Intermediate", "Expert"]
    assert label(BoardChoice.of(9, 9, 10)) == "Beginner"
    assert label(BoardChoice.of(16, 30, 98)) == "Custom 30×16"
    assert say(Refusal.START_AT_MARK) == "Start at the marked cell"
    assert say(Refusal.WON_IS_FINAL) == "A won game is final"


def translated(po, context, message) -> str:
    found = {e.key: e.strings[0] for e in tool.read_po(po)}
    return found[context, message] or message


@pytest.mark.parametrize("po", SHIPPED, ids=lambda p: p.parents[1].name)
def test_every_language_words_them_from_its_catalogue(po):
    """The messages are the ones the catalogues hold (a moved message keeps its translation)."""
    problems = [error() for error, _ in ENGLISH]
    english = [say(p) for p in problems]
    names = [label(d) for d in Difficulty] + [label(BoardChoice.of(16, 30, 98))]
    mistakes = list(MISTAKES.values())
    i18n.install(po.parents[1].name)
    assert [label(d) for d in Difficulty] == [
        translated(po, "difficulty", n) for n in ("Beginner", "Intermediate", "Expert")
    ]
    assert label(BoardChoice.of(16, 30, 98)) == translated(po, None, "Custom %(cols)d×%(rows)d") % {
        "cols": 30,
        "rows": 16,
    }
    said = [say(p) for p in problems]
    assert all(a != b for a, b in zip(said, english, strict=True)), said
    assert names != [label(d) for d in Difficulty] + [label(BoardChoice.of(16, 30, 98))]
    assert all(i18n._(m) == translated(po, None, m) for m in mistakes)
    for refusal in (Refusal.START_AT_MARK, Refusal.WON_IS_FINAL, Refusal.NOTHING_TO_UNDO):
        assert say(refusal) == translated(po, None, refusal.value) != refusal.value
