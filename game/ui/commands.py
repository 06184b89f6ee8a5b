"""The one command table: for each action of the key table (game/ui/keys.py), what it does,
whether it can be done now, and, for on/off and one-of-many commands, whether it is checked
now. Keys, menus and dialogs run commands by name through it; it decides nothing itself and
knows no room (the window fills it in when it wires the rooms).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def always() -> bool:
    return True


@dataclass(frozen=True)
class Command:
    run: Callable[[], None]
    available: Callable[[], bool] = always
    checked: Callable[[], bool] | None = None  # None: not an on/off or one-of-many command


class Commands:
    def __init__(self) -> None:
        self.table: dict[str, Command] = {}

    def add(
        self,
        name: str,
        run: Callable[[], None],
        available: Callable[[], bool] = always,
        checked: Callable[[], bool] | None = None,
    ) -> None:
        self.table[name] = Command(run, available, checked)

    def do(self, name: str) -> None:
        """Run a command (a key, a menu row, a dialog's button): what cannot be done now says
        so itself, so a key never does nothing unexplained."""
        self.table[name].run()

    def available(self, name: str) -> bool:
        return self.table[name].available()

    def checked(self, name: str) -> bool | None:
        """True or False for a command that can be checked, None for the others."""
        check = self.table[name].checked
        return None if check is None else check()

    def names(self) -> set[str]:
        return set(self.table)
