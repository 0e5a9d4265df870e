"""The EMA ranking data, imported offline by the organiser: one row per counted result of
a player (EMA number, family, tournament, its first and last day, place, players, MERS
weight, whether a world championship), from which a player's rating now and with this
event's result is computed. An import replaces the rows; it is recorded in
``ema_list_imports`` (source ``ranking:...``).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ema_results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("ema_number", sa.String(8), nullable=False, index=True),
        sa.Column("family", sa.String(10), nullable=False),
        sa.Column("tournament", sa.String(120), nullable=False),
        sa.Column("start", sa.String(10), nullable=False),
        sa.Column("end", sa.String(10), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("weight", sa.String(12), nullable=False),
        sa.Column("world", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ema_results")
