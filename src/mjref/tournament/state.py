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

The class is a façade: it holds the state's data and the questions every area asks,
and hands each event to its reducer (:mod:`mjref.tournament.fold`: one module per area
says how each of its event types is checked, added and removed, with the area's own
readers).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.scoring.mcr import FalseHuPayment, McrScheme, mcr_scheme
from mjref.scoring.riichi import RiichiScheme, riichi_scheme
from mjref.tournament import _clock_messages, _messages  # noqa: F401  (registers the wording)
from mjref.tournament import events as ev
from mjref.tournament.fold import REDUCERS
from mjref.tournament.fold import clock as clock_area
from mjref.tournament.fold import results as results_area
from mjref.tournament.fold import riichi_hands as riichi_hands_area
from mjref.tournament.fold import roster as roster_area
from mjref.tournament.fold import rulings as rulings_area
from mjref.tournament.fold import seating as seating_area
from mjref.tournament.fold.base import Key, Reducer, err
from mjref.tournament.fold.results import SeatResult, TableEntries
from mjref.tournament.fold.roster import PlayerState, PlayerView
from mjref.tournament.fold.rulings import LadderEntry, RulingInForce
from mjref.tournament.fold.seating import SEATS, TableSeat
from mjref.tournament.rulings import PenaltyPoints
from mjref.tournament.timeline import ClockEntry, Timeline, timeline

__all__ = [
    "SEATS",
    "Key",
    "LadderEntry",
    "PlayerState",
    "PlayerView",
    "RulingInForce",
    "SeatResult",
    "TableSeat",
    "Tournament",
]

