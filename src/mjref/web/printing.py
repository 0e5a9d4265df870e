"""The print pack (organiser only; A4 through the browser's Print, laid out by
``static/print.css``: no PDF engine on the server) and a player's calendar file.

Per published session: table cards (a large table number, the seats with names, the QR
code of the table's scorer link), East markers, and a score sheet per table (MCR: winner,
discarder or self-drawn, fan, each player's gain or payment and running total; riichi:
round, dealer, honba, riichi sticks, result, changes and scores, final scores); for the
whole tournament: a programme per player (their table and seat in each published session,
their confirmation code, the QR code of their page) and the door list by surname.

``/t/ID/players/N.ics``: the sessions of a player whose start is known (their clock was
started: the tournament keeps no timetable), with their table and seat (``icalendar``).
"""

from __future__ import annotations

from datetime import timedelta

import segno
from babel.numbers import format_decimal
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from icalendar import Calendar, Event

from mjref.collation import surname_first
from mjref.players import PlayerId
from mjref.services import player_codes, programme
from mjref.services import tournament as ts
from mjref.web import _printing_messages  # noqa: F401  (the wording)
from mjref.web.context import language, now, page, public_base, require, translator, web
from mjref.web.organiser import _by_player, scorer_url
from mjref.web.public import names, tournament_id
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)
SHEET_ROWS = 16
"""Hand rows on a score sheet."""


def _qr(url: str) -> str:
    return str(segno.make(url, error="m").svg_inline(scale=3, omitsize=True))


def _published(request: Request, tid: str, session: int) -> ts.TournamentInfo:
    info = ts.show_tournament(web(request).log, tid)
    if session not in info.published:
        ts.seating(web(request).log, tid, session)  # refused: the session is not published
    return info


@router.get("/t/{tid}/admin/print", response_class=HTMLResponse)
def print_pack(request: Request, tid: str) -> HTMLResponse:
    """The print pack's pages, by session."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    return page(request, "print.html", info=ts.show_tournament(web(request).log, tid))


def _session_page(request: Request, tid: str, session: int, name: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    info = _published(request, tid, session)
    tables = ts.seating(web(request).log, tid, session)
    lang = language(request)
    start = info.starting_points if info.starting_points is not None else info.rules.start
    return page(
        request,
        name,
        info=info,
        session=session,
        tables=list(enumerate(tables, start=1)),
        who=names(request, tid),
        seats=SEAT_NAMES,
        qr={n: _qr(scorer_url(request, tid, session, n)) for n in range(1, len(tables) + 1)},
        rows=range(1, SHEET_ROWS + 1),
        start="" if start is None else format_decimal(start, locale=lang),
    )


@router.get("/t/{tid}/admin/print/cards", response_class=HTMLResponse)
def cards(request: Request, tid: str, session: int = 1) -> HTMLResponse:
    """A table card per A4 page: the table number large, the seats, the scorer's QR."""
    return _session_page(request, tid, session, "print_cards.html")


@router.get("/t/{tid}/admin/print/east", response_class=HTMLResponse)
def east(request: Request, tid: str, session: int = 1) -> HTMLResponse:
    """The East marker of each table, two to a page."""
    return _session_page(request, tid, session, "print_east.html")


@router.get("/t/{tid}/admin/print/sheets", response_class=HTMLResponse)
def sheets(request: Request, tid: str, session: int = 1) -> HTMLResponse:
    """A score sheet per table (landscape A4), names and seats filled in."""
    return _session_page(request, tid, session, "print_sheets.html")


@router.get("/t/{tid}/admin/print/programmes", response_class=HTMLResponse)
def programmes(request: Request, tid: str) -> HTMLResponse:
    """A programme per player, two to a page: their table and seat in every published
    session, their confirmation code, the QR code of their page."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    base = public_base(request)
    places = programme.all_places(log, tid)
    found = []
    for c in player_codes.player_codes(log, tid, web(request).secret):
        if c.player.substitute and not places.get(c.player.player):
            continue  # a substitute who plays nowhere yet has no programme to carry
        url = f"{base}/t/{tid}/players/{int(c.player.player)}"
        found.append((c, places.get(c.player.player, ()), url, _qr(url)))
    return page(
        request, "print_programmes.html", info=ts.show_tournament(log, tid), programmes=found
    )


@router.get("/t/{tid}/admin/print/door", response_class=HTMLResponse)
def door(request: Request, tid: str) -> HTMLResponse:
    """Every player by surname (in the order of the page's language) with their table and
    seat in each published session: the list pinned at the door."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    sessions = {s: ts.seating(log, tid, s) for s in info.published}
    who = {v.player: surname_first(v.first_name, v.last_name) for v in ts.list_players(log, tid)}
    return page(
        request,
        "print_door.html",
        info=info,
        sessions=sessions,
        by_player=_by_player(sessions, who, language(request)),
    )


@router.get("/t/{tid}/players/{number}.ics")
def calendar(request: Request, tid: str, number: int) -> Response:
    """The player's sessions with a known start as an iCalendar file."""
    tid = tournament_id(tid)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    view = ts.show_player(log, tid, PlayerId(number))
    t = translator(language(request))
    places = {p.session: p for p in programme.places(log, tid, view.player)}
    cal = Calendar()
    cal.add("prodid", "-//mjref//player calendar//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", f"{info.name}: {view.name}")
    stamp = now()
    host = public_base(request)
    for known in programme.session_times(log, tid):
        place = places.get(known.session)
        if place is None:
            continue
        event = Event()
        event.add("uid", f"{tid}-{int(view.player)}-{known.session}@mjref")
        event.add("dtstamp", stamp)
        event.add("dtstart", known.start)
        event.add("dtend", known.end or known.start + timedelta(minutes=known.minutes))
        seat = t(f"web.wind.{place.seat}")
        summary = t(
            "web.ical.summary",
            name=info.name,
            session=known.session,
            table=place.table,
            seat=seat,
        )
        event.add("summary", summary)
        event.add("url", f"{host}/t/{tid}/players/{int(view.player)}")
        cal.add_component(event)
    return Response(
        cal.to_ical(),
        media_type="text/calendar; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{tid}-{int(view.player)}.ics"'},
    )
