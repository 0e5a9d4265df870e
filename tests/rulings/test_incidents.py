"""The incident vocabulary: facts, their conversion from loose values, validation."""

from __future__ import annotations

import dataclasses

import pytest

from mjref.players import PlayerId
from mjref.rulings import (
    IncidentError,
    NotCoveredError,
    decide,
    fact_fields,
    facts_from_text,
    incident_from_facts,
    incident_types,
)
from mjref.rulings.facts import Call, Revealed, Seat


def test_every_incident_type_is_documented() -> None:
    for name, cls in incident_types().items():
        assert cls.TITLE, name
        assert cls.__doc__, name
        for fact, _, doc, _, _ in fact_fields(cls):
            assert doc, f"{name}.{fact} has no documentation"


def test_facts_as_text_are_read_as_their_declared_types() -> None:
    text = facts_from_text("changed-call", ["first=Pung", "second=hu", "first_possible=yes"])
    assert text == {"first": "Pung", "second": "hu", "first_possible": True}
    found = incident_from_facts("changed-call", text, player=PlayerId(12), session=3)
    assert (found.first, found.second, found.first_possible) == (Call.PUNG, Call.HU, True)  # type: ignore[attr-defined]
    assert (found.player, found.session, found.game) == (12, 3, 1)
    seats = facts_from_text("claimed-tile-not-taken", ["completed_by=right, opposite"])
    assert incident_from_facts("claimed-tile-not-taken", seats).completed_by == (  # type: ignore[attr-defined]
        Seat.RIGHT,
        Seat.OPPOSITE,
    )
    assert facts_from_text("claimed-tile-not-taken", ["completed_by="]) == {"completed_by": []}
    assert facts_from_text("turn-too-long", ["seconds=12.5"]) == {"seconds": 12.5}
    assert facts_from_text("late-arrival", ["minutes=12"]) == {"minutes": 12}


@pytest.mark.parametrize(
    ("facts", "fact"),
    [
        ({"minutes": "5"}, "minutes"),
        ({"minutes": "5.5"}, "minutes"),
        ({"minutes": -1}, "minutes"),
        ({"minutes": 10**20}, "minutes"),
        ({"minutes": 1441}, "minutes"),
    ],
)
def test_json_facts_keep_their_json_types(facts: dict[str, object], fact: str) -> None:
    with pytest.raises(IncidentError) as caught:
        incident_from_facts("late-arrival", facts)
    assert caught.value.fact == fact
    with pytest.raises(IncidentError) as caught:
        incident_from_facts("tiles-exposed", {"source": "wall", "count": 5.0})
    assert caught.value.fact == "count"


def test_minutes_late_may_hold_a_part_of_a_minute() -> None:
    """Lateness to the second: a number in JSON, a decimal in text; whole values stay whole."""
    assert incident_from_facts("late-arrival", {"minutes": 10.5}).minutes == 10.5  # type: ignore[attr-defined]
    assert incident_from_facts("late-arrival", {"minutes": 10.0}).minutes == 10  # type: ignore[attr-defined]
    assert facts_from_text("late-arrival", ["minutes=10.5"]) == {"minutes": 10.5}


@pytest.mark.parametrize(
    "facts",
    [
        {"discarded": "yes"},
        {"discarded": 1},
        {"discarded": "true"},
    ],
)
def test_a_yes_or_no_fact_in_json_is_true_or_false(facts: dict[str, object]) -> None:
    with pytest.raises(IncidentError, match="expected true or false"):
        incident_from_facts("false-set", facts)


@pytest.mark.parametrize(
    ("pairs", "words"),
    [
        (["minutes=5", "minutes=20"], "the fact 'minutes' is given more than once"),
        (["minutes"], "a fact is NAME=VALUE"),
        (["minutes=soon"], "expected a number"),
        (["minutes=" + "9" * 5000], "expected a number"),
        (["hours=1"], "unknown fact 'hours'"),
    ],
)
def test_facts_as_text_refuse_repeats_and_bad_values(pairs: list[str], words: str) -> None:
    with pytest.raises(IncidentError, match=words):
        facts_from_text("late-arrival", pairs)


def test_hand_facts_as_text_follow_the_hand_schema() -> None:
    facts = facts_from_text(
        "false-hu",
        ["tiles_shown=yes", "hand.tiles=[123s](7777p)EE45678s+9s", "hand.flowers=2"],
    )
    assert facts["hand"] == {"tiles": "[123s](7777p)EE45678s+9s", "flowers": 2}
    with pytest.raises(IncidentError, match="given more than once"):
        facts_from_text("false-hu", ["hand.flowers=2", "hand.flowers=3"])
    with pytest.raises(IncidentError, match=r"hand.flowers: 9 is out of range \(0 to 8\)"):
        facts_from_text("false-hu", ["hand.flowers=9"])


