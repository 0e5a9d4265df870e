"""Fans formed by two, three or four sets together, and the principles that limit them.

Sets are given by their first tile's index (see :mod:`mjref.tiles.tile`): the
lowest tile of a chow, the tile of a pung or kong. Where the order in which sets
are tried decides which of several combinations is scored, sets are sorted by
:func:`mjref.mcr.groups.order_key`, the tile order the Chinese reference implementation uses
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
from functools import cache

from mjref.mcr.fans import Fan


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


Positions = tuple[int, ...]


@cache
def set_relation_fans(
    chows: tuple[int, ...], pungs: tuple[int, ...], pair: int
) -> tuple[tuple[Fan, Positions], ...]:
    """The fans the sets of a division form together, each with the positions of its sets.

    ``chows`` and ``pungs`` are the first tiles of the chows and of the pungs and kongs,
    each sorted by :func:`order_key`; positions number the chows first, then the pungs,
    then the pair (used by Pure and Three-Suited Terminal Chows). Applies the
    non-repeat, non-separation, non-identical and account-once principles: a fan of
    three or four sets leaves the remaining set to combine once at most.
    """
    found: list[tuple[Fan, Positions]] = []
    pair_position = len(chows) + len(pungs)
    if len(chows) == 4:
        found.extend(_four_chows(chows, pair, pair_position))
    elif len(chows) == 3:
        found.extend(_three_chows(chows))
    elif len(chows) == 2:
        fan = chow_pair_fan(*chows)
        if fan is not None:
            found.append((fan, (0, 1)))
        fan = pung_pair_fan(*pungs)
        if fan is not None:
            found.append((fan, (2, 3)))
    elif len(chows) == 1:
        found.extend(_three_pungs(pungs, offset=1))
    else:
        found.extend(_four_pungs(pungs))
    return tuple(found)


def _four_chows(
    chows: tuple[int, ...], pair: int, pair_position: int
) -> list[tuple[Fan, Positions]]:
    everything = (0, 1, 2, 3, pair_position)
    if _is_three_suited_terminal_chows(chows, pair):
        return [(Fan.THREE_SUITED_TERMINAL_CHOWS, everything)]
    if _is_pure_terminal_chows(chows, pair):
        return [(Fan.PURE_TERMINAL_CHOWS, everything)]
    fan = chow_quad_fan(*chows)
    if fan is not None:
        return [(fan, (0, 1, 2, 3))]
    # Three of the four form a fan: the fourth may combine once more, the best kind only.
    for left_out in (3, 2, 1, 0):
        trio = tuple(i for i in range(4) if i != left_out)
        fan = chow_triple_fan(*(chows[i] for i in trio))
        if fan is None:
            continue
        result = [(fan, trio)]
        with_extra = [(chow_pair_fan(chows[i], chows[left_out]), i) for i in trio]
        for kind in CHOW_PAIR_FANS:
            partner = next((i for f, i in with_extra if f is kind), None)
            if partner is not None:
                result.append((kind, (partner, left_out)))
                break
        return result
    # Only two-chow fans: three at most, one fewer for each chow related to no other.
    couples = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    pair_fans = [chow_pair_fan(chows[i], chows[j]) for i, j in couples]
    related = sum(
        any(f is not None and k in couple for f, couple in zip(pair_fans, couples, strict=True))
        for k in range(4)
    )
    return _kept_pairs(couples, pair_fans, 3 - (4 - related))


def _three_chows(chows: tuple[int, ...]) -> list[tuple[Fan, Positions]]:
    fan = chow_triple_fan(*chows)
    if fan is not None:
        return [(fan, (0, 1, 2))]
    couples = [(0, 1), (0, 2), (1, 2)]
    return _kept_pairs(couples, [chow_pair_fan(chows[i], chows[j]) for i, j in couples], 2)


def _kept_pairs(
    couples: list[tuple[int, int]], pair_fans: list[Fan | None], most: int
) -> list[tuple[Fan, Positions]]:
    if most <= 0:
        return []
    kept = limit_chow_pairs(pair_fans, most)
    return [
        (fan, couple)
        for keep, fan, couple in zip(kept, pair_fans, couples, strict=True)
        if keep and fan is not None
    ]


def _three_pungs(pungs: tuple[int, ...], offset: int) -> list[tuple[Fan, Positions]]:
    positions = tuple(offset + i for i in range(3))
    fan = pung_triple_fan(*pungs)
    if fan is not None:
        return [(fan, positions)]
    found: list[tuple[Fan, Positions]] = []
    for i, j in ((0, 1), (0, 2), (1, 2)):
        fan = pung_pair_fan(pungs[i], pungs[j])
        if fan is not None:
            found.append((fan, (offset + i, offset + j)))
    return found


def _four_pungs(pungs: tuple[int, ...]) -> list[tuple[Fan, Positions]]:
    fan = pung_quad_fan(*pungs)
    if fan is not None:
        return [(fan, (0, 1, 2, 3))]
    for left_out in (3, 2, 1, 0):
        trio = tuple(i for i in range(4) if i != left_out)
        fan = pung_triple_fan(*(pungs[i] for i in trio))
        if fan is None:
            continue
        result = [(fan, trio)]
        for partner in trio:
            pair_fan = pung_pair_fan(pungs[partner], pungs[left_out])
            if pair_fan is not None:
                result.append((pair_fan, (partner, left_out)))
                break
        return result
    found: list[tuple[Fan, Positions]] = []
    for i in range(4):
        for j in range(i + 1, 4):
            fan = pung_pair_fan(pungs[i], pungs[j])
            if fan is not None:
                found.append((fan, (i, j)))
    return found


def _is_three_suited_terminal_chows(chows: tuple[int, ...], pair: int) -> bool:
    if pair >= 27 or rank(pair) != 5:
        return False
    if any(suit(c) == suit(pair) or rank(c) not in (1, 7) for c in chows):
        return False
    seen = {(suit(c), rank(c)) for c in chows}
    others = {0, 1, 2} - {suit(pair)}
    return all((s, r) in seen for s in others for r in (1, 7))


def _is_pure_terminal_chows(chows: tuple[int, ...], pair: int) -> bool:
    if pair >= 27 or rank(pair) != 5 or any(suit(c) != suit(pair) for c in chows):
        return False
    return sorted(rank(c) for c in chows) == [1, 1, 7, 7]
