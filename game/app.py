"""The one start-up point: parse the command line, then run the terminal or the window front end.

Every mistake on the command line ends here with exit status 2 and one line saying what is
wrong; nothing below this module parses arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from .analysis_text import print_analysis
from .engine import Difficulty, SafeZone
from .engine.boards import BoardChoice
from .engine.codes import MAX_SEED, CodeError, daily, decode, seed_of_text
from .engine.game import MAX_SIDE, MIN_SIDE, check_custom_size
from .store.history import History, to_stderr
from .store.replays import ReplayError, load_replay
from .store.settings import SettingsFile
from .store.stats import ExistingFile, Stats, export_csv, stats_csv, stats_report
from .text import EXIT_OUTPUT_LOST, GuardedOutput, OutputLost
from .version import version

PROG = "pixel-mines"
# A whole number on the command line: the ASCII digits 0-9 with an optional leading minus, and
# nothing else (int() would also take "١٢", "１２", "1_0", " 12" and "+12").
_WHOLE = re.compile(r"-?[0-9]{1,30}")
# Packaging checks start the real window on SDL's dummy driver, where no one can close it:
# with this set, a QUIT event arrives that many milliseconds after the display starts.
QUIT_AFTER_ENV = "PIXEL_MINES_QUIT_AFTER_MS"
# SDL reads the X11 window class when the video system starts (before pygame is imported
# below), so the desktop entry's StartupWMClass matches the window.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", PROG)


# Far more than any command line needs (each option once with its value is about 25).
MAX_ARGUMENTS = 100
EXIT_COMMAND_LINE = 2  # a bad option or value, or a file named on the command line


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not the usage block
        # argparse says "ignored explicit argument" of an option that takes no value, though
        # it ignores nothing: the run stops
        taken = re.fullmatch(r"argument (\S+): ignored explicit argument (.*)", message)
        if taken:
            message = f"{taken[1]} takes no value (got {taken[2]})"
        to_stderr(f"{one_line(message)} (see --help)")
        self.exit(EXIT_COMMAND_LINE)


def one_line(text: str) -> str:
    """Text for a one-line message: line breaks and other control characters escaped."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def whole_number(text: str) -> int:
    """argparse type: a whole number written as players write one (see _WHOLE)."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a whole number (digits 0-9, at most 30, optional minus)"
        )
    return int(text)


def seed_number(text: str) -> int:
    """argparse type: a seed, as a board code can carry it (0 to 2**64 - 1)."""
    if not (_WHOLE.fullmatch(text) and 0 <= int(text) < MAX_SEED):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a seed: a whole number from 0 to {MAX_SEED - 1}"
        )
    return int(text)


def seed_text(text: str) -> int:
    """argparse type: a seed as the statistics' CSV writes it (`S` and 13 characters)."""
    try:
        return seed_of_text(text)
    except CodeError as e:
        raise argparse.ArgumentTypeError(f"{_shown(text)}: {e}") from None


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        description="Pixel Mines: Minesweeper in a window (default) or in the terminal.",
        allow_abbrev=False,  # options are written in full: "--sc" is not "--scale"
    )
    p.add_argument("--version", action="version", version=f"{PROG} {version()}")
    p.add_argument("--text", action="store_true", help="play in the terminal instead of a window")
    p.add_argument(
        "--difficulty",
        choices=[d.name.lower() for d in Difficulty],
        help="beginner 9×9/10, intermediate 16×16/40, expert 30×16/99 (default beginner)",
    )
    size = f"{MIN_SIDE}-{MAX_SIDE}"
    p.add_argument("--rows", type=whole_number, metavar="R", help=f"custom board: rows ({size})")
    p.add_argument("--cols", type=whole_number, metavar="C", help=f"custom board: columns ({size})")
    p.add_argument(
        "--mines", type=whole_number, metavar="M", help="custom board: mines (1 to cells - 1)"
    )
    p.add_argument(
        "--seed",
        type=seed_number,
        metavar="S",
        help="seed of the first board: the same seed and first click give the same board",
    )
    p.add_argument(
        "--safe-zone",
        choices=[z.value for z in SafeZone],
        help="first click: 'opening' keeps its 3×3 free (default), 'cell' only the cell",
    )
    p.add_argument("--stats", action="store_true", help="print your statistics and exit")
    p.add_argument(
        "--export-stats", metavar="FILE", help="write every game to a CSV file (- for stdout), exit"
    )
    p.add_argument("--force", action="store_true", help="--export-stats: replace an existing file")
    p.add_argument(
        "--seed-of", type=seed_text, metavar="TEXT", help="print the seed a CSV's seed cell means"
    )
    p.add_argument(
        "--install-desktop", action="store_true", help="add the game to your desktop's menu"
    )
    p.add_argument("--uninstall-desktop", action="store_true", help="take it out of the menu again")
    p.add_argument(
        "--no-guess", action="store_true", help="boards that never need a guess (this run)"
    )
    p.add_argument("--theme", metavar="NAME", help="window: the theme to start with")
    p.add_argument("--board", metavar="CODE", help="play the board of a board code")
    p.add_argument("--daily", action="store_true", help="play today's board (the same for all)")
    p.add_argument("--replay", metavar="FILE", help="watch a replay (with --text: print it)")
    p.add_argument(
        "--analyse", metavar="FILE", help="print each guess and mistake of a replay, and exit"
    )
    p.add_argument("--json", action="store_true", help="--analyse: one JSON object a move")
    p.add_argument(
        "--no-motion", action="store_true", help="window: no cascades or ripples (this run)"
    )
    p.add_argument(
        "--scale", type=whole_number, metavar="N", help="window: whole-number pixel scale (1-8)"
    )
    return p


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, BoardChoice | None]:
    """The options, and the board they ask for (None: the one the settings remember)."""
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
        board = BoardChoice.of(args.rows, args.cols, args.mines)
    elif args.difficulty:
        board = BoardChoice.standard(Difficulty[args.difficulty.upper()])
    else:
        board = None
    if args.scale is not None and not 1 <= args.scale <= 8:
        parser.error(f"--scale must be from 1 to 8 (got {args.scale})")
    chosen = [n for n, v in (("--board", args.board), ("--daily", args.daily),
                             ("--replay", args.replay), ("--analyse", args.analyse))
              if v]  # fmt: skip
    if len(chosen) > 1 or (chosen and board is not None):
        others = chosen + (["a board size"] if board is not None else [])
        parser.error(f"choose one of {', '.join(others)}")
    if args.board is not None:
        try:
            args.code = decode(args.board)
        except CodeError as e:
            parser.error(f"--board: {e}")
    if args.theme is not None and (not args.theme or set(args.theme) & set("/\\")):
        parser.error(f"--theme: a theme is named by its folder name (got {_shown(args.theme)})")
    if args.replay == "":
        parser.error("--replay needs the name of a replay file")
    if args.analyse == "":
        parser.error("--analyse needs the name of a replay file")
    if args.json and args.analyse is None:
        parser.error("--json goes with --analyse")
    if args.force and args.export_stats is None:
        parser.error("--force goes with --export-stats")
    if args.install_desktop and args.uninstall_desktop:
        parser.error("choose one of --install-desktop, --uninstall-desktop")
    if args.export_stats == "":
        parser.error("--export-stats needs the name of the CSV file to write")
    return args, board


