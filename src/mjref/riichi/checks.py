"""Checks of a declared win's facts before it is scored; every problem found is reported.

Findings of kind :attr:`~mjref.riichi.verdict.FindingKind.INPUT` mean the facts cannot be
those of a real table (a fifth copy of a tile, ippatsu without riichi, haitei on a
discard, red fives where none are used ...). A wrong number of tiles and riichi with an
open hand can happen at a table: they make the hand dead.
"""

from __future__ import annotations

from collections.abc import Iterator

from mjref.messages import Message
from mjref.riichi import _messages  # noqa: F401  (registers the wording)
from mjref.riichi.hand import SCHEMA, RiichiHand
from mjref.riichi.ruleset import RiichiRules
from mjref.riichi.verdict import FindingKind, RiichiFinding
from mjref.tiles import MeldKind, Suit, format_meld

MAX_DORA_INDICATORS = 5


def _input(code: str, key: str | None = None, **params: object) -> RiichiFinding:
    return RiichiFinding(code, FindingKind.INPUT, Message(f"riichi.finding.{key or code}", params))


def check_facts(hand: RiichiHand, ruleset: RiichiRules) -> tuple[RiichiFinding, ...]:
    """Every finding about the facts of ``hand`` (tiles, flags, indicators) under ``ruleset``."""
    held = [0] * 34
    for meld in hand.tiles.melds:
        for tile in meld.tiles:
            held[tile.index] += 1
    for tile in hand.tiles.concealed:
        held[tile.index] += 1
    if hand.tiles.winning_tile is not None:
        held[hand.tiles.winning_tile.index] += 1
    return (
        *_tile_findings(hand, ruleset, held),
        *_flag_findings(hand),
        *_indicator_findings(hand),
        *_red_five_findings(hand, ruleset, held),
    )


def tile_count(hand: RiichiHand) -> int:
    """Tiles before the winning tile, a kong counting as three."""
    return len(hand.tiles.concealed) + 3 * len(hand.tiles.melds)


def _tile_findings(
    hand: RiichiHand, ruleset: RiichiRules, held: list[int]
) -> Iterator[RiichiFinding]:
    tiles = hand.tiles
    if tiles.winning_tile is None:
        yield _input("no-winning-tile")
    seen = list(held)
    shown = (*hand.dora_indicators, *hand.ura_indicators, *(hand.discards or ()))
    for tile in shown:
        seen[tile.index] += 1
    if max(seen) > 4:
        reported: set[int] = set()
        everything = (
            *(t for m in tiles.melds for t in m.tiles),
            *tiles.concealed,
            *((tiles.winning_tile,) if tiles.winning_tile else ()),
            *shown,
        )
        for tile in everything:
            if seen[tile.index] > 4 and tile.index not in reported:
                reported.add(tile.index)
                yield _input("fifth-copy", tile=tile.code, count=seen[tile.index])
    for field in ("honba", "riichi_sticks"):
        value = getattr(hand, field)
        if value < 0:
            yield _input("negative", field=field, value=value)
        elif value > (high := SCHEMA[field].high or 0):
            yield _input("above-limit", field=field, value=value, limit=high)
    count = tile_count(hand)
    if count != 13:
        yield RiichiFinding(
            "tile-count",
            FindingKind.DEAD_HAND,
            Message("riichi.finding.tile-count", {"count": count}),
            ruleset.cite("dead-hand"),
        )


_SITUATIONS = (
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)


