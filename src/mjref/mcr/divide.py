"""Dividing concealed tiles into sets and a pair, and finding what a hand waits for.

Tiles are handled as a list of 34 counts (index order of :mod:`mjref.tiles.tile`).
Each suit's nine counts are decomposed once and remembered, so a hand costs a few
dictionary look-ups: a suit pattern has few divisions and patterns repeat a lot.

>>> from mjref.tiles import parse_tiles
>>> counts = counts_of(parse_tiles("1112345678999m5m"))
>>> [[str(g) for g in (*sets, pair)] for sets, pair in regular_divisions(counts)]
[['111m', '234m', '678m', '999m', '55m']]
>>> sorted(all_waits(counts_of(parse_tiles("1112345678999m"))))
[0, 1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product

from mjref.mcr.groups import Group, GroupKind, concealed_group
from mjref.tiles import Tile

# A suit's division: the sets (kind, offset) and the offset of the pair, if the suit holds it.
_SuitSet = tuple[GroupKind, int]
_SuitDivision = tuple[tuple[_SuitSet, ...], int | None]

Division = tuple[tuple[Group, ...], Group]
"""The concealed sets (in canonical order) and the pair."""


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """Counts per tile index."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.index] += 1
    return counts


MAX_COPIES = 5
"""A suit pattern may hold five copies of a tile when a wait on a tile the hand already
holds four of is tested (the formal wait); real hands never do."""


MAX_SETS = 4
"""A hand's concealed part never holds more than four sets (and one pair)."""


def _splits(
    counts: list[int], start: int, sets_left: int, pair_open: bool, suited: bool
) -> list[_SuitDivision]:
    """Every way to take the tiles from ``start`` on as sets (at most ``sets_left``) and at
    most one pair (only when ``pair_open``). The group holding the lowest tile is tried in
    every form, so one division may be found more than once (the caller removes repeats)."""
    first = next((i for i in range(start, len(counts)) if counts[i]), None)
    if first is None:
        return [((), None)]
    found: list[_SuitDivision] = []
    if pair_open and counts[first] >= 2:
        counts[first] -= 2
        found += [(sets, first) for sets, _ in _splits(counts, first, sets_left, False, suited)]
        counts[first] += 2
    if sets_left and counts[first] >= 3:
        counts[first] -= 3
        pung: _SuitSet = (GroupKind.PUNG, first)
        found += [
            ((pung, *sets), pair)
            for sets, pair in _splits(counts, first, sets_left - 1, pair_open, suited)
        ]
        counts[first] += 3
    chow_fits = suited and first + 2 < len(counts) and counts[first + 1] and counts[first + 2]
    if sets_left and chow_fits:
        for i in (first, first + 1, first + 2):
            counts[i] -= 1
        chow: _SuitSet = (GroupKind.CHOW, first)
        found += [
            ((chow, *sets), pair)
            for sets, pair in _splits(counts, first, sets_left - 1, pair_open, suited)
        ]
        for i in (first, first + 1, first + 2):
            counts[i] += 1
    return found


@cache
def _suit_divisions(pattern: tuple[int, ...], suited: bool) -> tuple[_SuitDivision, ...]:
    """Every way to split one suit's counts (or the honours') into at most four sets and at
    most one pair: each division's sets in tile order, the divisions sorted.

    Worked out the first time a pattern is met and remembered: a suit pattern has few
    divisions and patterns repeat a lot, and nothing is built before the first hand (a
    single hand judged on the command line starts at once). A pattern holding more than
    :data:`MAX_COPIES` of a tile has no division.
    """
    if max(pattern, default=0) > MAX_COPIES or sum(pattern) % 3 == 1:
        return ()
    divisions = {
        (tuple(sorted(sets, key=lambda s: (s[1], s[0]))), pair)
        for sets, pair in _splits(list(pattern), 0, MAX_SETS, True, suited)
    }
    return tuple(sorted(divisions, key=lambda r: (r[0], -1 if r[1] is None else r[1])))


@cache
def _suit_shapes(pattern: tuple[int, ...], suited: bool) -> tuple[bool, bool]:
    """(splits into sets only, splits into sets and one pair) for one suit's counts."""
    divisions = _suit_divisions(pattern, suited)
    return (
        any(pair is None for _, pair in divisions),
        any(pair is not None for _, pair in divisions),
    )


_BLOCKS = ((0, True), (9, True), (18, True), (27, False))


