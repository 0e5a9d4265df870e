"""The EMA's member countries: a player from any other country is a guest, counted as
the organising country in the MERS weight (``docs/ema.md``: the reading
``guests-as-host``).

The list is package data (``data/members.txt``), each line an ISO 3166-1 code with the
member association's number, dated and sourced in the file itself.

>>> is_member("NL"), is_member("JP")
(True, False)
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def members() -> frozenset[str]:
    """The two-letter codes of the EMA's member countries."""
    text = resources.files("mjref.ema").joinpath("data/members.txt").read_text("utf-8")
    found: set[str] = set()
    for line in text.splitlines():
        body = line.split("#", 1)[0].strip()
        if body:
            code = body.split()[0]
            if len(code) != 2 or not code.isalpha() or not code.isupper():
                raise ValueError(f"members.txt: bad country code {code!r}")
            found.add(code)
    return frozenset(found)


def is_member(country: str) -> bool:
    """Whether ``country`` (a two-letter code) is an EMA member country."""
    return country in members()
