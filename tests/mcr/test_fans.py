"""Every fan, one hand at a time: a hand that scores it and a near miss that does not.

The cases are data (``tests/mcr/data/fan_cases.toml``, loaded by ``tests/mcr/fan_cases.py``),
each with the reason it scores or misses and, where it comes from a public worked example,
its source. Each case is judged under its convention; unless it depends on a Green Book
reading of a disputed point, PyMahjongGB 1.4.0 (the MIL reading) and the judge under ``mil``
must give the same count of the fan.
"""

import re

import pytest

from mjref.mcr.fans import Fan
from mjref.mcr.judging import judge
from tests.mcr.fan_cases import FanCase, load
from tests.mcr.golden import CHMH
from tests.mcr.golden import load as load_golden
from tests.mcr.oracle import oracle_fans

CASES = load()


def _params(cases: tuple[FanCase, ...]) -> list[object]:
    return [
        pytest.param(
            case,
            id=case.id,
            marks=(
                [pytest.mark.xfail(reason=case.xfail_reason, strict=True)]
                if case.xfail_reason
                else []
            ),
        )
        for case in cases
    ]


def test_every_fan_has_a_scoring_case_and_a_near_miss() -> None:
    kinds = {(case.fan, case.kind) for case in CASES}
    missing = [
        f"{fan.title} ({kind})"
        for fan in Fan
        for kind in ("scores", "near-miss")
        if (fan, kind) not in kinds
    ]
    assert not missing, "fans without cases: " + ", ".join(missing)


@pytest.mark.parametrize("case", _params(CASES))
def test_fan_case(case: FanCase) -> None:
    verdict = judge(case.hand, case.convention)
    assert verdict.valid is case.valid, [f.message.english() for f in verdict.findings]
    scored = {f.fan.title: f.count for f in verdict.fans}
    assert verdict.count(case.fan) == case.count, scored
    for fan in case.instead:
        assert verdict.count(fan) >= 1, f"{fan.title} expected instead; scored {scored}"


ORACLE_CASES = tuple(case for case in CASES if case.checked_against_oracle)


@pytest.mark.parametrize("case", _params(ORACLE_CASES))
def test_mil_reading_agrees(case: FanCase) -> None:
    """PyMahjongGB and the judge under ``mil`` count the fan (and the fans a near miss
    scores instead) as the case expects."""
    fans = oracle_fans(case.hand)
    assert (fans is not None) is case.valid
    oracle_count = 0 if fans is None else fans[case.fan]
    assert oracle_count == case.count, "PyMahjongGB disagrees with the case"
    for fan in case.instead:
        assert fans is not None
        assert fans[fan] >= 1, f"PyMahjongGB does not score {fan.title}"
    mil = judge(case.hand, "mil")
    assert mil.count(case.fan) == case.count
    assert all(mil.count(fan) >= 1 for fan in case.instead)


def test_green_book_only_cases_really_differ_under_mil() -> None:
    """A case marked as depending on a Green Book reading must indeed differ under MIL
    (in the fan's count or in a fan the near miss scores instead), in PyMahjongGB and in
    the judge under ``mil``; the disputed point must be listed by the Green Book verdict."""
    marked = [case for case in CASES if case.green_book_only]
    assert marked
    for case in marked:
        fans = oracle_fans(case.hand)
        assert fans is not None
        assert fans[case.fan] != case.count or any(fans[f] == 0 for f in case.instead), case.id
        mil = judge(case.hand, "mil")
        assert mil.count(case.fan) != case.count or any(mil.count(f) == 0 for f in case.instead)
        disputed = {d.point for d in judge(case.hand, case.convention).disputed}
        assert case.green_book_only in disputed, case.id


GOLDEN = {case.id: case for case in load_golden(CHMH).cases}


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.source and re.fullmatch(r"chmh-\d\d-\d", c.source)], ids=str
)
def test_cited_worked_example_is_the_same_hand(case: FanCase) -> None:
    assert case.source is not None
    assert case.hand == GOLDEN[case.source].mcr_hand()


def test_near_misses_are_mostly_winning_hands() -> None:
    """Near misses should miss the fan, not the win: only a few are not hands at all."""
    invalid = [case.id for case in CASES if not case.valid]
    assert len(invalid) <= 2, invalid
