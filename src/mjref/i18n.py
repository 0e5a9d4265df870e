"""Rendering messages in a language: the adapters' side of translation.

The core returns :class:`~mjref.messages.Message` values (a key and parameters); this
module renders them with the gettext catalogues in ``mjref/locale/<lang>/LC_MESSAGES/
mjref.po``, compiled beside each to ``mjref.mo`` by ``scripts/sync_catalogues.py`` and read
at run time with the standard library's gettext. Every registered key is
translated in Hungarian, Italian, French and Dutch (``tests/test_i18n.py`` fails on a
missing or fuzzy entry); English is the reference text and the fallback of a key a
catalogue lacks, so a message is never lost.

A parameter that is itself a message is rendered in the same language; a tuple is
rendered item by item and joined with ", "; numbers written with a thousands separator
in the template (``{points:,}``) get the language's separators.

>>> from mjref.messages import Message
>>> render(Message("rulings.kind.no-penalty", {}), "it")
'Nessuna penalità.'
>>> render(Message("rulings.deduction.at-once", {"points": 12000}), "it")
'12.000 punti tolti subito dal punteggio del colpevole, senza darli a nessuno.'
>>> render(Message("rulings.kind.no-penalty", {}), "xx")
Traceback (most recent call last):
...
mjref.i18n.LanguageError: unknown language 'xx' (choose one of: en, hu, it, fr, nl)

For JSON, :func:`message_json` gives the key, the parameters made JSON-safe (a nested
message becomes its own ``{"key", "params", "text"}`` object, so a client can show it in
another language too) and the rendered text:

>>> message_json(Message("mcr.false-hu.invalid",
...     {"problem": Message("mcr.finding.no-winning-tile")}), "fr")["params"]["problem"]["key"]
'mcr.finding.no-winning-tile'
"""

from __future__ import annotations

import enum
import gettext
import importlib
import math
import pkgutil
import string
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING

from mjref.errors import InputError, Where
from mjref.messages import (
    LIST_SEPARATOR,
    Message,
    english_template,
    is_registered,
    plural_count,
    plural_key,
    register,
    registered_keys,
)

if TYPE_CHECKING:
    from babel import Locale

LANGUAGES = ("en", "hu", "it", "fr", "nl")
"""Languages mjref renders in; English is the reference and the fallback."""
CATALOGUE_LANGUAGES = LANGUAGES[1:]

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
    """The translated, non-fuzzy entries of ``language``'s catalogue (empty for English),
    read from the compiled ``mjref.mo`` that ``scripts/sync_catalogues.py`` writes beside
    each ``mjref.po`` (reading the ``.po`` with Babel would cost every start in that
    language about 70 ms; ``tests/test_i18n.py`` checks the two agree)."""
    check_language(language)
    if language == "en":
        return MappingProxyType({})
    path = resources.files("mjref").joinpath(f"locale/{language}/LC_MESSAGES/mjref.mo")
    with path.open("rb") as stream:
        compiled = gettext.GNUTranslations(stream)
    # The parsed entries: GNUTranslations keeps them in ``_catalog`` (the header under "").
    entries: dict[str, str] = compiled._catalog  # type: ignore[attr-defined]
    return MappingProxyType({str(k): str(v) for k, v in entries.items() if k and v})


def template(key: str, language: str) -> str:
    """The template of ``key`` in ``language``, English when it is not translated."""
    return catalogue(language).get(key) or english_template(key)


