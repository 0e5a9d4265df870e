"""Declared sets: chows, pungs and kongs on the table.

A :class:`Meld` is a set a player has declared: claimed from a discard (exposed)
or, for a kong only, concealed. ``claimed`` says where the claimed tile came from:
for a pung or kong the seat it was claimed from (1 = left, 2 = opposite,
3 = right); for a chow which of its three tiles (1-3, ascending) was claimed;
``None`` for a concealed kong or when it is not known.

>>> Meld.chow(Tile.from_code("1s")).tiles
(Tile.from_code('1s'), Tile.from_code('2s'), Tile.from_code('3s'))
>>> Meld.kong(Tile.from_code("7p"), concealed=True).concealed
True
>>> Meld(MeldKind.CHOW, (Tile.from_code("1s"), Tile.from_code("3s"), Tile.from_code("4s")))
Traceback (most recent call last):
...
mjref.errors.IllegalMeldError: 1s3s4s is not a chow, pung or kong
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjref.errors import IllegalMeldError
from mjref.messages import Message
from mjref.tiles import _messages  # noqa: F401  (registers the wording)
from mjref.tiles.tile import TILES, Tile, tile_index


class MeldKind(enum.Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


def kind_of_set(tiles: tuple[Tile, ...]) -> MeldKind | None:
    """The kind of set the tiles form, or ``None`` (tiles in any order)."""
    return _kind_of_indices(tuple(sorted(t.index for t in tiles)))


_SAME_TILE_KINDS = {3: MeldKind.PUNG, 4: MeldKind.KONG}


def _kind_of_indices(ordered: tuple[int, ...]) -> MeldKind | None:
    if not ordered:
        return None
    first = ordered[0]
    if ordered.count(first) == len(ordered):
        return _SAME_TILE_KINDS.get(len(ordered))
    if (
        len(ordered) == 3
        and first < 27
        and first % 9 <= 6
        and ordered == (first, first + 1, first + 2)
    ):
        return MeldKind.CHOW
    return None


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared chow, pung or kong (tiles in ascending order)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False
    claimed: int | None = None

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.tiles, key=tile_index))
        if ordered != self.tiles:
            object.__setattr__(self, "tiles", ordered)
        problem = None
        if _kind_of_indices(tuple(t.index for t in ordered)) is not self.kind:
            problem = "notation.not-a-set"
        elif self.concealed and self.kind is not MeldKind.KONG:
            problem = "notation.concealed-not-kong"
        elif self.concealed and self.claimed is not None:
            problem = "meld.concealed-claimed"
        elif self.claimed is not None and self.claimed not in (1, 2, 3):
            problem = "meld.bad-claimed"
        if problem is not None:
            joined = "".join(t.code for t in ordered)
            tiles = joined if joined else Message("meld.no-tiles")
            raise IllegalMeldError.of(problem, tiles=tiles, claimed=self.claimed)

    def __repr__(self) -> str:
        from mjref.tiles.notation import format_meld

        extra = f", claimed={self.claimed}" if self.claimed is not None else ""
        return f"parse_meld({format_meld(self)!r}{extra})"

    @classmethod
    def chow(cls, lowest: Tile, *, claimed: int | None = None) -> Meld:
        if not lowest.is_suited or lowest.rank > 7:
            raise IllegalMeldError.of("meld.bad-chow-start", tile=lowest.code)
        tiles = (lowest, TILES[lowest.index + 1], TILES[lowest.index + 2])
        return cls(MeldKind.CHOW, tiles, claimed=claimed)

    @classmethod
    def pung(cls, tile: Tile, *, claimed: int | None = None) -> Meld:
        return cls(MeldKind.PUNG, (tile,) * 3, claimed=claimed)

    @classmethod
    def kong(cls, tile: Tile, *, concealed: bool = False, claimed: int | None = None) -> Meld:
        return cls(MeldKind.KONG, (tile,) * 4, concealed=concealed, claimed=claimed)

    @property
    def first(self) -> Tile:
        """The lowest tile (the tile itself for a pung or kong)."""
        return self.tiles[0]

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not MeldKind.CHOW
