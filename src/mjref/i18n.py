"""Rendering messages in a language: the adapters' side of translation.

The core returns :class:`~mjref.messages.Message` values (a key and parameters); this
module renders them with the gettext catalogues in ``mjref/locale/<lang>/LC_MESSAGES/
mjref.po``, read at run time with Babel (no compile step). A key a catalogue does not
translate (or marks fuzzy) falls back to the English reference text, so a message is
never lost. English, Hungarian, Italian, French and Dutch cover everything the MCR
rulesets say; riichi is English.

>>> from mjref.messages import Message
>>> render(Message("rulings.kind.no-penalty", {}), "it")
'Nessuna penalità.'
>>> render(Message("rulings.kind.no-penalty", {}), "xx")
Traceback (most recent call last):
...
mjref.i18n.LanguageError: unknown language 'xx' (choose one of: en, hu, it, fr, nl)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from babel.messages.pofile import read_po

from mjref.errors import InputError
from mjref.messages import Message, english_template, register

LANGUAGES = ("en", "hu", "it", "fr", "nl")
"""Languages mjref renders in; English is the reference and the fallback."""
CATALOGUE_LANGUAGES = LANGUAGES[1:]
TRANSLATED_PREFIXES = (
    "rulings.",
    "rules.",
    "clause.mers-",
    "clause.ema-",
    "i18n.",
    "json.",
    "cli.",
    "hand.",
    "io.",
    "players.",
    "notation.too-long",
    "riichi.finding.above-limit",
)
"""Keys the catalogues carry (riichi clause texts, ``clause.rcr-*``, stay English)."""

register({"i18n.unknown-language": "unknown language {language!r} (choose one of: {known})"})


class LanguageError(InputError):
    """A language mjref has no catalogue for."""


def check_language(language: str) -> str:
    """``language`` if mjref renders in it; a :class:`LanguageError` otherwise."""
    if language not in LANGUAGES:
        raise LanguageError(
            Message("i18n.unknown-language", {"language": language, "known": ", ".join(LANGUAGES)})
        )
    return language


@cache
def catalogue(language: str) -> Mapping[str, str]:
    """The translated, non-fuzzy entries of ``language``'s catalogue (empty for English)."""
    check_language(language)
    if language == "en":
        return MappingProxyType({})
    path = resources.files("mjref").joinpath(f"locale/{language}/LC_MESSAGES/mjref.po")
    with path.open("rb") as stream:
        po = read_po(stream, locale=language)
    return MappingProxyType(
        {str(m.id): str(m.string) for m in po if m.id and m.string and not m.fuzzy}
    )


def template(key: str, language: str) -> str:
    """The template of ``key`` in ``language``, English when it is not translated."""
    return catalogue(language).get(key) or english_template(key)


def render(message: Message, language: str = "en") -> str:
    """``message`` in ``language`` (English fallback per key); a parameter that is itself a
    message is rendered in the same language."""
    params = {
        k: render(v, language) if isinstance(v, Message) else v for k, v in message.params.items()
    }
    return template(message.key, language).format(**params)


def is_translated(key: str, language: str) -> bool:
    return language == "en" or key in catalogue(language)
