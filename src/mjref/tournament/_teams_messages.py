"""English wording of the team standings' messages, of teams registered with their members
and of keeping teams apart."""

from mjref.messages import register

register(
    {
        "tournament.field.team": "team name",
        "tournament.team.unknown": "no team {team!r} is registered",
        "tournament.team.too-many": "a team has at most {limit} members",
        "tournament.team.twice": "player {player} is given twice",
        "tournament.team.in-other": (
            "player {player} is already in team {team!r}: remove them from it first"
        ),
        "tournament.team.not-member": "player {player} is not in team {team!r}",
        "tournament.bad-best": "best {value}: a team's best 1 to {limit} players count",
        "seating.method.teams-apart": (
            "teams kept apart: {teams} teams with two or more players; pairs of "
            "team-mates still at one table: {meetings}"
        ),
        "seating.teams-apart-draw": (
            "teams cannot be kept apart in a drawn seating: anyone must be able to "
            "recompute it from the seed and the player list alone"
        ),
    }
)
