"""Alembic migrations of the mjref database (run by :func:`mjref.store.migrate.upgrade`)."""
