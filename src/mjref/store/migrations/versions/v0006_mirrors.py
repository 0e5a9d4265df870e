"""Mirrored tournaments: a row per change of a tournament's standing as a copy of another
server's log (``mirror``: a hosted mirror fed by the venue, or a standby laptop; ``promoted``:
made the venue's own, writable tournament again). Rows are only ever added: a tournament
is read-only while its latest row is ``mirror``. And the venue's view of its push to a
mirror (``mirror_push``, a row per tournament and mirror address, kept up to date by the
pushing server for the organiser's dashboard: the position the mirror acknowledged, the
last success, the last error): the state of a connection, not a decision, so it is changed
in place.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mirror_marks",
        sa.Column("tournament_id", sa.String(40), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("source", sa.String(300), nullable=False),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )

    op.create_table(
        "mirror_push",
        sa.Column("tournament_id", sa.String(40), primary_key=True),
        sa.Column("url", sa.String(300), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("success_at", sa.String(40), nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
        sa.Column("error_at", sa.String(40), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("mirror_push")
    op.drop_table("mirror_marks")
