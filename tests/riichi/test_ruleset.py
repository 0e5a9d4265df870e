"""The riichi rulesets as the judge reads them from the rules registry."""

from __future__ import annotations

import pytest

from mjref.errors import InputError
from mjref.riichi import PenaltyTiming, judge, riichi_rules, ruleset_ids
from mjref.riichi.penalties import chombo_penalty
from mjref.rules import Kazoe, Renhou, RulesDataError, get_clause, get_ruleset, rulesets
from mjref.rules.load import parse_ruleset
from tests.riichi.helpers import hand


def test_ids_and_aliases() -> None:
    assert ruleset_ids() == ("rcr-2016", "rcr-2012")
    assert riichi_rules("rcr") is riichi_rules("rcr-2016") is riichi_rules(" RCR2016 ")
    assert riichi_rules("ema-2012") is riichi_rules("rcr-2012")
    with pytest.raises(InputError, match="unknown riichi ruleset 'wrc'"):
        riichi_rules("wrc")


@pytest.mark.parametrize("name", ["rcr-a", "RCR-B", "rcr2016", "Rcr-2012", "ema-2016", "rcr"])
def test_every_name_the_rulebook_accepts_judges_too(name: str) -> None:
    """One alias table: a name `mjref rules` accepts for an RCR entry judges a hand."""
    entry = get_ruleset(name)
    assert riichi_rules(name).id == entry.id
    assert judge(hand("234m567p33s67sPPP+8s", seat_wind="S"), name).ruleset == entry.id


@pytest.mark.parametrize("name", ["mers", "ema-2009", "green-book", "mil"])
def test_other_kinds_of_entry_are_refused_by_name(name: str) -> None:
    with pytest.raises(InputError, match="not a riichi ruleset"):
        riichi_rules(name)


def test_the_two_rulesets_differ_where_the_texts_do() -> None:
    new, old = riichi_rules("rcr-2016").settings, riichi_rules("rcr-2012").settings
    assert (new.open_tanyao, old.open_tanyao) == (True, False)
    assert (new.red_fives, old.red_fives) == (False, True)
    assert (new.kazoe, old.kazoe) == (Kazoe.SANBAIMAN, Kazoe.YAKUMAN)
    assert (new.renhou, old.renhou) == (Renhou.MANGAN, Renhou.YAKUMAN)
    assert (new.double_yakuman, old.double_yakuman) == ((), ("Dai Suushii",))
    assert (new.two_han_minimum_counters, old.two_han_minimum_counters) == (0, 5)
    timings = [chombo_penalty(riichi_rules(n), dealer=False).timing for n in ruleset_ids()]
    assert timings == [PenaltyTiming.AFTER_UMA, PenaltyTiming.AT_TABLE]
    assert not new.kiriage
    assert not old.kiriage


def test_the_chombo_is_written_once_the_rulebook_and_the_judge_read_it() -> None:
    for name in ruleset_ids():
        rules = riichi_rules(name)
        assert rules.chombo is rulesets()[name].chombo
        assert rules.cite("chombo") == f"{name}:3.4.6"


def test_every_cited_clause_is_a_clause_of_the_registry() -> None:
    for name in ruleset_ids():
        rules = riichi_rules(name)
        for topic in rules.topics:
            clause = get_clause(rules.cite(topic))
            assert clause.ruleset == name
            assert clause.summary
            assert clause.in_seeds or clause.source


RIICHI_TABLE = """
[riichi]
open_tanyao = true
red_fives = false
double_yakuman = []
kazoe = "sanbaiman"
kiriage = false
renhou = "mangan"
two_han_minimum_counters = 0
corrections = ["yakuman-not-cumulative"]
"""


def _file(riichi: str = RIICHI_TABLE, cites: dict[str, str] | None = None) -> str:
    topics = {
        "mahjong-hand": "1",
        "yaku-minimum": "1",
        "furiten": "1",
        "dead-hand": "1",
        "riichi-open-hand": "1",
        "payments": "1",
        "minipoints": "1",
        "limits": "1",
        "open-tanyao": "1",
        "red-fives": "1",
        "renhou": "1",
        "yakuman": "1",
    }
    if cites is not None:
        topics = cites
    cite_lines = "\n".join(f'{k} = "{v}"' for k, v in topics.items())
    return f"""
id = "test-riichi"
kind = "riichi-ruleset"
family = "riichi"
document = "A riichi test"
edition = "v1"
languages = ["en"]
primary = "en"
note = "For tests."
[sources]
en = "nowhere"
[chombo]
clause = "1"
timing = "after-uma"
points = 20000
{riichi}
[cites]
{cite_lines}
[[clauses]]
key = "1"
topic = "everything"
sections = {{ en = "1" }}
summary = "Everything the judge needs."
"""


def test_a_well_formed_riichi_file_loads() -> None:
    parsed = parse_ruleset(_file(), "test-riichi.toml", rulesets())
    assert parsed.riichi is not None
    assert parsed.cite("furiten") == "test-riichi:1"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (_file(RIICHI_TABLE.replace('"yakuman-not-cumulative"', '"made-up"')), "'made-up'"),
        (_file(RIICHI_TABLE.replace('kazoe = "sanbaiman"', 'kazoe = "none"')), "riichi kazoe"),
        (_file(RIICHI_TABLE.replace("open_tanyao = true", 'open_tanyao = "yes"')), "open_tanyao"),
        (_file(RIICHI_TABLE.replace("kiriage = false\n", "")), "lacks the field 'kiriage'"),
        (_file(RIICHI_TABLE + "dora = 1\n"), "unknown key 'dora' in riichi"),
        (
            _file(RIICHI_TABLE.replace("counters = 0", "counters = 5")),
            "cites lacks 'two-han-minimum'",
        ),
        (_file(cites={"furiten": "1"}), "cites lacks 'dead-hand'"),
        (
            _file(
                "",
            ),
            "only a riichi ruleset, has a [riichi] table",
        ),
        (_file().replace('furiten = "1"', 'furiten = "9"'), "refers to an unknown clause '9'"),
        (_file().replace('timing = "after-uma"', 'timing = "later"'), "chombo timing"),
    ],
)
def test_bad_riichi_data_is_rejected_on_load(text: str, problem: str) -> None:
    with pytest.raises(RulesDataError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        parse_ruleset(text, "test-riichi.toml", rulesets())
