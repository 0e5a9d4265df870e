"""The one JSON style of mjref's output (``docs/cli.md``).

- ``--json``: one JSON document, UTF-8, indented by 2, keys in the documented order
  (not sorted), non-ASCII characters as themselves (:func:`json_document`).
- ``--jsonl``: one compact JSON object per line, no spaces (:func:`json_line`).

Text that cannot be written as UTF-8 (a lone surrogate from a ``\\ud800`` escape in the
input) is written as a JSON escape instead, so output is always valid UTF-8 JSON.

>>> print(json_document({"b": 1, "a": ["é"]}))
{
  "b": 1,
  "a": [
    "é"
  ]
}
>>> json_line({"id": 2**64, "ok": True})
'{"id":18446744073709551616,"ok":true}'
>>> json_line({"id": "\\ud800"})
'{"id":"\\\\ud800"}'
"""

from __future__ import annotations

import json

import orjson

from mjref.wire.messages import JsonValue


def json_document(value: JsonValue) -> str:
    """``value`` as an indented JSON document (without a final newline)."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, ensure_ascii=True, indent=2)
    return text


def json_line(value: JsonValue) -> str:
    """``value`` as one compact JSON line (without the newline)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        # orjson writes neither integers beyond 64 bits nor lone surrogates; the
        # standard library writes both (the surrogates escaped).
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(value, ensure_ascii=True, separators=(",", ":"))
        return text
