"""The clock's JSON shape: every state written validates against its schema, keys in the
documented order, moments in UTC, messages in the chosen language; times typed by users."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from mjref.errors import InputError
from mjref.tournament import events as ev
from mjref.tournament.clock import clock_state
from mjref.wire.clock import ClockOut, clock_json, parse_moment
from tests.tournament.clock_helpers import T0, at, base, started

STATES = {
    "not started": (base("rcr-2016"), T0),
    "running, a table with extra time": (
        started("rcr-2016", more=(ev.ExtraTimeGranted(1, 2, 5, "frozen", at(3)),)),
        at(80),
    ),
    "paused": (started("rcr-2012", more=(ev.SessionPaused(1, at(3), "alarm"),)), at(4)),
    "ended": (started("rcr-2016", more=(ev.SessionEnded(1, at(60), "power cut"),)), at(61)),
    "time up, not stated": (started("mers-2010", minutes=120), at(121)),
    "time up, italian": (started("mers-2008+italian", minutes=120), at(121)),
}


@pytest.mark.parametrize("language", ["en", "hu", "it", "fr", "nl"])
@pytest.mark.parametrize("name", list(STATES))
def test_every_state_fits_the_schema(name: str, language: str) -> None:
    t, now = STATES[name]
    shaped = clock_json(clock_state(t, 1, now), language)
    ClockOut.model_validate(json.loads(json.dumps(shaped)))
    assert list(shaped) == [
        "tournament",
        "session",
        "position",
        "now",
        "ruleset",
        "phase",
        "stage",
        "opened",
        "closed",
        "minutes",
        "started_at",
        "ended_at",
        "paused_at",
        "elapsed",
        "remaining",
        "overtime",
        "paused_for",
        "ends_at",
        "signal",
        "pauses",
        "tables",
        "rules",
    ]


def test_what_the_shape_says() -> None:
    t, now = STATES["running, a table with extra time"]
    shaped = clock_json(clock_state(t, 1, now), "fr")
    assert shaped["now"] == "2026-06-01T09:20:00+00:00"
    assert shaped["started_at"] == "2026-06-01T08:00:00+00:00"
    assert (shaped["phase"], shaped["stage"], shaped["remaining"]) == ("running", "signal", 600)
    assert shaped["signal"] == {
        "minutes": 15,
        "clause": "rcr-2016:5.9",
        "at": "2026-06-01T09:15:00+00:00",
        "passed": True,
    }
    (table,) = shaped["tables"]
    assert (table["table"], table["extra_minutes"], table["ends_at"]) == (
        2,
        5,
        "2026-06-01T09:35:00+00:00",
    )
    assert table["grants"][0]["reason"] == "frozen"
    first = shaped["rules"][0]
    assert first["case"] == "signal/dice-thrown"
    assert first["label"]["key"] == "clock.case.signal/dice-thrown"
    assert first["says"][0]["key"] == "rulings.must.finish-hand-and-one-more"
    assert (
        first["says"][0]["text"] == "La donne en cours est terminée et une donne de plus est jouée."
    )
    assert first["clauses"] == ["rcr-2016:5.9"]
    silent, up = STATES["time up, not stated"]
    stopped = clock_json(clock_state(silent, 1, up), "en")["rules"][0]
    assert (stopped["covered"], stopped["clauses"]) == (False, [])
    assert stopped["says"][0]["text"].startswith("mers-2010 does not say what happens")


NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-06-01T14:05:00+02:00", datetime(2026, 6, 1, 12, 5, tzinfo=UTC)),
        ("2026-06-01T12:05:30Z", datetime(2026, 6, 1, 12, 5, 30, tzinfo=UTC)),
        (" 2026-06-01 12:05+00:00 ", datetime(2026, 6, 1, 12, 5, tzinfo=UTC)),
    ],
)
def test_times_users_type(text: str, expected: datetime) -> None:
    assert parse_moment(text, NOW, where="--at") == expected


def test_a_time_of_day_is_today_here() -> None:
    found = parse_moment("11:30", NOW, where="--at")
    local = NOW.astimezone()
    assert found.tzinfo is not None
    assert (found.hour, found.minute, found.second) == (11, 30, 0)
    assert found.date() == local.date()
    offset = found.utcoffset()
    assert offset is not None
    assert abs(offset) <= timedelta(hours=14)
    assert parse_moment("11:30:15", NOW.astimezone(UTC), where="--at").second == 15


@pytest.mark.parametrize(
    "text",
    ["", "soon", "25:00", "2026-13-01T10:00", "0001-01-01T00:00+00:00", "x" * 41, "１２:００"],
)
def test_what_is_not_a_time(text: str) -> None:
    with pytest.raises(InputError) as error:
        parse_moment(text, NOW, where="--at")
    assert (error.value.message.key, error.value.where) == ("clock.bad-at", "--at")
    assert len(str(error.value.message.params["value"])) <= 40
