"""Read-only views of a tournament for the adapters: a table of a session (its seats, its
result, its hands with what each player gained or paid) and a session's tables, as frozen
values. The CLI and the web read the tournament through these and the other services,
never the folded state the services keep (a careless change to it would corrupt every
reader's cache); ``tests/test_layers.py`` keeps :func:`~mjref.services.tournament.load` out
of the adapters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mjref.players import PlayerId
from mjref.services.tournament import EventLog, load
from mjref.tournament import events as ev
from mjref.tournament.state import SeatResult, TableSeat, Tournament


@dataclass(frozen=True, slots=True)
class HandView:
    """A recorded hand and what each player at the table gained or paid for it (false hus
    included)."""

    event: ev.HandRecorded
    paid: Mapping[PlayerId, int]


@dataclass(frozen=True, slots=True)
class TableView:
    """A table of a published session: its seats (substitutes in them), its result as it
    counts now (``None``: nothing entered, or only a proposal) and its hands."""

    session: int
    table: int
    seats: tuple[TableSeat, ...]
    result: tuple[SeatResult, ...] | None
    hands: tuple[HandView, ...]
    closed: bool


@dataclass(frozen=True, slots=True)
class SessionView:
    """A published session: its tables, and whether it was opened or closed."""

    session: int
    tables: tuple[TableView, ...]
    opened: bool
    closed: bool


def _table(t: Tournament, session: int, table: int) -> TableView:
    hands = tuple(
        HandView(event, MappingProxyType(t.hand_payments(event)))
        for event in t.hands(session, table)
    )
    return TableView(
        session,
        table,
        t.seats(session, table),
        t.result(session, table),
        hands,
        session in t.closed,
    )


def table_view(log: EventLog, tournament: str, session: int, table: int) -> TableView:
    """Table ``table`` of ``session`` (refused if the session is not published or has no
    such table)."""
    t = load(log, tournament)
    t.require_table(session, table)
    return _table(t, session, table)


def session_view(log: EventLog, tournament: str, session: int) -> SessionView:
    """Every table of ``session`` (refused if it is not published)."""
    t = load(log, tournament)
    t.require_session(session)
    tables = tuple(_table(t, session, n) for n in range(1, t.table_count(session) + 1))
    return SessionView(session, tables, session in t.opened, session in t.closed)


def last_published(log: EventLog, tournament: str) -> int | None:
    """The last session with a seating (``None`` before the first is published)."""
    return max(load(log, tournament).seating, default=None)