def test_the_word_none_is_a_value_not_absence() -> None:
    """RCR 5.1.3: 'revealed = none' is one of the three cases; it must not read as missing,
    as text (-f) or in JSON."""
    pairs = ["first=hu", "second=pung", "winning_hand=no", "revealed=none"]
    facts = facts_from_text("changed-call", pairs)
    assert facts["revealed"] == "none"
    incident = incident_from_facts("changed-call", facts)
    assert incident.revealed is Revealed.NONE  # type: ignore[attr-defined]
    assert decide(incident, "rcr-2016").compact() == ("dead-hand @rcr-2016:5.1.3",)
    as_json = {"first": "hu", "second": "pung", "winning_hand": False, "revealed": "None "}
    assert incident_from_facts("changed-call", as_json).revealed is Revealed.NONE  # type: ignore[attr-defined]


@pytest.mark.parametrize("value", ["none", "", "  ", "null"])
def test_no_text_stands_for_an_unknown_optional_fact(value: str) -> None:
    """An optional number, flag or choice given as a sentinel word is a wrong value, not
    absence (leave the fact out when it is not known)."""
    for name, pairs, fact in (
        ("tiles-exposed", ["source=wall", f"count={value}"], "count"),
        ("meld-call-not-made", ["call=pung", f"possible={value}"], "possible"),
        ("false-hu", ["tiles_shown=yes", f"reason={value}"], "reason"),
    ):
        with pytest.raises(IncidentError) as caught:
            incident_from_facts(name, facts_from_text(name, pairs))
        assert caught.value.fact == fact
    for name, facts, fact in (
        ("tiles-exposed", {"source": "wall", "count": value}, "count"),
        ("meld-call-not-made", {"call": "pung", "possible": value}, "possible"),
    ):
        with pytest.raises(IncidentError) as caught:
            incident_from_facts(name, facts)
        assert caught.value.fact == fact


def test_json_null_is_absence() -> None:
    """A fact (or a hand's flag) given as JSON null is not given: its default applies, or
    the fact is missing."""
    incident = incident_from_facts("tiles-exposed", {"source": "wall", "count": None})
    assert incident.count is None  # type: ignore[attr-defined]
    with pytest.raises(IncidentError, match="missing") as caught:
        incident_from_facts("false-set", {"discarded": None})
    assert caught.value.fact == "discarded"
    hand = {"tiles": "[123s][456p]678m11p99s+9s", "flowers": None, "seat_wind": None}
    found = incident_from_facts("false-hu", {"tiles_shown": True, "hand": hand})
    assert found.hand.flowers == 0  # type: ignore[attr-defined]
    riichi = {"tiles": "234m567p33s67sPPP+8s", "discards": ""}
    known = incident_from_facts("false-hu", {"tiles_shown": True, "riichi_hand": riichi})
    assert known.riichi_hand.discards == ()  # type: ignore[attr-defined]
    riichi["discards"] = None  # type: ignore[assignment]
    unknown = incident_from_facts("false-hu", {"tiles_shown": True, "riichi_hand": riichi})
    assert unknown.riichi_hand.discards is None  # type: ignore[attr-defined]
    # 'none' would say neither 'not known' (left out, or null) nor 'no discards yet' ('').
    riichi["discards"] = "none"
    with pytest.raises(IncidentError) as caught:
        incident_from_facts("false-hu", {"tiles_shown": True, "riichi_hand": riichi})
    assert caught.value.fact == "riichi_hand.discards"
    with pytest.raises(IncidentError):
        facts_from_text(
            "false-hu", ["riichi_hand.tiles=234m567p33s67sPPP+8s", "riichi_hand.discards=none"]
        )


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
        (
            "false-hu",
            {"tiles_shown": True, "hand": {"tiles": "11m", "flowers": "2"}},
            "hand.flowers",
        ),
        (
            "false-hu",
            {"tiles_shown": True, "hand": {"tiles": "11m+1m", "flowers": 9}},
            "hand.flowers",
        ),
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


@pytest.mark.parametrize(
    "hand",
    [
        "123m456p789s11pEE",  # no winning tile marked
        {"tiles": "1111m456p789s11pE+E", "visible": "1m"},  # a fifth copy with the visible
    ],
)
def test_an_impossible_hand_is_a_wrong_fact_not_a_false_hu(hand: object) -> None:
    incident = incident_from_facts("false-hu", {"tiles_shown": True, "hand": hand})
    with pytest.raises(IncidentError) as caught:
        decide(incident, "mers-2010")
    assert caught.value.fact == "hand"
