"""The JSON API: public reads, and writes with a bearer token of an account of that
tournament only (OpenAPI at /docs)."""

from __future__ import annotations

from datetime import UTC, datetime

from mjref.services import accounts
from mjref.services import tournament_review as review
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import Site


def _token(site: Site, name: str) -> str:
    return accounts.new_token(SqlAccounts(site.log.engine), name, now=datetime.now(UTC))


def test_reads_are_public_and_writes_need_a_token_of_the_tournament(site: Site) -> None:
    client = site.client()
    assert [t["id"] for t in client.get("/api/tournaments").json()] == ["cup", "other"]
    assert len(client.get("/api/tournaments/cup/players").json()) == 8
    assert client.get("/api/tournaments/cup/players/3").json()["player"]["player"] == 3
    body = {"session": 1, "table": 1, "scores": [30, -10, -5, -15]}
    anonymous = client.post("/api/tournaments/cup/results", json=body)
    assert anonymous.status_code == 401
    assert anonymous.json()["error"]["key"] == "web.error.token-needed"
    wrong = client.post(
        "/api/tournaments/cup/results",
        json=body,
        headers={"authorization": f"Bearer {_token(site, 'ref2')}"},
    )
    assert wrong.status_code == 403
    forged = client.post(
        "/api/tournaments/cup/results", json=body, headers={"authorization": "Bearer mjref_forged"}
    )
    assert forged.status_code == 401
    auth = {"authorization": f"Bearer {_token(site, 'ref')}"}
    made = client.post("/api/tournaments/cup/results", json=body, headers=auth)
    assert made.status_code == 201
    assert made.json()["recorded"][0]["kind"] == "session-totals-recorded"
    again = client.post("/api/tournaments/cup/results", json=body, headers=auth)
    assert again.status_code == 409
    assert again.json()["error"]["key"] == "tournament.conflict"
    unbalanced = client.post(
        "/api/tournaments/cup/results",
        headers=auth,
        json={"session": 1, "table": 2, "scores": [1, 2, 3, 4]},
    )
    assert unbalanced.status_code == 400
    extra = client.post(
        "/api/tournaments/cup/results", headers=auth, json={**body, "table": 2, "winner": 3}
    )
    assert extra.status_code == 422
    ranked = client.get("/api/tournaments/cup/standings").json()["ranked"]
    assert ranked[0]["table_points"] == 4


def test_an_official_confirms_through_the_api(site: Site) -> None:
    player = site.table(1, 2)[0]
    seq = review.propose_result(
        site.log,
        "cup",
        session=1,
        table=2,
        scores=[8, 0, 0, -8],
        **site.as_player(player),
        actor="scorer",
        now=datetime.now(UTC),
    ).seq
    client = site.client()
    auth = {"authorization": f"Bearer {_token(site, 'org')}"}
    pending = client.get("/api/tournaments/cup/pending", headers=auth).json()
    assert [p["position"] for p in pending["proposals"]] == [seq]
    assert client.post(f"/api/tournaments/cup/confirm/{seq}", headers=auth).status_code == 201
    assert client.get("/api/tournaments/cup/pending", headers=auth).json()["proposals"] == []


def test_the_openapi_schema_is_published(site: Site) -> None:
    schema = site.client().get("/openapi.json").json()
    assert "/api/tournaments/{tid}/results" in schema["paths"]
    assert "/t/{tid}" not in schema["paths"]  # pages are not API
    assert site.client().get("/docs").status_code == 200
