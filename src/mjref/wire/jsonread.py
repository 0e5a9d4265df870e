"""Reading JSON written by users, within limits.

Every JSON document mjref reads from a person or a program goes through
:func:`read_json`: it refuses text that is too long, nested too deep or holding a number
with too many digits before the parser can run out of stack or time, and reports where,
as an :class:`~mjref.errors.InputError` (never a traceback).

>>> read_json('{"a": [1, 2.5, "x"]}', where="line 1")
{'a': [1, 2.5, 'x']}
>>> read_json("[" * 40 + "]" * 40, where="plan.json")
Traceback (most recent call last):
...
mjref.wire.jsonread.JsonInputError: plan.json: nested more than 32 levels deep
>>> read_json('{"id": ' + "9" * 50 + "}", where="line 3")
Traceback (most recent call last):
...
mjref.wire.jsonread.JsonInputError: line 3: a number of 50 digits is too long (at most 30)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable

import orjson

from mjref.errors import InputError
from mjref.messages import Message
from mjref.wire import _messages  # noqa: F401  (registers the wording)

MAX_BYTES = 1 << 20
"""The longest JSON document (or JSON line) read: 1 MiB."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted."""
MAX_DIGITS = 30
"""The longest number accepted, in characters (ids and counts fit well within it)."""


class JsonInputError(InputError):
    """JSON text that cannot be read: too long, too deep, a huge number, or bad syntax."""


def _fail(where: str | None, key: str, **params: object) -> JsonInputError:
    return JsonInputError(Message(key, params), where=where)


def _too_deep(text: str, limit: int) -> bool:
    """Whether ``[`` and ``{`` outside strings nest deeper than ``limit``."""
    if text.count("[") + text.count("{") <= limit:
        return False  # too few brackets to nest deeper (counted in C, no scan)
    return _depth(text) > limit


def _depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings (a linear scan)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_json(
    text: str | bytes,
    *,
    where: str | None = None,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
) -> object:
    """The JSON value in ``text``; a :class:`JsonInputError` naming ``where`` otherwise.

    ``bytes`` must be UTF-8. The limits are checked before parsing, so a hostile
    document costs one linear scan at most.
    """
    size = len(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise _fail(where, "json.too-long", size=size, limit=max_bytes)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _fail(where, "json.not-utf8", position=error.start + 1) from None
    if _too_deep(text, max_depth):
        raise _fail(where, "json.too-deep", limit=max_depth)
    if _UNUSUAL_NUMBER.search(text) is None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # the standard parser below says what is wrong, in its own words
    return _parse(text, where)


_UNUSUAL_NUMBER = re.compile(r"[0-9](?:[eE]|[0-9.]{15})")
"""Text that may hold a number :func:`orjson.loads` reads otherwise than the standard
parser with the limits of :func:`read_json` (an exponent, 16 or more digits: possibly
out of range, too long, beyond 64 bits or rounded another way). Such text, and any text
orjson refuses (lone surrogates, ``NaN``, bad syntax), is read by :func:`_parse`; for
any other text both parsers give the same value (``tests/wire/test_jsonread.py``)."""


def _parse(text: str, where: str | None) -> object:
    """The value of ``text`` (within the size and depth limits) by the standard parser,
    which refuses numbers too long or out of range and ``NaN``; the slow, exact reader."""

    def number(kind: type[int] | type[float]) -> Callable[[str], int | float]:
        def parse(digits: str) -> int | float:
            if len(digits) > MAX_DIGITS:
                raise _fail(where, "json.number-too-long", digits=len(digits), limit=MAX_DIGITS)
            number = kind(digits)
            if not math.isfinite(number):
                raise _fail(where, "json.number-out-of-range", number=digits)
            return number

        return parse

    def constant(name: str) -> object:
        raise _fail(where, "json.not-a-number", name=name)

    try:
        return json.loads(
            text, parse_int=number(int), parse_float=number(float), parse_constant=constant
        )
    except json.JSONDecodeError as error:
        raise _fail(
            where, "json.syntax", problem=error.msg, line=error.lineno, column=error.colno
        ) from None
