"""English wording of the verifiable draw's pages (the public page and the organiser's forms)."""

from mjref.messages import register

register(
    {
        "web.draw.title": "How the seating was drawn",
        "web.draw.link": "How this seating was drawn, and how to check it",
        "web.draw.commitment": (
            "Before the draw, {by} published the commitment (the SHA-256 of the secret seed) "
            "at {at}, entry {seq} of the log:"
        ),
        "web.draw.seed": "With the seating, {by} revealed the seed at {at}, entry {seq}:",
        "web.draw.not-revealed": "The seed is revealed when the seating is drawn.",
        "web.draw.players": (
            "The player list, in the order the plan numbers them (1, 2, ...): {players}"
        ),
        "web.draw.check": (
            "Check it yourself: download the record and run mjref seating verify draw.json"
        ),
        "web.draw.record": "The draw's record (JSON)",
        "web.seatadmin.commit": "Publish the commitment",
        "web.seatadmin.commitment": (
            "Commitment: the SHA-256 of the draw's secret seed (mjref seating commit makes "
            "a seed and its commitment)"
        ),
        "web.seatadmin.draw": "The draw's seed (when a commitment was published)",
    }
)
