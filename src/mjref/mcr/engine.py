"""Choosing the best division of a hand (the high-versus-low principle).

Special shapes are tried first; Seven Pairs is also read as sets and a pair,
because in rare hands that is worth more. Among divisions worth the same, the
reference implementation's preferences are kept (Pure Triple Chow and Triple Pung
divisions win ties, and a Seven Pairs hand takes the set division on a tie), so that
the ``mil`` convention reproduces it fan for fan.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from mjref.mcr.context import HandContext
from mjref.mcr.divide import regular_divisions
from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group, GroupKind
from mjref.mcr.regular import score_division
from mjref.mcr.special import (
    Scored,
    honors_and_knitted,
    knitted_straight,
    nine_gates,
    seven_pairs,
    thirteen_orphans,
)
from mjref.mcr.tally import Tally


def _void(tally: Tally, void: Collection[Fan]) -> Tally:
    """The tally without the voided fans (MERS 1.9); the original is kept for reporting."""
    if not any(f in tally for f in void):
        return tally
    kept = tally.copy()
    kept.drop(*void)
    return kept


def _division_key(sets: tuple[Group, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((g.order, 0 if g.kind is GroupKind.PUNG else 1) for g in sets))


@dataclass(frozen=True, slots=True)
class Best:
    """The division chosen, its fans after voiding, and the fans voided."""

    scored: Scored
    kept: Tally
    total: int
    """The points of ``kept`` under the convention."""
    voided: Tally | None
    """The fans voided (MERS 1.9), if any."""


def _voided(tally: Tally, kept: Tally) -> Tally | None:
    """The fans of ``tally`` that voiding removed (``kept`` is ``tally`` after :func:`_void`)."""
    if kept is tally:
        return None
    voided = Tally()
    for fan, instances in tally.fans():
        if fan not in kept:
            for groups in instances:
                voided.add(fan, groups)
    return voided


def best_division(ctx: HandContext, *, void: Collection[Fan] = ()) -> Best | None:
    """The most valuable division, its fans after voiding, and what was voided.

    ``void`` fans are not scored (MERS 1.9, winning tile not shown). Nine Gates is then
    not a division at all: the hand falls back to its best other division, and Nine Gates
    is reported as voided. ``None`` if the hand has no winning shape.
    """
    points = ctx.convention.points
    best: Scored | None = None
    best_kept = Tally()
    best_total = 0
    special: Scored | None = None
    lost_nine_gates: Scored | None = None
    if not ctx.fixed:
        special = seven_pairs(ctx) or honors_and_knitted(ctx) or thirteen_orphans(ctx)
        special = special or knitted_straight(ctx)
        if special is None:
            special = nine_gates(ctx)
            if special is not None and Fan.NINE_GATES in void:
                lost_nine_gates, special = special, None
    elif len(ctx.fixed) == 1:
        special = knitted_straight(ctx)
    if special is not None:
        best, best_kept = special, _void(special.tally, void)
        best_total = best_kept.total(points)
    seven = special is not None and special.shape == "seven-pairs"
    if special is not None and not seven:
        return Best(special, best_kept, best_total, _voided(special.tally, best_kept))

    divisions = regular_divisions(ctx.standing)
    if len(divisions) > 1:
        divisions.sort(key=lambda r: _division_key(r[0]))
    for sets, pair in divisions:
        tally = score_division(ctx, sets, pair)
        kept = _void(tally, void)
        total = kept.total(points)
        if (
            best is None
            or total > best_total
            or (
                total == best_total
                and (kept.count(Fan.PURE_TRIPLE_CHOW) == 1 or seven or Fan.TRIPLE_PUNG in kept)
            )
        ):
            best = Scored("regular", (*ctx.fixed, *sets, pair), tally)
            best_kept, best_total = kept, total
    if best is None:
        return None
    voided = _voided(best.tally, best_kept)
    if lost_nine_gates is not None:
        voided = voided or Tally()
        voided.add(Fan.NINE_GATES, lost_nine_gates.tally.instances(Fan.NINE_GATES)[0])
    return Best(best, best_kept, best_total, voided)
