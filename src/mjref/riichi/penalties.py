"""The chombo penalty of a ruleset, for an offender who is the dealer or not.

>>> from mjref.riichi.ruleset import riichi_rules
>>> chombo_penalty(riichi_rules("rcr-2016"), dealer=False).points
20000
>>> at_table = chombo_penalty(riichi_rules("rcr-2012"), dealer=False)
>>> at_table.points, at_table.to_dealer, at_table.to_each_non_dealer
(8000, 4000, 2000)
>>> chombo_penalty(riichi_rules("rcr-2012"), dealer=True).message.english()
'chombo: the dealer pays 4,000 to each other player'
"""

from __future__ import annotations

from mjref.riichi.ruleset import RiichiRules
from mjref.riichi.verdict import Penalty, PenaltyTiming
from mjref.rules import Timing


def chombo_penalty(ruleset: RiichiRules, *, dealer: bool) -> Penalty:
    """RCR 3.4.6 as the ruleset words it (after uma in 2016, paid at the table in 2012)."""
    rule = ruleset.chombo
    clause = ruleset.cite("chombo")
    if rule.points is not None:
        timing = (
            PenaltyTiming.AFTER_UMA if rule.timing is Timing.AFTER_UMA else PenaltyTiming.AT_TABLE
        )
        return Penalty(clause, timing, rule.points, 0, 0)
    # Paid at the table (the registry checks that all three amounts are given).
    assert rule.dealer_pays_each is not None
    assert rule.non_dealer_pays_dealer is not None
    assert rule.non_dealer_pays_others is not None
    if dealer:
        each = rule.dealer_pays_each
        return Penalty(clause, PenaltyTiming.AT_TABLE, 3 * each, 0, each)
    total = rule.non_dealer_pays_dealer + 2 * rule.non_dealer_pays_others
    return Penalty(
        clause,
        PenaltyTiming.AT_TABLE,
        total,
        rule.non_dealer_pays_dealer,
        rule.non_dealer_pays_others,
    )
