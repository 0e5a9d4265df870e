"""English wording of the web app's pages (translated in the catalogues like every
message; ``tests/web/test_web_i18n.py`` checks that no page shows text outside them)."""

from mjref.messages import register

register(
    {
        "web.nav.standings": "Standings",
        "web.nav.seating": "Seating",
        "web.nav.dashboard": "Organiser",
        "web.nav.referee": "Referee",
        "web.nav.login": "Log in",
        "web.nav.logout": "Log out ({name})",
        "web.nav.language": "Language",
        "web.index.title": "Tournaments",
        "web.new.title": "New tournament",
        "web.new.id": "Short name (for addresses)",
        "web.new.name": "Name",
        "web.new.ruleset": "Rules",
        "web.new.minutes": "Minutes per session",
        "web.new.convention": "MCR scoring convention",
        "web.new.default": "the default",
        "web.new.start": "Riichi starting points",
        "web.new.submit": "Create",
        "web.new.readings": "Readings of the rules",
        "web.new.readings-help": (
            "Optional: how a point the rules leave open is read at this tournament (see the "
            "rulebook for each). A reading applies only to the rules named beside it."
        ),
        "web.index.none": "No tournament yet.",
        "web.index.line": "{ruleset}, {sessions} sessions, {players} players",
        "web.login.title": "Log in",
        "web.login.name": "Name",
        "web.login.password": "Password",
        "web.login.submit": "Log in",
        "web.nav.password": "My password",
        "web.password.title": "Change my password",
        "web.password.current": "Current password",
        "web.password.new": "New password (8 to 200 characters)",
        "web.password.again": "New password again",
        "web.password.submit": "Change the password",
        "web.password.done": (
            "Your password is changed; every other session of this account has ended."
        ),
        "web.referees.revoke": "Revoke access to this tournament",
        "web.error.title": "Something is wrong",
        "web.error.back": "Back",
        "web.error.bad-form": "The form is not filled in right: {problems}",
        "web.error.bad-link": "This table link is not valid: ask the organiser for the table card.",
        "web.error.forbidden": "Your account may not see or change this.",
        "web.error.login-needed": "Log in first.",
        "web.error.not-found": "There is no such page.",
        "web.error.not-your-table": "This link is for another table or player.",
        "web.error.refused": "The request was refused.",
        "web.error.token-needed": "Give an API token: Authorization: Bearer <token>.",
        "web.error.csrf": "The form has expired or did not come from this site: reload the page.",
        "web.error.too-large": "The request is too large: at most {limit} are accepted here.",
        "web.error.bad-multipart": (
            "The form upload has no valid boundary (multipart/form-data needs one): "
            "send it again from the page."
        ),
        "web.error.bad-body": "The form could not be read: send it again from the page.",
        "web.standings.title": "Standings",
        "web.standings.note": "Confirmed results only; {position} entries in the log.",
        "web.standings.apart": "Not ranked",
        "web.status.ranked": "ranked",
        "web.status.disqualified": "disqualified",
        "web.status.struck": "removed from the results",
        "web.status.substitute": "substitute",
        "web.status.absent": "did not play",
        "web.line.played": "played",
        "web.line.substitute": "as substitute",
        "web.line.missed": "missed",
        "web.line.bye": "bye",
        "web.line.pending": "not yet reported",
        "web.col.place": "Place",
        "web.col.number": "No.",
        "web.col.player": "Player",
        "web.col.country": "Country",
        "web.col.table-points": "Table points",
        "web.col.score": "Score",
        "web.col.total": "Total",
        "web.col.sessions": "Sessions",
        "web.col.penalties": "Penalties",
        "web.col.session": "Session",
        "web.col.table": "Table",
        "web.col.seat": "Seat",
        "web.col.opponents": "Opponents",
        "web.col.uma": "Uma",
        "web.col.status": "Status",
        "web.col.first": "First name",
        "web.col.last": "Last name",
        "web.col.ema": "EMA number",
        "web.col.club": "Club",
        "web.col.position": "Position",
        "web.col.kind": "Entry",
        "web.col.actor": "By",
        "web.col.at": "When",
        "web.wind.E": "East",
        "web.wind.S": "South",
        "web.wind.W": "West",
        "web.wind.N": "North",
        "web.player.chart": "Running total (solid) and place (dashed) after each session",
        "web.seating.title": "Seating, session {session}",
        "web.seating.find": "Find a player",
        "web.seating.search": "Search",
        "web.seating.found": "{name}: table {table}, seat {seat}",
        "web.seating.not-found": "No player matches {query!r}.",
        "web.seating.none": "The seating is not published yet.",
        "web.dash.title": "Dashboard",
        "web.dash.summary": (
            "{ruleset}, {sessions} sessions; {players} players, {checked_in} checked in; "
            "{position} entries in the log"
        ),
        "web.dash.awaiting": "Results awaiting confirmation",
        "web.dash.unreported": "Tables not reported",
        "web.dash.in-play": "Session {session} in play: {reported} of {tables} tables reported",
        "web.dash.no-session": "No session is seated yet.",
        "web.links.local": (
            "The QR codes and links on this page point to {base}, which only this computer "
            "can open: phones at the venue cannot reach it. Start the server with "
            "--public-url and this computer's address on the venue's network (for example "
            "mjref serve --public-url http://192.168.1.20:8000)."
        ),
        "web.dash.later": "Seated, not played yet: session {sessions}",
        "web.dash.appeals": "Open appeals",
        "web.dash.none": "None.",
        "web.dash.table": "session {session}, table {table}",
        "web.dash.proposal": (
            "Position {seq}: session {session}, table {table}: {scores} (entered by {player})"
        ),
        "web.dash.appeal": (
            "Position {seq}: appeal of {player} against the ruling at position {ruling}"
        ),
        "web.export.title": "Exports",
        "web.export.ema": "EMA results file (CSV)",
        "web.export.html": "Static pages (ZIP)",
        "web.players.title": "Players",
        "web.players.add": "Add a player",
        "web.players.import": "Import players from a CSV file",
        "web.players.file": "CSV file",
        "web.players.paste": "or paste its lines",
        "web.players.skip-bad": "Leave out bad rows",
        "web.players.import-submit": "Import",
        "web.players.imported": "{count} players registered.",
        "web.players.refused": "Nothing imported: {count} rows are wrong.",
        "web.players.row": "line {line}: {reason}",
        "web.players.check-in": "Check in",
        "web.players.checked-in": "checked in",
        "web.players.team": "team: {team}",
        "web.players.withdraw": "Withdraw",
        "web.players.from-session": "from session",
        "web.players.illness": "illness",
        "web.players.struck": "off the final results (MERS 2010 4.3)",
        "web.players.note": "note",
        "web.players.next-session": "next",
        "web.players.withdrawn": "withdrawn from session {session}",
        "web.seatadmin.title": "Seating",
        "web.seatadmin.seed": "Seed",
        "web.seatadmin.again": "Seat the sessions not yet played again (after drop-outs)",
        "web.seatadmin.fill": "When the players do not fill the tables",
        "web.seatadmin.fill-substitutes": "substitutes fill them",
        "web.seatadmin.fill-byes": "byes",
        "web.seatadmin.publish": "Publish the seating",
        "web.seatadmin.busy": (
            "Seating the players... A size the library of seat plans holds is seated at "
            "once; another can take up to a minute. This page changes when the seating is "
            "published."
        ),
        "web.seatadmin.by-player": "Seating by player",
        "web.seatadmin.teams-apart": "Keep each team (club) apart",
        "web.seatadmin.method": "How the seating published last was made: {method}",
        "web.seatadmin.teams-apart-note": (
            "No two players of one team at a table where that can be avoided: the registered "
            "teams, or the clubs while no team is registered. A team with more players than "
            "there are tables cannot be kept fully apart. Not with a draw's seed."
        ),
        "web.cards.link": "table cards",
        "web.cards.title": "Table cards, session {session}",
        "web.cards.table": "Table {table}, session {session}",
        "web.cards.scan": "Scan to enter this table's result",
        "web.results.title": "Results",
        "web.results.sticks": "Riichi sticks left on the table",
        "web.results.submit": "Record",
        "web.log.title": "Log",
        "web.log.note": "{total} entries, newest first; nothing is ever changed or deleted.",
        "web.log.superseded": "superseded by position {seq}",
        "web.log.not-in-force": "overturned",
        "web.referees.title": "Accounts",
        "web.referees.add": "Add a referee",
        "web.referees.created": (
            "Referee {name} created. Password (shown once, write it down): {password}"
        ),
        "web.role.organiser": "organiser",
        "web.role.referee": "referee",
        "web.ref.title": "Referee",
        "web.ref.confirm": "Confirm",
        "web.ref.reject": "Reject",
        "web.ref.reason": "Reason",
        "web.ref.rule": "Rule on an incident",
        "web.ref.incident": "Incident",
        "web.ref.player": "Player",
        "web.ref.preview": "See the ruling",
        "web.ref.recorded": "Recorded at position {seq}.",
        "web.ref.clauses": "Clauses",
        "web.ref.ladder": "Foul ladder",
        "web.ref.step": "Step",
        "web.ref.uphold": "Uphold",
        "web.ref.dismiss": "Reject the appeal",
        "web.ref.file-appeal": "File an appeal",
        "web.ref.void": "Void an entry",
        "web.ref.void-submit": "Void",
        "web.screen.session": "session {session}",
        "web.screen.running": "playing",
        "web.screen.paused": "paused",
        "web.screen.not-started": "not started",
        "web.screen.ended": "play is over",
        "web.screen.time-up": "the time is up",
        "web.screen.signal": "{minutes} minutes left: the signal",
        "web.screen.table": "table {table}: {time}",
        "web.screen.next": "Next: session {session}",
        "web.screen.none": "No session on the clock.",
        "web.screen.extra": "Tables with extra time",
        "web.screen.sound": "Sound on",
        "web.clockpage.title": "Clock",
        "web.clockpage.screen": "Open the venue screen (projector)",
        "web.clockpage.state": "Session {session}: {phase}, {minutes} min {seconds} s left",
        "web.clockpage.start": "Start",
        "web.clockpage.pause": "Pause",
        "web.clockpage.resume": "Resume",
        "web.clockpage.end": "End play",
        "web.clockpage.extra": "Give extra time",
        "web.clockpage.extra-minutes": "Minutes",
        "web.clockpage.announcement": "Notice on the screen",
        "web.clockpage.announce": "Show",
        "web.hands.title": "Table {table}, session {session}: hand by hand",
        "web.hands.link": "hand by hand",
        "web.hands.hand": "Hand",
        "web.hands.outcome": "How it ended",
        "web.hands.discard": "won on a discard",
        "web.hands.self-drawn": "self-drawn",
        "web.hands.draw": "draw",
        "web.hands.points": "Points (flowers included)",
        "web.hands.winner": "Winner",
        "web.hands.discarder": "Discarder",
        "web.hands.notation": "or the hand in notation (judged)",
        "web.hands.flowers": "Flowers",
        "web.hands.false-hus": "False hus during the hand",
        "web.ref.hand": "Hand (a false hu: the hand it happened in)",
        "web.ref.game": "Game of the session (riichi)",
        "web.ref.points": "Points, where the rule leaves the amount to the referee",
        "web.late.title": "A late player",
        "web.late.minutes": "Minutes late",
        "web.late.substitute": "Substitute (beyond the limit)",
        "web.late.submit": "Rule and record",
        "web.hands.false-hus-note": (
            "A false hu ruled on by a referee with this hand is counted already; enter here "
            "only one the table settled itself."
        ),
        "web.hands.false-hu": "False hu {n}",
        "web.hands.false-hu-pays": "{name} pays {points} to each other player",
        "web.hands.prevalent": "Prevalent wind",
        "web.hands.winds": (
            "A hand in notation is judged with its winner's seat wind and the prevalent wind "
            "of its hand, from the seating and the hand number. Hand {hand}: prevalent wind "
            "{prevalent}; seat winds:"
        ),
        "web.hands.winds-beyond": (
            "Hand {hand} comes after the 16 hands of an MCR game: its winds do not follow "
            "from the seating; a hand in notation needs them given, with a reason."
        ),
        "web.hands.winds-override": "Other winds (only with a reason)",
        "web.hands.seat-wind": "Winner's seat wind",
        "web.hands.winds-derived": "from the seating",
        "web.hands.winds-reason": "Why other winds",
        "web.hands.judged-with": "Judged with seat wind {seat} and prevalent wind {prevalent}.",
        "web.hands.enter": "Enter a hand",
        "web.hands.judge": "Judge the hand",
        "web.hands.valid": "A valid win: {total} points",
        "web.hands.not-valid": "Not a valid win: it cannot be recorded as a win",
        "web.scorer.title": "Table {table}, session {session}",
        "web.scorer.who": "Who are you?",
        "web.scorer.code": "Your confirmation code",
        "web.scorer.code-help": (
            "Each player proves who they are with the confirmation code on their slip; "
            "the desk gives a new one if it is lost."
        ),
        "web.codes.title": "Confirmation codes",
        "web.codes.intro": (
            "Print this page and hand each player their slip at check-in. A player gives "
            "the code to propose, confirm or reject their table's result from the table's "
            "link. A new code makes the old one useless."
        ),
        "web.codes.slip": "{name} (player {player})",
        "web.codes.use": "Your confirmation code for the table results. Keep it to yourself.",
        "web.codes.new": "New code",
        "web.scorer.enter": "Enter the table's result",
        "web.scorer.sum-now": "Sum now: {total} (must be {target})",
        "web.scorer.submit": "Send",
        "web.scorer.awaiting": (
            "Position {seq}: {scores}, entered by {player}. Another player of the table "
            "confirms it or rejects it."
        ),
        "web.scorer.confirm": "The result is right: confirm",
        "web.scorer.reject": "The result is wrong: reject",
        "web.scorer.recorded": "The result of this table is recorded.",
        "web.scorer.closed": "This session is closed: see a referee.",
        "web.scorer.unsent": (
            "Not yet sent - will be sent when the network returns. Keep this page open "
            "or open it again later."
        ),
        "web.scorer.sending": "Sending...",
        "web.scorer.refused": "Not recorded - the server answered: {reason}",
    }
)

