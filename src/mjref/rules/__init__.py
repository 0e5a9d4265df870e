"""The rules registry: regulations, riichi rulesets and MCR scoring conventions as
validated data - entries, clauses, options and readings, with one alias table.

Pure: the data files ship inside the package and are read once; nothing here does
other I/O. :mod:`mjref.rulings` uses the entries to decide incidents, the riichi judge
reads its settings from them and the MCR judge its conventions; every clause any of
them cites resolves through :func:`get_clause`.
"""

from mjref.rules.errors import RulesDataError, RulesetError
from mjref.rules.kinds import Kind, Party, Timing
from mjref.rules.model import (
    RULEBOOKS,
    Choice,
    Chombo,
    Clause,
    ConsequenceSpec,
    EntryKind,
    Family,
    Kazoe,
    Ladder,
    Option,
    Outcome,
    Renhou,
    RiichiSettings,
    Ruleset,
)
from mjref.rules.registry import (
    aliases,
    get_clause,
    get_rulebook,
    get_ruleset,
    resolve_clause,
    rulesets,
)

__all__ = [
    "RULEBOOKS",
    "Choice",
    "Chombo",
    "Clause",
    "ConsequenceSpec",
    "EntryKind",
    "Family",
    "Kazoe",
    "Kind",
    "Ladder",
    "Option",
    "Outcome",
    "Party",
    "Renhou",
    "RiichiSettings",
    "RulesDataError",
    "Ruleset",
    "RulesetError",
    "Timing",
    "aliases",
    "get_clause",
    "get_rulebook",
    "get_ruleset",
    "resolve_clause",
    "rulesets",
]
