"""Places and shared awards: every tie pattern at a table of four, exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.scoring.mcr import TABLE_POINTS
from mjref.scoring.places import competition_ranks, shared_awards, top

F = Fraction


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        # no tie
        ((40, 10, -20, -30), (4, 2, 1, 0)),
        # two tied for first: (4 + 2) / 2
        ((30, 30, -20, -40), (3, 3, 1, 0)),
        # two tied for second: (2 + 1) / 2
        ((50, 10, 10, -70), (4, F(3, 2), F(3, 2), 0)),
        # two tied for third: (1 + 0) / 2
        ((50, 10, -30, -30), (4, 2, F(1, 2), F(1, 2))),
        # two pairs
        ((20, 20, -20, -20), (3, 3, F(1, 2), F(1, 2))),
        # three tied for first: (4 + 2 + 1) / 3
        ((10, 10, 10, -30), (F(7, 3), F(7, 3), F(7, 3), 0)),
        # three tied for second: (2 + 1 + 0) / 3
        ((30, -10, -10, -10), (4, 1, 1, 1)),
        # all four tied: 7 / 4
        ((0, 0, 0, 0), (F(7, 4), F(7, 4), F(7, 4), F(7, 4))),
    ],
)
def test_every_tie_pattern_shares_the_places_exactly(
    scores: tuple[int, ...], expected: tuple[Fraction | int, ...]
) -> None:
    players = ("a", "b", "c", "d")
    awards = shared_awards(dict(zip(players, scores, strict=True)), TABLE_POINTS)
    assert tuple(awards.values()) == tuple(F(e) for e in expected)
    assert all(isinstance(v, Fraction) for v in awards.values())
    assert sum(awards.values()) == 7


def test_order_of_the_input_does_not_matter() -> None:
    assert shared_awards({"b": 5, "a": 9}, (10, 0)) == {"b": F(0), "a": F(10)}


def test_awards_must_match_the_players() -> None:
    with pytest.raises(ValueError, match="3 ranked values need 3 awards"):
        shared_awards({"a": 1, "b": 2, "c": 3}, TABLE_POINTS)


def test_competition_ranks_and_top() -> None:
    assert competition_ranks({"a": 5, "b": 9, "c": 5, "d": 1}) == {"a": 2, "b": 1, "c": 2, "d": 4}
    assert competition_ranks({"x": (3, 10), "y": (3, 12), "z": (2, 99)}) == {"x": 2, "y": 1, "z": 3}
    assert top({"a": 5, "b": 9, "c": 9}) == ("b", "c")
    assert top({}) == ()


scores = st.lists(st.integers(-500, 500), min_size=4, max_size=4)


@given(scores)
def test_table_points_always_sum_to_seven(values: list[int]) -> None:
    awards = shared_awards(dict(enumerate(values)), TABLE_POINTS)
    assert sum(awards.values()) == 7
    # A better score never gets fewer points; equal scores get equal points.
    for i in range(4):
        for j in range(4):
            if values[i] > values[j]:
                assert awards[i] > awards[j]
            if values[i] == values[j]:
                assert awards[i] == awards[j]
