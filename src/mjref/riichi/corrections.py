"""Corrections of the ``mahjong`` package's result where the EMA text differs.

The package, run with a ruleset's options (:func:`mjref.riichi.library.options_for`),
already handles open tanyao, red fives, counted yakuman or sanbaiman, rounding up and
renhou as a yakuman. What it cannot express is corrected here, one named rule per
difference, each citing its clause. A ruleset lists the rules it uses, in the order they
run (``corrections`` in the ruleset's ``[riichi]`` table, ``rules/data/rcr-*.toml``):

- ``daisuushii-double-yakuman`` (RCR 2012 4.2.5): Dai Suushii is a double yakuman, the
  only one. The package can only make all its double yakuman double or none.
- ``yakuman-not-cumulative`` (RCR 4.2.5): a hand scores one yakuman however many yakuman
  patterns it has; the package adds them up.
- ``renhou-mangan-not-cumulative`` (RCR 2016 4.2.4): renhou is a mangan and does not add
  to other yaku or dora; the package counts it as 5 han on top of everything else. The
  hand is scored on its own yaku instead when that is worth more (a hand is counted the
  way worth most).
- ``two-han-minimum-with-counters`` (RCR 2012 3.4.11): with five or more counters on the
  table a win needs two han from yaku; the package knows no such rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from mjref.messages import Message
from mjref.riichi import _messages  # noqa: F401  (registers the wording)
from mjref.riichi.hand import RiichiHand
from mjref.riichi.ruleset import RiichiRules
from mjref.riichi.verdict import Correction, FindingKind, FuPart, RiichiFinding, YakuHan, YakuKind
from mjref.rules import Renhou

YAKUMAN_HAN = 13
MANGAN_HAN = 5
RENHOU = "Renhou"


@dataclass(frozen=True, slots=True)
class Score:
    """A hand as scored so far: yaku with han, total han, fu and its parts."""

    yaku: tuple[YakuHan, ...]
    han: int
    fu: int
    fu_parts: tuple[FuPart, ...]

    @property
    def yakuman(self) -> tuple[YakuHan, ...]:
        return tuple(y for y in self.yaku if y.kind is YakuKind.YAKUMAN)

    @property
    def han_from_yaku(self) -> int:
        """Han from yaku only (not dora, red fives or ura dora)."""
        return sum(y.han for y in self.yaku if y.kind is not YakuKind.DORA)


@dataclass(frozen=True, slots=True)
class CorrectionContext:
    """What a correction may consult besides the score."""

    hand: RiichiHand
    ruleset: RiichiRules
    rescore_without_renhou: Callable[[], Score | None]
    """The package's score of the same hand with renhou left out (``None``: no yaku)."""
    hand_value: Callable[[Score], int]
    """What a score is worth to the winner, before counters and sticks."""


@dataclass(frozen=True, slots=True)
class CorrectionOutcome:
    score: Score
    correction: Correction
    finding: RiichiFinding | None = None


Rule = Callable[[Score, CorrectionContext], CorrectionOutcome | None]


def _correction(
    ctx: CorrectionContext, rule: str, clause: str, key: str, **params: object
) -> Correction:
    return Correction(rule, ctx.ruleset.cite(clause), Message(f"riichi.correction.{key}", params))


def daisuushii_double_yakuman(score: Score, ctx: CorrectionContext) -> CorrectionOutcome | None:
    """The ruleset's double yakuman (Dai Suushii under RCR 2012) count 26 han."""
    doubles = set(ctx.ruleset.settings.double_yakuman)
    if not any(y.name in doubles and y.han == YAKUMAN_HAN for y in score.yakuman):
        return None
    yaku = tuple(
        replace(y, han=2 * YAKUMAN_HAN) if y.kind is YakuKind.YAKUMAN and y.name in doubles else y
        for y in score.yaku
    )
    corrected = replace(score, yaku=yaku, han=sum(y.han for y in yaku))
    note = _correction(
        ctx,
        "daisuushii-double-yakuman",
        "yakuman",
        "daisuushii-double-yakuman",
        han=2 * YAKUMAN_HAN,
    )
    return CorrectionOutcome(corrected, note)


