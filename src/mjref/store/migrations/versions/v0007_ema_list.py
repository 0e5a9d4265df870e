"""The EMA's player list, imported offline by the organiser: one row per EMA number
(name and country as the EMA gives them), and a row per import (when, by whom, how many
players). An import replaces the list's rows; the imports' rows are only ever added.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ema_players",
        sa.Column("number", sa.String(8), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("country", sa.String(2), nullable=False),
    )
    op.create_table(
        "ema_list_imports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("source", sa.String(200), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("ema_list_imports")
    op.drop_table("ema_players")
