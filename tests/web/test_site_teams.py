"""The team standings in the static site (``teams.html``), on both databases: the web's own
team standings page with links relative to the site, the registered teams (or the clubs)
and their names escaped, linked from the standings when there are teams, and hidden with
the standings (finals' hide and reveal)."""

from __future__ import annotations

from mjref.players import PlayerId
from mjref.services import finals, teams
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.web import site as static
from tests.web.conftest import NOW, Site
from tests.web.test_site import _blank, _main, _web_links_made_static

KW = {"actor": "org", "now": NOW}


def _play(site: Site) -> None:
    for table, players in enumerate(ts.seating(site.log, "cup", 1), start=1):
        order = sorted(players)
        scores = dict(zip(order, (30, 10, -10, -30), strict=True))
        tr.record_result(
            site.log, "cup", session=1, table=table, scores=[scores[p] for p in players], **KW
        )


def test_the_team_page_is_the_webs_and_linked_from_the_standings(site: Site) -> None:
    _play(site)
    pages = static.site_pages(site.log, "cup", "en")
    assert "No teams" in pages["teams.html"]
    assert 'id="teams-link"' not in pages["index.html"]  # no team: no link
    teams.register_team(site.log, "cup", "<i>Dragons</i>", [PlayerId(1), PlayerId(5)], **KW)
    teams.register_team(site.log, "cup", "Winds", [PlayerId(2)], **KW)
    pages = static.site_pages(site.log, "cup", "it")
    page = pages["teams.html"]
    assert "&lt;i&gt;Dragons&lt;/i&gt;" in page
    assert "<i>Dragons" not in page
    assert 'href="./players/1.html"' in page
    assert ".csv" not in page  # the CSV is the server's
    assert '<a href="./teams.html">' in pages["index.html"]
    web = site.client("it").get("/t/cup/teams").text
    made_static = _web_links_made_static(_main(web), "teams.html")
    assert _blank(_main(page)) == _blank(made_static)
    for lang in ("hu", "fr", "nl"):
        assert (
            "&lt;i&gt;Dragons&lt;/i&gt;" in static.site_pages(site.log, "cup", lang)["teams.html"]
        )


def test_hidden_with_the_standings_and_shown_again(site: Site) -> None:
    _play(site)
    teams.register_team(site.log, "cup", "Dragons", [PlayerId(1), PlayerId(5)], **KW)
    finals.hide_standings(site.log, "cup", from_session=1, **KW)
    page = static.site_pages(site.log, "cup", "en")["teams.html"]
    assert "hidden with the standings from session 1" in page
    assert "Dragons" not in page
    assert "Anna" not in page
    finals.reveal_standings(site.log, "cup", **KW)
    page = static.site_pages(site.log, "cup", "en")["teams.html"]
    assert "Dragons" in page
