"""The one start-up point: parse the command line, then run the terminal or the window front end.

Every mistake on the command line ends here with exit status 2 and one line saying what is
wrong; nothing below this module parses arguments.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import re
import sys
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TextIO

from .engine import Difficulty, Game, SafeZone
from .engine.boards import BoardChoice
from .engine.codes import MAX_SEED, CodeError, daily, decode, seed_of_text
from .engine.rules import MAX_SIDE, MIN_SIDE, BoardSizeError, check_custom_size
from .i18n import LanguageError, _, check_code, choose, install, ngettext, number, pgettext
from .measure import measure_elsewhere
from .stats_text import stats_report
from .store.history import History, to_stderr
from .store.replays import Replay, ReplayError, load_replay
from .store.settings import Settings, SettingsFile
from .store.stats import ExistingFile, Stats, export_csv, stats_csv
from .text import EXIT_OUTPUT_LOST, GuardedOutput, OutputLost
from .version import version
from .words import label, say

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
# Wayland has no window class: a compositor finds a window's desktop entry by its app id, which
# SDL 2 reads from this (else from the X11 class) when the video system starts; the entry's id
# is game/desktop.py's APP_ID (a test holds the two equal: importing that module here would
# cost every start its import). A value the player set is theirs.
WAYLAND_APP_ID = "io.github.pixelmines.PixelMines"
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WAYLAND_APP_ID)


# Far more than any command line needs (each option once with its value is about 25).
MAX_ARGUMENTS = 100
EXIT_COMMAND_LINE = 2  # a bad option or value, or a file named on the command line


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not the usage block
        to_stderr(_see_help(one_line(message)))
        self.exit(EXIT_COMMAND_LINE)


class _HelpFormatter(argparse.HelpFormatter):
    def _expand_help(self, action: argparse.Action) -> str:
        # The help is translated and filled in already: a translation's own % sign ("50 %")
        # must not be taken for one of argparse's placeholders (none of ours uses them).
        return self._get_help_string(action)


def _see_help(line: str) -> str:
    # Translators: the end of every refusal of the command line; message says what is wrong.
    return _("%(message)s (see --help)") % {"message": line}


class _LanguageOnly(argparse.ArgumentParser):
    """Reads --language alone, before the words of the real parser can be chosen."""

    def error(self, message: str) -> None:
        raise LanguageError(message)  # the real parser says what is wrong, in the language


def one_line(text: str) -> str:
    """Text for a one-line message: line breaks and other control characters escaped."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def whole_number(text: str) -> int:
    """argparse type: a whole number written as players write one (see _WHOLE)."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(
            _("%(value)s is not a whole number (digits 0-9, at most 30, optional minus)")
            % {"value": _shown(text)}
        )
    return int(text)


def seed_number(text: str) -> int:
    """argparse type: a seed, as a board code can carry it (0 to 2**64 - 1)."""
    if not (_WHOLE.fullmatch(text) and 0 <= int(text) < MAX_SEED):
        raise argparse.ArgumentTypeError(
            _("%(value)s is not a seed: a whole number from 0 to %(most)d")
            % {"value": _shown(text), "most": MAX_SEED - 1}
        )
    return int(text)


def seed_text(text: str) -> int:
    """argparse type: a seed as the statistics' CSV writes it (`S` and 13 characters)."""
    try:
        return seed_of_text(text)
    except CodeError as e:
        # Translators: a value that is not a seed's text, then why.
        raise argparse.ArgumentTypeError(
            _("%(value)s: %(problem)s") % {"value": _shown(text), "problem": say(e)}
        ) from None


def _parser() -> argparse.ArgumentParser:
    """The command line, in the language in use (built when parsed, never at import)."""
    p = _Parser(
        prog=PROG,
        formatter_class=_HelpFormatter,
        description=_("Pixel Mines: Minesweeper in a window (default) or in the terminal."),
        allow_abbrev=False,  # options are written in full: "--sc" is not "--scale"
    )
    for option, told in _board_options() + _other_options():
        p.add_argument(option, **told)
    return p


