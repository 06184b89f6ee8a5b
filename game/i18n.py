"""The player's language: gettext's catalogues of the domain `pixel-mines`, shipped in the
package (`locale/<lang>/LC_MESSAGES/pixel-mines.mo`), English (the source strings) where none fits.

Words are looked up when they are shown, never when a module is imported: a string built at
import time is marked with `N_` and given to `_` where it is used (docs/TRANSLATING.md), so
`install` can switch the language while the game runs. Standard library only, and no pygame
(a catalogue is read by the store's capped reader, imported as it is needed).

A catalogue is a file a player can break: one that cannot be used (not a regular file, too
big, unreadable, not a catalogue, a header gettext cannot read) leaves the game in English with
one line on stderr, and a message whose translation does not keep its English placeholders is
shown in English alone, so nothing shown can fail where it is filled in.
"""

from __future__ import annotations

import argparse
import gettext
import io
import os
import re
import struct
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .resources import locale_dir

DOMAIN = "pixel-mines"
ENGLISH = "en"  # the source strings: always there, never a catalogue
# gettext's order: the first of these that is set decides, and LANGUAGE may list several.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# What --language and the setting take: a language (2 or 3 letters), a region, a modifier
# (de, pt_BR, sr@latin); gettext's own spellings of the environment (de_DE.UTF-8) are read too.
_CODE = re.compile(r"[a-z]{2,3}(?:_(?:[A-Z]{2}|[0-9]{3}))?(?:@[a-z]{1,8})?")
_C_LOCALES = ("C", "POSIX")
# A compiled catalogue of all the game's messages is about 70 KB (game/locale/*/LC_MESSAGES);
# 4 MiB leaves room for several times the messages in any script, and stops what is no
# catalogue (a disk image, a link to /dev/zero) before it fills the memory.
MAX_CATALOGUE_BYTES = 4 * 1024 * 1024
# A plural rule is tried on these counts as its catalogue is loaded: one that divides by zero
# would otherwise fail later, in the middle of a screen ("plural=n%0").
_PLURAL_TRIES = range(1000)
# A %-placeholder as Python's % operator reads it: %(name)s, %d, %r, %5.1f ... (as
# tools/messages.py reads them for its check).
PLACEHOLDER = re.compile(
    r"%(?:\((\w+)\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?([diouxXeEfFgGcrsa%])"
)
# The check compares conversions by the values they take, so that a translation may write a
# value as its language does (« %(command)s » for 'Unknown command %(command)r'): s, r and a
# take anything; d, i, u, e, f and g any number; o, x and X whole numbers; c a character.
_KIND = {
    **dict.fromkeys("sra", "text"),
    **dict.fromkeys("diueEfFgG", "number"),
    **dict.fromkeys("oxX", "whole number"),
    "c": "character",
    "%": "%",
}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def _(message: str) -> str:
    """The message in the language in use."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message with a number that the language uses for n ("1 game", "2 games")."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short message that means different things in different places, told apart by context."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """Marks a message for the template where it is written (at import time); `_` translates
    it where it is shown."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 (as N_)
    """N_ for a message with a context: marks it where it is written, and gives the pair to
    `pgettext(*pair)` where it is shown."""
    return context, message


# argparse's own words, as Lib/argparse.py writes them (with its positional placeholders),
# listed so that extraction puts them in the template; only those our command line can show.
ARGPARSE_WORDS = (
    # Translators: argparse's heading of --help; the command line follows it.
    N_("usage: "),
    # Translators: argparse's heading of the list of options in --help.
    N_("options"),
    N_("show this help message and exit"),
    # Translators: argparse: an option given a bad value. argument_name is the option.
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    # Translators: argparse: value is what was typed, choices the words it takes.
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # Translators: argparse: %s is what it did not recognise, as typed.
    N_("unrecognized arguments: %s"),
)
# argparse says "ignored explicit argument" of an option that takes no value, though it
# ignores nothing (the run stops): our words instead.
_ARGPARSE_REWORDED = {
    # Translators: an option that takes no value was given one (--text=1); %r is the value.
    "ignored explicit argument %r": N_("takes no value (got %r)"),
}


class LanguageError(ValueError):
    """A language asked for (--language) that is not a code or has no catalogue."""


