"""Names as people write them: a search that ignores case and accents ("elodie" finds
"Élodie", "kovacs" finds "Kovács"), and sorting in the order of the reader's language,
by the Unicode Collation Algorithm (``pyuca``, the root order of CLDR, which English,
Italian, French and Dutch use as it is) with the Hungarian alphabet's own letters on top
(ö and ő after o, ü and ű after u; cs, dz, dzs, gy, ly, ny, sz, ty and zs each a letter
after its first one: Cz before Cs, Oz before Ö), as CLDR's Hungarian tailoring orders
them.

>>> matches("elodie", "Élodie Roux")
True
>>> sorted(["Zoe", "Élodie", "Eva", "Adam"], key=lambda n: sort_key(n, "fr"))
['Adam', 'Élodie', 'Eva', 'Zoe']
>>> sorted(["Ödön", "Ozsvár", "Oláh", "Csaba", "Czakó"], key=lambda n: sort_key(n, "hu"))
['Czakó', 'Csaba', 'Oláh', 'Ozsvár', 'Ödön']
"""

from __future__ import annotations

import unicodedata
from functools import cache

import pyuca  # type: ignore[import-untyped]

_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
)
"""Letters without a decomposition that a search should still find from plain ones."""


def fold(text: str) -> str:
    """``text`` for comparing in a search: no case, no accents (``Kovács`` -> ``kovacs``,
    ``Straße`` -> ``strasse``, ``Søren`` -> ``soren``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.translate(_LETTERS)


def matches(query: str, *texts: str) -> bool:
    """Whether every word of ``query`` is in one of ``texts``, case and accents aside (a
    query of no words matches nothing)."""
    words = fold(query).split()
    where = " ".join(fold(t) for t in texts)
    return bool(words) and all(word in where for word in words)


@cache
def _collator() -> pyuca.Collator:
    return pyuca.Collator()


_AFTER = "\ue000"
_AFTER_DZ = "\ue001"
"""Private-use characters: the algorithm weighs them after every letter, so ``o`` + one of
them sorts after every ``o...`` word (a letter of its own after o, as Hungarian ö)."""

_HUNGARIAN = (
    ("dzs", "d" + _AFTER_DZ),
    ("cs", "c" + _AFTER),
    ("dz", "d" + _AFTER),
    ("gy", "g" + _AFTER),
    ("ly", "l" + _AFTER),
    ("ny", "n" + _AFTER),
    ("sz", "s" + _AFTER),
    ("ty", "t" + _AFTER),
    ("zs", "z" + _AFTER),
    ("ö", "o" + _AFTER),
    ("ő", "o" + _AFTER),
    ("ü", "u" + _AFTER),
    ("ű", "u" + _AFTER),
)


def _hungarian(text: str) -> str:
    """``text`` with each Hungarian letter written as its first letter and a mark after
    every letter (its place in the Hungarian alphabet)."""
    lower = unicodedata.normalize("NFC", text.casefold())
    out: list[str] = []
    at = 0
    while at < len(lower):
        for letter, written in _HUNGARIAN:
            if lower.startswith(letter, at):
                out.append(written)
                at += len(letter)
                break
        else:
            out.append(lower[at])
            at += 1
    return "".join(out)


def sort_key(text: str, language: str) -> tuple[tuple[int, ...], str]:
    """The key that sorts ``text`` in the order of ``language`` (``en``, ``hu``, ``it``,
    ``fr``, ``nl``); texts the order calls equal are then kept apart by their code points."""
    written = _hungarian(text) if language == "hu" else text
    return tuple(_collator().sort_key(written)), text


def surname_first(first: str, last: str) -> str:
    """A name as door lists write it: ``Roux, Élodie`` (the surname alone without a first
    name)."""
    return f"{last}, {first}" if first and last else last or first
