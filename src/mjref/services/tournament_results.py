"""Use cases at the tables: hands and session results, rulings, lateness, substitutes,
disqualification, appeals and corrections.

Every recording function takes ``correcting`` and ``reason``: with them the entry is a
correction that supersedes the entry at position ``correcting`` (:func:`correct` voids
one). See :mod:`mjref.services.tournament` for how entries are checked and appended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from mjref.errors import InputError
from mjref.mcr.hand import McrHand as DeclaredHand
from mjref.mcr.judging import judge
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.kinds import Kind
from mjref.rules.model import Family
from mjref.rulings import Ruling, decide, incident_from_facts
from mjref.scoring.mcr import FalseHuPayment, HandOutcome
from mjref.services.tournament import EventLog, kept, load, record
from mjref.tiles.notation import format_hand
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.roster import check_text
from mjref.tournament.rulings import (
    check_discretion,
    disqualification,
    history_ruling,
    incident_player,
    needs_substitute,
    store_ruling,
)
from mjref.tournament.state import Tournament

MAX_GAME = 100


def _err(key: str, where: str | None = None, **params: object) -> TournamentError:
    return TournamentError(Message(key, dict(params)), where=where)


def _wrap(event: ev.Event, correcting: int | None, reason: str) -> ev.Event:
    if correcting is None:
        return event
    return ev.Corrected(correcting, event, check_text(reason, "reason", required=True))


def record_one(
    log: EventLog,
    tournament: str,
    event_of: Callable[[Tournament], ev.Event],
    *,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Record the one event ``event_of`` makes from the tournament as the log stands (the
    entry is checked and appended at once; a stale log is read again, as by ``record``)."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield event_of(t)

    return record(log, tournament, build, actor=actor, now=now)[0]


def family_of(log: EventLog, tournament: str) -> str:
    """The family the tournament plays: ``mcr`` or ``riichi``."""
    return load(log, tournament).family.value


# -- MCR hands ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FalseHuEntry:
    """A false hu during a hand, with its class (10 or 20 per opponent, MERS 2.10.2) given
    directly, taken from a recorded false-hu ruling (``ruling``: its position), or from
    the MCR judge's verdict on the hand shown (``hand``)."""

    player: PlayerId
    per_opponent: int | None = None
    ruling: int | None = None
    hand: DeclaredHand | None = None


@dataclass(frozen=True, slots=True)
class HandEntry:
    """A recorded hand: the entry, its points and flowers, and what each player gained
    or paid."""

    recorded: ev.Recorded
    points: int
    flowers: int
    payments: Mapping[PlayerId, int]


def _false_hu_class(t: Tournament, entry: FalseHuEntry) -> int:
    given = [x is not None for x in (entry.per_opponent, entry.ruling, entry.hand)]
    if sum(given) != 1:
        raise _err("tournament.false-hu-source", "false hu", player=entry.player)
    if entry.per_opponent is not None:
        return entry.per_opponent
    if entry.ruling is not None:
        found = t.rulings.get(t.origin.get(entry.ruling, entry.ruling))
        payment = None
        if found is not None and found.ruling.incident == "false-hu":
            payment = next(
                (c.points for c in found.ruling.consequences if c.kind == Kind.PAYMENT_EACH.value),
                None,
            )
        if payment is None:
            raise _err("tournament.false-hu-ruling", "false hu", seq=entry.ruling)
        return payment
    assert entry.hand is not None
    verdict = judge(entry.hand, t.settings.convention or "green-book")
    if verdict.is_valid_win or verdict.false_hu is None:
        raise _err(
            "tournament.false-hu-valid", "false hu", player=entry.player, points=verdict.total
        )
    return verdict.false_hu.per_opponent


