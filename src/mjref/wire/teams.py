"""The team standings' JSON shape: each team's place, name, total (exact: an integer, or a
fraction as text), the members counted and the members left out; and the teams in force
(registered or the clubs) with their members."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjref.tournament.numbers import format_exact
from mjref.tournament.teams import TeamRow
from mjref.wire.messages import JsonValue

if TYPE_CHECKING:
    from mjref.services.teams import TeamsView, TeamView


def teams_json(rows: tuple[TeamRow, ...], best: int | None) -> dict[str, JsonValue]:
    return {
        "rule": "all" if best is None else f"best-{best}",
        "teams": [
            {
                "place": r.place,
                "team": r.team,
                "total": r.total.numerator if r.total.denominator == 1 else format_exact(r.total),
                "counted": [int(p) for p in r.counted],
                "others": [int(p) for p in r.others],
            }
            for r in rows
        ],
    }


def _team_json(team: TeamView) -> dict[str, JsonValue]:
    return {
        "team": team.name,
        "members": [{"player": int(p), "name": name} for p, name in team.members],
    }


def teams_list_json(shown: TeamsView) -> dict[str, JsonValue]:
    """``source``: ``registered`` (the registered teams are in force) or ``clubs``; the
    registered teams (those without members too) and the clubs, each with its members."""
    return {
        "source": "registered" if shown.registered else "clubs",
        "registered": [_team_json(t) for t in shown.teams],
        "clubs": [_team_json(t) for t in shown.clubs],
    }
