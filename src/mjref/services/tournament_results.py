"""Use cases at the tables: hands and session results, rulings, lateness, substitutes,
disqualification, appeals and corrections.

Every recording function takes ``correcting`` and ``reason``: with them the entry is a
correction that supersedes the entry at position ``correcting`` (:func:`correct` voids
one). See :mod:`mjref.services.tournament` for how entries are checked and appended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from mjref.errors import InputError
from mjref.mcr.conventions import DEFAULT_CONVENTION
from mjref.mcr.hand import McrHand as DeclaredHand
from mjref.mcr.judging import judge
from mjref.mcr.verdict import Verdict
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.kinds import Kind
from mjref.rules.model import Family
from mjref.rulings import Ruling, decide, incident_from_facts
from mjref.scoring.mcr import FalseHuPayment, HandOutcome
from mjref.services.tournament import EventLog, kept, load, record
from mjref.tiles import Wind
from mjref.tiles.notation import format_hand
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.family import family_rules
from mjref.tournament.hand_winds import HandWinds
from mjref.tournament.hand_winds import hand_winds as winds_of_hand
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


def _check_winds_reason(
    seat_wind: Wind | None, prevalent_wind: Wind | None, winds_reason: str, hand: int
) -> str:
    """The reason for winds given instead of the derived ones: required with them, refused
    without them."""
    if seat_wind is None and prevalent_wind is None:
        if winds_reason.strip():
            raise _err("tournament.winds-reason-alone")
        return ""
    if not winds_reason.strip():
        raise _err("tournament.winds-reason-needed", hand=hand)
    return check_text(winds_reason, "reason", required=True)


def _seat_index(t: Tournament, session: int, table: int, player: PlayerId) -> int:
    for index, seat in enumerate(t.seats(session, table)):
        if player in (seat.planned, seat.playing):
            return index
    raise _err("tournament.not-at-table", player=player, session=session, table=table)


def _require_table(t: Tournament, session: int, table: int) -> None:
    t.require_session(session)
    tables = t.table_count(session)
    if not 1 <= table <= tables:
        raise _err("tournament.bad-table", session=session, table=table, tables=tables)


def _table_winds(t: Tournament, session: int, table: int, hand: int) -> HandWinds:
    _require_table(t, session, table)
    return winds_of_hand(tuple(s.playing for s in t.seats(session, table)), hand)


def table_hand_winds(
    log: EventLog, tournament: str, *, session: int, table: int, hand: int
) -> HandWinds:
    """The winds of hand ``hand`` at a table: the prevalent wind and each player's seat
    wind, from the table's seating in the session (substitutes in their seats) by the
    Green Book's rotation (:mod:`mjref.tournament.hand_winds`); a hand after the 16th of
    a game is refused (``tournament.winds-beyond-game``)."""
    return _table_winds(load(log, tournament), session, table, hand)


def _hand_with_winds(
    t: Tournament,
    declared: DeclaredHand,
    *,
    session: int,
    table: int,
    hand: int,
    player: PlayerId | None,
    seat_wind: Wind | None = None,
    prevalent_wind: Wind | None = None,
    winds_reason: str = "",
) -> DeclaredHand:
    """The declared hand with the seat wind of ``player`` and the prevalent wind of the
    hand, derived (its own winds are ignored); ``seat_wind`` or ``prevalent_wind``
    replaces the derived one, and needs ``winds_reason``."""
    _check_winds_reason(seat_wind, prevalent_wind, winds_reason, hand)
    seat, prevalent = seat_wind, prevalent_wind
    if player is None:
        raise _err("tournament.winds-no-player", hand=hand)
    _require_table(t, session, table)
    index = _seat_index(t, session, table, player)
    if seat is None or prevalent is None:
        winds = _table_winds(t, session, table, hand)
        seat = seat or winds.seats[index][1]
        prevalent = prevalent or winds.prevalent
    return replace(declared, seat_wind=seat, prevalent_wind=prevalent)


def judge_table_hand(
    log: EventLog,
    tournament: str,
    declared: DeclaredHand,
    *,
    session: int,
    table: int,
    hand: int,
    player: PlayerId | None,
    seat_wind: Wind | None = None,
    prevalent_wind: Wind | None = None,
    winds_reason: str = "",
) -> tuple[DeclaredHand, Verdict]:
    """Judge a hand of a table as :func:`record_hand` would (nothing is recorded): the
    hand with ``player``'s seat wind and the prevalent wind of hand ``hand`` (or those
    given, with their reason), and the verdict under the tournament's convention."""
    t = load(log, tournament)
    judged = _hand_with_winds(
        t,
        declared,
        session=session,
        table=table,
        hand=hand,
        player=player,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        winds_reason=winds_reason,
    )
    return judged, judge(judged, t.settings.convention or DEFAULT_CONVENTION)


