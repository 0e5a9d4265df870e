"""Results and hands in the fold: sessions opened and closed, MCR hands and session totals,
riichi results, results proposed by a table's player and confirmed or rejected, and each
seat's result for a table's session computed from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.scoring import mcr as mcr_scoring
from mjref.scoring import riichi as riichi_scoring
from mjref.scoring.mcr import FalseHuPayment, HandResult
from mjref.scoring.riichi import Entry
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.family import family_rules
from mjref.tournament.fold import riichi_hands
from mjref.tournament.fold.base import Reducer, conflict, err
from mjref.tournament.fold.seating import TableSeat
from mjref.tournament.rulings import false_hu_payment
from mjref.tournament.timeline import ClockPhase

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament

Result = ev.SessionTotalsRecorded | ev.RiichiResultRecorded
"""A table's session result as entered, in either family."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """What a seat's player gets from a table's session.

    MCR: ``score`` is the points won at the table, ``penalty`` the penalty points of the
    session, ``total`` the score after penalties and ``table_points``. Riichi: ``score``
    is the final score, ``points`` the final score less the starting points (with leftover
    sticks, less penalties applied at once), ``uma``, ``penalty`` everything deducted,
    ``total`` the session's result.
    """

    seat: TableSeat
    score: int
    penalty: int
    table_points: Fraction
    points: Fraction
    uma: Fraction
    total: Fraction
    zero_clause: str | None = None
    """The clause that gave no table points (MCR) or fixed the result (riichi), if any."""


@dataclass(slots=True)
class TableEntries:
    """A table's entries in one session: its hands or its result."""

    hands: dict[int, tuple[int, ev.HandRecorded]] = field(default_factory=dict)
    """hand number -> (origin, hand in force)."""
    result: tuple[int, Result] | None = None
    riichi: dict[int, tuple[int, ev.RiichiHandRecorded]] = field(default_factory=dict)
    """Riichi hands: hand number -> (origin, hand in force)."""
    riichi_at: dict[int, int] = field(default_factory=dict)
    """Riichi hands: hand number -> the position of the entry that put it in force."""
    riichi_confirmed: int = 0
    """The position of the last confirmation of the table's riichi hands (0: none)."""


# -- reading -------------------------------------------------------------------------


def mcr_hand(
    event: ev.HandRecorded, by_seat: Mapping[PlayerId, PlayerId], *, strict: bool = False
) -> HandResult:
    """The scoring value of a recorded hand, with players mapped to who plays each seat."""

    def seat(player: PlayerId | None, role: str) -> PlayerId | None:
        if player is None:
            return None
        if player not in by_seat:
            if strict:
                raise mcr_scoring.not_at_table(player, role)
            return player
        return by_seat[player]

    false_hus = tuple(
        replace(f, player=seat(f.player, "false-hu") or f.player) for f in event.false_hus
    )
    return HandResult(
        event.outcome,
        winner=seat(event.winner, "winner"),
        discarder=seat(event.discarder, "discarder"),
        points=event.points,
        flowers=event.flowers,
        false_hus=false_hus,
    )


def ruling_false_hus(t: Tournament, event: ev.HandRecorded) -> tuple[FalseHuPayment, ...]:
    """The false hus of the hand that come from false-hu rulings recorded with its
    session, table and hand (see :meth:`Tournament.ruling_false_hus`)."""
    listed = {f.player for f in event.false_hus}
    found: list[FalseHuPayment] = []
    for origin in t._hand_rulings.get((event.session, event.table, event.hand), ()):
        ruling = t.rulings.get(origin)
        if ruling is None or ruling.player in listed:
            continue
        payment = false_hu_payment(ruling.ruling)
        if payment is not None:
            listed.add(ruling.player)
            found.append(FalseHuPayment(ruling.player, payment))
    return tuple(found)


def hand_value(
    t: Tournament, event: ev.HandRecorded, by_seat: Mapping[PlayerId, PlayerId]
) -> HandResult:
    """A hand's scoring value with the false hus ruled on with it."""
    value = mcr_hand(event, by_seat)
    extra = ruling_false_hus(t, event)
    if not extra:
        return value
    mapped = tuple(replace(f, player=by_seat.get(f.player, f.player)) for f in extra)
    return replace(value, false_hus=value.false_hus + mapped)