def _flag_findings(hand: RiichiHand) -> Iterator[RiichiFinding]:
    if not any(getattr(hand, flag) for flag in _SITUATIONS):
        return
    tiles = hand.tiles
    if hand.ippatsu and not hand.riichi_declared:
        yield _input("ippatsu-without-riichi")
    for flag, needs_tsumo in (
        ("rinshan", True),
        ("haitei", True),
        ("tenhou", True),
        ("chiihou", True),
        ("chankan", False),
        ("houtei", False),
        ("renhou", False),
    ):
        if getattr(hand, flag) and hand.self_drawn is not needs_tsumo:
            key = "needs-tsumo" if needs_tsumo else "needs-ron"
            yield _input(f"{flag}-{'ron' if needs_tsumo else 'tsumo'}", key, flag=flag)
    for first, second in (("haitei", "rinshan"), ("houtei", "chankan")):
        if getattr(hand, first) and getattr(hand, second):
            yield _input(f"{first}-with-{second}", "exclusive-flags", first=first, second=second)
    if hand.rinshan and not any(m.kind is MeldKind.KONG for m in tiles.melds):
        yield _input("rinshan-without-kong")
    if hand.chankan and tiles.winning_tile is not None:
        held = [*tiles.concealed, *(t for m in tiles.melds for t in m.tiles)]
        if tiles.winning_tile in held:
            yield _input("chankan-tile-in-hand", tile=tiles.winning_tile.code)
    first_turn = [f for f in ("tenhou", "chiihou", "renhou") if getattr(hand, f)]
    for i, first in enumerate(first_turn):
        for second in first_turn[i + 1 :]:
            yield _input(f"{first}-with-{second}", "exclusive-flags", first=first, second=second)
    for flag in first_turn:
        if flag == "tenhou" and not hand.is_dealer:
            yield _input("tenhou-non-dealer", "dealer-only", flag=flag)
        if flag != "tenhou" and hand.is_dealer:
            yield _input(f"{flag}-dealer", "non-dealer-only", flag=flag)
        if tiles.melds:
            yield _input(f"{flag}-with-meld", "first-turn-with-meld", flag=flag)
        others = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")
        for other in others:
            if getattr(hand, other):
                yield _input(f"{flag}-with-{other}", "exclusive-flags", first=flag, second=other)


def _indicator_findings(hand: RiichiHand) -> Iterator[RiichiFinding]:
    if len(hand.dora_indicators) > MAX_DORA_INDICATORS:
        yield _input("too-many-dora-indicators", count=len(hand.dora_indicators))
    if hand.ura_indicators and not hand.riichi_declared:
        yield _input("ura-without-riichi")
    if len(hand.ura_indicators) > len(hand.dora_indicators):
        yield _input(
            "too-many-ura-indicators",
            ura=len(hand.ura_indicators),
            dora=len(hand.dora_indicators),
        )


_FIVES = ((Suit.CHARACTERS, 4), (Suit.DOTS, 13), (Suit.BAMBOO, 22))


def _red_five_findings(
    hand: RiichiHand, ruleset: RiichiRules, held: list[int]
) -> Iterator[RiichiFinding]:
    if not ruleset.settings.red_fives:
        if hand.red_fives:
            yield _input("red-fives-not-used", ruleset=ruleset.id)
        return
    fives = {suit: held[index] for suit, index in _FIVES}
    listed: set[Suit] = set()
    for suit in hand.red_fives:
        if suit in listed:
            yield _input("red-five-twice", suit=suit.value)
        listed.add(suit)
        if fives[suit] == 0:
            yield _input("red-five-not-in-hand", suit=suit.value)
    for suit, _ in _FIVES:
        if fives[suit] == 4 and suit not in listed:
            yield _input("red-five-unlisted", suit=suit.value)


def riichi_open_hand(hand: RiichiHand, ruleset: RiichiRules) -> RiichiFinding | None:
    """RCR 5.3: riichi declared while the hand has an open set makes the hand dead."""
    if not (hand.riichi_declared and hand.is_open):
        return None
    melds = "".join(format_meld(m) for m in hand.tiles.melds if not m.concealed)
    return RiichiFinding(
        "riichi-open-hand",
        FindingKind.DEAD_HAND,
        Message("riichi.finding.riichi-open-hand", {"melds": melds}),
        ruleset.cite("riichi-open-hand"),
    )