def yakuman_not_cumulative(score: Score, ctx: CorrectionContext) -> CorrectionOutcome | None:
    """Several yakuman in one hand score the most valuable of them once."""
    yakuman = score.yakuman
    if len(yakuman) < 2:
        return None
    counted = max(yakuman, key=lambda y: y.han)
    corrected = replace(score, yaku=(counted,), han=counted.han)
    note = _correction(
        ctx,
        "yakuman-not-cumulative",
        "yakuman",
        "yakuman-not-cumulative",
        yakuman=", ".join(y.name for y in yakuman),
        counted=counted.name,
        library_han=score.han,
        han=counted.han,
    )
    return CorrectionOutcome(corrected, note)


def renhou_mangan_not_cumulative(score: Score, ctx: CorrectionContext) -> CorrectionOutcome | None:
    """Renhou is a mangan on its own, or the hand scores its own yaku if worth more."""
    if not ctx.hand.renhou or ctx.ruleset.settings.renhou is not Renhou.MANGAN or score.yakuman:
        return None
    alone = Score((YakuHan(RENHOU, MANGAN_HAN),), MANGAN_HAN, score.fu, score.fu_parts)
    if score.yaku == alone.yaku:
        return None
    own = ctx.rescore_without_renhou()
    if own is not None and ctx.hand_value(own) > ctx.hand_value(alone):
        note = _correction(
            ctx, "renhou-mangan-not-cumulative", "renhou", "renhou-own-value-higher", han=own.han
        )
        return CorrectionOutcome(own, note)
    note = _correction(
        ctx, "renhou-mangan-not-cumulative", "renhou", "renhou-mangan", library_han=score.han
    )
    return CorrectionOutcome(alone, note)


def two_han_minimum_with_counters(score: Score, ctx: CorrectionContext) -> CorrectionOutcome | None:
    """With enough counters on the table, fewer than two han from yaku is not a win."""
    needed_at = ctx.ruleset.settings.two_han_minimum_counters
    if not needed_at or ctx.hand.honba < needed_at or score.yakuman:
        return None
    han = score.han_from_yaku
    if han >= 2:
        return None
    clause = ctx.ruleset.cite("two-han-minimum")
    finding = RiichiFinding(
        "two-han-minimum",
        FindingKind.NOT_A_WIN,
        Message("riichi.finding.two-han-minimum", {"honba": ctx.hand.honba, "han": han}),
        clause,
    )
    note = _correction(
        ctx,
        "two-han-minimum-with-counters",
        "two-han-minimum",
        "two-han-minimum",
        han=han,
        honba=ctx.hand.honba,
    )
    return CorrectionOutcome(score, note, finding)


RULES: Mapping[str, Rule] = MappingProxyType(
    {
        "daisuushii-double-yakuman": daisuushii_double_yakuman,
        "yakuman-not-cumulative": yakuman_not_cumulative,
        "renhou-mangan-not-cumulative": renhou_mangan_not_cumulative,
        "two-han-minimum-with-counters": two_han_minimum_with_counters,
    }
)
"""Every correction by name (a ruleset's ``corrections`` pick from these)."""


def apply_corrections(
    score: Score, ctx: CorrectionContext
) -> tuple[Score, tuple[Correction, ...], tuple[RiichiFinding, ...]]:
    """Run the ruleset's corrections in order; return the score and what was changed."""
    corrections: list[Correction] = []
    findings: list[RiichiFinding] = []
    for name in ctx.ruleset.settings.corrections:
        outcome = RULES[name](score, ctx)
        if outcome is None:
            continue
        score = outcome.score
        corrections.append(outcome.correction)
        if outcome.finding is not None:
            findings.append(outcome.finding)
    return score, tuple(corrections), tuple(findings)