def _patterns(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """The counts of each block: characters, dots, bamboo, honours."""
    return [tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34])]


_BlockDivision = tuple[tuple[Group, ...], Group | None]


@cache
def _block_divisions(pattern: tuple[int, ...], block: int) -> tuple[_BlockDivision, ...]:
    """The divisions of one block (suit or honours) as groups, sets in tile order."""
    base, suited = _BLOCKS[block]
    if not any(pattern):
        return (((), None),)
    return tuple(
        (
            tuple(concealed_group(kind, base + offset) for kind, offset in sets),
            None if pair is None else concealed_group(GroupKind.PAIR, base + pair),
        )
        for sets, pair in _suit_divisions(pattern, suited)
    )


def regular_divisions(counts: Sequence[int]) -> list[Division]:
    """Every division of the concealed counts as sets (in tile order) and exactly one pair."""
    per_block = []
    for block, pattern in enumerate(_patterns(counts)):
        divisions = _block_divisions(pattern, block)
        if not divisions:
            return []
        per_block.append(divisions)
    results: list[Division] = []
    for combo in product(*per_block):
        pairs = [pair for _, pair in combo if pair is not None]
        if len(pairs) == 1:
            results.append((combo[0][0] + combo[1][0] + combo[2][0] + combo[3][0], pairs[0]))
    return results


@cache
def _block_waits(
    pattern: tuple[int, ...], block: int
) -> tuple[bool, bool, frozenset[int], frozenset[int]]:
    """What one block (a suit or the honours) contributes to a hand's waits.

    (the block splits into sets only, it splits into sets and one pair, the tiles that
    would make it sets and one pair, the tiles that would make it sets only). Only tiles
    held or, in a suit, near a held tile are tried.
    """
    base, suited = _BLOCKS[block]
    size = len(pattern)
    with_pair: set[int] = set()
    sets_only: set[int] = set()
    for offset in range(size):
        near = pattern[offset] or (
            suited and any(pattern[j] for j in range(max(0, offset - 2), min(size, offset + 3)))
        )
        if not near:
            continue
        grown = list(pattern)
        grown[offset] += 1
        grown_sets_only, grown_with_pair = _suit_shapes(tuple(grown), suited)
        if grown_with_pair:
            with_pair.add(base + offset)
        if grown_sets_only:
            sets_only.add(base + offset)
    own_sets_only, own_with_pair = _suit_shapes(pattern, suited) if any(pattern) else (True, False)
    return own_sets_only, own_with_pair, frozenset(with_pair), frozenset(sets_only)


def regular_waits(counts: Sequence[int]) -> set[int]:
    """Tiles that would complete ``counts`` (one tile short) as sets and a pair.

    A tile the hand already holds four of still counts as waited for: the formal
    wait, whether or not a copy can still come. The hand is complete with a tile of block
    ``b`` when ``b`` with it splits into sets and the pair and every other block into sets
    only, or ``b`` with it into sets only and the pair lies in another block.
    """
    blocks = [_block_waits(p, b) for b, p in enumerate(_patterns(counts))]
    broken = [b for b in range(4) if not blocks[b][0]]
    if len(broken) > 2:
        return set()
    waits: set[int] = set()
    for block, (_, _, grown_pair, grown_sets) in enumerate(blocks):
        others_broken = [b for b in broken if b != block]
        if not others_broken:
            waits |= grown_pair
            if any(blocks[b][1] for b in range(4) if b != block):
                waits |= grown_sets
        elif len(others_broken) == 1 and blocks[others_broken[0]][1]:
            waits |= grown_sets
    return waits


def seven_pairs_wait(counts: list[int]) -> int | None:
    """For 13 concealed tiles holding six pairs, the tile that completes seven pairs."""
    if counts.count(0) < 27:  # more than seven kinds of tile: no six pairs and a single
        return None
    pairs = sum(2 if c == 4 else 1 if c in (2, 3) else 0 for c in counts)
    if pairs != 6:
        return None
    return next((i for i, c in enumerate(counts) if c in (1, 3)), None)


def all_waits(counts: list[int]) -> set[int]:
    """Every tile completing the concealed tiles in a regular shape, or seven pairs (13 tiles)."""
    waits = regular_waits(counts)
    if sum(counts) == 13:
        single = seven_pairs_wait(counts)
        if single is not None:
            waits.add(single)
    return waits
