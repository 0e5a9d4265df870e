"""The catalogues and rendering: every registered message key is translated into Hungarian,
Italian, French and Dutch (no entry missing, empty or fuzzy); placeholders match the
English; the catalogues are in line with the registered English texts; nested messages
render in the same language; JSON carries key, parameters and text."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from mjref.errors import InputError, NotationError
from mjref.i18n import (
    CATALOGUE_LANGUAGES,
    LANGUAGES,
    LanguageError,
    all_message_keys,
    catalogue,
    is_translated,
    message_json,
    render,
    render_error,
    render_where,
)
from mjref.messages import Message, english_template
from mjref.rules import Family, get_ruleset
from mjref.wire.rulings import explain
from tests.rulings.golden import cases, run

_FIELD = re.compile(r"\{([^{}]*)\}")


@cache
def _keys() -> tuple[str, ...]:
    return all_message_keys()


@cache
def _entries(language: str) -> dict[str, tuple[str, bool, str]]:
    """Every entry of the catalogue file: key -> (translation, fuzzy, English comment)."""
    path = resources.files("mjref").joinpath(f"locale/{language}/LC_MESSAGES/mjref.po")
    with path.open("rb") as stream:
        po = read_po(stream, locale=language)
    return {
        str(m.id): (str(m.string or ""), bool(m.fuzzy), " ".join(m.auto_comments))
        for m in po
        if m.id
    }


def test_every_package_registers_wording() -> None:
    prefixes = {key.split(".", 1)[0] for key in _keys()}
    for expected in ("mcr", "riichi", "notation", "meld", "seating", "json", "clause", "rulings"):
        assert expected in prefixes


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_every_key_is_translated(language: str) -> None:
    """Every key any package registers, the clause texts of every ruleset included."""
    entries = _entries(language)
    missing = [k for k in _keys() if k not in entries]
    empty = [k for k in _keys() if k in entries and not entries[k][0].strip()]
    fuzzy = [k for k in _keys() if k in entries and entries[k][1]]
    assert not missing, f"{language}: {len(missing)} keys missing: {missing[:10]}"
    assert not empty, f"{language}: {len(empty)} keys untranslated: {empty[:10]}"
    assert not fuzzy, f"{language}: {len(fuzzy)} keys fuzzy (English changed): {fuzzy[:10]}"
    assert all(is_translated(k, language) for k in _keys())


def _fields(text: str) -> list[str]:
    return sorted(_FIELD.findall(text))


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_placeholders_match_the_english(language: str) -> None:
    _keys()
    for key, (text, _, _) in _entries(language).items():
        if text:
            assert _fields(text) == _fields(english_template(key)), (language, key)


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_catalogue_is_in_line_with_the_code(language: str) -> None:
    """No stale keys and the English reference comment is current (run
    ``python scripts/sync_catalogues.py`` after changing English wording)."""
    known = set(_keys())
    for key, (_, _, english) in _entries(language).items():
        assert key in known, f"stale key {key}"
        assert english == english_template(key), f"{language}: English of {key} changed"


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_the_compiled_catalogue_is_in_line_with_its_source(language: str) -> None:
    """mjref reads the compiled ``mjref.mo``: it holds exactly the translated, non-fuzzy
    entries of the ``.po`` (run ``python scripts/sync_catalogues.py`` after editing one)."""
    expected = {
        key: text for key, (text, fuzzy, _) in _entries(language).items() if text and not fuzzy
    }
    catalogue.cache_clear()
    assert dict(catalogue(language)) == expected, (
        "mjref.mo is stale: run scripts/sync_catalogues.py"
    )


@pytest.mark.parametrize("language", CATALOGUE_LANGUAGES)
def test_every_template_formats(language: str) -> None:
    """Each translation formats with the parameters its English takes (no stray braces)."""
    for key in _keys():
        text = catalogue(language)[key]
        params = {name.split(":")[0].split("!")[0]: 1 for name in _FIELD.findall(text)}
        text.format(**params)


def test_nested_messages_render_in_the_same_language() -> None:
    inner = Message("mcr.finding.no-winning-tile")
    outer = Message("mcr.false-hu.invalid", {"problem": inner})
    for language in LANGUAGES:
        assert render(inner, language) in render(outer, language)
    assert render(outer, "it") != render(outer, "en")
    assert outer.english() == render(outer, "en")


def test_tuples_render_item_by_item() -> None:
    values = (Message("rulings.type.bool"), Message("rulings.type.int"))
    message = Message("rulings.type.list", {"item": values})
    assert render(message, "en") == "list of true/false, whole number"
    assert message.english() == render(message, "en")


def test_numbers_take_the_languages_separators() -> None:
    message = Message("rulings.chombo.after-uma", {"points": 20000})
    assert "20,000" in render(message, "en")
    assert "20.000" in render(message, "it")
    assert "20.000" in render(message, "nl")
    assert "20\u202f000" in render(message, "fr")
    assert "20\xa0000" in render(message, "hu")


def test_riichi_rulings_are_translated() -> None:
    message = Message("rulings.chombo.after-uma", {"points": 20000})
    texts = {render(message, language) for language in LANGUAGES}
    assert len(texts) == len(LANGUAGES)


def test_where_renders_in_the_language() -> None:
    error = NotationError.at("12x", 2, "notation.unknown-char", char="x")
    assert str(error) == "column 3 of '12x': unknown character 'x'"
    assert render_error(error, "en") == str(error)
    assert render_where(error.where, "fr") != render_where(error.where, "en")
    assert render_error(error, "nl").startswith(str(render_where(error.where, "nl")))
    plain = InputError(Message("notation.empty"), where="hand.tiles")
    assert render_error(plain, "hu").startswith("hand.tiles: ")


def test_message_json_carries_key_params_and_text() -> None:
    inner = Message("mcr.finding.fifth-copy", {"count": 5, "tile": "1m"})
    outer = Message("mcr.false-hu.invalid", {"problem": inner, "extra": (1, "x", None)})
    shaped = message_json(outer, "it")
    assert shaped == {
        "key": "mcr.false-hu.invalid",
        "params": {
            "problem": {
                "key": "mcr.finding.fifth-copy",
                "params": {"count": 5, "tile": "1m"},
                "text": render(inner, "it"),
            },
            "extra": [1, "x", None],
        },
        "text": render(outer, "it"),
    }
    json.dumps(shaped)
    odd = message_json(Message("notation.bad-rank", {"rank": float("nan"), "suit": object()}))
    json.dumps(odd, allow_nan=False)


def test_unknown_language_is_an_input_error() -> None:
    with pytest.raises(LanguageError):
        render(Message("rulings.kind.no-penalty", {}), "de")


@cache
def _rulings(family: Family) -> tuple[object, ...]:
    return tuple(
        run(case)
        for case in cases()
        if case.error is None and get_ruleset(case.ruleset).family is family
    )


@pytest.mark.parametrize("family", [Family.MCR, Family.RIICHI])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_ruling_renders(language: str, family: Family) -> None:
    """Every golden ruling of both families renders; translated, every consequence line
    differs from the English one."""
    rulings = _rulings(family)
    english = [explain(r, "en") for r in rulings]  # type: ignore[arg-type]
    here = [
        explain(r, language)  # type: ignore[arg-type]
        for r in rulings
    ]
    assert len(here) == len(english) > 0
    if language != "en":
        for a, b in zip(here, english, strict=True):
            assert a.header != b.header
            assert all(x != y for x, y in zip(a.consequences, b.consequences, strict=True))


@pytest.mark.parametrize(
    ("language", "one", "half", "ten"),
    [
        ("en", "1 minute", "1.5 minutes", "10 minutes"),
        ("hu", "1 perc", "1,5 perc", "10 perc"),
        ("it", "1 minuto", "1,5 minuti", "10 minuti"),
        ("fr", "1 minute", "1,5 minute", "10 minutes"),
        ("nl", "1 minuut", "1,5 minuten", "10 minuten"),
    ],
)
def test_a_count_chooses_the_plural_form_of_each_language(
    language: str, one: str, half: str, ten: str
) -> None:
    """No '1 minutes': the form follows the language's plural rules (French keeps the
    singular below 2, Hungarian a singular noun after any number)."""
    texts = [
        render(Message("rulings.quantity.minutes", {"count": n}), language) for n in (1, 1.5, 10)
    ]
    assert texts == [one, half, ten]
    minutes = Message("rulings.quantity.minutes", {"count": 1})
    outer = Message(
        "rulings.deduction.per-minute.at-once",
        {"minutes": minutes, "per_minute": 1000, "points": 1000},
    )
    assert render(outer, language).startswith(one)
    if language == "en":
        assert outer.english() == render(outer, "en")


def test_every_plural_form_belongs_to_a_key() -> None:
    """A form registered as ``key[category]`` has its general form ``key`` and a CLDR
    category name, and takes the same parameters."""
    for key in _keys():
        if key.endswith("]"):
            base, _, category = key[:-1].partition("[")
            assert category in {"zero", "one", "two", "few", "many"}, key
            assert _fields(english_template(key)) == _fields(english_template(base)), key
