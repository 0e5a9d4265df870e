"""English wording of the finals page and of hidden standings."""

from mjref.messages import register

register(
    {
        "web.finals.title": "Finals and hidden standings",
        "web.finals.seat": "Seat a final session from the standings",
        "web.finals.session": "Session",
        "web.finals.mode": "Seating",
        "web.finals.mode.top-4": "Top 4 at the final table",
        "web.finals.mode.by-rank": "Top N at tables by rank (1-4, 5-8, ...)",
        "web.finals.count": "Players (by rank: 4, 8, 12 ...)",
        "web.finals.seat-button": "Seat the final",
        "web.finals.hide": "Hide the standings from the public",
        "web.finals.from-session": "From session",
        "web.finals.hide-button": "Hide",
        "web.finals.reveal-button": "Reveal the standings",
        "web.finals.state-hidden": (
            "The standings are hidden from the public from session {session} on."
        ),
        "web.finals.state-public": "The standings are public.",
        "web.finals.hidden": (
            "The standings are hidden from session {session} on, until the organiser reveals them."
        ),
        "web.finals.hidden-official": (
            "Hidden from the public from session {session} on: you see them as an official."
        ),
    }
)
