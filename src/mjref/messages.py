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
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

_ENGLISH: dict[str, str] = {}

LIST_SEPARATOR = ", "
"""How a tuple parameter's items are joined when rendered (in every language)."""


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
        return english_template(self.key).format(**params)


def _english(value: object) -> object:
    if isinstance(value, Message):
        return value.english()
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(str(_english(item)) for item in value)
    return value
