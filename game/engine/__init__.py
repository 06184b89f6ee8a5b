"""The rules of Minesweeper, standard library only: never imports pygame, the UI, the store or a
clock (docs/RULES.md is the rulebook they follow)."""

from .cells import CellSet, LayoutChar, ViewChar
from .game import Clicks, Difficulty, Game, GameState, Move, MoveKind, SafeZone

__all__ = [
    "CellSet",
    "Clicks",
    "Difficulty",
    "Game",
    "GameState",
    "LayoutChar",
    "Move",
    "MoveKind",
    "SafeZone",
    "ViewChar",
]
