"""Bad input through the pages and the API, tried at random: a clear refusal (4xx with a
message), never a server error, and nothing recorded."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.services import tournament as ts
from tests.web.conftest import Site, post

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=60)
NUMBER = st.one_of(st.integers(-(10**12), 10**12).map(str), TEXT)


@pytest.fixture
def organiser_site(site: Site) -> Site:
    return site


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(table=NUMBER, east=NUMBER, south=NUMBER, player=NUMBER, token=TEXT)
def test_scorer_input_is_refused_cleanly(
    site: Site, table: str, east: str, south: str, player: str, token: str
) -> None:
    client = site.client()
    before = len(ts.read_log(site.log, "cup"))
    for url, data in (
        (
            f"/s/{quote(token, safe='') or 'x'}",
            {"player": player, "east": east, "south": south, "west": "0", "north": "0"},
        ),
        (
            "/t/cup/admin/results",
            {
                "session": "1",
                "table": table,
                "east": east,
                "south": south,
                "west": "0",
                "north": "0",
            },
        ),
    ):
        response = post(client, url, **data)
        assert 300 <= response.status_code < 500, response.text[:300]  # refused or redirected
    assert len(ts.read_log(site.log, "cup")) == before


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(facts=TEXT, incident=TEXT, csv=st.text(max_size=300))
def test_referee_and_import_input_is_refused_or_recorded_cleanly(
    site: Site, facts: str, incident: str, csv: str
) -> None:
    referee = site.login("org")
    preview = post(
        referee,
        "/t/cup/referee/rule",
        incident=incident or "false-hu",
        player=1,
        session=1,
        facts=facts,
        action="preview",
    )
    assert preview.status_code in (200, 400, 422), preview.text[:300]
    before = len(ts.list_players(site.log, "cup"))
    imported = post(referee, "/t/cup/admin/players/import", text=csv or "x")
    assert imported.status_code in (200, 400, 422), imported.text[:300]
    if imported.status_code != 200:
        assert len(ts.list_players(site.log, "cup")) == before


def test_api_body_that_is_not_json_is_refused(site: Site) -> None:
    client = site.client()
    response = client.post(
        "/api/tournaments/cup/results",
        content=b"\xff{",
        headers={"authorization": "Bearer x", "content-type": "application/json"},
    )
    assert response.status_code in (400, 401, 422)
    _ = datetime.now(UTC)
