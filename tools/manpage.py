"""Write the man page, assets/man/pixel-mines.6, from the game's own tables: every option of the
command line as its parser (game/app.py) knows it, every key and mouse rule of the key table
(game/ui/keys.py), the description of the metainfo (game/desktop_text.py), dated by NEWS.md's
newest release. `--install-desktop` installs it; the wheel and the bundle ship it with assets/.

    python tools/manpage.py           # rewrite assets/man/pixel-mines.6 (committed)
    python tools/manpage.py --check   # exit 1 if it is out of date

roff by hand, as man-pages(7) asks: options and every hyphen as \\-, so they copy as typed;
characters past ASCII as \\[uXXXX], so no encoding has to be guessed. English: a man page
is installed once, for every language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # this checkout's game package, not an installed copy
sys.path.insert(0, str(HERE))  # the tools beside this one

from news import read_news  # noqa: E402  (tools/news.py)

from game import desktop_text  # noqa: E402
from game.i18n import ENGLISH, install  # noqa: E402
from game.version import __version__  # noqa: E402

PAGE = ROOT / "assets" / "man" / "pixel-mines.6"
PROG = "pixel-mines"
HOMEPAGE = "https://github.com/pixelmines/pixel-mines"


def roff(text: str) -> str:
    """Plain text as one line of roff: backslashes and hyphens escaped, characters past
    ASCII named, and a leading . or ' kept from being read as a request."""
    out = []
    for ch in text.replace("\\", "\\e").replace("-", "\\-"):
        out.append(ch if ord(ch) < 128 else f"\\[u{ord(ch):04X}]")
    line = "".join(out)
    return "\\&" + line if line[:1] in (".", "'") else line


def bold(text: str) -> str:
    return f"\\fB{roff(text)}\\fR"


def italic(text: str) -> str:
    return f"\\fI{roff(text)}\\fR"


# ---- the command line -------------------------------------------------------------------------


def option_parser() -> argparse.ArgumentParser:
    """The game's own parser, its help in English (built as `parse_args` builds it; nothing
    starts)."""
    from game import app

    install(ENGLISH)
    return app._parser()


def _value(action: argparse.Action) -> str:
    """What follows an option: nothing for a switch, {a|b} for choices, else the metavars."""
    if action.nargs == 0:
        return ""
    if action.choices is not None:
        return " {" + "|".join(bold(str(c)) for c in action.choices) + "}"
    names = action.metavar or action.dest.upper()
    count = action.nargs if isinstance(action.nargs, int) else 1  # "?" and "*": one shown
    names = names if isinstance(names, tuple) else (names,) * count
    return "".join(" " + italic(n) for n in names)


def options_section(parser: argparse.ArgumentParser) -> list[str]:
    lines = [".SH OPTIONS"]
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        names = ", ".join(bold(name) for name in action.option_strings)
        lines += [".TP", names + _value(action), roff(action.help or "")]
    return lines


# ---- the keys ---------------------------------------------------------------------------------


def keys_section() -> list[str]:
    from game.ui import keys

    lines = [
        ".SH KEYS",
        roff("In the window (F1 shows them there too, in the language in use):"),
    ]
    tables = (
        ("Playing", keys.PLAY_KEYS),
        ("Watching a replay or a video", keys.REPLAY_KEYS),
        ("Analysing a game", keys.ANALYSIS_KEYS),
    )
    for heading, table in tables:
        lines += [".SS " + roff(heading)]
        for binding in table:
            shown = [bold(k.label(english=True)) for k in binding.keys if k.shown]
            if shown:
                lines += [".TP", ", ".join(shown), roff(binding.label)]
    lines += [".SS Mouse"]
    for (_context, where), what in keys.MOUSE_RULES:
        lines += [".TP", bold(where), roff(what)]
    lines += [".SS " + roff("Game controller")]
    for name, what in keys.PAD_RULES:  # a button's name, or (context, name) where translated
        lines += [".TP", bold(name[1] if isinstance(name, tuple) else name), roff(what)]
    return lines


# ---- the page ---------------------------------------------------------------------------------


def _files_section() -> list[str]:
    rows = (
        ("$XDG_CONFIG_HOME/pixel-mines/settings.json", "The settings (Options)."),
        ("$XDG_DATA_HOME/pixel-mines/stats.sqlite3", "The statistics: one row a finished game."),
        ("$XDG_DATA_HOME/pixel-mines/replays/", "A replay of each finished game, named by its id."),
        ("$XDG_DATA_HOME/pixel-mines/kept/", "Unfinished games, offered again at the next start."),
        ("$XDG_DATA_HOME/pixel-mines/themes/", "Your own themes, one folder each."),
        (
            "$XDG_DATA_HOME/man/man6/pixel-mines.6",
            "This page, with the menu entry, the icons and the AppStream metainfo under "
            "applications/, icons/ and metainfo/ (--install-desktop; --uninstall-desktop "
            "removes them).",
        ),
    )
    lines = [".SH FILES"]
    for path, what in rows:
        lines += [".TP", italic(path), roff(what)]
    lines += [
        ".PP",
        roff(
            "Where XDG_CONFIG_HOME or XDG_DATA_HOME is not set: ~/.config and ~/.local/share. "
            "A file the game cannot use is moved aside as NAME.corrupt-DATE and a fresh one "
            "started. Help → About names both folders."
        ),
    ]
    return lines


def page(parser: argparse.ArgumentParser | None = None) -> str:
    """The man page's roff."""
    parser = parser or option_parser()
    newest = read_news()[0]
    head = [
        '.\\" Made by tools/manpage.py from game/app.py, game/ui/keys.py, game/desktop_text.py',
        '.\\" and NEWS.md: run it again rather than editing this file.',
        f'.TH {roff(PROG.upper())} 6 {roff(newest.date)} "Pixel Mines {roff(__version__)}" Games',
        ".nh",  # no hyphen breaks inside an option's or a file's name
        ".ad l",  # ragged right: long names make justified lines gappy
        ".SH NAME",
        f"{roff(PROG)} \\- {roff(desktop_text.SUMMARY)}",
        ".SH SYNOPSIS",
        f".B {roff(PROG)}",
        f"[{italic('OPTION')}]...",
        ".SH DESCRIPTION",
    ]
    for paragraph in desktop_text.DESCRIPTION:
        head += [roff(paragraph), ".PP"]
    head += [roff(parser.description or "")]
    see_also = [
        ".SH SEE ALSO",
        roff(
            "README.md, docs/RULES.md (the rules and the measures) and docs/FORMATS.md (the "
            f"files) in the source, and {HOMEPAGE}"
        ),
    ]
    lines = [*head, *options_section(parser), *keys_section(), *_files_section(), *see_also]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    text = page()
    current = PAGE.read_text(encoding="utf-8") if PAGE.is_file() else None
    if text == current:
        return 0
    where = PAGE.relative_to(ROOT)
    if args.check:
        print(f"{where} is out of date: run python tools/manpage.py")
        return 1
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
