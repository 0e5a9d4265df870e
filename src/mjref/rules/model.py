"""Rulesets as values: documents, clauses, their outcomes and the consequences they require.

A *clause* is one rule of one document as printed (``mers-2008:2.6.2``). Its
*outcomes* are the cases it distinguishes (a tile taken from the wrong end of the
wall and put in the hand, or not), each with the consequences it requires and the
*situations* it decides: the stable keys (``wrong-wall-tile/in-hand``) that incident
types in :mod:`mjref.rulings` produce from their facts. Mapping situations rather
than section numbers is how the same incident is ruled under texts that number
their sections differently.

A ruleset may depend on *options*: points where the texts disagree or are open
(lateness thresholds, what the foul ladder counts, the disputed points of MCR
scoring). Each option has named choices; a *reading* is the choice applied to an
option, and a named reading (``+italian``) applies several at once. A
:class:`Ruleset` value carries the choice made for each option; :attr:`Ruleset.spec`
names it (``mers-2008+italian``, ``ema-2009+ladder-reset=session``, ``mil+D3=not-counted``).

Every entry of the registry is a :class:`Ruleset` of one :class:`EntryKind`: a
regulation (MERS, the EMA overview), a riichi ruleset (RCR, with the riichi judge's
settings in :class:`RiichiSettings`) or an MCR scoring convention (``green-book``,
``mil``: the disputed points D1-D8 are its options).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from mjref.rules.kinds import Kind, Party, Timing

LANGUAGES = ("en", "hu", "it", "fr", "nl")
"""Languages of the texts in the seeds (and of the MCR catalogues)."""


class Family(enum.StrEnum):
    MCR = "mcr"
    RIICHI = "riichi"


class EntryKind(enum.StrEnum):
    """What a registry entry is, and so where its name is accepted."""

    REGULATION = "regulation"
    """Tournament regulations that rule on incidents (MERS, the EMA overview): ``mjref rule``."""
    RIICHI_RULESET = "riichi-ruleset"
    """Riichi rules (RCR): the riichi judge's settings and the incidents of chapter 5."""
    CONVENTION = "convention"
    """An MCR scoring convention: the readings of the disputed points D1-D8."""


RULEBOOKS = (EntryKind.REGULATION, EntryKind.RIICHI_RULESET)
"""The kinds that rule on incidents (``mjref rule --ruleset``)."""


class Kazoe(enum.StrEnum):
    """What 13 or more han without a yakuman pattern is worth (riichi)."""

    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


class Renhou(enum.StrEnum):
    """The value of renhou, a win on a discard before the player's first draw (riichi)."""

    MANGAN = "mangan"
    YAKUMAN = "yakuman"


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
    """A point where texts differ (or are open), with the choices mjref can apply.

    ``clauses`` are the keys of the clauses whose application the choice changes (the
    lateness bands of MERS 2.3, the value of Two Concealed Kongs for ``green-book:D1``).
    """

    name: str
    title: str
    default: str
    choices: Mapping[str, Choice]
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RiichiSettings:
    """What a riichi ruleset sets for the riichi judge (``[riichi]`` in its data file).

    The first fields are options of the ``mahjong`` package or numbers the corrections
    use; ``corrections`` names the corrections (:mod:`mjref.riichi.corrections`) run on
    the package's result, in order. The clauses the judge cites are the ruleset's
    ``cites``; the chombo amounts are its :class:`Chombo`.
    """

    open_tanyao: bool
    red_fives: bool
    double_yakuman: tuple[str, ...]
    kazoe: Kazoe
    kiriage: bool
    renhou: Renhou
    two_han_minimum_counters: int
    corrections: tuple[str, ...]


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
    timing: Timing
    points: int | None = None
    """A flat deduction (RCR 2016: 20,000 after uma)."""
    dealer_pays_each: int | None = None
    non_dealer_pays_dealer: int | None = None
    non_dealer_pays_others: int | None = None
    """Paid at the table like a reversed mangan (RCR 2012)."""


