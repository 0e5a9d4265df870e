"""The HTTP JSON API (OpenAPI schema at ``/docs``): standings, players and the log to
read; results to submit and confirm with a bearer token (``mjref users token NAME``),
under the same roles as the pages, or proposed, confirmed and rejected by the table's
players, each with their own confirmation code. JSON shapes are the command line's
(:mod:`mjref.wire.tournament`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from mjref.players import PlayerId
from mjref.services import accounts, catalogue, riichi_hands
from mjref.services import finals as finals_service
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.services.accounts import Account
from mjref.tournament.codes import MAX_TYPED
from mjref.web import draw, finals
from mjref.web.context import RefusedError, language, now, web
from mjref.web.public import tournament_id
from mjref.wire import commands as wire_commands
from mjref.wire import tournament as wire
from mjref.wire.riichi_hands import riichi_stats_json

router = APIRouter(prefix="/api", tags=["api"])


class ResultIn(BaseModel):
    """A table's session result entered by an official: four scores in seat order (and
    the riichi sticks left)."""

    model_config = ConfigDict(extra="forbid")
    session: int = Field(ge=1, le=100)
    table: int = Field(ge=1, le=250)
    scores: list[int] = Field(min_length=4, max_length=4)
    sticks: int = Field(default=0, ge=0, le=100)


class ProposalIn(BaseModel):
    """A table's session result proposed by one of its players, with their confirmation
    code: it counts once another player of the table (or an official) confirms it."""

    model_config = ConfigDict(extra="forbid")
    session: int = Field(ge=1, le=100)
    table: int = Field(ge=1, le=250)
    scores: list[int] = Field(min_length=4, max_length=4)
    sticks: int = Field(default=0, ge=0, le=100)
    player: int = Field(ge=1, le=1000)
    code: str = Field(max_length=MAX_TYPED)


class DecisionIn(BaseModel):
    """Who decides on a proposed result: a player of the table with their confirmation
    code; without a body, the official whose bearer token comes with the call."""

    model_config = ConfigDict(extra="forbid")
    player: int = Field(ge=1, le=1000)
    code: str | None = Field(default=None, max_length=MAX_TYPED)
    """Left out, the service refuses it (``tournament.code-needed``), as the command line
    and the catalogue's command do."""


