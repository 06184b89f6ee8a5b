"""What a room is given: a small dataclass of the shared objects it may use (the session, the
settings, the window frame, the draw state, the command table, the status line, the dialogs
and a few aids: the clock, sound, the solver, chores, analyses, the themes), made by the
window and holding nothing of the window itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...i18n import _
from ...session import Session
from ...store.settings import Settings, SettingsFile
from ..analyses import Analyses
from ..assist import Assistant
from ..chores import Chores
from ..commands import Commands
from ..dialogs import NoticeDialog
from ..drawstate import DrawState
from ..frame import Frame
from ..sound import SoundBoard
from ..status import StatusLine
from ..theme import ThemeLibrary
from .dialogs import DialogStack


@dataclass
class Aids:
    """The clock and the helpers that work beside the rooms."""

    now: Callable[[], int]
    sounds: SoundBoard
    assistant: Assistant
    chores: Chores
    themes: ThemeLibrary
    settings_file: SettingsFile | None = None
    motion_allowed: bool = True  # False: the command line asked for no motion
    analyses: Analyses | None = None  # made here when not given: threaded as the chores are

    def __post_init__(self) -> None:
        if self.analyses is None:
            self.analyses = Analyses(self.chores)


@dataclass(frozen=True)
class Context:
    session: Session
    settings: Settings
    frame: Frame
    drawn: DrawState
    commands: Commands
    status: StatusLine
    dialogs: DialogStack
    aids: Aids

    def save_settings(self) -> None:
        """Keep the settings for the next start; trouble writing them is told in a note."""
        if self.aids.settings_file is not None:
            trouble = self.aids.settings_file.save(self.settings)
            if trouble:
                self.dialogs.open(NoticeDialog(_("Note"), [trouble]))
