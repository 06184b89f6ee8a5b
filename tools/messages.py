"""The translations' tools (docs/TRANSLATING.md): extract the template from game/, start a
language, merge the template into each catalogue, compile them, and check them.

    python tools/messages.py extract     # game/ -> game/locale/pixel-mines.pot
    python tools/messages.py init LANG   # a new game/locale/LANG/LC_MESSAGES/pixel-mines.po
    python tools/messages.py update      # the template merged into every .po
    python tools/messages.py compile     # every .po -> its .mo (committed: players need no Babel)
    python tools/messages.py check       # every message translated, placeholders kept

extract, init, update and compile use Babel, a development tool (requirements-dev.txt); check
needs only the standard library (its small .po reader is here), so the tests run it too.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "game"
LOCALE = SOURCE / "locale"
DOMAIN = "pixel-mines"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# The marks of game/i18n.py, in Babel's notation: the argument positions that are messages.
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
COMMENT_TAG = "Translators:"
BUGS = "https://github.com/pixelmines/pixel-mines/issues"
# Messages a translation may leave as the English text: abbreviations and words some languages
# spell alike (the metavars of --help). Anything else equal to its English is untranslated,
# except a message of placeholders, option names and signs alone ("--board: %(problem)s").
MAY_STAY_ENGLISH = frozenset(
    {"OK", "3BV", "3BV/s", "IOE", "ZiNi", "RQP", "NF", "CODE", "NAME", "TEXT", "s", "%(rate)s/s"}
)
# Words a language writes as English does (French "Options", "Expert"), each a translator's
# checked choice; and the keys' names (context "key"), which many keyboards print alike
# (Ctrl, Alt, Tab), may stay in any language.
SAME_IN_LANGUAGE = {
    "fr": frozenset({"Expert", "Options", "Code", "Date"}),
    "de": frozenset({"Videos", "Videos (%(count)s)"}),
    "es": frozenset({"no", "normal", "Zoom", "auto", "IOE %(ioe)s", "%(best)s, NF %(no_flags)s"}),
}
SAME_CONTEXTS = frozenset({"key", "answer yes", "answer no"})  # what a player types, too
# A %-placeholder as Python's % operator reads it: %(name)s, %d, %r, %5.1f ...
PLACEHOLDER = re.compile(
    r"%(?:\((\w+)\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?([diouxXeEfFgGcrsa%])"
)


# ---- reading .po files (standard library only) ----------------------------------------------


@dataclass
class Entry:
    """One message of a .po or .pot file; `strings` has one text, or one per plural form."""

    context: str | None
    id: str
    plural: str | None
    strings: list[str]
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.id


_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    '"': '"',
    "\\": "\\",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
}


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[1]), text[1:-1])


def read_po(path: Path) -> list[Entry]:
    """The messages of a .po or .pot file, the header ("") first; obsolete (#~) ones left out."""
    entries: list[Entry] = []
    fields: dict = {}
    flags: set[str] = set()
    last = None
    start = 0

    def finish() -> None:
        nonlocal fields, flags, last
        if "msgid" in fields:
            plural = fields.get("msgid_plural")
            if plural is None:
                strings = [fields.get("msgstr", "")]
            else:
                count = 1 + max((k for k in fields if isinstance(k, int)), default=-1)
                strings = [fields.get(i, "") for i in range(count)]
            entries.append(
                Entry(fields.get("msgctxt"), fields["msgid"], plural, strings, flags, start)
            )
        fields, flags, last = {}, set(), None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        where = f"{path.name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in fields:
                finish()
            if line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith('"'):
            if last is None:
                raise ValueError(f"{where}: a string that continues nothing")
            fields[last] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        indexed = re.fullmatch(r"msgstr\[(\d+)\]", keyword)
        name: str | int = int(indexed[1]) if indexed else keyword
        if name not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not indexed:
            raise ValueError(f"{where}: unknown keyword {keyword!r}")
        if name in ("msgctxt", "msgid") and "msgid" in fields:
            finish()
        if name in ("msgctxt", "msgid") and not fields:
            start = number
        fields[name] = _unquote(rest, where)
        last = name
    finish()
    return entries


def header_fields(entries: list[Entry]) -> dict[str, str]:
    """The header's "Name: value" lines (Plural-Forms, Language ...)."""
    head = next((e for e in entries if e.id == "" and e.context is None), None)
    if head is None:
        return {}
    pairs = (line.partition(":") for line in head.strings[0].splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, _, value in pairs}


def plural_count(entries: list[Entry]) -> int | None:
    found = re.search(r"nplurals\s*=\s*(\d+)", header_fields(entries).get("Plural-Forms", ""))
    return int(found[1]) if found else None


# ---- the check --------------------------------------------------------------------------------


def placeholders(text: str) -> tuple[set[str], list[str]]:
    """The named placeholders of a message, and its unnamed ones in order (`%%` is neither)."""
    named, unnamed = set(), []
    for m in PLACEHOLDER.finditer(text):
        if m[2] == "%":
            continue
        if m[1] is not None:
            named.add(m[1])
        else:
            unnamed.append(m[2])
    return named, unnamed


def _has_words(text: str) -> bool:
    """Whether a message has letters beside its placeholders, option names and the "x" of a
    size between two numbers (%(cols)dx%(rows)d: a sign, not a word)."""
    text = re.sub(r"(?<=\)d)x(?=%\()", "", text)
    return bool(re.search(r"[^\W\d_]", re.sub(r"--[a-z-]+", "", PLACEHOLDER.sub("", text))))


def _formats(text: str, message: Entry) -> bool:
    """Whether a translation can be filled in as its English is (only those that have
    placeholders are: a message without any is shown as it is)."""
    english = message.id if message.plural is None else message.plural
    named, unnamed = placeholders(english)
    if not named and not unnamed:
        return True
    try:
        text % ({n: 1 for n in named} if named else tuple(1 for _ in unnamed))
    except (ValueError, TypeError, KeyError):
        return False
    return True


def check_catalogue(template: list[Entry], catalogue: list[Entry], language: str) -> list[str]:
    """What is wrong with one language's catalogue against the template, one line each."""
    problems = []
    count = plural_count(catalogue)
    if count is None:
        problems.append(f"{language}: the header has no Plural-Forms with nplurals")
    translated = {e.key: e for e in catalogue if e.id}
    for message in template:
        if not message.id:
            continue
        entry = translated.get(message.key)
        shown = f"{language}: {message.id!r}"
        if entry is None:
            problems.append(f"{shown} is missing (run: python tools/messages.py update)")
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"{shown} is marked fuzzy: check the translation, then remove it")
            continue
        if (entry.plural is None) != (message.plural is None):
            problems.append(f"{shown}: singular and plural do not match the template")
            continue
        if message.plural is not None and count is not None and len(entry.strings) != count:
            problems.append(
                f"{shown} has {len(entry.strings)} plural forms, the header says {count}"
            )
        if any(not s for s in entry.strings):
            problems.append(f"{shown} is not translated")
            continue
        same = message.plural is None and entry.strings[0] == message.id
        may = MAY_STAY_ENGLISH | SAME_IN_LANGUAGE.get(language, frozenset())
        if (
            same
            and message.id not in may
            and message.context not in SAME_CONTEXTS
            and _has_words(message.id)
        ):
            problems.append(
                f"{shown} is left in English (only {sorted(may)} and the keys' names may be)"
            )
        for form, text in enumerate(entry.strings):
            if not _formats(text, message):
                which = "" if message.plural is None else f" (form {form})"
                problems.append(
                    f"{shown}{which}: {text!r} cannot be filled in (a lone %? "
                    "write %% for a percent sign)"
                )
        sources = [message.id] if message.plural is None else [message.id, message.plural]
        wanted = placeholders(sources[-1])
        for form, text in enumerate(entry.strings):
            if placeholders(text) != wanted:
                which = "" if message.plural is None else f" (form {form})"
                problems.append(
                    f"{shown}{which}: the placeholders differ: {wanted} in English, "
                    f"{placeholders(text)} in {text!r}"
                )
    known = {m.key for m in template}
    problems += [
        f"{language}: {k[1]!r} is not in the template (run update)"
        for k in translated
        if k not in known
    ]
    return problems


