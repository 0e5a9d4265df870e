"""The pages for each role on SQLite and PostgreSQL: the public pages, the organiser's,
the referee's and the table scorer's, and each refusal of issue 12 (a scorer link used for
another table or after its session, a referee of another tournament, a form without its
CSRF token, a tenth wrong password in a minute)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient

from mjref.services import tournament as ts
from mjref.services import tournament_review as review
from mjref.web.app import create_app
from mjref.web.settings import WebSettings
from tests.web.conftest import NAMES, PASSWORD, Site, csrf, post, scorer_links


def test_public_pages_need_no_login(site: Site) -> None:
    client = site.client()
    index = client.get("/")
    assert index.status_code == 200
    assert "Venue Cup" in index.text
    assert "Other Open" in index.text
    standings = client.get("/t/cup")
    assert standings.status_code == 200
    assert all(f"{first} {last}" in standings.text for first, last, _ in NAMES)
    player = client.get("/t/cup/players/1")
    assert player.status_code == 200
    assert "Anna Kovacs" in player.text
    _east, *_ = site.table(1, 1)
    found = client.get("/t/cup/seating", params={"session": 1, "q": "kovacs"})
    table, seat = next(
        (n, "ESWN"[site.table(1, n).index(1)]) for n in (1, 2) if 1 in site.table(1, n)
    )
    assert f"Anna Kovacs: table {table}, seat {seat}" in found.text
    assert "No player matches" in client.get("/t/cup/seating", params={"q": "zzz"}).text
    refused = client.get("/t/cup/admin", follow_redirects=False)
    assert refused.headers["location"] == "/login?next=/t/cup/admin"  # and back
    assert client.get("/t/nope").status_code == 400


def test_the_tenth_wrong_password_in_a_minute_is_refused(site: Site) -> None:
    client = site.client()
    client.get("/login")
    for _ in range(9):
        wrong = client.post(
            "/login", data={"csrftoken": csrf(client), "name": "org", "password": "nope-nope"}
        )
        assert wrong.status_code == 401
        assert "wrong name or password" in wrong.text
    tenth = client.post(
        "/login", data={"csrftoken": csrf(client), "name": "org", "password": PASSWORD}
    )
    assert tenth.status_code == 429
    assert "too many wrong passwords" in tenth.text
    assert site.client().get("/t/cup/admin", follow_redirects=False).status_code == 303
    other = site.login("ref")  # the limit is per account
    assert other.get("/t/cup/referee").status_code == 200


def test_a_form_without_its_csrf_token_is_refused(site: Site) -> None:
    client = site.login("org")
    bare = client.post(
        "/t/cup/admin/players",
        data={"first": "Ivo", "last": "Horvat", "country": "HR"},
        follow_redirects=False,
    )
    assert bare.status_code == 403
    assert [p.name for p in ts.list_players(site.log, "cup")].count("Ivo Horvat") == 0
    forged = client.post(
        "/t/cup/admin/players",
        data={"csrftoken": "forged", "first": "Ivo", "last": "Horvat", "country": "HR"},
        follow_redirects=False,
    )
    assert forged.status_code == 403
    good = post(
        client, "/t/cup/admin/players", first="Ivo", last="Horvat", country="HR", check_in="true"
    )
    assert good.status_code == 303
    assert "Ivo Horvat" in [p.name for p in ts.list_players(site.log, "cup")]
    assert post(site.client(), "/login", name="org", password="x").status_code == 401
    no_token_login = site.client().post("/login", data={"name": "org", "password": PASSWORD})
    assert no_token_login.status_code == 403


def test_a_referee_of_another_tournament_is_refused(site: Site) -> None:
    client = site.login("ref2")
    for url in ("/t/cup/admin", "/t/cup/referee", "/t/cup/admin/log", "/t/cup/admin/cards"):
        assert client.get(url).status_code == 403, url
    assert post(client, "/t/cup/referee/void", target=3, reason="x").status_code == 403
    assert client.get("/t/cup").status_code == 200  # public pages stay public
    referee = site.login("ref")
    assert referee.get("/t/cup/referee").status_code == 200
    assert referee.get("/t/cup/admin/cards").status_code == 403  # organiser only
    assert post(referee, "/t/cup/admin/seating", seed=1).status_code == 403


def test_table_scorers_enter_and_a_second_player_confirms(site: Site) -> None:
    organiser = site.login("org")
    links = scorer_links(organiser, 1)
    assert len(links) == 2
    first, second, third, _fourth = site.table(1, 1)
    scorer = site.client()
    page = scorer.get(links[0])
    assert page.status_code == 200
    assert "Table 1, session 1" in page.text
    entered = post(
        scorer,
        links[0],
        player=first,
        code=site.code(first),
        east=30,
        south=-10,
        west=-5,
        north=-15,
    )
    assert entered.status_code == 303
    (proposal,) = review.pending_results(site.log, "cup")
    assert ts.player_history(site.log, "cup", first)[0].table_points == 0  # not yet
    assert "Venue Cup" in site.client().get("/t/cup").text
    own = post(scorer, f"{links[0]}/confirm/{proposal.seq}", player=first, code=site.code(first))
    assert own.status_code == 400
    assert "another person must confirm" in own.text
    elsewhere = post(
        scorer, f"{links[1]}/confirm/{proposal.seq}", player=second, code=site.code(second)
    )
    assert elsewhere.status_code == 403
    tampered = scorer.get(links[0][:-3] + "abc")
    assert tampered.status_code == 403
    stranger = site.table(1, 2)[0]
    assert (
        post(
            scorer,
            links[0],
            player=stranger,
            code=site.code(stranger),
            east=0,
            south=0,
            west=0,
            north=0,
        ).status_code
        == 403
    )
    confirmed = post(
        scorer, f"{links[0]}/confirm/{proposal.seq}", player=third, code=site.code(third)
    )
    assert confirmed.status_code == 303
    assert ts.player_history(site.log, "cup", first)[0].table_points == 4
    assert "The result of this table is recorded." in scorer.get(links[0]).text


def test_a_referee_confirms_one_result_and_rejects_another(site: Site) -> None:
    a = site.table(1, 1)[0]
    b = site.table(1, 2)[0]
    kw = {"actor": "scorer", "now": datetime.now(UTC)}
    one = review.propose_result(
        site.log, "cup", session=1, table=1, scores=[4, 0, 0, -4], **site.as_player(a), **kw
    ).seq
    two = review.propose_result(
        site.log, "cup", session=1, table=2, scores=[8, 0, 0, -8], **site.as_player(b), **kw
    ).seq
    referee = site.login("ref")
    page = referee.get("/t/cup/referee")
    assert f"Position {one}:" in page.text
    assert f"Position {two}:" in page.text
    assert post(referee, f"/t/cup/referee/confirm/{one}").status_code == 303
    assert (
        post(referee, f"/t/cup/referee/reject/{two}", reason="sheet unreadable").status_code == 303
    )
    assert ts.player_history(site.log, "cup", a)[0].table_points == 4
    assert ts.player_history(site.log, "cup", b)[0].status == "pending"
    dashboard = site.login("org").get("/t/cup/admin").text
    assert "session 1, table 2" in dashboard  # reported again


def test_a_referee_rules_a_false_hu_in_italian(site: Site) -> None:
    referee = site.login("ref", lang="it")
    preview = post(
        referee,
        "/t/cup/referee/rule",
        incident="false-hu",
        player=2,
        session=1,
        facts="tiles_shown=true\nhand=[123s][456p]678m11p99s+9s",
        action="preview",
    )
    text = preview.text
    assert preview.status_code == 200
    assert "Chi ha sbagliato paga 10 punti a ciascun altro giocatore." in text
    assert "mers-2010:2.10.2" in text
    assert 'lang="it"' in text
    assert ts.foul_ladder(site.log, "cup") == ()
    recorded = post(
        referee,
        "/t/cup/referee/rule",
        incident="false-hu",
        player=2,
        session=1,
        facts="tiles_shown=true\nhand=[123s][456p]678m11p99s+9s",
        action="record",
    )
    assert "Registrato in posizione" in recorded.text
    assert ts.player_history(site.log, "cup", ts.PlayerId(2))[0].status == "pending"
    bad = post(
        referee,
        "/t/cup/referee/rule",
        incident="false-hu",
        player=2,
        session=1,
        facts="tiles_shown=maybe",
        action="preview",
    )
    assert bad.status_code == 400


def test_the_organiser_imports_checks_in_seats_again_and_exports(site: Site) -> None:
    organiser = site.login("org")
    organiser.get("/t/cup/admin/players")
    bad = post(
        organiser,
        "/t/cup/admin/players/import",
        text="first_name,last_name,country\nIvo,Horvat,HR\n,X,HU\nA,B,ZZ\n",
    )
    assert bad.status_code == 400
    assert re.search(r"line 3", bad.text)
    assert re.search(r"line 4", bad.text)
    assert len(ts.list_players(site.log, "cup")) == 8  # nothing half-imported
    good = post(
        organiser,
        "/t/cup/admin/players/import",
        check_in="true",
        text="first_name,last_name,country\nIvo,Horvat,HR\n",
    )
    assert good.status_code == 200
    assert "1 players registered" in good.text
    withdrawn = post(organiser, "/t/cup/admin/players/1/withdraw", session=1)
    assert withdrawn.status_code == 303
    again = post(organiser, "/t/cup/admin/seating", seed=0, again="true")
    assert again.status_code == 303
    for session in (1, 2):
        assert all(1 not in table for table in ts.seating(site.log, "cup", session))
    ema = organiser.get("/t/cup/admin/export/ema")
    assert ema.status_code == 200
    assert ema.headers["content-type"].startswith("text/csv")
    site_zip = organiser.get("/t/cup/admin/export/html")
    assert site_zip.content[:2] == b"PK"
    log = organiser.get("/t/cup/admin/log").text
    assert "<td>Seating published</td>" in log  # the kind in words (web.kind.*)
    assert "<td>Player withdrawn</td>" in log
    created = post(organiser, "/t/cup/admin/referees", name="ref3")
    assert "Referee ref3 created" in created.text


def test_a_scorer_link_after_its_session_is_closed(site: Site) -> None:
    organiser = site.login("org")
    links = scorer_links(organiser, 1)
    for table in (1, 2):
        entered = post(
            organiser,
            "/t/cup/admin/results",
            session=1,
            table=table,
            east=1,
            south=-1,
            west=0,
            north=0,
        )
        assert entered.status_code == 303, entered.text[-800:]
    ts.close_session(site.log, "cup", 1, actor="org", now=datetime.now(UTC))
    scorer = site.client()
    assert "The result of this table is recorded." in scorer.get(links[0]).text
    first = site.table(1, 1)[0]
    late = post(scorer, links[0], player=first, east=0, south=0, west=0, north=0)
    assert late.status_code in (400, 409)


def test_an_official_enters_mcr_hands_judged_from_the_notation(site: Site) -> None:
    referee = site.login("ref", lang="fr")
    east, south, west, north = site.table(1, 1)
    page = referee.get("/t/cup/admin/hands?session=1&table=1")
    assert page.status_code == 200
    judged = post(
        referee,
        "/t/cup/admin/hands",
        session=1,
        table=1,
        hand=1,
        outcome="discard",
        winner=east,
        discarder=south,
        notation="[123s](7777p)EE45678s+9s",
        flowers=2,
        action="judge",
    )
    assert "Main gagnante valable : 21 points" in judged.text
    assert "Pure Straight" in judged.text
    assert ts.read_log(site.log, "cup", kinds=("hand-recorded",)) == ()
    recorded = post(
        referee,
        "/t/cup/admin/hands",
        session=1,
        table=1,
        hand=1,
        outcome="discard",
        winner=east,
        discarder=south,
        notation="[123s](7777p)EE45678s+9s",
        flowers=2,
    )
    assert recorded.status_code == 303
    (entry,) = ts.read_log(site.log, "cup", kinds=("hand-recorded",))
    assert entry.event.points == 21  # type: ignore[attr-defined]
    history = ts.player_history(site.log, "cup", east)[0]
    assert history.status == "played"  # hand by hand: the table counts as it goes
    table = referee.get("/t/cup/admin/hands?session=1&table=1").text
    assert ">45<" in table  # the winner: 21 + 8 from the discarder, 8 from each other one
    assert ">-29<" in table
    not_a_win = post(
        referee,
        "/t/cup/admin/hands",
        session=1,
        table=1,
        hand=2,
        outcome="self-drawn",
        winner=west,
        notation="[123s][456p]678m11p99s+9s",
    )
    assert not_a_win.status_code == 400
    draw = post(referee, "/t/cup/admin/hands", session=1, table=1, hand=2, outcome="draw")
    assert draw.status_code == 303
    _ = north


def test_a_scorer_link_is_refused_for_a_later_session(site: Site) -> None:
    """The link of table 1, session 1 can neither confirm nor reject session 2's result of
    the same table, and a player of session 2's table 1 who sits elsewhere in session 1 may
    not enter through it."""
    organiser = site.login("org")
    (link, *_rest) = scorer_links(organiser, 1)
    later = site.table(2, 1)
    kw = {"actor": "scorer", "now": datetime.now(UTC)}
    proposal = review.propose_result(
        site.log,
        "cup",
        session=2,
        table=1,
        scores=[4, 0, 0, -4],
        **site.as_player(later[0]),
        **kw,
    ).seq
    scorer = site.client()
    assert "Table 1, session 1" in scorer.get(link).text
    confirmer = later[1]
    code = site.code(confirmer)
    confirmed = post(scorer, f"{link}/confirm/{proposal}", player=confirmer, code=code)
    assert confirmed.status_code == 403
    rejected = post(scorer, f"{link}/reject/{proposal}", player=confirmer, code=code, reason="no")
    assert rejected.status_code == 403
    outsiders = set(later) - set(site.table(1, 1))
    assert outsiders, "the seed seats session 2 differently"
    for outsider in outsiders:
        entered = post(
            scorer,
            link,
            player=outsider,
            code=site.code(outsider),
            east=1,
            south=-1,
            west=0,
            north=0,
        )
        assert entered.status_code == 403
    assert [p.seq for p in review.pending_results(site.log, "cup")] == [proposal]


def test_a_scorer_link_survives_a_restart_but_not_another_secret(
    site: Site, tmp_path: Path
) -> None:
    """The signing secret is kept in the database: an app started again on it accepts the
    printed links; an installation with another database (so another secret) refuses them."""
    (link, *_rest) = scorer_links(site.login("org"), 1)
    again = create_app(WebSettings(db=site.url))
    try:
        page = TestClient(again, base_url="http://venue.test").get(link)
        assert page.status_code == 200
        assert "Table 1, session 1" in page.text
    finally:
        again.web.log.close()  # type: ignore[attr-defined]
    elsewhere = create_app(WebSettings(db=f"sqlite:///{tmp_path}/elsewhere.db"))
    try:
        assert TestClient(elsewhere, base_url="http://venue.test").get(link).status_code == 403
    finally:
        elsewhere.web.log.close()  # type: ignore[attr-defined]


def test_the_seating_printout_by_player(site: Site) -> None:
    """The organiser's seating page ends with every player by name and their table and
    wind in each session, as the seating in the log says."""
    text = site.login("org").get("/t/cup/admin/seating").text
    printout = text[text.index('id="by-player"') :]
    rows = re.findall(r"<tr><td>([^<]+) \((\d+)\)</td>(.*?)</tr>", printout)
    # Surname first (NAMES has no accents: the order of code points is the page's here).
    assert [name for name, _, _ in rows] == sorted(f"{last}, {f}" for f, last, _ in NAMES)
    for _name, number, cells in rows:
        places = re.findall(r"<td>Table (\d+), (\w+)</td>", cells)
        for session, (table, wind) in enumerate(places, start=1):
            seats = site.table(session, int(table))
            assert seats[("East", "South", "West", "North").index(wind)] == int(number)
        assert len(places) == 2


def test_every_private_page_refuses_a_referee_of_another_tournament(site: Site) -> None:
    """A sweep of every page of a tournament (GET routes of the app, ``{tid}`` = cup): those
    an anonymous visitor may not see send to the login and back, and each of them refuses the
    referee of another tournament (403) while the organiser of this one sees it."""
    from fastapi.routing import APIRoute

    from mjref.web import hands, organiser, public, referee, venue

    routes = [
        r.path
        for m in (public, organiser, hands, referee, venue)
        for r in m.router.routes
        if isinstance(r, APIRoute)
        and "GET" in r.methods
        and r.path.startswith("/t/{tid}")
        and not r.path.endswith("/live")  # a never-ending event stream
    ]
    urls = [re.sub(r"\{number\}", "1", p.replace("{tid}", "cup")) for p in routes]
    anonymous = site.client()
    # 404: a page this tournament has not (the seating's draw, when none was committed).
    private = [
        u for u in urls if anonymous.get(u, follow_redirects=False).status_code not in (200, 404)
    ]
    assert {"/t/cup/admin", "/t/cup/admin/log", "/t/cup/referee", "/t/cup/clock"} <= set(private)
    assert len(private) >= 12, private  # the admin pages, exports, hands, referee, clock
    for url in private:
        sent = anonymous.get(url, follow_redirects=False)
        assert sent.status_code == 303, url  # to the login, and back
        assert sent.headers["location"] == f"/login?next={url}", url
    stranger = site.login("ref2")
    organiser = site.login("org")
    for url in private:
        assert stranger.get(url).status_code == 403, url
        assert organiser.get(url).status_code == 200, url
