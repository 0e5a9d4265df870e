"""Chombo and dead-hand classes under each ruleset (RCR 3.4.6, 3.4.7, 5.3)."""

from __future__ import annotations

import pytest

from mjref.riichi import FindingKind, PenaltyTiming, judge, riichi_rules
from mjref.riichi.penalties import chombo_penalty
from tests.riichi.helpers import hand

NOT_A_WIN = "123m456p789s55p24m+7m"
OPEN_RIICHI = "[123m]456p789s55p23m+4m"


@pytest.mark.parametrize(
    ("rules", "seat", "points", "to_dealer", "to_each", "timing"),
    [
        ("rcr-2016", "S", 20000, 0, 0, PenaltyTiming.AFTER_UMA),
        ("rcr-2016", "E", 20000, 0, 0, PenaltyTiming.AFTER_UMA),
        ("rcr-2012", "S", 8000, 4000, 2000, PenaltyTiming.AT_TABLE),
        ("rcr-2012", "E", 12000, 0, 4000, PenaltyTiming.AT_TABLE),
    ],
)
def test_chombo_for_an_invalid_win(
    rules: str, seat: str, points: int, to_dealer: int, to_each: int, timing: PenaltyTiming
) -> None:
    verdict = judge(hand(NOT_A_WIN, seat_wind=seat), rules)
    penalty = verdict.chombo
    assert penalty is not None
    assert (penalty.points, penalty.to_dealer, penalty.to_each_non_dealer) == (
        points,
        to_dealer,
        to_each,
    )
    assert penalty.timing is timing
    assert penalty.clause == f"{rules}:3.4.6"
    assert not verdict.dead_hand
    assert verdict.payments is None
    assert verdict.hand_points == 0


def test_penalty_messages() -> None:
    assert (
        chombo_penalty(riichi_rules("rcr-2016"), dealer=True).message.english()
        == "chombo: 20,000 points deducted from the offender's score after uma"
    )
    assert (
        chombo_penalty(riichi_rules("rcr-2012"), dealer=False).message.english()
        == "chombo: the offender pays 4,000 to the dealer and 2,000 to each other player"
    )


@pytest.mark.parametrize("rules", ["rcr-2016", "rcr-2012"])
def test_riichi_with_an_open_hand_is_a_dead_hand(rules: str) -> None:
    verdict = judge(hand(OPEN_RIICHI, riichi=True), rules)
    assert verdict.dead_hand
    assert [(f.code, f.kind, f.clause) for f in verdict.findings] == [
        ("riichi-open-hand", FindingKind.DEAD_HAND, f"{rules}:5.3")
    ]
    # A win declared with a dead hand is not a valid win either.
    assert verdict.chombo is not None


def test_double_riichi_with_an_open_hand_is_dead_too() -> None:
    assert judge(hand(OPEN_RIICHI, double_riichi=True)).dead_hand


def test_riichi_with_a_concealed_kong_is_fine() -> None:
    verdict = judge(hand("(1111p)123m789s55p23m+4m", riichi=True))
    assert verdict.valid
    assert not verdict.dead_hand


def test_input_errors_name_no_penalty_even_with_a_dead_hand_fact() -> None:
    verdict = judge(hand(OPEN_RIICHI, riichi=True, ura_indicators="1m"))
    assert {f.kind for f in verdict.findings} == {FindingKind.INPUT, FindingKind.DEAD_HAND}
    assert verdict.chombo is None
    assert not verdict.dead_hand


def test_a_valid_win_has_no_penalty() -> None:
    verdict = judge(hand("123m456p789s55p23m+4m", riichi=True))
    assert verdict.valid
    assert verdict.chombo is None
    assert not verdict.dead_hand
