"""English wording of the team standings page."""

from mjref.messages import register

register(
    {
        "web.teams.title": "Team standings",
        "web.teams.rule-all": "Every player of a team counts.",
        "web.teams.rule-best": "A team's best {best} players count.",
        "web.teams.place": "Place",
        "web.teams.team": "Team",
        "web.teams.total": "Total",
        "web.teams.players": "Players counted",
        "web.teams.csv": "Download (CSV)",
        "web.teams.none": "No teams: no ranked player has a club or team.",
    }
)
