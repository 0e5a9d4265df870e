"""English wording of the services' messages (the JSON-lines interface)."""

from mjref.messages import register

register(
    {
        "json.empty-line": "empty line (one JSON object per line is expected)",
        "json.bad-json": "not valid JSON: {problem} (column {column})",
        "json.not-an-object": "a line must be a JSON object, not {kind}",
        "json.missing": "{field} is required",
        "json.bool": "{field} must be true or false",
        "json.int": "{field} must be a whole number",
        "json.string": "{field} must be a string",
        "json.list": "{field} must be a list",
        "json.object": "{field} must be an object",
        "json.at-least": "{field} must be {limit} or more",
        "json.one-of": "{field} must be one of {expected}",
        "json.invalid": "{field}: {problem}",
        "json.bad-tile": (
            "{field}: {code!r} is not a tile code (1m-9m, 1p-9p, 1s-9s, E S W N, P F C)"
        ),
        "json.bad-wind": "{field}: {code!r} is not a wind (E, S, W or N)",
        "json.bad-suit": "{field}: {code!r} is not a suit with a red five (m, p or s)",
        "json.bad-meld": "{field}: {problem}",
    }
)
