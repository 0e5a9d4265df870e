"""English wording of the wire layer's messages: reading JSON from users, field problems
of JSON objects, the JSON-lines pipeline."""

from mjref.messages import register

register(
    {
        # Reading JSON text (mjref.wire.jsonread).
        "json.too-long": "{size} bytes is too long (at most {limit})",
        "json.too-deep": "nested more than {limit} levels deep",
        "json.number-too-long": "a number of {digits} digits is too long (at most {limit})",
        "json.number-out-of-range": "the number {number} is out of range",
        "json.not-a-number": "{name} is not a JSON number",
        "json.syntax": "not valid JSON: {problem} (line {line}, column {column})",
        "json.not-utf8": "the text is not UTF-8 (byte {position})",
        # One line of the JSON-lines interface (mjref.wire.jsonl).
        "json.empty-line": "empty line (one JSON object per line is expected)",
        "json.line-too-long": "the line is longer than {limit} bytes; it was skipped",
        "json.not-an-object": "a line must be a JSON object, not {kind}",
        "json.bad-lang": "{field}: {code!r} is not a language (choose one of: {known})",
        # Fields of a JSON object (mjref.wire.fields).
        "json.missing": "{field} is required",
        "json.bool": "{field} must be true or false",
        "json.int": "{field} must be a whole number",
        "json.string": "{field} must be a string",
        "json.list": "{field} must be a list",
        "json.object": "{field} must be an object",
        "json.at-least": "{field} must be {limit} or more",
        "json.at-most": "{field} must be {limit} or less",
        "json.too-many": "{field} holds too many items (at most {limit})",
        "json.one-of": "{field} must be one of {expected}",
        "json.invalid": "{field}: {problem}",
        "json.field-problem": "{field}: {problem}",
        "json.bad-tile": (
            "{field}: {code!r} is not a tile code (1m-9m, 1p-9p, 1s-9s, E S W N, P F C)"
        ),
        "json.bad-wind": "{field}: {code!r} is not a wind (E, S, W or N)",
        "json.bad-suit": "{field}: {code!r} is not a suit with a red five (m, p or s)",
        "json.bad-meld": "{field}: {problem}",
        # One clause for people (mjref rules show, mjref.wire.rulings.clause_lines).
        "rules.show.read-under": "as read under {spec}",
        "rules.show.printed-as": "printed as: {printed}",
        "rules.show.where": "where: {where}",
        "rules.show.topic": "topic: {topic}",
        "rules.show.note": "note: {note}",
        "rules.show.not-in-seeds": "not in the seed texts; source: {source}",
        "rules.show.only-under": "only under: {conditions}",
        "rules.show.reading": "reading {option} = {choice}: {description} ({source})",
        "rules.show.other-readings": "[other readings: {others}]",
        "rules.show.does-not-apply": "(this clause does not apply under these readings)",
        "rules.show.outcome": "outcome {name}: decides {decides}",
        "rules.show.outcome-only-under": (
            "outcome {name} (only under {conditions}): decides {decides}"
        ),
        "rules.show.also": "(also {also})",
        "rules.show.hidden-outcomes": "(outcomes under other readings only: {names})",
        "rules.show.no-outcomes": (
            "(cited by other clauses or by a judge: a definition, the ladder, ...)"
        ),
    }
)
