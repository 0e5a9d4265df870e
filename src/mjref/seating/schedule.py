"""The seating schedule: players 1..N, sessions of tables of four in seat order.

A table is four player numbers in seat order East, South, West, North. A session
is a tuple of tables (table number = position + 1). Players not seated in a
session sit that session out (a bye).

>>> s = Schedule(8, as_sessions((((1, 2, 3, 4), (5, 6, 7, 8)), ((8, 1, 6, 3), (2, 7, 4, 5)))))
>>> s.session_count, s.table_count
(2, 2)
>>> s.byes(0)
()
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from mjref.messages import Message
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.seating import _messages  # noqa: F401  (registers the English wording)
from mjref.seating.errors import SeatingError

SEATS = ("East", "South", "West", "North")
"""Seat order of a table: position 0 is East, then South, West, North."""

TABLE_SIZE = 4

MAX_SESSIONS = 100
"""The most sessions a schedule may hold (what the generator plans is capped lower)."""

Table = tuple[PlayerId, ...]
"""Four player numbers in seat order East, South, West, North."""

Session = tuple[Table, ...]
"""The tables of one session; table number = position + 1."""


def as_session(tables: Iterable[Sequence[int]]) -> Session:
    """Tables of player numbers (from 1) as a :data:`Session`; :class:`Schedule` checks them."""
    return tuple(cast(Table, tuple(table)) for table in tables)


def as_sessions(sessions: Iterable[Iterable[Sequence[int]]]) -> tuple[Session, ...]:
    """:func:`as_session` for each session."""
    return tuple(as_session(session) for session in sessions)


def where_of(session: int, table: int | None = None, seat: int | None = None) -> Message:
    """A place in a schedule, worded for people (indices are 0-based, wording 1-based)."""
    if table is None:
        return Message("seating.where.session", {"session": session + 1})
    if seat is None:
        return Message("seating.where.table", {"session": session + 1, "table": table + 1})
    return Message(
        "seating.where.seat", {"session": session + 1, "table": table + 1, "seat": seat + 1}
    )


@dataclass(frozen=True, slots=True)
class Schedule:
    """A validated seating schedule.

    Raises :class:`SeatingError` naming the place when a table is not four
    distinct players between 1 and ``players`` or a player is seated twice in a
    session.
    """

    players: int
    sessions: tuple[Session, ...]

    def __post_init__(self) -> None:
        if self.players < TABLE_SIZE:
            raise SeatingError.of("seating.too-few-players", players=self.players)
        if self.players > MAX_PLAYERS:
            raise SeatingError.of(
                "seating.too-many-players", players=self.players, limit=MAX_PLAYERS
            )
        if not self.sessions:
            raise SeatingError.of("seating.no-sessions")
        if len(self.sessions) > MAX_SESSIONS:
            raise SeatingError.of(
                "seating.too-many-sessions", sessions=len(self.sessions), limit=MAX_SESSIONS
            )
        for s, session in enumerate(self.sessions):
            if not session:
                raise SeatingError.of("seating.empty-session", where=where_of(s))
            if len(session) * TABLE_SIZE > self.players:
                raise SeatingError.of(
                    "seating.too-many-tables",
                    where=where_of(s),
                    tables=len(session),
                    players=self.players,
                )
            seen: dict[int, int] = {}
            for t, table in enumerate(session):
                if len(table) != TABLE_SIZE:
                    raise SeatingError.of(
                        "seating.table-size", where=where_of(s, t), count=len(table)
                    )
                for player in table:
                    if not 1 <= player <= self.players:
                        raise SeatingError.of(
                            "seating.player-range",
                            where=where_of(s, t),
                            player=player,
                            players=self.players,
                        )
                    if player in seen:
                        first = seen[player]
                        raise SeatingError.of(
                            "seating.player-twice",
                            where=where_of(s, t),
                            player=player,
                            other=first + 1,
                        )
                    seen[player] = t

    @property
    def session_count(self) -> int:
        return len(self.sessions)

    @property
    def table_count(self) -> int:
        """The largest number of tables in any session."""
        return max(len(session) for session in self.sessions)

    @property
    def player_ids(self) -> tuple[PlayerId, ...]:
        """Every player number of the schedule, 1 to ``players``."""
        return tuple(PlayerId(p) for p in range(1, self.players + 1))

    def seated(self, session: int) -> frozenset[PlayerId]:
        """The players seated in ``session`` (the position in :attr:`sessions`, from 0)."""
        return frozenset(p for table in self.sessions[session] for p in table)

    def byes(self, session: int) -> tuple[PlayerId, ...]:
        """The players who sit ``session`` out (position from 0), in increasing order."""
        seated = self.seated(session)
        return tuple(p for p in self.player_ids if p not in seated)

    def tables_of(self, player: PlayerId) -> Iterator[tuple[int, int, int]]:
        """``(session, table, seat)`` positions (from 0) of each session ``player`` plays."""
        for s, session in enumerate(self.sessions):
            for t, table in enumerate(session):
                if player in table:
                    yield s, t, table.index(player)
