"""The HTTP JSON API (OpenAPI schema at ``/docs``): standings, players and the log to
read; results to submit and confirm with a bearer token (``mjref users token NAME``),
under the same roles as the pages. JSON shapes are the command line's
(:mod:`mjref.wire.tournament`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from mjref.players import PlayerId
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.services.accounts import Account
from mjref.web.context import RefusedError, now, web
from mjref.web.public import tournament_id
from mjref.wire import tournament as wire

router = APIRouter(prefix="/api", tags=["api"])


class ResultIn(BaseModel):
    """A table's session result entered by an official: four scores in seat order (and
    the riichi sticks left)."""

    model_config = ConfigDict(extra="forbid")
    session: int = Field(ge=1, le=100)
    table: int = Field(ge=1, le=250)
    scores: list[int] = Field(min_length=4, max_length=4)
    sticks: int = Field(default=0, ge=0, le=100)


def _bearer(request: Request, tid: str, authorization: str | None) -> Account:
    if not authorization or not authorization.startswith("Bearer "):
        raise RefusedError(401, "web.error.token-needed")
    found = accounts.token_account(web(request).accounts, authorization[7:].strip())
    if found is None:
        raise RefusedError(401, "web.error.token-needed")
    if not found.may_act(tid):
        raise RefusedError(403, "web.error.forbidden")
    return found


@router.get("/tournaments")
def tournaments(request: Request) -> list[Any]:
    """Every tournament of this server."""
    return [wire.tournament_json(i) for i in ts.list_tournaments(web(request).log)]


@router.get("/tournaments/{tid}/standings")
def standings(request: Request, tid: str) -> dict[str, Any]:
    """The standings as they stand (only confirmed results count)."""
    return wire.standings_json(ts.current_standings(web(request).log, tournament_id(tid)))


@router.get("/tournaments/{tid}/players")
def players(request: Request, tid: str) -> list[Any]:
    return [wire.player_json(v) for v in ts.list_players(web(request).log, tournament_id(tid))]


@router.get("/tournaments/{tid}/players/{number}")
def player(request: Request, tid: str, number: int) -> dict[str, Any]:
    """A player's sessions."""
    log = web(request).log
    tid = tournament_id(tid)
    view = ts.show_player(log, tid, PlayerId(number))
    return wire.history_json(view, ts.player_history(log, tid, view.player))


@router.get("/tournaments/{tid}/pending")
def pending(
    request: Request, tid: str, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """What needs attention (token of an account of the tournament)."""
    tid = tournament_id(tid)
    _bearer(request, tid, authorization)
    return wire.attention_json(review.attention(web(request).log, tid))


@router.post("/tournaments/{tid}/results", status_code=201)
def submit_result(
    request: Request,
    tid: str,
    body: ResultIn,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Record a table's result as an official (it counts at once)."""
    tid = tournament_id(tid)
    who = _bearer(request, tid, authorization)
    log = web(request).log
    if tr.family_of(log, tid) == "riichi":
        recorded = tr.record_riichi_result(
            log,
            tid,
            session=body.session,
            table=body.table,
            scores=body.scores,
            sticks=body.sticks,
            actor=who.name,
            now=now(),
        )
    else:
        if body.sticks:
            raise RefusedError(400, "web.error.sticks-for-riichi")
        recorded = tr.record_totals(
            log,
            tid,
            session=body.session,
            table=body.table,
            scores=body.scores,
            actor=who.name,
            now=now(),
        )
    return wire.entries_json([recorded])


@router.post("/tournaments/{tid}/confirm/{seq}", status_code=201)
def confirm(
    request: Request, tid: str, seq: int, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Confirm a proposed result as an official."""
    tid = tournament_id(tid)
    who = _bearer(request, tid, authorization)
    recorded = review.confirm_result(web(request).log, tid, proposal=seq, actor=who.name, now=now())
    return wire.entries_json([recorded])
