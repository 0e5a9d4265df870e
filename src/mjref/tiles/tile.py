"""The 34 kinds of playing tile, and the four winds as seats and rounds.

A :class:`Tile` is one kind of tile (there are four copies of each in a set).
Tiles are ordered characters, dots, bamboo, winds (E S W N), dragons (white,
green, red); ``index`` runs 0-33 in that order. Flowers and seasons are not
tiles here: a hand only records how many it has.

>>> Tile.from_code("5p").rank, Tile.from_code("5p").suit
(5, <Suit.DOTS: 'p'>)
>>> [str(t) for t in sorted({Tile.from_code("C"), Tile.from_code("E"), Tile.from_code("9s")})]
['9s', 'E', 'C']
>>> Tile.from_code("P").is_dragon, Tile.from_code("1m").is_terminal
(True, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjref.errors import InputError
from mjref.tiles import _messages  # noqa: F401  (registers the wording)


class Suit(enum.Enum):
    """The three suits and the honours, by their notation letter."""

    CHARACTERS = "m"
    DOTS = "p"
    BAMBOO = "s"
    HONORS = "z"


class Wind(enum.Enum):
    """A seat wind or prevalent (round) wind."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @classmethod
    def from_code(cls, code: str) -> Wind:
        """``E``/``S``/``W``/``N`` (case-sensitive), as in the notation."""
        try:
            return cls(code)
        except ValueError:
            raise InputError.of("notation.bad-wind", code=code) from None

    # Members are singletons compared by identity: hash them by identity too (fast).
    __hash__ = object.__hash__

    @property
    def tile(self) -> Tile:
        """The wind tile of the same name."""
        return _WIND_TILES[self]


# Honour letters in index order: the four winds, then white, green, red dragons.
HONOR_LETTERS = "ESWNPFC"
_SUIT_OF_BLOCK = (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One of the 34 tile kinds, identified by ``index`` (0-33)."""

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 34:
            raise ValueError(f"tile index must be 0-33, not {self.index}")

    @property
    def suit(self) -> Suit:
        return Suit.HONORS if self.index >= 27 else _SUIT_OF_BLOCK[self.index // 9]

    @property
    def rank(self) -> int:
        """1-9 for suited tiles; 1-7 for honours (E S W N white green red)."""
        return self.index - 26 if self.index >= 27 else self.index % 9 + 1

    @property
    def is_suited(self) -> bool:
        return self.index < 27

    @property
    def is_honor(self) -> bool:
        return self.index >= 27

    @property
    def is_wind(self) -> bool:
        return 27 <= self.index <= 30

    @property
    def is_dragon(self) -> bool:
        return self.index >= 31

    @property
    def is_terminal(self) -> bool:
        """A suited 1 or 9."""
        return self.index < 27 and self.index % 9 in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        return self.index >= 27 or self.index % 9 in (0, 8)

    @property
    def code(self) -> str:
        """The one-tile code used in JSON: ``1m``-``9s`` or ``E S W N P F C``."""
        if self.index >= 27:
            return HONOR_LETTERS[self.index - 27]
        return f"{self.rank}{self.suit.value}"

    @classmethod
    def from_code(cls, code: str) -> Tile:
        """Parse a one-tile code (``5p``, ``E``); ``1z``-``7z`` are accepted too."""
        tile = _BY_CODE.get(code)
        if tile is None:
            raise InputError.of("notation.bad-tile-code", code=code)
        return tile

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile.from_code({self.code!r})"


def tile_index(tile: Tile) -> int:
    """Sort key for tiles (faster than comparing tiles)."""
    return tile.index


TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(34))
"""The 34 tiles, interned, in index order."""

_BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}
_WIND_TILES: dict[Wind, Tile] = {wind: _BY_CODE[wind.value] for wind in Wind}


def tiles_from_codes(codes: list[str] | tuple[str, ...]) -> tuple[Tile, ...] | int:
    """The tiles of one-tile codes, or the position of the first code that is not one.

    >>> tiles_from_codes(["5p", "E"])
    (Tile.from_code('5p'), Tile.from_code('E'))
    >>> tiles_from_codes(["5p", "x"])
    1
    """
    found = tuple(map(_BY_CODE.get, codes))
    if None in found:
        return found.index(None)
    return found  # type: ignore[return-value]


_BY_CODE.update({f"{i + 1}z": TILES[27 + i] for i in range(7)})
