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
- **Tamper-evident.** Each row stores ``hash``: the SHA-256 of the row chained to the
  hash of the row before it (:func:`chain_hash`, migration 0005). :meth:`verify`
  recomputes the chain and checks that the append-only triggers are in place, so a row
  changed or removed by someone who dropped them is found, with its position.
- **Retries.** An append may carry a request key (a web form's or an API call's); the key
  and the positions its entries took are stored in the same transaction (``request_keys``),
  so a retried request finds what was stored (:meth:`entries_of_key`) and never adds it
  twice.
- **Unreachable.** A database that cannot be opened, read or written (no server, a file
  that is not a database, a lock held too long) is a
  :class:`~mjref.wire.streams.StreamError` naming it: exit code 3 on the command line.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Concatenate, ParamSpec, TypeVar

import orjson
from sqlalchemy import Column, Engine, Integer, MetaData, String, Table, Text, func, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from mjref.store.database import WRITE_OPTION, database_url, open_engine, unreachable
from mjref.store.migrate import upgrade
from mjref.store.mirrors import (
    PROMOTED,
    MirrorReadOnlyError,
    NotAMirrorError,
    add_mark,
    latest_mark,
)
from mjref.tournament.codec import decode, encode
from mjref.tournament.errors import RequestKeyTakenError, SlotTakenError, StaleLogError
from mjref.tournament.events import MirrorPromoted, NewEntry, Recorded, slot_of

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
    Column("hash", String(64)),
)

