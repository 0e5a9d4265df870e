"""English wording of the team standings' messages and of keeping teams apart."""

from mjref.messages import register

register(
    {
        "tournament.bad-best": "best {value}: a team's best 1 to {limit} players count",
        "seating.method.teams-apart": (
            "teams (clubs) kept apart: {teams} clubs with two or more players; pairs of "
            "team-mates still at one table: {meetings}"
        ),
        "seating.teams-apart-draw": (
            "teams cannot be kept apart in a drawn seating: anyone must be able to "
            "recompute it from the seed and the player list alone"
        ),
    }
)