def hand_payments(t: Tournament, event: ev.HandRecorded) -> dict[PlayerId, int]:
    """What each player at the hand's table gained or paid for it (false hus ruled on
    with the hand included)."""
    seats = t.seats(event.session, event.table)
    by_seat = {s.planned: s.playing for s in seats} | {s.playing: s.playing for s in seats}
    return mcr_scoring.hand_payments(tuple(s.playing for s in seats), hand_value(t, event, by_seat))


def _penalty_points(t: Tournament, player: PlayerId, session: int) -> tuple[int, int, int]:
    """(all, at once, after uma) penalty points of a player in a session."""
    total = at_once = after = 0
    riichi = t.family is Family.RIICHI
    default = t.riichi().timing.value if riichi else None
    for penalty in t.penalties_of(player, session):
        total += penalty.points
        timing = penalty.timing.value if penalty.timing is not None else default
        if timing == "at-once":
            at_once += penalty.points
        else:
            after += penalty.points
    return total, at_once, after


def compute(t: Tournament, session: int, table: int) -> tuple[SeatResult, ...] | None:
    """Each seat's result for the table's session, computed from its entries."""
    if session not in t.seating or not 1 <= table <= len(t.seating[session]):
        return None
    entries = t.tables.get((session, table))
    if entries is None or (entries.result is None and not entries.hands and not entries.riichi):
        return None
    seats = t.seats(session, table)
    if t.family is Family.RIICHI:
        return _riichi_result(t, session, seats, entries, table=table)
    return _mcr_result(t, session, seats, entries)


def _mcr_result(
    t: Tournament, session: int, seats: tuple[TableSeat, ...], entries: TableEntries
) -> tuple[SeatResult, ...]:
    scheme = t.mcr()
    playing = tuple(s.playing for s in seats)
    if entries.result is not None:
        scores = dict(zip(playing, entries.result[1].scores, strict=True))
    else:
        by_seat = {s.planned: s.playing for s in seats} | {s.playing: s.playing for s in seats}
        hands = [hand_value(t, h, by_seat) for _, (_, h) in sorted(entries.hands.items())]
        scores = mcr_scoring.session_scores(playing, hands)
    penalty = {p: _penalty_points(t, p, session)[0] for p in playing}
    zero: dict[PlayerId, str] = {}
    if scheme.substitute_zero is not None:
        for seat in seats:
            sub = seat.substitution
            if sub is not None and sub.during_play:
                clause = scheme.substitute_zero
                if sub.reason is ev.SubstitutionReason.DISQUALIFIED:
                    clause = clause.rsplit(":", 1)[0] + ":4.2"
                zero[seat.playing] = clause
    lines = mcr_scoring.score_table(scores, penalty, scheme.ranking, zero)
    return tuple(
        SeatResult(
            seat=seat,
            score=lines[seat.playing].score,
            penalty=lines[seat.playing].penalty,
            table_points=lines[seat.playing].table_points,
            points=Fraction(lines[seat.playing].score),
            uma=Fraction(0),
            total=Fraction(lines[seat.playing].net),
            zero_clause=zero.get(seat.playing),
        )
        for seat in seats
    )


def _riichi_result(
    t: Tournament,
    session: int,
    seats: tuple[TableSeat, ...],
    entries: TableEntries,
    *,
    table: int,
) -> tuple[SeatResult, ...] | None:
    playing = tuple(s.playing for s in seats)
    from_hands: tuple[int, ...] = (0, 0, 0, 0)
    if entries.result is None and entries.riichi:
        if riichi_hands.unconfirmed(t, session, table):
            return None  # entered by a player: counts once confirmed
        # Hand by hand: the game's final scores, sticks left and chombo points after uma.
        game = riichi_hands.game_of(t, session, table)
        scores, sticks, from_hands = game.final.scores, len(game.final.sticks), game.after_uma
    elif entries.result is None or not isinstance(entries.result[1], ev.RiichiResultRecorded):
        return None
    else:
        scores, sticks = entries.result[1].scores, entries.result[1].sticks
    scheme = t.riichi()
    finals = dict(zip(playing, scores, strict=True))
    subs: dict[PlayerId, Entry] = {}
    for seat in seats:
        if seat.substitution is not None:
            subs[seat.playing] = (
                Entry.AFTER_START if seat.substitution.during_play else Entry.FROM_START
            )
        elif t.players[seat.playing].substitute:
            subs[seat.playing] = Entry.FROM_START
    points = {p: _penalty_points(t, p, session) for p in playing}
    lines = riichi_scoring.score_table(
        finals,
        scheme,
        start=t.settings.starting_points or 0,
        sticks=sticks,
        at_once={p: v[1] for p, v in points.items()},
        after_uma={p: v[2] + from_hands[i] for i, (p, v) in enumerate(points.items())},
        substitutes=subs,
    )
    return tuple(
        SeatResult(
            seat=seat,
            score=finals[seat.playing],
            penalty=lines[seat.playing].at_once + lines[seat.playing].after_uma,
            table_points=Fraction(0),
            points=lines[seat.playing].points,
            uma=lines[seat.playing].uma,
            total=lines[seat.playing].total,
            zero_clause=scheme.substitute_clause if seat.playing in subs else None,
        )
        for seat in seats
    )


