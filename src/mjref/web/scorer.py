"""The table scorer's page: a secret link per table and session (signed with the
installation's secret; printed as a QR code on the table card) that lets whoever holds it
enter that table's result for that session - as a proposal by one of the table's players
- and lets another player of the table confirm or reject it. Nothing else. Each player
proves who they are with their own confirmation code (:mod:`mjref.services.player_codes`):
the link alone cannot make a result count."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.services import tournament_review as review
from mjref.services import tournament_views as views
from mjref.tournament.codes import MAX_TYPED
from mjref.web.context import RefusedError, back, now, page, web
from mjref.web.public import names
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)

CodeForm = Annotated[str, Form(max_length=MAX_TYPED)]
"""A player's confirmation code as typed."""


def _link(request: Request, token: str) -> tuple[str, int, int]:
    found = web(request).read_scorer_token(token)
    if found is None:
        raise RefusedError(403, "web.error.bad-link")
    return found


def _actor(session: int, table: int) -> str:
    return f"scorer:{session}/{table}"


@router.get("/s/{token}", response_class=HTMLResponse)
def table_page(request: Request, token: str) -> HTMLResponse:
    tid, session, table = _link(request, token)
    log = web(request).log
    info = ts.show_tournament(log, tid)
    view = views.table_view(log, tid, session, table)
    seats = view.seats
    proposals = [p for p in review.pending_results(log, tid, session) if p.table == table]
    return page(
        request,
        "scorer.html",
        token=token,
        info=info,
        session=session,
        table=table,
        seats=seats,
        winds=SEAT_NAMES,
        who=names(request, tid),
        proposals=proposals,
        result=view.result,
        closed=session in info.closed,
    )


def _check_player(request: Request, token: str, player: int) -> tuple[str, int, int]:
    tid, session, table = _link(request, token)
    playing = {s.playing for s in views.table_view(web(request).log, tid, session, table).seats}
    if PlayerId(player) not in playing:
        raise RefusedError(403, "web.error.not-your-table")
    return tid, session, table


@router.post("/s/{token}")
def enter(
    request: Request,
    token: str,
    player: Annotated[int, Form(ge=1, le=1000)],
    east: Annotated[int, Form(ge=-(10**7), le=10**7)],
    south: Annotated[int, Form(ge=-(10**7), le=10**7)],
    west: Annotated[int, Form(ge=-(10**7), le=10**7)],
    north: Annotated[int, Form(ge=-(10**7), le=10**7)],
    sticks: Annotated[int, Form(ge=0, le=100)] = 0,
    code: CodeForm = "",
) -> Response:
    tid, session, table = _check_player(request, token, player)
    review.propose_result(
        web(request).log,
        tid,
        session=session,
        table=table,
        scores=[east, south, west, north],
        sticks=sticks,
        player=PlayerId(player),
        code=code,
        secret=web(request).secret,
        actor=_actor(session, table),
        now=now(),
    )
    return back(f"/s/{token}")


def _own_proposal(request: Request, token: str, seq: int) -> tuple[str, int, int]:
    tid, session, table = _link(request, token)
    mine = [p for p in review.pending_results(web(request).log, tid, session) if p.table == table]
    if seq not in {p.seq for p in mine}:
        raise RefusedError(403, "web.error.not-your-table")
    return tid, session, table


@router.post("/s/{token}/confirm/{seq}")
def confirm(
    request: Request,
    token: str,
    seq: int,
    player: Annotated[int, Form(ge=1, le=1000)],
    code: CodeForm = "",
) -> Response:
    tid, session, table = _own_proposal(request, token, seq)
    review.confirm_result(
        web(request).log,
        tid,
        proposal=seq,
        player=PlayerId(player),
        code=code,
        secret=web(request).secret,
        actor=_actor(session, table),
        now=now(),
    )
    return back(f"/s/{token}")


@router.post("/s/{token}/reject/{seq}")
def reject(
    request: Request,
    token: str,
    seq: int,
    player: Annotated[int, Form(ge=1, le=1000)],
    reason: Annotated[str, Form(max_length=300)],
    code: CodeForm = "",
) -> Response:
    tid, session, table = _own_proposal(request, token, seq)
    review.reject_result(
        web(request).log,
        tid,
        proposal=seq,
        reason=reason,
        player=PlayerId(player),
        code=code,
        secret=web(request).secret,
        actor=_actor(session, table),
        now=now(),
    )
    return back(f"/s/{token}")
