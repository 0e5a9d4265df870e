"""The MERS and EMA regulations as validated data: rulesets, clauses, readings.

Pure: the data files ship inside the package and are read once; nothing here does
other I/O. :mod:`mjref.rulings` uses these rulesets to decide incidents.
"""

from mjref.rules.errors import RulesDataError, RulesetError
from mjref.rules.kinds import Kind, Party, Timing
from mjref.rules.model import (
    Choice,
    Chombo,
    Clause,
    ConsequenceSpec,
    Family,
    Ladder,
    Option,
    Outcome,
    Ruleset,
)
from mjref.rules.registry import ALIASES, get_clause, get_ruleset, rulesets

__all__ = [
    "ALIASES",
    "Choice",
    "Chombo",
    "Clause",
    "ConsequenceSpec",
    "Family",
    "Kind",
    "Ladder",
    "Option",
    "Outcome",
    "Party",
    "RulesDataError",
    "Ruleset",
    "RulesetError",
    "Timing",
    "get_clause",
    "get_ruleset",
    "rulesets",
]
