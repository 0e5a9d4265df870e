"""The ``mahjong`` package as the judge uses it: the hand in its encoding, options per ruleset.

This module is the only one that speaks the package's language (tiles as 136-format
integers, a fresh :class:`~mahjong.hand_calculating.hand_config.HandConfig` per call since
the package writes into it). :func:`estimate` is "the bare library" the tests and the
benchmark compare against: the package with the ruleset's options and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator, ScoresResult
from mahjong.meld import Meld as LibraryMeld

from mjref.riichi.hand import RiichiHand
from mjref.riichi.ruleset import RiichiRules
from mjref.rules import Kazoe, Renhou
from mjref.tiles import TILES, Meld, MeldKind, Suit, Tile, Wind

# The package numbers the 34 tiles exactly as mjref does (characters, dots, bamboo,
# E S W N, white green red); a 136-format tile is index * 4 + copy, and copy 0 of each
# five is that suit's red five.
_FIVE_INDEX = {Suit.CHARACTERS: 4, Suit.DOTS: 13, Suit.BAMBOO: 22}
_PLAIN_COPIES = (1, 2, 3, 0)
_WIND_INDEX = {w: w.tile.index for w in Wind}
_RED_FIRST = (0, 1, 2, 3)


def options_for(ruleset: RiichiRules) -> OptionalRules:
    """The package's options that express ``ruleset`` directly (no corrections)."""
    settings = ruleset.settings
    return OptionalRules(
        has_open_tanyao=settings.open_tanyao,
        has_aka_dora=settings.red_fives,
        has_double_yakuman=False,
        kazoe_limit=(
            HandConstants.KAZOE_SANBAIMAN
            if settings.kazoe is Kazoe.SANBAIMAN
            else HandConstants.KAZOE_LIMITED
        ),
        kiriage=settings.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=settings.renhou is Renhou.YAKUMAN,
    )


@dataclass(frozen=True, slots=True)
class LibraryInput:
    """A hand in the package's encoding (everything :func:`estimate` passes on)."""

    tiles: tuple[int, ...]
    win_tile: int
    melds: tuple[tuple[str, tuple[int, ...], bool], ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]


def encode(hand: RiichiHand) -> LibraryInput:
    """Encode ``hand`` (which must have a winning tile and at most four copies per tile)."""
    if hand.tiles.winning_tile is None:
        raise ValueError("encode() needs a hand with a winning tile")
    red = {_FIVE_INDEX[s] for s in hand.red_fives}
    used = [0] * 34
    all_tiles: list[int] = []
    melds: list[tuple[str, tuple[int, ...], bool]] = []
    groups: list[tuple[tuple[Tile, ...], Meld | None]] = [(m.tiles, m) for m in hand.tiles.melds]
    groups.append((hand.tiles.concealed, None))
    groups.append(((hand.tiles.winning_tile,), None))
    for tiles, meld in groups:
        ids: list[int] = []
        for tile in tiles:
            index = tile.index
            order = _RED_FIRST if index in red else _PLAIN_COPIES
            ids.append(index * 4 + order[used[index]])
            used[index] += 1
        all_tiles.extend(ids)
        if meld is not None:
            melds.append((_meld_type(meld), tuple(ids), not meld.concealed))
    win = all_tiles[-1]
    return LibraryInput(
        tiles=tuple(all_tiles),
        win_tile=win,
        melds=tuple(melds),
        dora=_indicators(hand.dora_indicators),
        ura=_indicators(hand.ura_indicators),
    )


def _meld_type(meld: Meld) -> str:
    if meld.kind is MeldKind.CHOW:
        return LibraryMeld.CHI
    if meld.kind is MeldKind.PUNG:
        return LibraryMeld.PON
    return LibraryMeld.KAN


def _indicators(tiles: Iterable[Tile]) -> tuple[int, ...]:
    # Indicators only matter as tile kinds; copy 3 keeps them clear of red fives.
    return tuple(t.index * 4 + 3 for t in tiles)


def config_for(
    hand: RiichiHand, ruleset: RiichiRules, *, renhou: bool | None = None, honba: int | None = None
) -> HandConfig:
    """A fresh package configuration for ``hand`` (``renhou``/``honba`` override the facts)."""
    return HandConfig(
        is_tsumo=hand.self_drawn,
        is_riichi=hand.riichi and not hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=hand.rinshan,
        is_chankan=hand.chankan,
        is_haitei=hand.haitei,
        is_houtei=hand.houtei,
        is_daburu_riichi=hand.double_riichi,
        is_tenhou=hand.tenhou,
        is_renhou=hand.renhou if renhou is None else renhou,
        is_chiihou=hand.chiihou,
        player_wind=_WIND_INDEX[hand.seat_wind],
        round_wind=_WIND_INDEX[hand.prevalent_wind],
        kyoutaku_number=hand.riichi_sticks,
        tsumi_number=hand.honba if honba is None else honba,
        options=options_for(ruleset),
    )


def estimate(
    hand: RiichiHand,
    ruleset: RiichiRules,
    *,
    encoded: LibraryInput | None = None,
    renhou: bool | None = None,
) -> HandResponse:
    """The bare package's answer for ``hand`` under ``ruleset``'s options."""
    data = encoded or encode(hand)
    melds = [LibraryMeld(meld_type=t, tiles=ids, opened=opened) for t, ids, opened in data.melds]
    return HandCalculator.estimate_hand_value(
        list(data.tiles),
        data.win_tile,
        melds=melds,
        dora_indicators=list(data.dora),
        ura_dora_indicators=list(data.ura),
        config=config_for(hand, ruleset, renhou=renhou),
    )


def scores(
    hand: RiichiHand, ruleset: RiichiRules, han: int, fu: int, *, yakuman: bool
) -> ScoresResult:
    """The package's payment table for ``han``/``fu`` (with counters and riichi sticks)."""
    config = _payment_config(
        ruleset, hand.self_drawn, _WIND_INDEX[hand.seat_wind], hand.honba, hand.riichi_sticks
    )
    return ScoresCalculator.calculate_scores(han, fu, config, yakuman)


@lru_cache(maxsize=1024)
def _payment_config(
    ruleset: RiichiRules, self_drawn: bool, seat: int, honba: int, sticks: int
) -> HandConfig:
    # Only ever read (by ScoresCalculator), never passed to the hand calculator, which
    # writes into its config: sharing it between calls is safe.
    return HandConfig(
        is_tsumo=self_drawn,
        player_wind=seat,
        tsumi_number=honba,
        kyoutaku_number=sticks,
        options=options_for(ruleset),
    )


def waits(concealed: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles that would complete a hand whose concealed part is ``concealed``.

    Declared sets are complete already, so only the concealed tiles matter; a kind the
    hand holds four of cannot be waited on.
    """
    counts = [0] * 34
    for tile in concealed:
        counts[tile.index] += 1
    found: list[Tile] = []
    for index in range(34):
        if counts[index] == 4:
            continue
        counts[index] += 1
        if Agari.is_agari(counts):
            found.append(TILES[index])
        counts[index] -= 1
    return tuple(found)
