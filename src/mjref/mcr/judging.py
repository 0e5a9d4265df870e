"""The MCR judge: a declared hand in, a verdict out.

>>> hand = McrHand.from_notation("[123s](7777p)EE45678s+9s", flowers=2, prevalent_wind=Wind.SOUTH)
>>> v = judge(hand)
>>> [(f.fan.title, f.points, f.count) for f in v.fans]
[('Pure Straight', 16, 1), ('Concealed Kong', 2, 1), ('One Voided Suit', 1, 1),
 ('Flower Tiles', 1, 2)]
>>> v.total, v.total_ex_flowers, v.reaches_8, v.false_hu
(21, 19, True, None)
>>> v.citations
('green-book:minimum-points', 'green-book:flowers', 'green-book:payments')
>>> under = judge(McrHand.from_notation("[123s][456p]678m11p99s+9s"))
>>> under.false_hu.per_opponent, under.false_hu.clause
(10, 'mers-2008:2.10.2')
>>> judge(McrHand.from_notation("[123s][456p]678m11p99s+9s"), regulation="ema").false_hu.clause
'ema-2009:false-hu-under-8'
"""

from __future__ import annotations

from functools import lru_cache

from mjref.mcr.context import HandContext
from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, disputed_points, get_convention
from mjref.mcr.engine import best_division
from mjref.mcr.fans import Fan
from mjref.mcr.groups import group_of_meld
from mjref.mcr.hand import McrHand
from mjref.mcr.regulation import DEFAULT_REGULATION, FalseHuClass, regulation_terms
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
    FalseHuPenalty,
    FanScore,
    McrFinding,
    McrPayments,
    Severity,
    Verdict,
)
from mjref.messages import Message
from mjref.rules import Ruleset
from mjref.tiles import Wind

MINIMUM = 8
"""Points a hand needs without flowers to be a valid win (``green-book:minimum-points``).
The fans not scored when the winning tile was not shown clearly (MERS 1.9) and the
false-hu classes come from the regulation (:mod:`mjref.mcr.regulation`)."""

__all__ = ["DEFAULT_REGULATION", "MINIMUM", "McrHand", "Wind", "judge"]


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
def _payments(self_drawn: bool, total: int, clause: str) -> McrPayments:
    """8 from each opponent, plus the hand's value from the discarder or, self-drawn, from
    everyone (``clause``: the convention's, ``green-book:payments``)."""
    if self_drawn:
        return McrPayments(True, None, MINIMUM + total, clause)
    return McrPayments(False, MINIMUM + total, MINIMUM, clause)


@lru_cache(maxsize=1024)
def _whole_hand_score(fan: Fan, points: int, count: int) -> FanScore:
    """A fan of the whole hand (no sets form it): the same immutable value every time."""
    return FanScore(fan, points, count, ((),) * count)


def _book_order(item: tuple[Fan, object]) -> float:
    return item[0].order


def _false_hu(rule: FalseHuClass, reason: Message) -> FalseHuPenalty:
    return FalseHuPenalty(rule.per_opponent, reason, rule.clause, rule.situation)


