"""Storage adapter: the tournaments' event logs in SQLite or PostgreSQL (SQLAlchemy 2,
Alembic migrations). See :mod:`mjref.store.log`."""

from mjref.store.database import database_url, open_engine
from mjref.store.log import SqlEventLog

__all__ = ["SqlEventLog", "database_url", "open_engine"]
