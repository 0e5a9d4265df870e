"""The print pack's pages (organiser only) and a player's next table and calendar file,
over HTTP on both databases: content, names encoded, refusals (``docs/web.md``)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from icalendar import Calendar

from mjref.players import PlayerId
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import NOW, Site

PAGES = ["cards?session=1", "east?session=1", "sheets?session=1", "programmes", "door"]
HOSTILE = ("<script>alert(1)</script>", 'O\'Brien & "Sons"', "NL")


def test_the_pack_is_for_the_organiser_only(site: Site) -> None:
    anonymous = site.client()
    referee = site.login("ref")
    for path in ["", *(f"/{p}" for p in PAGES)]:
        answer = anonymous.get(f"/t/cup/admin/print{path}", follow_redirects=False)
        assert answer.status_code in (401, 303)
        assert referee.get(f"/t/cup/admin/print{path}").status_code == 403


def test_the_index_links_each_session_and_the_nav_links_the_pack(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin/print")
    assert page.status_code == 200
    for p in PAGES:
        assert f"/t/cup/admin/print/{p}".replace("?", "?") in page.text.replace("&amp;", "&")
    assert 'href="/t/cup/admin/print"' in org.get("/t/cup/admin").text


def test_table_cards_have_the_number_seats_and_the_scorer_qr(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin/print/cards?session=1").text
    assert page.count('class="pp-page pp-card"') == 2
    assert re.search(r'<p class="pp-number">2</p>', page)
    for player in site.table(1, 2):
        name = ts.show_player(site.log, "cup", player).name
        assert f"{name} ({player})" in page
    assert page.count("<svg") == 2
    assert "/static/print.css" in page


def test_east_markers_two_to_a_page(site: Site) -> None:
    page = site.login("org", "nl").get("/t/cup/admin/print/east?session=1").text
    assert page.count('class="pp-east"') == 2
    assert page.count('class="pp-page pp-halves"') == 1
    assert "Oost" in page


def test_mcr_sheet_has_names_seats_sixteen_rows_and_signatures(site: Site) -> None:
    page = site.login("org").get("/t/cup/admin/print/sheets?session=1").text
    first = page.split('id="sheet-1"')[1].split('id="sheet-2"')[0]
    assert first.count('<td class="num">') == 16
    for seat, player in zip(("East", "South", "West", "North"), site.table(1, 1), strict=True):
        name = ts.show_player(site.log, "cup", player).name
        assert f"{seat}<br><span>{name} ({player})</span>" in first
        assert f"{seat}: {name}</span>" in first
    assert "Discarder, or self-drawn" in first
    assert "Fan" in first
    assert "Honba" not in first


def test_riichi_sheet_has_dealer_honba_sticks_and_starting_points(site: Site) -> None:
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, "rii", name="Riichi Cup", ruleset="rcr-2016", sessions=1, **kw)
    for n in range(4):
        ts.add_player(site.log, "rii", ts.player_details(f"P{n}", "Q", "IT"), check_in=True, **kw)
    ts.publish_seating(site.log, "rii", seed=1, **kw)
    accounts.grant(SqlAccounts(site.log.engine), "org", "rii")
    org = site.login("org")
    page = org.get("/t/rii/admin/print/sheets?session=1").text
    for word in ("Dealer", "Honba", "Riichi sticks", "Final scores", "Starting points"):
        assert word in page
    assert page.count(">30,000</td>") == 4
    it = site.login("org", "it").get("/t/rii/admin/print/sheets?session=1").text
    assert it.count(">30.000</td>") == 4


def test_programmes_carry_places_codes_and_the_player_page_qr(site: Site) -> None:
    page = site.login("org").get("/t/cup/admin/print/programmes").text
    assert page.count('class="pp-programme"') == 8
    assert page.count('class="pp-page pp-halves"') == 4
    one = page.split('id="programme-1"')[1].split('id="programme-2"')[0]
    assert site.code(1) in one
    for session in (1, 2):
        table = next(n for n in (1, 2) if PlayerId(1) in site.table(session, n))
        assert f'<td class="num">{session}</td><td class="num">{table}</td>' in one
    assert one.count("<svg") == 1


def test_door_list_by_surname(site: Site) -> None:
    page = site.login("org").get("/t/cup/admin/print/door").text
    surnames = re.findall(r"<tr><td>([^,<]+), ", page)
    assert surnames == sorted(surnames)
    assert len(surnames) == 8
    assert surnames[0] == "Bakker"


def test_hostile_names_are_encoded_on_every_page(site: Site) -> None:
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, "hx", name="<b>Cup</b>", ruleset="mers-2010", sessions=1, **kw)
    ts.add_player(site.log, "hx", ts.player_details(*HOSTILE), check_in=True, **kw)
    for n in range(3):
        ts.add_player(site.log, "hx", ts.player_details(f"P{n}", "Q", "IT"), check_in=True, **kw)
    ts.publish_seating(site.log, "hx", seed=1, **kw)
    accounts.grant(SqlAccounts(site.log.engine), "org", "hx")
    org = site.login("org")
    for p in PAGES:
        page = org.get(f"/t/hx/admin/print/{p}").text
        assert "<script>alert(1)" not in page, p
        assert "<b>Cup" not in page, p
        if not p.startswith("east"):  # the East markers carry no names
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, p
            assert "O&#39;Brien &amp; &#34;Sons&#34;" in page, p


def test_an_unpublished_session_is_refused_in_words(site: Site) -> None:
    page = site.login("org").get("/t/cup/admin/print/cards?session=7")
    assert page.status_code == 400
    assert "7" in page.text
    assert "Traceback" not in page.text


def _play(site: Site, session: int, start: datetime) -> None:
    """The session's clock started at ``start`` and ended 90 minutes later."""
    kw = {"actor": "setup", "now": start}
    clock.start_session(site.log, "cup", session, minutes=90, at=start, **kw)
    end = start + timedelta(minutes=90)
    clock.end_session(site.log, "cup", session, at=end, actor="setup", now=end)


