"""English wording of the team standings' messages."""

from mjref.messages import register

register(
    {
        "tournament.bad-best": "best {value}: a team's best 1 to {limit} players count",
    }
)
