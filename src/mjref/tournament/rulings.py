"""Rulings in the log: how a :class:`~mjref.rulings.Ruling` is stored, what it costs in
points, and how the stored rulings become the history the next ruling is decided with.

A ruling is stored as decided (consequences, clauses, amounts), so reading the log never
judges again. What a consequence costs the offender:

- a step on the foul ladder with points (MERS 3.1: from the offender only);
- a deduction (lateness: MERS 2.3, RCR 2016 5.7 / 2012 5.6), with its timing;
- a chombo the offender pays to nobody (RCR 2016 3.4.6: 20,000 after uma);
- the points a referee chose where the ruling leaves the amount to him (``discretion``:
  MERS 3.4, the Dutch overview's 10-60, RCR 5.5's 8,000 or 12,000 and 12,000-48,000),
  checked against the range the clause gives.

Payments between players at the table (a false hu's 10 or 20 to each opponent, MERS
2.10.2; a chombo paid to the others, RCR 2012 3.4.6) are part of the table's scores, not
penalties: a false-hu ruling recorded with its table and hand is part of that hand
(:func:`false_hu_payment`; the fold adds it to the hand unless the hand names it itself),
one recorded without a hand is entered with the hand (``ruling=POSITION``) or is already in
the totals of a score sheet, and none is counted a second time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from mjref.errors import InputError
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.kinds import Kind, Party, Timing
from mjref.rulings import Consequence, Ruling, incident_from_facts
from mjref.tournament import _messages  # noqa: F401  (registers the wording)
from mjref.tournament.codec import plain
from mjref.tournament.events import Scope, StoredConsequence, StoredMessage, StoredRuling

MAX_DISCRETION = 100_000
"""The largest amount a referee may set where the text leaves it open."""


@dataclass(frozen=True, slots=True)
class PenaltyPoints:
    """Points deducted from the offender only: how many, when (``None``: the ruleset does
    not distinguish, MCR), the clause and the consequence kind it comes from."""

    points: int
    timing: Timing | None
    clause: str
    kind: str


def store_message(message: Message) -> StoredMessage:
    """A message in stored form (nested messages and tuples kept)."""
    return StoredMessage(message.key, MappingProxyType(_store_params(message.params)))


def _store_params(params: Mapping[str, object]) -> dict[str, object]:
    return {str(k): _store_value(v) for k, v in params.items()}


def _store_value(value: object) -> object:
    if isinstance(value, Message):
        return MappingProxyType(
            {"$key": value.key, "$params": MappingProxyType(_store_params(value.params))}
        )
    if isinstance(value, (list, tuple)):
        return tuple(_store_value(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def message_of(stored: StoredMessage) -> Message:
    """The message a stored message holds."""
    return Message(stored.key, {k: _message_value(v) for k, v in stored.params.items()})


def _message_value(value: object) -> object:
    if isinstance(value, Mapping) and set(value) == {"$key", "$params"}:
        params = value["$params"]
        assert isinstance(params, Mapping)
        return Message(str(value["$key"]), {k: _message_value(v) for k, v in params.items()})
    if isinstance(value, tuple):
        return tuple(_message_value(v) for v in value)
    return value


def _json_param(value: object) -> object:
    if isinstance(value, (list, tuple)):
        return tuple(_json_param(v) for v in value)
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _json_param(v) for k, v in value.items()})
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def store_consequence(c: Consequence) -> StoredConsequence:
    params = _json_param(c.params)
    assert isinstance(params, Mapping)
    return StoredConsequence(
        kind=c.kind.value,
        clause=c.clause,
        party=c.party.value,
        points=c.points,
        params=params,
        also=c.also,
        situation=c.situation,
        outcome=c.outcome,
        message=store_message(c.message),
    )


def store_ruling(ruling: Ruling, facts: Mapping[str, object]) -> StoredRuling:
    """``ruling`` as recorded; ``facts`` are the incident's facts as given (JSON form)."""
    frozen = plain(dict(facts))
    assert isinstance(frozen, Mapping)
    return StoredRuling(
        incident=ruling.incident.NAME,
        facts=frozen,
        ruleset=ruling.ruleset,
        consequences=tuple(store_consequence(c) for c in ruling.consequences),
        citations=tuple(c.clause_id for c in ruling.citations),
        notes=tuple(store_message(n) for n in ruling.notes),
    )


def _thawed(value: object) -> object:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


