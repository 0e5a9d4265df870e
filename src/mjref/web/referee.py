"""The referee's pages: results awaiting confirmation (confirm or reject, never edit),
the assistant (choose the incident, give its facts, see the ruling with its clauses in
the visitor's language, record it against a player with the ladder counted from the
log; a false hu's hand is judged), appeals and corrections."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from mjref.players import PlayerId
from mjref.services import rulings as rs
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.web.context import back, language, now, page, require, web
from mjref.web.public import names, tournament_id
from mjref.wire.rulings import ruling_json

router = APIRouter(include_in_schema=False)
MAX_FACT_LINES = 30


def _base(tid: str) -> str:
    return f"/t/{tid}/referee"


def _show(request: Request, tid: str, **extra: Any) -> HTMLResponse:
    log = web(request).log
    info = ts.show_tournament(log, tid)
    t = ts.load(log, tid)
    ladder = ts.foul_ladder(log, tid)
    return page(
        request,
        "referee.html",
        info=info,
        attention=review.attention(log, tid),
        who=names(request, tid),
        incidents=rs.list_incidents(info.family),
        ladder=ladder,
        in_force=[r for r in ts.read_log(log, tid, kinds=("ruling-recorded",)) if r.in_force],
        sessions=range(1, info.sessions + 1),
        last_session=max(t.seating, default=1),
        form=extra.pop("form", {}),
        **extra,
    )


@router.get("/t/{tid}/referee", response_class=HTMLResponse)
def assistant(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    return _show(request, tid, ruling=None)


@router.post("/t/{tid}/referee/confirm/{seq}")
def confirm(request: Request, tid: str, seq: int) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    review.confirm_result(web(request).log, tid, proposal=seq, actor=who.name, now=now())
    return back(_base(tid))


@router.post("/t/{tid}/referee/reject/{seq}")
def reject(
    request: Request, tid: str, seq: int, reason: Annotated[str, Form(max_length=300)]
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    review.reject_result(
        web(request).log, tid, proposal=seq, reason=reason, actor=who.name, now=now()
    )
    return back(_base(tid))


def _facts(incident: str, text: str) -> dict[str, object]:
    lines = [line.strip() for line in text.splitlines() if line.strip()][:MAX_FACT_LINES]
    return rs.facts_from_text(incident, lines)


@router.post("/t/{tid}/referee/rule", response_class=HTMLResponse)
def rule(
    request: Request,
    tid: str,
    incident: Annotated[str, Form(max_length=60)],
    player: Annotated[int, Form(ge=1, le=1000)],
    session: Annotated[int, Form(ge=1, le=100)],
    facts: Annotated[str, Form(max_length=4000)] = "",
    table: Annotated[int | None, Form(ge=1, le=250)] = None,
    action: Annotated[str, Form(max_length=10)] = "preview",
) -> Response:
    """Preview the ruling (nothing recorded) or record it against the player."""
    tid = tournament_id(tid)
    who = require(request, tid)
    log = web(request).log
    given = _facts(incident, facts)
    lang = language(request)
    form = {
        "incident": incident,
        "player": player,
        "session": session,
        "facts": facts,
        "table": table or "",
    }
    if action == "record":
        entry = tr.record_ruling(
            log,
            tid,
            player=PlayerId(player),
            session=session,
            incident=incident,
            facts=given,
            table=table,
            actor=who.name,
            now=now(),
        )
        return _show(
            request,
            tid,
            ruling=ruling_json(entry.ruling, lang),
            recorded=entry.recorded,
            form=form,
        )
    found = tr.rule(ts.load(log, tid), incident, given, player=PlayerId(player), session=session)
    return _show(request, tid, ruling=ruling_json(found, lang), recorded=(), form=form)


@router.post("/t/{tid}/referee/appeal/{seq}")
def decide_appeal(
    request: Request,
    tid: str,
    seq: int,
    upheld: Annotated[bool, Form()] = False,
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.decide_appeal(
        web(request).log, tid, appeal=seq, upheld=upheld, note=note, actor=who.name, now=now()
    )
    return back(_base(tid))


@router.post("/t/{tid}/referee/appeal")
def file_appeal(
    request: Request,
    tid: str,
    ruling: Annotated[int, Form(ge=1)],
    player: Annotated[int, Form(ge=1, le=1000)],
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.file_appeal(
        web(request).log,
        tid,
        ruling=ruling,
        player=PlayerId(player),
        note=note,
        actor=who.name,
        now=now(),
    )
    return back(_base(tid))


@router.post("/t/{tid}/referee/void")
def void(
    request: Request,
    tid: str,
    target: Annotated[int, Form(ge=1)],
    reason: Annotated[str, Form(max_length=300)],
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.correct(web(request).log, tid, target=target, reason=reason, actor=who.name, now=now())
    return back(_base(tid))
