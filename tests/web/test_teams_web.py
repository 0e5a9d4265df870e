"""The team standings page and its JSON on both databases (the site's players have no club
until the organiser gives them one)."""

from __future__ import annotations

from tests.web.conftest import Site, post


def test_the_page_and_the_api(site: Site) -> None:
    client = site.client()
    assert "No teams" in client.get("/t/cup/teams").text
    org = site.login("org")
    post(
        org,
        "/t/cup/admin/players/1/edit",
        first="Anna",
        last="Kovacs",
        country="HU",
        club="<b>Pécs</b>",
    )
    page = client.get("/t/cup/teams?best=1")
    assert page.status_code == 200
    assert "&lt;b&gt;Pécs&lt;/b&gt;" in page.text
    body = client.get("/api/tournaments/cup/teams").json()
    assert body["rule"] == "all"
    assert [t["team"] for t in body["teams"]] == ["<b>Pécs</b>"]
    assert body["teams"][0]["counted"] == [1]
    assert client.get("/api/tournaments/cup/teams?best=0").status_code == 422


def test_the_csv_download(site: Site) -> None:
    org = site.login("org")
    post(
        org, "/t/cup/admin/players/1/edit", first="Anna", last="Kovacs", country="HU", club="@Team"
    )
    got = site.client().get("/t/cup/teams.csv")
    assert got.status_code == 200
    assert got.headers["content-type"].startswith("text/csv")
    assert got.text.splitlines()[1].startswith("1,'@Team,")
