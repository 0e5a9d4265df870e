"""Team standings as the log stands: the players of one club or team ranked together, by
the sum over all members or over the best ``n`` (:mod:`mjref.tournament.teams`)."""

from __future__ import annotations

from mjref.services.tournament import EventLog, load
from mjref.tournament.standings import standings
from mjref.tournament.teams import TeamRow, team_standings


def current_team_standings(
    log: EventLog, tournament: str, *, best: int | None = None
) -> tuple[TeamRow, ...]:
    """The teams ranked as the log stands (``best``: only each team's best ``best``)."""
    return team_standings(standings(load(log, tournament)), best)
