"""The organiser's players page at the registration desk (issue 25), on SQLite and
PostgreSQL: a search by name, number, country, club or EMA number that ignores case and
accents (``?q=``, without a script), the rows in the order of the page's language, a
check-in that answers a page's script with JSON and is recorded once however often it is
sent, and the page that confirms a withdrawal (errors shown on it)."""

from __future__ import annotations

import re
import uuid

from fastapi.testclient import TestClient

from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.tournament import events as ev
from tests.web.conftest import NOW, Site, csrf, post

KW = {"actor": "setup", "now": NOW}
ROW = re.compile(r'<tr id="p(\d+)"[^>]*?( hidden)?>')


def _register(
    site: Site, first: str, last: str, country: str, ema: str = "", club: str = ""
) -> int:
    details = ts.player_details(first, last, country, ema, club)
    return int(ts.add_player(site.log, "cup", details, **KW).player)


def _rows(text: str) -> list[tuple[int, bool]]:
    """The page's rows in order: (player, shown)."""
    return [(int(number), not hidden) for number, hidden in ROW.findall(text)]


def _shown(client: TestClient, query: str) -> set[int]:
    answer = client.get("/t/cup/admin/players", params={"q": query})
    assert answer.status_code == 200
    return {number for number, shown in _rows(answer.text) if shown}


def _check_ins(site: Site, player: int) -> int:
    return sum(
        1
        for entry in site.log.read("cup")
        if isinstance(entry.event, ev.CheckedIn) and entry.event.player == player
    )


def _checkin(
    client: TestClient, player: int, key: str, *, json: bool = False, q: str = ""
) -> object:
    client.get("/t/cup/admin/players")
    headers = {"accept": "application/json"} if json else {}
    return client.post(
        f"/t/cup/admin/players/{player}/checkin",
        data={"csrftoken": csrf(client), "request_key": key, "q": q},
        headers=headers,
        follow_redirects=False,
    )


def test_the_search_ignores_case_and_accents(site: Site) -> None:
    elodie = _register(site, "Élodie", "Roux", "FR", club="Club Dragon")
    kovacs = _register(site, "Ödön", "Kovács", "HU", ema="04000123")
    anna = 1  # Anna Kovacs, of the site
    organiser = site.login("org")
    everyone = _rows(organiser.get("/t/cup/admin/players").text)
    assert len(everyone) == 10
    assert all(shown for _, shown in everyone)
    assert _shown(organiser, "elodie") == {elodie}
    assert _shown(organiser, "ÉLODIE roux") == {elodie}
    assert _shown(organiser, "kovacs") == {anna, kovacs}
    assert _shown(organiser, "Kovács ödön") == {kovacs}
    assert _shown(organiser, "dragon") == {elodie}  # the club
    assert _shown(organiser, "04000123") == {kovacs}  # the EMA number
    assert _shown(organiser, str(elodie)) == {elodie}  # the number
    assert _shown(organiser, f"#{kovacs}") == {kovacs}
    assert _shown(organiser, "nl") == {4, 8}  # the country (Visser, Bakker)
    none = organiser.get("/t/cup/admin/players", params={"q": "nobody"}).text
    assert not any(shown for _, shown in _rows(none))
    assert re.search(r'<p id="none-found" class="note">', none)
    assert re.search(
        r'<p id="none-found" class="note" hidden>',
        organiser.get("/t/cup/admin/players", params={"q": "elodie"}).text,
    )
    # Each row carries its folded text for the page's script.
    page = organiser.get("/t/cup/admin/players").text
    assert f'id="p{elodie}" data-find="elodie roux fr club dragon"' in page
    assert 'value="elodie"' in organiser.get("/t/cup/admin/players?q=elodie").text


def test_the_rows_are_in_the_order_of_the_pages_language(site: Site) -> None:
    czerny = _register(site, "Piet", "Czerny", "NL")
    csonka = _register(site, "Anna", "Csonka", "HU")
    for lang, first, second in (("en", csonka, czerny), ("hu", czerny, csonka)):
        page = site.login("org", lang=lang).get("/t/cup/admin/players").text
        order = [number for number, _ in _rows(page)]
        assert order.index(first) < order.index(second), lang
        assert order[0] == 8  # Bakker, Hanna: surname first
        assert "Bakker, Hanna" in page


