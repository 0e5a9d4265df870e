"""The parts a winning hand is read as: sets, the pair, and the knitted tiles.

A :class:`Group` is one part of a division of a hand. Chows are identified by their
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


_PUNG_KINDS = frozenset({GroupKind.PUNG, GroupKind.KONG})


@dataclass(frozen=True, slots=True)
class Group:
    """One part of a division. ``first`` is a tile index (the lowest tile of a chow)."""

    kind: GroupKind
    first: int
    declared: bool = False
    exposed: bool = True
    tiles_override: tuple[Tile, ...] = ()
    # Derived on creation (groups are shared across hands): notation and the traits the
    # scoring asks about.
    text: str = field(init=False, compare=False, repr=False)
    """The group in notation."""
    order: int = field(init=False, compare=False, repr=False)
    """Sort key in the reference implementation's tile order (see :func:`order_key`)."""
    outside: bool = field(init=False, compare=False, repr=False)
    """Holds a terminal or an honour (counts towards Outside Hand)."""
    five: bool = field(init=False, compare=False, repr=False)
    """Holds a 5 (counts towards All Fives)."""
    even: bool = field(init=False, compare=False, repr=False)
    """A pung, kong or pair of an even suited tile (counts towards All Even Pungs)."""
    honour_pung: bool = field(init=False, compare=False, repr=False)
    """A pung or kong of a dragon or wind; with ``terminal_pung``, the sets that score
    Dragon Pung or Pung of Terminals or Honors on their own."""
    terminal_pung: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        text = format_tiles(self.tiles)
        if self.declared:
            text = f"[{text}]" if self.exposed else f"({text})"
        first = self.first
        suited = first < 27
        rank = first % 9 + 1
        chow = self.kind is GroupKind.CHOW
        traits = {
            "text": text,
            "order": order_key(first),
            "outside": not suited or (rank in (1, 7) if chow else rank in (1, 9)),
            "five": suited and (rank in (3, 4, 5) if chow else rank == 5),
            "even": suited and not chow and rank % 2 == 0,
            "honour_pung": self.kind in _PUNG_KINDS and not suited,
            "terminal_pung": self.kind in _PUNG_KINDS and suited and rank in (1, 9),
        }
        for name, value in traits.items():
            object.__setattr__(self, name, value)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.tiles_override:
            return self.tiles_override
        tile = TILES[self.first]
        if self.kind is GroupKind.CHOW:
            return (tile, TILES[self.first + 1], TILES[self.first + 2])
        size = {GroupKind.PUNG: 3, GroupKind.KONG: 4, GroupKind.PAIR: 2}[self.kind]
        return (tile,) * size

    def __str__(self) -> str:
        return self.text


def order_key(index: int) -> int:
    """Sort key giving the reference tile order: m, s, p, E S W N, red, green, white.

    Where the order in which sets are tried decides which of several combinations is
    scored, the ``mil`` convention must try them in the order the reference
    implementation does; the point values never depend on it.
    """
    if index < 9:
        return index
    if index < 18:
        return index + 9
    if index < 27:
        return index - 9
    return {31: 33, 33: 31}.get(index, index)


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
    """The group a declared meld forms in every division of the hand."""
    return _declared_group(meld.kind, meld.tiles[0].index, meld.concealed)


@lru_cache(maxsize=1024)
def _declared_group(kind: MeldKind, first: int, concealed: bool) -> Group:
    return Group(_KIND_OF_MELD[kind], first, declared=True, exposed=not concealed)
