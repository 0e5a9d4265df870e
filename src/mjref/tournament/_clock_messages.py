"""English wording of the session clock's messages (core: errors, stages, what the rules
say when)."""

from mjref.messages import register

register(
    {
        # entries the clock refuses
        "tournament.what-start": "the start of session {session}",
        "tournament.what-end": "the end of session {session}",
        "clock.bad-time": "session {session}: the time of this entry is out of range",
        "clock.time-before": (
            "session {session}: this entry's time is earlier than the clock's last entry"
        ),
        "clock.not-opened": "session {session} is not open: open it before starting its clock",
        "clock.other-running": (
            "session {other} is still on the clock: end it before starting session {session}"
        ),
        "clock.not-started": "the clock of session {session} has not been started",
        "clock.ended": "session {session} has ended: its clock cannot change any more",
        "clock.already-paused": "the clock of session {session} is already paused",
        "clock.not-paused": "the clock of session {session} is running, not paused",
        "clock.close-running": (
            "the clock of session {session} is still running: end the session before closing it"
        ),
        "clock.bad-extra-minutes": "extra time is 1 to {limit} minutes at a time, not {value}",
        "clock.too-much-extra": (
            "table {table} of session {session} would have {total} extra minutes; at most "
            "{limit} in a session"
        ),
        "clock.reason-missing": "extra time needs a reason (e.g. play frozen for a ruling)",
        "clock.correction-keeps": (
            "a correction of extra time keeps the session, the table and the time; only the "
            "minutes and the reason change"
        ),
        "clock.no-session": "no session has a published seating yet",
        "clock.at-future": "{value!r} is in the future: a clock entry cannot be recorded ahead",
        "clock.at-too-old": "{value!r} is more than {hours} hours ago",
        "clock.bad-at": (
            "{value!r} is not a time (ISO 8601 such as 2026-06-01T14:05:00+02:00, or HH:MM)"
        ),
        # phases and stages
        "clock.phase.not-started": "not started",
        "clock.phase.running": "running",
        "clock.phase.paused": "paused",
        "clock.phase.ended": "ended",
        "clock.stage.before-start": "waiting for the start signal",
        "clock.stage.playing": "playing",
        "clock.stage.signal": "the signal has sounded",
        "clock.stage.time-up": "time is up",
        "clock.stage.ended": "play is over",
        # what the rules say
        "clock.rule.not-stated": (
            "{ruleset} does not say what happens when the time is up: the head referee "
            "decides (announce it before the session)"
        ),
        "clock.case.before-start/walls": "Building the walls before the start signal",
        "clock.case.before-start/dice": "Throwing the dice before the start signal",
        "clock.case.signal/dice-thrown": "The dice of the hand in play had been thrown",
        "clock.case.signal/dice-not-thrown": "The dice had not yet been thrown",
        "clock.case.signal/game-complete": "A full game is complete with the hand in play",
        "clock.case.time-up": "Time is up",
    }
)
