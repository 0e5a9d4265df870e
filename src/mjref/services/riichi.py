"""Riichi use cases: judge a declared win under an EMA ruleset, read a hand written in
notation, look the rulesets up.

Typed values in, typed values out (no JSON text: the JSON shapes are
:mod:`mjref.wire.riichi`); the rules live in :mod:`mjref.riichi`.

>>> hand = riichi_hand("[PPP]234m567p33s67s+8s", seat_wind=Wind.SOUTH)
>>> verdict = judge_riichi_hand(hand, "rcr")
>>> verdict.valid, verdict.han, verdict.fu, verdict.hand_points
(True, 1, 30, 1000)
"""

from __future__ import annotations

from mjref.errors import InputError
from mjref.riichi import DEFAULT_RULESET, RiichiHand, RiichiVerdict, riichi_rules
from mjref.riichi import RiichiRules as RiichiRuleset
from mjref.riichi import ruleset_ids as _ruleset_ids
from mjref.riichi.hand import SCHEMA, parse_red_fives
from mjref.schema import MAX_TILE_LIST
from mjref.tiles import Suit, Tile, Wind, parse_hand, parse_tiles

RIICHI_SCHEMA = SCHEMA
"""The facts of a riichi hand (:data:`mjref.riichi.hand.SCHEMA`)."""

__all__ = [
    "DEFAULT_RULESET",
    "RIICHI_SCHEMA",
    "RiichiHand",
    "RiichiRuleset",
    "RiichiVerdict",
    "judge_riichi_hand",
    "list_riichi_rulesets",
    "riichi_hand",
    "riichi_ruleset",
]


def riichi_ruleset(name: str) -> RiichiRuleset:
    """A riichi ruleset by id, alias or spec (any case); :class:`~mjref.errors.InputError`
    if the registry has none (or the entry is not a riichi ruleset)."""
    return riichi_rules(name)


def list_riichi_rulesets() -> tuple[RiichiRuleset, ...]:
    """Every riichi ruleset, by id."""
    return tuple(riichi_rules(name) for name in _ruleset_ids())


def judge_riichi_hand(
    hand: RiichiHand, ruleset: str | RiichiRuleset = DEFAULT_RULESET
) -> RiichiVerdict:
    """Judge one declared win under a ruleset (an id, an alias or the ruleset itself).

    ``verdict.is_input_error`` says the facts cannot be those of a real table (nothing
    was judged, no penalty named).
    """
    from mjref.riichi.judging import judge  # here: a ruling that judges no hand never loads it

    return judge(hand, ruleset)


def _tiles(value: tuple[Tile, ...] | str, name: str) -> tuple[Tile, ...]:
    if not isinstance(value, str):
        return value
    tiles = parse_tiles(value) if value.strip() else ()
    if len(tiles) > MAX_TILE_LIST:
        raise InputError.of("hand.too-many-tiles", name, count=len(tiles), limit=MAX_TILE_LIST)
    return tiles


def riichi_hand(
    notation: str,
    *,
    self_drawn: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat_wind: Wind = Wind.EAST,
    prevalent_wind: Wind = Wind.EAST,
    dora_indicators: tuple[Tile, ...] | str = (),
    ura_indicators: tuple[Tile, ...] | str = (),
    red_fives: tuple[Suit, ...] | str = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    furiten: bool = False,
    discards: tuple[Tile, ...] | str | None = None,
) -> RiichiHand:
    """A declared win from the compact notation and its facts (:data:`RIICHI_SCHEMA`);
    tile lists as tiles or in the same notation, ``red_fives`` as suits or suit letters.

    Raises :class:`~mjref.errors.InputError` for bad notation or a count out of bounds.
    """
    SCHEMA["honba"].check_count(honba)
    SCHEMA["riichi_sticks"].check_count(riichi_sticks)
    return RiichiHand(
        tiles=parse_hand(notation),
        self_drawn=self_drawn,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        dora_indicators=_tiles(dora_indicators, "dora_indicators"),
        ura_indicators=_tiles(ura_indicators, "ura_indicators"),
        red_fives=parse_red_fives(red_fives) if isinstance(red_fives, str) else red_fives,
        honba=honba,
        riichi_sticks=riichi_sticks,
        furiten=furiten,
        discards=None if discards is None else _tiles(discards, "discards"),
    )
