"""Tiles, melds and the compact notation (see :mod:`mjref.tiles.notation`)."""

from mjref.tiles.meld import Meld, MeldKind, kind_of_set
from mjref.tiles.notation import (
    HandTiles,
    format_hand,
    format_meld,
    format_tiles,
    parse_hand,
    parse_meld,
    parse_tiles,
)
from mjref.tiles.tile import HONOR_LETTERS, TILES, Suit, Tile, Wind, tiles_from_codes

__all__ = [
    "HONOR_LETTERS",
    "TILES",
    "HandTiles",
    "Meld",
    "MeldKind",
    "Suit",
    "Tile",
    "Wind",
    "format_hand",
    "format_meld",
    "format_tiles",
    "kind_of_set",
    "parse_hand",
    "parse_meld",
    "parse_tiles",
    "tiles_from_codes",
]
