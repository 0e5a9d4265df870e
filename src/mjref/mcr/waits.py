"""Edge Wait, Closed Wait and Single Wait: only for a hand waiting on one tile.

What counts as waiting depends on disputed point D8. Under the *formal* reading
every tile that would complete the hand's shape is waited for; under the
*effective* reading a tile the winner can see all four copies of (in his own hand
and melds or among the tiles given as visible) is not, and the wait is then named
by the Green Book's definitions: Edge Wait for 3 with 1-2 or 7 with 8-9, Closed
Wait for the middle of a chow, Single Wait for the pair.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mjref.mcr.divide import all_waits, regular_waits
from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group, GroupKind
from mjref.mcr.relations import rank
from mjref.mcr.tally import Tally

if TYPE_CHECKING:  # the context asks this module whether its hand waits on one tile
    from mjref.mcr.context import HandContext


def live_waits(ctx: HandContext, waits: set[int]) -> set[int]:
    """The waits that can still come: not every copy already in the winner's sight."""
    return {t for t in waits if t == ctx.win or ctx.seen(t) < 4}


def is_unique_wait(ctx: HandContext, hand_counts: list[int], *, seven_pairs: bool) -> bool:
    """Does the hand before its winning tile wait on exactly one tile (per D8)?

    ``hand_counts`` are the concealed tiles without the winning tile.
    """
    waits = all_waits(hand_counts) if seven_pairs else regular_waits(hand_counts)
    formal = len(waits) == 1
    if formal:
        return True  # the winning tile itself is always live
    effective = len(live_waits(ctx, waits)) == 1
    if effective:
        ctx.notes.add("D8")  # the readings of D8 differ on this hand
    return effective if ctx.convention.effective_waits else formal


def score_wait(
    ctx: HandContext, tally: Tally, concealed: Sequence[Group], is_unique: Callable[[], bool]
) -> None:
    """Add the wait fan of the hand read as the ``concealed`` groups, if it waited on one tile.

    Only the concealed groups (sets formed in the hand and the pair) can hold the
    winning tile. When the tile could be read in more than one place, Edge Wait is
    preferred to Closed Wait, and Closed Wait to Single Wait. ``is_unique`` is asked only
    when the winning tile's place could give a wait fan.
    """
    if Fan.MELDED_HAND in tally or Fan.FOUR_KONGS in tally:
        return
    win = ctx.win
    strict = ctx.convention.effective_waits
    edge = closed = single = open_end = None
    for group in concealed:
        if group.kind is GroupKind.CHOW:
            if win == group.first + 1:
                closed = closed or group
            elif (rank(group.first) == 1 and win == group.first + 2) or (
                rank(group.first) == 7 and win == group.first
            ):
                edge = edge or group
            elif win in (group.first, group.first + 2):
                # The winning tile at the open end of a chow: an edge by position only.
                open_end = open_end or group
        elif group.kind is GroupKind.PAIR and group.first == win:
            single = single or group
    if edge is closed is single is open_end is None or not is_unique():
        return
    if open_end is not None and edge is None:
        ctx.notes.add("D8")  # the readings of D8 name this wait differently
        if not strict:
            edge = open_end
    if edge is not None:
        tally.put(Fan.EDGE_WAIT, (edge,))
    elif closed is not None:
        tally.put(Fan.CLOSED_WAIT, (closed,))
    elif single is not None:
        tally.put(Fan.SINGLE_WAIT, (single,))
