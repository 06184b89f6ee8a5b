"""The rooms of the window, one a module: the board being played (play.py), a replay watched
over it (replay.py), the stack of dialogs (dialogs.py), the open menu (menu.py), and which game
is on the board with the one gate for leaving it (games.py). Each keeps its own state and is
built from a `Context` (context.py); none imports the window (game/ui/window.py).
"""

from .context import Aids, Context
from .layer import Layer

__all__ = ["Aids", "Context", "Layer"]
