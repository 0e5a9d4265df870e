"""PyMahjongGB 1.4.0 as a test oracle: the Chinese/MIL reading of a declared hand.

Test-only (the package never imports PyMahjongGB). :func:`oracle_fans` feeds an
:class:`~mjref.mcr.hand.McrHand` to ``MahjongGB.MahjongFanCalculator`` and maps its answer
to :class:`~mjref.mcr.fans.Fan` members with their counts.

Facts about the binding (read from its source, ``MahjongGB/mahjong.cpp`` and
``mahjong-algorithm/fan_calculator.cpp`` of the PyMahjongGB 1.4.0 sdist):

- tile codes: ``W1``-``W9`` characters, ``B1``-``B9`` dots, ``T1``-``T9`` bamboo,
  ``F1``-``F4`` East South West North, ``J1`` red, ``J2`` green, ``J3`` white;
- packs: ``("CHI", middle tile, claimed tile 1-3)``, ``("PENG", tile, seat 1-3)``,
  ``("GANG", tile, seat 1-3)``; offer 0 means concealed (only meaningful for a kong);
- ``verbose=True`` answers ``(points per fan, count, Chinese name, English name)``;
- it checks the tile count (``ERROR_WRONG_TILES_COUNT``) but not that a tile appears at
  most four times; a hand that is not complete raises ``TypeError("ERROR_NOT_WIN")``;
- it corrects the win flags from the tiles: Last Tile is dropped when the concealed tiles
  hold another copy and forced when the declared melds hold three; a kong win is dropped
  when self-drawn without a kong, or on a discard when the hand holds another copy;
- Flower Tiles is reported with count = the number of flowers (only for a win).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import MahjongGB

from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.tiles import Meld, MeldKind, Tile, Wind

_SUIT_PREFIX = {"m": "W", "p": "B", "s": "T"}
_HONOR_CODE = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}

# PyMahjongGB's English names that differ from the Green Book titles of ``Fan``.
_ENGLISH_ALIASES = {
    "All Five": Fan.ALL_FIVES,
    "Two Dragons Pungs": Fan.TWO_DRAGON_PUNGS,
    "Robbing The Kong": Fan.ROBBING_THE_KONG,
}
# Its Chinese names that differ from ``Fan.chinese`` (the three waits carry a prefix).
_CHINESE_ALIASES = {
    "独听・边张": Fan.EDGE_WAIT,
    "独听・嵌张": Fan.CLOSED_WAIT,
    "独听・单钓": Fan.SINGLE_WAIT,
}
_BY_ENGLISH = {fan.title: fan for fan in Fan}
_BY_CHINESE = {fan.chinese: fan for fan in Fan}


class OracleNameError(LookupError):
    """PyMahjongGB answered with a fan name this adapter does not know (never guessed)."""


@dataclass(frozen=True, slots=True)
class OracleRow:
    """One line of PyMahjongGB's answer: the fan, its points in PyMahjongGB, its count."""

    fan: Fan
    points: int
    count: int


def tile_code(tile: Tile) -> str:
    """PyMahjongGB's code for a tile (``5m`` -> ``W5``, ``C`` -> ``J1``)."""
    if tile.is_honor:
        return _HONOR_CODE[tile.code]
    return f"{_SUIT_PREFIX[tile.suit.value]}{tile.rank}"


def pack_of(meld: Meld) -> tuple[str, str, int]:
    """PyMahjongGB's pack for a declared meld (``claimed`` defaults to 1 when unknown)."""
    offer = meld.claimed if meld.claimed is not None else 1
    if meld.kind is MeldKind.CHOW:
        return ("CHI", tile_code(meld.tiles[1]), offer)
    if meld.kind is MeldKind.PUNG:
        return ("PENG", tile_code(meld.first), offer)
    return ("GANG", tile_code(meld.first), 0 if meld.concealed else offer)


def _wind_number(wind: Wind) -> int:
    return list(Wind).index(wind)


def fan_of(english: str, chinese: str) -> Fan:
    """Map one of PyMahjongGB's fan names to ``Fan``; both names must agree."""
    by_english = _ENGLISH_ALIASES.get(english) or _BY_ENGLISH.get(english)
    by_chinese = _CHINESE_ALIASES.get(chinese) or _BY_CHINESE.get(chinese)
    if by_english is None or by_english is not by_chinese:
        raise OracleNameError(f"PyMahjongGB fan {english!r} / {chinese!r} has no known Fan")
    return by_english


def call_arguments(hand: McrHand) -> dict[str, object]:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for the hand."""
    winning = hand.winning_tile
    if winning is None:
        raise ValueError("the oracle needs a winning tile")
    return {
        "pack": tuple(pack_of(m) for m in hand.melds),
        "hand": tuple(tile_code(t) for t in hand.concealed),
        "winTile": tile_code(winning),
        "flowerCount": hand.flowers,
        "isSelfDrawn": hand.self_drawn,
        "is4thTile": hand.last_tile,
        "isAboutKong": hand.kong_win,
        "isWallLast": hand.wall_last,
        "seatWind": _wind_number(hand.seat_wind),
        "prevalentWind": _wind_number(hand.prevalent_wind),
    }


def oracle_rows(hand: McrHand) -> tuple[OracleRow, ...] | None:
    """PyMahjongGB's fans for the hand with its own points, or ``None`` if not a win.

    Any error other than ``ERROR_NOT_WIN`` (wrong tile count, bad input) is re-raised.
    """
    try:
        answer = MahjongGB.MahjongFanCalculator(**call_arguments(hand), verbose=True)
    except TypeError as error:
        if str(error) == "ERROR_NOT_WIN":
            return None
        raise
    return tuple(
        OracleRow(fan_of(english, chinese), points, count)
        for points, count, chinese, english in answer
    )


def oracle_fans(hand: McrHand) -> Counter[Fan] | None:
    """PyMahjongGB's fans for the hand with their counts, or ``None`` if not a win."""
    rows = oracle_rows(hand)
    if rows is None:
        return None
    fans: Counter[Fan] = Counter()
    for row in rows:
        fans[row.fan] += row.count
    return fans


def oracle_total(hand: McrHand) -> int | None:
    """PyMahjongGB's total (flowers included, its own fan values), or ``None``."""
    rows = oracle_rows(hand)
    return None if rows is None else sum(r.points * r.count for r in rows)
