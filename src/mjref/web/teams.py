"""The team standings page (``/t/{tid}/teams``, public like the standings; hidden with
them), its CSV file (``/t/{tid}/teams.csv``) and its JSON
(``GET /api/tournaments/{tid}/teams?best=N``); and the organiser's teams page
(``/t/{tid}/admin/teams``): teams registered with their members - a team created, members
added and removed."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Form, Header, Request
from fastapi.responses import HTMLResponse, Response

from mjref.errors import InputError
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.services import catalogue
from mjref.services import teams as service
from mjref.services import tournament as ts
from mjref.tournament import events as ev
from mjref.web import (
    _teams_messages,  # noqa: F401  (registers the wording)
    finals,
)
from mjref.web.context import RefusedError, back, now, optional_number, page, require, web
from mjref.web.public import tournament_id
from mjref.wire import teams as wire

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api", tags=["api"])


def _best(best: int | None) -> int | None:
    if best is not None and not 1 <= best <= 100:
        raise RefusedError(422, "web.error.bad-form", problems=f"best: {best}")
    return best


@router.get("/t/{tid}/teams", response_class=HTMLResponse)
def teams_page(request: Request, tid: str, best: int | None = None) -> HTMLResponse:
    """The team standings; while the standings are hidden from the public, only the
    note that they are (an official sees them)."""
    tid = tournament_id(tid)
    log = web(request).log
    chosen = _best(best) or service.team_rule(log, tid)
    seen = finals.visibility(request, tid)
    return page(
        request,
        "teams.html",
        info=ts.show_tournament(log, tid),
        rows=() if seen["hidden"] else service.current_team_standings(log, tid, best=chosen),
        registered=service.list_teams(log, tid).registered,
        best=chosen,
        who={v.player: v.name for v in ts.list_players(log, tid)},
        **seen,
    )


@router.get("/t/{tid}/teams.csv")
def teams_csv(request: Request, tid: str, best: int | None = None) -> Response:
    """The team standings as a CSV file (the cells made safe for spreadsheets); refused
    to the public while the standings are hidden."""
    tid = tournament_id(tid)
    if finals.visibility(request, tid)["hidden"]:
        raise RefusedError(404, "web.error.not-found")
    text = service.team_standings_csv(web(request).log, tid, best=_best(best))
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{tid}-teams.csv"'},
    )


@api_router.get("/tournaments/{tid}/teams")
def teams_json(
    request: Request,
    tid: str,
    best: int | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """The team standings (``best``: each team's best N players only), and the teams in
    force with their members (``source``: ``registered`` or ``clubs``). While the
    standings are hidden, the public gets no team standings (``hidden_from``); an
    official's token sees them."""
    tid = tournament_id(tid)
    log = web(request).log
    chosen = _best(best) or service.team_rule(log, tid)
    seen = finals.api_visibility(request, tid, authorization)
    listed = wire.teams_list_json(service.list_teams(log, tid))
    if seen["hidden"] is not None:
        return {"rule": None, "teams": [], "hidden_from": seen["hidden"], **listed}
    rows = service.current_team_standings(log, tid, best=chosen)
    return {**wire.teams_json(rows, chosen), **listed}


# -- the organiser's teams page ---------------------------------------------------------

MAX_MEMBERS_TEXT = 2000
"""The longest list of members' numbers taken from the form (characters)."""


def members_of(text: str) -> tuple[PlayerId, ...]:
    """The players' numbers typed in the form, separated by commas, semicolons or blanks
    (``3, 7 12``); anything else is refused, naming it.

    >>> members_of(" 3, 7;12 ")
    (3, 7, 12)
    """
    found: list[PlayerId] = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= MAX_PLAYERS:
            raise InputError.of("web.teams.bad-member", "members", value=word[:20])
        found.append(PlayerId(int(word)))
    if len(found) > ev.MAX_TEAM_MEMBERS:
        raise InputError.of("tournament.team.too-many", "members", limit=ev.MAX_TEAM_MEMBERS)
    return tuple(found)


def _admin_page(request: Request, tid: str) -> HTMLResponse:
    log = web(request).log
    return page(
        request,
        "teams_admin.html",
        info=ts.show_tournament(log, tid),
        shown=service.list_teams(log, tid),
        rule=service.team_rule(log, tid),
    )


@router.get("/t/{tid}/admin/teams", response_class=HTMLResponse)
def teams_admin(request: Request, tid: str) -> HTMLResponse:
    """The registered teams with their members, the forms to register a team and to add
    and remove members (an organiser's), and the clubs while no team is registered."""
    tid = tournament_id(tid)
    require(request, tid, organiser=True)
    return _admin_page(request, tid)


@router.post("/t/{tid}/admin/teams")
def register_team(
    request: Request,
    tid: str,
    team: Annotated[str, Form(max_length=ev.MAX_TEXT * 2)],
    members: Annotated[str, Form(max_length=MAX_MEMBERS_TEXT)] = "",
) -> Response:
    command = catalogue.RegisterTeam(team, tuple(int(p) for p in members_of(members)))
    return _as_organiser(request, tid, "team-register", command)


@router.post("/t/{tid}/admin/teams/rule")
def set_rule(
    request: Request,
    tid: str,
    best: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    """The team standings' rule: each team's best N members, or all (the field empty)."""
    return _as_organiser(
        request, tid, "team-rule", catalogue.SetTeamRule(optional_number(best, "best"))
    )


@router.post("/t/{tid}/admin/teams/add")
def add_member(
    request: Request,
    tid: str,
    team: Annotated[str, Form(max_length=ev.MAX_TEXT * 2)],
    player: Annotated[int, Form(ge=1, le=MAX_PLAYERS)],
) -> Response:
    return _as_organiser(request, tid, "team-add", catalogue.AddTeamMember(team, player))


@router.post("/t/{tid}/admin/teams/remove")
def remove_member(
    request: Request,
    tid: str,
    team: Annotated[str, Form(max_length=ev.MAX_TEXT * 2)],
    player: Annotated[int, Form(ge=1, le=MAX_PLAYERS)],
) -> Response:
    return _as_organiser(request, tid, "team-remove", catalogue.RemoveTeamMember(team, player))


def _as_organiser(request: Request, tid: str, name: str, command: object) -> Response:
    """Carry out the organiser's catalogue command ``name`` and show the teams page again."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    catalogue.run(
        catalogue.ENTRIES[name], web(request).log, tid, command, actor=who.name, now=now()
    )
    return back(f"/t/{tid}/admin/teams")
