"""Places at a table and what tied players share, exactly.

Players are ranked by a number (higher is better). Players tied on it occupy a block of
places and share the awards of those places equally: two players tied for first at an
MCR table share 4 + 2 table points, 3 each; three tied for first share 4 + 2 + 1, 7/3
each - kept as a :class:`~fractions.Fraction`, never rounded to 2.33.

>>> from fractions import Fraction
>>> shared_awards({"a": 10, "b": 10, "c": 0, "d": -20}, (4, 2, 1, 0))
{'a': Fraction(3, 1), 'b': Fraction(3, 1), 'c': Fraction(1, 1), 'd': Fraction(0, 1)}
>>> shared_awards({"a": 5, "b": 5, "c": 5, "d": 0}, (4, 2, 1, 0))["a"]
Fraction(7, 3)
>>> competition_ranks({"a": 10, "b": 10, "c": 0})
{'a': 1, 'b': 1, 'c': 3}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

K = TypeVar("K", bound=Hashable)

Number = int | Fraction


def _blocks(values: Mapping[K, SupportsRichComparison]) -> list[list[K]]:
    """The keys grouped by equal value, best value first (input order kept within a block)."""
    ordered = sorted(values, key=lambda k: values[k], reverse=True)
    blocks: list[list[K]] = []
    for key in ordered:
        if blocks and values[blocks[-1][0]] == values[key]:
            blocks[-1].append(key)
        else:
            blocks.append([key])
    return blocks


def shared_awards(values: Mapping[K, Number], awards: Sequence[Number]) -> dict[K, Fraction]:
    """Each key's award: the awards of the places its tie block covers, shared equally.

    ``awards[0]`` goes to first place, ``awards[1]`` to second and so on; there must be
    exactly one award per ranked key.
    """
    if len(awards) != len(values):
        raise ValueError(
            f"{len(values)} ranked values need {len(values)} awards, not {len(awards)}"
        )
    result: dict[K, Fraction] = {}
    place = 0
    for block in _blocks(values):
        share = Fraction(sum(awards[place : place + len(block)]), len(block))
        for key in block:
            result[key] = share
        place += len(block)
    return {key: result[key] for key in values}


def competition_ranks(values: Mapping[K, SupportsRichComparison]) -> dict[K, int]:
    """Rank 1 for the best value (any comparable: a number, a tuple of keys); tied keys
    share the best rank of their block (1, 1, 3)."""
    result: dict[K, int] = {}
    place = 1
    for block in _blocks(values):
        for key in block:
            result[key] = place
        place += len(block)
    return {key: result[key] for key in values}


def top(values: Mapping[K, Number]) -> tuple[K, ...]:
    """The keys sharing the best value (empty for no values)."""
    blocks = _blocks(values)
    return tuple(blocks[0]) if blocks else ()
