"""The riichi judge under the EMA Riichi Competition Rules (2016 and 2012).

See :mod:`mjref.riichi.judge` for the steps and ``docs/riichi.md`` for the rulesets,
the corrections of the ``mahjong`` package and their RCR sections.
"""

from mjref.riichi.hand import RiichiHand
from mjref.riichi.judge import judge
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
