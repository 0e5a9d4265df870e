"""The EMA's named readings changed by an official: recorded with who and when, the ones
not given kept, an unknown one refused by the fold; the MERS weight and the ranking
preview apply the readings in force; the countries' bands follow whichever came last of
the readings and the EMA details."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.ema.ranking import AgeReading, BaseRankReading, Result
from mjref.ema.weight import CountriesReading
from mjref.services import ema
from mjref.services import tournament as ts
from mjref.tournament.errors import TournamentError
from tests.tournament.helpers import KW, NOW, P
from tests.tournament.memlog import MemoryLog

COUNTRIES = ["HU", "IT", "FR", "NL", "DE", "AT", "BE", "CH", "CZ", "DK"]


def _cup() -> MemoryLog:
    log = MemoryLog()
    ts.create_tournament(log, "t", name="T", ruleset="mers-2010", sessions=1, **KW)
    for n, country in enumerate(COUNTRIES, start=1):
        details = ts.player_details(f"F{n}", f"L{n}", country, ema_number=f"0100000{n - 1}")
        ts.add_player(log, "t", details, check_in=True, **KW)
    return log


def test_the_defaults_then_a_change_recorded_with_who_and_when() -> None:
    log = _cup()
    found = ema.ema_readings(log, "t")
    assert found.set_at is None
    assert ema.reading_names(found) == {
        "countries": "countries-current",
        "base_rank": "base-rank-truncate",
        "age": "age-inclusive",
        "age_date": "age-from-end",
        "tie": "tie-higher-weight",
        "world_championships": "wc-count",
    }
    recorded = ema.set_ema_readings(
        log, "t", base_rank=" Base-Rank-Half-Up ", world_championships=False, actor="ref", now=NOW
    )
    assert recorded.event.KIND == "ema-readings-set"
    found = ema.ema_readings(log, "t")
    assert (found.set_at, found.actor, found.at) == (recorded.seq, "ref", recorded.at)
    names = ema.reading_names(found)
    assert names["base_rank"] == "base-rank-half-up"
    assert names["world_championships"] == "wc-excluded"
    assert names["age"] == "age-inclusive"  # not given: kept
    ema.set_ema_readings(log, "t", age="age-exclusive", **KW)
    names = ema.reading_names(ema.ema_readings(log, "t"))
    assert (names["base_rank"], names["age"]) == ("base-rank-half-up", "age-exclusive")


@pytest.mark.parametrize(
    "given",
    [
        {"countries": "countries-1999"},
        {"base_rank": "round"},
        {"age": "age-never"},
        {"age_date": "age-from-middle"},
        {"tie": "tie-coin"},
    ],
)
def test_an_unknown_reading_is_refused_by_the_fold(given: Mapping[str, str]) -> None:
    log = _cup()
    before = len(ts.read_log(log, "t"))
    with pytest.raises(TournamentError) as error:
        ema.set_ema_readings(log, "t", **given, **KW)  # type: ignore[arg-type]
    assert error.value.message.key == "ema.bad-reading"
    assert error.value.where == next(iter(given))
    assert len(ts.read_log(log, "t")) == before


def test_the_weight_follows_the_countries_reading_last_set() -> None:
    log = _cup()  # 10 countries: +1 under countries-current, +0.5 under countries-2018
    assert ema.weight_of(log, "t").weight.total == Fraction(2)
    ema.set_ema_readings(log, "t", countries="countries-2018", **KW)
    report = ema.weight_of(log, "t")
    assert report.details.reading is CountriesReading.Y2018
    assert report.weight.total == Fraction(3, 2)
    # the EMA details set afterwards carry their own reading: the last one counts
    ema.set_ema_details(log, "t", days=1, qualifying=False, host_country="HU", **KW)
    assert ema.weight_of(log, "t").weight.total == Fraction(2)
    ema.set_ema_readings(log, "t", countries="countries-2018", **KW)
    assert ema.weight_of(log, "t").weight.total == Fraction(3, 2)


class _Ranking:
    def __init__(self, results: tuple[Result, ...]) -> None:
        self.results = results

    def replace_results(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("not used")

    def results_of(self, ema_number: str, family: str) -> tuple[Result, ...]:
        return self.results

    def last_import(self) -> None:
        return None


def test_the_preview_applies_the_readings_in_force() -> None:
    log = _cup()
    # one result, 2nd of 4: base rank 1000 x 2 / 3 = 666.6...: 666 cut, 667 rounded
    store = _Ranking((Result("2026-05-01", "2026-05-02", 2, 4, Fraction(1), False, "Open"),))
    before = ema.ranking_preview(log, "t", store, P(1), now=NOW)  # type: ignore[arg-type]
    assert before.readings.base_rank is BaseRankReading.TRUNCATE
    assert before.now.counted[0].base_rank == 666
    ema.set_ema_readings(log, "t", base_rank="base-rank-half-up", age="age-exclusive", **KW)
    after = ema.ranking_preview(log, "t", store, P(1), now=NOW)  # type: ignore[arg-type]
    assert after.readings.base_rank is BaseRankReading.HALF_UP
    assert after.readings.age is AgeReading.EXCLUSIVE
    assert after.now.counted[0].base_rank == 667


@settings(max_examples=150, deadline=None)
@given(
    field=st.sampled_from(["countries", "base_rank", "age", "age_date", "tie"]),
    value=st.text(max_size=60),
)
def test_any_reading_typed_is_recorded_or_refused_naming_its_field(field: str, value: str) -> None:
    log = _cup()
    refused: TournamentError | None = None
    try:
        ema.set_ema_readings(log, "t", **{field: value}, **KW)  # type: ignore[arg-type]
    except TournamentError as caught:
        refused = caught
    names = ema.reading_names(ema.ema_readings(log, "t"))
    if refused is not None:
        assert refused.message.key == "ema.bad-reading"
        assert refused.where == field
        assert ema.ema_readings(log, "t").set_at is None
    else:
        assert names[field] == value.strip().lower()
        assert value.strip().lower() in dict(ema.READING_CHOICES)[field]