class _Formatter(string.Formatter):
    """``str.format`` with the language's decimal and thousands separators for numbers."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self._language = language
        self._separators: dict[int, str] | None = None

    def _translated(self, text: str) -> str:
        if self._separators is None:  # Babel's number data only when a number needs them
            from babel.numbers import get_decimal_symbol, get_group_symbol

            self._separators = str.maketrans(
                {",": get_group_symbol(self._language), ".": get_decimal_symbol(self._language)}
            )
        return text.translate(self._separators)

    def format_field(self, value: object, format_spec: str) -> str:
        text = format(value, format_spec)
        if (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and ("," in text or "." in text)
        ):
            return self._translated(text)
        return text


@cache
def _formatter(language: str) -> _Formatter:
    return _Formatter(language)


def _param(value: object, language: str) -> object:
    if isinstance(value, Message):
        return render(value, language)
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(str(_param(item, language)) for item in value)
    return value


@cache
def _plural_rule(language: str) -> Locale:
    from babel import Locale  # here, not at the top: start-up time

    return Locale.parse(language)


def message_template(message: Message, language: str) -> str:
    """The template ``message`` renders with in ``language``: the plural form its ``count``
    calls for by the language's CLDR rules, where the key has that form, else the key's own."""
    count = plural_count(message.params)
    if count is not None:
        check_language(language)
        variant = plural_key(message.key, _plural_rule(language).plural_form(count))
        if is_registered(variant):
            return template(variant, language)
    return template(message.key, language)


def render(message: Message, language: str = "en") -> str:
    """``message`` in ``language`` (English fallback per key), nested messages included;
    a ``count`` parameter chooses the plural form (:func:`message_template`)."""
    params = {name: _param(value, language) for name, value in message.params.items()}
    text = message_template(message, language)
    if language == "en":
        return text.format(**params)
    return _formatter(language).vformat(text, (), params)


def format_number(value: Fraction | int | None, language: str = "en") -> str:
    """A figure for people in ``language``: the language's thousands and decimal
    separators (Babel), exact as :func:`mjref.tournament.numbers.format_exact` writes it -
    a terminating fraction in full (``1.5`` is ``1,5`` in French), any other as a whole
    part and a fraction (``-2 1/3``) - and empty for ``None``.

    >>> format_number(45000, "en"), format_number(Fraction(-12300), "it")
    ('45,000', '-12.300')
    >>> format_number(Fraction(31, 2), "fr"), format_number(Fraction(-7, 3), "nl")
    ('15,5', '-2 1/3')
    """
    if value is None:
        return ""
    from babel.numbers import format_decimal  # here, not at the top: start-up time

    from mjref.tournament.numbers import terminating

    check_language(language)
    exact = Fraction(value)
    if terminating(exact):
        decimal = Decimal(exact.numerator) / Decimal(exact.denominator)
        return str(format_decimal(decimal, locale=language, decimal_quantization=False))
    sign = "-" if exact < 0 else ""
    whole, part = divmod(abs(exact.numerator), exact.denominator)
    fraction = f"{part}/{exact.denominator}"
    if not whole:
        return f"{sign}{fraction}"
    return f"{sign}{format_decimal(whole, locale=language)} {fraction}"


def render_where(where: Where, language: str = "en") -> str | None:
    """Where an input error is, in ``language`` (a name as written stays as it is)."""
    return render(where, language) if isinstance(where, Message) else where


def render_error(error: InputError, language: str = "en") -> str:
    """An input error as one line in ``language``: ``where: what`` (or just ``what``)."""
    if error.where is None or error.where == "":
        return render(error.message, language)
    return render(Message("where.at", {"where": error.where, "problem": error.message}), language)


def json_param(value: object, language: str = "en") -> object:
    """A message parameter as a JSON value: a nested message as its own
    ``{"key", "params", "text"}`` object, a tuple as a list, an enum as its value, a
    non-finite float or any other object as its text."""
    if isinstance(value, Message):
        return message_json(value, language)
    if isinstance(value, tuple | list):
        return [json_param(item, language) for item in value]
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, enum.Enum):
        return json_param(value.value, language)
    return str(value)


def message_json(message: Message, language: str = "en") -> dict[str, object]:
    """``{"key", "params", "text"}`` for JSON output: the stable key, the parameters made
    JSON-safe by :func:`json_param` and the text rendered in ``language``."""
    return {
        "key": message.key,
        "params": {name: json_param(value, language) for name, value in message.params.items()},
        "text": render(message, language),
    }


def is_translated(key: str, language: str) -> bool:
    return language == "en" or key in catalogue(language)


def all_message_keys() -> tuple[str, ...]:
    """Every message key mjref can show: imports every module of the package (each
    registers its wording at import) and loads the rulesets (which register the clause
    texts). For the catalogue script and the completeness test, not for rendering."""
    import mjref
    from mjref.rules import rulesets

    for module in pkgutil.walk_packages(mjref.__path__, "mjref."):
        if module.name != "mjref.__main__":
            importlib.import_module(module.name)
    list(rulesets().values())  # every data file read (each registers its texts)
    return tuple(registered_keys())
