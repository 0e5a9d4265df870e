"""The table scorer's page: a secret link per table and session (signed with the
installation's secret; printed as a QR code on the table card) that lets whoever holds it
enter that table's result for that session - as a proposal by one of the table's players
- and lets another player of the table confirm or reject it; at a riichi table, its
hands one by one, which count once another player of the table confirms them. Nothing
else. Each player proves who they are with their own confirmation code
(:mod:`mjref.services.player_codes`): the link alone cannot make a result count."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from mjref.players import PlayerId
from mjref.services import catalogue, riichi_hands
from mjref.services import tournament as ts
from mjref.services import tournament_review as review
from mjref.services import tournament_views as views
from mjref.tournament.codes import MAX_TYPED
from mjref.web.context import RefusedError, back, now, page, web
from mjref.web.hands import riichi_table
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


# -- a riichi table's hands, one by one ------------------------------------------------------


@router.get("/s/{token}/riichi-hands", response_class=HTMLResponse)
def riichi_hands_page(request: Request, token: str) -> Response:
    """The table's riichi hands so far, the next hand's form (a player of the table with
    their code) and, for hands awaiting it, the confirmation by another player."""
    tid, session, table = _link(request, token)
    log = web(request).log
    found = riichi_hands.table_hands(log, tid, session=session, table=table)
    if found is None:  # not a riichi tournament: the session result only
        return back(f"/s/{token}")
    info = ts.show_tournament(log, tid)
    return page(
        request,
        "scorer_riichi_hands.html",
        token=token,
        info=info,
        session=session,
        table=table,
        form={},
        closed=session in info.closed,
        **riichi_table(request, tid, found),
    )


@router.post("/s/{token}/riichi-hands")
def propose_riichi_hand(
    request: Request,
    token: str,
    player: Annotated[int, Form(ge=1, le=1000)],
    hand: Annotated[int, Form(ge=1, le=64)],
    outcome: Annotated[str, Form(max_length=10)],
    win: Annotated[list[str], Form(max_length=3)] = [],  # noqa: B006
    discarder: Annotated[int | None, Form(ge=1, le=1000)] = None,
    riichi: Annotated[list[int], Form(max_length=4)] = [],  # noqa: B006
    tenpai: Annotated[list[int], Form(max_length=4)] = [],  # noqa: B006
    offender: Annotated[int | None, Form(ge=1, le=1000)] = None,
    dora: Annotated[str, Form(max_length=40)] = "",
    ura: Annotated[str, Form(max_length=40)] = "",
    code: CodeForm = "",
) -> Response:
    """One hand entered by a player of the table with their code (it counts once another
    person confirms the table's hands)."""
    tid, session, table = _check_player(request, token, player)
    command = catalogue.ProposeRiichiHand(
        session=session,
        table=table,
        hand=hand,
        outcome=outcome,
        win=tuple(w.strip()[:300] for w in win if w.strip()),
        discarder=discarder if outcome.strip().lower() == "ron" else None,
        riichi=tuple(riichi),
        tenpai=tuple(tenpai) if outcome.strip().lower() == "draw" else (),
        offender=offender if outcome.strip().lower() == "chombo" else None,
        dora=dora,
        ura=ura,
        proposed_by=player,
        code=code,
    )
    return _as_player(request, "riichi-hand-propose", command, token, tid)


@router.post("/s/{token}/riichi-hands/confirm")
def confirm_riichi_hands(
    request: Request,
    token: str,
    player: Annotated[int, Form(ge=1, le=1000)],
    hands: Annotated[int, Form(ge=1, le=64)],
    code: CodeForm = "",
) -> Response:
    """Another player of the table confirms its hands, as many as the page showed."""
    tid, session, table = _check_player(request, token, player)
    command = catalogue.ConfirmRiichiHands(session, table, hands, player, code)
    return _as_player(request, "riichi-hands-confirm", command, token, tid)


def _as_player(request: Request, name: str, command: object, token: str, tid: str) -> Response:
    """Run a player's catalogue command from the table's link (the actor is the link's
    table; the player's code, checked under the installation's secret, says who) and show
    the table's hands again."""
    _, session, table = _link(request, token)
    catalogue.run(
        catalogue.ENTRIES[name],
        web(request).log,
        tid,
        command,
        actor=_actor(session, table),
        now=now(),
        secret=web(request).secret,
    )
    return back(f"/s/{token}/riichi-hands")
