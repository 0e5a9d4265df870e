"""English wording of ``mjref seating``'s readable output (the plan as tables, the
measurements, the notes for the organiser). Player numbers are shown as they are; the
method's description is its steps rendered in the same language
(:func:`mjref.wire.messages.steps_text`)."""

from mjref.messages import register

register(
    {
        "cli.seating.note": "note: {text}",
        "cli.seating.working": "seating {players} players over {count} sessions ...",
        "cli.seating.working[one]": "seating {players} players over {count} session ...",
        "cli.seating.seated-with-substitutes": "seated with substitutes {players}",
        "cli.seating.seated-with-byes": "seated with byes",
        "cli.seating.choose-fill": "{advice}; {chosen} (choose with --fill)",
        "cli.seating.substitutes-fill": "substitutes {players} fill the tables",
        "cli.seating.session": "Session {session}",
        "cli.seating.table": "table",
        "cli.seating.seat.East": "East",
        "cli.seating.seat.South": "South",
        "cli.seating.seat.West": "West",
        "cli.seating.seat.North": "North",
        "cli.seating.sitting-out": "sitting out: {players}",
        "cli.seating.size": "{players} players, {sessions} sessions",
        "cli.seating.method": "method: {method}",
        "cli.seating.repeated-meetings": (
            "repeated meetings: {count} (at least {least}; repeat-free is possible up to "
            "{sessions} sessions)"
        ),
        "cli.seating.more-than-twice": "pairs meeting more than twice: {count}",
        "cli.seating.wind-spread": "wind spread: {spread}",
        "cli.seating.table-revisits": "table revisits: {count} (at least {least})",
        "cli.seating.fewest-common": (
            "fewest common opponents of two players who never meet: {value}"
        ),
        "cli.seating.mean-common": "mean common opponents of two players who never meet: {value}",
        "cli.seating.components": "groups of players connected by meetings: {count}",
        "cli.seating.byes": "player-sessions sat out: {count}",
        "cli.seating.substitutes": "substitutes: {players}",
        "cli.seating.group-meetings": "group members seated together: {count}",
        "cli.seating.unmet": (
            "{group}: players {first} and {second} at session {session}, table {table}"
        ),
        "cli.seating.repeats": "pairs who meet again: {count}",
        "cli.seating.displacement": "tables away from rank (sum over players): {count}",
        "cli.seating.cost": (
            "cost: {weight} per repeated meeting or group meeting + 1 per table away from "
            "rank = {cost}"
        ),
        "cli.seating.left": (
            "left after session {session}: {players} (their empty seats count as byes above)"
        ),
        "cli.seating.moved": "players seated away from their planned table: {count}",
        "cli.seating.draw-committed": (
            "commitment to the draw's seed recorded at entry {seq}: {commitment}"
        ),
        "cli.seating.draw-new-seed": (
            "the draw's seed, to keep secret until the draw (then: mjref seating publish "
            "--draw SEED): {seed}"
        ),
        "cli.seating.draw-commitment": "commitment {commitment}: entry {seq}, by {by}, at {at}",
        "cli.seating.draw-seed": "seed {seed}: entry {seq}, by {by}, at {at}",
        "cli.seating.draw-file-or-tournament": (
            "give the draw's JSON file or --tournament, one of the two"
        ),
        "cli.seating.draw-checking": "recomputing the plan from the seed and the player list ...",
    }
)