register(
    {
        "web.error.close-unchecked": (
            "Session {session} was not closed: tick the box to say you have checked its "
            "results (closing is final)."
        ),
        "web.error.disqualify-unchecked": (
            "Player {player} was not disqualified: tick the box to confirm the decision."
        ),
        "web.error.not-replaceable": (
            "Position {seq} is not a result or a hand in force: choose one from the list."
        ),
        "web.session.title": "Session {session}",
        "web.session.open": "Open session {session}",
        "web.session.opened": "Session {session} is open.",
        "web.session.closed": (
            "Session {session} is closed: no more results are taken; appeals may be decided."
        ),
        "web.session.close-help": (
            "Closing is final: no result can be entered after it (a correction still can), "
            "and appeals against the session's rulings may then be decided. A clock still "
            "running is stopped."
        ),
        "web.session.checked": "I have checked the results of every table",
        "web.session.close": "Close session {session}",
        "web.players.check-in-all": "Check in all",
        "web.players.check-in-all-help": (
            "every registered player not yet checked in, except substitutes and players "
            "who withdrew"
        ),
        "web.players.edit": "Edit",
        "web.players.edit-title": "Player {player}: details",
        "web.players.save": "Save",
        "web.sub.title": "Substitute a player",
        "web.sub.player": "Player replaced",
        "web.sub.by": "Substitute",
        "web.sub.why": "Why",
        "web.sub.why-illness": "illness",
        "web.sub.why-late": "late",
        "web.sub.why-disqualified": "disqualified",
        "web.sub.why-withdrawn": "withdrawn",
        "web.sub.during-play": "Play at the table had begun",
        "web.sub.submit": "Record the substitute",
        "web.dq.title": "Disqualify a player",
        "web.dq.scope": "Disqualified for",
        "web.dq.scope-session": "the session",
        "web.dq.scope-tournament": "the tournament",
        "web.dq.substitute": "Substitute for the rest of the session",
        "web.dq.no-substitute": "none",
        "web.dq.before-play": "The substitute sits down before play begins",
        "web.dq.note": "Note",
        "web.dq.confirm": "I confirm this disqualification (it is recorded at once)",
        "web.dq.submit": "Disqualify",
        "web.entries.link": "Replace or void a result or a hand: choose it from the list",
        "web.entries.title": "Results and hands",
        "web.entries.intro": (
            "Every table result and hand in force. Replace one with the right values, or "
            "void it, giving the reason; the old entry stays in the log, superseded."
        ),
        "web.entries.what": "What",
        "web.entries.result": "scores {scores}",
        "web.entries.sticks": "(sticks left: {count})",
        "web.entries.hand": "hand {hand}: {outcome}, {winner}, {points} points",
        "web.entries.replace": "Replace",
        "web.entries.replace-title": "Replace position {seq} (session {session}, table {table})",
        "web.entries.false-hu": "Keep the false hu of {player} ({amount} to each opponent)",
        "web.entries.replace-submit": "Record the replacement",
    }
)