def main(argv: list[str] | None = None) -> int:
    """Run the program; its exit status (the README's table of exit statuses lists each)."""
    _fill_closed_standard_fds()
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) > MAX_ARGUMENTS:  # argparse would take minutes over 100,000 of them
        to_stderr(f"{len(argv):,} arguments are more than any command line needs (at most "
                  f"{MAX_ARGUMENTS}) (see --help)")  # fmt: skip
        return EXIT_COMMAND_LINE
    if sys.stdin is not None and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 are not a crash
    real_stdout = sys.stdout
    sys.stdout = GuardedOutput(real_stdout)
    try:
        try:
            status = _main(argv)
        except SystemExit as e:  # argparse's --help and refusals
            status = 0 if e.code is None else e.code
        sys.stdout.flush()  # here, where a failure is said, not at the interpreter's exit
        return status
    except OutputLost as e:
        to_stderr(f"cannot write the output ({e}); stopping.")
        if hasattr(real_stdout, "fileno"):
            # the interpreter's own last flush must not fail again: stdout goes nowhere now
            with contextlib.suppress(OSError, ValueError):  # no file under it: nothing to do
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, real_stdout.fileno())
                os.close(devnull)
        return EXIT_OUTPUT_LOST
    finally:
        sys.stdout = real_stdout


