"""Scoring one division of a hand into four sets and a pair.

The steps follow the Green Book's principles: fans of each set (Dragon Pung, Pung
of Terminals or Honors), of sets together (chows with chows, pungs with pungs,
with the non-repeat, non-separation, non-identical and account-once principles),
of the kongs and concealed pungs, of how the hand was won and of the pair, of the
sets' tiles (Outside Hand, All Fives, All Even Pungs), of the whole hand's tiles
(:mod:`mjref.mcr.traits`), Tile Hog and the wait; then the fans implied by others
are removed (:func:`mjref.mcr.exclusions.exclude_implied`) and the wind pungs are
scored.
"""

from __future__ import annotations

from operator import attrgetter

from mjref.mcr.context import HandContext
from mjref.mcr.exclusions import exclude_implied, score_wind_pungs
from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group, GroupKind
from mjref.mcr.relations import (
    is_dragon,
    is_wind,
    set_relation_fans,
    suit,
)
from mjref.mcr.tally import Tally
from mjref.mcr.waits import score_wait

_ORDER = attrgetter("order")


def score_division(ctx: HandContext, concealed_sets: tuple[Group, ...], pair: Group) -> Tally:
    """The fans of the hand read as its declared melds, ``concealed_sets`` and ``pair``."""
    tally = Tally()
    sets = ctx.fixed + concealed_sets
    chows = [g for g in sets if g.kind is GroupKind.CHOW]
    pungs = [g for g in sets if g.kind is not GroupKind.CHOW]

    ctx.add_win_flag_fans(tally)
    if pungs:
        _score_kongs_and_concealment(ctx, tally, concealed_sets, chows, pungs)
        if len(pungs) == 4 and not (Fan.FOUR_KONGS in tally or Fan.FOUR_CONCEALED_PUNGS in tally):
            tally.put(Fan.ALL_PUNGS, tuple(pungs))
        for pung in pungs:
            if pung.honour_pung:
                if is_dragon(pung.first):
                    tally.add(Fan.DRAGON_PUNG, (pung,))
                else:
                    tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (pung,))
            elif pung.terminal_pung:
                tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (pung,))

    chows.sort(key=_ORDER)
    pungs.sort(key=_ORDER)
    members = (*chows, *pungs, pair)
    chow_firsts = tuple(c.first for c in chows)
    pair_first = pair.first if len(chows) == 4 else -1
    for fan, positions in set_relation_fans(chow_firsts, tuple(p.first for p in pungs), pair_first):
        tally.add(fan, tuple(members[i] for i in positions))

    _score_concealment_of_hand(ctx, tally)
    _score_pair(tally, pair, chows, pungs)
    _score_set_tiles(tally, (*sets, pair))
    ctx.add_tile_set_fans(tally)
    if Fan.QUADRUPLE_CHOW not in tally:
        ctx.add_tile_hogs(tally)
    score_wait(ctx, tally, (*concealed_sets, pair), ctx.unique_wait)
    exclude_implied(tally)
    if Fan.BIG_FOUR_WINDS not in tally:
        score_wind_pungs(ctx, tally, [p for p in pungs if is_wind(p.first)])
    if not tally:
        tally.put(Fan.CHICKEN_HAND)
    return tally


