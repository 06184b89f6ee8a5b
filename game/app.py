"""The one start-up point: parse the command line, then run the terminal or the window front end.

Every mistake on the command line ends here with exit status 2 and one line saying what is
wrong; nothing below this module parses arguments.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass

from game.engine import Difficulty, Game, SafeZone
from game.engine.game import MAX_SIDE, MIN_SIDE, check_custom_size

PROG = "pixel-mines"


@dataclass(frozen=True)
class BoardChoice:
    """The kind of board to play: a standard difficulty or a custom size."""

    rows: int
    cols: int
    mines: int
    difficulty: Difficulty | None = None

    @classmethod
    def standard(cls, difficulty: Difficulty) -> BoardChoice:
        return cls(difficulty.rows, difficulty.cols, difficulty.mines, difficulty)

    @property
    def label(self) -> str:
        if self.difficulty is not None:
            return self.difficulty.label
        return f"Custom {self.cols}×{self.rows}"

    def new_game(self, **options) -> Game:
        return Game(self.rows, self.cols, self.mines, **options)


@dataclass
class Settings:
    """What the player chooses; kept in memory for now (the settings store will persist it)."""

    question_marks: bool = False
    safe_zone: SafeZone = SafeZone.OPENING
    chord_on_left: bool = True  # a left click on an open number chords
    long_press_flag: bool = False  # touch screens: holding a cell 0.35 s flags it


class SeedStream:
    """Seeds for a session's boards: the given seed first, then seeds that follow from it, so
    a seeded session is repeatable game after game; fresh random boards without one."""

    def __init__(self, seed: int | None) -> None:
        self._first = seed
        self._rng = random.Random(seed) if seed is not None else None

    def next(self) -> int | None:
        if self._first is not None:
            seed, self._first = self._first, None
            return seed
        return self._rng.randrange(2**63) if self._rng is not None else None


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not the usage block
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        description="Pixel Mines: Minesweeper in a window (default) or in the terminal.",
    )
    p.add_argument("--text", action="store_true", help="play in the terminal instead of a window")
    p.add_argument(
        "--difficulty",
        choices=[d.name.lower() for d in Difficulty],
        help="beginner 9×9/10, intermediate 16×16/40, expert 30×16/99 (default beginner)",
    )
    size = f"{MIN_SIDE}-{MAX_SIDE}"
    p.add_argument("--rows", type=int, metavar="R", help=f"custom board: rows ({size})")
    p.add_argument("--cols", type=int, metavar="C", help=f"custom board: columns ({size})")
    p.add_argument("--mines", type=int, metavar="M", help="custom board: mines (1 to cells - 1)")
    p.add_argument("--seed", type=int, metavar="S", help="seed of the first board (repeatable)")
    p.add_argument(
        "--safe-zone",
        choices=[z.value for z in SafeZone],
        default=SafeZone.OPENING.value,
        help="first click: 'opening' keeps its 3×3 free (default), 'cell' only the cell",
    )
    p.add_argument("--scale", type=int, metavar="N", help="window: whole-number pixel scale (1-8)")
    return p


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, BoardChoice]:
    parser = _parser()
    args = parser.parse_args(argv)
    custom = [args.rows, args.cols, args.mines]
    if any(v is not None for v in custom):
        if args.difficulty:
            parser.error("give either --difficulty or --rows/--cols/--mines, not both")
        names = ("--rows", "--cols", "--mines")
        missing = [n for n, v in zip(names, custom, strict=True) if v is None]
        if missing:
            parser.error(
                f"a custom board needs --rows, --cols and --mines (missing {', '.join(missing)})"
            )
        try:
            check_custom_size(args.rows, args.cols, args.mines)
        except ValueError as e:
            parser.error(str(e))
        board = BoardChoice(args.rows, args.cols, args.mines)
    else:
        board = BoardChoice.standard(Difficulty[(args.difficulty or "beginner").upper()])
    if args.scale is not None and not 1 <= args.scale <= 8:
        parser.error(f"--scale must be from 1 to 8 (got {args.scale})")
    return args, board


def main(argv: list[str] | None = None) -> int:
    args, board = parse_args(argv)
    settings = Settings(safe_zone=SafeZone(args.safe_zone))
    if args.text:
        from game.text import play

        return play(board, seed=args.seed, safe_zone=settings.safe_zone)
    from game.ui.window import run

    return run(board, settings, seed=args.seed, scale=args.scale)


if __name__ == "__main__":
    sys.exit(main())
