"""The organiser's teams page on both databases: a team registered with its members, a
member added and removed, the rules of the fold shown in place (a player in another team,
an unknown player, a bad number typed), refusals (a referee, a visitor), hostile names
encoded; the public team standings and their JSON using the registered teams, and hidden
with the standings; the API's commands."""

from __future__ import annotations

import re

from mjref.players import PlayerId
from mjref.services import teams
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from tests.web.conftest import NOW, Site, post

KW = {"actor": "setup", "now": NOW}


def _names(site: Site) -> dict[str, list[int]]:
    shown = teams.list_teams(site.log, "cup")
    return {t.name: [int(p) for p, _ in t.members] for t in shown.teams}


def test_register_add_and_remove_on_the_page(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin/teams")
    assert page.status_code == 200
    assert "No team is registered: each club is a team" in page.text
    sent = post(org, "/t/cup/admin/teams", team="<b>Dragons</b>", members="1, 2;3")
    assert sent.status_code == 303
    assert _names(site) == {"<b>Dragons</b>": [1, 2, 3]}
    page = org.get("/t/cup/admin/teams")
    assert "&lt;b&gt;Dragons&lt;/b&gt;" in page.text
    assert "<b>Dragons</b>" not in page.text
    assert "The teams are the registered teams." in page.text
    assert post(org, "/t/cup/admin/teams/add", team="<b>dragons</b>", player=5).status_code == 303
    assert (
        post(org, "/t/cup/admin/teams/remove", team="<b>Dragons</b>", player=2).status_code == 303
    )
    assert _names(site) == {"<b>Dragons</b>": [1, 3, 5]}
    kinds = [r.event.KIND for r in ts.read_log(site.log, "cup")][-3:]
    assert kinds == ["team-registered", "team-member-added", "team-member-removed"]
    assert ts.read_log(site.log, "cup")[-1].actor == "org"


def test_mistakes_are_shown_in_place_and_nothing_is_recorded(site: Site) -> None:
    org = site.login("org")
    post(org, "/t/cup/admin/teams", team="Dragons", members="1 2")
    before = len(ts.read_log(site.log, "cup"))
    other = post(org, "/t/cup/admin/teams", team="Winds", members="3 2")
    assert other.status_code == 400
    assert "player 2 is already in team &#39;Dragons&#39;" in other.text
    unknown = post(org, "/t/cup/admin/teams/add", team="Dragons", player=99)
    assert unknown.status_code == 400
    typed = post(org, "/t/cup/admin/teams", team="Winds", members="3, x7")
    assert typed.status_code == 400
    assert "&#39;x7&#39; is not a player&#39;s number" in typed.text
    blank = post(org, "/t/cup/admin/teams", team="   ", members="3")
    assert blank.status_code == 400
    long = post(org, "/t/cup/admin/teams", team="x" * 201, members="3")
    assert long.status_code == 400
    assert "longer than 200 characters" in long.text
    assert len(ts.read_log(site.log, "cup")) == before


def test_only_the_organiser(site: Site) -> None:
    referee = site.login("ref")
    assert referee.get("/t/cup/admin/teams").status_code == 403
    assert post(referee, "/t/cup/admin/teams", team="X", members="1").status_code == 403
    visitor = site.client()
    assert visitor.get("/t/cup/admin/teams", follow_redirects=False).status_code in (303, 401)
    assert _names(site) == {}


def _play(site: Site) -> None:
    for table, players in enumerate(ts.seating(site.log, "cup", 1), start=1):
        order = sorted(players)
        scores = dict(zip(order, (30, 10, -10, -30), strict=True))
        tr.record_result(
            site.log, "cup", session=1, table=table, scores=[scores[p] for p in players], **KW
        )


def test_public_standings_use_registered_teams_and_hide_with_the_standings(site: Site) -> None:
    _play(site)
    ts.edit_player(site.log, "cup", PlayerId(1), club="Club A", **KW)
    client = site.client()
    assert "Club A" in client.get("/t/cup/teams").text  # no registration: the clubs
    teams.register_team(site.log, "cup", "Dragons", [PlayerId(2), PlayerId(3)], **KW)
    page = client.get("/t/cup/teams")
    assert "Dragons" in page.text
    assert "Club A" not in page.text
    assert "The teams are the registered teams." in page.text
    body = client.get("/api/tournaments/cup/teams").json()
    assert body["source"] == "registered"
    assert [t["team"] for t in body["teams"]] == ["Dragons"]
    assert body["registered"][0]["members"][0] == {"player": 2, "name": "Bruno Rossi"}
    assert "Dragons" in client.get("/t/cup/teams.csv").text
    org = site.login("org")
    assert post(org, "/t/cup/admin/standings/hide", from_session=1).status_code == 303
    hidden = client.get("/t/cup/teams")
    assert "hidden with the standings from session 1" in hidden.text
    assert "Bruno" not in hidden.text
    assert client.get("/t/cup/teams.csv").status_code == 404
    body = client.get("/api/tournaments/cup/teams").json()
    assert body["teams"] == []
    assert body["hidden_from"] == 1
    assert "Dragons" in org.get("/t/cup/teams").text  # an official sees them


def test_the_api_commands(site: Site) -> None:
    from mjref.services import accounts
    from mjref.store.accounts import SqlAccounts

    token = accounts.new_token(SqlAccounts(site.log.engine), "org", now=NOW)
    client = site.client()
    headers = {"authorization": f"Bearer {token}"}
    base = "/api/tournaments/cup/commands"
    made = client.post(
        f"{base}/team-register", json={"team": "Winds", "members": [4, 6]}, headers=headers
    )
    assert made.status_code == 201, made.text
    assert (
        client.post(
            f"{base}/team-add", json={"team": "winds", "player": 7}, headers=headers
        ).status_code
        == 201
    )
    assert (
        client.post(
            f"{base}/team-remove", json={"team": "Winds", "player": 4}, headers=headers
        ).status_code
        == 201
    )
    assert _names(site) == {"Winds": [6, 7]}
    refused = client.post(f"{base}/team-add", json={"team": "Nope", "player": 1}, headers=headers)
    assert refused.status_code == 400
    assert refused.json()["error"]["key"] == "tournament.team.unknown"
    extra = client.post(f"{base}/team-register", json={"team": "X", "oops": 1}, headers=headers)
    assert extra.status_code == 422


def test_the_log_names_the_new_entries_in_words(site: Site) -> None:
    from mjref.services import ema

    teams.register_team(site.log, "cup", "Dragons", [PlayerId(1)], **KW)
    teams.add_team_member(site.log, "cup", "Dragons", PlayerId(2), **KW)
    teams.remove_team_member(site.log, "cup", "Dragons", PlayerId(1), **KW)
    ema.set_ema_readings(site.log, "cup", tie="tie-more-recent", **KW)
    body = site.login("org", "fr").get("/t/cup/admin/log").text.split("<tbody>", 1)[1]
    for words in ("Équipe inscrite", "Membre d'équipe ajouté", "Membre d'équipe retiré"):
        assert f"<td>{words}</td>" in body.replace("&#39;", "'")
    assert "<td>Lectures EMA changées</td>" in body
    for code in ("team-registered", "team-member-added", "ema-readings-set"):
        assert f"<td>{code}</td>" not in body


def test_the_organiser_sets_the_rule_the_pages_rank_by(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin/teams")
    assert 'action="/t/cup/admin/teams/rule"' in page.text
    assert "Every player of a team counts." in page.text
    assert post(org, "/t/cup/admin/teams/rule", best="2").status_code == 303
    assert teams.team_rule(site.log, "cup") == 2
    assert "A team&#39;s best 2 players count." in org.get("/t/cup/admin/teams").text
    public = site.client()
    assert "best 2 players count" in public.get("/t/cup/teams").text
    assert public.get("/api/tournaments/cup/teams").json()["rule"] == "best-2"
    assert public.get("/api/tournaments/cup/teams?best=3").json()["rule"] == "best-3"
    for bad in ("0", "¹", "x"):
        refused = post(org, "/t/cup/admin/teams/rule", best=bad)
        assert refused.status_code in (400, 422), refused.text
    assert teams.team_rule(site.log, "cup") == 2
    assert post(org, "/t/cup/admin/teams/rule", best="").status_code == 303
    assert teams.team_rule(site.log, "cup") is None
    referee = site.login("ref")
    assert post(referee, "/t/cup/admin/teams/rule", best="2").status_code == 403


def _row(page: str, player: int) -> str:
    found = re.search(rf'<tr id="p{player}"[^>]*>', page)
    assert found is not None, f"no row for player {player}"
    return found.group(0)


def test_the_players_page_shows_each_players_team_and_its_search_finds_it(site: Site) -> None:
    org = site.login("org")
    post(org, "/t/cup/admin/teams", team="<i>Winds</i>", members="1, 2")
    page = org.get("/t/cup/admin/players").text
    assert page.count("team: &lt;i&gt;Winds&lt;/i&gt;") == 2
    assert "<i>Winds</i>" not in page
    searched = org.get("/t/cup/admin/players", params={"q": "winds"}).text
    assert not _row(searched, 1).endswith(" hidden>")
    assert not _row(searched, 2).endswith(" hidden>")
    assert _row(searched, 3).endswith(" hidden>")
    hungarian = org.get("/t/cup/admin/players", headers={"Accept-Language": "hu"}).text
    assert "csapat: &lt;i&gt;Winds&lt;/i&gt;" in hungarian
