"""Keeping each team (club) apart when publishing a seating, on the web form and through
the API (both databases): the checkbox in the page's language, a seating with no two
team-mates at one table, the method's count (on the page too), and a draw refused with
it."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from mjref.tournament import events as ev
from tests.web.conftest import NOW, PASSWORD, Site, post

CLUBS = ("Red", "Blue", "Green", "White")


def _open(site: Site, tid: str) -> dict[int, str]:
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, tid, name="Club Open", ruleset="mers-2010", sessions=4, **kw)
    clubs = {}
    for n in range(1, 17):
        clubs[n] = CLUBS[n % 4]
        details = ts.player_details(f"First{n}", f"Last{n}", "HU", club=clubs[n])
        ts.add_player(site.log, tid, details, check_in=True, **kw)
    accounts.add_user(
        SqlAccounts(site.log.engine),
        f"{tid}-org",
        PASSWORD,
        accounts.Role.ORGANISER,
        tournaments=(tid,),
        now=NOW,
    )
    return clubs


def _apart(site: Site, tid: str, clubs: dict[int, str]) -> None:
    for session in range(1, 5):
        tables = ts.seating(site.log, tid, session)
        assert len(tables) == 4
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                assert clubs[a] != clubs[b], (session, table)


def test_the_checkbox_keeps_the_clubs_apart(site: Site) -> None:
    clubs = _open(site, "clubs")
    organiser = site.login("clubs-org")
    form = organiser.get("/t/clubs/admin/seating")
    assert 'name="teams_apart" value="true"' in form.text
    assert "Keep each team (club) apart" in form.text
    hungarian = site.login("clubs-org", lang="hu").get("/t/clubs/admin/seating")
    assert "Minden csapat (klub) szétválasztása" in hungarian.text

    drawn = post(organiser, "/t/clubs/admin/seating", draw="a seed " * 6, teams_apart="true")
    assert drawn.status_code == 400
    assert "teams cannot be kept apart in a drawn seating" in drawn.text
    assert ts.show_tournament(site.log, "clubs").published == ()

    assert post(organiser, "/t/clubs/admin/seating", teams_apart="true").status_code == 303
    _apart(site, "clubs", clubs)
    events = [r.event for r in site.log.read("clubs")]
    (published,) = [e for e in events if isinstance(e, ev.SeatingPublished)]
    last = published.steps[-1]
    assert last.key == "seating.method.teams-apart"
    assert dict(last.params) == {"teams": 4, "meetings": 0}
    shown = organiser.get("/t/clubs/admin/seating")
    assert "pairs of team-mates still at one table: 0" in shown.text
    italian = site.login("clubs-org", lang="it").get("/t/clubs/admin/seating")
    assert "compagni di squadra ancora allo stesso tavolo: 0" in italian.text


def test_the_api_field_keeps_the_clubs_apart(site: Site) -> None:
    clubs = _open(site, "clubapi")
    token = accounts.new_token(SqlAccounts(site.log.engine), "clubapi-org", now=datetime.now(UTC))
    answer = site.client().post(
        "/api/tournaments/clubapi/commands/seating-publish",
        json={"teams_apart": True, "seed": 2},
        headers={"authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["method_steps"][-1]["key"] == "seating.method.teams-apart"
    assert body["method_steps"][-1]["params"] == {"teams": 4, "meetings": 0}
    _apart(site, "clubapi", clubs)
    wrong = site.client().post(
        "/api/tournaments/clubapi/commands/seating-publish",
        json={"teams_apart": "perhaps"},
        headers={"authorization": f"Bearer {token}"},
    )
    assert wrong.status_code == 422