_SWITCH = {"action": "store_true"}


def _board_options() -> list[tuple[str, dict]]:
    """The options that choose the board, in --help's order: each one's name and what argparse
    is told of it."""
    size = {"low": MIN_SIDE, "high": MAX_SIDE}
    return [
        (
            "--version",
            {
                "action": "version",
                "version": f"{PROG} {version()}",
                "help": _("print the program's name and version, and exit"),
            },
        ),
        ("--text", {**_SWITCH, "help": _("play in the terminal instead of a window")}),
        (
            "--difficulty",
            {
                "choices": [d.name.lower() for d in Difficulty],
                "help": _(
                    "beginner 9×9/10, intermediate 16×16/40, expert 30×16/99 (default beginner)"
                ),
            },
        ),
        (
            "--rows",
            {
                "type": whole_number,
                "metavar": "R",
                "help": _("custom board: rows (%(low)d-%(high)d)") % size,
            },
        ),
        (
            "--cols",
            {
                "type": whole_number,
                "metavar": "C",
                "help": _("custom board: columns (%(low)d-%(high)d)") % size,
            },
        ),
        (
            "--mines",
            {
                "type": whole_number,
                "metavar": "M",
                "help": _("custom board: mines (1 to cells - 1)"),
            },
        ),
        (
            "--seed",
            {
                "type": seed_number,
                "metavar": "S",
                "help": _(
                    "seed of the first board: the same seed and first click give the same board"
                ),
            },
        ),
        (
            "--safe-zone",
            {
                "choices": [z.value for z in SafeZone],
                # Translators: 'opening' and 'cell' are the values typed: keep them as they are.
                "help": _(
                    "first click: 'opening' keeps its 3×3 free (default), 'cell' only the cell"
                ),
            },
        ),
    ]


