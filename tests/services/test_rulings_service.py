"""The rulebook's use cases (mjref.services.rulings) and their JSON shapes
(mjref.wire.rulings): rule from facts or a JSON request, the JSON shape, look-ups."""

from __future__ import annotations

import json

import pytest

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.rules import Family
from mjref.rulings import IncidentError, Ruling
from mjref.services.rulings import (
    DEFAULT_CONVENTION,
    DEFAULT_RULESET,
    IncidentInfo,
    IncidentReport,
    compare_rulesets,
    list_incidents,
    list_rulesets,
    rule_incident,
    show_clause,
)
from mjref.wire.rulings import RequestError, read_ruling_request, ruling_json


def rule(
    incident: str,
    facts: dict[str, object],
    ruleset: str = DEFAULT_RULESET,
    *,
    convention: str = DEFAULT_CONVENTION,
    player: PlayerId | None = None,
    history: list[dict[str, object]] | None = None,
) -> Ruling:
    earlier = [IncidentReport(**entry) for entry in history or []]  # type: ignore[arg-type]
    report = IncidentReport(incident, facts, player=player)
    return rule_incident(report, ruleset, earlier, convention=convention)


def rule_request(data: object) -> Ruling:
    request = read_ruling_request(data)
    return rule_incident(
        request.report,
        request.ruleset or DEFAULT_RULESET,
        request.history,
        convention=request.convention or DEFAULT_CONVENTION,
    )


def incident_catalogue(family: str | None = None) -> tuple[IncidentInfo, ...]:
    return list_incidents(None if family is None else Family(family))


compare = compare_rulesets


def test_rule_with_a_history_counts_the_ladder() -> None:
    history = [
        {"incident": "false-set", "facts": {"discarded": False}, "player": 1},
        {"incident": "false-set", "facts": {"discarded": False}, "player": 2},
    ]
    ruling = rule(
        "passing-information",
        {"about": "strategy"},
        "mers-2008",
        player=PlayerId(1),
        history=history,
    )
    assert ruling.ladder_step is not None
    assert ruling.ladder_step.points == 5


TWO_CONCEALED_KONGS = {"tiles_shown": True, "hand": "[123s](4444m)(6666p)789pW+W"}


def test_a_false_hu_is_judged_under_the_convention_given() -> None:
    """D1: Two Concealed Kongs is 8 under the Green Book, 6 under MIL (9 or 7 points here)."""
    green = rule("false-hu", TWO_CONCEALED_KONGS, "mers-2008")
    assert green.compact() == ("valid-win:9 @mers-2008:2.10.2",)
    assert green.convention == "green-book"
    mil = rule("false-hu", TWO_CONCEALED_KONGS, "mers-2008", convention="mil")
    assert mil.compact()[:2] == ("dead-hand @mers-2008:2.10.2", "payment-each:10 @mers-2008:2.10.2")
    assert mil.convention == "mil"
    # Any alias and any case, and a spec reading one point differently.
    assert rule("false-hu", TWO_CONCEALED_KONGS, "mers", convention="Chinese").convention == "mil"
    assert rule("false-hu", TWO_CONCEALED_KONGS, convention="gb+D1=6").compact()[1] == (
        "payment-each:10 @mers-2010:2.10.2"
    )
    request = {"incident": "false-hu", "facts": TWO_CONCEALED_KONGS, "convention": "mil"}
    assert rule_request(request).compact() == (
        "dead-hand @mers-2010:2.10.2",
        "payment-each:10 @mers-2010:2.10.2",
        "no-discard-obligation @mers-2010:2.10.3",
    )
    shaped = ruling_json(mil, "en")
    assert shaped["convention"] == "mil"


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"convention": "ema"}, "'ema' is ema-2009, not a scoring convention"),
        ({"convention": "wrc"}, "unknown scoring convention 'wrc'"),
        ({"ruleset": "green-book"}, "'green-book' is green-book, a scoring convention"),
        ({"ruleset": "rcr", "convention": "rcr"}, "'rcr' is rcr-2016, not a scoring convention"),
    ],
)
def test_names_of_the_wrong_kind_are_refused(kwargs: dict[str, str], words: str) -> None:
    with pytest.raises(InputError, match=words):
        rule("false-hu", TWO_CONCEALED_KONGS, **kwargs)


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


def test_null_in_a_request_is_a_key_left_out() -> None:
    """JSON null means not given, for the request's own keys as for facts; an empty string
    is not a way of leaving a name out."""
    request = {
        "incident": "late-arrival",
        "ruleset": None,
        "convention": None,
        "player": None,
        "facts": {"minutes": 10.5},
    }
    assert rule_request(request).compact()[0] == "deduction:20 @mers-2010:2.3"
    with pytest.raises(IncidentError, match="the fact 'minutes' is missing"):
        rule_request({"incident": "late-arrival", "facts": None, "ruleset": "ema"})
    with pytest.raises(RequestError, match="the request lacks 'incident'"):
        rule_request({"incident": None})
    with pytest.raises(RequestError, match="'ruleset' in the request must be a non-empty"):
        rule_request({"incident": "late-arrival", "ruleset": "", "facts": {"minutes": 3}})


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
        "partly_shown": False,
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
    assert [(r.id, r.kind.value) for r in list_rulesets()] == [
        ("mers-2008", "regulation"),
        ("mers-2010", "regulation"),
        ("ema-2009", "regulation"),
        ("rcr-2016", "riichi-ruleset"),
        ("rcr-2012", "riichi-ruleset"),
        ("green-book", "convention"),
        ("mil", "convention"),
    ]
    ruleset, clause = show_clause("rcr:5.6")
    assert (ruleset.id, clause.topic) == ("rcr-2016", "telephones")
    assert compare("mers-2008", "mers-2008").situations == ()
    catalogue = {i.name: i for i in incident_catalogue()}
    assert catalogue["late-arrival"].covered_by == (
        "mers-2008",
        "mers-2010",
        "ema-2009",
        "rcr-2016",
        "rcr-2012",
    )
    assert [f.name for f in catalogue["late-arrival"].facts] == ["minutes"]
    assert {i.name for i in incident_catalogue("riichi")} >= {"telephone", "tiles-exposed"}
    assert "false-flower" not in {i.name for i in incident_catalogue("riichi")}


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
