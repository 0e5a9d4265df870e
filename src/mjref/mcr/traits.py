"""Fans that depend only on which tiles a hand contains, not on how it is read.

Suits (No Honors, One Voided Suit, Half Flush, Full Flush, All Types), tile
classes (All Simples, Reversible Tiles, All Green, All Honors, All Terminals,
All Terminals and Honors) and number ranges (Upper/Middle/Lower Tiles, Upper
Four, Lower Four). The answer depends only on the set of tile kinds present, so
it is computed once per set and remembered.

>>> from mjref.tiles import parse_tiles
>>> [fan.title for fan, _ in tile_set_fans(mask_of(parse_tiles("234s666s88sFFF")))]
['Half Flush', 'All Green']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from mjref.mcr.fans import Fan
from mjref.tiles import Tile, parse_tiles


def mask_of(tiles: Iterable[Tile]) -> int:
    """A bit per tile kind present."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def _mask(text: str) -> int:
    return mask_of(parse_tiles(text))


CHARACTERS = (1 << 9) - 1
DOTS = CHARACTERS << 9
BAMBOO = CHARACTERS << 18
HONORS = ((1 << 7) - 1) << 27
WINDS = ((1 << 4) - 1) << 27
DRAGONS = ((1 << 3) - 1) << 31
TERMINALS = _mask("19m19p19s")
TERMINALS_OR_HONORS = TERMINALS | HONORS
GREEN = _mask("23468sF")
REVERSIBLE = _mask("1234589p245689sP")
_RANK_MASKS = tuple(
    (1 << r) | (1 << (9 + r)) | (1 << (18 + r)) for r in range(9)
)  # index r = rank - 1


def _ranks(mask: int) -> set[int]:
    return {r + 1 for r in range(9) if mask & _RANK_MASKS[r]}


@lru_cache(maxsize=1 << 16)
def tile_set_fans(mask: int) -> tuple[tuple[Fan, int], ...]:
    """The suit, class and range fans of a hand whose tile kinds are ``mask``.

    Counts are before any "not combined with" exclusions; One Voided Suit may be
    counted more than once here (a hand of honours only lacks all three suits), and
    the exclusions of the scoring step remove what does not combine.
    """
    found: list[tuple[Fan, int]] = []
    # Suits.
    has_honor = bool(mask & HONORS)
    voided = sum(1 for suit in (CHARACTERS, DOTS, BAMBOO) if not mask & suit)
    if voided == 2:
        found.append((Fan.HALF_FLUSH if has_honor else Fan.FULL_FLUSH, 1))
    else:
        if not has_honor:
            found.append((Fan.NO_HONORS, 1))
        if voided:
            found.append((Fan.ONE_VOIDED_SUIT, voided))
    if voided == 0 and mask & WINDS and mask & DRAGONS:
        found.append((Fan.ALL_TYPES, 1))
    # Tile classes.
    if not mask & TERMINALS_OR_HONORS:
        found.append((Fan.ALL_SIMPLES, 1))
    if not mask & ~REVERSIBLE:
        found.append((Fan.REVERSIBLE_TILES, 1))
    if not mask & ~GREEN:
        found.append((Fan.ALL_GREEN, 1))
    if mask & TERMINALS_OR_HONORS:
        if not mask & ~HONORS:
            found.append((Fan.ALL_HONORS, 1))
        elif not mask & ~TERMINALS:
            found.append((Fan.ALL_TERMINALS, 1))
        elif not mask & ~TERMINALS_OR_HONORS:
            found.append((Fan.ALL_TERMINALS_AND_HONORS, 1))
    # Number ranges (suited tiles only).
    if not has_honor:
        ranks = _ranks(mask)
        if ranks <= {1, 2, 3, 4}:
            found.append((Fan.LOWER_FOUR if 4 in ranks else Fan.LOWER_TILES, 1))
        elif ranks <= {6, 7, 8, 9}:
            found.append((Fan.UPPER_FOUR if 6 in ranks else Fan.UPPER_TILES, 1))
        elif ranks <= {4, 5, 6}:
            found.append((Fan.MIDDLE_TILES, 1))
    return tuple(found)