def _false_hu_class(
    t: Tournament, entry: FalseHuEntry, *, session: int, table: int, hand: int
) -> int:
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
    shown = _hand_with_winds(
        t, entry.hand, session=session, table=table, hand=hand, player=entry.player
    )
    verdict = judge(shown, t.settings.convention or DEFAULT_CONVENTION)
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
    seat_wind: Wind | None = None,
    prevalent_wind: Wind | None = None,
    winds_reason: str = "",
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

    A hand given as tiles (``declared``, or a false hu's ``hand``) is judged with its
    player's seat wind and the prevalent wind of hand ``hand`` at the table, derived
    from the seating (:func:`table_hand_winds`; the declared hand's own winds are
    ignored), and the winds judged with are stored with the hand. ``seat_wind`` and
    ``prevalent_wind`` replace the winner's derived ones only with ``winds_reason``
    (stored too; ``tournament.winds-reason-needed`` without it).
    """
    _check_winds_reason(seat_wind, prevalent_wind, winds_reason, hand)
    if declared is None and (seat_wind, prevalent_wind) != (None, None):
        raise _err("tournament.winds-without-hand")

    def make(t: Tournament) -> ev.Event:
        if t.family is not Family.MCR:
            raise _err("tournament.wrong-family", family="MCR", actual=t.family.value)
        value, count, notation, convention = points or 0, flowers, "", ""
        judged_seat = judged_prevalent = None
        if declared is not None:
            if points is not None:
                raise _err("tournament.points-and-hand", "hand")
            if declared.self_drawn != (outcome is HandOutcome.SELF_DRAWN):
                raise _err("tournament.self-drawn-mismatch", "hand")
            convention = t.settings.convention or DEFAULT_CONVENTION
            shown = _hand_with_winds(
                t,
                declared,
                session=session,
                table=table,
                hand=hand,
                player=winner,
                seat_wind=seat_wind,
                prevalent_wind=prevalent_wind,
                winds_reason=winds_reason,
            )
            judged_seat, judged_prevalent = shown.seat_wind, shown.prevalent_wind
            verdict = judge(shown, convention)
            if not verdict.is_valid_win:
                raise _err(
                    "tournament.hand-not-a-win",
                    "hand",
                    reason=verdict.false_hu.reason if verdict.false_hu else verdict.total,
                )
            value, count, notation = verdict.total, declared.flowers, format_hand(declared.tiles)
        elif outcome is not HandOutcome.DRAW and points is None:
            raise _err("tournament.points-needed", "hand")
        entries = tuple(
            FalseHuPayment(f.player, _false_hu_class(t, f, session=session, table=table, hand=hand))
            for f in false_hus
        )
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
            seat_wind=judged_seat,
            prevalent_wind=judged_prevalent,
            winds_reason=winds_reason.strip() if judged_seat is not None else "",
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
    South, West, North) adding up to zero before penalties. :func:`record_result` for a
    tournament that must be MCR (``tournament.wrong-family`` otherwise)."""
    return record_result(
        log,
        tournament,
        session=session,
        table=table,
        scores=scores,
        family=Family.MCR,
        correcting=correcting,
        reason=reason,
        actor=actor,
        now=now,
    )


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
    sticks left on the table; together they make up four times the starting points.
    :func:`record_result` for a tournament that must be riichi."""
    return record_result(
        log,
        tournament,
        session=session,
        table=table,
        scores=scores,
        sticks=sticks,
        family=Family.RIICHI,
        correcting=correcting,
        reason=reason,
        actor=actor,
        now=now,
    )


def record_result(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    scores: Sequence[int],
    sticks: int = 0,
    family: Family | None = None,
    correcting: int | None = None,
    reason: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """A table's session result as the tournament's family records it (the one place that
    decides, through :meth:`FamilyRules.result_event`): MCR, the four session totals (no
    sticks); riichi, the four final scores and the sticks left. The CLI, the web and the
    API enter a result through here; ``family``, when given, is the family the caller
    expects (``tournament.wrong-family`` when the tournament is of the other)."""

    def make(t: Tournament) -> ev.Event:
        if family is not None and t.family is not family:
            raise _err("tournament.wrong-family", family=family.value, actual=t.family.value)
        event = family_rules(t.family).result_event(session, table, scores, sticks)
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


WIND_FACTS = ("seat_wind", "prevalent_wind")


def seated_facts(
    t: Tournament,
    incident: str,
    facts: Mapping[str, object],
    *,
    player: PlayerId,
    session: int,
    table: int | None,
    hand: int | None,
) -> Mapping[str, object]:
    """The facts of a ruling on hand ``hand`` at ``table`` with each declared MCR hand
    among them (a false hu's tiles) given the winds it is judged with: ``player``'s seat
    wind and the prevalent wind of that hand, from the seating as a hand recorded there
    gets them (:func:`table_hand_winds`). A wind typed in the hand that differs from the
    seating's is refused (``tournament.ruling-winds``), never silently replaced; without a
    table and a hand the facts are as given."""
    if table is None or hand is None:
        return facts
    built = incident_from_facts(incident, facts, player=incident_player(player), session=session)
    seated = dict(facts)
    for name, value in facts.items():
        declared = getattr(built, name, None)
        if not isinstance(declared, DeclaredHand):
            continue
        judged = _hand_with_winds(
            t, declared, session=session, table=table, hand=hand, player=player
        )
        spec = dict(value) if isinstance(value, Mapping) else {"tiles": value}
        for wind in WIND_FACTS:
            derived = getattr(judged, wind)
            if spec.get(wind) is not None and getattr(declared, wind) is not derived:
                raise _err(
                    "tournament.ruling-winds",
                    f"{name}.{wind}",
                    fact=name,
                    hand=hand,
                    given=getattr(declared, wind).value,
                    derived=derived.value,
                )
            spec[wind] = derived.value
        seated[name] = spec
    return seated


def preview_ruling(
    log: EventLog,
    tournament: str,
    incident: str,
    facts: Mapping[str, object],
    *,
    player: PlayerId,
    session: int,
    game: int = 1,
    table: int | None = None,
    hand: int | None = None,
) -> Ruling:
    """The ruling :func:`record_ruling` would record now (nothing is recorded)."""
    t = load(log, tournament)
    facts = seated_facts(t, incident, facts, player=player, session=session, table=table, hand=hand)
    return rule(t, incident, facts, player=player, session=session, game=game)


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
    the clause gives). A ruling on a hand at a table (``table`` and ``hand``) judges a
    declared MCR hand among its facts with the winds of that hand from the seating
    (:func:`seated_facts`), and stores them with the facts."""
    decided: list[Ruling] = []

    def build(t: Tournament) -> Iterator[ev.Event]:
        seated = seated_facts(
            t, incident, facts, player=player, session=session, table=table, hand=hand
        )
        ruling = rule(
            t, incident, seated, player=player, session=session, game=game, skip=correcting
        )
        stored = store_ruling(ruling, seated)
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
        if incident is not None and scope is not None:
            raise _err("tournament.scope-or-incident", "scope")
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


# -- what a correction may replace -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replaceable:
    """A table's result or an MCR hand as it stands, at the entry a correction of it
    supersedes (the end of its chain: the result or hand itself, a confirmation, or the
    last correction), with who recorded that entry and when."""

    seq: int
    kind: str
    event: ev.SessionTotalsRecorded | ev.RiichiResultRecorded | ev.HandRecorded
    actor: str
    at: str


def replaceable(
    log: EventLog, tournament: str, *, session: int | None = None
) -> tuple[Replaceable, ...]:
    """The results and hands in force (of ``session``), by session, table and hand: what
    ``record_totals``, ``record_riichi_result`` and ``record_hand`` may replace with
    ``correcting`` (``mjref log`` shows the same positions)."""
    t = load(log, tournament)
    found = []
    for origin, event in t.live.items():
        if not isinstance(
            event, (ev.SessionTotalsRecorded, ev.RiichiResultRecorded, ev.HandRecorded)
        ):
            continue
        if session is not None and event.session != session:
            continue
        entry = t.entry(t.chain(origin)[-1])
        found.append(Replaceable(entry.seq, entry.event.KIND, event, entry.actor, entry.at))
    found.sort(key=lambda r: (r.event.session, r.event.table, getattr(r.event, "hand", 0), r.seq))
    return tuple(found)


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