def _invalid(
    findings: list[McrFinding],
    convention: Convention,
    rule: FalseHuClass,
    regulation: str,
    reason: Message,
    shape: str | None = None,
) -> Verdict:
    false_hu = _false_hu(rule, reason)
    return Verdict(
        valid=False,
        findings=tuple(findings),
        fans=(),
        total=0,
        total_ex_flowers=0,
        reaches_8=False,
        false_hu=false_hu,
        convention=convention.id,
        shape=shape,
        regulation=regulation,
        citations=(*(f.clause for f in findings if f.clause is not None), false_hu.clause),
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


def _check_order(finding: McrFinding) -> int:
    return _CHECK_ORDER[finding.code]


def _unjudged(findings: list[McrFinding], convention: Convention, regulation: str) -> Verdict:
    return Verdict(
        valid=False,
        findings=tuple(findings),
        fans=(),
        total=0,
        total_ex_flowers=0,
        reaches_8=False,
        false_hu=None,
        convention=convention.id,
        regulation=regulation,
        citations=tuple(dict.fromkeys(f.clause for f in findings if f.clause is not None)),
        judged=False,
    )


def judge(
    hand: McrHand,
    convention: str | Convention = DEFAULT_CONVENTION,
    *,
    regulation: str | Ruleset = DEFAULT_REGULATION,
) -> Verdict:
    """Judge a declared MCR hand under a scoring convention (default: the Green Book) and
    the tournament regulation whose false-hu classes apply (default: MERS 2008).

    Never raises for a bad hand: every problem is a finding of the verdict. Facts no real
    table can produce (a fifth copy, more than 8 flowers, no winning tile) are not judged
    (``judged`` false, no false hu); a declared hand that is not a valid win gets the
    regulation's false-hu class for an invalid hand (20 points per opponent under MERS
    2.10.2; 10 under 8 points). Raises :class:`~mjref.rules.RulesetError` (an
    :class:`~mjref.errors.InputError`) only for a convention or regulation it does not know.
    """
    conv = get_convention(convention)
    terms = regulation_terms(regulation)
    counts = tile_counts(hand)
    standing, totals = counts.standing, counts.totals
    findings = check_tiles(hand)
    impossible = impossible_input(hand, totals)
    if impossible:
        ordered = sorted(impossible + findings, key=_check_order)
        return _unjudged(ordered, conv, terms.regulation)
    if findings:
        return _invalid(
            findings,
            conv,
            terms.invalid,
            terms.regulation,
            Message("mcr.false-hu.invalid", {"problem": findings[0].message}),
        )
    assert hand.winning_tile is not None
    win = hand.winning_tile.index
    flags, flag_findings = effective_flags(hand, standing[win] - 1, totals[win] - standing[win])
    findings.extend(flag_findings)
    ctx = _context(hand, conv, counts, flags.last_tile, flags.kong_win, flags.wall_last)
    void = terms.not_shown.voids if not hand.winning_tile_shown else frozenset()
    result = best_division(ctx, void=void)
    if result is None:
        findings.append(
            McrFinding(
                "not-a-winning-shape",
                Message("mcr.finding.not-a-winning-shape", {}),
                Severity.ERROR,
            )
        )
        return _invalid(
            findings,
            conv,
            terms.invalid,
            terms.regulation,
            Message("mcr.false-hu.not-a-shape", {}),
        )
    scored, kept = result.scored, result.kept
    fans = _fan_scores(kept, conv)
    voided = _fan_scores(result.voided, conv) if result.voided is not None else []
    if voided:
        findings.append(
            McrFinding(
                "winning-tile-not-shown",
                Message(
                    "mcr.finding.winning-tile-not-shown",
                    {
                        "fans": ", ".join(s.fan.title for s in voided),
                        "clause": terms.not_shown.clause,
                        "regulation": terms.regulation,
                    },
                ),
                Severity.NOTE,
                terms.not_shown.clause,
            )
        )
    kept_by_reading = (
        [f.fan for f in fans if f.fan in terms.not_shown.kept]
        if not hand.winning_tile_shown
        else []
    )
    if kept_by_reading:
        findings.append(
            McrFinding(
                "winning-tile-not-shown-kept",
                Message(
                    "mcr.finding.winning-tile-not-shown-kept",
                    {
                        "fans": ", ".join(f.title for f in kept_by_reading),
                        "clause": terms.not_shown.clause,
                        "regulation": terms.regulation,
                    },
                ),
                Severity.NOTE,
                terms.not_shown.clause,
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
        payments = _payments(hand.self_drawn, total, conv.payments_clause)
        settled = payments.clause
    else:
        false_hu = _false_hu(
            terms.under_minimum,
            Message(
                "mcr.false-hu.under-minimum",
                {"points": total_ex_flowers, "minimum": MINIMUM},
            ),
        )
        settled = false_hu.clause
    # Each part cites a different clause (a finding the regulation's, the rest the
    # convention's, each disputed point its own), so the ids are distinct.
    cited = [f.clause for f in findings if f.clause is not None]
    cited.append(conv.minimum_clause)
    if hand.flowers:
        cited.append(conv.flowers_clause)
    cited.append(settled)
    if disputed:
        cited.extend(d.clause for d in disputed)
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
        regulation=terms.regulation,
        citations=tuple(cited),
    )


def _disputed(conv: Convention, notes: set[str]) -> tuple[DisputedReading, ...]:
    """The disputed points that decided something, with the reading ``conv`` applies."""
    if not notes:
        return ()
    points = disputed_points()
    return tuple(
        DisputedReading(p, conv.choice(p), points[p].choices[conv.choice(p)], points[p].clause)
        for p in sorted(notes)
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