def _other_options() -> list[tuple[str, dict]]:
    """The options after the board's, in --help's order: statistics, desktop, files, window."""
    # Translators: metavars are the names of values in --help (--replay FILE); upper case
    # where your language has it.
    file, name = _("FILE"), _("NAME")
    return [
        ("--stats", {**_SWITCH, "help": _("print your statistics and exit")}),
        (
            "--export-stats",
            {"metavar": file, "help": _("write every game to a CSV file (- for stdout), exit")},
        ),
        (
            "--force",
            {**_SWITCH, "help": _("--export-stats, --export-evf: replace an existing file")},
        ),
        (
            "--seed-of",
            {
                "type": seed_text,
                # Translators: metavar of --seed-of: the text of a CSV's seed cell.
                "metavar": _("TEXT"),
                "help": _("print the seed a CSV's seed cell means"),
            },
        ),
        ("--install-desktop", {**_SWITCH, "help": _("add the game to your desktop's menu")}),
        ("--uninstall-desktop", {**_SWITCH, "help": _("take it out of the menu again")}),
        ("--no-guess", {**_SWITCH, "help": _("boards that never need a guess (this run)")}),
        ("--theme", {"metavar": name, "help": _("window: the theme to start with")}),
        (
            "--board",
            {
                "metavar": pgettext("metavar of --board", "CODE"),
                "help": _("play the board of a board code"),
            },
        ),
        ("--daily", {**_SWITCH, "help": _("play today's board (the same for all)")}),
        (
            "--replay",
            {
                "metavar": file,
                "help": _("watch a replay or a video: EVF, AVF, RMV, MVF (with --text: print it)"),
            },
        ),
        (
            "--analyse",
            {"metavar": file, "help": _("print each guess and mistake of a replay, and exit")},
        ),
        (
            "--video-info",
            {"metavar": file, "help": _("print the figures of a replay or a video, and exit")},
        ),
        (
            "--export-evf",
            {
                "nargs": 2,
                # Translators: metavars of --export-evf: the replay to read, the file to write.
                "metavar": (_("REPLAY"), _("OUT")),
                "help": _("write a finished game's replay as an EVF video, and exit"),
            },
        ),
        ("--json", {**_SWITCH, "help": _("--analyse, --video-info: JSON")}),
        ("--no-motion", {**_SWITCH, "help": _("window: no cascades or ripples (this run)")}),
        (
            "--scale",
            {
                "type": whole_number,
                "metavar": "N",
                "help": _("window: whole-number pixel scale (1-8)"),
            },
        ),
        (
            "--language",
            {
                "metavar": pgettext("metavar of --language", "CODE"),
                "help": _("the language to speak this run (de, fr...; en: English)"),
            },
        ),
    ]


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, BoardChoice | None]:
    """The options, and the board they ask for (None: the one the settings remember)."""
    parser = _parser()
    args = parser.parse_args(argv)
    custom = [args.rows, args.cols, args.mines]
    if any(v is not None for v in custom):
        if args.difficulty:
            parser.error(_("give either --difficulty or --rows/--cols/--mines, not both"))
        names = ("--rows", "--cols", "--mines")
        missing = [n for n, v in zip(names, custom, strict=True) if v is None]
        if missing:
            parser.error(
                _("a custom board needs --rows, --cols and --mines (missing %(missing)s)")
                % {"missing": ", ".join(missing)}
            )
        try:
            check_custom_size(args.rows, args.cols, args.mines)
        except BoardSizeError as e:
            parser.error(say(e))
        board = BoardChoice.of(args.rows, args.cols, args.mines)
    elif args.difficulty:
        board = BoardChoice.standard(Difficulty[args.difficulty.upper()])
    else:
        board = None
    if args.scale is not None and not 1 <= args.scale <= 8:
        parser.error(_("--scale must be from 1 to 8 (got %(value)d)") % {"value": args.scale})
    chosen = [
        n
        for n, v in (
            ("--board", args.board),
            ("--daily", args.daily),
            ("--replay", args.replay),
            ("--analyse", args.analyse),
            ("--video-info", args.video_info),
            ("--export-evf", args.export_evf),
        )
        if v
    ]
    if len(chosen) > 1 or (chosen and board is not None):
        # Translators: one of the things a command line may choose, beside --board, --daily...
        others = chosen + ([_("a board size")] if board is not None else [])
        parser.error(_("choose one of %(options)s") % {"options": ", ".join(others)})
    if args.board is not None:
        try:
            args.code = decode(args.board)
        except CodeError as e:
            # Translators: problem says what is wrong with the code.
            parser.error(_("--board: %(problem)s") % {"problem": say(e)})
    for wrong, problem in (
        (
            args.theme is not None and (not args.theme or set(args.theme) & set("/\\")),
            _("--theme: a theme is named by its folder name (got %(value)s)")
            % {"value": _shown(args.theme or "")},
        ),
        (args.replay == "", _("--replay needs the name of a replay file")),
        (args.analyse == "", _("--analyse needs the name of a replay file")),
        (args.video_info == "", _("--video-info needs the name of a replay or video file")),
        (
            args.export_evf is not None and "" in args.export_evf,
            _("--export-evf needs the replay to read and the file to write"),
        ),
        (
            args.json and args.analyse is None and args.video_info is None,
            _("--json goes with --analyse or --video-info"),
        ),
        (
            args.force and args.export_stats is None and args.export_evf is None,
            _("--force goes with --export-stats or --export-evf"),
        ),
        (
            args.install_desktop and args.uninstall_desktop,
            _("choose one of %(options)s") % {"options": "--install-desktop, --uninstall-desktop"},
        ),
        (args.export_stats == "", _("--export-stats needs the name of the CSV file to write")),
    ):
        if wrong:
            parser.error(problem)
    return args, board


def main(argv: list[str] | None = None) -> int:
    """Run the program; its exit status (the README's table of exit statuses lists each)."""
    _fill_closed_standard_fds()
    real_stderr = sys.stderr
    if real_stderr is not None:
        sys.stderr = _QuietErrors(real_stderr)
    try:
        return _run(argv)
    finally:
        sys.stderr = real_stderr  # a bug's traceback, after this, is written as ever
        _flush_standard_streams()


