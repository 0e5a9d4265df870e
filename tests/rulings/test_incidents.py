"""The incident vocabulary: facts, their conversion from loose values, validation."""

from __future__ import annotations

import dataclasses

import pytest

from mjref.mcr.hand import McrHand
from mjref.players import PlayerId
from mjref.rulings import (
    IncidentError,
    NotCoveredError,
    decide,
    fact_fields,
    incident_from_facts,
    incident_types,
)
from mjref.rulings.facts import Call, Seat
from mjref.tiles import Wind


def test_every_incident_type_is_documented() -> None:
    for name, cls in incident_types().items():
        assert cls.TITLE, name
        assert cls.__doc__, name
        for fact, _, doc, _, _ in fact_fields(cls):
            assert doc, f"{name}.{fact} has no documentation"


def test_conversion_of_loose_values() -> None:
    found = incident_from_facts(
        "changed-call",
        {"first": "Pung", "second": "hu", "first_possible": "yes"},
        player=PlayerId(12),
        session=3,
    )
    assert (found.first, found.second, found.first_possible) == (Call.PUNG, Call.HU, True)  # type: ignore[attr-defined]
    assert (found.player, found.session, found.game) == (12, 3, 1)
    seats = incident_from_facts("claimed-tile-not-taken", {"completed_by": "right, opposite"})
    assert seats.completed_by == (Seat.RIGHT, Seat.OPPOSITE)  # type: ignore[attr-defined]
    assert incident_from_facts("claimed-tile-not-taken", {"completed_by": ""}).completed_by == ()  # type: ignore[attr-defined]
    assert incident_from_facts("turn-too-long", {"seconds": "12.5"}).seconds == 12.5  # type: ignore[attr-defined]


def test_a_hand_from_notation_or_an_object() -> None:
    plain = incident_from_facts(
        "false-hu", {"tiles_shown": True, "hand": "[123s][456p]678m11p99s+9s"}
    )
    assert isinstance(plain.hand, McrHand)  # type: ignore[attr-defined]
    flagged = incident_from_facts(
        "false-hu",
        {
            "tiles_shown": "true",
            "hand": {"tiles": "[123s](7777p)EE45678s+9s", "flowers": "2", "prevalent_wind": "s"},
        },
    )
    assert flagged.hand.flowers == 2  # type: ignore[attr-defined]
    assert flagged.hand.prevalent_wind is Wind.SOUTH  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "facts", "fact"),
    [
        ("late-arrival", {}, "minutes"),
        ("late-arrival", {"minutes": "ten"}, "minutes"),
        ("late-arrival", {"minutes": True}, "minutes"),
        ("late-arrival", {"minutes": 0}, "minutes"),
        ("late-arrival", {"minutes": 5, "hours": 1}, "hours"),
        ("false-set", {"discarded": "perhaps"}, "discarded"),
        ("wrong-call-word", {"call": "riichi", "word": "x"}, "call"),
        ("wrong-call-word", {"call": "pung", "word": "  "}, "word"),
        ("changed-call", {"first": "pung", "second": "pung"}, "second"),
        ("changed-call", {"first": "flower", "second": "pung"}, "first"),
        ("meld-call-not-made", {"call": "hu"}, "call"),
        ("claimed-tile-not-taken", {"completed_by": ["behind"]}, "completed_by"),
        ("claimed-tile-not-taken", {"completed_by": 2}, "completed_by"),
        ("false-hu", {"tiles_shown": True, "hand": 7}, "hand"),
        ("false-hu", {"tiles_shown": True, "hand": {"flowers": 1}}, "hand.tiles"),
        ("false-hu", {"tiles_shown": True, "hand": {"tiles": "11m", "colour": 1}}, "hand.colour"),
        (
            "false-hu",
            {"tiles_shown": True, "hand": {"tiles": "11m", "seat_wind": "X"}},
            "hand.seat_wind",
        ),
        ("false-hu", {"tiles_shown": True, "hand": "[12s]+9s"}, "hand"),
        ("tiles-exposed", {"source": "wall", "count": 0}, "count"),
        ("late-arrival", {"minutes": 3, "session": 0}, "session"),
    ],
)
def test_a_malformed_incident_names_the_fact(
    name: str, facts: dict[str, object], fact: str
) -> None:
    with pytest.raises(IncidentError) as caught:
        incident_from_facts(name, facts)
    assert caught.value.fact == fact
    assert name in str(caught.value)


def test_unknown_incident_type_lists_the_known_ones() -> None:
    with pytest.raises(IncidentError, match=r"unknown incident type 'late'.*late-arrival"):
        incident_from_facts("late", {})


def test_incidents_are_frozen_values() -> None:
    incident = incident_from_facts("late-arrival", {"minutes": 4})
    with pytest.raises(dataclasses.FrozenInstanceError):
        incident.minutes = 5  # type: ignore[misc]
    ruling = decide(incident, "mers")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruling.ruleset = "x"  # type: ignore[misc]
    assert isinstance(ruling.consequences, tuple)


def test_an_incident_of_the_other_family_is_not_covered() -> None:
    with pytest.raises(NotCoveredError, match="rulesets covering it: rcr-2016, rcr-2012"):
        decide(incident_from_facts("telephone", {}), "mers-2010")


def test_a_fact_only_some_rulesets_need() -> None:
    # MERS rules a wrong wall tile in the hand without asking who pointed it out ...
    incident = incident_from_facts("wrong-wall-tile", {"in_hand": True})
    assert decide(incident, "mers-2008").consequences
    # ... the Dutch overview cannot.
    with pytest.raises(IncidentError) as caught:
        decide(incident, "ema-2009")
    assert caught.value.fact == "pointed_out_immediately"
    assert "ema-2009:wrong-wall-tile-in-hand" in str(caught.value)
