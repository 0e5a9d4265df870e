"""Rulesets as values: documents, clauses, their outcomes and the consequences they require.

A *clause* is one rule of one document as printed (``mers-2008:2.6.2``). Its
*outcomes* are the cases it distinguishes (a tile taken from the wrong end of the
wall and put in the hand, or not), each with the consequences it requires and the
*situations* it decides: the stable keys (``wrong-wall-tile/in-hand``) that incident
types in :mod:`mjref.rulings` produce from their facts. Mapping situations rather
than section numbers is how the same incident is ruled under texts that number
their sections differently.

A ruleset may depend on *options*: named readings of points where the texts
disagree (lateness thresholds, what the foul ladder counts). A :class:`Ruleset`
value carries the choice made for each option; :attr:`Ruleset.spec` names it
(``mers-2008+italian``, ``ema-2009+ladder-reset=session``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from mjref.rules.kinds import Kind, Party

LANGUAGES = ("en", "hu", "it", "fr", "nl")
"""Languages of the texts in the seeds (and of the MCR catalogues)."""


class Family(enum.StrEnum):
    MCR = "mcr"
    RIICHI = "riichi"


def _frozen() -> Mapping[str, object]:
    return MappingProxyType({})


def _frozen_str() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class ConsequenceSpec:
    """One consequence as the data file states it.

    ``clause`` is set when the consequence is required by another clause of the same
    document than the one holding the outcome (e.g. the referee's extra penalty of 3.4
    listed with 1.8); ``also`` names clauses that restate or define it (3.2 for a dead
    hand). ``when`` limits it to some option choices.
    """

    kind: Kind
    params: Mapping[str, object] = field(default_factory=_frozen)
    party: Party = Party.OFFENDER
    clause: str | None = None
    also: tuple[str, ...] = ()
    when: Mapping[str, str] = field(default_factory=_frozen_str)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A case a clause distinguishes: the situations it decides and what it requires."""

    name: str
    decides: tuple[str, ...]
    consequences: tuple[ConsequenceSpec, ...]
    when: Mapping[str, str] = field(default_factory=_frozen_str)


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule of one document.

    - ``key``: the section number in the document's reference numbering (MERS: the
      English numbering, also for the French 2010 text), or a name where the document
      has no numbers (``false-hu-shape`` in the Dutch overview).
    - ``sections``: the number as printed in each language version in the seeds
      (``{"fr": "2.6.3"}``); ``location`` says where an unnumbered rule stands.
    - ``summary``: what the rule says, in the project's own words (English; the
      translations live in the catalogues under ``summary_key``).
    - ``note``: where the texts are silent, ambiguous or differ between language
      versions, and what mjref does about it.
    - ``in_seeds``: ``False`` for a rule from outside the seed texts (``source`` says
      where it comes from), e.g. the RCR chombo amounts of section 3.4.6.
    """

    ruleset: str
    key: str
    topic: str
    sections: Mapping[str, str]
    summary: str
    summary_key: str
    outcomes: Mapping[str, Outcome]
    location: str | None = None
    note: str | None = None
    in_seeds: bool = True
    source: str | None = None
    when: Mapping[str, str] = field(default_factory=_frozen_str)
    params: Mapping[str, object] = field(default_factory=_frozen)

    @property
    def id(self) -> str:
        return f"{self.ruleset}:{self.key}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One reading of an option: what it says and which text it comes from."""

    name: str
    description: str
    source: str
    params: Mapping[str, object] = field(default_factory=_frozen)


@dataclass(frozen=True, slots=True)
class Option:
    """A point where texts differ, with the readings mjref can apply."""

    name: str
    title: str
    default: str
    choices: Mapping[str, Choice]


