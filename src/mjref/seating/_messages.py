"""English wording of the seating messages."""

from mjref.messages import register

register(
    {
        "seating.too-few-players": "a schedule needs at least 4 players, not {players}",
        "seating.too-many-players": "at most {limit} players can be seated, not {players}",
        "seating.no-sessions": "a schedule needs at least one session",
        "seating.too-many-sessions": "at most {limit} sessions can be planned, not {sessions}",
        "seating.empty-session": "the session has no tables",
        "seating.too-many-tables": "{tables} tables need more than the {players} players",
        "seating.table-size": "a table seats 4 players, this one has {count}",
        "seating.player-range": "player {player} is not between 1 and {players}",
        "seating.player-twice": "player {player} is already seated at table {other}",
        "seating.json-type": "expected {expected}, found {found}",
        "seating.json-key-missing": "the key {name!r} is missing",
        "seating.json-key-unknown": "unknown key {name!r} (expected one of {expected})",
        "seating.json-syntax": "not valid JSON: {detail}",
        "seating.substitute-unknown": "substitute {player} is not between 1 and {players}",
        "seating.not-multiple-of-four": (
            "{players} players do not fill tables of four; remedies: {substitutes} "
            "substitute(s) to fill the last table, or {byes} bye(s) each session"
        ),
        "seating.bad-fill": "unknown remedy {fill!r} (expected 'substitutes' or 'byes')",
        "seating.unknown-player": "player {player} is not in the schedule (1 to {players})",
        "seating.bad-player-number": "{player} is not a player number (1 or more)",
        "seating.player-listed-twice": "player {player} is listed twice",
        "seating.group-too-small": "group {group!r} needs at least two players",
        "seating.played-range": "sessions played must be between 0 and {sessions}, not {played}",
        "seating.standings-incomplete": (
            "the standings must rank every player to be seated; missing: {missing}"
        ),
        "seating.swiss-count": (
            "{players} players ranked cannot fill tables of four; add {substitutes} "
            "substitute(s) to the standings or rank {drop} fewer"
        ),
        "seating.substitute-in-use": (
            "player {player} is already in the schedule; a new player needs a new number"
        ),
        "seating.new-number": (
            "new player {player}: new players are numbered on from the schedule, {first} to {last}"
        ),
        "seating.not-playing": "player {player} has no seat after session {played}",
        "seating.bad-substitution": "{text!r} is not OUT:IN (two player numbers)",
        "seating.drop-twice": "player {player} is dropped or replaced twice",
        "seating.nothing-to-repair": "nothing to repair: no drop-out, substitute or new player",
        "seating.no-sessions-left": "all {sessions} sessions are played; nothing to re-seat",
        "seating.list-too-long": "{count} items are too many here (at most {limit})",
        "seating.groups-too-large": (
            "the groups ask to keep more than {limit} pairs of players apart"
        ),
        "seating.not-text": "not a UTF-8 text file",
        "seating.bad-seed": "the seed must be a whole number from 0 to {limit}, not {seed}",
        # Places in the input (an error's ``where``).
        "seating.where.schedule": "the schedule",
        "seating.where.session": "session {session}",
        "seating.where.table": "session {session}, table {table}",
        "seating.where.seat": "session {session}, table {table}, seat {seat}",
        "seating.where.item": "{list}, item {item}",
        "seating.where.group": "group {group!r}",
        "seating.where.file-group": "{file}, group {group!r}",
        "seating.where.line": "{file}, line {line}, column {column}",
        "seating.where.after-changes": "after the changes",
        "seating.where.drop-outs": "drop-outs",
        "seating.where.new-players": "new players",
        "seating.where.standings": "standings",
        # JSON values as named in seating.json-type.
        "seating.json.null": "null",
        "seating.json.boolean": "a boolean",
        "seating.json.number": "a number",
        "seating.json.whole-number": "a whole number",
        "seating.json.decimal": "a decimal number",
        "seating.json.string": "a string",
        "seating.json.list": "a list",
        "seating.json.object": "an object",
        "seating.json.object-or-list": "an object or a list",
        "seating.json.player-list": "a list of players",
        "seating.json.player-numbers": "player numbers",
        "seating.json.player-number": "a player number",
        "seating.json.other": "{name}",
        # How a schedule was made: the steps of its method (adapters join them with "; ").
        "seating.method.one-session": "one session (fewer than 16 players)",
        "seating.method.published": "published solution ({source})",
        "seating.method.affine": "affine geometry AG({dimension}, 4)",
        "seating.method.cyclic": "cyclic: {orbits} orbits of {modulus} and {fixed} fixed players",
        "seating.method.cyclic-ghosts": (
            "cyclic: {orbits} orbits of {modulus} and {fixed} fixed players, "
            "{ghosts} of them ghosts at one table"
        ),
        "seating.method.finished-by-local-search": "finished by local search",
        "seating.method.local-search": "local search",
        "seating.method.opponents-spread": "opponents spread",
        "seating.method.extended": "further sessions spread by local search",
        "seating.method.groups-apart": "groups kept apart by renumbering and local search",
        "seating.method.polished": "indirect meetings polished",
        "seating.draw.seed-length": (
            "a draw's seed has {least} to {most} characters, not {length}"
        ),
        "seating.draw.seed-text": "a draw's seed is printable text without spaces at either end",
        "seating.draw.bad-commitment": (
            "a commitment is a SHA-256 in lower-case hex: 64 digits 0-9 and a-f"
        ),
        "seating.draw.committed-already": (
            "the draw was committed to already (entry {seq}); a commitment is final"
        ),
        "seating.draw.after-seating": (
            "the seating is already published: a commitment comes before the draw"
        ),
        "seating.draw.not-committed": "no commitment to a seed was published before the draw",
        "seating.draw.revealed-already": "the draw's seed was revealed already (entry {seq})",
        "seating.draw.wrong-seed": (
            "this seed does not match the commitment published at entry {seq}"
        ),
        "seating.draw.not-revealed": (
            "a commitment was published (entry {seq}): draw the seating with its seed (--draw)"
        ),
        "seating.draw.seed-and-draw": "give either a seed or a draw's seed, not both",
        "seating.draw.not-drawn": "the seating was not drawn yet: the seed is revealed with it",
        "seating.draw.no-draw": "the seating was not drawn with a committed seed",
        "seating.draw.verified": (
            "the seed matches the commitment, and the plan recomputed from the seed and the "
            "player list is the published seating"
        ),
        "seating.draw.seed-mismatch": "the seed does not match the commitment",
        "seating.draw.plan-mismatch": (
            "the plan recomputed from the seed and the player list differs from the published "
            "seating (session {session}, table {table})"
        ),
        "seating.draw.reseated": (
            "the seating was changed after the draw (entries {entries}, re-seating after "
            "drop-outs): this check covers the seating as drawn"
        ),
        "seating.draw.version": (
            "drawn with mjref {recorded}, checked with mjref {running}: another version may "
            "hold another library of seat plans"
        ),
        "seating.method.library": (
            "stored in the library of seat plans (generated with seed {seed}); players and "
            "table numbers relabelled by this seed"
        ),
        "seating.method.numbered-without-revisits": (
            "sessions chosen so that no one returns to a table number"
        ),
        "seating.method.byes": "{count} byes each session from {ghosts}",
        "seating.method.byes[one]": "{count} bye each session from {ghosts}",
        "seating.method.ghost-players": "{count} ghost players",
        "seating.method.ghost-players[one]": "{count} ghost player",
        "seating.method.re-seated": "re-seated with least change",
        "seating.method.ranked-search": "ranked search",
        "seating.method.swiss-local-search": (
            "local search (the ranked search found no seating in its budget)"
        ),
        "seating.method.swiss-complete-search": (
            "complete search for a repeat-free seating, then local search"
        ),
    }
)
