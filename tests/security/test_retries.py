"""No entry lost or doubled on bad Wi-Fi: every form carries its own request key and the
API takes an Idempotency-Key header; a retry of a request already stored (a lost answer,
a second press) answers with what was stored and records nothing new."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import Site, csrf


def _keys(html: str) -> list[str]:
    return re.findall(r'name="request_key" value="([0-9a-f]{32})"', html)


def test_every_form_gets_a_key_of_its_own(site: Site) -> None:
    page = site.login("org").get("/t/cup/admin/players").text
    keys = _keys(page)
    assert len(keys) > 3
    assert len(set(keys)) == len(keys)


def test_a_form_sent_twice_adds_the_player_once(site: Site) -> None:
    organiser = site.login("org")
    page = organiser.get("/t/cup/admin/players")
    key = _keys(page.text)[0]
    form = {
        "csrftoken": csrf(organiser),
        "request_key": key,
        "first": "Ivo",
        "last": "Horvat",
        "country": "HR",
    }
    headers = {"referer": "http://venue.test/t/cup/admin/players"}
    first = organiser.post(
        "/t/cup/admin/players", data=form, headers=headers, follow_redirects=False
    )
    again = organiser.post(
        "/t/cup/admin/players", data=form, headers=headers, follow_redirects=False
    )
    assert first.status_code == again.status_code == 303
    assert again.headers["location"] == "/t/cup/admin/players"
    names = [p.name for p in ts.list_players(site.log, "cup")]
    assert names.count("Ivo Horvat") == 1
    other = organiser.post(
        "/t/cup/admin/players",
        data={**form, "request_key": _keys(organiser.get("/t/cup/admin/players").text)[0]},
        follow_redirects=False,
    )
    assert other.status_code == 303  # a new form: a second Ivo Horvat is a new entry
    assert [p.name for p in ts.list_players(site.log, "cup")].count("Ivo Horvat") == 2


def test_an_api_call_retried_with_its_key_is_stored_once(site: Site) -> None:
    token = accounts.new_token(SqlAccounts(site.log.engine), "org", now=datetime.now(UTC))
    headers = {"authorization": f"Bearer {token}", "idempotency-key": "tablet-7-result-1"}
    body = {"session": 1, "table": 1, "scores": [30, -10, -5, -15]}
    client = site.client()
    made = client.post("/api/tournaments/cup/results", json=body, headers=headers)
    again = client.post("/api/tournaments/cup/results", json=body, headers=headers)
    assert made.status_code == 201
    assert again.status_code == 200
    assert again.json() == made.json()
    entries = ts.read_log(site.log, "cup", kinds=["session-totals-recorded"])
    assert len(entries) == 1
    hostile = {**headers, "idempotency-key": "x" * 500}  # too long: not a key, no error
    conflict = client.post("/api/tournaments/cup/results", json=body, headers=hostile)
    assert conflict.status_code == 409
