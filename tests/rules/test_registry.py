"""Rulesets by name: aliases, readings, options, clause look-up."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from mjref.rules import (
    RULEBOOKS,
    EntryKind,
    RulesDataError,
    RulesetError,
    aliases,
    get_clause,
    get_rulebook,
    get_ruleset,
    resolve_clause,
    rulesets,
)
from mjref.rules.load import alias_table


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


# --- one registry for every kind of entry ---------------------------------------------


def test_names_are_matched_in_any_case() -> None:
    assert get_ruleset("MERS").id == "mers-2010"
    assert get_ruleset("Rcr-A").id == "rcr-2016"
    assert get_ruleset("GB").id == "green-book"
    assert get_ruleset(" mers-2008+ITALIAN ").spec == "mers-2008+italian"
    assert get_ruleset("ema-2009+Ladder-Reset=Session").spec == "ema-2009+ladder-reset=session"
    assert get_clause("RCR2016:5.7").id == "rcr-2016:5.7"
    assert get_clause("gb:d6").id == "green-book:D6"


def test_one_alias_table_one_meaning_per_name() -> None:
    table = aliases()
    assert table["ema"] == "ema-2009"
    assert table["rcr-a"] == table["rcr2016"] == table["ema-2016"] == table["rcr"] == "rcr-2016"
    assert table["gb"] == "green-book"
    assert all(alias == alias.lower() for alias in table)
    assert not set(table) & set(rulesets())


def test_every_kind_is_an_entry() -> None:
    kinds = {r.id: r.kind for r in rulesets().values()}
    assert kinds["mers-2008"] is EntryKind.REGULATION
    assert kinds["rcr-2012"] is EntryKind.RIICHI_RULESET
    assert kinds["mil"] is EntryKind.CONVENTION
    assert get_rulebook("rcr").id == "rcr-2016"


@pytest.mark.parametrize(
    ("spec", "kinds", "words"),
    [
        ("ema", (EntryKind.CONVENTION,), "'ema' is ema-2009, not a scoring convention"),
        ("gb", (EntryKind.RIICHI_RULESET,), "'gb' is green-book, not a riichi ruleset"),
        ("rcr", (EntryKind.REGULATION,), "'rcr' is rcr-2016, not an MCR regulation"),
        ("mil+D1=8", RULEBOOKS, "'mil' is mil, a scoring convention, which rules on no"),
        ("wrc", (EntryKind.CONVENTION,), "unknown scoring convention 'wrc' (known: green-book"),
        ("wrc", (EntryKind.RIICHI_RULESET,), "unknown riichi ruleset 'wrc' (known: rcr-2016"),
    ],
)
def test_an_entry_of_another_kind_is_refused_by_name(
    spec: str, kinds: tuple[EntryKind, ...], words: str
) -> None:
    with pytest.raises(RulesetError, match=re.escape(words)):
        get_ruleset(spec, kinds=kinds)


def test_a_convention_reads_its_base_options() -> None:
    mil = get_ruleset("mil")
    assert mil.options == {}
    assert list(mil.all_options) == [f"D{n}" for n in range(1, 9)]
    assert (mil.choice("D1"), get_ruleset("gb").choice("D1")) == ("6", "8")
    assert mil.option_owner("D1").id == "green-book"
    assert mil.cite("payments") == "green-book:payments"
    switched = get_ruleset("mil+D1=8")
    assert (switched.spec, switched.choice("D1"), switched.applied("D1").source) == (
        "mil+D1=8",
        "8",
        "Green Book 2006, fan 48",
    )


def test_resolve_clause_keeps_the_reading() -> None:
    italian, clause = resolve_clause("mers-2008+italian:2.3")
    assert (italian.spec, clause.id) == ("mers-2008+italian", "mers-2008:2.3")
    assert [o.name for o in italian.options_of(clause)] == ["lateness"]
    assert italian.applied("lateness").name == "italian"
    english, _ = resolve_clause("mers-2008:2.3")
    assert english.applied("lateness").name == "english"
    # Options a clause's conditions test count as well (1.3 tests call-variants).
    one_three = get_clause("mers-2008:1.3")
    assert "call-variants" in [o.name for o in english.options_of(one_three)]
    mil, d1 = resolve_clause("mil:D1")
    assert (mil.id, d1.id, mil.applied("D1").name) == ("mil", "green-book:D1", "6")
    with pytest.raises(RulesetError, match="has no clause"):
        resolve_clause("ema-2009:2.3")  # only a convention shares its base's clauses


def test_the_alias_table_refuses_a_name_for_two_entries() -> None:
    entries = list(rulesets().values())
    twice = replace(entries[1], aliases=("mers-1.0",))
    named_twice = re.escape("alias 'mers-1.0' already names 'mers-2008'")
    with pytest.raises(RulesDataError, match=named_twice):
        alias_table([entries[0], twice])
    with pytest.raises(RulesDataError, match="is the id of an entry"):
        alias_table([entries[0], replace(entries[1], aliases=("mers-2008",))])
