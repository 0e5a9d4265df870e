"""Finals and hidden standings on the web, on both databases: the organiser's page and
forms, and every public reader (the standings page, a player's page, the venue screen's
data, the API's public reads and the static site) hiding what the organiser hid, while
officials (logged in, or with an API token) see everything."""

from __future__ import annotations

from datetime import UTC, datetime

from mjref.services import accounts
from mjref.services import finals as fs
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.store.accounts import SqlAccounts
from mjref.web import site as static
from tests.web.conftest import NOW, Site, post

KW = {"actor": "setup", "now": NOW}
SCORES = ([40, 20, -20, -40], [30, 10, -10, -30])


def _play_session(site: Site, session: int) -> None:
    for table, scores in enumerate(SCORES, start=1):
        tr.record_totals(site.log, "cup", session=session, table=table, scores=scores, **KW)


def _token(site: Site, name: str) -> str:
    return accounts.new_token(SqlAccounts(site.log.engine), name, now=datetime.now(UTC))


def _top_name(site: Site) -> str:
    row = ts.current_standings(site.log, "cup").ranked[0]
    return row.player.name


def test_the_organiser_hides_and_reveals_and_the_public_sees_nothing_meanwhile(
    site: Site,
) -> None:
    _play_session(site, 1)
    public = site.client()
    leader = _top_name(site)
    assert leader in public.get("/t/cup").text
    org = site.login("org")
    page = org.get("/t/cup/admin/finals")
    assert page.status_code == 200
    assert 'id="hide-standings"' in page.text
    assert 'id="reveal-standings"' not in page.text
    assert post(org, "/t/cup/admin/standings/hide", from_session=1).status_code == 303
    assert fs.hidden_from(site.log, "cup") == 1
    # The public: no place, no total, no result of session 1 or later.
    standings = public.get("/t/cup").text
    assert 'id="standings-hidden"' in standings
    assert 'class="standings"' not in standings
    player = public.get("/t/cup/players/1").text
    assert 'id="standings-hidden"' in player
    assert "<svg" not in player
    assert "<td>1</td><td>1</td>" not in player  # no line of session 1
    # An official sees everything, with a note that the public does not.
    seen = org.get("/t/cup").text
    assert 'class="standings"' in seen
    assert leader in seen
    assert 'id="standings-hidden-official"' in seen
    referee = site.login("ref").get("/t/cup").text
    assert 'class="standings"' in referee
    # Revealing shows them again.
    assert 'id="reveal-standings"' in org.get("/t/cup/admin/finals").text
    assert post(org, "/t/cup/admin/standings/reveal").status_code == 303
    again = public.get("/t/cup").text
    assert 'class="standings"' in again
    assert leader in again
    assert 'id="standings-hidden"' not in again


def test_results_before_the_hidden_session_stay_public_on_player_pages(site: Site) -> None:
    _play_session(site, 1)
    fs.hide_standings(site.log, "cup", from_session=2, **KW)
    _play_session(site, 2)
    page = site.client().get("/t/cup/players/1").text
    assert 'id="standings-hidden"' in page
    lines = site.client().get("/api/tournaments/cup/players/1").json()["sessions"]
    assert [line["session"] for line in lines] == [1]


def test_the_api_hides_the_rows_from_the_public_and_not_from_an_official(site: Site) -> None:
    _play_session(site, 1)
    fs.hide_standings(site.log, "cup", from_session=1, **KW)
    public = site.client().get("/api/tournaments/cup/standings").json()
    assert public["hidden_from"] == 1
    assert public["ranked"] == []
    assert public["apart"] == []
    history = site.client().get("/api/tournaments/cup/players/1").json()
    assert history["sessions"] == []
    assert history["hidden_from"] == 1
    auth = {"authorization": f"Bearer {_token(site, 'ref')}"}
    official = site.client().get("/api/tournaments/cup/standings", headers=auth).json()
    assert len(official["ranked"]) == 8
    assert official["hidden_from"] == 1
    other = {"authorization": f"Bearer {_token(site, 'ref2')}"}  # a referee of another event
    assert site.client().get("/api/tournaments/cup/standings", headers=other).json()["ranked"] == []


def test_the_static_site_and_the_screen_show_no_hidden_result(site: Site) -> None:
    _play_session(site, 1)
    leader = _top_name(site)
    fs.hide_standings(site.log, "cup", from_session=1, **KW)
    pages = static.site_pages(site.log, "cup", "en")
    assert 'id="standings-hidden"' in pages["index.html"]
    assert 'class="standings"' not in pages["index.html"]
    assert "<svg" not in pages["players/1.html"]
    # The venue screen carries the clock, the notice and the next seating: no standings.
    screen = site.client().get("/t/cup/clock.json").json()
    assert set(screen) == {"tournament", "position", "announcement", "clock", "next"}
    assert leader not in str(screen["announcement"])