def stale_mo(entries: list[Entry], mo: Path, language: str) -> list[str]:
    """Where the compiled catalogue says something else than its .po (run compile)."""
    import gettext

    if not mo.is_file():
        return [f"{language}: there is no {mo.name} (run: python tools/messages.py compile)"]
    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    stale = []
    for e in entries:
        if not e.id or "fuzzy" in e.flags or not all(e.strings):
            continue
        if e.plural is None:
            got = [compiled.pgettext(e.context, e.id) if e.context else compiled.gettext(e.id)]
        else:
            n_for_form = _numbers_for_forms(compiled, len(e.strings))
            got = [compiled.ngettext(e.id, e.plural, n) for n in n_for_form]
        if got != e.strings:
            stale.append(f"{language}: {mo.name} differs from the .po at {e.id!r} (run compile)")
    return stale


def _numbers_for_forms(compiled, count: int) -> list[int]:
    """A number that picks each plural form, by the compiled catalogue's own rule."""
    found: dict[int, int] = {}
    for n in range(1000):
        found.setdefault(compiled.plural(n), n)
    return [found.get(form, -1) for form in range(count)]


def catalogues(locale: Path = LOCALE) -> dict[str, Path]:
    """Every shipped language's .po, by language code."""
    return {p.parents[1].name: p for p in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def check(locale: Path = LOCALE) -> list[str]:
    """What is wrong with any shipped catalogue, or with a .mo older than its .po."""
    template = read_po(locale / f"{DOMAIN}.pot")
    problems = []
    for language, po in catalogues(locale).items():
        problems += check_catalogue(template, read_po(po), language)
        problems += stale_mo(read_po(po), po.with_suffix(".mo"), language)
    return problems


# ---- what the code marks (standard library only) ---------------------------------------------


def _mark_key(node: ast.Call) -> tuple[str | None, str] | None:
    """(context, message) of a call to a mark given literals; None for any other call."""
    if not isinstance(node.func, ast.Name):
        return None
    args = [a.value for a in node.args if isinstance(a, ast.Constant)]
    if node.func.id in ("_", "N_", "ngettext") and args and isinstance(args[0], str):
        return None, args[0]
    if node.func.id in ("pgettext", "NP_") and len(args) == 2:
        return args[0], args[1]
    return None


def marked_in_source(source: Path = SOURCE) -> set[tuple[str | None, str]]:
    """(context, message) of every literal given to a mark in game/: what extract must find."""
    found = set()
    for path in sorted(source.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and (key := _mark_key(node)) is not None:
                found.add(key)
    return found


def _extraction_order(path: Path) -> tuple:
    """Babel's order of files: a folder's files (sorted), then its folders (sorted)."""
    return (*((1, part) for part in path.parent.parts), (0, path.name))


def _comments_in_file(text: str) -> list[tuple[tuple[str | None, str], list[str]]]:
    """Each marked call of a file in order, with the translators' comments Babel's
    extract_python gives it: the comment lines since the previous call to a mark, each block
    starting with `# Translators:` and going on over comment lines on the lines right after,
    kept if the last block ends on the line just above the one of the call's "(" (Babel moves
    that end a line down for each comma between the call's parentheses), else dropped."""
    import bisect
    import io
    import tokenize

    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    starts = [t.start for t in tokens]
    calls = []  # (position of "(", position of ")", commas between them, key)
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in KEYWORDS:  # Babel takes obj.ngettext(...) for a mark too
            continue
        first = bisect.bisect_left(starts, (func.end_lineno, func.end_col_offset))
        last = bisect.bisect_left(starts, (node.end_lineno, node.end_col_offset - 1))
        depth = commas = 0
        for t in tokens[first:last]:
            if t.type == tokenize.OP and t.string in "([{":
                depth += 1
            elif t.type == tokenize.OP and t.string in ")]}":
                depth -= 1
            elif t.type == tokenize.OP and t.string == "," and depth == 1:
                commas += 1
        calls.append((tokens[first].start, tokens[last].start, commas, _mark_key(node)))
    calls.sort()
    comments = [
        (t.start, t.string[1:].strip())
        for t in tokens
        if t.type == tokenize.COMMENT and not any(o < t.start < c for o, c, _, _ in calls)
    ]
    found = []
    pending: list[tuple[int, str]] = []  # Babel's translator_comments
    in_block = False
    events = sorted([(c[0], 0, c) for c in comments] + [(c[0], 1, c) for c in calls])
    for _position, is_call, event in events:
        if not is_call:
            (line, _col), value = event
            if in_block and pending[-1][0] == line - 1:
                pending.append((line, value))
            elif value.startswith(COMMENT_TAG):
                in_block = True
                pending.append((line, value))
            continue
        (line, _col), _end, commas, key = event
        kept = pending and pending[-1][0] + commas >= line - 1
        lines = [
            v[len(COMMENT_TAG) :].strip() if v.startswith(COMMENT_TAG) else v for _, v in pending
        ]
        if key is not None:
            found.append((key, lines if kept else []))
        pending, in_block = [], False
    return found


def comments_in_source(source: Path = SOURCE) -> dict[tuple[str | None, str], list[str]]:
    """(context, message) -> its translators' comments, one per line, as extract writes them
    (`#.` lines) from game/: what the template must hold, found without Babel."""
    found: dict[tuple[str | None, str], list[str]] = {}
    for path in sorted(
        source.rglob("*.py"), key=lambda p: _extraction_order(p.relative_to(source))
    ):
        for key, lines in _comments_in_file(path.read_text(encoding="utf-8")):
            lines = [line for i, line in enumerate(lines) if i == 0 or line != lines[i - 1]]
            # a message met again keeps its comments and adds those it had not (as Catalog)
            found[key] = list(dict.fromkeys([*found[key], *lines])) if key in found else lines
    return found


# ---- Babel's part (a development tool) -------------------------------------------------------


def _babel():
    try:
        import babel  # noqa: F401
    except ImportError:
        sys.exit(
            "messages: Babel is not installed; it is a development tool, not a game "
            "dependency: python -m pip install -r requirements-dev.txt"
        )


def extract() -> Path:
    """Write the template from every mark in game/ (with translators' comments)."""
    _babel()
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    sys.path.insert(0, str(ROOT))
    from game.version import __version__

    catalog = Catalog(
        project="Pixel Mines",
        version=__version__,
        charset="utf-8",
        copyright_holder="The Pixel Mines authors",
        msgid_bugs_address=BUGS,
    )
    found = extract_from_dir(
        str(SOURCE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=[COMMENT_TAG],
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = (Path("game") / filename).as_posix()
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    text = _po_text(catalog, write_po)
    old = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.is_file() else ""
    if _without_date(old) != _without_date(text):  # the date alone is no change
        TEMPLATE.write_text(text, encoding="utf-8")
    return TEMPLATE


def _po_text(catalog, write_po, **options) -> str:
    import io

    out = io.BytesIO()
    # Files without line numbers: a line moved in game/ changes no catalogue (fewer conflicts).
    write_po(out, catalog, width=100, include_lineno=False, **options)
    return out.getvalue().decode("utf-8")


def _without_date(text: str) -> str:
    return re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', "", text)


def init(language: str) -> Path:
    """Start a language's catalogue from the template (its plural rule from Babel's CLDR)."""
    _babel()
    from babel import Locale
    from babel.messages.pofile import read_po as babel_read_po
    from babel.messages.pofile import write_po

    path = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if path.exists():
        sys.exit(f"messages: {path} exists already; run update")
    with TEMPLATE.open("rb") as f:
        catalog = babel_read_po(f, locale=Locale.parse(language))
    catalog.locale = Locale.parse(language)
    catalog.fuzzy = False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_po_text(catalog, write_po), encoding="utf-8")
    return path


def update() -> list[Path]:
    """Merge the template into every catalogue: new messages empty, changed ones fuzzy."""
    _babel()
    from babel.messages.pofile import read_po as babel_read_po
    from babel.messages.pofile import write_po

    with TEMPLATE.open("rb") as f:
        template = babel_read_po(f)
    done = []
    for language, path in catalogues().items():
        with path.open("rb") as f:
            catalog = babel_read_po(f, locale=language)
        catalog.update(template)
        text = _po_text(catalog, write_po, ignore_obsolete=True)
        if _without_date(text) != _without_date(path.read_text(encoding="utf-8")):
            path.write_text(text, encoding="utf-8")
            done.append(path)
    return done


def compile_all() -> list[Path]:
    """Every catalogue's .mo beside its .po (fuzzy translations left out, as msgfmt does)."""
    _babel()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po as babel_read_po

    written = []
    for language, path in catalogues().items():
        with path.open("rb") as f:
            catalog = babel_read_po(f, locale=language)
        with path.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(path.with_suffix(".mo"))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The translations' tools (TRANSLATING.md).")
    parser.add_argument("step", choices=["extract", "init", "update", "compile", "check"])
    parser.add_argument("language", nargs="?", help="init: the new language's code (de, pt_BR)")
    args = parser.parse_args(argv)
    if args.step == "init" and not args.language:
        parser.error("init needs the new language's code, such as de or pt_BR")
    if args.step == "extract":
        print(f"wrote {extract().relative_to(ROOT)}")
    elif args.step == "init":
        print(f"wrote {init(args.language).relative_to(ROOT)}")
    elif args.step == "update":
        for path in update():
            print(f"updated {path.relative_to(ROOT)}")
    elif args.step == "compile":
        for path in compile_all():
            print(f"wrote {path.relative_to(ROOT)}")
    else:
        problems = check()
        for line in problems:
            print(line)
        if problems:
            return 1
        print(f"checked {', '.join(catalogues()) or 'no catalogues'}: all translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
