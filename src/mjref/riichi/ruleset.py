"""A riichi ruleset as the judge reads it, from the rules registry.

The EMA Riichi Competition Rules are entries of the one rules registry
(:mod:`mjref.rules`, ``rules/data/rcr-2016.toml`` and ``rcr-2012.toml``): the same data
the rulebook cites holds the judge's settings (``[riichi]``: the ``mahjong`` package's
options and the corrections of its result), the chombo amounts (``[chombo]``) and which
clause the judge cites for what (``[cites]``). :func:`riichi_rules` resolves a name the
way every command does (any alias, any case) and refuses an entry that is not a riichi
ruleset.

>>> riichi_rules("rcr").id, riichi_rules("RCR-A").id, riichi_rules("rcr2012").id
('rcr-2016', 'rcr-2016', 'rcr-2012')
>>> riichi_rules("rcr-2016").cite("yakuman")
'rcr-2016:4.2.5'
>>> riichi_rules("rcr-2012").settings.red_fives
True
>>> riichi_rules("mers")
Traceback (most recent call last):
...
mjref.rules.errors.RulesetError: 'mers' is mers-2010, not a riichi ruleset (riichi rulesets: ...)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from mjref.riichi import _messages  # noqa: F401  (registers the wording)
from mjref.rules import Chombo, EntryKind, RiichiSettings, Ruleset, get_ruleset, rulesets

DEFAULT_RULESET = "rcr-2016"

KINDS = (EntryKind.RIICHI_RULESET,)
"""The kind of registry entry the riichi judge accepts."""


@dataclass(frozen=True, slots=True)
class RiichiRules:
    """A riichi ruleset for the judge: the registry entry, its settings and its chombo.

    Equal (and hashed) by ``spec``, the entry and readings it was asked as.
    """

    id: str
    spec: str
    settings: RiichiSettings = field(compare=False)
    chombo: Chombo = field(compare=False)
    ruleset: Ruleset = field(compare=False, repr=False)

    def cite(self, topic: str) -> str:
        """The clause id the judge cites for ``topic`` (``furiten``, ``chombo`` ...)."""
        if topic == "chombo":
            return self.ruleset.qualified(self.chombo.clause)
        return self.ruleset.cite(topic)

    @property
    def topics(self) -> tuple[str, ...]:
        """Every point the judge cites a clause of this ruleset for."""
        return (*self.ruleset.cites, "chombo")


def riichi_rules(spec: str | Ruleset | RiichiRules = DEFAULT_RULESET) -> RiichiRules:
    """The riichi ruleset named ``spec`` (an id, alias or spec in any case, or an entry)."""
    if isinstance(spec, RiichiRules):
        return spec
    if isinstance(spec, str):
        return _by_name(spec)
    return _view(get_ruleset(spec, kinds=KINDS))


@lru_cache(maxsize=256)
def _by_name(spec: str) -> RiichiRules:
    return _view(get_ruleset(spec, kinds=KINDS))


@cache
def _cached(spec: str) -> RiichiRules:
    return _build(get_ruleset(spec, kinds=KINDS))


def _view(ruleset: Ruleset) -> RiichiRules:
    """One shared view per plain entry: ``riichi_rules("rcr") is riichi_rules("rcr-2016")``."""
    return _cached(ruleset.id) if ruleset.spec == ruleset.id else _build(ruleset)


def _build(ruleset: Ruleset) -> RiichiRules:
    # The registry guarantees both for a riichi ruleset (checked when the data is loaded).
    assert ruleset.riichi is not None
    assert ruleset.chombo is not None
    return RiichiRules(ruleset.id, ruleset.spec, ruleset.riichi, ruleset.chombo, ruleset)


def ruleset_ids() -> tuple[str, ...]:
    """The ids of the riichi rulesets, in the registry's order."""
    return tuple(r.id for r in rulesets().values() if r.kind in KINDS)
