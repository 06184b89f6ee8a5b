"""Write every language's translations into the shipped desktop entry and AppStream metainfo,
and the metainfo's releases from NEWS.md:

    python tools/desktop_files.py           # rewrite assets/desktop/* (committed)
    python tools/desktop_files.py --check   # exit 1, naming the file, if either is out of date

This does what `msgfmt --desktop` and `msgfmt --xml` do for projects whose catalogues gettext's
tools make, for ours, which Babel makes and which has no such step (docs/TRANSLATING.md). The
English in the two files is the source: each text a catalogue translates must be marked in
game/ (game/desktop_text.py), so `tools/messages.py extract` gives it to translators; an English
text not marked there stops the tool. Every language with a catalogue in game/locale/ is
written, with each message it has translated (not fuzzy), in the order of their codes; the
translations written before are dropped first, so running it twice changes nothing.

Standard library only: the tests run it to see that the committed files are up to date.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the tools beside this one

import messages  # noqa: E402  (tools/messages.py)
from news import NewsError, Release, read_news  # noqa: E402  (tools/news.py)

ROOT = HERE.parent
APP_ID = "io.github.pixelmines.PixelMines"
DESKTOP = ROOT / "assets" / "desktop"
ENTRY = DESKTOP / f"{APP_ID}.desktop"
METAINFO = DESKTOP / f"{APP_ID}.metainfo.xml"
# The desktop entry's keys a catalogue translates (those msgfmt --desktop translates).
ENTRY_KEYS = ("Name", "GenericName", "Comment", "Keywords")
LIST_KEYS = ("Keywords",)  # values that are lists, each item ended by ";"
# The texts marked with a context (game/desktop_text.py): the application's name.
CONTEXTS = {"Name": "application name", "name": "application name"}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

Key = tuple[str | None, str]  # (context, English), as a catalogue keys a message
Catalogues = dict[str, dict[Key, str]]  # language code -> its translations


class NotMarked(ValueError):
    """An English text of the desktop files is not marked in game/: no catalogue can hold it."""


# ---- the catalogues ---------------------------------------------------------------------------


def load_catalogues(locale: Path = messages.LOCALE) -> Catalogues:
    """Each language's translated messages (not fuzzy, not empty, not plural), by its code."""
    found = {}
    for language, po in messages.catalogues(locale).items():
        found[language] = {
            e.key: e.strings[0]
            for e in messages.read_po(po)
            if e.id and e.plural is None and "fuzzy" not in e.flags and e.strings[0]
        }
    return found


class Translator:
    """Looks the English texts up: each must be marked in game/ (`marked`), and each
    language's translation is given where its catalogue has one."""

    def __init__(self, catalogues: Catalogues, marked: set[Key]) -> None:
        self.catalogues = catalogues
        self.marked = marked

    def of(self, english: str, context: str | None = None) -> list[tuple[str, str]]:
        """(language, translation) of `english`, in the order of the languages' codes."""
        if (context, english) not in self.marked:
            where = f"NP_({context!r}, ...)" if context else "N_(...)"
            raise NotMarked(
                f"{english!r} is not marked in game/: add it to game/desktop_text.py as "
                f"{where}, then run python tools/messages.py extract and update"
            )
        found = []
        for language in sorted(self.catalogues):
            text = self.catalogues[language].get((context, english))
            if text is not None:
                found.append((language, text))
        return found


# ---- the desktop entry ------------------------------------------------------------------------


def _escape(value: str) -> str:
    """A string value as the desktop entry spec writes it."""
    for raw, escaped in (("\\", "\\\\"), ("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r")):
        value = value.replace(raw, escaped)
    return value


def _unescape(value: str) -> str:
    table = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] in table:
            out.append(table[value[i + 1]])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def as_list(text: str) -> str:
    """A list value as the spec writes it: items without blanks round them, each ended by ;."""
    return "".join(f"{item.strip()};" for item in text.split(";") if item.strip())


def desktop_entry(text: str, translator: Translator) -> str:
    """The entry `text` with its translated keys written anew after each English one."""
    out = []
    for line in text.splitlines():
        key, equals, value = line.partition("=")
        name, bracket, _locale = key.partition("[")
        if equals and bracket and name in ENTRY_KEYS:
            continue  # a translation written before
        out.append(line)
        if not equals or name not in ENTRY_KEYS:
            continue
        for language, translation in translator.of(_unescape(value), CONTEXTS.get(name)):
            if name in LIST_KEYS:
                translation = as_list(translation)
            out.append(f"{name}[{language}]={_escape(translation.strip())}")
    return "\n".join(out) + "\n"


