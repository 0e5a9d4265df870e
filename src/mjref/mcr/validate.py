"""Checking a declared hand before it is scored, and what its tiles imply.

:func:`impossible_input` lists every fact no real table can produce (the hand is then
not judged); :func:`check_tiles` every reason the hand is not a complete declared hand
(all of them, not just the first). :func:`effective_flags` compares the declared win
flags with the tiles: a flag the tiles contradict is reported and not applied, a
fact the tiles imply (the other three copies of the winning tile visible) is
applied and reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from mjref.mcr import _messages  # noqa: F401  (registers the wording)
from mjref.mcr.hand import MAX_FLOWERS, McrHand
from mjref.mcr.verdict import McrFinding, Severity
from mjref.messages import Message
from mjref.tiles import TILES, MeldKind


def _finding(code: str, severity: Severity, **params: object) -> McrFinding:
    return McrFinding(code, Message(f"mcr.finding.{code}", params), severity)


class TileCounts(NamedTuple):
    """Counts per tile index, and a bit per tile kind present."""

    standing: list[int]
    """The concealed tiles with the winning tile."""
    totals: list[int]
    """Every tile of the hand, melds too (a kong counting four)."""
    standing_mask: int
    mask: int


def tile_counts(hand: McrHand) -> TileCounts:
    """The hand's :class:`TileCounts`."""
    standing = [0] * 34
    standing_mask = 0
    for tile in hand.concealed:
        standing[tile.index] += 1
        standing_mask |= 1 << tile.index
    win = hand.winning_tile
    if win is not None:
        standing[win.index] += 1
        standing_mask |= 1 << win.index
    totals = list(standing)
    mask = standing_mask
    for meld in hand.melds:
        for tile in meld.tiles:
            totals[tile.index] += 1
            mask |= 1 << tile.index
    return TileCounts(standing, totals, standing_mask, mask)


def impossible_input(hand: McrHand, counts: list[int]) -> list[McrFinding]:
    """Every fact that no real table can produce: no winning tile, a fifth copy of a tile
    (in the hand, or with the tiles given as visible), flowers out of 0-8.

    Such a hand is not judged at all (a typo must never become a penalty). ``counts`` are
    the hand's :func:`tile_counts` totals.
    """
    found: list[McrFinding] = []
    if hand.winning_tile is None:
        found.append(_finding("no-winning-tile", Severity.ERROR))
    if max(counts) > 4:
        for index, count in enumerate(counts):
            if count > 4:
                code = TILES[index].code
                found.append(_finding("fifth-copy", Severity.ERROR, tile=code, count=count))
    if hand.visible:
        seen = list(counts)
        for tile in hand.visible:
            seen[tile.index] += 1
        for index, count in enumerate(seen):
            if count > 4 and counts[index] <= 4:
                code = TILES[index].code
                found.append(_finding("visible-fifth-copy", Severity.ERROR, tile=code, count=count))
    if not 0 <= hand.flowers <= MAX_FLOWERS:
        found.append(_finding("flowers-out-of-range", Severity.ERROR, flowers=hand.flowers))
    return found


def check_tiles(hand: McrHand) -> list[McrFinding]:
    """Every reason the hand is not a complete declared hand: too many melds, a wrong
    number of tiles. Such a hand is judged invalid (a false hu)."""
    found: list[McrFinding] = []
    expected = 13 - 3 * len(hand.melds)
    if len(hand.melds) > 4:
        found.append(_finding("too-many-melds", Severity.ERROR, melds=len(hand.melds)))
    elif len(hand.concealed) != expected:
        found.append(
            _finding(
                "tile-count",
                Severity.ERROR,
                concealed=len(hand.concealed),
                expected=expected,
                melds=len(hand.melds),
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class Flags:
    """The win flags that apply after checking them against the tiles."""

    last_tile: bool
    kong_win: bool
    wall_last: bool


def effective_flags(
    hand: McrHand, in_concealed: int, in_melds: int
) -> tuple[Flags, list[McrFinding]]:
    """The flags to apply, and a finding for each flag not applied or inferred.

    ``in_concealed`` and ``in_melds`` count the other copies of the winning tile in the
    concealed tiles and in the declared melds.
    """
    assert hand.winning_tile is not None
    win = hand.winning_tile
    found: list[McrFinding] = []
    visible = hand.visible.count(win) if hand.visible else 0
    last_tile, kong_win, wall_last = hand.last_tile, hand.kong_win, hand.wall_last

    if hand.kong_win and hand.self_drawn:
        if not any(m.kind is MeldKind.KONG for m in hand.melds):
            found.append(_finding("replacement-without-kong", Severity.WARNING))
            kong_win = False
    elif hand.kong_win:
        if in_concealed or in_melds:
            found.append(
                _finding(
                    "robbing-own-tile",
                    Severity.WARNING,
                    tile=win.code,
                    held=in_concealed + in_melds,
                )
            )
            kong_win = False
        elif hand.wall_last:
            found.append(_finding("robbing-last-tile", Severity.WARNING))
            kong_win = wall_last = False

    if hand.last_tile and in_concealed:
        found.append(
            _finding("last-tile-own-copy", Severity.WARNING, tile=win.code, held=in_concealed)
        )
        last_tile = False
    elif not hand.last_tile and not in_concealed and in_melds + visible == 3:
        found.append(
            _finding(
                "last-tile-implied", Severity.NOTE, tile=win.code, melds=in_melds, visible=visible
            )
        )
        last_tile = True
    return Flags(last_tile, kong_win, wall_last), found
