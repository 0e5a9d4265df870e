"""The fold: a tournament's state from its log, one event at a time.

:class:`Tournament` takes the recorded events in order (:meth:`Tournament.apply`) and
answers questions about them: who is registered and seated, each table's entries, the
rulings in force, which entries are superseded and by what. Appending one event costs
the work of that event only; results derived from many events (a table's session, the
standings) are computed when asked for and kept until an event touches them, so the log
is never replayed to answer a question.

Before an entry is appended, :meth:`Tournament.check` says whether it can be: a
:class:`~mjref.tournament.errors.TournamentError` when the entry is wrong, a
:class:`~mjref.tournament.errors.ConflictError` naming the entry that filled its place
first.

Corrections: a :class:`~mjref.tournament.events.Corrected` event supersedes an entry;
the entry's effect is taken out and the replacement's (if any) put in. Entries are
grouped in chains by their first position (the *origin*): ``chain(origin)`` lists the
original and every correction of it, and only the last one counts. An appeal upheld
supersedes the ruling's consequences the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from mjref.messages import Message
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.rules.model import Family
from mjref.rules.registry import get_ruleset
from mjref.scoring import mcr as mcr_scoring
from mjref.scoring import riichi as riichi_scoring
from mjref.scoring.mcr import FalseHuPayment, HandResult, McrScheme, mcr_scheme
from mjref.scoring.riichi import Entry, RiichiScheme, riichi_scheme
from mjref.tournament import _clock_messages, _messages  # noqa: F401  (registers the wording)
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.rulings import (
    PenaltyPoints,
    disqualification,
    false_hu_payment,
    ladder_steps,
    penalties,
)
from mjref.tournament.timeline import ClockEntry, ClockPhase, Timeline, timeline

SEATS = ("E", "S", "W", "N")
"""Seat winds in table order."""

Key = tuple[int, int]
"""(session, table), both counted from 1."""


@dataclass(slots=True)
class PlayerState:
    """A player as the log has them now (internal; read through :class:`PlayerView`)."""

    player: PlayerId
    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str
    substitute: bool
    registered: int
    checked_in: int | None = None
    withdrawn: int | None = None
    """Origin of the withdrawal in force, if any."""
    codes_issued: int = 0
    """How many times a new confirmation code was issued (0: the first code holds)."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's details and status."""

    player: PlayerId
    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str
    substitute: bool
    checked_in: bool
    withdrawn_from: int | None
    """The first session missed through withdrawal, if the player withdrew."""
    struck: bool
    """Removed from the final results (illness: MERS 2010 4.3, RCR 5.8 / 5.7)."""
    disqualified: int | None
    """The session of a disqualification from the tournament, if any."""
    codes_issued: int = 0
    """How many new confirmation codes were issued to the player (the code in force is
    derived from this number)."""

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True, slots=True)
class RulingInForce:
    """A ruling (or lateness, or disqualification with a ruling) whose effects count."""

    origin: int
    seq: int
    """The position of the entry now in force (the last correction, or the origin)."""
    player: PlayerId
    session: int
    table: int | None
    hand: int | None
    game: int
    ruling: ev.StoredRuling
    discretion: int | None
    penalties: tuple[PenaltyPoints, ...]


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """A step on the foul ladder as recorded."""

    seq: int
    player: PlayerId
    session: int
    game: int
    step: int
    points: int
    infraction: str
    clause: str


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One seat of a table in a session: who the plan put there, who played it (the
    substitute, if one took over) and the substitution."""

    wind: str
    planned: PlayerId
    playing: PlayerId
    substitution: ev.Substituted | None


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
class _Table:
    hands: dict[int, tuple[int, ev.HandRecorded]] = field(default_factory=dict)
    """hand number -> (origin, hand in force)."""
    result: tuple[int, ev.SessionTotalsRecorded | ev.RiichiResultRecorded] | None = None


def _conflict(key: str, winner: ev.Recorded, **params: object) -> ConflictError:
    what = Message(f"tournament.what-{key}", dict(params))
    return ConflictError(
        Message(
            "tournament.conflict",
            {"what": what, "seq": winner.seq, "actor": winner.actor, "at": winner.at},
        ),
        winner=winner.seq,
    )


def _err(key: str, where: str | None = None, **params: object) -> TournamentError:
    return TournamentError(Message(key, dict(params)), where=where)


class Tournament:
    """The state of one tournament, folded from its log (see the module's description)."""

    def __init__(self, tournament_id: str) -> None:
        self.id = tournament_id
        self.position = 0
        self.created: ev.TournamentCreated | None = None
        self.family = Family.MCR
        self.log: list[ev.Recorded] = []
        self.players: dict[PlayerId, PlayerState] = {}
        self.ema_numbers: dict[str, PlayerId] = {}
        self.seating: dict[int, tuple[tuple[PlayerId, ...], ...]] = {}
        self._seat_of: dict[tuple[int, PlayerId], tuple[int, int]] = {}
        self._substitute_for: dict[tuple[int, PlayerId], PlayerId] = {}
        """(session, substitute) -> the player whose seat he took."""
        self.slots: dict[str, int] = {}
        self.superseded: dict[int, int] = {}
        self.origin: dict[int, int] = {}
        self.live: dict[int, ev.Event | None] = {}
        self.tables: dict[Key, _Table] = {}
        self.rulings: dict[int, RulingInForce] = {}
        self.substitutions: dict[tuple[int, PlayerId], tuple[int, ev.Substituted]] = {}
        self._disqualifications: dict[int, tuple[PlayerId, int, ev.Scope]] = {}
        """Origin -> (player, session, scope): disqualification events and rulings."""
        self.proposals: dict[int, ev.ResultProposed] = {}
        """Results proposed by a table's player, by position."""
        self.verdicts: dict[int, int] = {}
        """Proposal -> the position of its confirmation or rejection."""
        self.appeals: dict[int, ev.AppealFiled] = {}
        self.announcement: tuple[int, str] | None = None
        """The notice on the venue screen now, with its position."""
        self.appeal_of: dict[int, int] = {}
        self.decisions: dict[int, int] = {}
        self.overturned: dict[int, int] = {}
        """Ruling origin -> the position of the decision that upheld the appeal."""
        self.closed: dict[int, int] = {}
        self.opened: dict[int, int] = {}
        self.clock_log: dict[int, list[int]] = {}
        """Session -> the origins of its clock events, in log order."""
        self._dirty: set[Key] = set()
        self._results: dict[Key, tuple[SeatResult, ...] | None] = {}
        self._penalty_index: dict[tuple[PlayerId, int], list[int]] = {}
        self._hand_rulings: dict[tuple[int, int, int], list[int]] = {}
        """(session, table, hand) -> origins of the false-hu rulings recorded with that
        hand: their payments are part of the hand (:meth:`ruling_false_hus`)."""
        self._derived_at = -1
        self._memo: dict[str, object] = {}

    # -- reading the settings ------------------------------------------------------

    @property
    def settings(self) -> ev.TournamentCreated:
        if self.created is None:
            raise _err("tournament.not-created")
        return self.created

    @property
    def sessions(self) -> int:
        return self.settings.sessions

    def mcr(self) -> McrScheme:
        return mcr_scheme(self.settings.ruleset)

    def riichi(self) -> RiichiScheme:
        return riichi_scheme(self.settings.ruleset)

    def entry(self, seq: int) -> ev.Recorded:
        if not 1 <= seq <= self.position:
            raise _err("tournament.no-such-event", seq=seq)
        return self.log[seq - 1]

    # -- folding -------------------------------------------------------------------

    def apply(self, recorded: ev.Recorded) -> None:
        """Fold one recorded event in (positions must follow on without a gap)."""
        if recorded.seq != self.position + 1:
            raise ValueError(f"event {recorded.seq} does not follow position {self.position}")
        self.log.append(recorded)
        self.position = recorded.seq
        event = recorded.event
        slot = ev.slot_of(event)
        if slot is not None:
            self.slots.setdefault(slot, recorded.seq)
        if isinstance(event, ev.Corrected):
            self._correct(recorded.seq, event)
        else:
            self.origin[recorded.seq] = recorded.seq
            if isinstance(event, ev.ResultConfirmed):
                self.verdicts[event.proposal] = recorded.seq
                event = self.proposed_result(event.proposal)
            if isinstance(event, ev.CORRECTABLE):
                self.live[recorded.seq] = event
            self._add(recorded.seq, recorded.seq, event)

    def extend(self, records: Sequence[ev.Recorded]) -> None:
        for recorded in records:
            self.apply(recorded)

    def _correct(self, seq: int, event: ev.Corrected) -> None:
        origin = self.origin.get(event.target, event.target)
        self.origin[seq] = origin
        self.superseded[event.target] = seq
        old = self.live.get(origin)
        if old is not None:
            self._remove(origin, old)
        self.live[origin] = event.replacement
        if event.replacement is not None:
            self._add(origin, seq, event.replacement)

    def _touch_player(self, player: PlayerId, session: int | None = None) -> None:
        """Mark the tables ``player`` sits at (as planned or as a substitute) for
        computing again: in ``session``, or in every session."""
        sessions = [session] if session is not None else list(self.seating)
        for s in sessions:
            seat = self._seat_of.get((s, player))
            if seat is not None:
                self._dirty.add((s, seat[0]))
            replaced = self._substitute_for.get((s, player))
            if replaced is not None:
                seat = self._seat_of.get((s, replaced))
                if seat is not None:
                    self._dirty.add((s, seat[0]))

    def _add(self, origin: int, seq: int, event: ev.Event) -> None:
        match event:
            case ev.TournamentCreated():
                self.created = event
                self.family = get_ruleset(event.ruleset).family
            case ev.PlayerRegistered():
                self.players[event.player] = PlayerState(
                    event.player,
                    event.first_name,
                    event.last_name,
                    event.country,
                    event.ema_number,
                    event.club,
                    event.substitute,
                    seq,
                )
                if event.ema_number:
                    self.ema_numbers[event.ema_number] = event.player
            case ev.PlayerEdited():
                state = self.players[event.player]
                if state.ema_number and self.ema_numbers.get(state.ema_number) == event.player:
                    del self.ema_numbers[state.ema_number]
                state.first_name, state.last_name = event.first_name, event.last_name
                state.country, state.ema_number, state.club = (
                    event.country,
                    event.ema_number,
                    event.club,
                )
                if event.ema_number:
                    self.ema_numbers[event.ema_number] = event.player
            case ev.PlayerWithdrawn():
                self.players[event.player].withdrawn = origin
                self._touch_player(event.player)
            case ev.CheckedIn():
                self.players[event.player].checked_in = seq
            case ev.CodeIssued():
                self.players[event.player].codes_issued += 1
            case ev.SeatingPublished():
                self._publish(event)
            case ev.SessionOpened():
                self.opened.setdefault(event.session, seq)
            case ev.SessionClosed():
                self.closed.setdefault(event.session, seq)
            case (
                ev.SessionStarted()
                | ev.SessionPaused()
                | ev.SessionResumed()
                | ev.SessionEnded()
                | ev.ExtraTimeGranted()
            ):
                if origin == seq:  # a correction keeps its origin's place
                    self.clock_log.setdefault(event.session, []).append(origin)
            case ev.HandRecorded():
                key = (event.session, event.table)
                self.tables.setdefault(key, _Table()).hands[event.hand] = (origin, event)
                self._dirty.add(key)
            case ev.SessionTotalsRecorded() | ev.RiichiResultRecorded():
                key = (event.session, event.table)
                self.tables.setdefault(key, _Table()).result = (origin, event)
                self._dirty.add(key)
            case ev.RulingRecorded():
                self._add_ruling(
                    origin,
                    seq,
                    event.player,
                    event.session,
                    event.table,
                    event.hand,
                    event.game,
                    event.ruling,
                    event.discretion,
                )
            case ev.LatenessRecorded():
                self._add_ruling(
                    origin, seq, event.player, event.session, None, None, 1, event.ruling, None
                )
            case ev.Disqualified():
                self._disqualifications[origin] = (event.player, event.session, event.scope)
                if event.ruling is not None:
                    self._add_ruling(
                        origin,
                        seq,
                        event.player,
                        event.session,
                        None,
                        None,
                        1,
                        event.ruling,
                        None,
                    )
                self._touch_player(event.player)
            case ev.Substituted():
                self.substitutions[(event.session, event.player)] = (origin, event)
                self._substitute_for[(event.session, event.substitute)] = event.player
                seat = self._seat_of.get((event.session, event.player))
                if seat is not None:
                    self._dirty.add((event.session, seat[0]))
            case ev.ResultProposed():
                self.proposals[seq] = event
            case ev.ResultRejected():
                self.verdicts[event.proposal] = seq
            case ev.Announced():
                self.announcement = (seq, event.text) if event.text else None
            case ev.AppealFiled():
                self.appeals[seq] = event
                self.appeal_of.setdefault(self.origin.get(event.ruling, event.ruling), seq)
            case ev.AppealDecided():
                self.decisions[event.appeal] = seq
                if event.upheld:
                    filed = self.appeals[event.appeal]
                    ruling_origin = self.origin.get(filed.ruling, filed.ruling)
                    self.overturned[ruling_origin] = seq
                    current = self.rulings.pop(ruling_origin, None)
                    if current is not None:
                        self._forget_ruling(current)
                    lifted = self._disqualifications.pop(ruling_origin, None)
                    if lifted is not None:
                        self._touch_player(lifted[0])
        self._memo.clear()

    def _remove(self, origin: int, event: ev.Event) -> None:
        match event:
            case ev.HandRecorded():
                key = (event.session, event.table)
                self.tables[key].hands.pop(event.hand, None)
                self._dirty.add(key)
            case ev.SessionTotalsRecorded() | ev.RiichiResultRecorded():
                key = (event.session, event.table)
                self.tables[key].result = None
                self._dirty.add(key)
            case ev.RulingRecorded() | ev.LatenessRecorded():
                current = self.rulings.pop(origin, None)
                if current is not None:
                    self._forget_ruling(current)
            case ev.Disqualified():
                self._disqualifications.pop(origin, None)
                current = self.rulings.pop(origin, None)
                if current is not None:
                    self._forget_ruling(current)
                self._touch_player(event.player)
            case ev.Substituted():
                self.substitutions.pop((event.session, event.player), None)
                self._substitute_for.pop((event.session, event.substitute), None)
                seat = self._seat_of.get((event.session, event.player))
                if seat is not None:
                    self._dirty.add((event.session, seat[0]))
            case ev.PlayerWithdrawn():
                state = self.players[event.player]
                if state.withdrawn == origin:
                    state.withdrawn = None
                self._touch_player(event.player)
        self._memo.clear()

    def _add_ruling(
        self,
        origin: int,
        seq: int,
        player: PlayerId,
        session: int,
        table: int | None,
        hand: int | None,
        game: int,
        ruling: ev.StoredRuling,
        discretion: int | None,
    ) -> None:
        if origin in self.overturned:
            return
        found = RulingInForce(
            origin,
            seq,
            player,
            session,
            table,
            hand,
            game,
            ruling,
            discretion,
            penalties(ruling, discretion),
        )
        self.rulings[origin] = found
        self._penalty_index.setdefault((player, session), []).append(origin)
        if table is not None and hand is not None and false_hu_payment(ruling) is not None:
            self._hand_rulings.setdefault((session, table, hand), []).append(origin)
            self._dirty.add((session, table))
        scope = disqualification(ruling)
        if scope is not None:
            self._disqualifications.setdefault(origin, (player, session, scope))
            self._touch_player(player)
        if found.penalties:
            self._touch_player(player, session)

    def _forget_ruling(self, found: RulingInForce) -> None:
        if self._disqualifications.pop(found.origin, None) is not None:
            self._touch_player(found.player)
        if found.table is not None and found.hand is not None:
            at_hand = self._hand_rulings.get((found.session, found.table, found.hand), [])
            if found.origin in at_hand:
                at_hand.remove(found.origin)
                self._dirty.add((found.session, found.table))
        index = self._penalty_index.get((found.player, found.session), [])
        if found.origin in index:
            index.remove(found.origin)
        if found.penalties:
            self._touch_player(found.player, found.session)
        self._memo.clear()

    def _publish(self, event: ev.SeatingPublished) -> None:
        for offset, tables in enumerate(event.sessions):
            session = event.first_session + offset
            old = self.seating.get(session, ())
            for t, table in enumerate(old, start=1):
                for p in table:
                    self._seat_of.pop((session, p), None)
                self._dirty.add((session, t))
            self.seating[session] = tables
            for t, table in enumerate(tables, start=1):
                for s, p in enumerate(table):
                    self._seat_of[(session, p)] = (t, s)
                self._dirty.add((session, t))
        last = event.first_session + len(event.sessions) - 1
        for session in [s for s in self.seating if s > last]:
            for t, table in enumerate(self.seating.pop(session), start=1):
                for p in table:
                    self._seat_of.pop((session, p), None)
                self._dirty.add((session, t))

    # -- questions -----------------------------------------------------------------

    def player(self, player: PlayerId) -> PlayerView:
        state = self.players.get(player)
        if state is None:
            raise _err("tournament.unknown-player", player=player)
        withdrawal = self.live.get(state.withdrawn) if state.withdrawn else None
        assert withdrawal is None or isinstance(withdrawal, ev.PlayerWithdrawn)
        dq = self.disqualified_from(player)
        return PlayerView(
            player=player,
            first_name=state.first_name,
            last_name=state.last_name,
            country=state.country,
            ema_number=state.ema_number,
            club=state.club,
            substitute=state.substitute,
            checked_in=state.checked_in is not None,
            withdrawn_from=withdrawal.from_session if withdrawal else None,
            struck=bool(withdrawal and withdrawal.struck),
            disqualified=dq,
            codes_issued=state.codes_issued,
        )

    def player_views(self) -> tuple[PlayerView, ...]:
        return tuple(self.player(p) for p in sorted(self.players))

    def next_player_id(self) -> PlayerId:
        return PlayerId(max(self.players, default=0) + 1)

    def seat_of(self, session: int, player: PlayerId) -> tuple[int, str] | None:
        """(table, seat wind) of a planned seat, or ``None``."""
        found = self._seat_of.get((session, player))
        return None if found is None else (found[0], SEATS[found[1]])

    def replaced_by(self, session: int, substitute: PlayerId) -> PlayerId | None:
        """The player whose seat ``substitute`` took in ``session``, if any."""
        return self._substitute_for.get((session, substitute))

    def seats(self, session: int, table: int) -> tuple[TableSeat, ...]:
        """The seats of a table with substitutions applied."""
        planned = self.seating[session][table - 1]
        result = []
        for index, player in enumerate(planned):
            sub = self.substitutions.get((session, player))
            event = sub[1] if sub else None
            result.append(
                TableSeat(SEATS[index], player, event.substitute if event else player, event)
            )
        return tuple(result)

    def table_count(self, session: int) -> int:
        return len(self.seating.get(session, ()))

    def clock_entries(self, session: int) -> tuple[ClockEntry, ...]:
        """The clock events of ``session`` in force, in log order (a corrected grant of
        extra time as corrected, a voided one left out)."""
        found = []
        for origin in self.clock_log.get(session, ()):
            if origin in self.live:
                event = self.live[origin]
                if event is None:
                    continue
                seq = self.chain(origin)[-1]
            else:
                event, seq = self.log[origin - 1].event, origin
            found.append(ClockEntry(seq, event, self.log[seq - 1].actor))
        return tuple(found)

    def timeline(self, session: int, until: int | None = None) -> Timeline:
        """The clock of ``session`` (:mod:`mjref.tournament.timeline`), counting the events
        whose moment is at or before ``until`` (all when ``None``)."""
        return timeline(self.clock_entries(session), until)

    def played_sessions(self) -> set[int]:
        """Sessions with any result recorded, or closed."""
        found = {s for (s, _), t in self.tables.items() if t.hands or t.result}
        return found | set(self.closed)

    def table_played(self, session: int, table: int) -> bool:
        """Whether the table has a result (confirmed, or entered by an official) or any
        hand in ``session``, or the session is closed: what was played there stands."""
        found = self.tables.get((session, table))
        return session in self.closed or (
            found is not None and bool(found.hands or found.result is not None)
        )

    def last_played(self, player: PlayerId) -> int:
        """The last session the player took part in that has been played (0 if none): a
        closed session, or one whose table of the player (their own seat, or the seat they
        took as a substitute) has a result or a hand."""
        found = 0
        for session in self.seating:
            seat = self._seat_of.get((session, player))
            replaced = self._substitute_for.get((session, player))
            if seat is None and replaced is not None:
                seat = self._seat_of.get((session, replaced))
            if seat is not None and self.table_played(session, seat[0]):
                found = max(found, session)
        return found

    def chain(self, seq: int) -> tuple[int, ...]:
        """The entry at ``seq`` and every correction of it, in order (from its origin)."""
        origin = self.origin.get(seq, seq)
        found = [origin]
        while found[-1] in self.superseded:
            found.append(self.superseded[found[-1]])
        return tuple(found)

    def in_force(self, seq: int) -> bool:
        """Whether the entry at ``seq`` is neither superseded nor overturned on appeal."""
        if seq in self.superseded:
            return False
        origin = self.origin.get(seq, seq)
        return origin not in self.overturned

    def penalties_of(self, player: PlayerId, session: int) -> tuple[PenaltyPoints, ...]:
        found: list[PenaltyPoints] = []
        for origin in self._penalty_index.get((player, session), ()):
            ruling = self.rulings.get(origin)
            if ruling is not None:
                found.extend(ruling.penalties)
        return tuple(found)

    def rulings_of(self, player: PlayerId) -> tuple[RulingInForce, ...]:
        return tuple(r for r in self.rulings.values() if r.player == player)

    def ladder(self, player: PlayerId | None = None) -> tuple[LadderEntry, ...]:
        """The foul-ladder steps in force, in log order (one player's, or everyone's)."""
        entries = []
        for found in sorted(self.rulings.values(), key=lambda r: r.seq):
            if player is not None and found.player != player:
                continue
            for step in ladder_steps(found.ruling):
                entries.append(
                    LadderEntry(
                        found.seq,
                        found.player,
                        found.session,
                        found.game,
                        int(str(step.params.get("step", 0))),
                        step.points or 0,
                        str(step.params.get("infraction", "")),
                        step.clause,
                    )
                )
        return tuple(entries)

    def disqualified_from(self, player: PlayerId) -> int | None:
        """The session of a disqualification from the tournament (event or ruling)."""
        sessions = [
            session
            for p, session, scope in self._disqualifications.values()
            if p == player and scope is ev.Scope.TOURNAMENT
        ]
        return min(sessions) if sessions else None

    def out_for(self, player: PlayerId, session: int) -> bool:
        """Whether ``player`` does not play ``session``: withdrawn before it, disqualified
        from the tournament in an earlier session, or disqualified for this session."""
        leaves = self.leaves(player)
        if leaves is not None and leaves <= session:
            return True
        return any(
            p == player and s == session and scope is ev.Scope.SESSION
            for p, s, scope in self._disqualifications.values()
        )

    def leaves(self, player: PlayerId) -> int | None:
        """The first session the player no longer plays (withdrawal or disqualification)."""
        view = self.players.get(player)
        found: list[int] = []
        if view is not None and view.withdrawn is not None:
            withdrawal = self.live.get(view.withdrawn)
            if isinstance(withdrawal, ev.PlayerWithdrawn):
                found.append(withdrawal.from_session)
        dq = self.disqualified_from(player)
        if dq is not None:
            found.append(dq + 1)
        return min(found) if found else None

    # -- table results -------------------------------------------------------------

    def table_mode(self, key: Key) -> tuple[str, int] | None:
        """How a table's session is entered ('hands' or 'totals') and the first entry."""
        table = self.tables.get(key)
        if table is None:
            return None
        if table.result is not None:
            return ("totals", table.result[0])
        if table.hands:
            return ("hands", min(origin for origin, _ in table.hands.values()))
        return None

    def ruling_false_hus(self, event: ev.HandRecorded) -> tuple[FalseHuPayment, ...]:
        """The false hus of the hand that come from false-hu rulings recorded with its
        session, table and hand (MERS 2.10.2: 10 or 20 to each other player), other than
        those the hand lists itself (a hand entered with ``ruling=POSITION`` names them):
        whoever enters the ruling - the CLI, the web's assistant, the API - its payments
        are in the hand and its totals."""
        listed = {f.player for f in event.false_hus}
        found: list[FalseHuPayment] = []
        for origin in self._hand_rulings.get((event.session, event.table, event.hand), ()):
            ruling = self.rulings.get(origin)
            if ruling is None or ruling.player in listed:
                continue
            payment = false_hu_payment(ruling.ruling)
            if payment is not None:
                listed.add(ruling.player)
                found.append(FalseHuPayment(ruling.player, payment))
        return tuple(found)

    def _hand_value(
        self, event: ev.HandRecorded, by_seat: Mapping[PlayerId, PlayerId]
    ) -> HandResult:
        value = _mcr_hand(event, by_seat)
        extra = self.ruling_false_hus(event)
        if not extra:
            return value
        mapped = tuple(replace(f, player=by_seat.get(f.player, f.player)) for f in extra)
        return replace(value, false_hus=value.false_hus + mapped)

    def hand_payments(self, event: ev.HandRecorded) -> dict[PlayerId, int]:
        """What each player at the hand's table gained or paid for it (false hus ruled on
        with the hand included)."""
        seats = self.seats(event.session, event.table)
        by_seat = {s.planned: s.playing for s in seats} | {s.playing: s.playing for s in seats}
        return mcr_scoring.hand_payments(
            tuple(s.playing for s in seats), self._hand_value(event, by_seat)
        )

    def hands(self, session: int, table: int) -> tuple[ev.HandRecorded, ...]:
        found = self.tables.get((session, table))
        if found is None:
            return ()
        return tuple(h for _, (_, h) in sorted(found.hands.items()))

    def result(self, session: int, table: int) -> tuple[SeatResult, ...] | None:
        """Each seat's result for the table's session, or ``None`` without an entry."""
        key = (session, table)
        if key in self._dirty or key not in self._results:
            self._results[key] = self._compute(session, table)
            self._dirty.discard(key)
        return self._results[key]

    def _penalty_points(self, player: PlayerId, session: int) -> tuple[int, int, int]:
        """(all, at once, after uma) penalty points of a player in a session."""
        total = at_once = after = 0
        riichi = self.family is Family.RIICHI
        default = self.riichi().timing.value if riichi else None
        for penalty in self.penalties_of(player, session):
            total += penalty.points
            timing = penalty.timing.value if penalty.timing is not None else default
            if timing == "at-once":
                at_once += penalty.points
            else:
                after += penalty.points
        return total, at_once, after

    def _compute(self, session: int, table: int) -> tuple[SeatResult, ...] | None:
        if session not in self.seating or not 1 <= table <= len(self.seating[session]):
            return None
        entries = self.tables.get((session, table))
        if entries is None or (entries.result is None and not entries.hands):
            return None
        seats = self.seats(session, table)
        if self.family is Family.RIICHI:
            return self._riichi_result(session, seats, entries)
        return self._mcr_result(session, seats, entries)

    def _mcr_result(
        self, session: int, seats: tuple[TableSeat, ...], entries: _Table
    ) -> tuple[SeatResult, ...]:
        scheme = self.mcr()
        playing = tuple(s.playing for s in seats)
        if entries.result is not None:
            scores = dict(zip(playing, entries.result[1].scores, strict=True))
        else:
            by_seat = {s.planned: s.playing for s in seats} | {s.playing: s.playing for s in seats}
            hands = [self._hand_value(h, by_seat) for _, (_, h) in sorted(entries.hands.items())]
            scores = mcr_scoring.session_scores(playing, hands)
        penalty = {p: self._penalty_points(p, session)[0] for p in playing}
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
        self, session: int, seats: tuple[TableSeat, ...], entries: _Table
    ) -> tuple[SeatResult, ...] | None:
        if entries.result is None or not isinstance(entries.result[1], ev.RiichiResultRecorded):
            return None
        scheme = self.riichi()
        recorded = entries.result[1]
        playing = tuple(s.playing for s in seats)
        finals = dict(zip(playing, recorded.scores, strict=True))
        subs: dict[PlayerId, Entry] = {}
        for seat in seats:
            if seat.substitution is not None:
                subs[seat.playing] = (
                    Entry.AFTER_START if seat.substitution.during_play else Entry.FROM_START
                )
            elif self.players[seat.playing].substitute:
                subs[seat.playing] = Entry.FROM_START
        points = {p: self._penalty_points(p, session) for p in playing}
        lines = riichi_scoring.score_table(
            finals,
            scheme,
            start=self.settings.starting_points or 0,
            sticks=recorded.sticks,
            at_once={p: v[1] for p, v in points.items()},
            after_uma={p: v[2] for p, v in points.items()},
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

    # -- checks before appending ---------------------------------------------------

    def check(self, event: ev.Event) -> None:
        """Refuse ``event`` if it cannot be appended now (see the module's description)."""
        if isinstance(event, ev.TournamentCreated):
            if self.created is not None:
                raise _err("tournament.exists", tournament=self.id)
            return
        self.settings  # noqa: B018  (a log must start with the tournament)
        self._check_slot(event)
        match event:
            case ev.PlayerRegistered():
                if event.player in self.players:
                    raise _conflict(
                        "player",
                        self.entry(self.slots[f"player/{event.player}"]),
                        player=event.player,
                    )
                if not 1 <= event.player <= MAX_PLAYERS:
                    raise _err("tournament.too-many-players", limit=MAX_PLAYERS)
                self._check_ema(event.ema_number, None)
            case ev.PlayerEdited():
                self._known(event.player)
                self._check_ema(event.ema_number, event.player)
            case ev.CheckedIn():
                view = self._known(event.player)
                if view.checked_in:
                    raise _err("tournament.already-checked-in", player=event.player)
            case ev.CodeIssued():
                self._known(event.player)
            case ev.PlayerWithdrawn():
                view = self._known(event.player)
                if view.withdrawn_from is not None:
                    raise _err("tournament.already-withdrawn", player=event.player)
                self._check_withdrawal(event)
            case ev.SeatingPublished():
                self._check_seating(event)
            case ev.SessionOpened():
                self._session(event.session)
            case ev.SessionClosed():
                self._check_close(event.session)
            case (
                ev.SessionStarted()
                | ev.SessionPaused()
                | ev.SessionResumed()
                | ev.SessionEnded()
                | ev.ExtraTimeGranted()
            ):
                self._check_clock(event)
            case ev.HandRecorded():
                self._check_hand(event)
            case ev.SessionTotalsRecorded() | ev.RiichiResultRecorded():
                self._check_result(event)
            case ev.ResultProposed():
                self._check_proposal(event)
            case ev.ResultConfirmed() | ev.ResultRejected():
                self._check_verdict(event)
            case ev.Announced():
                if len(event.text) > ev.MAX_ANNOUNCEMENT or not event.text.isprintable():
                    raise _err("tournament.bad-announcement", limit=ev.MAX_ANNOUNCEMENT)
            case ev.RulingRecorded():
                self._known(event.player)
                self._session(event.session, published=False)
                if event.table is not None:
                    self._table(event.session, event.table)
                    self._playing_at(event.session, event.table, event.player)
                elif event.hand is not None:
                    raise _err("tournament.hand-without-table", hand=event.hand)
                if event.hand is not None and not 1 <= event.hand <= ev.MAX_HANDS:
                    raise _err("tournament.bad-hand-number", hand=event.hand, limit=ev.MAX_HANDS)
            case ev.LatenessRecorded():
                self._known(event.player)
                self._session(event.session, published=False)
                if not 1 <= event.minutes <= ev.MAX_MINUTES_LATE:
                    raise _err(
                        "tournament.bad-minutes-late",
                        minutes=event.minutes,
                        limit=ev.MAX_MINUTES_LATE,
                    )
            case ev.Substituted():
                self._check_substitution(event)
            case ev.Disqualified():
                self._known(event.player)
                self._session(event.session, published=False)
                if self.disqualified_from(event.player) is not None:
                    raise _err("tournament.already-disqualified", player=event.player)
                self._check_disqualification(event)
            case ev.AppealFiled():
                self._check_appeal(event)
            case ev.AppealDecided():
                self._check_decision(event)
            case ev.Corrected():
                self._check_correction(event)

    def _check_slot(self, event: ev.Event) -> None:
        slot = ev.slot_of(event)
        if slot is None or slot not in self.slots:
            return
        winner = self.entry(self.slots[slot])
        match event:
            case ev.HandRecorded():
                raise _conflict(
                    "hand", winner, hand=event.hand, table=event.table, session=event.session
                )
            case ev.SessionTotalsRecorded() | ev.RiichiResultRecorded() | ev.ResultConfirmed():
                raise _conflict("result", winner, table=event.table, session=event.session)
            case ev.ResultRejected():
                raise _conflict("verdict", winner, target=event.proposal)
            case ev.Corrected():
                raise _conflict("correction", winner, target=event.target)
            case ev.AppealFiled():
                raise _conflict("appeal", winner, target=event.ruling)
            case ev.AppealDecided():
                raise _conflict("decision", winner, target=event.appeal)
            case ev.Substituted():
                raise _conflict("substitution", winner, player=event.player, session=event.session)
            case ev.SessionClosed():
                raise _err("tournament.already-closed", session=event.session)
            case ev.SessionStarted():
                raise _conflict("start", winner, session=event.session)
            case ev.SessionEnded():
                raise _conflict("end", winner, session=event.session)
            case ev.PlayerRegistered():
                raise _conflict("player", winner, player=event.player)

    def _known(self, player: PlayerId) -> PlayerView:
        return self.player(player)

    def _check_ema(self, number: str, player: PlayerId | None) -> None:
        if number and self.ema_numbers.get(number, player) != player:
            raise _err("tournament.ema-registered", "ema-number", number=number)

    def require_session(self, session: int, *, published: bool = True) -> None:
        """Refuse a session number out of range (or, ``published``, without a seating)."""
        self._session(session, published=published)

    def _session(self, session: int, *, published: bool = True) -> None:
        if not 1 <= session <= self.sessions:
            raise _err("tournament.bad-session", session=session, sessions=self.sessions)
        if published and session not in self.seating:
            raise _err("tournament.session-not-published", session=session)

    def _table(self, session: int, table: int) -> None:
        self._session(session)
        count = self.table_count(session)
        if not 1 <= table <= count:
            raise _err("tournament.bad-table", session=session, table=table, tables=count)

    def _open_for_results(self, session: int, table: int) -> None:
        self._table(session, table)
        if session in self.closed:
            raise _err("tournament.session-closed", session=session)
        for seat in self.seats(session, table):
            if seat.substitution is None and self.out_for(seat.planned, session):
                raise _err(
                    "tournament.seat-gone", session=session, table=table, player=seat.planned
                )

    def _check_hand(self, event: ev.HandRecorded, *, correcting: int | None = None) -> None:
        if self.family is not Family.MCR:
            raise _err("tournament.wrong-family", family="MCR", actual=self.family.value)
        if correcting is None:
            self._open_for_results(event.session, event.table)
        else:
            self._table(event.session, event.table)
        if not 1 <= event.hand <= ev.MAX_HANDS:
            raise _err("tournament.bad-hand-number", hand=event.hand, limit=ev.MAX_HANDS)
        mode = self.table_mode((event.session, event.table))
        if mode is not None and mode[0] == "totals":
            raise _conflict_mode(self.entry(mode[1]), event.session, event.table, "totals", "hands")
        seats = self.seats(event.session, event.table)
        by_seat = {s.planned: s.playing for s in seats} | {s.playing: s.playing for s in seats}
        hand = _mcr_hand(event, by_seat, strict=True)
        mcr_scoring.check_hand(tuple(s.playing for s in seats), hand)

    def _check_result(
        self,
        event: ev.SessionTotalsRecorded | ev.RiichiResultRecorded,
        *,
        correcting: int | None = None,
    ) -> None:
        riichi = isinstance(event, ev.RiichiResultRecorded)
        wanted = Family.RIICHI if riichi else Family.MCR
        if self.family is not wanted:
            raise _err("tournament.wrong-family", family=wanted.value, actual=self.family.value)
        if correcting is None:
            self._open_for_results(event.session, event.table)
        else:
            self._table(event.session, event.table)
        mode = self.table_mode((event.session, event.table))
        if mode is not None and mode[0] == "hands" and correcting is None:
            raise _conflict_mode(self.entry(mode[1]), event.session, event.table, "hands", "totals")
        if isinstance(event, ev.RiichiResultRecorded):
            riichi_scoring.check_final_scores(
                event.scores, event.sticks, self.settings.starting_points or 0
            )
        else:
            mcr_scoring.check_totals(event.scores)

    def proposed_result(self, proposal: int) -> ev.SessionTotalsRecorded | ev.RiichiResultRecorded:
        """The result a proposal would make the table's, in the tournament's family."""
        found = self.proposals.get(proposal)
        if found is None:
            raise _err("tournament.not-a-proposal", seq=proposal)
        if self.family is Family.RIICHI:
            return ev.RiichiResultRecorded(found.session, found.table, found.scores, found.sticks)
        return ev.SessionTotalsRecorded(found.session, found.table, found.scores)

    def pending_results(
        self, session: int | None = None
    ) -> tuple[tuple[int, ev.ResultProposed], ...]:
        """Proposed results neither confirmed nor rejected, for tables without a result."""
        return tuple(
            (seq, p)
            for seq, p in self.proposals.items()
            if seq not in self.verdicts
            and (session is None or p.session == session)
            and self.table_mode((p.session, p.table)) is None
        )

    def verdict_of(self, proposal: int) -> ev.Recorded | None:
        """The confirmation or rejection of a proposal, if any."""
        seq = self.verdicts.get(proposal)
        return None if seq is None else self.entry(seq)

    def _playing_at(self, session: int, table: int, player: PlayerId) -> None:
        if player not in {s.playing for s in self.seats(session, table)}:
            raise _err("tournament.not-at-table", player=player, session=session, table=table)

    def _check_proposal(self, event: ev.ResultProposed) -> None:
        if self.family is Family.MCR and event.sticks:
            raise _err("tournament.proposal-sticks")
        self._check_result(self._as_result(event))
        mode = self.table_mode((event.session, event.table))
        if mode is not None:
            raise _conflict("result", self.entry(mode[1]), table=event.table, session=event.session)
        self._playing_at(event.session, event.table, event.player)
        waiting = [seq for seq, p in self.pending_results(event.session) if p.table == event.table]
        if waiting:
            raise _err(
                "tournament.proposal-pending",
                seq=waiting[0],
                session=event.session,
                table=event.table,
            )

    def _as_result(
        self, event: ev.ResultProposed
    ) -> ev.SessionTotalsRecorded | ev.RiichiResultRecorded:
        if self.family is Family.RIICHI:
            return ev.RiichiResultRecorded(event.session, event.table, event.scores, event.sticks)
        return ev.SessionTotalsRecorded(event.session, event.table, event.scores)

    def _check_verdict(self, event: ev.ResultConfirmed | ev.ResultRejected) -> None:
        proposal = self.proposals.get(event.proposal)
        if proposal is None:
            raise _err("tournament.not-a-proposal", seq=event.proposal)
        decided = self.verdict_of(event.proposal)
        if decided is not None:
            raise _err(
                "tournament.proposal-decided",
                seq=event.proposal,
                by=decided.seq,
                kind=decided.event.KIND,
            )
        if event.player is not None:
            self._playing_at(proposal.session, proposal.table, event.player)
            if event.player == proposal.player:
                raise _err("tournament.confirm-own", seq=event.proposal, player=event.player)
        if isinstance(event, ev.ResultConfirmed):
            if (event.session, event.table) != (proposal.session, proposal.table):
                raise _err(
                    "tournament.proposal-elsewhere",
                    seq=event.proposal,
                    session=proposal.session,
                    table=proposal.table,
                )
            self._check_result(self._as_result(proposal))
        elif not event.reason.strip() or len(event.reason) > ev.MAX_TEXT:
            raise _err("tournament.reject-reason", limit=ev.MAX_TEXT)

    def _check_seating(self, event: ev.SeatingPublished) -> None:
        played = self.played_sessions()
        first_free = max(played, default=0) + 1
        if event.first_session < first_free:
            raise _err("tournament.seating-played", session=event.first_session, first=first_free)
        last = event.first_session + len(event.sessions) - 1
        if (
            event.first_session > len(self.seating) + 1
            or last > self.sessions
            or not event.sessions
        ):
            raise _err(
                "tournament.seating-count",
                first=event.first_session,
                last=last,
                sessions=self.sessions,
            )
        for offset, tables in enumerate(event.sessions):
            session = event.first_session + offset
            seen: set[PlayerId] = set()
            if not tables or len(tables) > ev.MAX_TABLES:
                raise _err(
                    "tournament.seating-tables",
                    session=session,
                    count=len(tables),
                    limit=ev.MAX_TABLES,
                )
            for t, table in enumerate(tables, start=1):
                if len(table) != len(SEATS):
                    raise _err(
                        "tournament.seating-table-size", session=session, table=t, count=len(table)
                    )
                for p in table:
                    if p not in self.players:
                        raise _err("tournament.seating-unknown", session=session, table=t, player=p)
                    if p in seen:
                        raise _err("tournament.seating-twice", session=session, player=p)
                    seen.add(p)

    def _check_close(self, session: int) -> None:
        self._session(session)
        if self.timeline(session).phase in (ClockPhase.RUNNING, ClockPhase.PAUSED):
            raise _err("clock.close-running", session=session)
        missing = [
            t
            for t in range(1, self.table_count(session) + 1)
            if self.table_mode((session, t)) is None
        ]
        if missing:
            raise _err(
                "tournament.session-open-results",
                session=session,
                tables=", ".join(str(t) for t in missing),
            )

    def _check_clock(
        self,
        event: ev.SessionStarted
        | ev.SessionPaused
        | ev.SessionResumed
        | ev.SessionEnded
        | ev.ExtraTimeGranted,
    ) -> None:
        """A clock event: the session published and not closed, its moment not before the
        clock's last one, and the clock where the event can happen."""
        session = event.session
        self._session(session)
        if session in self.closed:
            raise _err("tournament.session-closed", session=session)
        if not 0 <= event.time <= ev.MAX_CLOCK_TIME:
            raise _err("clock.bad-time", session=session)
        line = self.timeline(session)
        if line.last is not None and event.time < line.last:
            raise _err("clock.time-before", session=session)
        phase = line.phase
        if isinstance(event, ev.SessionStarted):
            if session not in self.opened:
                raise _err("clock.not-opened", session=session)
            if not 1 <= event.minutes <= ev.MAX_SESSION_MINUTES:
                raise _err(
                    "tournament.bad-minutes",
                    "--minutes",
                    value=event.minutes,
                    limit=ev.MAX_SESSION_MINUTES,
                )
            for other in sorted(self.clock_log):
                if other != session and self.timeline(other).phase in (
                    ClockPhase.RUNNING,
                    ClockPhase.PAUSED,
                ):
                    raise _err("clock.other-running", session=session, other=other)
            return
        if phase is ClockPhase.ENDED:
            raise _err("clock.ended", session=session)
        if isinstance(event, ev.ExtraTimeGranted):
            self._check_grant(event, line)
            return
        if phase is ClockPhase.NOT_STARTED:
            raise _err("clock.not-started", session=session)
        if isinstance(event, ev.SessionPaused) and phase is ClockPhase.PAUSED:
            raise _err("clock.already-paused", session=session)
        if isinstance(event, ev.SessionResumed) and phase is ClockPhase.RUNNING:
            raise _err("clock.not-paused", session=session)

    def _check_grant(
        self, event: ev.ExtraTimeGranted, line: Timeline, *, replacing: int = 0
    ) -> None:
        """Extra time for a table that exists: 1 to MAX_EXTRA_MINUTES at a time, the
        table's total bounded, with a reason; ``replacing``: the minutes of the grant a
        correction replaces."""
        self._table(event.session, event.table)
        if not 1 <= event.minutes <= ev.MAX_EXTRA_MINUTES:
            raise _err(
                "clock.bad-extra-minutes",
                "--minutes",
                value=event.minutes,
                limit=ev.MAX_EXTRA_MINUTES,
            )
        total = line.extra(event.table) - replacing + event.minutes
        if total > ev.MAX_TABLE_EXTRA_MINUTES:
            raise _err(
                "clock.too-much-extra",
                "--minutes",
                table=event.table,
                session=event.session,
                total=total,
                limit=ev.MAX_TABLE_EXTRA_MINUTES,
            )
        if not event.reason.strip():
            raise _err("clock.reason-missing", "--reason")

    def _check_disqualification(self, event: ev.Disqualified) -> None:
        """For the session: that game is not over (its hands so far stand, MERS 2010 4.2).
        From the tournament: no later session is played yet; the sessions played stand,
        and MERS 2010 4.4 decides their table points."""
        if event.scope is ev.Scope.SESSION:
            self._check_not_rewritten(event.player, event.session, hands_allowed=True)
            return
        played = self.last_played(event.player)
        if played > event.session:
            raise _err(
                "tournament.disqualify-played",
                player=event.player,
                session=event.session,
                played=played,
            )

    def _check_withdrawal(self, event: ev.PlayerWithdrawn) -> None:
        """A withdrawal starts after the last session the player played: what was played
        stands (the player's results count for the opponents and in the standings;
        striking the name from the final results is the ``struck`` flag, MERS 2010 4.3)."""
        self._session(event.from_session, published=False)
        played = self.last_played(event.player)
        if event.from_session <= played:
            raise _err(
                "tournament.withdraw-played",
                "from-session",
                player=event.player,
                session=event.from_session,
                played=played,
            )

    def _check_substitution(self, event: ev.Substituted) -> None:
        self._session(event.session)
        self._known(event.player)
        sub = self._known(event.substitute)
        if event.reason is ev.SubstitutionReason.LATE and event.during_play:
            raise _err("tournament.late-during-play")
        if self._seat_of.get((event.session, event.player)) is None:
            raise _err("tournament.not-seated", player=event.player, session=event.session)
        busy = self._seat_of.get((event.session, event.substitute)) is not None or any(
            s.substitute == event.substitute
            for (session, _), (_, s) in self.substitutions.items()
            if session == event.session
        )
        if busy:
            raise _err("tournament.substitute-busy", player=sub.player, session=event.session)
        self._check_not_rewritten(event.player, event.session, hands_allowed=event.during_play)

    def _check_not_rewritten(self, player: PlayerId, session: int, *, hands_allowed: bool) -> None:
        """A substitution or a disqualification for ``session`` never rewrites a game that
        is over: the session is not closed and the player's table has no result. Hands
        already played stay the seat's (MERS 2010 4.1.2 and 4.2, RCR 5.8: a substitute who
        comes in during play continues the seat), so they are allowed only then."""
        if session in self.closed:
            raise _err("tournament.session-closed", session=session)
        seat = self._seat_of.get((session, player))
        if seat is None:
            return
        found = self.tables.get((session, seat[0]))
        if found is None:
            return
        if found.result is not None:
            raise _err("tournament.table-has-result", player=player, session=session, table=seat[0])
        if found.hands and not hands_allowed:
            raise _err("tournament.table-has-hands", player=player, session=session, table=seat[0])

    def _check_appeal(self, event: ev.AppealFiled) -> None:
        self._known(event.player)
        target = self.entry(event.ruling)
        if not isinstance(target.event, (ev.RulingRecorded, ev.LatenessRecorded, ev.Disqualified)):
            raise _err("tournament.not-a-ruling", seq=event.ruling)
        if not self.in_force(event.ruling):
            raise _err("tournament.ruling-void", seq=event.ruling)
        session = target.event.session
        if session in self.closed:
            raise _err("tournament.appeal-too-late", seq=event.ruling, session=session)

    def _check_decision(self, event: ev.AppealDecided) -> None:
        target = self.entry(event.appeal)
        if not isinstance(target.event, ev.AppealFiled):
            raise _err("tournament.not-an-appeal", seq=event.appeal)
        ruling = self.entry(target.event.ruling).event
        assert isinstance(ruling, (ev.RulingRecorded, ev.LatenessRecorded, ev.Disqualified))
        if self.family is Family.MCR and ruling.session not in self.closed:
            raise _err("tournament.appeal-before-end", session=ruling.session)

    def _check_correction(self, event: ev.Corrected) -> None:
        target = self.entry(event.target)
        if isinstance(target.event, ev.Corrected):
            original = self.entry(self.origin[event.target]).event
        else:
            original = target.event
        if isinstance(original, ev.ResultConfirmed):
            original = self.proposed_result(original.proposal)
        if not isinstance(original, ev.CORRECTABLE):
            raise _err("tournament.not-correctable", seq=event.target, kind=original.KIND)
        if event.target in self.superseded:
            raise _err("tournament.superseded", seq=event.target, by=self.superseded[event.target])
        replacement = event.replacement
        if replacement is None:
            return
        if type(replacement) is not type(original):
            raise _err("tournament.correction-kind", kind=original.KIND, other=replacement.KIND)
        if ev.slot_of(replacement) != ev.slot_of(original):
            raise _err("tournament.correction-slot")
        if isinstance(replacement, ev.HandRecorded):
            self._check_hand(replacement, correcting=event.target)
        elif isinstance(replacement, (ev.SessionTotalsRecorded, ev.RiichiResultRecorded)):
            self._check_result(replacement, correcting=event.target)
        elif isinstance(replacement, (ev.RulingRecorded, ev.LatenessRecorded, ev.Disqualified)):
            self._known(replacement.player)
            self._session(replacement.session, published=False)
        elif isinstance(replacement, ev.Substituted):
            self._known(replacement.substitute)
        elif isinstance(replacement, ev.PlayerWithdrawn):
            self._known(replacement.player)
            self._check_withdrawal(replacement)
        elif isinstance(replacement, ev.ExtraTimeGranted):
            assert isinstance(original, ev.ExtraTimeGranted)
            current = self.live.get(self.origin.get(event.target, event.target))
            replacing = current.minutes if isinstance(current, ev.ExtraTimeGranted) else 0
            if (replacement.session, replacement.table, replacement.time) != (
                original.session,
                original.table,
                original.time,
            ):
                raise _err("clock.correction-keeps")
            line = self.timeline(replacement.session)
            self._check_grant(replacement, line, replacing=replacing)

    # -- iteration -------------------------------------------------------------------

    def records(self) -> Iterator[ev.Recorded]:
        return iter(self.log)

    def memo(self, name: str) -> object | None:
        """A derived value cached until the next event (standings, histories)."""
        return self._memo.get(name)

    def remember(self, name: str, value: object) -> None:
        self._memo[name] = value


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


def _mcr_hand(
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
