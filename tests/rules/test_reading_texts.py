"""Every named reading of the rules registry says what it does in a line of its own,
registered in English and translated (``tests/test_i18n.py``): the new tournament's form
shows it beside the reading's name, ``mjref rules list`` under it. No line is left for a
reading that is gone."""

from __future__ import annotations

from mjref.i18n import render
from mjref.messages import registered_keys
from mjref.rules.registry import reading_key, rulesets
from mjref.wire.options import reading_text


def _readings() -> set[str]:
    return {name for ruleset in rulesets().values() for name in ruleset.readings}


def test_every_reading_has_its_line() -> None:
    keys = set(registered_keys())
    names = _readings()
    assert {"italian", "hungarian", "per-game", "completed-minutes"} <= names
    assert {name for name in names if reading_key(name) not in keys} == set()


def test_no_line_for_a_reading_that_is_gone() -> None:
    lines = {k for k in registered_keys() if k.startswith("rules.reading.")}
    assert {k.removeprefix("rules.reading.") for k in lines} == _readings()


def test_the_line_is_in_the_readers_language() -> None:
    english = render(reading_text("per-game"), "en")
    assert "every game" in english
    for lang in ("hu", "it", "fr", "nl"):
        said = render(reading_text("per-game"), lang)
        assert said, lang
        assert said != english, lang


def test_rules_list_says_what_each_reading_does() -> None:
    from typer.testing import CliRunner

    from mjref.cli.main import app

    said = CliRunner().invoke(app, ["rules", "list", "--lang", "it"]).output
    lines = said.splitlines()
    at = lines.index(next(x for x in lines if x.strip().startswith("lettura +per-game")))
    assert lines[at + 1].strip() == render(reading_text("per-game"), "it")
