"""The room: the venue screen for the projector (the clock in large type, the signal as a
sound made in the browser and a flash, tables with extra time, the organiser's notice,
and between sessions the next session's seating), the clock controls for officials, the
clock as JSON, and the live stream every live page listens to (:mod:`mjref.web.live`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from jinja2.utils import htmlsafe_json_dumps
from sse_starlette import EventSourceResponse

from mjref.errors import InputError
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.services import tournament_review as review
from mjref.web.context import RefusedError, back, language, now, page, require, web
from mjref.web.public import names, pages, tournament_id
from mjref.wire.clock import clock_json
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)
KEEPALIVE = 15
"""Seconds between the stream's comments that keep proxies from closing it."""
WAIT = 25.0


class HtmlSafeJSON(JSONResponse):
    """JSON with ``<``, ``>``, ``&`` and ``'`` written as ``\\u`` escapes (as ``|tojson``
    writes the screen's first document): a notice or a name holding ``</script>`` stays
    inert even in a browser that would take the answer for HTML (``docs/security.md``)."""

    def render(self, content: Any) -> bytes:
        return str(htmlsafe_json_dumps(content)).encode("utf-8")


def _live(request: Request) -> Any:
    return request.app.state.live


@router.get("/t/{tid}/live")
async def live(request: Request, tid: str) -> Response:
    """Server-sent events: ``position`` at once, then ``change`` with the new log
    position whenever the tournament's log grows. A tournament that does not exist is a
    404, before any stream is opened or watched."""
    tid = tournament_id(tid)
    if await asyncio.to_thread(web(request).log.position, tid) == 0:
        raise RefusedError(404, "tournament.unknown", tournament=tid)
    watch = _live(request)

    async def stream() -> AsyncIterator[dict[str, str]]:
        known = await watch.next_change(tid, -1, 0.0)
        yield {"event": "position", "data": str(known)}
        while True:
            if await request.is_disconnected():
                return
            position = await watch.next_change(tid, known, WAIT)
            if position != known:
                known = position
                yield {"event": "change", "data": str(position)}

    return EventSourceResponse(stream(), ping=KEEPALIVE)


def clock_document(request: Request, tid: str) -> dict[str, Any]:
    """What the venue screen shows: the clock of the session in play (if any), the
    notice, the next session's seating when no session runs, the log position."""
    log = web(request).log
    lang = language(request)
    info = ts.show_tournament(log, tid)
    document: dict[str, Any] = {
        "tournament": info.name,
        "position": info.position,
        "announcement": review.announcement(log, tid),
        "clock": None,
        "next": None,
    }
    try:
        state = clock.clock_state(log, tid, None, now())
    except InputError:
        state = None
    if state is not None:
        document["clock"] = clock_json(state, lang)
    session = clock.next_session(log, tid, now())
    if session is not None:
        who = names(request, tid)
        document["next"] = {
            "session": session,
            "tables": [
                [f"{SEAT_NAMES[i]} {p}. {who.get(p, '')}" for i, p in enumerate(table)]
                for table in ts.seating(log, tid, session)
            ],
        }
    return document


@router.get("/t/{tid}/clock.json")
def clock_now(request: Request, tid: str) -> Response:
    """The venue screen's data (kept for a second while the log does not grow)."""
    tid = tournament_id(tid)
    return pages(request).answer(
        request, tid, lambda: HtmlSafeJSON(clock_document(request, tid)), per_second=True
    )


@router.get("/t/{tid}/screen", response_class=HTMLResponse)
def screen(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    info = ts.show_tournament(web(request).log, tid)
    return page(
        request,
        "screen.html",
        info=info,
        live=f"/t/{tid}/live",
        initial=clock_document(request, tid),  # encoded by |tojson in the template
    )


@router.get("/t/{tid}/clock", response_class=HTMLResponse)
def controls(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    document = clock_document(request, tid)
    return page(
        request,
        "clock.html",
        info=info,
        document=document,
        announcement=document["announcement"],
        live=f"/t/{tid}/live",
    )


@router.post("/t/{tid}/clock/start")
def start(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    minutes: Annotated[int | None, Form(ge=1, le=1440)] = None,
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    clock.start_session(web(request).log, tid, session, minutes=minutes, actor=who.name, now=now())
    return back(f"/t/{tid}/clock")


SessionField = Annotated[int, Form(ge=1, le=100)]
ReasonField = Annotated[str, Form(max_length=300)]


def _stop(request: Request, tid: str, change: Any, session: int, reason: str) -> Response:
    """Pause or end the clock of ``session`` (``change``: the service), with the reason."""
    tid = tournament_id(tid)
    who = require(request, tid)
    change(web(request).log, tid, session, reason=reason, actor=who.name, now=now())
    return back(f"/t/{tid}/clock")


@router.post("/t/{tid}/clock/pause")
def pause(request: Request, tid: str, session: SessionField, reason: ReasonField = "") -> Response:
    return _stop(request, tid, clock.pause_session, session, reason)


@router.post("/t/{tid}/clock/resume")
def resume(request: Request, tid: str, session: Annotated[int, Form(ge=1, le=100)]) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    clock.resume_session(web(request).log, tid, session, actor=who.name, now=now())
    return back(f"/t/{tid}/clock")


@router.post("/t/{tid}/clock/end")
def end(request: Request, tid: str, session: SessionField, reason: ReasonField = "") -> Response:
    return _stop(request, tid, clock.end_session, session, reason)


@router.post("/t/{tid}/clock/extra")
def extra(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    table: Annotated[int, Form(ge=1, le=250)],
    minutes: Annotated[int, Form(ge=1, le=240)],
    reason: Annotated[str, Form(max_length=300)],
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    clock.grant_extra_time(
        web(request).log,
        tid,
        session,
        table=table,
        minutes=minutes,
        reason=reason,
        actor=who.name,
        now=now(),
    )
    return back(f"/t/{tid}/clock")


@router.post("/t/{tid}/clock/announce")
def announce(
    request: Request, tid: str, text: Annotated[str, Form(max_length=600)] = ""
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    review.announce(web(request).log, tid, text=text, actor=who.name, now=now())
    return back(f"/t/{tid}/clock")
