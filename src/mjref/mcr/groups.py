"""The parts a winning hand is read as: sets, the pair, and the knitted tiles.

A :class:`Group` is one part of a reading of a hand. Chows are identified by their
lowest tile. ``declared`` groups were melded on the table (exposed melds and
concealed kongs); ``exposed`` groups were claimed from a discard.

>>> str(Group(GroupKind.CHOW, 0))
'123m'
>>> str(Group(GroupKind.KONG, 15, declared=True))
'[7777p]'
>>> str(Group(GroupKind.KONG, 15, declared=True, exposed=False))
'(7777p)'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import lru_cache

from mjref.tiles import TILES, Meld, MeldKind, Tile, format_tiles


class GroupKind(enum.IntEnum):
    CHOW = 0
    PUNG = 1
    KONG = 2
    PAIR = 3
    KNITTED = 4  # the nine tiles of a knitted straight
    SINGLES = 5  # tiles that form no set (honors and knitted tiles, thirteen orphans)


@dataclass(frozen=True, slots=True)
class Group:
    """One part of a reading. ``first`` is a tile index (the lowest tile of a chow)."""

    kind: GroupKind
    first: int
    declared: bool = False
    exposed: bool = True
    tiles_override: tuple[Tile, ...] = ()
    text: str = field(default="", compare=False, repr=False)
    """The group in notation (computed on creation; groups are reused across hands)."""

    def __post_init__(self) -> None:
        text = format_tiles(self.tiles)
        if self.declared:
            text = f"[{text}]" if self.exposed else f"({text})"
        object.__setattr__(self, "text", text)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.tiles_override:
            return self.tiles_override
        tile = TILES[self.first]
        if self.kind is GroupKind.CHOW:
            return (tile, TILES[self.first + 1], TILES[self.first + 2])
        size = {GroupKind.PUNG: 3, GroupKind.KONG: 4, GroupKind.PAIR: 2}[self.kind]
        return (tile,) * size

    @property
    def is_pung_like(self) -> bool:
        """A pung or a kong."""
        return self.kind is GroupKind.PUNG or self.kind is GroupKind.KONG

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=8192)
def concealed_group(kind: GroupKind, first: int, tiles: tuple[Tile, ...] = ()) -> Group:
    """The (shared, immutable) group of concealed tiles of this kind; ``tiles`` only for
    groups that are not sets (knitted tiles, singles, a tile held four times)."""
    return Group(kind, first, exposed=False, tiles_override=tiles)


_KIND_OF_MELD = {
    MeldKind.CHOW: GroupKind.CHOW,
    MeldKind.PUNG: GroupKind.PUNG,
    MeldKind.KONG: GroupKind.KONG,
}


def group_of_meld(meld: Meld) -> Group:
    """The group a declared meld forms in every reading of the hand."""
    return _declared_group(meld.kind, meld.tiles[0].index, meld.concealed)


@lru_cache(maxsize=1024)
def _declared_group(kind: MeldKind, first: int, concealed: bool) -> Group:
    return Group(_KIND_OF_MELD[kind], first, declared=True, exposed=not concealed)
