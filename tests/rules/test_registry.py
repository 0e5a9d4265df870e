"""Rulesets by name: aliases, readings, options, clause look-up."""

from __future__ import annotations

import re

import pytest

from mjref.rules import RulesetError, get_clause, get_ruleset


def test_aliases() -> None:
    assert get_ruleset("mers").id == "mers-2010"
    assert get_ruleset("rcr").id == "rcr-2016"
    assert get_ruleset("ema").id == "ema-2009"
    assert get_ruleset("mers-1.0").id == "mers-2008"
    assert get_ruleset("rcr-b").id == "rcr-2012"


def test_readings_and_options() -> None:
    italian = get_ruleset("mers-2008+italian")
    assert italian.spec == "mers-2008+italian"
    assert italian.choice("lateness") == "italian"
    assert italian.choice("ladder-counts") == "same-infraction"
    mixed = get_ruleset("mers+ladder-reset=game+whole-count")
    assert mixed.id == "mers-2010"
    assert (mixed.choice("ladder-reset"), mixed.choice("ladder-carry")) == ("game", "whole-count")
    assert get_ruleset("mers-2008").choice("lateness") == "english"


def test_the_base_document_supplies_its_defaults() -> None:
    ema = get_ruleset("ema-2009")
    assert ema.choice("call-variants") == "tolerated"
    assert [d.id for d in ema.chain()] == ["ema-2009", "mers-2008"]
    assert [d.id for d in get_ruleset("ema-2009+overview-only").chain()] == ["ema-2009"]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mers-2099", "unknown ruleset 'mers-2099'"),
        ("mers-2008+dutch", "has no reading or option 'dutch'"),
        ("mers-2008+lateness=french", "'french' is not a reading of lateness"),
        ("mers-2008+", "empty reading"),
        ("rcr-2016+ladder-reset=game", "has no reading or option 'ladder-reset'"),
    ],
)
def test_bad_specs(spec: str, words: str) -> None:
    with pytest.raises(RulesetError, match=re.escape(words)):
        get_ruleset(spec)


def test_clause_look_up() -> None:
    assert get_clause("mers:2.7.3").id == "mers-2010:2.7.3"
    assert get_clause("ema-2009:late-up-to-10").location is not None
    with pytest.raises(RulesetError, match="not a clause id"):
        get_clause("2.7.3")
    with pytest.raises(RulesetError, match=r"has no clause '9\.9'"):
        get_clause("mers-2008:9.9")
