"""Finals and hidden standings on the web: the organiser's page (seat a final session from
the standings, hide the standings from a session on, reveal them), and what a visitor may
see of the standings (officials - the tournament's organisers and referees, logged in or
with an API token - see everything)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from mjref.services import accounts
from mjref.services import finals as service
from mjref.services import tournament as ts
from mjref.services.catalogue import parse_choice
from mjref.tournament import events as ev
from mjref.web import _finals_messages  # noqa: F401  (registers the wording)
from mjref.web.context import account, back, now, page, require, web

router = APIRouter(include_in_schema=False)


def official(request: Request, tid: str) -> bool:
    """Whether the logged-in account (if any) is an official of ``tid``."""
    found = account(request)
    return found is not None and found.may_act(tid)


def token_official(request: Request, tid: str, authorization: str | None) -> bool:
    """Whether an API request carries the token of an official of ``tid``."""
    if not authorization or not authorization.startswith("Bearer "):
        return False
    found = accounts.token_account(web(request).accounts, authorization[7:].strip())
    return found is not None and found.may_act(tid)


def visibility(request: Request, tid: str, *, sees_all: bool | None = None) -> dict[str, Any]:
    """The template values of hidden standings: ``hidden`` (the session from which the
    public sees nothing, or ``None``) for a visitor; ``hidden_official`` (the same
    session, shown as a note) for an official, who sees everything."""
    hidden = service.hidden_from(web(request).log, tid)
    allowed = official(request, tid) if sees_all is None else sees_all
    if hidden is None:
        return {"hidden": None, "hidden_official": None}
    if allowed:
        return {"hidden": None, "hidden_official": hidden}
    return {"hidden": hidden, "hidden_official": None}


def api_visibility(request: Request, tid: str, authorization: str | None) -> dict[str, Any]:
    """:func:`visibility` for an API read: an official's token sees everything."""
    return visibility(request, tid, sees_all=token_official(request, tid, authorization))


@router.get("/t/{tid}/admin/finals", response_class=HTMLResponse)
def finals_page(request: Request, tid: str) -> HTMLResponse:
    tid = ts.check_tournament_id(tid)
    require(request, tid, organiser=True)
    log = web(request).log
    return page(
        request,
        "finals.html",
        info=ts.show_tournament(log, tid),
        hidden_from=service.hidden_from(log, tid),
    )


@router.post("/t/{tid}/admin/finals")
def seat(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=ev.MAX_SESSIONS)],
    mode: Annotated[str, Form(max_length=20)] = "top-4",
    count: Annotated[int, Form(ge=0, le=10_000)] = 0,
) -> Response:
    tid = ts.check_tournament_id(tid)
    who = require(request, tid, organiser=True)
    service.seat_finals(
        web(request).log,
        tid,
        session=session,
        mode=parse_choice(ev.FinalsMode, mode, "mode"),
        count=count,
        actor=who.name,
        now=now(),
    )
    return back(f"/t/{tid}/seating?session={session}")


@router.post("/t/{tid}/admin/standings/hide")
def hide(
    request: Request,
    tid: str,
    from_session: Annotated[int, Form(ge=1, le=ev.MAX_SESSIONS)],
) -> Response:
    tid = ts.check_tournament_id(tid)
    who = require(request, tid, organiser=True)
    service.hide_standings(
        web(request).log, tid, from_session=from_session, actor=who.name, now=now()
    )
    return back(f"/t/{tid}/admin/finals")


@router.post("/t/{tid}/admin/standings/reveal")
def reveal(request: Request, tid: str) -> Response:
    tid = ts.check_tournament_id(tid)
    who = require(request, tid, organiser=True)
    service.reveal_standings(web(request).log, tid, actor=who.name, now=now())
    return back(f"/t/{tid}/admin/finals")
