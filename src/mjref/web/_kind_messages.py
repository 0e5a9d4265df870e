"""The names of the log's entry kinds, for people (the log page, a table's entries):
the kinds themselves (``result-confirmed``) stay what ``mjref log --type`` filters on."""

from mjref.messages import register

register(
    {
        "web.kind.tournament-created": "Tournament created",
        "web.kind.player-registered": "Player registered",
        "web.kind.player-edited": "Player's details changed",
        "web.kind.player-withdrawn": "Player withdrawn",
        "web.kind.checked-in": "Checked in",
        "web.kind.code-issued": "Confirmation code issued",
        "web.kind.seating-published": "Seating published",
        "web.kind.draw-committed": "Draw commitment published",
        "web.kind.draw-revealed": "Draw seed revealed",
        "web.kind.session-opened": "Session opened",
        "web.kind.session-closed": "Session closed",
        "web.kind.session-started": "Session started",
        "web.kind.session-paused": "Clock paused",
        "web.kind.session-resumed": "Clock resumed",
        "web.kind.session-ended": "Session ended",
        "web.kind.extra-time-granted": "Extra time granted",
        "web.kind.hand-recorded": "Hand recorded",
        "web.kind.session-totals-recorded": "Session totals recorded",
        "web.kind.riichi-result-recorded": "Final scores recorded",
        "web.kind.riichi-hand-recorded": "Hand recorded",
        "web.kind.result-proposed": "Result entered by a player",
        "web.kind.result-confirmed": "Result confirmed",
        "web.kind.result-rejected": "Result rejected",
        "web.kind.ruling-recorded": "Ruling",
        "web.kind.lateness-recorded": "Late arrival",
        "web.kind.substituted": "Substitute",
        "web.kind.disqualified": "Disqualification",
        "web.kind.appeal-filed": "Appeal filed",
        "web.kind.appeal-decided": "Appeal decided",
        "web.kind.ema-details-set": "EMA details set",
        "web.kind.ema-warning-accepted": "EMA warning accepted",
        "web.kind.finals-seated": "Final seated",
        "web.kind.standings-hidden": "Standings hidden",
        "web.kind.standings-revealed": "Standings shown again",
        "web.kind.announced": "Notice on the screen",
        "web.kind.mirror-promoted": "Mirror made the main copy",
        "web.kind.corrected": "Correction",
    }
)
