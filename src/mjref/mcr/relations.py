"""Fans formed by two, three or four sets together, and the principles that limit them.

Sets are given by their first tile's index (see :mod:`mjref.tiles.tile`): the
lowest tile of a chow, the tile of a pung or kong. Where the order in which sets
are tried decides which of several combinations is scored, sets are sorted by
:func:`order_key`, the tile order the Chinese reference implementation uses
(characters, bamboo, dots, winds, red, green, white), so that the ``mil``
convention reproduces it exactly; the point values do not depend on it.

>>> chow_pair_fan(0, 3).title, chow_pair_fan(0, 9).title, chow_pair_fan(0, 6).title
('Short Straight', 'Mixed Double Chow', 'Two Terminal Chows')
>>> chow_triple_fan(0, 3, 6).title
'Pure Straight'
>>> pung_triple_fan(27, 28, 30).title
'Big Three Winds'
"""

from __future__ import annotations

import itertools

from mjref.mcr.fans import Fan

_DRAGON_ORDER = {31: 33, 32: 32, 33: 31}


def order_key(index: int) -> int:
    """Sort key giving the reference tile order m, s, p, E S W N, red, green, white."""
    if index < 9:
        return index
    if index < 18:
        return index + 9
    if index < 27:
        return index - 9
    return _DRAGON_ORDER.get(index, index)


def suit(index: int) -> int:
    """0 characters, 1 dots, 2 bamboo, 3 honours."""
    return index // 9 if index < 27 else 3


def rank(index: int) -> int:
    """1-9 for suited tiles."""
    return index % 9 + 1


def is_wind(index: int) -> bool:
    return 27 <= index <= 30


def is_dragon(index: int) -> bool:
    return index >= 31


def is_terminal(index: int) -> bool:
    return index < 27 and index % 9 in (0, 8)


def _all_same_suit(*indices: int) -> bool:
    first = suit(indices[0])
    return first < 3 and all(suit(i) == first for i in indices)


def _three_suits(a: int, b: int, c: int) -> bool:
    return len({suit(a), suit(b), suit(c)}) == 3 and max(a, b, c) < 27


def _shifted_by_one(*ranks: int) -> bool:
    ordered = sorted(ranks)
    return all(y == x + 1 for x, y in itertools.pairwise(ordered))


def chow_pair_fan(a: int, b: int) -> Fan | None:
    """The fan two chows form together, if any."""
    if suit(a) != suit(b):
        return Fan.MIXED_DOUBLE_CHOW if rank(a) == rank(b) else None
    if abs(a - b) == 3:
        return Fan.SHORT_STRAIGHT
    if {rank(a), rank(b)} == {1, 7}:
        return Fan.TWO_TERMINAL_CHOWS
    if a == b:
        return Fan.PURE_DOUBLE_CHOW
    return None


def chow_triple_fan(a: int, b: int, c: int) -> Fan | None:
    """The fan three chows form together (``a <= b <= c`` by :func:`order_key`)."""
    if _three_suits(a, b, c):
        ranks = (rank(a), rank(b), rank(c))
        if _shifted_by_one(*ranks):
            return Fan.MIXED_SHIFTED_CHOWS
        if ranks[0] == ranks[1] == ranks[2]:
            return Fan.MIXED_TRIPLE_CHOW
        if sorted(ranks) == [1, 4, 7]:
            return Fan.MIXED_STRAIGHT
        return None
    if not _all_same_suit(a, b, c):
        return None
    if b == a + 3 and c == b + 3:
        return Fan.PURE_STRAIGHT
    if (b == a + 2 and c == b + 2) or (b == a + 1 and c == b + 1):
        return Fan.PURE_SHIFTED_CHOWS
    if a == b == c:
        return Fan.PURE_TRIPLE_CHOW
    return None


def chow_quad_fan(a: int, b: int, c: int, d: int) -> Fan | None:
    """The fan four chows form together (sorted)."""
    if not _all_same_suit(a, b, c, d):
        return None
    for step in (2, 1):
        if b == a + step and c == b + step and d == c + step:
            return Fan.FOUR_PURE_SHIFTED_CHOWS
    if a == b == c == d:
        return Fan.QUADRUPLE_CHOW
    return None


def pung_pair_fan(a: int, b: int) -> Fan | None:
    """The fan two pungs (or kongs) form together, if any."""
    if a < 27 and b < 27:
        return Fan.DOUBLE_PUNG if rank(a) == rank(b) and a != b else None
    if is_dragon(a) and is_dragon(b):
        return Fan.TWO_DRAGON_PUNGS
    return None


def pung_triple_fan(a: int, b: int, c: int) -> Fan | None:
    """The fan three pungs (or kongs) form together (sorted by :func:`order_key`)."""
    if max(a, b, c) < 27:
        if _three_suits(a, b, c):
            ranks = (rank(a), rank(b), rank(c))
            if _shifted_by_one(*ranks):
                return Fan.MIXED_SHIFTED_PUNGS
            if ranks[0] == ranks[1] == ranks[2]:
                return Fan.TRIPLE_PUNG
            return None
        if _all_same_suit(a, b, c) and _shifted_by_one(a, b, c):
            return Fan.PURE_SHIFTED_PUNGS
        return None
    if all(is_wind(i) for i in (a, b, c)) and len({a, b, c}) == 3:
        return Fan.BIG_THREE_WINDS
    if all(is_dragon(i) for i in (a, b, c)) and len({a, b, c}) == 3:
        return Fan.BIG_THREE_DRAGONS
    return None


def pung_quad_fan(a: int, b: int, c: int, d: int) -> Fan | None:
    """The fan four pungs (or kongs) form together (sorted)."""
    if max(a, b, c, d) < 27 and _all_same_suit(a, b, c, d) and _shifted_by_one(a, b, c, d):
        return Fan.FOUR_PURE_SHIFTED_PUNGS
    if all(is_wind(i) for i in (a, b, c, d)) and len({a, b, c, d}) == 4:
        return Fan.BIG_FOUR_WINDS
    return None


CHOW_PAIR_FANS = (
    Fan.PURE_DOUBLE_CHOW,
    Fan.MIXED_DOUBLE_CHOW,
    Fan.SHORT_STRAIGHT,
    Fan.TWO_TERMINAL_CHOWS,
)
"""The two-chow fans, in the order of preference when only one can be kept."""


def limit_chow_pairs(found: list[Fan | None], most: int) -> list[bool]:
    """Account once: keep at most ``most`` of the two-chow fans ``found``.

    Fans repeated most are removed first, least valuable kind first (Two Terminal
    Chows, then Short Straight, Mixed Double Chow, Pure Double Chow), down to one
    of a kind, then to none, until no more than ``most`` remain. Returns, for each
    entry of ``found``, whether it is kept (removal takes the last entries of a kind).
    """
    kept = [fan is not None for fan in found]
    per_kind = {fan: [i for i, f in enumerate(found) if f is fan] for fan in CHOW_PAIR_FANS}
    remaining = sum(kept)
    for allowed in (1, 0):
        for fan in reversed(CHOW_PAIR_FANS):
            positions = per_kind[fan]
            while remaining > most and len(positions) > allowed:
                kept[positions.pop()] = False
                remaining -= 1
    return kept