class RejectionIn(BaseModel):
    """Why a proposed result is rejected, and (for a player) who, with their code."""

    model_config = ConfigDict(extra="forbid")
    reason: str = Field(max_length=200)
    """Blank, the service refuses it (``tournament.field-missing``), as everywhere else."""
    player: int | None = Field(default=None, ge=1, le=1000)
    code: str | None = Field(default=None, max_length=MAX_TYPED)


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
def standings(
    request: Request, tid: str, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """The standings as they stand (only confirmed results count). While the organiser
    hides them from a session on (``hidden_from``), the public gets no rows; an official's
    token sees them all."""
    tid = tournament_id(tid)
    found = wire.standings_json(ts.current_standings(web(request).log, tid))
    seen = finals.api_visibility(request, tid, authorization)
    if seen["hidden"] is not None:
        return {**found, "hidden_from": seen["hidden"], "ranked": [], "apart": []}
    return {**found, "hidden_from": seen["hidden_official"]}


@router.get("/tournaments/{tid}/players")
def players(request: Request, tid: str) -> list[Any]:
    return [wire.player_json(v) for v in ts.list_players(web(request).log, tournament_id(tid))]


@router.get("/tournaments/{tid}/players/{number}")
def player(
    request: Request,
    tid: str,
    number: int,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """A player's sessions."""
    log = web(request).log
    tid = tournament_id(tid)
    view = ts.show_player(log, tid, PlayerId(number))
    seen = finals.api_visibility(request, tid, authorization)
    lines = finals_service.public_history(ts.player_history(log, tid, view.player), seen["hidden"])
    hidden = seen["hidden"] or seen["hidden_official"]
    return {**wire.history_json(view, lines), "hidden_from": hidden}


@router.get("/tournaments/{tid}/draw")
def seating_draw(request: Request, tid: str) -> dict[str, Any]:
    """The seating's verifiable draw: the commitment, the seed once revealed, the player
    list, the seating drawn and what recomputing the plan from them found."""
    return draw.draw_json(request, tournament_id(tid))


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
    recorded = tr.record_result(
        log,
        tid,
        session=body.session,
        table=body.table,
        scores=body.scores,
        sticks=body.sticks,
        actor=who.name,
        now=now(),
    )
    return wire.entries_json([recorded])


@router.post("/tournaments/{tid}/proposals", status_code=201)
def propose(request: Request, tid: str, body: ProposalIn) -> dict[str, Any]:
    """Propose a table's result as one of its players (their code proves who they are)."""
    tid = tournament_id(tid)
    recorded = review.propose_result(
        web(request).log,
        tid,
        session=body.session,
        table=body.table,
        scores=body.scores,
        sticks=body.sticks,
        player=PlayerId(body.player),
        code=body.code,
        secret=web(request).secret,
        actor=f"api:player {body.player}",
        now=now(),
    )
    return wire.entries_json([recorded])


@router.post("/tournaments/{tid}/confirm/{seq}", status_code=201)
def confirm(
    request: Request,
    tid: str,
    seq: int,
    body: DecisionIn | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Confirm a proposed result: as another player of the table with their code, or as
    an official (bearer token, no body)."""
    tid = tournament_id(tid)
    log = web(request).log
    if body is not None:
        recorded = review.confirm_result(
            log,
            tid,
            proposal=seq,
            player=PlayerId(body.player),
            code=body.code,
            secret=web(request).secret,
            actor=f"api:player {body.player}",
            now=now(),
        )
    else:
        who = _bearer(request, tid, authorization)
        recorded = review.confirm_result(log, tid, proposal=seq, actor=who.name, now=now())
    return wire.entries_json([recorded])


@router.post("/tournaments/{tid}/reject/{seq}", status_code=201)
def reject(
    request: Request,
    tid: str,
    seq: int,
    body: RejectionIn,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Reject a proposed result: as another player of the table with their code, or as an
    official (bearer token)."""
    tid = tournament_id(tid)
    log = web(request).log
    if body.player is not None:
        actor, player = f"api:player {body.player}", PlayerId(body.player)
    else:
        actor, player = _bearer(request, tid, authorization).name, None
    recorded = review.reject_result(
        log,
        tid,
        proposal=seq,
        reason=body.reason,
        player=player,
        code=body.code,
        secret=web(request).secret,
        actor=actor,
        now=now(),
    )
    return wire.entries_json([recorded])


@router.get("/commands")
def commands() -> list[Any]:
    """The command catalogue: every tournament action, who may run it, where it is reached
    (the command line, the web form, this API) and its JSON schema."""
    return wire_commands.catalogue_json(catalogue.CATALOGUE)


def _command_endpoint(entry: catalogue.CatalogueEntry, player_field: str | None = None) -> Any:
    """The API operation of one catalogue command: the body is the command's fields (its
    JSON schema, unknown fields refused), the answer what the service gives. The caller is
    an account of the tournament (an organiser where the command is the organiser's); for
    a player's command (``player_field`` names the player) the player's code in the body
    proves who they are, and where the command leaves the player out an official's bearer
    token is needed instead."""
    model = wire_commands.model_of(entry.command)
    organiser = entry.who is catalogue.Who.ORGANISER

    def endpoint(
        request: Request,
        tid: str,
        body: BaseModel,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        tid = tournament_id(tid)
        value = wire_commands.command_of(entry.command, body)
        player = None if player_field is None else getattr(value, player_field)
        secret = None
        if player is not None:
            actor, secret = f"api:player {player}", web(request).secret
        else:
            who = _bearer(request, tid, authorization)
            if organiser and not who.organiser:
                raise RefusedError(403, "web.error.forbidden")
            actor = who.name
        answer = catalogue.run(
            entry, web(request).log, tid, value, actor=actor, now=now(), secret=secret
        )
        return wire_commands.answer_json(answer, language(request))

    endpoint.__annotations__ = {**endpoint.__annotations__, "body": model}
    endpoint.__name__ = f"command_{entry.name.replace('-', '_')}"
    endpoint.__doc__ = entry.summary
    return endpoint


for _name, _field in (("riichi-hand-propose", "proposed_by"), ("riichi-hands-confirm", "player")):
    _player_entry = catalogue.ENTRIES[_name]
    assert _player_entry.api is not None
    router.add_api_route(
        _player_entry.api.split(" ", 1)[1].removeprefix("/api"),
        _command_endpoint(_player_entry, _field),
        methods=["POST"],
        status_code=201,
        summary=_player_entry.summary,
    )


def create_tournament(
    request: Request,
    body: BaseModel,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Create a tournament (an organiser's token); the organiser may then act on it."""
    if not authorization or not authorization.startswith("Bearer "):
        raise RefusedError(401, "web.error.token-needed")
    state = web(request)
    found = accounts.token_account(state.accounts, authorization[7:].strip())
    if found is None:
        raise RefusedError(401, "web.error.token-needed")
    if not found.organiser:
        raise RefusedError(403, "web.error.forbidden")
    value = wire_commands.command_of(catalogue.CreateTournament, body)
    assert isinstance(value, catalogue.CreateTournament)
    entry = catalogue.ENTRIES["tournament-new"]
    info = catalogue.run(entry, state.log, value.tournament, value, actor=found.name, now=now())
    accounts.grant(state.accounts, found.name, value.tournament, actor=found.name, now=now())
    assert isinstance(info, ts.TournamentInfo)
    return wire.tournament_json(info)


create_tournament.__annotations__["body"] = wire_commands.model_of(catalogue.CreateTournament)
router.add_api_route("/tournaments", create_tournament, methods=["POST"], status_code=201)


for _entry in catalogue.CATALOGUE:
    if _entry.who is not catalogue.Who.PLAYER and _entry.name != "tournament-new":
        router.add_api_route(
            f"/tournaments/{{tid}}/commands/{_entry.name}",
            _command_endpoint(_entry),
            methods=["POST"],
            status_code=201,
            summary=_entry.summary,
        )


@router.get("/tournaments/{tid}/players/{number}/riichi-stats")
def player_riichi_stats(
    request: Request,
    tid: str,
    number: int,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """A player's riichi statistics from the hands entered hand by hand: hands played, wins
    (self-drawn among them), deal-ins, riichi declared, chombo, the winning hands' points and
    their average (``riichi`` is null when no hand of the player was entered hand by hand,
    and for the public while the standings are hidden: ``hidden_from``)."""
    log = web(request).log
    tid = tournament_id(tid)
    player_id = ts.show_player(log, tid, PlayerId(number)).player
    seen = finals.api_visibility(request, tid, authorization)
    if seen["hidden"] is not None:
        return {"player": int(player_id), "riichi": None, "hidden_from": seen["hidden"]}
    stats = riichi_hands.player_stats(log, tid, player_id).get(player_id)
    found: dict[str, Any] = {"player": int(player_id), "riichi": riichi_stats_json(stats)}
    if seen["hidden_official"] is not None:
        found["hidden_from"] = seen["hidden_official"]
    return found
