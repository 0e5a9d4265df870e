"""English wording of the clock commands' own messages."""

from mjref.messages import register

register(
    {
        "cli.clock.headline": "Session {session} ({ruleset}): {phase}, {stage}",
        "cli.clock.time-left": "Time left {remaining} of {length} (run {elapsed}, paused {paused})",
        "cli.clock.overtime": "Past the end by {overtime}",
        "cli.clock.started-at": "Started at {at}",
        "cli.clock.paused-since": "Paused since {at}",
        "cli.clock.reason": "Reason: {reason}",
        "cli.clock.ends-at": "Time up at {at}",
        "cli.clock.ended-at": "Ended at {at}",
        "cli.clock.ends-paused": "Time up: not known while the clock is paused",
        "cli.clock.unknown": "not known yet",
        "cli.clock.no-signal": "No time signal: {ruleset} sets none",
        "cli.clock.signal-open": (
            "Signal {lead} before the end ({clause}): not yet, the clock is not running"
        ),
        "cli.clock.signal-due": "Signal {lead} before the end ({clause}): due at {at}",
        "cli.clock.signal-passed": "Signal {lead} before the end ({clause}): sounded at {at}",
        "cli.clock.table": (
            "Table {table}: {extra} extra, {stage}; time left {remaining}, time up at {at}"
        ),
        "cli.clock.grant": "{minutes} more at {at} by {actor} (position {seq}): {reason}",
        "cli.clock.rules-now": "What the rules say now:",
        "cli.clock.rule-case": "{case} ({clauses}):",
        "cli.clock.rule-case-uncited": "{case}:",
    }
)
