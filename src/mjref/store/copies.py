"""A tournament's log copied row for row from one server to another (the hosted mirror fed
by the venue, a standby laptop following it): the rows as stored, with their hashes, and
their safe arrival in another database.

The copy holds the same rows: position, kind, the stored JSON text, who, when and the
chained hash (:func:`mjref.store.log.chain_hash`), so both logs verify alike and the same
rows fold to the same standings. :func:`receive` takes rows in order, all in one
transaction, and is idempotent: a row already held (the same row, hash included) is skipped, so
a batch sent twice is stored once. It refuses a gap (a row after a position it does not
hold), a different history (a held position with another row, or a row whose hash does
not follow the hash before it) and a row that is no event of this mjref; nothing of the
batch is stored then. The first rows of a tournament the database does not have make it a
mirror here (:mod:`mjref.store.mirrors`): read-only until it is promoted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import orjson
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from mjref.errors import InputError
from mjref.messages import Message, register
from mjref.store.database import WRITE_OPTION, unreachable
from mjref.store.log import NOTIFY_CHANNEL, SqlEventLog, chain_hash, events
from mjref.store.mirrors import MIRROR, Mark, add_mark, latest_mark
from mjref.tournament.codec import CodecError, decode
from mjref.tournament.errors import StaleLogError
from mjref.tournament.events import TournamentCreated, slot_of

register(
    {
        "store.copy-gap": (
            "{tournament}: the copy holds the log up to position {position}, and the next "
            "row sent is at position {seq}: send the rows after {position}"
        ),
        "store.copy-different": (
            "{tournament}: the row at position {seq} is not the one held here (its hash "
            "differs): this is a different history of the tournament, refused"
        ),
        "store.copy-bad-hash": (
            "{tournament}: the row at position {seq} does not match its hash chained to the "
            "row before it: refused"
        ),
        "store.copy-bad-row": (
            "{tournament}: the row at position {seq} is not an event this mjref knows: {problem}"
        ),
        "store.copy-not-created": (
            "{tournament}: a copied log begins with the tournament's creation, not {kind!r}"
        ),
        "store.copy-busy": (
            "{tournament}: another copy of these rows arrived at the same moment: ask where "
            "the copy ends and send again"
        ),
        "store.copy-not-mirror": (
            "{tournament} is this server's own tournament, not a mirror: nothing is copied into it"
        ),
    }
)


class CopyRefusedError(InputError):
    """Rows a copy refuses (a gap, a different history, a bad row); nothing was stored."""


@dataclass(frozen=True, slots=True)
class StoredRow:
    """One event's row as stored: position, kind, the JSON text, who, when, its hash."""

    seq: int
    kind: str
    data: str
    actor: str
    at: str
    hash: str


@dataclass(frozen=True, slots=True)
class Head:
    """Where a database's log of a tournament ends: its last position (0: none), that
    row's hash (``""``: none) and the tournament's latest mirror mark."""

    position: int
    hash: str
    mark: Mark | None


def head(log: SqlEventLog, tournament: str) -> Head:
    """The end of ``tournament``'s log in ``log``."""
    try:
        with log.engine.connect() as connection:
            last = connection.execute(
                select(events.c.seq, events.c.hash)
                .where(events.c.tournament_id == tournament)
                .order_by(events.c.seq.desc())
                .limit(1)
            ).first()
            mark = latest_mark(connection, tournament)
    except DBAPIError as error:
        raise unreachable(log.engine.url, error) from None
    if last is None:
        return Head(0, "", mark)
    return Head(int(last[0]), str(last[1] or ""), mark)


def rows_after(log: SqlEventLog, tournament: str, after: int, limit: int) -> list[StoredRow]:
    """At most ``limit`` rows of ``tournament`` after position ``after``, in order."""
    query = (
        select(
            events.c.seq,
            events.c.kind,
            events.c.data,
            events.c.actor,
            events.c.at,
            events.c.hash,
        )
        .where(events.c.tournament_id == tournament, events.c.seq > after)
        .order_by(events.c.seq)
        .limit(limit)
    )
    try:
        with log.engine.connect() as connection:
            rows = connection.execute(query).all()
    except DBAPIError as error:
        raise unreachable(log.engine.url, error) from None
    return [
        StoredRow(int(s), str(k), str(d), str(a), str(t), str(h or "")) for s, k, d, a, t, h in rows
    ]


