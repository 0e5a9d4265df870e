"""The organiser's pages: the dashboard (what needs attention), players (add, CSV import
with the row report, check-in, withdrawal, their confirmation codes as slips to print),
seating (publish, re-seat after drop-outs, printouts and table cards with the scorers' QR
codes), results entered directly, the log, the exports, referee accounts."""

from __future__ import annotations

import io
import zipfile
from typing import Annotated
from urllib.parse import urlencode

import segno
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from mjref.collation import fold, matches, sort_key, surname_first
from mjref.i18n import render
from mjref.players import PlayerId
from mjref.services import accounts, catalogue, player_codes
from mjref.services import mcr as mcr_service
from mjref.services import teams as team_service
from mjref.services import tournament as ts
from mjref.services import tournament_export as export
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.services import tournament_views as views
from mjref.services.accounts import Role
from mjref.services.seating_draw import MAX_SEED
from mjref.store.snapshots import read_status
from mjref.tournament import events as ev
from mjref.web import _backup_messages, _mirror_messages, _players_messages, mirror, site  # noqa: F401
from mjref.web import draw as seating_draw
from mjref.web.context import (
    RefusedError,
    account,
    asks_json,
    back,
    language,
    now,
    optional_number,
    page,
    public_base,
    require,
    web,
)
from mjref.web.ema_pages import weight_lines
from mjref.web.public import names, tournament_id
from mjref.wire.messages import steps_text
from mjref.wire.options import reading_text
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)
MAX_CSV = 1_000_000
MAX_READINGS = 30
"""Readings taken from the new-tournament form (the registry has about twenty)."""


def _base(tid: str) -> str:
    return f"/t/{tid}/admin"


