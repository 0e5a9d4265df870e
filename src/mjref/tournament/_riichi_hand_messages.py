"""English wording of the messages about riichi hands entered hand by hand."""

from mjref.messages import register

register(
    {
        "tournament.riichi-hand.not-at-table": (
            "{role}: player {player} does not play at table {table} in session {session}"
        ),
        "tournament.riichi-hand.role-winner": "winner",
        "tournament.riichi-hand.role-discarder": "discarder",
        "tournament.riichi-hand.role-riichi": "riichi",
        "tournament.riichi-hand.role-tenpai": "tenpai",
        "tournament.riichi-hand.role-offender": "chombo",
        "tournament.riichi-hand.role-liable": "liable",
        "tournament.riichi-hand.refused": "table {table} of session {session}: {error}",
        "tournament.riichi-hand.order": (
            "table {table} of session {session}: hand {hand} cannot be entered yet, the next "
            "hand is {expected} (hands are entered in the order they were played)"
        ),
        "tournament.riichi-hands.nothing-to-confirm": (
            "table {table} of session {session} has no hands awaiting confirmation"
        ),
        "tournament.riichi-hands.count": (
            "table {table} of session {session} has {count} hand(s) now, not {hands}: look at "
            "its hands again before confirming them"
        ),
        "tournament.riichi-hands.confirm-own": (
            "player {player} entered hands awaiting confirmation at table {table} of session "
            "{session}: another player of the table, a referee or the organiser confirms them"
        ),
        "tournament.riichi-hand.same-number": (
            "table {table} of session {session} has no hand {hand} to correct (a correction "
            "keeps the hand's session, table and number)"
        ),
    }
)

register(
    {
        "tournament.riichi-hand.value-and-tiles": (
            "player {player}'s win is given both as tiles and as han, fu or yakuman: give one"
        ),
        "tournament.riichi-hand.bad-tiles": "the winning hand's tiles: {error}",
        "tournament.riichi-hand.not-a-win": (
            "player {player}'s hand as given is not a valid win: {reason}"
        ),
        "tournament.riichi-hand.value-needed": (
            "player {player}'s win needs its value: PLAYER:HAN:FU, PLAYER:yakuman or "
            "PLAYER:tiles=NOTATION"
        ),
        "tournament.riichi-hand.nagashi-value": (
            "nagashi mangan is paid as a mangan: give player {player} without a value"
        ),
        "tournament.riichi-hand.not-liable-hand": (
            "player {player}'s hand is not a Big Three Dragons or Big Four Winds: nobody is "
            "liable for it (3.3.9)"
        ),
    }
)

register(
    {
        "tournament.riichi-hand.judge-needs-tiles": (
            "to judge a winning hand first, give a winner as PLAYER:tiles=NOTATION"
        ),
        "tournament.riichi-hand.bad-win": (
            "a winner is written PLAYER:HAN:FU, PLAYER:yakuman, PLAYER:2xyakuman or "
            "PLAYER:tiles=NOTATION, with ,pao=PLAYER after it for a liable player, or "
            "PLAYER alone for nagashi mangan; not '{value}'"
        ),
    }
)
