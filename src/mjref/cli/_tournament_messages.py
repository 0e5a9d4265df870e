"""English wording of the tournament commands' own messages."""

from mjref.messages import register

register(
    {
        "cli.tournament.created": (
            "tournament {id} created: {name} ({ruleset}, {sessions} sessions)"
        ),
        "cli.tournament.summary": (
            "{name} ({id}): {ruleset}, {sessions} sessions of {minutes} minutes; {players} "
            "players, {checked_in} checked in; seating published: {published}; sessions "
            "closed: {closed}; {position} entries in the log"
        ),
        "cli.tournament.convention": "MCR scoring convention: {convention}",
        "cli.tournament.start": "starting points: {points}",
        "cli.tournament.none": "none",
        "cli.tournament.proposal": (
            "position {seq}: session {session}, table {table}: {scores} proposed by player "
            "{player}, awaiting confirmation"
        ),
        "cli.tournament.unreported": "session {session}, table {table}: no result yet",
        "cli.tournament.hands-awaiting": (
            "session {session}, table {table}: riichi hands entered by a player await "
            "confirmation (mjref riichi-confirm)"
        ),
        "cli.tournament.open-appeal": (
            "position {seq}: appeal of player {player} against the ruling at position "
            "{ruling}, not yet decided"
        ),
        "cli.tournament.nothing-pending": "nothing awaits attention",
        "cli.tournament.proposed-by-correct": (
            "--proposed-by enters a proposal to be confirmed; a correction is not one"
        ),
        "cli.tournament.not-utf8": "the file is not UTF-8 text",
        "cli.tournament.no-tournaments": "no tournament in this database",
        "cli.tournament.recorded": "recorded at position {seq}: {kind}",
        "cli.tournament.players-added": "{count} player(s) registered",
        "cli.tournament.row-skipped": "line {line} left out: {reason}",
        "cli.tournament.checkin-which": "give player numbers or --all, not both",
        "cli.tournament.column.number": "No.",
        "cli.tournament.column.name": "Player",
        "cli.tournament.column.country": "Country",
        "cli.tournament.column.ema": "EMA number",
        "cli.tournament.column.club": "Club",
        "cli.tournament.column.status": "Status",
        "cli.tournament.column.code": "Code",
        "cli.tournament.log-what": (
            "{value!r}: the log lists its entries, or checks them with 'verify'"
        ),
        "cli.tournament.verify-count": "{count} entries checked",
        "cli.tournament.verify-broken": (
            "the hash chain is broken at position {seq}: that entry (or one before it) was "
            "changed or removed outside mjref"
        ),
        "cli.tournament.verify-guard": (
            "the append-only guard of the database is missing: {triggers} (entries could be "
            "changed without a trace in the database itself)"
        ),
        "cli.tournament.verify-whole": (
            "the log is whole: every entry matches its hash and the append-only guard is in place"
        ),
        "cli.tournament.new-code": (
            "player {player} ({name}) has a new confirmation code: {code}; the old one no "
            "longer works"
        ),
        "cli.tournament.status.substitute": "substitute",
        "cli.tournament.status.checked-in": "checked in",
        "cli.tournament.status.withdrawn": "withdrawn before session {session}",
        "cli.tournament.status.struck": "removed from the final results",
        "cli.tournament.status.disqualified": "disqualified in session {session}",
        "cli.tournament.seating": "seating {players} players over {sessions} sessions ...",
        "cli.tournament.seated": "seating published for sessions {first} to {last}",
        "cli.tournament.substitutes": "substitutes registered: {players}",
        "cli.tournament.method": "method: {method}",
        "cli.tournament.payments": "hand {hand} ({points} points): {payments}",
        "cli.tournament.hand-winds": (
            "hand {hand} judged with the winner's seat wind {seat} and the prevalent wind "
            "{prevalent}"
        ),
        "cli.tournament.exported": "written: {files}",
        "cli.tournament.exporting": "writing the pages of {players} players ...",
        "cli.tournament.html-not-stdout": (
            "export html writes a folder of pages, not standard output: give a folder "
            "with -o (e.g. -o site)"
        ),
        "cli.tournament.not-a-score-list": (
            "give the four scores in seat order, separated by commas (e.g. 10,-20,15,-5), "
            "not {value!r}"
        ),
        "cli.tournament.bad-false-hu": (
            "a false hu is PLAYER:10, PLAYER:20, PLAYER:ruling=POSITION or PLAYER:hand=NOTATION, "
            "not {value!r}"
        ),
        "cli.tournament.correct-reason": "--correct needs --reason (why the entry is corrected)",
        "cli.tournament.reason-without-correct": "--reason goes with --correct",
        "cli.tournament.record-needs": "--record needs --player and --session",
        "cli.tournament.record-ruleset": (
            "--record rules under the tournament's own ruleset and convention; do not give "
            "--ruleset or --convention"
        ),
        "cli.tournament.record-only": "{option} goes with --record",
        "cli.tournament.plan-and-again": "--plan publishes a given seating; --again re-seats",
        "cli.tournament.again-only": "{option} goes with --again",
        "cli.tournament.history": "player {player}: {name}",
        "cli.tournament.log-line": "{seq} {at} {actor} {kind}{state}",
        "cli.tournament.superseded-by": "(superseded by {seq})",
        "cli.tournament.overturned": "(overturned on appeal)",
    }
)
