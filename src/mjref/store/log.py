"""The event log in a database: append and read, nothing else.

One table, ``events``: a row per event with the tournament, its position (``seq``,
counted from 1 per tournament), its kind, the slot it fills (unique per tournament, see
:func:`mjref.tournament.events.slot_of`), its data as JSON, who recorded it and when.

- **Append-only.** This class has no update and no delete; the database refuses them
  too (triggers of migration 0002 on SQLite and PostgreSQL).
- **Optimistic concurrency.** :meth:`SqlEventLog.append` writes at the position after
  ``after`` in one transaction. If another writer got there first, the primary key
  (tournament, seq) refuses the row and :class:`~mjref.tournament.errors.StaleLogError`
  is raised: nothing was written, and the caller reads the new events and checks again.
  A filled slot is :class:`~mjref.tournament.errors.SlotTakenError`.
- **Durable.** An append returns only after its transaction committed (SQLite: see
  :mod:`mjref.store.database` for the sync setting).
- **Unreachable.** A database that cannot be opened, read or written (no server, a file
  that is not a database, a lock held too long) is a
  :class:`~mjref.wire.streams.StreamError` naming it: exit code 3 on the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Concatenate, ParamSpec, TypeVar

import orjson
from sqlalchemy import Column, Engine, Integer, MetaData, String, Table, Text, func, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from mjref.store.database import WRITE_OPTION, database_url, open_engine, unreachable
from mjref.store.migrate import upgrade
from mjref.tournament.codec import decode, encode
from mjref.tournament.errors import SlotTakenError, StaleLogError
from mjref.tournament.events import NewEntry, Recorded, slot_of

metadata = MetaData()

events = Table(
    "events",
    metadata,
    Column("tournament_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),
    Column("slot", String(120)),
    Column("data", Text, nullable=False),
    Column("actor", String(200), nullable=False),
    Column("at", String(40), nullable=False),
)


P = ParamSpec("P")
R = TypeVar("R")


def _guarded(
    method: Callable[Concatenate[SqlEventLog, P], R],
) -> Callable[Concatenate[SqlEventLog, P], R]:
    """A database error other than a refused row is the database being unusable."""

    def guarded(self: SqlEventLog, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        except IntegrityError:
            raise
        except DBAPIError as error:
            raise unreachable(self.engine.url, error) from None

    guarded.__doc__ = method.__doc__
    guarded.__name__ = method.__name__
    return guarded


NOTIFY_CHANNEL = "mjref_log"
"""PostgreSQL channel notified with the tournament id whenever a log grows."""


class SqlEventLog:
    """The tournament logs of one database (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str | None = None, *, migrate: bool = True) -> SqlEventLog:
        """Open the database (see :func:`mjref.store.database.database_url`), bringing
        its schema up to date unless ``migrate`` is false."""
        engine = open_engine(database_url(url))
        if migrate:
            try:
                upgrade(engine)
            except DBAPIError as error:
                engine.dispose()
                raise unreachable(engine.url, error) from None
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @_guarded
    def read(self, tournament: str, after: int = 0) -> list[Recorded]:
        """The events of ``tournament`` after position ``after``, in order."""
        query = (
            select(events.c.seq, events.c.kind, events.c.data, events.c.actor, events.c.at)
            .where(events.c.tournament_id == tournament, events.c.seq > after)
            .order_by(events.c.seq)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            Recorded(seq, decode(kind, orjson.loads(data)), actor, at)
            for seq, kind, data, actor, at in rows
        ]

    @_guarded
    def position(self, tournament: str) -> int:
        """The position of the last event of ``tournament`` (0: none)."""
        query = select(func.max(events.c.seq)).where(events.c.tournament_id == tournament)
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar()
        return int(found or 0)

    @_guarded
    def tournaments(self) -> list[tuple[str, Recorded]]:
        """Every tournament id with its first event (its creation), by id."""
        query = (
            select(
                events.c.tournament_id, events.c.kind, events.c.data, events.c.actor, events.c.at
            )
            .where(events.c.seq == 1)
            .order_by(events.c.tournament_id)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            (tid, Recorded(1, decode(kind, orjson.loads(data)), actor, at))
            for tid, kind, data, actor, at in rows
        ]

    @_guarded
    def append(self, tournament: str, after: int, pending: Sequence[NewEntry]) -> list[Recorded]:
        """Append ``pending`` at positions ``after + 1 ...`` in one transaction.

        Raises :class:`StaleLogError` when the log already has an event after ``after``
        (nothing is written), :class:`SlotTakenError` when an event's slot is filled.
        """
        rows = []
        recorded = []
        for offset, item in enumerate(pending, start=1):
            seq = after + offset
            rows.append(
                {
                    "tournament_id": tournament,
                    "seq": seq,
                    "kind": item.event.KIND,
                    "slot": slot_of(item.event),
                    "data": orjson.dumps(encode(item.event)).decode("utf-8"),
                    "actor": item.actor,
                    "at": item.at,
                }
            )
            recorded.append(Recorded(seq, item.event, item.actor, item.at))
        if not rows:
            return []
        connection = self.engine.connect().execution_options(**{WRITE_OPTION: True})
        try:
            with connection.begin():
                last = connection.execute(
                    select(func.max(events.c.seq)).where(events.c.tournament_id == tournament)
                ).scalar()
                if int(last or 0) != after:
                    raise StaleLogError(after, int(last or 0))
                connection.execute(events.insert(), rows)
                if self.dialect == "postgresql":
                    # Delivered on commit to every LISTEN-ing worker (the web app's live
                    # pages); the payload is the tournament whose log grew.
                    connection.execute(
                        text("SELECT pg_notify(:channel, :tournament)"),
                        {"channel": NOTIFY_CHANNEL, "tournament": tournament},
                    )
        except IntegrityError as exc:
            if "slot" in str(exc.orig):
                raise SlotTakenError(self._taken(tournament, rows)) from None
            raise StaleLogError(after) from None
        finally:
            connection.close()
        return recorded

    def _taken(self, tournament: str, rows: Sequence[dict[str, object]]) -> str:
        """Which slot of ``rows`` is filled (by an earlier row of the batch or the log)."""
        slots = [str(r["slot"]) for r in rows if r["slot"] is not None]
        seen: set[str] = set()
        for slot in slots:
            if slot in seen:
                return slot
            seen.add(slot)
        query = select(events.c.slot).where(
            events.c.tournament_id == tournament, events.c.slot.in_(slots)
        )
        with self.engine.connect() as connection:
            found = connection.execute(query).scalars().first()
        return str(found) if found is not None else "?"
