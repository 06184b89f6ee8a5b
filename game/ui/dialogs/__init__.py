"""Dialogs over the board, each a Form of the widget kit (game/ui/widgets/): help, the quit
and resume questions, the custom board, notes and results, statistics, options, themes and
board codes (the menus are the menu bar's, game/ui/menubar.py).

A dialog keeps its state, builds its Form from it and turns keys, clicks and its buttons into
a result (CLOSE, an Answer, a board...); it never touches the game. The window decides what a
result means, and where the panel goes (`place`).

By kind: base.py (`Dialog`), notice.py (the help, notes and results; the help's How to play
page is howto.py's), confirm.py (yes/no questions), boards.py (the custom board, a board code),
stats.py (the statistics), lists.py (Options, the kept games, the themes).
"""

from .base import CLOSE, Closed, Dialog
from .boards import CodeDialog, CustomDialog, CustomSize, PlayCode, clean_code
from .confirm import (
    Answer,
    ConfirmDialog,
    Question,
    ResumeDialog,
    ResumeKept,
    confirm_leave,
)
from .lists import Change, KeptGamesDialog, PickTheme, SettingRow, SettingsDialog, ThemeMenu
from .notice import Analyse, HelpOverlay, MenuChoice, NoticeDialog, about_dialog, result_table
from .stats import StatsDialog, StatsPages, WatchReplay, stats_today

__all__ = [
    "CLOSE",
    "Analyse",
    "Answer",
    "Change",
    "Closed",
    "CodeDialog",
    "ConfirmDialog",
    "CustomDialog",
    "CustomSize",
    "Dialog",
    "HelpOverlay",
    "KeptGamesDialog",
    "MenuChoice",
    "NoticeDialog",
    "PickTheme",
    "PlayCode",
    "Question",
    "ResumeDialog",
    "ResumeKept",
    "SettingRow",
    "SettingsDialog",
    "StatsDialog",
    "StatsPages",
    "ThemeMenu",
    "WatchReplay",
    "about_dialog",
    "clean_code",
    "confirm_leave",
    "result_table",
    "stats_today",
]