_REDUCERS: dict[type[ev.Event], Reducer[Any]] = dict(REDUCERS)


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
        self.tables: dict[Key, TableEntries] = {}
        self.rulings: dict[int, RulingInForce] = {}
        self.substitutions: dict[tuple[int, PlayerId], tuple[int, ev.Substituted]] = {}
        self._disqualifications: dict[int, tuple[PlayerId, int, ev.Scope]] = {}
        """Origin -> (player, session, scope): disqualification events and rulings."""
        self.proposals: dict[int, ev.ResultProposed] = {}
        """Results proposed by a table's player, by position."""
        self.verdicts: dict[int, int] = {}
        """Proposal -> the position of its confirmation or rejection."""
        self.appeals: dict[int, ev.AppealFiled] = {}
        self.announcement: tuple[int, str, int | None] | None = None
        """The notice on the venue screen now, with its position and the session in play
        when it was given (``None``: between sessions)."""
        self.ema_details: tuple[int, ev.EmaDetailsSet] | None = None
        """The EMA details in force, with their position."""
        self.ema_accepted: dict[tuple[PlayerId, str, str], int] = {}
        """(player, warning, EMA number) -> the position of its acceptance."""
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
            raise err("tournament.not-created")
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
            raise err("tournament.no-such-event", seq=seq)
        return self.log[seq - 1]

    # -- folding -------------------------------------------------------------------

    def reducer(self, event: ev.Event) -> Reducer[Any]:
        """The reducer of ``event``'s type (:mod:`mjref.tournament.fold`)."""
        return _REDUCERS[type(event)]

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
        _REDUCERS[type(event)].apply(self, recorded.seq, event)

    def extend(self, records: Sequence[ev.Recorded]) -> None:
        for recorded in records:
            self.apply(recorded)

    def _add(self, origin: int, seq: int, event: ev.Event) -> None:
        """Put ``event``'s effect in, as the entry at ``seq`` of the chain at ``origin``."""
        _REDUCERS[type(event)].add(self, origin, seq, event)
        self._memo.clear()

    def _remove(self, origin: int, event: ev.Event) -> None:
        """Take ``event``'s effect out: a correction of the chain at ``origin`` supersedes it."""
        _REDUCERS[type(event)].remove(self, origin, event)
        self._memo.clear()

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

    # -- questions -----------------------------------------------------------------

    def player(self, player: PlayerId) -> PlayerView:
        return roster_area.player_view(self, player)

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
        return seating_area.seats(self, session, table)

    def table_count(self, session: int) -> int:
        return len(self.seating.get(session, ()))

    def clock_entries(self, session: int) -> tuple[ClockEntry, ...]:
        """The clock events of ``session`` in force, in log order (a corrected grant of
        extra time as corrected, a voided one left out)."""
        return clock_area.clock_entries(self, session)

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
        return rulings_area.ladder(self, player)

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
        if table.riichi:
            return ("hands", min(origin for origin, _ in table.riichi.values()))
        return None

    def ruling_false_hus(self, event: ev.HandRecorded) -> tuple[FalseHuPayment, ...]:
        """The false hus of the hand that come from false-hu rulings recorded with its
        session, table and hand (MERS 2.10.2: 10 or 20 to each other player), other than
        those the hand lists itself (a hand entered with ``ruling=POSITION`` names them):
        whoever enters the ruling - the CLI, the web's assistant, the API - its payments
        are in the hand and its totals."""
        return results_area.ruling_false_hus(self, event)

    def hand_payments(self, event: ev.HandRecorded) -> dict[PlayerId, int]:
        """What each player at the hand's table gained or paid for it (false hus ruled on
        with the hand included)."""
        return results_area.hand_payments(self, event)

    def hands(self, session: int, table: int) -> tuple[ev.HandRecorded, ...]:
        found = self.tables.get((session, table))
        if found is None:
            return ()
        return tuple(h for _, (_, h) in sorted(found.hands.items()))

    def result(self, session: int, table: int) -> tuple[SeatResult, ...] | None:
        """Each seat's result for the table's session, or ``None`` without an entry."""
        key = (session, table)
        if key in self._dirty or key not in self._results:
            self._results[key] = results_area.compute(self, session, table)
            self._dirty.discard(key)
        return self._results[key]

    # -- checks before appending ---------------------------------------------------

    def check(self, event: ev.Event) -> None:
        """Refuse ``event`` if it cannot be appended now (see the module's description)."""
        reducer = _REDUCERS[type(event)]
        if not reducer.opens_log:
            self.settings  # noqa: B018  (a log must start with the tournament)
            slot = ev.slot_of(event)
            if slot is not None and slot in self.slots:
                error = reducer.conflict(self, event, self.entry(self.slots[slot]))
                if error is not None:
                    raise error
        reducer.check(self, event)

    def require_session(self, session: int, *, published: bool = True) -> None:
        """Refuse a session number out of range (or, ``published``, without a seating)."""
        self._session(session, published=published)

    def require_table(self, session: int, table: int) -> None:
        """Refuse a table that a published ``session`` does not have."""
        self._table(session, table)

    def _session(self, session: int, *, published: bool = True) -> None:
        if not 1 <= session <= self.sessions:
            raise err("tournament.bad-session", session=session, sessions=self.sessions)
        if published and session not in self.seating:
            raise err("tournament.session-not-published", session=session)

    def _table(self, session: int, table: int) -> None:
        self._session(session)
        count = self.table_count(session)
        if not 1 <= table <= count:
            raise err("tournament.bad-table", session=session, table=table, tables=count)

    def proposed_result(self, proposal: int) -> ev.SessionTotalsRecorded | ev.RiichiResultRecorded:
        """The result a proposal would make the table's, in the tournament's family."""
        found = self.proposals.get(proposal)
        if found is None:
            raise err("tournament.not-a-proposal", seq=proposal)
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

    def pending_riichi_hands(self, session: int | None = None) -> tuple[tuple[int, int], ...]:
        """(session, table) of riichi tables whose hands a player entered and nobody has
        confirmed yet (:func:`mjref.tournament.fold.riichi_hands.unconfirmed`)."""
        return tuple(
            key
            for key, entries in sorted(self.tables.items())
            if entries.riichi
            and (session is None or key[0] == session)
            and riichi_hands_area.unconfirmed(self, *key)
        )

    def verdict_of(self, proposal: int) -> ev.Recorded | None:
        """The confirmation or rejection of a proposal, if any."""
        seq = self.verdicts.get(proposal)
        return None if seq is None else self.entry(seq)

    def _playing_at(self, session: int, table: int, player: PlayerId) -> None:
        if player not in {s.playing for s in self.seats(session, table)}:
            raise err("tournament.not-at-table", player=player, session=session, table=table)

    # -- iteration -------------------------------------------------------------------

    def records(self) -> Iterator[ev.Recorded]:
        return iter(self.log)

    def memo(self, name: str) -> object | None:
        """A derived value cached until the next event (standings, histories)."""
        return self._memo.get(name)

    def remember(self, name: str, value: object) -> None:
        self._memo[name] = value