def as_result(t: Tournament, event: ev.ResultProposed) -> Result:
    """The result a proposal would make the table's, in the tournament's family."""
    return family_rules(t.family).result_event(
        event.session, event.table, event.scores, event.sticks
    )


# -- checking ------------------------------------------------------------------------


def _conflict_mode(
    winner: ev.Recorded, session: int, table: int, mode: str, other: str
) -> ConflictError:
    return ConflictError(
        Message(
            "tournament.mode-conflict",
            {
                "table": table,
                "session": session,
                "mode": Message(f"tournament.mode-{mode}", {}),
                "seq": winner.seq,
                "other": Message(f"tournament.mode-{other}", {}),
            },
        ),
        winner=winner.seq,
    )


def _open_for_results(t: Tournament, session: int, table: int) -> None:
    t.require_table(session, table)
    if session in t.closed:
        raise err("tournament.session-closed", session=session)
    for seat in t.seats(session, table):
        if seat.substitution is None and t.out_for(seat.planned, session):
            raise err("tournament.seat-gone", session=session, table=table, player=seat.planned)


def _check_hand(t: Tournament, event: ev.HandRecorded, *, correcting: int | None = None) -> None:
    if t.family is not Family.MCR:
        raise err("tournament.wrong-family", family="MCR", actual=t.family.value)
    if correcting is None:
        _open_for_results(t, event.session, event.table)
    else:
        t.require_table(event.session, event.table)
    if not 1 <= event.hand <= ev.MAX_HANDS:
        raise err("tournament.bad-hand-number", hand=event.hand, limit=ev.MAX_HANDS)
    mode = t.table_mode((event.session, event.table))
    if mode is not None and mode[0] == "totals":
        raise _conflict_mode(t.entry(mode[1]), event.session, event.table, "totals", "hands")
    seats = t.seats(event.session, event.table)
    by_seat = {s.planned: s.playing for s in seats} | {s.playing: s.playing for s in seats}
    hand = mcr_hand(event, by_seat, strict=True)
    mcr_scoring.check_hand(tuple(s.playing for s in seats), hand)


def _check_result(t: Tournament, event: Result, *, correcting: int | None = None) -> None:
    riichi = isinstance(event, ev.RiichiResultRecorded)
    wanted = Family.RIICHI if riichi else Family.MCR
    if t.family is not wanted:
        raise err("tournament.wrong-family", family=wanted.value, actual=t.family.value)
    if correcting is None:
        _open_for_results(t, event.session, event.table)
    else:
        t.require_table(event.session, event.table)
    mode = t.table_mode((event.session, event.table))
    if mode is not None and mode[0] == "hands" and correcting is None:
        raise _conflict_mode(t.entry(mode[1]), event.session, event.table, "hands", "totals")
    if isinstance(event, ev.RiichiResultRecorded):
        riichi_scoring.check_final_scores(
            event.scores, event.sticks, t.settings.starting_points or 0
        )
    else:
        mcr_scoring.check_totals(event.scores)


# -- the reducers --------------------------------------------------------------------


class OpenedReducer(Reducer[ev.SessionOpened]):
    """A session opened: its clock may start."""

    def check(self, t: Tournament, event: ev.SessionOpened) -> None:
        t.require_session(event.session)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.SessionOpened) -> None:
        t.opened.setdefault(event.session, seq)