class _QuietErrors:
    """Standard error while the program runs: what cannot be written (`2>/dev/full`, a pipe
    no one reads) is dropped, as `to_stderr` drops its lines, whoever writes it (argparse,
    --install-desktop, warnings): there is nowhere left to say anything, and a failed line
    must not stop the program or change its exit status."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with contextlib.suppress(OSError, ValueError):  # ValueError: closed under us
            self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.stream.flush()

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def _flush_standard_streams() -> None:
    """Flush standard output and error now, and send whichever cannot be written to the null
    device from here on: the interpreter flushes both again as it exits, and a failure there
    would turn any exit status into 120 (a full disk, `2>/dev/full`), the program's own (2
    for a bad argument, 1 for lost output) lost."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed when the program started
            continue
        try:
            stream.flush()
        except (OSError, ValueError):  # ValueError: closed, which the interpreter leaves be
            if not hasattr(stream, "fileno"):  # no file under it: nothing to point elsewhere
                continue
            with contextlib.suppress(OSError, ValueError):  # not a file after all
                fd = stream.fileno()
                devnull = os.open(os.devnull, os.O_WRONLY)
                try:
                    os.dup2(devnull, fd)
                finally:
                    os.close(devnull)
                stream.flush()  # what was held goes there, so the last flush has nothing


