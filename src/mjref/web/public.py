"""Public pages, read-only and without login: the tournaments, standings, a session's
tables with the look-up by name, a page per player; the language choice, logging in and
out, and the logged-in account's own password."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from mjref.collation import matches
from mjref.i18n import LANGUAGES, render
from mjref.players import PlayerId
from mjref.services import accounts, programme, riichi_hands
from mjref.services import finals as finals_service
from mjref.services import teams as teams_service
from mjref.services import tournament as ts
from mjref.services.accounts import AccountError, TooManyAttemptsError
from mjref.web import draw, finals, site
from mjref.web.context import (
    LANG_COOKIE,
    RefusedError,
    account,
    back,
    client_address,
    language,
    now,
    page,
    translator,
    web,
)
from mjref.web.kept import local_path
from mjref.web.pagecache import PageCache
from mjref.wire.messages import JsonValue
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)


def tournament_id(value: str) -> str:
    return ts.check_tournament_id(value)


def names(request: Request, tid: str) -> dict[PlayerId, str]:
    return {v.player: v.name for v in ts.list_players(web(request).log, tid)}


@router.get("/", response_class=HTMLResponse)
def index(request: Request) -> HTMLResponse:
    return page(request, "index.html", tournaments=ts.list_tournaments(web(request).log))


@router.get("/lang")
def choose_language(request: Request, set: str = "en", next: str = "/") -> Response:
    target = next if next.startswith("/") and not next.startswith("//") else "/"
    response = RedirectResponse(target[:500], status_code=303)
    if set in LANGUAGES:
        response.set_cookie(
            LANG_COOKIE, set, max_age=365 * 24 * 3600, samesite="lax", httponly=True
        )
    return response


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, next: str = "") -> HTMLResponse:
    """The login form; ``next``: the page of this site to go back to (anything else is
    dropped: no open redirect)."""
    return page(request, "login.html", problem="", next=local_path(next) or "")


@router.post("/login", response_class=HTMLResponse)
def login(
    request: Request,
    name: Annotated[str, Form(max_length=200)],
    password: Annotated[str, Form(max_length=500)],
    next: Annotated[str, Form(max_length=600)] = "",
) -> Response:
    back_to = local_path(next) or ""
    try:
        found = accounts.login(
            web(request).accounts,
            name,
            password,
            now=time.time(),
            address=client_address(request),
        )
    except TooManyAttemptsError as error:
        text = render(error.message, language(request))
        return page(request, "login.html", status=429, problem=text, next=back_to)
    except AccountError as error:
        text = render(error.message, language(request))
        return page(request, "login.html", status=401, problem=text, next=back_to)
    request.session.clear()
    request.session["user"] = found.name
    request.session["gen"] = found.generation
    return back(back_to or "/")


@router.post("/logout")
def logout(request: Request) -> Response:
    """Log out: every session of the account ends at once, not only this browser's."""
    found = account(request)
    if found is not None:
        accounts.end_sessions(web(request).accounts, found.name)
    request.session.clear()
    return back("/")


@router.get("/account/password", response_class=HTMLResponse)
def password_form(request: Request) -> HTMLResponse:
    if account(request) is None:
        raise RefusedError(401, "web.error.login-needed")
    return page(request, "password.html", problem="", done=False)


@router.post("/account/password", response_class=HTMLResponse)
def change_password(
    request: Request,
    current: Annotated[str, Form(max_length=500)],
    new: Annotated[str, Form(max_length=500)],
    again: Annotated[str, Form(max_length=500)],
) -> Response:
    """The logged-in account's new password (the current one checked first); every other
    session of the account ends, this one goes on."""
    found = account(request)
    if found is None:
        raise RefusedError(401, "web.error.login-needed")
    try:
        changed = accounts.change_password(
            web(request).accounts,
            found.name,
            new,
            again,
            current=current,
            address=client_address(request),
            actor=found.name,
            now=now(),
        )
    except TooManyAttemptsError as error:
        text = render(error.message, language(request))
        return page(request, "password.html", status=429, problem=text, done=False)
    except AccountError as error:
        text = render(error.message, language(request))
        return page(request, "password.html", status=400, problem=text, done=False)
    request.session["gen"] = changed.generation
    return page(request, "password.html", problem="", done=True)


