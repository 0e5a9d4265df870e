"""The EMA rating worked by hand: 1, 4, 5, 6, 12 and 20 results (padding, part A's size,
part B), weights, ties at the cut-offs, ageing at its edges, and every named reading.

The tournaments have 11 players unless said otherwise, so that the base rank of place p
is a whole 100 x (11 - p): place 1 is 1000, place 11 is 0."""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817  (reads as the hand-worked figures)

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.ema.ranking import (
    AgeDate,
    AgeReading,
    BaseRankReading,
    Readings,
    Result,
    TieReading,
    age_factor,
    base_rank,
    part_a_size,
    rating,
)
from mjref.errors import InputError

NOW = "2026-06-01"


def res(rank: int, weight: int = 1, end: str = "2026-05-01", start: str = "") -> Result:
    """A result of base rank ``rank`` (a multiple of 100) in an 11-player tournament."""
    return Result(start or end, end, 11 - rank // 100, 11, F(weight))


def value(ranks: list[int], **kw: object) -> F | None:
    return rating([res(r) for r in ranks], NOW, **kw).value  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("n", "size"), [(1, 5), (5, 5), (6, 6), (7, 7), (10, 9), (12, 11), (20, 17)]
)
def test_part_a_size(n: int, size: int) -> None:
    assert part_a_size(n) == size


def test_one_result_is_padded_and_not_ranked() -> None:
    found = rating([res(1000)], NOW)
    # A: (1000 + 4 x 0) / 5 = 200; B: (1000 + 3 x 0) / 4 = 250
    assert (found.part_a, found.part_b, found.value) == (F(200), F(250), F(225))
    assert not found.ranked
    assert [c.result is None for c in found.counted] == [False, True, True, True, True]


def test_four_results() -> None:
    found = rating([res(r) for r in (700, 1000, 800, 900)], NOW)
    # A: 3400 / 5 = 680; B: 3400 / 4 = 850; (680 + 850) / 2
    assert (found.part_a, found.part_b, found.value) == (F(680), F(850), F(765))
    assert found.ranked


def test_five_results() -> None:
    # A: 4000 / 5 = 800; B: 850
    assert value([1000, 900, 800, 700, 600]) == F(825)


def test_six_results_all_count_in_part_a() -> None:
    # A over 5 + ceil(0.8) = 6 results: 4500 / 6 = 750; B: 850
    assert value([1000, 900, 800, 700, 600, 500]) == F(800)


def test_twelve_results_drop_the_lowest() -> None:
    ranks = [1000, 900, 800, 700, 600, 500, 500, 400, 300, 200, 100, 0]
    found = rating([res(r) for r in ranks], NOW)
    # A over 5 + ceil(5.6) = 11: every result but the 0, 6000 / 11; B: 850
    assert found.part_a == F(6000, 11)
    assert found.value == (F(6000, 11) + 850) / 2
    assert [c.in_a for c in found.counted].count(True) == 11


def test_twenty_results() -> None:
    ranks = [r for r in range(100, 1001, 100) for _ in range(2)]
    found = rating([res(r) for r in ranks], NOW)
    # A over 5 + 12 = 17: 2 x (1000 + ... + 300) + 200 = 10600; B: (2 x 1000 + 2 x 900) / 4
    assert (found.part_a, found.part_b) == (F(10600, 17), F(950))
    assert found.value == F(13375, 17)


def test_weights_and_no_result() -> None:
    found = rating([res(1000, 2), res(500, 1)], NOW)
    # A: (2000 + 500 + 3 x 0) / (2 + 1 + 3); B: (2000 + 500 + 2 x 0) / (2 + 1 + 2)
    assert (found.part_a, found.part_b) == (F(2500, 6), F(500))
    assert rating([], NOW).value is None


def test_a_tie_at_the_part_b_cut() -> None:
    results = [res(1000), res(900), res(800), res(700, 3, "2025-12-01"), res(700, 1, "2026-05-01")]
    heavy = rating(results, NOW)
    # the weight-3 700 is in B: (1000 + 900 + 800 + 2100) / 6
    assert heavy.part_b == F(800)
    recent = rating(results, NOW, Readings(tie=TieReading.MORE_RECENT))
    # the later weight-1 700 is in B: 3400 / 4
    assert recent.part_b == F(850)


