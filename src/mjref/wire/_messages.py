"""English wording of the messages of reading JSON from users."""

from mjref.messages import register

register(
    {
        "json.too-long": "{size} bytes is too long (at most {limit})",
        "json.too-deep": "nested more than {limit} levels deep",
        "json.number-too-long": "a number of {digits} digits is too long (at most {limit})",
        "json.not-a-number": "{name} is not a JSON number",
        "json.syntax": "not valid JSON: {problem} (line {line}, column {column})",
    }
)
