"""Seating in the fold: the published seating of each session and the substitutes who take
a seat, and a table's seats with the substitutions applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjref.players import PlayerId
from mjref.seating.draw import commitment_problem, matches, seed_problem
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.fold.base import Reducer, conflict, err

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament

SEATS = ("E", "S", "W", "N")
"""Seat winds in table order."""


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One seat of a table in a session: who the plan put there, who played it (the
    substitute, if one took over) and the substitution."""

    wind: str
    planned: PlayerId
    playing: PlayerId
    substitution: ev.Substituted | None


def seats(t: Tournament, session: int, table: int) -> tuple[TableSeat, ...]:
    """The seats of a table with substitutions applied."""
    planned = t.seating[session][table - 1]
    result = []
    for index, player in enumerate(planned):
        sub = t.substitutions.get((session, player))
        event = sub[1] if sub else None
        result.append(TableSeat(SEATS[index], player, event.substitute if event else player, event))
    return tuple(result)


def check_not_rewritten(
    t: Tournament, player: PlayerId, session: int, *, hands_allowed: bool
) -> None:
    """A substitution or a disqualification for ``session`` never rewrites a game that
    is over: the session is not closed and the player's table has no result. Hands
    already played stay the seat's (MERS 2010 4.1.2 and 4.2, RCR 5.8: a substitute who
    comes in during play continues the seat), so they are allowed only then."""
    if session in t.closed:
        raise err("tournament.session-closed", session=session)
    seat = t._seat_of.get((session, player))
    if seat is None:
        return
    found = t.tables.get((session, seat[0]))
    if found is None:
        return
    if found.result is not None:
        raise err("tournament.table-has-result", player=player, session=session, table=seat[0])
    if found.hands and not hands_allowed:
        raise err("tournament.table-has-hands", player=player, session=session, table=seat[0])


@dataclass(frozen=True, slots=True)
class Draw:
    """A verifiable draw in the log: the commitment's entry, the reveal's (``None`` until
    the seating is drawn), the entry of the seating it drew (the one after the reveal) and
    the seatings published after it (re-seating after drop-outs)."""

    committed: ev.Recorded
    revealed: ev.Recorded | None
    seating: ev.Recorded | None
    later: tuple[ev.Recorded, ...] = ()


def draw_of(t: Tournament) -> Draw | None:
    """The tournament's draw, or ``None`` when no commitment was published."""
    committed: ev.Recorded | None = None
    revealed: ev.Recorded | None = None
    seating: ev.Recorded | None = None
    later: list[ev.Recorded] = []
    for recorded in t.log:
        event = recorded.event
        if isinstance(event, ev.DrawCommitted):
            committed = recorded
        elif isinstance(event, ev.DrawRevealed):
            revealed = recorded
        elif isinstance(event, ev.SeatingPublished) and revealed is not None:
            if recorded.seq == revealed.seq + 1:
                seating = recorded
            elif seating is not None:
                later.append(recorded)
    return None if committed is None else Draw(committed, revealed, seating, tuple(later))


class DrawCommittedReducer(Reducer[ev.DrawCommitted]):
    """The commitment to the draw's seed: once, before any seating is published."""

    def check(self, t: Tournament, event: ev.DrawCommitted) -> None:
        problem = commitment_problem(event.commitment)
        if problem is not None:
            raise TournamentError(problem, where="commitment")
        found = draw_of(t)
        if found is not None:
            raise err("seating.draw.committed-already", seq=found.committed.seq)
        if t.seating:
            raise err("seating.draw.after-seating")


class DrawRevealedReducer(Reducer[ev.DrawRevealed]):
    """The draw's seed: it must hash to the commitment, and be revealed once."""

    def check(self, t: Tournament, event: ev.DrawRevealed) -> None:
        problem = seed_problem(event.seed)
        if problem is not None:
            raise TournamentError(problem, where="draw")
        found = draw_of(t)
        if found is None:
            raise err("seating.draw.not-committed")
        if found.revealed is not None:
            raise err("seating.draw.revealed-already", seq=found.revealed.seq)
        committed = found.committed.event
        assert isinstance(committed, ev.DrawCommitted)
        if not matches(event.seed, committed.commitment):
            raise err("seating.draw.wrong-seed", seq=found.committed.seq)
        for p in event.players:
            t.player(p)


