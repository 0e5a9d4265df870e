"""Alembic's environment: migrations run on the connection :mod:`mjref.store.migrate`
passes in (``config.attributes["connection"]``); there is no ``alembic.ini``.

Alembic executes this file when it migrates; imported any other way it does nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection


def run() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("mjref migrations run through mjref.store.migrate.upgrade")
    context.configure(connection=connection, transaction_per_migration=True)
    with context.begin_transaction():
        context.run_migrations()


try:
    context.config  # noqa: B018  (missing outside a migration run)
except (NameError, AttributeError):
    pass
else:
    run()
