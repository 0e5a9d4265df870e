"""Furiten: stated as a fact, or derived from the player's own discards.

A hand is furiten when a tile it waits on is among the player's own discards (RCR
3.4.5). Passing a winning discard (temporary furiten) or passing one after riichi cannot
be seen in the discards alone; those are given as the ``furiten`` fact. Furiten only
forbids a win on a discard.

>>> from mjref.riichi.hand import RiichiHand
>>> hand = RiichiHand.from_notation("123m456p789s11z23m+4m", discards="9p1m")
>>> [t.code for t in waits_in_discards(hand)]
['1m']
"""

from __future__ import annotations

from mjref.messages import Message
from mjref.riichi import _messages  # noqa: F401  (registers the wording)
from mjref.riichi.hand import RiichiHand
from mjref.riichi.library import waits
from mjref.riichi.ruleset import RiichiRules
from mjref.riichi.verdict import FindingKind, RiichiFinding
from mjref.tiles import Tile, format_tiles


def waits_in_discards(hand: RiichiHand) -> tuple[Tile, ...]:
    """The hand's waits that the player has discarded (empty when discards are unknown)."""
    if not hand.discards:
        return ()
    discarded = set(hand.discards)
    return tuple(t for t in waits(hand.tiles.concealed) if t in discarded)


def furiten_findings(
    hand: RiichiHand, ruleset: RiichiRules
) -> tuple[bool, tuple[RiichiFinding, ...]]:
    """Whether the hand is furiten, and the findings if it won on a discard all the same."""
    discarded_waits = waits_in_discards(hand)
    furiten = hand.furiten or bool(discarded_waits)
    if hand.self_drawn or not furiten:
        return furiten, ()
    clause = ruleset.cite("furiten")
    findings: list[RiichiFinding] = []
    if hand.furiten:
        findings.append(
            RiichiFinding(
                "furiten-ron",
                FindingKind.NOT_A_WIN,
                Message("riichi.finding.furiten-ron-stated"),
                clause,
            )
        )
    if discarded_waits:
        findings.append(
            RiichiFinding(
                "furiten-ron-discards",
                FindingKind.NOT_A_WIN,
                Message(
                    "riichi.finding.furiten-ron-discards", {"tiles": format_tiles(discarded_waits)}
                ),
                clause,
            )
        )
    return furiten, tuple(findings)
