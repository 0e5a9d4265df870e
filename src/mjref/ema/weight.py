"""The MERS weight of a tournament: days + players + countries + qualification, as the
EMA's "Basics for ranking system" defines it (``docs/ema.md`` cites the page).

- days: 1, 2 or 3 days give 1, 2 or 3;
- players: more than 40 give +0.5, more than 80 give +1; substitutes who played count, at
  most :data:`MAX_SUBSTITUTES` of them;
- countries: more than 5 give +0.5; the upper band is a named reading
  (:class:`CountriesReading`): ``countries-current`` (10 or more: +1, the page as
  published now, the default) or ``countries-2018`` (more than 10: +1, the band announced
  for 2018);
- a tournament one must qualify for: +1.

Players from countries that are not EMA members count as the organising country
(:func:`count_countries`, the reading ``guests-as-host`` of ``docs/ema.md``).

>>> w = mers_weight(days=2, players=41, substitutes=0, countries=6, qualifying=False)
>>> str(w.total)
'3.0'
>>> str(mers_weight(days=1, players=40, substitutes=5, countries=10, qualifying=True).total)
'3.5'
>>> str(mers_weight(days=1, players=40, substitutes=0, countries=10, qualifying=False,
...                 reading=CountriesReading.Y2018).total)
'1.5'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from mjref.ema import _messages  # noqa: F401  (registers the wording)
from mjref.ema.members import is_member
from mjref.errors import InputError
from mjref.messages import Message

MAX_SUBSTITUTES = 3
"""The most substitutes counted as players."""

HALF = Decimal("0.5")
ONE = Decimal("1")
ZERO = Decimal("0")


class CountriesReading(enum.StrEnum):
    """Where the countries' upper band starts (see the module's description)."""

    CURRENT = "countries-current"
    Y2018 = "countries-2018"


@dataclass(frozen=True, slots=True)
class WeightPart:
    """One term of the weight: its name, its points and how they were reached."""

    name: str
    points: Decimal
    why: Message


@dataclass(frozen=True, slots=True)
class MersWeight:
    """The weight, its terms and the reading applied."""

    total: Decimal
    parts: tuple[WeightPart, ...]
    reading: CountriesReading


def players_points(counted: int) -> Decimal:
    """More than 40 players: 0.5; more than 80: 1."""
    return ONE if counted > 80 else HALF if counted > 40 else ZERO


def countries_points(countries: int, reading: CountriesReading) -> Decimal:
    """More than 5 countries: 0.5; the upper band as ``reading`` says."""
    top = countries >= 10 if reading is CountriesReading.CURRENT else countries > 10
    return ONE if top else HALF if countries > 5 else ZERO


def count_countries(countries: Iterable[str], host: str) -> tuple[int, int]:
    """The number of countries, a player of a country that is not an EMA member counted
    as ``host``; and how many players were so counted."""
    seen: set[str] = set()
    guests = 0
    for country in countries:
        if country and not is_member(country):
            guests += 1
            country = host
        if country:
            seen.add(country)
    return len(seen), guests


def mers_weight(
    *,
    days: int,
    players: int,
    substitutes: int,
    countries: int,
    qualifying: bool,
    reading: CountriesReading = CountriesReading.CURRENT,
) -> MersWeight:
    """The MERS weight (see the module's description)."""
    if days not in (1, 2, 3):
        raise InputError.of("ema.bad-days", "days", days=days)
    for what, value in (
        ("players", players),
        ("substitutes", substitutes),
        ("countries", countries),
    ):
        if value < 0:
            raise InputError.of("ema.bad-count", what, what=what, value=value)
    subs = min(substitutes, MAX_SUBSTITUTES)
    counted = players + subs
    parts = (
        WeightPart(
            "days", Decimal(days), Message("ema.weight.days", {"days": days, "points": days})
        ),
        WeightPart(
            "players",
            players_points(counted),
            Message(
                "ema.weight.players",
                {
                    "counted": counted,
                    "players": players,
                    "subs": subs,
                    "substitutes": substitutes,
                    "max_subs": MAX_SUBSTITUTES,
                    "points": str(players_points(counted)),
                },
            ),
        ),
        WeightPart(
            "countries",
            countries_points(countries, reading),
            Message(
                "ema.weight.countries-read",
                {
                    "countries": countries,
                    "reading": reading.value,
                    "described": Message(f"ema.reading.{reading.value}"),
                    "points": str(countries_points(countries, reading)),
                },
            ),
        ),
        WeightPart(
            "qualifying",
            ONE if qualifying else ZERO,
            Message(
                "ema.weight.qualifying" if qualifying else "ema.weight.open",
                {"points": "1" if qualifying else "0"},
            ),
        ),
    )
    total = sum((p.points for p in parts), ZERO)
    return MersWeight(total.quantize(Decimal("0.0")), parts, reading)


def parse_reading(value: str) -> CountriesReading:
    """A countries reading by name."""
    try:
        return CountriesReading(value.strip().lower())
    except ValueError:
        choices = ", ".join(r.value for r in CountriesReading)
        raise InputError.of("ema.bad-reading", "reading", value=value, choices=choices) from None
