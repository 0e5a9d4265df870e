"""English wording of ``mjref riichi-hand``'s readable output."""

from mjref.messages import register

register(
    {
        "cli.riichi-hand.changes": "hand {hand}: {changes}",
        "cli.riichi-hand.scores": "scores: {scores}",
        "cli.riichi-hand.next": (
            "next: {wind}{number} (prevalent wind {wind}), player {dealer} deals, {honba} "
            "counter(s), {sticks} riichi stick(s) on the table"
        ),
        "cli.riichi-hand.over": (
            "the game is over: {sticks} riichi stick(s) left on the table go to the player "
            "placed first"
        ),
        "cli.riichi-hand.after-uma": "player {player}: {points} points off after uma (chombo)",
        "cli.riichi-hand.too-many": "{option} is given more than {limit} times",
    }
)
