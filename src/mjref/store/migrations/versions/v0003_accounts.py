"""Accounts for the web app: organisers and referees, the tournaments each may act on,
failed logins (for the login limit, shared by every worker), API tokens and the
installation's secret.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_users",
        sa.Column("name", sa.String(60), primary_key=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "web_grants",
        sa.Column("user_name", sa.String(60), nullable=False),
        sa.Column("tournament_id", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("user_name", "tournament_id", name="web_grants_pair"),
    )
    op.create_table(
        "web_login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_name", sa.String(60), nullable=False, index=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "web_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_name", sa.String(60), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "web_settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("web_settings", "web_tokens", "web_login_failures", "web_grants", "web_users"):
        op.drop_table(table)
