"""User-facing messages as a key plus parameters.

The core never renders text for people in a particular language: it returns a
:class:`Message` (a stable key and its parameters). Each core package registers
the English wording of its keys once, at import; English is the reference text and
the fallback of every translation. Adapters render other languages from gettext
catalogues keyed by the same keys (:func:`mjref.i18n.render`).

A parameter is a plain value (``str``, ``int``, ``float``, ``bool`` or ``None``), a nested
:class:`Message` (rendered in the same language as the message around it) or a tuple of
those (rendered one by one and joined with ", "). Text that people read in their own
language is never a ``str`` parameter: it is a nested message. ``str`` parameters are
names and notation (a tile, a fact, a clause id, a ruleset), shown as they are.

>>> register({"example.greeting": "hello {name}", "example.wrapped": "{inner}!"})
>>> Message("example.greeting", {"name": "referee"}).english()
'hello referee'
>>> Message("example.wrapped", {"inner": Message("example.greeting", {"name": "all"})}).english()
'hello all!'

A message with a ``count`` parameter may have plural forms: the template registered under
the key is the general ('other') form, and ``key[one]`` (or another CLDR plural category)
the form for counts of that category. English uses ``[one]`` for a count of exactly 1; the
renderer (:func:`mjref.i18n.render`) picks each language's category by its own rules
(French uses the singular for 1.5, Hungarian a singular noun after every number).

>>> import mjref.rulings  # registers the rulings' wording, among it rulings.quantity.minutes
>>> [Message("rulings.quantity.minutes", {"count": n}).english() for n in (1, 2, 10.5)]
['1 minute', '2 minutes', '10.5 minutes']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

_ENGLISH: dict[str, str] = {}

LIST_SEPARATOR = ", "
"""How a tuple parameter's items are joined when rendered (in every language)."""

PLURAL_PARAM = "count"
"""The parameter whose value chooses among a message's plural forms."""


def register(templates: Mapping[str, str]) -> None:
    """Register English templates (``str.format`` style) for message keys.

    Registering the same key again with the same text is harmless (modules may be
    reloaded); a different text for an existing key is a programming error.
    """
    for key, text in templates.items():
        known = _ENGLISH.get(key)
        if known is not None and known != text:
            raise RuntimeError(f"message key {key!r} registered twice with different text")
        _ENGLISH[key] = text


def english_template(key: str) -> str:
    """The English template of ``key``; unknown keys are a programming error."""
    try:
        return _ENGLISH[key]
    except KeyError:
        raise KeyError(f"no message registered under {key!r}") from None


def is_registered(key: str) -> bool:
    return key in _ENGLISH


def plural_key(key: str, category: str) -> str:
    """The key of ``key``'s plural form for a CLDR plural ``category`` (``one``, ``few`` ...)."""
    return f"{key}[{category}]"


def plural_count(params: Mapping[str, object]) -> int | float | None:
    """The number that chooses a plural form, if the parameters have one."""
    count = params.get(PLURAL_PARAM)
    if isinstance(count, int | float) and not isinstance(count, bool):
        return count
    return None


def registered_keys() -> Iterator[str]:
    """Every key registered so far (for catalogue extraction and completeness tests)."""
    return iter(sorted(_ENGLISH))


@dataclass(frozen=True, slots=True)
class Message:
    """A message for people: a registered key and its parameters (see the module doc)."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def english(self) -> str:
        """Render the message in English (the project's reference language), nested
        messages included. Only ``str(exception)`` and this module use it; adapters render
        with :func:`mjref.i18n.render` in the user's language."""
        params = {name: _english(value) for name, value in self.params.items()}
        key = self.key
        if plural_count(self.params) == 1 and is_registered(plural_key(key, "one")):
            key = plural_key(key, "one")
        return english_template(key).format(**params)


def _english(value: object) -> object:
    if isinstance(value, Message):
        return value.english()
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(str(_english(item)) for item in value)
    return value