def is_code(text: str) -> bool:
    """Whether `text` is written as a language code the setting keeps (de, pt_BR, sr@latin)."""
    return bool(_CODE.fullmatch(text))


def available() -> list[str]:
    """The languages the game speaks: English and every shipped catalogue, sorted. The folder
    is read once (the Options dialog asks as it opens, in a frame)."""
    return list(_shipped(str(locale_dir())))


@cache
def _shipped(folder: str) -> tuple[str, ...]:
    found = {p.parents[1].name for p in Path(folder).glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return tuple(sorted(found | {ENGLISH}))


def _is_english(language: str) -> bool:
    return language.split(".")[0] in _C_LOCALES or re.split(r"[_.@]", language)[0] == ENGLISH


def _match(language: str) -> str | None:
    """The language of the catalogue that serves `language` (English included), or None."""
    if _is_english(language):
        return ENGLISH
    # the catalogue gettext finds for the language as the environment spells it (de_DE.UTF-8
    # finds de), or None
    found = gettext.find(DOMAIN, str(locale_dir()), languages=[language])
    return None if found is None else os.path.basename(os.path.dirname(os.path.dirname(found)))


def from_environment(environ: Mapping[str, str] | None = None) -> list[str]:
    """The languages the environment asks for, in gettext's order: the first variable of
    ENVIRONMENT that is set (LANGUAGE may list several, separated by colons)."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name)
        if value:
            return [v for v in value.split(":") if v]
    return []


def check_code(text: str) -> str:
    """A language asked for by the player, as the code of its catalogue; LanguageError with
    a line for the player if it is not a code or the game does not speak it."""
    base, at, modifier = text.replace("-", "_").partition("@")
    head, sep, region = base.partition("_")
    code = head.lower() + sep + region.upper() + at + modifier.lower()
    if not is_code(code):
        raise LanguageError(
            _("%(value)r is not a language code (such as de, fr or pt_BR)") % {"value": text[:40]}
        )
    found = _match(code)
    if found is None:
        raise LanguageError(
            _("there is no translation into %(value)s; the languages are: %(languages)s")
            % {"value": code, "languages": ", ".join(available())}
        )
    return found


def choose(
    requested: str | None = None, remembered: str = "", environ: Mapping[str, str] | None = None
) -> str:
    """The language to use: `requested` (--language, already checked), else the remembered
    setting, else the environment's first language with a catalogue (stopping at English, C
    or POSIX), else English. A remembered language no longer shipped gives way."""
    if requested:
        return requested
    if remembered:
        found = _match(remembered) if is_code(remembered) else None
        if found is not None:
            return found
    for language in from_environment(environ):
        found = _match(language)
        if found is not None:
            return found
    return ENGLISH


def install(language: str) -> None:
    """Speak `language` from now on (English if it has no catalogue, or none that can be
    used): this module's `_`, `ngettext` and `pgettext`, and argparse's own words. The window
    redraws after a switch."""
    global _translation, _language
    translation = None if _is_english(language) else _catalogues(language)
    if translation is None:
        translation, language = gettext.NullTranslations(), ENGLISH
    _translation, _language = translation, language
    # argparse looks its words up through gettext's module functions, which it bound when it
    # was imported (`from gettext import gettext as _, ngettext`); gettext's global domain
    # would take its language from the environment alone, never from --language or the
    # setting. So those two names are pointed at the catalogue in use.
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def _catalogues(language: str) -> gettext.GNUTranslations | None:
    """The catalogues gettext finds for `language` (de_AT, then de), each falling back on the
    next, as `gettext.translation` chains them; those that cannot be used left out."""
    found = None
    for path in gettext.find(DOMAIN, str(locale_dir()), languages=[language], all=True):
        catalogue = _load(path)
        if catalogue is None:
            continue
        if found is None:
            found = catalogue
        else:
            found.add_fallback(catalogue)
    return found


def _load(path: str) -> _Catalogue | None:
    """The catalogue in the file `path`, or None when it cannot be used: said in one line."""
    # Imported here: the store imports this module. read_capped opens no FIFO or device, and
    # reads no more than the cap; its refusals are said after the file's name.
    from .store.files import FileRefused, read_capped

    try:
        data = read_capped(Path(path), MAX_CATALOGUE_BYTES)
        catalogue = _Catalogue(io.BytesIO(data))
        for count in _PLURAL_TRIES:
            catalogue.plural(count)
    except FileRefused as e:
        why = str(e)
    except OSError as e:  # unreadable; gettext's "Bad magic number", "File is corrupt"
        why = e.strerror or str(e)
    except struct.error:  # gettext reads the tables past the end of a file cut short
        why = "the file is cut short"
    except IndexError:  # gettext splits "charset=" and "plural=" out of the header
        why = "its header has a Content-Type without a charset or Plural-Forms without a rule"
    # LookupError: an unknown charset; ValueError: a plural rule gettext cannot read, or text
    # not in its charset; ArithmeticError: a plural rule that fails on a count.
    except (LookupError, ValueError, ArithmeticError) as e:
        why = str(e)
    else:
        unfit = catalogue.leave_out_unfit(data)  # outside the try: an error here is ours
        if unfit:
            more = f" and {len(unfit) - 1} more" if len(unfit) > 1 else ""
            _say(
                f"{path}: translations that do not keep the placeholders of their English are "
                f"shown in English: {unfit[0]!r}{more}"
            )
        return catalogue
    _say(f"{path}: the translation cannot be used ({why}); the game speaks English")
    return None


_said: set[str] = set()
_unshown: list[str] = []  # lines the window has yet to show (`take_unshown`)


def _say(line: str) -> None:
    """A line about a catalogue for the player on stderr, once a process (the start installs
    the language twice when --language names it), and for the window each time the language
    is chosen. English: the catalogue is what failed. Not in a worker process
    (game/worker.py), which installs the language its asker speaks: the asker has said it."""
    worker = sys.modules.get(f"{__package__}.worker")  # loaded in a worker, maybe not here
    if worker is not None and worker.in_worker:
        return
    if line not in _unshown:
        _unshown.append(line)
    if line in _said:
        return
    _said.add(line)
    from .store.history import to_stderr  # here: the store imports this module

    to_stderr(line)


def catalogue() -> gettext.NullTranslations:
    """The translation in use: a new one at each `install`, so what was made from the words
    of one (the help's rows) can tell it is not the one in use any more, whatever its code."""
    return _translation


def has_unshown() -> bool:
    return bool(_unshown)


def take_unshown() -> list[str]:
    """The lines about catalogues that could not be used said since last asked: the window
    shows them in a dialog (the terminal has had them on stderr)."""
    taken = list(_unshown)
    _unshown.clear()
    return taken


class _Catalogue(gettext.GNUTranslations):
    """A compiled catalogue (.mo) that can leave out its messages that cannot be filled in as
    their English is, so that those alone are shown in English."""

    unfit: list[str]  # the English of those left out, in the catalogue's order

    def leave_out_unfit(self, data: bytes) -> list[str]:
        """Leave out what does not `fit` its English (`data`: the file this was read from);
        `unfit`."""
        plurals = _plural_ids(data, self._charset or "ascii")  # gettext's own default
        self.unfit = _leave_out_unfit(self._catalog, plurals)
        return self.unfit


def _plural_ids(data: bytes, charset: str) -> dict[str, str]:
    """{singular: plural} of a catalogue's plural messages, from its table of originals:
    gettext keeps the singular alone (in the key of each form), and the forms are checked
    against both. The table was read whole by gettext's parse already."""
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == gettext.GNUTranslations.LE_MAGIC else ">"
    count, originals = struct.unpack(order + "4I", data[4:20])[1:3]
    found = {}
    for at in range(originals, originals + 8 * count, 8):
        length, offset = struct.unpack_from(order + "2I", data, at)
        singular, nul, plural = data[offset : offset + length].partition(b"\0")
        if nul:
            found[str(singular, charset)] = str(plural, charset)
    return found


def _leave_out_unfit(catalog: dict, plurals: Mapping[str, str]) -> list[str]:
    """Take the messages that do not `fit` their English out of gettext's `catalog` (a
    plural message with all its forms); their English, in the catalogue's order."""
    unfit = []
    forms: dict[str, list[str]] = {}
    for key, text in catalog.items():
        if isinstance(key, tuple):  # (singular, form): one form of a plural message
            forms.setdefault(key[0], []).append(text)
        elif key and not fits(text, _english(key)):  # "": the header
            unfit.append(key)
    for key in unfit:
        del catalog[key]
    for singular, texts in forms.items():
        english = (_english(singular), plurals[singular])
        if not all(fits(text, *english) for text in texts):
            unfit.append(singular)
            for form in range(len(texts)):
                del catalog[(singular, form)]
    return [_english(key) for key in unfit]


def _english(key: str) -> str:
    """The English of a catalogue's key: a message with a context is keyed "context\x04text"."""
    context, separator, text = key.partition("\x04")
    return text if separator else context


def placeholders(text: str) -> tuple[frozenset[tuple[str, str]], tuple[str, ...]]:
    """The placeholders of a message as the % operator reads them: its named ones as (name,
    kind of conversion), and the kinds of its unnamed ones in order (`%%` is neither)."""
    named, unnamed = set(), []
    for name, conversion in PLACEHOLDER.findall(text):
        kind = _KIND[conversion]
        if kind == "%":
            continue
        if name:
            named.add((name, kind))
        else:
            unnamed.append(kind)
    return frozenset(named), tuple(unnamed)


def fits(translation: str, *english: str) -> bool:
    """Whether `translation` can be shown where its English is: a message with a % in it is
    filled in with the % operator, so its translation keeps the same placeholders (named ones
    by name and conversion, unnamed ones in order) and fills in as the English does. A form
    of a plural message may fit either English form ("one mine", "%(count)d mines")."""
    if not any("%" in text for text in english):
        return True  # shown as it is: a % in the translation is a sign
    found = placeholders(translation)
    for text in english:
        wanted = placeholders(text)
        values = _values_for(*wanted)
        # an English that these plain values cannot fill (a * width) is judged by its names
        if found == wanted and (_fills(translation, values) or not _fills(text, values)):
            return True
    return False


def _values_for(named: frozenset[tuple[str, str]], unnamed: tuple[str, ...]) -> object:
    """What a message with these placeholders is filled with: a mapping for named ones, a
    tuple for unnamed ones, and a mapping when there are none ("100%%" % {})."""
    if named or not unnamed:
        return {name: 1 for name, _ in named}
    return tuple(1 for _ in unnamed)


def _fills(text: str, values: object) -> bool:
    """Whether the % operator fills `text` with `values` (1 is a number and a text to it)."""
    try:
        text % values
    except (ValueError, TypeError, KeyError):
        return False
    return True


def _argparse_gettext(message: str) -> str:
    return _translation.gettext(_ARGPARSE_REWORDED.get(message, message))


def language() -> str:
    """The language in use: the code of its catalogue, or "en"."""
    return _language


# Numbers and dates as the language writes them. System locales are often missing, so the
# conventions travel in each catalogue, as messages with a context that translators fill in
# (docs/TRANSLATING.md); English's are the source strings themselves.
# Translators: the sign between a number's whole part and its decimals (German ",").
_DECIMAL = NP_("decimal separator", ".")
# Translators: the sign between groups of three digits (German ".", French a no-break space
# U+00A0); empty for none.
_GROUPS = NP_("thousands separator", ",")
# Translators: a date with numbers only; keep the three placeholders (German
# "%(day)s.%(month)s.%(year)s", French "%(day)s/%(month)s/%(year)s").
_DATE = NP_("date pattern", "%(year)s-%(month)s-%(day)s")


def number(value: float, places: int = 0) -> str:
    """`value` with `places` decimals, its digits grouped, in the language's signs: 1,234.56
    in English, 1.234,56 in German. For what a player reads; files keep Python's own."""
    text = f"{value:,.{places}f}"
    point, groups = pgettext(*_DECIMAL), pgettext(*_GROUPS)
    return text.replace(",", "\0").replace(".", point).replace("\0", groups)


def date(day: object) -> str:
    """A date (a `datetime.date`, or an ISO text such as 2026-12-01 or 2026-12-01T20:35:00)
    written as the language writes dates; a text that is not a date is given back as it is."""
    text = str(day)
    year, month, rest = text[:4], text[5:7], text[8:10]
    if not (len(text) >= 10 and text[4] == text[7] == "-" and (year + month + rest).isdigit()):
        return text
    return pgettext(*_DATE) % {"year": year, "month": month, "day": rest}
