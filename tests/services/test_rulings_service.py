"""The rulebook's use cases (mjref.services.rulings) and their JSON shapes
(mjref.wire.rulings): rule from facts or a JSON request, the JSON shape, look-ups."""

from __future__ import annotations

import json

import pytest

from mjref.rules import Family
from mjref.rulings import IncidentError, Ruling
from mjref.services.rulings import (
    IncidentReport,
    compare_rulesets,
    list_incidents,
    list_rulesets,
    rule_incident,
    show_clause,
)
from mjref.wire.rulings import RequestError, read_ruling_request, ruling_json


def rule(incident: str, facts: dict[str, object], ruleset: str) -> Ruling:
    return rule_incident(IncidentReport(incident, facts), ruleset)


def rule_request(data: object) -> Ruling:
    request = read_ruling_request(data)
    return rule_incident(request.report, request.ruleset or "mers", request.history)


def test_rule_with_a_history_counts_the_ladder() -> None:
    history = [
        IncidentReport("false-set", {"discarded": False}, player="A"),
        IncidentReport("false-set", {"discarded": False}, player="B"),
    ]
    ruling = rule_incident(
        IncidentReport("passing-information", {"about": "strategy"}, player="A"),
        "mers-2008",
        history,
    )
    assert ruling.ladder_step is not None
    assert ruling.ladder_step.points == 5


def test_rule_request() -> None:
    ruling = rule_request(
        {"incident": "late-arrival", "ruleset": "ema-2009", "facts": {"minutes": 10}}
    )
    assert ruling.compact() == ("deduction:10 @ema-2009:late-up-to-10",)
    default = rule_request({"incident": "late-arrival", "facts": {"minutes": 10}})
    assert default.ruleset == "mers-2010"


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ([], "must be a JSON object, not list"),
        ({"facts": {}}, "the request lacks 'incident'"),
        ({"incident": "late-arrival", "colour": 1}, "unknown key 'colour' in the request"),
        ({"incident": 3}, "'incident' in the request must be a non-empty string"),
        ({"incident": "late-arrival", "facts": [1]}, "'facts' in the request must be an object"),
        ({"incident": "late-arrival", "session": "2"}, "'session' in the request must be a whole"),
        ({"incident": "late-arrival", "history": {}}, "'history' in the request must be a list"),
        (
            {"incident": "false-set", "facts": {"discarded": True}, "history": [{"facts": {}}]},
            "history entry 1 lacks 'incident'",
        ),
    ],
)
def test_malformed_requests(request_: object, words: str) -> None:
    with pytest.raises(RequestError, match=words):
        rule_request(request_)


def test_a_request_with_a_bad_fact_names_it() -> None:
    with pytest.raises(IncidentError) as caught:
        rule_request({"incident": "late-arrival", "facts": {"minutes": "soon"}})
    assert caught.value.fact == "minutes"


def test_ruling_json_shape() -> None:
    ruling = rule(
        "false-hu",
        {"tiles_shown": True, "hand": "[123s][456p]678m11p99s+9s"},
        "mers-2010",
    )
    shaped = ruling_json(ruling, "it")
    json.dumps(shaped)  # JSON-serialisable
    assert shaped["facts"] == {
        "tiles_shown": True,
        "hand": {
            "tiles": "[123s][456p]678m11p99s+9s",
            "self_drawn": False,
            "seat_wind": "E",
            "prevalent_wind": "E",
            "flowers": 0,
            "last_tile": False,
            "kong_win": False,
            "wall_last": False,
            "winning_tile_shown": True,
            "visible": "",
        },
        "could_not_find_8": False,
        "reason": None,
        "riichi_hand": None,
    }
    payment = shaped["consequences"][1]  # type: ignore[index]
    assert payment["kind"] == "payment-each"
    assert payment["points"] == 10
    assert payment["clause"] == "mers-2010:2.10.2"
    assert payment["explanation"]["text"] == (
        "Chi ha sbagliato paga 10 punti a ciascun altro giocatore."
    )
    assert payment["explanation"]["key"] == "rulings.kind.payment-each"
    first = shaped["citations"][0]  # type: ignore[index]
    assert (first["clause"], first["section"], first["section_language"]) == (
        "mers-2010:2.10.2",
        "2.9.2",
        "fr",
    )
    assert first["where"] == "art. 2.9.2 (fr)"
    assert shaped["explanation"][0] == "Decisione secondo mers-2010: Falso hu (falso mahjong)"  # type: ignore[index]


def test_look_ups() -> None:
    assert [r.id for r in list_rulesets()] == [
        "mers-2008",
        "mers-2010",
        "ema-2009",
        "rcr-2016",
        "rcr-2012",
    ]
    ruleset, clause = show_clause("rcr:5.6")
    assert (ruleset.id, clause.topic) == ("rcr-2016", "telephones")
    assert compare_rulesets("mers-2008", "mers-2008").situations == ()
    catalogue = {i.name: i for i in list_incidents()}
    assert catalogue["late-arrival"].covered_by == (
        "mers-2008",
        "mers-2010",
        "ema-2009",
        "rcr-2016",
        "rcr-2012",
    )
    assert [f.name for f in catalogue["late-arrival"].facts] == ["minutes"]
    riichi = {i.name for i in list_incidents(Family.RIICHI)}
    assert riichi >= {"telephone", "tiles-exposed"}
    assert "false-flower" not in riichi


def test_a_riichi_hand_round_trips_through_json() -> None:
    facts = {
        "tiles_shown": True,
        "riichi_hand": {
            "tiles": "234m567p33s67s149p+8s",
            "seat_wind": "E",
            "riichi": True,
            "dora_indicators": "9p",
            "discards": "1m",
        },
    }
    ruling = rule("false-hu", facts, "rcr-2012")
    shaped = ruling_json(ruling, "en")
    again = rule("false-hu", shaped["facts"], "rcr-2012")  # type: ignore[arg-type]
    assert again.incident == ruling.incident
    assert ruling.compact()[0] == "chombo:12000/at-once @rcr-2012:3.4.6"


def test_an_mcr_hand_round_trips_through_json() -> None:
    facts = {
        "tiles_shown": True,
        "hand": {"tiles": "[123s](7777p)EE45678s+9s", "flowers": 2, "self_drawn": True},
    }
    ruling = rule("false-hu", facts, "mers-2008")
    shaped = ruling_json(ruling, "en")
    again = rule("false-hu", shaped["facts"], "mers-2008")  # type: ignore[arg-type]
    assert again.incident == ruling.incident