@router.get("/t/{tid}/admin", response_class=HTMLResponse)
def dashboard(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    return page(
        request,
        "dashboard.html",
        live=f"/t/{tid}/live",
        ema=weight_lines(request, tid),
        info=ts.show_tournament(log, tid),
        attention=review.attention(log, tid),
        who=names(request, tid),
        backup=read_status(web(request).settings.backup_status),
        mirror=mirror.dashboard_status(log, tid, language(request)),
    )


MAX_QUERY = 60


def _found(query: str, number: int, texts: tuple[str, ...]) -> bool:
    """Whether a search finds a player: every word in ``texts`` (name, country, club, team,
    EMA number), case and accents aside (:func:`mjref.collation.matches`), or the number."""
    return matches(query, *texts) or query.removeprefix("#") == str(number)


def _players_page(
    request: Request,
    tid: str,
    *,
    query: str = "",
    report: dict[str, object] | None = None,
    status: int = 200,
) -> HTMLResponse:
    """The players page: every player, surname first in the order of the page's language;
    with a search, those it does not find are hidden (the page's script shows them again
    as the search changes, from each row's folded text)."""
    log = web(request).log
    lang = language(request)
    team_of = {
        player: team.name
        for team in team_service.list_teams(log, tid).teams
        for player, _ in team.members
    }
    rows = []
    for p in ts.list_players(log, tid):
        door = surname_first(p.first_name, p.last_name)
        team = team_of.get(p.player, "")
        texts = tuple(t for t in (p.name, p.country, p.club, team, p.ema_number) if t)
        find = fold(" ".join(texts))
        rows.append((p, door, find, not query or _found(query, p.player, texts), team))
    rows.sort(key=lambda row: (sort_key(row[1], lang), row[0].player))
    return page(
        request,
        "players.html",
        status=status,
        info=ts.show_tournament(log, tid),
        rows=rows,
        query=query,
        report=report,
    )


@router.get("/t/{tid}/admin/players", response_class=HTMLResponse)
def players(request: Request, tid: str, q: str = "") -> HTMLResponse:
    """The players; ``q``: a search (name, number, country, club, team, EMA number)."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    return _players_page(request, tid, query=q.strip()[:MAX_QUERY])


@router.post("/t/{tid}/admin/players")
def add_player(
    request: Request,
    tid: str,
    first: Annotated[str, Form(max_length=300)],
    last: Annotated[str, Form(max_length=300)],
    country: Annotated[str, Form(max_length=10)] = "",
    ema: Annotated[str, Form(max_length=30)] = "",
    club: Annotated[str, Form(max_length=300)] = "",
    substitute: Annotated[bool, Form()] = False,
    check_in: Annotated[bool, Form()] = False,
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    details = ts.player_details(first, last, country, ema, club, substitute=substitute)
    ts.add_player(
        web(request).log,
        tid,
        details,
        substitute=substitute,
        check_in=check_in,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}/players")


@router.get("/t/{tid}/admin/codes", response_class=HTMLResponse)
def codes(request: Request, tid: str) -> HTMLResponse:
    """Each player's confirmation code, as slips to print and hand out at check-in."""
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    return page(
        request,
        "codes.html",
        info=ts.show_tournament(log, tid),
        codes=player_codes.player_codes(log, tid, web(request).secret),
    )


@router.post("/t/{tid}/admin/codes/{number}")
def new_code(request: Request, tid: str, number: int) -> Response:
    """A new code for a player whose code was lost or seen; the old one stops working."""
    tid = tournament_id(tid)
    who = require(request, tid)
    player_codes.issue_code(
        web(request).log, tid, player=PlayerId(number), actor=who.name, now=now()
    )
    return back(f"{_base(tid)}/codes")


@router.post("/t/{tid}/admin/players/import", response_class=HTMLResponse)
def import_players(
    request: Request,
    tid: str,
    text: Annotated[str, Form(max_length=MAX_CSV)],
    skip_bad: Annotated[bool, Form()] = False,
    check_in: Annotated[bool, Form()] = False,
) -> Response:
    """The players file as text (pasted, or read from the chosen file by the page's
    script): every bad row is reported with its line; nothing is imported if one is bad,
    unless bad rows are to be left out."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    text = text.removeprefix("\ufeff")
    log = web(request).log
    try:
        report = ts.import_players(
            log, tid, text, skip_bad=skip_bad, check_in=check_in, actor=who.name, now=now()
        )
    except ts.PlayersFileError as error:
        lang = language(request)
        problems = [(p.line, render(p.reason, lang)) for p in error.problems]
        refused = {"added": 0, "problems": problems, "refused": True}
        return _players_page(request, tid, report=refused, status=400)
    lang = language(request)
    return _players_page(
        request,
        tid,
        report={
            "added": len(report.added),
            "problems": [(p.line, render(p.reason, lang)) for p in report.skipped],
            "refused": False,
        },
    )


@router.post("/t/{tid}/admin/players/{number}/checkin")
def check_in(
    request: Request, tid: str, number: int, q: Annotated[str, Form(max_length=300)] = ""
) -> Response:
    """Check a player in: the players page again at the player's row, with the search it
    was sent from (``q``); the page's script asks for JSON and changes the row in place. A
    player checked in already is refused (the core's ``tournament.already-checked-in``);
    a retry of the same form (its request key) is recorded once."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    (view,) = ts.check_in(web(request).log, tid, [PlayerId(number)], actor=who.name, now=now())
    if asks_json(request):
        return JSONResponse({"player": view.player, "checked_in": view.checked_in})
    query = q.strip()[:MAX_QUERY]
    search = f"?{urlencode({'q': query})}" if query else ""
    return back(f"{_base(tid)}/players{search}#p{view.player}")


@router.post("/t/{tid}/admin/players/checkin-all")
def check_in_all(request: Request, tid: str) -> Response:
    """Every registered player not yet checked in (``mjref players checkin --all``)."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    ts.check_in_all(web(request).log, tid, actor=who.name, now=now())
    return back(f"{_base(tid)}/players")


@router.get("/t/{tid}/admin/players/{number}/edit", response_class=HTMLResponse)
def edit_player_form(request: Request, tid: str, number: int) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    return page(
        request,
        "player_edit.html",
        info=ts.show_tournament(log, tid),
        player=ts.show_player(log, tid, PlayerId(number)),
    )


@router.post("/t/{tid}/admin/players/{number}/edit")
def edit_player(
    request: Request,
    tid: str,
    number: int,
    first: Annotated[str, Form(max_length=300)],
    last: Annotated[str, Form(max_length=300)],
    country: Annotated[str, Form(max_length=10)] = "",
    ema: Annotated[str, Form(max_length=30)] = "",
    club: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    """A player's details as the form shows them (``mjref players edit``)."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    ts.edit_player(
        web(request).log,
        tid,
        PlayerId(number),
        first_name=first,
        last_name=last,
        country=country,
        ema_number=ema,
        club=club,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}/players")


@router.get("/t/{tid}/admin/players/{number}/withdraw", response_class=HTMLResponse)
def withdraw_form(request: Request, tid: str, number: int) -> HTMLResponse:
    """The withdrawal, confirmed: the player, what a withdrawal does (from which session;
    what was played stands, MERS 2010 4.1.2) and its form, sent to :func:`withdraw`."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    player = PlayerId(number)
    return page(
        request,
        "player_withdraw.html",
        info=ts.show_tournament(log, tid),
        player=ts.show_player(log, tid, player),
        first=ts.withdrawal_session(log, tid, player),
    )


@router.post("/t/{tid}/admin/players/{number}/withdraw")
def withdraw(
    request: Request,
    tid: str,
    number: int,
    session: Annotated[str, Form(max_length=10)] = "",
    illness: Annotated[bool, Form()] = False,
    struck: Annotated[bool, Form()] = False,
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    """The first session missed is the one given, or else the next one not yet played;
    ``struck``: the name taken off the final results (MERS 2010 4.3, the core checks it);
    ``note``: why, in the organiser's words (checked as every note is)."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    reason = ev.Withdrawal.ILLNESS if illness else ev.Withdrawal.OTHER
    ts.withdraw_player(
        web(request).log,
        tid,
        PlayerId(number),
        from_session=optional_number(session, "session"),
        reason=reason,
        struck=struck,
        note=note,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}/players")


@router.get("/t/{tid}/admin/seating", response_class=HTMLResponse)
def seating(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    sessions = {s: ts.seating(log, tid, s) for s in info.published}
    who = names(request, tid)
    door = {v.player: surname_first(v.first_name, v.last_name) for v in ts.list_players(log, tid)}
    return page(
        request,
        "seating_admin.html",
        info=info,
        sessions=sessions,
        by_player=_by_player(sessions, door, language(request)),
        who=who,
        seats=SEAT_NAMES,
        method=steps_text(ts.seating_method(log, tid), language(request)),
    )


def _by_player(
    sessions: dict[int, tuple[tuple[PlayerId, ...], ...]],
    who: dict[PlayerId, str],
    lang: str,
) -> list[tuple[PlayerId, str, list[tuple[int, str] | None]]]:
    """The printout pinned at the door: every player by name (surname first, in the
    order of the page's language), with their table and wind in each published session
    (``None`` where they do not play)."""
    where: dict[PlayerId, dict[int, tuple[int, str]]] = {}
    for s, tables in sessions.items():
        for number, table in enumerate(tables, start=1):
            for seat, player in enumerate(table):
                where.setdefault(player, {})[s] = (number, SEAT_NAMES[seat])
    order = sorted(where, key=lambda p: (sort_key(who.get(p, ""), lang), p))
    return [(p, who.get(p, ""), [where[p].get(s) for s in sessions]) for p in order]


@router.post("/t/{tid}/admin/seating")
def publish(
    request: Request,
    tid: str,
    seed: Annotated[int, Form(ge=0, le=1_000_000)] = 0,
    again: Annotated[bool, Form()] = False,
    draw: Annotated[str, Form(max_length=MAX_SEED)] = "",
    fill: Annotated[str, Form(max_length=20)] = "",
    teams_apart: Annotated[bool, Form()] = False,
) -> Response:
    """The catalogue's ``seating-publish``: the seed or the draw's seed, what to do when
    players do not fill the tables (substitutes, the default, or byes), seating again, or
    keeping each team (club) apart."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    command = catalogue.PublishSeating(seed, fill or None, again, draw or None, teams_apart)
    entry = catalogue.ENTRIES["seating-publish"]
    catalogue.run(entry, web(request).log, tid, command, actor=who.name, now=now())
    return back(f"{_base(tid)}/seating")


@router.post("/t/{tid}/admin/seating/commit")
def commit_draw(
    request: Request, tid: str, commitment: Annotated[str, Form(max_length=64)]
) -> Response:
    """Publish the commitment to the draw's secret seed."""
    return seating_draw.commit(request, tournament_id(tid), commitment)


def scorer_url(request: Request, tid: str, session: int, table: int) -> str:
    token = web(request).scorer_token(tid, session, table)
    return f"{public_base(request)}/s/{token}"


@router.get("/t/{tid}/admin/cards", response_class=HTMLResponse)
def table_cards(request: Request, tid: str, session: int = 1) -> HTMLResponse:
    """One card per table: the seats with names and the QR code of the table's scorer
    link for this session (print and put on the table)."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    tables = ts.seating(log, tid, session)
    cards = []
    for number, table in enumerate(tables, start=1):
        url = scorer_url(request, tid, session, number)
        qr = segno.make(url, error="m").svg_inline(scale=3, omitsize=True)
        cards.append((number, table, url, qr))
    return page(
        request,
        "cards.html",
        info=info,
        session=session,
        cards=cards,
        who=names(request, tid),
        seats=SEAT_NAMES,
    )


@router.get("/t/{tid}/admin/results", response_class=HTMLResponse)
def results(request: Request, tid: str, session: int = 1) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    found = views.session_view(log, tid, session) if session in info.published else None
    tables = ts.seating(log, tid, session) if found is not None else ()
    rows = []
    for number, table in enumerate(tables, start=1):
        assert found is not None
        rows.append((number, table, found.tables[number - 1].result))
    return page(
        request,
        "results.html",
        info=info,
        session=session,
        opened=found is not None and found.opened,
        closed=session in info.closed,
        rows=rows,
        who=names(request, tid),
        seats=SEAT_NAMES,
    )


@router.post("/t/{tid}/admin/results")
def record_result(
    request: Request,
    tid: str,
    session: Annotated[int, Form()],
    table: Annotated[int, Form()],
    east: Annotated[int, Form(ge=-(10**7), le=10**7)],
    south: Annotated[int, Form(ge=-(10**7), le=10**7)],
    west: Annotated[int, Form(ge=-(10**7), le=10**7)],
    north: Annotated[int, Form(ge=-(10**7), le=10**7)],
    sticks: Annotated[int, Form(ge=0, le=100)] = 0,
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    log = web(request).log
    scores = [east, south, west, north]
    tr.record_result(
        log,
        tid,
        session=session,
        table=table,
        scores=scores,
        sticks=sticks,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}/results?session={session}")


@router.post("/t/{tid}/admin/results/open")
def open_session(
    request: Request, tid: str, session: Annotated[int, Form(ge=1, le=100)]
) -> Response:
    """Record a session's start (``mjref session open``)."""
    tid = tournament_id(tid)
    who = require(request, tid)
    ts.open_session(web(request).log, tid, session, actor=who.name, now=now())
    return back(f"{_base(tid)}/results?session={session}")


@router.post("/t/{tid}/admin/results/close")
def close_session(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    checked: Annotated[bool, Form()] = False,
) -> Response:
    """Close a session for good (``mjref session close``): no result is taken after it and
    appeals may be decided. The form's box "I have checked the results" must be ticked."""
    tid = tournament_id(tid)
    who = require(request, tid)
    if not checked:
        raise RefusedError(400, "web.error.close-unchecked", session=session)
    ts.close_session(web(request).log, tid, session, actor=who.name, now=now())
    return back(f"{_base(tid)}/results?session={session}")


@router.get("/t/{tid}/admin/log", response_class=HTMLResponse)
def event_log(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    entries = ts.read_log(log, tid)
    return page(
        request,
        "log.html",
        info=ts.show_tournament(log, tid),
        entries=tuple(reversed(entries))[:500],
        total=len(entries),
    )


@router.get("/t/{tid}/admin/export/ema")
def export_ema(request: Request, tid: str) -> Response:
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    text = export.ema_results(web(request).log, tid)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{tid}-ema.csv"'},
    )


@router.get("/t/{tid}/admin/export/html")
def export_html(request: Request, tid: str) -> Response:
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    lang = language(request)
    pages = site.site_pages(web(request).log, tid, lang)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, html in pages.items():
            archive.writestr(f"{tid}/{name}", html)
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"content-disposition": f'attachment; filename="{tid}-site.zip"'},
    )


