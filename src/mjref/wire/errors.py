"""Errors in JSON and as one line of text, in the requested language.

With ``--json`` an error is also written on standard output as
``{"error": {"code", "key", "params", "text", "where"}}``; on standard error it is one
line, ``error: WHERE: TEXT``.

>>> import mjref.tiles  # registers the notation's messages
>>> from mjref.errors import InputError
>>> problem = InputError.of("notation.bad-wind", "--seat", code="X")
>>> error_json("bad-input", problem.message, problem.where, "it")["error"]["where"]
'--seat'
>>> error_text(problem.message, problem.where, "en")
"--seat: 'X' is not a wind (E, S, W or N)"

A line break or another control character a user typed is shown escaped, so the error
stays one line:

>>> print(one_line("not 'a\\nb\\x1b[2J'"))
not 'a\\nb\\x1b[2J'
"""

from __future__ import annotations

import unicodedata

from mjref.errors import Where
from mjref.i18n import render, render_where
from mjref.messages import Message
from mjref.wire.messages import JsonValue, params_json


def error_text(message: Message, where: Where, language: str) -> str:
    """``WHERE: TEXT`` (or ``TEXT``) in ``language`` (one translated frame)."""
    if where is None or where == "":
        return one_line(render(message, language))
    return one_line(render(Message("where.at", {"where": where, "problem": message}), language))


def one_line(text: str) -> str:
    """``text`` with control characters and line or paragraph separators escaped
    (``\\n``, ``\\x1b``, ``\\u2028``): what a user typed never breaks the error's line or
    drives the terminal. Other characters (accents, no-break spaces) are kept."""
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in _BREAKING
        else char
        for char in text
    )


_BREAKING = frozenset({"Cc", "Zl", "Zp"})


def error_json(code: str, message: Message, where: Where, language: str) -> dict[str, JsonValue]:
    """The JSON document of an error: a stable ``code``, the message key and parameters,
    the rendered text and where the problem is (``null`` when nowhere in particular)."""
    return {
        "error": {
            "code": code,
            "key": message.key,
            "params": params_json(message.params, language),
            "text": render(message, language),
            "where": render_where(where, language),
        }
    }
