"""English wording of finals and hidden standings (core: what the fold refuses, how a
final session was seated)."""

from mjref.messages import register

register(
    {
        "tournament.finals.played": (
            "session {session} has results already: it cannot be seated as a final"
        ),
        "tournament.finals.earlier-unplayed": (
            "session {session} cannot be seated from the standings before session {earlier} "
            "is played"
        ),
        "tournament.finals.count": (
            "{count} players cannot fill tables of four: a final seats 4, 8, 12 ... players"
        ),
        "tournament.finals.too-few": (
            "a final of {count} players needs {count} ranked players; the standings rank {ranked}"
        ),
        "tournament.finals.not-standings": (
            "the tables given for session {session} are not those of the standings now"
        ),
        "tournament.standings-not-hidden": "the standings are not hidden",
        "tournament.finals.mode.top-4": "the first four of the standings at one table",
        "tournament.finals.mode.by-rank": (
            "the first {count} of the standings at tables by rank (1-4, 5-8, ...)"
        ),
    }
)