def _refused(key: str, **params: object) -> CopyRefusedError:
    return CopyRefusedError(Message(key, dict(params)))


def _checked(tournament: str, row: StoredRow, previous: str) -> dict[str, object]:
    """The row to insert, once its hash follows ``previous`` and its data is an event."""
    expected = chain_hash(previous, tournament, row.seq, row.kind, row.data, row.actor, row.at)
    if expected != row.hash:
        raise _refused("store.copy-bad-hash", tournament=tournament, seq=row.seq)
    try:
        event = decode(row.kind, orjson.loads(row.data))
    except (CodecError, orjson.JSONDecodeError) as error:
        problem = str(error)[:200]
        raise _refused(
            "store.copy-bad-row", tournament=tournament, seq=row.seq, problem=problem
        ) from None
    if row.seq == 1 and not isinstance(event, TournamentCreated):
        raise _refused("store.copy-not-created", tournament=tournament, kind=row.kind[:40])
    return {
        "tournament_id": tournament,
        "seq": row.seq,
        "kind": row.kind,
        "slot": slot_of(event),
        "data": row.data,
        "actor": row.actor,
        "at": row.at,
        "hash": row.hash,
    }


def receive(
    log: SqlEventLog,
    tournament: str,
    rows: Sequence[StoredRow],
    *,
    source: str,
    actor: str,
    at: str,
) -> tuple[Head, int]:
    """Store ``rows`` (in order) as the copy of ``tournament``'s log, all or none: the
    end of the copy afterwards and how many rows were new. A tournament this database has
    that is not a mirror refuses every row; one it does not have becomes a mirror, marked
    with ``source``, ``actor`` and ``at``."""
    connection = log.engine.connect().execution_options(**{WRITE_OPTION: True})
    added: list[dict[str, object]] = []
    try:
        with connection.begin():
            last = connection.execute(
                select(events.c.seq, events.c.hash)
                .where(events.c.tournament_id == tournament)
                .order_by(events.c.seq.desc())
                .limit(1)
            ).first()
            mark = latest_mark(connection, tournament)
            position = 0 if last is None else int(last[0])
            previous = "" if last is None else str(last[1] or "")
            if position and (mark is None or not mark.read_only):
                raise _refused("store.copy-not-mirror", tournament=tournament)
            held = [r.seq for r in rows if r.seq <= position]
            stored: dict[int, StoredRow] = {}
            if held:
                found = connection.execute(
                    select(
                        events.c.seq,
                        events.c.kind,
                        events.c.data,
                        events.c.actor,
                        events.c.at,
                        events.c.hash,
                    ).where(events.c.tournament_id == tournament, events.c.seq.in_(held))
                ).all()
                stored = {
                    int(s): StoredRow(int(s), str(k), str(d), str(a), str(t), str(h or ""))
                    for s, k, d, a, t, h in found
                }
            for row in rows:
                if row.seq <= position and not added:
                    if stored.get(row.seq) != row:
                        raise _refused("store.copy-different", tournament=tournament, seq=row.seq)
                    continue
                if row.seq != position + 1:
                    raise _refused(
                        "store.copy-gap", tournament=tournament, position=position, seq=row.seq
                    )
                added.append(_checked(tournament, row, previous))
                position, previous = row.seq, row.hash
            if added:
                connection.execute(events.insert(), added)
                if mark is None:
                    add_mark(connection, tournament, 0, MIRROR, source, actor, at)
                    mark = Mark(MIRROR, 0, source, actor, at)
                if log.dialect == "postgresql":
                    connection.execute(
                        text("SELECT pg_notify(:channel, :tournament)"),
                        {"channel": NOTIFY_CHANNEL, "tournament": tournament},
                    )
    except IntegrityError:
        # another copy of the same rows got in first: the sender asks where the copy ends
        raise StaleLogError(position) from None
    except DBAPIError as error:
        raise unreachable(log.engine.url, error) from None
    finally:
        connection.close()
    if added:
        SqlEventLog.appends += 1  # this process's cached positions read again
    return Head(position, previous, mark), len(added)