def history_ruling(stored: StoredRuling, player: PlayerId, session: int, game: int) -> Ruling:
    """The ruling as the rulebook's history needs it (the incident rebuilt from its facts,
    the consequences as decided): the foul ladder and repetitions are counted from it."""
    facts = _thawed(stored.facts)
    assert isinstance(facts, dict)
    incident = incident_from_facts(
        stored.incident, facts, player=incident_player(player), session=session, game=game
    )
    return Ruling(
        incident=incident,
        ruleset=stored.ruleset,
        consequences=tuple(_consequence(c) for c in stored.consequences),
        citations=(),
    )


def incident_player(player: PlayerId) -> PlayerId:
    """How a tournament player is named in an incident (the rulebook's ``player`` fact):
    the same number (one player identity, :mod:`mjref.players`)."""
    return player


def _consequence(stored: StoredConsequence) -> Consequence:
    return Consequence(
        kind=Kind(stored.kind),
        clause=stored.clause,
        party=Party(stored.party),
        message=message_of(stored.message),
        points=stored.points,
        params=stored.params,
        also=stored.also,
        situation=stored.situation,
        outcome=stored.outcome,
    )


def _timing(params: Mapping[str, object]) -> Timing | None:
    value = params.get("timing")
    return Timing(str(value)) if value is not None else None


def discretion_range(stored: StoredRuling) -> StoredConsequence | None:
    """The consequence leaving a point amount to the referee, if the ruling has one."""
    return next((c for c in stored.consequences if c.kind == Kind.DISCRETION.value), None)


def check_discretion(stored: StoredRuling, points: int | None, where: str) -> None:
    """The referee's amount fits the range or choices the clause gives (or none is given)."""
    if points is None:
        return
    spec = discretion_range(stored)
    if spec is None:
        raise InputError.of("tournament.discretion-not-open", where, incident=stored.incident)
    params = spec.params
    choices = params.get("choices")
    if isinstance(choices, tuple):
        if points not in choices:
            raise InputError.of(
                "tournament.discretion-choice",
                where,
                points=points,
                choices=", ".join(str(c) for c in choices),
                clause=spec.clause,
            )
        return
    low, high = params.get("min", 1), params.get("max", MAX_DISCRETION)
    assert isinstance(low, int)
    assert isinstance(high, int)
    if not low <= points <= high:
        raise InputError.of(
            "tournament.discretion-range",
            where,
            points=points,
            low=low,
            high=high,
            clause=spec.clause,
        )


def penalties(stored: StoredRuling, discretion: int | None = None) -> tuple[PenaltyPoints, ...]:
    """The points ``stored`` deducts from the offender only (see the module's list)."""
    found: list[PenaltyPoints] = []
    for c in stored.consequences:
        if c.party != Party.OFFENDER.value:
            continue
        timing = _timing(c.params)
        own = c.kind in (Kind.LADDER.value, Kind.DEDUCTION.value)
        # A chombo paid to nobody (RCR 2016); one paid to the others is in the scores.
        own = own or (c.kind == Kind.CHOMBO.value and c.params.get("to_others") is False)
        if own and c.points:
            found.append(PenaltyPoints(c.points, timing, c.clause, c.kind))
        elif c.kind == Kind.DISCRETION.value and discretion:
            found.append(PenaltyPoints(discretion, timing, c.clause, c.kind))
    return tuple(found)


def false_hu_payment(stored: StoredRuling) -> int | None:
    """What a false-hu ruling makes the offender pay each other player (MERS 2.10.2: 10 or
    20), or ``None`` for any other ruling (a riichi false win is a chombo, not this)."""
    if stored.incident != "false-hu":
        return None
    return next(
        (
            c.points
            for c in stored.consequences
            if c.kind == Kind.PAYMENT_EACH.value and c.party == Party.OFFENDER.value and c.points
        ),
        None,
    )


def disqualification(stored: StoredRuling) -> Scope | None:
    """The widest disqualification the ruling pronounces (session or tournament)."""
    scopes = {
        str(c.params.get("scope"))
        for c in stored.consequences
        if c.kind == Kind.DISQUALIFICATION.value
    }
    if Scope.TOURNAMENT.value in scopes:
        return Scope.TOURNAMENT
    if Scope.SESSION.value in scopes:
        return Scope.SESSION
    return None


def needs_substitute(stored: StoredRuling) -> bool:
    """Whether the ruling puts a substitute in the player's seat (lateness beyond the
    limit: MERS 2.3, RCR 2016 5.7 / 2012 5.6)."""
    return any(c.kind == Kind.SUBSTITUTE.value for c in stored.consequences)


def ladder_steps(stored: StoredRuling) -> Sequence[StoredConsequence]:
    """The ruling's steps on the foul ladder (a warning is a step of 0 points)."""
    return [c for c in stored.consequences if c.kind == Kind.LADDER.value]