def _fill_closed_standard_fds() -> None:
    """Put /dev/null where standard input, output or error is closed (`<&-`): otherwise the
    next file opened (the statistics) would get that number, and a write meant for stderr,
    from C code too, would go into it. Closed input then reads as ended, closed error drops
    its lines; Python's own sys.stdin/stdout/stderr stay None and are treated so."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def _main(argv: list[str] | None) -> int:
    args, board = parse_args(argv)
    if args.seed_of is not None:
        print(args.seed_of)
        return 0
    if args.install_desktop or args.uninstall_desktop:
        from .desktop import run

        return run(install=args.install_desktop)
    replay = None
    if args.replay is not None or args.analyse is not None:
        name = args.replay if args.replay is not None else args.analyse
        try:
            replay = load_replay(Path(name))
        except ReplayError as e:
            to_stderr(one_line(str(e)))
            return EXIT_COMMAND_LINE
        if args.analyse is not None:
            if replay.layout is None:
                to_stderr(f"{one_line(name)}: the game ended before its mines were laid; "
                          "there is nothing to analyse")  # fmt: skip
                return EXIT_COMMAND_LINE
            return print_analysis(replay, args.json)
        if args.text:
            from .text import print_replay  # the window never needs the terminal's code

            return print_replay(replay)
    settings_file = SettingsFile(echo=to_stderr)
    settings, messages = settings_file.load()
    stats = Stats()
    messages += stats.take_messages()
    for line in messages:
        to_stderr(line)
    today = datetime.now(UTC).date()
    if args.stats or args.export_stats is not None:
        stats.measure_old_rows()  # games recorded before rows kept measures, from replays
    if args.stats:
        print("\n".join(stats_report(stats, today.isoformat())))
        for line in stats.take_messages():  # rows that were left out, said once
            to_stderr(line)
        return 0
    if args.export_stats is not None:
        try:
            if args.export_stats == "-":
                sys.stdout.write(stats_csv(stats)[0])
                return 0
            count = export_csv(stats, Path(args.export_stats), replace=args.force)
        except ExistingFile:
            to_stderr(f"{args.export_stats} already exists (add --force to replace it)")
            return EXIT_COMMAND_LINE
        except OSError as e:
            to_stderr(f"cannot write {args.export_stats} ({e.strerror or e})")
            return EXIT_COMMAND_LINE
        finally:
            stats.close()
        print(f"wrote {count} game{'' if count == 1 else 's'} to {args.export_stats}")
        return 0
    zone = SafeZone(args.safe_zone) if args.safe_zone else settings.safe_zone  # this run only
    asked_for = None  # the board the command line asks for, named if a kept game competes
    if board is not None:
        seeded = f" of seed {args.seed}" if args.seed is not None else ""
        # plain "x": the window's pixel font has ASCII only
        asked_for = f"the {board.label.replace('×', 'x')} board{seeded}"
    elif args.seed is not None:
        asked_for = f"a board of seed {args.seed}"
    if board is None:
        board = settings.board_choice()
    first_game, daily_date = None, None
    qm = settings.question_marks
    if args.board is not None:
        first_game = args.code.game(question_marks=qm)
        asked_for = f"the board of code {args.board.strip().upper()}"
    elif args.daily:
        daily_date = today.isoformat()
        first_game = daily(today).game(question_marks=qm)
        asked_for = "today's daily board"
    # the window writes on a thread of its own (a frame never waits for the disk)
    history = History.on_disk(stats, background=not args.text)
    try:
        if args.text:
            from .text import play

            return play(board, seed=args.seed, safe_zone=zone, history=history,
                        no_guess=args.no_guess or settings.no_guess,
                        first_game=first_game, daily=daily_date, asked_for=asked_for,
                        ask_before_leaving=settings.ask_before_leaving)  # fmt: skip
        from .store.files import user_themes_dir
        from .ui.theme import load_library
        from .ui.window import run

        themes = load_library(user_themes_dir())
        for line in themes.problems:
            to_stderr(line if line.endswith("left out") else f"{line}; it is left out")
        for line in themes.warnings:
            to_stderr(line)
        if args.theme is not None:
            if args.theme not in themes.themes:
                listed = ", ".join(themes.names())
                to_stderr(f"there is no usable theme {args.theme!r}; the themes are: {listed} "
                          "(see --help)")  # fmt: skip
                return EXIT_COMMAND_LINE
            settings.theme = args.theme
        _set_window_icon()
        _close_later()
        return run(themes, board, settings, settings_file, history, seed=args.seed,
                   scale=args.scale, messages=messages, motion=not args.no_motion,
                   first_game=first_game, daily=daily_date, replay=replay,
                   safe_zone=zone, no_guess=args.no_guess, asked_for=asked_for)  # fmt: skip
    finally:
        stats.close()


def _set_window_icon() -> None:
    """The icon the desktop shows for the window; set before the window opens (some systems
    ignore a change after). The same picture as the desktop entry's icon."""
    import pygame

    from .resources import icons_dir

    pygame.display.init()
    pygame.display.set_icon(pygame.image.load(icons_dir() / "pixel-mines-64.png"))


def _close_later() -> None:
    """For packaging checks only (see QUIT_AFTER_ENV): the window closes as if by the player."""
    after = os.environ.get(QUIT_AFTER_ENV)
    if after:
        import pygame

        pygame.display.init()
        pygame.time.set_timer(pygame.QUIT, int(after), loops=1)


if __name__ == "__main__":
    sys.exit(main())