@router.get("/t/{tid}", response_class=HTMLResponse)
def standings(request: Request, tid: str) -> Response:
    tid = tournament_id(tid)
    return pages(request).answer(request, tid, lambda: _standings(request, tid))


def pages(request: Request) -> PageCache:
    found: PageCache = request.app.state.pages
    return found


def _standings(request: Request, tid: str) -> HTMLResponse:
    log = web(request).log
    info = ts.show_tournament(log, tid)
    result = ts.current_standings(log, tid)
    lang = language(request)
    return page(
        request,
        "standings.html",
        live=f"/t/{tid}/live",
        info=info,
        standings=result,
        state=site.standings_state(ts.standings_reporting(log, tid), translator(lang), lang),
        teams_link=bool(teams_service.current_team_standings(log, tid)),
        **finals.visibility(request, tid),
    )


@router.get("/t/{tid}/players/{number}", response_class=HTMLResponse)
def player(request: Request, tid: str, number: int) -> Response:
    tid = tournament_id(tid)
    return pages(request).answer(request, tid, lambda: _player(request, tid, number))


def _player(request: Request, tid: str, number: int) -> HTMLResponse:
    log = web(request).log
    info = ts.show_tournament(log, tid)
    view = ts.show_player(log, tid, PlayerId(number))
    seen = finals.visibility(request, tid)
    lines = finals_service.public_history(ts.player_history(log, tid, view.player), seen["hidden"])
    who = names(request, tid)
    t = translator(language(request))
    from mjref.web.ema_pages import rating_lines  # here: ema_pages imports this module

    ema = () if seen["hidden"] else rating_lines(request, tid, number)
    return page(
        request,
        "player.html",
        live=f"/t/{tid}/live",
        info=info,
        view=view,
        lines=lines,
        opponents=site.opponents(view.player, lines, lambda s: ts.seating(log, tid, s), who),
        chart=""
        if seen["hidden"]
        else site.chart(ts.player_progress(log, tid, view.player), info, t, language(request)),
        riichi=riichi_hands.player_stats(log, tid, view.player).get(view.player),
        ema=ema,
        next_place=programme.next_place(log, tid, view.player),
        **seen,
    )


@router.get("/t/{tid}/seating", response_class=HTMLResponse)
def seating(request: Request, tid: str, session: int = 1, q: str = "") -> Response:
    tid = tournament_id(tid)
    return pages(request).answer(request, tid, lambda: _seating(request, tid, session, q))


def _seating(request: Request, tid: str, session: int, q: str) -> HTMLResponse:
    log = web(request).log
    info = ts.show_tournament(log, tid)
    query = q.strip()[:60]
    published = session in info.published
    tables = ts.seating(log, tid, session) if published else ()
    who = names(request, tid)
    found: list[tuple[PlayerId, str, int, str]] = []
    if query and published:
        for number, table in enumerate(tables, start=1):
            for seat, p in zip(SEAT_NAMES, table, strict=True):
                if matches(query, who.get(p, "")) or query == str(p):
                    found.append((p, who.get(p, ""), number, seat))
    return page(
        request,
        "seating.html",
        live=f"/t/{tid}/live",
        info=info,
        session=session,
        tables=tables,
        who=who,
        query=query,
        found=found,
        published=published,
        seats=SEAT_NAMES,
        draw=draw.has_draw(request, tid),
    )


@router.get("/t/{tid}/seating/draw", response_class=HTMLResponse)
def seating_draw(request: Request, tid: str) -> Response:
    """How the seating was drawn: the commitment, the seed, the player list, the check."""
    tid = tournament_id(tid)
    return pages(request).answer(request, tid, lambda: draw.draw_page(request, tid))


@router.get("/t/{tid}/seating/draw.json")
def seating_draw_json(request: Request, tid: str) -> dict[str, JsonValue]:
    """The draw's record, for ``mjref seating verify``."""
    return draw.draw_json(request, tournament_id(tid))
