"""The non-repeat principle: fans implied by a higher fan are not scored with it.

The table lists, for each fan, the fans it implies. It is applied in its order,
once, after all fans of a division are found; the wind pungs are scored last
because Big Three Winds, Little Four Winds, All Honors and All Terminals and
Honors already account for the wind pungs' Pung of Terminals or Honors.
"""

from __future__ import annotations

from mjref.mcr.context import HandContext
from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group
from mjref.mcr.tally import Tally

F = Fan
IMPLIED: tuple[tuple[Fan, tuple[Fan, ...]], ...] = (
    (F.BIG_FOUR_WINDS, (F.ALL_PUNGS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.BIG_THREE_DRAGONS, (F.DRAGON_PUNG,)),
    (F.ALL_GREEN, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.FOUR_KONGS, (F.SINGLE_WAIT,)),
    (
        F.ALL_TERMINALS,
        (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.NO_HONORS, F.DOUBLE_PUNG),
    ),
    (F.LITTLE_FOUR_WINDS, (F.PUNG_OF_TERMINALS_OR_HONORS,)),
    (F.LITTLE_THREE_DRAGONS, (F.DRAGON_PUNG,)),
    (
        F.ALL_HONORS,
        (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.ONE_VOIDED_SUIT),
    ),
    (F.FOUR_CONCEALED_PUNGS, (F.ALL_PUNGS, F.CONCEALED_HAND)),
    (F.PURE_TERMINAL_CHOWS, (F.FULL_FLUSH, F.ALL_CHOWS, F.NO_HONORS)),
    (F.FOUR_PURE_SHIFTED_PUNGS, (F.ALL_PUNGS,)),
    (F.ALL_TERMINALS_AND_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.ALL_EVEN_PUNGS, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    (F.UPPER_TILES, (F.NO_HONORS,)),
    (F.MIDDLE_TILES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LOWER_TILES, (F.NO_HONORS,)),
    (F.THREE_SUITED_TERMINAL_CHOWS, (F.ALL_CHOWS, F.NO_HONORS)),
    (F.ALL_FIVES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.UPPER_FOUR, (F.NO_HONORS,)),
    (F.LOWER_FOUR, (F.NO_HONORS,)),
    (F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,)),
    (F.LAST_TILE_DRAW, (F.SELF_DRAWN,)),
    (F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,)),
    (F.MELDED_HAND, (F.SINGLE_WAIT,)),
    (F.TWO_DRAGON_PUNGS, (F.DRAGON_PUNG,)),
    (F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,)),
    (F.ALL_CHOWS, (F.NO_HONORS,)),
    (F.ALL_SIMPLES, (F.NO_HONORS,)),
)
"""Each fan and the fans it implies (which are then not scored), in order of application."""


_RANK = {fan: (position, implied) for position, (fan, implied) in enumerate(IMPLIED)}


def exclude_implied(tally: Tally) -> None:
    """Remove the fans implied by other fans of the tally."""
    triggers = sorted(_RANK[f] for f in list(tally) if f in _RANK)
    for position, implied in triggers:
        fan = IMPLIED[position][0]
        if fan not in tally:
            continue
        tally.drop(*implied)
        if fan is F.FOUR_CONCEALED_PUNGS and F.FULLY_CONCEALED_HAND in tally:
            # The hand is necessarily concealed: only the self-draw is left to score.
            tally.drop(F.FULLY_CONCEALED_HAND)
            tally.put(F.SELF_DRAWN)
    # Big Three Winds accounts for its three wind pungs.
    if (
        F.BIG_THREE_WINDS in tally
        and F.ALL_HONORS not in tally
        and F.ALL_TERMINALS_AND_HONORS not in tally
    ):
        for group in tally.instances(F.BIG_THREE_WINDS)[0]:
            tally.drop_with(F.PUNG_OF_TERMINALS_OR_HONORS, group)


def score_wind_pungs(ctx: HandContext, tally: Tally, wind_pungs: list[Group]) -> None:
    """Prevalent Wind and Seat Wind; such a pung no longer scores Pung of Terminals or Honors."""
    if not wind_pungs:
        return
    accounted = any(
        fan in tally
        for fan in (
            F.BIG_THREE_WINDS,
            F.ALL_TERMINALS_AND_HONORS,
            F.ALL_HONORS,
            F.LITTLE_FOUR_WINDS,
        )
    )
    for pung in wind_pungs:
        if pung.first == ctx.prevalent:
            tally.put(F.PREVALENT_WIND, (pung,))
            if not accounted:
                tally.drop_with(F.PUNG_OF_TERMINALS_OR_HONORS, pung)
        if pung.first == ctx.seat:
            tally.put(F.SEAT_WIND, (pung,))
            if ctx.seat != ctx.prevalent and not accounted:
                tally.drop_with(F.PUNG_OF_TERMINALS_OR_HONORS, pung)
