"""The MCR judge: a declared hand in, a verdict out.

>>> hand = McrHand.from_notation("[123s](7777p)EE45678s+9s", flowers=2, prevalent_wind=Wind.SOUTH)
>>> v = judge(hand)
>>> [(f.fan.title, f.points, f.count) for f in v.fans]
[('Pure Straight', 16, 1), ('Concealed Kong', 2, 1), ('One Voided Suit', 1, 1),
 ('Flower Tiles', 1, 2)]
>>> v.total, v.total_ex_flowers, v.reaches_8, v.false_hu
(21, 19, True, None)
>>> judge(McrHand.from_notation("[123s][456p]678m11p99s+9s")).false_hu.per_opponent
10
"""

from __future__ import annotations

from functools import lru_cache

from mjref.mcr.context import HandContext
from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, disputed_points, get_convention
from mjref.mcr.engine import best_reading
from mjref.mcr.fans import Fan
from mjref.mcr.groups import group_of_meld
from mjref.mcr.hand import McrHand
from mjref.mcr.tally import Tally
from mjref.mcr.validate import (
    TileCounts,
    check_tiles,
    effective_flags,
    impossible_input,
    tile_counts,
)
from mjref.mcr.verdict import (
    DisputedReading,
    FalseHu,
    FanScore,
    Finding,
    Payments,
    Severity,
    Verdict,
)
from mjref.messages import Message
from mjref.tiles import Wind

MINIMUM = 8
"""Points a hand needs without flowers to be a valid win (Green Book; MERS 2.10.2)."""

NOT_SCORED_UNSHOWN = frozenset(
    {Fan.SINGLE_WAIT, Fan.EDGE_WAIT, Fan.CLOSED_WAIT, Fan.LAST_TILE, Fan.NINE_GATES}
)
"""Fans not scored when the winning tile was not shown clearly (MERS 1.9)."""

__all__ = ["MINIMUM", "NOT_SCORED_UNSHOWN", "McrHand", "Wind", "judge"]


def _fan_scores(tally: Tally, convention: Convention) -> list[FanScore]:
    """The tally's fans in the Green Book's order, valued by the convention."""
    points = convention.points
    return [
        _whole_hand_score(fan, points[fan], len(instances))
        if not any(instances)
        else FanScore(fan, points[fan], len(instances), tuple(instances))
        for fan, instances in sorted(tally.fans(), key=_book_order)
    ]


@lru_cache(maxsize=1024)
def _payments(self_drawn: bool, total: int) -> Payments:
    """Green Book 3.9.1.2-3: 8 from each opponent, plus the hand's value from the discarder
    or, self-drawn, from everyone."""
    if self_drawn:
        return Payments(self_drawn=True, from_discarder=None, from_each_other=MINIMUM + total)
    return Payments(self_drawn=False, from_discarder=MINIMUM + total, from_each_other=MINIMUM)


@lru_cache(maxsize=1024)
def _whole_hand_score(fan: Fan, points: int, count: int) -> FanScore:
    """A fan of the whole hand (no sets form it): the same immutable value every time."""
    return FanScore(fan, points, count, ((),) * count)


def _book_order(item: tuple[Fan, object]) -> float:
    return item[0].order


def _invalid(
    findings: list[Finding], convention: Convention, reason: Message, shape: str | None = None
) -> Verdict:
    return Verdict(
        valid=False,
        findings=tuple(findings),
        fans=(),
        total=0,
        total_ex_flowers=0,
        reaches_8=False,
        false_hu=FalseHu(20, reason),
        convention=convention.id,
        shape=shape,
    )


_CHECK_ORDER = {
    code: n
    for n, code in enumerate(
        (
            "no-winning-tile",
            "too-many-melds",
            "tile-count",
            "fifth-copy",
            "visible-fifth-copy",
            "flowers-out-of-range",
        )
    )
}


def _check_order(finding: Finding) -> int:
    return _CHECK_ORDER[finding.code]


def _unjudged(findings: list[Finding], convention: Convention) -> Verdict:
    return Verdict(
        valid=False,
        findings=tuple(findings),
        fans=(),
        total=0,
        total_ex_flowers=0,
        reaches_8=False,
        false_hu=None,
        convention=convention.id,
        judged=False,
    )


