"""English wording of the team standings page and of the organiser's teams page."""

from mjref.messages import register

register(
    {
        "web.teams.title": "Team standings",
        "web.teams.rule-all": "Every player of a team counts.",
        "web.teams.rule-best": "A team's best {best} players count.",
        "web.teams.rule-title": "How the teams are ranked",
        "web.teams.rule-field": "Count each team's best (empty: every player)",
        "web.teams.rule-button": "Set the rule",
        "web.teams.place": "Place",
        "web.teams.team": "Team",
        "web.teams.total": "Total",
        "web.teams.players": "Players counted",
        "web.teams.csv": "Download (CSV)",
        "web.teams.none": "No teams: no ranked player is in a team.",
        "web.teams.source-registered": "The teams are the registered teams.",
        "web.teams.source-clubs": (
            "No team is registered: each club is a team (its players who are ranked)."
        ),
        "web.teams.hidden": (
            "The team standings are hidden with the standings from session {session}."
        ),
        "web.teams.admin-title": "Teams",
        "web.teams.admin-link": "Register teams",
        "web.teams.admin-note": (
            "While no registered team has a member, the team standings and keeping teams "
            "apart in seating use the players' clubs. Once a team has a member, only the "
            "registered teams count. A player is in one team at most."
        ),
        "web.teams.registered": "Registered teams",
        "web.teams.no-registered": "No team is registered yet.",
        "web.teams.clubs": "Clubs (the teams while no team is registered)",
        "web.teams.members": "Members",
        "web.teams.no-members": "No member yet.",
        "web.teams.new": "Register a team",
        "web.teams.name": "Team name",
        "web.teams.members-field": "Members' numbers (e.g. 3, 7, 12)",
        "web.teams.members-note": (
            "A team registered again under the same name gets these members instead."
        ),
        "web.teams.register": "Register the team",
        "web.teams.add": "Add a member",
        "web.teams.player": "Player's number",
        "web.teams.add-button": "Add",
        "web.teams.remove": "Remove {name} from {team}",
        "web.teams.remove-button": "Remove",
        "web.teams.bad-member": "{value!r} is not a player's number",
    }
)
