"""NEWS.md read as releases: the one place a release's items are written. tools/desktop_files.py
makes the metainfo's <releases> from it and tools/manpage.py dates the man page by it.

The form: a `## VERSION — YYYY-MM-DD` heading a release, newest first, each followed by its
items, one `- ` line each (a long item goes on over lines indented by two spaces). Anything
else under a heading is refused with its line number, so a mistyped item is never dropped
from the metainfo without a word.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NEWS = ROOT / "NEWS.md"
HEADING = re.compile(r"## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})")


class NewsError(ValueError):
    """NEWS.md is not in the form above; the message names the line."""


@dataclass(frozen=True)
class Release:
    version: str
    date: str  # ISO 8601, as AppStream writes it
    items: tuple[str, ...]  # plain text, each on one line


def read_news(path: Path = NEWS) -> list[Release]:
    """The releases NEWS.md lists, newest first (as written: the order is checked)."""
    releases: list[Release] = []
    heading: tuple[str, str] | None = None
    items: list[str] = []

    def finish() -> None:
        if heading is not None:
            if not items:
                raise NewsError(f"{path.name}: {heading[0]} has no items")
            releases.append(Release(*heading, tuple(items)))

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{number}"
        if line.startswith("## "):
            finish()
            heading, items = _heading(line, where), []
        elif heading is None or not line.strip():
            continue  # the title and the words before the first release; blank lines
        elif line.startswith("- "):
            items.append(" ".join(line[2:].split()))
        elif line.startswith("  ") and items:
            items[-1] += " " + " ".join(line.split())
        else:
            raise NewsError(f"{where}: under a release, only '- ' items (and their indented lines)")
    finish()
    _check_order(releases, path)
    return releases


def _heading(line: str, where: str) -> tuple[str, str]:
    found = HEADING.fullmatch(line.rstrip())
    if found is None:
        raise NewsError(f"{where}: a release's heading is '## 1.2.3 — YYYY-MM-DD', not {line!r}")
    try:
        date.fromisoformat(found[2])
    except ValueError:
        raise NewsError(f"{where}: {found[2]} is not a date") from None
    return found[1], found[2]


def _check_order(releases: list[Release], path: Path) -> None:
    if not releases:
        raise NewsError(f"{path.name}: no release ('## 1.2.3 — YYYY-MM-DD')")
    versions = [tuple(int(n) for n in r.version.split(".")) for r in releases]
    dates = [r.date for r in releases]
    newest_first = all(a > b for a, b in itertools.pairwise(versions))
    if not newest_first or dates != sorted(dates, reverse=True):
        raise NewsError(f"{path.name}: releases go newest first, each version once")