@pytest.mark.parametrize(
    ("end", "inclusive", "exclusive"),
    [
        ("2025-06-02", F(1), F(1)),
        ("2025-06-01", F(1), F(1, 2)),  # exactly 12 months old
        ("2025-05-31", F(1, 2), F(1, 2)),
        ("2024-06-01", F(1, 2), F(0)),  # exactly 24 months old
        ("2024-05-31", F(0), F(0)),
        ("2026-07-01", F(1), F(1)),  # after the day of reckoning
    ],
)
def test_ageing_at_its_edges(end: str, inclusive: F, exclusive: F) -> None:
    result = res(1000, end=end)
    assert age_factor(result, NOW) == inclusive
    assert age_factor(result, NOW, Readings(age=AgeReading.EXCLUSIVE)) == exclusive


def test_the_start_or_the_end_ages_a_result() -> None:
    result = res(1000, end="2025-06-02", start="2025-05-31")
    assert age_factor(result, NOW) == 1
    assert age_factor(result, NOW, Readings(age_date=AgeDate.START)) == F(1, 2)


def test_an_aged_result_weighs_less_and_an_old_one_not_at_all() -> None:
    found = rating([res(1000, end="2025-01-01"), res(0), res(1000, end="2020-01-01")], NOW)
    assert found.results == 2
    # A: (1000 x 1/2 + 0 + 3 x 0) / (1/2 + 1 + 3); B: 500 / (1/2 + 1 + 2)
    assert found.part_a == F(500) / F(9, 2)
    assert found.part_b == F(500) / F(7, 2)


def test_base_rank_readings() -> None:
    assert base_rank(75, 100) == 252  # the EMA's own example
    assert base_rank(75, 100, BaseRankReading.HALF_UP) == 253
    assert base_rank(75, 100, BaseRankReading.EXACT) == F(25000, 99)
    # 1000 x 1 / 16 = 62.5 and 1000 x 3 / 16 = 187.5
    assert [base_rank(16, 17, r) for r in BaseRankReading] == [62, 63, 62, F(125, 2)]
    assert [base_rank(14, 17, r) for r in BaseRankReading] == [187, 188, 188, F(375, 2)]
    assert (base_rank(1, 1), base_rank(1, 2), base_rank(2, 2)) == (1000, 1000, 0)
    with pytest.raises(InputError):
        base_rank(5, 4)


def test_world_championships_reading() -> None:
    world = Result("2026-05-01", "2026-05-03", 1, 11, F(5), world=True)
    assert rating([world, res(0)], NOW).results == 2
    assert rating([world, res(0)], NOW, Readings(world_championships=False)).results == 1


@pytest.mark.parametrize("text", ["2026-6-1", "26-06-01", "2026-13-01", "2026-06-00", "tomorrow"])
def test_bad_dates(text: str) -> None:
    with pytest.raises(InputError) as caught:
        age_factor(res(1000, end=text), NOW)
    assert caught.value.message.key == "ema.bad-date"


results_strategy = st.lists(
    st.builds(
        lambda place, extra, weight, month: Result(
            f"2025-{month:02d}-01", f"2025-{month:02d}-01", place, place + extra, F(weight, 2)
        ),
        st.integers(1, 50),
        st.integers(0, 50),
        st.integers(0, 10),
        st.integers(1, 12),
    ),
    max_size=25,
)


@settings(max_examples=200, deadline=None)
@given(results_strategy)
def test_a_rating_is_between_0_and_1000_and_part_a_never_exceeds_part_b(
    results: list[Result],
) -> None:
    found = rating(results, NOW)
    if found.value is None:
        assert all(r.weight == 0 for r in results)
        return
    assert 0 <= found.value <= 1000
    assert found.part_a is not None
    assert found.part_b is not None
    # part B averages the best results only, so it is never below part A's average of more
    assert found.part_b >= found.part_a or len(found.counted) <= 4
