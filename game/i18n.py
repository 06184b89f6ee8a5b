"""The player's language: gettext's catalogues of the domain `pixel-mines`, shipped in the
package (`locale/<lang>/LC_MESSAGES/pixel-mines.mo`), English (the source strings) where none fits.

Words are looked up when they are shown, never when a module is imported: a string built at
import time is marked with `N_` and given to `_` where it is used (docs/TRANSLATING.md), so
`install` can switch the language while the game runs. Standard library only, and no pygame.
"""

from __future__ import annotations

import argparse
import gettext
import os
import re
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


def catalogue_path(language: str) -> str | None:
    """The catalogue gettext finds for a language as the environment spells it (de_DE.UTF-8
    finds de), or None."""
    return gettext.find(DOMAIN, str(locale_dir()), languages=[language])


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
    found = catalogue_path(language)
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


def choose(requested: str | None = None, remembered: str = "",
           environ: Mapping[str, str] | None = None) -> str:  # fmt: skip
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
    """Speak `language` from now on (English if it has no catalogue): this module's `_`,
    `ngettext` and `pgettext`, and argparse's own words. The window redraws after a switch."""
    global _translation, _language
    if _is_english(language):
        translation: gettext.NullTranslations = gettext.NullTranslations()
        language = ENGLISH
    else:
        translation = gettext.translation(DOMAIN, str(locale_dir()), languages=[language],
                                          fallback=True)  # fmt: skip
        if type(translation) is gettext.NullTranslations:
            language = ENGLISH
    _translation, _language = translation, language
    # argparse looks its words up through gettext's module functions, which it bound when it
    # was imported (`from gettext import gettext as _, ngettext`); gettext's global domain
    # would take its language from the environment alone, never from --language or the
    # setting. So those two names are pointed at the catalogue in use.
    argparse._ = _argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


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