def test_a_check_in_is_recorded_once(site: Site) -> None:
    late = _register(site, "Ivo", "Horvat", "HR")
    organiser = site.login("org")
    key = uuid.uuid4().hex
    sent = _checkin(organiser, late, key, q="horvat")
    assert sent.status_code == 303  # type: ignore[attr-defined]
    location = sent.headers["location"]  # type: ignore[attr-defined]
    assert location == f"/t/cup/admin/players?q=horvat#p{late}"  # the search and the row
    assert ts.show_player(site.log, "cup", PlayerId(late)).checked_in
    again = _checkin(organiser, late, key)  # the same form again: a lost answer
    assert again.status_code == 303  # type: ignore[attr-defined]
    assert _check_ins(site, late) == 1
    other = _checkin(organiser, late, uuid.uuid4().hex)  # a new form: a clear refusal
    assert other.status_code == 400  # type: ignore[attr-defined]
    assert f"player {late} is already checked in" in other.text  # type: ignore[attr-defined]
    assert _check_ins(site, late) == 1


def test_a_check_in_answers_the_pages_script_with_json(site: Site) -> None:
    late = _register(site, "Ivo", "Horvat", "HR")
    organiser = site.login("org", lang="hu")
    key = uuid.uuid4().hex
    sent = _checkin(organiser, late, key, json=True)
    assert sent.status_code == 200  # type: ignore[attr-defined]
    assert sent.json() == {"player": late, "checked_in": True}  # type: ignore[attr-defined]
    retry = _checkin(organiser, late, key, json=True)  # the answer was lost: sent again
    assert retry.status_code == 200  # type: ignore[attr-defined]
    assert _check_ins(site, late) == 1
    other = _checkin(organiser, late, uuid.uuid4().hex, json=True)  # from another desk
    assert other.status_code == 400  # type: ignore[attr-defined]
    error = other.json()["error"]  # type: ignore[attr-defined]
    assert error["key"] == "tournament.already-checked-in"
    assert str(late) in error["text"]
    assert "already" not in error["text"]  # in Hungarian
    assert _check_ins(site, late) == 1
    referee = site.login("ref")
    refused = _checkin(referee, late, uuid.uuid4().hex, json=True)
    assert refused.status_code == 403  # type: ignore[attr-defined]
    assert refused.json()["error"]["key"] == "web.error.forbidden"  # type: ignore[attr-defined]


def test_the_players_page_links_to_the_withdrawal_without_its_form(site: Site) -> None:
    organiser = site.login("org")
    page = organiser.get("/t/cup/admin/players").text
    assert 'href="/t/cup/admin/players/1/withdraw"' in page
    assert 'action="/t/cup/admin/players/1/withdraw"' not in page
    assert 'name="illness"' not in page


def test_the_withdrawal_is_confirmed_on_a_page_of_its_own(site: Site) -> None:
    organiser = site.login("org")
    player = site.table(1, 1)[0]
    page = f"/t/cup/admin/players/{player}/withdraw"
    form = organiser.get(page)
    assert form.status_code == 200
    view = ts.show_player(site.log, "cup", player)
    assert view.name in form.text
    assert "From session 1 on" in form.text
    assert "MERS 2010 4.1.2" in form.text
    for field in ("session", "illness", "struck", "note"):
        assert f'name="{field}"' in form.text
    assert f'action="{page}"' in form.text
    assert f'href="/t/cup/admin/players#p{player}"' in form.text  # cancel
    played = post(
        organiser, "/t/cup/admin/results", session=1, table=1, east=1, south=-1, west=0, north=0
    )
    assert played.status_code == 303
    assert "From session 2 on" in organiser.get(page).text
    # A session already played: the page again, with the message on it.
    before = site.log.position("cup")
    organiser.get(page)
    refused = organiser.post(
        page,
        data={"csrftoken": csrf(organiser), "session": "1", "note": "train strike"},
        headers={"referer": f"http://venue.test{page}"},
        follow_redirects=False,
    )
    assert refused.status_code == 400
    assert 'id="withdraw"' in refused.text
    assert f'data-form-problem="{page}"' in refused.text
    assert site.log.position("cup") == before
    done = post(organiser, page, session=2, note="train strike")
    assert done.status_code == 303
    assert ts.show_player(site.log, "cup", player).withdrawn_from == 2
    after = organiser.get(page).text
    assert "This player has withdrawn already." in after
    assert 'id="withdraw"' not in after
    players = organiser.get("/t/cup/admin/players").text
    assert f'href="{page}"' not in players


def test_the_withdrawal_page_is_the_organisers(site: Site) -> None:
    assert site.login("ref").get("/t/cup/admin/players/1/withdraw").status_code == 403
    visitor = site.client().get("/t/cup/admin/players/1/withdraw", follow_redirects=False)
    assert visitor.status_code == 303
    assert site.login("org").get("/t/cup/admin/players/99/withdraw").status_code == 400
    hungarian = site.login("org", lang="hu").get("/t/cup/admin/players/1/withdraw").text
    assert "MERS 2010 4.1.2" in hungarian
    assert "From session" not in hungarian
