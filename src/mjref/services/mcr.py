"""MCR use cases: judge a declared hand, read a hand written in notation, list the fans,
the scoring conventions and the disputed points.

Typed values in, typed values out (no JSON text: the JSON shapes are :mod:`mjref.wire.mcr`).

>>> hand = mcr_hand("[123s](7777p)EE45678s+9s", flowers=2, prevalent_wind=Wind.SOUTH)
>>> verdict = judge_mcr_hand(hand)
>>> verdict.total, verdict.is_valid_win
(21, True)
>>> judge_mcr_hand(hand, "mil", {"D1": "8"}).convention
'mil+D1=8'
"""

from __future__ import annotations

from collections.abc import Mapping

from mjref.errors import InputError
from mjref.mcr.conventions import (
    DEFAULT_CONVENTION,
    Convention,
    DisputedPoint,
    conventions,
    disputed_points,
    get_convention,
)
from mjref.mcr.fans import Fan
from mjref.mcr.hand import SCHEMA, McrHand
from mjref.mcr.regulation import DEFAULT_REGULATION
from mjref.mcr.verdict import Verdict
from mjref.schema import MAX_TILE_LIST
from mjref.tiles import Tile, Wind, parse_hand, parse_tiles

McrVerdict = Verdict
"""The MCR judge's verdict (:class:`mjref.mcr.verdict.Verdict`)."""

MCR_SCHEMA = SCHEMA
"""The facts of an MCR hand (:data:`mjref.mcr.hand.SCHEMA`)."""

__all__ = [
    "DEFAULT_CONVENTION",
    "DEFAULT_REGULATION",
    "MCR_SCHEMA",
    "Convention",
    "DisputedPoint",
    "Fan",
    "McrHand",
    "McrVerdict",
    "judge_mcr_hand",
    "list_conventions",
    "list_disputed_points",
    "list_fans",
    "mcr_convention",
    "mcr_hand",
]


def mcr_convention(name: str | Convention, readings: Mapping[str, str] | None = None) -> Convention:
    """A convention by id or alias, some disputed points read differently
    (``{"D6": "self-drawn"}``). Raises :class:`~mjref.errors.InputError` for an unknown name,
    point or reading."""
    convention = get_convention(name)
    return convention.with_choices(**readings) if readings else convention


def judge_mcr_hand(
    hand: McrHand,
    convention: str | Convention = DEFAULT_CONVENTION,
    readings: Mapping[str, str] | None = None,
    *,
    regulation: str = DEFAULT_REGULATION,
) -> McrVerdict:
    """Judge a declared hand under a convention (and readings of disputed points) and the
    regulation whose false-hu classes apply.

    The verdict says whether it is a valid win, its fans, the false-hu class; ``judged`` is
    false when the hand holds facts no real table can produce (nothing was judged).
    """
    from mjref.mcr.judging import judge  # here: a ruling that judges no hand never loads it

    return judge(hand, mcr_convention(convention, readings), regulation=regulation)


def mcr_hand(
    notation: str,
    *,
    self_drawn: bool = False,
    seat_wind: Wind = Wind.EAST,
    prevalent_wind: Wind = Wind.EAST,
    flowers: int = 0,
    last_tile: bool = False,
    kong_win: bool = False,
    wall_last: bool = False,
    winning_tile_shown: bool = True,
    visible: tuple[Tile, ...] | str = (),
) -> McrHand:
    """A declared hand from the compact notation and its facts (:data:`MCR_SCHEMA`);
    ``visible`` as tiles or in notation.

    Raises :class:`~mjref.errors.InputError` for bad notation or a count out of bounds.
    """
    SCHEMA["flowers"].check_count(flowers)
    if isinstance(visible, str):
        seen = parse_tiles(visible) if visible.strip() else ()
    else:
        seen = visible
    if len(seen) > MAX_TILE_LIST:
        raise InputError.of("hand.too-many-tiles", "visible", count=len(seen), limit=MAX_TILE_LIST)
    return McrHand(
        tiles=parse_hand(notation),
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
        winning_tile_shown=winning_tile_shown,
        visible=seen,
    )


def list_fans() -> tuple[Fan, ...]:
    """Every fan, by its Green Book number (the MIL-only fan last)."""
    return tuple(Fan)


def list_conventions() -> tuple[Convention, ...]:
    """Every named scoring convention."""
    return tuple(conventions().values())


def list_disputed_points() -> tuple[DisputedPoint, ...]:
    """The disputed points D1-D8, each with its readings."""
    return tuple(disputed_points().values())