class ClosedReducer(Reducer[ev.SessionClosed]):
    """A session closed: its clock stopped, every table's result in."""

    def check(self, t: Tournament, event: ev.SessionClosed) -> None:
        session = event.session
        t.require_session(session)
        if t.timeline(session).phase in (ClockPhase.RUNNING, ClockPhase.PAUSED):
            raise err("clock.close-running", session=session)
        awaiting = set(t.pending_riichi_hands(session))  # a player's hands, unconfirmed
        missing = [
            number
            for number in range(1, t.table_count(session) + 1)
            if t.table_mode((session, number)) is None or (session, number) in awaiting
        ]
        if missing:
            raise err(
                "tournament.session-open-results",
                session=session,
                tables=", ".join(str(number) for number in missing),
            )

    def conflict(
        self, t: Tournament, event: ev.SessionClosed, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return err("tournament.already-closed", session=event.session)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.SessionClosed) -> None:
        t.closed.setdefault(event.session, seq)


class HandReducer(Reducer[ev.HandRecorded]):
    """One MCR hand of a table."""

    def check(self, t: Tournament, event: ev.HandRecorded) -> None:
        _check_hand(t, event)

    def conflict(
        self, t: Tournament, event: ev.HandRecorded, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("hand", winner, hand=event.hand, table=event.table, session=event.session)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.HandRecorded) -> None:
        key = (event.session, event.table)
        t.tables.setdefault(key, TableEntries()).hands[event.hand] = (origin, event)
        t._dirty.add(key)

    def remove(self, t: Tournament, origin: int, event: ev.HandRecorded) -> None:
        key = (event.session, event.table)
        t.tables[key].hands.pop(event.hand, None)
        t._dirty.add(key)

    def check_replacement(
        self, t: Tournament, replacement: ev.HandRecorded, original: ev.HandRecorded, target: int
    ) -> None:
        _check_hand(t, replacement, correcting=target)