# ---- the metainfo -----------------------------------------------------------------------------


def _plain(text: str | None) -> str:
    """An element's text as msgfmt --xml reads it: blanks and line breaks made single spaces."""
    return " ".join((text or "").split())


def _add_after(parent: ET.Element, element: ET.Element, translator: Translator) -> None:
    """Put each language's copy of `element` (a text, no children) right after it."""
    at = list(parent).index(element)
    element.text = _plain(element.text)
    for language, translation in reversed(translator.of(element.text, CONTEXTS.get(element.tag))):
        copy = ET.Element(element.tag, {**element.attrib, XML_LANG: language})
        copy.text = _plain(translation)
        parent.insert(at + 1, copy)


def _translate_keywords(keywords: ET.Element, translator: Translator) -> None:
    """The keywords are one message, the desktop entry's Keywords (their list): each
    language's list is written as its own keywords after the English ones."""
    english = [k for k in keywords if XML_LANG not in k.attrib]
    for keyword in english:
        keyword.text = _plain(keyword.text)
    listed = as_list(";".join(k.text for k in english))
    for language, translation in translator.of(listed):
        for word in as_list(translation).split(";")[:-1]:
            ET.SubElement(keywords, "keyword", {XML_LANG: language}).text = word


def _drop_translations(root: ET.Element) -> None:
    for parent in root.iter():
        for child in [c for c in parent if XML_LANG in c.attrib]:
            parent.remove(child)


def _texts(root: ET.Element) -> Iterable[tuple[ET.Element, ET.Element]]:
    """(parent, element) of each text a catalogue translates, but the keywords: the name, the
    summary, the description's paragraphs and list items, the screenshots' captions. Found
    before any is translated (the walk must not meet the copies it adds)."""
    found = [(root, e) for e in root if e.tag in ("name", "summary")]
    for description in root.findall("description"):
        found += [(description, p) for p in description.findall("p")]
        for listing in [*description.findall("ul"), *description.findall("ol")]:
            found += [(listing, item) for item in listing.findall("li")]
    for screenshot in root.iter("screenshot"):
        found += [(screenshot, c) for c in screenshot.findall("caption")]
    return found


def releases_element(releases: list[Release]) -> ET.Element:
    """<releases> from NEWS.md: one item a paragraph, several a list."""
    element = ET.Element("releases")
    for release in releases:
        entry = ET.SubElement(element, "release", {"version": release.version})
        entry.set("date", release.date)
        description = ET.SubElement(entry, "description")
        if len(release.items) == 1:
            ET.SubElement(description, "p").text = _plain_news(release.items[0])
            continue
        listing = ET.SubElement(description, "ul")
        for item in release.items:
            ET.SubElement(listing, "li").text = _plain_news(item)
    return element


def _plain_news(item: str) -> str:
    """A NEWS.md item as plain text: Markdown's code marks left out."""
    return item.replace("`", "")


def metainfo(text: str, translator: Translator, releases: list[Release]) -> str:
    """The metainfo `text` with its translations written anew after each English text, and
    its <releases> made from `releases`."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.fromstring(text, parser=parser)
    _drop_translations(root)
    for parent, element in _texts(root):
        _add_after(parent, element, translator)
    for keywords in root.findall("keywords"):
        _translate_keywords(keywords, translator)
    new = releases_element(releases)
    old = root.find("releases")
    if old is None:
        root.append(new)
    else:
        root.insert(list(root).index(old), new)
        root.remove(old)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


# ---- the command ------------------------------------------------------------------------------


def made(translator: Translator | None = None) -> dict[Path, str]:
    """Each shipped file as this tool writes it from the files, the catalogues and NEWS.md."""
    if translator is None:
        translator = Translator(load_catalogues(), messages.marked_in_source())
    makers: dict[Path, Callable[[str], str]] = {
        ENTRY: lambda text: desktop_entry(text, translator),
        METAINFO: lambda text: metainfo(text, translator, read_news()),
    }
    return {path: make(path.read_text(encoding="utf-8")) for path, make in makers.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    args = parser.parse_args(argv)
    try:
        files = made()
    except (NotMarked, NewsError) as e:
        print(f"desktop_files: {e}", file=sys.stderr)
        return 2
    stale = [path for path, text in files.items() if path.read_text(encoding="utf-8") != text]
    for path in stale:
        where = path.relative_to(ROOT)
        if args.check:
            print(f"{where} is out of date: run python tools/desktop_files.py")
        else:
            path.write_text(files[path], encoding="utf-8")
            print(f"wrote {where}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
