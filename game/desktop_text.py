"""The words of the desktop entry and the AppStream metainfo (assets/desktop/), marked here so
that the catalogues hold them beside the game's own: `python tools/desktop_files.py` writes
every language's translations of them into those two files, as `msgfmt --desktop` and
`msgfmt --xml` would (docs/TRANSLATING.md). The game never shows them; the tool refuses an
English text of those files that is not marked here.
"""

from __future__ import annotations

from .i18n import N_, NP_

# Translators: the game's name in the desktop's menu and the software centre. The window and
# About keep "Pixel Mines"; here write the name as your language would say it (German
# "Pixel-Minen").
NAME = NP_("application name", "Pixel Mines")
# Translators: the kind of program, shown in some menus under the name: your language's name
# for the game Minesweeper (Spanish "Buscaminas", French "Démineur").
GENERIC_NAME = N_("Minesweeper")
# Translators: one line under the game's name in menus and the software centre (no full stop).
SUMMARY = N_("Minesweeper done right, in crisp pixel art")
# Translators: the words a desktop's search finds the game by, not shown: each ends with a
# semicolon and none has one inside. Your language's words for the game, its mines and a
# puzzle (German "Minesweeper;Minensuche;Minen;Rätsel;"), as many as fit.
KEYWORDS = N_("minesweeper;mines;puzzle;")

# The software centre's description: a paragraph, then a list.
DESCRIPTION = (
    # Translators: the software centre's description of the game, its first paragraph.
    N_(
        "Pixel Mines is the classic desktop Minesweeper, drawn in crisp pixel art: the first "
        "click is always safe, numbers chord, question marks, the LED counters and the face "
        "are all there, and boards go far beyond Expert, up to 200 by 200 cells."
    ),
)
FEATURES = (
    # Translators: a line in the list of what the game has, in the software centre.
    N_(
        "Beginner, Intermediate, Expert and custom boards, and a daily board that is the same "
        "for everyone"
    ),
    N_("Board codes: share a code and anyone plays the same board"),
    N_("Hints that show their proof on the board, and the odds of a mine under every cell"),
    N_("No-guess boards that deduction alone clears from the first click"),
    N_("An analysis of every game, move by move: was a loss bad luck or a mistake?"),
    N_(
        "A video player for your games and the community's videos (EVF, AVF, RMV and MVF), "
        "with the counters players compare: 3BV/s, IOE, clicks"
    ),
    N_("Statistics, best times and a replay of every game, exported as CSV for a spreadsheet"),
    N_(
        "Four themes, among them a high-contrast one for colour-blind players, and full "
        "keyboard play"
    ),
)
CAPTIONS = (
    # Translators: the caption of a screenshot in the software centre.
    N_("An Expert board in the classic theme"),
    N_("A hint, with its proof marked on the board"),
    N_("The odds of a mine under every covered cell, in the high-contrast theme"),
)
