"""The rooms' words come through the catalogue when they are shown, so a switch of the
language (i18n.install, as the Options row does) reaches the analysis room's line, the
replay's counters and the result notice's summary at once; in English they say what they
said before they were marked."""

import pytest

from game import i18n
from game.analysis_text import percent as engine_percent
from game.analysis_text import summary
from game.engine.game_analysis import GameAnalysis, MoveReport, Verdict
from game.ui import analyses
from game.ui.scenes.analysis import ARROWS
from tests.catalogues import catalogue
from tests.ui.scenes.test_analysis import analysing, finish


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    """The pseudo-language qps (every message in [[...]]) where the game finds catalogues."""
    folder = tmp_path / "locale"
    catalogue(folder, "qps")
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)


def outside_markers(text: str) -> str:
    """The letters of `text` outside every [[...]]: words that did not come through the
    catalogue (numbers and signs may stand outside)."""
    while "[[" in text:
        start = text.rindex("[[")  # the innermost last: nested markers come off inside out
        end = text.index("]]", start)
        text = text[:start] + text[end + 2 :]
    return "".join(ch for ch in text if ch.isalpha())


def report(*moves: tuple[Verdict, float | None], approximate: bool = False) -> GameAnalysis:
    return GameAnalysis(
        tuple(
            MoveReport(
                n=n,
                kind="open",
                row=0,
                col=n,
                t_ms=0,
                proven=None,
                p_mine=p,
                lowest_p=0.1,
                lowest_cells=(),
                lowest_off_frontier=False,
                off_frontier_p=None,
                verdict=verdict,
                approximate=approximate,
            )
            for n, (verdict, p) in enumerate(moves, 1)
        )
    )


P = "\u00a0%"  # a number kept beside its sign


@pytest.mark.parametrize(
    ("game", "listed", "said"),
    [
        (report(), None, "no guesses; no mistakes"),
        (report((Verdict.SURE, None), (Verdict.MISTAKE, None)), 3, "no guesses; 1 mistake"),
        (
            report((Verdict.GUESS, 0.5)),
            None,
            f"1 guess (50{P}): 50{P} chance to survive it; none avoidable; no mistakes",
        ),
        (
            report((Verdict.GUESS, 0.5)),
            0,
            f"1 guess: 50{P} chance to survive it; none avoidable; no mistakes",
        ),
        (
            report(
                (Verdict.GUESS, 0.5),
                (Verdict.AVOIDABLE, 0.0004),
                (Verdict.MISTAKE, None),
                (Verdict.MISTAKE, None),
                (Verdict.GUESS, 0.9996),
                (Verdict.GUESS, 0.25),
            ),
            3,
            f"4 guesses (50{P}, <0.1{P}, >99.9{P}, 1 more): <0.1{P} chance to survive them; "
            "1 avoidable; 2 mistakes",
        ),
        (
            report((Verdict.GUESS, 0.123), (Verdict.GUESS, 0.2), approximate=True),
            None,
            f"~2 guesses (12{P}, 20{P}): 70{P} chance to survive them; none avoidable; no mistakes",
        ),
    ],
)
def test_the_summary_says_in_english_what_it_said_before_it_was_marked(game, listed, said):
    assert summary(game, listed) == said
    for p, shown in ((None, "-"), (0.0, "0"), (1.0, "100"), (0.0006, "0.1"), (0.9994, "99.9")):
        assert engine_percent(p) == (shown if p is None else shown + P)


def test_the_analysis_line_follows_a_switch_of_the_language(context, tmp_path, pseudo):
    ctx, play, _, scene, _ = analysing(context, tmp_path)
    finish(ctx, scene)
    english = scene.resting_status()
    assert english.startswith(ARROWS + "Move 4/4 (the losing open): ")
    i18n.install("qps")
    words = scene.words()  # longest first: the line shows the longest that fits
    assert all(not outside_markers(w) for w in words), words
    assert "[[the losing open]]" in words[0] and scene.resting_status() != english
    scene.show(len(scene.report.moves))  # the end: the summary, in the language in use
    words = scene.words()
    assert all(not outside_markers(w) for w in words) and words[-1] == "[[End]]", words
    i18n.install(i18n.ENGLISH)
    assert "End: 1 guess" in scene.resting_status()


def test_a_result_notices_summary_line_follows_a_switch_of_the_language(pseudo):
    game = report((Verdict.GUESS, 0.5), (Verdict.MISTAKE, None))
    english = analyses.sentence(summary(game, 5))
    assert (
        english == "1 guess (50\u00a0%): 50\u00a0% chance to survive it; none avoidable; 1 mistake."
    )
    i18n.install("qps")
    said = analyses.sentence(summary(game, 5))
    assert said.startswith("[[") and "[[1 mistake]]" in said and "[[none avoidable]]" in said
    assert len(analyses.longest()) > len(english)  # the room kept grows with the words