def judge(hand: McrHand, convention: str | Convention = DEFAULT_CONVENTION) -> Verdict:
    """Judge a declared MCR hand under a scoring convention (default: the Green Book).

    Never raises for a bad hand: every problem is a finding of the verdict. Facts no real
    table can produce (a fifth copy, more than 8 flowers, no winning tile) are not judged
    (``judged`` false, no false hu); a declared hand that is not a valid win gets the
    20-points-per-opponent false-hu class of MERS 2.10.2 (10 under 8 points). Raises
    :class:`~mjref.errors.InputError` only for an unknown convention name.
    """
    conv = get_convention(convention)
    counts = tile_counts(hand)
    standing, totals = counts.standing, counts.totals
    findings = check_tiles(hand)
    impossible = impossible_input(hand, totals)
    if impossible:
        return _unjudged(sorted(impossible + findings, key=_check_order), conv)
    if findings:
        return _invalid(
            findings,
            conv,
            Message("mcr.false-hu.invalid", {"problem": findings[0].message.english()}),
        )
    assert hand.winning_tile is not None
    win = hand.winning_tile.index
    flags, flag_findings = effective_flags(hand, standing[win] - 1, totals[win] - standing[win])
    findings.extend(flag_findings)
    ctx = _context(hand, conv, counts, flags.last_tile, flags.kong_win, flags.wall_last)
    void = NOT_SCORED_UNSHOWN if not hand.winning_tile_shown else frozenset()
    result = best_reading(ctx, void=void)
    if result is None:
        findings.append(
            Finding(
                "not-a-winning-shape",
                Message("mcr.finding.not-a-winning-shape", {}),
                Severity.ERROR,
            )
        )
        return _invalid(findings, conv, Message("mcr.false-hu.not-a-shape", {}))
    scored, kept = result.scored, result.kept
    fans = _fan_scores(kept, conv)
    voided = _fan_scores(result.voided, conv) if result.voided is not None else []
    if voided:
        findings.append(
            Finding(
                "winning-tile-not-shown",
                Message(
                    "mcr.finding.winning-tile-not-shown",
                    {"fans": ", ".join(s.fan.title for s in voided)},
                ),
                Severity.NOTE,
            )
        )
    total_ex_flowers = result.total
    reaches = total_ex_flowers >= MINIMUM
    if hand.flowers:
        fans.append(
            FanScore(
                Fan.FLOWER_TILES, conv.points[Fan.FLOWER_TILES], hand.flowers, ((),) * hand.flowers
            )
        )
    total = total_ex_flowers + hand.flowers * conv.points[Fan.FLOWER_TILES]
    disputed = _disputed(conv, scored.tally.notes | ctx.notes)
    false_hu = None
    payments = None
    if reaches:
        payments = _payments(hand.self_drawn, total)
    else:
        false_hu = FalseHu(
            10,
            Message(
                "mcr.false-hu.under-minimum",
                {"points": total_ex_flowers, "minimum": MINIMUM},
            ),
        )
    return Verdict(
        valid=True,
        findings=tuple(findings),
        fans=tuple(fans),
        total=total,
        total_ex_flowers=total_ex_flowers,
        reaches_8=reaches,
        false_hu=false_hu,
        convention=conv.id,
        shape=scored.shape,
        groups=scored.groups,
        voided=tuple(voided),
        disputed=disputed,
        payments=payments,
    )


def _disputed(conv: Convention, notes: set[str]) -> tuple[DisputedReading, ...]:
    """The disputed points that decided something, with the reading ``conv`` applies."""
    if not notes:
        return ()
    points = disputed_points()
    return tuple(
        DisputedReading(p, conv.choice(p), points[p].choices[conv.choice(p)]) for p in sorted(notes)
    )


def _context(
    hand: McrHand,
    conv: Convention,
    counts: TileCounts,
    last_tile: bool,
    kong_win: bool,
    wall_last: bool,
) -> HandContext:
    assert hand.winning_tile is not None
    visible: dict[int, int] = {}
    for tile in hand.visible:
        visible[tile.index] = visible.get(tile.index, 0) + 1
    fixed = tuple(group_of_meld(m) for m in hand.melds)
    return HandContext(
        convention=conv,
        fixed=fixed,
        standing=counts.standing,
        totals=counts.totals,
        visible=visible,
        win=hand.winning_tile.index,
        self_drawn=hand.self_drawn,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
        seat=hand.seat_wind.tile.index,
        prevalent=hand.prevalent_wind.tile.index,
        mask=counts.mask,
        standing_mask=counts.standing_mask,
        exposed_melds=sum(1 for m in hand.melds if not m.concealed),
    )