def record_hand(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    hand: int,
    outcome: HandOutcome,
    winner: PlayerId | None = None,
    discarder: PlayerId | None = None,
    points: int | None = None,
    flowers: int = 0,
    declared: DeclaredHand | None = None,
    false_hus: Sequence[FalseHuEntry] = (),
    correcting: int | None = None,
    reason: str = "",
    actor: str,
    now: datetime,
) -> HandEntry:
    """One MCR hand: won on a discard (winner and discarder), self-drawn (winner) or a
    draw; the value as ``points`` (flowers included, ``flowers`` of them) or the hand
    ``declared`` in notation, judged by the MCR judge under the tournament's convention
    (it must be a valid win; a hand that is not is a false hu, entered in ``false_hus``).
    """

    def make(t: Tournament) -> ev.Event:
        if t.family is not Family.MCR:
            raise _err("tournament.wrong-family", family="MCR", actual=t.family.value)
        value, count, notation, convention = points or 0, flowers, "", ""
        if declared is not None:
            if points is not None:
                raise _err("tournament.points-and-hand", "hand")
            if declared.self_drawn != (outcome is HandOutcome.SELF_DRAWN):
                raise _err("tournament.self-drawn-mismatch", "hand")
            convention = t.settings.convention or "green-book"
            verdict = judge(declared, convention)
            if not verdict.is_valid_win:
                raise _err(
                    "tournament.hand-not-a-win",
                    "hand",
                    reason=verdict.false_hu.reason if verdict.false_hu else verdict.total,
                )
            value, count, notation = verdict.total, declared.flowers, format_hand(declared.tiles)
        elif outcome is not HandOutcome.DRAW and points is None:
            raise _err("tournament.points-needed", "hand")
        entries = tuple(FalseHuPayment(f.player, _false_hu_class(t, f)) for f in false_hus)
        event = ev.HandRecorded(
            session=session,
            table=table,
            hand=hand,
            outcome=outcome,
            winner=winner,
            discarder=discarder,
            points=value,
            flowers=count,
            false_hus=entries,
            notation=notation,
            convention=convention,
        )
        return _wrap(event, correcting, reason)

    recorded = record_one(log, tournament, make, actor=actor, now=now)
    event = recorded.event
    if isinstance(event, ev.Corrected):
        event = event.replacement  # type: ignore[assignment]
    assert isinstance(event, ev.HandRecorded)
    payments = kept(log, tournament).hand_payments(event)
    return HandEntry(recorded, event.points, event.flowers, payments)


