"""A ruling: what an incident entails under a ruleset, each consequence with its clause.

>>> from mjref.rulings import decide, incident_from_facts
>>> ruling = decide(incident_from_facts("late-arrival", {"minutes": 10}), "mers-2008+italian")
>>> [(c.kind.value, c.points, c.clause) for c in ruling.consequences][:1]
[('deduction', 10, 'mers-2008:2.3')]
>>> [c.clause_id for c in ruling.citations]
['mers-2008:2.3']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.kinds import Kind, Party

if TYPE_CHECKING:
    from mjref.rulings.incident import Incident


def _frozen() -> Mapping[str, object]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Consequence:
    """One thing the ruling makes happen, and the clause that requires it.

    - ``clause``: the clause requiring it (``mers-2010:2.7.3``); ``also``: clauses that
      restate, define or size it (the ladder 3.1 and its reset 3.6 for a ladder step,
      3.2 for a dead hand, 3.4.6 for a chombo's amount).
    - ``points``: the amount where there is one (a deduction, the ladder step, a
      payment to each opponent, a chombo); 0 on the ladder is a warning.
    - ``situation`` and ``outcome``: which case of the clause applied.
    - ``message``: the explanation, a key and parameters (rendered by the adapters).
    """

    kind: Kind
    clause: str
    party: Party
    message: Message
    points: int | None = None
    params: Mapping[str, object] = field(default_factory=_frozen)
    also: tuple[str, ...] = ()
    situation: str = ""
    outcome: str = ""

    @property
    def is_foul(self) -> bool:
        """A step on the foul ladder (a warning included)."""
        return self.kind is Kind.LADDER

    def compact(self) -> str:
        """A short form for tests and logs: ``kind[:value][/timing] @clause``.

        >>> from mjref.messages import Message
        >>> Consequence(Kind.LADDER, "mers-2008:2.5.1", Party.OFFENDER, Message("x"), 0).compact()
        'ladder:warning @mers-2008:2.5.1'
        """
        value = _compact_value(self)
        head = f"{self.kind.value}:{value}" if value is not None else self.kind.value
        if "timing" in self.params:
            head += f"/{self.params['timing']}"
        return f"{head} @{self.clause}"


def _compact_value(c: Consequence) -> str | None:
    if c.kind is Kind.LADDER:
        return "warning" if c.points == 0 else str(c.points)
    if c.points is not None:
        return str(c.points)
    if c.kind is Kind.FANS_VOID:
        return ",".join(str(f) for f in c.params["fans"])  # type: ignore[attr-defined]
    if c.kind is Kind.DISCRETION and "min" in c.params:
        return f"{c.params['min']}-{c.params['max']}"
    if c.kind is Kind.DISCRETION and "choices" in c.params:
        return "|".join(str(v) for v in c.params["choices"])  # type: ignore[attr-defined]
    for name in ("action", "rule", "scope", "to", "incident", "what", "amount"):
        if name in c.params:
            return str(c.params[name])
    for name in ("claimable", "penalty", "counted", "declare"):
        if name in c.params:
            return f"{name}={str(c.params[name]).lower()}"
    return None


@dataclass(frozen=True, slots=True)
class Citation:
    """A clause a ruling relied on, with what a reader needs to look it up."""

    clause_id: str
    ruleset: str
    key: str
    document: str
    edition: str
    sections: Mapping[str, str]
    location: Message | None
    primary: str
    summary: Message
    in_seeds: bool = True
    source: str | None = None

    def section(self, language: str | None = None) -> tuple[str, str] | None:
        """The section number as printed, with the language of the version it is taken
        from: ``language``'s version if it has one, else the primary version, else any;
        ``None`` for an unnumbered rule (see :attr:`location`)."""
        for lang in (language, self.primary, *self.sections):
            if lang is not None and lang in self.sections:
                return self.sections[lang], lang
        return None


@dataclass(frozen=True, slots=True)
class Ruling:
    """The answer to one incident under one ruleset (and its readings)."""

    incident: Incident
    ruleset: str
    """The ruleset spec, readings included (``mers-2008+italian``)."""
    consequences: tuple[Consequence, ...]
    citations: tuple[Citation, ...]
    notes: tuple[Message, ...] = ()
    """What the ruling took into account: the judge's verdict, the ladder position, the
    reading applied."""
    convention: str | None = None
    """MCR: the scoring convention (spec) a declared hand is judged under (``green-book``)."""

    @property
    def player(self) -> PlayerId | None:
        return self.incident.player

    @property
    def ladder_step(self) -> Consequence | None:
        """The foul-ladder consequence of this ruling, if any."""
        return next((c for c in self.consequences if c.is_foul), None)

    def kinds(self) -> tuple[Kind, ...]:
        return tuple(c.kind for c in self.consequences)

    def compact(self) -> tuple[str, ...]:
        """Every consequence in its short form (see :meth:`Consequence.compact`)."""
        return tuple(c.compact() for c in self.consequences)
