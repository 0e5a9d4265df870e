"""Comparing a registered name with a name on the EMA's player list, without accents,
case or the order of its parts.

The EMA's list gives one name per player (often last name first); a registration gives a
first and a last name. Two names are the same when their words, with accents and other
marks taken off and case folded, are the same words in any order.

>>> folded("Ákos  KOVÁCS")
('akos', 'kovacs')
>>> same_name("Kovács Ákos", "akos kovacs")
True
>>> same_name("Ærø Jensen", "aero jensen")
True
>>> same_name("Anna Berg", "Anne Berg")
False
"""

from __future__ import annotations

import unicodedata

_LETTERS = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "ae",
        "ø": "o",
        "Ø": "o",
        "œ": "oe",
        "Œ": "oe",
        "ł": "l",
        "Ł": "l",
        "đ": "d",
        "Đ": "d",
        "ı": "i",
        "-": " ",
        "'": " ",
        ".": " ",
        ",": " ",
    }
)
"""Letters that no decomposition takes apart, and the punctuation between name parts."""


def folded(name: str) -> tuple[str, ...]:
    """The words of ``name``, without marks, case folded, sorted."""
    text = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    bare = "".join(ch for ch in text if not unicodedata.combining(ch))
    return tuple(sorted(bare.casefold().split()))


def same_name(one: str, other: str) -> bool:
    """Whether two names are the same words once accents, case and order are ignored."""
    return folded(one) == folded(other)