def _next(html: str) -> str:
    found = re.search(r'<p id="next-place" class="next-place">(.*?)</p>', html)
    assert found, "no next table on the page"
    return found.group(1)


def test_the_player_page_shows_the_next_table(site: Site) -> None:
    first = next(n for n in (1, 2) if PlayerId(3) in site.table(1, n))
    seat = ("East", "South", "West", "North")[site.table(1, first).index(PlayerId(3))]
    page = site.client().get("/t/cup/players/3").text
    assert _next(page) == f"<b>Next table: session 1, table {first}, {seat}</b>"
    assert 'href="/t/cup/players/3.ics"' in page
    _play(site, 1, datetime(2026, 6, 1, 10, 0, tzinfo=UTC))
    second = next(n for n in (1, 2) if PlayerId(3) in site.table(2, n))
    seat = ("Est", "Sud", "Ouest", "Nord")[site.table(2, second).index(PlayerId(3))]
    shown = _next(site.client("fr").get("/t/cup/players/3").text)
    assert shown == f"<b>Prochaine table : session 2, table {second}, {seat}</b>"
    _play(site, 2, datetime(2026, 6, 1, 14, 0, tzinfo=UTC))
    assert "No table ahead" in _next(site.client().get("/t/cup/players/3").text)


def test_the_calendar_holds_the_started_sessions_with_the_place(site: Site) -> None:
    empty = site.client().get("/t/cup/players/3.ics")
    assert empty.status_code == 200
    assert empty.headers["content-type"].startswith("text/calendar")
    assert not Calendar.from_ical(empty.content).walk("VEVENT")
    start = datetime(2026, 6, 1, 10, 0, tzinfo=UTC)
    clock.start_session(site.log, "cup", 1, minutes=90, at=start, actor="setup", now=start)
    events = Calendar.from_ical(site.client().get("/t/cup/players/3.ics").content).walk("VEVENT")
    assert len(events) == 1
    assert events[0].decoded("dtstart") == start
    assert events[0].decoded("dtend") == start + timedelta(minutes=90)
    table = next(n for n in (1, 2) if PlayerId(3) in site.table(1, n))
    assert f"session 1, table {table}" in str(events[0]["summary"])
    assert str(events[0]["url"]).endswith("/t/cup/players/3")


def test_the_calendar_of_an_unknown_player_is_refused(site: Site) -> None:
    answer = site.client().get("/t/cup/players/99.ics")
    assert answer.status_code in (400, 404)
    assert "Traceback" not in answer.text


@pytest.mark.parametrize("lang", ["hu", "it", "fr", "nl"])
def test_no_english_heading_left_under_other_languages(site: Site, lang: str) -> None:
    org = site.login("org", lang)
    for p in ("cards?session=1", "sheets?session=1", "programmes", "door"):
        page = org.get(f"/t/cup/admin/print/{p}").text
        for english in ("Table cards", "Score sheet", "Signatures of", "confirmation code"):
            assert english not in page, (lang, p, english)


ANY = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40),
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(session=ANY, player=ANY)
def test_odd_sessions_and_players_are_refused_cleanly(
    site: Site, session: str, player: str
) -> None:
    org = site.login("org")
    before = site.log.position("cup")
    for url in (
        f"/t/cup/admin/print/sheets?session={quote(session, safe='')}",
        f"/t/cup/admin/print/cards?session={quote(session, safe='')}",
        f"/t/cup/players/{quote(player, safe='') or 'x'}.ics",
    ):
        answer = org.get(url)
        assert answer.status_code < 500, (url, answer.text[:300])
        assert "Traceback" not in answer.text
    assert site.log.position("cup") == before


def test_a_substitute_seated_nowhere_gets_no_programme(site: Site) -> None:
    kw = {"actor": "setup", "now": NOW}
    sub = ts.add_player(
        site.log, "cup", ts.player_details("Sub", "Stitute", "NL"), substitute=True, **kw
    )
    late = ts.add_player(site.log, "cup", ts.player_details("Late", "Comer", "NL"), **kw)
    page = site.login("org").get("/t/cup/admin/print/programmes").text
    assert f'id="programme-{sub.player}"' not in page
    assert f'id="programme-{late.player}"' in page  # registered, not seated: told so
    assert "Not seated in any published session." in page
