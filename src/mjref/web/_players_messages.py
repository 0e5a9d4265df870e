"""English wording of the players page's search, its check-in without a reload and the
page that confirms a withdrawal (:mod:`mjref.web.organiser`)."""

from mjref.messages import register

register(
    {
        "web.players.find": "Find a player",
        "web.players.find-help": "name, number, country, club or EMA number",
        "web.players.search": "Search",
        "web.players.show-all": "Show all",
        "web.players.none-found": "No player matches this search.",
        "web.players.withdraw-link": "Withdraw…",
        "web.players.check-in-failed": "Not checked in: the server did not answer. Try again.",
        "web.players.withdraw-title": "Withdraw player {player}",
        "web.players.withdraw-from": (
            "From session {session} on (the first session the player has not played yet, "
            "unless you give a later one) the player is no longer seated."
        ),
        "web.players.withdraw-kept": (
            "Sessions already played are kept: their results stand for the opponents and in "
            "the standings (MERS 2010 4.1.2)."
        ),
        "web.players.withdraw-done": "This player has withdrawn already.",
        "web.players.withdraw-confirm": "Confirm the withdrawal",
        "web.players.cancel": "Cancel",
        "web.players.not-checked-in": "not checked in",
    }
)