def _score_kongs_and_concealment(
    ctx: HandContext,
    tally: Tally,
    concealed_sets: tuple[Group, ...],
    chows: list[Group],
    pungs: list[Group],
) -> None:
    """Kong fans and concealed-pung fans (Melded Kong … Four Kongs, Two … Four Concealed Pungs)."""
    concealed_pungs = [g for g in concealed_sets if g.kind is GroupKind.PUNG]
    if not ctx.self_drawn:
        # A pung completed by a discard is not concealed, unless the winning tile can be
        # read as part of a concealed chow instead.
        win = ctx.win
        in_concealed_chow = any(
            not c.declared and c.first <= win <= c.first + 2 and suit(c.first) == suit(win)
            for c in chows
        )
        if not in_concealed_chow:
            concealed_pungs = [g for g in concealed_pungs if g.first != win]
    melded = [g for g in pungs if g.kind is GroupKind.KONG and g.exposed]
    hidden = [g for g in pungs if g.kind is GroupKind.KONG and not g.exposed]
    kongs = melded + hidden
    conv = ctx.convention
    concealed_series = concealed_pungs + hidden  # sets scored as concealed pungs

    def concealed_pung_fan(count: int, groups: list[Group]) -> None:
        fan = {2: Fan.TWO_CONCEALED_PUNGS, 3: Fan.THREE_CONCEALED_PUNGS}.get(count)
        if count == 4:
            fan = Fan.FOUR_CONCEALED_PUNGS
        if fan is not None:
            tally.put(fan, tuple(groups))

    if len(kongs) == 0:
        concealed_pung_fan(len(concealed_pungs), concealed_pungs)
    elif len(kongs) == 1:
        tally.put(Fan.MELDED_KONG if melded else Fan.CONCEALED_KONG, tuple(kongs))
        concealed_pung_fan(len(concealed_series), concealed_series)
    elif len(kongs) == 2:
        if not hidden:
            tally.put(Fan.TWO_MELDED_KONGS, tuple(melded))
        elif len(hidden) == 2:
            tally.put(Fan.TWO_CONCEALED_KONGS, tuple(hidden))
            tally.notes.add("D1")
        else:
            tally.notes.add("D2")
            if conv.mixed_kongs == "concealed-and-melded-kong-5":
                tally.put(Fan.CONCEALED_KONG_AND_MELDED_KONG, tuple(kongs))
            elif conv.mixed_kongs == "two-melded-kongs-6":
                tally.put(Fan.TWO_MELDED_KONGS, tuple(kongs))
                tally.put(Fan.CONCEALED_KONG, tuple(hidden))
            else:
                tally.put(Fan.MELDED_KONG, tuple(melded))
                tally.put(Fan.CONCEALED_KONG, tuple(hidden))
        # Two Concealed Kongs already implies Two Concealed Pungs.
        if len(concealed_series) > 2 or len(hidden) < 2:
            concealed_pung_fan(len(concealed_series), concealed_series)
    else:
        tally.put(Fan.THREE_KONGS if len(kongs) == 3 else Fan.FOUR_KONGS, tuple(kongs))
        # One kong-series fan plus one concealed-pung-series fan: concealed kongs count
        # towards the concealed pungs (a lone concealed kong among three kongs does not).
        if len(hidden) >= 2 or (len(hidden) == 1 and concealed_pungs):
            concealed_pung_fan(len(concealed_series), concealed_series)
        if hidden:
            tally.notes.add("D7")
            if conv.kong_concealment_additive:
                if len(hidden) == 1:
                    tally.put(Fan.CONCEALED_KONG, tuple(hidden))
                else:
                    tally.put(Fan.TWO_CONCEALED_KONGS, tuple(hidden))
                    tally.drop(Fan.TWO_CONCEALED_PUNGS)


def _score_concealment_of_hand(ctx: HandContext, tally: Tally) -> None:
    """Concealed Hand / Fully Concealed Hand / Melded Hand / Self-Drawn."""
    if ctx.exposed_melds == 0:
        tally.put(Fan.FULLY_CONCEALED_HAND if ctx.self_drawn else Fan.CONCEALED_HAND)
    elif ctx.exposed_melds == 4:
        tally.put(Fan.SELF_DRAWN if ctx.self_drawn else Fan.MELDED_HAND)
    elif ctx.self_drawn:
        tally.put(Fan.SELF_DRAWN)


def _score_pair(tally: Tally, pair: Group, chows: list[Group], pungs: list[Group]) -> None:
    """All Chows; a dragon or wind pair turns Two Dragon Pungs / Big Three Winds into Little."""
    if len(chows) == 4:
        if pair.first < 27:
            tally.put(Fan.ALL_CHOWS)
        return
    if Fan.TWO_DRAGON_PUNGS in tally:
        if is_dragon(pair.first):
            dragons = tuple(p for p in pungs if is_dragon(p.first))
            tally.drop(Fan.TWO_DRAGON_PUNGS)
            tally.put(Fan.LITTLE_THREE_DRAGONS, (*dragons, pair))
        return
    if Fan.BIG_THREE_WINDS in tally and is_wind(pair.first):
        winds = tuple(p for p in pungs if is_wind(p.first))
        tally.drop(Fan.BIG_THREE_WINDS)
        tally.put(Fan.LITTLE_FOUR_WINDS, (*winds, pair))


def _score_set_tiles(tally: Tally, groups: tuple[Group, ...]) -> None:
    """Outside Hand, All Fives, All Even Pungs: every set and the pair share a feature."""
    if all(g.outside for g in groups):
        tally.put(Fan.OUTSIDE_HAND)
    elif all(g.five for g in groups):
        tally.put(Fan.ALL_FIVES)
    elif all(g.even for g in groups):
        tally.put(Fan.ALL_EVEN_PUNGS)
