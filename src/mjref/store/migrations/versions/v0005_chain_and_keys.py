"""A tamper-evident log and retried requests: each event stores the hash of its row
chained to the hash of the event before it (``mjref log verify`` recomputes the chain, so
a row changed or removed by someone who dropped the append-only triggers is found), and a
table of request keys (a web form's or an API call's idempotency key and the positions its
entries were stored at, so that a retried request answers with what was stored).

The hashes of the events already in the log are filled in here, with the append-only
triggers set aside for that one update and put back at once.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None

MESSAGE = "mjref: the event log is append-only"


def chain_hash(
    previous: str, tournament: str, seq: int, kind: str, data: str, actor: str, at: str
) -> str:
    """The hash of an event's row chained to the one before (kept here as it was when the
    migration ran; :func:`mjref.store.log.chain_hash` must give the same)."""
    text = "\n".join((previous, tournament, str(seq), kind, data, actor, at))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fill(bind: sa.engine.Connection) -> None:
    rows = bind.execute(
        sa.text(
            "SELECT tournament_id, seq, kind, data, actor, at FROM events "
            "ORDER BY tournament_id, seq"
        )
    ).all()
    previous: dict[str, str] = {}
    for tournament, seq, kind, data, actor, at in rows:
        value = chain_hash(previous.get(tournament, ""), tournament, seq, kind, data, actor, at)
        previous[tournament] = value
        bind.execute(
            sa.text("UPDATE events SET hash = :hash WHERE tournament_id = :t AND seq = :seq"),
            {"hash": value, "t": tournament, "seq": seq},
        )


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    op.add_column("events", sa.Column("hash", sa.String(64), nullable=True))
    if dialect == "sqlite":
        op.execute("DROP TRIGGER events_no_update")
        _fill(bind)
        op.execute(
            "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
            f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
        )
    else:
        op.execute("ALTER TABLE events DISABLE TRIGGER events_append_only")
        _fill(bind)
        op.execute("ALTER TABLE events ENABLE TRIGGER events_append_only")
    op.create_table(
        "request_keys",
        sa.Column("tournament_id", sa.String(40), primary_key=True),
        sa.Column("request_key", sa.String(80), primary_key=True),
        sa.Column("first_seq", sa.Integer, nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("request_keys")
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":  # SQLite 3.35+ drops a column in place (the triggers stay)
        op.execute("ALTER TABLE events DROP COLUMN hash")
    else:
        op.drop_column("events", "hash")
