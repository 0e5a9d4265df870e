"""Revocable accounts: each account's session generation (put in the signed cookie and
checked on every request; bumped at logout and on a password change) and the time it was
disabled, each API token's printable prefix and the time it was revoked, the client
address of a failed login (the login limit per account and address), and the audit of
account changes (who changed what, when).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_users") as table:
        table.add_column(
            sa.Column("generation", sa.Integer, nullable=False, server_default=sa.text("0"))
        )
        table.add_column(sa.Column("disabled_at", sa.String(40), nullable=True))
    with op.batch_alter_table("web_tokens") as table:
        table.add_column(sa.Column("prefix", sa.String(20), nullable=True))
        table.add_column(sa.Column("revoked_at", sa.String(40), nullable=True))
    with op.batch_alter_table("web_login_failures") as table:
        table.add_column(sa.Column("address", sa.String(64), nullable=True))
    op.create_table(
        "web_account_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("user_name", sa.String(60), nullable=False, index=True),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("detail", sa.String(200), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("web_account_changes")
    with op.batch_alter_table("web_login_failures") as table:
        table.drop_column("address")
    with op.batch_alter_table("web_tokens") as table:
        table.drop_column("revoked_at")
        table.drop_column("prefix")
    with op.batch_alter_table("web_users") as table:
        table.drop_column("disabled_at")
        table.drop_column("generation")
