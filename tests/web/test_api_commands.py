"""The API's operations generated from the command catalogue: each command's fields as its
JSON body (bounds checked, unknown fields refused), the same roles as the pages, the same
rules as the CLI (checked in the core), and the catalogue listed with its schemas."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services.catalogue import CATALOGUE, Who
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import Site


def _auth(site: Site, name: str) -> dict[str, str]:
    token = accounts.new_token(SqlAccounts(site.log.engine), name, now=datetime.now(UTC))
    return {"authorization": f"Bearer {token}"}


def _run(site: Site, name: str, body: dict[str, Any], who: str = "org") -> Any:
    return site.client().post(
        f"/api/tournaments/cup/commands/{name}", json=body, headers=_auth(site, who)
    )


def test_every_official_command_is_an_operation(site: Site) -> None:
    listed = site.client().get("/api/commands").json()
    assert [c["name"] for c in listed] == [e.name for e in CATALOGUE]
    paths = site.client().get("/openapi.json").json()["paths"]
    for entry in CATALOGUE:
        method, path = entry.api.split(" ", 1)
        assert method.lower() in paths[path.replace("{tid}", "{tid}")], entry.name
    withdraw = next(c for c in listed if c["name"] == "players-withdraw")
    assert withdraw["schema"]["properties"]["player"]["maximum"] == 1000
    assert withdraw["schema"]["additionalProperties"] is False


def test_a_withdrawal_through_the_api_keeps_what_was_played(site: Site) -> None:
    first = site.table(1, 1)
    played = _run(site, "result", {"session": 1, "table": 1, "scores": [30, -10, -5, -15]})
    assert played.status_code == 201
    assert played.json()["recorded"][0]["kind"] == "session-totals-recorded"
    erase = _run(site, "players-withdraw", {"player": first[0], "from_session": 1})
    assert erase.status_code == 400
    assert erase.json()["error"]["key"] == "tournament.withdraw-played"
    left = _run(site, "players-withdraw", {"player": first[0]})
    assert left.status_code == 201
    assert left.json()["player"]["withdrawn_from"] == 2
    history = ts.player_history(site.log, "cup", first[0])
    assert history[0].table_points == 4


def test_bodies_are_checked_against_the_command(site: Site) -> None:
    assert _run(site, "players-withdraw", {"player": 0}).status_code == 422
    assert _run(site, "players-withdraw", {"player": 1, "colour": "red"}).status_code == 422
    assert _run(site, "players-withdraw", {}).status_code == 422
    long = _run(site, "notice", {"text": "x" * 501})
    assert long.status_code == 422
    assert _run(site, "hand", {"session": 1, "table": 1, "hand": 1}).status_code == 400


def test_roles_as_on_the_pages(site: Site) -> None:
    anonymous = site.client().post(
        "/api/tournaments/cup/commands/notice", json={"text": "Lunch at one"}
    )
    assert anonymous.status_code == 401
    assert _run(site, "notice", {"text": "x"}, who="ref2").status_code == 403  # another event
    assert _run(site, "notice", {"text": "Lunch at one"}, who="ref").status_code == 201
    organiser_only = [e.name for e in CATALOGUE if e.who is Who.ORGANISER]
    assert "players-add" in organiser_only
    refused = _run(site, "players-add", {"first": "Ivo", "last": "Horvat"}, who="ref")
    assert refused.status_code == 403
    added = _run(site, "players-add", {"first": "Ivo", "last": "Horvat", "country": "HR"})
    assert added.status_code == 201
    assert added.json()["player"]["last_name"] == "Horvat"


def test_a_hand_a_ruling_and_the_clock_through_the_api(site: Site) -> None:
    east, south, west, north = site.table(1, 1)
    hand = _run(
        site,
        "hand",
        {"session": 1, "table": 1, "hand": 1, "winner": east, "discarder": south, "points": 8},
    )
    assert hand.status_code == 201, hand.text
    assert hand.json()["payments"][str(east)] == 32
    ruling = _run(
        site,
        "ruling",
        {"incident": "late-arrival", "player": north, "session": 1, "fact": ["minutes=3"]},
    )
    assert ruling.status_code == 201, ruling.text
    started = _run(site, "clock-start", {"session": 1})
    assert started.status_code == 201
    assert started.json()["recorded"][-1]["kind"] == "session-started"
    assert _run(site, "clock-pause", {"session": 1, "reason": "ruling"}).status_code == 201
    assert _run(site, "clock-resume", {"session": 1}).status_code == 201
    _ = west


def test_an_organiser_creates_a_tournament_through_the_api(site: Site) -> None:
    body = {"tournament": "api-cup", "name": "API Cup", "ruleset": "rcr-2016", "sessions": 4}
    client = site.client()
    assert client.post("/api/tournaments", json=body).status_code == 401
    assert client.post("/api/tournaments", json=body, headers=_auth(site, "ref")).status_code == 403
    made = client.post("/api/tournaments", json=body, headers=_auth(site, "org"))
    assert made.status_code == 201, made.text
    assert made.json()["id"] == "api-cup"
    again = client.post("/api/tournaments", json=body, headers=_auth(site, "org"))
    assert again.status_code == 400
    notice = client.post(
        "/api/tournaments/api-cup/commands/notice", json={"text": "hi"}, headers=_auth(site, "org")
    )
    assert notice.status_code == 201  # the creator may act on it