class SeatingReducer(Reducer[ev.SeatingPublished]):
    """The seating of sessions from ``first_session`` on, replacing any published before
    for those sessions and dropping later ones; never for a session already played. Once
    a draw is committed to, the first seating from session 1 is the one drawn with its
    seed (right after the reveal); re-seating after it goes on as before, and the draw's
    record lists it."""

    def check(self, t: Tournament, event: ev.SeatingPublished) -> None:
        if event.first_session == 1:
            found = draw_of(t)
            if (
                found is not None
                and found.seating is None
                and (found.revealed is None or found.revealed.seq != t.position)
            ):
                raise err("seating.draw.not-revealed", seq=found.committed.seq)
        played = t.played_sessions()
        first_free = max(played, default=0) + 1
        if event.first_session < first_free:
            raise err("tournament.seating-played", session=event.first_session, first=first_free)
        last = event.first_session + len(event.sessions) - 1
        if event.first_session > len(t.seating) + 1 or last > t.sessions or not event.sessions:
            raise err(
                "tournament.seating-count",
                first=event.first_session,
                last=last,
                sessions=t.sessions,
            )
        for offset, tables in enumerate(event.sessions):
            session = event.first_session + offset
            seen: set[PlayerId] = set()
            if not tables or len(tables) > ev.MAX_TABLES:
                raise err(
                    "tournament.seating-tables",
                    session=session,
                    count=len(tables),
                    limit=ev.MAX_TABLES,
                )
            for number, table in enumerate(tables, start=1):
                if len(table) != len(SEATS):
                    raise err(
                        "tournament.seating-table-size",
                        session=session,
                        table=number,
                        count=len(table),
                    )
                for p in table:
                    if p not in t.players:
                        raise err(
                            "tournament.seating-unknown", session=session, table=number, player=p
                        )
                    if p in seen:
                        raise err("tournament.seating-twice", session=session, player=p)
                    seen.add(p)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.SeatingPublished) -> None:
        for offset, tables in enumerate(event.sessions):
            session = event.first_session + offset
            old = t.seating.get(session, ())
            for number, table in enumerate(old, start=1):
                for p in table:
                    t._seat_of.pop((session, p), None)
                t._dirty.add((session, number))
            t.seating[session] = tables
            for number, table in enumerate(tables, start=1):
                for s, p in enumerate(table):
                    t._seat_of[(session, p)] = (number, s)
                t._dirty.add((session, number))
        last = event.first_session + len(event.sessions) - 1
        for session in [s for s in t.seating if s > last]:
            for number, table in enumerate(t.seating.pop(session), start=1):
                for p in table:
                    t._seat_of.pop((session, p), None)
                t._dirty.add((session, number))


class SubstitutedReducer(Reducer[ev.Substituted]):
    """A substitute in a player's seat for a session."""

    def check(self, t: Tournament, event: ev.Substituted) -> None:
        t.require_session(event.session)
        t.player(event.player)
        sub = t.player(event.substitute)
        if event.reason is ev.SubstitutionReason.LATE and event.during_play:
            raise err("tournament.late-during-play")
        if t._seat_of.get((event.session, event.player)) is None:
            raise err("tournament.not-seated", player=event.player, session=event.session)
        busy = t._seat_of.get((event.session, event.substitute)) is not None or any(
            s.substitute == event.substitute
            for (session, _), (_, s) in t.substitutions.items()
            if session == event.session
        )
        if busy:
            raise err("tournament.substitute-busy", player=sub.player, session=event.session)
        check_not_rewritten(t, event.player, event.session, hands_allowed=event.during_play)

    def conflict(
        self, t: Tournament, event: ev.Substituted, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("substitution", winner, player=event.player, session=event.session)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.Substituted) -> None:
        t.substitutions[(event.session, event.player)] = (origin, event)
        t._substitute_for[(event.session, event.substitute)] = event.player
        seat = t._seat_of.get((event.session, event.player))
        if seat is not None:
            t._dirty.add((event.session, seat[0]))

    def remove(self, t: Tournament, origin: int, event: ev.Substituted) -> None:
        t.substitutions.pop((event.session, event.player), None)
        t._substitute_for.pop((event.session, event.substitute), None)
        seat = t._seat_of.get((event.session, event.player))
        if seat is not None:
            t._dirty.add((event.session, seat[0]))

    def check_replacement(
        self, t: Tournament, replacement: ev.Substituted, original: ev.Substituted, target: int
    ) -> None:
        t.player(replacement.substitute)


REDUCERS: tuple[Reducer[Any], ...] = (
    SeatingReducer(ev.SeatingPublished),
    DrawCommittedReducer(ev.DrawCommitted),
    DrawRevealedReducer(ev.DrawRevealed),
    SubstitutedReducer(ev.Substituted),
)
"""Seating's reducers, one per event type."""
