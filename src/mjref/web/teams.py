"""The team standings page (``/t/{tid}/teams``, public like the standings), its CSV file
(``/t/{tid}/teams.csv``) and its JSON (``GET /api/tournaments/{tid}/teams?best=N``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from mjref.services import teams as service
from mjref.services import tournament as ts
from mjref.web import _teams_messages  # noqa: F401  (registers the wording)
from mjref.web.context import RefusedError, page, web
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
    tid = tournament_id(tid)
    log = web(request).log
    chosen = _best(best)
    return page(
        request,
        "teams.html",
        info=ts.show_tournament(log, tid),
        rows=service.current_team_standings(log, tid, best=chosen),
        best=chosen,
        who={v.player: v.name for v in ts.list_players(log, tid)},
    )


@router.get("/t/{tid}/teams.csv")
def teams_csv(request: Request, tid: str, best: int | None = None) -> Response:
    """The team standings as a CSV file (the cells made safe for spreadsheets)."""
    tid = tournament_id(tid)
    text = service.team_standings_csv(web(request).log, tid, best=_best(best))
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{tid}-teams.csv"'},
    )


@api_router.get("/tournaments/{tid}/teams")
def teams_json(request: Request, tid: str, best: int | None = None) -> dict[str, Any]:
    """The team standings (``best``: each team's best N players only)."""
    chosen = _best(best)
    rows = service.current_team_standings(web(request).log, tournament_id(tid), best=chosen)
    return wire.teams_json(rows, chosen)
