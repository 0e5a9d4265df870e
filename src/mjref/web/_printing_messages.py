"""English wording of the print pack (:mod:`mjref.web.printing`) and of a player's next
table and calendar on their page."""

from mjref.messages import register

register(
    {
        "web.print.title": "Print pack",
        "web.print.intro": (
            "Pages laid out for A4 paper: open one and print it from the browser (no margins "
            "to set; the sheets turn to landscape by themselves)."
        ),
        "web.print.now": "Print",
        "web.print.none": "No seating is published yet: publish it first.",
        "web.print.session": "Session {session}",
        "web.print.cards": "Table cards",
        "web.print.east": "East markers",
        "web.print.sheets": "Score sheets",
        "web.print.programmes": "Player programmes",
        "web.print.door": "Door list",
        "web.print.table": "Table",
        "web.print.sheet-title": "{name}: score sheet, session {session}, table {table}",
        "web.print.hand": "Hand",
        "web.print.winner": "Winner",
        "web.print.from": "Discarder, or self-drawn",
        "web.print.fan": "Fan",
        "web.print.gain": "+ / −",
        "web.print.total": "Total",
        "web.print.mcr-note": (
            "Write the winner's seat, the discarder's seat (or “self-drawn”), the fan value, "
            "then what each player gains (+) or pays (−); the four totals add up to 0."
        ),
        "web.print.riichi-note": (
            "One row per hand: the round and dealer, the counters (honba), the riichi sticks on "
            "the table, the result, then each player's change and new score."
        ),
        "web.print.round": "Round",
        "web.print.dealer": "Dealer",
        "web.print.honba": "Honba",
        "web.print.sticks": "Riichi sticks",
        "web.print.result": "Result",
        "web.print.start": "Starting points",
        "web.print.final": "Final scores",
        "web.print.signatures": "Signatures of the four players",
        "web.print.programme": "Programme",
        "web.print.code": "Your confirmation code (keep it to yourself):",
        "web.print.your-page": "Your page: next table, results, calendar",
        "web.print.not-seated": "Not seated in any published session.",
        "web.player.next": "Next table: session {session}, table {table}, {seat}",
        "web.player.no-next": "No table ahead in the published seating.",
        "web.player.calendar": "Sessions as a calendar file (.ics)",
        "web.player.calendar-note": (
            "The calendar holds each session once its start is known (when its clock is started)."
        ),
        "web.ical.summary": "{name}: session {session}, table {table}, {seat}",
    }
)
