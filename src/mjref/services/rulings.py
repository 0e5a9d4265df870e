"""Use cases of the rulebook: rule on an incident (with the incidents before it), read facts
written as text, and look the rulesets up (list them, show a clause, compare two, list the
incident types).

Typed values in, typed values out: facts are JSON values (numbers as numbers, ``true``/
``false``), read once by :func:`mjref.rulings.incident_from_facts`; facts written as text
(``minutes=12``) are read into JSON values by :func:`facts_from_text` first. The JSON
shapes and the rendering in a language are :mod:`mjref.wire.rulings`.

>>> ruling = rule_incident(IncidentReport("late-arrival", {"minutes": 10}), "ema-2009")
>>> ruling.compact()
('deduction:10 @ema-2009:late-up-to-10',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from mjref.mcr.conventions import DEFAULT_CONVENTION
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules import (
    RULEBOOKS,
    Clause,
    Family,
    Ruleset,
    aliases,
    get_rulebook,
    resolve_clause,
    rulesets,
)
from mjref.rulings import (
    Incident,
    Ruling,
    decide,
    describe_type,
    fact_doc,
    fact_fields,
    incident_from_facts,
    incident_summary,
    incident_type,
    incident_types,
)
from mjref.rulings import facts_from_text as _facts_from_text

if TYPE_CHECKING:
    from mjref.rules.diff import RulesetDiff

DEFAULT_RULESET = "mers"

MAX_HISTORY = 10_000
"""The most earlier incidents a ruling request may carry."""

__all__ = [
    "DEFAULT_CONVENTION",
    "DEFAULT_RULESET",
    "MAX_HISTORY",
    "FactInfo",
    "Family",
    "IncidentInfo",
    "IncidentReport",
    "Ruling",
    "common_facts",
    "compare_rulesets",
    "facts_from_text",
    "list_incidents",
    "list_rulesets",
    "rule_incident",
    "ruleset_aliases",
    "show_clause",
]


def _no_facts() -> Mapping[str, object]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class IncidentReport:
    """An incident as reported: its type, its facts (JSON values), who and when."""

    incident: str
    facts: Mapping[str, object] = field(default_factory=_no_facts)
    player: PlayerId | None = None
    session: int | None = None
    game: int | None = None


def rule_incident(
    report: IncidentReport,
    ruleset: str = DEFAULT_RULESET,
    history: Sequence[IncidentReport] = (),
    *,
    convention: str = DEFAULT_CONVENTION,
) -> Ruling:
    """Rule on one incident under ``ruleset`` (a spec such as ``mers-2008+italian``);
    ``history`` holds the incidents before it, decided in order under the same ruleset
    first (the foul ladder counts them); ``convention`` is the MCR scoring convention a
    declared hand is judged under (a false hu, a winning tile not shown).

    Raises :class:`~mjref.rulings.IncidentError` for a wrong fact,
    :class:`~mjref.rulings.NotCoveredError` when no rule covers the incident.
    """
    rs = get_rulebook(ruleset)
    earlier: list[Ruling] = []
    for entry in history:
        earlier.append(decide(_incident(entry), rs, earlier, convention=convention))
    return decide(_incident(report), rs, earlier, convention=convention)


def _incident(report: IncidentReport) -> Incident:
    return incident_from_facts(
        report.incident,
        report.facts,
        player=report.player,
        session=report.session,
        game=report.game,
    )


def facts_from_text(incident: str, pairs: Sequence[str]) -> dict[str, object]:
    """``NAME=VALUE`` texts as JSON values of the incident's facts (``minutes=12`` is 12,
    ``hand.flowers=2`` goes into the hand object); a fact given twice is refused."""
    return _facts_from_text(incident, pairs)


# --- look-ups ------------------------------------------------------------------------------


def list_rulesets() -> tuple[Ruleset, ...]:
    """Every entry of the rules registry (regulations, riichi rulesets, scoring
    conventions) with its default readings."""
    return tuple(rulesets().values())


def ruleset_aliases() -> Mapping[str, str]:
    """Every alias and the entry (or spec) it names."""
    return MappingProxyType(dict(sorted(aliases().items())))


def show_clause(clause_id: str) -> tuple[Ruleset, Clause]:
    """A clause by id and the entry it was asked under, with that spec's readings applied
    (``mers-2008+italian:2.3``; the entry part may be an alias, in any case)."""
    return resolve_clause(clause_id)


def compare_rulesets(left: str, right: str) -> RulesetDiff:
    """What differs between two rulesets or readings, situation by situation."""
    from mjref.rules.diff import diff_rulesets  # here: a ruling never needs it

    return diff_rulesets(left, right)


@dataclass(frozen=True, slots=True)
class FactInfo:
    name: str
    kind: Message
    required: bool
    default: object
    doc: Message


@dataclass(frozen=True, slots=True)
class IncidentInfo:
    name: str
    title: Message
    summary: Message
    families: tuple[str, ...]
    covered_by: tuple[str, ...]
    facts: tuple[FactInfo, ...]


_COMMON = ("player", "session", "game", "dealer")


def list_incidents(family: Family | None = None) -> tuple[IncidentInfo, ...]:
    """The incident vocabulary: each type, its facts and the rulesets of its family."""
    found = []
    for name, cls in incident_types().items():
        families = tuple(sorted(f.value for f in cls.FAMILIES))
        if family is not None and family not in cls.FAMILIES:
            continue
        facts = tuple(
            FactInfo(fname, describe_type(kind), required, default, fact_doc(cls, fname))
            for fname, kind, _, required, default in fact_fields(cls)
            if fname not in _COMMON
        )
        found.append(
            IncidentInfo(
                name=name,
                title=Message(f"rulings.incident.{name}", {}),
                summary=incident_summary(cls),
                families=families,
                covered_by=tuple(
                    r.id
                    for r in rulesets().values()
                    if r.family in cls.FAMILIES and r.kind in RULEBOOKS
                ),
                facts=facts,
            )
        )
    return tuple(found)


def common_facts() -> tuple[FactInfo, ...]:
    """The facts every incident takes (who and when; the dealer for riichi chombo)."""
    cls = incident_type("late-arrival")
    return tuple(
        FactInfo(fname, describe_type(kind), required, default, fact_doc(cls, fname))
        for fname, kind, _, required, default in fact_fields(cls)
        if fname in _COMMON
    )
