"""MCR scoring: Green Book payments, false hu (MERS 2.10.2), session totals, table points
(MERS 2010 section 4 scale), and what the rules data says about each ruleset."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.players import PlayerId
from mjref.scoring import ScoringError
from mjref.scoring.mcr import (
    FalseHuPayment,
    HandOutcome,
    HandResult,
    TableRanking,
    check_totals,
    hand_payments,
    mcr_scheme,
    score_table,
    session_scores,
    table_points,
)

A, B, C, D = (PlayerId(n) for n in (11, 12, 13, 14))
TABLE = (A, B, C, D)


def test_discard_win_discarder_pays_8_plus_value_others_8() -> None:
    hand = HandResult(HandOutcome.DISCARD, winner=C, discarder=A, points=24, flowers=2)
    assert hand_payments(TABLE, hand) == {A: -32, B: -8, C: 48, D: -8}


def test_self_drawn_each_pays_8_plus_value() -> None:
    hand = HandResult(HandOutcome.SELF_DRAWN, winner=D, points=12)
    assert hand_payments(TABLE, hand) == {A: -20, B: -20, C: -20, D: 60}


def test_a_draw_costs_nothing() -> None:
    assert hand_payments(TABLE, HandResult(HandOutcome.DRAW)) == dict.fromkeys(TABLE, 0)


def test_false_hu_pays_each_opponent_and_the_hand_is_still_won_by_another() -> None:
    # B declares a false hu with an invalid hand (20 to each), play goes on, and C wins
    # on A's discard: both are in the same hand.
    hand = HandResult(
        HandOutcome.DISCARD, winner=C, discarder=A, points=8, false_hus=(FalseHuPayment(B, 20),)
    )
    assert hand_payments(TABLE, hand) == {A: -16 + 20, B: -8 - 60, C: 32 + 20, D: -8 + 20}
    assert sum(hand_payments(TABLE, hand).values()) == 0


def test_the_discarder_may_be_the_one_with_the_dead_hand() -> None:
    hand = HandResult(
        HandOutcome.DISCARD, winner=C, discarder=B, points=8, false_hus=(FalseHuPayment(B, 10),)
    )
    assert hand_payments(TABLE, hand) == {A: -8 + 10, B: -16 - 30, C: 32 + 10, D: -8 + 10}


def test_two_false_hus_in_one_hand() -> None:
    hand = HandResult(HandOutcome.DRAW, false_hus=(FalseHuPayment(A, 10), FalseHuPayment(D, 20)))
    assert hand_payments(TABLE, hand) == {A: -30 + 20, B: 30, C: 30, D: -60 + 10}


@pytest.mark.parametrize(
    ("hand", "key"),
    [
        (HandResult(HandOutcome.DISCARD, winner=A, points=10), "scoring.discarder-needed"),
        (HandResult(HandOutcome.DISCARD, discarder=A, points=10), "scoring.winner-needed"),
        (
            HandResult(HandOutcome.SELF_DRAWN, winner=A, discarder=B, points=10),
            "scoring.no-discarder",
        ),
        (HandResult(HandOutcome.DISCARD, winner=A, discarder=A, points=10), "scoring.same-player"),
        (
            HandResult(HandOutcome.DISCARD, winner=A, discarder=PlayerId(99), points=10),
            "scoring.not-at-table",
        ),
        (HandResult(HandOutcome.DRAW, winner=A), "scoring.draw-has-winner"),
        (
            HandResult(HandOutcome.SELF_DRAWN, winner=A, points=9, flowers=2),
            "scoring.under-minimum",
        ),
        (
            HandResult(HandOutcome.SELF_DRAWN, winner=A, points=20, flowers=9),
            "scoring.flowers-range",
        ),
        (HandResult(HandOutcome.SELF_DRAWN, winner=A, points=5000), "scoring.points-range"),
        (
            HandResult(HandOutcome.DRAW, false_hus=(FalseHuPayment(A, 15),)),
            "scoring.false-hu-class",
        ),
        (
            HandResult(HandOutcome.DRAW, false_hus=(FalseHuPayment(A, 10), FalseHuPayment(A, 20))),
            "scoring.false-hu-twice",
        ),
        (
            HandResult(
                HandOutcome.SELF_DRAWN, winner=A, points=8, false_hus=(FalseHuPayment(A, 10),)
            ),
            "scoring.dead-hand-wins",
        ),
    ],
)
def test_impossible_hands_are_refused(hand: HandResult, key: str) -> None:
    with pytest.raises(ScoringError) as caught:
        hand_payments(TABLE, hand)
    assert caught.value.message.key == key


def test_session_totals_must_balance_and_the_refusal_shows_the_numbers() -> None:
    check_totals((30, -10, -10, -10))
    with pytest.raises(ScoringError) as caught:
        check_totals((30, -10, -10, -5))
    assert caught.value.message.key == "scoring.totals-unbalanced"
    assert "30, -10, -10, -5" in str(caught.value)
    assert "add up to 5, not 0" in str(caught.value)


def test_table_points_ignore_players_given_none() -> None:
    points = table_points({A: 50, B: 10, C: -20, D: -40}, zero={A})
    assert points == {A: 0, B: 4, C: 2, D: 1}


def test_penalties_count_in_the_ranking_or_not_by_reading() -> None:
    scores = {A: 40, B: 30, C: -30, D: -40}
    penalties = {A: 20}
    with_penalties = score_table(scores, penalties, TableRanking.WITH_PENALTIES)
    apart = score_table(scores, penalties, TableRanking.WITHOUT_PENALTIES)
    assert (with_penalties[A].net, with_penalties[A].table_points) == (20, 2)
    assert with_penalties[B].table_points == 4
    assert (apart[A].net, apart[A].table_points) == (20, 4)
    assert apart[B].table_points == 2


def test_schemes_come_from_the_rules_data() -> None:
    assert mcr_scheme("mers-2010").substitute_zero == "mers-2010:4.1.2"
    assert mcr_scheme("mers-2010").disqualified_zero == "mers-2010:4.4"
    assert mcr_scheme("mers-2008").substitute_zero is None
    assert mcr_scheme("ema-2009").disqualified_zero is None
    assert mcr_scheme("mers-2010").ranking is TableRanking.WITH_PENALTIES
    assert mcr_scheme("mers-2010+penalties-apart").ranking is TableRanking.WITHOUT_PENALTIES
    assert mcr_scheme("ema-2009+penalties-apart").ranking is TableRanking.WITHOUT_PENALTIES


players = st.sampled_from(TABLE)


@st.composite
def hands(draw: st.DrawFn) -> HandResult:
    outcome = draw(st.sampled_from(list(HandOutcome)))
    false_hu_players = draw(st.lists(players, unique=True, max_size=2))
    false_hus = tuple(FalseHuPayment(p, draw(st.sampled_from((10, 20)))) for p in false_hu_players)
    if outcome is HandOutcome.DRAW:
        return HandResult(outcome, false_hus=false_hus)
    alive = [p for p in TABLE if p not in false_hu_players]
    winner = draw(st.sampled_from(alive))
    flowers = draw(st.integers(0, 8))
    points = draw(st.integers(8, 300)) + flowers
    discarder = None
    if outcome is HandOutcome.DISCARD:
        discarder = draw(st.sampled_from([p for p in TABLE if p != winner]))
    return HandResult(
        outcome,
        winner=winner,
        discarder=discarder,
        points=points,
        flowers=flowers,
        false_hus=false_hus,
    )


@given(st.lists(hands(), max_size=24))
def test_a_session_entered_hand_by_hand_balances_to_zero(session: list[HandResult]) -> None:
    totals = session_scores(TABLE, session)
    assert sum(totals.values()) == 0
    check_totals(tuple(totals.values()))
    assert sum(table_points(totals).values()) == Fraction(7)
