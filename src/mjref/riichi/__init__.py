"""The riichi judge under the EMA Riichi Competition Rules (2016 and 2012).

See :mod:`mjref.riichi.judging` for the steps and ``docs/riichi.md`` for the rulesets,
the corrections of the ``mahjong`` package and their RCR sections. Each public name is
imported from its module when first used (:mod:`mjref.lazy`): the rules of a ruleset or a
hand's facts do not load the judge and the ``mahjong`` package.
"""

from typing import TYPE_CHECKING

from mjref.lazy import exports

if TYPE_CHECKING:
    from mjref.riichi.hand import RiichiHand
    from mjref.riichi.judging import judge
    from mjref.riichi.ruleset import DEFAULT_RULESET, RiichiRules, riichi_rules, ruleset_ids
    from mjref.riichi.verdict import (
        Correction,
        FindingKind,
        FuPart,
        Penalty,
        PenaltyTiming,
        RiichiFinding,
        RiichiPayments,
        RiichiVerdict,
        YakuHan,
        YakuKind,
    )

__getattr__ = exports(
    __name__,
    {
        "hand": ("RiichiHand",),
        "judging": ("judge",),
        "ruleset": ("DEFAULT_RULESET", "RiichiRules", "riichi_rules", "ruleset_ids"),
        "verdict": (
            "Correction",
            "FindingKind",
            "FuPart",
            "Penalty",
            "PenaltyTiming",
            "RiichiFinding",
            "RiichiPayments",
            "RiichiVerdict",
            "YakuHan",
            "YakuKind",
        ),
    },
)

__all__ = [
    "DEFAULT_RULESET",
    "Correction",
    "FindingKind",
    "FuPart",
    "Penalty",
    "PenaltyTiming",
    "RiichiFinding",
    "RiichiHand",
    "RiichiPayments",
    "RiichiRules",
    "RiichiVerdict",
    "YakuHan",
    "YakuKind",
    "judge",
    "riichi_rules",
    "ruleset_ids",
]
