"""English wording of the tournament messages."""

from mjref.messages import register

register(
    {
        # the families (mjref.tournament.family)
        "tournament.sum.mcr": "The four session scores add up to zero.",
        "tournament.sum.riichi": "The four final scores and the sticks make up {total}.",
        # players
        "tournament.field.first-name": "first name",
        "tournament.field.last-name": "last name",
        "tournament.field.club": "club",
        "tournament.field.name": "name",
        "tournament.field.note": "note",
        "tournament.field.reason": "reason",
        "tournament.field-missing": "the {field} is missing",
        "tournament.field-too-long": "the {field} is longer than {limit} characters",
        "tournament.field-control": "the {field} contains control characters",
        "tournament.bad-country": "{value!r} is not a country code (ISO 3166-1, e.g. HU or HUN)",
        "tournament.bad-ema-number": "{value!r} is not an EMA number (8 digits, or blank)",
        "tournament.ema-registered": "EMA number {number} is already registered",
        "tournament.ema-duplicate": "EMA number {number} is also on line {other}",
        "tournament.csv-empty": "the file is empty (a header row is expected)",
        "tournament.csv-syntax": "not valid CSV: {problem}",
        "tournament.csv-syntax-row": "not valid CSV: {problem}",
        "tournament.csv-column-missing": "the column {column!r} is missing (columns: {expected})",
        "tournament.csv-column-unknown": "unknown column {column!r} (columns: {expected})",
        "tournament.csv-cells": "{found} cells, the header has {expected}",
        "tournament.csv-too-many": "more than {limit} players",
        "tournament.csv-bad-rows": "{count} bad row(s); nothing imported: {rows}",
        "tournament.csv-row": "line {line}: {reason}",
        "tournament.where-line": "line {line}",
        "tournament.unknown-player": "there is no player {player} in this tournament",
        "tournament.too-many-players": "a tournament has at most {limit} players and substitutes",
        "tournament.already-checked-in": "player {player} is already checked in",
        "tournament.already-withdrawn": "player {player} has already withdrawn",
        # tournament
        "tournament.bad-id": (
            "{value!r} is not a tournament id (1 to 40 lower-case letters, digits and '-', "
            "starting with a letter or digit)"
        ),
        "tournament.unknown": "there is no tournament {tournament!r}",
        "tournament.exists": "a tournament {tournament!r} already exists",
        "tournament.not-created": "the log does not start with the tournament's creation",
        "tournament.bad-sessions": "a tournament has 1 to {limit} sessions, not {value}",
        "tournament.bad-minutes": "a session lasts 1 to {limit} minutes, not {value}",
        "tournament.bad-start": "riichi starting points must be 0 to {limit}, not {value}",
        "tournament.start-for-mcr": "starting points are for riichi; MCR sessions start at 0",
        "tournament.convention-for-riichi": "a scoring convention is for MCR, not riichi",
        "tournament.wrong-family": (
            "this is an entry for {family}, but the tournament plays {actual}"
        ),
        # sessions and seating
        "tournament.bad-session": "session {session} is not between 1 and {sessions}",
        "tournament.session-not-published": "session {session} has no published seating",
        "tournament.bad-table": "session {session} has no table {table} (tables 1 to {tables})",
        "tournament.session-closed": "session {session} is closed",
        "tournament.session-open-results": (
            "session {session} cannot be closed: no result for table(s) {tables}"
        ),
        "tournament.already-closed": "session {session} is already closed",
        "tournament.seating-played": (
            "session {session} already has results; only sessions {first} onwards can be "
            "seated again"
        ),
        "tournament.seating-tables": "session {session} has {count} tables (1 to {limit})",
        "tournament.seating-table-size": "session {session}, table {table}: {count} players, not 4",
        "tournament.seating-unknown": "session {session}, table {table}: no player {player}",
        "tournament.seating-twice": "session {session}: player {player} is seated twice",
        "tournament.seating-count": (
            "the seating covers sessions {first} to {last}; the tournament has {sessions}"
        ),
        "tournament.nobody-checked-in": "nobody is checked in: check players in before seating",
        "tournament.too-few-checked-in": "{count} player(s) checked in; a table needs 4",
        "tournament.nothing-to-repair": "no player has left since the seating was published",
        "tournament.not-seated": "player {player} has no seat in session {session}",
        "tournament.seat-gone": (
            "session {session}, table {table}: player {player} has left the tournament; "
            "record a substitution or publish the seating again"
        ),
        # results
        "tournament.bad-hand-number": "hand {hand} is not between 1 and {limit}",
        "tournament.mode-conflict": (
            "table {table} of session {session} is entered {mode} (position {seq}); the "
            "same table cannot also be entered {other}"
        ),
        "tournament.mode-hands": "hand by hand",
        "tournament.mode-totals": "as session totals",
        "tournament.conflict": (
            "{what} was already recorded at position {seq} by {actor} at {at}; this entry "
            "was not recorded"
        ),
        "tournament.what-hand": "hand {hand} of table {table}, session {session}",
        "tournament.what-result": "the result of table {table}, session {session}",
        "tournament.what-verdict": "the decision on the result proposed at position {target}",
        "tournament.not-a-proposal": "the entry at position {seq} is not a proposed result",
        "tournament.proposal-decided": (
            "the result proposed at position {seq} was already decided at position {by} ({kind})"
        ),
        "tournament.confirm-own": (
            "player {player} proposed the result at position {seq}; another person must "
            "confirm or reject it"
        ),
        "tournament.proposal-elsewhere": (
            "the result proposed at position {seq} is for table {table} of session {session}"
        ),
        "tournament.bad-announcement": (
            "an announcement is one line of at most {limit} printable characters"
        ),
        "tournament.proposal-sticks": "riichi sticks are for riichi results",
        "tournament.proposal-pending": (
            "a result for table {table} of session {session} is already proposed at position "
            "{seq}, awaiting confirmation: confirm or reject it first"
        ),
        "tournament.code-needed": "player {player}: give your confirmation code",
        "tournament.checkin-which": "give player numbers or ask for every player, not both",
        "tournament.bad-false-hu": (
            "a false hu is PLAYER:10, PLAYER:20, PLAYER:ruling=POSITION or PLAYER:hand=NOTATION, "
            "not {value!r}"
        ),
        "tournament.one-outcome": (
            "say how the hand ended: a winner with a discarder, a winner who drew the tile "
            "himself, or a draw"
        ),
        "tournament.too-many-facts": "at most {limit} facts",
        "tournament.bad-choice": "{value!r} is not one of: {known}",
        "tournament.upheld-or-rejected": "say whether the appeal is upheld or rejected",
        "tournament.hand-without-table": "hand {hand} of which table? give the table too",
        "tournament.scope-or-incident": (
            "disqualify on an incident whose ruling disqualifies, or by the referee's "
            "decision with a scope - not both"
        ),
        "tournament.bad-code": "that is not the confirmation code of player {player}",
        "tournament.withdraw-played": (
            "player {player} has played up to session {played}: a withdrawal from session "
            "{session} would erase what was played (what was played stands; a withdrawal "
            "starts after session {played})"
        ),
        "tournament.disqualify-played": (
            "player {player} has played up to session {played}: a disqualification in "
            "session {session} cannot undo a later session"
        ),
        "tournament.table-has-result": (
            "table {table} of session {session}, where player {player} sits, already has its "
            "result: a finished game is changed only by a correction or an appeal"
        ),
        "tournament.table-has-hands": (
            "hands of table {table} in session {session} are already recorded: a substitute "
            "taking player {player}'s seat now comes in during play"
        ),
        "tournament.reject-reason": "say why the result is rejected (at most {limit} characters)",
        "tournament.not-at-table": (
            "player {player} does not play at table {table} in session {session}"
        ),
        "tournament.what-correction": "a correction of position {target}",
        "tournament.what-appeal": "an appeal against position {target}",
        "tournament.what-decision": "the decision on the appeal at position {target}",
        "tournament.what-substitution": "a substitute for player {player} in session {session}",
        "tournament.what-player": "player {player}",
        "tournament.stale": "the log changed while this entry was being recorded; try again",
        "tournament.false-hu-ruling": (
            "position {seq} is not a false hu ruling with a payment to each opponent"
        ),
        "tournament.false-hu-source": (
            "the false hu of player {player}: give its class (10 or 20), the position of "
            "its ruling, or the hand shown - one of them"
        ),
        "tournament.false-hu-valid": (
            "the hand shown by player {player} is a valid win worth {points}: not a false hu"
        ),
        "tournament.points-and-hand": "give the hand's points or the hand itself, not both",
        "tournament.self-drawn-mismatch": (
            "the hand's self-drawn flag does not match how the hand was won"
        ),
        "tournament.hand-not-a-win": (
            "the hand is not a valid win ({reason}); a declared hand that is not a win is "
            "a false hu"
        ),
        "tournament.points-needed": "a won hand needs its points, or the hand itself",
        # the winds a hand given as tiles is judged with (mjref.tournament.hand_winds)
        "tournament.winds-beyond-game": (
            "hand {hand}: an MCR game has {limit} hands (four rounds of four), so the winds "
            "of a later hand do not follow from the seating; give the seat and prevalent "
            "wind with a reason (or a false hu's class directly)"
        ),
        "tournament.winds-reason-needed": (
            "the winds of hand {hand} follow from the seating and the hand number; to judge "
            "the hand with other winds, say why"
        ),
        "tournament.winds-reason-alone": (
            "a reason for the winds goes with a seat or prevalent wind given instead of the "
            "ones that follow from the seating"
        ),
        "tournament.winds-without-hand": (
            "a seat or prevalent wind is given only with the hand in notation, to judge it"
        ),
        "tournament.ruling-winds": (
            "the {fact} of hand {hand} is judged with the winds the seating gives it: the "
            "hand says {given}, the seating {derived}; leave the wind out (a hand recorded "
            "with other winds says why in the hand's entry)"
        ),
        "tournament.winds-no-player": (
            "hand {hand}: a hand in notation needs its player (the winner), whose seat wind "
            "it is judged with"
        ),
        "tournament.bad-minutes-late": "minutes late must be 1 to {limit}, not {minutes}",
        "tournament.bad-actor": "who records an entry is named in 1 to {limit} characters",
        "tournament.bad-game": "the game number must be 1 to {limit}, not {game}",
        "tournament.scope-needed": (
            "say whether the disqualification is for the session or the tournament"
        ),
        # rulings, appeals, corrections
        "tournament.discretion-not-open": (
            "the ruling on {incident!r} leaves no amount to the referee; give no points"
        ),
        "tournament.discretion-choice": "{points} is not one of the amounts {choices} ({clause})",
        "tournament.discretion-range": "{points} is outside {low} to {high} ({clause})",
        "tournament.substitute-needed": (
            "the ruling puts a substitute in player {player}'s seat: name the substitute"
        ),
        "tournament.substitute-not-needed": "the ruling does not call for a substitute",
        "tournament.not-disqualifying": "the ruling on {incident!r} does not disqualify",
        "tournament.late-during-play": (
            "a substitute for a late player sits down before play begins"
        ),
        "tournament.substitute-busy": "substitute {player} is already seated in session {session}",
        "tournament.already-disqualified": "player {player} is already disqualified",
        "tournament.no-such-event": "there is no entry at position {seq}",
        "tournament.not-correctable": "the entry at position {seq} ({kind}) cannot be corrected",
        "tournament.superseded": (
            "the entry at position {seq} is already superseded by position {by}; correct that"
        ),
        "tournament.correction-kind": (
            "a correction of a {kind} entry must be a {kind} entry (or void), not {other}"
        ),
        "tournament.correction-slot": "a correction must keep the same table, session and hand",
        "tournament.not-a-ruling": "the entry at position {seq} is not a ruling",
        "tournament.not-an-appeal": "the entry at position {seq} is not an appeal",
        "tournament.appeal-too-late": (
            "the ruling at position {seq} was given in session {session}; an appeal is made at "
            "once (MERS 2.2)"
        ),
        "tournament.appeal-before-end": (
            "the appeal is heard after the session (MERS 2.2): close session {session} first"
        ),
        "tournament.unknown-kind": "unknown entry type {kind!r} (known: {known})",
        "tournament.ruling-void": "the ruling at position {seq} has been superseded",
        # standings and the command line's tables
        "tournament.standings-title": "Standings",
        "tournament.col-place": "Place",
        "tournament.col-player": "Player",
        "tournament.col-number": "No.",
        "tournament.col-country": "Country",
        "tournament.col-table-points": "Table points",
        "tournament.col-score": "Score",
        "tournament.col-total": "Total",
        "tournament.col-points": "Points",
        "tournament.col-uma": "Uma",
        "tournament.col-penalties": "Penalties",
        "tournament.col-session": "Session",
        "tournament.col-sessions": "Sessions",
        "tournament.col-table": "Table",
        "tournament.col-seat": "Seat",
        "tournament.seating-title": "Seating, session {session}",
        # How a published seating was made (steps of its method; see SeatingPublished).
        "tournament.method.given": "given by the organiser",
        "tournament.method.recorded": "{text}",
        "tournament.apart-struck": "Removed from the final results",
        "tournament.apart-substitutes": "Substitutes (not ranked)",
        "tournament.note-missed": "missed",
        "tournament.note-bye": "bye",
        "tournament.note-substitute": "substitute for player {player}",
        "tournament.note-replaced": "replaced by substitute {player}",
        "tournament.note-no-result": "no result yet",
    }
)
