"""Teams as the log stands: teams registered with their members (registered, members
added and removed), the teams in force - the registered ones once any has a member,
otherwise the players' clubs - and the team standings, the players of one team ranked
together by the sum over all members or over the best ``n``
(:mod:`mjref.tournament.teams`), also as a CSV file."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from mjref.csvcells import csv_cell
from mjref.players import PlayerId
from mjref.services.tournament import EventLog, load, record
from mjref.tournament import events as ev
from mjref.tournament.fold.teams import registered_teams, team_of_players, teams_registered
from mjref.tournament.fold.teams import team_rule as fold_team_rule
from mjref.tournament.numbers import format_decimal
from mjref.tournament.roster import check_text
from mjref.tournament.standings import standings
from mjref.tournament.state import Tournament
from mjref.tournament.teams import TeamRow, team_standings


def team_rule(log: EventLog, tournament: str) -> int | None:
    """The organiser's rule for the team standings: each team's best ``n`` members, or
    ``None`` for all of them (the default, until the organiser sets one)."""
    return fold_team_rule(load(log, tournament))


def current_team_standings(
    log: EventLog, tournament: str, *, best: int | None = None
) -> tuple[TeamRow, ...]:
    """The teams ranked as the log stands (``best``: only each team's best ``best``;
    ``None``: the organiser's rule, :func:`team_rule`): the registered teams once any has
    a member, otherwise the players' clubs."""
    t = load(log, tournament)
    chosen = best if best is not None else fold_team_rule(t)
    return team_standings(standings(t), chosen, team_of_players(t))


def set_team_rule(
    log: EventLog, tournament: str, best: int | None, *, actor: str, now: datetime
) -> tuple[ev.Recorded, ...]:
    """Set the team standings' rule: the sum over each team's best ``best`` members, or
    over all of them (``None``); it replaces the rule before."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.TeamRuleSet(best)

    return record(log, tournament, build, actor=actor, now=now)


@dataclass(frozen=True, slots=True)
class TeamView:
    """A team as people see it: its name and its members (numbers and names)."""

    name: str
    members: tuple[tuple[PlayerId, str], ...]


@dataclass(frozen=True, slots=True)
class TeamsView:
    """The teams in force: ``registered`` when they are the registered teams (some
    registered team has a member), else the clubs; the registered teams (those without
    members too), and each club's players."""

    registered: bool
    teams: tuple[TeamView, ...]
    clubs: tuple[TeamView, ...]


def _name(t: Tournament, player: PlayerId) -> str:
    view = t.player(player)
    return f"{view.first_name} {view.last_name}"


def list_teams(log: EventLog, tournament: str) -> TeamsView:
    """The registered teams and the clubs, and which of them are the teams in force."""
    t = load(log, tournament)
    teams = tuple(
        TeamView(team.name, tuple((p, _name(t, p)) for p in team.members))
        for team in registered_teams(t)
    )
    clubs: dict[str, list[PlayerId]] = {}
    for view in t.player_views():
        if view.club.strip() and not view.substitute:
            clubs.setdefault(view.club.strip(), []).append(view.player)
    club_views = tuple(
        TeamView(name, tuple((p, _name(t, p)) for p in members))
        for name, members in sorted(clubs.items(), key=lambda i: (i[0].casefold(), i[0]))
    )
    return TeamsView(teams_registered(t), teams, club_views)


def team_name(name: str) -> str:
    """A team's name checked like a player's club, but required (its length capped, no
    control characters), without surrounding blanks."""
    return check_text(name, "team", required=True)


def register_team(
    log: EventLog,
    tournament: str,
    name: str,
    members: Sequence[PlayerId],
    *,
    actor: str,
    now: datetime,
) -> tuple[ev.Recorded, ...]:
    """Register a team with its members; a team of the same name (any case) registered
    before gets these members instead. The fold refuses a member who is not registered,
    is given twice or is in another team."""
    team = team_name(name)

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.TeamRegistered(team, tuple(members))

    return record(log, tournament, build, actor=actor, now=now)


def add_team_member(
    log: EventLog, tournament: str, team: str, player: PlayerId, *, actor: str, now: datetime
) -> tuple[ev.Recorded, ...]:
    """Add a registered player to a registered team (refused when in a team already)."""
    name = team_name(team)

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.TeamMemberAdded(name, player)

    return record(log, tournament, build, actor=actor, now=now)


def remove_team_member(
    log: EventLog, tournament: str, team: str, player: PlayerId, *, actor: str, now: datetime
) -> tuple[ev.Recorded, ...]:
    """Take a member out of their registered team."""
    name = team_name(team)

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.TeamMemberRemoved(name, player)

    return record(log, tournament, build, actor=actor, now=now)


COLUMNS = ("Place", "Team", "Total", "Players")
"""The team standings file's columns."""


def team_standings_csv(log: EventLog, tournament: str, *, best: int | None = None) -> str:
    """The team standings as CSV (UTF-8, a header row; every cell made safe to open in a
    spreadsheet; a total that does not terminate rounded to two decimals; the players are
    their numbers, separated by spaces)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in current_team_standings(log, tournament, best=best):
        total = format_decimal(r.total)  # the only rounding: mjref.tournament.numbers
        writer.writerow(
            (
                csv_cell(str(r.place), number=True),
                csv_cell(r.team),
                csv_cell(total, number=True),
                csv_cell(" ".join(str(int(p)) for p in r.counted)),
            )
        )
    return out.getvalue()
