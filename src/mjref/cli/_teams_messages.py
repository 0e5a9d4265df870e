"""English wording of ``mjref teams``' readable output."""

from mjref.messages import register

register(
    {
        "cli.teams.row": "{place}. {team}: {total} (players {counted})",
        "cli.teams.none": "no teams: no ranked player is in a team",
        "cli.teams.registered": "teams: the registered teams",
        "cli.teams.clubs": "teams: the players' clubs (no team is registered)",
        "cli.teams.team": "{team}: {members}",
    }
)