class ResultReducer(Reducer[Result]):
    """A table's session result: MCR totals or riichi final scores (entered by an
    official, or a player's proposal once confirmed)."""

    def check(self, t: Tournament, event: Result) -> None:
        _check_result(t, event)

    def conflict(
        self, t: Tournament, event: Result, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("result", winner, table=event.table, session=event.session)

    def add(self, t: Tournament, origin: int, seq: int, event: Result) -> None:
        key = (event.session, event.table)
        t.tables.setdefault(key, TableEntries()).result = (origin, event)
        t._dirty.add(key)

    def remove(self, t: Tournament, origin: int, event: Result) -> None:
        key = (event.session, event.table)
        t.tables[key].result = None
        t._dirty.add(key)

    def check_replacement(
        self, t: Tournament, replacement: Result, original: Result, target: int
    ) -> None:
        _check_result(t, replacement, correcting=target)


class ProposedReducer(Reducer[ev.ResultProposed]):
    """A result proposed by one of the table's players; one pending per table."""

    def check(self, t: Tournament, event: ev.ResultProposed) -> None:
        _check_result(t, as_result(t, event))  # sticks where the family has none: refused
        mode = t.table_mode((event.session, event.table))
        if mode is not None:
            raise conflict("result", t.entry(mode[1]), table=event.table, session=event.session)
        t._playing_at(event.session, event.table, event.player)
        waiting = [seq for seq, p in t.pending_results(event.session) if p.table == event.table]
        if waiting:
            raise err(
                "tournament.proposal-pending",
                seq=waiting[0],
                session=event.session,
                table=event.table,
            )

    def add(self, t: Tournament, origin: int, seq: int, event: ev.ResultProposed) -> None:
        t.proposals[seq] = event


def _check_verdict(t: Tournament, event: ev.ResultConfirmed | ev.ResultRejected) -> None:
    proposal = t.proposals.get(event.proposal)
    if proposal is None:
        raise err("tournament.not-a-proposal", seq=event.proposal)
    decided = t.verdict_of(event.proposal)
    if decided is not None:
        raise err(
            "tournament.proposal-decided",
            seq=event.proposal,
            by=decided.seq,
            kind=decided.event.KIND,
        )
    if event.player is not None:
        t._playing_at(proposal.session, proposal.table, event.player)
        if event.player == proposal.player:
            raise err("tournament.confirm-own", seq=event.proposal, player=event.player)
    if isinstance(event, ev.ResultConfirmed):
        if (event.session, event.table) != (proposal.session, proposal.table):
            raise err(
                "tournament.proposal-elsewhere",
                seq=event.proposal,
                session=proposal.session,
                table=proposal.table,
            )
        _check_result(t, as_result(t, proposal))
    elif not event.reason.strip() or len(event.reason) > ev.MAX_TEXT:
        raise err("tournament.reject-reason", limit=ev.MAX_TEXT)


class ConfirmedReducer(Reducer[ev.ResultConfirmed]):
    """A proposal confirmed: from here on it is the table's result (folded as the result
    it stands for, which a correction of this entry supersedes)."""

    def check(self, t: Tournament, event: ev.ResultConfirmed) -> None:
        _check_verdict(t, event)

    def conflict(
        self, t: Tournament, event: ev.ResultConfirmed, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("result", winner, table=event.table, session=event.session)

    def apply(self, t: Tournament, seq: int, event: ev.ResultConfirmed) -> None:
        t.origin[seq] = seq
        t.verdicts[event.proposal] = seq
        result = t.proposed_result(event.proposal)
        t.live[seq] = result
        t._add(seq, seq, result)


class RejectedReducer(Reducer[ev.ResultRejected]):
    """A proposal rejected, with a reason: the table enters its result again."""

    def check(self, t: Tournament, event: ev.ResultRejected) -> None:
        _check_verdict(t, event)

    def conflict(
        self, t: Tournament, event: ev.ResultRejected, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("verdict", winner, target=event.proposal)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.ResultRejected) -> None:
        t.verdicts[event.proposal] = seq


class RiichiHandReducer(Reducer[ev.RiichiHandRecorded]):
    """One riichi hand of a table."""

    def check(self, t: Tournament, event: ev.RiichiHandRecorded) -> None:
        riichi_hands.check(t, event)

    def conflict(
        self, t: Tournament, event: ev.RiichiHandRecorded, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("hand", winner, hand=event.hand, table=event.table, session=event.session)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.RiichiHandRecorded) -> None:
        key = (event.session, event.table)
        entries = t.tables.setdefault(key, TableEntries())
        entries.riichi[event.hand] = (origin, event)
        entries.riichi_at[event.hand] = seq
        t._dirty.add(key)

    def remove(self, t: Tournament, origin: int, event: ev.RiichiHandRecorded) -> None:
        key = (event.session, event.table)
        t.tables[key].riichi.pop(event.hand, None)
        t.tables[key].riichi_at.pop(event.hand, None)
        t._dirty.add(key)

    def check_replacement(
        self,
        t: Tournament,
        replacement: ev.RiichiHandRecorded,
        original: ev.RiichiHandRecorded,
        target: int,
    ) -> None:
        if (replacement.session, replacement.table, replacement.hand) != (
            original.session,
            original.table,
            original.hand,
        ):
            raise err(
                "tournament.riichi-hand.same-number",
                hand=original.hand,
                session=original.session,
                table=original.table,
            )
        riichi_hands.check(t, replacement, correcting=target)


class RiichiConfirmedReducer(Reducer[ev.RiichiHandsConfirmed]):
    """A table's riichi hands entered by a player, confirmed by a second person: from
    here on they count as the table's result (until a player enters or corrects one)."""

    def check(self, t: Tournament, event: ev.RiichiHandsConfirmed) -> None:
        riichi_hands.check_confirmation(t, event)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.RiichiHandsConfirmed) -> None:
        key = (event.session, event.table)
        t.tables.setdefault(key, TableEntries()).riichi_confirmed = seq
        t._dirty.add(key)


REDUCERS: tuple[Reducer[Any], ...] = (
    OpenedReducer(ev.SessionOpened),
    ClosedReducer(ev.SessionClosed),
    HandReducer(ev.HandRecorded),
    ResultReducer(ev.SessionTotalsRecorded),
    ResultReducer(ev.RiichiResultRecorded),
    ProposedReducer(ev.ResultProposed),
    ConfirmedReducer(ev.ResultConfirmed),
    RejectedReducer(ev.ResultRejected),
    RiichiHandReducer(ev.RiichiHandRecorded),
    RiichiConfirmedReducer(ev.RiichiHandsConfirmed),
)
"""The reducers of results and hands, one per event type."""
