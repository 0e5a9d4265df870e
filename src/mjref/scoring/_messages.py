"""English wording of the scoring messages."""

from mjref.messages import register

register(
    {
        "scoring.table-size": "a table has 4 players, not {count}",
        "scoring.not-at-table": "{role}: player {player} is not at this table",
        "scoring.role.winner": "winner",
        "scoring.role.discarder": "discarder",
        "scoring.role.false-hu": "false hu",
        "scoring.same-player": "the winner cannot also be the discarder",
        "scoring.winner-needed": "a won hand needs its winner",
        "scoring.discarder-needed": "a hand won on a discard needs the discarder",
        "scoring.no-discarder": "a self-drawn hand has no discarder",
        "scoring.draw-has-winner": "a drawn hand has no winner and no discarder",
        "scoring.points-range": "a hand's points must be between {low} and {high}, not {points}",
        "scoring.flowers-range": "flowers must be between 0 and 8, not {flowers}",
        "scoring.under-minimum": (
            "a winning hand needs at least {minimum} points without flowers, not {points}; "
            "record a false hu instead"
        ),
        "scoring.false-hu-class": (
            "a false hu costs 10 or 20 points to each opponent (MERS 2.10.2), not {points}"
        ),
        "scoring.false-hu-twice": "player {player} has two false hus in the same hand",
        "scoring.dead-hand-wins": (
            "player {player} has a dead hand after a false hu and cannot win the hand (MERS 3.2)"
        ),
        "scoring.totals-unbalanced": (
            "the four scores {scores} add up to {total}, not 0; an MCR session balances to "
            "zero before penalties"
        ),
        "scoring.score-range": "a score must be between {low} and {high}, not {score}",
        "scoring.riichi-unbalanced": (
            "the four final scores {scores} and {sticks} riichi stick(s) left on the table "
            "add up to {total}, not {expected} (4 x {start} starting points)"
        ),
        "scoring.riichi-game.seat": "seat {seat} is not one of the table's seats 1-4",
        "scoring.riichi-game.yakuman": (
            "a hand is at most {high} yakuman under {ruleset}, not {count}"
        ),
        "scoring.riichi-game.han": "han must be from 1 to {high}, not {han}",
        "scoring.riichi-game.fu": ("fu must be 25 or a multiple of 10 from 20 to 110, not {fu}"),
        "scoring.riichi-game.seven-pairs": (
            "25 fu is a seven-pairs hand, which has at least 2 han, not {han}"
        ),
        "scoring.riichi-game.winner-twice": "a player is named twice as a winner",
        "scoring.riichi-game.tenpai-draw-only": (
            "tenpai players are named only for an exhaustive draw"
        ),
        "scoring.riichi-game.offender-chombo-only": "an offender is named only for a chombo",
        "scoring.riichi-game.discarder-needed": "a win on a discard (ron) needs the discarder",
        "scoring.riichi-game.ron-winners": (
            "a win on a discard has one to three winners, not {count}"
        ),
        "scoring.riichi-game.discarder-wins": "the discarder cannot also be a winner",
        "scoring.riichi-game.no-discarder": "a self-drawn win (tsumo) has no discarder",
        "scoring.riichi-game.tsumo-winner": "a self-drawn win has one winner, not {count}",
        "scoring.riichi-game.no-winner": (
            "a drawn hand or a chombo has no winner and no discarder"
        ),
        "scoring.riichi-game.offender-needed": "a chombo needs the player who made it",
        "scoring.riichi-game.no-abortive": (
            "{ruleset} has no abortive draws ({clause}): enter the hand as an exhaustive "
            "draw or a chombo"
        ),
        "scoring.riichi-game.game-over": (
            "the game is over after {hands} hand(s): the south round has ended ({clause}); "
            "correct an earlier hand instead"
        ),
        "scoring.riichi-game.in-hand": "hand {hand}: {error}",
        "scoring.riichi-game.no-nagashi": (
            "{ruleset} has no nagashi mangan ({clause}): enter the hand as an exhaustive draw"
        ),
        "scoring.riichi-game.nagashi-winners": (
            "nagashi mangan needs the player or players who have it, and no discarder"
        ),
        "scoring.riichi-game.liable-win-only": (
            "a liable player ({clause}) is named only for a win on a discard or a self-draw"
        ),
        "scoring.riichi-game.liable-winner": (
            "the winner cannot be liable for his own hand ({clause})"
        ),
        "scoring.riichi-game.liable-yakuman": (
            "liability ({clause}) is for a Big Three Dragons or Big Four Winds: give the "
            "hand as a yakuman"
        ),
        "scoring.sticks-range": "riichi sticks left must be between 0 and {high}, not {sticks}",
    }
)
