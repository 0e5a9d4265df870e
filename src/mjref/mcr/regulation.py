"""What the MCR judge takes from the tournament regulations, with the clauses that say so.

The regulation (an entry of the rules registry of kind ``regulation``: ``mers-2008``,
``mers-2010``, ``ema-2009``, with any reading) decides the two false-hu classes - a hand
that is not a valid mahjong, and a valid one under the minimum - and the fans that a
winning tile not shown clearly voids. The judge reads them from the same clauses the
rulebook cites, so a verdict cites ``mers-2008:2.10.2`` (or the clause of the regulation
the caller names) and pays what that clause says.

>>> terms = regulation_terms("mers-2008")
>>> terms.invalid.clause, terms.invalid.per_opponent, terms.under_minimum.per_opponent
('mers-2008:2.10.2', 20, 10)
>>> regulation_terms("ema").invalid.clause
'ema-2009:false-hu-shape'
>>> regulation_terms("mers").not_shown.clause, len(regulation_terms("mers").not_shown.voids)
('mers-2010:1.9', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mjref.mcr.fans import Fan
from mjref.rules import ConsequenceSpec, EntryKind, Kind, Ruleset, get_ruleset

DEFAULT_REGULATION = "mers-2008"
"""The regulation a verdict cites when the caller names none: MERS v1.0 (2008), whose
English text is the reference the translations follow."""

KINDS = (EntryKind.REGULATION,)

INVALID = "false-hu/shown/invalid"
UNDER_MINIMUM = "false-hu/shown/under-8"
NOT_SHOWN = "winning-tile-not-shown"


@dataclass(frozen=True, slots=True)
class FalseHuClass:
    """One false-hu class of a regulation: its situation, clause and the points paid."""

    situation: str
    clause: str
    per_opponent: int


@dataclass(frozen=True, slots=True)
class VoidedFans:
    """The fans not scored when the winning tile was not shown clearly, and the clause.

    ``kept`` are fans another reading of the same clause voids and this one does not (Last
    Tile under the Hungarian reading of MERS 2008 1.9), so a verdict can say the reading
    kept them."""

    clause: str
    voids: frozenset[Fan]
    kept: frozenset[Fan] = frozenset()


@dataclass(frozen=True, slots=True)
class RegulationTerms:
    """What one regulation (readings applied) decides for the MCR judge."""

    regulation: str
    invalid: FalseHuClass
    under_minimum: FalseHuClass
    not_shown: VoidedFans


def regulation_terms(spec: str | Ruleset = DEFAULT_REGULATION) -> RegulationTerms:
    """The terms of the regulation named ``spec`` (id, alias or spec, any case; or its entry).

    Raises :class:`~mjref.rules.RulesetError` for a name that is not a regulation."""
    return _terms(spec if isinstance(spec, str) else spec.spec)


@lru_cache(maxsize=64)
def _terms(spec: str) -> RegulationTerms:
    ruleset = get_ruleset(spec, kinds=KINDS)
    void_clause, void = _consequence(ruleset, NOT_SHOWN, Kind.FANS_VOID)
    voids = _fans(void)
    named: set[Fan] = set()
    for other in _consequences(ruleset, NOT_SHOWN):
        if other.kind is Kind.FANS_VOID:
            named.update(_fans(other))
    return RegulationTerms(
        regulation=ruleset.spec,
        invalid=_false_hu(ruleset, INVALID),
        under_minimum=_false_hu(ruleset, UNDER_MINIMUM),
        not_shown=VoidedFans(void_clause, voids, frozenset(named - voids)),
    )


def _fans(spec: ConsequenceSpec) -> frozenset[Fan]:
    titles = spec.params["fans"]
    assert isinstance(titles, tuple)
    return frozenset(Fan.by_title(str(t)) for t in titles)


def _consequences(ruleset: Ruleset, situation: str) -> tuple[ConsequenceSpec, ...]:
    """Every consequence of the outcome deciding ``situation``, whatever reading it is for."""
    hit = ruleset.resolve(situation) or (ruleset.base and ruleset.base.resolve(situation))
    return hit[2].consequences if hit else ()


def _false_hu(ruleset: Ruleset, situation: str) -> FalseHuClass:
    clause, spec = _consequence(ruleset, situation, Kind.PAYMENT_EACH)
    points = spec.params["points"]
    assert isinstance(points, int)
    return FalseHuClass(situation, clause, points)


def _consequence(ruleset: Ruleset, situation: str, kind: Kind) -> tuple[str, ConsequenceSpec]:
    # A reading that keeps a document to itself (ema-2009+overview-only) limits what it
    # rules on, not how hands are scored: the judge falls back on the base text then.
    hit = ruleset.resolve(situation)
    if hit is None and ruleset.base is not None:
        hit = ruleset.base.resolve(situation)
    if hit is None:
        raise RuntimeError(f"{ruleset.spec} does not decide {situation!r} for the MCR judge")
    owner, clause, outcome = hit
    for spec in outcome.consequences:
        if spec.kind is kind and ruleset.active(spec.when):
            return owner.qualified(clause.key), spec
    raise RuntimeError(f"{clause.id} ({outcome.name}) has no {kind.value} consequence")
