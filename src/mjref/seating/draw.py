"""A draw anyone can verify: a seed committed to before the draw, revealed with it.

The EMA asks for a transparent and random draw. Before the seating is drawn, the
organiser publishes a *commitment*: the SHA-256 of a secret seed (a text of at least
:data:`MIN_SEED` characters, e.g. 32 random bytes in hex, or the numbers of a public
lottery with a secret of the organiser's). Once the players are checked in, the seating is
drawn with that seed and the seed is published with it. Anyone can then check that the
seed hashes to the commitment (so it was fixed before the player list was known) and
recompute the plan from the seed and the player list.

The plan generator takes a whole number: :func:`plan_seed` derives one from the seed text
(the first eight bytes of another SHA-256, so the commitment says nothing about it).

>>> seed = "an example seed, not a secret one"
>>> commitment_of(seed)
'1b3905f92c36e8cb5e9ddf88ea54cba630493c212e0414e6d4a3e69fe818e4b3'
>>> matches(seed, commitment_of(seed)), matches(seed + "!", commitment_of(seed))
(True, False)
>>> 0 <= plan_seed(seed) < 2**64
True
"""

from __future__ import annotations

import hashlib
import re

from mjref.messages import Message

MIN_SEED = 16
"""The shortest seed accepted (characters): a short one could be found from its hash."""

MAX_SEED = 200
"""The longest seed accepted (characters)."""

_HEX = re.compile(r"[0-9a-f]{64}")

PLAN_SEED_PREFIX = "mjref-draw:"
"""Hashed before the seed to derive the plan generator's number."""


def commitment_of(seed: str) -> str:
    """The commitment to ``seed``: its SHA-256 (of its UTF-8 bytes) in lower-case hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def matches(seed: str, commitment: str) -> bool:
    """Whether ``seed`` is the seed committed to."""
    return commitment_of(seed) == commitment


def plan_seed(seed: str) -> int:
    """The generator's seed (0 to 2^64 - 1) for a draw's seed text."""
    digest = hashlib.sha256((PLAN_SEED_PREFIX + seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def seed_problem(seed: str) -> Message | None:
    """Why ``seed`` cannot be a draw's seed (too short, too long, not printable or with
    spaces around it), or ``None``."""
    if not MIN_SEED <= len(seed) <= MAX_SEED:
        return Message(
            "seating.draw.seed-length", {"length": len(seed), "least": MIN_SEED, "most": MAX_SEED}
        )
    if not seed.isprintable() or seed != seed.strip():
        return Message("seating.draw.seed-text", {})
    return None


def commitment_problem(commitment: str) -> Message | None:
    """Why ``commitment`` is not a SHA-256 in lower-case hex (64 digits), or ``None``."""
    if _HEX.fullmatch(commitment) is None:
        return Message("seating.draw.bad-commitment", {})
    return None
