"""The chombo penalty of a ruleset, for an offender who is the dealer or not.

>>> from mjref.riichi.ruleset import ruleset
>>> chombo_penalty(ruleset("rcr-2016"), dealer=False).points
20000
>>> at_table = chombo_penalty(ruleset("rcr-2012"), dealer=False)
>>> at_table.points, at_table.to_dealer, at_table.to_each_non_dealer
(8000, 4000, 2000)
>>> chombo_penalty(ruleset("rcr-2012"), dealer=True).message.english()
'chombo: the dealer pays 4,000 to each other player'
"""

from __future__ import annotations

from mjref.riichi.ruleset import PenaltyTiming, Ruleset
from mjref.riichi.verdict import Penalty


def chombo_penalty(ruleset: Ruleset, *, dealer: bool) -> Penalty:
    """RCR 3.4.6 as the ruleset words it (after uma in 2016, paid at the table in 2012)."""
    rule = ruleset.chombo
    clause = ruleset.clause("chombo").id
    if rule.timing is PenaltyTiming.AFTER_UMA:
        return Penalty(clause, rule.timing, rule.points, 0, 0)
    if dealer:
        each = rule.dealer_pays_each
        return Penalty(clause, rule.timing, 3 * each, 0, each)
    total = rule.non_dealer_pays_dealer + 2 * rule.non_dealer_pays_each_other
    return Penalty(
        clause, rule.timing, total, rule.non_dealer_pays_dealer, rule.non_dealer_pays_each_other
    )
