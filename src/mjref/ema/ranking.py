"""A player's EMA rating from their counted results, as the EMA's ranking rules compute
it, with the points the EMA's text leaves open as named readings (``docs/ema.md``).

- base rank: 1000 x (N - place) / (N - 1) (a tournament of one player: 1000);
- a result's weight: the tournament's MERS weight x its age factor (1 up to a year old,
  0.5 up to two years, then 0);
- fewer than 5 results with a weight are padded with results of base rank 0 and weight 1;
  a player needs 2 results to be ranked;
- part A: the weighted average of the best 5 + ceil(0.8 x (n - 5)) results (n: the results
  with a weight, the padding included); part B: of the best 4; the rating is 0.5 A + 0.5 B.

Dates are ``YYYY-MM-DD`` text (the core reads no clock and imports no date library).

>>> r = [Result("2026-05-01", "2026-05-02", 1, 9, Fraction(2))] * 2
>>> rating(r, "2026-06-01").value
Fraction(13000, 21)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from mjref.ema import _messages, _ranking_messages  # noqa: F401  (registers the wording)
from mjref.errors import InputError

MIN_RESULTS = 5
"""Results below this number are padded."""
MIN_RANKED = 2
"""Results a player needs to be ranked."""
PART_B = 4
"""Results part B averages."""


class BaseRankReading(enum.StrEnum):
    """How a base rank that is not whole is kept."""

    TRUNCATE = "base-rank-truncate"
    """Cut to the whole number below (the EMA's example: 75th of 100 is 252, not 253)."""
    HALF_UP = "base-rank-half-up"
    """Rounded to the nearest, .5 up (866.5: 867)."""
    HALF_EVEN = "base-rank-half-even"
    """Rounded to the nearest, .5 to the even number (a rating portal's Python ``round``)."""
    EXACT = "base-rank-exact"
    """Kept exact (a fraction)."""


class AgeReading(enum.StrEnum):
    """Whether a result exactly one (two) years old still has the weight of the year."""

    INCLUSIVE = "age-inclusive"
    """A result exactly 12 months old counts fully, exactly 24 months old half."""
    EXCLUSIVE = "age-exclusive"
    """A result exactly 12 months old counts half, exactly 24 months old not at all."""


class AgeDate(enum.StrEnum):
    """Which date of a tournament ages its result."""

    END = "age-from-end"
    START = "age-from-start"


class TieReading(enum.StrEnum):
    """Which of two results with the same base rank is taken first at a cut-off."""

    HIGHER_WEIGHT = "tie-higher-weight"
    MORE_RECENT = "tie-more-recent"


@dataclass(frozen=True, slots=True)
class Readings:
    """The readings applied (defaults: ``docs/ema.md``)."""

    base_rank: BaseRankReading = BaseRankReading.TRUNCATE
    age: AgeReading = AgeReading.INCLUSIVE
    age_date: AgeDate = AgeDate.END
    tie: TieReading = TieReading.HIGHER_WEIGHT
    world_championships: bool = True
    """Whether results of world championships count (reading ``wc-count``)."""


DEFAULT_READINGS = Readings()


@dataclass(frozen=True, slots=True)
class Result:
    """One counted result: the tournament's dates, the place, the players and its MERS
    weight; ``world``: a world championship; ``label``: the tournament, for people."""

    start: str
    end: str
    place: int
    players: int
    weight: Fraction
    world: bool = False
    label: str = ""


@dataclass(frozen=True, slots=True)
class Counted:
    """A result as the rating took it: its base rank, age factor and weight (``padding``:
    a result added to reach 5), and whether it is in part A and part B."""

    result: Result | None
    base_rank: Fraction
    age: Fraction
    weight: Fraction
    in_a: bool
    in_b: bool


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating: its value (``None``: no result with a weight), whether the player is
    ranked (2 results or more), parts A and B, and every result as it counted."""

    value: Fraction | None
    ranked: bool
    part_a: Fraction | None
    part_b: Fraction | None
    counted: tuple[Counted, ...]
    results: int
    """The results with a weight (without the padding)."""


def parse_day(text: str, where: str = "date") -> tuple[int, int, int]:
    """``YYYY-MM-DD`` as (year, month, day)."""
    parts = text.strip().split("-")
    if (
        len(parts) != 3
        or [len(p) for p in parts] != [4, 2, 2]
        or not all(p.isascii() and p.isdigit() for p in parts)
    ):
        raise InputError.of("ema.bad-date", where, value=text.strip()[:20])
    year, month, day = (int(p) for p in parts)
    if not (1 <= month <= 12 and 1 <= day <= 31):
        raise InputError.of("ema.bad-date", where, value=text.strip()[:20])
    return year, month, day


def base_rank(
    place: int, players: int, reading: BaseRankReading = BaseRankReading.TRUNCATE
) -> Fraction:
    """1000 x (N - place) / (N - 1), kept as ``reading`` says."""
    if players < 1 or not 1 <= place <= players:
        raise InputError.of("ema.bad-place", "place", place=place, players=players)
    if players == 1:
        return Fraction(1000)
    exact = Fraction(1000 * (players - place), players - 1)
    if reading is BaseRankReading.EXACT:
        return exact
    if reading is BaseRankReading.TRUNCATE:
        return Fraction(math.floor(exact))
    if reading is BaseRankReading.HALF_UP:
        return Fraction(math.floor(exact + Fraction(1, 2)))
    return Fraction(round(exact))


def age_factor(result: Result, reckoning: str, readings: Readings = DEFAULT_READINGS) -> Fraction:
    """1, 1/2 or 0 as the result's date is within a year, two years, or older."""
    y, m, d = parse_day(result.end if readings.age_date is AgeDate.END else result.start)
    now = parse_day(reckoning, "reckoning")
    one, two = (y + 1, m, d), (y + 2, m, d)
    if readings.age is AgeReading.INCLUSIVE:
        return Fraction(1) if now <= one else Fraction(1, 2) if now <= two else Fraction(0)
    return Fraction(1) if now < one else Fraction(1, 2) if now < two else Fraction(0)


def part_a_size(results: int) -> int:
    """5 + ceil(0.8 x (n - 5)), at least 5."""
    return MIN_RESULTS + math.ceil(Fraction(4, 5) * max(results - MIN_RESULTS, 0))


def _average(items: Sequence[Counted]) -> Fraction:
    total = sum((c.weight for c in items), Fraction(0))
    return sum((c.base_rank * c.weight for c in items), Fraction(0)) / total


def rating(
    results: Iterable[Result], reckoning: str, readings: Readings = DEFAULT_READINGS
) -> Rating:
    """The rating on the day ``reckoning`` from ``results`` (one family's)."""
    weighed: list[Counted] = []
    for r in results:
        if r.world and not readings.world_championships:
            continue
        age = age_factor(r, reckoning, readings)
        if age == 0 or r.weight <= 0:
            continue
        weighed.append(
            Counted(
                r,
                base_rank(r.place, r.players, readings.base_rank),
                age,
                r.weight * age,
                False,
                False,
            )
        )
    real = len(weighed)
    if real == 0:
        return Rating(None, False, None, None, (), 0)

    def key(c: Counted) -> tuple[Fraction, Fraction | tuple[int, int, int]]:
        assert c.result is not None
        second: Fraction | tuple[int, int, int] = (
            c.weight if readings.tie is TieReading.HIGHER_WEIGHT else parse_day(c.result.end)
        )
        return (c.base_rank, second)

    ordered = sorted(weighed, key=key, reverse=True)
    padding = [
        Counted(None, Fraction(0), Fraction(1), Fraction(1), False, False)
        for _ in range(MIN_RESULTS - real)
    ]
    ordered += padding
    size_a = part_a_size(len(ordered))
    marked = [replace(c, in_a=i < size_a, in_b=i < PART_B) for i, c in enumerate(ordered)]
    part_a = _average(marked[:size_a])
    part_b = _average(marked[:PART_B])
    value = (part_a + part_b) / 2
    return Rating(value, real >= MIN_RANKED, part_a, part_b, tuple(marked), real)
