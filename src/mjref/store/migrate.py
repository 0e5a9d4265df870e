"""Bringing a database to the current schema (Alembic, run from the package).

:func:`upgrade` is called whenever mjref opens a database: a new one gets every
migration, an older one the missing ones, a current one nothing.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

SCRIPTS = "mjref.store:migrations"


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPTS)
    return config


def head() -> str:
    """The newest schema revision."""
    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None
    return found


def revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None``: not an mjref database yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    """Run the migrations up to ``target`` (default: all of them)."""
    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, target)
