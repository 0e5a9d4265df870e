"""The event log: one row per event of a tournament.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("tournament_id", sa.String(40), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("slot", sa.String(120), nullable=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "seq", name="events_position"),
        sa.UniqueConstraint("tournament_id", "slot", name="events_slot"),
    )


def downgrade() -> None:
    op.drop_table("events")
