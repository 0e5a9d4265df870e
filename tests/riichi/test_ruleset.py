"""The ruleset registry and the validation of its data file."""

from __future__ import annotations

from importlib import resources

import pytest

from mjref.errors import InputError
from mjref.riichi import ruleset, ruleset_ids
from mjref.riichi.ruleset import Kazoe, PenaltyTiming, Renhou, load_rulesets

SHIPPED = resources.files("mjref.riichi").joinpath("rulesets.toml").read_text(encoding="utf-8")


def test_ids_and_aliases() -> None:
    assert ruleset_ids() == ("rcr-2012", "rcr-2016")
    assert ruleset("rcr") is ruleset("rcr-2016") is ruleset(" RCR2016 ")
    assert ruleset("ema-2012") is ruleset("rcr-2012")
    with pytest.raises(InputError, match="unknown riichi ruleset 'mcr'"):
        ruleset("mcr")


def test_the_two_rulesets_differ_where_the_texts_do() -> None:
    new, old = ruleset("rcr-2016"), ruleset("rcr-2012")
    assert (new.open_tanyao, old.open_tanyao) == (True, False)
    assert (new.red_fives, old.red_fives) == (False, True)
    assert (new.kazoe, old.kazoe) == (Kazoe.SANBAIMAN, Kazoe.YAKUMAN)
    assert (new.renhou, old.renhou) == (Renhou.MANGAN, Renhou.YAKUMAN)
    assert (new.double_yakuman, old.double_yakuman) == ((), ("Dai Suushii",))
    assert (new.two_han_minimum_counters, old.two_han_minimum_counters) == (0, 5)
    assert (new.chombo.timing, old.chombo.timing) == (
        PenaltyTiming.AFTER_UMA,
        PenaltyTiming.AT_TABLE,
    )
    assert not new.kiriage
    assert not old.kiriage


def test_clause_ids_carry_the_ruleset_and_section() -> None:
    for name in ruleset_ids():
        for clause in ruleset(name).clauses.values():
            assert clause.id == f"{name}:{clause.section}"
            assert clause.summary
            assert clause.source


def test_the_shipped_file_loads() -> None:
    assert set(load_rulesets(SHIPPED)) >= {"rcr", "rcr-2016", "rcr-2012"}


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            (
                'corrections = ["yakuman-not-cumulative", "renhou',
                'corrections = ["made-up", "renhou',
            ),
            "unknown corrections: made-up",
        ),
        (('key = "furiten"', 'key = "furiten-x"'), "clauses missing: furiten"),
        (('aliases = ["rcr2012", "ema-2012"]', 'aliases = ["rcr"]'), "'rcr' names two rulesets"),
        (('kazoe = "sanbaiman"', 'kazoe = "none"'), "kazoe"),
        (("points = 20000", "points = 0"), "after-uma chombo has points"),
        (("open_tanyao = true", 'open_tanyao = "yes"'), "open_tanyao"),
        (('section = "4.2.5"', 'section = "four"'), "section"),
        (("[[ruleset]]", "[[rulesets]]"), "rulesets"),
    ],
)
def test_bad_data_is_rejected_on_load(change: tuple[str, str], problem: str) -> None:
    old, new = change
    assert old in SHIPPED
    with pytest.raises(ValueError, match=problem):
        load_rulesets(SHIPPED.replace(old, new, 1))


def test_two_han_minimum_needs_its_clause() -> None:
    broken = SHIPPED.replace('key = "two-han-minimum"', 'key = "two-han-minimum-x"')
    with pytest.raises(ValueError, match="clauses missing: two-han-minimum"):
        load_rulesets(broken)
