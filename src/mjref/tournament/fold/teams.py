"""Teams in the fold: teams registered with their members apart from the players' clubs
(a player in one team at most, members registered players), and which team each player
is in - the registered teams once any has a member, otherwise the players' clubs.

The teams are read from the log when asked and kept until the next entry; a later entry
supersedes an earlier one: a team registered again gets its new members, a member added
or removed changes only that member.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjref.players import PlayerId
from mjref.tournament import _teams_messages  # noqa: F401  (registers the wording)
from mjref.tournament import events as ev
from mjref.tournament.fold.base import Reducer, err
from mjref.tournament.roster import check_text

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament


@dataclass(frozen=True, slots=True)
class RegisteredTeam:
    """A registered team: its name (as registered last) and its members, in the order
    they joined."""

    name: str
    members: tuple[PlayerId, ...]


def team_key(name: str) -> str:
    """The name a team is known by: without surrounding blanks, any case."""
    return name.strip().casefold()


def _fold(t: Tournament) -> dict[str, RegisteredTeam]:
    """The registered teams by :func:`team_key` (kept until the next entry is folded in)."""
    kept = t.memo("teams")
    if isinstance(kept, dict):
        return kept
    teams: dict[str, RegisteredTeam] = {}
    for recorded in t.log:
        event = recorded.event
        if isinstance(event, ev.TeamRegistered):
            teams[team_key(event.team)] = RegisteredTeam(event.team.strip(), event.members)
        elif isinstance(event, ev.TeamMemberAdded):
            team = teams[team_key(event.team)]
            teams[team_key(event.team)] = RegisteredTeam(team.name, (*team.members, event.player))
        elif isinstance(event, ev.TeamMemberRemoved):
            team = teams[team_key(event.team)]
            rest = tuple(p for p in team.members if p != event.player)
            teams[team_key(event.team)] = RegisteredTeam(team.name, rest)
    t.remember("teams", teams)
    return teams


def registered_teams(t: Tournament) -> tuple[RegisteredTeam, ...]:
    """The registered teams as the log stands, by name (any case), members in the order
    they joined; a team whose members were all removed is listed with none."""
    found = _fold(t)
    return tuple(sorted(found.values(), key=lambda team: (team.name.casefold(), team.name)))


def teams_registered(t: Tournament) -> bool:
    """Whether the teams are the registered ones: some registered team has a member."""
    return any(team.members for team in _fold(t).values())


def team_of_players(t: Tournament) -> dict[PlayerId, str]:
    """Each player's team: with registered teams (:func:`teams_registered`), the team's
    name for each member; otherwise the player's club without surrounding blanks, for each
    player with one (a player in no team is not listed)."""
    teams = _fold(t)
    if any(team.members for team in teams.values()):
        return {p: team.name for team in teams.values() for p in team.members}
    return {p: s.club.strip() for p, s in t.players.items() if s.club.strip()}


def _team_of(teams: dict[str, RegisteredTeam], player: PlayerId) -> RegisteredTeam | None:
    return next((team for team in teams.values() if player in team.members), None)


def _known(t: Tournament, event: ev.TeamMemberAdded | ev.TeamMemberRemoved) -> RegisteredTeam:
    found = _fold(t).get(team_key(event.team))
    if found is None:
        raise err("tournament.team.unknown", "team", team=event.team)
    return found


class TeamRegisteredReducer(Reducer[ev.TeamRegistered]):
    """A team's name checked like a player's club (required), its members registered
    players, each once, in no other team, at most
    :data:`~mjref.tournament.events.MAX_TEAM_MEMBERS`."""

    def check(self, t: Tournament, event: ev.TeamRegistered) -> None:
        check_text(event.team, "team", required=True)
        if len(event.members) > ev.MAX_TEAM_MEMBERS:
            raise err("tournament.team.too-many", "members", limit=ev.MAX_TEAM_MEMBERS)
        teams = _fold(t)
        key = team_key(event.team)
        seen: set[PlayerId] = set()
        for player in event.members:
            t.player(player)
            if player in seen:
                raise err("tournament.team.twice", "members", player=player)
            seen.add(player)
            other = _team_of(teams, player)
            if other is not None and team_key(other.name) != key:
                raise err("tournament.team.in-other", "members", player=player, team=other.name)


class TeamMemberAddedReducer(Reducer[ev.TeamMemberAdded]):
    """A registered player added to a registered team, when in no team yet."""

    def check(self, t: Tournament, event: ev.TeamMemberAdded) -> None:
        team = _known(t, event)
        t.player(event.player)
        other = _team_of(_fold(t), event.player)
        if other is not None:
            raise err("tournament.team.in-other", "player", player=event.player, team=other.name)
        if len(team.members) >= ev.MAX_TEAM_MEMBERS:
            raise err("tournament.team.too-many", "player", limit=ev.MAX_TEAM_MEMBERS)


class TeamMemberRemovedReducer(Reducer[ev.TeamMemberRemoved]):
    """A member taken out of their registered team."""

    def check(self, t: Tournament, event: ev.TeamMemberRemoved) -> None:
        team = _known(t, event)
        if event.player not in team.members:
            raise err("tournament.team.not-member", "player", player=event.player, team=team.name)


def team_rule(t: Tournament) -> int | None:
    """The organiser's rule for the team standings as the log stands: the best ``n`` of
    each team's members, or ``None`` for all of them (the default)."""
    found = None
    for recorded in t.log:
        if isinstance(recorded.event, ev.TeamRuleSet):
            found = recorded.event.best
    return found


class TeamRuleSetReducer(Reducer[ev.TeamRuleSet]):
    """The team standings' rule: all members, or the best ``n`` (1 to
    :data:`~mjref.tournament.teams.MAX_BEST`)."""

    def check(self, t: Tournament, event: ev.TeamRuleSet) -> None:
        from mjref.tournament.teams import MAX_BEST

        if event.best is not None and not 1 <= event.best <= MAX_BEST:
            raise err("tournament.bad-best", "best", value=event.best, limit=MAX_BEST)


REDUCERS = (
    TeamRegisteredReducer(ev.TeamRegistered),
    TeamMemberAddedReducer(ev.TeamMemberAdded),
    TeamMemberRemovedReducer(ev.TeamMemberRemoved),
    TeamRuleSetReducer(ev.TeamRuleSet),
)
"""The teams area's reducers, one per event type."""
