"""English wording of the riichi hand-by-hand page."""

from mjref.messages import register

register(
    {
        "web.riichi-hands.title": "Riichi hands of table {table}, session {session}",
        "web.riichi-hands.hand": "Hand",
        "web.riichi-hands.round": "Round",
        "web.riichi-hands.outcome": "How it ended",
        "web.riichi-hands.outcome.ron": "ron (on a discard)",
        "web.riichi-hands.outcome.tsumo": "tsumo (self-drawn)",
        "web.riichi-hands.outcome.draw": "exhaustive draw",
        "web.riichi-hands.outcome.abortive": "abortive draw (RCR 2012)",
        "web.riichi-hands.outcome.chombo": "chombo",
        "web.riichi-hands.outcome.nagashi": "nagashi mangan (RCR 2012)",
        "web.riichi-hands.liable": "{player} liable (pao)",
        "web.riichi-hands.unconfirmed-mark": "awaiting confirmation",
        "web.riichi-hands.awaiting": (
            "Hands {hands}, entered by {players}, await confirmation: until another player "
            "of the table, a referee or the organiser confirms them, the table has no result."
        ),
        "web.riichi-hands.confirm-official": "Confirm the table's {count} hands as they stand",
        "web.riichi-hands.confirm-player": "I confirm these {count} hands",
        "web.scorer.riichi-hands-link": "Enter the hands one by one instead",
        "web.dash.hands-awaiting": (
            "Session {session}, table {table}: riichi hands entered by a player await confirmation"
        ),
        "web.scorer.back-to-sheet": "Back to the table's result",
        "web.riichi-hands.totals": "Running totals",
        "web.riichi-hands.next": (
            "Next: {wind}{number}, {dealer} deals; {honba} counter(s), {sticks} riichi stick(s) "
            "on the table"
        ),
        "web.riichi-hands.over": (
            "The game is over; {sticks} riichi stick(s) left on the table go to the player placed "
            "first."
        ),
        "web.riichi-hands.enter": "Enter the next hand",
        "web.riichi-hands.win": "Winner {n}",
        "web.riichi-hands.win-help": (
            "PLAYER:HAN:FU (3:2:30), PLAYER:yakuman, PLAYER:2xyakuman or PLAYER:tiles=NOTATION;"
            " after a Big Three Dragons or Big Four Winds, ,pao=PLAYER names the player liable"
            " for it (3:yakuman,pao=2); PLAYER alone for nagashi mangan"
        ),
        "web.riichi-hands.discarder": "Discarder (ron)",
        "web.riichi-hands.riichi": "Declared riichi",
        "web.riichi-hands.tenpai": "Tenpai at the draw",
        "web.riichi-hands.offender": "Chombo by",
        "web.riichi-hands.dora": "Dora indicators (a win given as tiles)",
        "web.riichi-hands.ura": "Ura dora indicators",
        "web.riichi-hands.players": "Players",
        "web.riichi-hands.link": "hand by hand",
        "web.riichi-hands.judge": "Judge the hand given as tiles",
        "web.riichi-hands.value": "{han} han {fu} fu",
        "web.riichi-hands.other-family": (
            "This tournament does not play riichi; its hands are entered on the MCR page:"
        ),
        "web.riichi-hands.yakuman": "{count}× yakuman",
        "web.riichi-hands.judged": "{han} han {fu} fu: {points} points",
        "web.riichi-hands.not-valid": "Not a valid win (chombo if declared with the tiles shown)",
    }
)

register(
    {
        "web.riichi-stats.title": "Riichi hands",
        "web.riichi-stats.hands": "Hands played",
        "web.riichi-stats.wins": "Wins",
        "web.riichi-stats.self-drawn": "of them self-drawn (tsumo)",
        "web.riichi-stats.deal-ins": "Deal-ins (discarded a winning tile)",
        "web.riichi-stats.riichi": "Riichi declared",
        "web.riichi-stats.chombo": "Chombo",
        "web.riichi-stats.average": "Average winning hand (points, without counters and sticks)",
        "web.riichi-stats.note": "From the tables entered hand by hand.",
    }
)
