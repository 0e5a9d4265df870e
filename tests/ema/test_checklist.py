"""The organiser's checklist: every item met, not met and (where it can be) not known yet,
at the edges of its threshold; each item names its source."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from mjref.ema.checklist import ChecklistFacts, ChecklistRules, Status, checklist

BASE = ChecklistFacts(
    family="mcr",
    days=1,
    sessions=3,
    session_minutes=120,
    players=32,
    ema_country_players=16,
    host="HU",
    host_players=16,
    referees=1,
    referees_at_start=1,
    results_in_time=((2, True), (3, True)),
    breaks=((2, 10), (3, 15)),
    clocked=(1, 2, 3),
    played=(1, 2, 3),
)


def _status(facts: ChecklistFacts, rules: ChecklistRules | None = None) -> dict[str, Status]:
    items = checklist(facts) if rules is None else checklist(facts, rules)
    return {i.name: i.status for i in items}


def test_everything_met_at_the_edges() -> None:
    items = checklist(BASE)
    assert [i.name for i in items] == [
        "sessions",
        "session-length",
        "breaks",
        "ema-players",
        "local-share",
        "referees",
        "referees-named",
        "results",
        "clock",
    ]
    assert {i.status for i in items} == {Status.MET}
    assert all(i.source.key == f"ema.source.{i.name}" for i in items)


@pytest.mark.parametrize(
    ("change", "item"),
    [
        ({"sessions": 2}, "sessions"),
        ({"days": 2, "sessions": 5}, "sessions"),
        ({"session_minutes": 119}, "session-length"),
        ({"family": "riichi", "session_minutes": 89, "sessions": 4}, "session-length"),
        ({"breaks": ((2, 9),)}, "breaks"),
        ({"ema_country_players": 15}, "ema-players"),
        ({"host_players": 17}, "local-share"),
        ({"players": 33}, "referees"),
        ({"referees_at_start": 0}, "referees-named"),
        ({"results_in_time": ((2, True), (3, False))}, "results"),
        ({"clocked": (1, 3)}, "clock"),
    ],
)
def test_each_item_not_met(change: dict[str, object], item: str) -> None:
    status = _status(dataclasses.replace(BASE, **change))  # type: ignore[arg-type]
    assert status[item] is Status.NOT_MET
    assert [k for k, v in status.items() if v is Status.NOT_MET] in (
        [item],
        [item, "referees-named"],
    )


def test_riichi_needs_four_sessions_a_day_of_90_minutes() -> None:
    riichi = dataclasses.replace(BASE, family="riichi", sessions=8, days=2, session_minutes=90)
    assert _status(riichi)["sessions"] is Status.MET
    assert _status(dataclasses.replace(riichi, sessions=7))["sessions"] is Status.NOT_MET


def test_not_known_yet() -> None:
    before = dataclasses.replace(
        BASE, host="", results_in_time=(), breaks=(), clocked=(), played=(), referees_at_start=None
    )
    status = _status(before)
    assert [k for k, v in status.items() if v is Status.UNKNOWN] == [
        "breaks",
        "local-share",
        "results",
        "clock",
    ]
    # before session 1, the referees named so far count
    assert status["referees-named"] is Status.MET
    assert _status(dataclasses.replace(before, referees=0))["referees-named"] is Status.NOT_MET


def test_the_readings_can_be_changed() -> None:
    strict = ChecklistRules(max_local_share=Fraction(1, 3), min_ema_players=20)
    status = _status(BASE, strict)
    assert status["local-share"] is Status.NOT_MET
    assert status["ema-players"] is Status.NOT_MET
