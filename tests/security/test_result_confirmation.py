"""Finding 1 of the trust issue: a table's link (a photo of its QR code will do) was
enough to enter a result that counts, by proposing it as one player and confirming it as
another from the same phone. Now each player proves who they are with their own
confirmation code, on the scorer's page and in the API alike; an official confirms from
their account."""

from __future__ import annotations

from typing import Any

from mjref.services import tournament as ts
from mjref.services import tournament_review as review
from tests.web.conftest import Site, post, scorer_links


def _sent_to_login(response: Any) -> bool:
    """A page of an official asked for without a valid session: the login, then back."""
    where = response.headers.get("location", "")
    return bool(response.status_code == 303 and where.startswith("/login?next="))


def _counted(site: Site) -> bool:
    """Whether any result counts in the standings."""
    return any(r.table_points for r in ts.current_standings(site.log, "cup").ranked)


def test_the_table_link_alone_cannot_make_a_result_count(site: Site) -> None:
    (link, *_rest) = scorer_links(site.login("org"), 1)
    first, second, *_ = site.table(1, 1)
    phone = site.client()  # whoever holds the link: no account, no code
    scores = {"east": 100, "south": -100, "west": 0, "north": 0}
    for code in ("", "AAAAAA", site.code(second)):
        refused = post(phone, link, player=first, code=code, **scores)
        assert refused.status_code == 400
    assert review.pending_results(site.log, "cup") == ()
    # With the proposer's own code the proposal is made; the link holder still cannot
    # confirm it as another player without that player's code.
    assert post(phone, link, player=first, code=site.code(first), **scores).status_code == 303
    (proposal,) = review.pending_results(site.log, "cup")
    assert proposal.player == first
    for code in ("", site.code(first), "ZZZZZZ"):
        confirm = post(phone, f"{link}/confirm/{proposal.seq}", player=second, code=code)
        assert confirm.status_code == 400
        assert "confirmation code" in confirm.text
    assert not _counted(site)
    ok = post(phone, f"{link}/confirm/{proposal.seq}", player=second, code=site.code(second))
    assert ok.status_code == 303
    assert _counted(site)


def test_the_api_asks_the_same_codes(site: Site) -> None:
    first, second, third, _ = site.table(1, 1)
    client = site.client()
    body = {"session": 1, "table": 1, "scores": [100, -100, 0, 0], "player": first}
    forged = client.post("/api/tournaments/cup/proposals", json={**body, "code": "AAAAAA"})
    assert forged.status_code == 400
    assert forged.json()["error"]["key"] == "tournament.bad-code"
    made = client.post("/api/tournaments/cup/proposals", json={**body, "code": site.code(first)})
    assert made.status_code == 201
    seq = made.json()["recorded"][0]["position"]
    again = client.post("/api/tournaments/cup/proposals", json={**body, "code": site.code(first)})
    assert again.status_code == 400
    assert again.json()["error"]["key"] == "tournament.proposal-pending"
    anonymous = client.post(f"/api/tournaments/cup/confirm/{seq}")
    assert anonymous.status_code == 401  # no code, no token
    borrowed = client.post(
        f"/api/tournaments/cup/confirm/{seq}", json={"player": second, "code": site.code(first)}
    )
    assert borrowed.status_code == 400
    own = client.post(
        f"/api/tournaments/cup/confirm/{seq}", json={"player": first, "code": site.code(first)}
    )
    assert own.status_code == 400
    assert own.json()["error"]["key"] == "tournament.confirm-own"
    assert not _counted(site)
    rejected = client.post(
        f"/api/tournaments/cup/reject/{seq}",
        json={"player": third, "code": site.code(third), "reason": "wrong sheet"},
    )
    assert rejected.status_code == 201
    made = client.post("/api/tournaments/cup/proposals", json={**body, "code": site.code(first)})
    seq = made.json()["recorded"][0]["position"]
    confirmed = client.post(
        f"/api/tournaments/cup/confirm/{seq}", json={"player": second, "code": site.code(second)}
    )
    assert confirmed.status_code == 201
    assert _counted(site)


def test_codes_are_for_officials_and_a_new_one_replaces_the_old(site: Site) -> None:
    assert _sent_to_login(site.client().get("/t/cup/admin/codes", follow_redirects=False))
    assert site.login("ref2").get("/t/cup/admin/codes").status_code == 403
    referee = site.login("ref")  # the desk: referees hand out and re-issue codes too
    page = referee.get("/t/cup/admin/codes")
    assert page.status_code == 200
    first = site.table(1, 1)[0]
    old = site.code(first)
    assert old in page.text
    assert post(referee, f"/t/cup/admin/codes/{first}").status_code == 303
    new = site.code(first)
    assert new != old
    assert new in referee.get("/t/cup/admin/codes").text
    assert old not in referee.get("/t/cup/admin/codes").text
    entries = ts.read_log(site.log, "cup", kinds=["code-issued"])
    assert [(e.event.player, e.actor) for e in entries] == [(first, "ref")]  # type: ignore[attr-defined]
