"""The special winning shapes and how each is scored.

Seven Pairs and Seven Shifted Pairs, Thirteen Orphans, Greater and Lesser Honors
and Knitted Tiles (with or without a whole knitted straight), a Knitted Straight
with one more set and a pair, and Nine Gates. Each function returns the tally and
the groups of its division, or ``None`` when the hand does not have that shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from mjref.mcr.context import HandContext
from mjref.mcr.divide import regular_divisions
from mjref.mcr.exclusions import exclude_implied, score_wind_pungs
from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group, GroupKind, concealed_group
from mjref.mcr.relations import is_dragon, is_terminal, is_wind, rank, suit
from mjref.mcr.tally import Tally
from mjref.mcr.waits import is_unique_wait, score_wait
from mjref.tiles import TILES


@dataclass(frozen=True, slots=True)
class Scored:
    """One division of a hand and its fans."""

    shape: str
    groups: tuple[Group, ...]
    tally: Tally


def _knitted_patterns() -> tuple[frozenset[int], ...]:
    patterns = []
    for suits in permutations((0, 1, 2)):
        tiles = {
            9 * s + start + 3 * k
            for s, start in zip(suits, (0, 1, 2), strict=True)
            for k in range(3)
        }
        patterns.append(frozenset(tiles))
    return tuple(patterns)


KNITTED_PATTERNS = _knitted_patterns()
"""The six knitted straights: 147, 258 and 369 in the three suits, in each arrangement."""
_KNITTED_MASKS = tuple((p, sum(1 << i for i in p)) for p in KNITTED_PATTERNS)

ORPHANS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ORPHANS_MASK = sum(1 << i for i in ORPHANS)
_SUITED_MASK = (1 << 27) - 1


def _singles(indices: list[int]) -> Group:
    tiles = tuple(TILES[i] for i in sorted(indices))
    return concealed_group(GroupKind.SINGLES, min(indices), tiles)


def _knitted(indices: frozenset[int]) -> Group:
    tiles = tuple(TILES[i] for i in sorted(indices))
    return concealed_group(GroupKind.KNITTED, min(indices), tiles)


def _self_drawn_special(ctx: HandContext, tally: Tally) -> None:
    """Disputed point D6: a self-drawn hand that must be concealed."""
    if not ctx.self_drawn:
        return
    tally.notes.add("D6")
    if ctx.convention.special_hand_self_drawn_fully_concealed:
        tally.drop(Fan.SELF_DRAWN)
        tally.put(Fan.FULLY_CONCEALED_HAND)


def seven_pairs(ctx: HandContext) -> Scored | None:
    """Seven Pairs or Seven Shifted Pairs (a tile held four times counts as two pairs)."""
    counts = ctx.standing
    if ctx.standing_mask.bit_count() > 7 or any(c & 1 for c in counts):
        return None
    pairs = tuple(
        concealed_group(GroupKind.PAIR, i) for i, c in enumerate(counts) for _ in range(c // 2)
    )
    tally = Tally()
    win_suit = suit(ctx.win)
    held = [i for i, c in enumerate(counts) if c]
    if (
        win_suit < 3
        and len(held) == 7
        and all(counts[i] == 2 and suit(i) == win_suit for i in held)
        and held[-1] - held[0] == 6
    ):
        tally.put(Fan.SEVEN_SHIFTED_PAIRS, pairs)
        if rank(held[0]) > 1 and rank(held[-1]) < 9:
            tally.put(Fan.ALL_SIMPLES)
        ctx.add_win_flag_fans(tally)
        _self_drawn_special(ctx, tally)
        return Scored("seven-shifted-pairs", pairs, tally)
    tally.put(Fan.SEVEN_PAIRS, pairs)
    ctx.add_tile_set_fans(tally)
    ctx.add_tile_hogs(tally)
    ctx.add_win_flag_fans(tally)
    _self_drawn_special(ctx, tally)
    exclude_implied(tally)
    if Fan.TILE_HOG in tally and (Fan.ALL_TERMINALS in tally or Fan.ALL_GREEN in tally):
        tally.notes.add("D4")
        if not ctx.convention.tile_hog_in_seven_pairs_terminals_or_green:
            tally.drop(Fan.TILE_HOG)
    return Scored("seven-pairs", pairs, tally)


def honors_and_knitted(ctx: HandContext) -> Scored | None:
    """Greater or Lesser Honors and Knitted Tiles: fourteen different tiles."""
    if ctx.standing_mask.bit_count() != 14:
        return None
    suited_mask = ctx.standing_mask & _SUITED_MASK
    if not 7 <= suited_mask.bit_count() <= 9 or not any(
        suited_mask & ~mask == 0 for _, mask in _KNITTED_MASKS
    ):
        return None
    held = [i for i, c in enumerate(ctx.standing) if c]
    suited = frozenset(i for i in held if i < 27)
    everything = (_singles(held),)
    tally = Tally()
    if len(suited) == 7:
        tally.put(Fan.GREATER_HONORS_AND_KNITTED_TILES, everything)
    else:
        tally.put(Fan.LESSER_HONORS_AND_KNITTED_TILES, everything)
        if len(suited) == 9:
            tally.put(Fan.KNITTED_STRAIGHT, (_knitted(suited),))
    ctx.add_win_flag_fans(tally)
    _self_drawn_special(ctx, tally)
    return Scored("honors-and-knitted", everything, tally)


def thirteen_orphans(ctx: HandContext) -> Scored | None:
    """One of each terminal and honour, and a second of one of them."""
    if ctx.standing_mask != _ORPHANS_MASK:
        return None
    everything = (_singles([i for i, c in enumerate(ctx.standing) for _ in range(c)]),)
    tally = Tally()
    tally.put(Fan.THIRTEEN_ORPHANS, everything)
    ctx.add_win_flag_fans(tally)
    _self_drawn_special(ctx, tally)
    return Scored("thirteen-orphans", everything, tally)


def knitted_straight(ctx: HandContext) -> Scored | None:
    """A knitted straight with one more set (concealed, or the one declared meld) and a pair."""
    standing = ctx.standing
    body = next((p for p, mask in _KNITTED_MASKS if ctx.standing_mask & mask == mask), None)
    if body is None or not any(c >= 2 for c in standing):
        return None
    rest = list(standing)
    for i in body:
        rest[i] -= 1
    divisions = regular_divisions(rest)
    if len(divisions) != 1:
        return None
    sets, pair = divisions[0]
    if ctx.fixed:
        (other,) = ctx.fixed
    else:
        (other,) = sets
    knitted = _knitted(body)
    tally = Tally()
    tally.put(Fan.KNITTED_STRAIGHT, (knitted,))
    if other.kind is GroupKind.CHOW:
        if pair.first < 27:
            tally.put(Fan.ALL_CHOWS)
        if ctx.totals[pair.first] == 4:
            tally.put(Fan.TILE_HOG, (pair,))
    elif other.first >= 27:
        if is_wind(other.first):
            tally.put(Fan.PUNG_OF_TERMINALS_OR_HONORS, (other,))
            score_wind_pungs(ctx, tally, [other])
            if is_dragon(pair.first):
                tally.put(Fan.ALL_TYPES)
        else:
            tally.put(Fan.DRAGON_PUNG, (other,))
            if is_wind(pair.first):
                tally.put(Fan.ALL_TYPES)
    else:
        if is_terminal(other.first):
            tally.put(Fan.PUNG_OF_TERMINALS_OR_HONORS, (other,))
        if pair.first < 27:
            tally.put(Fan.NO_HONORS)
        if other.kind is not GroupKind.KONG and ctx.totals[other.first] == 4:
            tally.put(Fan.TILE_HOG, (other,))
    ctx.add_win_flag_fans(tally)
    if other.exposed and other.declared:
        if other.kind is GroupKind.KONG:
            tally.put(Fan.MELDED_KONG, (other,))
    else:
        if other.kind is GroupKind.KONG:
            tally.put(Fan.CONCEALED_KONG, (other,))
        if ctx.self_drawn:
            tally.put(Fan.FULLY_CONCEALED_HAND)
            tally.drop(Fan.SELF_DRAWN)
        else:
            tally.put(Fan.CONCEALED_HAND)
    _score_knitted_wait(ctx, tally, body, rest, other, pair)
    exclude_implied(tally)
    return Scored("knitted-straight", (knitted, other, pair), tally)


def _score_knitted_wait(
    ctx: HandContext, tally: Tally, body: frozenset[int], rest: list[int], other: Group, pair: Group
) -> None:
    """Wait fans of a knitted-straight hand (D3: a tile that completes the knitted straight)."""
    win = ctx.win
    in_body = win in body
    also_outside = rest[win] >= 1
    counted = ctx.convention.knitted_straight_waits_counted
    if in_body and also_outside:
        tally.notes.add("D3")
    if in_body and not (counted and also_outside):
        # The winning tile completes the knitted straight: under D3 "not-counted" no wait
        # fan; under "counted" neither, unless the tile also completes the set or pair.
        return
    if ctx.fixed:
        # With a declared meld the tile outside the knitted straight can only pair up.
        tally.put(Fan.SINGLE_WAIT, (pair,))
        return
    before = list(rest)
    before[win] -= 1
    score_wait(ctx, tally, (other, pair), lambda: is_unique_wait(ctx, before, seven_pairs=False))


def nine_gates(ctx: HandContext) -> Scored | None:
    """1112345678999 of one suit, and any tile of that suit."""
    win = ctx.win
    if win >= 27 or ctx.fixed:
        return None
    base = win - rank(win) + 1
    if ctx.standing_mask != 0b111111111 << base:
        return None
    counts = ctx.standing
    expected = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    expected[rank(win) - 1] += 1
    if [counts[base + k] for k in range(9)] != expected:
        return None
    r = rank(win)
    everything = (_singles([i for i, c in enumerate(counts) for _ in range(c)]),)
    tally = Tally()
    tally.put(Fan.NINE_GATES, everything)

    def chow(start: int) -> Group:
        return concealed_group(GroupKind.CHOW, base + start - 1)

    def pung(of: int) -> Group:
        return concealed_group(GroupKind.PUNG, base + of - 1)

    if r in (1, 9):
        tally.put(Fan.PURE_STRAIGHT, (chow(1), chow(4), chow(7)))
        tally.put(
            Fan.TILE_HOG,
            (concealed_group(GroupKind.SINGLES, win, (TILES[win],) * 4),),
        )
    elif r in (2, 5, 8):
        tally.put(Fan.TWO_CONCEALED_PUNGS, (pung(1), pung(9)))
        if r != 5:
            tally.put(Fan.SHORT_STRAIGHT, (chow(3), chow(6)) if r == 2 else (chow(2), chow(5)))
        tally.notes.add("D5")
        if ctx.convention.nine_gates_terminal_pung:
            tally.put(Fan.PUNG_OF_TERMINALS_OR_HONORS, (pung(9),))
    else:
        shorts = {
            3: (chow(3), chow(6)),
            4: (chow(4), chow(7)),
            6: (chow(1), chow(4)),
            7: (chow(2), chow(5)),
        }
        tally.put(Fan.SHORT_STRAIGHT, shorts[r])
    ctx.add_win_flag_fans(tally)
    return Scored("nine-gates", everything, tally)