request_keys = Table(
    "request_keys",
    metadata,
    Column("tournament_id", String(40), primary_key=True),
    Column("request_key", String(80), primary_key=True),
    Column("first_seq", Integer, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("at", String(40), nullable=False),
)

MAX_REQUEST_KEY = 80
"""The longest request key kept (longer ones are not used as keys)."""


def chain_hash(
    previous: str, tournament: str, seq: int, kind: str, data: str, actor: str, at: str
) -> str:
    """The hash of an event's row chained to the hash of the row before it (``""`` for
    the first): SHA-256 of the fields, one per line, as hexadecimal."""
    text_ = "\n".join((previous, tournament, str(seq), kind, data, actor, at))
    return hashlib.sha256(text_.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Verification:
    """What :meth:`SqlEventLog.verify` found for one tournament: how many events it
    checked, the first position whose row does not match its hash (``None``: the chain is
    whole), and the append-only triggers missing from the database."""

    tournament: str
    events: int
    broken_at: int | None
    missing_triggers: tuple[str, ...]

    @property
    def whole(self) -> bool:
        return self.broken_at is None and not self.missing_triggers


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

    appends = 0
    """Appends made by this process through any log, counted: a cache of positions
    (:mod:`mjref.web.pagecache`) reads again after one."""

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
    def mirror_source(self, tournament: str) -> str | None:
        """Where ``tournament`` is copied from while it is a mirror here, read-only
        (``None``: it is this database's own, or was promoted)."""
        with self.engine.connect() as connection:
            mark = latest_mark(connection, tournament)
        return mark.source if mark is not None and mark.read_only else None

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
    def append(
        self,
        tournament: str,
        after: int,
        pending: Sequence[NewEntry],
        request_key: str | None = None,
    ) -> list[Recorded]:
        """Append ``pending`` at positions ``after + 1 ...`` in one transaction, each row
        with its chained hash, and ``request_key`` (if any) with the positions taken.

        Raises :class:`StaleLogError` when the log already has an event after ``after``
        (nothing is written), :class:`SlotTakenError` when an event's slot is filled,
        :class:`RequestKeyTakenError` when the key was stored meanwhile.
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
                    select(events.c.seq, events.c.hash)
                    .where(events.c.tournament_id == tournament)
                    .order_by(events.c.seq.desc())
                    .limit(1)
                ).first()
                found = 0 if last is None else int(last[0])
                if found != after:
                    raise StaleLogError(after, found)
                mark = latest_mark(connection, tournament)
                promotion = next((r for r in recorded if isinstance(r.event, MirrorPromoted)), None)
                if promotion is None and mark is not None and mark.read_only:
                    raise MirrorReadOnlyError(tournament)
                if promotion is not None:
                    if mark is None or not mark.read_only:
                        raise NotAMirrorError(tournament)
                    assert isinstance(promotion.event, MirrorPromoted)
                    add_mark(
                        connection,
                        tournament,
                        promotion.seq,
                        PROMOTED,
                        promotion.event.source,
                        promotion.actor,
                        promotion.at,
                    )
                previous = "" if last is None else str(last[1] or "")
                for row in rows:
                    previous = row["hash"] = chain_hash(
                        previous,
                        tournament,
                        int(str(row["seq"])),
                        str(row["kind"]),
                        str(row["data"]),
                        str(row["actor"]),
                        str(row["at"]),
                    )
                connection.execute(events.insert(), rows)
                if request_key is not None:
                    try:
                        with connection.begin_nested():
                            connection.execute(
                                request_keys.insert(),
                                {
                                    "tournament_id": tournament,
                                    "request_key": request_key,
                                    "first_seq": after + 1,
                                    "last_seq": after + len(rows),
                                    "at": str(rows[0]["at"]),
                                },
                            )
                    except IntegrityError:
                        raise RequestKeyTakenError(request_key) from None
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
        SqlEventLog.appends += 1
        return recorded

    @_guarded
    def entries_of_key(self, tournament: str, request_key: str) -> list[Recorded] | None:
        """The entries stored by the request with ``request_key`` (``None``: none was)."""
        query = select(request_keys.c.first_seq, request_keys.c.last_seq).where(
            request_keys.c.tournament_id == tournament,
            request_keys.c.request_key == request_key,
        )
        with self.engine.connect() as connection:
            found = connection.execute(query).first()
        if found is None:
            return None
        first, last = int(found[0]), int(found[1])
        return [r for r in self.read(tournament, first - 1) if r.seq <= last]

    @_guarded
    def verify(self, tournament: str | None = None) -> list[Verification]:
        """Recompute each tournament's hash chain (or ``tournament``'s) and check the
        append-only triggers: what was found, tournament by tournament."""
        query = select(
            events.c.tournament_id,
            events.c.seq,
            events.c.kind,
            events.c.data,
            events.c.actor,
            events.c.at,
            events.c.hash,
        ).order_by(events.c.tournament_id, events.c.seq)
        if tournament is not None:
            query = query.where(events.c.tournament_id == tournament)
        missing = self._missing_triggers()
        found: dict[str, list[int | None]] = {}
        previous: dict[str, str] = {}
        with self.engine.connect() as connection:
            for tid, seq, kind, data, actor, at, stored in connection.execute(query):
                counts = found.setdefault(tid, [0, None])
                counts[0] = int(counts[0] or 0) + 1
                expected_seq = counts[0]
                value = chain_hash(previous.get(tid, ""), tid, seq, kind, data, actor, at)
                previous[tid] = str(stored or "")
                if counts[1] is None and (seq != expected_seq or stored != value):
                    counts[1] = min(seq, expected_seq)
        if tournament is not None and tournament not in found:
            found[tournament] = [0, None]
        return [
            Verification(tid, int(counts[0] or 0), counts[1], missing)
            for tid, counts in sorted(found.items())
        ]

    def _missing_triggers(self) -> tuple[str, ...]:
        if self.dialect == "sqlite":
            wanted = ("events_no_update", "events_no_delete")
            query = text("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        else:
            wanted = ("events_append_only", "events_no_truncate")
            query = text(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = 'events'::regclass "
                "AND tgenabled <> 'D'"
            )
        with self.engine.connect() as connection:
            present = {str(name) for (name,) in connection.execute(query)}
        return tuple(name for name in wanted if name not in present)

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
