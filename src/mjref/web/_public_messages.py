"""English wording of the public standings' state (how far the results have got, when
they last changed), their riichi points column and the venue screen's pause reason."""

from mjref.messages import register

register(
    {
        "web.col.points": "Points",
        "web.standings.confirmed": "Confirmed results only.",
        "web.standings.none": "No table has reported a result yet.",
        "web.standings.after-all": "After session {session}: every table has reported.",
        "web.standings.after-some": (
            "Session {session}: {reported} of {tables} tables have reported."
        ),
        "web.standings.updated": "Last change: {time}.",
        "web.screen.paused-reason": "Paused: {reason}",
    }
)
