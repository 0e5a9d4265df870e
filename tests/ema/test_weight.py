"""The MERS weight at every band edge (days, players with substitutes, countries under both
readings, qualification) and guests counted as the organising country; the figures are
those of the EMA's "Basics for ranking system" (docs/ema.md)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from mjref.ema.weight import (
    CountriesReading,
    count_countries,
    countries_points,
    mers_weight,
    parse_reading,
    players_points,
)
from mjref.errors import InputError

CURRENT, Y2018 = CountriesReading.CURRENT, CountriesReading.Y2018


@pytest.mark.parametrize(("days", "points"), [(1, "1"), (2, "2"), (3, "3")])
def test_days(days: int, points: str) -> None:
    weight = mers_weight(days=days, players=16, substitutes=0, countries=1, qualifying=False)
    assert weight.parts[0].points == Decimal(points)
    assert weight.total == Decimal(points)


@pytest.mark.parametrize("days", [0, 4, -1])
def test_days_out_of_range(days: int) -> None:
    with pytest.raises(InputError) as caught:
        mers_weight(days=days, players=16, substitutes=0, countries=1, qualifying=False)
    assert caught.value.message.key == "ema.bad-days"


@pytest.mark.parametrize(
    ("counted", "points"), [(0, "0"), (40, "0"), (41, "0.5"), (80, "0.5"), (81, "1"), (500, "1")]
)
def test_players_bands(counted: int, points: str) -> None:
    assert players_points(counted) == Decimal(points)


@pytest.mark.parametrize(
    ("players", "substitutes", "points"),
    [
        (40, 0, "0"),
        (38, 3, "0.5"),  # 41 counted
        (37, 5, "0"),  # only 3 substitutes count: 40
        (38, 9, "0.5"),
        (80, 0, "0.5"),
        (78, 3, "1"),  # 81 counted
        (77, 4, "0.5"),  # 80 counted
    ],
)
def test_at_most_three_substitutes_count(players: int, substitutes: int, points: str) -> None:
    weight = mers_weight(
        days=1, players=players, substitutes=substitutes, countries=1, qualifying=False
    )
    assert weight.parts[1].points == Decimal(points)
    assert weight.parts[1].why.params["counted"] == players + min(substitutes, 3)


@pytest.mark.parametrize(
    ("countries", "current", "y2018"),
    [
        (1, "0", "0"),
        (5, "0", "0"),
        (6, "0.5", "0.5"),
        (9, "0.5", "0.5"),
        (10, "1", "0.5"),
        (11, "1", "1"),
    ],
)
def test_countries_bands_under_both_readings(countries: int, current: str, y2018: str) -> None:
    assert countries_points(countries, CURRENT) == Decimal(current)
    assert countries_points(countries, Y2018) == Decimal(y2018)


def test_qualification_and_the_sum() -> None:
    weight = mers_weight(days=3, players=81, substitutes=0, countries=10, qualifying=True)
    assert [p.name for p in weight.parts] == ["days", "players", "countries", "qualifying"]
    assert str(weight.total) == "6.0"
    assert (
        str(mers_weight(days=1, players=16, substitutes=0, countries=1, qualifying=False).total)
        == "1.0"
    )


def test_negative_counts_are_refused() -> None:
    with pytest.raises(InputError) as caught:
        mers_weight(days=1, players=-1, substitutes=0, countries=1, qualifying=False)
    assert caught.value.message.key == "ema.bad-count"


def test_guests_count_as_the_organising_country() -> None:
    # JP and US are not EMA members: both count as NL, which is there already
    assert count_countries(["NL", "HU", "JP", "US", "NL"], "NL") == (2, 2)
    # with a host that is not otherwise present, the guests add it once
    assert count_countries(["JP", "US"], "DK") == (1, 2)
    assert count_countries(["HU", ""], "NL") == (1, 0)


def test_readings_by_name() -> None:
    assert parse_reading(" Countries-2018 ") is Y2018
    with pytest.raises(InputError) as caught:
        parse_reading("2017")
    assert caught.value.message.key == "ema.bad-reading"