@router.get("/t/{tid}/admin/referees", response_class=HTMLResponse)
def referees(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    store = web(request).accounts
    return page(
        request,
        "referees.html",
        info=ts.show_tournament(web(request).log, tid),
        grantees=store.grantees(tid),
        created=None,
    )


@router.post("/t/{tid}/admin/referees", response_class=HTMLResponse)
def add_referee(
    request: Request,
    tid: str,
    name: Annotated[str, Form(max_length=100)],
) -> HTMLResponse:
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    store = web(request).accounts
    password = accounts.new_password()
    accounts.add_user(
        store, name, password, Role.REFEREE, tournaments=(tid,), actor=who.name, now=now()
    )
    return page(
        request,
        "referees.html",
        info=ts.show_tournament(web(request).log, tid),
        grantees=store.grantees(tid),
        created=(name, password),
    )


@router.post("/t/{tid}/admin/referees/{name}/revoke")
def revoke_referee(request: Request, tid: str, name: str) -> Response:
    """Take the tournament from a referee's account: at once, for every session and token
    of it (grants are read on every request); recorded with who and when."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    accounts.ungrant(
        web(request).accounts, name[:60], tid, actor=who.name, now=now(), referee_only=True
    )
    return back(f"{_base(tid)}/referees")


@router.get("/new", response_class=HTMLResponse)
def new_form(request: Request) -> HTMLResponse:
    found = account(request)
    if found is None:
        raise RefusedError(401, "web.error.login-needed")
    if not found.organiser:
        raise RefusedError(403, "web.error.forbidden")
    return page(
        request,
        "new.html",
        rulesets=ts.tournament_rulesets(),
        readings=[
            (name, where, render(reading_text(name), language(request)))
            for name, where in ts.tournament_readings().items()
        ],
        conventions=[c.id for c in mcr_service.list_conventions()],
    )


@router.post("/new")
def create(
    request: Request,
    tid: Annotated[str, Form(max_length=60)],
    name: Annotated[str, Form(max_length=300)],
    ruleset: Annotated[str, Form(max_length=60)],
    sessions: Annotated[int, Form(ge=1, le=100)],
    minutes: Annotated[int, Form(ge=1, le=1440)] = 120,
    convention: Annotated[str, Form(max_length=40)] = "",
    start: Annotated[str, Form(max_length=10)] = "",
    reading: Annotated[list[str] | None, Form(max_length=60)] = None,
) -> Response:
    """A new tournament; the organiser who creates it may act on it. MCR takes a scoring
    convention (blank: the default), riichi the starting points (blank: 30,000); the
    readings ticked are added to the ruleset as ``--ruleset mers-2010+italian`` adds them
    (the ruleset refuses one it does not have)."""
    found = account(request)
    if found is None:
        raise RefusedError(401, "web.error.login-needed")
    if not found.organiser:
        raise RefusedError(403, "web.error.forbidden")
    ts.create_tournament(
        web(request).log,
        tid,
        name=name,
        ruleset=ts.with_readings(ruleset, (reading or [])[:MAX_READINGS]),
        sessions=sessions,
        session_minutes=minutes,
        convention=convention.strip() or None,
        starting_points=optional_number(start, "start"),
        actor=found.name,
        now=now(),
    )
    accounts.grant(web(request).accounts, found.name, tid, actor=found.name, now=now())
    return back(f"{_base(tid)}/players")