@dataclass(frozen=True, slots=True)
class ClockRules:
    """What a ruleset says about the session clock (``[clock]`` in its data file).

    ``signal_minutes``: how long before the end of a timed session the signal sounds,
    required by ``clause`` (RCR 2016 5.9 / 2012 5.8: 15 minutes). A ruleset without a
    ``[clock]`` table gives no signal. What the players do at the signal and when the time
    is up is not here: the clauses deciding the situations ``time-signal/...`` and
    ``time-expired`` say it (the ``time-expiry`` option of MERS 2008 among them).
    """

    clause: str
    signal_minutes: int


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A registry entry: a document (and the readings applied to it) as executable rules.

    ``options`` are the entry's own; a convention or document with a ``base`` also takes
    the base's options (:attr:`all_options`), and ``choices`` holds the reading applied to
    each (the data file's defaults, then its ``choices`` for the base's options, then the
    spec's ``+reading`` parts).
    """

    id: str
    kind: EntryKind
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
    riichi: RiichiSettings | None = None
    """The riichi judge's settings (riichi rulesets only)."""
    cites: Mapping[str, str] = field(default_factory=_frozen_str)
    """The clause a judge cites for each point it decides (``furiten`` -> ``3.4.5``)."""
    clock: ClockRules | None = None
    """The time signal of timed sessions, if the document sets one."""

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses.values())

    def clause(self, key: str) -> Clause:
        """A clause by key (``2.6.2``) or full id (``mers-2008:2.6.2``)."""
        if ":" in key:
            prefix, _, key = key.partition(":")
            if prefix != self.id:
                raise KeyError(f"{prefix}:{key} is not a clause of {self.id}")
        return self.clauses[key]

    @property
    def all_options(self) -> Mapping[str, Option]:
        """This entry's options, then those of its base it does not redefine."""
        if self.base is None:
            return self.options
        merged = dict(self.base.all_options)
        merged.update(self.options)
        return MappingProxyType(merged)

    def option_owner(self, option: str) -> Ruleset:
        """The entry (this one or a base) that defines ``option``."""
        if option in self.options:
            return self
        if self.base is not None:
            return self.base.option_owner(option)
        raise KeyError(f"{self.id} has no option {option!r}")

    def cite(self, topic: str) -> str:
        """The id of the clause cited for ``topic`` (``rcr-2016:3.4.5`` for ``furiten``),
        from this entry or its base."""
        if topic in self.cites:
            return f"{self.id}:{self.cites[topic]}"
        if self.base is not None:
            return self.base.cite(topic)
        raise KeyError(f"{self.id} cites no clause for {topic!r}")

    def clock_rules(self) -> tuple[Ruleset, ClockRules] | None:
        """The document setting the session clock's signal (this one or its base) and
        what it sets, or ``None`` when neither sets one."""
        if self.clock is not None:
            return self, self.clock
        return self.base.clock_rules() if self.base is not None else None

    def choice(self, option: str) -> str | None:
        """The reading applied to ``option``; the base ruleset's default if this one has none."""
        if option in self.choices:
            return self.choices[option]
        if self.base is not None:
            return self.base.choice(option)
        return None

    def applied(self, option: str) -> Choice:
        """The choice applied to ``option`` (own or the base's), with its description."""
        chosen = self.choice(option)
        if chosen is None:
            raise KeyError(f"{self.id} has no option {option!r}")
        return self.all_options[option].choices[chosen]

    def choice_params(self, option: str) -> Mapping[str, object]:
        """The parameters of the reading applied to ``option`` (e.g. lateness bands)."""
        return self.applied(option).params

    def options_of(self, clause: Clause) -> tuple[Option, ...]:
        """The options whose reading changes how ``clause`` applies: those naming it, and
        those its conditions (``when`` of the clause, its outcomes and consequences) test."""
        tested: dict[str, None] = dict.fromkeys(clause.when)
        for outcome in clause.outcomes.values():
            tested.update(dict.fromkeys(outcome.when))
            for spec in outcome.consequences:
                tested.update(dict.fromkeys(spec.when))
        # An option names clauses of the document that defines it.
        doc: Ruleset | None = self
        while doc is not None and doc.id != clause.ruleset:
            doc = doc.base
        named = [o.name for o in (doc.options if doc else {}).values() if clause.key in o.clauses]
        options = self.all_options
        return tuple(options[name] for name in dict.fromkeys([*named, *tested]) if name in options)

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
