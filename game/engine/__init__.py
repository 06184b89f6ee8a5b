"""The rules of Minesweeper, standard library only: never imports pygame, the UI or the store."""

from game.engine.game import Clicks, Difficulty, Game, GameState, Move, MoveKind, SafeZone

__all__ = ["Clicks", "Difficulty", "Game", "GameState", "Move", "MoveKind", "SafeZone"]
