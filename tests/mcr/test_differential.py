"""The judge against PyMahjongGB 1.4.0, the Chinese/MIL reference scorer (test oracle only).

- Under ``mil`` every generated legal winning hand scores exactly PyMahjongGB's fans, each
  at PyMahjongGB's value, and every generated non-winning hand is rejected by both.
- Under ``green-book`` a hand scores differently only where a disputed point D1-D8 decided
  something: the verdict names those points, and reading just those points as ``mil`` does
  gives ``mil``'s result exactly. So the two conventions differ only on documented points.

Thousands of hands run in CI: a fixed corpus of every shape, plus hypothesis-chosen seeds.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.mcr.conventions import get_convention
from mjref.mcr.fans import Fan
from mjref.mcr.generate import Shape, corpus, nonwinning_corpus, random_winning_hand
from mjref.mcr.hand import McrHand
from mjref.mcr.judging import judge
from mjref.mcr.verdict import Verdict
from mjref.tiles import format_hand
from tests.mcr.oracle import oracle_rows

MIL = get_convention("mil")
GREEN_BOOK = get_convention("green-book")
CORPUS = corpus(2026, 6000)


def _scored(verdict: Verdict) -> Counter[tuple[Fan, int]]:
    """(fan, points) with counts; flowers included."""
    return Counter({(f.fan, f.points): f.count for f in verdict.fans})


def _describe(hand: McrHand) -> str:
    flags = [
        name for name in ("self_drawn", "last_tile", "kong_win", "wall_last") if getattr(hand, name)
    ]
    return (
        f"{format_hand(hand.tiles)} seat={hand.seat_wind.value} "
        f"prevalent={hand.prevalent_wind.value} flowers={hand.flowers} {' '.join(flags)}"
    )


def assert_agrees_with_pymahjonggb(hand: McrHand) -> None:
    rows = oracle_rows(hand)
    verdict = judge(hand, MIL)
    assert rows is not None, f"PyMahjongGB rejects a generated winning hand: {_describe(hand)}"
    expected = Counter({(row.fan, row.points): row.count for row in rows})
    assert verdict.valid, f"{_describe(hand)}: {verdict.findings}"
    assert _scored(verdict) == expected, _describe(hand)
    assert verdict.total == sum(row.points * row.count for row in rows)


def test_the_corpus_covers_every_shape_and_every_fan() -> None:
    scored = set()
    for hand in CORPUS:
        scored.update(f.fan for f in judge(hand, MIL).fans)
    assert scored == set(Fan), f"never scored: {sorted(f.title for f in set(Fan) - scored)}"


def test_mil_equals_pymahjonggb_on_a_fixed_corpus() -> None:
    for hand in CORPUS:
        assert_agrees_with_pymahjonggb(hand)


@settings(max_examples=300, deadline=None, derandomize=False)
@given(seed=st.integers(min_value=0, max_value=2**63), shape=st.sampled_from(list(Shape)))
def test_mil_equals_pymahjonggb_on_hypothesis_seeds(seed: int, shape: Shape) -> None:
    assert_agrees_with_pymahjonggb(random_winning_hand(random.Random(seed), shape))


@pytest.mark.parametrize("convention", [MIL, GREEN_BOOK], ids=lambda c: c.id)
def test_non_winning_hands_are_rejected_by_both(convention: object) -> None:
    for hand in nonwinning_corpus(7, 1500):
        assert oracle_rows(hand) is None, _describe(hand)
        verdict = judge(hand, convention)  # type: ignore[arg-type]
        assert not verdict.valid, _describe(hand)
        assert verdict.false_hu is not None
        assert verdict.false_hu.per_opponent == 20


def test_green_book_differs_from_mil_only_on_the_disputed_points_it_names() -> None:
    differing = Counter[str]()
    for hand in CORPUS:
        green, mil = judge(hand, GREEN_BOOK), judge(hand, MIL)
        if _scored(green) == _scored(mil):
            continue
        points = [d.point for d in green.disputed]
        assert points, f"differs without a disputed point: {_describe(hand)}"
        as_mil = GREEN_BOOK.with_choices(**{p: MIL.choice(p) for p in points})
        assert _scored(judge(hand, as_mil)) == _scored(mil), _describe(hand)
        differing.update(points)
    # The corpus exercises the disputed points that change fans or points.
    assert {"D1", "D2", "D3", "D4", "D5", "D6"} <= set(differing)
