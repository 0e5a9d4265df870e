"""Which tournaments of a database are copies of another server's log (a hosted mirror fed
by the venue, a standby laptop), and so read-only here.

A row of ``mirror_marks`` (migration 0006) is added when a tournament's first events
arrive from elsewhere (``mirror``) and when the copy is made the venue's own tournament
(``promoted``, in the transaction that appends the promotion event). Rows are never
changed or deleted; the latest one says what the tournament is. While it is ``mirror``,
:meth:`mjref.store.log.SqlEventLog.append` refuses every entry with
:class:`MirrorReadOnlyError`: entries are made at the venue.

At the venue, ``mirror_push`` holds how the push to each mirror goes (the position the
mirror acknowledged, the last success, the last error), written by ``mjref serve
--mirror-push`` and shown on the organiser's dashboard: the state of a connection, not a
decision of the tournament, so its row is kept up to date in place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import Column, Connection, Engine, Integer, MetaData, String, Table, select

from mjref.messages import Message, register
from mjref.tournament.errors import TournamentError

register(
    {
        "store.mirror-read-only": (
            "{tournament} is a mirror of the venue's tournament here: it is read-only, "
            "entries are made at the venue (mjref mirror promote makes this copy the "
            "venue's tournament if the venue's server is lost)"
        ),
        "store.not-a-mirror": (
            "{tournament} is not a mirror here: only a copy of the venue's log is promoted"
        ),
    }
)

metadata = MetaData()

mirror_marks = Table(
    "mirror_marks",
    metadata,
    Column("tournament_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("state", String(20), nullable=False),
    Column("source", String(300), nullable=False),
    Column("actor", String(200), nullable=False),
    Column("at", String(40), nullable=False),
)

mirror_push = Table(
    "mirror_push",
    metadata,
    Column("tournament_id", String(40), primary_key=True),
    Column("url", String(300), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("success_at", String(40)),
    Column("error", String(500)),
    Column("error_at", String(40)),
)

MIRROR = "mirror"
PROMOTED = "promoted"
MAX_SOURCE = 300


class MirrorReadOnlyError(TournamentError):
    """An entry for a tournament that is a mirror here (entries are made at the venue)."""

    def __init__(self, tournament: str) -> None:
        super().__init__(Message("store.mirror-read-only", {"tournament": tournament}))
        self.tournament = tournament


class NotAMirrorError(TournamentError):
    """A promotion of a tournament that is no copy (or was promoted already)."""

    def __init__(self, tournament: str) -> None:
        super().__init__(Message("store.not-a-mirror", {"tournament": tournament}))


@dataclass(frozen=True, slots=True)
class Mark:
    """The latest mark of a tournament: ``mirror`` or ``promoted``, at which position of
    its log, from where (a URL, or ``push``), by whom and when."""

    state: str
    seq: int
    source: str
    actor: str
    at: str

    @property
    def read_only(self) -> bool:
        return self.state == MIRROR


def latest_mark(connection: Connection, tournament: str) -> Mark | None:
    """The latest mark of ``tournament`` (``None``: it is no copy)."""
    row = connection.execute(
        select(
            mirror_marks.c.state,
            mirror_marks.c.seq,
            mirror_marks.c.source,
            mirror_marks.c.actor,
            mirror_marks.c.at,
        )
        .where(mirror_marks.c.tournament_id == tournament)
        .order_by(mirror_marks.c.seq.desc())
        .limit(1)
    ).first()
    if row is None:
        return None
    return Mark(str(row[0]), int(row[1]), str(row[2]), str(row[3]), str(row[4]))


def add_mark(
    connection: Connection, tournament: str, seq: int, state: str, source: str, actor: str, at: str
) -> None:
    """Add a mark (in the caller's transaction)."""
    connection.execute(
        mirror_marks.insert(),
        {
            "tournament_id": tournament,
            "seq": seq,
            "state": state,
            "source": source[:MAX_SOURCE],
            "actor": actor[:200],
            "at": at[:40],
        },
    )


@dataclass(frozen=True, slots=True)
class PushStatus:
    """How the push of a tournament to one mirror goes: the position the mirror last
    acknowledged, when a push last succeeded, the last error and when (``None``: none
    since the last success)."""

    url: str
    position: int
    success_at: str | None
    error: str | None
    error_at: str | None


def note_push(
    engine: Engine,
    tournament: str,
    url: str,
    *,
    position: int | None = None,
    at: str,
    error: str | None = None,
) -> None:
    """Note a push's outcome: a success (``position`` acknowledged; the error is cleared)
    or a failure (``error``; the position and the last success stay)."""
    key = (mirror_push.c.tournament_id == tournament) & (mirror_push.c.url == url[:300])
    if error is None:
        values: dict[str, object] = {"success_at": at, "error": None, "error_at": None}
        if position is not None:
            values["position"] = position
    else:
        values = {"error": error[:500], "error_at": at}
    with engine.begin() as connection:
        changed = connection.execute(mirror_push.update().where(key).values(**values))
        if changed.rowcount == 0:
            connection.execute(
                mirror_push.insert(),
                {
                    "tournament_id": tournament,
                    "url": url[:300],
                    "position": position or 0,
                    "success_at": values.get("success_at"),
                    "error": values.get("error"),
                    "error_at": values.get("error_at"),
                },
            )


def push_statuses(engine: Engine, tournament: str) -> list[PushStatus]:
    """How the pushes of ``tournament`` go, one per mirror address."""
    query = (
        select(
            mirror_push.c.url,
            mirror_push.c.position,
            mirror_push.c.success_at,
            mirror_push.c.error,
            mirror_push.c.error_at,
        )
        .where(mirror_push.c.tournament_id == tournament)
        .order_by(mirror_push.c.url)
    )
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    return [PushStatus(str(u), int(p), s, e, ea) for u, p, s, e, ea in rows]


def mark_of(engine: Engine, tournament: str) -> Mark | None:
    """The latest mark of ``tournament`` (``None``: it is this database's own)."""
    with engine.connect() as connection:
        return latest_mark(connection, tournament)


def stored_error(message: Message) -> str:
    """A push's error as kept in ``mirror_push``: its key and parameters as JSON when they
    are plain (rendered in each visitor's language by :func:`error_message`), else its
    English text."""
    params = dict(message.params)
    if all(isinstance(v, str | int) and not isinstance(v, bool) for v in params.values()):
        text = json.dumps({"key": message.key, "params": params}, ensure_ascii=False)
        if len(text) <= 500:
            return text
    return message.english()[:500]


def error_message(stored: str) -> Message | str:
    """What :func:`stored_error` kept: the message again, or the text as it was."""
    try:
        found = json.loads(stored)
    except ValueError:
        return stored
    if (
        isinstance(found, dict)
        and isinstance(found.get("key"), str)
        and isinstance(found.get("params"), dict)
    ):
        return Message(found["key"], found["params"])
    return stored