def _run(argv: list[str] | None) -> int:
    """`main`'s work: the language, the command line, a front end; the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    too_many = len(argv) > MAX_ARGUMENTS  # argparse would take minutes over 100,000 of them
    refused = settle_language([] if too_many else argv)
    if too_many:
        count = len(argv)
        to_stderr(
            _see_help(
                ngettext(
                    "%(count)s argument is more than any command line needs (at most %(most)d)",
                    "%(count)s arguments are more than any command line needs (at most %(most)d)",
                    count,
                )
                % {"count": number(count), "most": MAX_ARGUMENTS}
            )
        )
        return EXIT_COMMAND_LINE
    if refused is not None:
        to_stderr(_see_help(refused))
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
        to_stderr(_("cannot write the output (%(error)s); stopping.") % {"error": e})
        return EXIT_OUTPUT_LOST  # what it still holds goes nowhere: _flush_standard_streams
    finally:
        sys.stdout = real_stdout


def settle_language(argv: list[str]) -> str | None:
    """Install the language (game/i18n.py) before the command line is parsed, so that its
    help and refusals, argparse's own words too, are in it: --language if it is good, else
    the remembered setting, else the environment. A line for the player if --language is not
    a code or the game does not speak it (said in the language chosen without it)."""
    pre = _LanguageOnly(add_help=False, allow_abbrev=False)
    pre.add_argument("--language")
    try:
        asked = pre.parse_known_args(argv)[0].language
    except LanguageError:  # --language without a value: the real parser says so
        asked = None
    remembered = SettingsFile().remembered_language()
    install(choose(None, remembered))
    if asked is None:
        return None
    try:
        install(check_code(asked))
    except LanguageError as e:
        return f"--language: {e}"
    return None


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


def _collect_again(args: argparse.Namespace | None = None) -> None:
    """Turn the garbage collector back on (with `args`: unless the window is to open).

    The entry points (main.py, `python -m game`) turn it off while the start loads its
    modules: what they make lives as long as the program, and collecting it again and again
    as it loads took a tenth of the start. It is on again before any front end runs: the
    window's after its modules and themes are loaded (its loop then keeps them out of the
    collections, game/ui/pace.py), everything else at once."""
    if args is not None:
        # each answered, then exit
        answered = (args.seed_of, args.export_stats, args.analyse, args.video_info, args.export_evf)
        if not (
            args.text
            or args.stats
            or args.install_desktop
            or args.uninstall_desktop
            or any(v is not None for v in answered)
        ):
            return  # the window: on once its start is loaded
    gc.enable()


def _main(argv: list[str] | None) -> int:
    args, board = parse_args(argv)
    _collect_again(args)
    if args.seed_of is not None:
        print(args.seed_of)
        return 0
    if args.install_desktop or args.uninstall_desktop:
        from .desktop import run

        return run(install=args.install_desktop)
    if args.video_info is not None or args.export_evf is not None:
        from . import video_commands

        if args.video_info is not None:
            return video_commands.video_info(args.video_info, args.json)
        return video_commands.export_evf(*args.export_evf, replace=args.force)
    replay, status = _replay_asked(args)
    if status is not None:
        return status
    settings_file = SettingsFile(echo=to_stderr)
    settings, messages = settings_file.load()
    stats = Stats()
    messages += stats.take_messages()
    for line in messages:
        to_stderr(line)
    today = datetime.now(UTC).date()
    if args.stats or args.export_stats is not None:
        stats.measure_old_rows()  # games recorded before rows kept measures, from replays
        return _stats_command(args, stats, today.isoformat())
    zone = SafeZone(args.safe_zone) if args.safe_zone else settings.safe_zone  # this run only
    board, first_game, daily_date, asked_for = _first_board(args, board, settings, today)
    # the window writes on a thread of its own (a frame never waits for the disk)
    history = History.on_disk(
        stats, background=not args.text, measure=None if args.text else measure_elsewhere
    )
    try:
        if args.text:
            from .text import play

            return play(
                board,
                seed=args.seed,
                safe_zone=zone,
                history=history,
                no_guess=args.no_guess or settings.no_guess,
                first_game=first_game,
                daily=daily_date,
                asked_for=asked_for,
                ask_before_leaving=settings.ask_before_leaving,
            )
        return _window(
            args,
            board,
            settings,
            settings_file,
            history,
            messages=messages,
            first_game=first_game,
            daily=daily_date,
            replay=replay,
            safe_zone=zone,
            asked_for=asked_for,
        )
    finally:
        stats.close()


def _replay_asked(args: argparse.Namespace) -> tuple[Replay | None, int | None]:
    """The replay --replay or --analyse names, for the window to show; or the exit status of
    a command that is done with it (--analyse, --replay --text) or of a file that cannot be
    read or has no board."""
    if args.replay is None and args.analyse is None:
        return None, None
    name = args.replay if args.replay is not None else args.analyse
    from .video_commands import is_ours

    if not is_ours(name):
        return _video_asked(args, name)
    try:
        replay = load_replay(Path(name))
    except ReplayError as e:
        to_stderr(one_line(str(e)))
        return None, EXIT_COMMAND_LINE
    if replay.layout is None:  # a kept game left before its first click: no board at all
        if args.analyse is not None:
            line = _(
                "%(file)s: the game ended before its mines were laid; there is nothing to analyse"
            )
        else:
            line = _(
                "%(file)s: the game ended before its mines were laid; there is nothing to watch"
            )
        to_stderr(line % {"file": one_line(name)})
        return None, EXIT_COMMAND_LINE
    if args.analyse is not None:
        from .analysis_text import print_analysis  # the solver: not for the window

        return None, print_analysis(replay, args.json)
    if args.text:
        from .text import print_replay  # the window never needs the terminal's code

        return None, print_replay(replay)
    return replay, None


def _video_asked(args: argparse.Namespace, name: str) -> tuple[object, int | None]:
    """A video from elsewhere (EVF, AVF, RMV, MVF), read in a worker process: analysed or
    printed (the exit status), or (the Video and its counters) for the window to show."""
    from .video_commands import replay_of_video

    replay, loaded, status = replay_of_video(name)
    if status is not None:
        return None, status
    if args.analyse is not None:
        from .analysis_text import print_analysis

        return None, print_analysis(replay, args.json)
    if args.text:
        from .text import print_replay

        return None, print_replay(replay)
    return loaded, None


def _stats_command(args: argparse.Namespace, stats: Stats, day: str) -> int:
    """--stats or --export-stats: the report, or the CSV file; the exit status."""
    if args.stats:
        print("\n".join(stats_report(stats, day)))
        for line in stats.take_messages():  # rows that were left out, said once
            to_stderr(line)
        return 0
    try:
        if args.export_stats == "-":
            sys.stdout.write(stats_csv(stats)[0])
            return 0
        count = export_csv(stats, Path(args.export_stats), replace=args.force)
    except ExistingFile:
        to_stderr(
            _("%(file)s already exists (add --force to replace it)") % {"file": args.export_stats}
        )
        return EXIT_COMMAND_LINE
    except OSError as e:
        to_stderr(
            _("cannot write %(file)s (%(error)s)")
            % {"file": args.export_stats, "error": e.strerror or e}
        )
        return EXIT_COMMAND_LINE
    finally:
        stats.close()
    print(
        ngettext("wrote %(count)d game to %(file)s", "wrote %(count)d games to %(file)s", count)
        % {"count": count, "file": args.export_stats}
    )
    return 0


def _first_board(
    args: argparse.Namespace, board: BoardChoice | None, settings: Settings, today: date
) -> tuple[BoardChoice, Game | None, str | None, str | None]:
    """The board to play (the command line's, else the remembered one), the first game if the
    command line lays one (--board, --daily) and its day, and the words that name what the
    command line asked for beside a kept game (None: nothing)."""
    asked_for = None  # the board the command line asks for, named if a kept game competes
    if board is not None:
        # plain "x": the window's pixel font has ASCII only
        named = {"size": label(board).replace("×", "x"), "seed": args.seed}
        asked_for = (
            # Translators: the board the command line asked for, shown as "Or play %s?" beside a
            # kept game; size is rows x columns / mines.
            _("the %(size)s board") % named
            if args.seed is None
            else _("the %(size)s board of seed %(seed)d") % named
        )
    elif args.seed is not None:
        # Translators: as "the 9x9/10 board", shown as "Or play %s?".
        asked_for = _("a board of seed %(seed)d") % {"seed": args.seed}
    board = board if board is not None else settings.board_choice()
    first_game, daily_date = None, None
    qm = settings.question_marks
    if args.board is not None:
        first_game = args.code.game(question_marks=qm)
        # Translators: as "the 9x9/10 board", shown as "Or play %s?".
        asked_for = _("the board of code %(code)s") % {"code": args.board.strip().upper()}
    elif args.daily:
        daily_date = today.isoformat()
        first_game = daily(today).game(question_marks=qm)
        # Translators: as "the 9x9/10 board", shown as "Or play %s?".
        asked_for = _("today's daily board")
    return board, first_game, daily_date, asked_for


def _window(
    args: argparse.Namespace,
    board: BoardChoice,
    settings: Settings,
    settings_file: SettingsFile,
    history: History,
    **start: object,
) -> int:
    """Open the window, with its themes (the one it starts with now); the exit status."""
    from .store.files import user_themes_dir
    from .ui.theme import load_library
    from .ui.window import run

    # the theme the window starts with now, the others after its first frame (the
    # window's Options.load_next_theme says what is wrong with them then)
    themes = load_library(user_themes_dir(), first=args.theme or settings.theme)
    for line in themes.problems:  # each says what is wrong and that it is left out
        to_stderr(line)
    for line in themes.warnings:
        to_stderr(line)
    if args.theme is not None:
        if args.theme not in themes.themes:
            for line in themes.load_rest():  # all of them, to list those there are
                to_stderr(line)
            listed = ", ".join(themes.names())
            to_stderr(
                _see_help(
                    _("there is no usable theme %(name)r; the themes are: %(themes)s")
                    % {"name": args.theme, "themes": listed}
                )
            )
            return EXIT_COMMAND_LINE
        settings.theme = args.theme
    _collect_again()
    _set_window_icon()
    _close_later()
    return run(
        themes,
        board,
        settings,
        settings_file,
        history,
        seed=args.seed,
        scale=args.scale,
        motion=not args.no_motion,
        no_guess=args.no_guess,
        **start,
    )


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
