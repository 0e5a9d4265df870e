"""Helpers for the riichi tests."""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld as LibraryMeld

from mjref.riichi import RiichiHand
from mjref.riichi.library import encode
from mjref.tiles import Wind


def hand(text: str, **facts: object) -> RiichiHand:
    """``RiichiHand.from_notation`` with winds as letters and a non-dealer seat by default."""
    for key in ("seat_wind", "prevalent_wind"):
        if isinstance(facts.get(key), str):
            facts[key] = Wind(facts[key])
    facts.setdefault("seat_wind", Wind.SOUTH)
    return RiichiHand.from_notation(text, **facts)  # type: ignore[arg-type]


def library_defaults(declared: RiichiHand) -> HandResponse:
    """The mahjong package with its own default options (no ruleset at all)."""
    data = encode(declared)
    melds = [LibraryMeld(meld_type=t, tiles=ids, opened=o) for t, ids, o in data.melds]
    config = HandConfig(
        is_tsumo=declared.self_drawn,
        is_riichi=declared.riichi,
        is_renhou=declared.renhou,
        player_wind=declared.seat_wind.tile.index,
        round_wind=declared.prevalent_wind.tile.index,
        options=OptionalRules(),
    )
    return HandCalculator.estimate_hand_value(
        list(data.tiles), data.win_tile, melds=melds, dora_indicators=list(data.dora), config=config
    )