@dataclass(frozen=True, slots=True)
class Ladder:
    """The foul ladder: ``steps`` (0 = warning) then ``then`` more points per further foul."""

    clause: str
    reset_clause: str
    steps: tuple[int, ...]
    then: int
    carry: tuple[str, ...]
    """Infractions whose ladder entries are not reset between sessions (MERS 3.6)."""

    def points(self, index: int) -> int:
        """Points for the foul at 0-based position ``index`` (0 is the first foul).

        >>> Ladder("3.1", "3.6", (0, 5, 10, 20, 30), 10, ()).points(6)
        50
        """
        if index < len(self.steps):
            return self.steps[index]
        return self.steps[-1] + self.then * (index - len(self.steps) + 1)


@dataclass(frozen=True, slots=True)
class Chombo:
    """A riichi chombo: amount and when it is applied."""

    clause: str
    timing: str
    points: int | None = None
    """A flat deduction (RCR 2016: 20,000 after uma)."""
    dealer_pays_each: int | None = None
    non_dealer_pays_dealer: int | None = None
    non_dealer_pays_others: int | None = None
    """Paid at the table like a reversed mangan (RCR 2012)."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A document (and the readings applied to it) as an executable rulebook."""

    id: str
    family: Family
    document: str
    edition: str
    languages: tuple[str, ...]
    primary: str
    sources: Mapping[str, str]
    aliases: tuple[str, ...]
    note: str
    clauses: Mapping[str, Clause]
    options: Mapping[str, Option]
    readings: Mapping[str, Mapping[str, str]]
    choices: Mapping[str, str]
    ladder: Ladder | None = None
    chombo: Chombo | None = None
    base: Ruleset | None = None
    dead_hand_clause: str | None = None
    spec: str = ""

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses.values())

    def clause(self, key: str) -> Clause:
        """A clause by key (``2.6.2``) or full id (``mers-2008:2.6.2``)."""
        if ":" in key:
            prefix, _, key = key.partition(":")
            if prefix != self.id:
                raise KeyError(f"{prefix}:{key} is not a clause of {self.id}")
        return self.clauses[key]

    def choice(self, option: str) -> str | None:
        """The reading applied to ``option``; the base ruleset's default if this one has none."""
        if option in self.choices:
            return self.choices[option]
        if self.base is not None:
            return self.base.choice(option)
        return None

    def choice_params(self, option: str) -> Mapping[str, object]:
        """The parameters of the reading applied to ``option`` (e.g. lateness bands)."""
        if option in self.options:
            return self.options[option].choices[self.choices[option]].params
        if self.base is not None:
            return self.base.choice_params(option)
        raise KeyError(f"{self.id} has no option {option!r}")

    def active(self, when: Mapping[str, str]) -> bool:
        """Whether a ``when`` condition holds under the readings applied."""
        return all(self.choice(option) == value for option, value in when.items())

    def chain(self) -> tuple[Ruleset, ...]:
        """This document, then its base (unless the reading keeps to this document alone)."""
        if self.base is not None and self.choice("outside-overview") != "not-covered":
            return (self, self.base)
        return (self,)

    def resolve(self, situation: str) -> tuple[Ruleset, Clause, Outcome] | None:
        """The document, clause and outcome that decide ``situation`` under the readings
        applied: this document first, then its base."""
        for doc in self.chain():
            for clause in doc.clauses.values():
                if not self.active(clause.when):
                    continue
                for outcome in clause.outcomes.values():
                    if situation in outcome.decides and self.active(outcome.when):
                        return doc, clause, outcome
        return None

    def situations(self) -> tuple[str, ...]:
        """Every situation this document (without its base) can decide, in data order."""
        found: dict[str, None] = {}
        for clause in self.clauses.values():
            for outcome in clause.outcomes.values():
                found.update(dict.fromkeys(outcome.decides))
        return tuple(found)

    def qualified(self, ref: str) -> str:
        """A clause reference as a full id (``3.2`` -> ``mers-2008:3.2``)."""
        return ref if ":" in ref else f"{self.id}:{ref}"