def record_totals(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    scores: Sequence[int],
    correcting: int | None = None,
    reason: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """An MCR table's session from the score sheet: four scores in seat order (East,
    South, West, North) adding up to zero before penalties."""

    def make(t: Tournament) -> ev.Event:
        return _wrap(ev.SessionTotalsRecorded(session, table, tuple(scores)), correcting, reason)

    return record_one(log, tournament, make, actor=actor, now=now)


def record_riichi_result(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    scores: Sequence[int],
    sticks: int = 0,
    correcting: int | None = None,
    reason: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """A riichi table's session: the four final scores in seat order and the riichi
    sticks left on the table; together they make up four times the starting points."""

    def make(t: Tournament) -> ev.Event:
        event = ev.RiichiResultRecorded(session, table, tuple(scores), sticks)
        return _wrap(event, correcting, reason)

    return record_one(log, tournament, make, actor=actor, now=now)


# -- rulings -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RulingEntry:
    """A recorded ruling: the entries appended and the ruling as decided."""

    recorded: tuple[ev.Recorded, ...]
    ruling: Ruling


def _history(
    t: Tournament, player: PlayerId, session: int, game: int, skip: int | None
) -> list[Ruling]:
    skipped = set(t.chain(skip)) if skip is not None else set()
    found = []
    for r in sorted(t.rulings.values(), key=lambda r: r.seq):
        if r.player != player or r.origin in skipped or (r.session, r.game) > (session, game):
            continue
        found.append(history_ruling(r.ruling, r.player, r.session, r.game))
    return found


def rule(
    t: Tournament,
    incident: str,
    facts: Mapping[str, object],
    *,
    player: PlayerId,
    session: int,
    game: int = 1,
    skip: int | None = None,
) -> Ruling:
    """The ruling on an incident under the tournament's ruleset (a declared MCR hand judged
    under its scoring convention), with the player's earlier rulings in force as its
    history (so the foul ladder is counted from the log)."""
    t.player(player)
    if not 1 <= game <= MAX_GAME:
        raise InputError.of("tournament.bad-game", "--game", game=game, limit=MAX_GAME)
    built = incident_from_facts(
        incident, facts, player=incident_player(player), session=session, game=game
    )
    history = _history(t, player, session, game, skip)
    convention = t.settings.convention
    if convention is None:  # riichi: no MCR convention
        return decide(built, t.settings.ruleset, history)
    return decide(built, t.settings.ruleset, history, convention=convention)


def record_ruling(
    log: EventLog,
    tournament: str,
    *,
    player: PlayerId,
    session: int,
    incident: str,
    facts: Mapping[str, object],
    table: int | None = None,
    hand: int | None = None,
    game: int = 1,
    discretion: int | None = None,
    correcting: int | None = None,
    reason: str = "",
    actor: str,
    now: datetime,
) -> RulingEntry:
    """Rule on an incident against ``player`` and record the ruling. ``discretion``: the
    points the referee sets where the ruling leaves the amount to him (within the range
    the clause gives)."""
    decided: list[Ruling] = []

    def build(t: Tournament) -> Iterator[ev.Event]:
        ruling = rule(
            t, incident, facts, player=player, session=session, game=game, skip=correcting
        )
        stored = store_ruling(ruling, facts)
        check_discretion(stored, discretion, "--points")
        decided.append(ruling)
        event = ev.RulingRecorded(player, session, table, hand, game, stored, discretion)
        yield _wrap(event, correcting, reason)

    recorded = record(log, tournament, build, actor=actor, now=now)
    return RulingEntry(recorded, decided[-1])


def record_lateness(
    log: EventLog,
    tournament: str,
    *,
    player: PlayerId,
    session: int,
    minutes: int,
    substitute: PlayerId | None = None,
    correcting: int | None = None,
    reason: str = "",
    actor: str,
    now: datetime,
) -> RulingEntry:
    """A player arrives ``minutes`` late: the lateness ruling of the tournament's ruleset
    (MERS 2.3 and its readings, the 2009 overview, RCR 2016 5.7 / 2012 5.6). Beyond the
    limit the ruling puts a substitute in the seat from the start of the session: name
    him (``substitute``)."""
    decided: list[Ruling] = []

    def build(t: Tournament) -> Iterator[ev.Event]:
        facts = {"minutes": minutes}
        ruling = rule(t, "late-arrival", facts, player=player, session=session, skip=correcting)
        stored = store_ruling(ruling, facts)
        decided.append(ruling)
        yield _wrap(ev.LatenessRecorded(player, session, minutes, stored), correcting, reason)
        if correcting is not None:
            return
        if needs_substitute(stored):
            if substitute is None:
                raise _err("tournament.substitute-needed", "--substitute", player=player)
            yield ev.Substituted(session, player, substitute, ev.SubstitutionReason.LATE, False)
        elif substitute is not None:
            raise _err("tournament.substitute-not-needed", "--substitute")

    recorded = record(log, tournament, build, actor=actor, now=now)
    return RulingEntry(recorded, decided[-1])


def substitute(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    player: PlayerId,
    substitute: PlayerId,
    reason: ev.SubstitutionReason,
    during_play: bool = False,
    correcting: int | None = None,
    note: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """A substitute takes ``player``'s seat for ``session``. ``during_play``: after play at
    the table had begun (illness during the session, MERS 2010 4.1.2; disqualification,
    4.2; RCR 2016 5.8 / 2012 5.7: left out of the opponents' uma)."""

    def make(t: Tournament) -> ev.Event:
        event = ev.Substituted(session, player, substitute, reason, during_play)
        return _wrap(event, correcting, note)

    return record_one(log, tournament, make, actor=actor, now=now)


def disqualify(
    log: EventLog,
    tournament: str,
    *,
    player: PlayerId,
    session: int,
    incident: str | None = None,
    facts: Mapping[str, object] | None = None,
    scope: ev.Scope | None = None,
    substitute: PlayerId | None = None,
    during_play: bool = True,
    note: str = "",
    actor: str,
    now: datetime,
) -> tuple[ev.Recorded, ...]:
    """Disqualify a player: on an incident whose ruling disqualifies (cheating, serious
    disturbance, repeated obstruction: MERS 3.5, RCR 5.5), or by the referee's decision
    with a ``scope``. A ``substitute`` takes the seat for the rest of ``session``."""
    text = check_text(note, "note", required=False)

    def build(t: Tournament) -> Iterator[ev.Event]:
        stored = None
        found_scope = scope
        if incident is not None:
            ruling = rule(t, incident, dict(facts or {}), player=player, session=session)
            stored = store_ruling(ruling, dict(facts or {}))
            found_scope = disqualification(stored)
            if found_scope is None:
                raise _err("tournament.not-disqualifying", incident=incident)
        if found_scope is None:
            raise _err("tournament.scope-needed", "--scope")
        yield ev.Disqualified(player, session, found_scope, stored, text)
        if substitute is not None:
            yield ev.Substituted(
                session, player, substitute, ev.SubstitutionReason.DISQUALIFIED, during_play
            )

    return record(log, tournament, build, actor=actor, now=now)


# -- appeals and corrections -------------------------------------------------------------


def file_appeal(
    log: EventLog,
    tournament: str,
    *,
    ruling: int,
    player: PlayerId,
    note: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """``player`` appeals against the ruling at position ``ruling`` (MERS 2.2: at once; it
    is heard after the session)."""
    text = check_text(note, "note", required=False)

    def make(t: Tournament) -> ev.Event:
        return ev.AppealFiled(ruling, player, text)

    return record_one(log, tournament, make, actor=actor, now=now)


def decide_appeal(
    log: EventLog,
    tournament: str,
    *,
    appeal: int,
    upheld: bool,
    note: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """The decision on an appeal: upheld (the ruling's consequences no longer count) or
    rejected (they stand)."""
    text = check_text(note, "note", required=False)

    def make(t: Tournament) -> ev.Event:
        return ev.AppealDecided(appeal, upheld, text)

    return record_one(log, tournament, make, actor=actor, now=now)


def correct(
    log: EventLog,
    tournament: str,
    *,
    target: int,
    reason: str,
    replacement: ev.Event | None = None,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Supersede the entry at ``target`` with ``replacement`` (``None``: void it), giving
    the reason. The entry stays in the log, marked superseded."""
    text = check_text(reason, "reason", required=True)

    def make(t: Tournament) -> ev.Event:
        return ev.Corrected(target, replacement, text)

    return record_one(log, tournament, make, actor=actor, now=now)
