"""Players' confirmation codes: a short code per player that proves, at the table, that
the player agrees with a result (the table's link alone does not).

A code is derived, never stored: an HMAC of the tournament, the player and how many new
codes the player was issued (:class:`~mjref.tournament.events.CodeIssued`), keyed with a
secret the caller passes (the installation's secret). Re-issuing a code makes the old one
useless. Six characters from an alphabet without look-alikes (no 0/O, 1/I/L): about 8.9
x 10^8 codes, so guessing one through a table's link is hopeless.

>>> code = confirmation_code("s3cret", "open-2026", 7, 0)
>>> len(code), code == confirmation_code("s3cret", "open-2026", 7, 0)
(6, True)
>>> code == confirmation_code("s3cret", "open-2026", 7, 1)
False
>>> same_code(code.lower()[:3] + " " + code[3:], code)
True
"""

from __future__ import annotations

import hashlib
import hmac

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The characters of a code: digits and capitals that cannot be mistaken for another."""

LENGTH = 6
"""Characters in a code."""

MAX_TYPED = 40
"""The longest code text read from a person (spaces and dashes included)."""


def confirmation_code(secret: str, tournament: str, player: int, issued: int) -> str:
    """The code of ``player`` after ``issued`` re-issues, under ``secret``."""
    message = f"mjref-confirmation-code\0{tournament}\0{player}\0{issued}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big")
    chars = []
    for _ in range(LENGTH):
        number, index = divmod(number, len(ALPHABET))
        chars.append(ALPHABET[index])
    return "".join(chars)


def normalise(typed: str) -> str:
    """A typed code as compared: capitals, without spaces and dashes ("" if too long)."""
    if len(typed) > MAX_TYPED:
        return ""
    return "".join(c for c in typed.upper() if c not in " -\t")


def same_code(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code`` (any case, spaces and dashes ignored), compared in
    constant time."""
    return hmac.compare_digest(normalise(typed).encode(), code.encode())
