"""English wording of ``mjref teams``' readable output."""

from mjref.messages import register

register(
    {
        "cli.teams.row": "{place}. {team}: {total} (players {counted})",
        "cli.teams.none": "no teams: no ranked player has a club or team",
    }
)
