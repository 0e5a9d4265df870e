"""The catalogues: every message an MCR ruling can show is translated into Hungarian,
Italian, French and Dutch; placeholders match the English; the catalogues are in line
with the registered English texts; untranslated keys fall back to English."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

import pytest
from babel.messages.pofile import read_po

import mjref.cli.main
import mjref.players  # noqa: F401  (registers the players' wording)
from mjref.i18n import (
    CATALOGUE_LANGUAGES,
    LANGUAGES,
    TRANSLATED_PREFIXES,
    LanguageError,
    catalogue,
    is_translated,
    render,
)
from mjref.messages import Message, english_template, registered_keys
from mjref.rules import Family, get_ruleset, rulesets
from mjref.rules.registry import location_key
from mjref.rulings import incident_types
from mjref.wire.rulings import explain
from tests.rulings.golden import cases, run

_FIELD = re.compile(r"\{([^{}]*)\}")


@cache
def _mcr_rulings() -> tuple[object, ...]:
    return tuple(
        run(case)
        for case in cases()
        if case.error is None and get_ruleset(case.ruleset).family is Family.MCR
    )


def _mcr_keys() -> set[str]:
    """Every key an MCR ruling, its citations or its errors can show."""
    keys: set[str] = set()
    for ruling in _mcr_rulings():
        keys.update(c.message.key for c in ruling.consequences)  # type: ignore[attr-defined]
        keys.update(n.key for n in ruling.notes)  # type: ignore[attr-defined]
        for citation in ruling.citations:  # type: ignore[attr-defined]
            keys.add(citation.summary.key)
            if citation.location is not None:
                keys.add(citation.location.key)
    for ruleset in rulesets().values():
        if ruleset.family is Family.MCR:
            for clause in ruleset:
                keys.add(clause.summary_key)
                if clause.location:
                    keys.add(location_key(clause))
    for name, cls in incident_types().items():
        if Family.MCR in cls.FAMILIES:
            keys.add(f"rulings.incident.{name}")
    prefixes = (
        "rulings.fact.",
        "rulings.not-covered.",
        "rulings.history.",
        "rulings.hint.",
        "rulings.render.",
        "rulings.request.",
        "rulings.incident.unknown",
        "rules.",
        "i18n.",
    )
    keys.update(k for k in registered_keys() if k.startswith(prefixes))
    return keys


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_every_mcr_message_is_translated(language: str) -> None:
    missing = sorted(k for k in _mcr_keys() if not is_translated(k, language))
    assert not missing, f"{language}: {len(missing)} untranslated: {missing[:10]}"


def _fields(text: str) -> list[str]:
    return sorted(_FIELD.findall(text))


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_placeholders_match_the_english(language: str) -> None:
    for key, text in catalogue(language).items():
        assert _fields(text) == _fields(english_template(key)), (language, key)


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_catalogue_is_in_line_with_the_code(language: str) -> None:
    """No stale keys, the English reference comment is current, nothing left fuzzy."""
    rulesets()
    path = resources.files("mjref").joinpath(f"locale/{language}/LC_MESSAGES/mjref.po")
    with path.open("rb") as stream:
        po = read_po(stream, locale=language)
    known = set(registered_keys())
    entries = [m for m in po if m.id]
    for message in entries:
        assert message.id in known, f"stale key {message.id}"
        assert " ".join(message.auto_comments) == english_template(str(message.id)), message.id
        assert not message.fuzzy, message.id
    expected = {k for k in known if k.startswith(TRANSLATED_PREFIXES)}
    assert {str(m.id) for m in entries} == expected


def test_riichi_texts_fall_back_to_english() -> None:
    message = Message("rulings.chombo.after-uma", {"points": 20000})
    assert render(message, "it") == render(message, "en")
    assert "20,000" in render(message, "en")


def test_unknown_language_is_an_input_error() -> None:
    with pytest.raises(LanguageError):
        render(Message("rulings.kind.no-penalty", {}), "de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_mcr_ruling_renders(language: str) -> None:
    english = [explain(r, "en") for r in _mcr_rulings()]  # type: ignore[arg-type]
    here = [
        explain(r, language)  # type: ignore[arg-type]
        for r in _mcr_rulings()
    ]
    assert len(here) == len(english)
    if language != "en":
        # Translated: the consequence lines differ from the English ones.
        assert sum(
            a.consequences != b.consequences for a, b in zip(here, english, strict=True)
        ) == len(here)
