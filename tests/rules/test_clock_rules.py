"""The ``[clock]`` table of the rules data: the time signal of timed sessions, with the
clause that requires it; checked on load."""

from __future__ import annotations

import pytest

from mjref.rules import RulesDataError, get_ruleset, rulesets
from mjref.rules.load import parse_ruleset
from tests.rules.test_load import CLAUSE_31, HEAD


@pytest.mark.parametrize(("spec", "clause"), [("rcr-2016", "5.9"), ("rcr-2012", "5.8")])
def test_rcr_sounds_a_signal_15_minutes_before_the_end(spec: str, clause: str) -> None:
    found = get_ruleset(spec + "+started-minutes").clock_rules()
    assert found is not None
    document, clock = found
    assert (document.id, clock.clause, clock.signal_minutes) == (spec, clause, 15)
    assert "15 minutes before the end" in document.clause(clause).summary


@pytest.mark.parametrize("spec", ["mers-2008", "mers-2008+italian", "mers-2010", "ema-2009"])
def test_the_mcr_texts_set_no_signal(spec: str) -> None:
    assert get_ruleset(spec).clock_rules() is None


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('[clock]\nclause = "3.1"\nsignal_minutes = 0\n', "signal_minutes"),
        ('[clock]\nclause = "3.1"\nsignal_minutes = 61\n', "signal_minutes"),
        ('[clock]\nclause = "3.1"\nsignal_minutes = "15"\n', "signal_minutes"),
        ('[clock]\nclause = "9.9"\nsignal_minutes = 15\n', "unknown clause '9.9'"),
        ('[clock]\nclause = "3.1"\n', "signal_minutes"),
        ('[clock]\nclause = "3.1"\nsignal_minutes = 15\nsound = "bell"\n', "sound"),
    ],
)
def test_a_bad_clock_table_is_refused(table: str, problem: str) -> None:
    with pytest.raises(RulesDataError, match=r"test-1\.toml") as error:
        parse_ruleset(HEAD + table + CLAUSE_31, "test-1.toml", rulesets())
    assert problem in str(error.value)


def test_a_good_clock_table_loads_and_cites_its_clause() -> None:
    parsed = parse_ruleset(
        HEAD + '[clock]\nclause = "3.1"\nsignal_minutes = 5\n' + CLAUSE_31,
        "test-1.toml",
        rulesets(),
    )
    assert parsed.clock is not None
    assert (parsed.clock.clause, parsed.clock.signal_minutes) == ("3.1", 5)