def test_a_final_is_seated_from_the_standings_through_the_form(site: Site) -> None:
    _play_session(site, 1)
    order = [r.player.player for r in ts.current_standings(site.log, "cup").ranked]
    org = site.login("org")
    answer = post(org, "/t/cup/admin/finals", session=2, mode="top-4", count=0)
    assert answer.status_code == 303, answer.text
    assert ts.seating(site.log, "cup", 2) == (tuple(order[:4]),)
    seating = site.client().get("/t/cup/seating?session=2").text
    assert _top_name(site) in seating


def test_the_forms_are_the_organisers_only(site: Site) -> None:
    anonymous = site.client().get("/t/cup/admin/finals", follow_redirects=False)
    # Refused: 401, or (pages) a redirect to the login form.
    assert anonymous.status_code in (401, 303)
    assert anonymous.status_code == 401 or anonymous.headers["location"].startswith("/login")
    referee = site.login("ref")
    assert referee.get("/t/cup/admin/finals").status_code == 403
    assert post(referee, "/t/cup/admin/standings/hide", from_session=1).status_code == 403
    assert post(referee, "/t/cup/admin/finals", session=2).status_code == 403
    assert fs.hidden_from(site.log, "cup") is None


def test_a_refused_final_says_why(site: Site) -> None:
    org = site.login("org")
    answer = post(org, "/t/cup/admin/finals", session=2, mode="top-4", count=0)
    assert answer.status_code in (400, 409), answer.status_code
    assert "session 1" in answer.text
    wrong = post(org, "/t/cup/admin/finals", session=2, mode="sideways", count=0)
    assert wrong.status_code == 400
    assert "top-4" in wrong.text


def test_the_api_runs_the_finals_commands_from_the_catalogue(site: Site) -> None:
    _play_session(site, 1)
    auth = {"authorization": f"Bearer {_token(site, 'org')}"}
    client = site.client()
    hidden = client.post(
        "/api/tournaments/cup/commands/standings-hide", json={"from_session": 2}, headers=auth
    )
    assert hidden.status_code == 201, hidden.text
    assert fs.hidden_from(site.log, "cup") == 2
    seated = client.post(
        "/api/tournaments/cup/commands/finals-seat",
        json={"session": 2, "mode": "by-rank", "count": 8},
        headers=auth,
    )
    assert seated.status_code == 201, seated.text
    assert len(ts.seating(site.log, "cup", 2)) == 2
    referee = {"authorization": f"Bearer {_token(site, 'ref')}"}
    refused = client.post(
        "/api/tournaments/cup/commands/standings-reveal", json={}, headers=referee
    )
    assert refused.status_code == 403
    revealed = client.post("/api/tournaments/cup/commands/standings-reveal", json={}, headers=auth)
    assert revealed.status_code == 201, revealed.text
    assert fs.hidden_from(site.log, "cup") is None


def test_riichi_statistics_are_hidden_from_the_public_too(site: Site) -> None:
    from mjref.players import PlayerId
    from mjref.services import riichi_hands as rh
    from mjref.tournament import events as ev

    for n in range(1, 5):
        details = ts.player_details(f"R{n}", f"L{n}", "DK")
        ts.add_player(site.log, "other", details, check_in=True, **KW)
    ts.publish_plan(site.log, "other", [[[PlayerId(p) for p in (1, 2, 3, 4)]]], **KW)
    rh.record_riichi_hand(
        site.log,
        "other",
        session=1,
        table=1,
        hand=1,
        outcome=ev.RiichiHandOutcome.DRAW,
        tenpai=[PlayerId(1)],
        **KW,
    )
    address = "/api/tournaments/other/players/1/riichi-stats"
    assert site.client().get(address).json()["riichi"]["hands"] == 1
    fs.hide_standings(site.log, "other", from_session=1, **KW)
    public = site.client().get(address).json()
    assert public["riichi"] is None
    assert public["hidden_from"] == 1
    auth = {"authorization": f"Bearer {_token(site, 'ref2')}"}  # a referee of 'other'
    official = site.client().get(address, headers=auth).json()
    assert official["riichi"]["hands"] == 1
    assert official["hidden_from"] == 1


def test_the_ema_preview_shows_no_place_while_hidden(site: Site) -> None:
    _play_session(site, 1)
    address = "/api/tournaments/cup/players/1/ema"
    before = site.client().get(address).json()
    assert before["event"] is not None
    assert before["event"]["place"] >= 1
    fs.hide_standings(site.log, "cup", from_session=1, **KW)
    public = site.client().get(address).json()
    assert public["event"] is None
    assert public["with_event"] is None
    assert public["hidden_from"] == 1
    auth = {"authorization": f"Bearer {_token(site, 'ref')}"}
    assert site.client().get(address, headers=auth).json()["event"] == before["event"]
