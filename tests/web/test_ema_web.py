"""The EMA page on both databases: the weight and how it was reached, the details set by
the organiser (not a referee), the EMA list imported from the form, a warning accepted by
a referee, hostile names encoded, and the JSON at /api/tournaments/{tid}/ema."""

from __future__ import annotations

from mjref.services import accounts
from mjref.store.accounts import SqlAccounts
from mjref.store.ema_list import SqlEmaList
from tests.web.conftest import NOW, Site, post

LIST = "number,name,country\n04290082,Kovacs Anna,HU\n08000001,Visser Daan,BE\n"


def test_the_page_the_details_and_the_weight(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin/ema")
    assert page.status_code == 200
    assert "MERS weight 1.0" in page.text
    assert "no EMA player list is imported" in page.text
    done = post(
        org, "/t/cup/admin/ema/details", days=2, host_country="HU", reading="countries-2018"
    )
    assert done.status_code == 303
    page = org.get("/t/cup/admin/ema")
    assert "MERS weight 2.0" in page.text
    dashboard = org.get("/t/cup/admin").text
    assert "MERS weight 2.0" in dashboard
    assert "The EMA&#39;s requirements: checklist" in dashboard
    assert "8 players from EMA countries; at least 16 expected" in dashboard
    assert "2 day(s) of play: +2" in dashboard
    assert "4 countries: +0 (reading countries-2018, countries: 6 to 10 give +0.5" in page.text
    referee = site.login("ref")
    assert post(referee, "/t/cup/admin/ema/details", days=3, host_country="HU").status_code == 403
    assert referee.get("/t/cup/admin/ema").status_code == 200
    anonymous = site.client().get("/t/cup/admin/ema", follow_redirects=False)
    assert anonymous.headers["location"] == "/login?next=/t/cup/admin/ema"
    bad = post(org, "/t/cup/admin/ema/details", days=2, host_country="XX")
    assert bad.status_code in (400, 422)


def test_the_list_warnings_and_acceptance(site: Site) -> None:
    org = site.login("org")
    post(
        org, "/t/cup/admin/players", first="<b>Ivo</b>", last="Horvat", country="HR", ema="07000001"
    )
    post(
        org,
        "/t/cup/admin/players/1/edit",
        first="Anna",
        last="Kovacs",
        country="HU",
        ema="04290082",
    )
    imported = post(org, "/t/cup/admin/ema/list", text=LIST)
    assert imported.status_code == 200
    assert "2 players on the EMA player list now" in imported.text
    assert "EMA number 07000001 is not on the EMA player list" in imported.text
    assert "<b>Ivo</b>" not in imported.text
    assert "&lt;b&gt;Ivo&lt;/b&gt;" in imported.text
    referee = site.login("ref")
    accepted = post(
        referee, "/t/cup/admin/ema/accept", player=9, warning="unknown", note="new member"
    )
    assert accepted.status_code == 303
    assert "(accepted)" in referee.get("/t/cup/admin/ema").text
    assert post(referee, "/t/cup/admin/ema/list", text=LIST).status_code == 403
    token = accounts.new_token(SqlAccounts(site.log.engine), "ref", now=NOW)
    shown = site.client().get(
        "/api/tournaments/cup/ema", headers={"authorization": f"Bearer {token}"}
    )
    assert shown.status_code == 200
    body = shown.json()
    assert body["weight"]["weight"] == "1.0"
    assert [(w["player"], w["warning"], w["accepted"]) for w in body["numbers"]["warnings"]] == [
        (9, "unknown", True)
    ]
    assert {i["item"]: i["status"] for i in body["checklist"]}["referees"] == "met"
    public = site.client().get("/api/tournaments/cup/ema").json()
    assert "numbers" not in public
    assert (
        site.client()
        .get("/api/tournaments/cup/ema", headers={"authorization": "Bearer x"})
        .status_code
        == 401
    )


def test_the_players_rating_on_the_page_and_in_the_api(site: Site) -> None:
    from mjref.services import ema

    ema.import_ranking(
        SqlEmaList(site.log.engine),
        "04290082,mcr,Spring,2026-03-01,2026-03-01,1,11,1\n",
        actor="org",
        now=NOW,
    )
    org = site.login("org")
    post(
        org,
        "/t/cup/admin/players/1/edit",
        first="Anna",
        last="Kovacs",
        country="HU",
        ema="04290082",
    )
    shown = site.client().get("/api/tournaments/cup/players/1/ema").json()
    assert shown["ema_number"] == "04290082"
    assert shown["now"]["results"] == 1
    assert site.client().get("/api/tournaments/cup/players/1001/ema").status_code == 404
    page = site.client().get("/t/cup/players/1").text
    assert "EMA rating" in page
    assert "MCR rating on" in page


def test_the_observer_page(site: Site) -> None:
    org = site.login("org")
    post(org, "/t/cup/admin/players", first="<i>Ivo</i>", last="Horvat", country="HR")
    page = org.get("/t/cup/admin/ema/observer")
    assert page.status_code == 200
    assert "EMA observer report" in page.text
    assert "mers-2010" in page.text
    assert "FR 2" in page.text
    assert "ref: not known" in page.text
    assert site.client().get("/t/cup/admin/ema/observer", follow_redirects=False).status_code in (
        401,
        303,
    )
    assert site.login("ref2").get("/t/cup/admin/ema/observer").status_code == 403
